"""The battle sizes a roster or a battle offers are the rules core's, at the core's points."""

from __future__ import annotations

import pytest

from armybuilder.rules import model as core
from rosters.battles.models import BATTLE_SIZE_POINTS, CUSTOM
from rosters.battles.models import BattleSize as BattleBattleSize
from rosters.models import BattleSize


@pytest.mark.parametrize("choices", [BattleSize, BattleBattleSize], ids=["roster", "battle"])
def test_every_size_is_the_cores_with_its_points_in_the_label(choices) -> None:
    sizes = [c for c in choices if c.value != CUSTOM]
    assert [c.value for c in sizes] == [s.value for s in core.BattleSize]
    for choice in sizes:
        points = core.BattleSize(choice.value).points
        assert f"({points} pts)" in str(choice.label)


def test_battle_points_are_the_cores() -> None:
    assert BATTLE_SIZE_POINTS == {"incursion": 1000, "strike_force": 2000, "onslaught": 3000}
