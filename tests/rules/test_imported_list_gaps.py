"""What an imported list or an older month's data leaves unsaid is not a broken rule:
WARLORD when the list marks none (Army.warlord_open), ENHANCEMENT_DETACHMENT under a
detachment whose month prices none of its enhancements (Detachment.enhancements_stated),
FACTION_KEYWORD for the army's kin keywords (Army.kin_keywords). RULES.md codes."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from armybuilder.catalogue.conversion import kin_keywords
from armybuilder.rules import codes, validate
from armybuilder.rules.model import Army, Declaration, Severity
from tests.rules.factories import (
    BLOODLETTERS,
    CAPTAIN,
    CASE_FIELDS,
    CHAMPION,
    INTERCESSORS,
    army,
    case,
    detachment,
    sheet,
    table,
    unit,
)

OPEN = {"warlord_open": True}
# A unit of the army's own datasheets under a keyword no faction and no ally rule holds.
TROUPE = sheet("Troupe", "INFANTRY", factions=("HARLEQUINS",))
UNSTATED = replace(detachment(), enhancements_stated=False)


def _with(built: Army, **changes: Any) -> Army:
    return replace(built, **changes)


CASES: dict[str, list[Any]] = {
    codes.WARLORD: [
        case("an app roster without a Warlord", army(unit("c1", CAPTAIN)), [()]),
        case(
            "boundary: an imported list that marks no Warlord: a warning, not an error",
            _with(army(unit("c1", CAPTAIN)), **OPEN),
            [],
        ),
        case(
            "an imported list's marked squad is still no Warlord",
            _with(army(unit("c1", CAPTAIN), unit("i1", INTERCESSORS, warlord=True)), **OPEN),
            [("i1",)],
        ),
    ],
    codes.ENHANCEMENT_DETACHMENT: [
        case(
            "a Firestorm enhancement in Gladius",
            army(unit("c1", CAPTAIN, None, CHAMPION)),
            [("c1",)],
        ),
        case(
            "boundary: Gladius's month prices none of its enhancements: not judged",
            army(unit("c1", CAPTAIN, None, CHAMPION), detachments=(UNSTATED,)),
            [],
        ),
    ],
    codes.FACTION_KEYWORD: [
        case(
            "a kin keyword's unit is the army's own",
            _with(
                army(unit("c1", CAPTAIN), unit("t1", TROUPE)),
                kin_keywords=frozenset({"HARLEQUINS"}),
            ),
            [],
        ),
        case(
            "boundary: without the kin keyword it lacks the Faction keyword",
            army(unit("c1", CAPTAIN), unit("t1", TROUPE)),
            [("t1",)],
        ),
        case(
            "a kin keyword lets in no other unit",
            _with(
                army(unit("c1", CAPTAIN), unit("b1", BLOODLETTERS)),
                kin_keywords=frozenset({"HARLEQUINS"}),
            ),
            [("b1",)],
        ),
    ],
}


def _errors(code: str, built: Army, decl: Declaration | None, profile: str) -> Any:
    result = validate(built, decl, profile)
    return [
        v.unit_ids for v in result.violations if v.code == code and v.severity is Severity.ERROR
    ]


@pytest.mark.parametrize(CASE_FIELDS, table(CASES))
def test_gaps_are_not_errors(
    code: str, built: Army, decl: Declaration | None, profile: str, expected: list[Any]
) -> None:
    assert _errors(code, built, decl, profile) == expected


def test_an_open_warlord_is_a_warning_saying_one_is_still_chosen() -> None:
    result = validate(_with(army(unit("c1", CAPTAIN, warlord=False)), **OPEN))
    found = [v for v in result.violations if v.code == codes.WARLORD]
    assert [(v.severity, v.message) for v in found] == [
        (Severity.WARNING, "The list names no Warlord: one is chosen before the battle")
    ]
    assert result.legal


@pytest.mark.parametrize(
    ("carried", "taken", "expected"),
    [
        ({1: ["ASURYANI", "HARLEQUINS", "YNNARI"]}, {"ASURYANI"}, {"HARLEQUINS", "YNNARI"}),
        # A parent's datasheets count; an ally rule's keyword never does.
        ({2: ["AELDARI"], 1: ["PLAGUE LEGIONS"]}, {"PLAGUE LEGIONS"}, {"AELDARI"}),
        ({3: ["DRUKHARI"]}, set(), set()),
    ],
)
def test_kin_keywords_come_from_the_chain_less_factions_and_allies(
    carried: dict[int, list[str]], taken: set[str], expected: set[str]
) -> None:
    assert kin_keywords(faction_id=1, parents={1: 2, 2: None}, carried=carried, taken=taken) == (
        frozenset(expected)
    )
