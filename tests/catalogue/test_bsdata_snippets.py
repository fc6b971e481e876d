"""One table per importer module, each case a small hand-made XML snippet.

Every case is one unit (or a pair) written into a throwaway catalogue beside the mini
game system, parsed, and one fact read back, so a change to one reader shows up here
with the snippet that breaks. The module each case exercises is named in its id.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

import pytest

from armybuilder.catalogue.importers.bsdata_parse import (
    ParsedCatalogue,
    ParsedDatasheet,
    parse_bsdata,
)

MINI = Path(__file__).parent / "data" / "bsdata_mini"
NS = "http://www.battlescribe.net/schema/catalogueSchema"


def catalogue(
    units: str, roots: list[str], name: str = "Imperium - Snippet Marines", groups: str = ""
) -> str:
    links = "\n".join(
        f'<entryLink id="rl-{r}" name="{r}" hidden="false" type="selectionEntry" targetId="{r}"/>'
        for r in roots
    )
    return f"""<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<catalogue xmlns="{NS}" id="cat-snip" name="{name}" revision="1" battleScribeVersion="2.03"
           library="false" gameSystemId="sys-mini" type="catalogue">
  <entryLinks>{links}</entryLinks>
  <sharedSelectionEntries>{units}</sharedSelectionEntries>
  <sharedSelectionEntryGroups>{groups}</sharedSelectionEntryGroups>
</catalogue>"""


def model(
    id_: str,
    name: str,
    *categories: str,
    points: int = 50,
    extra: str = "",
) -> str:
    cats = "".join(
        f'<categoryLink id="{id_}-c{n}" name="{c}" targetId="{c}" primary="{str(n == 0).lower()}"/>'
        for n, c in enumerate(("cat-fac-marines", *categories))
    )
    return f"""<selectionEntry id="{id_}" name="{name}" hidden="false" type="model">
  <categoryLinks>{cats}</categoryLinks>
  <costs><cost name="pts" typeId="pts-id" value="{points}"/></costs>
  {extra}
</selectionEntry>"""


def squad(id_: str, name: str, low: int, high: int, per_model: int, *categories: str) -> str:
    cats = "".join(
        f'<categoryLink id="{id_}-c{n}" name="{c}" targetId="{c}" primary="false"/>'
        for n, c in enumerate(("cat-fac-marines", *categories))
    )
    return f"""<selectionEntry id="{id_}" name="{name}" hidden="false" type="unit">
  <categoryLinks>{cats}</categoryLinks>
  <selectionEntries>
    <selectionEntry id="{id_}-m" name="{name} trooper" hidden="false" type="model">
      <constraints>
        <constraint type="min" value="{low}" field="selections" scope="parent" id="{id_}-min"/>
        <constraint type="max" value="{high}" field="selections" scope="parent" id="{id_}-max"/>
      </constraints>
      <costs><cost name="pts" typeId="pts-id" value="{per_model}"/></costs>
    </selectionEntry>
  </selectionEntries>
</selectionEntry>"""


def upgrade_squad(id_: str, name: str, trooper_min: str, weapon_profile: bool = False) -> str:
    """A squad as the first monthly snapshots (mid 2023) coded it: no model entries, its
    sergeant and troopers typed ``upgrade`` inside a group of 5-10, each carrying wargear."""
    profile = (
        f'<profiles><profile id="{id_}-p" name="Gun" typeName="Ranged Weapons" hidden="false"/>'
        "</profiles>"
        if weapon_profile
        else ""
    )
    return f"""<selectionEntry id="{id_}" name="{name}" hidden="false" type="unit">
  <categoryLinks><categoryLink id="{id_}-c0" name="f" targetId="cat-fac-marines" primary="false"/>
  </categoryLinks>
  <costs><cost name="pts" typeId="pts-id" value="95"/></costs>
  <selectionEntryGroups>
    <selectionEntryGroup id="{id_}-g" name="{name} models" hidden="false">
      <constraints>
        <constraint type="min" value="5" field="selections" scope="parent" id="{id_}-gmin"/>
        <constraint type="max" value="10" field="selections" scope="parent" id="{id_}-gmax"/>
      </constraints>
      <selectionEntries>
        <selectionEntry id="{id_}-sgt" name="Sergeant" hidden="false" type="upgrade">
          <constraints>
            <constraint type="min" value="1" field="selections" scope="parent" id="{id_}-s1"/>
            <constraint type="max" value="1" field="selections" scope="parent" id="{id_}-s2"/>
          </constraints>
          <selectionEntries>
            <selectionEntry id="{id_}-sgt-w" name="Sword" hidden="false" type="upgrade"/>
          </selectionEntries>
        </selectionEntry>
        <selectionEntry id="{id_}-tr" name="Trooper" hidden="false" type="upgrade">
          {profile}
          <constraints>{trooper_min}
            <constraint type="max" value="9" field="selections" scope="parent" id="{id_}-t2"/>
          </constraints>
          <selectionEntries>
            <selectionEntry id="{id_}-tr-w" name="Rifle" hidden="false" type="upgrade"/>
          </selectionEntries>
        </selectionEntry>
      </selectionEntries>
    </selectionEntryGroup>
  </selectionEntryGroups>
</selectionEntry>"""


TROOPER_MIN = '<constraint type="min" value="4" field="selections" scope="parent" id="t1"/>'


def mixed_squad(id_: str, name: str) -> str:
    """A squad as the Aug-Sep 2023 snapshots coded some: its sergeant a model entry, its
    nine troopers ``upgrade`` entries in a group of exactly 9, each with its own weapon,
    up to 2 of them with a flamer (a group inside that group)."""
    return f"""<selectionEntry id="{id_}" name="{name}" hidden="false" type="unit">
  <categoryLinks><categoryLink id="{id_}-c0" name="f" targetId="cat-fac-marines" primary="false"/>
  </categoryLinks>
  <costs><cost name="pts" typeId="pts-id" value="70"/></costs>
  <selectionEntries>
    <selectionEntry id="{id_}-sgt" name="Sergeant" hidden="false" type="model">
      <constraints>
        <constraint type="min" value="1" field="selections" scope="parent" id="{id_}-s1"/>
        <constraint type="max" value="1" field="selections" scope="parent" id="{id_}-s2"/>
      </constraints>
      <selectionEntries>
        <selectionEntry id="{id_}-sgt-w" name="Sword" hidden="false" type="upgrade">
          <constraints>
            <constraint type="min" value="1" field="selections" scope="parent" id="{id_}-w1"/>
          </constraints>
        </selectionEntry>
      </selectionEntries>
    </selectionEntry>
  </selectionEntries>
  <selectionEntryGroups>
    <selectionEntryGroup id="{id_}-g" name="9 Troopers" hidden="false">
      <constraints>
        <constraint type="min" value="9" field="selections" scope="parent" id="{id_}-gmin"/>
        <constraint type="max" value="9" field="selections" scope="parent" id="{id_}-gmax"/>
      </constraints>
      <selectionEntries>
        <selectionEntry id="{id_}-tr" name="Trooper w/ rifle" hidden="false" type="upgrade">
          <constraints>
            <constraint type="max" value="9" field="selections" scope="parent" id="{id_}-t2"/>
          </constraints>
          <selectionEntries>
            <selectionEntry id="{id_}-tr-w" name="Rifle" hidden="false" type="upgrade">
              <constraints>
                <constraint type="min" value="1" field="selections" scope="parent" id="{id_}-r1"/>
              </constraints>
            </selectionEntry>
          </selectionEntries>
        </selectionEntry>
      </selectionEntries>
      <selectionEntryGroups>
        <selectionEntryGroup id="{id_}-sp" name="Up to 2:" hidden="false">
          <constraints>
            <constraint type="max" value="2" field="selections" scope="parent" id="{id_}-spx"/>
          </constraints>
          <selectionEntries>
            <selectionEntry id="{id_}-fl" name="Trooper w/ flamer" hidden="false" type="upgrade">
              <constraints>
                <constraint type="max" value="2" field="selections" scope="parent" id="{id_}-f2"/>
              </constraints>
              <selectionEntries>
                <selectionEntry id="{id_}-fl-w" name="Flamer" hidden="false" type="upgrade">
                  <constraints>
                    <constraint type="min" value="1" field="selections" scope="parent"
                                id="{id_}-f1"/>
                  </constraints>
                </selectionEntry>
              </selectionEntries>
            </selectionEntry>
          </selectionEntries>
        </selectionEntryGroup>
      </selectionEntryGroups>
    </selectionEntryGroup>
  </selectionEntryGroups>
</selectionEntry>"""


def gun_model(id_: str, name: str, gun: str, most: int) -> str:
    return f"""<selectionEntry id="{id_}" name="{name}" hidden="false" type="model">
  <constraints>
    <constraint type="max" value="{most}" field="selections" scope="parent" id="{id_}-x"/>
  </constraints>
  <selectionEntries>
    <selectionEntry id="{id_}-w" name="{gun}" hidden="false" type="upgrade">
      <constraints>
        <constraint type="min" value="1" field="selections" scope="parent" id="{id_}-w1"/>
        <constraint type="max" value="1" field="selections" scope="parent" id="{id_}-w2"/>
      </constraints>
    </selectionEntry>
  </selectionEntries>
</selectionEntry>"""


def linked_specials_squad(id_: str, name: str) -> str:
    """A squad as the Aug 2023 snapshot coded Death Korps of Krieg: "1 Sergeant and 4
    Troopers", the troopers a shared group linked with a 4-selection bound lowered by each
    special-weapon trooper, who sit in a second shared group that an entry link inside the
    first link adds to it (see ``LINKED_SPECIALS``)."""
    return f"""<selectionEntry id="{id_}" name="{name}" hidden="false" type="unit">
  <categoryLinks><categoryLink id="{id_}-c0" name="f" targetId="cat-fac-marines" primary="false"/>
  </categoryLinks>
  <costs><cost name="pts" typeId="pts-id" value="60"/></costs>
  <selectionEntryGroups>
    <selectionEntryGroup id="{id_}-uc" name="Unit Composition" hidden="false">
      <constraints>
        <constraint type="min" value="1" field="selections" scope="parent" id="{id_}-u1"/>
        <constraint type="max" value="1" field="selections" scope="parent" id="{id_}-u2"/>
      </constraints>
      <selectionEntries>
        <selectionEntry id="{id_}-opt" name="1 Sergeant and 4 Troopers" hidden="false"
                        type="upgrade">
          <selectionEntries>
            {model_entry(f"{id_}-sgt", "Sergeant", 1)}
          </selectionEntries>
          <entryLinks>
            <entryLink id="{id_}-tl" name="Trooper Selection" hidden="false"
                       type="selectionEntryGroup" targetId="grp-troopers">
              <entryLinks>
                <entryLink id="{id_}-sl" name="Special Troopers" hidden="false"
                           type="selectionEntryGroup" targetId="grp-specials"/>
              </entryLinks>
              <constraints>
                <constraint type="min" value="4" field="selections" scope="parent"
                            id="{id_}-t1"/>
                <constraint type="max" value="4" field="selections" scope="parent"
                            id="{id_}-t2"/>
              </constraints>
              <modifiers>
                <modifier type="decrement" value="1" field="{id_}-t1">
                  <repeats><repeat value="1" repeats="1" field="selections" scope="{id_}"
                    childId="grp-specials" roundUp="false" includeChildSelections="true"/>
                  </repeats>
                </modifier>
                <modifier type="decrement" value="1" field="{id_}-t2">
                  <repeats><repeat value="1" repeats="1" field="selections" scope="{id_}"
                    childId="grp-specials" roundUp="false" includeChildSelections="true"/>
                  </repeats>
                </modifier>
              </modifiers>
            </entryLink>
          </entryLinks>
        </selectionEntry>
      </selectionEntries>
    </selectionEntryGroup>
  </selectionEntryGroups>
</selectionEntry>"""


def model_entry(id_: str, name: str, count: int) -> str:
    return f"""<selectionEntry id="{id_}" name="{name}" hidden="false" type="model">
  <constraints>
    <constraint type="min" value="{count}" field="selections" scope="parent" id="{id_}-n1"/>
    <constraint type="max" value="{count}" field="selections" scope="parent" id="{id_}-n2"/>
  </constraints>
</selectionEntry>"""


LINKED_SPECIALS = f"""
<selectionEntryGroup id="grp-troopers" name="Trooper Selection" hidden="false">
  <selectionEntries>{gun_model("tr", "Trooper", "Rifle", 4)}</selectionEntries>
</selectionEntryGroup>
<selectionEntryGroup id="grp-specials" name="Special Troopers" hidden="false">
  <selectionEntries>{gun_model("fl", "Trooper w/ flamer", "Flamer", 1)}</selectionEntries>
</selectionEntryGroup>"""


def model_types(parsed: ParsedCatalogue, name: str) -> list[tuple[str, int, int, list[str]]]:
    """Each model type of a datasheet: its name, bounds and the names of its groups."""
    return [
        (m["name"], m["min"], m["max"], [g["name"] for g in m["groups"]])
        for m in (sheet(parsed, name).wargear or {})["model_types"]
    ]


LEADER = """<profiles><profile id="{id}-leader" name="Leader" typeName="Abilities" hidden="false">
  <characteristics><characteristic name="Description">This model can be attached to the \
following unit: {target}</characteristic></characteristics></profile></profiles>"""
RULE_OF_THREE = (
    '<constraints><constraint type="max" value="{n}" field="selections" scope="roster"'
    ' shared="true" id="{id}-limit"/></constraints>'
)
DEEP_STRIKE = (
    '<infoLinks><infoLink id="{id}-ds" name="Deep Strike" hidden="false" targetId="rule-ds"'
    ' type="rule"/></infoLinks>'
)


class Case(NamedTuple):
    units: str
    roots: list[str]
    fact: Callable[[ParsedCatalogue], object]
    expected: object
    groups: str = ""


def sheet(parsed: ParsedCatalogue, name: str) -> ParsedDatasheet:
    return next(s for s in parsed.datasheets if s.name == name)


CASES: dict[str, Case] = {
    "bsdata_entries: the catalogue name gives the faction": Case(
        model("hero", "Hero", "cat-character"),
        ["hero"],
        lambda p: sorted(f.name for f in p.factions if f.name == "Snippet Marines"),
        ["Snippet Marines"],
    ),
    "bsdata_entries: a datasheet belongs to the catalogue that roots it": Case(
        model("hero", "Hero", "cat-character"),
        ["hero"],
        lambda p: sheet(p, "Hero").faction,
        "Snippet Marines",
    ),
    "bsdata_datasheets: keywords come from category links": Case(
        model("hero", "Hero", "cat-character", "cat-infantry"),
        ["hero"],
        lambda p: {"CHARACTER", "INFANTRY"} <= set(sheet(p, "Hero").keywords),
        True,
    ),
    "bsdata_datasheets: a [Legends] name is marked Legends": Case(
        model("old", "Old Hero [Legends]", "cat-character"),
        ["old"],
        lambda p: [(s.name, s.legends) for s in p.datasheets if s.name.startswith("Old Hero")],
        [("Old Hero", True)],
    ),
    "bsdata_composition: a single model is one model at its cost": Case(
        model("hero", "Hero", "cat-character", points=85),
        ["hero"],
        lambda p: (sheet(p, "Hero").min_models, sheet(p, "Hero").prices),
        (1, ((1, 85),)),
    ),
    "bsdata_composition: per-model costs give a bracket per count": Case(
        squad("pack", "Pack", 3, 5, 20, "cat-infantry"),
        ["pack"],
        lambda p: sheet(p, "Pack").prices,
        ((3, 60), (4, 80), (5, 100)),
    ),
    "bsdata_composition: model bounds give the unit size": Case(
        squad("pack", "Pack", 5, 10, 10, "cat-infantry"),
        ["pack"],
        lambda p: (sheet(p, "Pack").min_models, sheet(p, "Pack").max_models),
        (5, 10),
    ),
    "bsdata_unit_rules: a roster-scope max is the datasheet limit": Case(
        model("tank", "Tank", "cat-vehicle", extra=RULE_OF_THREE.format(n=2, id="tank")),
        ["tank"],
        lambda p: sheet(p, "Tank").limit,
        2,
    ),
    "bsdata_unit_rules: a Deep Strike rule link is the ability": Case(
        model("drop", "Drop Hero", "cat-character", extra=DEEP_STRIKE.format(id="drop")),
        ["drop"],
        lambda p: sheet(p, "Drop Hero").deep_strike,
        True,
    ),
    "bsdata_unit_rules: no rule link, no Deep Strike": Case(
        model("walk", "Walking Hero", "cat-character"),
        ["walk"],
        lambda p: sheet(p, "Walking Hero").deep_strike,
        False,
    ),
    "bsdata_leaders: leader text names the bodyguard": Case(
        model(
            "boss",
            "Boss",
            "cat-character",
            extra=LEADER.format(id="boss", target="Guard Squad"),
        )
        + squad("guards", "Guard Squad", 5, 5, 20, "cat-infantry"),
        ["boss", "guards"],
        lambda p: sheet(p, "Boss").leads,
        (("Snippet Marines", "Guard Squad"),),
    ),
    "bsdata_leaders: text naming no known unit leads nobody": Case(
        model(
            "boss",
            "Boss",
            "cat-character",
            extra=LEADER.format(id="boss", target="Nobody Squad"),
        ),
        ["boss"],
        lambda p: sheet(p, "Boss").leads,
        (),
    ),
    "bsdata_composition: models typed upgrade in older data are the unit's models": Case(
        upgrade_squad("old", "Old Squad", TROOPER_MIN),
        ["old"],
        lambda p: (sheet(p, "Old Squad").min_models, sheet(p, "Old Squad").max_models),
        (5, 10),
    ),
    "bsdata_composition: an upgrade model the group requires needs no minimum of its own": Case(
        upgrade_squad("old", "Old Squad", ""),
        ["old"],
        lambda p: (sheet(p, "Old Squad").min_models, sheet(p, "Old Squad").max_models),
        (5, 10),
    ),
    "bsdata_composition: a weapon typed upgrade is no model": Case(
        upgrade_squad("old", "Old Squad", TROOPER_MIN, weapon_profile=True),
        ["old"],
        lambda p: (sheet(p, "Old Squad").min_models, sheet(p, "Old Squad").max_models),
        (1, 1),
    ),
    "bsdata_composition: upgrade models beside one model entry are the unit's models": Case(
        mixed_squad("mix", "Mixed Squad"),
        ["mix"],
        lambda p: (
            sheet(p, "Mixed Squad").min_models,
            sheet(p, "Mixed Squad").max_models,
            sheet(p, "Mixed Squad").prices,
        ),
        (10, 10, ((10, 70),)),
    ),
    "bsdata_wargear: upgrade models the unit size reads are model types, not wargear": Case(
        mixed_squad("mix", "Mixed Squad"),
        ["mix"],
        lambda p: model_types(p, "Mixed Squad"),
        [
            ("Sergeant", 1, 1, ["Sword"]),
            ("Trooper w/ rifle", 0, 9, ["Rifle"]),
            ("Trooper w/ flamer", 0, 2, ["Flamer"]),
        ],
    ),
    "bsdata_composition: entries a link adds to the group it links are in the group": Case(
        linked_specials_squad("dkk", "Linked Squad"),
        ["dkk"],
        lambda p: (
            sheet(p, "Linked Squad").min_models,
            sheet(p, "Linked Squad").max_models,
            sheet(p, "Linked Squad").prices,
        ),
        (5, 5, ((5, 60),)),
        LINKED_SPECIALS,
    ),
    "bsdata_wargear: entries a link adds to the group it links are model types": Case(
        linked_specials_squad("dkk", "Linked Squad"),
        ["dkk"],
        lambda p: [(n, gear) for n, _low, _high, gear in model_types(p, "Linked Squad")],
        [("Sergeant", []), ("Trooper", ["Rifle"]), ("Trooper w/ flamer", ["Flamer"])],
        LINKED_SPECIALS,
    ),
    "bsdata_composition: a squad with model entries ignores upgrade look-alikes": Case(
        squad("pack", "Pack", 3, 5, 20, "cat-infantry"),
        ["pack"],
        lambda p: (sheet(p, "Pack").min_models, sheet(p, "Pack").max_models),
        (3, 5),
    ),
}


@pytest.mark.parametrize("case", CASES.values(), ids=CASES.keys())
def test_snippet(tmp_path: Path, case: Case) -> None:
    shutil.copy(MINI / "Mini.gst", tmp_path / "Mini.gst")
    (tmp_path / "Imperium - Snippet Marines.cat").write_text(
        catalogue(case.units, case.roots, groups=case.groups), encoding="utf-8"
    )
    assert case.fact(parse_bsdata(tmp_path)) == case.expected
