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


def read(
    body: str, models: dict[str, tuple[int, int]] | None = None, shared: str = ""
) -> dict[str, Any]:
    unit = ET.fromstring(f'<selectionEntry type="unit" name="Squad" id="u">{body}</selectionEntry>')
    index = Index()
    index.category_names["cat-warlord"] = "Warlord"
    elements = [*unit.iter(), *ET.fromstring(f"<shared>{shared}</shared>").iter()]
    for element in elements:
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
WARLORD = """<selectionEntries><selectionEntry type="upgrade" name="Warlord" id="w7">
<categoryLinks><categoryLink id="w7-c" name="Warlord" targetId="cat-warlord"/></categoryLinks>
<constraints><constraint type="min" value="1" field="selections" scope="parent" id="w7-min"/>
</constraints></selectionEntry></selectionEntries>"""
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
            [
                {
                    "name": "Weapon 1",
                    "options": ["Chainsword"],
                    "min": 0,
                    "max": 1,
                    "default": {"Chainsword": 1},
                }
            ],
            id="boundary: a minimum a condition sets to 0 is read as 0, its default kept",
        ),
        pytest.param(model("m", "Sergeant", CRUSADE), [], id="Crusade groups are not wargear"),
        pytest.param(model("m", "Sergeant", WARLORD), [], id="the Warlord marker is not wargear"),
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


# -- the catalogue's wargear as BSData states it (issue #24) ---------------------------------

# The Tactical sergeant: both weapon groups are "set" to 0 when he takes twin lightning
# claws; a new sergeant still starts with his bolt pistol and boltgun.
TACTICAL = """<selectionEntryGroups>{groups}</selectionEntryGroups>
<entryLinks><entryLink id="l-claws" name="Twin lightning claws" targetId="claws"
type="selectionEntry"><constraints>
<constraint type="max" value="1" field="selections" scope="parent" id="claws-max"/>
</constraints></entryLink></entryLinks>"""
TACTICAL_GROUP = """<selectionEntryGroup name="{name}" id="{gid}" defaultSelectionEntryId="{first}">
<constraints>{bounds}</constraints>
<modifiers><modifier type="set" value="0" field="{gid}-min"><conditions>
<condition type="atLeast" value="1" field="selections" scope="sgt" childId="claws"/>
</conditions></modifier><modifier type="set" value="0" field="{gid}-max"><conditions>
<condition type="atLeast" value="1" field="selections" scope="sgt" childId="claws"/>
</conditions></modifier></modifiers>
<selectionEntries>{weapons}</selectionEntries></selectionEntryGroup>"""
TACTICAL_SERGEANT = TACTICAL.format(
    groups=TACTICAL_GROUP.format(
        name="Weapon 1",
        gid="g1",
        first="w1",
        bounds=ONE_EACH.format("g1"),
        weapons=weapon("w1", "Bolt pistol") + weapon("w2", "Plasma pistol"),
    )
    + TACTICAL_GROUP.format(
        name="Weapon 2",
        gid="g2",
        first="w3",
        bounds=ONE_EACH.format("g2"),
        weapons=weapon("w3", "Boltgun") + weapon("w4", "Storm bolter"),
    )
)
CLAWS = weapon("claws", "Twin lightning claws")

# War Walkers: the shared heavy weapons group says one, the link sets min and max to 2.
HEAVY_WEAPONS = f"""<selectionEntryGroup name="Heavy Weapons" id="hw" defaultSelectionEntryId="w5">
<constraints>{ONE_EACH.format("hw")}</constraints>
<selectionEntries>{weapon("w5", "Shuriken cannon")}{weapon("w6", "Bright lance")}</selectionEntries>
</selectionEntryGroup>"""
WAR_WALKER = """<entryLinks><entryLink id="l-hw" name="Heavy Weapons" targetId="hw"
type="selectionEntryGroup"><modifiers>
<modifier type="set" value="2" field="hw-min"/><modifier type="set" value="2" field="hw-max"/>
</modifiers></entryLink></entryLinks>"""

# Broadsides: two support systems at most, the secondary weapons nested in that group.
BROADSIDE = f"""<selectionEntryGroups><selectionEntryGroup name="Support Systems (0-2)" id="ss">
<constraints><constraint type="max" value="2" field="selections" scope="parent" id="ss-max"/>
</constraints><selectionEntries>
{
    weapon(
        "w7",
        "Weapon support system",
        per_model='<constraint type="max" value="1" '
        'field="selections" scope="parent" id="w7-max"/>',
    )
}
{weapon("w8", "Seeker missile")}</selectionEntries>
<selectionEntryGroups><selectionEntryGroup name="Secondary Weapons" id="sec">
<constraints><constraint type="max" value="1" field="selections" scope="parent" id="sec-max"/>
</constraints><selectionEntries>{weapon("w9", "Twin plasma rifle")}
{weapon("w10", "Twin smart missile system")}</selectionEntries></selectionEntryGroup>
</selectionEntryGroups></selectionEntryGroup></selectionEntryGroups>"""


@pytest.mark.parametrize(
    ("body", "shared", "expected"),
    [
        pytest.param(
            model("sgt", "Tactical Marine Sergeant", TACTICAL_SERGEANT),
            CLAWS,
            [
                {
                    "name": "Weapon 1",
                    "options": ["Bolt pistol", "Plasma pistol"],
                    "min": 0,
                    "max": 1,
                    "default": {"Bolt pistol": 1},
                },
                {
                    "name": "Weapon 2",
                    "options": ["Boltgun", "Storm bolter"],
                    "min": 0,
                    "max": 1,
                    "default": {"Boltgun": 1},
                },
                {
                    "name": "Twin lightning claws",
                    "options": ["Twin lightning claws"],
                    "min": 0,
                    "max": 1,
                },
            ],
            id="Tactical sergeant: a minimum a condition lowers keeps its default",
        ),
        pytest.param(
            model("ww", "War Walker", WAR_WALKER),
            HEAVY_WEAPONS,
            [
                {
                    "name": "Heavy Weapons",
                    "options": ["Shuriken cannon", "Bright lance"],
                    "min": 2,
                    "max": 2,
                    "default": {"Shuriken cannon": 2},
                }
            ],
            id="War Walkers: a modifier that surely applies sets the group's min and max",
        ),
        pytest.param(
            model("bs", "Broadside Shas'vre", BROADSIDE),
            "",
            [
                {
                    "name": "Support Systems (0-2)",
                    "options": [
                        "Weapon support system",
                        "Seeker missile",
                        "Twin plasma rifle",
                        "Twin smart missile system",
                    ],
                    "min": 0,
                    "max": 2,
                },
                {
                    "name": "Weapon support system",
                    "options": ["Weapon support system"],
                    "min": 0,
                    "max": 1,
                    "cap": True,
                },
                {
                    "name": "Secondary Weapons",
                    "options": ["Twin plasma rifle", "Twin smart missile system"],
                    "min": 0,
                    "max": 1,
                    "cap": True,
                },
            ],
            id="Broadsides: a nested group shares the outer group's cap and keeps its own",
        ),
    ],
)
def test_bsdata_bounds(body: str, shared: str, expected: list[dict[str, Any]]) -> None:
    assert read(body, shared=shared)["model_types"][0]["groups"] == expected


def test_broadsides_three_support_systems_break_the_shared_cap() -> None:
    """The nested group read above, checked by the rules core: 3 items in a cap of 2."""
    from armybuilder.catalogue.conversion import model_types_facts
    from armybuilder.rules.model import Datasheet, Loadout, Unit
    from armybuilder.rules.wargear import unit_wargear_problems

    raw = read(model("bs", "Broadside Shas'vre", BROADSIDE), {"bs": (1, 1)})
    kinds = model_types_facts(raw["model_types"])
    sheet = Datasheet("Broadside Battlesuits", frozenset(), frozenset(), (), model_types=kinds)

    def problems(*items: str) -> int:
        gear = tuple((item, 1) for item in items)
        unit = Unit("b", sheet, 1, loadout=(Loadout("Broadside Shas'vre", 1, gear),))
        return len(unit_wargear_problems(unit))

    assert problems("Weapon support system", "Twin plasma rifle") == 0
    assert problems("Weapon support system", "Seeker missile", "Twin plasma rifle") == 1


# Legionaries: the unit entry links the shared Mark of Chaos group (each mark renamed
# "Mark of ..." once taken) and an icon; the squad's size is a composition entry holding
# models, and a shared pistol's cap names another unit.
MARKS = """<selectionEntryGroup name="Mark of Chaos" id="marks" defaultSelectionEntryId="none">
<constraints><constraint type="min" value="0" field="selections" scope="parent" id="marks-min"/>
<constraint type="max" value="1" field="selections" scope="parent" id="marks-max"/>
</constraints><selectionEntries>
<selectionEntry type="upgrade" name="Khorne" id="khorne"><modifiers>
<modifier type="set" value="Mark of Khorne" field="name"><conditions>
<condition type="atLeast" value="1" field="selections" scope="parent" childId="khorne"/>
</conditions></modifier></modifiers></selectionEntry>
<selectionEntry type="upgrade" name="Nurgle" id="nurgle"><modifiers>
<modifier type="set" value="Mark of Nurgle" field="name"><conditions>
<condition type="atLeast" value="1" field="selections" scope="parent" childId="nurgle"/>
</conditions></modifier></modifiers></selectionEntry>
</selectionEntries></selectionEntryGroup>
<selectionEntry type="upgrade" name="Plasma pistol" id="pp"><constraints>
<constraint type="max" value="4" field="selections" scope="berzerkers" id="pp-other"/>
</constraints></selectionEntry>"""
LEGIONARIES = (
    f"""<selectionEntries><selectionEntry type="model" name="Aspiring Champion" id="champ">
<entryLinks><entryLink id="l-pp" name="Plasma pistol" targetId="pp" type="selectionEntry"/>
</entryLinks>{STATS.format(name="Aspiring Champion")}</selectionEntry>
<selectionEntry type="upgrade" name="5 Legionaries" id="five"><selectionEntries>
<selectionEntry type="model" name="Legionary" id="leg">{STATS.format(name="Legionary")}
</selectionEntry></selectionEntries></selectionEntry>
<selectionEntry type="upgrade" name="Chaos icon" id="icon"><constraints>
<constraint type="max" value="1" field="selections" scope="parent" id="icon-max"/>
</constraints></selectionEntry></selectionEntries>"""
    """<entryLinks><entryLink id="l-marks" name="Mark of Chaos" targetId="marks"
type="selectionEntryGroup"/></entryLinks>"""
)


def test_legionaries_unit_groups_reach_every_model_type() -> None:
    parsed = read(LEGIONARIES, {"champ": (1, 1), "leg": (4, 9)}, shared=MARKS)
    mark = {
        "name": "Mark of Chaos",
        "options": ["Mark of Khorne", "Mark of Nurgle"],
        "min": 0,
        "max": 1,
        "unit_max": 1,
    }
    icon = {"name": "Chaos icon", "options": ["Chaos icon"], "min": 0, "max": 1, "unit_max": 1}
    champion, legionary = parsed["model_types"]
    assert (champion["name"], legionary["name"]) == ("Aspiring Champion", "Legionary")
    # The pistol's cap is Berzerkers': here it is the champion's plain item.
    pistol = {"name": "Plasma pistol", "options": ["Plasma pistol"], "min": 0, "max": 1}
    assert champion["groups"] == [pistol, icon, mark]
    # The composition entry ("5 Legionaries") is not wargear.
    assert legionary["groups"] == [icon, mark]
    assert parsed["option_ids"]["Mark of Khorne"] == ["khorne"]
    assert parsed["option_ids"]["Plasma pistol"] == ["l-pp", "pp"]


# A mark option carries the god's category: taking it gives the bearer that keyword (what
# an enhancement's bearer needs); a faction category or the Warlord marker grants nothing.
MARKED = """<selectionEntryGroups><selectionEntryGroup name="Mark of Chaos" id="m">
<constraints><constraint type="max" value="1" field="selections" scope="parent" id="m-max"/>
</constraints><selectionEntries>
<selectionEntry type="upgrade" name="Khorne" id="k"><categoryLinks>
<categoryLink id="k-c" name="Khorne" targetId="cat-khorne" primary="false"/>
</categoryLinks></selectionEntry>
<selectionEntry type="upgrade" name="Chaos Undivided" id="u"><categoryLinks>
<categoryLink id="u-c" name="Chaos Undivided" targetId="cat-undivided" primary="false"/>
<categoryLink id="u-f" name="Faction: Heretic Astartes" targetId="cat-faction" primary="false"/>
</categoryLinks></selectionEntry>
<selectionEntry type="upgrade" name="Bolt pistol" id="bp"/>
</selectionEntries></selectionEntryGroup></selectionEntryGroups>"""

GRANTS = [
    pytest.param("Khorne", ["KHORNE"], id="a-god"),
    pytest.param("Chaos Undivided", ["CHAOS UNDIVIDED"], id="faction-category-aside"),
    pytest.param("Bolt pistol", None, id="plain-wargear"),
]


@pytest.mark.parametrize(("option", "keywords"), GRANTS)
def test_an_option_grants_the_keywords_of_its_categories(option, keywords) -> None:
    unit = ET.fromstring(
        f'<selectionEntry type="model" name="Lord" id="u0">{MARKED}</selectionEntry>'
    )
    index = Index()
    index.category_names.update(
        {
            "cat-khorne": "Khorne",
            "cat-undivided": "Chaos Undivided",
            "cat-faction": "Faction: Heretic Astartes",
        }
    )
    for element in unit.iter():
        if element.get("id") and element.tag in ("selectionEntry", "selectionEntryGroup"):
            index.entries[element.get("id", "")] = element
    parsed = wargear_of(
        index=index,
        ctx=Ctx("cat"),
        unit=unit,
        models=[unit],
        bounds={},
        abilities=[],
        max_models=1,
    ).as_json()
    [group] = parsed["model_types"][0]["groups"]
    assert group.get("grants", {}).get(option) == keywords
