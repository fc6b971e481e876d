"""Read a BSData directory into plain dataclasses: the facts the catalogue models hold.

No database here. ``parse_bsdata(directory)`` returns a ``ParsedCatalogue`` that the writer
in ``bsdata.py`` loads. Conventions (which faction owns a datasheet, when a unit is an ally,
how brackets are derived) are documented where they are decided.
"""

from __future__ import annotations

import difflib
import math
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from django.utils.text import slugify

from .bsdata_integrity import IntegrityError, broken_links, refuse_broken
from .bsdata_limits import LimitReader, ParsedLimit
from .bsdata_pricing import (
    ModelSlot,
    SlotGroup,
    compress_brackets,
    model_range,
    price_table,
)
from .bsdata_wargear import WARGEAR_ABILITY_KINDS, wargear_of
from .bsdata_xml import (
    BATTLE_SIZES,
    BsdataError,
    CatalogueFile,
    Ctx,
    Element,
    Index,
    apply_number,
    category_changes,
    children,
    compare_count,
    condition_value,
    constraint_ceiling,
    constraint_span,
    constraint_value,
    cost_value,
    iter_modifiers,
    load_index,
    maybe_visible,
    modifier_applies,
    strip_legends,
    surely_hidden,
)
from .leader_text import normalise_name, parse_extra_leaders, parse_leader_targets, resolve_name
from .transport_text import parse_transport_capacity

GRAND_ALLIANCES = frozenset({"Imperium", "Chaos", "Xenos", "Aeldari"})
UNIT_TYPES = frozenset({"unit", "model"})
FACTION_PREFIX = "Faction: "
# Categories BSData uses for list-building mechanics, not datasheet keywords.
NON_KEYWORD_CATEGORIES = frozenset(
    {
        "CONFIGURATION",
        "REFERENCE",
        "ALLIED UNITS",
        "UNIT",
        "WARLORD",
        "CRUCIBLE",
        "TITANIC SUPPORT",
        "HARLEQUIN ALLIES",
        "CORSAIRS AND TRAVELLING PLAYERS",
        "NON-KROOT",
        "ORDER OF BATTLE",
        "UNBOUND ADVERSARIES",
        "SUMMONED",
        "RETINUE",
        "UNDIVIDED",
    }
)
NON_KEYWORD_PATTERNS = (
    re.compile(r" NON-BATTLELINE$"),
    re.compile(r" BATTLELINE$"),
    re.compile(r"^ASSIGNED AGENTS"),
    re.compile(r"^SHOW "),
    re.compile(r" - "),
)
REFERENCE_CATEGORIES = frozenset({"Reference", "Configuration"})
DETACHMENT_ROOT_RE = re.compile(r"^detachments?\b", re.IGNORECASE)
ALLIED_UNITS = "Allied Units"
BATTLELINE = "BATTLELINE"
DEEP_STRIKE = "Deep Strike"
CRUSADE_GROUP = "Crusade"
STRIKE_FORCE = "Strike Force"

NOTE_PRICE_OPTIONS = "points also depend on options the importer cannot count"
NOTE_NO_MODELS = "no model entries found; assumed a single model"
NOTE_PASSENGER_RULE = "has a passenger capacity rule (not a transport)"

DatasheetKey = tuple[str, str]
# Condition scopes that look outside the unit, so its own model counts cannot decide them.
_OUTSIDE_SCOPES = frozenset({"roster", "force", "primary-catalogue"})


# -- parsed facts ----------------------------------------------------------------------------


@dataclass(frozen=True)
class ParsedFaction:
    name: str
    slug: str
    keyword: str
    parent: str | None
    grand_alliance: str
    source_file: str
    catalogue_id: str


@dataclass(frozen=True)
class ParsedPool:
    position: int
    capacity: int
    allowed: tuple[tuple[str, ...], ...]
    forbidden: tuple[str, ...]
    space: tuple[tuple[str, int], ...]
    only_datasheets: tuple[str, ...]
    complete: bool
    note: str


@dataclass(frozen=True)
class ParsedOption:
    name: str
    points: int
    max_count: int


@dataclass
class ParsedDatasheet:
    faction: str
    name: str
    source_id: str
    source_file: str
    keywords: tuple[str, ...] = ()
    faction_keywords: tuple[str, ...] = ()
    min_models: int = 1
    max_models: int = 1
    limit: int | None = None
    legends: bool = False
    deep_strike: bool = False
    hover: bool = False
    warlord: str = "may"
    joins_led_unit: bool = False
    extra_leaders: int = 0
    leader_names: tuple[str, ...] = ()
    leads: tuple[DatasheetKey, ...] = ()
    pools: tuple[ParsedPool, ...] = ()
    is_transport: bool = False
    prices: tuple[tuple[int, int], ...] = ()
    options: tuple[ParsedOption, ...] = ()
    review_notes: tuple[str, ...] = ()
    # Abilities the unit has only with some models or wargear (no rules text, just names).
    conditional_abilities: tuple[str, ...] = ()
    # Model types, wargear choices and profiles as JSON (bsdata_wargear.ParsedWargear).
    wargear: dict[str, Any] | None = None

    @property
    def key(self) -> DatasheetKey:
        return (self.faction, self.name)

    @property
    def review_note(self) -> str:
        return "; ".join(dict.fromkeys(self.review_notes))


@dataclass(frozen=True)
class ParsedAllyRule:
    faction: str
    keyword: str
    label: str
    points_cap: int | None


@dataclass(frozen=True)
class ParsedAvailability:
    faction: str
    datasheet: DatasheetKey
    ally_keyword: str | None


@dataclass
class ParsedDetachment:
    faction: str
    name: str
    source_id: str
    required: tuple[DatasheetKey, ...] = ()
    forbidden: tuple[DatasheetKey, ...] = ()
    battleline: tuple[DatasheetKey, ...] = ()
    # Descendant factions (chapters) that inherit the detachment but whose catalogue hides it.
    hidden_for: tuple[str, ...] = ()


@dataclass(frozen=True)
class ParsedEnhancement:
    faction: str
    detachment: str
    name: str
    points: int | None
    required_keywords: tuple[tuple[str, ...], ...]
    source_id: str


@dataclass(frozen=True)
class Unmapped:
    """Something the importer saw but could not load, with where it came from."""

    file: str
    entry_id: str
    kind: str
    name: str
    detail: str = ""

    def as_dict(self) -> dict[str, str]:
        return {
            "file": self.file,
            "entry_id": self.entry_id,
            "kind": self.kind,
            "name": self.name,
            "detail": self.detail,
        }


@dataclass
class ParsedCatalogue:
    factions: list[ParsedFaction] = field(default_factory=list)
    datasheets: list[ParsedDatasheet] = field(default_factory=list)
    availabilities: list[ParsedAvailability] = field(default_factory=list)
    ally_rules: list[ParsedAllyRule] = field(default_factory=list)
    detachments: list[ParsedDetachment] = field(default_factory=list)
    enhancements: list[ParsedEnhancement] = field(default_factory=list)
    unmapped: list[Unmapped] = field(default_factory=list)
    conditional_limits: list[str] = field(default_factory=list)
    limits: list[ParsedLimit] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    scope: frozenset[str] = frozenset()


# -- working structures ----------------------------------------------------------------------


@dataclass
class _Faction:
    file: CatalogueFile
    name: str
    grand_alliance: str
    keyword: str = ""
    parent: str | None = None
    views: list[_View] = field(default_factory=list)
    detachments: list[tuple[Element, tuple[Element, ...]]] = field(default_factory=list)

    @property
    def ctx(self) -> Ctx:
        return Ctx(self.file.id)

    @property
    def base(self) -> Ctx:
        return Ctx(self.file.id, detachment="")


@dataclass
class _View:
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


def faction_name(catalogue_name: str) -> tuple[str, str]:
    """Return (faction name, grand alliance) from a catalogue name like "Chaos - World Eaters"."""
    parts = [part.strip() for part in catalogue_name.split(" - ")]
    first = parts[0] if len(parts) > 1 else ""
    return parts[-1], first if first in GRAND_ALLIANCES else ""


def is_keyword_category(name: str, category: Element | None) -> bool:
    """Tell datasheet keywords from BSData's list-building categories."""
    upper = name.upper()
    if upper in NON_KEYWORD_CATEGORIES or any(p.search(upper) for p in NON_KEYWORD_PATTERNS):
        return False
    if category is not None and category.get("hidden") == "true":
        unhidden = any(
            m.get("field") == "hidden" and m.get("value") == "false"
            for m, _ in iter_modifiers(category)
        )
        return unhidden
    return True


# -- the parser ------------------------------------------------------------------------------


class _Parser:
    def __init__(self, index: Index) -> None:
        self.index = index
        self.factions: dict[str, _Faction] = {}
        self.by_file: dict[str, str] = {}
        self.out = ParsedCatalogue()
        self.vocabulary: set[str] = set()
        self.battleline_ids: set[str] = set()
        self.warlord_category_ids: set[str] = set()
        for category_id, name in index.category_names.items():
            upper = name.upper()
            self.vocabulary.add(upper.removeprefix(FACTION_PREFIX.upper()))
            if upper == BATTLELINE:
                self.battleline_ids.add(category_id)
            if upper == "WARLORD":
                self.warlord_category_ids.add(category_id)
        self._model_cache: dict[str, list[Element]] = {}
        self._limit_lines: set[str] = set()
        self._ally_lines: set[str] = set()
        self.enhancement_ids: set[str] = set()
        self.enhancement_groups: set[str] = set()
        self.candidates: list[tuple[Element, tuple[Element, ...], frozenset[str]]] = []
        self.sheet_key: dict[DatasheetKey, DatasheetKey] = {}
        self.warlord_conditional = 0
        self.hidden_for: dict[str, list[str]] = {}
        self._caps_cache: dict[tuple[str, str], tuple[dict[str, int], list[tuple[str, int]]]] = {}

    # - factions and the roots they see

    def build_factions(self) -> None:
        for filename, catalogue in self.index.files.items():
            if catalogue.game_system or catalogue.library:
                continue
            name, alliance = faction_name(catalogue.name)
            self.factions[name] = _Faction(file=catalogue, name=name, grand_alliance=alliance)
            self.by_file[filename] = name

    def root_entries(
        self, filename: str, seen: set[str] | None = None
    ) -> Iterator[tuple[str, Element]]:
        """Yield (file, root link or entry) for a catalogue and what it imports, then the gst."""
        imported = seen is not None
        seen = set() if seen is None else seen
        if filename in seen:
            return
        seen.add(filename)
        root = self.index.files[filename].root
        for container in ("entryLinks", "selectionEntries"):
            for element in children(root, container):
                # import="false" keeps a root entry to its own catalogue: a library's or
                # Agents' "Detachment" list is not offered to the armies that import it.
                if imported and element.get("import") == "false":
                    continue
                yield filename, element
        for target, imports in self.index.catalogue_links(filename):
            if imports:
                yield from self.root_entries(target.filename, seen)

    def collect_views(self) -> None:
        game_systems = [f for f, c in self.index.files.items() if c.game_system]
        for faction in self.factions.values():
            ctx, base = faction.ctx, faction.base
            seen_entries: set[tuple[int, str]] = set()
            sources = list(self.root_entries(faction.file.filename))
            for gst in game_systems:
                sources.extend(self.root_entries(gst))
            for link_file, element in sources:
                entry = self.index.target(element)
                if entry is None or entry.get("type") not in UNIT_TYPES:
                    continue
                link = element if element is not entry else None
                elements = (link, entry) if link is not None else (entry,)
                if not maybe_visible(self.index, elements, ctx):
                    continue
                marker = (id(element), entry.get("id", ""))
                if marker in seen_entries:
                    continue
                seen_entries.add(marker)
                view = self.make_view(faction, link, entry, link_file, base)
                if view is None:
                    continue
                faction.views.append(view)

    def make_view(
        self,
        faction: _Faction,
        link: Element | None,
        entry: Element,
        link_file: str,
        base: Ctx,
    ) -> _View | None:
        category_ids: list[str] = []
        primary: str | None = None
        for element in (entry, link):
            if element is None:
                continue
            for category_link in children(element, "categoryLinks"):
                category_id = category_link.get("targetId", "")
                category_ids.append(category_id)
                if category_link.get("primary") == "true":
                    primary = self.index.category_names.get(category_id, "")
        if primary in REFERENCE_CATEGORIES:
            return None
        for model in self.model_entries(entry):
            for category_link in children(model, "categoryLinks"):
                category_ids.append(category_link.get("targetId", ""))
        ids = set(category_ids)
        for element in (entry, link):
            if element is None:
                continue
            added, removed, _ = category_changes(self.index, element, base)
            ids = (ids | added) - removed
        keywords, faction_keywords = self.keywords_of(ids)
        return _View(
            faction=faction.name,
            link=link,
            entry=entry,
            link_file=link_file,
            category_ids=ids,
            keywords=keywords,
            faction_keywords=faction_keywords,
            own=link_file == faction.file.filename,
        )

    def keywords_of(self, category_ids: Iterable[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
        keywords: set[str] = set()
        faction_keywords: set[str] = set()
        for category_id in category_ids:
            name = self.index.category_names.get(category_id)
            if not name:
                continue
            if name.startswith(FACTION_PREFIX):
                faction_keywords.add(name[len(FACTION_PREFIX) :].strip().upper())
            elif is_keyword_category(name, self.index.categories.get(category_id)):
                keywords.add(name.strip().upper())
        return tuple(sorted(keywords)), tuple(sorted(faction_keywords))

    def model_entries(self, entry: Element) -> list[Element]:
        """Return the model-type entries nested in a unit (following links), cached by id."""
        entry_id = entry.get("id", "")
        cached = self._model_cache.get(entry_id)
        if cached is not None:
            return cached
        found: list[Element] = []
        self._walk_models(entry, found, depth=0)
        self._model_cache[entry_id] = found
        return found

    def _walk_models(self, element: Element, found: list[Element], depth: int) -> None:
        if depth > 6:
            return
        for container in ("selectionEntries", "selectionEntryGroups", "entryLinks"):
            for child in children(element, container):
                target = self.index.target(child)
                if target is None:
                    continue
                if target.tag == "selectionEntryGroup":
                    self._walk_models(target, found, depth + 1)
                elif target.get("type") == "model":
                    found.append(target)
                elif target.get("type") == "unit":
                    self._walk_models(target, found, depth + 1)

    # - faction keywords and parents

    def assign_keywords(self) -> None:
        own_counts: dict[str, Counter[str]] = {}
        all_keywords: dict[str, Counter[str]] = {}
        for faction in self.factions.values():
            counts: Counter[str] = Counter()
            everything: Counter[str] = Counter()
            for view in faction.views:
                if self.is_allied_category(view):
                    continue
                everything.update(view.faction_keywords)
                if view.own:
                    counts.update(view.faction_keywords)
            own_counts[faction.name] = counts
            all_keywords[faction.name] = everything
        first_guess = {
            name: self._pick_keyword(name, own_counts[name], all_keywords[name], exclude=set())
            for name in self.factions
        }
        for faction in self.factions.values():
            own = set(own_counts[faction.name])
            for target, imports in self.index.catalogue_links(faction.file.filename):
                parent = self.by_file.get(target.filename)
                if imports and parent and parent != faction.name and first_guess[parent] in own:
                    faction.parent = parent
                    break
        for faction in self.factions.values():
            exclude = {first_guess[faction.parent]} if faction.parent else set()
            faction.keyword = self._pick_keyword(
                faction.name, own_counts[faction.name], all_keywords[faction.name], exclude
            )

    def _pick_keyword(
        self, name: str, own: Counter[str], everything: Counter[str], exclude: set[str]
    ) -> str:
        wanted = normalise_name(name)
        for keyword in sorted(set(own) | set(everything)):
            if normalise_name(keyword) == wanted:
                return keyword
        for counts in (own, everything):
            ranked = sorted(
                ((count, keyword) for keyword, count in counts.items() if keyword not in exclude),
                key=lambda item: (-item[0], item[1]),
            )
            if ranked:
                return ranked[0][1]
        return name.upper()

    def is_allied_category(self, view: _View) -> bool:
        return any(self.index.category_names.get(c) == ALLIED_UNITS for c in view.category_ids)

    def chain(self, name: str) -> list[str]:
        out = []
        current: str | None = name
        while current is not None and current not in out:
            out.append(current)
            current = self.factions[current].parent
        return out

    # - who owns each datasheet

    def assign_owners(self) -> None:
        """Give each unit entry one owning faction, and each view its datasheet key."""
        # Entries in a faction's own catalogue belong to it. Library entries belong to the
        # faction whose keyword they carry (so Library - Titans splits into Adeptus Titanicus and
        # Titanicus Traitoris copies, and Heresy Legends into Space Marines and Chaos Space
        # Marines). A library entry carrying no faction's keyword (Unaligned Forces, Harlequins)
        # goes to the alphabetically first faction that links that library directly and sees it.
        seers: dict[str, set[str]] = defaultdict(set)
        for faction in self.factions.values():
            for view in faction.views:
                seers[view.entry.get("id", "")].add(faction.name)
        keyword_owner: dict[str, list[str]] = defaultdict(list)
        for faction in self.factions.values():
            keyword_owner[faction.keyword].append(faction.name)
        direct_links: dict[str, set[str]] = defaultdict(set)
        for faction in self.factions.values():
            for target, _ in self.index.catalogue_links(faction.file.filename):
                direct_links[target.filename].add(faction.name)
        for faction in self.factions.values():
            for view in faction.views:
                entry_id = view.entry.get("id", "")
                owner = self._owner(view, entry_id, seers, keyword_owner, direct_links)
                view.key = (owner, entry_id)

    def _owner(
        self,
        view: _View,
        entry_id: str,
        seers: Mapping[str, set[str]],
        keyword_owner: Mapping[str, list[str]],
        direct_links: Mapping[str, set[str]],
    ) -> str:
        entry_file = self.index.entry_file.get(entry_id, view.link_file)
        defining = self.by_file.get(entry_file)
        if defining is not None:
            return defining
        candidates = sorted(
            {
                name
                for keyword in view.faction_keywords
                for name in keyword_owner.get(keyword, ())
                if name in seers[entry_id]
            },
            key=lambda name: (name not in self.chain(view.faction), -len(self.chain(name)), name),
        )
        if candidates:
            return candidates[0]
        direct = sorted(seers[entry_id] & direct_links.get(entry_file, set()))
        return direct[0] if direct else sorted(seers[entry_id])[0]

    # - datasheets

    def build_datasheets(self, needed: set[str]) -> dict[DatasheetKey, ParsedDatasheet]:
        """Build one ParsedDatasheet per (owner, entry id); ``needed`` limits it by owner."""
        owner_views: dict[tuple[str, str], _View] = {}
        for faction in sorted(self.factions.values(), key=lambda f: f.name):
            for view in faction.views:
                assert view.key is not None
                if view.key[0] not in needed:
                    continue
                current = owner_views.get(view.key)
                # The owner's own view is the datasheet; another faction's only as a fallback.
                if current is None or (
                    current.faction != view.key[0] and view.faction == view.key[0]
                ):
                    owner_views[view.key] = view
        sheets: dict[tuple[str, str], ParsedDatasheet] = {}
        used_names: dict[str, dict[str, str]] = defaultdict(dict)
        ordered = sorted(
            owner_views.items(),
            key=lambda item: (
                item[0][0],
                strip_legends(item[1].entry.get("name", ""))[1],
                item[1].entry.get("name", ""),
            ),
        )
        for key, view in ordered:
            owner = key[0]
            raw_name = view.entry.get("name", "").strip()
            name, legends = strip_legends(raw_name)
            taken = used_names[owner]
            if name.lower() in taken:
                # Keep the tag where a Legends entry shares its name with a current one.
                name = raw_name
            if name.lower() in taken:
                self.out.unmapped.append(
                    Unmapped(
                        file=self.index.entry_file.get(key[1], ""),
                        entry_id=key[1],
                        kind="duplicate datasheet name",
                        name=raw_name,
                        detail=f"{owner} already has {name!r} ({taken[name.lower()]})",
                    )
                )
                continue
            taken[name.lower()] = key[1]
            sheets[key] = self.datasheet(owner, name, legends, view)
        self.sheet_key = {key: sheet.key for key, sheet in sheets.items()}
        return sheets

    def datasheet(self, owner: str, name: str, legends: bool, view: _View) -> ParsedDatasheet:
        faction = self.factions[owner]
        ctx = Ctx(self.factions[view.faction].file.id, detachment="")
        entry = view.entry
        sheet = ParsedDatasheet(
            faction=owner,
            name=name,
            source_id=entry.get("id", ""),
            source_file=self.index.entry_file.get(entry.get("id", ""), view.link_file),
            keywords=view.keywords,
            faction_keywords=view.faction_keywords,
            legends=legends,
        )
        notes: list[str] = []
        comp = self.composition(view, ctx, notes)
        models = comp.models
        low, high, prices, options = self.pricing(view, comp, ctx, notes)
        sheet.min_models, sheet.max_models = max(low, 1), max(high, low, 1)
        sheet.prices = tuple(prices)
        sheet.options = tuple(options)
        if not prices:
            self.out.unmapped.append(
                Unmapped(sheet.source_file, sheet.source_id, "no points", entry.get("name", ""))
            )
        sheet.limit = self.limit(view, sheet, ctx, faction)
        abilities = self.abilities(view, models, ctx)
        sheet.deep_strike = self.has_everywhere(abilities, "deep strike", view, models)
        sheet.conditional_abilities = self.conditional_abilities(view, abilities, sheet, ctx)
        sheet.hover = any(a.name.lower() == "hover" for a in abilities)
        sheet.wargear = self.wargear(view, comp, abilities, sheet, ctx)
        sheet.warlord = self.warlord(view, models, sheet.keywords, ctx, notes)
        leader_names: list[str] = []
        for ability in abilities:
            if ability.kind == "Abilities" and ability.name.strip().lower() == "leader":
                targets = parse_leader_targets(ability.text)
                leader_names.extend(targets.names)
                sheet.joins_led_unit = sheet.joins_led_unit or targets.joins_led_unit
            if ability.kind == "Abilities":
                sheet.extra_leaders = max(sheet.extra_leaders, parse_extra_leaders(ability.text))
        sheet.leader_names = tuple(dict.fromkeys(leader_names))
        sheet.is_transport = "TRANSPORT" in sheet.keywords
        # Most catalogues use a "Transport" profile type; some an ability named "Transport".
        capacity_texts = [a.text for a in abilities if a.kind == "Transport"] + [
            a.text
            for a in abilities
            if a.kind == "Abilities" and a.name.strip().lower() in ("transport", "capacity")
        ]
        if capacity_texts and sheet.is_transport:
            sheet.pools = self.pools(capacity_texts[0], sheet)
            if not all(pool.complete for pool in sheet.pools) or not sheet.pools:
                notes.append("transport: " + (sheet.pools[0].note if sheet.pools else "no pools"))
        elif capacity_texts:
            notes.append(NOTE_PASSENGER_RULE)
        elif sheet.is_transport:
            notes.append("transport: no capacity stated")
            self.out.unmapped.append(
                Unmapped(sheet.source_file, sheet.source_id, "transport without capacity", name)
            )
        sheet.review_notes = tuple(notes)
        return sheet

    def wargear(
        self,
        view: _View,
        comp: _Composition,
        abilities: list[_Ability],
        sheet: ParsedDatasheet,
        ctx: Ctx,
    ) -> dict[str, Any]:
        bounds = {
            slot.key: (slot.minimum, slot.maximum if slot.maximum is not None else sheet.max_models)
            for slot in comp.slots
        }
        names = (a.name for a in abilities if a.kind in WARGEAR_ABILITY_KINDS)
        return wargear_of(
            index=self.index,
            ctx=ctx,
            unit=view.entry,
            models=comp.models,
            bounds=bounds,
            abilities=names,
            max_models=sheet.max_models,
        ).as_json()

    def pools(self, text: str, sheet: ParsedDatasheet) -> tuple[ParsedPool, ...]:
        owner_keyword = self.factions[sheet.faction].keyword
        capacity = parse_transport_capacity(
            text, faction_keyword=owner_keyword, vocabulary=self.vocabulary
        )
        return tuple(
            ParsedPool(
                position=position,
                capacity=pool.capacity,
                allowed=pool.allowed,
                forbidden=pool.forbidden,
                space=pool.space,
                only_datasheets=pool.only_datasheets,
                complete=capacity.complete,
                note=capacity.note,
            )
            for position, pool in enumerate(capacity.pools)
        )

    # - unit composition and points

    def composition(self, view: _View, ctx: Ctx, notes: list[str]) -> _Composition:
        entry = view.entry
        comp = _Composition()
        if entry.get("type") == "model":
            comp.slots.append(ModelSlot(entry.get("id", ""), entry.get("name", ""), 1, 1, (), 0.0))
            comp.models.append(entry)
        self._slots(entry, (), ctx, comp, comp.slots, comp.rules, depth=0)
        if not comp.slots and not comp.choices:
            notes.append(NOTE_NO_MODELS)
            comp.slots.append(ModelSlot(entry.get("id", ""), entry.get("name", ""), 1, 1, (), 0.0))
            comp.models.append(entry)
        return comp

    def _bounds(
        self, owners: tuple[Element, ...], ctx: Ctx, scopes: Collection[str]
    ) -> tuple[int, int | None]:
        low, high = 0, None
        for owner in owners:
            for constraint in children(owner, "constraints"):
                if constraint.get("field") != "selections":
                    continue
                if constraint.get("scope") not in scopes:
                    continue
                value, _ = constraint_value(self.index, owners, constraint, ctx)
                if constraint.get("type") == "min":
                    low = max(low, int(value))
                elif constraint.get("type") == "max" and value >= 0:
                    high = int(value) if high is None else min(high, int(value))
        return low, high

    def _slot_bounds(
        self,
        owners: tuple[Element, ...],
        ctx: Ctx,
        scopes: Collection[str],
        key: str,
        group: bool,
        rules: list[_Rule],
    ) -> tuple[int, int | None]:
        """Return a slot's or group's widest bounds, noting those that depend on other counts."""
        # "Up to 2 Nodebeasts once the unit has 20 Neurogaunts", "a Dishonoured replaces a
        # Jakhal": such bounds are widened here and checked per composition while pricing.
        low, high = 0, None
        for owner in owners:
            for constraint in children(owner, "constraints"):
                kind = constraint.get("type")
                if constraint.get("field") != "selections" or kind not in ("min", "max"):
                    continue
                if constraint.get("scope") not in scopes:
                    continue
                if self._count_dependent(owners, constraint):
                    lowest, highest = constraint_span(
                        self.index, owners, constraint, ctx, self._counts_models
                    )
                    value = lowest if kind == "min" else highest
                    rules.append(_Rule(key, group, kind, owners, constraint))
                else:
                    value, _ = constraint_value(self.index, owners, constraint, ctx)
                if kind == "min":
                    low = max(low, int(value))
                elif value >= 0:
                    high = int(value) if high is None else min(high, int(value))
        return low, high

    def _count_dependent(self, owners: tuple[Element, ...], constraint: Element) -> bool:
        """Tell whether a modifier of ``constraint`` depends on the unit's own model counts."""
        constraint_id = constraint.get("id")
        return any(
            modifier.get("field") == constraint_id and self._counts_models(modifier, groups)
            for owner in owners
            for modifier, groups in iter_modifiers(owner)
        )

    def _counts_models(self, modifier: Element, groups: tuple[Element, ...]) -> bool:
        """Tell whether a modifier's conditions or repeats count models (or sizes) of the unit."""
        tests = list(children(modifier, "repeats"))
        for holder in (modifier, *groups):
            # A modifierGroup's own conditions only: iter() would reach its modifiers' too.
            tests.extend(children(holder, "conditions"))
            for group in children(holder, "conditionGroups"):
                tests.extend(group.iter("condition"))
        for test in tests:
            if test.get("field") != "selections" or test.get("scope") in _OUTSIDE_SCOPES:
                continue
            child = test.get("childId", "")
            if child == "model":
                return True
            target = self.index.entries.get(child)
            if target is not None and (
                target.get("type") in UNIT_TYPES or self.model_entries(target)
            ):
                return True
        return False

    def _slots(
        self,
        element: Element,
        path: tuple[str, ...],
        ctx: Ctx,
        comp: _Composition,
        sink: list[ModelSlot],
        rules: list[_Rule],
        depth: int,
    ) -> None:
        if depth > 6:
            return
        for container in ("selectionEntries", "selectionEntryGroups", "entryLinks"):
            for child in children(element, container):
                target = self.index.target(child)
                if target is None:
                    continue
                pair = (child, target) if child is not target else (target,)
                if surely_hidden(self.index, pair, ctx):
                    continue
                parent_id = element.get("id", "")
                scopes = {"parent", parent_id, *path}
                kind = target.get("type")
                key = target.get("id", "")
                if target.tag == "selectionEntryGroup":
                    low, high = self._slot_bounds(pair, ctx, scopes, key, True, rules)
                    comp.groups[key] = SlotGroup(key, low, high)
                    self._slots(target, (*path, key), ctx, comp, sink, rules, depth + 1)
                elif kind == "model":
                    low, high = self._slot_bounds(pair, ctx, scopes, key, False, rules)
                    cost = cost_value(self.index, target) or 0.0
                    sink.append(ModelSlot(key, target.get("name", ""), low, high, path, cost))
                    comp.models.append(target)
                elif kind == "unit":
                    self._slots(target, path, ctx, comp, sink, rules, depth + 1)
                elif kind == "upgrade" and depth < 3 and self.model_entries(target):
                    # "1 Runtherd and 10 Gretchin": an option that brings the models with it.
                    # Its group counts options, not models, so its slots start a fresh path.
                    option = self._option(target, ctx, comp, depth)
                    if option is not None:
                        holder = path[-1] if path else parent_id
                        comp.choices[holder].append(option)
                        comp.holder_paths[holder] = path

    def _option(self, target: Element, ctx: Ctx, comp: _Composition, depth: int) -> _Option | None:
        """Build a unit-size option from the model slots it brings."""
        inner: list[ModelSlot] = []
        rules: list[_Rule] = []
        self._slots(target, (), ctx, comp, inner, rules, depth + 1)
        if not inner:
            return None
        option_id, name = target.get("id", ""), target.get("name", "")
        stated = _stated_size(name)
        low, high = model_range(inner, comp.groups)
        if stated is not None and low <= stated <= high and low != high:
            # The name states the size ("1 Sergeant and 9 Troopers") where the slots only give
            # a range (their weapon groups overlap); hold the option's models to that number.
            size_key = f"{option_id}:size"
            comp.groups[size_key] = SlotGroup(size_key, stated, stated)
            inner = [replace(slot, groups=(size_key, *slot.groups)) for slot in inner]
        return _Option(option_id, name, tuple(inner), tuple(rules))

    def pricing(
        self, view: _View, comp: _Composition, ctx: Ctx, notes: list[str]
    ) -> tuple[int, int, list[tuple[int, int]], list[ParsedOption]]:
        """Price every model count the unit allows and compress that into brackets."""
        entry = view.entry
        base = cost_value(self.index, entry)
        if view.link is not None:
            link_cost = cost_value(self.index, view.link)
            if link_cost:
                base = link_cost
        base = base or 0.0
        options: dict[str, ParsedOption] = {}
        groups = comp.groups
        all_slots = [*comp.slots, *(s for c in comp.choices.values() for o in c for s in o.slots)]
        free_extras: set[str] = set()
        if base > 0:
            # With a unit price, a priced optional model is an extra, not part of the bracket.
            for slot in all_slots:
                if slot.cost > 0 and slot.minimum == 0 and slot.key != entry.get("id"):
                    options[slot.name] = ParsedOption(
                        slot.name, round(slot.cost), slot.maximum or 1
                    )
                    free_extras.add(slot.key)
        group_members: dict[str, list[str]] = defaultdict(list)
        for slot in all_slots:
            for key in slot.groups:
                group_members[key].append(slot.key)
        unit_ids = {entry.get("id", ""), "unit"}
        if view.link is not None:
            unit_ids.add(view.link.get("id", ""))
        uncertain = False
        option_modifiers: set[int] = set()

        chosen: set[str] = set()
        option_ids = {o.id for c in comp.choices.values() for o in c}

        def counter(counts: Mapping[str, int]) -> Callable[[str], int | None]:
            def count(child: str) -> int | None:
                if child == "model":
                    return sum(counts.values())
                if child in option_ids:
                    return 1 if child in chosen else 0
                if child in counts:
                    return counts[child]
                if child in group_members:
                    return sum(counts.get(k, 0) for k in group_members[child])
                if child in unit_ids:
                    return 1
                return None

            return count

        pts_modifiers = [
            (modifier, groups_)
            for element in view.elements
            for modifier, groups_ in iter_modifiers(element)
            if modifier.get("field") == self.index.pts_id
        ]
        for modifier, _ in pts_modifiers:
            if modifier.get("type") == "increment":
                option = self._option_condition(modifier, entry)
                if option is not None:
                    option_modifiers.add(id(modifier))
                    options.setdefault(
                        option, ParsedOption(option, round(float(modifier.get("value") or 0)), 1)
                    )

        def price_of(counts: Mapping[str, int]) -> float | None:
            nonlocal uncertain
            count = counter(counts)

            def leaf(condition: Element) -> bool | None:
                if condition.get("scope") in _OUTSIDE_SCOPES:
                    return None
                if condition.get("field") != "selections":
                    return None
                number = count(condition.get("childId", ""))
                if number is None:
                    # Brackets price the plain unit: options and joined units count as none.
                    nonlocal uncertain
                    uncertain = True
                    number = 0
                value = float(condition.get("value") or 0)
                return compare_count(condition.get("type", ""), number, value)

            price = base
            for modifier, enclosing in pts_modifiers:
                if id(modifier) in option_modifiers:
                    continue
                applies = modifier_applies(self.index, modifier, enclosing, ctx, leaf)
                if applies is None:
                    uncertain = True
                    continue
                if not applies:
                    continue
                repeat = self._repeat_factor(modifier, count)
                if repeat is None:
                    uncertain = True
                    continue
                price = apply_number(modifier, price, repeat)
            for slot in slots_now:
                if slot.key not in free_extras:
                    price += slot.cost * counts.get(slot.key, 0)
            return price

        def allowed(counts: Mapping[str, int]) -> bool:
            count = counter(counts)

            def leaf(condition: Element) -> bool | None:
                if condition.get("scope") in _OUTSIDE_SCOPES:
                    return None
                if condition.get("field") != "selections":
                    return None
                number = count(condition.get("childId", ""))
                if number is None:
                    return None
                value = float(condition.get("value") or 0)
                return compare_count(condition.get("type", ""), number, value)

            for rule in combo.rules:
                if rule.group:
                    held = sum(counts[s.key] for s in slots_now if rule.key in s.groups)
                    held += combo.taken.get(rule.key, 0)
                else:
                    held = counts.get(rule.key, 0)
                bound = self._rule_value(rule, ctx, leaf, count)
                if rule.kind == "min" and held < bound:
                    return False
                if rule.kind == "max" and 0 <= bound < held:
                    return False
            return True

        table: dict[int, int] = {}
        sizes: list[tuple[int, int]] = []
        for combo in _combinations(comp):
            chosen, slots_now = set(combo.picked), combo.slots
            groups_now = _take_from_groups(groups, combo.taken)
            sizes.append(model_range(slots_now, groups_now))
            check = allowed if combo.rules else None
            for count, points in price_table(slots_now, groups_now, price_of, check).items():
                table[count] = min(points, table.get(count, points))
        # The sizes that can be built; the slots' span only where none can (bad data).
        low = min(table) if table else min(low for low, _ in sizes)
        high = max(table) if table else max(high for _, high in sizes)
        if uncertain:
            notes.append(NOTE_PRICE_OPTIONS)
        if not any(points > 0 for points in table.values()):
            brackets: list[tuple[int, int]] = []
        else:
            brackets = compress_brackets(table)
        for upgrade in self._priced_upgrades(view, ctx):
            options.setdefault(upgrade.name, upgrade)
        return low, high, brackets, sorted(options.values(), key=lambda o: o.name)

    def _repeat_factor(self, modifier: Element, count: Callable[[str], int | None]) -> float | None:
        repeats = children(modifier, "repeats")
        if not repeats:
            return 1
        factor = 0.0
        for repeat in repeats:
            number = count(repeat.get("childId", ""))
            if number is None:
                return None
            step = float(repeat.get("value") or 1) or 1
            factor += math.floor(number / step) * float(repeat.get("repeats") or 1)
        return factor

    def _rule_value(
        self,
        rule: _Rule,
        ctx: Ctx,
        leaf: Callable[[Element], bool | None],
        count: Callable[[str], int | None],
    ) -> float:
        """Return a count-dependent bound's value for one composition."""
        value = float(rule.constraint.get("value") or 0)
        constraint_id = rule.constraint.get("id")
        for owner in rule.owners:
            for modifier, groups in iter_modifiers(owner):
                if modifier.get("field") != constraint_id:
                    continue
                if modifier_applies(self.index, modifier, groups, ctx, leaf) is not True:
                    continue
                # Repeats over things the unit cannot count apply once, as constraint_value does.
                repeat = self._repeat_factor(modifier, count)
                value = apply_number(modifier, value, 1 if repeat is None else repeat)
        return value

    def _option_condition(self, modifier: Element, entry: Element) -> str | None:
        """Name the unit option an "increment points if selected" modifier depends on."""
        conditions = children(modifier, "conditions")
        if len(conditions) != 1 or children(modifier, "conditionGroups"):
            return None
        condition = conditions[0]
        if condition.get("type") not in ("atLeast", "greaterThan") or children(modifier, "repeats"):
            return None
        target = self.index.entries.get(condition.get("childId", ""))
        if target is None or target.get("type") in UNIT_TYPES:
            return None
        return target.get("name")

    def _priced_upgrades(self, view: _View, ctx: Ctx) -> list[ParsedOption]:
        found: dict[str, ParsedOption] = {}
        self._walk_upgrades(view.entry, ctx, found, multiplier=1, depth=0)
        return list(found.values())

    def _walk_upgrades(
        self,
        element: Element,
        ctx: Ctx,
        found: dict[str, ParsedOption],
        multiplier: int,
        depth: int,
    ) -> None:
        if depth > 6:
            return
        for container in ("selectionEntries", "selectionEntryGroups", "entryLinks"):
            for child in children(element, container):
                target = self.index.target(child)
                if target is None or target.get("id") in self.enhancement_groups:
                    continue
                pair = (child, target) if child is not target else (target,)
                if target.get("id") in self.enhancement_ids or surely_hidden(self.index, pair, ctx):
                    continue
                if target.tag == "selectionEntryGroup":
                    self._walk_upgrades(target, ctx, found, multiplier, depth + 1)
                    continue
                kind = target.get("type")
                if kind == "model":
                    _, high = self._bounds(pair, ctx, {"parent", element.get("id", "")})
                    self._walk_upgrades(target, ctx, found, multiplier * (high or 1), depth + 1)
                    continue
                if kind != "upgrade":
                    continue
                cost = cost_value(self.index, target) or 0
                if cost > 0:
                    _, high = self._bounds(pair, ctx, {"parent", "unit", element.get("id", "")})
                    name = target.get("name", "")
                    found.setdefault(
                        name, ParsedOption(name, round(cost), max((high or 1) * multiplier, 1))
                    )
                self._walk_upgrades(target, ctx, found, multiplier, depth + 1)

    # - limits, abilities, warlord

    def limit(self, view: _View, sheet: ParsedDatasheet, ctx: Ctx, owner: _Faction) -> int | None:
        """Return the per-army limit where it differs from the Rule of Three (3, or 6)."""
        # The data states it as a roster/force "max" on the entry, or on a category named after
        # the unit. Values that change with the roster are listed in the report.
        values: list[int] = []
        conditional: list[tuple[tuple[Element, ...], Element, int, int]] = []
        sources: list[tuple[tuple[Element, ...], Element]] = [
            (view.elements, c) for e in view.elements for c in children(e, "constraints")
        ]
        unit_name = normalise_name(sheet.name)
        for category_id in sorted(view.category_ids):
            category = self.index.categories.get(category_id)
            if category is None:
                continue
            for constraint in children(category, "constraints"):
                if not _is_army_limit(constraint):
                    continue
                if _named_after(normalise_name(category.get("name", "")), unit_name):
                    sources.append(((category,), constraint))
                    continue
                value, _ = constraint_value(self.index, (category,), constraint, ctx)
                if value > 0 and not category.get("name", "").startswith(FACTION_PREFIX):
                    self._note_limit(
                        f"{sheet.faction} / {sheet.name}: shares a limit of {int(value)} with "
                        f"every {category.get('name')} unit"
                    )
        for holders, constraint in sources:
            if not _is_army_limit(constraint):
                continue
            value, depends = constraint_value(self.index, holders, constraint, ctx)
            _, varies = constraint_value(self.index, holders, constraint, owner.ctx)
            if depends or varies:
                ceiling = constraint_ceiling(self.index, holders, constraint, ctx)
                conditional.append((holders, constraint, int(value), int(ceiling)))
                if value == 0:
                    # "One per Captain in the army" starts at 0: keep the most the roster can
                    # allow and report the rule, rather than forbid the unit outright.
                    value = ceiling
            if value >= 0:
                values.append(int(value))
        base = min(values) if values else None
        for holders, constraint, plain, ceiling in conditional:
            self._conditional_limit(sheet, owner, holders, constraint, plain, ceiling)
        default = 6 if {"BATTLELINE", "DEDICATED TRANSPORT"} & set(sheet.keywords) else 3
        if base is None or base == default:
            return None
        return base

    def _note_limit(self, line: str) -> None:
        if line not in self._limit_lines:
            self._limit_lines.add(line)
            self.out.conditional_limits.append(line)

    def _conditional_limit(
        self,
        sheet: ParsedDatasheet,
        owner: _Faction,
        holders: tuple[Element, ...],
        constraint: Element,
        plain: int,
        ceiling: int,
    ) -> None:
        parts = [f"limit {plain if plain >= 0 else 'none'}"]
        if ceiling > plain:
            parts.append(f"up to {ceiling} depending on other units")
        changes = []
        for detachment, _ in owner.detachments:
            ctx = Ctx(owner.file.id, detachment=detachment.get("id"))
            value, _ = constraint_value(self.index, holders, constraint, ctx)
            if int(value) != plain:
                changes.append(
                    f"{int(value) if value >= 0 else 'none'} in {detachment.get('name')}"
                )
        if changes:
            parts.append(", ".join(dict.fromkeys(changes)))
        if len(parts) == 1:
            parts.append("may be lowered by other units")
        self._note_limit(f"{sheet.faction} / {sheet.name}: " + "; ".join(parts))

    def abilities(self, view: _View, models: list[Element], ctx: Ctx) -> list[_Ability]:
        found: list[_Ability] = []
        for element in (*view.elements, *models):
            self._abilities_of(element, ctx, found, unit_level=element in view.elements)
        return found

    def _abilities_of(
        self, element: Element, ctx: Ctx, found: list[_Ability], unit_level: bool, depth: int = 0
    ) -> None:
        if depth > 3:
            return
        owner = element.get("id", "")
        for profile in children(element, "profiles"):
            if maybe_visible(self.index, (profile,), ctx):
                found.append(_ability_of(profile, owner, unit_level))
        for rule in children(element, "rules"):
            if maybe_visible(self.index, (rule,), ctx):
                found.append(_ability_of(rule, owner, unit_level))
        for info_link in children(element, "infoLinks"):
            if surely_hidden(self.index, (info_link,), ctx):
                continue
            target = self.index.infos.get(info_link.get("targetId", ""))
            if target is None:
                continue
            if target.tag == "infoGroup":
                self._abilities_of(target, ctx, found, unit_level, depth + 1)
                continue
            ability = _ability_of(target, owner, unit_level)
            found.append(
                _Ability(
                    info_link.get("name") or ability.name,
                    ability.kind,
                    ability.text,
                    owner,
                    unit_level,
                )
            )
        for group in children(element, "infoGroups"):
            self._abilities_of(group, ctx, found, unit_level, depth + 1)

    def conditional_abilities(
        self, view: _View, abilities: list[_Ability], sheet: ParsedDatasheet, ctx: Ctx
    ) -> tuple[str, ...]:
        """Name the tracked abilities the unit has only in part: on some of its models, or
        through a wargear option (a Reiver Squad's grav-chutes give Deep Strike)."""
        found: list[str] = []
        for ability, have in ((DEEP_STRIKE, sheet.deep_strike),):
            if have:
                continue
            wanted = ability.lower()
            if any(a.name.strip().lower() == wanted for a in abilities):
                found.append(ability)
                continue
            granted: list[_Ability] = []
            for option, path in _walk_options(self.index, view.entry, ()):
                # Crusade honours and relics (BSData's "Crusade" group, or game-system
                # groups) are not the unit's wargear.
                if (
                    any(
                        step.get("name") == CRUSADE_GROUP or self._from_game_system(step)
                        for step in (*path, option)
                    )
                    or option.get("id", "") in self.enhancement_ids
                ):
                    continue
                self._abilities_of(option, ctx, granted, unit_level=False)
            if any(wanted in f"{a.name} {a.text}".lower() for a in granted):
                found.append(ability)
        return tuple(found)

    def _from_game_system(self, element: Element) -> bool:
        filename = self.index.entry_file.get(element.get("id", ""), "")
        return filename.endswith(".gst")

    def has_everywhere(
        self, abilities: list[_Ability], name: str, view: _View, models: list[Element]
    ) -> bool:
        """True if the unit, or every one of its model kinds, has the named ability."""
        named = [a for a in abilities if a.name.strip().lower() == name]
        if any(a.unit_level for a in named):
            return True
        model_ids = {m.get("id", "") for m in models if m is not view.entry}
        holders = {a.owner for a in named}
        return bool(model_ids) and model_ids <= holders

    def warlord(
        self,
        view: _View,
        models: list[Element],
        keywords: tuple[str, ...],
        ctx: Ctx,
        notes: list[str],
    ) -> str:
        character = "CHARACTER" in keywords
        options = []
        for element in (*view.elements, *models):
            for container in ("entryLinks", "selectionEntries"):
                for child in children(element, container):
                    target = self.index.target(child)
                    if target is None or target.tag != "selectionEntry":
                        continue
                    is_warlord = target.get("name") == "Warlord" or any(
                        link.get("targetId") in self.warlord_category_ids
                        for link in children(target, "categoryLinks")
                    )
                    if is_warlord:
                        options.append((child, target) if child is not target else (target,))
        if not options:
            return "cannot" if character else "may"
        usable = [pair for pair in options if not surely_hidden(self.index, pair, ctx)]
        if not usable:
            return "cannot" if character else "may"
        for pair in usable:
            owners = (*pair, *view.elements)
            for element in pair:
                for constraint in children(element, "constraints"):
                    if constraint.get("field") != "selections":
                        continue
                    value, depends = constraint_value(self.index, owners, constraint, ctx)
                    if depends:
                        self.warlord_conditional += 1
                    if constraint.get("type") == "min" and value >= 1:
                        return "must"
                    if constraint.get("type") == "max" and value == 0 and not depends:
                        return "cannot"
        return "may"

    # - availability and allies

    def availability(self, scope: Collection[str]) -> None:
        caps_seen: dict[tuple[str, str], ParsedAllyRule] = {}
        for name in sorted(scope):
            faction = self.factions[name]
            chain = set(self.chain(name))
            chosen: dict[DatasheetKey, str | None] = {}
            for view in faction.views:
                assert view.key is not None
                key = self.sheet_key.get(view.key)
                if key is None:
                    continue
                if key in chosen and chosen[key] is None:
                    continue
                rule = self.ally_rule(faction, view, chain)
                # Own units are allies only where a points cap says so (e.g. Plague Legions).
                if view.key[0] in chain and rule.points_cap is None:
                    chosen[key] = None
                    continue
                known = caps_seen.get((name, rule.keyword))
                # Units of one allied keyword may or may not carry the capping category.
                if known is None or (
                    rule.points_cap is not None
                    and (known.points_cap is None or rule.points_cap < known.points_cap)
                ):
                    caps_seen[(name, rule.keyword)] = rule
                chosen.setdefault(key, rule.keyword)
            for key, ally in sorted(chosen.items()):
                self.out.availabilities.append(ParsedAvailability(name, key, ally))
        self.out.ally_rules = sorted(caps_seen.values(), key=lambda r: (r.faction, r.keyword))

    def ally_rule(self, faction: _Faction, view: _View, chain: set[str]) -> ParsedAllyRule:
        """Name the allied keyword and its points cap (the Strike Force figure)."""
        # Where the cap is 0 unless a detachment is chosen, the highest cap a detachment allows
        # is kept and the label names those detachments.
        chain_keywords = {self.factions[n].keyword for n in chain}
        best: tuple[int, str, str] | None = None
        for category_id in sorted(view.category_ids):
            name = self.index.category_names.get(category_id, "")
            category = self.index.categories.get(category_id)
            if category is None:
                continue
            caps, by_detachment = self.points_caps(faction, category)
            cap = caps.get(STRIKE_FORCE)
            if cap is None:
                self._note_unit_cap(faction, category)
                continue
            # A cap on a non-faction category (Allied Units, Cults of the Dark Gods) is shared by
            # every unit in it, so the category names the rule.
            keyword = name.removeprefix(FACTION_PREFIX).upper()
            label = name.removeprefix(FACTION_PREFIX)
            line = f"{faction.name}: allied {keyword} capped by {name} at " + ", ".join(
                f"{size} {caps.get(size, '-')}" for size in BATTLE_SIZES
            )
            if by_detachment:
                line += "; Strike Force " + ", ".join(f"{v} in {d}" for d, v in by_detachment)
                if cap <= 0:
                    cap = max(v for _, v in by_detachment)
                    label += " (" + ", ".join(d for d, v in by_detachment if v == cap) + ")"
            if line not in self._ally_lines:
                self._ally_lines.add(line)
                self.out.notes.append(line)
            if best is None or cap < best[0]:
                best = (cap, keyword, label[:150])
        if best is not None:
            return ParsedAllyRule(faction.name, best[1], best[2], best[0])
        keyword = self._ally_keyword(view, chain_keywords)
        return ParsedAllyRule(faction.name, keyword, keyword.title(), None)

    def _ally_keyword(self, view: _View, chain_keywords: set[str]) -> str:
        assert view.key is not None
        owner_keyword = self.factions[view.key[0]].keyword
        if owner_keyword in view.faction_keywords:
            return owner_keyword
        others = [k for k in view.faction_keywords if k not in chain_keywords]
        return others[0] if others else owner_keyword

    def _note_unit_cap(self, faction: _Faction, category: Element) -> None:
        for constraint in children(category, "constraints"):
            if constraint.get("field") != "selections" or constraint.get("type") != "max":
                continue
            if not category.get("name", "").startswith(FACTION_PREFIX):
                continue
            if not any(True for _ in iter_modifiers(category)):
                continue
            line = f"{faction.name}: {category.get('name')} units are limited by count, not points"
            if line not in self._ally_lines:
                self._ally_lines.add(line)
                self.out.notes.append(line)

    def points_caps(
        self, faction: _Faction, category: Element
    ) -> tuple[dict[str, int], list[tuple[str, int]]]:
        """Return a category's points cap per battle size, and Strike Force caps by detachment."""
        cache_key = (faction.name, category.get("id", ""))
        cached = self._caps_cache.get(cache_key)
        if cached is not None:
            return cached
        caps: dict[str, int] = {}
        by_detachment: list[tuple[str, int]] = []
        for constraint in children(category, "constraints"):
            if constraint.get("type") != "max" or constraint.get("field") != self.index.pts_id:
                continue
            for size in BATTLE_SIZES:
                size_id = self.index.battle_size_ids.get(size)
                ctx = Ctx(faction.file.id, detachment="", battle_size=size_id)
                value, _ = constraint_value(self.index, (category,), constraint, ctx)
                if value >= 0:
                    caps[size] = int(value)
            strike = self.index.battle_size_ids.get(STRIKE_FORCE)
            for detachment, _ in faction.detachments:
                ctx = Ctx(faction.file.id, detachment=detachment.get("id"), battle_size=strike)
                value, _ = constraint_value(self.index, (category,), constraint, ctx)
                if value >= 0 and int(value) != caps.get(STRIKE_FORCE):
                    by_detachment.append((detachment.get("name", "").strip(), int(value)))
        self._caps_cache[cache_key] = (caps, by_detachment)
        return caps, by_detachment

    # - leaders

    def resolve_leaders(self, sheets: Mapping[DatasheetKey, ParsedDatasheet]) -> None:
        """Turn Leader names into datasheet keys: own faction, then parents, then allies."""
        own: dict[str, list[str]] = defaultdict(list)
        for key in sheets:
            own[key[0]].append(key[1])
        available: dict[str, dict[str, DatasheetKey]] = defaultdict(dict)
        for availability in self.out.availabilities:
            available[availability.faction].setdefault(
                availability.datasheet[1], availability.datasheet
            )
        for sheet in sheets.values():
            if not sheet.leader_names:
                continue
            chain = self.chain(sheet.faction)
            pool = available.get(sheet.faction, {})
            candidate_sets = [own[name] for name in chain] + [list(pool)]
            leads: list[DatasheetKey] = []
            for name in sheet.leader_names:
                found = resolve_name(name, *candidate_sets)
                if found is None:
                    # "IMPERIUM BATTLELINE INFANTRY" or "ACOLYTE HYBRIDS": any unit the
                    # army may field that has every one of those keywords.
                    by_keywords = self._leads_by_keywords(name, sheets, chain, pool)
                    for key in by_keywords:
                        if key not in leads and key != sheet.key:
                            leads.append(key)
                    if by_keywords:
                        continue
                    self.out.unmapped.append(
                        Unmapped(
                            sheet.source_file,
                            sheet.source_id,
                            "leader target",
                            name,
                            f"listed by {sheet.faction} / {sheet.name}",
                        )
                    )
                    continue
                position, match = found
                key = (chain[position], match) if position < len(chain) else pool[match]
                if key not in leads:
                    leads.append(key)
            sheet.leads = tuple(leads)

    def _leads_by_keywords(
        self,
        text: str,
        sheets: Mapping[DatasheetKey, ParsedDatasheet],
        chain: list[str],
        pool: Mapping[str, DatasheetKey],
    ) -> list[DatasheetKey]:
        """Read leader text as keywords and return the datasheets that carry them all."""
        wanted = keyword_phrase(text, self.vocabulary)
        if not wanted:
            return []
        owners = set(chain)
        keys = [key for key in sheets if key[0] in owners] + list(pool.values())
        found: list[DatasheetKey] = []
        for key in keys:
            target = sheets.get(key)
            if target is None or key in found:
                continue
            if wanted <= {*target.keywords, *target.faction_keywords}:
                found.append(key)
        return sorted(found)

    # - detachments and enhancements

    def collect_detachments(self) -> None:
        ids: set[str] = set()
        for faction in self.factions.values():
            seen: set[str] = set()
            for _, element in self.root_entries(faction.file.filename):
                root = self.index.target(element)
                if root is None or root.get("type") != "upgrade":
                    continue
                if not DETACHMENT_ROOT_RE.match(root.get("name", "")):
                    continue
                pair = (element, root) if element is not root else (root,)
                if not maybe_visible(self.index, pair, faction.ctx):
                    continue
                for option, path in _walk_options(self.index, root, ()):
                    option_id = option.get("id", "")
                    if option_id in seen:
                        continue
                    if not maybe_visible(self.index, (*pair, *path, option), faction.ctx):
                        continue
                    seen.add(option_id)
                    faction.detachments.append((option, (*pair, *path)))
                    ids.add(option_id)
        self.index.detachment_ids = frozenset(ids)

    def detachment_owners(self, scope: Collection[str]) -> list[tuple[_Faction, Element]]:
        """Give each detachment to the factions that offer it and whose parents do not."""
        owned = []
        for name in sorted(scope):
            faction = self.factions[name]
            inherited: set[str] = set()
            for ancestor in self.chain(name)[1:]:
                inherited.update(d.get("id", "") for d, _ in self.factions[ancestor].detachments)
            # What a parent offers but this catalogue's own view hides (e.g. a detachment
            # hidden when the primary catalogue is Black Templars) is not inherited.
            offered = {d.get("id", "") for d, _ in faction.detachments}
            for hidden in sorted(inherited - offered):
                self.hidden_for.setdefault(hidden, []).append(name)
            names: dict[str, str] = {}
            for detachment, _ in faction.detachments:
                detachment_id = detachment.get("id", "")
                if detachment_id in inherited:
                    continue
                label = detachment.get("name", "").strip()
                if label.lower() in names:
                    self.out.unmapped.append(
                        Unmapped(
                            self.index.entry_file.get(detachment_id, ""),
                            detachment_id,
                            "duplicate detachment name",
                            label,
                            name,
                        )
                    )
                    continue
                names[label.lower()] = detachment_id
                owned.append((faction, detachment))
        return owned

    def build_detachments(self, owned: list[tuple[_Faction, Element]]) -> None:
        candidates = self.candidates
        for faction, detachment in owned:
            detachment_id = detachment.get("id", "")
            ctx = Ctx(faction.file.id, detachment=detachment_id)
            battleline: list[DatasheetKey] = []
            forbidden: list[DatasheetKey] = []
            for view in faction.views:
                assert view.key is not None
                key = self.sheet_key.get(view.key)
                if key is None:
                    continue
                if surely_hidden(self.index, view.elements, ctx) or self._surely_error(view, ctx):
                    forbidden.append(key)
                    continue
                if BATTLELINE in view.keywords:
                    continue
                for element in view.elements:
                    added, removed, _ = category_changes(self.index, element, ctx)
                    if (added - removed) & self.battleline_ids:
                        battleline.append(key)
                        break
            self.out.detachments.append(
                ParsedDetachment(
                    faction=faction.name,
                    name=detachment.get("name", "").strip(),
                    source_id=detachment_id,
                    required=self.required_units(faction, detachment),
                    forbidden=tuple(sorted(set(forbidden))),
                    battleline=tuple(sorted(set(battleline))),
                    hidden_for=tuple(sorted(self.hidden_for.get(detachment_id, ()))),
                )
            )
            self.enhancements_for(faction, detachment, candidates)

    def required_units(self, faction: _Faction, detachment: Element) -> tuple[DatasheetKey, ...]:
        """Return datasheets a detachment insists on ("error unless the roster has X")."""
        by_entry = {
            view.entry.get("id", ""): self.sheet_key[view.key]
            for view in faction.views
            if view.key is not None and view.key in self.sheet_key
        }
        required: list[DatasheetKey] = []
        for modifier, groups in iter_modifiers(detachment):
            if modifier.get("field") != "error" or modifier.get("type") != "add":
                continue
            wanted = [
                condition.get("childId", "")
                for holder in (modifier, *groups)
                for condition in holder.iter("condition")
                if condition.get("type") == "lessThan"
                and condition.get("value") == "1"
                and condition.get("childId") in by_entry
            ]
            either = any(g.get("type") == "or" for g in modifier.iter("conditionGroup"))
            if len(wanted) == 1 and not either:
                required.append(by_entry[wanted[0]])
            elif wanted:
                # "X or Y" requirements have no field to live in; an admin can finish them.
                self.out.unmapped.append(
                    Unmapped(
                        self.index.entry_file.get(detachment.get("id", ""), ""),
                        detachment.get("id", ""),
                        "detachment requirement not expressed",
                        detachment.get("name", ""),
                        "needs one of: " + ", ".join(by_entry[w][1] for w in wanted),
                    )
                )
        return tuple(sorted(set(required)))

    def _surely_error(self, view: _View, ctx: Ctx) -> bool:
        for element in view.elements:
            for modifier, groups in iter_modifiers(element):
                if modifier.get("field") != "error" or modifier.get("type") != "add":
                    continue
                if not _mentions(modifier, groups, self.index.detachment_ids):
                    continue
                if modifier_applies(self.index, modifier, groups, ctx) is True:
                    return True
        return False

    def enhancement_candidates(self) -> list[tuple[Element, tuple[Element, ...], frozenset[str]]]:
        """Find upgrades that a detachment choice shows or hides: the enhancements."""
        found: list[tuple[Element, tuple[Element, ...], frozenset[str]]] = []
        gates: dict[int, frozenset[str]] = {}
        detachments = self.index.detachment_ids

        def gate(element: Element) -> frozenset[str]:
            cached = gates.get(id(element))
            if cached is None:
                ids: set[str] = set()
                for modifier, groups in iter_modifiers(element):
                    if modifier.get("field") == "hidden":
                        ids.update(_mentioned(modifier, groups, detachments))
                cached = gates[id(element)] = frozenset(ids)
            return cached

        def walk(
            items: Iterable[Element], path: tuple[Element, ...], gated: frozenset[str], depth: int
        ) -> None:
            for child in items:
                if child.tag == "entryLink":
                    target = self.index.target(child)
                    link_gate = gate(child)
                    if target is None or target.tag != "selectionEntryGroup" or not link_gate:
                        continue
                    here = gated | link_gate | gate(target)
                    walk(_entry_children(target), (*path, child, target), here, depth + 1)
                    continue
                if child.tag not in ("selectionEntry", "selectionEntryGroup"):
                    continue
                here = gated | gate(child)
                if child.tag == "selectionEntry":
                    if child.get("type") == "upgrade" and here:
                        found.append((child, path, here))
                    if child.get("type") in UNIT_TYPES:
                        continue
                if depth < 8:
                    walk(_entry_children(child), (*path, child), here, depth + 1)

        for catalogue in self.index.files.values():
            for container in ("sharedSelectionEntryGroups", "sharedSelectionEntries"):
                walk(children(catalogue.root, container), (), frozenset(), 0)
        self.candidates = found
        self.enhancement_ids = {e.get("id", "") for e, _, _ in found}
        self.enhancement_groups = {
            p.get("id", "")
            for _, path, _ in found
            for p in path
            if p.tag == "selectionEntryGroup" and "enhancement" in p.get("name", "").lower()
        }
        return found

    def enhancements_for(
        self,
        faction: _Faction,
        detachment: Element,
        candidates: list[tuple[Element, tuple[Element, ...], frozenset[str]]],
    ) -> None:
        detachment_id = detachment.get("id", "")
        ctx = Ctx(faction.file.id, detachment=detachment_id)
        none = Ctx(faction.file.id, detachment="")
        names: set[str] = set()
        for entry, path, gated in candidates:
            if detachment_id not in gated:
                continue
            chain = (*path, entry)
            if not maybe_visible(self.index, chain, ctx):
                continue
            if not surely_hidden(self.index, chain, none):
                continue
            name = entry.get("name", "").strip()
            if name.lower() in names:
                continue
            names.add(name.lower())
            points = cost_value(self.index, entry)
            if points is not None:
                for modifier, groups in iter_modifiers(entry):
                    if modifier.get("field") == self.index.pts_id and (
                        modifier_applies(self.index, modifier, groups, ctx) is True
                    ):
                        points = apply_number(modifier, points)
            if points is None:
                # Detachment upgrades with no points (e.g. "make this vehicle a CHARACTER")
                # are not enhancements.
                self.out.unmapped.append(
                    Unmapped(
                        self.index.entry_file.get(entry.get("id", ""), ""),
                        entry.get("id", ""),
                        "detachment upgrade without points, not an enhancement",
                        name,
                        detachment.get("name", ""),
                    )
                )
                continue
            self.out.enhancements.append(
                ParsedEnhancement(
                    faction=faction.name,
                    detachment=detachment.get("name", "").strip(),
                    name=name,
                    points=round(points),
                    required_keywords=self.required_keywords(chain, ctx),
                    source_id=entry.get("id", ""),
                )
            )

    def required_keywords(
        self, chain: tuple[Element, ...], ctx: Ctx
    ) -> tuple[tuple[str, ...], ...]:
        """Return keyword alternatives a bearer needs, from "hidden unless ..." modifiers."""
        requirement: list[frozenset[str]] = [frozenset()]
        for element in chain:
            for modifier, groups in iter_modifiers(element):
                if modifier.get("field") != "hidden" or modifier.get("value") != "true":
                    continue
                formula = _and([_holder_formula(self, m, ctx) for m in (modifier, *groups)])
                if not _has_literals(formula):
                    continue
                allowed = _dnf(_not(formula))
                requirement = _minimal(
                    [a | b for a in requirement for b in allowed if a is not None]
                )
        cleaned = {
            tuple(sorted(k for k in alternative if not k.startswith("!")))
            for alternative in requirement
        }
        cleaned.discard(())
        if len(cleaned) != len({a for a in requirement if a}):
            return ()
        return tuple(sorted(cleaned))


# -- small helpers ---------------------------------------------------------------------------


@dataclass(frozen=True)
class _Rule:
    """A slot's or group's bound that changes with the unit's other model counts."""

    key: str
    group: bool
    kind: str
    owners: tuple[Element, ...]
    constraint: Element


@dataclass(frozen=True)
class _Option:
    """A "pick one unit size" option and the model slots it brings."""

    id: str
    name: str
    slots: tuple[ModelSlot, ...]
    rules: tuple[_Rule, ...]


@dataclass
class _Composition:
    """A unit's model slots, their groups, and any "pick one unit size" options."""

    slots: list[ModelSlot] = field(default_factory=list)
    groups: dict[str, SlotGroup] = field(default_factory=dict)
    models: list[Element] = field(default_factory=list)
    rules: list[_Rule] = field(default_factory=list)
    choices: dict[str, list[_Option]] = field(default_factory=lambda: defaultdict(list))
    # Where each choice sits: the group path above its options.
    holder_paths: dict[str, tuple[str, ...]] = field(default_factory=dict)


def _stated_size(option_name: str) -> int | None:
    """Read the unit size an option's name states, e.g. 11 from "1 Runtherd and 10 Gretchin"."""
    if not re.match(r"^\d+\s", option_name.strip()):
        return None
    return sum(int(n) for n in re.findall(r"\b(\d+)\b", option_name)) or None


@dataclass
class _Combination:
    """One pick per unit-size choice: the options picked, the slots and rules they give."""

    picked: tuple[str, ...]
    slots: list[ModelSlot]
    rules: list[_Rule]
    # Selections the picked options take from the groups holding them, by group key.
    taken: dict[str, int]

    def plus(self, other: _Combination) -> _Combination:
        taken = Counter(self.taken)
        taken.update(other.taken)
        return _Combination(
            self.picked + other.picked,
            self.slots + other.slots,
            self.rules + other.rules,
            dict(taken),
        )


def _combinations(comp: _Composition) -> Iterator[_Combination]:
    """Yield each way of picking one option per unit-size choice."""
    combos = [_Combination((), list(comp.slots), list(comp.rules), {})]
    for holder, options in comp.choices.items():
        group = comp.groups.get(holder)
        # A picked option is one selection of each group holding it (BattleScribe counts the
        # option, not the models inside it), so "9 troopers or 7 and a 2-model weapons team".
        path = [key for key in comp.holder_paths.get(holder, ()) if key in comp.groups]
        picks = [
            _Combination((o.id,), list(o.slots), list(o.rules), dict.fromkeys(path, 1))
            for o in options
        ]
        # Optional where the holder is not a "pick one" group: it has models of its own, or
        # needs no selection.
        if group is None or group.minimum == 0 or any(holder in s.groups for s in comp.slots):
            picks.append(_Combination((), [], [], {}))
        combos = [a.plus(b) for a in combos for b in picks][:64]
    yield from combos


def _take_from_groups(
    groups: Mapping[str, SlotGroup], taken: Mapping[str, int]
) -> Mapping[str, SlotGroup]:
    """Return the groups with the selections picked options take out of their bounds."""
    if not taken:
        return groups
    out = dict(groups)
    for key, number in taken.items():
        group = groups[key]
        high = None if group.maximum is None else max(group.maximum - number, 0)
        out[key] = SlotGroup(key, max(group.minimum - number, 0), high)
    return out


@dataclass(frozen=True)
class _Ability:
    name: str
    kind: str
    text: str
    owner: str
    unit_level: bool


def _ability_of(element: Element, owner: str, unit_level: bool) -> _Ability:
    if element.tag == "rule":
        description = element.find("description")
        text = description.text if description is not None and description.text else ""
        return _Ability(element.get("name", ""), "rule", text, owner, unit_level)
    texts = [c.text or "" for c in element.iter("characteristic")]
    return _Ability(
        element.get("name", ""), element.get("typeName", ""), "\n".join(texts), owner, unit_level
    )


def keyword_phrase(text: str, vocabulary: Collection[str]) -> frozenset[str]:
    """Split text into known keywords, longest first ("IMPERIUM BATTLELINE INFANTRY" into
    three); return nothing unless every word belongs to one."""
    words = text.upper().replace(",", " ").split()
    found: set[str] = set()
    start = 0
    while start < len(words):
        for end in range(len(words), start, -1):
            phrase = " ".join(words[start:end])
            if phrase in vocabulary:
                found.add(phrase)
                start = end
                break
        else:
            return frozenset()
    return frozenset(found)


def _is_army_limit(constraint: Element) -> bool:
    return (
        constraint.get("type") == "max"
        and constraint.get("field") == "selections"
        and constraint.get("scope") in ("roster", "force")
    )


def _named_after(category: str, unit: str) -> bool:
    if not category:
        return False
    if category == unit or re.search(rf"(^| ){re.escape(category)}( |$)", unit):
        return True
    return difflib.SequenceMatcher(None, category, unit).ratio() >= 0.85


def _entry_children(element: Element) -> list[Element]:
    return [
        child
        for container in ("selectionEntries", "selectionEntryGroups", "entryLinks")
        for child in children(element, container)
    ]


def _walk_options(
    index: Index, element: Element, path: tuple[Element, ...]
) -> Iterator[tuple[Element, tuple[Element, ...]]]:
    for container in ("selectionEntries", "entryLinks", "selectionEntryGroups"):
        for child in children(element, container):
            target = index.target(child)
            if target is None:
                continue
            if target.tag == "selectionEntryGroup":
                hop = (child, target) if child is not target else (target,)
                yield from _walk_options(index, target, (*path, *hop))
            elif target.get("type") == "upgrade":
                yield target, ((*path, child) if child is not target else path)


def _mentioned(modifier: Element, groups: tuple[Element, ...], ids: frozenset[str]) -> set[str]:
    found = set()
    for holder in (modifier, *groups):
        for condition in holder.iter("condition"):
            child = condition.get("childId", "")
            if child in ids:
                found.add(child)
    return found


def _mentions(modifier: Element, groups: tuple[Element, ...], ids: frozenset[str]) -> bool:
    return bool(_mentioned(modifier, groups, ids))


# Boolean formulas over "the bearer has keyword K" literals, for enhancement restrictions:
# True, False, ("lit", "K" or "!K"), ("and", [...]) or ("or", [...]).
Formula = bool | tuple[str, Any]


def _and(parts: list[Formula]) -> Formula:
    if any(p is False for p in parts):
        return False
    parts = [p for p in parts if p is not True]
    if not parts:
        return True
    return ("and", parts) if len(parts) > 1 else parts[0]


def _or(parts: list[Formula]) -> Formula:
    if any(p is True for p in parts):
        return True
    parts = [p for p in parts if p is not False]
    if not parts:
        return False
    return ("or", parts) if len(parts) > 1 else parts[0]


def _not(formula: Formula) -> Formula:
    if isinstance(formula, bool):
        return not formula
    kind, body = formula
    if kind == "lit":
        return ("lit", body[1:] if body.startswith("!") else "!" + body)
    if kind == "and":
        return _or([_not(p) for p in body])
    return _and([_not(p) for p in body])


def _has_literals(formula: Formula) -> bool:
    if isinstance(formula, bool):
        return False
    kind, body = formula
    if kind == "lit":
        return True
    return any(_has_literals(p) for p in body)


def _dnf(formula: Formula) -> list[frozenset[str]]:
    if formula is True:
        return [frozenset()]
    if formula is False:
        return []
    assert not isinstance(formula, bool)
    kind, body = formula
    if kind == "lit":
        return [frozenset({body})]
    if kind == "or":
        return _minimal([clause for part in body for clause in _dnf(part)])
    result: list[frozenset[str]] = [frozenset()]
    for part in body:
        result = _minimal([a | b for a in result for b in _dnf(part)])
    return result


def _minimal(clauses: list[frozenset[str]]) -> list[frozenset[str]]:
    unique = sorted(set(clauses), key=lambda c: (len(c), sorted(c)))
    out: list[frozenset[str]] = []
    for clause in unique:
        if any(kept <= clause for kept in out):
            continue
        if any(k.startswith("!") and k[1:] in clause for k in clause):
            continue
        out.append(clause)
    return out


def _holder_formula(parser: _Parser, holder: Element, ctx: Ctx) -> Formula:
    parts = [_condition_formula(parser, c, ctx) for c in children(holder, "conditions")]
    parts += [_group_formula(parser, g, ctx) for g in children(holder, "conditionGroups")]
    return _and(parts)


def _group_formula(parser: _Parser, group: Element, ctx: Ctx) -> Formula:
    parts = [_condition_formula(parser, c, ctx) for c in children(group, "conditions")]
    parts += [_group_formula(parser, g, ctx) for g in children(group, "conditionGroups")]
    return _or(parts) if group.get("type") == "or" else _and(parts)


def _condition_formula(parser: _Parser, condition: Element, ctx: Ctx) -> Formula:
    index = parser.index
    child = condition.get("childId", "")
    kind = condition.get("type", "")
    scope = condition.get("scope", "")
    if child in index.categories and scope not in ("roster", "force", "primary-catalogue"):
        keyword = index.category_names.get(child, "").removeprefix(FACTION_PREFIX).upper()
        value = float(condition.get("value") or 0)
        has: bool | None = None
        if (
            kind == "instanceOf"
            or (kind == "atLeast" and value == 1)
            or (kind == "greaterThan" and value == 0)
        ):
            has = True
        elif (
            kind == "notInstanceOf"
            or (kind in ("lessThan",) and value == 1)
            or (kind in ("equalTo", "atMost") and value == 0)
        ):
            has = False
        if has is not None and keyword:
            return ("lit", keyword if has else "!" + keyword)
    decided = condition_value(index, condition, ctx)
    # Anything a roster decides is treated as not hiding the enhancement.
    return decided if decided is not None else False


def parse_bsdata(
    directory: Path, factions: Collection[str] | None = None, *, allow_broken: bool = False
) -> ParsedCatalogue:
    """Parse a BSData directory; with ``factions``, build only what those factions need.

    A link to a missing target raises BsdataError unless ``allow_broken``; then each broken
    link is listed among the unmapped items.
    """
    index = load_index(directory)
    broken = broken_links(index)
    if not allow_broken:
        try:
            refuse_broken(broken)
        except IntegrityError as exc:
            raise BsdataError(str(exc)) from exc
    parser = _Parser(index)
    parser.out.unmapped.extend(
        Unmapped(link.file, link.target, "broken link", link.name, str(link)) for link in broken
    )
    parser.build_factions()
    parser.collect_detachments()
    parser.collect_views()
    parser.assign_keywords()
    parser.assign_owners()
    scope = _scope(parser, factions)
    parser.enhancement_candidates()
    needed = set(scope)
    for name in scope:
        for view in parser.factions[name].views:
            assert view.key is not None
            needed.add(view.key[0])
    for name in list(needed):
        needed.update(parser.chain(name))
    sheets = parser.build_datasheets(needed)
    parser.availability(scope)
    by_key = {sheet.key: sheet for sheet in sheets.values()}
    parser.resolve_leaders(by_key)
    parser.build_detachments(parser.detachment_owners(scope))
    _read_limits(parser, scope)
    out = parser.out
    if parser.warlord_conditional:
        out.notes.append(
            f"{parser.warlord_conditional} warlord options change with roster choices "
            "(base rule recorded)"
        )
    out.scope = frozenset(scope)
    out.factions = [
        ParsedFaction(
            name=f.name,
            slug=slugify(f.name),
            keyword=f.keyword,
            parent=f.parent,
            grand_alliance=f.grand_alliance,
            source_file=f.file.filename,
            catalogue_id=f.file.id,
        )
        for f in sorted(parser.factions.values(), key=lambda f: f.name)
        if f.name in needed
    ]
    out.datasheets = sorted(by_key.values(), key=lambda s: s.key)
    return out


def _read_limits(parser: _Parser, scope: Collection[str]) -> None:
    """Add each faction's army-scope limits, leaving out what an ancestor already states."""
    reader = LimitReader(parser)
    found: dict[str, list[ParsedLimit]] = {}
    for name in sorted(scope):
        chain_keywords = {parser.factions[n].keyword for n in parser.chain(name)}
        limits, failed = reader.read(parser.factions[name], chain_keywords)
        found[name] = limits
        if failed:
            parser.out.unmapped.append(
                Unmapped(
                    parser.factions[name].file.filename,
                    "",
                    "army limit not expressed",
                    name,
                    f"{failed} army-scope limit(s) whose modifiers or conditions the limit "
                    "model cannot state",
                )
            )
    for name in sorted(scope):
        inherited = {
            _limit_fact(limit)
            for ancestor in parser.chain(name)[1:]
            for limit in found.get(ancestor, ())
        }
        parser.out.limits.extend(x for x in found[name] if _limit_fact(x) not in inherited)


def _limit_fact(limit: ParsedLimit) -> str:
    return repr((limit.code, limit.source_id, limit.subject, limit.maximum, limit.steps))


def _scope(parser: _Parser, factions: Collection[str] | None) -> list[str]:
    if not factions:
        return sorted(parser.factions)
    wanted: list[str] = []
    lookup: dict[str, str] = {}
    for name, faction in parser.factions.items():
        lookup[name.lower()] = name
        lookup[slugify(name)] = name
        lookup[faction.file.filename.lower()] = name
    for requested in factions:
        found = lookup.get(requested.lower()) or lookup.get(slugify(requested))
        if found is None:
            raise KeyError(requested)
        wanted.append(found)
    chained = {n for name in wanted for n in parser.chain(name)}
    return sorted(chained)
