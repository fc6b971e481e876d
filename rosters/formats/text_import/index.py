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
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date

from armybuilder.catalogue.freshness import catalogue_version
from armybuilder.catalogue.models import (
    Availability,
    Datasheet,
    Detachment,
    DetachmentUpgrade,
    Enhancement,
    EnhancementPrice,
    Faction,
    FormerName,
    OptionPrice,
    PointsRelease,
    ReleaseUnitSize,
    UnitPrice,
    Wargear,
)
from armybuilder.catalogue.models_wargear import (
    Version,
    former_option_names,
    wargear_as_of,
    wargear_day,
    wargear_versions,
)
from armybuilder.rules import model as core
from rosters.formats.text_import.common import PARENTHETICAL_RE, normalise
from rosters.formats.text_import.wargear_types import GearNames
from rosters.formats.text_import.written import final_items, nested_profiles, one_edit

SUGGESTIONS = 5
# Names are at most 150 characters; a longer query is cut so difflib's work stays bounded.
MAX_QUERY = 200
# How a name was matched, when not as written: a former name, or a plural or spelling.
READ_FORMER = "former"
READ_VARIANT = "variant"
# A name written another way that only one datasheet near it is priced as (unit_split).
READ_PRICED = "priced"
# A swap of two letters is read only in a name this long (folded, with its spaces).
MIN_SWAPPED = 8


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
    # READ_FORMER or READ_VARIANT when the text is not the entry's name; "" otherwise.
    read_as: str = ""


class NameTable:
    """Names of one kind (a faction's datasheets, say), searchable by folded name.

    ``former`` maps folded former names (the same BSData id under an older name) to the
    entries they now are. A former name counts only where it is unambiguous: not a name
    of the table, not shared by two entries, and not the start of another entry's name
    ("Scourges" once one datasheet, now starts two).
    """

    def __init__(
        self,
        entries: list[Entry],
        former: Iterable[tuple[str, Entry]] = (),
        *,
        in_force: Iterable[tuple[str, Entry]] = (),
        longer: bool = False,
        heads: bool = False,
    ) -> None:
        self.entries = entries
        self.by_norm: dict[str, Entry] = {}
        # Earlier entries win a clash: callers list a faction's own rows before its parent's.
        for entry in entries:
            self.by_norm.setdefault(entry.norm, entry)
        self._skeletons: dict[str, dict[str, Entry]] | None = None
        self._bones: list[frozenset[str]] | None = None
        self._heads: list[tuple[Entry, str]] | None = None
        # Former names that were still the names at the table's release come first: two
        # entries may have had one name at different times ("Aura of Terror").
        self.in_force = self._unambiguous(in_force)
        self.former = {
            norm: entry
            for norm, entry in self._unambiguous(former).items()
            if norm not in self.in_force
        }
        # A text may run on past the name: "Berzerker Glaive Relic", "Shield Host 2000".
        self.longer = longer
        # A text may give only the name's last word, less "Squad" (a unit's, see _headed).
        self.heads = heads

    def _unambiguous(self, former: Iterable[tuple[str, Entry]]) -> dict[str, Entry]:
        targets: dict[str, set[str]] = defaultdict(set)
        found: dict[str, Entry] = {}
        for norm, entry in former:
            if norm and norm not in self.by_norm:
                targets[norm].add(entry.norm)
                found.setdefault(norm, entry)
        return {
            norm: entry
            for norm, entry in found.items()
            if len(targets[norm]) == 1
            and not any(
                e.norm.startswith(norm + " ") and e.norm != entry.norm for e in self.entries
            )
        }

    def find(self, text: str, *, suggest: bool = True) -> Match:
        """Match exactly, by a former name (one in force at the table's release first), by a
        unique leading-words or all-words fit, by a unique plural or spelling variant, by
        the longest name the text starts with (where the table allows); else suggest."""
        query = normalise(text)
        if not query:
            return Match(None)
        exact = self.by_norm.get(query)
        if exact is not None:
            return Match(exact)
        former = self.in_force.get(query) or self.former.get(query)
        if former is not None:
            return Match(former, read_as=READ_FORMER)
        prefixed = [e for e in self.entries if e.norm.startswith(query + " ")]
        if len(_distinct(prefixed)) == 1:
            return Match(prefixed[0])
        words = frozenset(query.split())
        containing = [e for e in self.entries if words <= e.tokens]
        if len(_distinct(containing)) == 1:
            return Match(containing[0])
        variant = self._variant(query)
        if variant is not None:
            return variant
        # The words in another order and number: "Centurions Devastators".
        bones = frozenset(skeleton(query).split())
        if self._bones is None:
            self._bones = [frozenset(skeleton(e.norm).split()) for e in self.entries]
        reordered = [e for e, its in zip(self.entries, self._bones, strict=True) if bones <= its]
        if len(_distinct(reordered)) == 1 and len(bones) >= 2:
            return Match(reordered[0], read_as=READ_VARIANT)
        headed = self._headed(query) if self.heads else None
        if headed is not None:
            return Match(headed, read_as=READ_VARIANT)
        if self.longer:
            starts = [e for e in self.entries if query.startswith(e.norm + " ")]
            longest = max((len(e.norm) for e in starts), default=0)
            starts = [e for e in starts if len(e.norm) == longest]
            if len(_distinct(starts)) == 1:
                return Match(starts[0], read_as=READ_VARIANT)
        if not suggest:
            return Match(None)
        return Match(None, self.suggest(query, prefixed + containing))

    def _variant(self, query: str) -> Match | None:
        """Read a plural or a simple spelling variant as the one name it can be."""
        if self._skeletons is None:
            found: dict[str, dict[str, Entry]] = defaultdict(dict)
            named = (*self.by_norm.items(), *self.in_force.items(), *self.former.items())
            for norm, entry in named:
                found[_compact(norm)].setdefault(entry.norm, entry)
            self._skeletons = found
        hits = self._skeletons.get(_compact(query), {})
        if len(hits) == 1:
            return Match(next(iter(hits.values())), read_as=READ_VARIANT)
        # Two neighbouring letters swapped in one word ("Deamon Prince"), where exactly one
        # name fits: a slip of typing, unlike a letter written for another ("Rhyno").
        if len(query) < MIN_SWAPPED:
            return None
        swapped: dict[str, Entry] = {}
        for i in range(len(query) - 1):
            a, b = query[i], query[i + 1]
            if a == b or not a.isalpha() or not b.isalpha():
                continue
            fixed = query[:i] + b + a + query[i + 2 :]
            for norm, entry in self._skeletons.get(_compact(fixed), {}).items():
                swapped.setdefault(norm, entry)
        if len(swapped) == 1:
            return Match(next(iter(swapped.values())), read_as=READ_VARIANT)
        return None

    def _headed(self, query: str) -> Entry | None:
        """The one name the text ends, less a last "Squad": a unit named by its last word
        ("5 Terminator": "Brotherhood Terminator Squad", not "Inquisitor in Terminator
        Armour", whose last word is another); else the one whose last word the text's is
        but for one letter of a long word ("Chapelain": "Brotherhood Chaplain")."""
        bones = skeleton(query)
        if self._heads is None:
            self._heads = [(e, _head(e.norm)) for e in self.entries]
        heads = self._heads
        found = [e for e, head in heads if head == bones or head.endswith(" " + bones)]
        if not found:
            *before, last = bones.split()
            found = [
                e
                for e, head in heads
                if head.split()[-len(before) - 1 : -1] == before
                and one_edit(last, head.rpartition(" ")[2])
            ]
        return found[0] if len(_distinct(found)) == 1 else None

    def suggest(self, query: str, also: list[Entry] | None = None) -> tuple[str, ...]:
        names = [e.name for e in also or []]
        close = difflib.get_close_matches(
            query[:MAX_QUERY], list(self.by_norm), n=SUGGESTIONS, cutoff=0.5
        )
        names.extend(self.by_norm[c].name for c in close)
        return tuple(dict.fromkeys(names))[:SUGGESTIONS]

    def names(self) -> list[str]:
        return sorted({e.name for e in self.entries})


def skeleton(norm: str) -> str:
    """Fold a folded name further, for plurals and simple spellings: "khorne berserkers",
    "Khorne Berzerkers" and "khorne berzerker" share one skeleton; "chaos rhyno" and
    "chaos rhino" do not (a misspelling is suggested, never guessed)."""
    words = (word.replace("z", "s") for word in norm.split())
    return " ".join(
        word[:-3] + "y" if word.endswith("ies") else word.rstrip("s") or word for word in words
    )


def _head(norm: str) -> str:
    """A unit's name to its last word less a last "Squad", as a skeleton: "brotherhood
    terminator" of "Brotherhood Terminator Squad"."""
    bones = skeleton(norm)
    head = bones.removesuffix(" squad")
    return head or bones


def _compact(norm: str) -> str:
    """A skeleton without its spaces: "Battle Clade" and "Battleclade" are one name."""
    return skeleton(norm).replace(" ", "")


def _distinct(entries: list[Entry]) -> set[str]:
    return {e.norm for e in entries}


def name_entry(pk: int, name: str) -> Entry:
    """A name table's entry for a row: its name folded once, and the folded words."""
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
    # Kind ("datasheet", "detachment", "enhancement") -> entity id -> its folded former
    # names, each with the date of the last release that still used it.
    _former: dict[str, dict[int, list[tuple[str, date]]]] = field(default_factory=dict)
    # Kind -> id -> the date of the last release that had it, for what the latest data lacks.
    _retired: dict[str, dict[int, date]] = field(default_factory=dict)
    # Release id -> its date; a release offers what was not retired before that date.
    _release_dates: dict[int, date] = field(default_factory=dict)
    _tables: dict[object, NameTable] = field(default_factory=dict)
    _prefixes: tuple[str, ...] | None = None
    _brackets: dict[int, dict[int, tuple[tuple[int, int], ...]]] = field(default_factory=dict)
    # Datasheet id -> folded option name -> (option name, models per option), any release.
    options: dict[int, dict[str, tuple[str, int]]] = field(default_factory=dict)
    # Detachment id -> folded upgrade name -> (upgrade id, upgrade name).
    upgrades: dict[int, dict[str, tuple[int, str]]] = field(default_factory=dict)
    # Release id -> datasheet id -> (min, max) models, for releases that record them.
    _release_sizes: dict[int, dict[int, tuple[int, int]]] = field(default_factory=dict)
    # Datasheet id -> its Wargear model_types JSON and fill type, turned into facts on use.
    _wargear: dict[int, tuple[list[dict[str, object]], str]] = field(default_factory=dict)
    _wargear_facts: dict[tuple[int, date | None], core.Datasheet] = field(default_factory=dict)
    # Datasheet id -> its older wargear (models_wargear.Version), for older releases.
    _wargear_versions: dict[int, tuple[Version, ...]] = field(default_factory=dict)
    _current_release: int | None = None
    # Datasheet id -> option -> the names of the weapon profiles it holds.
    _profiles: dict[int, tuple[tuple[str, tuple[str, ...]], ...]] = field(default_factory=dict)
    # Datasheet id -> folded former option name -> the option it is now (an alias source,
    # such as the monthly data history); read with the profiles by gear_names.
    gear_aliases: dict[int, dict[str, str]] = field(default_factory=dict)
    _gear_names: dict[int, GearNames] = field(default_factory=dict)
    # Release id -> the detachments whose enhancements it prices, read on first use.
    _priced: dict[int, frozenset[int]] = field(default_factory=dict)
    # Folded datasheet name -> every datasheet of that name, built on first use.
    _by_norm: dict[str, list[Entry]] | None = None
    # Datasheet id -> its ability names (the Wargear row's ``abilities``).
    _abilities: dict[int, tuple[str, ...]] = field(default_factory=dict)

    def gear_names(self, datasheet_id: int) -> GearNames:
        """Return the names a datasheet's options are also found by: their weapon
        profiles and former names (wargear_names.GearNames), built once."""
        found = self._gear_names.get(datasheet_id)
        if found is None:
            aliases = self.gear_aliases.get(datasheet_id, {})
            final = self._wargear.get(datasheet_id, ([], ""))[0]
            found = self._gear_names[datasheet_id] = GearNames(
                profiles=_with_nested(self._profiles.get(datasheet_id, ()), final),
                aliases=tuple(sorted(aliases.items())),
                units=tuple(
                    norm for norm, _ in self._former.get("datasheet", {}).get(datasheet_id, ())
                ),
                abilities=self._abilities.get(datasheet_id, ()),
                final_items=final_items(final),
            )
        return found

    def former_names(self, kind: str, entity_id: int) -> set[str]:
        """The folded former names of a datasheet, detachment or enhancement."""
        return {norm for norm, _ in self._former.get(kind, {}).get(entity_id, ())}

    def wargear(
        self, datasheet_id: int, name: str, release_id: int | None = None
    ) -> core.Datasheet | None:
        """Return a datasheet's model types as core facts (None where it states none): as
        the data stated them in an older release's month, else the final data's."""
        raw = self._wargear.get(datasheet_id)
        since: date | None = None
        if release_id is not None and release_id != self._current_release:
            day = self._release_dates.get(release_id)
            sizes = self.release_sizes(release_id)
            if day is not None:
                following = self._following(release_id)
                day = wargear_day(
                    day=day,
                    following=None if following is None else self._release_dates.get(following),
                    recorded=not sizes or datasheet_id in sizes,
                )
            older = wargear_as_of(self._wargear_versions.get(datasheet_id, ()), day)
            if older is not None:
                raw, since = (older.model_types, older.fill), older.since
        found = self._wargear_facts.get((datasheet_id, since))
        if found is None:
            if raw is None or not raw[0]:
                return None
            from armybuilder.catalogue.conversion import model_types_facts

            found = self._wargear_facts[(datasheet_id, since)] = core.Datasheet(
                name=name,
                keywords=frozenset(),
                faction_keywords=frozenset(),
                brackets=(),
                model_types=model_types_facts(raw[0]),
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

    def offered(self, kind: str, pk: int, release_id: int | None) -> bool:
        """Tell whether a release has this datasheet, detachment or enhancement.

        Without a release, everything is offered. A row only older data has is offered up
        to the last release that had it; a release that records its unit sizes offers
        exactly the datasheets it records.
        """
        if release_id is None:
            return True
        last = self._retired.get(kind, {}).get(pk)
        day = self._release_dates.get(release_id)
        if last is not None and (day is None or day > last):
            return False
        if kind == "datasheet":
            sizes = self.release_sizes(release_id)
            if not sizes or pk in sizes:
                return True
            # The data follows the game by weeks: a datasheet the next month's data records
            # was in the game already ("Tzaangor Enlightened with Fatecaster greatbows" in
            # June 2025, Necron Warriors in July 2023). A next release that records no sizes
            # (the final data) offers what it has.
            following = self._following(release_id)
            if following is None:
                return False
            later = self.release_sizes(following)
            return not later or pk in later
        return True

    def _following(self, release_id: int) -> int | None:
        """The release published next after this one, if any."""
        day = self._release_dates.get(release_id)
        if day is None:
            return None
        later = [(d, pk) for pk, d in self._release_dates.items() if d > day]
        return min(later)[1] if later else None

    def _table(self, kind: str, release_id: int | None, entries: list[Entry]) -> NameTable:
        kept = [e for e in entries if self.offered(kind, e.id, release_id)]
        former = self._former.get(kind, {})
        day = self._release_dates.get(release_id) if release_id is not None else None
        names = [(norm, seen, e) for e in kept for norm, seen in former.get(e.id, ())]
        return NameTable(
            kept,
            ((norm, e) for norm, seen, e in names if day is None or seen < day),
            in_force=((norm, e) for norm, seen, e in names if day is not None and seen >= day),
            longer=kind != "datasheet",
            heads=kind == "datasheet",
        )

    def datasheets(self, faction_id: int, release_id: int | None = None) -> NameTable:
        """Return the datasheets a faction may field (under a release, when given)."""
        key = ("datasheets", faction_id, release_id)
        table = self._tables.get(key)
        if table is None:
            table = self._tables[key] = self._table(
                "datasheet",
                release_id,
                [self._datasheets[pk] for pk in self._available.get(faction_id, [])],
            )
        return table

    def size(self, datasheet_id: int, release_id: int | None = None) -> tuple[int, int]:
        """Return the fewest and most models a datasheet may have under a release."""
        if release_id is not None:
            found = self.release_sizes(release_id).get(datasheet_id)
            if found is not None:
                return found
        return self.sizes[datasheet_id]

    def sizes_preload(self, release_id: int, sizes: dict[int, tuple[int, int]]) -> None:
        """Keep a release's unit sizes that a caller has already read (the warm snapshot)."""
        self._release_sizes[release_id] = sizes

    def release_sizes(self, release_id: int) -> dict[int, tuple[int, int]]:
        """Return the unit sizes a release records (empty when it records none)."""
        found = self._release_sizes.get(release_id)
        if found is None:
            found = self._release_sizes[release_id] = {
                pk: (lo, hi)
                for pk, lo, hi in ReleaseUnitSize.objects.filter(release_id=release_id).values_list(
                    "datasheet_id", "min_models", "max_models"
                )
            }
        return found

    def predecessor(self, faction_id: int, release_id: int | None, entry: Entry) -> Entry | None:
        """The one datasheet of the same name a release offers, where the faction's own
        datasheet of that name is not offered then: later data gave the faction a copy of
        a unit it had fielded from another catalogue (World Eaters' Flesh Hounds, Death
        Guard's Nurglings, the Chaos Daemons datasheets until 2025)."""
        if release_id is None or self.offered("datasheet", entry.id, release_id):
            return None
        if self._by_norm is None:
            found: dict[str, list[Entry]] = defaultdict(list)
            for sheet in self._datasheets.values():
                found[sheet.norm].append(sheet)
            self._by_norm = found
        others = [
            e
            for e in self._by_norm.get(entry.norm, ())
            if e.id != entry.id and self.offered("datasheet", e.id, release_id)
        ]
        return others[0] if len(others) == 1 else None

    def all_datasheets(self) -> NameTable:
        table = self._tables.get("all")
        if table is None:
            table = self._tables["all"] = NameTable(list(self._datasheets.values()))
        return table

    def detachments(self, faction_id: int, release_id: int | None = None) -> NameTable:
        """Return the detachments of the faction and its ancestors, its own first."""
        key = ("detachments", faction_id, release_id)
        table = self._tables.get(key)
        if table is None:
            rows = [
                e
                for f in self.chain(faction_id)
                for e in self._detachments.get(f, [])
                if faction_id not in self._hidden.get(e.id, frozenset())
            ]
            table = self._tables[key] = self._table("detachment", release_id, rows)
        return table

    def only_detachment(self, faction_id: int, release_id: int | None) -> Entry | None:
        """The faction's one detachment in a dated older release, where that month's data
        prices the enhancements of exactly one (the index months had one a faction)."""
        if release_id is None or release_id == self._current_release:
            return None
        priced = self._priced.get(release_id)
        if priced is None:
            priced = self._priced[release_id] = frozenset(
                EnhancementPrice.objects.filter(release_id=release_id)
                .values_list("enhancement__detachment_id", flat=True)
                .distinct()
            )
        found = [e for e in self.detachments(faction_id, release_id).entries if e.id in priced]
        return found[0] if len(found) == 1 else None

    def enhancements(self, detachment_ids: list[int], release_id: int | None = None) -> NameTable:
        """Return the enhancements of these detachments, in the order given."""
        key = ("enhancements", tuple(detachment_ids), release_id)
        table = self._tables.get(key)
        if table is None:
            rows = [e for d in detachment_ids for e in self._enhancements.get(d, [])]
            table = self._tables[key] = self._table("enhancement", release_id, rows)
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
        pk: name_entry(pk, name)
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
        detachments[faction_id].append(name_entry(pk, name))
    hidden: dict[int, set[int]] = defaultdict(set)
    for detachment_id, faction_id in Detachment.hidden_for.through.objects.values_list(
        "detachment_id", "faction_id"
    ):
        hidden[detachment_id].add(faction_id)
    enhancements: dict[int, list[Entry]] = defaultdict(list)
    for pk, name, detachment_id in Enhancement.objects.order_by("name", "id").values_list(
        "id", "name", "detachment_id"
    ):
        enhancements[detachment_id].append(name_entry(pk, name))
    options: dict[int, dict[str, tuple[str, int]]] = defaultdict(dict)
    for datasheet_id, name in OptionPrice.objects.values_list("datasheet_id", "name").distinct():
        # "3 Hunting Wolves" is an option of three models: "3x Hunting Wolves" names it too.
        block, _, bare = name.partition(" ")
        if block.isdigit() and bare:
            options[datasheet_id].setdefault(normalise(bare), (name, int(block)))
        options[datasheet_id][normalise(name)] = (name, 1)
    upgrades: dict[int, dict[str, tuple[int, str]]] = defaultdict(dict)
    for pk, name, detachment_id in DetachmentUpgrade.objects.values_list(
        "id", "name", "detachment_id"
    ):
        upgrades[detachment_id][normalise(name)] = (pk, name)
    wargear = list(
        Wargear.objects.values_list("datasheet_id", "model_types", "fill", "weapons", "abilities")
    )
    former: dict[str, dict[int, list[tuple[str, date]]]] = defaultdict(lambda: defaultdict(list))
    retired: dict[str, dict[int, date]] = {}
    for kind, model in (
        ("datasheet", Datasheet),
        ("detachment", Detachment),
        ("enhancement", Enhancement),
    ):
        for pk, name, seen in FormerName.objects.filter(**{f"{kind}__isnull": False}).values_list(
            f"{kind}_id", "name", "last_seen"
        ):
            former[kind][pk].append((normalise(name), seen))
        retired[kind] = dict(
            model.objects.filter(last_release__isnull=False).values_list(
                "id", "last_release__published"
            )
        )
    # A faction only older data has (Ynnari) has no former names of its own.
    retired["faction"] = dict(
        Faction.objects.filter(last_release__isnull=False).values_list(
            "id", "last_release__published"
        )
    )
    return CatalogueIndex(
        version=version,
        options=dict(options),
        upgrades=dict(upgrades),
        factions=NameTable([name_entry(pk, name) for pk, name, _ in faction_rows]),
        faction_parent={pk: parent for pk, _, parent in faction_rows},
        faction_names={pk: name for pk, name, _ in faction_rows},
        sizes=sizes,
        _datasheets=sheets,
        _available=dict(available),
        _detachments=dict(detachments),
        _enhancements=dict(enhancements),
        _hidden={pk: frozenset(v) for pk, v in hidden.items()},
        _former={kind: dict(v) for kind, v in former.items()},
        _retired=retired,
        _release_dates=dict(PointsRelease.objects.values_list("id", "published")),
        _wargear={pk: (model_types, fill) for pk, model_types, fill, _, _ in wargear},
        _wargear_versions=wargear_versions(),
        _current_release=PointsRelease.objects.filter(is_current=True)
        .values_list("id", flat=True)
        .first(),
        _profiles={pk: _profile_names(weapons) for pk, _, _, weapons, _ in wargear if weapons},
        _abilities={pk: tuple(map(str, names)) for pk, _, _, _, names in wargear if names},
        gear_aliases={
            sheet: {normalise(name): option for name, option in names.items()}
            for sheet, names in former_option_names().items()
        },
    )


def _with_nested(
    profiles: tuple[tuple[str, tuple[str, ...]], ...], model_types: list[dict[str, object]]
) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The options' profiles, with the items their own choices offer (written.py)."""
    nested = dict(nested_profiles(model_types))
    if not nested:
        return profiles
    held = dict(profiles)
    for option, items in nested.items():
        held[option] = (*held.get(option, ()), *items)
    return tuple(sorted(held.items()))


def _profile_names(
    weapons: dict[str, list[list[object]]],
) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Option -> its profiles' names, from a Wargear row's ``weapons`` JSON."""
    return tuple(
        (option, tuple(str(p[1]) for p in profiles if len(p) > 1))
        for option, profiles in sorted(weapons.items())
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
