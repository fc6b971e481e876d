"""Wargear names real players write that the data spells otherwise, or places where the
month's data has no option for them (issue #24). Each family is a table of lines placed on
a small datasheet built here (no database), with lines that must stay unplaced beside the
ones that are read; the last test reads enhancements named among the wargear on the full
catalogue fixture.
"""

from __future__ import annotations

import pytest
from django.core.management import call_command

from armybuilder.catalogue.snapshot import catalogue_snapshot, catalogue_snapshot_clear
from armybuilder.rules import model as core
from rosters.formats import services as formats
from rosters.formats.text_import.model import GearLine
from rosters.formats.text_import.resolver import WARGEAR
from rosters.formats.text_import.wargear_lines import gear_lines
from rosters.formats.text_import.wargear_resolve import resolve_gear
from rosters.formats.text_import.wargear_types import NO_NAMES, GearNames, keys
from rosters.formats.text_import.written import nested_profiles
from tests.conftest import REPO_DIR
from tests.formats.test_wargear_names_real import group, read
from tests.formats.wargear_sheets import wargear_sheet as sheet

FULL_CATALOGUE = REPO_DIR / "fixtures" / "catalogue-10e.json.xz"
FORMER_NAMES = REPO_DIR / "fixtures" / "former-names-10e.json"


def place(
    datasheet: core.Datasheet, lines: list[GearLine], names: GearNames = NO_NAMES, models: int = 1
) -> tuple[dict[str, tuple[int, dict[str, int]]], list[str]]:
    """Place the lines: (loadout by model type, the names left unplaced)."""
    loadout, unplaced = resolve_gear(
        sheet=datasheet, unit_name=datasheet.name, models=models, gear=lines, names=names
    )
    return {p.model: (p.models, dict(p.wargear)) for p in loadout}, [u.gear.name for u in unplaced]


def loose(*names: str) -> list[GearLine]:
    """Items stated for the unit, one line each, no model line."""
    return [GearLine(i + 1, None, None, 1, name) for i, name in enumerate(names)]


# --- other words for one option ----------------------------------------------------------

VEHICLE = sheet(
    "Test Gunship",
    "Test Gunship",
    core.ModelType(
        "Test Gunship",
        1,
        1,
        (
            group("Twin", "Twin lascannon", "Twin heavy bolter", low=0),
            group("Storm bolter", "Storm bolter", low=0),
            group("Lacerators", "Lacerators", low=0),
            group("Pintle", "Combi-bolter", low=0),
            group("Hurricane", "Hurricane Bolter", low=0),
            group("Pistols", "2 Bolt Pistols", low=0),
            group("Pistol", "Plasma pistol", low=0),
            group("Stubber", "Heavy bolter", low=0),
        ),
    ),
)


@pytest.mark.parametrize(
    ("written", "option"),
    [
        # 10th edition's "twin" for the older "twin-linked".
        ("twin-linked lascannon", "Twin lascannon"),
        ("Twin-Linked Heavy Bolter", "Twin heavy bolter"),
        # The same words in another order.
        ("Bolter storm", "Storm bolter"),
        # "Dual" for the pair the data names in the plural, misspelt by a letter.
        ("Dual lascerators", "Lacerators"),
        # "Boltgun" and "bolter": one bolt weapon's two names.
        ("Combi-boltgun", "Combi-bolter"),
        # An option then what it holds, as BattleScribe writes a selection's contents.
        ("Hurricane Bolter 2 Hurricane Bolters", "Hurricane Bolter"),
        ("2 Bolt Pistols: 4x Bolt Pistol", "2 Bolt Pistols"),
    ],
)
def test_an_option_written_in_other_words_is_read(written: str, option: str) -> None:
    loadout, unplaced = place(VEHICLE, loose(written))
    assert unplaced == []
    assert loadout["Test Gunship"][1] == {option: 1}


@pytest.mark.parametrize(
    "written",
    [
        "Plasma gun",  # a gun is no pistol
        "Heavy stubber",  # nor a stubber a bolter
        "Dual chainswords",  # "dual" of a name the data lacks
        "Bolter heavy storm",  # words no option has all of
        "Lascannon 2 Hurricane Bolters",  # a count between two different names
        "Hurricane Bolter: Power fist",  # contents the option does not hold
    ],
)
def test_other_names_stay_unplaced(written: str) -> None:
    assert place(VEHICLE, loose(written))[1] == [written]


def test_twin_linked_folds_to_twin_only_after_twin() -> None:
    assert keys("Twin-linked lascannon")[0] == keys("Twin lascannon")[0]
    assert keys("Linked lascannon")[0] != keys("Lascannon")[0]


KRIEG = sheet(
    "Death Korps of Krieg",
    "Death Korps Trooper",
    core.ModelType(
        "Death Korps Trooper",
        0,
        20,
        (group("Lasgun", "Lasgun"), group("Close combat weapon", "Close combat weapon")),
    ),
    core.ModelType(
        "Death Korps Trooper w/ Death Korps medi-pack",
        0,
        20,
        (
            group("Lasgun", "Lasgun"),
            group("Close combat weapon", "Close combat weapon"),
            group("Medi-pack", "Death Korps of Krieg Medi-pack"),
        ),
    ),
)


def test_a_part_of_an_and_line_named_as_its_model_type_names_it() -> None:
    """ "Close combat weapon and Lasgun and medi-pack": the medi-pack is the one option of
    the type named after it, as a line of its own already is."""
    lines = [
        GearLine(1, "Death Korps Troopers", 9, 9, "Close combat weapon and Lasgun", 1),
        GearLine(
            2, "Death Korps Troopers", 1, 1, "Close combat weapon and Lasgun and medi-pack", 2
        ),
    ]
    loadout, unplaced = place(KRIEG, lines, models=10)
    assert unplaced == []
    medic = loadout["Death Korps Trooper w/ Death Korps medi-pack"]
    assert medic == (
        1,
        {"Close combat weapon": 1, "Death Korps of Krieg Medi-pack": 1, "Lasgun": 1},
    )


# --- a model's one fixed item, named otherwise ---------------------------------------------

GRETCHIN = sheet(
    "Gretchin",
    "Gretchin",
    core.ModelType(
        "Gretchin",
        10,
        20,
        (group("Close combat weapon", "Close combat weapon"), group("Grot blasta", "Grot blasta")),
    ),
    core.ModelType(
        "Runtherd", 1, 2, (group("Grot-smacka", "Grot-smacka"), group("Slugga", "Slugga"))
    ),
)
GROTS = "Orks\nStrike Force (2000 points)\n\nGretchin (40 points)\n• 10x Gretchin\n"
GROT_ITEMS = "• 10x Close combat weapon\n10x Grot blasta\n"
RUNTHERD = {"Grot-smacka": 1, "Slugga": 1}
FIXED: dict[str, tuple[str, list[str]]] = {
    "the app's layout: the item bulleted after the model line": (
        GROTS + GROT_ITEMS + "• 1x Runtherd\n• 1x Runtherd tools\n1x Slugga\n",
        [],
    ),
    "the item under its model line": (
        GROTS + GROT_ITEMS + "• 1x Runtherd\n    • 1x Runtherd tools\n    • 1x Slugga\n",
        [],
    ),
    "two names the data lacks: neither is read": (
        GROTS + GROT_ITEMS + "• 1x Runtherd\n    • 1x Runtherd tools\n    • 1x Power klaw\n",
        ["Runtherd tools", "Power klaw"],
    ),
    "the fixed item stated too: the other name is no item of the model": (
        GROTS + GROT_ITEMS + "• 1x Runtherd\n    • 1x Runtherd tools\n    • 1x Slugga\n"
        "    • 1x Grot-smacka\n",
        ["Runtherd tools"],
    ),
}


@pytest.mark.parametrize(("text", "unplaced"), FIXED.values(), ids=FIXED.keys())
def test_a_models_one_fixed_item_named_otherwise(text: str, unplaced: list[str]) -> None:
    _models, loadout, left = read(text, GRETCHIN)
    assert sorted(left) == sorted(unplaced)
    assert loadout["Runtherd"] == (1, RUNTHERD)


BERZERKERS = sheet(
    "Khorne Berzerkers",
    "Khorne Berzerker",
    core.ModelType(
        "Khorne Berzerker Champion",
        1,
        1,
        (group("Pistol", "Bolt pistol", "Plasma pistol"), group("Chainblade", "Chainblade")),
    ),
    core.ModelType(
        "Khorne Berzerker",
        4,
        19,
        (group("Chainblade", "Chainblade"), group("Pistol", "Bolt pistol")),
    ),
)


def test_a_name_read_as_a_fixed_item_is_read_so_on_the_units_other_lines() -> None:
    """ "Berzerker chainsaw" is the Champion's one unstated fixed item, the chainblade; the
    unit's loose "8 Berzerker chainsaw" is the same name: stated, the defaults kept."""
    lines = [
        GearLine(1, None, None, 8, "Bolt pistol"),
        GearLine(1, None, None, 8, "Berzerker chainsaw"),
        GearLine(2, "Berzerker Champion", 1, 1, "Plasma pistol", 2),
        GearLine(2, "Berzerker Champion", 1, 1, "Berzerker chainsaw", 2),
    ]
    loadout, unplaced = place(BERZERKERS, lines, models=9)
    assert unplaced == []
    assert loadout["Khorne Berzerker Champion"] == (1, {"Chainblade": 1, "Plasma pistol": 1})
    # Without the Champion's line the loose name is read nowhere.
    assert place(BERZERKERS, lines[:2], models=9)[1] == ["Berzerker chainsaw"]
    # A name that only holds the model's god is no name for his chainblade.
    icon = [GearLine(2, "Berzerker Champion", 1, 1, "Icon of Khorne", 2)]
    assert place(BERZERKERS, icon, models=9)[1] == ["Icon of Khorne"]


STEALTH = sheet(
    "Stealth Battlesuits",
    "Stealth Shas'ui",
    core.ModelType(
        "Stealth Shas'ui",
        2,
        5,
        (group("Burst cannon", "Burst cannon"), group("Battlesuit fists", "Battlesuit fists")),
    ),
)


def test_a_word_of_the_units_own_name_is_no_name_for_its_fixed_item() -> None:
    """ "Battlesuit support system" shares only the unit's own word with the Shas'ui's fixed
    "Battlesuit fists": it is an item the data lacks (WARGEAR_UNREAD), not the fists."""
    lines = [
        GearLine(1, "Stealth Shas'ui", 2, 2, "Burst cannon"),
        GearLine(1, "Stealth Shas'ui", 2, 1, "Battlesuit support system"),
    ]
    assert place(STEALTH, lines, models=2)[1] == ["Battlesuit support system"]


# --- an item the month's data lacks and another month's has -----------------------------

SUITS_JULY = sheet(
    "Stealth Battlesuits",
    "Stealth Shas'ui w/ burst cannon",
    core.ModelType("Stealth Shas'vre", 1, 1, (group("Weapon", "Burst cannon", "Fusion blaster"),)),
    core.ModelType(
        "Stealth Shas'ui w/ burst cannon", 2, 4, (group("Burst cannon", "Burst cannon"),)
    ),
)
SUITS_LATER = GearNames(
    final_items=(("Stealth Shas'ui w/ burst cannon", ("Burst cannon", "Homing beacon")),)
)
CARNIFEX_JULY = sheet(
    "Carnifexes",
    "Carnifex",
    core.ModelType("Carnifex", 1, 2, (group("Bio-plasma", "Bio-plasma", low=0),)),
)
CARNIFEX_LATER = GearNames(
    aliases=(("xenos claws and teeth", "Chitinous claws and teeth"),),
    final_items=(("Carnifex", ("Bio-plasma", "Chitinous claws and teeth")),),
)
SERGEANT_JULY = sheet(
    "Cadian Shock Troops",
    "Shock Trooper",
    core.ModelType("Shock Trooper Sergeant", 1, 1, (group("Weapons", "Laspistol and chainsword"),)),
    core.ModelType("Shock Trooper", 9, 19, (group("Lasgun", "Lasgun"),)),
)
SERGEANT_LATER = GearNames(
    aliases=(
        ("drum fed autogun and close combat weapon", "Sergeant's autogun and close combat weapon"),
    ),
    final_items=(
        (
            "Shock Trooper Sergeant",
            ("Laspistol and chainsword", "Sergeant's autogun and close combat weapon"),
        ),
    ),
)
LATER: dict[str, tuple[core.Datasheet, GearNames, list[GearLine], list[str]]] = {
    "a loose item a later month gives a model type": (
        SUITS_JULY,
        SUITS_LATER,
        [
            GearLine(1, None, None, 1, "Homing Beacon"),
            GearLine(2, "Stealth Shas'vre", 1, 1, "Burst cannon", 2),
        ],
        [],
    ),
    "a loose item no month gives stays unplaced": (
        SUITS_JULY,
        SUITS_LATER,
        [GearLine(1, None, None, 1, "Battlesuit Support System")],
        ["Battlesuit Support System"],
    ),
    "a loose item by the former name of a later month's item": (
        CARNIFEX_JULY,
        CARNIFEX_LATER,
        loose("Bio-plasma", "Xenos claws and teeth"),
        [],
    ),
    "without the former name it stays unplaced": (
        CARNIFEX_JULY,
        GearNames(final_items=CARNIFEX_LATER.final_items),
        loose("Bio-plasma", "Xenos claws and teeth"),
        ["Xenos claws and teeth"],
    ),
    "a part of a former name of a later month's option": (
        SERGEANT_JULY,
        SERGEANT_LATER,
        [GearLine(1, "Shock Trooper Sergeant", 1, 1, "Drum-fed autogun", 1)],
        [],
    ),
    "another model's item stays unplaced": (
        SERGEANT_JULY,
        SERGEANT_LATER,
        [GearLine(1, "Shock Trooper Sergeant", 1, 1, "Power fist", 1)],
        ["Power fist"],
    ),
}


@pytest.mark.parametrize(
    ("datasheet", "names", "lines", "unplaced"), LATER.values(), ids=LATER.keys()
)
def test_an_item_another_months_data_gives_is_stated(
    datasheet: core.Datasheet, names: GearNames, lines: list[GearLine], unplaced: list[str]
) -> None:
    assert place(datasheet, lines, names, models=3)[1] == unplaced


# --- layouts --------------------------------------------------------------------------------

WOLF_GUARD = sheet(
    "Wolf Guard Terminators",
    "Wolf Guard Terminator w/ storm bolter",
    core.ModelType(
        "Wolf Guard Terminator Pack Leader",
        1,
        1,
        (group("Weapons", "Relic Great Axe", "Storm Shield & Master-crafted Power Weapon"),),
    ),
    core.ModelType(
        "Wolf Guard Terminator w/ storm bolter",
        0,
        9,
        (group("Weapon", "Master-crafted Power Weapon"), group("Storm Bolter", "Storm Bolter")),
    ),
    core.ModelType(
        "Wolf Guard Terminator w/ storm shield",
        0,
        9,
        (group("Weapon", "Master-crafted Power Weapon"), group("Storm shield", "Storm shield")),
    ),
)


def test_items_of_several_models_are_not_one_models_option_joined_at_a_comma() -> None:
    """ "3 with Storm shield, Master-crafted Power Weapon" under "4x Wolf Guard Terminator":
    the Pack Leader's one option of that name is no three models'."""
    lines = [
        GearLine(2, "Wolf Guard Terminator", 4, 3, "Storm shield", 1),
        GearLine(2, "Wolf Guard Terminator", 4, 3, "Master-crafted Power Weapon", 1),
        GearLine(4, "Wolf Guard Terminator Pack Leader", 1, 1, "Relic Great Axe", 4),
    ]
    loadout, unplaced = place(WOLF_GUARD, lines, models=5)
    assert unplaced == []
    assert loadout["Wolf Guard Terminator Pack Leader"] == (1, {"Relic Great Axe": 1})
    assert loadout["Wolf Guard Terminator w/ storm shield"][1]["Storm shield"] >= 3
    # One model's line still reads the option split at its comma.
    one = [
        GearLine(4, "Wolf Guard Terminator Pack Leader", 1, 1, "Storm Shield", 4),
        GearLine(4, "Wolf Guard Terminator Pack Leader", 1, 1, "Master-crafted Power Weapon", 4),
    ]
    leader = place(WOLF_GUARD, one, models=5)[0]["Wolf Guard Terminator Pack Leader"]
    assert leader == (1, {"Storm Shield & Master-crafted Power Weapon": 1})


@pytest.mark.parametrize(
    ("child", "expected"),
    [
        # "• 4 with boltgun, Close combat weapon": a model line of the unit's, bulleted.
        (
            (21, 0, "•", "4 with boltgun, Close combat weapon"),
            [("Prosecutors", 4, 4, "boltgun"), ("Prosecutors", 4, 4, "Close combat weapon")],
        ),
        # Unbulleted, as before.
        (
            (21, 0, "", "4 with boltgun, Close combat weapon"),
            [("Prosecutors", 4, 4, "boltgun"), ("Prosecutors", 4, 4, "Close combat weapon")],
        ),
        # A bulleted item with no "N with" stays an item.
        ((21, 0, "•", "4x boltgun"), [(None, None, 4, "boltgun")]),
    ],
)
def test_a_bulleted_n_with_line_is_a_model_line(
    child: tuple[int, int, str, str], expected: list[tuple[str | None, int | None, int, str]]
) -> None:
    found = gear_lines([child], "Prosecutors")
    assert [(g.model, g.models, g.count, g.name) for g in found] == expected


def test_nested_choices_look_inside_groups_of_groups() -> None:
    """The Chosen Champion's "Boltgun and accursed weapon" sits in a group inside the
    "Wargear" group; its own choices offer a power fist (bin/nested-choices)."""
    found = dict(nested_profiles([{"name": "Chosen Champion"}]))
    assert "Power fist" in found["Boltgun and accursed weapon"]


# --- enhancements named among the wargear (the full catalogue) ----------------------------

ENHANCEMENTS = [
    (
        "BattleScribe: an enhancement by its former name among the items",
        "++ Army Roster (Aeldari - Craftworlds) [1,000pts] ++\n\n+ Configuration +\n\n"
        "Detachment: Warhost\n\n+ Character +\n\n"
        "Farseer [95pts]: Fate's Messenger, Witchblade\n",
        "Timeless Strategist",
    ),
    (
        "BattleScribe: an enhancement whose name holds a comma",
        "++ Army Roster (Chaos - Chaos Daemons) [2,000pts] ++\n\n+ Configuration +\n\n"
        "Detachment Choice: Daemonic Incursion\n\n+ Character +\n\n"
        "Bloodthirster [340pts]: A'rgath, the King of Blades, Great axe of Khorne\n",
        "A'rgath, the King of Blades",
    ),
    (
        "WTC: the enhancement the header names, named again among the model's items",
        "+ FACTION KEYWORD: Imperium - Adeptus Astartes - Salamanders\n"
        "+ DETACHMENT: Forgefather's Seekers (Vulkan's Quest)\n"
        "+ ENHANCEMENT: Immolator (on Char1: Librarian)\n\n"
        "Char1: 1x Librarian (75 pts)\n1 with Bolt pistol, Force Weapon, Smite, Immolator\n",
        "Immolator",
    ),
]


@pytest.mark.django_db
@pytest.mark.skipif(not FULL_CATALOGUE.exists(), reason="fixtures/catalogue-10e.json.xz absent")
def test_an_enhancement_among_the_items_is_no_wargear() -> None:
    call_command("loaddata", str(FULL_CATALOGUE), verbosity=0)
    if FORMER_NAMES.exists():
        call_command("loaddata", str(FORMER_NAMES), verbosity=0)
    catalogue_snapshot_clear()
    snapshot = catalogue_snapshot()
    for case, text, enhancement in ENHANCEMENTS:
        check = formats.list_import_check(text=text, snapshot=snapshot)
        wargear = [p.text for p in check.resolved.problems if p.kind == WARGEAR]
        (unit,) = check.resolved.kept()
        assert (unit.enhancement, wargear, unit.unread) == (enhancement, [], ()), case
