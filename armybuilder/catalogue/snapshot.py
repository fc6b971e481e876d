"""A warm, immutable snapshot of what checking a list needs, so a check runs without SQL.

validate_list, POST /api/validate/, POST /api/import/ and the import page check lists
from one CatalogueSnapshot per points release: the name index (names and folded
aliases), every datasheet as the rules core's facts priced under the release (keywords,
brackets, leaders, transport pools), detachments, enhancements, each faction's army
rules, and a hook for constraint facts. Rows become facts through
armybuilder.catalogue.conversion, the same functions rosters.services uses for saved
rosters. Saving a roster still goes through the database.

Freshness: snapshots are keyed by release and armybuilder.catalogue.freshness's
catalogue_version(). A change made in this process is seen at once (generation() moves,
at no query's cost); one made by another process is seen within MAX_AGE_SECONDS, when one
query re-reads the catalogue key. Between those checks a list costs no query at all.
"""

from __future__ import annotations

import threading
import time
from collections import defaultdict
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from types import MappingProxyType
from typing import Any, Final

from django.utils.translation import gettext_lazy

from armybuilder import rules
from armybuilder.catalogue import conversion
from armybuilder.catalogue.freshness import catalogue_version, generation
from armybuilder.catalogue.models import (
    AllyRule,
    ArmyLimit,
    Datasheet,
    Detachment,
    DetachmentUpgrade,
    DetachmentUpgradePrice,
    DetachmentUpgradeUnit,
    Enhancement,
    EnhancementPrice,
    Faction,
    FormerName,
    OptionPrice,
    PointsRelease,
    ReleaseUnitSize,
    TransportPool,
    UnitPrice,
    Wargear,
)
from armybuilder.catalogue.models_wargear import wargear_as_of, wargear_day, wargear_versions
from armybuilder.catalogue.month_facts import forbidden_in_force, limits_in_force
from armybuilder.rules import model as core
from rosters.formats.text_import.index import CatalogueIndex, catalogue_index_build

MAX_AGE_SECONDS: Final = 5.0
_EMPTY: Final[Mapping[int, tuple[object, ...]]] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class ReleaseFacts:
    id: int
    name: str
    is_current: bool
    published: date | None = None


@dataclass(frozen=True, slots=True)
class Releases:
    """Every points release, found by id or by name in any case."""

    by_id: Mapping[int, ReleaseFacts]
    by_name: Mapping[str, ReleaseFacts]
    current: ReleaseFacts | None

    def named(self, name: str) -> ReleaseFacts | None:
        return self.by_name.get(name.casefold())

    def as_of(self, day: date) -> ReleaseFacts | None:
        """The release in force on a day: the latest published on or before it."""
        # Ties on a date go to the later-made release, as the admin lists them.
        found = [r for r in self.by_id.values() if r.published is not None and r.published <= day]
        return max(found, key=lambda r: (r.published, r.id), default=None)


@dataclass(frozen=True, slots=True)
class FactionFacts:
    id: int
    name: str
    keyword: str
    parent_id: int | None
    rules: conversion.FactionRules
    # The core's Army.kin_keywords: other faction keywords its own datasheets carry.
    kin_keywords: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class DetachmentFacts:
    id: int
    name: str
    faction_id: int
    # Under the detachment's own faction keyword; for_army() gives it the army's.
    facts: core.Detachment

    def for_army(self, faction: FactionFacts) -> core.Detachment:
        keyword, _, _, chain_ids, _ = faction.rules
        return conversion.detachment_for_army(
            facts=self.facts, faction_id=self.faction_id, army_keyword=keyword, chain_ids=chain_ids
        )


@dataclass(frozen=True, slots=True)
class CheckUnit:
    """One unit of a list being checked; its key is the id the rules core reports it by."""

    key: str
    datasheet_id: int
    datasheet: core.Datasheet
    models: int
    enhancement: core.Enhancement | None = None
    warlord: bool = False
    options: tuple[core.PricedOption, ...] = ()
    upgrades: tuple[core.Upgrade, ...] = ()
    # Empty: the datasheet's default wargear.
    loadout: tuple[core.Loadout, ...] = ()
    # Wargear lines of the list that could not be placed (WARGEAR_UNREAD).
    unread: tuple[core.UnreadGear, ...] = ()


# A unit's priced options (name, count) and detachment upgrades (upgrade id, count).
UnitExtras = tuple[Sequence[tuple[str, int]], Sequence[tuple[int, int]]]


@dataclass(frozen=True, slots=True)
class CheckDraft:
    """An unsaved list built from the snapshot alone (result_json's DraftLike)."""

    name: str
    faction: FactionFacts
    detachment: DetachmentFacts | None
    battle_size: str
    profile: str
    release: ReleaseFacts
    units: tuple[CheckUnit, ...]
    # An imported list that marks no Warlord (the core's Army.warlord_open).
    warlord_open: bool = False
    # Detachments a list names beside the first (DETACHMENT_REQUIRED judges them).
    more_detachments: tuple[DetachmentFacts, ...] = ()


@dataclass(frozen=True)
class CatalogueSnapshot:
    key: tuple[object, ...]
    release: ReleaseFacts
    releases: Releases
    index: CatalogueIndex
    factions: Mapping[int, FactionFacts]
    # Datasheet id -> the core's facts, priced under the release.
    datasheets: Mapping[int, core.Datasheet]
    detachments: Mapping[int, DetachmentFacts]
    enhancements: Mapping[int, core.Enhancement]
    # Datasheet id -> constraint facts, for the checks that read them as they land.
    constraints: Mapping[int, tuple[object, ...]] = field(default_factory=lambda: _EMPTY)
    # Detachment upgrade id -> the core's Upgrade priced under the release, taken once.
    upgrades: Mapping[int, core.Upgrade] = field(default_factory=lambda: MappingProxyType({}))
    # Detachment id -> upgrade name casefolded -> upgrade id.
    upgrade_names: Mapping[int, Mapping[str, int]] = field(
        default_factory=lambda: MappingProxyType({})
    )
    # (datasheet id, option name casefolded) -> (option name, points).
    options: Mapping[tuple[int, str], tuple[str, int]] = field(
        default_factory=lambda: MappingProxyType({})
    )

    def option(self, datasheet_id: int, name: str, count: int) -> core.PricedOption:
        """Price a unit's option by name; one the release does not price costs nothing."""
        found = self.options.get((datasheet_id, name.casefold()))
        if found is None:
            return core.PricedOption(name=name, points=0, count=count)
        return core.PricedOption(name=found[0], points=found[1], count=count)

    def draft(
        self,
        *,
        faction_id: int,
        detachment_id: int | None,
        battle_size: str,
        profile: str,
        units: Sequence[tuple[str, int, int, int | None, bool]],
        name: str = "",
        extras: Mapping[str, UnitExtras] | None = None,
        loadouts: Mapping[str, tuple[core.Loadout, ...]] | None = None,
        unread: Mapping[str, tuple[core.UnreadGear, ...]] | None = None,
        warlord_open: bool = False,
        other_detachment_ids: Sequence[int] = (),
        later_detachments: Sequence[str] = (),
        later_enhancements: Mapping[str, str] | None = None,
    ) -> CheckDraft:
        """Build a list from (key, datasheet id, models, enhancement id, warlord) per unit,
        with ``extras`` giving units (by key) their priced options and upgrades, the
        wargear ``loadouts`` stated by unit key (others take the defaults) and the wargear
        lines left ``unread``; ``warlord_open`` for an imported list that marks no
        Warlord. A list naming several detachments has the known ones beside the first in
        ``other_detachment_ids``; ``later_detachments`` names those the catalogue lacks and
        ``later_enhancements`` the units' enhancements of them by key, as written
        (Detachment.known)."""
        extras = extras or {}
        stated = loadouts or {}
        unplaced = unread or {}
        faction = self.factions[faction_id]
        named = [self.detachments[pk] for pk in (detachment_id, *other_detachment_ids) if pk]
        named += [_later_detachment(text, faction) for text in later_detachments]
        later = later_enhancements or {}
        owner = named[-1] if later_detachments else None
        return CheckDraft(
            name=name,
            faction=faction,
            detachment=named[0] if named else None,
            more_detachments=tuple(named[1:]),
            battle_size=battle_size,
            profile=profile,
            release=self.release,
            units=tuple(
                CheckUnit(
                    key=key,
                    datasheet_id=sheet_id,
                    datasheet=self.datasheets[sheet_id],
                    models=models,
                    enhancement=(
                        self.enhancements[enh_id]
                        if enh_id is not None
                        else _later_enhancement(later.get(key), owner)
                    ),
                    warlord=warlord,
                    options=tuple(
                        self.option(sheet_id, option, count)
                        for option, count in extras.get(key, ((), ()))[0]
                    ),
                    upgrades=tuple(
                        replace(self.upgrades[pk], count=count)
                        for pk, count in extras.get(key, ((), ()))[1]
                        if pk in self.upgrades
                    ),
                    loadout=stated.get(key, ()),
                    unread=unplaced.get(key, ()),
                )
                for key, sheet_id, models, enh_id, warlord in units
            ),
            warlord_open=warlord_open,
        )

    def army(self, draft: CheckDraft) -> core.Army:
        """Turn a list into the rules core's Army, reading nothing but the snapshot."""
        keyword, excluded, allies, _, limits = draft.faction.rules
        return core.Army(
            faction=draft.faction.name,
            faction_keyword=keyword,
            battle_size=core.BattleSize(draft.battle_size),
            units=tuple(
                core.Unit(
                    id=u.key,
                    datasheet=u.datasheet,
                    models=u.models,
                    enhancements=(u.enhancement,) if u.enhancement is not None else (),
                    warlord=u.warlord,
                    options=u.options,
                    upgrades=u.upgrades,
                    loadout=u.loadout,
                    unread=u.unread,
                )
                for u in draft.units
            ),
            detachments=tuple(
                d.for_army(draft.faction)
                for d in (draft.detachment, *draft.more_detachments)
                if d is not None
            ),
            allies=allies,
            excluded_keywords=excluded,
            name=draft.name,
            limits=limits,
            warlord_open=draft.warlord_open,
            kin_keywords=draft.faction.kin_keywords,
        )

    def validate(
        self, draft: CheckDraft, declaration: core.Declaration | None = None
    ) -> core.Result:
        return rules.validate(self.army(draft), declaration, draft.profile)


def _later_detachment(name: str, faction: FactionFacts) -> DetachmentFacts:
    """A detachment the catalogue has no data for, known only by the name a list gives."""
    facts = core.Detachment(
        name=name, faction_keyword=faction.rules[0], enhancements_stated=False, known=False
    )
    # No row holds it: id 0 is no detachment's primary key.
    return DetachmentFacts(id=0, name=name, faction_id=faction.id, facts=facts)


def _later_enhancement(
    name: str | None, detachment: DetachmentFacts | None
) -> core.Enhancement | None:
    """An enhancement of a later detachment, as written; its points are not known."""
    if name is None or detachment is None:
        return None
    return core.Enhancement(name=name, points=0, detachment=detachment.name, known=False)


def releases_load() -> Releases:
    rows = [
        ReleaseFacts(pk, name, current, published)
        # Drafts are staff-only: a list is never checked under an unpublished release.
        for pk, name, current, published in PointsRelease.objects.published()
        .order_by("id")
        .values_list("id", "name", "is_current", "published")
    ]
    return Releases(
        by_id=MappingProxyType({r.id: r for r in rows}),
        by_name=MappingProxyType({r.name.casefold(): r for r in rows}),
        current=next((r for r in rows if r.is_current), None),
    )


def _factions(in_force: Collection[str] | None = None) -> dict[int, FactionFacts]:
    """Every faction's facts; with ``in_force`` (the detachments an older month had), its
    army limits as that month had them (month_facts.limits_in_force)."""
    rows = list(
        Faction.objects.values_list("id", "name", "keyword", "parent_id", "last_release_id")
    )
    tree = [row[:4] for row in rows]
    retired = {row[0] for row in rows if row[4] is not None}
    allies: dict[int, list[core.Allowance]] = defaultdict(list)
    for faction_id, keyword, cap in AllyRule.objects.order_by("id").values_list(
        "faction_id", "keyword", "points_cap"
    ):
        allies[faction_id].append(core.Allowance(keyword=keyword, points_cap=cap))
    parents = {pk: parent for pk, _, _, parent in tree}
    keywords = {pk: keyword for pk, _, keyword, _ in tree}
    frozen_allies = {pk: tuple(v) for pk, v in allies.items()}
    limit_rows: Iterable[Mapping[str, Any]] = ArmyLimit.objects.order_by("pk").values(
        *conversion.LIMIT_FIELDS
    )
    if in_force is not None:
        limit_rows = limits_in_force(limit_rows, in_force=in_force)
    limits = conversion.limits_by_faction(limit_rows)
    carried: dict[int, set[str]] = defaultdict(set)
    for faction_id, faction_keywords in Datasheet.objects.values_list(
        "faction_id", "faction_keywords"
    ):
        carried[faction_id].update(faction_keywords or ())
    # A keyword naming a faction or an allied rule is never kin: those units are another
    # army's, or come only as allies within their caps. A faction only older data has
    # (Ynnari, which allies AELDARI) takes nothing from the factions that replaced it.
    taken = {keyword for pk, keyword in keywords.items() if pk not in retired} | {
        a.keyword for pk, v in allies.items() if pk not in retired for a in v
    }
    return {
        pk: FactionFacts(
            id=pk,
            name=name,
            keyword=keyword,
            parent_id=parent,
            kin_keywords=conversion.kin_keywords(
                faction_id=pk, parents=parents, carried=carried, taken=taken
            ),
            rules=conversion.faction_rules(
                faction_id=pk,
                parents=parents,
                keywords=keywords,
                allies=frozen_allies,
                limits=limits,
            ),
        )
        for pk, name, keyword, parent in tree
    }


def snapshot_build(
    *, release: ReleaseFacts, releases: Releases, index: CatalogueIndex, key: tuple[object, ...]
) -> CatalogueSnapshot:
    """Read one release's catalogue from the database into a fresh snapshot."""
    brackets: dict[int, list[core.Bracket]] = defaultdict(list)
    for datasheet_id, models_count, points in (
        UnitPrice.objects.filter(release_id=release.id)
        .order_by("models_count")
        .values_list("datasheet_id", "models_count", "points")
    ):
        brackets[datasheet_id].append(core.Bracket(models_count, points))
    if release.published is not None and not release.is_current:
        _borrow_later_prices(release.published, brackets)
    index.brackets_preload(
        release.id, {pk: tuple((b.models, b.points) for b in v) for pk, v in brackets.items()}
    )
    # A dated release records the model counts it allowed, and the keywords its data
    # stated where they differ (War Dog Stalkers were BATTLELINE); others use the sheet's.
    # The month's keywords add to the sheet's, never take one away: the final data's
    # enhancements, leaders and transports are written against the final keywords (the
    # PRIMARIS TECHMARINE of 2023 is the TECHMARINE the final enhancement asks for).
    sizes: dict[int, tuple[int, int]] = {}
    month_keywords: dict[int, list[str]] = {}
    for pk, lo, hi, keywords in ReleaseUnitSize.objects.filter(release_id=release.id).values_list(
        "datasheet_id", "min_models", "max_models", "keywords"
    ):
        sizes[pk] = (lo, hi)
        if keywords:
            month_keywords[pk] = keywords
    index.sizes_preload(release.id, sizes)
    # Plain values, not prefetch_related: model instances for 1,600 datasheets and their
    # relations cost seconds; values cost a fraction of one.
    names = dict(Datasheet.objects.values_list("id", "name"))
    leads: dict[int, list[str]] = defaultdict(list)
    for leader_id, led_id in Datasheet.leads.through.objects.values_list(
        "from_datasheet_id", "to_datasheet_id"
    ):
        leads[leader_id].append(names[led_id])
    pools: dict[int, list[dict[str, object]]] = defaultdict(list)
    for pool in TransportPool.objects.order_by("position", "id").values(
        "datasheet_id", *conversion.POOL_FIELDS
    ):
        pools[pool["datasheet_id"]].append(pool)
    wargear: dict[int, Mapping[str, Any]] = {
        row["datasheet_id"]: row
        for row in Wargear.objects.values("datasheet_id", *conversion.WARGEAR_FIELDS)
    }
    # An older release is checked against the wargear the data stated in its month (T'au
    # support systems and drones the final data no longer lists); the current one against
    # the final data.
    if release.published is not None and not release.is_current:
        day = release.published
        following = min(
            (r.published for r in releases.by_id.values() if r.published and r.published > day),
            default=None,
        )
        for datasheet_id, versions in wargear_versions().items():
            recorded = not sizes or datasheet_id in sizes
            at = wargear_day(day=day, following=following, recorded=recorded)
            older = wargear_as_of(versions, at)
            if older is not None:
                wargear[datasheet_id] = {"model_types": older.model_types, "fill": older.fill}
    option_points: dict[int, dict[str, int]] = defaultdict(dict)
    for datasheet_id, option, points in OptionPrice.objects.filter(
        release_id=release.id
    ).values_list("datasheet_id", "name", "points"):
        option_points[datasheet_id][option.casefold()] = points
    datasheets = {
        row["id"]: conversion.datasheet_facts(
            row=_sized(row, sizes.get(row["id"]), month_keywords.get(row["id"])),
            brackets=tuple(brackets.get(row["id"], ())),
            leads=leads.get(row["id"], ()),
            pools=pools.get(row["id"], ()),
            wargear=wargear.get(row["id"], conversion.NO_WARGEAR),
            option_points=option_points.get(row["id"]),
        )
        for row in Datasheet.objects.values(
            "id", *conversion.DATASHEET_FIELDS, conversion.OWNER_KEYWORD
        )
    }
    prices = dict(
        EnhancementPrice.objects.filter(release_id=release.id).values_list(
            "enhancement_id", "points"
        )
    )
    enhancement_rows = list(Enhancement.objects.select_related("detachment"))
    enhancements = {
        e.pk: conversion.enhancement_to_core(enhancement=e, points=prices.get(e.pk, 0))
        for e in enhancement_rows
    }
    if release.published is not None and not release.is_current:
        # An enhancement that bore another name that month was, under the same BSData id,
        # another enhancement ("Sigil of Exigence" of 2024, "Nemesis Rounds" since): the
        # final data's bearer keywords are not that month's, so they are not judged.
        renamed = set(
            FormerName.objects.filter(
                enhancement__isnull=False, last_seen__gte=release.published
            ).values_list("enhancement_id", flat=True)
        )
        for pk in renamed & enhancements.keys():
            enhancements[pk] = replace(enhancements[pk], required_keywords=())
    # The detachments the release prices an enhancement of: the others' enhancements that
    # month are not in the data (an older month's are held under a later detachment).
    stated = {e.detachment_id for e in enhancement_rows if e.pk in prices}
    # The detachments an older month had under their names: limits tied to others came
    # with later data (month_facts).
    month_detachments: set[str] | None = None
    if release.published is not None and not release.is_current:
        renamed = set(
            FormerName.objects.filter(
                detachment__isnull=False, last_seen__gte=release.published
            ).values_list("detachment_id", flat=True)
        )
        month_detachments = set(
            Detachment.objects.filter(pk__in=stated - renamed).values_list("name", flat=True)
        )
    detachment_rows = list(
        Detachment.objects.values_list("id", "name", "faction_id", "faction__keyword")
    )
    lists: dict[str, dict[int, list[str]]] = {}
    for relation in ("required", "forbidden", "battleline"):
        through = getattr(Detachment, relation).through
        pairs = list(through.objects.values_list("detachment_id", "datasheet_id"))
        if relation == "forbidden" and release.published is not None and not release.is_current:
            offered = {pk for _, pk in pairs if index.offered("datasheet", pk, release.id)}
            faction_of = {pk: faction_id for pk, _, faction_id, _ in detachment_rows}
            pairs = forbidden_in_force(pairs, offered=offered, faction_of=faction_of, stated=stated)
        by_detachment: dict[int, list[str]] = defaultdict(list)
        for detachment_id, datasheet_id in pairs:
            by_detachment[detachment_id].append(names[datasheet_id])
        lists[relation] = by_detachment
    required_upgrades: dict[int, list[tuple[str, str]]] = defaultdict(list)
    for detachment_id, upgrade, datasheet_id in DetachmentUpgradeUnit.objects.filter(
        minimum__gt=0
    ).values_list("upgrade__detachment_id", "upgrade__name", "datasheet_id"):
        required_upgrades[detachment_id].append((names[datasheet_id], upgrade))
    upgrade_rows = list(DetachmentUpgrade.objects.values_list("id", "name", "detachment_id"))
    upgrade_names: dict[int, dict[str, int]] = defaultdict(dict)
    for pk, name, detachment_id in upgrade_rows:
        upgrade_names[detachment_id][name.casefold()] = pk
    upgrades = conversion.upgrades_facts(
        upgrades=DetachmentUpgrade.objects.values_list("id", "name", "detachment__name"),
        units=DetachmentUpgradeUnit.objects.values_list("upgrade_id", "datasheet__name", "maximum"),
        points=dict(
            DetachmentUpgradePrice.objects.filter(release_id=release.id).values_list(
                "upgrade_id", "points"
            )
        ),
    )
    options = {
        (datasheet_id, name.casefold()): (name, points)
        for datasheet_id, name, points in OptionPrice.objects.filter(
            release_id=release.id
        ).values_list("datasheet_id", "name", "points")
    }
    detachments = {
        pk: DetachmentFacts(
            id=pk,
            name=name,
            faction_id=faction_id,
            facts=conversion.detachment_core(
                name=name,
                faction_keyword=keyword,
                required=lists["required"].get(pk, ()),
                forbidden=lists["forbidden"].get(pk, ()),
                battleline=lists["battleline"].get(pk, ()),
                required_upgrades=required_upgrades.get(pk, ()),
                enhancements_stated=pk in stated,
            ),
        )
        for pk, name, faction_id, keyword in detachment_rows
    }
    return CatalogueSnapshot(
        key=key,
        release=release,
        releases=releases,
        index=index,
        factions=MappingProxyType(_factions(month_detachments)),
        datasheets=MappingProxyType(datasheets),
        detachments=MappingProxyType(detachments),
        enhancements=MappingProxyType(enhancements),
        upgrades=MappingProxyType(upgrades),
        upgrade_names=MappingProxyType(dict(upgrade_names)),
        options=MappingProxyType(options),
    )


def _borrow_later_prices(day: date, brackets: dict[int, list[core.Bracket]]) -> None:
    """Price what an older release does not price at all from the next release that does.

    The first monthly snapshots of the data came before some factions' catalogues were
    written (Necrons of July 2023 is an empty file): a list of that month was priced from
    the points published with the edition, which the next snapshot holds. A datasheet the
    release prices at all keeps its own brackets.
    """
    later: dict[int, tuple[int, list[core.Bracket]]] = {}
    for datasheet_id, release_id, models_count, points in (
        UnitPrice.objects.filter(release__published__gt=day, release__is_published=True)
        .exclude(datasheet_id__in=brackets.keys())
        .order_by("release__published", "release_id", "models_count")
        .values_list("datasheet_id", "release_id", "models_count", "points")
    ):
        first = later.setdefault(datasheet_id, (release_id, []))
        if first[0] == release_id:
            first[1].append(core.Bracket(models_count, points))
    for datasheet_id, (_, found) in later.items():
        brackets[datasheet_id] = found


def _sized(
    row: dict[str, object], size: tuple[int, int] | None, keywords: list[str] | None = None
) -> dict[str, object]:
    """A datasheet row with the model counts a release states of it, and the keywords
    the release's data adds."""
    if size is not None:
        row = {**row, "min_models": size[0], "max_models": size[1]}
    if keywords:
        own = row["keywords"]
        assert isinstance(own, list)
        row = {**row, "keywords": [*own, *(k for k in keywords if k not in own)]}
    return row


class SnapshotError(LookupError):
    """There is no points release to check under; the message says which."""


ERR_NO_RELEASE: Final = gettext_lazy("There is no points release to price the list under.")
ERR_UNKNOWN_RELEASE: Final = gettext_lazy("There is no points release called “{name}”.")
ERR_UNKNOWN_RELEASE_ID: Final = gettext_lazy("There is no points release with id {value}.")
ERR_NO_RELEASE_AS_OF: Final = gettext_lazy("No points release was published on or before {day}.")


@dataclass
class _State:
    version: tuple[object, ...] | None = None
    generation: int = -1
    checked: float = 0.0
    releases: Releases | None = None
    index: CatalogueIndex | None = None
    snapshots: dict[int, CatalogueSnapshot] = field(default_factory=dict)


_lock = threading.Lock()
_state = _State()


def _fresh() -> _State:
    """Return the cache, re-reading the catalogue key when it may be out of date (locked)."""
    now = time.monotonic()
    if (
        _state.version is not None
        and _state.generation == generation()
        and now - _state.checked <= MAX_AGE_SECONDS
    ):
        return _state
    version = catalogue_version()
    if version != _state.version:
        _state.snapshots.clear()
        _state.releases = releases_load()
        _state.index = catalogue_index_build(version=version)
        _state.version = version
    _state.generation = generation()
    _state.checked = now
    return _state


def releases() -> Releases:
    """Return every points release, from the warm cache."""
    with _lock:
        found = _fresh().releases
    assert found is not None
    return found


def catalogue_snapshot(
    *, release_id: int | None = None, release_name: str | None = None, as_of: date | None = None
) -> CatalogueSnapshot:
    """Return the warm snapshot of a release (by id, name or the day it must be in force;
    default the current one).

    Raise SnapshotError when there is no such release.
    """
    with _lock:
        state = _fresh()
        assert state.releases is not None and state.index is not None
        if release_id is not None:
            release = state.releases.by_id.get(release_id)
            missing = ERR_UNKNOWN_RELEASE_ID.format(value=release_id)
        elif release_name:
            release = state.releases.named(release_name)
            missing = ERR_UNKNOWN_RELEASE.format(name=release_name)
        elif as_of is not None:
            release = state.releases.as_of(as_of)
            missing = ERR_NO_RELEASE_AS_OF.format(day=as_of.isoformat())
        else:
            release = state.releases.current
            missing = str(ERR_NO_RELEASE)
        if release is None:
            raise SnapshotError(missing)
        found = state.snapshots.get(release.id)
        if found is None:
            assert state.version is not None
            found = state.snapshots[release.id] = snapshot_build(
                release=release,
                releases=state.releases,
                index=state.index,
                key=(release.id, *state.version),
            )
        return found


def catalogue_snapshot_clear(**_: object) -> None:
    """Drop every snapshot; the next check rebuilds what it needs."""
    global _state
    with _lock:
        _state = _State()
