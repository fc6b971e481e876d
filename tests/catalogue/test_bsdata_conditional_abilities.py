"""Abilities the data gives only through wargear are known to be conditional (names only)."""

from __future__ import annotations

import pytest

from armybuilder.catalogue.importers.bsdata_parse import ParsedCatalogue, parse_bsdata
from tests.conftest import BSDATA_DIR, require_shared


@pytest.fixture(scope="module")
def marines() -> ParsedCatalogue:
    return parse_bsdata(require_shared(BSDATA_DIR), ["Space Marines"])


@pytest.mark.shared
@pytest.mark.parametrize(
    ("name", "deep_strike", "conditional"),
    [
        pytest.param("Reiver Squad", False, ("Deep Strike",), id="grav-chutes give Deep Strike"),
        pytest.param("Terminator Squad", True, (), id="every model has it: not conditional"),
        # Crusade relics and enhancements that mention Deep Strike are not wargear.
        pytest.param("Intercessor Squad", False, (), id="Crusade honours do not count"),
        pytest.param("Captain", False, (), id="enhancements do not count"),
    ],
)
def test_conditional_deep_strike(
    marines: ParsedCatalogue, name: str, deep_strike: bool, conditional: tuple[str, ...]
) -> None:
    sheet = next(s for s in marines.datasheets if (s.faction, s.name) == ("Space Marines", name))
    assert (sheet.deep_strike, sheet.conditional_abilities) == (deep_strike, conditional)
