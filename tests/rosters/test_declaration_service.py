"""declaration_validate and declaration_save on table cases, through the database."""

from __future__ import annotations

import pytest

from armybuilder.rules import codes
from rosters import declarations
from rosters.declarations import DeclarationData
from rosters.models import Declaration
from tests.factories import make_datasheet
from tests.rosters.conftest import add

pytestmark = pytest.mark.django_db


@pytest.fixture
def army(roster, marines, release):
    """Captain, Intercessors (10), Rhino, plus aircraft, a bunker and Hellblasters."""
    make_datasheet(
        marines,
        "Stormraven Gunship",
        "VEHICLE",
        "AIRCRAFT",
        "FLY",
        "TRANSPORT",
        prices=[(1, 280)],
        release=release,
        hover=True,
    )
    make_datasheet(
        marines,
        "Hammerfall Bunker",
        "VEHICLE",
        "FORTIFICATION",
        prices=[(1, 175)],
        release=release,
    )
    make_datasheet(
        marines, "Redemptor Dreadnought", "VEHICLE", "WALKER", prices=[(1, 185)], release=release
    )
    add(roster, "Hellblaster Squad", 10)
    add(roster, "Redemptor Dreadnought")
    add(roster, "Stormraven Gunship")
    add(roster, "Hammerfall Bunker")
    units = {u.datasheet.name: u.pk for u in roster.units.all()}
    return roster, units


def ids(units, *names):
    return [units[n] for n in names]


CASES = [
    # (id, builder of DeclarationData from unit ids, expected error codes, expected SR used)
    pytest.param(
        lambda u: DeclarationData(
            attachments=[(u["Captain"], u["Intercessor Squad"])],
            embarkations=[(u["Intercessor Squad"], u["Rhino"]), (u["Captain"], u["Rhino"])],
            placements={u["Rhino"]: "strategic_reserves"},
        ),
        set(),
        315,
        id="STRATEGIC_RESERVES_CAP-leader-bodyguard-in-rhino-in-reserves-315",
    ),
    pytest.param(
        lambda u: DeclarationData(
            attachments=[(u["Captain"], u["Intercessor Squad"])],
            embarkations=[(u["Intercessor Squad"], u["Rhino"]), (u["Captain"], u["Rhino"])],
            placements={
                u["Rhino"]: "strategic_reserves",
                u["Hellblaster Squad"]: "strategic_reserves",
            },
        ),
        {codes.STRATEGIC_RESERVES_CAP},
        535,
        id="STRATEGIC_RESERVES_CAP-over-535-of-500",
    ),
    pytest.param(
        lambda u: DeclarationData(
            attachments=[(u["Captain"], u["Intercessor Squad"])],
            embarkations=[(u["Intercessor Squad"], u["Rhino"])],
            placements={
                u["Rhino"]: "strategic_reserves",
                u["Redemptor Dreadnought"]: "strategic_reserves",
            },
        ),
        set(),
        500,
        id="STRATEGIC_RESERVES_CAP-exactly-at-cap-500",
    ),
    pytest.param(
        lambda u: DeclarationData(
            embarkations=[(u["Intercessor Squad"], u["Rhino"])],
            placements={
                u["Rhino"]: "strategic_reserves",
                u["Captain"]: "strategic_reserves",
                u["Hellblaster Squad"]: "battlefield",
            },
        ),
        set(),
        315,
        id="STRATEGIC_RESERVES_CAP-exactly-315-not-at-cap",
    ),
    pytest.param(
        lambda u: DeclarationData(placements={u["Stormraven Gunship"]: "strategic_reserves"}),
        set(),
        0,
        id="STRATEGIC_RESERVES_CAP-aircraft-does-not-count",
    ),
    pytest.param(
        lambda u: DeclarationData(placements={u["Stormraven Gunship"]: "battlefield"}),
        {codes.AIRCRAFT_MUST_RESERVE},
        0,
        id="AIRCRAFT_MUST_RESERVE-deployed",
    ),
    pytest.param(
        lambda u: DeclarationData(
            hover=[u["Stormraven Gunship"]],
            placements={u["Stormraven Gunship"]: "strategic_reserves"},
        ),
        set(),
        280,
        id="STRATEGIC_RESERVES_CAP-hovering-aircraft-counts",
    ),
    pytest.param(
        lambda u: DeclarationData(placements={u["Hammerfall Bunker"]: "strategic_reserves"}),
        {codes.FORTIFICATION_RESERVE},
        175,
        id="FORTIFICATION_RESERVE-bunker-in-reserves",
    ),
]


@pytest.mark.parametrize("build, expected, sr_used", CASES)
def test_declaration_validate(army, build, expected, sr_used):
    roster, units = army
    result = declarations.declaration_validate(roster=roster, data=build(units))
    errors = {v.code for v in declarations.declaration_errors(result=result)}
    assert errors == expected
    meter = next(m for m in result.meters if m.code == codes.STRATEGIC_RESERVES_CAP)
    assert (meter.used, meter.cap) == (sr_used, 500)


def test_empty_dedicated_transport_is_a_warning_that_allows_saving(army):
    roster, units = army
    data = DeclarationData(placements={units["Stormraven Gunship"]: "reserves"})
    declaration, result = declarations.declaration_save(roster=roster, name="plain", data=data)
    assert [v.unit_ids for v in result.warnings if v.code == codes.DEDICATED_TRANSPORT_EMPTY] == [
        (str(units["Rhino"]),)
    ]
    assert declarations.declaration_errors(result=result) == ()
    assert Declaration.objects.get(pk=declaration.pk).placements == {
        str(units["Stormraven Gunship"]): "reserves"
    }


def test_errors_block_saving_and_nothing_is_written(army):
    roster, units = army
    data = CASES[1].values[0](units)
    with pytest.raises(declarations.DeclarationInvalid) as caught:
        declarations.declaration_save(roster=roster, name="too many", data=data)
    assert codes.STRATEGIC_RESERVES_CAP in caught.value.result.codes()
    assert not Declaration.objects.exists()


def test_removed_unit_makes_a_declaration_stale_and_never_points_elsewhere(army):
    roster, units = army
    data = DeclarationData(
        attachments=[(units["Captain"], units["Intercessor Squad"])],
        placements={units["Hellblaster Squad"]: "strategic_reserves"},
    )
    declaration, _ = declarations.declaration_save(roster=roster, name="v1", data=data)
    roster.units.get(pk=units["Hellblaster Squad"]).delete()
    add(roster, "Hellblaster Squad", 10)
    saved = DeclarationData.of(declaration)
    assert declarations.declaration_stale_ids(roster=roster, data=saved) == {
        units["Hellblaster Squad"]
    }
    result = declarations.declaration_validate(roster=roster, data=saved)
    unknown = [v for v in result.violations if v.code == codes.UNKNOWN_UNIT]
    assert [v.unit_ids for v in unknown] == [(str(units["Hellblaster Squad"]),)]
    meter = next(m for m in result.meters if m.code == codes.STRATEGIC_RESERVES_CAP)
    assert meter.used == 0  # the new Hellblasters are not mistaken for the old ones
