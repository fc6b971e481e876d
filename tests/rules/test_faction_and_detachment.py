"""FACTION_KEYWORD (allowances, excluded keywords), DETACHMENT_REQUIRED and
DETACHMENT_UNIT_RULE."""

from __future__ import annotations

from typing import Any

import pytest

from armybuilder.rules import codes, validate
from armybuilder.rules.model import Allowance, Army, Declaration
from tests.rules.factories import (
    AGENTS,
    BLOODLETTERS,
    CAPTAIN,
    CASE_FIELDS,
    FIRESTORM,
    GLADIUS,
    HELLBLASTERS,
    INQUISITOR,
    INTERCESSORS,
    LAND_RAIDER,
    LATER,
    SM,
    WOLF_GUARD,
    army,
    case,
    check,
    detachment,
    sheet,
    table,
    unit,
)

CORE = (unit("c1", CAPTAIN, warlord=True), unit("i1", INTERCESSORS))
AGENTS_UP_TO_110 = (Allowance(AGENTS, points_cap=110),)
KEYWORD_ONLY = sheet("Servitors", "INFANTRY", SM, factions=())

CASES: dict[str, list[Any]] = {
    codes.FACTION_KEYWORD: [
        case("every unit is ADEPTUS ASTARTES", army(*CORE), []),
        case("Bloodletters without an ally rule", army(*CORE, unit("b1", BLOODLETTERS)), [("b1",)]),
        case(
            "the faction keyword may sit among the plain keywords",
            army(*CORE, unit("s1", KEYWORD_ONLY)),
            [],
        ),
        case(
            "an Inquisitor under an uncapped AGENTS allowance",
            army(*CORE, unit("q1", INQUISITOR), allies=(Allowance(AGENTS),)),
            [],
        ),
        case(
            "allies over their points cap are still brought in by their allowance",
            army(
                *CORE,
                *(unit(f"q{n}", INQUISITOR) for n in range(1, 4)),
                allies=AGENTS_UP_TO_110,
            ),
            [],
        ),
        case(
            "an allowance covers only its own keyword",
            army(*CORE, unit("q1", INQUISITOR), unit("b1", BLOODLETTERS), allies=AGENTS_UP_TO_110),
            [("b1",)],
        ),
        case(
            "Wolf Guard Terminators are ADEPTUS ASTARTES but SPACE WOLVES is excluded",
            army(*CORE, unit("w1", WOLF_GUARD), excluded={"SPACE WOLVES"}),
            [("w1",)],
        ),
        case(
            "boundary: the same Wolf Guard with nothing excluded",
            army(*CORE, unit("w1", WOLF_GUARD)),
            [],
        ),
    ],
    codes.DETACHMENT_REQUIRED: [
        case("one Gladius Task Force", army(*CORE), []),
        case("boundary: no detachment", army(*CORE, detachments=()), [()]),
        case(
            "boundary: two detachments",
            army(*CORE, detachments=(detachment(), detachment(FIRESTORM))),
            [()],
        ),
        case(
            "a detachment of another faction",
            army(*CORE, detachments=(detachment("Inquisitorial Retinue", AGENTS),)),
            [()],
        ),
    ],
    codes.DETACHMENT_UNIT_RULE: [
        case(
            "a required Captain is present",
            army(*CORE, detachments=(detachment(required_datasheets={"Captain"}),)),
            [],
        ),
        case(
            "boundary: the required Hellblaster Squad is missing",
            army(*CORE, detachments=(detachment(required_datasheets={"Hellblaster Squad"}),)),
            [()],
        ),
        case(
            "boundary: forbidden Land Raiders are present",
            army(
                *CORE,
                unit("lr1", LAND_RAIDER),
                unit("lr2", LAND_RAIDER),
                detachments=(detachment(forbidden_datasheets={"Land Raider"}),),
            ),
            [("lr1", "lr2")],
        ),
        case(
            "a forbidden datasheet that is absent",
            army(
                *CORE,
                unit("h1", HELLBLASTERS),
                detachments=(detachment(forbidden_datasheets={"Land Raider"}),),
            ),
            [],
        ),
        case(
            "no unit rules are checked without a single detachment",
            army(
                *CORE,
                unit("lr1", LAND_RAIDER),
                detachments=(
                    detachment(forbidden_datasheets={"Land Raider"}),
                    detachment(FIRESTORM),
                ),
            ),
            [],
        ),
    ],
    codes.DETACHMENT_UNKNOWN: [
        case("a detachment the catalogue has", army(*CORE), []),
        case("boundary: one it lacks", army(*CORE, detachments=(LATER,)), [()]),
        case(
            "boundary: one it lacks is no DETACHMENT_REQUIRED error and forbids nothing",
            army(*CORE, unit("lr1", LAND_RAIDER), detachments=(LATER,)),
            [()],
        ),
    ],
}


def test_a_detachment_the_catalogue_lacks_only_warns() -> None:
    result = validate(army(*CORE, detachments=(LATER,)))
    assert result.legal
    assert [v.code for v in result.warnings] == [codes.DETACHMENT_UNKNOWN]
    assert "Advanced Acquisition Cadre" in str(result.warnings[0].message)


@pytest.mark.parametrize(CASE_FIELDS, table(CASES))
def test_faction_and_detachment(
    code: str, built: Army, decl: Declaration | None, profile: str, expected: list[Any]
) -> None:
    check(code, built, decl, profile, expected)


def test_messages_name_the_unit_and_the_keyword() -> None:
    result = validate(
        army(*CORE, unit("b1", BLOODLETTERS), unit("w1", WOLF_GUARD), excluded={"SPACE WOLVES"})
    )
    assert [v.message for v in result.violations if v.code == codes.FACTION_KEYWORD] == [
        "Bloodletters does not have the ADEPTUS ASTARTES keyword",
        "Wolf Guard Terminators cannot be included: it has the SPACE WOLVES keyword",
    ]
    detachments = validate(army(*CORE, detachments=(detachment(FIRESTORM), detachment(GLADIUS))))
    assert [v.message for v in detachments.violations if v.code == codes.DETACHMENT_REQUIRED] == [
        "2 detachments chosen (Firestorm Assault Force, Gladius Task Force): choose exactly one"
    ]
