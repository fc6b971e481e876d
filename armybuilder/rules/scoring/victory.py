"""The victory level (seed 003): tournament points from the VP difference.

The difference is compared with the battle size in whole numbers (difference × 100
against percent × size), so the boundaries are exact: at 2000 points a difference of
100 is 5% (10–10) and 101 is over 5% (11–9).
"""

from __future__ import annotations

from typing import Final

from armybuilder.rules.scoring.model import Level, VictoryLevel

# (upper bound in % of the battle size, inclusive; winner's points). Over 70%: 17.
ROWS: Final[tuple[tuple[int, int], ...]] = (
    (5, 10),
    (10, 11),
    (20, 12),
    (30, 13),
    (40, 14),
    (50, 15),
    (70, 16),
)
TOP_POINTS: Final = 17
TOTAL: Final = 20
SECONDARY_BONUS: Final = 3
# The simplified reading: a side with a secondary adds 20% of the battle size; under
# 10% is a draw, 10% to 50% a win, over 50% a massacre.
SIMPLE_SECONDARY_PERCENT: Final = 20
SIMPLE_DRAW_BELOW: Final = 10
SIMPLE_MASSACRE_OVER: Final = 50


def table_row(difference: int, battle_size: int) -> tuple[int, int]:
    """Return (row from 1, winner's points) for a VP difference of at least zero."""
    for row, (percent, points) in enumerate(ROWS, start=1):
        if difference * 100 <= percent * battle_size:
            return row, points
    return len(ROWS) + 1, TOP_POINTS


def simple_level(vp: tuple[int, int], secondaries: tuple[int, int], battle_size: int) -> Level:
    """Return the simplified reading's level for the two sides' VP and secondaries."""
    bonus = battle_size * SIMPLE_SECONDARY_PERCENT
    # Work in hundredths of a VP so 20% of any battle size stays exact.
    adjusted = [v * 100 + (bonus if s > 0 else 0) for v, s in zip(vp, secondaries, strict=True)]
    difference = abs(adjusted[0] - adjusted[1])
    if difference < SIMPLE_DRAW_BELOW * battle_size:
        return Level.DRAW
    if difference <= SIMPLE_MASSACRE_OVER * battle_size:
        return Level.WIN
    return Level.MASSACRE


def victory_level(
    *,
    vp: tuple[int, int],
    winner: int | None,
    secondaries: tuple[int, int],
    battle_size: int,
) -> VictoryLevel:
    """Turn the two sides' counted VP into tournament points.

    The difference is the winner's VP less the loser's, never below zero: a side that
    wins by destroying the army while behind on VP wins with the 0–5% row.
    """
    difference = 0 if winner is None else max(0, vp[winner] - vp[1 - winner])
    row, winner_points = table_row(difference, battle_size)
    loser_points = TOTAL - winner_points
    if winner is None:
        points = [winner_points, loser_points]
    else:
        points = [0, 0]
        points[winner] = winner_points
        points[1 - winner] = loser_points
    secondary_side: int | None = None
    if secondaries[0] != secondaries[1]:
        secondary_side = 0 if secondaries[0] > secondaries[1] else 1
        points[secondary_side] += SECONDARY_BONUS
        points[1 - secondary_side] -= SECONDARY_BONUS
    return VictoryLevel(
        difference=difference,
        row=row,
        winner_points=winner_points,
        loser_points=loser_points,
        secondary_side=secondary_side,
        points=(points[0], points[1]),
        level=simple_level(vp, secondaries, battle_size),
    )
