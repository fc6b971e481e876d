"""TRANSPORT_NOT_TRANSPORT, TRANSPORT_CAPACITY, TRANSPORT_NOT_ALLOWED and
DEDICATED_TRANSPORT_EMPTY."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from armybuilder.rules import codes, validate
from armybuilder.rules.model import Army, Declaration, Severity
from tests.rules.factories import (
    ASSAULT_JP,
    BLOODLETTERS,
    CAPTAIN,
    CASE_FIELDS,
    CHAPLAIN,
    HELLBLASTERS,
    INTERCESSORS,
    JUMP_CAPTAIN,
    LAND_RAIDER,
    LIEUTENANT,
    REDEMPTOR,
    RHINO,
    SM,
    STORMRAVEN,
    TERMINATOR_CAPTAIN,
    TERMINATORS,
    army,
    case,
    check,
    declaration,
    pool,
    sheet,
    table,
    unit,
)

# Pools without the TRANSPORT keyword, and the keyword without pools: neither carries anyone.
CRATE = replace(RHINO, name="Supply Crawler", keywords=frozenset({"VEHICLE"}))
EMPTY_HULL = replace(RHINO, name="Rhino Wreck", transport=())
IMPULSOR = sheet(
    "Impulsor",
    "VEHICLE",
    "TRANSPORT",
    "DEDICATED TRANSPORT",
    points=80,
    transport=(pool(6, (SM, "INFANTRY"), only=("Intercessor Squad",)),),
)

FLEET = (
    unit("c1", CAPTAIN, warlord=True),
    unit("l1", LIEUTENANT),
    unit("i1", INTERCESSORS, 10),
    unit("i2", INTERCESSORS, 9),
    unit("h1", HELLBLASTERS, 5),
    unit("t1", TERMINATORS, 5),
    unit("tc", TERMINATOR_CAPTAIN),
    unit("ch", CHAPLAIN),
    unit("s1", ASSAULT_JP, 5),
    unit("j1", JUMP_CAPTAIN),
    unit("d1", REDEMPTOR),
    unit("d2", REDEMPTOR),
    unit("b1", BLOODLETTERS),
    unit("r1", RHINO),
    unit("lr", LAND_RAIDER),
    unit("sr", STORMRAVEN),
    unit("im", IMPULSOR),
    unit("x1", CRATE),
    unit("x2", EMPTY_HULL),
)
BASE = army(*FLEET)


def embark(*pairs: tuple[str, str], attach: tuple[tuple[str, str], ...] = ()) -> Declaration:
    return declaration(embark=pairs, attach=attach)


CASES: dict[str, list[Any]] = {
    codes.TRANSPORT_NOT_TRANSPORT: [
        case("Intercessors in a Rhino", BASE, [], embark(("i1", "r1"))),
        case("Intercessors in Hellblasters", BASE, [("h1", "i1")], embark(("i1", "h1"))),
        case("a Rhino in itself", BASE, [("r1",)], embark(("r1", "r1"))),
        case(
            "boundary: capacity data without the TRANSPORT keyword",
            BASE,
            [("i1", "x1")],
            embark(("i1", "x1")),
        ),
        case(
            "boundary: the TRANSPORT keyword without capacity data",
            BASE,
            [("i1", "x2")],
            embark(("i1", "x2")),
        ),
    ],
    codes.TRANSPORT_CAPACITY: [
        case(
            "11 of 12: ten Intercessors and their Captain",
            BASE,
            [],
            embark(("i1", "r1"), attach=(("c1", "i1"),)),
        ),
        case(
            "boundary: 12 of 12 with a Lieutenant too",
            BASE,
            [],
            embark(("i1", "r1"), attach=(("c1", "i1"), ("l1", "i1"))),
        ),
        case(
            "boundary: 14 of 12: nine Intercessors and five Hellblasters",
            BASE,
            [("h1", "i2", "r1")],
            embark(("i2", "r1"), ("h1", "r1")),
        ),
        case(
            "Land Raider: five Terminators and their Captain take 2 spaces each: 12 of 12",
            BASE,
            [],
            embark(("t1", "lr"), attach=(("tc", "t1"),)),
        ),
        case(
            "Land Raider: a Chaplain adds 1 space: 13 of 12",
            BASE,
            [("ch", "lr", "t1", "tc")],
            embark(("t1", "lr"), ("ch", "lr"), attach=(("tc", "t1"),)),
        ),
        case(
            "Stormraven: ten Intercessors and a Dreadnought use separate pools",
            BASE,
            [],
            embark(("i1", "sr"), ("d1", "sr")),
        ),
        case(
            "Stormraven: two Dreadnoughts in the 1-model pool",
            BASE,
            [("d1", "d2", "sr")],
            embark(("d1", "sr"), ("d2", "sr")),
        ),
    ],
    codes.TRANSPORT_NOT_ALLOWED: [
        case("Hellblasters in a Rhino", BASE, [], embark(("h1", "r1"))),
        case("Terminators in a Rhino", BASE, [("r1", "t1")], embark(("t1", "r1"))),
        case(
            "boundary: every model counts: Terminators led by a Captain",
            army(*FLEET, unit("c2", replace(CAPTAIN, leads=frozenset({"Terminator Squad"})))),
            [("r1", "t1")],
            embark(("c2", "r1"), attach=(("c2", "t1"),)),
        ),
        case(
            "a Jump Pack Captain and his squad in a Rhino",
            BASE,
            [("j1", "r1", "s1")],
            embark(("s1", "r1"), attach=(("j1", "s1"),)),
        ),
        case("daemons lack ADEPTUS ASTARTES", BASE, [("b1", "r1")], embark(("b1", "r1"))),
        case("a Dreadnought in a Rhino", BASE, [("d1", "r1")], embark(("d1", "r1"))),
        case("a Dreadnought in a Stormraven", BASE, [], embark(("d1", "sr"))),
        case("Intercessors in an Impulsor", BASE, [], embark(("i1", "im"))),
        case(
            "boundary: the Impulsor takes only Intercessors",
            BASE,
            [("h1", "im")],
            embark(("h1", "im")),
        ),
        case("a Rhino in a Land Raider", BASE, [("lr", "r1")], embark(("r1", "lr"))),
        case(
            "one squad in two transports",
            BASE,
            [("h1", "lr", "r1")],
            embark(("h1", "r1"), ("h1", "lr")),
        ),
    ],
    codes.DEDICATED_TRANSPORT_EMPTY: [
        case(
            "a loaded Rhino",
            army(unit("i1", INTERCESSORS), unit("r1", RHINO)),
            [],
            embark(("i1", "r1")),
        ),
        case(
            "boundary: an empty Rhino",
            army(unit("i1", INTERCESSORS), unit("r1", RHINO)),
            [("r1",)],
            embark(),
        ),
        case(
            "an empty Land Raider is no DEDICATED TRANSPORT",
            army(unit("i1", INTERCESSORS), unit("lr", LAND_RAIDER)),
            [],
            embark(),
        ),
        case(
            "not checked without a declaration",
            army(unit("i1", INTERCESSORS), unit("r1", RHINO)),
            [],
        ),
    ],
}


@pytest.mark.parametrize(CASE_FIELDS, table(CASES))
def test_transports(
    code: str, built: Army, decl: Declaration | None, profile: str, expected: list[Any]
) -> None:
    check(code, built, decl, profile, expected)


def test_capacity_message_counts_models() -> None:
    result = validate(BASE, embark(("i2", "r1"), ("h1", "r1")))
    found = [v for v in result.violations if v.code == codes.TRANSPORT_CAPACITY]
    assert [v.message for v in found] == ["Rhino: 14 / 12 models embarked"]
    two_pools = validate(BASE, embark(("d1", "sr"), ("d2", "sr")))
    assert [v.message for v in two_pools.violations if v.code == codes.TRANSPORT_CAPACITY] == [
        "Stormraven Gunship: 2 / 1 ADEPTUS ASTARTES DREADNOUGHT models embarked"
    ]


def test_greedy_fills_the_first_pool_with_room() -> None:
    # Two pools both taking INFANTRY: the larger squad goes first, so 9 + 6 fit in 10 + 6.
    ferry = sheet(
        "Ferry",
        "VEHICLE",
        "TRANSPORT",
        transport=(pool(10, ("INFANTRY",)), pool(6, ("INFANTRY",))),
    )
    built = army(unit("f1", ferry), unit("i2", INTERCESSORS, 6), unit("i3", INTERCESSORS, 9))
    result = validate(built, embark(("i2", "f1"), ("i3", "f1")))
    assert codes.TRANSPORT_CAPACITY not in result.codes()


def test_empty_dedicated_transport_is_a_warning_then_an_error() -> None:
    built = army(unit("c1", CAPTAIN, warlord=True), unit("r1", RHINO))
    draft = validate(built, declaration())
    final = validate(built, declaration(final=True))
    assert [(v.code, v.severity) for v in draft.violations] == [
        (codes.DEDICATED_TRANSPORT_EMPTY, Severity.WARNING)
    ]
    assert draft.legal
    assert [(v.code, v.severity) for v in final.violations] == [
        (codes.DEDICATED_TRANSPORT_EMPTY, Severity.ERROR)
    ]
    assert not final.legal
