"""LEADER_NOT_ELIGIBLE, LEADER_SLOTS, LEADER_SPLIT, and UNKNOWN_UNIT for stale entries."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from armybuilder.rules import codes, strategic_reserves, validate
from armybuilder.rules.model import Army, Declaration
from tests.rules.factories import (
    APOTHECARY,
    ASSAULT_JP,
    CAPTAIN,
    CASE_FIELDS,
    CHAPLAIN,
    DS,
    HELLBLASTERS,
    INTERCESSORS,
    JUMP_CAPTAIN,
    LIEUTENANT,
    RHINO,
    SR,
    TERMINATOR_CAPTAIN,
    TERMINATORS,
    army,
    case,
    check,
    declaration,
    table,
    unit,
)

# A fictional escort whose datasheet lists the Captain, to build a leader-of-a-leader chain.
ESCORT = replace(CHAPLAIN, name="Company Champion", leads=frozenset({"Captain"}))
# A bodyguard datasheet that accepts one extra Leader.
VETERANS = replace(TERMINATORS, name="Terminator Assault Squad", extra_leaders=1)
VETERAN_LEADER = replace(TERMINATOR_CAPTAIN, leads=frozenset({"Terminator Assault Squad"}))
VETERAN_CHAPLAIN = replace(CHAPLAIN, leads=frozenset({"Terminator Assault Squad"}))

SQUAD = (
    unit("c1", CAPTAIN, warlord=True),
    unit("l1", LIEUTENANT),
    unit("a1", APOTHECARY),
    unit("i1", INTERCESSORS),
    unit("h1", HELLBLASTERS),
    unit("j1", JUMP_CAPTAIN),
    unit("r1", RHINO),
    unit("r2", RHINO),
)
BASE = army(*SQUAD)
VETERAN_ARMY = army(
    unit("v1", VETERANS),
    unit("t1", VETERAN_LEADER, warlord=True),
    unit("p1", VETERAN_CHAPLAIN),
    unit("p2", VETERAN_CHAPLAIN),
)

CASES: dict[str, list[Any]] = {
    codes.LEADER_NOT_ELIGIBLE: [
        case("a Captain leads Intercessors", BASE, [], declaration(attach=[("c1", "i1")])),
        case(
            "boundary: a Captain with Jump Pack cannot lead Hellblasters",
            BASE,
            [("h1", "j1")],
            declaration(attach=[("j1", "h1")]),
        ),
        case(
            "a squad is not a CHARACTER",
            BASE,
            [("h1", "i1")],
            declaration(attach=[("i1", "h1")]),
        ),
        case(
            "a Captain attached to two squads",
            BASE,
            [("c1", "h1", "i1")],
            declaration(attach=[("c1", "i1"), ("c1", "h1")]),
        ),
        case("a Captain leading itself", BASE, [("c1",)], declaration(attach=[("c1", "c1")])),
        case(
            "boundary: the same attachment listed twice is one",
            BASE,
            [],
            declaration(attach=[("c1", "i1"), ("c1", "i1")]),
        ),
        case(
            "a Leader cannot lead a Captain who leads a squad",
            army(*SQUAD, unit("e1", ESCORT)),
            [("c1", "e1")],
            declaration(attach=[("e1", "c1"), ("c1", "i1")]),
        ),
    ],
    codes.LEADER_SLOTS: [
        case("one Leader", BASE, [], declaration(attach=[("c1", "i1")])),
        case(
            "boundary: a Lieutenant may join a led unit",
            BASE,
            [],
            declaration(attach=[("c1", "i1"), ("l1", "i1")]),
        ),
        case(
            "boundary: two Leaders where neither may share",
            BASE,
            [("a1", "c1", "i1")],
            declaration(attach=[("c1", "i1"), ("a1", "i1")]),
        ),
        case(
            "three Leaders even with a Lieutenant",
            BASE,
            [("a1", "c1", "i1", "l1")],
            declaration(attach=[("c1", "i1"), ("a1", "i1"), ("l1", "i1")]),
        ),
        case(
            "boundary: a bodyguard with one extra slot takes two",
            VETERAN_ARMY,
            [],
            declaration(attach=[("t1", "v1"), ("p1", "v1")]),
        ),
        case(
            "boundary: a bodyguard with one extra slot refuses a third",
            VETERAN_ARMY,
            [("p1", "p2", "t1", "v1")],
            declaration(attach=[("t1", "v1"), ("p1", "v1"), ("p2", "v1")]),
        ),
    ],
    codes.LEADER_SPLIT: [
        case(
            "both in the same Rhino",
            BASE,
            [],
            declaration(attach=[("c1", "i1")], embark=[("c1", "r1"), ("i1", "r1")]),
        ),
        case(
            "boundary: only the bodyguard states the Rhino",
            BASE,
            [],
            declaration(attach=[("c1", "i1")], embark=[("i1", "r1")]),
        ),
        case(
            "boundary: different Rhinos",
            BASE,
            [("c1", "i1")],
            declaration(attach=[("c1", "i1")], embark=[("c1", "r1"), ("i1", "r2")]),
        ),
        case(
            "only the Leader states Strategic Reserves",
            BASE,
            [],
            declaration(attach=[("c1", "i1")], place={"c1": SR}),
        ),
        case(
            "Strategic Reserves and Deep Strike",
            BASE,
            [("c1", "i1")],
            declaration(attach=[("c1", "i1")], place={"c1": SR, "i1": DS}),
        ),
    ],
    codes.UNKNOWN_UNIT: [
        case("every id is in the army", BASE, [], declaration(attach=[("c1", "i1")])),
        case(
            "boundary: a removed squad left in an attachment",
            BASE,
            [("i9",)],
            declaration(attach=[("c1", "i9")]),
        ),
        case(
            "stale ids across the declaration, each named once",
            BASE,
            [("gone",), ("x9",)],
            declaration(hover=["x9"], embark=[("gone", "r1")], place={"x9": SR, "gone": DS}),
        ),
    ],
}


@pytest.mark.parametrize(CASE_FIELDS, table(CASES))
def test_leaders(
    code: str, built: Army, decl: Declaration | None, profile: str, expected: list[Any]
) -> None:
    check(code, built, decl, profile, expected)


def test_a_stale_attachment_is_not_applied_to_another_unit() -> None:
    result = validate(BASE, declaration(attach=[("c1", "i9")], embark=[("i1", "r1")]))
    assert result.codes() == [codes.DEDICATED_TRANSPORT_EMPTY, codes.UNKNOWN_UNIT]
    assert result.violations[-1].message == (
        "The declaration names unit i9, which is not in the army: that entry is ignored"
    )


def test_the_attached_unit_counts_together_in_reserves() -> None:
    meter = strategic_reserves(BASE, declaration(attach=[("c1", "i1")], place={"i1": SR}))
    assert meter is not None
    assert meter.used == 80 + 80


def test_the_attached_unit_embarks_together() -> None:
    result = validate(
        army(*SQUAD, unit("i2", INTERCESSORS, 10)),
        declaration(attach=[("c1", "i2"), ("l1", "i2")], embark=[("i2", "r1")]),
    )
    # 10 Intercessors, the Captain and the Lieutenant: 12 of 12.
    assert codes.TRANSPORT_CAPACITY not in result.codes()
    over = validate(
        army(*SQUAD, unit("i2", INTERCESSORS, 10)),
        declaration(attach=[("c1", "i2"), ("l1", "i2")], embark=[("i2", "r1"), ("a1", "r1")]),
    )
    assert [v.message for v in over.violations if v.code == codes.TRANSPORT_CAPACITY] == [
        "Rhino: 13 / 12 models embarked"
    ]


def test_leader_messages() -> None:
    result = validate(BASE, declaration(attach=[("j1", "h1"), ("c1", "i1"), ("a1", "i1")]))
    messages = {v.code: v.message for v in result.violations}
    assert (
        messages[codes.LEADER_NOT_ELIGIBLE]
        == "Captain with Jump Pack cannot lead Hellblaster Squad"
    )
    assert messages[codes.LEADER_SLOTS] == (
        "Intercessor Squad is led by 2 Leaders (Apothecary, Captain): at most 1"
    )


def test_deep_strike_leader_and_jump_squad() -> None:
    result = validate(
        army(unit("j1", JUMP_CAPTAIN, warlord=True), unit("s1", ASSAULT_JP)),
        declaration(attach=[("j1", "s1")], place={"s1": DS}),
    )
    assert result.legal
