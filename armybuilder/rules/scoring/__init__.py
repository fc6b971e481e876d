"""armybuilder.rules.scoring: after the battle, who won and by how much (SCORING.md).

The third part of the rules core, beside muster and formations; standard library only.

    BattleRecord (two Sides)  ──►  score(record, profile, victory_level=)  ──►  ScoreResult
    units priced as their         objective VP per round (round range,        each side's VP,
    rosters priced them,          turn cap, total cap), painted bonus,        counted and not,
    VP by round, end states       kill points from the enemy's end states     winner or draw,
                                                                              victory level,
                                                                              violations

Profiles (profiles.py): ``only-war-10`` (the base class), ``mission-9``, ``kill-points-4``;
a new one subclasses ``ScoringProfile`` (or the profile it extends), overrides the hooks
that differ (``first_round``, ``last_round``, ``turn_cap``, ``objective_cap``,
``painted_bonus``, ``kill_points``, ``army_destroyed_loses``, ``uses_unit_states``) and is
registered in ``SCORING_PROFILES``. The victory level (victory.py) applies to any profile.
Codes (codes.py) are SCORING.md's: SCORE_ROUND, SCORE_TURN_CAP, SCORE_CAP, UNIT_STATE.
"""

from armybuilder.rules.scoring import codes
from armybuilder.rules.scoring.model import (
    BattleRecord,
    BattleUnit,
    Level,
    ScoreResult,
    ScoreViolation,
    Side,
    SideScore,
    UnitState,
    VictoryLevel,
)
from armybuilder.rules.scoring.profiles import (
    DEFAULT_SCORING_PROFILE,
    SCORING_PROFILES,
    KillPoints4,
    Mission9,
    OnlyWar10,
    ScoringProfile,
    get_scoring_profile,
)
from armybuilder.rules.scoring.score import score
from armybuilder.rules.scoring.victory import table_row, victory_level

__all__ = [
    "DEFAULT_SCORING_PROFILE",
    "SCORING_PROFILES",
    "BattleRecord",
    "BattleUnit",
    "KillPoints4",
    "Level",
    "Mission9",
    "OnlyWar10",
    "ScoreResult",
    "ScoreViolation",
    "ScoringProfile",
    "Side",
    "SideScore",
    "UnitState",
    "VictoryLevel",
    "codes",
    "get_scoring_profile",
    "score",
    "table_row",
    "victory_level",
]
