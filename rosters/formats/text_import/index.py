"""The catalogue's names, folded for matching, built once and kept warm in the process.

A running server resolves a pasted list without touching the catalogue tables: the index
holds every faction, the datasheets each faction may field, detachments and enhancements,
by normalised name. It is rebuilt when armybuilder.catalogue.freshness says the catalogue
has changed.
"""

from __future__ import annotations

import difflib
import threading
from collections import defaultdict
from dataclasses import dataclass, field

from armybuilder.catalogue.freshness import catalogue_version
from armybuilder.catalogue.models import (
    Availability,
    Datasheet,
    Detachment,
    Enhancement,
    Faction,
    UnitPrice,
    Wargear,
)
from armybuilder.rules import model as core
from rosters.formats.text_import.common import PARENTHETICAL_RE, normalise

SUGGESTIONS = 5
# Names are at most 150 characters; a longer query is cut so difflib's work stays bounded.
MAX_QUERY = 200


@dataclass(frozen=True, slots=True)
class Entry:
    id: int
    name: str
    norm: str
    tokens: frozenset[str]


@dataclass(frozen=True, slots=True)
class Match:
    entry: Entry | None
    # Nearest names when nothing matched, or the several names an ambiguous text fits.
    suggestions: tuple[str, ...] = ()


class NameTable:
    """Names of one kind (a faction's datasheets, say), searchable by folded name."""

    def __init__(self, entries: list[Entry]) -> None:
        self.entries = entries
        self.by_norm: dict[str, Entry] = {}
        # Earlier entries win a clash: callers list a faction's own rows before its parent's.
        for entry in entries:
            self.by_norm.setdefault(entry.norm, entry)

    def find(self, text: str, *, suggest: bool = True) -> Match:
        """Match exactly, then by a unique leading-words or all-words fit; else suggest."""
        query = normalise(text)
        if not query:
            return Match(None)
        exact = self.by_norm.get(query)
        if exact is not None:
            return Match(exact)
        prefixed = [e for e in self.entries if e.norm.startswith(query + " ")]
        if len(_distinct(prefixed)) == 1:
            return Match(prefixed[0])
        words = frozenset(query.split())
        containing = [e for e in self.entries if words <= e.tokens]
        if len(_distinct(containing)) == 1:
            return Match(containing[0])
        if not suggest:
            return Match(None)
        return Match(None, self.suggest(query, prefixed + containing))

    def suggest(self, query: str, also: list[Entry] | None = None) -> tuple[str, ...]:
        names = [e.name for e in also or []]
        close = difflib.get_close_matches(
            query[:MAX_QUERY], list(self.by_norm), n=SUGGESTIONS, cutoff=0.5
        )
        names.extend(self.by_norm[c].name for c in close)
        return tuple(dict.fromkeys(names))[:SUGGESTIONS]

    def names(self) -> list[str]:
        return sorted({e.name for e in self.entries})


def _distinct(entries: list[Entry]) -> set[str]:
    return {e.norm for e in entries}


def _entry(pk: int, name: str) -> Entry:
    norm = normalise(name)
    return Entry(pk, name, norm, frozenset(norm.split()))


@dataclass
class CatalogueIndex:
    version: tuple[object, ...]
    factions: NameTable
    faction_parent: dict[int, int | None]
    faction_names: dict[int, str]
    # Datasheet id -> (min models, max models).
    sizes: dict[int, tuple[int, int]]
    _datasheets: dict[int, Entry]
    _available: dict[int, list[int]]
    _detachments: dict[int, list[Entry]]
    _enhancements: dict[int, list[Entry]]
    # Detachment id -> factions the data hides it from (a chapter barred from a parent's).
    _hidden: dict[int, frozenset[int]] = field(default_factory=dict)
    _tables: dict[object, NameTable] = field(default_factory=dict)
    _prefixes: tuple[str, ...] | None = None
    _brackets: dict[int, dict[int, tuple[tuple[int, int], ...]]] = field(default_factory=dict)
    # Datasheet id -> its Wargear model_types JSON and fill type, turned into facts on use.
    _wargear: dict[int, tuple[list[dict[str, object]], str]] = field(default_factory=dict)
    _wargear_facts: dict[int, core.Datasheet] = field(default_factory=dict)

    def wargear(self, datasheet_id: int, name: str) -> core.Datasheet | None:
        """Return a datasheet's model types as core facts (None where it states none)."""
        found = self._wargear_facts.get(datasheet_id)
        if found is None:
            raw = self._wargear.get(datasheet_id)
            if raw is None or not raw[0]:
                return None
            from armybuilder.catalogue.conversion import model_types_facts

            found = self._wargear_facts[datasheet_id] = core.Datasheet(
                name=name,
                keywords=frozenset(),
                faction_keywords=frozenset(),
                brackets=(),
                model_types=model_types_facts(raw[0]),  # type: ignore[arg-type]
                fill=raw[1],
            )
        return found

    def faction_prefixes(self) -> tuple[str, ...]:
        """Folded faction names, which a unit name may carry in front ("World Eaters X")."""
        if self._prefixes is None:
            self._prefixes = tuple(e.norm for e in self.factions.entries)
        return self._prefixes

    def chain(self, faction_id: int) -> list[int]:
        """Return the faction and its ancestors, nearest first."""
        chain = [faction_id]
        while (parent := self.faction_parent.get(chain[-1])) is not None:
            chain.append(parent)
        return chain

    def datasheets(self, faction_id: int) -> NameTable:
        """Return the datasheets a faction may field."""
        key = ("datasheets", faction_id)
        table = self._tables.get(key)
        if table is None:
            table = self._tables[key] = NameTable(
                [self._datasheets[pk] for pk in self._available.get(faction_id, [])]
            )
        return table

    def all_datasheets(self) -> NameTable:
        table = self._tables.get("all")
        if table is None:
            table = self._tables["all"] = NameTable(list(self._datasheets.values()))
        return table

    def detachments(self, faction_id: int) -> NameTable:
        """Return the detachments of the faction and its ancestors, its own first."""
        key = ("detachments", faction_id)
        table = self._tables.get(key)
        if table is None:
            rows = [
                e
                for f in self.chain(faction_id)
                for e in self._detachments.get(f, [])
                if faction_id not in self._hidden.get(e.id, frozenset())
            ]
            table = self._tables[key] = NameTable(rows)
        return table

    def enhancements(self, detachment_ids: list[int]) -> NameTable:
        """Return the enhancements of these detachments, in the order given."""
        key = ("enhancements", tuple(detachment_ids))
        table = self._tables.get(key)
        if table is None:
            rows = [e for d in detachment_ids for e in self._enhancements.get(d, [])]
            table = self._tables[key] = NameTable(rows)
        return table

    def brackets_preload(
        self, release_id: int, brackets: dict[int, tuple[tuple[int, int], ...]]
    ) -> None:
        """Keep a release's brackets that a caller has already read (the warm snapshot)."""
        self._brackets[release_id] = brackets

    def brackets(self, release_id: int) -> dict[int, tuple[tuple[int, int], ...]]:
        """Return (models, points) brackets per datasheet under a release."""
        found = self._brackets.get(release_id)
        if found is None:
            rows: dict[int, list[tuple[int, int]]] = defaultdict(list)
            for pk, models, points in (
                UnitPrice.objects.filter(release_id=release_id)
                .order_by("models_count")
                .values_list("datasheet_id", "models_count", "points")
            ):
                rows[pk].append((models, points))
            found = self._brackets[release_id] = {k: tuple(v) for k, v in rows.items()}
        return found


_lock = threading.Lock()
_index: CatalogueIndex | None = None


def catalogue_index_build(*, version: tuple[object, ...] | None = None) -> CatalogueIndex:
    """Read the catalogue's names from the database into a fresh index."""
    version = version or catalogue_version()
    faction_rows = list(Faction.objects.values_list("id", "name", "parent_id"))
    sheets = {
        pk: _entry(pk, name)
        for pk, name in Datasheet.objects.order_by("name", "id").values_list("id", "name")
    }
    sizes = {
        pk: (lo, hi)
        for pk, lo, hi in Datasheet.objects.values_list("id", "min_models", "max_models")
    }
    own_faction = dict(Datasheet.objects.values_list("id", "faction_id"))
    available: dict[int, list[int]] = defaultdict(list)
    for faction_id, datasheet_id in Availability.objects.order_by(
        "datasheet__name", "datasheet_id"
    ).values_list("faction_id", "datasheet_id"):
        available[faction_id].append(datasheet_id)
    for faction_id, ids in available.items():
        # A faction's own datasheet wins a name clash with one it borrows.
        ids.sort(key=lambda pk: own_faction.get(pk) != faction_id)
    detachments: dict[int, list[Entry]] = defaultdict(list)
    for pk, name, faction_id in Detachment.objects.order_by("name", "id").values_list(
        "id", "name", "faction_id"
    ):
        detachments[faction_id].append(_entry(pk, name))
    hidden: dict[int, set[int]] = defaultdict(set)
    for detachment_id, faction_id in Detachment.hidden_for.through.objects.values_list(
        "detachment_id", "faction_id"
    ):
        hidden[detachment_id].add(faction_id)
    enhancements: dict[int, list[Entry]] = defaultdict(list)
    for pk, name, detachment_id in Enhancement.objects.order_by("name", "id").values_list(
        "id", "name", "detachment_id"
    ):
        enhancements[detachment_id].append(_entry(pk, name))
    return CatalogueIndex(
        version=version,
        factions=NameTable([_entry(pk, name) for pk, name, _ in faction_rows]),
        faction_parent={pk: parent for pk, _, parent in faction_rows},
        faction_names={pk: name for pk, name, _ in faction_rows},
        sizes=sizes,
        _datasheets=sheets,
        _available=dict(available),
        _detachments=dict(detachments),
        _enhancements=dict(enhancements),
        _hidden={pk: frozenset(v) for pk, v in hidden.items()},
        _wargear={
            pk: (model_types, fill)
            for pk, model_types, fill in Wargear.objects.values_list(
                "datasheet_id", "model_types", "fill"
            )
        },
    )


def catalogue_index() -> CatalogueIndex:
    """Return the warm index, rebuilding it when the catalogue has changed."""
    global _index
    version = catalogue_version()
    with _lock:
        if _index is None or _index.version != version:
            _index = catalogue_index_build(version=version)
        return _index


def catalogue_index_clear(**_: object) -> None:
    """Drop the warm index; the next lookup rebuilds it."""
    global _index
    with _lock:
        _index = None


def without_parenthetical(text: str) -> str:
    return PARENTHETICAL_RE.sub("", text).strip()
