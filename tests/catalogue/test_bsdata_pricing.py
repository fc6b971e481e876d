"""Points brackets from model slots: GW-style steps, per-model prices, unit-size options, and
bounds that follow the unit's other model counts (a leader plus N, replacements)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import NamedTuple

import pytest

from armybuilder.catalogue.importers.bsdata_parse import ParsedCatalogue, parse_bsdata
from armybuilder.catalogue.importers.bsdata_pricing import (
    ModelSlot,
    SlotGroup,
    Validator,
    canonical_counts,
    compress_brackets,
    model_range,
    price_table,
)

MINI = Path(__file__).parent / "data" / "bsdata_mini"

SQUAD = [
    ModelSlot("sgt", "Sergeant", 1, 1, ("g",)),
    ModelSlot("gl", "Grenadier", 0, 2, ("g",)),
    ModelSlot("int", "Intercessor", 4, 9, ("g",)),
]
SQUAD_GROUPS = {"g": SlotGroup("g", 5, 10)}


def test_model_range_is_clamped_by_the_group() -> None:
    assert model_range(SQUAD, SQUAD_GROUPS) == (5, 10)


def test_canonical_counts_fill_the_core_model_first() -> None:
    assert canonical_counts(SQUAD, SQUAD_GROUPS, 7) == {"sgt": 1, "gl": 0, "int": 6}
    assert canonical_counts(SQUAD, SQUAD_GROUPS, 11) is None


def test_brackets_keep_the_steps() -> None:
    table = price_table(SQUAD, SQUAD_GROUPS, lambda c: 160 if sum(c.values()) >= 6 else 80)
    assert compress_brackets(table) == [(5, 80), (10, 160)]


def test_per_model_prices_give_a_bracket_per_count() -> None:
    slots = [ModelSlot("m", "Model", 3, 5, (), 10.0)]
    table = price_table(slots, {}, lambda c: sum(n * 10 for n in c.values()))
    assert compress_brackets(table) == [(3, 30), (4, 40), (5, 50)]


@pytest.fixture(scope="module")
def mini() -> ParsedCatalogue:
    return parse_bsdata(MINI)


def _sheet(parsed: ParsedCatalogue, name: str):  # type: ignore[no-untyped-def]
    return next(s for s in parsed.datasheets if s.name == name)


def test_set_modifier_on_a_group_count(mini: ParsedCatalogue) -> None:
    squad = _sheet(mini, "Battle Squad")
    assert (squad.min_models, squad.max_models) == (5, 10)
    assert squad.prices == ((5, 80), (10, 160))


def test_set_modifier_on_the_model_count(mini: ParsedCatalogue) -> None:
    assert _sheet(mini, "Heavy Squad").prices == ((3, 100), (6, 200))


def test_per_model_priced_unit(mini: ParsedCatalogue) -> None:
    assert _sheet(mini, "Grunts").prices == ((3, 30), (4, 40), (5, 50))


def test_unit_size_chosen_as_an_option(mini: ParsedCatalogue) -> None:
    mob = _sheet(mini, "Mob")
    assert (mob.min_models, mob.max_models) == (10, 20)
    assert mob.prices == ((10, 70), (20, 140))


def test_priced_wargear_is_an_option_price(mini: ParsedCatalogue) -> None:
    (option,) = _sheet(mini, "Battle Squad").options
    assert (option.name, option.points, option.max_count) == ("Heavy weapon", 10, 1)


def test_enhancements_are_not_option_prices(mini: ParsedCatalogue) -> None:
    assert _sheet(mini, "Hero Captain").options == ()


# -- bounds that change with the unit's other counts ----------------------------------------
# Each case is a unit's slots with their widest bounds, a validator holding the exact bounds,
# a price by model count, and the sizes and brackets expected.

BROOD = [
    ModelSlot("node", "Nodebeast", 1, 2, ("n",)),
    ModelSlot("gaunt", "Gaunt", 10, 20, ("g",)),
]
PACK = [
    ModelSlot("leader", "Pack Leader", 1, 1),
    ModelSlot("pack", "Packmate", 8, 17),
    ModelSlot("out-a", "Outcast with axe", 0, 2, ("out",)),
    ModelSlot("out-b", "Outcast with maul", 0, 2, ("out",)),
]
REPLACED = [
    ModelSlot("chief", "Chief", 1, 1),
    ModelSlot("trooper", "Trooper", 2, 4),
    ModelSlot("banner", "Trooper with banner", 0, 1),
    ModelSlot("medic", "Trooper with medkit", 0, 1),
]


def _brood_ok(c: Mapping[str, int]) -> bool:
    # A second Nodebeast only once the brood has 20 Gaunts.
    return c["node"] <= 1 + (c["gaunt"] >= 20)


def _pack_ok(c: Mapping[str, int]) -> bool:
    # 1 leader with 8 or 17 packmates, where 1 (or 2 in the big pack) Outcasts make it 10 (20).
    outcasts = 2 if c["pack"] == 17 else 1
    return c["pack"] in (8, 17) and c["out-a"] + c["out-b"] == outcasts


def _replaced_ok(c: Mapping[str, int]) -> bool:
    # Each specialist replaces one of the 4 troopers.
    return c["trooper"] == 4 - c["banner"] - c["medic"]


PriceOf = Callable[[Mapping[str, int]], float]


class BoundsCase(NamedTuple):
    """A unit's widest slot bounds, a validator with the exact ones, and what they give."""

    slots: list[ModelSlot]
    groups: dict[str, SlotGroup]
    valid: Validator
    price: PriceOf
    sizes: tuple[int, int]
    brackets: list[tuple[int, int]]


DEPENDENT_BOUNDS = {
    "second leader model with a full unit": BoundsCase(
        BROOD,
        {"n": SlotGroup("n", 0, None), "g": SlotGroup("g", 0, None)},
        _brood_ok,
        lambda c: 90 if sum(c.values()) > 11 else 45,
        (11, 22),
        [(11, 45), (22, 90)],
    ),
    "leader plus N, with a model that takes one of the N": BoundsCase(
        PACK,
        {"out": SlotGroup("out", 1, 2)},
        _pack_ok,
        lambda c: 140 if sum(c.values()) > 10 else 65,
        (10, 20),
        [(10, 65), (20, 140)],
    ),
    "specialists that replace troopers keep the size": BoundsCase(
        REPLACED, {}, _replaced_ok, lambda c: 60, (5, 5), [(5, 60)]
    ),
}


@pytest.mark.parametrize("case", DEPENDENT_BOUNDS.values(), ids=DEPENDENT_BOUNDS.keys())
def test_count_dependent_bounds(case: BoundsCase) -> None:
    table = price_table(case.slots, case.groups, case.price, case.valid)
    assert (min(table), max(table)) == case.sizes
    assert compress_brackets(table) == case.brackets


def test_canonical_counts_search_past_a_rejected_greedy_fill() -> None:
    groups = {"out": SlotGroup("out", 1, 2)}

    # The greedy fill gives both Outcasts of a 20-model pack the axe; with the axe capped at
    # one, the search has to find the split.
    def valid(c: Mapping[str, int]) -> bool:
        return _pack_ok(c) and c["out-a"] <= 1

    assert canonical_counts(PACK, groups, 20, valid) == {
        "leader": 1,
        "pack": 17,
        "out-a": 1,
        "out-b": 1,
    }
    assert canonical_counts(PACK, groups, 11, valid) is None


# -- the same structures read from BattleScribe XML -------------------------------------------

GST = """<?xml version="1.0" encoding="UTF-8"?>
<gameSystem xmlns="http://www.battlescribe.net/schema/gameSystemSchema" id="sys" name="S"
            revision="1" type="gameSystem">
  <costTypes><costType id="pts" name="pts" defaultCostLimit="-1"/></costTypes>
  <categoryEntries>
    <categoryEntry id="cat-inf" name="Infantry"/>
    <categoryEntry id="cat-fac" name="Faction: Packs"/>
  </categoryEntries>
  <forceEntries><forceEntry id="force-army" name="Army Roster" hidden="false"/></forceEntries>
</gameSystem>
"""


def _unit(uid: str, name: str, points: int, body: str) -> str:
    return f"""
    <selectionEntry id="{uid}" name="{name}" hidden="false" type="unit">
      <categoryLinks>
        <categoryLink id="{uid}-c1" name="Infantry" targetId="cat-inf" primary="true"/>
        <categoryLink id="{uid}-c2" name="Faction: Packs" targetId="cat-fac" primary="false"/>
      </categoryLinks>
      <costs><cost name="pts" typeId="pts" value="{points}"/></costs>
      {body}
    </selectionEntry>"""


def _bounds(cid: str, low: int | None, high: int | None, extra: str = "") -> str:
    parts = []
    if low is not None:
        parts.append(
            f'<constraint type="min" value="{low}" field="selections" scope="parent" '
            f'id="{cid}-min"/>'
        )
    if high is not None:
        parts.append(
            f'<constraint type="max" value="{high}" field="selections" scope="parent" '
            f'id="{cid}-max"/>'
        )
    return f"<constraints>{''.join(parts)}</constraints>{extra}"


def _model(mid: str, name: str, low: int | None, high: int | None, extra: str = "") -> str:
    return (
        f'<selectionEntry id="{mid}" name="{name}" hidden="false" type="model">'
        f"{_bounds(mid, low, high, extra)}</selectionEntry>"
    )


def _when(kind: str, value: int, child: str, scope: str = "parent") -> str:
    return (
        f'<conditions><condition type="{kind}" value="{value}" field="selections" '
        f'scope="{scope}" childId="{child}" shared="true"/></conditions>'
    )


def _points_step(value: int, kind: str, count: int, unit: str) -> str:
    return (
        f'<modifiers><modifier type="set" value="{value}" field="pts">'
        f"{_when(kind, count, 'model', unit)}</modifier></modifiers>"
    )


# "1 Pack Leader and 9 Packmates (or 19)": the size comes as a pick-one option whose name
# states weapons, not models, and an Outcast group whose bounds follow that pick.
PACK_XML = _unit(
    "pack",
    "Pack",
    65,
    _points_step(140, "greaterThan", 10, "pack")
    + "<selectionEntries>"
    + _model("pack-leader", "Pack Leader", 1, 1)
    + "</selectionEntries><selectionEntryGroups>"
    + '<selectionEntryGroup id="pack-size" name="Packmates" hidden="false">'
    + _bounds("pack-size", 1, 1)
    + "<selectionEntries>"
    + '<selectionEntry id="pack-8" name="8 blades" hidden="false" type="upgrade">'
    + "<selectionEntries>"
    + _model("packmate-8", "Packmate", 8, 8)
    + "</selectionEntries></selectionEntry>"
    + '<selectionEntry id="pack-17" name="1 maul, 16 blades" hidden="false" type="upgrade">'
    + "<selectionEntries>"
    + _model("maul-17", "Packmate with maul", 1, 1)
    + _model("packmate-17", "Packmate", 16, 16)
    + "</selectionEntries></selectionEntry>"
    + "</selectionEntries></selectionEntryGroup>"
    + '<selectionEntryGroup id="outcasts" name="Outcasts" hidden="false">'
    + _bounds(
        "outcasts",
        1,
        1,
        '<modifiers><modifier type="set" value="2" field="outcasts-min">'
        + _when("equalTo", 1, "pack-17", "pack")
        + '</modifier><modifier type="set" value="2" field="outcasts-max">'
        + _when("equalTo", 1, "pack-17", "pack")
        + "</modifier></modifiers>",
    )
    + "<selectionEntries>"
    + _model("outcast-axe", "Outcast with axe", None, 2)
    + _model("outcast-maul", "Outcast with maul", None, 2)
    + "</selectionEntries></selectionEntryGroup></selectionEntryGroups>",
)

# "1-2 Nodebeasts and 10-20 Gaunts": the second Nodebeast comes with the 20th Gaunt.
BROOD_XML = _unit(
    "brood",
    "Brood",
    45,
    _points_step(90, "greaterThan", 11, "brood")
    + "<selectionEntries>"
    + _model(
        "node",
        "Nodebeast",
        1,
        1,
        '<modifiers><modifier type="increment" value="1" field="node-max">'
        + _when("atLeast", 20, "gaunt", "brood")
        + "</modifier></modifiers>",
    )
    + _model("gaunt", "Gaunt", 10, 20)
    + "</selectionEntries>",
)

# "1 Chief and 4 Troopers; a banner or a medkit replaces a Trooper" (repeat modifiers).
CREW_XML = _unit(
    "crew",
    "Crew",
    60,
    "<selectionEntries>"
    + _model("chief", "Chief", 1, 1)
    + _model(
        "trooper",
        "Trooper",
        4,
        4,
        '<modifiers><modifier type="decrement" value="1" field="trooper-min"><repeats>'
        '<repeat value="1" repeats="1" field="selections" scope="crew" childId="banner"/>'
        '<repeat value="1" repeats="1" field="selections" scope="crew" childId="medic"/>'
        '</repeats></modifier><modifier type="decrement" value="1" field="trooper-max">'
        "<repeats>"
        '<repeat value="1" repeats="1" field="selections" scope="crew" childId="banner"/>'
        '<repeat value="1" repeats="1" field="selections" scope="crew" childId="medic"/>'
        "</repeats></modifier></modifiers>",
    )
    + _model("banner", "Trooper with banner", None, 1)
    + _model("medic", "Trooper with medkit", None, 1)
    + "</selectionEntries>",
)

# "1 Sergeant and 9 Scouts; a 2-model weapons team may take two Scouts' places": the option
# is one selection of the Scouts group, whose size drops to 8 when it is taken.
RECON_XML = _unit(
    "recon",
    "Recon",
    80,
    "<selectionEntries>"
    + _model("recon-sgt", "Sergeant", 1, 1)
    + "</selectionEntries><selectionEntryGroups>"
    + '<selectionEntryGroup id="scouts" name="9 Scouts" hidden="false">'
    + _bounds(
        "scouts",
        9,
        9,
        '<modifiers><modifier type="set" value="8" field="scouts-min">'
        + _when("atLeast", 1, "team")
        + '</modifier><modifier type="set" value="8" field="scouts-max">'
        + _when("atLeast", 1, "team")
        + "</modifier></modifiers>",
    )
    + "<selectionEntries>"
    + _model("scout", "Scout", 3, 9)
    + '<selectionEntry id="team" name="Weapons Team" hidden="false" type="upgrade">'
    + _bounds("team", None, 1)
    + "<selectionEntries>"
    + _model("loader", "Loader", 1, 1)
    + _model("gunner", "Gunner", 1, 1)
    + "</selectionEntries></selectionEntry>"
    + "</selectionEntries></selectionEntryGroup></selectionEntryGroups>",
)

XML_UNITS = [
    ("Pack", PACK_XML, (10, 20), ((10, 65), (20, 140))),
    ("Brood", BROOD_XML, (11, 22), ((11, 45), (22, 90))),
    ("Crew", CREW_XML, (5, 5), ((5, 60),)),
    ("Recon", RECON_XML, (10, 10), ((10, 80),)),
]


@pytest.fixture(scope="module")
def synthetic(tmp_path_factory: pytest.TempPathFactory) -> ParsedCatalogue:
    directory = tmp_path_factory.mktemp("bsdata_leaders")
    (directory / "System.gst").write_text(GST, encoding="utf-8")
    entries = "".join(xml for _, xml, _, _ in XML_UNITS)
    links = "".join(
        f'<entryLink id="root-{name}" name="{name}" hidden="false" type="selectionEntry" '
        f'targetId="{name.lower()}"/>'
        for name, _, _, _ in XML_UNITS
    )
    (directory / "Packs.cat").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<catalogue xmlns="http://www.battlescribe.net/schema/catalogueSchema" id="cat-packs" '
        'name="Xenos - Packs" revision="1" library="false" gameSystemId="sys" type="catalogue">'
        f"<entryLinks>{links}</entryLinks>"
        f"<sharedSelectionEntries>{entries}</sharedSelectionEntries></catalogue>\n",
        encoding="utf-8",
    )
    return parse_bsdata(directory)


@pytest.mark.parametrize(
    ("name", "sizes", "brackets"),
    [(name, sizes, brackets) for name, _, sizes, brackets in XML_UNITS],
    ids=[name for name, _, _, _ in XML_UNITS],
)
def test_sizes_follow_count_dependent_bounds(
    synthetic: ParsedCatalogue,
    name: str,
    sizes: tuple[int, int],
    brackets: tuple[tuple[int, int], ...],
) -> None:
    sheet = _sheet(synthetic, name)
    assert (sheet.min_models, sheet.max_models) == sizes
    assert sheet.prices == brackets
