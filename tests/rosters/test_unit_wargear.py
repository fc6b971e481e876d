"""Roster units keep their wargear per model type: defaults until changed, stored as the
player chose, checked by the rules core (WARGEAR_CHOICE), refit when the model count
changes, copied with the unit; nonsense is refused with a clear error."""

from __future__ import annotations

from typing import Any

import pytest

from rosters import services
from rosters.models import Roster
from tests.rosters.conftest import add

SGT, HB = "Hellblaster Sergeant", "Hellblaster"


def loadout(models: int, heavy: int, pistol: str = "Bolt pistol") -> list[dict[str, Any]]:
    rest = models - 1
    return [
        {"model": SGT, "models": 1, "wargear": {pistol: 1, "Plasma incinerator": 1}},
        {
            "model": HB,
            "models": rest,
            "wargear": {
                "Plasma incinerator": rest - heavy,
                "Heavy plasma incinerator": heavy,
                "Bolt pistol": rest,
            },
        },
    ]


def codes_of(roster: Roster) -> list[str]:
    return services.roster_validate(roster=services.roster_load(roster_id=roster.pk)).codes()


@pytest.mark.parametrize(
    ("models", "heavy", "legal"),
    [
        pytest.param(5, 1, True, id="boundary: one heavy plasma incinerator in five"),
        pytest.param(5, 2, False, id="boundary: two in five is over the ratio"),
        pytest.param(10, 2, True, id="two in ten"),
    ],
)
def test_stored_wargear_is_checked(roster: Roster, models: int, heavy: int, legal: bool) -> None:
    unit = add(roster, "Hellblaster Squad", models)
    services.roster_unit_wargear_set(unit=unit, wargear=loadout(models, heavy))
    unit.refresh_from_db()
    assert unit.wargear == loadout(models, heavy)
    assert ("WARGEAR_CHOICE" not in codes_of(roster)) is legal


def test_a_new_unit_carries_the_defaults(roster: Roster) -> None:
    unit = add(roster, "Hellblaster Squad", 5)
    assert unit.wargear == []
    assert "WARGEAR_CHOICE" not in codes_of(roster)


def test_changing_the_model_count_keeps_what_fits_and_reports_the_rest(roster: Roster) -> None:
    unit = add(roster, "Hellblaster Squad", 10)
    services.roster_unit_wargear_set(unit=unit, wargear=loadout(10, 2, "Plasma pistol"))
    unit = services.roster_unit_update(unit=unit, models=5)
    assert unit.wargear_dropped == ((HB, "Heavy plasma incinerator", 1),)
    unit.refresh_from_db()
    sergeant, marines = unit.wargear
    assert sergeant["wargear"]["Plasma pistol"] == 1
    assert marines["models"] == 4
    assert marines["wargear"]["Heavy plasma incinerator"] == 1
    assert "WARGEAR_CHOICE" not in codes_of(roster)


def test_a_duplicate_keeps_the_wargear(roster: Roster) -> None:
    unit = add(roster, "Hellblaster Squad", 5)
    services.roster_unit_wargear_set(unit=unit, wargear=loadout(5, 1))
    copy = services.roster_unit_duplicate(unit=unit)
    assert copy.wargear == loadout(5, 1)


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        pytest.param("all of it", "must be a list", id="not a list"),
        pytest.param([{"model": "Scout", "models": 1}], "has no Scout models", id="unknown type"),
        pytest.param(
            [{"model": SGT, "models": 1, "wargear": {"Lascannon": 1}}],
            "cannot take Lascannon",
            id="unknown option",
        ),
        pytest.param(
            [{"model": SGT, "models": -1}], "is not a count", id="boundary: a negative count"
        ),
        pytest.param(
            [{"model": SGT, "models": 1, "wargear": {"Bolt pistol": 1000}}],
            "is not a count",
            id="boundary: a count over 999",
        ),
    ],
)
def test_nonsense_is_refused_and_nothing_is_written(roster: Roster, raw: Any, message: str) -> None:
    unit = add(roster, "Hellblaster Squad", 5)
    with pytest.raises(services.RosterError, match=message):
        services.roster_unit_wargear_set(unit=unit, wargear=raw)
    unit.refresh_from_db()
    assert unit.wargear == []
