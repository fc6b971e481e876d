"""BATTLE.json in, result JSON out: the shapes of ``manage.py score_battle`` and the API.

BATTLE.json (every key but ``sides`` optional)::

    {
      "battle_size": 2000,              # points, or "incursion" | "strike_force" | "onslaught"
      "profile": "only-war-10",         # only-war-10 | mission-9 | kill-points-4
      "victory_level": false,           # add tournament points (seed 003)
      "sides": [                        # exactly two
        {
          "name": "Olivia", "faction": "Space Marines", "points": 1995,
          "rounds": {"2": 3, "3": 2},   # battle round -> VP scored in it
          "units": [{"id": "a1", "name": "Rhino", "points": 75,
                     "models": 1, "can_be_damaged": true}],
          "states": {"a1": "destroyed"},   # unit id -> intact | below_half | damaged | destroyed
          "secondaries": ["Slay the Warlord"],
          "painted": true,
          "army_destroyed": false       # for a side whose units are not listed
        },
        {"name": "Ivan", "...": "..."}
      ]
    }

The result JSON (schema version 1)::

    {schema: 1, profile, battle_size, winner (0 | 1 | null), winner_name, decided_by
     ("vp" | "army_destroyed" | "draw"),
     sides: [{name, rounds: [{round, vp}], objective_vp, painted_vp, kill_vp, vp,
              not_counted, destroyed_unit_ids, army_destroyed, secondaries}],
     victory_level: null | {difference, row, winner_points, loser_points,
                            secondary_side, points: [side 0, side 1], level},
     violations: [{code, message, side, round, unit_ids}]}

Codes are SCORING.md's: SCORE_ROUND, SCORE_TURN_CAP, SCORE_CAP, UNIT_STATE.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from django.utils.translation import gettext_lazy

from armybuilder.rules import scoring
from rosters.battles.models import BATTLE_SIZE_POINTS

SCHEMA_VERSION: Final = 1
ERR_NOT_OBJECT: Final = gettext_lazy("{where}: expected a JSON object.")
ERR_SIDES: Final = gettext_lazy("sides: expected a list of exactly two sides.")
ERR_SIZE: Final = gettext_lazy(
    "battle_size: expected points above zero or one of incursion, strike_force, onslaught."
)
ERR_INT: Final = gettext_lazy("{where}: expected a whole number, not {value!r}.")
ERR_TEXT: Final = gettext_lazy("{where}: expected text, not {value!r}.")
ERR_BOOL: Final = gettext_lazy("{where}: expected true or false, not {value!r}.")
ERR_LIST: Final = gettext_lazy("{where}: expected a list.")
ERR_STATE: Final = gettext_lazy(
    "{where}: {value!r} is not a unit state (intact, below_half, damaged, destroyed)."
)
ERR_PROFILE: Final = gettext_lazy("profile: {problem}")


class BattleJsonError(ValueError):
    """BATTLE.json that cannot be read; the message says what and where."""


def _object(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise BattleJsonError(ERR_NOT_OBJECT.format(where=where))
    return value


def _int(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, str) and value.strip().lstrip("-").isdigit():
            return int(value)
        raise BattleJsonError(ERR_INT.format(where=where, value=value))
    return value


def _text(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise BattleJsonError(ERR_TEXT.format(where=where, value=value))
    return value


def _bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise BattleJsonError(ERR_BOOL.format(where=where, value=value))
    return value


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise BattleJsonError(ERR_LIST.format(where=where))
    return value


def battle_size_points(value: Any) -> int:
    if isinstance(value, str) and value in BATTLE_SIZE_POINTS:
        return BATTLE_SIZE_POINTS[value]
    if isinstance(value, int) and not isinstance(value, bool) and value > 0:
        return value
    raise BattleJsonError(ERR_SIZE)


def _side(raw: Any, index: int) -> scoring.Side:
    where = f"sides[{index}]"
    data = _object(raw, where)
    units = []
    for n, unit_raw in enumerate(_list(data.get("units", []), f"{where}.units")):
        at = f"{where}.units[{n}]"
        unit = _object(unit_raw, at)
        units.append(
            scoring.BattleUnit(
                id=_text(unit.get("id"), f"{at}.id"),
                name=_text(unit.get("name", ""), f"{at}.name"),
                points=_int(unit.get("points", 0), f"{at}.points"),
                models=_int(unit.get("models", 1), f"{at}.models"),
                can_be_damaged=_bool(unit.get("can_be_damaged", False), f"{at}.can_be_damaged"),
            )
        )
    rounds = tuple(
        (_int(rnd, f"{where}.rounds key"), _int(vp, f"{where}.rounds[{rnd}]"))
        for rnd, vp in _object(data.get("rounds", {}), f"{where}.rounds").items()
    )
    states = []
    for unit_id, state in _object(data.get("states", {}), f"{where}.states").items():
        try:
            states.append((unit_id, scoring.UnitState(state)))
        except ValueError:
            raise BattleJsonError(
                ERR_STATE.format(where=f"{where}.states[{unit_id}]", value=state)
            ) from None
    secondaries = tuple(
        _text(s, f"{where}.secondaries[{n}]")
        for n, s in enumerate(_list(data.get("secondaries", []), f"{where}.secondaries"))
    )
    return scoring.Side(
        name=_text(data.get("name", f"Side {index + 1}"), f"{where}.name"),
        faction=_text(data.get("faction", ""), f"{where}.faction"),
        points=_int(data.get("points", 0), f"{where}.points"),
        units=tuple(units),
        rounds=rounds,
        unit_states=tuple(states),
        secondaries=secondaries,
        painted=_bool(data.get("painted", False), f"{where}.painted"),
        army_destroyed=_bool(data.get("army_destroyed", False), f"{where}.army_destroyed"),
    )


def record_from_json(data: Any) -> tuple[scoring.BattleRecord, str, bool]:
    """Read BATTLE.json into (record, profile name, victory level); BattleJsonError if bad."""
    top = _object(data, "BATTLE.json")
    sides = top.get("sides")
    if not isinstance(sides, list) or len(sides) != 2:
        raise BattleJsonError(str(ERR_SIDES))
    profile = _text(top.get("profile", scoring.DEFAULT_SCORING_PROFILE), "profile")
    try:
        scoring.get_scoring_profile(profile)
    except ValueError as exc:
        raise BattleJsonError(ERR_PROFILE.format(problem=exc)) from None
    record = scoring.BattleRecord(
        battle_size=battle_size_points(top.get("battle_size", 2000)),
        sides=(_side(sides[0], 0), _side(sides[1], 1)),
    )
    return record, profile, _bool(top.get("victory_level", False), "victory_level")


def result_to_json(result: scoring.ScoreResult) -> dict[str, Any]:
    """Describe a ScoreResult in the stable result JSON (schema version 1)."""
    level = result.victory_level
    return {
        "schema": SCHEMA_VERSION,
        "profile": result.profile,
        "battle_size": result.battle_size,
        "winner": result.winner,
        "winner_name": None if result.winner is None else result.sides[result.winner].name,
        "decided_by": result.decided_by,
        "sides": [
            {
                "name": side.name,
                "rounds": [{"round": rnd, "vp": vp} for rnd, vp in side.rounds],
                "objective_vp": side.objective_vp,
                "painted_vp": side.painted_vp,
                "kill_vp": side.kill_vp,
                "vp": side.vp,
                "not_counted": side.not_counted,
                "destroyed_unit_ids": list(side.destroyed_unit_ids),
                "army_destroyed": side.army_destroyed,
                "secondaries": side.secondaries,
            }
            for side in result.sides
        ],
        "victory_level": None
        if level is None
        else {
            "difference": level.difference,
            "row": level.row,
            "winner_points": level.winner_points,
            "loser_points": level.loser_points,
            "secondary_side": level.secondary_side,
            "points": list(level.points),
            "level": level.level.value,
        },
        "violations": [
            {
                "code": v.code,
                "message": _translated(v.message),
                "side": v.side,
                "round": v.round,
                "unit_ids": list(v.unit_ids),
            }
            for v in result.violations
        ],
    }


def _translated(text: str) -> str:
    """A core message in the active language (the command's --lang, the request's)."""
    # Imported here: this module reads only the core's dataclasses otherwise.
    from rosters.language import translated

    return translated(text)
