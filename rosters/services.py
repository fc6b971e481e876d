"""Roster services: the one place that turns database rows into the rules core's dataclasses.

Every face (pages, API, exports, command line) asks roster_validate for a Result and
renders it; none of them checks a rule or prices a unit itself.
"""

from __future__ import annotations

import secrets
from collections import defaultdict
from dataclasses import dataclass, field, replace
from typing import Any, Literal, NamedTuple

from django.db import connection, transaction
from django.db.models import F, OuterRef, Prefetch, Subquery, prefetch_related_objects
from django.utils import timezone
from django.utils.translation import gettext_lazy
from django.utils.translation import gettext_lazy as _

from armybuilder import rules
from armybuilder.catalogue import conversion
from armybuilder.catalogue.conversion import (
    WARGEAR_FIELDS,
    FactionRules,
    datasheet_to_core,
    detachment_to_core,
)
from armybuilder.catalogue.models import (
    ArmyLimit,
    Datasheet,
    Detachment,
    DetachmentUpgrade,
    DetachmentUpgradePrice,
    DetachmentUpgradeUnit,
    Enhancement,
    EnhancementPrice,
    Faction,
    OptionPrice,
    PointsRelease,
    ReleaseUnitSize,
    TransportPool,
    UnitPrice,
    Wargear,
)
from armybuilder.rules import model as core
from armybuilder.rules import wargear as core_wargear
from rosters.models import Roster, RosterUnit, RosterUnitOption, RosterUnitUpgrade


class TakenUpgrade(NamedTuple):
    """A detachment upgrade a unit takes: its id, its name and how often."""

    id: int
    name: str
    count: int


@dataclass(frozen=True)
class ReleasePrices:
    """The prices of one release for the datasheets and enhancements at hand."""

    brackets: dict[int, tuple[core.Bracket, ...]]
    enhancements: dict[int, int]
    options: dict[tuple[int, str], int]
    # Detachment upgrade id -> the core's Upgrade, priced under the release, taken once.
    upgrades: dict[int, core.Upgrade] = field(default_factory=dict)
    # Datasheet id -> (min, max) models, where the release records its own unit sizes.
    sizes: dict[int, tuple[int, int]] = field(default_factory=dict)


def release_prices(
    *,
    release: PointsRelease,
    datasheet_ids: set[int],
    enhancement_ids: set[int],
    upgrade_ids: set[int] | frozenset[int] = frozenset(),
) -> ReleasePrices:
    """Load the prices a set of datasheets, enhancements and upgrades have under a release."""
    brackets: dict[int, list[core.Bracket]] = defaultdict(list)
    sizes: dict[int, tuple[int, int]] = {}
    # The release's own unit sizes ride on the price rows, so the query count stays fixed.
    # Plain column orders throughout: a default ordering on a foreign key joins its table.
    size = ReleaseUnitSize.objects.filter(
        release=release, datasheet_id=OuterRef("datasheet_id")
    ).order_by()
    for datasheet_id, models_count, points, low, high in (
        UnitPrice.objects.filter(release=release, datasheet_id__in=datasheet_ids)
        .annotate(
            low=Subquery(size.values("min_models")[:1]),
            high=Subquery(size.values("max_models")[:1]),
        )
        .order_by("models_count")
        .values_list("datasheet_id", "models_count", "points", "low", "high")
    ):
        brackets[datasheet_id].append(core.Bracket(models_count, points))
        if low is not None and high is not None:
            sizes[datasheet_id] = (low, high)
    enhancements = dict(
        EnhancementPrice.objects.filter(release=release, enhancement_id__in=enhancement_ids)
        .order_by()
        .values_list("enhancement_id", "points")
    )
    options = {
        (datasheet_id, name.casefold()): points
        for datasheet_id, name, points in OptionPrice.objects.filter(
            release=release, datasheet_id__in=datasheet_ids
        )
        .order_by()
        .values_list("datasheet_id", "name", "points")
    }
    return ReleasePrices(
        brackets={k: tuple(v) for k, v in brackets.items()},
        enhancements=enhancements,
        options=options,
        upgrades=upgrades_load(release=release, ids=upgrade_ids),
        sizes=sizes,
    )


def upgrades_load(
    *, release: PointsRelease, ids: set[int] | frozenset[int]
) -> dict[int, core.Upgrade]:
    """Load detachment upgrades as the core's facts, priced under a release (3 queries)."""
    if not ids:
        return {}
    return conversion.upgrades_facts(
        upgrades=DetachmentUpgrade.objects.filter(pk__in=ids).values_list(
            "id", "name", "detachment__name"
        ),
        units=DetachmentUpgradeUnit.objects.filter(upgrade_id__in=ids).values_list(
            "upgrade_id", "datasheet__name", "maximum"
        ),
        points=dict(
            DetachmentUpgradePrice.objects.filter(release=release, upgrade_id__in=ids).values_list(
                "upgrade_id", "points"
            )
        ),
    )


def detachment_upgrades_prefetch(lookup: str = "detachment__upgrades") -> Prefetch:
    """Prefetch a detachment's upgrades and the units they go on (2 queries), for
    conversion.detachment_facts' required upgrades."""
    return Prefetch(
        lookup,
        # The models' default orders name foreign keys, which join more tables.
        queryset=DetachmentUpgrade.objects.order_by("detachment_id", "name", "id").prefetch_related(
            Prefetch(
                "units",
                queryset=DetachmentUpgradeUnit.objects.select_related("datasheet").order_by(
                    "upgrade_id", "datasheet__name", "id"
                ),
            )
        ),
    )


def faction_chain(faction: Faction) -> list[Faction]:
    """Return the faction and its ancestors, nearest first."""
    chain = [faction]
    while chain[-1].parent_id is not None:
        chain.append(chain[-1].parent)  # type: ignore[arg-type]
    return chain


def army_faction_rules(*, faction: Faction) -> FactionRules:
    """Return the army's faction keyword, excluded keywords, allies, faction ids in chain
    and the catalogue's army limits for that chain."""
    tree = list(Faction.objects.values_list("id", "parent_id", "keyword"))
    chain = faction_chain(faction)
    allies = {
        f.pk: tuple(
            core.Allowance(keyword=rule.keyword, points_cap=rule.points_cap)
            for rule in f.ally_rules.all()
        )
        for f in chain
    }
    limits = conversion.limits_by_faction(
        ArmyLimit.objects.filter(faction_id__in=[f.pk for f in chain])
        .order_by("pk")
        .values(*conversion.LIMIT_FIELDS)
    )
    return conversion.faction_rules(
        faction_id=faction.pk,
        parents={pk: parent for pk, parent, _ in tree},
        keywords={pk: keyword for pk, _, keyword in tree},
        allies=allies,
        limits=limits,
    )


def army_faction_rules_warm(*, faction: Faction, version: tuple[object, ...]) -> FactionRules:
    """Return army_faction_rules, kept per faction while the catalogue stands.

    ``version`` is freshness.catalogue_version(), which the caller asks once per page; the
    faction tree, ally rules and army limits change by admin action only.
    """
    return catalogue_warm(  # type: ignore[no-any-return]
        ("faction rules", faction.pk, *version), lambda: army_faction_rules(faction=faction)
    )


def datasheets_load(*, ids: set[int]) -> dict[int, Datasheet]:
    """Load datasheets once each, with the transport pools and leads the core reads."""
    return (
        Datasheet.objects.select_related("wargear")
        # The weapon profiles and ability names are for the datasheet cards only.
        .defer("wargear__weapons", "wargear__abilities")
        .prefetch_related(
            Prefetch("transport_pools", queryset=TransportPool.objects.order_by("position")),
            Prefetch("leads", queryset=Datasheet.objects.only("id", "name")),
        )
        .in_bulk(ids)
    )


def _detachment_prefetches(prefix: str = "") -> list[Prefetch]:
    """What conversion.detachment_facts reads of a detachment: its lists (names only) and
    its upgrades with the units they go on."""
    return [
        *(
            Prefetch(f"{prefix}{name}", queryset=Datasheet.objects.only("id", "name"))
            for name in ("required", "forbidden", "battleline")
        ),
        detachment_upgrades_prefetch(f"{prefix}upgrades"),
    ]


_warm_rows: dict[tuple[object, ...], Any] = {}
_MISSING = object()
WARM_ROWS_KEPT = 1024


def _warm(key: tuple[object, ...], load: Any) -> Any:
    """Return the catalogue rows kept under key, loading them first when missing."""
    found = _warm_rows.get(key, _MISSING)
    if found is _MISSING:
        found = load()
        if len(_warm_rows) >= WARM_ROWS_KEPT:
            _warm_rows.clear()
        _warm_rows[key] = found
    return found


def _detachment_warm(*, detachment_id: int, version: tuple[object, ...]) -> Detachment:
    return _warm(  # type: ignore[no-any-return]
        ("detachment", detachment_id, *version),
        lambda: (
            Detachment.objects.select_related("faction")
            .prefetch_related(*_detachment_prefetches())
            .get(pk=detachment_id)
        ),
    )


def _datasheets_warm(*, ids: set[int], version: tuple[object, ...]) -> dict[int, Datasheet]:
    """Return the datasheets kept under version, loading the missing ones in one go."""
    found = {pk: _warm_rows.get(("datasheet", pk, *version)) for pk in ids}
    missing = {pk for pk, sheet in found.items() if sheet is None}
    if missing:
        for pk, sheet in datasheets_load(ids=missing).items():
            found[pk] = _warm(("datasheet", pk, *version), lambda sheet=sheet: sheet)
    return found  # type: ignore[return-value]


def release_prices_warm(
    *,
    release: PointsRelease,
    datasheet_ids: set[int],
    enhancement_ids: set[int],
    upgrade_ids: set[int],
    version: tuple[object, ...],
) -> ReleasePrices:
    """Return release_prices, kept while the catalogue stands (freshness's ``version``)."""
    key = (
        "prices",
        release.pk,
        frozenset(datasheet_ids),
        frozenset(enhancement_ids),
        frozenset(upgrade_ids),
        *version,
    )
    return _warm(  # type: ignore[no-any-return]
        key,
        lambda: release_prices(
            release=release,
            datasheet_ids=datasheet_ids,
            enhancement_ids=enhancement_ids,
            upgrade_ids=upgrade_ids,
        ),
    )


def catalogue_warm(key: tuple[object, ...], load: Any) -> Any:
    """Return what ``load`` reads of the catalogue, kept under ``key`` (which must end with
    freshness.catalogue_version()); for pages that only read catalogue rows."""
    return _warm(key, load)


def roster_load(*, roster_id: int, version: tuple[object, ...] | None = None) -> Roster:
    """Load a roster with everything roster_to_core needs, in a fixed number of queries.

    With the catalogue's ``version`` (freshness.catalogue_version()), the roster's
    detachment and datasheets come from rows kept under that version: they change by
    admin action only, and the builder page is read far more often than they change. The
    kept rows are shared between requests, so callers must only read them.
    """
    query = Roster.objects.select_related("faction", "release", "owner")
    if version is None:
        query = query.select_related("detachment__faction").prefetch_related(
            *_detachment_prefetches("detachment__")
        )
    roster = query.get(pk=roster_id)
    if version is not None and roster.detachment_id is not None:
        roster.detachment = _detachment_warm(detachment_id=roster.detachment_id, version=version)
    # Plain queries, not prefetch_related: a per-unit prefetch costs a queryset per unit.
    units = (
        RosterUnit.objects.filter(roster=roster)
        .select_related("enhancement__detachment")
        .order_by("position", "id")
    )
    loaded = list(units)
    roster._prefetched_objects_cache = {"units": units}
    options: dict[int, list[tuple[str, int]]] = defaultdict(list)
    for unit_id, name, count in RosterUnitOption.objects.filter(unit__roster=roster).values_list(
        "unit_id", "name", "count"
    ):
        options[unit_id].append((name, count))
    upgrades: dict[int, list[TakenUpgrade]] = defaultdict(list)
    for unit_id, upgrade_id, name, count in (
        RosterUnitUpgrade.objects.filter(unit__roster=roster)
        .order_by("unit_id", "upgrade__name", "upgrade_id")
        .values_list("unit_id", "upgrade_id", "upgrade__name", "count")
    ):
        upgrades[unit_id].append(TakenUpgrade(upgrade_id, name, count))
    # Sixty units share a handful of datasheets: load each once and share the instance.
    ids = {u.datasheet_id for u in loaded}
    sheets = (
        datasheets_load(ids=ids) if version is None else _datasheets_warm(ids=ids, version=version)
    )
    for unit in loaded:
        unit.datasheet = sheets[unit.datasheet_id]
        unit.option_rows = options.get(unit.pk, [])
        unit.upgrade_rows = upgrades.get(unit.pk, [])
    return roster


def unit_options(unit: RosterUnit) -> list[tuple[str, int]]:
    """Return a unit's priced options as (name, count), from roster_load when it ran."""
    rows = getattr(unit, "option_rows", None)
    if rows is None:
        rows = list(unit.options.values_list("name", "count"))
    return rows


def unit_upgrades(unit: RosterUnit) -> list[TakenUpgrade]:
    """Return a unit's detachment upgrades, from roster_load when it ran."""
    rows = getattr(unit, "upgrade_rows", None)
    if rows is None:
        rows = [
            TakenUpgrade(*row)
            for row in unit.upgrades.values_list("upgrade_id", "upgrade__name", "count")
        ]
    return rows


def unit_key(unit: RosterUnit) -> str:
    """Return the stable id the rules core knows a roster unit by."""
    return str(unit.pk)


@dataclass
class DraftUnit:
    """One unit of a roster, saved or not, as rows of the catalogue."""

    key: str
    datasheet: Datasheet
    models: int
    enhancement: Enhancement | None = None
    warlord: bool = False
    options: list[tuple[str, int]] = field(default_factory=list)
    upgrades: list[TakenUpgrade] = field(default_factory=list)
    # Empty: the datasheet's default wargear for the model count.
    loadout: tuple[core.Loadout, ...] = ()
    # Wargear lines of an imported list that could not be placed (WARGEAR_UNREAD).
    unread: tuple[core.UnreadGear, ...] = ()


@dataclass
class Draft:
    """A roster, saved or not (a pasted list being checked), ready to turn into an Army."""

    name: str
    faction: Faction
    detachment: Detachment | None
    battle_size: str
    profile: str
    release: PointsRelease
    units: list[DraftUnit] = field(default_factory=list)
    # The Army it was last checked as (draft_validate): each unit's wargear, defaults too.
    army: core.Army | None = None


def roster_to_draft(*, roster: Roster) -> Draft:
    """Describe a loaded roster as a Draft whose unit keys are the roster units' ids."""
    return Draft(
        name=roster.name,
        faction=roster.faction,
        detachment=roster.detachment,
        battle_size=roster.battle_size,
        profile=roster.profile,
        release=roster.release,
        units=[
            DraftUnit(
                key=unit_key(unit),
                datasheet=unit.datasheet,
                models=unit.models_count,
                enhancement=unit.enhancement,
                warlord=unit.warlord,
                options=unit_options(unit),
                upgrades=unit_upgrades(unit),
                loadout=conversion.loadout_facts(unit.wargear),
                unread=conversion.unread_facts(unit.wargear_unread),
            )
            for unit in roster.units.all()
        ],
    )


def draft_to_core(
    *,
    draft: Draft,
    prices: ReleasePrices | None = None,
    faction_rules: FactionRules | None = None,
) -> core.Army:
    """Turn a Draft into the core's Army, loading prices in a fixed number of queries."""
    # A caller that keeps catalogue facts warm (the API) passes release_prices' and
    # army_faction_rules' answers; the prices must cover the draft's rows.
    sheets_by_id = {u.datasheet.pk: u.datasheet for u in draft.units}
    # Drafts from a pasted list carry bare datasheet rows; fetch what the core needs once.
    prefetch_related_objects(
        [d for d in sheets_by_id.values() if not _is_prefetched(d)],
        Prefetch("transport_pools", queryset=TransportPool.objects.order_by("position")),
        Prefetch("leads", queryset=Datasheet.objects.only("id", "name")),
    )
    prefetch_related_objects(
        [d for d in sheets_by_id.values() if not Datasheet.wargear.is_cached(d)],  # type: ignore[attr-defined]
        "wargear",
    )
    if prices is None:
        prices = release_prices(
            release=draft.release,
            datasheet_ids=set(sheets_by_id),
            enhancement_ids={u.enhancement.pk for u in draft.units if u.enhancement is not None},
            upgrade_ids={taken.id for u in draft.units for taken in u.upgrades},
        )
    keyword, excluded, allies, chain_ids, limits = faction_rules or army_faction_rules(
        faction=draft.faction
    )
    option_points: dict[int, dict[str, int]] = defaultdict(dict)
    for (datasheet_id, name), points in prices.options.items():
        option_points[datasheet_id][name] = points
    sheets = {
        pk: datasheet_to_core(
            datasheet=d,
            brackets=prices.brackets.get(pk, ()),
            size=prices.sizes.get(pk),
            option_points=option_points.get(pk),
        )
        for pk, d in sheets_by_id.items()
    }
    core_units = tuple(
        core.Unit(
            id=unit.key,
            datasheet=sheets[unit.datasheet.pk],
            models=unit.models,
            enhancements=(
                (enhancement_to_core(enhancement=unit.enhancement, prices=prices),)
                if unit.enhancement is not None
                else ()
            ),
            warlord=unit.warlord,
            options=tuple(
                core.PricedOption(
                    name=name,
                    points=prices.options.get((unit.datasheet.pk, name.casefold()), 0),
                    count=count,
                )
                for name, count in unit.options
            ),
            upgrades=tuple(
                replace(prices.upgrades[taken.id], count=taken.count)
                for taken in unit.upgrades
                if taken.id in prices.upgrades
            ),
            loadout=unit.loadout,
            unread=unit.unread,
        )
        for unit in draft.units
    )
    detachments = (
        (
            detachment_to_core(
                detachment=draft.detachment, army_keyword=keyword, chain_ids=chain_ids
            ),
        )
        if draft.detachment is not None
        else ()
    )
    return core.Army(
        faction=draft.faction.name,
        faction_keyword=keyword,
        battle_size=core.BattleSize(draft.battle_size),
        units=core_units,
        detachments=detachments,
        allies=allies,
        excluded_keywords=excluded,
        name=draft.name,
        limits=limits,
    )


def _is_prefetched(datasheet: Datasheet) -> bool:
    cache = getattr(datasheet, "_prefetched_objects_cache", {})
    return "transport_pools" in cache and "leads" in cache


def roster_to_core(*, roster: Roster) -> core.Army:
    """Turn a loaded roster into the core's Army, ids being the roster units' primary keys."""
    return draft_to_core(draft=roster_to_draft(roster=roster))


def enhancement_to_core(*, enhancement: Enhancement, prices: ReleasePrices) -> core.Enhancement:
    return conversion.enhancement_to_core(
        enhancement=enhancement, points=prices.enhancements.get(enhancement.pk, 0)
    )


def draft_validate(
    *,
    draft: Draft,
    declaration: core.Declaration | None = None,
    prices: ReleasePrices | None = None,
    faction_rules: FactionRules | None = None,
) -> tuple[core.Army, core.Result]:
    """Validate a draft under its own profile; return the Army checked and the Result."""
    army = draft_to_core(draft=draft, prices=prices, faction_rules=faction_rules)
    draft.army = army
    return army, rules.validate(army, declaration, draft.profile)


def roster_validate(*, roster: Roster, declaration: core.Declaration | None = None) -> core.Result:
    """Validate a loaded roster under its own profile and return the core's Result."""
    return draft_validate(draft=roster_to_draft(roster=roster), declaration=declaration)[1]


class RosterError(ValueError):
    """A roster change that the catalogue does not allow; the message says why."""


ERR_NOT_PRICED = gettext_lazy(
    "{datasheet} has no price in {release}, so it cannot be added under it."
)
ERR_NOT_AVAILABLE = gettext_lazy("{datasheet} is not available to {faction}.")
ERR_BAD_MODEL_COUNT = gettext_lazy("{datasheet} comes in units of {allowed} models, not {models}.")
ERR_UNIT_GONE = gettext_lazy("That unit is no longer in the roster.")


def roster_lock(*, roster_id: int) -> None:
    """Hold the roster's row until the transaction ends, so its edits run one at a time.

    Every service that changes a roster, its units or its declarations calls this first,
    inside transaction.atomic(): two players' tabs adding characters at once would
    otherwise both see "no Warlord yet" and both take the next position.
    """
    if connection.features.has_select_for_update:
        list(Roster.objects.select_for_update().filter(pk=roster_id).values_list("pk"))
    else:
        # SQLite locks the whole database for a write. Writing first thing in the
        # transaction makes it wait (busy timeout) for that lock instead of failing with
        # "database is locked" when a read taken earlier would have to be upgraded.
        Roster.objects.filter(pk=roster_id).update(updated=F("updated"))


def _unit_relock(unit: RosterUnit) -> RosterUnit:
    """Lock the unit's roster and re-read the unit's own fields as they now stand."""
    roster_lock(roster_id=unit.roster_id)
    try:
        unit.refresh_from_db(
            fields=["position", "models_count", "enhancement", "warlord", "wargear"]
        )
    except RosterUnit.DoesNotExist:
        raise RosterError(str(ERR_UNIT_GONE)) from None
    # A detachment changed meanwhile decides which enhancements the unit may take.
    unit.roster.refresh_from_db(fields=["detachment", "release"])
    return unit


def roster_create(
    *,
    owner: object,
    name: str,
    faction: Faction,
    detachment: Detachment | None,
    battle_size: str,
    profile: str = "core-10",
    release: PointsRelease | None = None,
) -> Roster:
    """Create an empty roster priced under the given release, or the current one."""
    return Roster.objects.create(
        owner=owner,
        name=name,
        faction=faction,
        detachment=detachment,
        battle_size=battle_size,
        profile=profile,
        release=release or PointsRelease.objects.current(),
    )


def datasheet_model_counts(*, datasheet: Datasheet, release: PointsRelease) -> list[int]:
    """Return the model counts a unit of this datasheet may have under a release."""
    priced = set(
        UnitPrice.objects.filter(release=release, datasheet=datasheet).values_list(
            "models_count", flat=True
        )
    )
    if not priced:
        return []
    return list(range(datasheet.min_models, datasheet.max_models + 1))


def roster_add_unit(
    *,
    roster: Roster,
    datasheet: Datasheet,
    models: int | None = None,
    enhancement: Enhancement | None = None,
    warlord: bool = False,
) -> RosterUnit:
    """Add a unit to a roster; refuse datasheets the roster's release does not price."""
    with transaction.atomic():
        roster_lock(roster_id=roster.pk)
        return _add_unit(
            roster=roster,
            datasheet=datasheet,
            models=models,
            enhancement=enhancement,
            warlord=warlord,
        )


def _add_unit(
    *,
    roster: Roster,
    datasheet: Datasheet,
    models: int | None,
    enhancement: Enhancement | None,
    warlord: bool,
) -> RosterUnit:
    if not roster.faction.datasheets.filter(pk=datasheet.pk).exists():
        raise RosterError(ERR_NOT_AVAILABLE.format(datasheet=datasheet, faction=roster.faction))
    counts = datasheet_model_counts(datasheet=datasheet, release=roster.release)
    if not counts:
        raise RosterError(ERR_NOT_PRICED.format(datasheet=datasheet, release=roster.release))
    models = counts[0] if models is None else models
    if models not in counts:
        allowed = f"{counts[0]}" if len(counts) == 1 else f"{counts[0]} to {counts[-1]}"
        raise RosterError(
            ERR_BAD_MODEL_COUNT.format(datasheet=datasheet, allowed=allowed, models=models)
        )
    last = roster.units.order_by("-position").values_list("position", flat=True).first()
    if not warlord and not roster.units.filter(warlord=True).exists():
        # As the official app does, the first unit able to lead the army becomes Warlord.
        facts = datasheet_to_core(datasheet=datasheet, brackets=())
        warlord = rules.can_be_warlord(core.Unit(id="new", datasheet=facts, models=models))
    unit = RosterUnit.objects.create(
        roster=roster,
        datasheet=datasheet,
        models_count=models,
        enhancement=enhancement,
        warlord=warlord,
        position=(last or 0) + 1,
    )
    _take_compulsory_upgrades(roster=roster, units=[unit])
    return unit


def _take_compulsory_upgrades(*, roster: Roster, units: list[RosterUnit]) -> None:
    """Give units the upgrades their detachment makes them take, as the official app does
    (Pantheon of Woe's C'tan powers): the player need not find them to be legal."""
    if roster.detachment_id is None or not units:
        return
    required: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for upgrade_id, datasheet_id, minimum in DetachmentUpgradeUnit.objects.filter(
        upgrade__detachment_id=roster.detachment_id,
        minimum__gt=0,
        datasheet_id__in={u.datasheet_id for u in units},
    ).values_list("upgrade_id", "datasheet_id", "minimum"):
        required[datasheet_id].append((upgrade_id, minimum))
    RosterUnitUpgrade.objects.bulk_create(
        (
            RosterUnitUpgrade(unit=unit, upgrade_id=upgrade_id, count=minimum)
            for unit in units
            for upgrade_id, minimum in required.get(unit.datasheet_id, ())
        ),
        ignore_conflicts=True,
    )


ERR_ENHANCEMENT_DETACHMENT = gettext_lazy("{enhancement} is not an enhancement of {detachment}.")
ERR_DETACHMENT_FACTION = gettext_lazy("{detachment} is not a detachment of {faction}.")
ERR_RELEASE_NOT_NEWER = gettext_lazy("The roster is already priced under {release}.")


def faction_detachments(*, faction: Faction) -> list[Detachment]:
    """Return the detachments a faction may use: its own and its ancestors', less any the
    data hides from it (a chapter that may not take one of its parent's)."""
    chain = faction_chain(faction)
    return list(
        Detachment.objects.filter(faction__in=chain)
        .exclude(hidden_for=faction)
        .select_related("faction")
        .order_by("name")
    )


def roster_update(
    *,
    roster: Roster,
    name: str | None = None,
    detachment: Detachment | None = None,
    battle_size: str | None = None,
    profile: str | None = None,
) -> Roster:
    """Change a roster's name, detachment, battle size or profile."""
    with transaction.atomic():
        roster_lock(roster_id=roster.pk)
        return _update(
            roster=roster,
            name=name,
            detachment=detachment,
            battle_size=battle_size,
            profile=profile,
        )


def _update(
    *,
    roster: Roster,
    name: str | None,
    detachment: Detachment | None,
    battle_size: str | None,
    profile: str | None,
) -> Roster:
    if detachment is not None:
        if (
            detachment.faction_id not in {f.pk for f in faction_chain(roster.faction)}
            or detachment.hidden_for.filter(pk=roster.faction_id).exists()
        ):
            raise RosterError(
                ERR_DETACHMENT_FACTION.format(detachment=detachment, faction=roster.faction)
            )
        if roster.detachment_id != detachment.pk:
            # Enhancements and upgrades belong to a detachment; a new one leaves them behind.
            roster.units.exclude(enhancement=None).update(enhancement=None)
            RosterUnitUpgrade.objects.filter(unit__roster=roster).delete()
            roster.detachment = detachment
            _take_compulsory_upgrades(roster=roster, units=list(roster.units.all()))
        roster.detachment = detachment
    if name is not None:
        roster.name = name
    if battle_size is not None:
        roster.battle_size = battle_size
    if profile is not None:
        roster.profile = profile
    # Only the roster's own settings: a whole-row save would put back a stale share token.
    roster.save(update_fields=["name", "detachment", "battle_size", "profile", "updated"])
    return roster


NAME_MAX = Roster._meta.get_field("name").max_length or 150


def copy_name(name: str, suffix: str = " (copy)") -> str:
    """Name a copy after its original, cutting the original short to fit the column."""
    return name[: NAME_MAX - len(suffix)] + suffix


def roster_delete(*, roster: Roster) -> None:
    """Delete a roster with its units and declarations."""
    with transaction.atomic():
        # Deleting takes the units' rows before the roster's; an edit holding the roster's
        # row and waiting for a unit's would deadlock with it. The lock orders them.
        roster_lock(roster_id=roster.pk)
        roster.delete()


def roster_duplicate(*, roster: Roster, name: str | None = None) -> Roster:
    """Copy a roster with all its units for the same owner."""
    with transaction.atomic():
        roster_lock(roster_id=roster.pk)
        units = list(roster.units.prefetch_related("options"))
        copy = Roster.objects.create(
            owner=roster.owner,
            name=name or copy_name(roster.name),
            faction=roster.faction,
            detachment=roster.detachment,
            battle_size=roster.battle_size,
            profile=roster.profile,
            release=roster.release,
        )
        for unit in units:
            _copy_unit(unit, roster=copy, position=unit.position)
    return copy


def _copy_unit(unit: RosterUnit, *, roster: Roster, position: int) -> RosterUnit:
    options = list(unit.options.all())
    copy = RosterUnit.objects.create(
        roster=roster,
        position=position,
        datasheet_id=unit.datasheet_id,
        models_count=unit.models_count,
        enhancement_id=unit.enhancement_id,
        warlord=unit.warlord,
        stated_points=unit.stated_points,
        wargear=unit.wargear,
        wargear_unread=unit.wargear_unread,
    )
    RosterUnitOption.objects.bulk_create(
        RosterUnitOption(unit=copy, name=o.name, count=o.count) for o in options
    )
    RosterUnitUpgrade.objects.bulk_create(
        RosterUnitUpgrade(unit=copy, upgrade_id=u.upgrade_id, count=u.count)
        for u in unit.upgrades.all()
    )
    return copy


def roster_unit_update(
    *,
    unit: RosterUnit,
    models: int | None = None,
    enhancement: Enhancement | Literal["keep"] | None = "keep",
) -> RosterUnit:
    """Change a unit's model count or enhancement; the count must be one the datasheet allows."""
    with transaction.atomic():
        _unit_relock(unit)
        return _unit_update(unit=unit, models=models, enhancement=enhancement)


def _unit_update(
    *,
    unit: RosterUnit,
    models: int | None,
    enhancement: Enhancement | Literal["keep"] | None,
) -> RosterUnit:
    roster = unit.roster
    if models is not None and models != unit.models_count:
        counts = datasheet_model_counts(datasheet=unit.datasheet, release=roster.release)
        if models not in counts:
            allowed = f"{counts[0]} to {counts[-1]}" if counts else "no"
            raise RosterError(
                ERR_BAD_MODEL_COUNT.format(datasheet=unit.datasheet, allowed=allowed, models=models)
            )
        if unit.wargear:
            # Keep the choices that still fit the new count; the face shows the others.
            facts = wargear_facts(datasheet=unit.datasheet)
            before = core.Unit(
                id=unit_key(unit),
                datasheet=facts,
                models=unit.models_count,
                loadout=conversion.loadout_facts(unit.wargear),
            )
            fitted, unit.wargear_dropped = core_wargear.refit(before, models)
            unit.wargear = conversion.loadout_json(fitted)
        unit.models_count = models
    if enhancement != "keep":
        if enhancement is not None and enhancement.detachment_id != roster.detachment_id:
            raise RosterError(
                ERR_ENHANCEMENT_DETACHMENT.format(
                    enhancement=enhancement, detachment=roster.detachment or "no detachment"
                )
            )
        unit.enhancement = enhancement
    # Never write the Warlord mark or position back: other services own them.
    unit.save(update_fields=["models_count", "enhancement", "wargear"])
    Roster.objects.filter(pk=roster.pk).update(updated=timezone.now())
    return unit


ERR_UPGRADE_DETACHMENT = _("{upgrade} is not an upgrade of {detachment}.")
ERR_NO_OPTION = _("{datasheet} has no priced option “{option}” in {release}.")
ERR_OPTION_COUNT = _("{datasheet} takes {option} at most {most} times, not {count}.")
ERR_UPGRADE_COUNT = _("{upgrade} can be taken at most {most} times on one unit, not {count}.")
# The most of one upgrade the builder accepts on a unit; the rules core judges the data's own.
MAX_UPGRADE_COUNT = 9


def roster_unit_options_set(*, unit: RosterUnit, options: dict[str, int]) -> RosterUnit:
    """Set how many of each priced option (by name) a unit takes; 0 removes one."""
    with transaction.atomic():
        _unit_relock(unit)
        priced = {
            name.casefold(): (name, most)
            for name, most in OptionPrice.objects.filter(
                release_id=unit.roster.release_id, datasheet_id=unit.datasheet_id
            ).values_list("name", "max_count")
        }
        wanted: dict[str, int] = {}
        for raw, count in options.items():
            found = priced.get(raw.casefold())
            if found is None:
                raise RosterError(
                    ERR_NO_OPTION.format(
                        datasheet=unit.datasheet, option=raw, release=unit.roster.release
                    )
                )
            name, most = found
            if not 0 <= count <= most:
                raise RosterError(
                    ERR_OPTION_COUNT.format(
                        datasheet=unit.datasheet, option=name, most=most, count=count
                    )
                )
            wanted[name] = count
        for name, count in wanted.items():
            if count == 0:
                RosterUnitOption.objects.filter(unit=unit, name=name).delete()
            else:
                RosterUnitOption.objects.update_or_create(
                    unit=unit, name=name, defaults={"count": count}
                )
        Roster.objects.filter(pk=unit.roster_id).update(updated=timezone.now())
    return unit


ERR_WARGEAR_SHAPE = gettext_lazy(
    "Wargear must be a list of model types, each with models and wargear counts."
)
ERR_WARGEAR_MODEL = gettext_lazy("{datasheet} has no {model} models.")
ERR_WARGEAR_OPTION = gettext_lazy("{model} cannot take {option}.")
ERR_WARGEAR_COUNT = gettext_lazy("{what}: {count} is not a count from 0 to {limit}.")
# Wider than any unit (22 models, a few items each); beyond it is a slip or an attack.
MAX_WARGEAR_COUNT = 999


def wargear_facts(*, datasheet: Datasheet) -> core.Datasheet:
    """Return a datasheet's facts with its model types (one query for its wargear)."""
    row = Wargear.objects.filter(datasheet_id=datasheet.pk).values(*WARGEAR_FIELDS).first()
    return conversion.datasheet_facts(
        row={f: getattr(datasheet, f) for f in conversion.DATASHEET_FIELDS},
        brackets=(),
        leads=(),
        pools=(),
        wargear=row or conversion.NO_WARGEAR,
    )


def _count(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_WARGEAR_COUNT:
        raise RosterError(ERR_WARGEAR_COUNT.format(what=what, count=value, limit=MAX_WARGEAR_COUNT))
    return value


def wargear_clean(*, facts: core.Datasheet, raw: Any) -> list[dict[str, Any]]:
    """Check stored-wargear JSON against the datasheet's model types and options.

    Unknown model types, options and counts that are not whole numbers are refused with a
    RosterError; how many a group allows is the rules core's to judge (WARGEAR_CHOICE).
    """
    if not isinstance(raw, list) or not all(isinstance(p, dict) for p in raw):
        raise RosterError(str(ERR_WARGEAR_SHAPE))
    kinds = {kind.name: kind for kind in facts.model_types}
    cleaned: dict[str, dict[str, Any]] = {}
    for part in raw:
        model = part.get("model")
        kind = kinds.get(model) if isinstance(model, str) else None
        if kind is None:
            raise RosterError(ERR_WARGEAR_MODEL.format(datasheet=facts.name, model=model))
        models = _count(part.get("models"), model)
        gear = part.get("wargear", {})
        if not isinstance(gear, dict):
            raise RosterError(str(ERR_WARGEAR_SHAPE))
        offered = {option for group in kind.groups for option in group.options}
        counts: dict[str, int] = {}
        for option, count in gear.items():
            if option not in offered:
                raise RosterError(ERR_WARGEAR_OPTION.format(model=model, option=option))
            if _count(count, f"{model}: {option}"):
                counts[option] = count
        if models:
            cleaned[model] = {"model": model, "models": models, "wargear": counts}
    return [cleaned[kind.name] for kind in facts.model_types if kind.name in cleaned]


def roster_unit_set_wargear(*, unit: RosterUnit, wargear: Any) -> RosterUnit:
    """Store a unit's wargear per model type; an empty list goes back to the defaults."""
    with transaction.atomic():
        _unit_relock(unit)
        facts = wargear_facts(datasheet=unit.datasheet)
        unit.wargear = wargear_clean(facts=facts, raw=wargear)
        unit.save(update_fields=["wargear"])
        Roster.objects.filter(pk=unit.roster_id).update(updated=timezone.now())
    return unit


def roster_unit_forget_unread(*, unit: RosterUnit) -> RosterUnit:
    """Forget the wargear lines an import could not place (their WARGEAR_UNREAD warning)."""
    with transaction.atomic():
        _unit_relock(unit)
        unit.wargear_unread = []
        unit.save(update_fields=["wargear_unread"])
        Roster.objects.filter(pk=unit.roster_id).update(updated=timezone.now())
    return unit


def roster_unit_upgrades_set(
    *, unit: RosterUnit, upgrades: dict[DetachmentUpgrade, int]
) -> RosterUnit:
    """Set how often a unit takes each of its detachment's upgrades; 0 removes one.

    Only the roster's own detachment's upgrades are accepted; whether this datasheet may
    take one, and how often, the rules core says (DETACHMENT_UPGRADE).
    """
    with transaction.atomic():
        _unit_relock(unit)
        roster = unit.roster
        for upgrade, count in upgrades.items():
            # Taking one off is always allowed, whichever detachment it came from.
            if count and upgrade.detachment_id != roster.detachment_id:
                raise RosterError(
                    ERR_UPGRADE_DETACHMENT.format(
                        upgrade=upgrade, detachment=roster.detachment or "no detachment"
                    )
                )
            if not 0 <= count <= MAX_UPGRADE_COUNT:
                raise RosterError(
                    ERR_UPGRADE_COUNT.format(upgrade=upgrade, most=MAX_UPGRADE_COUNT, count=count)
                )
        for upgrade, count in upgrades.items():
            if count == 0:
                RosterUnitUpgrade.objects.filter(unit=unit, upgrade=upgrade).delete()
            else:
                RosterUnitUpgrade.objects.update_or_create(
                    unit=unit, upgrade=upgrade, defaults={"count": count}
                )
        Roster.objects.filter(pk=roster.pk).update(updated=timezone.now())
    return unit


def roster_unit_duplicate(*, unit: RosterUnit) -> RosterUnit:
    """Add a copy of a unit right after it, without its enhancement or Warlord mark."""
    with transaction.atomic():
        _unit_relock(unit)
        roster = unit.roster
        _shift_positions(roster=roster, after=unit.position)
        copy = _copy_unit(unit, roster=roster, position=unit.position + 1)
        # An enhancement and the Warlord are one per army: the copy is a plain unit.
        copy.enhancement = None
        copy.warlord = False
        copy.save(update_fields=["enhancement", "warlord"])
    return copy


# Positions are unique per roster and PostgreSQL checks that row by row, so a shift by one
# would collide with the next row: move the tail far out of the way first, then back.
_SHIFT_OFFSET = 1_000_000


def _shift_positions(*, roster: Roster, after: int) -> None:
    """Make room for a unit at position after + 1."""
    tail = roster.units.filter(position__gt=after)
    tail.update(position=F("position") + _SHIFT_OFFSET)
    roster.units.filter(position__gt=_SHIFT_OFFSET).update(
        position=F("position") - (_SHIFT_OFFSET - 1)
    )


def roster_unit_remove(*, unit: RosterUnit) -> None:
    """Remove a unit from its roster; removing one already gone changes nothing."""
    roster_id = unit.roster_id
    with transaction.atomic():
        roster_lock(roster_id=roster_id)
        RosterUnit.objects.filter(pk=unit.pk).delete()
        Roster.objects.filter(pk=roster_id).update(updated=timezone.now())


def roster_set_warlord(*, roster: Roster, unit: RosterUnit | None) -> None:
    """Mark one unit as the Warlord, or clear the choice; the rules core judges the choice."""
    with transaction.atomic():
        roster_lock(roster_id=roster.pk)
        roster.units.filter(warlord=True).update(warlord=False)
        if unit is not None:
            RosterUnit.objects.filter(pk=unit.pk).update(warlord=True)
        Roster.objects.filter(pk=roster.pk).update(updated=timezone.now())


def roster_share(*, roster: Roster, enabled: bool) -> Roster:
    """Turn the read-only share link on (with a fresh unguessable token) or off."""
    with transaction.atomic():
        roster_lock(roster_id=roster.pk)
        roster.share_token = secrets.token_urlsafe(24) if enabled else None
        roster.save(update_fields=["share_token"])
    return roster


@dataclass(frozen=True)
class RepriceLine:
    unit_id: str
    name: str
    old: int
    new: int

    @property
    def delta(self) -> int:
        return self.new - self.old


@dataclass(frozen=True)
class RepricePreview:
    old_release: PointsRelease
    new_release: PointsRelease
    lines: list[RepriceLine]
    old_total: int
    new_total: int


def roster_reprice(
    *, roster: Roster, release: PointsRelease, apply: bool = False
) -> RepricePreview:
    """Show each unit's price under the roster's release and a newer one; apply only if asked."""
    if release.pk == roster.release_id:
        raise RosterError(ERR_RELEASE_NOT_NEWER.format(release=release))
    draft = roster_to_draft(roster=roster)
    old = rules.validate(draft_to_core(draft=draft), None, draft.profile)
    draft.release = release
    new = rules.validate(draft_to_core(draft=draft), None, draft.profile)
    preview = RepricePreview(
        old_release=roster.release,
        new_release=release,
        lines=[
            RepriceLine(u.key, u.datasheet.name, old.unit_points[u.key], new.unit_points[u.key])
            for u in draft.units
        ],
        old_total=old.points,
        new_total=new.points,
    )
    if apply:
        with transaction.atomic():
            roster_lock(roster_id=roster.pk)
            roster.release = release
            roster.save(update_fields=["release", "updated"])
    return preview
