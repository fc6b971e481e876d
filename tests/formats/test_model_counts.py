"""Model counts as a human reads them (issue #24), per dialect: items written like model
lines add no models, the app's layout pasted flat keeps its model lines, and New
Recruit's "1x" on a unit of several named models gives way to its model lines.

Small datasheets built here, shaped like the data of the lists' months (no database):
the parsers, then the resolver's counting (model_lines) and placing, end to end.
"""

from __future__ import annotations

import pytest

from armybuilder.rules import model as core
from rosters.formats.text_import import list_parse
from rosters.formats.text_import.model_lines import (
    flat_model_lines,
    restated_lines,
    unit_models,
)
from rosters.formats.text_import.wargear_lines import header_gear
from rosters.formats.text_import.wargear_resolve import resolve_gear
from tests.formats.wargear_sheets import wargear_sheet as sheet


def group(name: str, *options: str, low: int = 1, high: int = 1) -> core.WargearGroup:
    return core.WargearGroup(name, options, low, high, ((options[0], 1),) if low else ())


def kind(name: str, low: int, high: int, *options: str) -> core.ModelType:
    """A model type with one group per option; an option written "Name?" is optional."""
    return core.ModelType(
        name,
        low,
        high,
        tuple(
            group(o.rstrip("?"), o.rstrip("?"), low=0 if o.endswith("?") else 1) for o in options
        ),
    )


# The 2024 data names Tzaangors' types by their weapons, with no Twistbray among them.
TZAANGORS = sheet(
    "Tzaangors",
    "Tzaangor blades",
    kind("Tzaangor blades", 0, 20, "Tzaangor blades", "Brayhorn?"),
    kind("Pistol and chainsword", 0, 20, "Autopistol", "Chainsword", "Brayhorn?"),
)
INCUBI = sheet(
    "Incubi",
    "Incubi",
    kind("Klaivex", 1, 1, "Demiklaives"),
    kind("Incubi", 4, 9, "Klaive", "Incubi Shrine Token?"),
)
FLAMERS = sheet(
    "Flamers",
    "Flamer",
    kind("Pyrocaster", 1, 1, "Flamer mouths", "Flickering flames"),
    kind("Flamer", 2, 5, "Flamer mouths", "Flickering flames"),
)
CYPHER = sheet(
    "Cypher", "Cypher", kind("Cypher", 1, 1, "Cypher's bolt pistol", "Cypher's plasma pistol")
)
CANIS = sheet(
    "Canis Rex",
    "Canis Rex",
    kind("Canis Rex", 1, 1, "Freedom's Hand", "Chainbreaker las-impulsor"),
    kind("Sir Hekhtur", 1, 1, "Hekhtur's pistol"),
)
# The 2023 data has only "Terminator w/ ..." types: no champion's type.
BLIGHTLORDS = sheet(
    "Blightlord Terminators",
    "Terminator w/ plague combi-bolter",
    kind("Terminator w/ plague combi-bolter", 0, 10, "Plague combi-bolter", "Bubotic blade"),
    kind("Terminator w/ plague spewer", 0, 2, "Plague spewer", "Bubotic blade"),
)
TERMINATORS = sheet(
    "Terminator Squad",
    "Terminator w/ Power Fist",
    core.ModelType(
        "Terminator Sergeant",
        1,
        1,
        (group("Weapon", "Power weapon", "Power fist"), group("Storm bolter", "Storm bolter")),
    ),
    kind("Terminator w/ Power Fist", 0, 9, "Power fist", "Storm bolter"),
    kind("Terminator w/ Chainfist", 0, 9, "Chainfist", "Storm bolter"),
)

INTERCESSORS = sheet(
    "Intercessor Squad",
    "Intercessor",
    kind("Intercessor Sergeant", 1, 1, "Bolt Pistol", "Bolt Rifle", "Power Fist?"),
    kind("Intercessor", 3, 9, "Bolt Pistol", "Bolt Rifle", "Close Combat Weapon"),
    kind(
        "Intercessor w/ Grenade Launcher",
        0,
        2,
        "Bolt Pistol",
        "Bolt Rifle",
        "Close Combat Weapon",
        "Astartes Grenade Launcher",
    ),
)
INFILTRATORS = sheet(
    "Infiltrator Squad",
    "Infiltrator",
    kind("Infiltrator Sergeant", 1, 1, "Bolt Pistol", "Marksman Bolt Carbine"),
    kind(
        "Infiltrator",
        4,
        9,
        "Bolt Pistol",
        "Marksman Bolt Carbine",
        "Infiltrator Comms Array?",
        "Helix Gauntlet?",
    ),
)

APP = "Chaos Space Marines\nStrike Force (2000 points)\n\n"
NR = "+ FACTION KEYWORD: Imperium - Imperial Knights\n+ DETACHMENT: Noble Lance\n\n"
MARINES = "+ FACTION KEYWORD: Imperium - Adeptus Astartes\n+ DETACHMENT: Gladius Task Force\n\n"


def read(
    text: str, datasheet: core.Datasheet, smallest: int = 1
) -> tuple[int, dict[str, tuple[int, dict[str, int]]], list[str]]:
    """Parse a one-unit list and count and place its lines as the resolver does: (models,
    loadout by type, unplaced); ``smallest``: the datasheet's smallest unit."""
    (unit,) = list_parse(text=text).units
    gear = header_gear(unit.line, unit.items[: unit.header_items], unit.name) + unit.gear
    gear, _ = restated_lines(sheet=datasheet, unit_name=unit.name, gear=gear)
    gear, _ = flat_model_lines(
        sheet=datasheet, unit_name=unit.name, bullets=unit.wargear, gear=gear
    )
    models = (
        unit_models(
            sheet=datasheet,
            unit_name=unit.name,
            unit=unit,
            gear=gear,
            models=unit.models or smallest,
        )
        or smallest
    )
    loadout, unplaced = resolve_gear(sheet=datasheet, unit_name=unit.name, models=models, gear=gear)
    found = {p.model: (p.models, dict(p.wargear)) for p in loadout}
    return models, found, [u.gear.name for u in unplaced]


# (case, text, datasheet, smallest unit, models, loadout of the types stated, unplaced)
CASES = [
    pytest.param(
        APP + "Tzaangors (65 points)\n• 1x Twistbray\n• 1x Autopistol\n1x Chainsword\n"
        "• 9x Tzaangor\n• 9x Autopistol\n1x Brayhorn\n9x Chainsword\n",
        TZAANGORS,
        10,
        10,
        {"Pistol and chainsword": (10, {"Autopistol": 10, "Chainsword": 10, "Brayhorn": 1})},
        [],
        id="app flat: a model line no type names, then its bulleted first item",
    ),
    pytest.param(
        APP + "Incubi (180 Points)\n• 2x Incubi Shrine Token\n• 1x Klaivex\n"
        "◦ 1x Demiklaives\n• 9x Incubi\n◦ 9x Klaive\n",
        INCUBI,
        5,
        10,
        {
            "Klaivex": (1, {"Demiklaives": 1}),
            "Incubi": (9, {"Klaive": 9, "Incubi Shrine Token": 2}),
        },
        [],
        id="app: an item named like the unit is no model",
    ),
    pytest.param(
        APP + "Flamers (130 points)\n• 1x Pyrocaster\n• 1x Flamer mouths\n"
        "1x Flickering flames\n• 5x Flamer\n• 5x Flamer mouths\n5x Flickering flames\n",
        FLAMERS,
        3,
        6,
        {
            "Pyrocaster": (1, {"Flamer mouths": 1, "Flickering flames": 1}),
            "Flamer": (5, {"Flamer mouths": 5, "Flickering flames": 5}),
        },
        [],
        id="app flat: items named after the models' own type add none",
    ),
    pytest.param(
        APP + "Cypher (90 Points)\n• Warlord\n• 1x Cypher's bolt pistol\n"
        "• 1x Cypher's plasma pistol\n",
        CYPHER,
        1,
        1,
        {"Cypher": (1, {"Cypher's bolt pistol": 1, "Cypher's plasma pistol": 1})},
        [],
        id="app: a character's items named after him are no models",
    ),
    pytest.param(
        APP + "Blightlord Terminators (165 points)\n• 1x Blightlord Champion\n"
        "• 1x Bubotic blade\n1x Plague combi-bolter\n• 4x Blightlord Terminator\n"
        "• 4x Bubotic blade\n4x Plague combi-bolter\n",
        BLIGHTLORDS,
        5,
        5,
        {
            "Terminator w/ plague combi-bolter": (
                5,
                {"Bubotic blade": 5, "Plague combi-bolter": 5},
            )
        },
        [],
        id="app flat: a champion of no type, then a line naming the unit with its items",
    ),
    pytest.param(
        APP + "Terminator Squad (175 points)\n• 1x Terminator Squad Leader\n"
        "• 1x Power fist\n1x Storm bolter\n• 4x Terminator\n• 4x Chainfist\n"
        "4x Storm bolter\n",
        TERMINATORS,
        5,
        5,
        {
            "Terminator Sergeant": (1, {"Power fist": 1, "Storm bolter": 1}),
            "Terminator w/ Chainfist": (4, {"Chainfist": 4, "Storm bolter": 4}),
        },
        [],
        id="app flat: a one-model line of no type's name is the unit's one leader",
    ),
    pytest.param(
        NR + "Char1: 1x Canis Rex (380 pts)\n"
        "• 1x Canis Rex: Chainbreaker las-impulsor, Freedom's Hand\n"
        "• 1x Sir Hekhtur: Hekhtur's pistol\n",
        CANIS,
        2,
        2,
        {
            "Canis Rex": (1, {"Chainbreaker las-impulsor": 1, "Freedom's Hand": 1}),
            "Sir Hekhtur": (1, {"Hekhtur's pistol": 1}),
        },
        [],
        id="WTC compact: 1x on the unit, two named model types under it",
    ),
    pytest.param(
        NR + "Char1: 1x Canis Rex (450 pts)\n• 1x Canis Rex\n"
        "1 with Chainbreaker las-impulsor, Freedom's Hand\n• 1x Sir Hekhtur\n"
        "1 with Hekhtur's pistol\n",
        CANIS,
        2,
        2,
        {
            "Canis Rex": (1, {"Chainbreaker las-impulsor": 1, "Freedom's Hand": 1}),
            "Sir Hekhtur": (1, {"Hekhtur's pistol": 1}),
        },
        [],
        id="WTC: 1x on the unit, N with lines under two named model types",
    ),
    pytest.param(
        MARINES + "5x Intercessor Squad (80 pts)\n• 1x Intercessor Sergeant\n"
        "1 with Bolt Pistol, Bolt Rifle, Power Fist\n• Intercessor Sergeant\n"
        "• 4x Intercessor\n3 with Bolt Pistol, Bolt Rifle, Close Combat Weapon\n"
        "• Intercessor Squad\n"
        "1 with Astartes Grenade Launcher, Bolt Pistol, Bolt Rifle, Close Combat Weapon\n"
        "• Intercessor Squad\n",
        INTERCESSORS,
        5,
        5,
        {
            "Intercessor Sergeant": (1, {"Bolt Pistol": 1, "Bolt Rifle": 1, "Power Fist": 1}),
            "Intercessor": (3, {"Bolt Pistol": 3, "Bolt Rifle": 3, "Close Combat Weapon": 3}),
            "Intercessor w/ Grenade Launcher": (
                1,
                {
                    "Astartes Grenade Launcher": 1,
                    "Bolt Pistol": 1,
                    "Bolt Rifle": 1,
                    "Close Combat Weapon": 1,
                },
            ),
        },
        [],
        id="WTC flat: restated model lines, the unit's name over an N with line",
    ),
    pytest.param(
        MARINES + "5x Infiltrator Squad (100 pts)\n• 4x Infiltrator\n"
        "3 with Bolt Pistol, Marksman Bolt Carbine\n• Infiltrator Comms Array\n"
        "1 with Bolt Pistol, Marksman Bolt Carbine\n• Helix Gauntlet\n"
        "• 1x Infiltrator Sergeant\n1 with Bolt Pistol, Marksman Bolt Carbine\n",
        INFILTRATORS,
        5,
        5,
        {
            "Infiltrator": (
                4,
                {
                    "Bolt Pistol": 4,
                    "Marksman Bolt Carbine": 4,
                    "Infiltrator Comms Array": 1,
                    "Helix Gauntlet": 1,
                },
            ),
            "Infiltrator Sergeant": (1, {"Bolt Pistol": 1, "Marksman Bolt Carbine": 1}),
        },
        [],
        id="WTC flat: an item over an N with line of the model line before it",
    ),
    pytest.param(
        MARINES + "10x Incubi (180 pts)\n• 1x Klaivex\n• 1x Demiklaives\n• Klaivex\n"
        "• 9x Incubi\n• 9x Klaive\n• 9x Incubi, Incubi Shrine Token\n",
        INCUBI,
        5,
        10,
        {
            "Klaivex": (1, {"Demiklaives": 1}),
            "Incubi": (9, {"Klaive": 9, "Incubi Shrine Token": 1}),
        },
        [],
        id="WTC flat: a model line restated with its count, items on the same line",
    ),
]


@pytest.mark.parametrize(("text", "datasheet", "smallest", "models", "loadout", "unplaced"), CASES)
def test_model_lines_count_what_a_human_reads(
    text: str,
    datasheet: core.Datasheet,
    smallest: int,
    models: int,
    loadout: dict[str, tuple[int, dict[str, int]]],
    unplaced: list[str],
) -> None:
    found_models, found, left = read(text, datasheet, smallest)
    assert found_models == models
    assert {k: v for k, v in found.items() if k in loadout} == loadout
    assert left == unplaced


# Boundaries: what stays as it was read.
BOUNDARIES = [
    pytest.param(
        APP + "Tzaangors (65 points)\n• 1x Twistbray\n1x Autopistol\n"
        "• 9x Tzaangor\n• 9x Autopistol\n",
        TZAANGORS,
        10,
        9,
        ["Twistbray"],
        id="a line no name fits, followed by an unbulleted line, is no model line",
    ),
    pytest.param(
        APP + "Tzaangors (65 points)\n• 1x Twistbray\n• 1x Strange relic\n"
        "• 9x Tzaangor\n• 9x Autopistol\n",
        TZAANGORS,
        10,
        9,
        ["Twistbray", "Strange relic"],
        id="nor one followed by a line no name fits either",
    ),
    pytest.param(
        APP + "Cypher (90 Points)\n• 1x Cypher's blade\n• 1x Cypher's plasma pistol\n",
        CYPHER,
        1,
        1,
        ["Cypher's blade"],
        id="a one-model unit's unknown first item stays an item",
    ),
    pytest.param(
        NR + "Char1: 1x Canis Rex (380 pts)\n• 1x Canis Rex: Freedom's Hand\n",
        CANIS,
        2,
        1,
        [],
        id="1x on the unit over one model type stays as stated",
    ),
    pytest.param(
        APP + "Incubi (90 Points)\n• 1x Klaivex\n◦ 1x Demiklaives\n• 12x Incubi\n◦ 12x Klaive\n",
        INCUBI,
        5,
        13,
        [],
        id="too many models stated stay stated (UNIT_SIZE judges them)",
    ),
    pytest.param(
        MARINES + "Intercessor Squad (80 pts)\n• 1x Intercessor Sergeant\n"
        "1 with Bolt Pistol, Bolt Rifle\n• 4x Intercessor\n"
        "4 with Bolt Pistol, Bolt Rifle, Close Combat Weapon\n• 5x Intercessor Squad\n"
        "5 with Bolt Pistol, Bolt Rifle, Close Combat Weapon\n",
        INTERCESSORS,
        5,
        10,
        [],
        id="N with lines under the unit's name that the model line before cannot hold",
    ),
    pytest.param(
        APP + "Incubi (90 Points)\n• 1x Klaivex\n1x Demiklaives\n• 2x Incubi\n2x Klaive\n"
        "• 1x Incubi\n1x Klaive\n• 1x Incubi\n1x Klaive\n",
        INCUBI,
        5,
        5,
        [],
        id="app flat: repeated model lines with their own items are more models",
    ),
]


@pytest.mark.parametrize(("text", "datasheet", "smallest", "models", "unplaced"), BOUNDARIES)
def test_what_is_not_a_model_line_stays_read_as_before(
    text: str, datasheet: core.Datasheet, smallest: int, models: int, unplaced: list[str]
) -> None:
    found_models, _, left = read(text, datasheet, smallest)
    assert (found_models, left) == (models, unplaced)
