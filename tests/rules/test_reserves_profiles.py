"""The profile reserves caps: matched-10 RESERVES_UNITS_CAP and RESERVES_POINTS_CAP, nine-10
RESERVES_UNITS_CAP and RESERVES_POWER_CAP (strictly under half, unknown power)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from armybuilder.rules import codes, reserve_meters, validate
from armybuilder.rules.model import Army, Declaration, Severity
from tests.rules.factories import (
    APOTHECARY,
    CAPTAIN,
    CASE_FIELDS,
    DS,
    HELLBLASTERS,
    INTERCESSORS,
    LIEUTENANT,
    RES,
    RHINO,
    SR,
    STORMHAWK,
    TERMINATORS,
    army,
    case,
    check,
    declaration,
    table,
    unit,
)

SIX = army(
    unit("c1", CAPTAIN, warlord=True),
    unit("i1", INTERCESSORS),
    unit("i2", INTERCESSORS),
    unit("h1", HELLBLASTERS),
    unit("h2", HELLBLASTERS),
    unit("t1", TERMINATORS),
)
SEVEN = army(*SIX.units, unit("r1", RHINO))
THREE_OUT = declaration(place={"h1": SR, "h2": SR, "t1": DS})
FOUR_OUT = declaration(place={"h1": SR, "h2": SR, "t1": DS, "i1": RES})


def half_points(extra: int) -> Army:
    """760 pts (or 760 + extra, on i1): 220 + 220 + 160 + 160."""
    options = (("Relic Shield", extra, 1),) if extra else ()
    return army(
        unit("h1", HELLBLASTERS, 10),
        unit("h2", HELLBLASTERS, 10),
        unit("i1", INTERCESSORS, 10, options=options),
        unit("i2", INTERCESSORS, 10),
    )


# Power: Terminators 12, Lieutenant 4, Hellblasters 10, two Apothecaries 3: 32 in all.
POWER = army(
    unit("t1", TERMINATORS),
    unit("l1", LIEUTENANT, warlord=True),
    unit("h1", HELLBLASTERS),
    unit("a1", APOTHECARY),
    unit("a2", APOTHECARY),
)
UNRATED = replace(INTERCESSORS, name="Primaris Crusader Squad", power=None)

CASES: dict[str, list[Any]] = {
    codes.RESERVES_UNITS_CAP: [
        case("boundary: 3 of 6 units", SIX, [], THREE_OUT, "matched-10"),
        case("boundary: 4 of 6 units", SIX, [("h1", "h2", "i1", "t1")], FOUR_OUT, "matched-10"),
        case("boundary: 3 of 7 units", SEVEN, [], THREE_OUT, "matched-10"),
        case(
            "boundary: 4 of 7 units",
            SEVEN,
            [("h1", "h2", "i1", "t1")],
            FOUR_OUT,
            "matched-10",
        ),
        case(
            "embarked units count: a Rhino with a squad makes 4 of 7",
            SEVEN,
            [("h1", "h2", "i1", "r1")],
            declaration(embark=[("i1", "r1")], place={"h1": SR, "h2": SR, "r1": SR}),
            "matched-10",
        ),
        case(
            "an AIRCRAFT that must start in reserves counts: 4 of 7",
            army(*SIX.units, unit("a1", STORMHAWK)),
            [("a1", "h1", "h2", "t1")],
            THREE_OUT,
            "matched-10",
        ),
        case("core-10 has no units cap", SIX, [], FOUR_OUT),
        case("nine-10: 3 of 6 units", SIX, [], THREE_OUT, "nine-10"),
        case("nine-10: 4 of 6 units", SIX, [("h1", "h2", "i1", "t1")], FOUR_OUT, "nine-10"),
    ],
    codes.RESERVES_POINTS_CAP: [
        case(
            "boundary: 380 of 760 pts",
            half_points(0),
            [],
            declaration(place={"h1": SR, "i1": DS}),
            "matched-10",
        ),
        case(
            "boundary: 381 of 761 pts",
            half_points(1),
            [("h1", "i1")],
            declaration(place={"h1": SR, "i1": DS}),
            "matched-10",
        ),
        case(
            "440 of 760 pts",
            half_points(0),
            [("h1", "h2")],
            declaration(place={"h1": SR, "h2": RES}),
            "matched-10",
        ),
        case(
            "core-10 has no points cap",
            half_points(0),
            [],
            declaration(place={"h1": SR, "h2": RES}),
        ),
    ],
    codes.RESERVES_POWER_CAP: [
        case(
            "15 of 32 power is under half",
            POWER,
            [],
            declaration(place={"t1": DS, "a1": SR}),
            "nine-10",
        ),
        case(
            "boundary: 16 of 32 is not less than half",
            POWER,
            [("l1", "t1")],
            declaration(place={"t1": DS, "l1": SR}),
            "nine-10",
        ),
        case(
            "passengers count: a Rhino (5) with Hellblasters (10) and a Lieutenant (4): 19 of 37",
            army(*POWER.units, unit("r1", RHINO)),
            [("h1", "l1", "r1")],
            declaration(embark=[("h1", "r1")], place={"r1": SR, "l1": SR}),
            "nine-10",
        ),
        case(
            "18 of 37 is under half (18.5)",
            army(*POWER.units, unit("r1", RHINO)),
            [],
            declaration(embark=[("h1", "r1")], place={"r1": SR, "a1": SR}),
            "nine-10",
        ),
        case(
            "unknown power warns instead of guessing",
            army(*POWER.units, unit("u1", UNRATED)),
            [("u1",)],
            declaration(place={"t1": DS, "l1": SR}),
            "nine-10",
        ),
        case(
            "matched-10 has no power cap",
            POWER,
            [],
            declaration(place={"t1": DS, "l1": SR}),
            "matched-10",
        ),
    ],
}


@pytest.mark.parametrize(CASE_FIELDS, table(CASES))
def test_reserves_profiles(
    code: str, built: Army, decl: Declaration | None, profile: str, expected: list[Any]
) -> None:
    check(code, built, decl, profile, expected)


def test_unknown_power_is_a_warning_and_no_meter() -> None:
    built = army(*POWER.units, unit("u1", UNRATED), unit("u2", UNRATED))
    decl = declaration(place={"t1": DS, "l1": SR, "h1": SR})
    result = validate(built, decl, "nine-10")
    [found] = [v for v in result.violations if v.code == codes.RESERVES_POWER_CAP]
    assert found.severity is Severity.WARNING
    assert found.unit_ids == ("u1", "u2")
    assert found.message == (
        "Power rating unknown for Primaris Crusader Squad, Primaris Crusader Squad: "
        "the reserves power cap cannot be checked"
    )
    assert [m.code for m in result.meters] == [codes.RESERVES_UNITS_CAP]


def test_reserves_messages() -> None:
    units = validate(SIX, FOUR_OUT, "matched-10")
    assert [v.message for v in units.violations if v.code == codes.RESERVES_UNITS_CAP] == [
        "Reserves: 4 / 3 units (at most half the army's units)"
    ]
    power = validate(POWER, declaration(place={"t1": DS, "l1": SR}), "nine-10")
    assert [v.message for v in power.violations] == [
        "Reserves: power 16, must be below 16 (less than half the army's power)"
    ]
    [meter] = [m for m in reserve_meters(POWER, declaration(), "nine-10") if m.strict]
    assert (meter.used, meter.cap, meter.unit) == (0, 16, "power")
