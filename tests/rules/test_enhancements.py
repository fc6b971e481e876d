"""The enhancement codes: ENHANCEMENT_PER_UNIT, _NOT_CHARACTER, _EPIC_HERO, _LIMIT,
_DUPLICATE, _DETACHMENT and _RESTRICTED."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from armybuilder.rules import codes, validate
from armybuilder.rules.model import (
    Army,
    Declaration,
    Enhancement,
    Loadout,
    ModelType,
    WargearGroup,
)
from tests.rules.factories import (
    ADEPT_OF_THE_CODEX,
    APOTHECARY,
    ARTIFICER_ARMOUR,
    CALGAR,
    CAPTAIN,
    CASE_FIELDS,
    CHAMPION,
    FIRE_DISCIPLINE,
    FIRESTORM,
    FORWARD_OPERATIVES,
    HONOUR_VEHEMENT,
    INTERCESSORS,
    JUMP_CAPTAIN,
    KNIGHT,
    LATER,
    LIEUTENANT,
    TERMINATOR_CAPTAIN,
    army,
    case,
    check,
    detachment,
    enhancement,
    sheet,
    table,
    unit,
)

# A Chaos Lord whose Mark of Chaos option gives a god's keyword; Talisman needs KHORNE.
MARKS = WargearGroup(
    "Mark of Chaos",
    ("Mark of Khorne", "Mark of Slaanesh"),
    grants=(
        ("Mark of Khorne", frozenset({"KHORNE"})),
        ("Mark of Slaanesh", frozenset({"SLAANESH"})),
    ),
)
LORD = sheet(
    "Master of Executions",
    "INFANTRY",
    "CHARACTER",
    model_types=(ModelType("Master of Executions", 1, 1, (MARKS,)),),
)
DEFAULT_KHORNE = replace(
    LORD,
    model_types=(
        ModelType(
            "Master of Executions", 1, 1, (replace(MARKS, default=(("Mark of Khorne", 1),)),)
        ),
    ),
)
TALISMAN = enhancement("Talisman of Burning Blood", 20, "Gladius Task Force", ("KHORNE",))


def marked(uid: str, datasheet: Any, *options: str) -> Any:
    loadout = (Loadout("Master of Executions", 1, tuple((o, 1) for o in options)),)
    return replace(unit(uid, datasheet, None, TALISMAN), loadout=loadout if options else ())


THREE = (
    unit("c1", CAPTAIN, None, ARTIFICER_ARMOUR),
    unit("l1", LIEUTENANT, None, HONOUR_VEHEMENT),
    unit("a1", APOTHECARY, None, ADEPT_OF_THE_CODEX),
)

# As a list writes it under LATER: it may be an upgrade as well as an enhancement.
LATER_ITEM = Enhancement("Negation Emitters", 0, LATER.name, known=False)

CASES: dict[str, list[Any]] = {
    codes.ENHANCEMENT_PER_UNIT: [
        case(
            "boundary: one enhancement on a Captain",
            army(unit("c1", CAPTAIN, None, ARTIFICER_ARMOUR)),
            [],
        ),
        case(
            "boundary: two enhancements on a Captain",
            army(unit("c1", CAPTAIN, None, ARTIFICER_ARMOUR, HONOUR_VEHEMENT)),
            [("c1",)],
        ),
    ],
    codes.ENHANCEMENT_NOT_CHARACTER: [
        case("a CHARACTER takes one", army(unit("c1", CAPTAIN, None, ARTIFICER_ARMOUR)), []),
        case(
            "boundary: an Intercessor Squad is not a CHARACTER",
            army(unit("i1", INTERCESSORS, None, ARTIFICER_ARMOUR)),
            [("i1",)],
        ),
        case("an unenhanced squad is fine", army(unit("i1", INTERCESSORS)), []),
        case(
            "what a squad takes from a detachment the catalogue lacks is not judged",
            army(unit("i1", INTERCESSORS, None, LATER_ITEM), detachments=(LATER,)),
            [],
        ),
    ],
    codes.ENHANCEMENT_EPIC_HERO: [
        case(
            "boundary: a Captain is no Epic Hero",
            army(unit("c1", CAPTAIN, None, ARTIFICER_ARMOUR)),
            [],
        ),
        case(
            "boundary: Marneus Calgar is an Epic Hero",
            army(unit("m1", CALGAR, None, ARTIFICER_ARMOUR)),
            [("m1",)],
        ),
    ],
    codes.ENHANCEMENT_LIMIT: [
        case("boundary: 3 enhancements", army(*THREE), []),
        case(
            "boundary: 4 enhancements",
            army(*THREE, unit("j1", JUMP_CAPTAIN, None, FORWARD_OPERATIVES)),
            [("a1", "c1", "j1", "l1")],
        ),
        case(
            "two on one unit count twice",
            army(*THREE[:2], unit("a1", APOTHECARY, None, ADEPT_OF_THE_CODEX, FIRE_DISCIPLINE)),
            [("a1", "c1", "l1")],
        ),
    ],
    codes.ENHANCEMENT_DUPLICATE: [
        case("different enhancements", army(*THREE), []),
        case(
            "boundary: Artificer Armour on two Captains",
            army(
                unit("c1", CAPTAIN, None, ARTIFICER_ARMOUR),
                unit("c2", CAPTAIN, None, ARTIFICER_ARMOUR),
            ),
            [("c1", "c2")],
        ),
        case(
            "the same enhancement twice on one unit",
            army(unit("c1", CAPTAIN, None, ARTIFICER_ARMOUR, ARTIFICER_ARMOUR)),
            [("c1",)],
        ),
    ],
    codes.ENHANCEMENT_DETACHMENT: [
        case(
            "a Gladius enhancement in Gladius",
            army(unit("c1", CAPTAIN, None, ARTIFICER_ARMOUR)),
            [],
        ),
        case(
            "boundary: a Firestorm enhancement in Gladius",
            army(unit("c1", CAPTAIN, None, CHAMPION)),
            [("c1",)],
        ),
        case(
            "boundary: the same enhancement in Firestorm",
            army(unit("c1", CAPTAIN, None, CHAMPION), detachments=(detachment(FIRESTORM),)),
            [],
        ),
        case(
            "not checked without a single detachment (DETACHMENT_REQUIRED says why)",
            army(unit("c1", CAPTAIN, None, CHAMPION), detachments=()),
            [],
        ),
        case(
            "not checked under a detachment the catalogue lacks (DETACHMENT_UNKNOWN says so)",
            army(unit("c1", CAPTAIN, None, CHAMPION), detachments=(LATER,)),
            [],
        ),
    ],
    codes.ENHANCEMENT_RESTRICTED: [
        case(
            "an INFANTRY-only one on a Captain",
            army(unit("c1", CAPTAIN, None, FIRE_DISCIPLINE)),
            [],
        ),
        case(
            "an INFANTRY-only one on a Knight",
            army(unit("k1", KNIGHT, None, FIRE_DISCIPLINE)),
            [("k1",)],
        ),
        case(
            "JUMP PACK or TERMINATOR: a Captain with Jump Pack",
            army(unit("j1", JUMP_CAPTAIN, None, FORWARD_OPERATIVES)),
            [],
        ),
        case(
            "boundary: JUMP PACK or TERMINATOR: the second alternative",
            army(unit("t1", TERMINATOR_CAPTAIN, None, FORWARD_OPERATIVES)),
            [],
        ),
        case(
            "boundary: JUMP PACK or TERMINATOR: a plain Captain has neither",
            army(unit("c1", CAPTAIN, None, FORWARD_OPERATIVES)),
            [("c1",)],
        ),
        case(
            "the stated Mark of Khorne gives KHORNE", army(marked("m1", LORD, "Mark of Khorne")), []
        ),
        case(
            "boundary: the stated Mark of Slaanesh does not",
            army(marked("m1", LORD, "Mark of Slaanesh")),
            [("m1",)],
        ),
        case("boundary: no mark stated and none by default", army(marked("m1", LORD)), [("m1",)]),
        case("no mark stated: the default mark counts", army(marked("m1", DEFAULT_KHORNE)), []),
    ],
}


@pytest.mark.parametrize(CASE_FIELDS, table(CASES))
def test_enhancements(
    code: str, built: Army, decl: Declaration | None, profile: str, expected: list[Any]
) -> None:
    check(code, built, decl, profile, expected)


def test_enhancement_messages() -> None:
    result = validate(
        army(
            unit("c1", CAPTAIN, None, FORWARD_OPERATIVES, warlord=True),
            unit("i1", INTERCESSORS, None, CHAMPION),
        )
    )
    assert [v.message for v in result.violations] == [
        "Intercessor Squad cannot take Champion of Humanity: it is not a CHARACTER",
        "Intercessor Squad: Champion of Humanity belongs to "
        "Firestorm Assault Force, not to Gladius Task Force",
        "Captain cannot take Forward Operatives: it needs JUMP PACK or TERMINATOR",
    ]
