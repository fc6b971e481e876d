# ruff: noqa: E501  (the BSData snippet keeps the XML lines as BattleScribe writes them)
"""Detachment upgrades, priced optional models and upgrade-coded units, on small snippets.

Each snippet is a catalogue in BSData's shape (invented names and numbers) next to the
mini game system: a detachment-gated priced upgrade inside a unit (as Pantheon of Woe's
C'tan powers are coded), an optional model with its own cost (Outrider Squad's Invader
ATV), an optional model the unit's points count (Wolf Guard Headtakers' Hunting Wolves),
and units coded as root ``upgrade`` entries (Hand of the Archon, X-101).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from armybuilder.catalogue.importers.bsdata_options import option_blocks, optional_models
from armybuilder.catalogue.importers.bsdata_parse import (
    ParsedCatalogue,
    ParsedDatasheet,
    parse_bsdata,
)
from armybuilder.catalogue.importers.bsdata_pricing import ModelSlot, SlotGroup

MINI_GST = Path(__file__).parent / "data" / "bsdata_mini" / "Mini.gst"

CATALOGUE = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<catalogue xmlns="http://www.battlescribe.net/schema/catalogueSchema" id="cat-sn" name="Xenos - Snippets"
    revision="1" battleScribeVersion="2.03" library="false" gameSystemId="sys-mini" type="catalogue">
  <categoryEntries>
    <categoryEntry id="cat-fac-sn" name="Faction: Snippets"/>
    <categoryEntry id="cat-mounted" name="Mounted"/>
    <categoryEntry id="cat-monster" name="Monster"/>
  </categoryEntries>
  <entryLinks>
    <entryLink id="rl-det" name="Detachment" hidden="false" type="selectionEntry" targetId="detachment"/>
    <entryLink id="rl-god" name="Star God" hidden="false" type="selectionEntry" targetId="star-god"/>
    <entryLink id="rl-riders" name="Riders" hidden="false" type="selectionEntry" targetId="riders"/>
    <entryLink id="rl-hunters" name="Hunters" hidden="false" type="selectionEntry" targetId="hunters"/>
    <entryLink id="rl-hand" name="Hand of the Lord" hidden="false" type="selectionEntry" targetId="hand"/>
    <entryLink id="rl-drone" name="Drone [Legends]" hidden="false" type="selectionEntry" targetId="drone"/>
    <entryLink id="rl-lord" name="Lord" hidden="false" type="selectionEntry" targetId="lord"/>
  </entryLinks>
  <sharedSelectionEntries>
    <selectionEntry id="detachment" name="Detachment" hidden="false" type="upgrade">
      <categoryLinks><categoryLink id="det-cl" name="Configuration" targetId="cat-config" primary="true"/></categoryLinks>
      <selectionEntryGroups>
        <selectionEntryGroup id="det-group" name="Detachment" hidden="false">
          <selectionEntries>
            <selectionEntry id="det-woe" name="Woe Group" hidden="false" type="upgrade"/>
            <selectionEntry id="det-plain" name="Plain Group" hidden="false" type="upgrade"/>
          </selectionEntries>
        </selectionEntryGroup>
      </selectionEntryGroups>
    </selectionEntry>

    <selectionEntry id="star-god" name="Star God" hidden="false" type="model">
      <categoryLinks>
        <categoryLink id="sg1" name="Monster" targetId="cat-monster" primary="true"/>
        <categoryLink id="sg2" name="Character" targetId="cat-character" primary="false"/>
        <categoryLink id="sg3" name="Faction: Snippets" targetId="cat-fac-sn" primary="false"/>
      </categoryLinks>
      <costs><cost name="pts" typeId="pts-id" value="200"/></costs>
      <selectionEntries>
        <selectionEntry id="dark-power" name="Dark Power" hidden="true" type="upgrade">
          <constraints>
            <constraint type="min" value="0" field="selections" scope="parent" id="dp-min"/>
            <constraint type="max" value="0" field="selections" scope="parent" id="dp-max"/>
          </constraints>
          <modifierGroups>
            <modifierGroup type="and">
              <modifiers>
                <modifier type="set" value="false" field="hidden"/>
                <modifier type="set" value="1" field="dp-min"/>
                <modifier type="set" value="1" field="dp-max"/>
              </modifiers>
              <conditions>
                <condition type="atLeast" value="1" field="selections" scope="force" childId="det-woe" shared="true"/>
              </conditions>
            </modifierGroup>
          </modifierGroups>
          <costs><cost name="pts" typeId="pts-id" value="50"/></costs>
        </selectionEntry>
        <selectionEntry id="plain-gun" name="Plain gun" hidden="false" type="upgrade">
          <costs><cost name="pts" typeId="pts-id" value="5"/></costs>
        </selectionEntry>
      </selectionEntries>
    </selectionEntry>

    <selectionEntry id="riders" name="Riders" hidden="false" type="unit">
      <categoryLinks>
        <categoryLink id="r1" name="Mounted" targetId="cat-mounted" primary="true"/>
        <categoryLink id="r2" name="Faction: Snippets" targetId="cat-fac-sn" primary="false"/>
      </categoryLinks>
      <costs><cost name="pts" typeId="pts-id" value="80"/></costs>
      <modifiers>
        <modifier type="set" value="160" field="pts-id">
          <conditions>
            <condition type="atLeast" value="4" field="selections" scope="riders" childId="rider-group" shared="true"/>
          </conditions>
        </modifier>
      </modifiers>
      <selectionEntryGroups>
        <selectionEntryGroup id="rider-group" name="Riders" hidden="false">
          <constraints>
            <constraint type="min" value="3" field="selections" scope="parent" id="rg-min"/>
            <constraint type="max" value="6" field="selections" scope="parent" id="rg-max"/>
          </constraints>
          <selectionEntries>
            <selectionEntry id="rider" name="Rider" hidden="false" type="model"/>
          </selectionEntries>
        </selectionEntryGroup>
      </selectionEntryGroups>
      <selectionEntries>
        <selectionEntry id="quad" name="Quad" hidden="false" type="model">
          <constraints><constraint type="max" value="1" field="selections" scope="parent" id="quad-max"/></constraints>
          <costs><cost name="pts" typeId="pts-id" value="60"/></costs>
        </selectionEntry>
      </selectionEntries>
    </selectionEntry>

    <selectionEntry id="hunters" name="Hunters" hidden="false" type="unit">
      <categoryLinks>
        <categoryLink id="h1" name="Infantry" targetId="cat-infantry" primary="true"/>
        <categoryLink id="h2" name="Faction: Snippets" targetId="cat-fac-sn" primary="false"/>
      </categoryLinks>
      <costs><cost name="pts" typeId="pts-id" value="85"/></costs>
      <modifiers>
        <modifier type="set" value="170" field="pts-id">
          <conditionGroups><conditionGroup type="and"><conditions>
            <condition type="atLeast" value="4" field="selections" scope="hunters" childId="hunter" shared="true"/>
            <condition type="equalTo" value="0" field="selections" scope="hunters" childId="beast" shared="true"/>
          </conditions></conditionGroup></conditionGroups>
        </modifier>
        <modifier type="set" value="220" field="pts-id">
          <conditionGroups><conditionGroup type="and"><conditions>
            <condition type="atLeast" value="4" field="selections" scope="hunters" childId="hunter" shared="true"/>
            <condition type="atLeast" value="1" field="selections" scope="hunters" childId="beast" shared="true"/>
          </conditions></conditionGroup></conditionGroups>
        </modifier>
        <modifier type="set" value="110" field="pts-id">
          <conditionGroups><conditionGroup type="and"><conditions>
            <condition type="equalTo" value="3" field="selections" scope="hunters" childId="hunter" shared="true"/>
            <condition type="atLeast" value="1" field="selections" scope="hunters" childId="beast" shared="true"/>
          </conditions></conditionGroup></conditionGroups>
        </modifier>
        <modifier type="set" value="220" field="pts-id">
          <conditions>
            <condition type="atLeast" value="4" field="selections" scope="hunters" childId="beast" shared="true"/>
          </conditions>
        </modifier>
      </modifiers>
      <selectionEntryGroups>
        <selectionEntryGroup id="hunter-group" name="Hunters" hidden="false">
          <selectionEntries>
            <selectionEntry id="hunter" name="Hunter" hidden="false" type="model">
              <constraints>
                <constraint type="min" value="3" field="selections" scope="hunter-group" id="hu-min"/>
                <constraint type="max" value="6" field="selections" scope="hunter-group" id="hu-max"/>
              </constraints>
            </selectionEntry>
          </selectionEntries>
        </selectionEntryGroup>
        <selectionEntryGroup id="beast-group" name="Beasts" hidden="false">
          <selectionEntries>
            <selectionEntry id="beast" name="Beast" hidden="false" type="model">
              <constraints><constraint type="max" value="6" field="selections" scope="parent" id="be-max"/></constraints>
            </selectionEntry>
          </selectionEntries>
        </selectionEntryGroup>
      </selectionEntryGroups>
    </selectionEntry>

    <selectionEntry id="hand" name="Hand of the Lord" hidden="false" type="upgrade">
      <categoryLinks>
        <categoryLink id="ha1" name="Infantry" targetId="cat-infantry" primary="true"/>
        <categoryLink id="ha2" name="Faction: Snippets" targetId="cat-fac-sn" primary="false"/>
      </categoryLinks>
      <costs><cost name="pts" typeId="pts-id" value="125"/></costs>
      <selectionEntries>
        <selectionEntry id="retainer" name="Retainer" hidden="false" type="model">
          <constraints>
            <constraint type="min" value="10" field="selections" scope="parent" id="re-min"/>
            <constraint type="max" value="10" field="selections" scope="parent" id="re-max"/>
          </constraints>
        </selectionEntry>
      </selectionEntries>
    </selectionEntry>

    <selectionEntry id="drone" name="Drone [Legends]" hidden="false" type="upgrade">
      <profiles>
        <profile id="drone-unit" name="Drone" typeName="Unit" hidden="false">
          <characteristics><characteristic name="M">6"</characteristic></characteristics>
        </profile>
      </profiles>
      <categoryLinks>
        <categoryLink id="dr1" name="Infantry" targetId="cat-infantry" primary="false"/>
        <categoryLink id="dr2" name="Epic Hero" targetId="cat-epic" primary="true"/>
      </categoryLinks>
      <costs><cost name="pts" typeId="pts-id" value="40"/></costs>
    </selectionEntry>

    <selectionEntry id="lord" name="Lord" hidden="false" type="model">
      <categoryLinks>
        <categoryLink id="lo1" name="Character" targetId="cat-character" primary="true"/>
        <categoryLink id="lo2" name="Faction: Snippets" targetId="cat-fac-sn" primary="false"/>
      </categoryLinks>
      <costs><cost name="pts" typeId="pts-id" value="90"/></costs>
      <profiles>
        <profile id="lo-leader" name="Leader" typeName="Abilities" hidden="false">
          <characteristics>
            <characteristic name="Description">This model can be attached to the following unit: Hand of the Lord</characteristic>
          </characteristics>
        </profile>
      </profiles>
    </selectionEntry>
  </sharedSelectionEntries>
</catalogue>
"""


@pytest.fixture(scope="module")
def snippets(tmp_path_factory: pytest.TempPathFactory) -> ParsedCatalogue:
    directory = tmp_path_factory.mktemp("bsdata_snippets")
    shutil.copy(MINI_GST, directory / MINI_GST.name)
    (directory / "Xenos - Snippets.cat").write_text(CATALOGUE, encoding="utf-8")
    return parse_bsdata(directory)


def _sheet(parsed: ParsedCatalogue, name: str) -> ParsedDatasheet:
    return next(s for s in parsed.datasheets if s.name == name)


def test_a_detachment_gated_priced_upgrade_is_a_detachment_upgrade(
    snippets: ParsedCatalogue,
) -> None:
    (upgrade,) = snippets.upgrades
    assert (upgrade.faction, upgrade.detachment, upgrade.name, upgrade.points) == (
        "Snippets",
        "Woe Group",
        "Dark Power",
        50,
    )
    # The detachment's modifier makes it compulsory: at least and at most one.
    assert [(s.datasheet, s.minimum, s.maximum) for s in upgrade.units] == [
        (("Snippets", "Star God"), 1, 1)
    ]


def test_a_detachment_upgrade_is_neither_option_nor_bracket(snippets: ParsedCatalogue) -> None:
    god = _sheet(snippets, "Star God")
    assert god.prices == ((1, 200),)
    # The always-shown priced gun stays an option; the gated power does not become one.
    assert [(o.name, o.points) for o in god.options] == [("Plain gun", 5)]


def test_an_optional_model_with_its_own_cost_is_an_option(snippets: ParsedCatalogue) -> None:
    riders = _sheet(snippets, "Riders")
    assert (riders.min_models, riders.max_models) == (3, 6)
    assert riders.prices == ((3, 80), (6, 160))
    assert [(o.name, o.points, o.max_count) for o in riders.options] == [("Quad", 60, 1)]


def test_an_optional_model_the_points_count_is_an_option(snippets: ParsedCatalogue) -> None:
    hunters = _sheet(snippets, "Hunters")
    assert (hunters.min_models, hunters.max_models) == (3, 6)
    assert hunters.prices == ((3, 85), (6, 170))
    # 3 Beasts add 25 to 3 Hunters (85 -> 110): an option of 3, at most twice for six.
    assert [(o.name, o.points, o.max_count) for o in hunters.options] == [("3 Beast", 25, 2)]


def test_a_root_upgrade_with_models_is_a_datasheet(snippets: ParsedCatalogue) -> None:
    hand = _sheet(snippets, "Hand of the Lord")
    assert (hand.min_models, hand.max_models, hand.prices) == (10, 10, ((10, 125),))
    assert hand.faction_keywords == ("SNIPPETS",)
    assert ("Snippets", "Hand of the Lord") in _sheet(snippets, "Lord").leads


def test_a_root_upgrade_with_a_unit_profile_is_a_single_model_datasheet(
    snippets: ParsedCatalogue,
) -> None:
    drone = _sheet(snippets, "Drone")
    assert (drone.legends, drone.min_models, drone.max_models) == (True, 1, 1)
    assert drone.prices == ((1, 40),)
    # The data gives it no Faction category: the catalogue offering it is its faction.
    assert drone.faction_keywords == ("SNIPPETS",)
    assert "no Faction category" in drone.review_note


def test_the_detachment_root_is_no_datasheet(snippets: ParsedCatalogue) -> None:
    assert "Detachment" not in {s.name for s in snippets.datasheets}


@pytest.mark.parametrize(
    ("slots", "groups", "expected"),
    [
        pytest.param(
            [ModelSlot("r", "Rider", 0, None, ("g",)), ModelSlot("q", "Quad", 0, 1, (), 60.0)],
            {"g": SlotGroup("g", 3, 6)},
            ["q"],
            id="a priced model beside a group the unit must fill",
        ),
        pytest.param(
            [
                ModelSlot("s", "Sergeant", 1, 1, ("g",)),
                ModelSlot("h", "Gunner", 0, 1, ("g",), 10.0),
            ],
            {"g": SlotGroup("g", 5, 10)},
            [],
            id="boundary: a priced model sharing the squad's group is a squad model",
        ),
        pytest.param(
            [ModelSlot("r", "Rider", 3, 6), ModelSlot("w", "Wolf", 0, 6)],
            {},
            ["w"],
            id="a cost-less model the unit's points count",
        ),
        pytest.param(
            [ModelSlot("r", "Rider", 3, 6), ModelSlot("x", "Extra", 0, 2)],
            {},
            [],
            id="boundary: a cost-less model nothing prices is a unit model",
        ),
        pytest.param(
            [ModelSlot("a", "Bike", 0, 3, (), 55.0)],
            {},
            [],
            id="boundary: a unit of optional models only keeps them as models",
        ),
    ],
)
def test_optional_models(
    slots: list[ModelSlot], groups: dict[str, SlotGroup], expected: list[str]
) -> None:
    assert sorted(optional_models(slots, groups, "unit", {"w"})) == expected


@pytest.mark.parametrize(
    ("deltas", "most", "expected"),
    [
        pytest.param([60.0], 1, (60, 1, 1), id="one vehicle at 60"),
        pytest.param([25.0, 25.0, 25.0, 135.0, 135.0, 135.0], 6, (25, 3, 2), id="3 wolves at 25"),
        pytest.param([30.0, 60.0], 2, (30, 1, 2), id="boundary: per model"),
        pytest.param([0.0], 1, None, id="boundary: free is no priced option"),
    ],
)
def test_option_blocks(
    deltas: list[float], most: int, expected: tuple[int, int, int] | None
) -> None:
    assert option_blocks(deltas, most) == expected
