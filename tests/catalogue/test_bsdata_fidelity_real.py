"""The real catalogue's detachment upgrades, priced option models, upgrade-coded datasheets
and their leaders, as the importer reads them from the final 10th-edition BSData."""

from __future__ import annotations

from typing import Any

import pytest

from armybuilder.catalogue.importers.bsdata_parse import (
    ParsedCatalogue,
    ParsedDatasheet,
    parse_bsdata,
)
from armybuilder.rules import codes, validate
from armybuilder.rules import model as core
from tests.conftest import BSDATA_DIR, require_shared

pytestmark = pytest.mark.shared

FACTIONS = [
    "Space Marines",
    "Space Wolves",
    "Aeldari",
    "Drukhari",
    "Adeptus Mechanicus",
    "Necrons",
    "Agents of the Imperium",
]


@pytest.fixture(scope="module")
def parsed() -> ParsedCatalogue:
    return parse_bsdata(require_shared(BSDATA_DIR), FACTIONS)


def _sheet(parsed: ParsedCatalogue, faction: str, name: str) -> ParsedDatasheet:
    return next(s for s in parsed.datasheets if (s.faction, s.name) == (faction, name))


def test_every_detachment_upgrade_the_data_has(parsed: ParsedCatalogue) -> None:
    found = sorted(
        (u.detachment, u.name, u.points, [(s.datasheet[1], s.minimum, s.maximum) for s in u.units])
        for u in parsed.upgrades
    )
    pantheon, veiled = "Pantheon of Woe", "Veiled Blade Elimination Force"
    assert found == [
        (pantheon, "Animus Damper", 35, [("C'tan Shard of the Void Dragon", 1, 1)]),
        (pantheon, "Quantum Goad", 45, [("C'tan Shard of the Nightbringer", 1, 1)]),
        (pantheon, "Relatavistic Tether", 40, [("Transcendent C'tan", 1, 1)]),
        (pantheon, "Singularity Matrix", 55, [("C'tan Shard of the Deceiver", 1, 1)]),
        (veiled, "Decoy Targets", 40, [("Callidus Assassin", 1, 1)]),
        (veiled, "Esoteric Explosives", 40, [("Culexus Assassin", 1, 1)]),
        (veiled, "Intra-neural Biotech", 35, [("Eversor Assassin", 1, 1)]),
        (veiled, "Micromelta Round", 45, [("Vindicare Assassin", 1, 1)]),
    ]


def _core(sheet: ParsedDatasheet) -> core.Datasheet:
    return core.Datasheet(
        name=sheet.name,
        keywords=frozenset(sheet.keywords),
        faction_keywords=frozenset(sheet.faction_keywords),
        brackets=tuple(core.Bracket(m, p) for m, p in sheet.prices),
        min_models=sheet.min_models,
        max_models=sheet.max_models,
    )


@pytest.mark.parametrize(
    ("detachment", "expected"),
    [
        pytest.param("Pantheon of Woe", [], id="DETACHMENT_UPGRADE: in Pantheon of Woe"),
        pytest.param(
            "Awakened Dynasty",
            [("d1",)],
            id="DETACHMENT_UPGRADE: a C'tan power under the wrong detachment",
        ),
    ],
)
def test_a_ctan_power_from_the_data(
    parsed: ParsedCatalogue, detachment: str, expected: list[Any]
) -> None:
    upgrade = next(u for u in parsed.upgrades if u.name == "Singularity Matrix")
    power = core.Upgrade(
        upgrade.name,
        upgrade.points,
        upgrade.detachment,
        tuple((s.datasheet[1], s.maximum) for s in upgrade.units),
    )
    deceiver = _core(_sheet(parsed, "Necrons", "C'tan Shard of the Deceiver"))
    army = core.Army(
        faction="Necrons",
        faction_keyword="NECRONS",
        battle_size=core.BattleSize.STRIKE_FORCE,
        units=(core.Unit("d1", deceiver, 1, upgrades=(power,)),),
        detachments=(core.Detachment(detachment, "NECRONS"),),
    )
    result = validate(army)
    assert [v.unit_ids for v in result.violations if v.code == codes.DETACHMENT_UPGRADE] == expected
    assert result.unit_points["d1"] == deceiver.brackets[0].points + 55


@pytest.mark.parametrize(
    ("faction", "name", "sizes", "brackets", "options"),
    [
        pytest.param(
            "Space Marines",
            "Outrider Squad",
            (3, 6),
            ((3, 80), (6, 160)),
            [("Invader ATV", 60, 1)],
            id="the Outrider ATV price: 3 Outriders 80, the ATV 60",
        ),
        pytest.param(
            "Space Marines",
            "Bike Squad",
            (3, 6),
            ((3, 80), (6, 160)),
            [("Attack Bike", 55, 1)],
            id="Bike Squad's Attack Bike",
        ),
        pytest.param(
            "Aeldari",
            "Shadow Spectres",
            (5, 10),
            ((5, 115), (10, 230)),
            [("Shadow Spectre Exarch", 30, 1)],
            id="Shadow Spectres' Exarch",
        ),
        pytest.param(
            "Space Wolves",
            "Wolf Guard Headtakers",
            (3, 6),
            ((3, 85), (6, 170)),
            [("3 Hunting Wolves", 25, 2)],
            id="Headtakers with wolves: 3 and 3 wolves 110",
        ),
    ],
)
def test_priced_models_are_options(
    parsed: ParsedCatalogue,
    faction: str,
    name: str,
    sizes: tuple[int, int],
    brackets: tuple[tuple[int, int], ...],
    options: list[tuple[str, int, int]],
) -> None:
    sheet = _sheet(parsed, faction, name)
    assert (sheet.min_models, sheet.max_models) == sizes
    assert sheet.prices == brackets
    assert [(o.name, o.points, o.max_count) for o in sheet.options] == options


def test_headtakers_with_wolves_cost_what_bsdata_says(parsed: ParsedCatalogue) -> None:
    sheet = _sheet(parsed, "Space Wolves", "Wolf Guard Headtakers")
    (wolves,) = sheet.options
    facts = _core(sheet)
    for models, groups, points in [(3, 1, 110), (6, 2, 220), (3, 0, 85), (6, 0, 170)]:
        option = (core.PricedOption(wolves.name, wolves.points, groups),) if groups else ()
        unit = core.Unit("h1", facts, models, options=option)
        army = core.Army("Space Wolves", "SPACE WOLVES", core.BattleSize.STRIKE_FORCE, (unit,))
        assert validate(army).unit_points["h1"] == points, (models, groups)


@pytest.mark.parametrize(
    ("faction", "name", "models", "brackets", "legends", "keywords"),
    [
        pytest.param(
            "Drukhari",
            "Hand of the Archon",
            (10, 10),
            ((10, 125),),
            False,
            ("DRUKHARI",),
            id="Hand of the Archon, 125 pts",
        ),
        pytest.param(
            "Adeptus Mechanicus",
            "X-101",
            (1, 1),
            ((1, 40),),
            True,
            ("ADEPTUS MECHANICUS",),
            id="X-101 [Legends]",
        ),
    ],
)
def test_upgrade_coded_datasheets(
    parsed: ParsedCatalogue,
    faction: str,
    name: str,
    models: tuple[int, int],
    brackets: tuple[tuple[int, int], ...],
    legends: bool,
    keywords: tuple[str, ...],
) -> None:
    sheet = _sheet(parsed, faction, name)
    assert (sheet.min_models, sheet.max_models, sheet.prices) == (*models, brackets)
    assert sheet.legends is legends
    assert sheet.faction_keywords == keywords


@pytest.mark.parametrize("leader", ["Archon", "Lady Malys"])
def test_archons_lead_the_hand_of_the_archon(parsed: ParsedCatalogue, leader: str) -> None:
    assert ("Drukhari", "Hand of the Archon") in _sheet(parsed, "Drukhari", leader).leads
