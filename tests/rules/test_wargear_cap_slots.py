"""WARGEAR_CHOICE (RULES.md, "What an imported list states"): how unit-wide caps count.

A unit-wide cap on a group of its own counts, per model type, only the items that the
type's other groups offering the same options have no room for (the unit's one close
combat weapon beside each model's own). A choice the data makes once for the whole unit
(capped at one across the unit, offered by every model type) may be written on each
model: every model carrying the same one option is that one choice. ``loadout_excess``
tells how far a loadout is over, 0 exactly where WARGEAR_CHOICE finds nothing.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from armybuilder.rules import codes
from armybuilder.rules.model import Datasheet, Loadout, ModelType, WargearGroup
from armybuilder.rules.wargear import loadout_excess, unit_wargear_problems
from tests.rules.factories import CASE_FIELDS, army, case, check, sheet, table, unit

CCW = "Close combat weapon"
OWN_CCW = WargearGroup(CCW, (CCW,), 1, 1, ((CCW, 1),))
# The unit's one extra close combat weapon: a group of its own, capped across the unit.
UNIT_CCW = WargearGroup(CCW, (CCW,), 0, 1, (), 1)
MAUL = WargearGroup("Maul", ("Maul",), 1, 1, (("Maul", 1),))
BULLGRYNS = sheet(
    "Bullgryn Squad",
    "INFANTRY",
    models=(3, 6),
    model_types=(
        ModelType("Bone 'ead", 1, 1, (MAUL, replace(UNIT_CCW, default=((CCW, 1),)))),
        ModelType("Bullgryn", 2, 5, (MAUL, OWN_CCW, UNIT_CCW)),
    ),
    fill="Bullgryn",
)

# The unit's weapons, chosen once for all its models (Inceptors of late 2023).
GUNS = ("Assault bolters", "Plasma exterminators")
UNIT_GUNS = WargearGroup("Unit Weapon Options", GUNS, 0, 1, (), 1)
INCEPTORS = sheet(
    "Inceptor Squad",
    "INFANTRY",
    models=(3, 6),
    model_types=(
        ModelType("Inceptor Sergeant", 1, 1, (replace(UNIT_GUNS, default=((GUNS[0], 1),)),)),
        ModelType("Inceptor", 2, 5, (UNIT_GUNS,)),
    ),
    fill="Inceptor",
)
# A cap on items (two plasma guns in the unit), not a choice made once: counted as items.
PLASMA = WargearGroup("Plasma gun", ("Plasma gun",), 0, 1, (), 2)
GUNNERS = sheet(
    "Gunners",
    "INFANTRY",
    models=(5, 10),
    model_types=(ModelType("Gunner", 5, 10, (PLASMA,)),),
    fill="Gunner",
)

# An Acothyst: at most one ranged and one melee weapon; the tool is either.
TOOL, HEX, SWORD = "Torturer's tool", "Hexrifle", "Power weapon"
ACOTHYST = sheet(
    "Wracks",
    "INFANTRY",
    models=(1, 1),
    model_types=(
        ModelType(
            "Acothyst",
            1,
            1,
            (
                WargearGroup("Weapon Options", (TOOL, HEX, SWORD), 1, 3, ((TOOL, 1),)),
                WargearGroup("Ranged Weapon", (TOOL, HEX), 0, 1, cap=True),
                WargearGroup("Melee Weapon", (SWORD, TOOL), 0, 1, cap=True),
            ),
        ),
    ),
    fill="Acothyst",
)

# Each Terminator picks a melee weapon; at most two of the unit pick a chainfist.
FIST, CHAINFIST = "Power fist", "Chainfist"
TERMINATORS = sheet(
    "Terminator Squad",
    "INFANTRY",
    models=(5, 10),
    model_types=(
        ModelType(
            "Terminator",
            5,
            10,
            (
                WargearGroup("Melee weapon", (FIST, CHAINFIST), 1, 1, ((FIST, 1),)),
                WargearGroup(CHAINFIST, (CHAINFIST,), 0, 1, (), 2),
            ),
        ),
    ),
    fill="Terminator",
)


def terminators(chainfists: int) -> Any:
    return squad(
        TERMINATORS,
        5,
        Loadout("Terminator", 5, ((FIST, 5 - chainfists), (CHAINFIST, chainfists))),
    )


def acothyst(*items: tuple[str, int]) -> Any:
    return squad(ACOTHYST, 1, Loadout("Acothyst", 1, items))


def squad(datasheet: Datasheet, models: int, *parts: Loadout) -> Any:
    return replace(unit("u1", datasheet, models), loadout=parts)


def bullgryns(head: int, troopers: int) -> Any:
    """A Bone 'ead and five Bullgryns carrying ``head`` and ``troopers`` close combat weapons."""
    return squad(
        BULLGRYNS,
        6,
        Loadout("Bone 'ead", 1, (("Maul", 1), (CCW, head))),
        Loadout("Bullgryn", 5, (("Maul", 5), (CCW, troopers))),
    )


def inceptors(sergeant: str, troopers: tuple[tuple[str, int], ...]) -> Any:
    return squad(
        INCEPTORS,
        3,
        Loadout("Inceptor Sergeant", 1, ((sergeant, 1),)),
        Loadout("Inceptor", 2, troopers),
    )


CASES: dict[str, list[Any]] = {
    codes.WARGEAR_CHOICE: [
        case(
            "cap slots: each Bullgryn's own weapon is not the unit's one", army(bullgryns(1, 5)), []
        ),
        case(
            "cap slots, boundary: one more beside the troopers' own is the unit's one",
            army(bullgryns(0, 6)),
            [],
        ),
        case(
            "cap slots: two beyond the troopers' own break the cap of one",
            army(bullgryns(1, 6)),
            [("u1",)],
        ),
        case(
            "cap slots: a capped pick of the models' weapon choice counts every pick",
            army(terminators(3)),
            [("u1",)],
        ),
        case(
            "cap slots, boundary: two chainfists of five picks are allowed",
            army(terminators(2)),
            [],
        ),
        case(
            "one choice: every Inceptor with assault bolters is the unit's one choice",
            army(inceptors(GUNS[0], ((GUNS[0], 2),))),
            [],
        ),
        case(
            "one choice: the choice written once for the unit",
            army(inceptors(GUNS[0], ())),
            [],
        ),
        case(
            "one choice: two options in one unit are two choices",
            army(inceptors(GUNS[0], ((GUNS[1], 2),))),
            [("u1",)],
        ),
        case(
            "one choice, boundary: a model without one is not the unit's choice on each",
            army(inceptors(GUNS[0], ((GUNS[0], 1),))),
            [("u1",)],
        ),
        case(
            "two caps: a weapon either cap offers counts towards the one with room",
            army(acothyst((HEX, 1), (TOOL, 1))),
            [],
        ),
        case("two caps: two tools, one for each cap", army(acothyst((TOOL, 2))), []),
        case(
            "two caps, boundary: a hexrifle and a sword leave no cap for the tool",
            army(acothyst((HEX, 1), (SWORD, 1), (TOOL, 1))),
            [("u1",)],
        ),
        case(
            "item cap: five plasma guns on five models are five, not one choice",
            army(squad(GUNNERS, 5, Loadout("Gunner", 5, (("Plasma gun", 5),)))),
            [("u1",)],
        ),
        case(
            "item cap, boundary: two plasma guns are allowed",
            army(squad(GUNNERS, 5, Loadout("Gunner", 5, (("Plasma gun", 2),)))),
            [],
        ),
    ],
}


@pytest.mark.parametrize(CASE_FIELDS, table(CASES))
def test_wargear_cap_slots(
    code: str, built: Any, decl: Any, profile: str, expected: list[Any]
) -> None:
    check(code, built, decl, profile, expected)


@pytest.mark.parametrize(
    ("built", "excess"),
    [
        pytest.param(bullgryns(1, 5), 0, id="legal: nothing over"),
        pytest.param(bullgryns(1, 6), 1, id="one over the unit's cap"),
        pytest.param(bullgryns(3, 5), 4, id="two over the Bone 'ead's slot and two over the cap"),
        pytest.param(
            squad(GUNNERS, 5, Loadout("Gunner", 4, (("Plasma gun", 2),))),
            2,
            id="one model short of its type's minimum and of the unit",
        ),
        pytest.param(
            squad(GUNNERS, 5, Loadout("Gunner", 5, (("Lascannon", 2),))),
            2,
            id="an option the type has not, counted by item",
        ),
    ],
)
def test_loadout_excess_measures_how_far_over(built: Any, excess: int) -> None:
    found = loadout_excess(built.datasheet, built.loadout, built.models)
    assert found == excess
    # 0 exactly where WARGEAR_CHOICE finds nothing.
    assert (found == 0) == (not unit_wargear_problems(built))
