"""The printed declaration words the profile's arrival facts; the numbers come from the core."""

from __future__ import annotations

import pytest
from django.utils import translation

from armybuilder import rules
from armybuilder.rules.model import Arrival
from rosters.formats.declaration_pdf import arrival_lines


def test_matched_play_arrival_in_words() -> None:
    with translation.override("en"):
        lines = arrival_lines(rules.get_profile("matched-10").arrival())
    assert lines == [
        "No reserves arrive in battle round 1.",
        'Strategic Reserves, round 2: set up wholly within 6" of a battlefield edge, '
        "not in the enemy deployment zone.",
        'Strategic Reserves, round 3 onwards: wholly within 6" of a battlefield edge.',
        'Always more than 9" horizontally from every enemy model.',
        'Deep Strike: anywhere more than 9" horizontally from every enemy model.',
        "Units still in reserves at the end of battle round 3 count as destroyed.",
    ]


@pytest.mark.parametrize(
    ("arrival", "expected"),
    [
        pytest.param(
            Arrival(
                first_round=3,
                enemy_zone_round=4,
                edge_inches=8,
                enemy_inches=12,
                deadline_round=None,
            ),
            [
                "battle round 2.",
                'round 3: set up wholly within 8"',
                "round 4 onwards",
                'than 12"',
                "end of the battle",
            ],
            id="another profile's numbers reach every line",
        ),
    ],
)
def test_every_line_takes_the_profiles_numbers(arrival: Arrival, expected: list[str]) -> None:
    with translation.override("en"):
        text = " | ".join(arrival_lines(arrival))
    for part in expected:
        assert part in text


def test_russian_arrival_keeps_the_numbers() -> None:
    with translation.override("ru"):
        lines = arrival_lines(rules.get_profile("core-10").arrival())
    assert lines[0] == "В 1-м раунде битвы резервы не прибывают."
    assert '6"' in lines[1] and '9"' in lines[3]
