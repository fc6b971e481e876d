"""The parser's working state: one ``ParseState`` every reader takes, and the structures it holds.

A reader is a module of functions ``f(state, ...)`` (``bsdata_entries``, ``bsdata_datasheets``,
``bsdata_composition``, ``bsdata_unit_rules``, ``bsdata_allies``, ``bsdata_leaders``,
``bsdata_detachments``); ``bsdata_parse.parse_bsdata`` runs them in order.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from .bsdata_facts import BATTLELINE, FACTION_PREFIX, DatasheetKey, ParsedCatalogue
from .bsdata_xml import CatalogueFile, Ctx, Element, Index, children

# -- what a faction and a unit look like to the parser ------------------------------------


@dataclass
class FactionState:
    file: CatalogueFile
    name: str
    grand_alliance: str
    keyword: str = ""
    parent: str | None = None
    views: list[UnitView] = field(default_factory=list)
    detachments: list[tuple[Element, tuple[Element, ...]]] = field(default_factory=list)

    @property
    def ctx(self) -> Ctx:
        return Ctx(self.file.id)

    @property
    def base(self) -> Ctx:
        return Ctx(self.file.id, detachment="")


@dataclass
class UnitView:
    """A unit as one faction's roster sees it: the root link, the entry, and its keywords."""

    faction: str
    link: Element | None
    entry: Element
    link_file: str
    category_ids: set[str]
    keywords: tuple[str, ...]
    faction_keywords: tuple[str, ...]
    own: bool
    key: DatasheetKey | None = None

    @property
    def elements(self) -> tuple[Element, ...]:
        return (self.link, self.entry) if self.link is not None else (self.entry,)


@dataclass
class ParseState:
    """What the readers share while one BSData directory is parsed."""

    index: Index
    factions: dict[str, FactionState] = field(default_factory=dict)
    by_file: dict[str, str] = field(default_factory=dict)
    out: ParsedCatalogue = field(default_factory=ParsedCatalogue)
    # Upper-case category names (without "Faction: "), the Battleline and Warlord categories.
    vocabulary: set[str] = field(default_factory=set)
    battleline_ids: set[str] = field(default_factory=set)
    warlord_category_ids: set[str] = field(default_factory=set)
    model_cache: dict[str, list[Element]] = field(default_factory=dict)
    limit_lines: set[str] = field(default_factory=set)
    ally_lines: set[str] = field(default_factory=set)
    enhancement_ids: set[str] = field(default_factory=set)
    enhancement_groups: set[str] = field(default_factory=set)
    candidates: list[tuple[Element, tuple[Element, ...], frozenset[str]]] = field(
        default_factory=list
    )
    sheet_key: dict[DatasheetKey, DatasheetKey] = field(default_factory=dict)
    warlord_conditional: int = 0
    hidden_for: dict[str, list[str]] = field(default_factory=dict)
    caps_cache: dict[tuple[str, str], tuple[dict[str, int], list[tuple[str, int]]]] = field(
        default_factory=dict
    )

    def __post_init__(self) -> None:
        for category_id, name in self.index.category_names.items():
            upper = name.upper()
            self.vocabulary.add(upper.removeprefix(FACTION_PREFIX.upper()))
            if upper == BATTLELINE:
                self.battleline_ids.add(category_id)
            if upper == "WARLORD":
                self.warlord_category_ids.add(category_id)


def walk_options(
    index: Index, element: Element, path: tuple[Element, ...]
) -> Iterator[tuple[Element, tuple[Element, ...]]]:
    for container in ("selectionEntries", "entryLinks", "selectionEntryGroups"):
        for child in children(element, container):
            target = index.target(child)
            if target is None:
                continue
            if target.tag == "selectionEntryGroup":
                hop = (child, target) if child is not target else (target,)
                yield from walk_options(index, target, (*path, *hop))
            elif target.get("type") == "upgrade":
                yield target, ((*path, child) if child is not target else path)
