"""Conversion to the rules core: a roster (saved or not) as a Draft, then as the core's
Army, and its validation."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field, replace

from django.db.models import Prefetch, prefetch_related_objects

from armybuilder import rules
from armybuilder.catalogue import conversion
from armybuilder.catalogue.conversion import (
    FactionRules,
    datasheet_to_core,
    detachment_to_core,
)
from armybuilder.catalogue.models import (
    Datasheet,
    Detachment,
    Enhancement,
    Faction,
    PointsRelease,
    TransportPool,
)
from armybuilder.rules import model as core
from rosters.models import Roster, RosterUnit
from rosters.services.loading import (
    ReleasePrices,
    TakenUpgrade,
    army_faction_rules_load,
    release_prices_load,
    roster_unit_options_load,
    roster_unit_upgrades_load,
)


def roster_unit_key(*, unit: RosterUnit) -> str:
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
                key=roster_unit_key(unit=unit),
                datasheet=unit.datasheet,
                models=unit.models_count,
                enhancement=unit.enhancement,
                warlord=unit.warlord,
                options=roster_unit_options_load(unit=unit),
                upgrades=roster_unit_upgrades_load(unit=unit),
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
    # A caller that keeps catalogue facts warm (the API) passes what release_prices_load
    # and army_faction_rules_load answer; the prices must cover the draft's rows.
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
        prices = release_prices_load(
            release=draft.release,
            datasheet_ids=set(sheets_by_id),
            enhancement_ids={u.enhancement.pk for u in draft.units if u.enhancement is not None},
            upgrade_ids={taken.id for u in draft.units for taken in u.upgrades},
        )
    keyword, excluded, allies, chain_ids, limits = faction_rules or army_faction_rules_load(
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
