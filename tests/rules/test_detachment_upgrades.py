"""DETACHMENT_UPGRADE and the points of priced options, on cases from the real catalogue.

The upgrades below are the ones BSData states for Pantheon of Woe (Necrons) and the Veiled
Blade Elimination Force (Agents of the Imperium): which datasheet takes each, at most once,
and in Pantheon of Woe compulsorily. The option cases are the final data's Outrider Squad
(3 Outriders 80 pts, the Invader ATV 60 pts as an option) and Wolf Guard Headtakers (3
Headtakers 85 pts, 3 Hunting Wolves 25 pts as an option).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from armybuilder.rules import codes, unit_points, validate
from armybuilder.rules.model import Army, Declaration, Upgrade
from tests.rules.factories import (
    CASE_FIELDS,
    army,
    case,
    check,
    detachment,
    sheet,
    table,
    unit,
)

NECRONS = "NECRONS"
AGENTS = "AGENTS OF THE IMPERIUM"
PANTHEON = "Pantheon of Woe"
AWAKENED = "Awakened Dynasty"
VEILED = "Veiled Blade Elimination Force"
DECEIVER = sheet(
    "C'tan Shard of the Deceiver", "MONSTER", "CHARACTER", points=235, factions=(NECRONS,)
)
NIGHTBRINGER = sheet(
    "C'tan Shard of the Nightbringer", "MONSTER", "CHARACTER", points=275, factions=(NECRONS,)
)
WARRIORS = sheet(
    "Necron Warriors", "INFANTRY", "BATTLELINE", points=90, models=(10, 20), factions=(NECRONS,)
)
VINDICARE = sheet("Vindicare Assassin", "INFANTRY", "CHARACTER", points=150, factions=(AGENTS,))

SINGULARITY = Upgrade("Singularity Matrix", 55, PANTHEON, ((DECEIVER.name, 1),))
QUANTUM_GOAD = Upgrade("Quantum Goad", 45, PANTHEON, ((NIGHTBRINGER.name, 1),))
MICROMELTA = Upgrade("Micromelta Round", 45, VEILED, ((VINDICARE.name, 1),))
REQUIRED = frozenset({(DECEIVER.name, SINGULARITY.name), (NIGHTBRINGER.name, QUANTUM_GOAD.name)})


def necrons(
    *units: Any, name: str = PANTHEON, required: frozenset[tuple[str, str]] = REQUIRED
) -> Army:
    chosen = detachment(name, NECRONS)
    if name == PANTHEON:
        chosen = detachment(name, NECRONS, required_upgrades=required)
    return army(*units, detachments=(chosen,), faction_keyword=NECRONS)


def shard(uid: str, datasheet: Any = DECEIVER, *upgrades: Upgrade) -> Any:
    return replace(unit(uid, datasheet, warlord=uid == "d1"), upgrades=upgrades)


CASES: dict[str, list[Any]] = {
    codes.DETACHMENT_UPGRADE: [
        case(
            "the Deceiver with its C'tan power in Pantheon of Woe",
            necrons(shard("d1", DECEIVER, SINGULARITY)),
            [],
        ),
        case(
            "a C'tan power under the wrong detachment",
            necrons(shard("d1", DECEIVER, SINGULARITY), name=AWAKENED),
            [("d1",)],
        ),
        case(
            "a C'tan power in an army with no detachment",
            army(shard("d1", DECEIVER, SINGULARITY), detachments=(), faction_keyword=NECRONS),
            [("d1",)],
        ),
        case(
            "another C'tan's power on the Deceiver",
            necrons(shard("d1", DECEIVER, SINGULARITY, QUANTUM_GOAD)),
            [("d1",)],
        ),
        case(
            "boundary: the power once is the most a unit takes",
            necrons(shard("d1", DECEIVER, SINGULARITY)),
            [],
        ),
        case(
            "boundary: the power twice is once too often",
            necrons(
                shard(
                    "d1", DECEIVER, Upgrade(SINGULARITY.name, 55, PANTHEON, SINGULARITY.allowed, 2)
                )
            ),
            [("d1",)],
        ),
        case(
            "boundary: Pantheon of Woe makes the Deceiver take its power",
            necrons(shard("d1", DECEIVER)),
            [("d1",)],
        ),
        case(
            "a Deceiver outside Pantheon of Woe takes none",
            necrons(shard("d1", DECEIVER), name=AWAKENED),
            [],
        ),
        case(
            "an upgrade on a unit the data does not name",
            necrons(
                shard("d1", DECEIVER, SINGULARITY),
                shard("w1", WARRIORS, Upgrade(SINGULARITY.name, 55, PANTHEON, SINGULARITY.allowed)),
            ),
            [("w1",)],
        ),
        case(
            "a Veiled Blade upgrade in a Necron army",
            necrons(shard("d1", DECEIVER, SINGULARITY), shard("v1", VINDICARE, MICROMELTA)),
            [("v1",)],
        ),
    ],
}


@pytest.mark.parametrize(CASE_FIELDS, table(CASES))
def test_detachment_upgrades(
    code: str, built: Army, decl: Declaration | None, profile: str, expected: list[Any]
) -> None:
    check(code, built, decl, profile, expected)


def test_an_upgrade_adds_its_points_to_the_unit() -> None:
    built = necrons(shard("d1", DECEIVER, SINGULARITY))
    result = validate(built)
    assert result.unit_points["d1"] == 235 + 55 == unit_points(built.units[0])
    assert result.points == 290


def test_messages_name_the_upgrade_and_the_detachment() -> None:
    wrong = validate(necrons(shard("d1", DECEIVER, SINGULARITY), name=AWAKENED))
    missing = validate(necrons(shard("d1", DECEIVER)))
    assert [v.message for v in wrong.violations if v.code == codes.DETACHMENT_UPGRADE] == [
        "C'tan Shard of the Deceiver: Singularity Matrix belongs to Pantheon of Woe, "
        "not to Awakened Dynasty"
    ]
    assert [v.message for v in missing.violations if v.code == codes.DETACHMENT_UPGRADE] == [
        "C'tan Shard of the Deceiver must take Singularity Matrix in Pantheon of Woe"
    ]
    # No detachment: said as such, not as a detachment called "no detachment".
    bare = validate(
        army(shard("d1", DECEIVER, SINGULARITY), detachments=(), faction_keyword=NECRONS)
    )
    assert [v.message for v in bare.violations if v.code == codes.DETACHMENT_UPGRADE] == [
        "C'tan Shard of the Deceiver: Singularity Matrix belongs to Pantheon of Woe, "
        "and the army has no detachment"
    ]


SM = "ADEPTUS ASTARTES"
# BSData prices 3 Outriders at 80 and the Invader ATV at 60 as a priced model of its own.
OUTRIDERS = sheet("Outrider Squad", "MOUNTED", brackets=((3, 80), (6, 160)), models=(3, 6))
# 3 Headtakers 85 (6: 170); each group of 3 Hunting Wolves 25 more.
HEADTAKERS = sheet(
    "Wolf Guard Headtakers",
    "INFANTRY",
    brackets=((3, 85), (6, 170)),
    models=(3, 6),
    factions=("SPACE WOLVES", SM),
)


@pytest.mark.parametrize(
    ("built", "points"),
    [
        pytest.param(unit("o1", OUTRIDERS, 3), 80, id="3 Outriders"),
        pytest.param(
            unit("o1", OUTRIDERS, 3, options=[("Invader ATV", 60, 1)]),
            140,
            id="the Outrider ATV price: 3 Outriders and an ATV",
        ),
        pytest.param(
            unit("o1", OUTRIDERS, 6, options=[("Invader ATV", 60, 1)]), 220, id="6 and an ATV"
        ),
        pytest.param(
            unit("h1", HEADTAKERS, 3, options=[("Hunting Wolves", 25, 1)]),
            110,
            id="Headtakers with wolves: 3 and 3 wolves",
        ),
        pytest.param(
            unit("h1", HEADTAKERS, 6, options=[("Hunting Wolves", 25, 2)]),
            220,
            id="Headtakers with wolves: 6 and 6 wolves",
        ),
    ],
)
def test_priced_models_are_options_not_bracket_models(built: Any, points: int) -> None:
    result = validate(army(built))
    assert result.unit_points[built.id] == points == unit_points(built)
    assert codes.UNIT_SIZE not in result.codes()
