"""Wargear name families (issue #24): spellings that differ between the app, New Recruit
and the data or between data months, read against the data of the list's month.

Each table is one family: the folds of written.py, the former names of the monthly
history both ways, an owner's possessive, leaders' titles and model-type names as model
lines, stub months, and the pool the moved models borrow from. Datasheets are built here
(no database); the snippets are written for these tests in the app's layout.
"""

from __future__ import annotations

from datetime import date

import pytest

from armybuilder.catalogue.models_wargear import Version, stub, wargear_as_of
from armybuilder.rules import model as core
from rosters.formats.text_import.common import normalise
from rosters.formats.text_import.wargear_types import GearNames, keys
from rosters.formats.text_import.written import (
    NESTED_CHOICES,
    ability_keys,
    family_aliases,
    final_items,
    leader_of_unit,
    nested_profiles,
    one_edit,
    owner_type,
    without_kind,
    without_owner,
)
from tests.formats.test_wargear_names_real import APP, group, read, sheet


@pytest.mark.parametrize(
    ("written", "data"),
    [
        ("Berzerker chainblade", "Berserker chainblade"),
        ("7x Berzerker chainblades", "Berserker chainblade"),
        ("Agoniser", "Agonizer"),
        ("Pulveriser cannon", "Pulverizer cannon"),
    ],
)
def test_s_and_z_are_one_spelling(written: str, data: str) -> None:
    assert keys(written)[0] == keys(data)[0]


@pytest.mark.parametrize(
    ("written", "other"),
    [("Bolt pistol", "Bolt rifle"), ("Chainsword", "Chainblade"), ("Lasgun", "Laspistol")],
)
def test_other_names_stay_apart(written: str, other: str) -> None:
    assert keys(written)[0] != keys(other)[0]


# (former name -> final option, the options of one model type in the data read, the final
# data's names, other types' names in that data) -> names that find which option.
FAMILIES = [
    pytest.param(
        {"berserker chainblade": "Chainblade"},
        ["Chainblade"],
        {"chainblade"},
        set(),
        {"berserker chainblade": "Chainblade"},
        id="final data: a former name finds the option",
    ),
    pytest.param(
        {"berserker chainblade": "Chainblade"},
        ["Berserker chainblade"],
        {"chainblade"},
        set(),
        {"chainblade": "Berserker chainblade"},
        id="older month: the final name finds the month's option",
    ),
    pytest.param(
        {"juggernaughts bladed horn": "Bladed horn", "juggernauts horn": "Bladed horn"},
        ["Juggernaught's bladed horn"],
        {"bladed horn"},
        set(),
        {
            "bladed horn": "Juggernaught's bladed horn",
            "juggernauts horn": "Juggernaught's bladed horn",
        },
        id="older month: the family's other former names too",
    ),
    pytest.param(
        {"hot shot lasgun": "Hot-shot laspistol"},
        ["Hot-shot lasgun"],
        {"hot shot lasgun", "hot shot laspistol"},
        {"hot shot laspistol"},
        {},
        id="a former name the final data still gives another option stays that option's",
    ),
    pytest.param(
        {"eightbound eviscerators": "Chainblades"},
        ["Eightbound eviscerators"],
        {"chainblades"},
        {"chainblades"},
        {},
        id="a name another model type of the month has is not taken",
    ),
]


@pytest.mark.parametrize(("aliases", "offered", "current", "elsewhere", "expected"), FAMILIES)
def test_former_names_both_ways(
    aliases: dict[str, str],
    offered: list[str],
    current: set[str],
    elsewhere: set[str],
    expected: dict[str, str],
) -> None:
    assert family_aliases(aliases, offered, normalise, current, elsewhere) == expected


@pytest.mark.parametrize(
    ("written", "rest"),
    [
        ("Juggernaut's bladed horn", "bladed horn"),
        ("Juggernaut’s Bladed Horn", "Bladed Horn"),
        ("Mkoll’s straight silver knife", "straight silver knife"),
        ("Bladed horn", ""),
        ("Chirurgeon’s tools", ""),  # the owner alone is no name
    ],
)
def test_owner_before_the_name(written: str, rest: str) -> None:
    assert without_owner(written) == rest


@pytest.mark.parametrize(
    ("written", "units", "leader"),
    [
        ("possessed champion", ["possessed"], True),
        ("thunderwolf cavalry pack leader", ["thunderwolf cavalry"], True),
        ("wulfen pack leader", ["wulfen"], True),
        (
            "deathshroud champion",
            ["deathshroud terminator", "deathshroud terminator champion"],
            True,
        ),
        ("blightlord champion", ["blightlord terminator"], True),
        ("chaos champion", ["possessed"], False),
        ("bolt pistol", ["possessed"], False),
        ("champion", ["possessed"], False),
    ],
)
def test_leader_titles(written: str, units: list[str], leader: bool) -> None:
    assert leader_of_unit(written, units) is leader


ONE = {"name": "Kasrkin", "min": 1, "max": 1, "groups": []}
TYPES = [
    {"name": "Custodian Guard (Guardian Spear)", "min": 0, "max": 10, "groups": []},
    {"name": "Custodian Guard (Vexilla)", "min": 0, "max": 10, "groups": []},
]
ARMED = {**ONE, "groups": [{"name": "Lasgun", "options": ["Lasgun"], "min": 1, "max": 1}]}


@pytest.mark.parametrize(
    ("model_types", "is_stub"),
    [
        ([ONE], True),  # the unit as one model of its own name, no wargear
        ([ARMED], False),
        (TYPES, False),  # model types and counts, only no wargear: that month's data
        ([{**ONE, "max": 10}], False),
    ],
)
def test_stub_months_read_the_final_data(
    model_types: list[dict[str, object]], is_stub: bool
) -> None:
    version = Version(date(2023, 7, 1), date(2023, 8, 1), model_types, "")
    assert stub(version) is is_stub
    found = wargear_as_of((version,), date(2023, 7, 14))
    assert (found is None) is is_stub


OLD_BERZERKERS = sheet(
    "Khorne Berzerkers",
    "Khorne Berserker",
    core.ModelType(
        "Khorne Berserker Champion",
        1,
        1,
        (
            group("Chainblade", "Berserker chainblade"),
            group("Pistol", "Bolt pistol", "Plasma pistol"),
        ),
    ),
    core.ModelType(
        "Khorne Berserker",
        0,
        9,
        (group("Chainblade", "Berserker chainblade"), group("Pistol", "Bolt pistol")),
    ),
    core.ModelType(
        "Khorne Berserker w/ alternate weapons",
        0,
        4,
        (
            group("Pistol", "Bolt pistol", "Plasma pistol"),
            group("Melee", "Berserker chainblade", "Khornate eviscerator"),
        ),
    ),
)
OLD_NAMES = GearNames(
    profiles=(("Chainblade", ("Chainblade",)),),
    aliases=(("berserker chainblade", "Chainblade"),),
)
POSSESSED = sheet(
    "Possessed",
    "Possessed",
    core.ModelType("Possessed", 5, 10, (group("Mutations", "Hideous mutations"),)),
)
CULTISTS = sheet(
    "Cultist Mob",
    "Cultist w/ autopistol and brutal assault weapon",
    core.ModelType("Cultist Champion", 1, 1, (group("Pistol", "Autopistol", "Bolt pistol"),)),
    core.ModelType(
        "Cultist w/ autopistol and brutal assault weapon",
        9,
        19,
        (group("Pistol", "Autopistol"),),
    ),
)
INVOCATUS = sheet(
    "Lord Invocatus",
    "Lord Invocatus",
    core.ModelType(
        "Lord Invocatus",
        1,
        1,
        (group("Horn", "Juggernaught's bladed horn"), group("Pistol", "Bolt pistol")),
    ),
)
HORN_NAMES = GearNames(aliases=(("juggernaughts bladed horn", "Bladed horn"),))

# (text, datasheet, names) -> (models, loadout by type): every line read.
READ = [
    pytest.param(
        APP + "Khorne Berzerkers (100 points)\n• 1x Khorne Berzerker Champion\n"
        "• 1x Berzerker chainblade\n1x Plasma pistol\n• 4x Khorne Berzerker\n"
        "• 4x Chainblade\n4x Bolt pistol\n",
        OLD_BERZERKERS,
        OLD_NAMES,
        5,
        {
            "Khorne Berserker Champion": (1, {"Berserker chainblade": 1, "Plasma pistol": 1}),
            "Khorne Berserker": (4, {"Berserker chainblade": 4, "Bolt pistol": 4}),
        },
        id="z for s, and the final data's name of the month's option",
    ),
    pytest.param(
        APP + "Khorne Berzerkers (200 points)\n• 1x Khorne Berserker Champion\n"
        "• 1x Berserker chainblade\n1x Bolt pistol\n• 9x Khorne Berserker\n"
        "• 7x Berserker chainblade\n7x Bolt pistol\n2x Khornate eviscerator\n2x Plasma pistol\n",
        OLD_BERZERKERS,
        OLD_NAMES,
        10,
        {
            "Khorne Berserker Champion": (1, {"Berserker chainblade": 1, "Bolt pistol": 1}),
            "Khorne Berserker": (7, {"Berserker chainblade": 7, "Bolt pistol": 7}),
            "Khorne Berserker w/ alternate weapons": (
                2,
                {"Khornate eviscerator": 2, "Plasma pistol": 2},
            ),
        },
        id="moved models' own pistol gives the borrowed bolt pistols back",
    ),
    pytest.param(
        APP + "Possessed (240 points)\n• 1x Possessed Champion\n1x Hideous mutations\n"
        "• 9x Possessed\n9x Hideous mutations\n",
        POSSESSED,
        GearNames(),
        10,
        {"Possessed": (10, {"Hideous mutations": 10})},
        id="the unit's name and a leader's title: a model line",
    ),
    pytest.param(
        APP + "Cultist Mob (50 points)\n• 1x Cultist Champion\n• 1x Autopistol\n"
        "• 9x Chaos Cultist\n• 9x Autopistol\n",
        CULTISTS,
        GearNames(),
        10,
        {
            "Cultist Champion": (1, {"Autopistol": 1}),
            "Cultist w/ autopistol and brutal assault weapon": (9, {"Autopistol": 9}),
        },
        id="a model type's name less its wargear",
    ),
    pytest.param(
        APP + "Lord Invocatus (140 points)\n• 1x Bolt Pistol\n1x Juggernaut’s bladed horn\n",
        INVOCATUS,
        HORN_NAMES,
        1,
        {"Lord Invocatus": (1, {"Bolt pistol": 1, "Juggernaught's bladed horn": 1})},
        id="the owner's name before the final data's name",
    ),
]


@pytest.mark.parametrize(("text", "datasheet", "names", "models", "loadout"), READ)
def test_every_line_read(
    text: str,
    datasheet: core.Datasheet,
    names: GearNames,
    models: int,
    loadout: dict[str, tuple[int, dict[str, int]]],
) -> None:
    found_models, found, unplaced = read(text, datasheet, names)
    assert unplaced == []
    assert found_models == models
    for model, stated in loadout.items():
        assert found[model] == stated


@pytest.mark.parametrize(
    ("written", "data", "near"),
    [
        ("chirurgeon tools", "chirugeon tools", True),  # a letter more
        ("absolvor bolt pistol", "absolver bolt pistol", True),  # a letter other
        ("heavy bolter", "heavy bolder", False),  # short words are left alone
        ("plasma pistol", "plasma rifle", False),
        ("lascannon", "lascannons", True),
        ("absolvor bolt pistol", "absolver bolt rifle", False),  # two words apart
    ],
)
def test_a_letter_apart(written: str, data: str, near: bool) -> None:
    assert one_edit(written, data) is near


@pytest.mark.parametrize(
    ("ability", "written", "found"),
    [
        ("Command-link Drone (Aura)", "Command-link Drone (Aura)", True),
        ("Command-link Drone (Aura)", "Command-link Drone", True),
        ("Advanced Guardian Drone", "Advanced guardian drone", True),
        ("Mandiblasters", "Mandiblaster", False),  # folded as written, no plural fold
        ("Stealth", "Stealth Drone", False),
    ],
)
def test_abilities_written_as_items(ability: str, written: str, found: bool) -> None:
    assert bool(set(ability_keys((ability,))) & set(ability_keys((written,)))) is found


GHOSTS = [
    "ibram gaunt",
    "tanith ghost w corbec hot shot lascarbine",
    "tanith ghost w rawne lascarbine",
    "tanith ghost w mkoll straight silver knife",
]


@pytest.mark.parametrize(
    ("written", "owner"),
    [
        ("Colm Corbec", True),
        ("Elim Rawne", True),
        ("Oan Mkoll", True),
        ("Hot-shot lascarbine", False),  # the weapon, not its owner
        ("Corbec", False),  # one word: the type's own name would say
        ("Straight silver knife", False),
    ],
)
def test_named_models_by_their_weapon(written: str, owner: bool) -> None:
    assert owner_type(written, GHOSTS) is owner


def test_items_of_the_final_data() -> None:
    kinds = [
        {
            "name": "Sister Superior",
            "groups": [
                {"name": "Ranged", "options": ["Boltgun", "Bolt pistol"], "min": 1, "max": 1},
                {
                    "name": "Close combat weapon",
                    "options": ["Close combat weapon"],
                    "min": 1,
                    "max": 1,
                },
                {"name": "Melee", "options": ["Power weapon"], "min": 0, "max": 1},
            ],
        },
        {"name": "Battle Sister", "groups": []},
    ]
    assert final_items(kinds) == (
        ("Sister Superior", ("Boltgun", "Bolt pistol", "Close combat weapon", "Power weapon")),
    )


def test_nested_choices_table() -> None:
    if not NESTED_CHOICES.exists():
        pytest.skip("bin/nested-choices has not written the table")
    found = dict(nested_profiles([{"name": "Death Korps Watchmaster"}]))
    assert {"Plasma pistol", "Power weapon"} <= set(found["Laspistol and chainsword"])
    assert nested_profiles([{"name": "No such model"}]) == ()


WATCHMASTER = sheet(
    "Death Korps of Krieg",
    "Death Korps Trooper",
    core.ModelType(
        "Death Korps Watchmaster",
        1,
        1,
        (group("Wargear", "Laspistol and chainsword", "Boltgun and close combat weapon"),),
    ),
    core.ModelType("Death Korps Trooper", 9, 19, (group("Lasgun", "Lasgun"),)),
)
SISTERS = sheet(
    "Battle Sisters Squad",
    "Battle Sister",
    core.ModelType("Sister Superior", 1, 1, (group("Ranged", "Boltgun", "Bolt pistol"),)),
    core.ModelType(
        "Battle Sister",
        9,
        9,
        (group("Boltgun", "Boltgun"), group("Close combat weapon", "Close combat weapon")),
    ),
)
SHADOWSUN = sheet(
    "Commander Shadowsun",
    "Commander Shadowsun",
    core.ModelType("Commander Shadowsun", 1, 1, (group("Pistol", "Pulse pistol"),)),
)

# (text, datasheet, names) -> the loadout: lines the data names otherwise, read.
DATA_NAMES = [
    pytest.param(
        APP + "Death Korps of Krieg (65 points)\n• 1x Death Korps Watchmaster\n"
        "◦ 1x Plasma pistol\n◦ 1x Power weapon\n• 9x Death Korps Trooper\n◦ 9x Lasgun\n",
        WATCHMASTER,
        GearNames(
            profiles=(
                (
                    "Laspistol and chainsword",
                    ("Laspistol", "Chainsword", "Plasma pistol", "Power weapon"),
                ),
            )
        ),
        {"Death Korps Watchmaster": (1, {"Laspistol and chainsword": 1})},
        id="weapons chosen inside an option name it once",
    ),
    pytest.param(
        APP + "Battle Sisters Squad (100 points)\n• 1x Sister Superior\n• 1x Bolt pistol\n"
        "1x Close combat weapon\n• 9x Battle Sister\n• 9x Boltgun\n9x Close combat weapon\n",
        SISTERS,
        GearNames(final_items=(("Sister Superior", ("Close combat weapon", "Bolt pistol")),)),
        {"Sister Superior": (1, {"Bolt pistol": 1})},
        id="a weapon the final data gives the type, an older month lacks",
    ),
    pytest.param(
        APP + "Commander Shadowsun (100 points)\n• 1x Advanced Guardian Drone\n"
        "• 1x Command-link Drone (Aura)\n• 1x Pulse pistol\n",
        SHADOWSUN,
        GearNames(abilities=("Advanced Guardian Drone", "Command-link Drone (Aura)")),
        {"Commander Shadowsun": (1, {"Pulse pistol": 1})},
        id="abilities among the items",
    ),
]


@pytest.mark.parametrize(("text", "datasheet", "names", "loadout"), DATA_NAMES)
def test_names_the_data_gives_otherwise(
    text: str,
    datasheet: core.Datasheet,
    names: GearNames,
    loadout: dict[str, tuple[int, dict[str, int]]],
) -> None:
    _models, found, unplaced = read(text, datasheet, names)
    assert unplaced == []
    for model, stated in loadout.items():
        assert found[model] == stated


def test_unknown_names_stay_unread() -> None:
    text = APP + "Commander Shadowsun (100 points)\n• 1x Pulse pistol\n• 1x Gun of Nobody\n"
    _models, _found, unplaced = read(text, SHADOWSUN, GearNames(abilities=("Stealth",)))
    assert unplaced == ["Gun of Nobody"]


@pytest.mark.parametrize(
    ("key", "bare"),
    [
        ("perdition pistol", "perdition"),
        ("axe mortalis weapon", "axe mortalis"),
        ("bolt pistol", ""),  # too short a name is left: no "Bolt" option stands for it
        ("perdition", ""),
        ("storm shield", ""),
    ],
)
def test_kind_of_weapon_after_the_name(key: str, bare: str) -> None:
    assert without_kind(key) == bare


@pytest.mark.parametrize(
    "note",
    [
        "This Datasheet also has the Battleline keyword.",
        "Invulnerable Save (4+): Ghazghkull",
    ],
)
def test_datasheet_notes_are_no_wargear(note: str) -> None:
    text = APP + f"Commander Shadowsun (100 points)\n• 1x Pulse pistol\n{note}\n"
    _models, found, unplaced = read(text, SHADOWSUN)
    assert unplaced == []
    assert found["Commander Shadowsun"] == (1, {"Pulse pistol": 1})


def test_a_model_type_only_the_final_data_has() -> None:
    scouts = sheet(
        "Scout Squad",
        "Scout",
        core.ModelType("Scout Sergeant", 1, 1, (group("Gun", "Boltgun"),)),
        core.ModelType("Scout", 4, 9, (group("Gun", "Boltgun"),)),
    )
    names = GearNames(final_items=(("Scout w/ Scout Sniper Rifle", ("Scout Sniper Rifle",)),))
    text = APP + (
        "Scout Squad (70 points)\n• 1x Scout Sergeant\n• 1x Boltgun\n"
        "• 1x Scout w/ Scout Sniper Rifle\n• 3x Scout\n• 3x Boltgun\n"
    )
    models, found, unplaced = read(text, scouts, names)
    assert unplaced == []
    assert models == 5
    assert found["Scout"][1] == {"Boltgun": 4}  # the fifth model: the defaults, no guess


def test_a_weapon_another_stated_option_holds_is_that_option() -> None:
    scorpions = sheet(
        "Striking Scorpions",
        "Striking Scorpion",
        core.ModelType(
            "Striking Scorpion Exarch",
            1,
            1,
            (group("Weapons", "Scorpion Chainsword and Shuriken Pistol", "Biting Blade"),),
        ),
        core.ModelType("Striking Scorpion", 4, 9, (group("Pistol", "Shuriken Pistol"),)),
    )
    # The final data's "Biting blade & Shuriken Pistol" was the month's "Biting Blade".
    names = GearNames(
        profiles=(("Biting blade & Shuriken Pistol", ("Biting blade", "Shuriken pistol")),),
        aliases=(("biting blade", "Biting blade & Shuriken Pistol"),),
    )
    text = APP + (
        "Striking Scorpions (75 points)\n• 1x Striking Scorpion Exarch\n• 1x Biting blade\n"
        "1x Shuriken pistol\n• 4x Striking Scorpion\n• 4x Shuriken pistol\n"
    )
    _models, found, unplaced = read(text, scorpions, names)
    assert unplaced == []
    assert found["Striking Scorpion Exarch"] == (1, {"Biting Blade": 1})
    assert found["Striking Scorpion"] == (4, {"Shuriken Pistol": 4})
