"""CHARACTER_REQUIRED and WARLORD (none, several, not a CHARACTER, must / cannot)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from armybuilder.rules import codes, validate
from armybuilder.rules.model import Army, Declaration, WarlordRule
from tests.rules.factories import (
    CAPTAIN,
    CASE_FIELDS,
    HELLBLASTERS,
    INTERCESSORS,
    army,
    case,
    check,
    table,
    unit,
)

# A CHARACTER the data bars from being Warlord, and one the data says must be.
RETINUE_LEADER = replace(CAPTAIN, name="Inquisitorial Henchman", warlord=WarlordRule.CANNOT)
CHAPTER_MASTER = replace(CAPTAIN, name="Chapter Master", warlord=WarlordRule.MUST)
# "Must" on a unit that cannot be Warlord (not a CHARACTER) binds nothing: "cannot" wins.
BANNER_TANK = replace(HELLBLASTERS, name="Relic Banner Tank", warlord=WarlordRule.MUST)

CASES: dict[str, list[Any]] = {
    codes.CHARACTER_REQUIRED: [
        case("a Captain", army(unit("c1", CAPTAIN, warlord=True)), []),
        case("no CHARACTER at all", army(unit("i1", INTERCESSORS)), [()]),
        case(
            "boundary: the only CHARACTER cannot be Warlord",
            army(unit("r1", RETINUE_LEADER), unit("i1", INTERCESSORS)),
            [()],
        ),
        case(
            "boundary: one eligible CHARACTER beside an ineligible one",
            army(unit("r1", RETINUE_LEADER), unit("c1", CAPTAIN, warlord=True)),
            [],
        ),
    ],
    codes.WARLORD: [
        case("one Captain Warlord", army(unit("c1", CAPTAIN, warlord=True)), []),
        case("boundary: no Warlord chosen", army(unit("c1", CAPTAIN)), [()]),
        case(
            "boundary: two Warlords",
            army(unit("c1", CAPTAIN, warlord=True), unit("c2", CAPTAIN, warlord=True)),
            [("c1", "c2")],
        ),
        case(
            "a squad as Warlord",
            army(unit("c1", CAPTAIN), unit("i1", INTERCESSORS, warlord=True)),
            [("i1",)],
        ),
        case(
            "a CHARACTER whose datasheet cannot be Warlord",
            army(unit("c1", CAPTAIN), unit("r1", RETINUE_LEADER, warlord=True)),
            [("r1",)],
        ),
        case(
            "a must-be-Warlord datasheet that is the Warlord",
            army(unit("c1", CAPTAIN), unit("m1", CHAPTER_MASTER, warlord=True)),
            [],
        ),
        case(
            "a must-be-Warlord datasheet passed over",
            army(unit("c1", CAPTAIN, warlord=True), unit("m1", CHAPTER_MASTER)),
            [("m1",)],
        ),
        case(
            "no Warlord marked while one must be: it is the Warlord",
            army(unit("c1", CAPTAIN), unit("m1", CHAPTER_MASTER)),
            [],
        ),
        case(
            "boundary: no Warlord marked while two must be: both are named",
            army(unit("c1", CAPTAIN), unit("m1", CHAPTER_MASTER), unit("m2", CHAPTER_MASTER)),
            [("m1", "m2")],
        ),
        case(
            "boundary: a marked Warlord beside the one that must be",
            army(unit("c1", CAPTAIN, warlord=True), unit("m1", CHAPTER_MASTER)),
            [("m1",)],
        ),
        case(
            "cannot wins: a non-CHARACTER 'must' binds nothing",
            army(unit("c1", CAPTAIN, warlord=True), unit("b1", BANNER_TANK)),
            [],
        ),
        case(
            "no CHARACTER: CHARACTER_REQUIRED explains the missing Warlord",
            army(unit("i1", INTERCESSORS)),
            [],
        ),
    ],
}


@pytest.mark.parametrize(CASE_FIELDS, table(CASES))
def test_warlord(
    code: str, built: Army, decl: Declaration | None, profile: str, expected: list[Any]
) -> None:
    check(code, built, decl, profile, expected)


def test_no_character_reports_once() -> None:
    result = validate(army(unit("i1", INTERCESSORS)))
    assert result.codes() == [codes.CHARACTER_REQUIRED]
    assert result.violations[0].message == "The army needs a CHARACTER who can be the Warlord"


def test_warlord_messages() -> None:
    result = validate(army(unit("c1", CAPTAIN, warlord=True), unit("m1", CHAPTER_MASTER)))
    assert [v.message for v in result.violations] == ["Chapter Master must be the Warlord"]
