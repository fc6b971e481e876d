"""Army-scope limits read from BSData: the condition translation on small snippets, and the
real catalogue's Knight allies and Company Heroes evaluated by the rules core."""

from __future__ import annotations

from typing import Any

import pytest

from armybuilder.catalogue import conversion
from armybuilder.catalogue.importers.bsdata_limits import (
    Untranslatable,
    _count_formula,
    describe,
)
from armybuilder.catalogue.importers.bsdata_parse import ParsedCatalogue, parse_bsdata
from armybuilder.rules import codes, validate
from armybuilder.rules import model as core
from tests.conftest import BSDATA_DIR, require_shared

CAPTAIN = {"keywords": ["CAPTAIN"]}


@pytest.mark.parametrize(
    ("kind", "value", "expected"),
    [
        pytest.param("atLeast", 1, [[{"units": CAPTAIN, "at_least": 1}]], id="atLeast 1"),
        pytest.param("greaterThan", 0, [[{"units": CAPTAIN, "at_least": 1}]], id="greaterThan 0"),
        pytest.param("equalTo", 0, [[{"units": CAPTAIN, "at_most": 0}]], id="equalTo 0"),
        pytest.param("lessThan", 1, [[{"units": CAPTAIN, "at_most": 0}]], id="lessThan 1"),
        pytest.param("lessThan", 0, [], id="boundary: lessThan 0 never holds"),
        pytest.param(
            "equalTo", 2, [[{"units": CAPTAIN, "at_least": 2, "at_most": 2}]], id="equalTo 2"
        ),
        pytest.param(
            "notEqualTo",
            1,
            [[{"units": CAPTAIN, "at_most": 0}], [{"units": CAPTAIN, "at_least": 2}]],
            id="notEqualTo 1 is two clauses",
        ),
    ],
)
def test_a_count_condition_becomes_bounds(kind: str, value: int, expected: Any) -> None:
    assert _count_formula(kind, value, CAPTAIN) == expected


def test_an_unknown_comparison_is_not_guessed() -> None:
    with pytest.raises(Untranslatable):
        _count_formula("instanceOf", 1, CAPTAIN)


def test_conditions_are_said_in_words() -> None:
    formula = [
        [{"units": CAPTAIN, "at_least": 1}, {"detachments": ["Gladius Task Force"]}],
        [{"units": {"datasheets": ["Chapter Master"]}, "at_most": 0}],
        [{"battle_sizes": ["incursion", "onslaught"]}],
    ]
    assert describe(formula) == (
        "with 1+ CAPTAIN and in Gladius Task Force; or without Chapter Master; "
        "or at Incursion or Onslaught"
    )


@pytest.fixture(scope="module")
def marines() -> ParsedCatalogue:
    return parse_bsdata(require_shared(BSDATA_DIR), ["Space Marines"])


def _sheet(parsed: ParsedCatalogue, name: str) -> core.Datasheet:
    found = next(s for s in parsed.datasheets if s.name == name)
    return core.Datasheet(
        name=found.name,
        keywords=frozenset(found.keywords),
        faction_keywords=frozenset(found.faction_keywords),
        brackets=(core.Bracket(found.max_models, 100),),
        min_models=found.min_models,
        max_models=found.max_models,
    )


@pytest.mark.shared
@pytest.mark.parametrize(
    ("code", "names", "expected"),
    [
        pytest.param(codes.ALLIED_UNITS, ["Armiger Warglaive"], [], id="ALLIED_UNITS: one Armiger"),
        pytest.param(
            codes.ALLIED_UNITS,
            ["Armiger Warglaive"] * 3,
            [],
            id="ALLIED_UNITS: boundary: three Armigers",
        ),
        pytest.param(
            codes.ALLIED_UNITS,
            ["Armiger Warglaive"] * 3 + ["Armiger Helverin"],
            [("a1", "a2", "a3", "a4")],
            id="ALLIED_UNITS: boundary: a fourth Armiger",
        ),
        pytest.param(
            codes.ALLIED_UNITS,
            ["Knight Paladin", "Armiger Warglaive"],
            [("a1", "a2")],
            id="ALLIED_UNITS: a Titanic Knight and an Armiger",
        ),
        pytest.param(
            codes.ALLIED_UNITS, ["Knight Paladin"], [], id="ALLIED_UNITS: one Titanic Knight"
        ),
        pytest.param(
            codes.CATALOGUE_LIMIT,
            ["Company Heroes"],
            [("a1",)],
            id="CATALOGUE_LIMIT: Company Heroes without a Captain",
        ),
        pytest.param(
            codes.CATALOGUE_LIMIT,
            ["Company Heroes", "Captain"],
            [],
            id="CATALOGUE_LIMIT: Company Heroes with a Captain",
        ),
    ],
)
def test_real_limits_in_a_space_marines_army(
    marines: ParsedCatalogue, code: str, names: list[str], expected: list[tuple[str, ...]]
) -> None:
    limits = tuple(
        conversion.limit_facts(
            row={
                "code": item.code,
                "label": item.label,
                "subject": item.subject,
                "maximum": item.maximum,
                "minimum": None,
                "points": False,
                "steps": list(item.steps),
                "reason": item.reason,
            }
        )
        for item in marines.limits
        if item.faction == "Space Marines"
    )
    units = tuple(
        core.Unit(id=f"a{n}", datasheet=_sheet(marines, name), models=1)
        for n, name in enumerate(names, start=1)
    )
    army = core.Army(
        faction="Space Marines",
        faction_keyword="ADEPTUS ASTARTES",
        battle_size=core.BattleSize.STRIKE_FORCE,
        units=units,
        allies=(core.Allowance("IMPERIAL KNIGHTS"),),
        limits=limits,
    )
    found = [v.unit_ids for v in validate(army).violations if v.code == code]
    assert found == expected
