"""RULES.md "Arrival": each profile's arrival facts, which the printed declaration words."""

from __future__ import annotations

import pytest

from armybuilder import rules
from armybuilder.rules.model import Arrival

CORE = Arrival(
    first_round=2, enemy_zone_round=3, edge_inches=6, enemy_inches=9, deadline_round=None
)


@pytest.mark.parametrize(
    ("profile", "deadline"),
    [
        pytest.param("core-10", None, id="core-10: unarrived reserves destroyed at the end"),
        pytest.param("matched-10", 3, id="matched-10: destroyed at the end of round 3"),
        pytest.param("nine-10", 3, id="nine-10: destroyed at the end of round 3"),
    ],
)
def test_arrival_per_profile(profile: str, deadline: int | None) -> None:
    arrival = rules.get_profile(profile).arrival()
    assert arrival.first_round == CORE.first_round
    assert arrival.enemy_zone_round == CORE.enemy_zone_round
    assert (arrival.edge_inches, arrival.enemy_inches) == (6, 9)
    assert arrival.deadline_round == deadline
