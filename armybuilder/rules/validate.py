"""The entry points: validate an army, and measure its reserves on their own."""

from __future__ import annotations

from types import MappingProxyType

from armybuilder.rules import codes, constraints, formations, muster, reserves, transport
from armybuilder.rules.context import EPIC_HERO, Context
from armybuilder.rules.model import (
    Allowance,
    Army,
    Datasheet,
    Declaration,
    Detachment,
    Enhancement,
    LimitCount,
    Meter,
    Result,
    Unit,
    Violation,
)
from armybuilder.rules.profiles import DEFAULT_PROFILE, Profile, get_profile


def _sort_key(found: Violation) -> tuple[int, tuple[str, ...], str, str]:
    return codes.CODE_ORDER[found.code], found.unit_ids, found.message, found.severity


def build_context(army: Army, declaration: Declaration | None = None) -> Context:
    """Index and price the army, and resolve the declaration when there is one."""
    ctx = Context.build(army, declaration)
    if declaration is not None:
        ctx.formation = formations.resolve(ctx, declaration)
    return ctx


def validate(
    army: Army,
    declaration: Declaration | None = None,
    profile: str | Profile = DEFAULT_PROFILE,
) -> Result:
    """Check an army (and its declaration) under a profile, returning every violation.

    Violations are sorted by RULES.md code order, then unit ids, then message, so the
    result does not depend on the order of the army's units. Raises ValueError for an
    unknown profile name or a unit id used twice.
    """
    rules = get_profile(profile)
    ctx = build_context(army, declaration)
    found: list[Violation] = []
    for check in rules.muster_checks():
        found.extend(check(ctx))
    meters: tuple[Meter, ...] = ()
    if ctx.formation is not None:
        for check in rules.formation_checks():
            found.extend(check(ctx))
        meters = rules.reserve_meters(ctx)
        found.extend(reserves.meter_violations(ctx, meters))
    found.sort(key=_sort_key)
    return Result(
        profile=rules.name,
        points=ctx.total,
        points_limit=army.points_limit,
        unit_points=MappingProxyType(dict(sorted(ctx.points.items()))),
        violations=tuple(found),
        meters=meters,
        loads=transport.transport_loads(ctx),
    )


def reserve_meters(
    army: Army, declaration: Declaration, profile: str | Profile = DEFAULT_PROFILE
) -> tuple[Meter, ...]:
    """Return the profile's reserves meters for a declaration, without the other checks."""
    return get_profile(profile).reserve_meters(build_context(army, declaration))


def strategic_reserves(
    army: Army, declaration: Declaration, profile: str | Profile = DEFAULT_PROFILE
) -> Meter | None:
    """Return the Strategic Reserves meter (used, cap, left), or None if the profile has none."""
    rules = get_profile(profile)
    cap = rules.strategic_reserves_cap(army.battle_size)
    if cap is None:
        return None
    return reserves.strategic_reserves_meter(build_context(army, declaration), cap)


def datasheet_limit(army: Army, sheet: Datasheet, profile: str | Profile = DEFAULT_PROFILE) -> int:
    """Return how many units of a datasheet this army may field under a profile."""
    rules = get_profile(profile)
    battleline = muster.is_battleline(army.detachment, sheet)
    limit = rules.datasheet_limit(sheet, battleline, army.battle_size)
    if sheet.name in muster.stated_limits(army):
        # The catalogue's own limit on the datasheet replaces the Rule of Three.
        stated = [
            count.maximum
            for count in constraints.limit_counts(army, codes.CATALOGUE_LIMIT, rules.matched_play())
            if count.maximum is not None and count.limit.subject.datasheets == {sheet.name}
        ]
        limit = min(stated, default=limit)
    # EPIC_HERO_DUPLICATE caps an Epic Hero at one, whatever DATASHEET_LIMIT would allow.
    return min(limit, 1) if EPIC_HERO in sheet.keywords else limit


def enhancement_problems(
    unit: Unit, enhancement: Enhancement, detachment: Detachment | None
) -> tuple[Violation, ...]:
    """Return why this unit may not bear this enhancement (empty when it may)."""
    return tuple(muster.bearer_problems(unit, enhancement, detachment))


def allied_points(army: Army) -> dict[Allowance, int]:
    """Return the points each allowance of the army spends on allied units (0 for unused)."""
    return muster.allied_points(army)


def allied_limits(army: Army, profile: str | Profile = DEFAULT_PROFILE) -> tuple[LimitCount, ...]:
    """Return the army's ALLIED_UNITS limits with what each counts and its maximum now."""
    matched = get_profile(profile).matched_play()
    return constraints.limit_counts(army, codes.ALLIED_UNITS, matched)


ally_cap_refusal = muster.ally_cap_refusal
datasheet_refusal = muster.datasheet_refusal
faction_standing = muster.faction_standing
enhancement_refusal = muster.enhancement_refusal
can_be_warlord = muster.can_be_warlord
leader_refusal = formations.leader_refusal
leader_slots = formations.leader_slots
can_deep_strike = formations.can_deep_strike
deep_strike_refusal = formations.deep_strike_refusal
may_start_in_reserves = formations.may_start_in_reserves
can_carry = transport.can_carry
