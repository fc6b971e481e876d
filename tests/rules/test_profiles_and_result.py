"""Profiles (names, lookup, subclassing), the Result contract, and the code tables themselves."""

from __future__ import annotations

import importlib
import re
from pathlib import Path
from typing import Any, ClassVar

import pytest

from armybuilder.rules import PROFILES, Profile, codes, get_profile, validate
from armybuilder.rules.model import BattleSize, Declaration, Severity
from armybuilder.rules.profiles import Matched10, Nine10
from tests.rules.factories import (
    BLOODLETTERS,
    CAPTAIN,
    HELLBLASTERS,
    INTERCESSORS,
    RHINO,
    SR,
    army,
    copies,
    declaration,
    unit,
)

RULES_MD = Path(__file__).resolve().parents[3] / "shared" / "RULES.md"
TABLE_MODULES = (
    "test_points_and_unit_size",
    "test_faction_and_detachment",
    "test_datasheet_limit",
    "test_enhancements",
    "test_warlord",
    "test_allies_legends_limits",
    "test_detachment_upgrades",
    "test_leaders",
    "test_transport_capacity",
    "test_deep_strike_aircraft_fortification",
    "test_strategic_reserves_cap",
    "test_reserves_profiles",
    "test_wargear",
    "test_wargear_stated",
)


def test_the_three_profiles_are_registered_by_name() -> None:
    assert sorted(PROFILES) == ["core-10", "matched-10", "nine-10"]
    assert get_profile().name == "core-10"
    assert isinstance(get_profile("matched-10"), Matched10)
    assert isinstance(get_profile("nine-10"), Nine10)
    assert all(isinstance(profile, Profile) for profile in PROFILES.values())


def test_an_unknown_profile_is_refused() -> None:
    with pytest.raises(ValueError, match="core-11"):
        validate(army(), profile="core-11")


class HouseRules(Profile):
    """A club's variant: four copies of a datasheet, no Strategic Reserves cap."""

    name: ClassVar[str] = "house"

    def datasheet_limits(self, battle_size: BattleSize) -> tuple[int, int]:
        return 4, 8

    def strategic_reserves_cap(self, battle_size: BattleSize) -> int | None:
        return None


def test_a_profile_instance_is_used_as_given() -> None:
    built = army(unit("c1", CAPTAIN, warlord=True), *copies(HELLBLASTERS, 4, "h"))
    assert codes.DATASHEET_LIMIT in validate(built).codes()
    house = validate(built, declaration(), HouseRules())
    assert house.profile == "house"
    assert house.codes() == []
    assert house.meters == ()


def test_a_unit_id_used_twice_is_a_programming_error() -> None:
    with pytest.raises(ValueError, match="u1"):
        validate(army(unit("u1", CAPTAIN), unit("u1", INTERCESSORS)))


def test_every_violation_is_reported_at_once_in_code_order() -> None:
    built = army(
        *copies(HELLBLASTERS, 4, "h"),
        unit("b1", BLOODLETTERS),
        unit("i1", INTERCESSORS, 12),
        unit("r1", RHINO),
        detachments=(),
    )
    result = validate(built, declaration(place={"h1": SR, "h2": SR, "h3": SR}))
    assert result.codes() == [
        codes.FACTION_KEYWORD,
        codes.DETACHMENT_REQUIRED,
        codes.UNIT_SIZE,
        codes.DATASHEET_LIMIT,
        codes.CHARACTER_REQUIRED,
        codes.DEDICATED_TRANSPORT_EMPTY,
    ]
    assert not result.legal
    assert [v.code for v in result.warnings] == [codes.DEDICATED_TRANSPORT_EMPTY]
    assert len(result.errors) == 5
    assert result.points_limit == 2000


def test_codes_are_the_rules_strings() -> None:
    assert len(codes.ALL_CODES) == len(set(codes.ALL_CODES)) == 40
    for code in codes.ALL_CODES:
        assert getattr(codes, code) == code
    assert codes.violation(codes.DEDICATED_TRANSPORT_EMPTY, "m").severity is Severity.WARNING
    assert codes.violation(codes.WARGEAR_UNREAD, "m").severity is Severity.WARNING
    assert codes.violation(codes.DETACHMENT_UNKNOWN, "m").severity is Severity.WARNING
    assert codes.violation(codes.WARLORD, "m", ("b", "a", "b")).unit_ids == ("a", "b")


@pytest.mark.shared
def test_codes_match_rules_md() -> None:
    if not RULES_MD.exists():
        pytest.skip(f"{RULES_MD} is not here; it ships only beside the project's CI")
    documented = set(re.findall(r"`([A-Z][A-Z_]+[A-Z])`", RULES_MD.read_text()))
    # The project's extensions are documented in codes.py, not in the shared spec.
    assert documented == set(codes.ALL_CODES) - {codes.UNKNOWN_UNIT, codes.DETACHMENT_UNKNOWN}


def _tables() -> dict[str, list[Any]]:
    rows: dict[str, list[Any]] = {}
    for name in TABLE_MODULES:
        module = importlib.import_module(f"tests.rules.{name}")
        for code, cases in module.CASES.items():
            rows.setdefault(code, []).extend(cases)
    return rows


def test_every_code_has_a_passing_a_failing_and_a_boundary_case() -> None:
    tables = _tables()
    missing = []
    # A pending code has no check yet, so a case for it would assert nothing real.
    assert sorted(codes.PENDING_CODES & set(tables)) == []
    for code in codes.ALL_CODES:
        if code in codes.PENDING_CODES:
            continue
        cases = tables.get(code, [])
        expected = [row.values[-1] for row in cases]
        if not any(e == [] for e in expected):
            missing.append(f"{code}: no passing case")
        if not any(e for e in expected):
            missing.append(f"{code}: no failing case")
        if not any("boundary" in row.id for row in cases):
            missing.append(f"{code}: no boundary case")
    assert missing == []


def test_a_placement_given_as_its_string_value_is_understood() -> None:
    built = army(unit("c1", CAPTAIN, warlord=True), *copies(HELLBLASTERS, 3, "h"))
    raw = Declaration(placements=(("h1", "strategic_reserves"), ("h2", "strategic_reserves")))  # type: ignore[arg-type]
    typed = declaration(place={"h1": SR, "h2": SR})
    assert validate(built, raw) == validate(built, typed)
