"""Names found by folding case, accents and punctuation; the rest reported by line number."""

from __future__ import annotations

import pytest

from rosters.formats.text_import import UnreadableList, list_parse
from rosters.formats.text_import.resolver import DETACHMENT, ENHANCEMENT, FACTION, UNIT
from tests.formats.helpers import read, summary

pytestmark = pytest.mark.django_db


def gw_list(
    *units: str, detachment: str = "Berzerker Warband", faction: str = "World Eaters"
) -> str:
    """Write an official-app list whose units are given as "Name (N points)" blocks."""
    head = f"Test ({len(units)} points)\n\n{faction}\n{detachment}\nStrike Force (2000 points)\n"
    return head + "\nOTHER DATASHEETS\n\n" + "\n\n".join(units) + "\n"


@pytest.mark.parametrize(
    ("written", "datasheet"),
    [
        ("Kharn", "Khârn the Betrayer"),
        ("KHÂRN THE BETRAYER", "Khârn the Betrayer"),
        ("kharn the betrayer", "Khârn the Betrayer"),
        ("Daemon Prince", "Daemon Prince of Khorne"),
        ("Rhino", "Chaos Rhino"),
        ("Khorne-Berzerkers", "Khorne Berzerkers"),
        ("Exalted", "Exalted Eightbound"),
    ],
)
def test_names_fold_case_accents_punctuation_and_unique_words(
    catalogue, release, written, datasheet
):
    resolved = read(gw_list(f"{written} (100 points)\n  • 1x Thing"), release)
    assert resolved.problems == []
    assert [u.name for u in resolved.kept()] == [datasheet]


def test_unknown_unit_is_reported_with_line_and_nearest_names(catalogue, release):
    # At 180 points, the price of ten Khorne Berzerkers, "Khorne Berzerker Squad" would
    # be read as them (unit_split.priced_name); at 175 nothing near it costs that.
    text = gw_list("Khorne Berzerkers (180 points)", "Khorne Berzerker Squad (175 points)")
    resolved = read(text, release)
    [problem] = resolved.problems
    assert (problem.kind, problem.line, problem.text) == (UNIT, 11, "Khorne Berzerker Squad")
    assert problem.suggestions[0] == "Khorne Berzerkers"
    assert "Khorne Berzerker Squad" in problem.message
    assert not resolved.complete
    # The recognised unit keeps position 1, the unknown one holds position 2.
    assert [(u.position, u.datasheet_id is not None) for u in resolved.units] == [
        (1, True),
        (2, False),
    ]


def test_a_word_fitting_several_names_is_not_guessed(catalogue, release):
    text = gw_list("Wolf (80 points)", faction="Space Wolves", detachment="Stormlance Task Force")
    [problem] = read(text, release).problems
    assert problem.kind == UNIT
    assert {"Wolf Guard Battle Leader on Thunderwolf", "Wolf Lord on Thunderwolf"} <= set(
        problem.suggestions
    )


def test_a_datasheet_of_another_faction_is_reported_as_unavailable(catalogue, release):
    [problem] = read(gw_list("Thunderwolf Cavalry (240 points)"), release).problems
    assert problem.kind == UNIT
    assert "cannot field" in problem.message


def test_unknown_enhancement_is_reported_on_its_own_line(catalogue, release):
    text = gw_list("Slaughterbound (110 points)\n  • Enhancements: Helm of Brazen Fire")
    [problem] = read(text, release).problems
    assert (problem.kind, problem.line, problem.text) == (ENHANCEMENT, 10, "Helm of Brazen Fire")
    assert problem.suggestions[0] == "Helm of Brazen Ire"


def test_unknown_detachment_is_reported_with_the_factions_detachments(catalogue, release):
    text = gw_list("Slaughterbound (85 points)", detachment="Berzerker Warhost")
    resolved = read(text, release)
    [problem] = resolved.problems
    assert (problem.kind, problem.line) == (DETACHMENT, 4)
    assert problem.suggestions[0] == "Berzerker Warband"
    assert resolved.detachment is None


def test_unknown_faction_is_reported_and_the_units_still_read(catalogue, release):
    text = gw_list("Slaughterbound (85 points)", faction="World Eatres")
    resolved = read(text, release)
    [problem] = resolved.problems
    assert (problem.kind, problem.line, problem.droppable) == (FACTION, 3, False)
    assert problem.suggestions[0] == "World Eaters"
    assert summary(resolved) == [("Slaughterbound", 1, False, None)]


def test_choosing_a_replacement_and_dropping_a_line_settle_the_list(catalogue, release):
    text = gw_list(
        "Berzerker Horde (180 points)",
        "Slaughterbound (110 points)\n  • Enhancements: Helm of Brazen Fire",
        "Bloodthirster (400 points)",
    )
    first = read(text, release)
    keys = {p.kind: p.key for p in first.problems}
    assert len(first.problems) == 3
    fixes = {
        "unit-9": "Khorne Berzerkers",
        keys[ENHANCEMENT]: "Helm of Brazen Ire",
        "unit-14": None,
    }
    settled = read(text, release, fixes)
    assert settled.problems == []
    assert settled.complete
    assert summary(settled) == [
        ("Khorne Berzerkers", 10, False, None),
        ("Slaughterbound", 1, False, "Helm of Brazen Ire"),
    ]
    assert [u.position for u in settled.units if u.dropped] == [3]


def test_text_in_no_known_format_names_the_supported_formats():
    with pytest.raises(UnreadableList) as caught:
        list_parse(text="hello\nthis is not an army list\n")
    message = str(caught.value)
    for name in ("Warhammer 40,000 app", "New Recruit WTC", "ListForge"):
        assert name in message


def test_an_empty_paste_says_so():
    with pytest.raises(UnreadableList, match="empty"):
        list_parse(text="  \n\n")
