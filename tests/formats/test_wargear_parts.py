"""Weapons of one option written item by item on one model line (RULES.md, "What an
imported list states"): "Power klaw, Slugga" is the one option "Slugga and power klaw",
not that option and "Slugga and big choppa"; "Astartes grenade launcher, Bolt rifle" is
the sergeant's one "Bolt rifle w/ grenade launcher". Small datasheets built here (no
database), read end to end by resolve_gear.
"""

from __future__ import annotations

import pytest

from armybuilder.rules import model as core
from armybuilder.rules.wargear import loadout_excess
from rosters.formats.text_import.model import GearLine
from rosters.formats.text_import.wargear_resolve import resolve_gear
from rosters.formats.text_import.wargear_types import GearNames

CHOPPA, KLAW, KOMBI = "Slugga and big choppa", "Slugga and power klaw", "Kombi-weapon"
RIFLE, LAUNCHER, FIST = "Bolt rifle", "Bolt rifle w/ grenade launcher", "Power fist"


def one_model(name: str, *groups: tuple[str, tuple[str, ...]]) -> core.ModelType:
    return core.ModelType(
        name,
        1,
        1,
        tuple(core.WargearGroup(g, options, 1, 1, ((options[0], 1),)) for g, options in groups),
    )


def gun(option: str) -> core.WargearGroup:
    return core.WargearGroup(option, (option,), 1, 1, ((option, 1),))


def datasheet(*types: core.ModelType) -> core.Datasheet:
    return core.Datasheet(
        name="Squad",
        keywords=frozenset(),
        faction_keywords=frozenset(),
        brackets=(),
        model_types=types,
        fill=types[-1].name,
    )


NOBZ = datasheet(
    one_model("Boss Nob", ("Wargear", (CHOPPA, KLAW, KOMBI))),
    core.ModelType(
        "Nob", 2, 9, (core.WargearGroup("Klaw", ("Power klaw",), 1, 1, (("Power klaw", 1),)),)
    ),
)
SERGEANT = datasheet(
    one_model("Sergeant", ("Gun", (RIFLE, LAUNCHER)), ("Melee", ("Close combat weapon", FIST))),
    # The launcher is an option of its own for a marine: not only a weapon of the
    # sergeant's option.
    core.ModelType(
        "Marine w/ grenade launcher", 0, 2, (gun(RIFLE), gun("Astartes grenade launcher"))
    ),
    core.ModelType("Marine", 4, 9, (gun(RIFLE),)),
)
PROFILES = GearNames(profiles=((LAUNCHER, ("Bolt rifle", "Astartes grenade launcher - frag")),))


def line(model: str, *items: str) -> list[GearLine]:
    return [GearLine(3, model, 1, 1, item, 3) for item in items]


@pytest.mark.parametrize(
    ("sheet", "names", "items", "option", "legal"),
    [
        pytest.param(
            NOBZ,
            GearNames(),
            line("Boss Nob", "Power klaw", "Slugga"),
            KLAW,
            True,
            id="klaw, slugga",
        ),
        pytest.param(
            NOBZ,
            GearNames(),
            line("Boss Nob", "Slugga", "Power klaw"),
            KLAW,
            True,
            id="slugga, klaw",
        ),
        pytest.param(
            NOBZ,
            GearNames(),
            line("Boss Nob", "Power klaw", "Big choppa"),
            KLAW,
            False,
            id="boundary: a klaw and a big choppa are two options",
        ),
        pytest.param(
            SERGEANT,
            PROFILES,
            line("Sergeant", "Astartes grenade launcher", "Bolt rifle", FIST),
            LAUNCHER,
            True,
            id="the grenade launcher's bolt rifle is its own",
        ),
    ],
)
def test_weapons_of_one_option_are_that_option(
    sheet: core.Datasheet, names: GearNames, items: list[GearLine], option: str, legal: bool
) -> None:
    loadout, unplaced = resolve_gear(
        sheet=sheet, unit_name="Squad", models=5, gear=items, names=names
    )
    assert not unplaced
    found = {p.model: dict(p.wargear) for p in loadout}
    assert found[items[0].model or ""].get(option) == 1
    assert (loadout_excess(sheet, loadout, 5) == 0) == legal
