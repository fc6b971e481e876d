"""WARGEAR_CHOICE: model types, choice groups, unit-wide caps and ratio limits; priced
wargear in the unit's points; defaults and refitting to a new model count."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from armybuilder.rules import codes, validate
from armybuilder.rules.context import unit_points
from armybuilder.rules.model import Army, Declaration, Loadout, ModelType, WargearGroup
from armybuilder.rules.wargear import default_loadout, group_counts, refit
from tests.rules.factories import CASE_FIELDS, army, case, check, sheet, table, unit

PISTOL = WargearGroup("Pistol", ("Bolt pistol", "Plasma pistol"), 1, 1, (("Bolt pistol", 1),))
KNIFE = WargearGroup(
    "Close combat weapon", ("Close combat weapon",), 1, 1, (("Close combat weapon", 1),)
)
HEAVY = WargearGroup("Heavy weapon", ("Heavy bolter", "Lascannon"), 1, 1, (("Heavy bolter", 1),))
BOLTGUN = WargearGroup("Boltgun", ("Boltgun",), 1, 1, (("Boltgun", 1),))
# One in every ten models may swap its gun for a shardlauncher (Termagants' ratio).
SHARD = WargearGroup("Shardlauncher", ("Shardlauncher",), 1, 1, (("Shardlauncher", 1),), 0, 10, 1)
# At most two per unit, whatever its size.
MINING = WargearGroup("Heavy mining tool", ("Heavy mining tool",), 0, 1, (), 2)

# Devastators: a sergeant, up to four heavy weapons, the rest with boltguns; 5-10 models.
DEVASTATORS = sheet(
    "Devastator Squad",
    "INFANTRY",
    brackets=((5, 120), (10, 200)),
    models=(5, 10),
    model_types=(
        ModelType("Devastator Sergeant", 1, 1, (PISTOL, KNIFE)),
        ModelType("Devastator Marine w/ Heavy Weapon", 0, 4, (HEAVY, KNIFE)),
        ModelType("Devastator Marine w/ Boltgun", 0, 9, (BOLTGUN, KNIFE)),
    ),
    fill="Devastator Marine w/ Heavy Weapon",
    wargear_points=(("Lascannon", 5),),
)
TERMAGANTS = sheet(
    "Termagants",
    "INFANTRY",
    brackets=((10, 60), (20, 120)),
    models=(10, 20),
    model_types=(
        ModelType("Termagant", 6, 20, (BOLTGUN,)),
        ModelType("Termagant w/ Shardlauncher", 0, 2, (SHARD,)),
        ModelType("Acolyte", 0, 4, (MINING,)),
    ),
    fill="Termagant",
)
# Broadsides: two support systems at most, the secondary weapons nested among them with
# their own cap of one, and each system once (cap groups: counted in full, never a slot).
SUPPORT = ("Twin plasma rifle", "Twin smart missile system", "Weapon support system", "Seeker")
BROADSIDES = sheet(
    "Broadside Battlesuits",
    "VEHICLE",
    brackets=((1, 80), (2, 160)),
    models=(1, 2),
    model_types=(
        ModelType(
            "Broadside Shas'vre",
            1,
            1,
            (
                WargearGroup("Rail", ("Heavy rail rifle",), 1, 1, (("Heavy rail rifle", 1),)),
                WargearGroup("Support Systems (0-2)", SUPPORT, 0, 2),
                WargearGroup("Secondary Weapons", SUPPORT[:2], 0, 1, cap=True),
                WargearGroup("Weapon support system", SUPPORT[2:3], 0, 1, cap=True),
            ),
        ),
    ),
    fill="Broadside Shas'vre",
)


def broadside(*items: str) -> Any:
    gear = [("Heavy rail rifle", 1)]
    for item in dict.fromkeys(items):
        gear.append((item, items.count(item)))
    loadout = Loadout("Broadside Shas'vre", 1, tuple(sorted(gear)))
    return replace(unit("b1", BROADSIDES, 1), loadout=(loadout,))


SGT = "Devastator Sergeant"
HW = "Devastator Marine w/ Heavy Weapon"
BG = "Devastator Marine w/ Boltgun"
CCW = "Close combat weapon"


def dev(models: int, *parts: Loadout) -> Any:
    return replace(unit("d1", DEVASTATORS, models), loadout=tuple(parts))


def sgt(pistol: str = "Bolt pistol", n: int = 1) -> Loadout:
    return Loadout(SGT, n, ((pistol, n), (CCW, n)))


def heavy(lascannons: int, bolters: int) -> Loadout:
    n = lascannons + bolters
    return Loadout(HW, n, (("Lascannon", lascannons), ("Heavy bolter", bolters), (CCW, n)))


def gants(models: int, shard: int, acolytes: int = 0, tools: int = 0) -> Any:
    parts = [
        Loadout("Termagant", models - shard - acolytes, (("Boltgun", models - shard - acolytes),))
    ]
    if shard:
        parts.append(Loadout("Termagant w/ Shardlauncher", shard, (("Shardlauncher", shard),)))
    if acolytes:
        parts.append(Loadout("Acolyte", acolytes, (("Heavy mining tool", tools),)))
    return replace(unit("t1", TERMAGANTS, models), loadout=tuple(parts))


CASES: dict[str, list[Any]] = {
    codes.WARGEAR_CHOICE: [
        case("defaults are legal", army(dev(5, *default_loadout(DEVASTATORS, 5))), []),
        case("no wargear stated: the defaults, unchecked", army(unit("d1", DEVASTATORS, 5)), []),
        case(
            "sergeant swaps to a plasma pistol", army(dev(5, sgt("Plasma pistol"), heavy(2, 2))), []
        ),
        case(
            "boundary: 4 heavy weapons is the maximum",
            army(dev(10, sgt(), heavy(4, 0), Loadout(BG, 5, (("Boltgun", 5), (CCW, 5))))),
            [],
        ),
        case(
            "boundary: 5 heavy weapon marines is one too many",
            army(dev(6, sgt(), heavy(5, 0))),
            [("d1",)],
        ),
        case(
            "a weapon the model type cannot take",
            army(
                dev(
                    5,
                    Loadout(SGT, 1, (("Bolt pistol", 1), ("Lascannon", 1), (CCW, 1))),
                    heavy(0, 4),
                )
            ),
            [("d1",)],
        ),
        case(
            "boundary: the sergeant without a pistol is under the group minimum",
            army(dev(5, Loadout(SGT, 1, ((CCW, 1),)), heavy(0, 4))),
            [("d1",)],
        ),
        case(
            "two pistols on one sergeant is over the group maximum",
            army(
                dev(
                    5,
                    Loadout(SGT, 1, (("Bolt pistol", 1), ("Plasma pistol", 1), (CCW, 1))),
                    heavy(0, 4),
                )
            ),
            [("d1",)],
        ),
        case(
            "model counts that do not add up to the unit",
            army(dev(6, sgt(), heavy(0, 4))),
            [("d1",)],
        ),
        case(
            "a model type the datasheet has not",
            army(dev(5, sgt(), Loadout("Scout", 4))),
            [("d1",)],
        ),
        case(
            "the sergeant missing",
            army(dev(5, heavy(1, 3), Loadout(BG, 1, (("Boltgun", 1), (CCW, 1))))),
            [("d1",)],
        ),
        case("boundary: ratio, 1 shardlauncher in 10 models", army(gants(10, 1)), []),
        case("boundary: ratio, 2 shardlaunchers in 19 models", army(gants(19, 2)), [("t1",)]),
        case("boundary: ratio, 2 shardlaunchers in 20 models", army(gants(20, 2)), []),
        case("boundary: unit cap, 2 mining tools", army(gants(10, 0, 3, 2)), []),
        case("unit cap, 3 mining tools", army(gants(10, 0, 3, 3)), [("t1",)]),
        case("cap: two support systems", army(broadside(*SUPPORT[1:3])), []),
        case(
            "boundary: a nested group counts towards its outer cap, 3 items in 2",
            army(broadside(*SUPPORT[:1], *SUPPORT[2:])),
            [("b1",)],
        ),
        case(
            "a nested group's own cap: two secondary weapons where one is allowed",
            army(broadside(*SUPPORT[:2])),
            [("b1",)],
        ),
        case(
            "an option's own cap: two weapon support systems",
            army(broadside(SUPPORT[2], SUPPORT[2])),
            [("b1",)],
        ),
    ],
}


@pytest.mark.parametrize(CASE_FIELDS, table(CASES))
def test_wargear_choice(
    code: str, built: Army, decl: Declaration | None, profile: str, expected: list[Any]
) -> None:
    check(code, built, decl, profile, expected)


@pytest.mark.parametrize(
    ("lascannons", "bolters", "points"),
    [
        pytest.param(0, 4, 120, id="no priced wargear: the bracket alone"),
        pytest.param(1, 3, 125, id="one lascannon at 5 pts"),
        pytest.param(4, 0, 140, id="boundary: four lascannons"),
    ],
)
def test_priced_wargear_adds_to_the_unit(lascannons: int, bolters: int, points: int) -> None:
    built = dev(5, sgt(), heavy(lascannons, bolters))
    result = validate(army(built))
    assert result.unit_points["d1"] == unit_points(built) == points


@pytest.mark.parametrize(
    ("models", "types"),
    [
        pytest.param(5, {SGT: 1, HW: 4}, id="boundary: 5 models fill the heavy weapons"),
        pytest.param(6, {SGT: 1, HW: 4, BG: 1}, id="6 models: the sixth carries a boltgun"),
        pytest.param(10, {SGT: 1, HW: 4, BG: 5}, id="boundary: 10 models"),
    ],
)
def test_defaults_change_with_model_count(models: int, types: dict[str, int]) -> None:
    loadout = default_loadout(DEVASTATORS, models)
    assert {part.model: part.models for part in loadout} == types
    assert codes.WARGEAR_CHOICE not in validate(army(dev(models, *loadout))).codes()


@pytest.mark.parametrize(
    ("before", "after", "kept", "dropped"),
    [
        pytest.param(
            dev(10, sgt("Plasma pistol"), heavy(4, 0), Loadout(BG, 5, (("Boltgun", 5), (CCW, 5)))),
            5,
            {SGT: {"Plasma pistol": 1, CCW: 1}, HW: {"Lascannon": 4, CCW: 4}},
            (),
            id="shrinking keeps chosen weapons that still fit",
        ),
        pytest.param(
            dev(5, sgt(), heavy(4, 0)),
            7,
            {
                SGT: {"Bolt pistol": 1, CCW: 1},
                HW: {"Lascannon": 4, CCW: 4},
                BG: {"Boltgun": 2, CCW: 2},
            },
            (),
            id="growing gives the new models the defaults",
        ),
        pytest.param(
            gants(20, 2),
            12,
            {"Termagant": {"Boltgun": 11}, "Termagant w/ Shardlauncher": {"Shardlauncher": 1}},
            (("Termagant w/ Shardlauncher", "Shardlauncher", 1),),
            id="boundary: a ratio no longer met is reported",
        ),
    ],
)
def test_refit_keeps_valid_choices_and_reports_the_rest(
    before: Any, after: int, kept: dict[str, dict[str, int]], dropped: tuple[Any, ...]
) -> None:
    fitted, lost = refit(before, after)
    assert {part.model: dict(part.wargear) for part in fitted if part.models} == kept
    assert lost == dropped
    assert sum(part.models for part in fitted) == after


def test_group_counts_for_the_builder() -> None:
    counts = group_counts(gants(20, 2))
    shard = next(c for c in counts if c.group == "Shardlauncher")
    assert (shard.used, shard.unit_used, shard.unit_cap, shard.over) == (2, 2, 2, False)
    over = next(c for c in group_counts(gants(19, 2)) if c.group == "Shardlauncher")
    assert (over.unit_cap, over.over) == (1, True)


def test_wargear_messages() -> None:
    result = validate(army(dev(6, sgt(), heavy(5, 0)), gants(19, 2)))
    assert [v.message for v in result.violations if v.code == codes.WARGEAR_CHOICE] == [
        "Devastator Squad: 5 \u00d7 Devastator Marine w/ Heavy Weapon, 0-4 allowed",
        "Termagants: 2 / 1 Shardlauncher at most in a unit of 19 models",
    ]


@pytest.mark.parametrize(
    ("models", "verb"),
    [(1, "takes at most"), (4, "take at most")],
)
def test_the_wargear_group_message_agrees_with_its_models(models, verb) -> None:
    # WARGEAR_GROUP: "1 × Grey Hunter Pack Leader take at most" read wrong (issue 26).
    message = codes.MSG_WARGEAR_GROUP_MAX.format(
        unit="Grey Hunters", models=models, model="Pack Leader", limit=1, group="pistols", count=2
    )
    assert f"{models} × Pack Leader {verb} 1 pistols, 2 chosen" in message
