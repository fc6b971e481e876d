"""What an imported list states (RULES.md): WARGEAR_CHOICE judges only the wargear a list
gives, the rest taking the datasheet's defaults (``complete_loadout``); WARGEAR_UNREAD warns
of the wargear lines an import could not place, and never makes a list illegal."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from armybuilder.rules import codes, validate
from armybuilder.rules.model import Army, Declaration, Loadout, Severity, UnreadGear
from armybuilder.rules.wargear import complete_loadout
from tests.rules.factories import CASE_FIELDS, army, case, check, table, unit
from tests.rules.test_wargear import BG, CCW, DEVASTATORS, HW, SGT, TERMAGANTS

SHARD = "Termagant w/ Shardlauncher"


def stated(models: int, *parts: Loadout) -> Any:
    """A Devastator Squad whose list states ``parts``, completed as an import completes it."""
    return replace(
        unit("d1", DEVASTATORS, models), loadout=complete_loadout(DEVASTATORS, models, parts)
    )


def unread(*gear: UnreadGear, models: int = 5) -> Any:
    return replace(unit("d1", DEVASTATORS, models), unread=gear)


CASES: dict[str, list[Any]] = {
    codes.WARGEAR_CHOICE: [
        case(
            "stated: only the sergeant's pistol, the rest are the defaults",
            army(stated(5, Loadout(SGT, 1, (("Plasma pistol", 1),)))),
            [],
        ),
        case(
            "stated: a model line with no items takes its type's defaults",
            army(stated(5, Loadout(HW, 4))),
            [],
        ),
        case(
            "boundary: stated 2 of 4 heavy weapons, the other 2 default heavy bolters",
            army(stated(5, Loadout(SGT, 1), Loadout(HW, 4, (("Lascannon", 2),)))),
            [],
        ),
        case(
            "stated: a sergeant alone in a unit of 10 fills both marine types",
            army(stated(10, Loadout(SGT, 1, (("Bolt pistol", 1),)))),
            [],
        ),
        case(
            "stated: a weapon the sergeant cannot take stays an error",
            army(stated(5, Loadout(SGT, 1, (("Lascannon", 1),)))),
            [("d1",)],
        ),
        case(
            "boundary: stated 5 heavy weapon marines, one over, stays an error",
            army(stated(6, Loadout(HW, 5, (("Lascannon", 5),)))),
            [("d1",)],
        ),
        case(
            "stated: more models than the unit has stays an error",
            army(stated(5, Loadout(SGT, 1), Loadout(HW, 4), Loadout(BG, 2))),
            [("d1",)],
        ),
    ],
    codes.WARGEAR_UNREAD: [
        case("every line read: no warning", army(unread()), []),
        case(
            "a line not read is a warning on its unit",
            army(unread(UnreadGear("Heirloom weapon", 12, ("Power weapon",)))),
            [("d1",)],
        ),
        case(
            "boundary: two lines of one unit are one warning",
            army(unread(UnreadGear("Heirloom weapon", 12), UnreadGear("2x Icon", 13))),
            [("d1",)],
        ),
    ],
}


@pytest.mark.parametrize(CASE_FIELDS, table(CASES))
def test_stated_wargear(
    code: str, built: Army, decl: Declaration | None, profile: str, expected: list[Any]
) -> None:
    check(code, built, decl, profile, expected)


@pytest.mark.parametrize(
    ("sheet", "models", "parts", "expected"),
    [
        pytest.param(
            DEVASTATORS,
            5,
            (Loadout(SGT, 1, (("Plasma pistol", 1),)),),
            {SGT: {"Plasma pistol": 1, CCW: 1}, HW: {"Heavy bolter": 4, CCW: 4}},
            id="a group left out takes its default; a type left out, its defaults",
        ),
        pytest.param(
            DEVASTATORS,
            5,
            (Loadout(SGT, 1), Loadout(HW, 4, (("Lascannon", 2),))),
            {SGT: {"Bolt pistol": 1, CCW: 1}, HW: {"Lascannon": 2, "Heavy bolter": 2, CCW: 4}},
            id="boundary: a group given short of its minimum is topped up with its default",
        ),
        pytest.param(
            DEVASTATORS,
            10,
            (Loadout(SGT, 1),),
            {
                SGT: {"Bolt pistol": 1, CCW: 1},
                HW: {"Heavy bolter": 4, CCW: 4},
                BG: {"Boltgun": 5, CCW: 5},
            },
            id="models left out go to the fill type, then to types with room",
        ),
        pytest.param(
            DEVASTATORS,
            5,
            (Loadout(HW, 4, (("Lascannon", 4), (CCW, 4))),),
            {SGT: {"Bolt pistol": 1, CCW: 1}, HW: {"Lascannon": 4, CCW: 4}},
            id="a type the list leaves out reaches its minimum first",
        ),
        pytest.param(
            DEVASTATORS,
            5,
            (Loadout(SGT, 1, (("Lascannon", 1),)), Loadout("Scout", 1)),
            {SGT: {"Lascannon": 1, "Bolt pistol": 1, CCW: 1}, HW: {"Heavy bolter": 3, CCW: 3}},
            id="what the list states is kept, even what the datasheet cannot have",
        ),
        pytest.param(
            TERMAGANTS,
            20,
            (Loadout(SHARD, 2, (("Shardlauncher", 2),)),),
            {"Termagant": {"Boltgun": 18}, SHARD: {"Shardlauncher": 2}},
            id="boundary: a capped type is not grown; the fill type takes the rest",
        ),
    ],
)
def test_complete_loadout(
    sheet: Any, models: int, parts: tuple[Loadout, ...], expected: dict[str, dict[str, int]]
) -> None:
    found = complete_loadout(sheet, models, parts)
    kinds = {kind.name for kind in sheet.model_types}
    assert {p.model: dict(p.wargear) for p in found if p.model in kinds} == expected
    # A model type the datasheet has not is kept as stated, for WARGEAR_CHOICE to name.
    assert [p for p in found if p.model not in kinds] == [p for p in parts if p.model not in kinds]


def test_nothing_stated_stays_empty_the_defaults() -> None:
    assert complete_loadout(DEVASTATORS, 5, ()) == ()


def test_wargear_unread_is_a_warning_that_names_each_line() -> None:
    built = army(
        unread(
            UnreadGear("Heirloom weapon", 12, ("Power weapon", "Relic blade")), UnreadGear("Icon")
        )
    )
    result = validate(built)
    [found] = [v for v in result.violations if v.code == codes.WARGEAR_UNREAD]
    assert found.severity is Severity.WARNING
    assert found.message == (
        "Devastator Squad: 2 wargear lines not read, the datasheet's defaults kept there: "
        "line 12 “Heirloom weapon” (nearest: Power weapon, Relic blade), “Icon”"
    )
    # Never an error: the list is as legal as it was without the lines.
    assert result.legal == validate(army(unread())).legal
