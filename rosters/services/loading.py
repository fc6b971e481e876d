"""Loading rosters and catalogue rows: prices, faction rules, datasheets, and the
rows kept warm between requests under the catalogue's version."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from django.db.models import OuterRef, Prefetch, Subquery

from armybuilder.catalogue import conversion
from armybuilder.catalogue.conversion import FactionRules
from armybuilder.catalogue.models import (
    ArmyLimit,
    Datasheet,
    Detachment,
    DetachmentUpgrade,
    DetachmentUpgradePrice,
    DetachmentUpgradeUnit,
    EnhancementPrice,
    Faction,
    OptionPrice,
    PointsRelease,
    ReleaseUnitSize,
    TransportPool,
    UnitPrice,
)
from armybuilder.rules import model as core
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


def release_prices_load(
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


def detachment_upgrades_prefetch(*, lookup: str = "detachment__upgrades") -> Prefetch:
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


def faction_chain_load(*, faction: Faction) -> list[Faction]:
    """Return the faction and its ancestors, nearest first."""
    chain = [faction]
    while chain[-1].parent_id is not None:
        chain.append(chain[-1].parent)  # type: ignore[arg-type]
    return chain


def army_faction_rules_load(*, faction: Faction) -> FactionRules:
    """Return the army's faction keyword, excluded keywords, allies, faction ids in chain
    and the catalogue's army limits for that chain."""
    tree = list(Faction.objects.values_list("id", "parent_id", "keyword"))
    chain = faction_chain_load(faction=faction)
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
    """Return army_faction_rules_load, kept per faction while the catalogue stands.

    ``version`` is freshness.catalogue_version(), which the caller asks once per page; the
    faction tree, ally rules and army limits change by admin action only.
    """
    return catalogue_warm(  # type: ignore[no-any-return]
        ("faction rules", faction.pk, *version), lambda: army_faction_rules_load(faction=faction)
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
        detachment_upgrades_prefetch(lookup=f"{prefix}upgrades"),
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
    """Return release_prices_load, kept while the catalogue stands (freshness's ``version``)."""
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
        lambda: release_prices_load(
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


def roster_unit_options_load(*, unit: RosterUnit) -> list[tuple[str, int]]:
    """Return a unit's priced options as (name, count), from roster_load when it ran."""
    rows = getattr(unit, "option_rows", None)
    if rows is None:
        rows = list(unit.options.values_list("name", "count"))
    return rows


def roster_unit_upgrades_load(*, unit: RosterUnit) -> list[TakenUpgrade]:
    """Return a unit's detachment upgrades, from roster_load when it ran."""
    rows = getattr(unit, "upgrade_rows", None)
    if rows is None:
        rows = [
            TakenUpgrade(*row)
            for row in unit.upgrades.values_list("upgrade_id", "upgrade__name", "count")
        ]
    return rows


def faction_detachments_load(*, faction: Faction) -> list[Detachment]:
    """Return the detachments a faction may use: its own and its ancestors', less any the
    data hides from it (a chapter that may not take one of its parent's)."""
    chain = faction_chain_load(faction=faction)
    return list(
        Detachment.objects.filter(faction__in=chain)
        .exclude(hidden_for=faction)
        .select_related("faction")
        .order_by("name")
    )
