"""Leader text read as keywords: "IMPERIUM BATTLELINE INFANTRY" means any unit with all
three. A small table for the splitting, and the real catalogue's links (from ../shared)."""

from __future__ import annotations

import pytest

from armybuilder.catalogue.importers.bsdata_parse import (
    ParsedCatalogue,
    keyword_phrase,
    parse_bsdata,
)
from tests.conftest import BSDATA_DIR, require_shared

VOCABULARY = {"IMPERIUM", "BATTLELINE", "INFANTRY", "ACOLYTE HYBRIDS", "ACOLYTE"}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("IMPERIUM BATTLELINE INFANTRY", {"IMPERIUM", "BATTLELINE", "INFANTRY"}),
        ("Acolyte Hybrids", {"ACOLYTE HYBRIDS"}),  # the longest keyword wins
        ("Infantry Squad", set()),  # a name, not keywords: left to the name resolver
        ("", set()),
    ],
)
def test_leader_text_splits_into_known_keywords(text: str, expected: set[str]) -> None:
    assert keyword_phrase(text, VOCABULARY) == expected


@pytest.fixture(scope="module")
def parsed() -> ParsedCatalogue:
    return parse_bsdata(require_shared(BSDATA_DIR), ["Agents of the Imperium", "Genestealer Cults"])


def _leads(parsed: ParsedCatalogue, faction: str, name: str) -> set[str]:
    sheet = next(s for s in parsed.datasheets if (s.faction, s.name) == (faction, name))
    return {key[1] for key in sheet.leads}


@pytest.mark.shared
@pytest.mark.parametrize("leader", ["Magus", "Primus", "Acolyte Iconward", "Locus", "Nexos"])
def test_cult_leaders_lead_both_acolyte_hybrid_datasheets(
    parsed: ParsedCatalogue, leader: str
) -> None:
    assert {
        "Acolyte Hybrids with Autopistols",
        "Acolyte Hybrids with Hand Flamers",
    } <= _leads(parsed, "Genestealer Cults", leader)


@pytest.mark.shared
@pytest.mark.parametrize("leader", ["Inquisitor", "Inquisitor Coteaz", "Inquisitor Greyfax"])
def test_inquisitors_lead_imperium_battleline_infantry(
    parsed: ParsedCatalogue, leader: str
) -> None:
    leads = _leads(parsed, "Agents of the Imperium", leader)
    assert "Imperial Navy Breachers" in leads
    assert leader not in leads
    unmapped = [u.name for u in parsed.unmapped if u.kind == "leader target"]
    assert "IMPERIUM BATTLELINE INFANTRY" not in unmapped
