"""Wargear written the way players write it (issue #24): model lines in every dialect
count models, with or without items under them, and items are found by every name the
data gives them. The snippets are written for these tests in each dialect's layout.

The first tables run on small datasheets built here (no database): the parsers and the
name matcher end to end. The last runs real units of the full catalogue fixture.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.core.management import call_command

from armybuilder.catalogue.snapshot import catalogue_snapshot, catalogue_snapshot_clear
from armybuilder.rules import model as core
from rosters.formats import services as formats
from rosters.formats.text_import import list_parse
from rosters.formats.text_import.resolver import WARGEAR
from rosters.formats.text_import.wargear_lines import header_gear
from rosters.formats.text_import.wargear_resolve import resolve_gear, stated_models
from rosters.formats.text_import.wargear_types import NO_NAMES, GearNames
from tests.conftest import REPO_DIR
from tests.formats.wargear_sheets import wargear_sheet as sheet

FULL_CATALOGUE = REPO_DIR / "fixtures" / "catalogue-10e.json.xz"


def group(
    name: str, *options: str, low: int = 1, high: int = 1, default: str = ""
) -> core.WargearGroup:
    return core.WargearGroup(
        name, options, low, high, ((default, 1),) if default else ((options[0], 1),) if low else ()
    )


RIFLES = (group("Pistol", "Bolt pistol"), group("Rifle", "Bolt rifle", "Hand flamer"))
SQUAD = sheet(
    "Intercessor Squad",
    "Intercessor",
    core.ModelType("Intercessor Sergeant", 1, 1, RIFLES),
    core.ModelType("Intercessor", 4, 9, RIFLES),
    core.ModelType(
        "Intercessor w/ Grenade Launcher",
        0,
        2,
        (*RIFLES, group("Launcher", "Astartes grenade launcher")),
    ),
)
FIEND = sheet(
    "Forgefiend",
    "Forgefiend",
    core.ModelType(
        "Forgefiend",
        1,
        1,
        (
            group("Arm weapons", "2 ectoplasma cannons", "2 Hades autocannons"),
            group(
                "Head weapons",
                "Ectoplasma cannon and claws",
                "Forgefiend jaws",
                default="Forgefiend jaws",
            ),
            group("Mark of Chaos", "Khorne", "Nurgle", "Tzeentch", low=0),
        ),
    ),
)
# The data's weapon profiles: the option "Ectoplasma cannon and claws" holds two.
FIEND_NAMES = GearNames(
    profiles=(
        ("2 ectoplasma cannons", ("Ectoplasma cannon",)),
        ("2 Hades autocannons", ("Hades autocannon",)),
        ("Ectoplasma cannon and claws", ("Forgefiend claws", "Ectoplasma cannon")),
        ("Forgefiend jaws", ("Grinding jaws",)),
    )
)
DRONES = group("Drones (0-2)", "Gun Drone", "Shield Drone", "Missile Drone", low=0, high=2)
SUITS = sheet(
    "Stealth Battlesuits",
    "Stealth Shas'ui w/ burst cannon",
    core.ModelType(
        "Stealth Shas'ui w/ burst cannon",
        2,
        4,
        (group("Burst cannon", "Burst cannon"), group("Homing beacon", "Homing beacon", low=0)),
    ),
    core.ModelType(
        "Stealth Shas'vre",
        1,
        1,
        (
            group("Weapon", "Burst cannon", "Fusion blaster"),
            DRONES,
            group("Support", "Battlesuit support system", "Plasma rifle", low=0),
        ),
    ),
)
SUIT_NAMES = GearNames(
    profiles=(
        ("Gun Drone", ("Twin pulse carbine",)),
        ("Missile Drone", ("Missile pod",)),
        ("Battlesuit fists", ("Battlesuit fists",)),  # every model's, no option
    )
)
BERZERKERS = sheet(
    "Khorne Berzerkers",
    "Khorne Berzerker",
    core.ModelType(
        "Khorne Berzerker Champion",
        1,
        1,
        (group("Chainblade", "Chainblade"), group("Pistol", "Bolt pistol", "Plasma pistol")),
    ),
    core.ModelType(
        "Khorne Berzerker",
        4,
        19,
        (group("Chainblade", "Chainblade"), group("Pistol", "Bolt pistol")),
    ),
)
HEROES = sheet(
    "Tanith Heroes",
    "Tanith Ghost w/ Corbec's hot-shot lascarbine",
    core.ModelType(
        "Tanith Ghost w/ Corbec's hot-shot lascarbine",
        1,
        1,
        (
            group("Gun", "Corbec's hot-shot lascarbine"),
            group("Knife", "Straight silver knife"),
            group("Kit", "Close combat weapon and Galvanic rifle", "2 Storm Bolters", low=0),
            group(
                "Cyclone",
                "Cyclone Missile Launcher, Storm Bolter & Power Fist",
                "Cyclone Missile Launcher, Storm Bolter & Chainfist",
                low=0,
            ),
            group("Relic", "Wolf Guard Weapon", low=0),
        ),
    ),
)


def read(
    text: str, datasheet: core.Datasheet, names: GearNames = NO_NAMES
) -> tuple[int | None, dict[str, tuple[int, dict[str, int]]], list[str]]:
    """Parse a one-unit list and place its lines: (models, loadout by type, unplaced)."""
    parsed = list_parse(text=text)
    (unit,) = parsed.units
    gear = header_gear(unit.line, unit.items[: unit.header_items], unit.name) + unit.gear
    counted = stated_models(sheet=datasheet, unit_name=unit.name, gear=gear, names=names)
    models = max(counted or 0, unit.models or 0) or 1
    loadout, unplaced = resolve_gear(
        sheet=datasheet, unit_name=unit.name, models=models, gear=gear, names=names
    )
    found = {p.model: (p.models, dict(p.wargear)) for p in loadout}
    return models, found, [u.gear.name for u in unplaced]


APP = "Space Marines\nStrike Force (2000 points)\n\n"
NR = "+ FACTION KEYWORD: Imperium - Space Marines\n+ DETACHMENT: Gladius Task Force\n\n"
WAR_ORGAN = "Space Marines\nBattle Size: Strike Force (2000 point limit)\n\n"
LISTFORGE = "My list - Space Marines - Gladius Task Force (80 Points)\n\nBattleline:\n"
SERGEANT = {"Bolt pistol": 1, "Bolt rifle": 1}
FOUR = {"Bolt pistol": 4, "Bolt rifle": 4}
SQUAD_READ = {"Intercessor Sergeant": (1, SERGEANT), "Intercessor": (4, FOUR)}
DEFAULTS = {"Intercessor Sergeant": (1, SERGEANT), "Intercessor": (4, FOUR)}

# (dialect, text): each states one sergeant and four Intercessors, with their items.
MODEL_LINES = {
    "app, no items under the model lines": APP
    + "Intercessor Squad (80 points)\n  • 1x Intercessor Sergeant\n  • 4x Intercessor\n",
    "app, ◦ items": APP + "Intercessor Squad (80 points)\n  • 1x Intercessor Sergeant\n"
    "     ◦ 1x Bolt pistol\n     ◦ 1x Bolt rifle\n  • 4x Intercessor\n"
    "     ◦ 4x Bolt pistol\n     ◦ 4x Bolt rifle\n",
    "app, sub-bullets lost on the way": APP + "Intercessor Squad (80 points)\n"
    "• 1x Intercessor Sergeant\n• 1x Bolt pistol\n1x Bolt rifle\n"
    "• 4x Intercessor\n• 4x Bolt pistol\n4x Bolt rifle\n",
    "New Recruit GW-style": NR + "Intercessor Squad (80 pts)\n• 1x Intercessor Sergeant\n"
    "    • 1x Bolt pistol\n    • 1x Bolt rifle\n• 4x Intercessor\n"
    "    • 4x Bolt pistol\n    • 4x Bolt rifle\n",
    "New Recruit WTC, N with": NR + "5x Intercessor Squad (80 pts)\n• 1x Intercessor Sergeant\n"
    "    1 with Bolt pistol, Bolt rifle\n• 4x Intercessor\n    4 with Bolt pistol, Bolt rifle\n",
    "New Recruit WTC, the unit's name among the items": NR + "5x Intercessor Squad (80 pts)\n"
    "• 1x Intercessor Sergeant\n    1 with Bolt pistol, Bolt rifle\n• 4x Intercessors\n"
    "    4 with Intercessor Squad, Bolt pistol, Bolt rifle\n",
    "New Recruit compact, items inline": NR + "5x Intercessor Squad (80 pts)\n"
    "• 1x Intercessor Sergeant: Bolt pistol, Bolt rifle\n"
    "• 4x Intercessor: Bolt pistol, Bolt rifle\n",
    "New Recruit compact, totals inline": NR + "Intercessor Squad (80 pts)\n"
    "• 1x Intercessor Sergeant: Bolt pistol, Bolt rifle\n"
    "• 4x Intercessor: 4x Bolt pistol, 4 Bolt rifles\n",
    "WarOrgan, N Model with a and b": WAR_ORGAN + "Intercessor Squad [80 points]\n"
    "\t• 1 Intercessor Sergeant with Bolt pistol and Bolt rifle\n"
    "\t• 4 Intercessors with Bolt pistol and Bolt rifle\n",
    "full-stop bullets, Name: items": APP + "Intercessor Squad (80 points)\n"
    ". Intercessor Sergeant: Bolt pistol, Bolt rifle\n"
    ". 4x Intercessors: 4x Bolt pistol, 4x Bolt rifle\n",
    "ListForge bullets": LISTFORGE + "Intercessor Squad (80 points)\n"
    "  • 1x Intercessor Sergeant\n  • 4x Intercessor\n",
}


@pytest.mark.parametrize("text", MODEL_LINES.values(), ids=MODEL_LINES.keys())
def test_model_lines_count_models_in_every_dialect(text: str) -> None:
    models, loadout, unplaced = read(text, SQUAD)
    assert (models, unplaced) == (5, [])
    assert loadout == SQUAD_READ


def test_two_model_lines_of_one_name_are_two_model_lines() -> None:
    text = WAR_ORGAN + (
        "Intercessor Squad [80 points]\n"
        "\t• 1 Intercessor Sergeant with Bolt pistol and Bolt rifle\n"
        "\t• 2 Intercessors with Bolt pistol and Bolt rifle\n"
        "\t• 2 Intercessors with Bolt pistol and Bolt rifle\n"
    )
    assert read(text, SQUAD) == (5, SQUAD_READ, [])


def test_a_note_written_like_a_model_line_is_no_model() -> None:
    text = APP + (
        "Intercessor Squad (80 points)\n  • Attached as: Leader\n"
        "  • 1x Intercessor Sergeant\n  • 4x Intercessor\n"
    )
    assert read(text, SQUAD) == (5, DEFAULTS, [])


def test_a_line_naming_only_the_unit_counts_models_of_the_default_types() -> None:
    text = APP + "Intercessor Squad (80 points)\n  • 5x Intercessor Squad\n"
    assert read(text, SQUAD) == (5, {}, [])


WTC_FIEND = "+ FACTION KEYWORD: Chaos - World Eaters\n\n1x Forgefiend (150 pts)\n"
HEAD_AND_ARMS = {"2 ectoplasma cannons": 1, "Ectoplasma cannon and claws": 1}
# (case, text, datasheet, names, loadout of the one model type read, unplaced)
NAMES: dict[str, tuple[str, core.Datasheet, GearNames, dict[str, int], list[str]]] = {
    "a weapon profile names the option holding it, and takes its other weapon": (
        WTC_FIEND + "1 with 2x Ectoplasma cannon, Ectoplasma cannon, Forgefiend claws\n",
        FIEND,
        FIEND_NAMES,
        HEAD_AND_ARMS,
        [],
    ),
    "the app's total of a weapon two options hold": (
        "World Eaters\nStrike Force (2000 points)\n\nForgefiend (150 points)\n"
        "  • 3x Ectoplasma cannon\n    1x Forgefiend claws\n",
        FIEND,
        FIEND_NAMES,
        HEAD_AND_ARMS,
        [],
    ),
    "the group's name in front: Mark of Nurgle": (
        "+ FACTION KEYWORD: Chaos - World Eaters\n\n"
        "1x Forgefiend (150 pts): 2x Hades autocannon, Forgefiend jaws, Mark of Nurgle\n",
        FIEND,
        FIEND_NAMES,
        {"2 Hades autocannons": 1, "Forgefiend jaws": 1, "Nurgle": 1},
        [],
    ),
    "a profile's name: Grinding jaws are the Forgefiend jaws": (
        WTC_FIEND + "1 with Grinding jaws, 2x Hades autocannon\n",
        FIEND,
        FIEND_NAMES,
        {"2 Hades autocannons": 1, "Forgefiend jaws": 1},
        [],
    ),
    "without the data's profiles the profile is no name": (
        WTC_FIEND + "1 with Grinding jaws, 2x Hades autocannon\n",
        FIEND,
        NO_NAMES,
        {"2 Hades autocannons": 1, "Forgefiend jaws": 1},
        ["Grinding jaws"],
    ),
    "the model's name in front: Forgefiend claws, without the profiles": (
        WTC_FIEND + "1 with 2x Ectoplasma cannon, Forgefiend claws\n",
        FIEND,
        NO_NAMES,
        HEAD_AND_ARMS,
        [],
    ),
}
TAU = "+ FACTION KEYWORD: Xenos - T'au Empire\n\n"
SHAS_VRE = "3x Stealth Battlesuits (80 pts)\n• 1x Stealth Shas'vre\n    • 1x Burst cannon\n"
SHAS_UI = "• 2x Stealth Shas’ui\n    • 2x Burst cannon\n    • 2x Stealth Shas’ui\n"
DRONE_LINES = {
    "Gun Drone (Twin pulse carbine): the drone and its weapon": (
        "    • Gun Drone (Twin pulse carbine)\n",
        {"Burst cannon": 1, "Gun Drone": 1},
    ),
    "the drone's weapon alone is the drone": (
        "    • 1x Twin pulse carbine\n",
        {"Burst cannon": 1, "Gun Drone": 1},
    ),
    "Model (item): the model restates its item": (
        "    • Shield Drone, Stealth Shas'vre (Shield Drone)\n",
        {"Burst cannon": 1, "Shield Drone": 1},
    ),
    "Missile Drone (Missile pod), the weapon stated again": (
        "    • Missile Drone (Missile pod)\n    • 1x Missile pod\n",
        {"Burst cannon": 1, "Missile Drone": 1},
    ),
    "names run together in WTC texts": (
        "    • Gun DroneTwin pulse carbine\n",
        {"Burst cannon": 1, "Gun Drone": 1},
    ),
    "an (X upgrade) suffix": (
        "    • Plasma rifle (Plasma Accelerator Rifle upgrade)\n",
        {"Burst cannon": 1, "Plasma rifle": 1},
    ),
    "plural and case": (
        "    • Battlesuit Support Systems\n",
        {"Burst cannon": 1, "Battlesuit support system": 1},
    ),
    "a weapon every model carries is no choice": (
        "    • 1x Battlesuit fists\n",
        {"Burst cannon": 1},
    ),
}
for case, (lines, gear) in DRONE_LINES.items():
    NAMES[case] = (TAU + SHAS_VRE + lines + SHAS_UI, SUITS, SUIT_NAMES, gear, [])
WTC_WE = "+ FACTION KEYWORD: Chaos - World Eaters\n\n"
HERO = "1x Tanith Heroes (100 pts)\n• 1x Tanith Ghost: "
CORBEC = "Corbec’s hot-shot lascarbine, Straight silver knife"
CORBEC_READ = {"Corbec's hot-shot lascarbine": 1, "Straight silver knife": 1}
NAMES |= {
    "curly quotes": (WTC_WE + HERO + CORBEC + "\n", HEROES, NO_NAMES, CORBEC_READ, []),
    "items joined by and": (
        WTC_WE + HERO + CORBEC + ", Close combat weapon and Galvanic rifle\n",
        HEROES,
        NO_NAMES,
        CORBEC_READ | {"Close combat weapon and Galvanic rifle": 1},
        [],
    ),
    "a count inside the name, and a plural": (
        WTC_WE + HERO + CORBEC + ", 2 Storm bolter\n",
        HEROES,
        NO_NAMES,
        CORBEC_READ | {"2 Storm Bolters": 1},
        [],
    ),
    "an option whose name the export split at its comma": (
        WTC_WE + HERO + CORBEC + ", Cyclone Missile Launcher, Storm Bolter & Power Fist, "
        "Cyclone Missile Launcher\n",
        HEROES,
        NO_NAMES,
        CORBEC_READ | {"Cyclone Missile Launcher, Storm Bolter & Power Fist": 1},
        [],
    ),
    "a weapon only one of two options holds says which": (
        WTC_WE + HERO + CORBEC + ", Cyclone Missile Launcher, Chainfist, Storm Bolter\n",
        HEROES,
        NO_NAMES,
        CORBEC_READ | {"Cyclone Missile Launcher, Storm Bolter & Chainfist": 1},
        [],
    ),
    "a former name, from an alias source": (
        WTC_WE + HERO + CORBEC + ", Heirloom weapon\n",
        HEROES,
        GearNames(aliases=(("heirloom weapon", "Wolf Guard Weapon"),)),
        CORBEC_READ | {"Wolf Guard Weapon": 1},
        [],
    ),
    "a former name without the alias source stays unplaced": (
        WTC_WE + HERO + CORBEC + ", Heirloom weapon\n",
        HEROES,
        NO_NAMES,
        CORBEC_READ,
        ["Heirloom weapon"],
    ),
}
BERZERKER_ITEMS = {
    "counts inside names: 7 chainblades": "7 chainblades, 7 Bolt pistols",
    "the unit's name in front: Berzerker chainblade": "Berzerker chainblades, Bolt pistols",
}
for case, items in BERZERKER_ITEMS.items():
    NAMES[case] = (
        f"{WTC_WE}8x Khorne Berzerkers (150 pts)\n• 1x Khorne Berzerker Champion: Chainblade, "
        f"Bolt pistol\n• 7x Khorne Berzerker: {items}\n",
        BERZERKERS,
        NO_NAMES,
        {"Chainblade": 7, "Bolt pistol": 7},
        [],
    )


@pytest.mark.parametrize(
    ("text", "datasheet", "names", "gear", "unplaced"), NAMES.values(), ids=NAMES.keys()
)
def test_names_are_matched_the_way_players_write_them(
    text: str,
    datasheet: core.Datasheet,
    names: GearNames,
    gear: dict[str, int],
    unplaced: list[str],
) -> None:
    _models, loadout, left = read(text, datasheet, names)
    assert left == unplaced
    # The model type the item lines are about: the Shas'vre, the hero, the seven.
    kind = {
        "Forgefiend": "Forgefiend",
        "Stealth Battlesuits": "Stealth Shas'vre",
        "Tanith Heroes": "Tanith Ghost w/ Corbec's hot-shot lascarbine",
        "Khorne Berzerkers": "Khorne Berzerker",
    }[datasheet.name]
    assert loadout[kind][1] == gear


def test_the_restated_model_line_is_no_item_and_its_models_are_counted() -> None:
    models, loadout, unplaced = read(TAU + SHAS_VRE + SHAS_UI, SUITS, SUIT_NAMES)
    assert (models, unplaced) == (3, [])
    assert loadout["Stealth Shas'ui w/ burst cannon"] == (2, {"Burst cannon": 2})


# Real units on the full catalogue: (case, text, models by type, WARGEAR_CHOICE count).
REAL: list[tuple[str, str, dict[str, int], int]] = [
    (
        "app: model lines without items are models, not wargear",
        APP + "Intercessor Squad (80 points)\n  • 1x Intercessor Sergeant\n  • 4x Intercessor\n",
        {"Intercessor Sergeant": 1, "Intercessor": 4},
        0,
    ),
    (
        "New Recruit WTC: the Forgefiend's head weapon read from its profiles",
        "+ FACTION KEYWORD: Chaos - World Eaters\n+ DETACHMENT: Berzerker Warband\n\n"
        "1x Forgefiend (150 pts)\n"
        "1 with 2x Ectoplasma cannon, Ectoplasma cannon, Forgefiend claws\n",
        {"Forgefiend": 1},
        0,
    ),
    (
        "WTC-Compact: N with in the unit's own line",
        "+ FACTION KEYWORD: Chaos - World Eaters\n+ DETACHMENT: Berzerker Warband\n\n"
        "Char1: 2x Chaos Spawn (80 pts): 2 with Hideous Mutations\n",
        {"Chaos Spawn": 2},
        0,
    ),
    (
        "New Recruit GW-style: drones as models and items, the team named among them",
        "+ FACTION KEYWORD: Xenos - T'au Empire\n+ DETACHMENT: Kauyon\n\n"
        "Pathfinder Team (90 pts)\n• 1x Pathfinder Shas'ui\n    • 1x Close combat weapon\n"
        "    • 1x Pulse carbine\n    • 1x Pulse pistol\n    • 1x Drone burst cannon\n"
        "    • Recon drone\n• 9x Pathfinders\n    6 with Pathfinder Team, Close combat weapon, "
        "Pulse carbine, Pulse pistol\n    3 with Close combat weapon, Ion rifle, Pulse pistol\n",
        {
            "Pathfinder Shas'ui": 1,
            "Pathfinders w/ pulse carbine": 6,
            "Pathfinders w/ ion rifle": 3,
        },
        0,
    ),
    (
        "New Recruit WTC: a drone and its weapon run together",
        "+ FACTION KEYWORD: Xenos - T'au Empire\n+ DETACHMENT: Kauyon\n\n"
        "2x The Twin Lance (205 pts)\n• 1x Ri'Lantar\n    1 with Fusion eliminator, Twin pulse "
        "blaster, Shardstorm burst system, XV pulse pistol, MV15 Gun DroneTwin pulse blaster\n"
        "• 1x Ri'Locai\n    1 with Ion scattercannon, Twin pulse blaster, Shardstorm burst "
        "system, XV pulse pistol, MV15 Gun DroneTwin pulse blaster\n",
        {"Ri'Lantar": 1, "Ri'Locai": 1},
        0,
    ),
    (
        "WarOrgan: N Model with a and b",
        "Astra Militarum\nBattle Size: Strike Force (2000 point limit)\n\n"
        "Tempestus Scions [65 points]\n\t• 1 Tempestor with Hot-shot laspistol and Chainsword\n"
        "\t• 4 Tempestus Scions with Close combat weapon and Hot-shot lasgun\n",
        {"Tempestor": 1, "Tempestus Scion": 4},
        0,
    ),
]


@pytest.mark.django_db
@pytest.mark.skipif(not FULL_CATALOGUE.exists(), reason="fixtures/catalogue-10e.json.xz absent")
def test_model_lines_and_names_on_real_units() -> None:
    call_command("loaddata", str(FULL_CATALOGUE), verbosity=0)
    catalogue_snapshot_clear()
    snapshot = catalogue_snapshot()
    for case, text, expected, choices in REAL:
        check = formats.list_import_check(text=text, snapshot=snapshot)
        wargear: list[Any] = [p for p in check.resolved.problems if p.kind == WARGEAR]
        assert wargear == [], (case, wargear)
        (unit,) = check.resolved.kept()
        assert {p.model: p.models for p in unit.loadout} == expected, case
        assert unit.models == sum(expected.values()), case
        assert check.result is not None
        codes = [v.code for v in check.result.violations]
        assert "UNIT_SIZE" not in codes, (case, check.result.violations)
        assert codes.count("WARGEAR_CHOICE") == choices, (case, check.result.violations)
