"""Points brackets from model slots: GW-style steps, per-model prices, unit-size options."""

from __future__ import annotations

from pathlib import Path

import pytest

from armybuilder.catalogue.importers.bsdata_parse import ParsedCatalogue, parse_bsdata
from armybuilder.catalogue.importers.bsdata_pricing import (
    ModelSlot,
    SlotGroup,
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
