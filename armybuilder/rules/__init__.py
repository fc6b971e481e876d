"""armybuilder.rules: the framework-free rules core (plain Python, standard library only).

Data flow::

    Army (+ Declaration)  ──►  validate(army, declaration, profile)  ──►  Result
    frozen dataclasses          one pass: Context, then the profile's      points, per-unit
    from model.py               checks in RULES.md order                  points, violations,
                                                                          meters

1. ``Context.build`` (context.py) indexes the army by unit id and prices every unit once
   (bracket + enhancements + priced options).
2. With a declaration, ``formations.resolve`` applies it: who leads whom, who rides in
   what, where every unit starts. Entries it cannot apply become violations and are
   never applied to another unit.
3. The profile's ``muster_checks()`` run always; its ``formation_checks()`` and
   ``reserve_meters()`` run with a declaration. Every meter over its cap is a violation of
   the meter's code. The rules live once, in muster.py, formations.py, transport.py,
   reserves.py and constraints.py (the catalogue's own limits: allies, Legends, and
   Army.limits, which are data); codes.py holds the RULES.md codes and the message
   templates.
4. Violations are sorted (code order, unit ids, message), so the result never depends
   on the order of units. Work is linear in the number of units and declaration entries.

Entry points::

    validate(army, declaration=None, profile="core-10") -> Result
    strategic_reserves(army, declaration, profile="core-10") -> Meter | None
    reserve_meters(army, declaration, profile="core-10") -> tuple[Meter, ...]
    unit_points(unit) -> int
    datasheet_limit(army, sheet, profile) -> int           (the builder's "2 / 3")
    datasheet_refusal(army, sheet) -> str;  faction_standing(army, sheet)
        (what the builder's picker offers, and under which allowance)
    allied_points(army) -> {Allowance: points}              (the picker's ally caps)
    allied_limits(army, profile) -> (LimitCount, ...)       (its ALLIED_UNITS count caps)
    ally_cap_refusal(allowance, used, units) -> str         (an ally that could only break it)
    enhancement_problems(unit, enhancement, detachment)   (why an enhancement cannot go)
    enhancement_refusal(unit) -> str;  can_be_warlord(unit) -> bool
    leader_refusal(leader, bodyguard);  leader_slots(bodyguard, leaders)
    can_carry(transport, members);  can_deep_strike(members);  may_start_in_reserves(unit)
    deep_strike_refusal(members) -> str                      (why Deep Strike is not offered)
        (what the declaration wizard offers)
    get_profile(name) -> Profile;  PROFILES: name -> Profile

Adding a profile (e.g. a new edition or mission pack):

1. Create ``profiles/<name>.py`` with a subclass of ``Profile`` (profiles/core10.py) or of
   the profile it extends. Set ``name`` and ``description``; override only the parameter
   methods that differ (``datasheet_limits``, ``datasheet_limit``,
   ``titanic_character_limit``, ``strategic_reserves_cap``) or extend
   ``muster_checks()`` / ``formation_checks()`` / ``reserve_meters()``. A new rule goes in
   the module of its phase, with its code and message in codes.py.
2. Register an instance in the ``PROFILES`` tuple in profiles/__init__.py.
3. Add its cases to tests/rules (one table per code it changes).

After the battle, ``armybuilder.rules.scoring`` scores a played battle (SCORING.md): a
BattleRecord in, a ScoreResult out, under a scoring profile (only-war-10, mission-9,
kill-points-4) with an optional victory level; see its package docstring.
"""

from armybuilder.rules import codes, model
from armybuilder.rules.context import unit_points
from armybuilder.rules.model import (
    Army,
    BattleSize,
    Declaration,
    Meter,
    Placement,
    Result,
    Severity,
    Violation,
)
from armybuilder.rules.profiles import DEFAULT_PROFILE, PROFILES, Profile, get_profile
from armybuilder.rules.validate import (
    allied_limits,
    allied_points,
    ally_cap_refusal,
    can_be_warlord,
    can_carry,
    can_deep_strike,
    datasheet_limit,
    datasheet_refusal,
    deep_strike_refusal,
    enhancement_problems,
    enhancement_refusal,
    faction_standing,
    leader_refusal,
    leader_slots,
    may_start_in_reserves,
    reserve_meters,
    strategic_reserves,
    validate,
)

__all__ = [
    "DEFAULT_PROFILE",
    "PROFILES",
    "Army",
    "BattleSize",
    "Declaration",
    "Meter",
    "Placement",
    "Profile",
    "Result",
    "Severity",
    "Violation",
    "allied_limits",
    "allied_points",
    "ally_cap_refusal",
    "can_be_warlord",
    "can_carry",
    "can_deep_strike",
    "codes",
    "datasheet_limit",
    "datasheet_refusal",
    "deep_strike_refusal",
    "enhancement_problems",
    "enhancement_refusal",
    "faction_standing",
    "get_profile",
    "leader_refusal",
    "leader_slots",
    "may_start_in_reserves",
    "model",
    "reserve_meters",
    "strategic_reserves",
    "unit_points",
    "validate",
]
