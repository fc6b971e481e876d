"""Result.loads: how full each transport is, as TRANSPORT_CAPACITY counted it."""

from __future__ import annotations

import pytest

from armybuilder.rules import codes, validate
from armybuilder.rules.model import Load
from tests.rules.factories import (
    CAPTAIN,
    INTERCESSORS,
    LAND_RAIDER,
    RHINO,
    TERMINATORS,
    army,
    declaration,
    unit,
)


@pytest.mark.parametrize(
    "units, attach, embark, expected_loads, over",
    [
        pytest.param(
            [unit("cap", CAPTAIN), unit("int", INTERCESSORS, 10), unit("rhino", RHINO)],
            [("cap", "int")],
            [("int", "rhino")],
            [Load("rhino", 11, 12, ("cap", "int"))],
            False,
            id="TRANSPORT_CAPACITY-leader-rides-with-bodyguard-11-of-12",
        ),
        pytest.param(
            [unit("int", INTERCESSORS, 10), unit("int2", INTERCESSORS, 5), unit("rhino", RHINO)],
            [],
            [("int", "rhino"), ("int2", "rhino")],
            [Load("rhino", 15, 12, ("int", "int2"))],
            True,
            id="TRANSPORT_CAPACITY-over-15-of-12",
        ),
        pytest.param(
            [unit("term", TERMINATORS, 5), unit("lr", LAND_RAIDER)],
            [],
            [("term", "lr")],
            [Load("lr", 10, 12, ("term",))],
            False,
            id="TRANSPORT_CAPACITY-terminators-take-two-spaces",
        ),
        pytest.param(
            [unit("int", INTERCESSORS, 5), unit("rhino", RHINO)],
            [],
            [],
            [],
            False,
            id="TRANSPORT_CAPACITY-empty-transport-has-no-load",
        ),
    ],
)
def test_loads(units, attach, embark, expected_loads, over):
    result = validate(army(*units), declaration(attach=attach, embark=embark))
    assert list(result.loads) == expected_loads
    assert (codes.TRANSPORT_CAPACITY in result.codes()) is over


def test_no_declaration_no_loads():
    assert validate(army(unit("rhino", RHINO))).loads == ()
