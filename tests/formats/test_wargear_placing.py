"""How items are placed on a unit's models where the lines do not say which model carries
them (RULES.md, "What an imported list states"), each rule with the real line it reads:

- a dash with no space after it is a bullet ("-4 Bolt pistol, 4 Duelling Sabre");
- the items stated before the model lines are the models those lines leave out's;
- an item stated once for each of those models, which their type has no option for in
  the month's data but has in the final data, is what they carry;
- an item only another model type offers takes its models from the ones left out;
- an item a model's line names twice counts once where twice breaks a rule, and only
  where once is legal;
- the app's layout pasted flat: a loose item the model line before it can hold is its
  (one of its options' weapons adds nothing), an item only one type offers takes its
  model before the items many types offer are placed, and two of a weapon are the one
  option that is two of it.

Small datasheets built here (no database), read end to end from the text.
"""

from __future__ import annotations

import pytest

from armybuilder.rules import model as core
from armybuilder.rules.wargear import loadout_excess
from rosters.formats.text_import.common import strip_bullet
from rosters.formats.text_import.wargear_types import GearNames
from tests.formats.test_model_counts import read as read_as_resolver
from tests.formats.test_wargear_names_real import group, read, sheet

Loadouts = dict[str, tuple[int, dict[str, int]]]


@pytest.mark.parametrize(
    ("raw", "found"),
    [
        # les-des-sales __01: "-4 Bolt pistol, 4 Duelling Sabre, Icon of Excess".
        ("-4 Bolt pistol, 4 Duelling Sabre", (0, "-", "4 Bolt pistol, 4 Duelling Sabre")),
        # waaaaagh n12 __02: "-1x Dominion Superior, Boltgun, ...".
        ("-1x Dominion Superior", (0, "-", "1x Dominion Superior")),
        ("  –Plasma pistol", (2, "–", "Plasma pistol")),
        ("- Plasma pistol", (0, "-", "Plasma pistol")),
        # Not bullets: a rule of dashes, a dash before a dash, a bare word.
        ("--- Aggressor Sergeant", (0, "", "--- Aggressor Sergeant")),
        ("-", (0, "-", "")),
        ("Plasma-pistol", (0, "", "Plasma-pistol")),
    ],
)
def test_a_dash_without_its_space_is_a_bullet(raw: str, found: tuple[int, str, str]) -> None:
    assert strip_bullet(raw) == found


HEAD = (
    "+++++++++++++++++++++++++++++++++++++++++++++++\n+ FACTION KEYWORD : Emperor's Children\n"
    "+ DETACHMENT USED : Carnival of Excess\n+ TOTAL ARMY POINTS : 1000pts\n"
    "+++++++++++++++++++++++++++++++++++++++++++++++\n\n"
)
INFRACTORS = sheet(
    "Infractors",
    "Infractor",
    core.ModelType(
        "Obsessionist",
        1,
        1,
        (
            group("Pistol", "Bolt pistol", "Plasma pistol"),
            group("Melee weapon", "Rapture lash", "Power sword", default="Power sword"),
            group("Icon of Excess", "Icon of Excess", low=0),
        ),
    ),
    core.ModelType(
        "Infractor",
        4,
        9,
        (
            group("Duelling sabre", "Duelling sabre"),
            group("Bolt pistol", "Bolt pistol"),
            group("Icon of Excess", "Icon of Excess", low=0),
        ),
    ),
)
RETRIBUTORS = sheet(
    "Retributor Squad",
    "Retributor",
    core.ModelType(
        "Retributor Superior",
        1,
        1,
        (
            group("Close Combat Weapon", "Close Combat Weapon"),
            group("Ranged", "Boltgun", "Bolt Pistol", "Plasma pistol"),
            group("Melee", "Power weapon", "Chainsword", low=0),
            group("Bolt Pistol", "Bolt Pistol"),
        ),
    ),
    # June 2024's data gives the four Retributors only their heavy weapon.
    core.ModelType(
        "Retributor",
        4,
        4,
        (group("Retributor Weapons", "Heavy bolter", "Multi-melta", "Ministorum heavy flamer"),),
    ),
)
FINAL_RETRIBUTOR = GearNames(
    final_items=(("Retributor", ("Bolt pistol", "Close combat weapon", "Multi-melta")),)
)
SUPERIOR_GUNS = ("Boltgun", "Bolt Pistol", "Plasma pistol", "Condemnor boltgun")
DOMINIONS = sheet(
    "Dominion Squad",
    "Dominion",
    core.ModelType(
        "Dominion Superior",
        1,
        1,
        (
            group("Ranged", *SUPERIOR_GUNS),
            group("Melee", "Power weapon", "Chainsword", low=0),
            group("Bolt Pistol", "Bolt Pistol"),
            group("Close combat weapon", "Close combat weapon"),
        ),
    ),
    core.ModelType(
        "Dominion",
        4,
        9,
        (
            group("Bolt Pistol", "Bolt Pistol"),
            group("Boltgun", "Boltgun"),
            group("Close combat weapon", "Close combat weapon"),
        ),
    ),
    core.ModelType(
        "Dominion w/ Simulacrum Imperialis",
        0,
        1,
        (
            group("Bolt Pistol", "Bolt Pistol"),
            group("Boltgun", "Boltgun"),
            group("Simulacrum Imperialis", "Simulacrum Imperialis"),
            group("Close combat weapon", "Close combat weapon"),
        ),
    ),
    core.ModelType(
        "Dominion w/ Special Weapon",
        0,
        4,
        (
            group("Special", "Artificer-crafted storm bolter", "Meltagun", "Ministorum Flamer"),
            group("Bolt Pistol", "Bolt Pistol"),
            group("Close combat weapon", "Close combat weapon"),
        ),
    ),
)
SISTERS_HEAD = HEAD.replace("Emperor's Children", "Adepta Sororitas").replace(
    "Carnival of Excess", "Hallowed Martyrs"
)
DOMINION_FOUR = {"Bolt Pistol": 4, "Close combat weapon": 4}

# (text, datasheet, names, loadout by type): the real line each case cites.
PLACED = [
    pytest.param(
        HEAD + "5x Infractors (85 points)\n-4 Bolt pistol, 4 Duelling Sabre, Icon of Excess\n"
        "-1x Obsessionist, Bolt pistol, Power Sword\n",
        INFRACTORS,
        GearNames(),
        {
            "Obsessionist": (1, {"Bolt pistol": 1, "Power sword": 1}),
            "Infractor": (4, {"Bolt pistol": 4, "Duelling sabre": 4, "Icon of Excess": 1}),
        },
        id="les-des-sales __01: the items above the Obsessionist are the four Infractors'",
    ),
    pytest.param(
        SISTERS_HEAD + "5x Retributor squad (105 points)\n"
        "-4 Bolt pistol, 4 Multi-melta, 4 Close combat weapon\n"
        "-1x Retributor Superior, Bolt pistol, Plasma pistol, Close combat weapon, Power weapon\n",
        RETRIBUTORS,
        FINAL_RETRIBUTOR,
        {
            "Retributor Superior": (
                1,
                {
                    "Bolt Pistol": 1,
                    "Plasma pistol": 1,
                    "Close Combat Weapon": 1,
                    "Power weapon": 1,
                },
            ),
            "Retributor": (4, {"Multi-melta": 4}),
        },
        id="waaaaagh n12 __02: one bolt pistol per Retributor is what they carry",
    ),
    pytest.param(
        SISTERS_HEAD + "10x Dominion Squad (110 points)\n"
        "-5 Boltgun, 9 Bolt pistol, 4 Melta-gun, 9 Close combat weapon, Simulacrum Imperialis\n"
        "-1x Dominion Superior, Boltgun, Bolt pistol, Plasma pistol, Close combat weapon, "
        "Power weapon\n",
        DOMINIONS,
        GearNames(),
        {
            "Dominion": (4, {"Bolt Pistol": 4, "Boltgun": 4, "Close combat weapon": 4}),
            "Dominion w/ Simulacrum Imperialis": (
                1,
                {
                    "Bolt Pistol": 1,
                    "Boltgun": 1,
                    "Close combat weapon": 1,
                    "Simulacrum Imperialis": 1,
                },
            ),
            "Dominion w/ Special Weapon": (4, {**DOMINION_FOUR, "Meltagun": 4}),
        },
        # The Superior's boltgun and plasma pistol are one choice: that stays illegal
        # (docs/real-lists.md), the nine others are read all the same.
        id="waaaaagh n12 __02: four melta-guns take four of the nine Dominions",
    ),
]


@pytest.mark.parametrize(("text", "datasheet", "names", "loadout"), PLACED)
def test_items_placed_on_the_models_left_out(
    text: str, datasheet: core.Datasheet, names: GearNames, loadout: Loadouts
) -> None:
    _models, found, unplaced = read(text, datasheet, names)
    assert unplaced == []
    for model, stated in loadout.items():
        assert found[model] == stated


def test_the_month_lacking_the_item_leaves_it_to_the_superior_elsewhere() -> None:
    """Without the final data's bolt pistol for the Retributors, the four bolt pistols
    are placed as before (on the Superior, breaking WARGEAR_CHOICE): never ignored."""
    text = PLACED[1].values[0]
    _models, found, _unplaced = read(text, RETRIBUTORS, GearNames())
    assert found["Retributor Superior"][1]["Bolt Pistol"] == 5


WTC = "+ FACTION KEYWORD: Imperium - Space Marines\n+ DETACHMENT: Gladius Task Force\n\n"
HEROES = sheet(
    "Company Heroes",
    "Company Veteran w/ Bolt Rifle",
    core.ModelType(
        "Company Veteran w/ Bolt Rifle",
        1,
        1,
        (
            group("Close Combat Weapon", "Close Combat Weapon"),
            group("Rifle", "Master-crafted Bolt Rifle"),
            group("Bolt Pistol", "Bolt Pistol"),
        ),
    ),
    core.ModelType(
        "Company Veteran w/ Heavy Bolter",
        1,
        1,
        (
            group("Heavy", "Master-crafted Heavy Bolter"),
            group("Close Combat Weapon", "Close Combat Weapon"),
            group("Bolt Pistol", "Bolt Pistol"),
        ),
    ),
)
RHINO = sheet(
    "Chaos Rhino",
    "Chaos Rhino",
    core.ModelType(
        "Chaos Rhino",
        1,
        1,
        (
            group("Tracks", "Armoured tracks"),
            group("Combi-bolter", "Combi-bolter"),
            group("Extra", "Combi-bolter", "Havoc launcher", low=0),
            group("Extra 2", "Combi-bolter", "Havoc launcher", low=0),
        ),
    ),
)

TWICE = [
    pytest.param(
        WTC + "2x Company Heroes (105 pts)\n• 2x Company Veteran\n"
        "1 with Bolt Pistol, Close Combat Weapon, Master-crafted Bolt Rifle\n"
        "1 with Bolt Pistol, Close Combat Weapon, Master-crafted Heavy Bolter, "
        "Close Combat Weapon\n",
        HEROES,
        {"Close Combat Weapon": 2},
        id="la-ligue __03: the heavy bolter veteran's close combat weapon, written twice",
    ),
    pytest.param(
        WTC.replace("Space Marines", "Chaos Space Marines")
        + "1x Chaos Rhino (75 pts)\n1 with Armoured tracks, Combi-bolter, Havoc launcher, "
        "Combi-bolter\n",
        RHINO,
        {"Combi-bolter": 2, "Havoc launcher": 1},
        id="a Rhino's second combi-bolter, legal twice, stays twice",
    ),
]


@pytest.mark.parametrize(("text", "datasheet", "carried"), TWICE)
def test_an_item_written_twice_in_one_line(
    text: str, datasheet: core.Datasheet, carried: dict[str, int]
) -> None:
    models, found, unplaced = read(text, datasheet)
    assert unplaced == []
    loadout = tuple(core.Loadout(m, n, tuple(gear.items())) for m, (n, gear) in found.items())
    assert loadout_excess(datasheet, loadout, models or 1) == 0
    for option, count in carried.items():
        assert sum(gear.get(option, 0) for _n, gear in found.values()) == count


ORKS = (
    "+++++++++++++++++++++++++++++++++++++++++++++++\n+ FACTION KEYWORD: Xenos - Orks\n"
    "+ DETACHMENT: War Horde\n+ TOTAL ARMY POINTS: 2000pts\n"
    "+++++++++++++++++++++++++++++++++++++++++++++++\n\n"
)
CLOSE = "Close combat weapon"
BOYZ = sheet(
    "Boyz",
    "Boy w/ Slugga and choppa",
    core.ModelType(
        "Boy w/ Slugga and choppa", 0, 19, (group("Choppa", "Choppa"), group("Slugga", "Slugga"))
    ),
    core.ModelType(
        "Boy w/ Rokkit launcha and close combat weapon",
        0,
        2,
        (group("Rokkit launcha", "Rokkit launcha"), group(CLOSE, CLOSE)),
    ),
    core.ModelType(
        "Boss Nob",
        1,
        1,
        (group("Weapons", "Big choppa and slugga", "Power klaw and slugga"),),
    ),
)
KOMMANDOS = sheet(
    "Kommandos",
    "Kommandos w/ Slugga and choppa",
    core.ModelType(
        "Kommandos w/ Slugga and choppa",
        0,
        9,
        (group("Slugga", "Slugga"), group("Choppa", "Choppa")),
    ),
    core.ModelType(
        "Kommandos w/ Kustom shoota", 0, 2, (group("Shoota", "Kustom shoota"), group(CLOSE, CLOSE))
    ),
    core.ModelType("Kommandos w/ Breacha ram", 0, 1, (group("Ram", "Breacha ram"),)),
    core.ModelType(
        "Kommandos w/ Rokkit launcha",
        0,
        1,
        (group("Rokkit launcha", "Rokkit launcha"), group(CLOSE, CLOSE)),
    ),
    core.ModelType(
        "Boss Nob",
        1,
        1,
        (group("Choppa", "Choppa", "Power klaw"), group("Slugga", "Slugga")),
    ),
)
DIRE_AVENGERS = sheet(
    "Dire Avengers",
    "Dire Avenger",
    core.ModelType("Dire Avenger", 4, 9, (group("Catapult", "Avenger Shuriken Catapult"),)),
    core.ModelType(
        "Dire Avenger Exarch",
        1,
        1,
        (
            group(
                "Weapon",
                "Avenger Shuriken Catapult",
                "Diresword and Shuriken Pistol",
                "Two Avenger Shuriken Catapults",
            ),
        ),
    ),
)
APP_ELDAR = "Aeldari\nStrike Force (2000 points)\n\n"

FLAT = [
    pytest.param(
        ORKS + "20x Boyz (170 pts)\n• 1x Boss Nob\n• 1x Power klaw\n• 1x Slugga\n• Boss Nob\n"
        "• 19x Boy\n• 17x Choppa\n• 17x Slugga\n• 2x Close combat weapon\n"
        "• 2x Rokkit launcha\n• 19x Boy\n",
        BOYZ,
        {
            "Boss Nob": (1, {"Power klaw and slugga": 1}),
            "Boy w/ Slugga and choppa": (17, {"Choppa": 17, "Slugga": 17}),
            "Boy w/ Rokkit launcha and close combat weapon": (
                2,
                {CLOSE: 2, "Rokkit launcha": 2},
            ),
        },
        id="namur xix __01: the Nob's loose slugga is his klaw's",
    ),
    pytest.param(
        ORKS + "10x Kommandos (120 pts)\n• 1x Boss Nob\n• 1x Slugga\n• 1x Power klaw\n"
        "• Boss Nob\n• 9x Kommandos\n• 1x Breacha ram\n• 1x Close combat weapon\n"
        "• 1x Rokkit launcha\n• 7x Choppa\n• 7x Slugga\n• 9x Kommandos\n",
        KOMMANDOS,
        {
            "Kommandos w/ Slugga and choppa": (7, {"Choppa": 7, "Slugga": 7}),
            "Kommandos w/ Breacha ram": (1, {"Breacha ram": 1}),
            "Kommandos w/ Rokkit launcha": (1, {CLOSE: 1, "Rokkit launcha": 1}),
        },
        id="namur xix __01: the rokkit's model takes the close combat weapon written first",
    ),
    pytest.param(
        APP_ELDAR + "Dire Avengers (140 points)\n• 1x Dire Avenger Exarch\n"
        "• 1x Avenger shuriken catapult\n1x Avenger shuriken catapult\n• 9x Dire Avenger\n"
        "• 9x Avenger shuriken catapult\n",
        DIRE_AVENGERS,
        {
            "Dire Avenger Exarch": (1, {"Two Avenger Shuriken Catapults": 1}),
            "Dire Avenger": (9, {"Avenger Shuriken Catapult": 9}),
        },
        id="mighty games __04: the Exarch's two catapults are her one option",
    ),
]


@pytest.mark.parametrize(("text", "datasheet", "loadout"), FLAT)
def test_the_app_layout_pasted_flat(
    text: str, datasheet: core.Datasheet, loadout: Loadouts
) -> None:
    models, found, unplaced = read_as_resolver(text, datasheet)
    assert unplaced == []
    for model, stated in loadout.items():
        assert found[model] == stated
    legal = tuple(core.Loadout(m, n, tuple(gear.items())) for m, (n, gear) in found.items())
    assert loadout_excess(datasheet, legal, models or 1) == 0
