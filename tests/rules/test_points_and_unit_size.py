"""POINTS_LIMIT and UNIT_SIZE, and the pricing they rest on (brackets, enhancements, options)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from armybuilder.rules import codes, unit_points, validate
from armybuilder.rules.model import POINTS_LIMIT_CODE, Army, Declaration
from tests.rules.factories import (
    APOTHECARY,
    ARTIFICER_ARMOUR,
    CAPTAIN,
    CASE_FIELDS,
    INCURSION,
    INTERCESSORS,
    LIEUTENANT,
    army,
    case,
    check,
    sheet,
    table,
    unit,
)


def incursion_list(option_points: int = 0, count: int = 1, *, enhanced: bool = False) -> Army:
    """995 pts at Incursion, plus a priced option and an enhancement on the Captain."""
    captain = unit(
        "c1",
        CAPTAIN,
        None,
        *((ARTIFICER_ARMOUR,) if enhanced else ()),
        warlord=True,
        options=(("Relic Shield", option_points, count),) if option_points else (),
    )
    squads = [unit(f"i{n}", INTERCESSORS, 10) for n in range(1, 6)]
    return army(captain, unit("a1", APOTHECARY), unit("l1", LIEUTENANT), *squads, size=INCURSION)


TRIAD = sheet("Outrider Squad", "MOUNTED", brackets=((3, 80), (6, 160)), models=(3, 6))
GAPPED = sheet("Servitor Maniple", "INFANTRY", brackets=((1, 50),), models=(1, 3))

CASES: dict[str, list[Any]] = {
    codes.POINTS_LIMIT: [
        case("995 of 1000 pts is legal", incursion_list(), []),
        case("boundary: exactly 1000 of 1000 pts is legal", incursion_list(5), []),
        case("boundary: 1001 of 1000 pts", incursion_list(6), [()]),
        case("an enhancement's points count (1005 pts)", incursion_list(enhanced=True), [()]),
        case("a priced option pays per count (995 + 3 x 2 pts)", incursion_list(2, 3), [()]),
    ],
    codes.UNIT_SIZE: [
        case("5 Intercessors (minimum) are legal", army(unit("i1", INTERCESSORS, 5)), []),
        case("boundary: 10 Intercessors (maximum)", army(unit("i1", INTERCESSORS, 10)), []),
        case("7 Intercessors fall in the 10 bracket", army(unit("i1", INTERCESSORS, 7)), []),
        case("boundary: 4 Intercessors", army(unit("i1", INTERCESSORS, 4)), [("i1",)]),
        case("boundary: 11 Intercessors", army(unit("i1", INTERCESSORS, 11)), [("i1",)]),
        case("3 Outriders", army(unit("o1", TRIAD, 3), unit("o2", TRIAD, 7)), [("o2",)]),
        case("no bracket holds 2 Servitors", army(unit("s1", GAPPED, 2)), [("s1",)]),
        case("boundary: the 1 bracket holds 1 Servitor", army(unit("s1", GAPPED, 1)), []),
    ],
}


@pytest.mark.parametrize(CASE_FIELDS, table(CASES))
def test_points_and_unit_size(
    code: str, built: Army, decl: Declaration | None, profile: str, expected: list[Any]
) -> None:
    check(code, built, decl, profile, expected)


@pytest.mark.parametrize(
    ("models", "points"),
    [(5, 80), (6, 160), (7, 160), (10, 160), (4, 80), (11, 160), (0, 80)],
    ids=lambda value: str(value),
)
def test_a_unit_pays_the_smallest_bracket_that_holds_it(models: int, points: int) -> None:
    # Out-of-range counts (4, 11, 0) are UNIT_SIZE errors but still priced, so totals stay useful.
    assert unit_points(unit("i1", INTERCESSORS, models)) == points


def test_enhancements_and_priced_options_add_to_the_unit() -> None:
    captain = unit(
        "c1", CAPTAIN, None, ARTIFICER_ARMOUR, options=(("Relic Shield", 5, 1), ("Grenade", 2, 3))
    )
    assert unit_points(captain) == 80 + 10 + 5 + 2 * 3


def test_a_datasheet_without_brackets_is_priced_zero() -> None:
    assert unit_points(unit("x1", replace(CAPTAIN, brackets=()))) == 0


def test_result_reports_per_unit_points_and_their_sum() -> None:
    result = validate(incursion_list(5, enhanced=True))
    assert dict(result.unit_points) == {
        "c1": 95,
        "a1": 50,
        "l1": 65,
        **{f"i{n}": 160 for n in range(1, 6)},
    }
    assert result.points == sum(result.unit_points.values()) == 1010
    assert result.points_limit == 1000
    assert [v.message for v in result.violations if v.code == codes.POINTS_LIMIT] == [
        "Army: 1010 / 1000 pts, 10 pts over the Incursion limit"
    ]


# The builder flags its total from Result.over_points_limit, which mirrors POINTS_LIMIT.
@pytest.mark.parametrize(
    ("army_", "over"),
    [
        pytest.param(incursion_list(5), False, id="POINTS_LIMIT: 1000 of 1000 pts, not over"),
        pytest.param(incursion_list(6), True, id="POINTS_LIMIT: 1001 of 1000 pts, over"),
    ],
)
def test_result_flags_over_points_limit(army_: Army, over: bool) -> None:
    result = validate(army_)
    assert result.over_points_limit is over
    assert (codes.POINTS_LIMIT in result.codes()) is over


def test_result_names_the_points_limit_code_as_codes_does() -> None:
    assert POINTS_LIMIT_CODE == codes.POINTS_LIMIT
