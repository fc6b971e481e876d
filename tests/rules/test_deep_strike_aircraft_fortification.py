"""AIRCRAFT_MUST_RESERVE (and hover mode), DEEP_STRIKE_INELIGIBLE, FORTIFICATION_RESERVE and
EMBARKED_RESERVE_MISMATCH."""

from __future__ import annotations

from typing import Any

import pytest

from armybuilder.rules import codes, validate
from armybuilder.rules.model import Army, Declaration
from tests.rules.factories import (
    BF,
    CAPTAIN,
    CASE_FIELDS,
    DS,
    HAMMERFALL,
    INTERCESSORS,
    LAND_RAIDER,
    RES,
    RHINO,
    SR,
    STORMHAWK,
    STORMRAVEN,
    TERMINATOR_CAPTAIN,
    TERMINATORS,
    army,
    case,
    check,
    declaration,
    table,
    unit,
)

BASE = army(
    unit("c1", CAPTAIN, warlord=True),
    unit("i1", INTERCESSORS),
    unit("t1", TERMINATORS),
    unit("tc", TERMINATOR_CAPTAIN),
    unit("r1", RHINO),
    unit("lr", LAND_RAIDER),
    unit("a1", STORMHAWK),
    unit("sr", STORMRAVEN),
    unit("hb", HAMMERFALL),
)

CASES: dict[str, list[Any]] = {
    codes.AIRCRAFT_MUST_RESERVE: [
        case("an AIRCRAFT left out of placements starts in Reserves", BASE, [], declaration()),
        case(
            "boundary: an AIRCRAFT explicitly deployed",
            BASE,
            [("a1",)],
            declaration(place={"a1": BF}),
        ),
        case("an AIRCRAFT in Strategic Reserves", BASE, [], declaration(place={"a1": SR})),
        case(
            "boundary: a Stormraven in hover mode deploys",
            BASE,
            [],
            declaration(hover=["sr"], place={"sr": BF}),
        ),
        case(
            "a Stormraven not in hover mode deployed",
            BASE,
            [("sr",)],
            declaration(place={"sr": BF}),
        ),
        case(
            "a Stormhawk cannot hover, so hover mode does not help",
            BASE,
            [("a1",)],
            declaration(hover=["a1"], place={"a1": BF}),
        ),
    ],
    codes.DEEP_STRIKE_INELIGIBLE: [
        case("Terminators", BASE, [], declaration(place={"t1": DS})),
        case("Intercessors have no Deep Strike", BASE, [("i1",)], declaration(place={"i1": DS})),
        case(
            "boundary: a Terminator Captain with Terminators",
            BASE,
            [],
            declaration(attach=[("tc", "t1")], place={"t1": DS}),
        ),
        case(
            "boundary: a Captain without Deep Strike leading Terminators",
            army(*BASE.units, unit("c2", CAPTAIN)),
            [("c2",)],
            declaration(attach=[("c2", "t1")], place={"t1": DS}),
        ),
        case(
            "a Land Raider lacks it; its passengers are not asked",
            BASE,
            [("lr",)],
            declaration(embark=[("i1", "lr")], place={"lr": DS}),
        ),
        case("not checked without a declaration", BASE, []),
    ],
    codes.FORTIFICATION_RESERVE: [
        case("boundary: a Hammerfall Bunker on the battlefield", BASE, [], declaration()),
        case(
            "boundary: in Strategic Reserves",
            BASE,
            [("hb",)],
            declaration(place={"hb": SR}),
        ),
        case("in Reserves", BASE, [("hb",)], declaration(place={"hb": RES})),
        case("by Deep Strike", BASE, [("hb",)], declaration(place={"hb": DS})),
    ],
    codes.EMBARKED_RESERVE_MISMATCH: [
        case(
            "a passenger not listed follows its Rhino into Strategic Reserves",
            BASE,
            [],
            declaration(embark=[("i1", "r1")], place={"r1": SR}),
        ),
        case(
            "boundary: a passenger listed in the same Strategic Reserves",
            BASE,
            [],
            declaration(embark=[("i1", "r1")], place={"r1": SR, "i1": SR}),
        ),
        case(
            "boundary: a passenger listed for Deep Strike",
            BASE,
            [("i1", "r1")],
            declaration(embark=[("i1", "r1")], place={"r1": SR, "i1": DS}),
        ),
        case(
            "a passenger in Strategic Reserves while its Rhino deploys",
            BASE,
            [("i1", "r1")],
            declaration(embark=[("i1", "r1")], place={"i1": SR}),
        ),
        case(
            "a Leader listed for Deep Strike while its squad rides in a Rhino",
            BASE,
            [("c1", "r1")],
            declaration(attach=[("c1", "i1")], embark=[("i1", "r1")], place={"c1": DS}),
        ),
    ],
}


@pytest.mark.parametrize(CASE_FIELDS, table(CASES))
def test_placements(
    code: str, built: Army, decl: Declaration | None, profile: str, expected: list[Any]
) -> None:
    check(code, built, decl, profile, expected)


def test_placement_messages() -> None:
    result = validate(
        BASE,
        declaration(
            hover=["a1"],
            embark=[("i1", "r1")],
            place={"a1": BF, "t1": DS, "hb": SR, "i1": DS},
        ),
    )
    assert [v.message for v in result.violations] == [
        "Stormhawk Interceptor cannot use hover mode, so it must start in Reserves",
        "Hammerfall Bunker is a FORTIFICATION and cannot start in Strategic Reserves",
        "Intercessor Squad is declared in Deep Strike "
        "but its transport Rhino is on the battlefield",
    ]


def test_attached_deep_strike_message_names_who_lacks_it() -> None:
    result = validate(
        army(unit("c1", CAPTAIN, warlord=True), unit("t1", TERMINATORS)),
        declaration(attach=[("c1", "t1")], place={"c1": DS}),
    )
    assert [v.message for v in result.violations] == [
        "Captain, Terminator Squad cannot Deep Strike: Captain does not have Deep Strike"
    ]
