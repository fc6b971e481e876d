"""Roster services: the one place that turns database rows into the rules core's dataclasses.

Every face (pages, API, exports, command line) asks roster_validate for a Result and
renders it; none of them checks a rule or prices a unit itself.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Prefetch

from armybuilder import rules
from armybuilder.catalogue.models import (
    Datasheet,
    Detachment,
    Enhancement,
    EnhancementPrice,
    Faction,
    OptionPrice,
    PointsRelease,
    TransportPool,
    UnitPrice,
)
from armybuilder.rules import model as core
from rosters.models import Roster, RosterUnit


@dataclass(frozen=True)
class ReleasePrices:
    """The prices of one release for the datasheets and enhancements at hand."""

    brackets: dict[int, tuple[core.Bracket, ...]]
    enhancements: dict[int, int]
    options: dict[tuple[int, str], int]


def release_prices(
    *, release: PointsRelease, datasheet_ids: set[int], enhancement_ids: set[int]
) -> ReleasePrices:
    """Load the prices a set of datasheets and enhancements have under one release."""
    brackets: dict[int, list[core.Bracket]] = defaultdict(list)
    for datasheet_id, models_count, points in (
        UnitPrice.objects.filter(release=release, datasheet_id__in=datasheet_ids)
        .order_by("models_count")
        .values_list("datasheet_id", "models_count", "points")
    ):
        brackets[datasheet_id].append(core.Bracket(models_count, points))
    enhancements = dict(
        EnhancementPrice.objects.filter(
            release=release, enhancement_id__in=enhancement_ids
        ).values_list("enhancement_id", "points")
    )
    options = {
        (datasheet_id, name.casefold()): points
        for datasheet_id, name, points in OptionPrice.objects.filter(
            release=release, datasheet_id__in=datasheet_ids
        ).values_list("datasheet_id", "name", "points")
    }
    return ReleasePrices(
        brackets={k: tuple(v) for k, v in brackets.items()},
        enhancements=enhancements,
        options=options,
    )


def _alternatives(raw: list[list[str]]) -> tuple[frozenset[str], ...]:
    return tuple(frozenset(alt) for alt in raw if alt)


def datasheet_to_core(
    *, datasheet: Datasheet, brackets: tuple[core.Bracket, ...]
) -> core.Datasheet:
    """Turn a datasheet row, with its prefetched pools and leads, into the core's facts."""
    return core.Datasheet(
        name=datasheet.name,
        keywords=frozenset(datasheet.keywords),
        faction_keywords=frozenset(datasheet.faction_keywords),
        brackets=brackets,
        min_models=datasheet.min_models,
        max_models=datasheet.max_models,
        limit=datasheet.limit,
        leads=frozenset(d.name for d in datasheet.leads.all()),
        extra_leaders=datasheet.extra_leaders,
        joins_led_unit=datasheet.joins_led_unit,
        transport=tuple(
            core.TransportPool(
                capacity=pool.capacity,
                allowed=_alternatives(pool.allowed),
                forbidden=frozenset(pool.forbidden),
                space=tuple(sorted((k, int(v)) for k, v in pool.space.items())),
                only_datasheets=frozenset(pool.only_datasheets),
            )
            for pool in datasheet.transport_pools.all()
        ),
        deep_strike=datasheet.deep_strike,
        hover=datasheet.hover,
        power=datasheet.power,
        warlord=core.WarlordRule(datasheet.warlord),
    )


def faction_chain(faction: Faction) -> list[Faction]:
    """Return the faction and its ancestors, nearest first."""
    chain = [faction]
    while chain[-1].parent_id is not None:
        chain.append(chain[-1].parent)  # type: ignore[arg-type]
    return chain


def army_faction_rules(
    *, faction: Faction
) -> tuple[str, frozenset[str], tuple[core.Allowance, ...], set[int]]:
    """Return the army's faction keyword, excluded keywords, allies and faction ids in chain."""
    chain = faction_chain(faction)
    chain_ids = {f.pk for f in chain}
    root = chain[-1]
    # Another chapter's units carry the root keyword too; their own keyword shuts them out.
    excluded: set[str] = set()
    frontier = [root.pk]
    while frontier:
        children = list(Faction.objects.filter(parent_id__in=frontier).values_list("pk", "keyword"))
        excluded.update(kw for pk, kw in children if pk not in chain_ids)
        frontier = [pk for pk, _ in children]
    allies = tuple(
        core.Allowance(keyword=rule.keyword, points_cap=rule.points_cap)
        for f in chain
        for rule in f.ally_rules.all()
    )
    return root.keyword, frozenset(excluded - {root.keyword}), allies, chain_ids


def detachment_to_core(
    *, detachment: Detachment, army_keyword: str, chain_ids: set[int]
) -> core.Detachment:
    """Turn a detachment row into the core's facts, relative to the army's faction."""
    keyword = army_keyword if detachment.faction_id in chain_ids else detachment.faction.keyword
    return core.Detachment(
        name=detachment.name,
        faction_keyword=keyword,
        required_datasheets=frozenset(d.name for d in detachment.required.all()),
        forbidden_datasheets=frozenset(d.name for d in detachment.forbidden.all()),
        battleline=frozenset(d.name for d in detachment.battleline.all()),
    )


def roster_units_queryset() -> Prefetch[RosterUnit]:
    return Prefetch(
        "units",
        queryset=RosterUnit.objects.select_related(
            "datasheet", "enhancement__detachment"
        ).prefetch_related(
            Prefetch(
                "datasheet__transport_pools", queryset=TransportPool.objects.order_by("position")
            ),
            Prefetch("datasheet__leads", queryset=Datasheet.objects.only("id", "name")),
            "options",
        ),
    )


def roster_load(*, roster_id: int) -> Roster:
    """Load a roster with everything roster_to_core needs, in a fixed number of queries."""
    return (
        Roster.objects.select_related("faction", "detachment__faction", "release", "owner")
        .prefetch_related(
            roster_units_queryset(),
            "detachment__required",
            "detachment__forbidden",
            "detachment__battleline",
        )
        .get(pk=roster_id)
    )


def unit_key(unit: RosterUnit) -> str:
    """Return the stable id the rules core knows a roster unit by."""
    return str(unit.pk)


def roster_to_core(*, roster: Roster) -> core.Army:
    """Turn a loaded roster into the core's Army, ids being the roster units' primary keys."""
    units = list(roster.units.all())
    prices = release_prices(
        release=roster.release,
        datasheet_ids={u.datasheet_id for u in units},
        enhancement_ids={u.enhancement_id for u in units if u.enhancement_id is not None},
    )
    keyword, excluded, allies, chain_ids = army_faction_rules(faction=roster.faction)
    sheets: dict[int, core.Datasheet] = {}
    core_units = []
    for unit in units:
        sheet = sheets.get(unit.datasheet_id)
        if sheet is None:
            sheet = sheets[unit.datasheet_id] = datasheet_to_core(
                datasheet=unit.datasheet, brackets=prices.brackets.get(unit.datasheet_id, ())
            )
        core_units.append(
            core.Unit(
                id=unit_key(unit),
                datasheet=sheet,
                models=unit.models_count,
                enhancements=(
                    (enhancement_to_core(enhancement=unit.enhancement, prices=prices),)
                    if unit.enhancement is not None
                    else ()
                ),
                warlord=unit.warlord,
                options=tuple(
                    core.PricedOption(
                        name=o.name,
                        points=prices.options.get((unit.datasheet_id, o.name.casefold()), 0),
                        count=o.count,
                    )
                    for o in unit.options.all()
                ),
            )
        )
    detachments = (
        (
            detachment_to_core(
                detachment=roster.detachment, army_keyword=keyword, chain_ids=chain_ids
            ),
        )
        if roster.detachment is not None
        else ()
    )
    return core.Army(
        faction=roster.faction.name,
        faction_keyword=keyword,
        battle_size=core.BattleSize(roster.battle_size),
        units=tuple(core_units),
        detachments=detachments,
        allies=allies,
        excluded_keywords=excluded,
        name=roster.name,
    )


def enhancement_to_core(*, enhancement: Enhancement, prices: ReleasePrices) -> core.Enhancement:
    return core.Enhancement(
        name=enhancement.name,
        points=prices.enhancements.get(enhancement.pk, 0),
        detachment=enhancement.detachment.name,
        required_keywords=_alternatives(enhancement.required_keywords),
    )


def roster_validate(
    *, roster: Roster, declaration: core.Declaration | None = None
) -> rules.model.Result:
    """Validate a loaded roster under its own profile and return the core's Result."""
    return rules.validate(roster_to_core(roster=roster), declaration, roster.profile)


class RosterError(ValueError):
    """A roster change that the catalogue does not allow; the message says why."""


ERR_NOT_PRICED = "{datasheet} has no price in {release}, so it cannot be added under it."
ERR_NOT_AVAILABLE = "{datasheet} is not available to {faction}."
ERR_BAD_MODEL_COUNT = "{datasheet} comes in units of {allowed} models, not {models}."


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
    return RosterUnit.objects.create(
        roster=roster,
        datasheet=datasheet,
        models_count=models,
        enhancement=enhancement,
        warlord=warlord,
        position=(last or 0) + 1,
    )
