"""Wargear from BSData: model types, choice groups, unit-wide caps, ratio limits, defaults,
weapon profiles and stat lines, read from small XML snippets (bsdata_wargear)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

import pytest

from armybuilder.catalogue.importers.bsdata_wargear import wargear_of
from armybuilder.catalogue.importers.bsdata_xml import Ctx, Index

STATS = """<profiles><profile name="{name}" typeName="Unit" id="p-{name}"><characteristics>
<characteristic name="M">6"</characteristic><characteristic name="T">4</characteristic>
<characteristic name="SV">3+</characteristic><characteristic name="W">2</characteristic>
<characteristic name="LD">6+</characteristic><characteristic name="OC">1</characteristic>
</characteristics></profile></profiles>"""


def weapon(wid: str, name: str, keywords: str = "-", per_model: str = "") -> str:
    return f"""<selectionEntry type="upgrade" name="{name}" id="{wid}">
<constraints>{per_model}</constraints>
<profiles><profile name="&#10148; {name}" typeName="Ranged Weapons" id="wp-{wid}"><characteristics>
<characteristic name="Range">24"</characteristic><characteristic name="A">2</characteristic>
<characteristic name="BS">3+</characteristic><characteristic name="S">7</characteristic>
<characteristic name="AP">-2</characteristic><characteristic name="D">1</characteristic>
<characteristic name="Keywords">{keywords}</characteristic></characteristics></profile></profiles>
</selectionEntry>"""


ONE_EACH = (
    '<constraint type="min" value="1" field="selections" scope="parent" id="{0}-min"/>'
    '<constraint type="max" value="1" field="selections" scope="parent" id="{0}-max"/>'
)


def read(body: str, models: dict[str, tuple[int, int]] | None = None) -> dict[str, Any]:
    unit = ET.fromstring(f'<selectionEntry type="unit" name="Squad" id="u">{body}</selectionEntry>')
    index = Index()
    for element in unit.iter():
        if element.get("id") and element.tag in ("selectionEntry", "selectionEntryGroup"):
            index.entries[element.get("id", "")] = element
    found = [e for e in unit.iter("selectionEntry") if e.get("type") == "model"]
    parsed = wargear_of(
        index=index,
        ctx=Ctx("cat"),
        unit=unit,
        models=found,
        bounds=models or {},
        abilities=["Oath of Moment", "Invulnerable Save"],
        max_models=10,
    )
    return parsed.as_json()


def model(mid: str, name: str, inner: str) -> str:
    stats = STATS.format(name=name)
    return (
        f'<selectionEntries><selectionEntry type="model" name="{name}" id="{mid}">'
        f"{inner}{stats}</selectionEntry></selectionEntries>"
    )


PISTOLS = f"""<selectionEntryGroups>
<selectionEntryGroup name="Pistol" id="g1" defaultSelectionEntryId="w2">
<constraints>{ONE_EACH.format("g1")}</constraints><selectionEntries>
{weapon("w1", "Plasma pistol")}{weapon("w2", "Bolt pistol", "Pistol")}
</selectionEntries></selectionEntryGroup></selectionEntryGroups>"""
FOLDER = f"""<selectionEntryGroups><selectionEntryGroup name="Wargear" id="g2"><selectionEntries>
{weapon("w3", "Boltgun", per_model=ONE_EACH.format("w3"))}
</selectionEntries></selectionEntryGroup></selectionEntryGroups>"""
RATIO = """<selectionEntries><selectionEntry type="upgrade" name="Shardlauncher" id="w4">
<constraints>
<constraint type="min" value="1" field="selections" scope="parent" id="w4-min"/>
<constraint type="max" value="1" field="selections" scope="parent" id="w4-max"/>
<constraint type="max" value="0" field="selections" scope="unit" id="w4-unit"/></constraints>
<modifiers><modifier type="increment" value="1" field="w4-unit"><repeats>
<repeat value="10" repeats="1" field="selections" scope="u" childId="model" roundUp="false"/>
</repeats></modifier></modifiers></selectionEntry></selectionEntries>"""
CONDITIONAL = """<selectionEntryGroups><selectionEntryGroup name="Weapon 1" id="g3">
<constraints><constraint type="min" value="1" field="selections" scope="parent" id="g3-min"/>
<constraint type="max" value="1" field="selections" scope="parent" id="g3-max"/></constraints>
<modifiers><modifier type="set" value="0" field="g3-min"><conditions>
<condition type="atLeast" value="1" field="selections" scope="m" childId="claws"/>
</conditions></modifier></modifiers>
<selectionEntries><selectionEntry type="upgrade" name="Chainsword" id="w5"/></selectionEntries>
</selectionEntryGroup></selectionEntryGroups>"""
CRUSADE = """<selectionEntryGroups><selectionEntryGroup name="Crusade Relics" id="g4">
<constraints>
<constraint type="max" value="1" field="selections" scope="parent" id="g4-max"/></constraints>
<selectionEntries><selectionEntry type="upgrade" name="Relic" id="w6"/></selectionEntries>
</selectionEntryGroup></selectionEntryGroups>"""
INVULNERABLE = """<profiles><profile name="Invulnerable Save" typeName="Abilities" id="inv">
<characteristics><characteristic name="Description">4+</characteristic></characteristics>
</profile></profiles>"""


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        pytest.param(
            model("m", "Sergeant", PISTOLS),
            [
                {
                    "name": "Pistol",
                    "options": ["Plasma pistol", "Bolt pistol"],
                    "min": 1,
                    "max": 1,
                    "default": {"Bolt pistol": 1},
                }
            ],
            id="a choice group with its stated default",
        ),
        pytest.param(
            model("m", "Marine", FOLDER),
            [{"name": "Boltgun", "options": ["Boltgun"], "min": 1, "max": 1}],
            id="a group without bounds is a folder: its item stands alone",
        ),
        pytest.param(
            model("m", "Termagant", RATIO),
            [
                {
                    "name": "Shardlauncher",
                    "options": ["Shardlauncher"],
                    "min": 1,
                    "max": 1,
                    "unit_max": 0,
                    "per": 10,
                    "step": 1,
                }
            ],
            id="a ratio limit: one more for every ten models",
        ),
        pytest.param(
            model("m", "Sergeant", CONDITIONAL),
            [{"name": "Weapon 1", "options": ["Chainsword"], "min": 0, "max": 1}],
            id="boundary: a minimum a condition sets to 0 is read as 0",
        ),
        pytest.param(model("m", "Sergeant", CRUSADE), [], id="Crusade groups are not wargear"),
    ],
)
def test_groups(body: str, expected: list[dict[str, Any]]) -> None:
    assert read(body)["model_types"][0]["groups"] == expected


def test_model_types_stats_weapons_and_abilities() -> None:
    body = model("m", "Sergeant", PISTOLS) + INVULNERABLE
    parsed = read(body, {"m": (1, 1)})
    (sergeant,) = parsed["model_types"]
    assert (sergeant["name"], sergeant["min"], sergeant["max"]) == ("Sergeant", 1, 1)
    assert sergeant["stats"] == ['6"', "4", "3+", "4+", "2", "6+", "1"]
    assert parsed["weapons"]["Bolt pistol"] == [
        ["R", "Bolt pistol", '24"', "2", "3+", "7", "-2", "1", ["PISTOL"]]
    ]
    assert parsed["weapons"]["Plasma pistol"][0][-1] == []
    # Names only; the invulnerable save is a stat, not an ability name.
    assert parsed["abilities"] == ["Oath of Moment"]
    assert parsed["fill"] == "Sergeant"
