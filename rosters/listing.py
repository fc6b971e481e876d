"""My rosters: every roster of a player, validated and, where stale, re-priced in preview.

Loads all of a player's rosters in a fixed number of queries (a few per points release
and per faction in use, none per roster), then prices each through the same path as
roster_reprice: the roster as a Draft, validated by the rules core under its own release
and, if that is not the current one, under the current release.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet

from armybuilder.catalogue.models import PointsRelease
from armybuilder.rules import model as core
from rosters import services
from rosters.models import Roster, RosterUnit, RosterUnitOption, RosterUnitUpgrade


@dataclass(frozen=True)
class RosterListRow:
    roster: Roster
    result: core.Result
    # Set only for a roster priced under an older release: its total under the current one.
    current_release: PointsRelease | None = None
    repriced_points: int | None = None

    @property
    def stale(self) -> bool:
        return self.current_release is not None


def _load(owner: Any) -> list[Roster]:
    rosters = list(
        Roster.objects.filter(owner=owner)
        .select_related("faction", "detachment__faction", "release")
        .prefetch_related(
            "detachment__required",
            "detachment__forbidden",
            "detachment__battleline",
            services.detachment_upgrades_prefetch(),
        )
    )
    units: dict[int, list[RosterUnit]] = defaultdict(list)
    loaded = list(
        RosterUnit.objects.filter(roster__in=rosters)
        .select_related("enhancement__detachment")
        .order_by("roster_id", "position", "id")
    )
    options: dict[int, list[tuple[str, int]]] = defaultdict(list)
    for unit_id, name, count in RosterUnitOption.objects.filter(
        unit__roster__in=rosters
    ).values_list("unit_id", "name", "count"):
        options[unit_id].append((name, count))
    upgrades: dict[int, list[services.TakenUpgrade]] = defaultdict(list)
    for unit_id, upgrade_id, name, count in RosterUnitUpgrade.objects.filter(
        unit__roster__in=rosters
    ).values_list("unit_id", "upgrade_id", "upgrade__name", "count"):
        upgrades[unit_id].append(services.TakenUpgrade(upgrade_id, name, count))
    sheets = services.datasheets_load(ids={u.datasheet_id for u in loaded})
    for unit in loaded:
        unit.datasheet = sheets[unit.datasheet_id]
        unit.option_rows = options.get(unit.pk, [])  # type: ignore[attr-defined]
        unit.upgrade_rows = upgrades.get(unit.pk, [])  # type: ignore[attr-defined]
        units[unit.roster_id].append(unit)
    for roster in rosters:
        cached: QuerySet[RosterUnit] = RosterUnit.objects.filter(roster=roster)
        cached._result_cache = units.get(roster.pk, [])
        # Django's private prefetch state, which django-stubs leaves out.
        cached._prefetch_done = True  # type: ignore[attr-defined]
        roster._prefetched_objects_cache = {"units": cached}  # type: ignore[attr-defined]
    return rosters


def roster_list_rows(*, owner: object) -> list[RosterListRow]:
    """Return each of the owner's rosters with its Result and, if stale, its re-priced total."""
    rosters = _load(owner)
    if not rosters:
        return []
    current = PointsRelease.objects.filter(is_current=True).first()
    drafts = [services.roster_to_draft(roster=r) for r in rosters]
    datasheet_ids = {u.datasheet.pk for d in drafts for u in d.units}
    enhancement_ids = {u.enhancement.pk for d in drafts for u in d.units if u.enhancement}
    upgrade_ids = {taken.id for d in drafts for u in d.units for taken in u.upgrades}
    releases = {r.release_id: r.release for r in rosters}
    if current is not None:
        releases[current.pk] = current
    prices = {
        pk: services.release_prices_load(
            release=release,
            datasheet_ids=datasheet_ids,
            enhancement_ids=enhancement_ids,
            upgrade_ids=upgrade_ids,
        )
        for pk, release in releases.items()
    }
    faction_rules: dict[int, services.FactionRules] = {}
    rows = []
    for roster, draft in zip(rosters, drafts, strict=True):
        if roster.faction_id not in faction_rules:
            faction_rules[roster.faction_id] = services.army_faction_rules_load(
                faction=roster.faction
            )
        rules = faction_rules[roster.faction_id]
        _, result = services.draft_validate(
            draft=draft, prices=prices[roster.release_id], faction_rules=rules
        )
        if current is None or current.pk == roster.release_id:
            rows.append(RosterListRow(roster, result))
            continue
        # What roster_reprice would show as its new total: the same draft, the current prices.
        draft.release = current
        _, repriced = services.draft_validate(
            draft=draft, prices=prices[current.pk], faction_rules=rules
        )
        rows.append(RosterListRow(roster, result, current, repriced.points))
    return rows
