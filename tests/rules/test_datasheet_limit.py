"""DATASHEET_LIMIT (Rule of Three / Six, data limits, matched-10 Incursion 2 / 4, a
datasheet's own CATALOGUE_LIMIT replacing the Rule of Three), EPIC_HERO_DUPLICATE and
TITANIC_CHARACTER_LIMIT."""

from __future__ import annotations

from typing import Any

import pytest

from armybuilder.rules import codes, muster, validate
from armybuilder.rules.model import Army, Condition, Declaration, Limit, Selector, Step
from tests.rules.factories import (
    CALGAR,
    CAPTAIN,
    CASE_FIELDS,
    HELLBLASTERS,
    INCURSION,
    INTERCESSORS,
    KNIGHT,
    KNIGHT_PRECEPTOR,
    RHINO,
    TIGURIUS,
    army,
    case,
    check,
    copies,
    detachment,
    sheet,
    table,
    unit,
)

HELLBLASTERS_LINE = detachment(battleline={"Hellblaster Squad"})
SPEEDER = sheet("Storm Speeder Hailstrike", "VEHICLE", points=115, limit=2)
RARE = sheet("Relic Contemptor", "VEHICLE", points=160, limit=1)
COMMON = sheet("Sternguard Veteran Squad", "INFANTRY", points=100, limit=6)
IDS = ("u1", "u2", "u3", "u4", "u5", "u6", "u7")
# A datasheet whose own limit the catalogue states with a condition: 6, but 3 in one
# detachment (as BSData states Armigers); and one limited to 1 but 3 in another.
WALKER = sheet("Armiger Warglaive", "VEHICLE", points=140)
IN_GLADIUS = ((Condition(detachments=frozenset({"Gladius Task Force"})),),)
WALKER_LIMIT = Limit(
    "CATALOGUE_LIMIT",
    "Armiger Warglaive",
    Selector(datasheets=frozenset({"Armiger Warglaive"})),
    maximum=6,
    steps=(Step(3, IN_GLADIUS, "in Gladius Task Force"),),
)
MASTER = sheet("Troupe Master", "CHARACTER", "INFANTRY", points=75, limit=1)
MASTER_LIMIT = Limit(
    "CATALOGUE_LIMIT",
    "Troupe Master",
    Selector(datasheets=frozenset({"Troupe Master"})),
    maximum=1,
    steps=(Step(3, IN_GLADIUS, "in Gladius Task Force"),),
)
# A limit several datasheets share leaves each datasheet its own Rule of Three.
SHARED_LIMIT = Limit(
    "CATALOGUE_LIMIT",
    "Walkers",
    Selector(datasheets=frozenset({"Armiger Warglaive", "Hellblaster Squad"})),
    maximum=8,
)


def ids(count: int) -> tuple[str, ...]:
    return IDS[:count]


CASES: dict[str, list[Any]] = {
    codes.DATASHEET_LIMIT: [
        case("boundary: a 3rd Hellblaster Squad is legal", army(*copies(HELLBLASTERS, 3)), []),
        case("boundary: a 4th Hellblaster Squad", army(*copies(HELLBLASTERS, 4)), [ids(4)]),
        case("boundary: a 6th BATTLELINE squad", army(*copies(INTERCESSORS, 6)), []),
        case("boundary: a 7th BATTLELINE squad", army(*copies(INTERCESSORS, 7)), [ids(7)]),
        case("a 6th DEDICATED TRANSPORT", army(*copies(RHINO, 6)), []),
        case("a 7th DEDICATED TRANSPORT", army(*copies(RHINO, 7)), [ids(7)]),
        case(
            "6 Hellblasters made BATTLELINE by the detachment",
            army(*copies(HELLBLASTERS, 6), detachments=(HELLBLASTERS_LINE,)),
            [],
        ),
        case(
            "7 Hellblasters made BATTLELINE by the detachment",
            army(*copies(HELLBLASTERS, 7), detachments=(HELLBLASTERS_LINE,)),
            [ids(7)],
        ),
        case("boundary: 2 of a datasheet limited to 2", army(*copies(SPEEDER, 2)), []),
        case("boundary: 3 of a datasheet limited to 2", army(*copies(SPEEDER, 3)), [ids(3)]),
        case("a data limit of 6 replaces the 3", army(*copies(COMMON, 6)), []),
        case(
            "only the datasheet over its limit is named",
            army(*copies(HELLBLASTERS, 4, "h"), *copies(INTERCESSORS, 3, "i")),
            [("h1", "h2", "h3", "h4")],
        ),
        case(
            "matched-10 at Incursion: boundary 2 Hellblasters",
            army(*copies(HELLBLASTERS, 2), size=INCURSION),
            [],
            profile="matched-10",
        ),
        case(
            "matched-10 at Incursion: boundary 3 Hellblasters",
            army(*copies(HELLBLASTERS, 3), size=INCURSION),
            [ids(3)],
            profile="matched-10",
        ),
        case(
            "matched-10 at Incursion: 4 BATTLELINE squads",
            army(*copies(INTERCESSORS, 4), size=INCURSION),
            [],
            profile="matched-10",
        ),
        case(
            "matched-10 at Incursion: 5 BATTLELINE squads",
            army(*copies(INTERCESSORS, 5), size=INCURSION),
            [ids(5)],
            profile="matched-10",
        ),
        case(
            "core-10 at Incursion keeps the Rule of Three",
            army(*copies(HELLBLASTERS, 3), size=INCURSION),
            [],
        ),
        case(
            "matched-10 at Strike Force keeps the Rule of Three",
            army(*copies(HELLBLASTERS, 3)),
            [],
            profile="matched-10",
        ),
        case(
            "matched-10 at Incursion: a stricter data limit of 1 stays",
            army(*copies(RARE, 2), size=INCURSION),
            [ids(2)],
            profile="matched-10",
        ),
        case(
            "matched-10 at Incursion: a data limit of 6 is cut to 2",
            army(*copies(COMMON, 3), size=INCURSION),
            [ids(3)],
            profile="matched-10",
        ),
        case(
            "a conditional catalogue limit of 6 replaces the Rule of Three",
            army(
                *copies(WALKER, 4),
                detachments=(detachment("Freeblade Company"),),
                limits=(WALKER_LIMIT,),
            ),
            [],
        ),
        case(
            "boundary: 4 where the catalogue limit is 3 is CATALOGUE_LIMIT's, not this code's",
            army(*copies(WALKER, 4), limits=(WALKER_LIMIT,)),
            [],
        ),
        case(
            "a data limit of 1 raised to 3 by the detachment",
            army(*copies(MASTER, 2), limits=(MASTER_LIMIT,)),
            [],
        ),
        case(
            "a limit shared by several datasheets keeps each one's Rule of Three",
            army(*copies(WALKER, 4), limits=(SHARED_LIMIT,)),
            [ids(4)],
        ),
        case(
            "a duplicated EPIC HERO limited to 1 is EPIC_HERO_DUPLICATE only",
            army(*copies(TIGURIUS, 2)),
            [],
        ),
        case(
            "4 copies of an EPIC HERO also break the Rule of Three",
            army(*copies(CALGAR, 4)),
            [ids(4)],
        ),
    ],
    codes.CATALOGUE_LIMIT: [
        case(
            "boundary: 4 of a datasheet the catalogue limits to 3 in this detachment",
            army(*copies(WALKER, 4), limits=(WALKER_LIMIT,)),
            [ids(4)],
        ),
        case(
            "boundary: 3 of a datasheet the catalogue limits to 3 in this detachment",
            army(*copies(WALKER, 3), limits=(WALKER_LIMIT,)),
            [],
        ),
    ],
    codes.EPIC_HERO_DUPLICATE: [
        case("one Marneus Calgar", army(unit("u1", CALGAR)), []),
        case("boundary: two Marneus Calgar", army(*copies(CALGAR, 2)), [ids(2)]),
        case("boundary: two Captains are not Epic Heroes", army(*copies(CAPTAIN, 2)), []),
        case(
            "each Epic Hero on its own",
            army(unit("c1", CALGAR), unit("t1", TIGURIUS), unit("t2", TIGURIUS)),
            [("t1", "t2")],
        ),
    ],
    codes.TITANIC_CHARACTER_LIMIT: [
        case(
            "matched-10 at Incursion: boundary one TITANIC CHARACTER",
            army(unit("k1", KNIGHT), size=INCURSION),
            [],
            profile="matched-10",
        ),
        case(
            "matched-10 at Incursion: boundary two TITANIC CHARACTERS",
            army(unit("k1", KNIGHT), unit("k2", KNIGHT_PRECEPTOR), size=INCURSION),
            [("k1", "k2")],
            profile="matched-10",
        ),
        case(
            "core-10 at Incursion has no TITANIC CHARACTER limit",
            army(unit("k1", KNIGHT), unit("k2", KNIGHT_PRECEPTOR), size=INCURSION),
            [],
        ),
        case(
            "matched-10 at Strike Force has no TITANIC CHARACTER limit",
            army(unit("k1", KNIGHT), unit("k2", KNIGHT_PRECEPTOR)),
            [],
            profile="matched-10",
        ),
    ],
}


@pytest.mark.parametrize(CASE_FIELDS, table(CASES))
def test_datasheet_limits(
    code: str, built: Army, decl: Declaration | None, profile: str, expected: list[Any]
) -> None:
    check(code, built, decl, profile, expected)


def test_builder_limit_follows_the_catalogue_limit() -> None:
    """The builder's "n / 3" shows the catalogue's limit in force where it states one."""
    from armybuilder.rules import datasheet_limit

    freeblade = army(detachments=(detachment("Freeblade Company"),), limits=(WALKER_LIMIT,))
    assert datasheet_limit(freeblade, WALKER) == 6
    assert datasheet_limit(army(limits=(WALKER_LIMIT,)), WALKER) == 3
    assert datasheet_limit(army(limits=(MASTER_LIMIT,)), MASTER) == 3
    assert datasheet_limit(army(limits=(SHARED_LIMIT,)), WALKER) == 3


def test_limit_messages_count_the_copies() -> None:
    result = validate(army(*copies(HELLBLASTERS, 4), *copies(CALGAR, 2, "c")))
    assert [v.message for v in result.violations] == [
        "4 \u00d7 Hellblaster Squad: at most 3 allowed",
        "2 \u00d7 Marneus Calgar: an Epic Hero may be included only once",
        # The army has no warlord; this test is about limits.
        "Choose a Warlord",
    ]


# DATASHEET_LIMIT's higher Battleline limit and the builder's Battleline heading read one
# predicate: a Dedicated Transport takes the higher limit but is not listed as Battleline.
@pytest.mark.parametrize(
    ("keywords", "granted", "role", "higher_limit"),
    [
        pytest.param(("INFANTRY", "BATTLELINE"), False, True, True, id="own keyword"),
        pytest.param(("INFANTRY",), True, True, True, id="granted by the detachment"),
        pytest.param(("VEHICLE", "DEDICATED TRANSPORT"), False, False, True, id="transport"),
        pytest.param(("INFANTRY",), False, False, False, id="neither"),
    ],
)
def test_battleline_role_and_limit(
    keywords: tuple[str, ...], granted: bool, role: bool, higher_limit: bool
) -> None:
    datasheet = sheet("Assault Intercessor Squad", *keywords)
    gladius = detachment(battleline={datasheet.name} if granted else set())
    assert muster.battleline_role(gladius, datasheet) is role
    assert muster.is_battleline(gladius, datasheet) is higher_limit
