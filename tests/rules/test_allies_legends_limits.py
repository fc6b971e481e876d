"""ALLIED_UNITS, LEGENDS and CATALOGUE_LIMIT, on cases taken from the real catalogue.

The limits below are written the way the importer stores what BSData states (a maximum
with "set" steps under conditions), so these cases test the evaluation, not a faction.
"""

from __future__ import annotations

from typing import Any

import pytest

from armybuilder.rules import allied_limits, codes, validate
from armybuilder.rules.model import (
    Allowance,
    Army,
    Condition,
    Declaration,
    Limit,
    Selector,
    Step,
)
from tests.rules.factories import (
    AGENTS,
    CAPTAIN,
    CASE_FIELDS,
    FIRESTORM,
    INCURSION,
    INQUISITOR,
    INTERCESSORS,
    KNIGHT,
    army,
    case,
    check,
    copies,
    detachment,
    sheet,
    table,
    unit,
)

IK = "IMPERIAL KNIGHTS"
TITANIC = "TITANIC"
CORE = (unit("c1", CAPTAIN, warlord=True), unit("i1", INTERCESSORS))
ARMIGER = sheet("Armiger Warglaive", "VEHICLE", "WALKER", points=140, factions=(IK,))
KNIGHT_ALLIES = (Allowance(IK),)

# The gst's "Faction: Imperial Knights" category: no cap of its own; one unit while a
# TITANIC Knight is present, three while none is.
ANY_TITANIC = Condition(units=Selector(keywords=frozenset({IK, TITANIC})), at_least=1)
NO_TITANIC = Condition(units=Selector(keywords=frozenset({IK, TITANIC})), at_most=0)
KNIGHT_LIMIT = Limit(
    code=codes.ALLIED_UNITS,
    label="Imperial Knights allies",
    subject=Selector(keywords=frozenset({IK})),
    steps=(
        Step(1, ((ANY_TITANIC,),), "one TITANIC unit"),
        Step(3, ((NO_TITANIC,),), "up to three non-TITANIC units"),
    ),
)

COMPANY_HEROES = sheet("Company Heroes", "INFANTRY", points=105, models=4)
CHAPTER_MASTER = sheet("Chapter Master", "INFANTRY", "CHARACTER", points=85)
LEADERS = Selector(datasheets=frozenset({"Captain", "Chapter Master"}))
# BSData: max 0 at roster scope, set to 1 with one Captain or Chapter Master, and so on.
HEROES_LIMIT = Limit(
    code=codes.CATALOGUE_LIMIT,
    label="Company Heroes",
    subject=Selector(datasheets=frozenset({"Company Heroes"})),
    maximum=0,
    reason="needs a Captain or Chapter Master",
    steps=(
        Step(1, ((Condition(units=LEADERS, at_least=1),),), "one per Captain or Chapter Master"),
        Step(2, ((Condition(units=LEADERS, at_least=2),),), "one per Captain or Chapter Master"),
    ),
)

CRUCIBLE = "CRUCIBLE"
CRUCIBLE_HERO = sheet("Captain [Crucible]", "INFANTRY", "CHARACTER", CRUCIBLE, points=80)
CRUCIBLE_LIMIT = Limit(
    code=codes.CATALOGUE_LIMIT,
    label="Crucible characters",
    subject=Selector(keywords=frozenset({CRUCIBLE})),
    maximum=3,
    reason="Crusade creations",
    steps=(Step(0, ((Condition(matched_play=True),),), "Crusade only, not in matched play"),),
)

LEGENDS_SHEET = sheet("Terminator Ancient [Legends]", "INFANTRY", "CHARACTER", legends=True)


def crucible(count: int) -> list[Any]:
    return [unit(f"x{n}", CRUCIBLE_HERO) for n in range(1, count + 1)]


CASES: dict[str, list[Any]] = {
    codes.ALLIED_UNITS: [
        case(
            "one Armiger among Knight allies",
            army(*CORE, unit("a1", ARMIGER), allies=KNIGHT_ALLIES, limits=(KNIGHT_LIMIT,)),
            [],
        ),
        case(
            "boundary: three Armigers, no TITANIC Knight",
            army(*CORE, *copies(ARMIGER, 3, "a"), allies=KNIGHT_ALLIES, limits=(KNIGHT_LIMIT,)),
            [],
        ),
        case(
            "boundary: a fourth Armiger",
            army(*CORE, *copies(ARMIGER, 4, "a"), allies=KNIGHT_ALLIES, limits=(KNIGHT_LIMIT,)),
            [("a1", "a2", "a3", "a4")],
        ),
        case(
            "a TITANIC Knight alone",
            army(*CORE, unit("k1", KNIGHT), allies=KNIGHT_ALLIES, limits=(KNIGHT_LIMIT,)),
            [],
        ),
        case(
            "a TITANIC Knight and an Armiger",
            army(
                *CORE,
                unit("k1", KNIGHT),
                unit("a1", ARMIGER),
                allies=KNIGHT_ALLIES,
                limits=(KNIGHT_LIMIT,),
            ),
            [("a1", "k1")],
        ),
        case(
            "an Agents ally within its 110 pts cap",
            army(*CORE, unit("q1", INQUISITOR), allies=(Allowance(AGENTS, points_cap=110),)),
            [],
        ),
        case(
            "boundary: Agents allies at exactly their 110 pts cap",
            army(
                *CORE,
                *copies(INQUISITOR, 2, "q"),
                allies=(Allowance(AGENTS, points_cap=110),),
            ),
            [],
        ),
        case(
            "boundary: Agents allies at 165 of their 110 pts cap",
            army(
                *CORE,
                *copies(INQUISITOR, 3, "q"),
                allies=(Allowance(AGENTS, points_cap=110),),
            ),
            [("q1", "q2", "q3")],
        ),
    ],
    codes.LEGENDS: [
        case("a Legends datasheet under core-10", army(*CORE, unit("l1", LEGENDS_SHEET)), []),
        case(
            "boundary: the same Legends datasheet under matched-10",
            army(*CORE, unit("l1", LEGENDS_SHEET)),
            [("l1",)],
            profile="matched-10",
        ),
        case("no Legends under matched-10", army(*CORE), [], profile="matched-10"),
    ],
    codes.CATALOGUE_LIMIT: [
        case(
            "Company Heroes without a Captain or Chapter Master",
            army(unit("i1", INTERCESSORS), unit("h1", COMPANY_HEROES), limits=(HEROES_LIMIT,)),
            [("h1",)],
        ),
        case(
            "Company Heroes with a Captain",
            army(*CORE, unit("h1", COMPANY_HEROES), limits=(HEROES_LIMIT,)),
            [],
        ),
        case(
            "boundary: two Company Heroes with a Captain and a Chapter Master",
            army(
                *CORE,
                unit("m1", CHAPTER_MASTER),
                *copies(COMPANY_HEROES, 2, "h"),
                limits=(HEROES_LIMIT,),
            ),
            [],
        ),
        case(
            "boundary: two Company Heroes with one Captain",
            army(*CORE, *copies(COMPANY_HEROES, 2, "h"), limits=(HEROES_LIMIT,)),
            [("h1", "h2")],
        ),
        case(
            "boundary: three Crucible characters outside matched play",
            army(*CORE, *crucible(3), limits=(CRUCIBLE_LIMIT,)),
            [],
        ),
        case(
            "boundary: a fourth Crucible character",
            army(*CORE, *crucible(4), limits=(CRUCIBLE_LIMIT,)),
            [("x1", "x2", "x3", "x4")],
        ),
        case(
            "a Crucible character in matched play",
            army(*CORE, *crucible(1), limits=(CRUCIBLE_LIMIT,)),
            [("x1",)],
            profile="matched-10",
        ),
    ],
}


@pytest.mark.parametrize(CASE_FIELDS, table(CASES))
def test_allies_legends_limits(
    code: str, built: Army, decl: Declaration | None, profile: str, expected: list[Any]
) -> None:
    check(code, built, decl, profile, expected)


def test_messages_name_the_limit_and_its_condition() -> None:
    knights = army(
        *CORE, unit("k1", KNIGHT), unit("a1", ARMIGER), allies=KNIGHT_ALLIES, limits=(KNIGHT_LIMIT,)
    )
    heroes = army(unit("i1", INTERCESSORS), unit("h1", COMPANY_HEROES), limits=(HEROES_LIMIT,))
    matched = army(*CORE, unit("l1", LEGENDS_SHEET), *crucible(1), limits=(CRUCIBLE_LIMIT,))
    assert [v.message for v in validate(knights).violations if v.code == codes.ALLIED_UNITS] == [
        "Imperial Knights allies: 2 / 1 at most (one TITANIC unit)"
    ]
    assert [v.message for v in validate(heroes).violations if v.code == codes.CATALOGUE_LIMIT] == [
        "Company Heroes: 1 / 0 at most (needs a Captain or Chapter Master)"
    ]
    result = validate(matched, profile="matched-10")
    assert [v.message for v in result.violations if v.code in codes.PENDING_CODES] == []
    assert [(v.code, v.message) for v in result.violations if v.code != codes.CHARACTER_REQUIRED][
        :2
    ] == [
        (
            codes.LEGENDS,
            "Terminator Ancient [Legends] is a Warhammer Legends datasheet: "
            "not allowed in matched play",
        ),
        (
            codes.CATALOGUE_LIMIT,
            "Crucible characters: 1 / 0 at most (Crusade only, not in matched play)",
        ),
    ]


def test_a_battle_size_and_detachment_condition() -> None:
    # An allied points cap that BSData sets per battle size and raises in one detachment.
    capped = Limit(
        code=codes.ALLIED_UNITS,
        label="Agents of the Imperium",
        subject=Selector(keywords=frozenset({AGENTS})),
        points=True,
        maximum=250,
        steps=(
            Step(100, ((Condition(battle_sizes=frozenset({INCURSION})),),), "at Incursion"),
            Step(500, ((Condition(detachments=frozenset({"Gladius Task Force"})),),), "Gladius"),
        ),
    )
    two = (*CORE, *copies(INQUISITOR, 2, "q"))
    breachers = sheet("Imperial Navy Breachers", "INFANTRY", points=300, factions=(AGENTS,))
    big = (*CORE, unit("n1", breachers))
    allies = (Allowance(AGENTS),)
    assert validate(army(*two, allies=allies, limits=(capped,))).codes() == []
    firestorm = (detachment(FIRESTORM),)
    # Steps apply in order, so the Gladius step (500) wins over the Incursion one.
    small = (*two, unit("q3", INQUISITOR))
    assert validate(
        army(*small, allies=allies, limits=(capped,), size=INCURSION, detachments=firestorm)
    ).codes() == [codes.ALLIED_UNITS]
    assert validate(army(*small, allies=allies, limits=(capped,), size=INCURSION)).codes() == []
    assert validate(army(*big, allies=allies, limits=(capped,), detachments=firestorm)).codes() == [
        codes.ALLIED_UNITS
    ]
    assert validate(army(*big, allies=allies, limits=(capped,))).codes() == []


POINTS_LIMIT = Limit(
    code=codes.ALLIED_UNITS,
    label="Knight points",
    subject=Selector(keywords=frozenset({IK})),
    maximum=500,
    points=True,
)


@pytest.mark.parametrize(
    ("built", "profile", "expected"),
    [
        pytest.param(
            army(*CORE, allies=KNIGHT_ALLIES, limits=(KNIGHT_LIMIT, HEROES_LIMIT)),
            "core-10",
            [("Imperial Knights allies", 0, 3, (1, 3))],
            id="ALLIED_UNITS: no Knight yet counts 0 under the no-TITANIC step, others left out",
        ),
        pytest.param(
            army(*CORE, unit("k1", KNIGHT), allies=KNIGHT_ALLIES, limits=(KNIGHT_LIMIT,)),
            "core-10",
            [("Imperial Knights allies", 1, 1, (1, 3))],
            id="ALLIED_UNITS: a TITANIC Knight moves the maximum to one",
        ),
        pytest.param(
            army(*CORE, *copies(ARMIGER, 4, "a"), allies=KNIGHT_ALLIES, limits=(KNIGHT_LIMIT,)),
            "core-10",
            [("Imperial Knights allies", 4, 3, (1, 3))],
            id="ALLIED_UNITS: four Armigers count four against three",
        ),
        pytest.param(
            army(*CORE, unit("a1", ARMIGER), allies=KNIGHT_ALLIES, limits=(POINTS_LIMIT,)),
            "matched-10",
            [("Knight points", 140, 500, (500,))],
            id="ALLIED_UNITS: a points limit counts points",
        ),
        pytest.param(
            army(*CORE, *crucible(1), limits=(CRUCIBLE_LIMIT,)),
            "matched-10",
            [],
            id="CATALOGUE_LIMIT: not an ALLIED_UNITS limit, so not listed",
        ),
    ],
)
def test_allied_limits_count_as_the_check_does(
    built: Army, profile: str, expected: list[tuple[str, int, int | None, tuple[int, ...]]]
) -> None:
    found = allied_limits(built, profile)
    assert [(c.label, c.used, c.maximum, c.caps) for c in found] == expected
    # The same count and maximum the validation uses: over exactly when it reports.
    reported = any(
        v.code == codes.ALLIED_UNITS for v in validate(built, profile=profile).violations
    )
    assert any(c.over for c in found) is reported
