"""Stated items spread over a unit's model types (RULES.md, WARGEAR_CHOICE and "What an
imported list states"): where the items as first placed break WARGEAR_CHOICE, the
importer looks for a placing over the unit's model types that carries the same items
legally, as a judge reads the unit by what it carries in all. Each item keeps its stated
count; a placing is kept only where the rules core finds it legal, so a unit that no
placing makes legal keeps its error.

Small datasheets built here (no database), read end to end by resolve_gear.
"""

from __future__ import annotations

from collections import Counter

import pytest

from armybuilder.rules import model as core
from armybuilder.rules.wargear import loadout_excess
from rosters.formats.text_import.model import GearLine
from rosters.formats.text_import.wargear_resolve import resolve_gear
from rosters.formats.text_import.wargear_spread import spread
from tests.formats.wargear_sheets import wargear_sheet as datasheet


def group(name: str, *options: str, low: int = 1, cap: int | None = None) -> core.WargearGroup:
    default = ((options[0], 1),) if low else ()
    return core.WargearGroup(name, options, low, 1, default, cap, cap=False)


def capped(option: str, most: int) -> core.WargearGroup:
    """An option's own cap within its group, across the unit ("up to two eviscerators")."""
    return core.WargearGroup(option, (option,), 0, 1, (), most, cap=True)


BLADE, EVISCERATOR = "Chainblade", "Eviscerator"
BOLT, PLASMA, ICON = "Bolt pistol", "Plasma pistol", "Icon"
# Berzerkers as the data has them: the app's "• 9x Khorne Berzerker" covers two types.
BERZERKERS = datasheet(
    "Berzerkers",
    "Berzerker",
    core.ModelType(
        "Champion",
        1,
        1,
        (group("Pistol", BOLT, PLASMA), group("Blade", BLADE), group(ICON, ICON, low=0, cap=1)),
    ),
    core.ModelType(
        "Berzerker",
        0,
        9,
        (group("Blade", BLADE), group("Bolt", BOLT), group(ICON, ICON, low=0, cap=1)),
    ),
    core.ModelType(
        "Berzerker w/ alternate weapons",
        0,
        4,
        (
            group("Pistol", BOLT, PLASMA),
            group("Melee", BLADE, EVISCERATOR),
            capped(EVISCERATOR, 2),
            group(ICON, ICON, low=0, cap=1),
        ),
    ),
)
ENMITIC, GAUSS, CLAWS = "Enmitic exterminator", "Gauss destructor", "Close combat weapon"
DESTROYERS = datasheet(
    "Heavy Destroyers",
    "Destroyer w/ enmitic exterminator",
    core.ModelType(
        "Destroyer w/ enmitic exterminator", 0, 3, (group("Gun", ENMITIC), group("Claws", CLAWS))
    ),
    core.ModelType(
        "Destroyer w/ gauss destructor", 0, 3, (group("Gun", GAUSS), group("Claws", CLAWS))
    ),
)
BOLTERS, FISTS = "Assault bolters", "Close combat weapon"
INCEPTORS = datasheet(
    "Inceptor Squad",
    "Inceptor",
    core.ModelType("Inceptor Sergeant", 1, 1, (group("Gun", BOLTERS), group("Fists", FISTS))),
    core.ModelType("Inceptor", 2, 5, (group("Gun", BOLTERS), group("Fists", FISTS))),
)


def loose(*items: tuple[int, str], line: int = 10) -> list[GearLine]:
    """Bulleted lines run together, as some exports lose the sub-bullets: no model line
    holds them (a line naming a model type opens one)."""
    return [GearLine(line + i, None, None, n, name) for i, (n, name) in enumerate(items)]


def carried(loadout: tuple[core.Loadout, ...]) -> Counter[str]:
    found: Counter[str] = Counter()
    for part in loadout:
        for option, count in part.wargear:
            found[option] += count
    return found


CASES = [
    pytest.param(
        BERZERKERS,
        10,
        loose(
            (1, "Champion"),
            (1, BLADE),
            (1, ICON),
            (1, PLASMA),
            (9, "Berzerker"),
            (7, BLADE),
            (7, BOLT),
            (2, EVISCERATOR),
            (2, PLASMA),
        ),
        {"Berzerker w/ alternate weapons": {EVISCERATOR: 2}, "Champion": {PLASMA: 1, ICON: 1}},
        id="the app's 9x Berzerker with two eviscerators and two plasma pistols",
    ),
    pytest.param(
        BERZERKERS,
        10,
        loose((1, ICON), (3, PLASMA), (7, BOLT), (2, EVISCERATOR)),
        {"Berzerker w/ alternate weapons": {EVISCERATOR: 2}},
        id="the unit's items with no model line: first placed all on the champion",
    ),
    pytest.param(
        DESTROYERS,
        3,
        loose((3, CLAWS), (1, ENMITIC), (2, GAUSS)),
        {
            "Destroyer w/ enmitic exterminator": {ENMITIC: 1},
            "Destroyer w/ gauss destructor": {GAUSS: 2},
        },
        id="one model of each gun's type per gun",
    ),
    pytest.param(
        INCEPTORS,
        6,
        [
            *loose((5, "Inceptor"), (5, BOLTERS), (5, FISTS)),
            *loose(
                (1, "Inceptor Sergeant"),
                (1, BOLTERS),
                (1, FISTS),
                (1, "Inceptor Sergeant"),
                line=20,
            ),
        ],
        {"Inceptor Sergeant": {BOLTERS: 1}, "Inceptor": {BOLTERS: 5}},
        id="a model line written twice: one sergeant",
    ),
]


@pytest.mark.parametrize(("sheet", "models", "lines", "expected"), CASES)
def test_stated_items_spread_to_a_legal_placing(
    sheet: core.Datasheet,
    models: int,
    lines: list[GearLine],
    expected: dict[str, dict[str, int]],
) -> None:
    loadout, unplaced = resolve_gear(sheet=sheet, unit_name=sheet.name, models=models, gear=lines)
    assert not unplaced
    assert loadout_excess(sheet, loadout, models) == 0
    assert sum(part.models for part in loadout) == models
    found = {part.model: dict(part.wargear) for part in loadout}
    for model, items in expected.items():
        for option, count in items.items():
            assert found[model].get(option, 0) == count, found
    # Every stated item is still there, as many as stated.
    stated = Counter[str]()
    for line in lines:
        if any(line.name in g.options for k in sheet.model_types for g in k.groups):
            stated[line.name] += line.count
    have = carried(loadout)
    assert all(have[name] >= count for name, count in stated.items()), have


ILLEGAL = [
    pytest.param(
        BERZERKERS,
        10,
        loose((3, EVISCERATOR), (7, BLADE)),
        EVISCERATOR,
        3,
        id="three eviscerators where two are allowed, placed any way",
    ),
    pytest.param(
        DESTROYERS,
        3,
        loose((2, ENMITIC), (2, GAUSS)),
        GAUSS,
        2,
        id="four guns for three models",
    ),
    pytest.param(
        INCEPTORS,
        3,
        loose((1, "Inceptor Sergeant"), (2, BOLTERS), (2, "Inceptor"), (2, BOLTERS)),
        BOLTERS,
        4,
        id="boundary: one more gun than models",
    ),
]


@pytest.mark.parametrize(("sheet", "models", "lines", "option", "count"), ILLEGAL)
def test_a_unit_no_placing_makes_legal_keeps_its_items_and_error(
    sheet: core.Datasheet, models: int, lines: list[GearLine], option: str, count: int
) -> None:
    loadout, _unplaced = resolve_gear(sheet=sheet, unit_name=sheet.name, models=models, gear=lines)
    assert loadout_excess(sheet, loadout, models) > 0
    assert carried(loadout)[option] == count


def test_spread_never_places_an_item_on_a_type_that_does_not_offer_it() -> None:
    stated = (core.Loadout("Destroyer w/ enmitic exterminator", 3, ((GAUSS, 1), (ENMITIC, 2))),)
    found = spread(DESTROYERS, 3, stated)
    assert found is not None
    by_type = {part.model: dict(part.wargear) for part in found}
    assert by_type["Destroyer w/ gauss destructor"][GAUSS] == 1
    assert GAUSS not in by_type["Destroyer w/ enmitic exterminator"]


def test_a_line_naming_a_one_model_type_keeps_its_items() -> None:
    # "• 1x Champion: Plasma pistol, Bolt pistol": that one model has two pistols.
    lines = [GearLine(5, "Champion", 1, 1, PLASMA, 5), GearLine(5, "Champion", 1, 1, BOLT, 5)]
    loadout, _unplaced = resolve_gear(
        sheet=BERZERKERS, unit_name="Berzerkers", models=10, gear=lines
    )
    assert loadout_excess(BERZERKERS, loadout, 10) > 0
    champion = next(dict(p.wargear) for p in loadout if p.model == "Champion")
    assert champion[PLASMA] == champion[BOLT] == 1


HULL, PAIR, STUBBER = "Heavy Bolter", "2 Heavy Bolters", "Heavy Stubber"
TANK = datasheet(
    "Battle Tank",
    "Battle Tank",
    core.ModelType(
        "Battle Tank",
        1,
        1,
        (
            group("Hull", "Lascannon", HULL),
            group("Sponsons", PAIR, low=0),
            group("Pintle", STUBBER, low=0),
        ),
    ),
)


@pytest.mark.parametrize(
    ("items", "legal", "expected"),
    [
        pytest.param(
            ((1, "Lascannon"), (2, HULL)),
            True,
            {"Lascannon": 1, PAIR: 1},
            id="two heavy bolters beside the lascannon are the sponsons' pair",
        ),
        pytest.param(
            ((1, HULL), (2, HULL)), True, {HULL: 1, PAIR: 1}, id="three: the hull's and a pair"
        ),
        pytest.param(
            ((1, "Lascannon"), (3, HULL)),
            False,
            {HULL: 3},
            id="boundary: three beside the lascannon are one too many, as stated",
        ),
    ],
)
def test_the_same_weapons_are_read_as_a_pair_where_that_is_legal(
    items: tuple[tuple[int, str], ...], legal: bool, expected: dict[str, int]
) -> None:
    loadout, _unplaced = resolve_gear(sheet=TANK, unit_name=TANK.name, models=1, gear=loose(*items))
    assert (loadout_excess(TANK, loadout, 1) == 0) == legal
    found = dict(loadout[0].wargear)
    assert {o: found.get(o, 0) for o in expected} == expected


TURRET_FLAMER, HULL_FLAMER = "Chimera Heavy Flamer", "Heavy Flamer"
# The Chimera of May 2024: its turret's heavy flamer goes by the model's name.
CHIMERA = datasheet(
    "Chimera",
    "Chimera",
    core.ModelType(
        "Chimera",
        1,
        1,
        (
            group("Turret", "Chimera Multi-laser", "Chimera Heavy Bolter", TURRET_FLAMER),
            group("Hull", "Heavy Bolter", HULL_FLAMER),
        ),
    ),
)


@pytest.mark.parametrize(
    ("items", "legal", "expected"),
    [
        pytest.param(
            ((2, HULL_FLAMER),),
            True,
            {TURRET_FLAMER: 1, HULL_FLAMER: 1},
            id="two heavy flamers: the turret's (under the model's name) and the hull's",
        ),
        pytest.param(
            ((1, HULL_FLAMER),), True, {TURRET_FLAMER: 0, HULL_FLAMER: 1}, id="one is the hull's"
        ),
        pytest.param(
            ((3, HULL_FLAMER),),
            False,
            {HULL_FLAMER: 3},
            id="boundary: three are one too many, as stated",
        ),
    ],
)
def test_the_same_weapon_under_the_model_s_name_is_read_where_that_is_legal(
    items: tuple[tuple[int, str], ...], legal: bool, expected: dict[str, int]
) -> None:
    loadout, _unplaced = resolve_gear(
        sheet=CHIMERA, unit_name=CHIMERA.name, models=1, gear=loose(*items)
    )
    assert (loadout_excess(CHIMERA, loadout, 1) == 0) == legal
    found = dict(loadout[0].wargear)
    assert {o: found.get(o, 0) for o in expected} == expected
