"""Value objects of a played battle: the record scored, and the result returned.

Every object is a small frozen dataclass. Sides are indexed 0 and 1; the result never
depends on which side is which (swapping the sides swaps the result). Units are referenced
by a stable id, unique across both sides.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from armybuilder.rules.messages import Message, template


class UnitState(StrEnum):
    """A unit's state at the end of the battle."""

    INTACT = "intact"
    BELOW_HALF = "below_half"
    # Vehicles and single models with several wounds, at half their wounds or less.
    DAMAGED = "damaged"
    # Also units that fled, were still falling back, or never arrived from reserves
    # when the rules destroy them.
    DESTROYED = "destroyed"

    @property
    def label(self) -> Message:
        """The state as a player reads it; English, and translatable by the faces."""
        return _STATE_LABELS[self.value].format()


_STATE_LABELS: Final = {
    "intact": template("intact"),
    "below_half": template("below half"),
    "damaged": template("damaged"),
    "destroyed": template("destroyed"),
}


@dataclass(frozen=True, slots=True)
class BattleUnit:
    """One unit of a side, priced as its roster priced it."""

    id: str
    name: str
    points: int
    models: int = 1
    # Vehicles, monsters and single models may be "damaged"; units of several infantry may not.
    can_be_damaged: bool = False


@dataclass(frozen=True, slots=True)
class Side:
    """One side of a battle as recorded: its army, its VP by round and its end state."""

    name: str
    faction: str = ""
    points: int = 0
    units: tuple[BattleUnit, ...] = ()
    # (battle round, VP scored in it); a round may appear once.
    rounds: tuple[tuple[int, int], ...] = ()
    # (unit id, state at the end); units not listed are intact.
    unit_states: tuple[tuple[str, UnitState], ...] = ()
    secondaries: tuple[str, ...] = ()
    painted: bool = False
    # Set when the army was destroyed although its units are not listed (a typed opponent).
    army_destroyed: bool = False


@dataclass(frozen=True, slots=True)
class BattleRecord:
    """A played battle: the battle size in points and the two sides."""

    battle_size: int
    sides: tuple[Side, Side]


@dataclass(frozen=True, slots=True)
class ScoreViolation:
    """Something the scoring profile does not count, with its SCORING.md code."""

    code: str
    message: str
    side: int | None = None
    round: int | None = None
    unit_ids: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SideScore:
    """One side's victory points, counted and not counted."""

    name: str
    # VP counted per round scored, in round order (after the turn cap).
    rounds: tuple[tuple[int, int], ...]
    objective_vp: int
    painted_vp: int
    kill_vp: int
    vp: int
    not_counted: int
    destroyed_unit_ids: tuple[str, ...]
    army_destroyed: bool
    secondaries: int


class Level(StrEnum):
    """The simplified reading of the victory level: draw, win or massacre."""

    DRAW = "draw"
    WIN = "win"
    MASSACRE = "massacre"

    @property
    def label(self) -> Message:
        """The level as a player reads it; English, and translatable by the faces."""
        return _LEVEL_LABELS[self.value].format()


_LEVEL_LABELS: Final = {
    "draw": template("draw"),
    "win": template("win"),
    "massacre": template("massacre"),
}


@dataclass(frozen=True, slots=True)
class VictoryLevel:
    """Tournament points from the VP difference, as a share of the battle size."""

    difference: int
    # 1 (0–5%) to 8 (over 70%): the row of the victory-level table.
    row: int
    winner_points: int
    loser_points: int
    # The side that achieved more secondary objectives (+3, the other -3), if any.
    secondary_side: int | None
    # Tournament points of side 0 and side 1; they always sum to 20.
    points: tuple[int, int]
    level: Level


@dataclass(frozen=True, slots=True)
class ScoreResult:
    profile: str
    battle_size: int
    sides: tuple[SideScore, SideScore]
    # 0 or 1, or None for a draw.
    winner: int | None
    # "vp", "army_destroyed" or "draw".
    decided_by: str
    victory_level: VictoryLevel | None = None
    violations: tuple[ScoreViolation, ...] = ()

    @property
    def draw(self) -> bool:
        return self.winner is None

    def codes(self) -> list[str]:
        return [v.code for v in self.violations]
