"""Score a battle record under a scoring profile: one pass per side, then the winner."""

from __future__ import annotations

from armybuilder.rules.scoring import codes
from armybuilder.rules.scoring.model import (
    BattleRecord,
    BattleUnit,
    ScoreResult,
    ScoreViolation,
    Side,
    SideScore,
    UnitState,
)
from armybuilder.rules.scoring.profiles import (
    DEFAULT_SCORING_PROFILE,
    ScoringProfile,
    get_scoring_profile,
)
from armybuilder.rules.scoring.victory import victory_level as level_of


def _side_label(index: int, side: Side) -> str:
    return side.name or codes.MSG_SIDE.format(number=index + 1)


def _objective_vp(
    index: int, side: Side, profile: ScoringProfile, out: list[ScoreViolation]
) -> tuple[tuple[tuple[int, int], ...], int, int]:
    """Return (counted VP per round, counted objective VP, VP not counted)."""
    label = _side_label(index, side)
    first, last, cap = profile.first_round(), profile.last_round(), profile.turn_cap()
    counted: dict[int, int] = {}
    not_counted = 0
    for rnd, vp in side.rounds:
        if vp < 0:
            out.append(
                ScoreViolation(
                    codes.SCORE_ROUND,
                    codes.MSG_NEGATIVE.format(side=label, vp=vp, round=rnd),
                    index,
                    rnd,
                )
            )
            continue
        if rnd in counted:
            out.append(
                ScoreViolation(
                    codes.SCORE_ROUND,
                    codes.MSG_ROUND_TWICE.format(side=label, round=rnd),
                    index,
                    rnd,
                )
            )
            not_counted += vp
            continue
        if not first <= rnd <= last:
            if vp:
                message = codes.MSG_ROUND_NOT_SCORED.format(
                    side=label, vp=vp, round=rnd, profile=profile.name, first=first, last=last
                )
                out.append(ScoreViolation(codes.SCORE_ROUND, message, index, rnd))
            not_counted += vp
            continue
        if cap is not None and vp > cap:
            excess = vp - cap
            message = codes.MSG_TURN_CAP.format(
                side=label, vp=vp, round=rnd, cap=cap, excess=excess
            )
            out.append(ScoreViolation(codes.SCORE_TURN_CAP, message, index, rnd))
            not_counted += excess
            vp = cap
        counted[rnd] = vp
    total = sum(counted.values())
    total_cap = profile.objective_cap()
    if total_cap is not None and total > total_cap:
        excess = total - total_cap
        message = codes.MSG_CAP.format(side=label, vp=total, cap=total_cap, excess=excess)
        out.append(ScoreViolation(codes.SCORE_CAP, message, index))
        not_counted += excess
        total = total_cap
    return tuple(sorted(counted.items())), total, not_counted


def _end_states(
    index: int, side: Side, out: list[ScoreViolation]
) -> dict[str, tuple[BattleUnit, UnitState]]:
    """Return each unit's recorded end state, reporting states the unit cannot have."""
    label = _side_label(index, side)
    units = {unit.id: unit for unit in side.units}
    states: dict[str, tuple[BattleUnit, UnitState]] = {}
    for unit_id, state in side.unit_states:
        unit = units.get(unit_id)
        if unit is None:
            message = codes.MSG_UNKNOWN_UNIT.format(side=label, unit=unit_id)
        elif unit_id in states:
            message = codes.MSG_STATE_TWICE.format(side=label, unit=unit.name)
        elif state is UnitState.DAMAGED and not unit.can_be_damaged:
            message = codes.MSG_NOT_DAMAGEABLE.format(side=label, unit=unit.name)
        else:
            states[unit_id] = (unit, state)
            continue
        out.append(ScoreViolation(codes.UNIT_STATE, message, index, None, (unit_id,)))
    return states


def score(
    record: BattleRecord,
    profile: str | ScoringProfile = DEFAULT_SCORING_PROFILE,
    *,
    victory_level: bool = False,
) -> ScoreResult:
    """Score a battle: each side's VP (counted and not), the winner or a draw, the level."""
    scoring = get_scoring_profile(profile)
    violations: list[ScoreViolation] = []
    parts = []
    for index, side in enumerate(record.sides):
        rounds, objective_vp, not_counted = _objective_vp(index, side, scoring, violations)
        states = _end_states(index, side, violations)
        parts.append((side, rounds, objective_vp, not_counted, states))
    scores: list[SideScore] = []
    for index, (side, rounds, objective_vp, not_counted, _) in enumerate(parts):
        enemy_states = parts[1 - index][4]
        kill_vp = sum(scoring.kill_points(unit, state) for unit, state in enemy_states.values())
        own_states = parts[index][4]
        destroyed = tuple(
            unit.id
            for unit in side.units
            if unit.id in own_states and own_states[unit.id][1] is UnitState.DESTROYED
        )
        painted_vp = scoring.painted_bonus() if side.painted else 0
        wiped = side.army_destroyed or (bool(side.units) and len(destroyed) == len(side.units))
        scores.append(
            SideScore(
                name=side.name,
                rounds=rounds,
                objective_vp=objective_vp,
                painted_vp=painted_vp,
                kill_vp=kill_vp,
                vp=objective_vp + painted_vp + kill_vp,
                not_counted=not_counted,
                destroyed_unit_ids=destroyed,
                army_destroyed=wiped,
                secondaries=len(side.secondaries),
            )
        )
    first, second = scores
    winner: int | None
    if scoring.army_destroyed_loses() and first.army_destroyed != second.army_destroyed:
        winner, decided_by = (1 if first.army_destroyed else 0), "army_destroyed"
    elif first.vp != second.vp:
        winner, decided_by = (0 if first.vp > second.vp else 1), "vp"
    else:
        winner, decided_by = None, "draw"
    level = None
    if victory_level:
        level = level_of(
            vp=(first.vp, second.vp),
            winner=winner,
            secondaries=(first.secondaries, second.secondaries),
            battle_size=record.battle_size,
        )
    order = {code: i for i, code in enumerate(codes.ALL_CODES)}
    violations.sort(key=lambda v: (order[v.code], v.side or 0, v.round or 0, v.unit_ids, v.message))
    return ScoreResult(
        profile=scoring.name,
        battle_size=record.battle_size,
        sides=(first, second),
        winner=winner,
        decided_by=decided_by,
        victory_level=level,
        violations=tuple(violations),
    )
