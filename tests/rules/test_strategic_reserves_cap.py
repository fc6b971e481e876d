"""STRATEGIC_RESERVES_CAP (25% of the battle size: 250 / 500 / 750), passengers and attached
leaders counting, AIRCRAFT that must start in reserves not counting, and the meter API."""

from __future__ import annotations

from typing import Any

import pytest

from armybuilder.rules import codes, reserve_meters, strategic_reserves, validate
from armybuilder.rules.model import Army, Declaration, Meter
from tests.rules.factories import (
    APOTHECARY,
    ASSAULT_JP,
    CAPTAIN,
    CASE_FIELDS,
    CHAPLAIN,
    DS,
    HELLBLASTERS,
    INCURSION,
    INTERCESSORS,
    ONSLAUGHT,
    RHINO,
    SR,
    STORMHAWK,
    STORMRAVEN,
    TERMINATORS,
    army,
    case,
    check,
    declaration,
    table,
    unit,
)


def strike_force(extra: int) -> Army:
    """Two Hellblaster Squads (440) and a Chaplain (60) whose options add extra points."""
    options = (("Relic Shield", extra, 1),) if extra else ()
    return army(
        unit("c1", CAPTAIN, warlord=True),
        unit("h1", HELLBLASTERS, 10),
        unit("h2", HELLBLASTERS, 10),
        unit("ch", CHAPLAIN, options=options),
    )


def incursion(extra: int) -> Army:
    """A Captain (80 + extra) and ten Intercessors (160)."""
    return army(
        unit("c1", CAPTAIN, warlord=True, options=(("Relic Shield", extra, 1),)),
        unit("i1", INTERCESSORS, 10),
        size=INCURSION,
    )


def onslaught(extra: int) -> Army:
    """Terminators 340, Hellblasters 220, Intercessors 80, Chaplain 60, Apothecary 50 + extra."""
    options = (("Relic Shield", extra, 1),) if extra else ()
    return army(
        unit("c1", CAPTAIN, warlord=True),
        unit("t1", TERMINATORS, 10),
        unit("h1", HELLBLASTERS, 10),
        unit("i1", INTERCESSORS, 5),
        unit("ch", CHAPLAIN),
        unit("a1", APOTHECARY, options=options),
        size=ONSLAUGHT,
    )


ALL_BUT_WARLORD = declaration(place={"h1": SR, "h2": SR, "ch": SR})
INCURSION_SR = declaration(place={"c1": SR, "i1": SR})
ONSLAUGHT_SR = declaration(place={uid: SR for uid in ("t1", "h1", "i1", "ch", "a1")})

CONVOY = army(
    unit("c1", CAPTAIN, warlord=True),
    unit("i1", INTERCESSORS, 10),
    unit("h1", HELLBLASTERS, 10),
    unit("h2", HELLBLASTERS, 10),
    unit("t1", TERMINATORS, 10),
    unit("r1", RHINO),
    unit("a1", STORMHAWK),
    unit("sr", STORMRAVEN),
)

CASES: dict[str, list[Any]] = {
    codes.STRATEGIC_RESERVES_CAP: [
        case(
            "boundary: exactly 500 of 500 pts at Strike Force", strike_force(0), [], ALL_BUT_WARLORD
        ),
        case(
            "boundary: 505 of 500 pts at Strike Force",
            strike_force(5),
            [("ch", "h1", "h2")],
            ALL_BUT_WARLORD,
        ),
        case("boundary: exactly 250 at Incursion", incursion(10), [], INCURSION_SR),
        case("boundary: 251 at Incursion", incursion(11), [("c1", "i1")], INCURSION_SR),
        case("boundary: exactly 750 at Onslaught", onslaught(0), [], ONSLAUGHT_SR),
        case(
            "boundary: 751 at Onslaught",
            onslaught(1),
            [("a1", "ch", "h1", "i1", "t1")],
            ONSLAUGHT_SR,
        ),
        case(
            "an empty Rhino and Hellblasters: 295",
            CONVOY,
            [],
            declaration(place={"r1": SR, "h1": SR}),
        ),
        case(
            "passengers of a Rhino in Strategic Reserves push it to 535",
            CONVOY,
            [("c1", "h1", "i1", "r1")],
            declaration(attach=[("c1", "i1")], embark=[("i1", "r1")], place={"r1": SR, "h1": SR}),
        ),
        case(
            "a Stormhawk that must start in reserves does not count: 440",
            CONVOY,
            [],
            declaration(place={"a1": SR, "h1": SR, "h2": SR}),
        ),
        case(
            "a Stormraven in hover mode counts like any unit: 720",
            CONVOY,
            [("h1", "h2", "sr")],
            declaration(hover=["sr"], place={"sr": SR, "h1": SR, "h2": SR}),
        ),
        case(
            "a Stormraven not hovering does not count, its Terminators do: 560",
            CONVOY,
            [("h1", "t1")],
            declaration(embark=[("t1", "sr")], place={"sr": SR, "h1": SR}),
        ),
        case(
            "Deep Strike is no Strategic Reserves",
            CONVOY,
            [],
            declaration(place={"t1": DS, "h1": SR, "h2": SR}),
        ),
        case(
            "nine-10 has no Strategic Reserves cap",
            strike_force(5),
            [],
            ALL_BUT_WARLORD,
            profile="nine-10",
        ),
    ],
}


@pytest.mark.parametrize(CASE_FIELDS, table(CASES))
def test_strategic_reserves_cap(
    code: str, built: Army, decl: Declaration | None, profile: str, expected: list[Any]
) -> None:
    check(code, built, decl, profile, expected)


WIZARD = army(
    unit("c1", CAPTAIN, warlord=True),
    unit("h1", HELLBLASTERS, 10),
    unit("h2", HELLBLASTERS, 10),
    unit("i1", INTERCESSORS, 5),
    unit("a1", APOTHECARY),
    unit("s1", ASSAULT_JP, 10),
)


def test_the_wizard_meter_shows_used_cap_and_left() -> None:
    meter = strategic_reserves(WIZARD, declaration(place={"h1": SR, "i1": SR, "a1": SR}))
    assert meter == Meter(codes.STRATEGIC_RESERVES_CAP, "Strategic Reserves", 350, 500)
    assert meter.left == 150
    assert not meter.over
    assert str(meter) == "Strategic Reserves: 350 / 500 pts"


def test_the_meter_is_in_the_result_and_the_violation_names_the_units() -> None:
    result = validate(WIZARD, declaration(place={"h1": SR, "h2": SR, "s1": SR}))
    assert result.meters == (Meter(codes.STRATEGIC_RESERVES_CAP, "Strategic Reserves", 620, 500),)
    [found] = [v for v in result.violations if v.code == codes.STRATEGIC_RESERVES_CAP]
    assert found.message == "Strategic Reserves: 620 / 500 pts"
    assert found.unit_ids == ("h1", "h2", "s1")


def test_meters_per_profile() -> None:
    decl = declaration(place={"h1": SR})
    assert [m.code for m in reserve_meters(WIZARD, decl)] == [codes.STRATEGIC_RESERVES_CAP]
    assert [m.code for m in reserve_meters(WIZARD, decl, "matched-10")] == [
        codes.STRATEGIC_RESERVES_CAP,
        codes.RESERVES_UNITS_CAP,
        codes.RESERVES_POINTS_CAP,
    ]
    assert [m.code for m in reserve_meters(WIZARD, decl, "nine-10")] == [
        codes.RESERVES_UNITS_CAP,
        codes.RESERVES_POWER_CAP,
    ]
    assert strategic_reserves(WIZARD, decl, "nine-10") is None
    assert validate(WIZARD).meters == ()
