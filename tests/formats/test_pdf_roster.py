"""The printable roster: its text, page count, footer, fonts and byte-for-byte repeatability."""

from __future__ import annotations

import io
import re

import pytest
from django.utils import translation
from pypdf import PdfReader

from armybuilder.catalogue.models import Datasheet
from rosters.formats.pdf import RosterPdf
from rosters.formats.services import roster_export_pdf
from rosters.formats.sheet import DeclarationSection, RosterSheet, UnitLine, ViolationLine
from rosters.services import roster_create, roster_unit_create


def sheet(units: int = 3, **overrides: object) -> RosterSheet:
    lines = tuple(
        UnitLine(
            position=n,
            name=["Khârn the Betrayer", "Khorne Berzerkers", "Кровавый Чемпион"][n % 3],
            models=10 if n % 3 == 1 else 1,
            points=100 + n,
            enhancement="Favoured of Khorne" if n == 2 else None,
            warlord=n == 1,
        )
        for n in range(1, units + 1)
    )
    fields: dict[str, object] = dict(
        name="Кровь для Бога крови",
        faction="World Eaters",
        faction_chain=("World Eaters",),
        detachment="Berzerker Warband",
        battle_size="strike_force",
        battle_size_label="Strike Force",
        points=1995,
        points_limit=2000,
        profile="core-10",
        release="MFM 2025-09",
        player="olivia",
        units=lines,
    )
    fields.update(overrides)
    return RosterSheet(**fields)  # type: ignore[arg-type]


def pages_text(data: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


def test_first_page_carries_the_roster_facts():
    first = pages_text(RosterPdf(sheet()).render())[0]
    for fact in (
        "Кровь для Бога крови",
        "World Eaters",
        "Berzerker Warband",
        "Strike Force (2000 pts)",
        "1995 / 2000",
        # The profile by its name, not its code (issue 26).
        "10th edition core rules",
        "MFM 2025-09",
        "olivia",
    ):
        assert fact in first


def test_units_table_lists_name_models_enhancement_warlord_and_points():
    text = pages_text(RosterPdf(sheet()).render())[0]
    assert "Khorne Berzerkers" in text
    assert "Khârn the Betrayer" in text
    assert "Кровавый Чемпион" in text
    assert "Favoured of Khorne" in text
    assert "Warlord" in text
    assert re.search(r"\b103\b", text)


def test_a_legal_roster_says_so_with_its_profile():
    text = "".join(pages_text(RosterPdf(sheet(profile="matched-10")).render()))
    assert "Legal under Matched play (mission pack limits)" in text


def test_violations_are_listed_instead_of_the_legal_line():
    bad = sheet(
        legal=False,
        violations=(
            ViolationLine("POINTS_LIMIT", "error", "The army is 5 points over.", ()),
            ViolationLine("WARLORD", "error", "Choose a Warlord.", (1, 2)),
        ),
    )
    text = "".join(pages_text(RosterPdf(bad).render()))
    assert "Legal under" not in text
    assert "Not legal under 10th edition core rules" in text
    assert "POINTS_LIMIT" in text and "The army is 5 points over." in text
    assert "(units 1, 2)" in text


def test_a_long_roster_spans_pages_repeats_the_header_and_numbers_every_page():
    pages = pages_text(RosterPdf(sheet(units=60)).render())
    assert len(pages) >= 2
    for n, text in enumerate(pages, 1):
        assert f"page {n} of {len(pages)}" in text
    # The units table's header row repeats at the top of the continued table.
    assert all("Enhancement" in text for text in pages[:2])


def test_the_declaration_section_prints_plain_data():
    declaration = DeclarationSection(
        attachments=("Captain → Intercessor Squad",),
        embarked=(("Chaos Rhino", ("Khorne Berzerkers", "Master of Executions")),),
        strategic_reserves=("Jakhals",),
        deep_strike=("Eightbound",),
    )
    text = "".join(pages_text(RosterPdf(sheet(declaration=declaration)).render()))
    assert "Battle formations" in text
    assert "Captain → Intercessor Squad" in text
    assert "Chaos Rhino: Khorne Berzerkers, Master of Executions" in text
    assert "Jakhals" in text and "Strategic Reserves" in text
    assert "Deep Strike" in text and "Eightbound" in text


def test_without_a_declaration_there_is_no_formations_section():
    text = "".join(pages_text(RosterPdf(sheet()).render()))
    assert "Battle formations" not in text


def test_same_sheet_gives_the_same_bytes():
    assert RosterPdf(sheet(units=30)).render() == RosterPdf(sheet(units=30)).render()


def test_the_bundled_font_is_embedded():
    data = RosterPdf(sheet()).render()
    fonts = {
        str(font.get_object()["/BaseFont"])
        for page in PdfReader(io.BytesIO(data)).pages
        for font in page["/Resources"]["/Font"].values()
    }
    assert any("DejaVuSans" in f for f in fonts)


@pytest.mark.django_db
def test_a_saved_roster_exports_through_the_service(catalogue, release, owner):
    roster = roster_create(
        owner=owner,
        name="Skulls",
        faction=catalogue["we"],
        detachment=None,
        battle_size="incursion",
    )
    roster_unit_create(roster=roster, datasheet=Datasheet.objects.get(name="Khorne Berzerkers"))
    text = "".join(pages_text(roster_export_pdf(roster_id=roster.pk)))
    assert "Skulls" in text and "Khorne Berzerkers" in text
    assert "DETACHMENT_REQUIRED" in text
    assert owner.username in text  # the player is the owner


@pytest.mark.parametrize("language", ["en", "ru"])
def test_no_heading_or_code_breaks_in_the_middle_of_a_word(language) -> None:
    bad = sheet(
        legal=False,
        violations=(
            ViolationLine("DEDICATED_TRANSPORT_EMPTY", "warning", "A transport rides empty.", ()),
            ViolationLine("ENHANCEMENT_RESTRICTED", "error", "Not on this unit.", (2,)),
        ),
    )
    with translation.override(language):
        text = "".join(pages_text(RosterPdf(bad).render()))
        heads = [translation.gettext(h) for h in ("Models", "Enhancement", "Warlord", "Points")]
    words = set(text.split())
    assert {"DEDICATED_TRANSPORT_EMPTY", "ENHANCEMENT_RESTRICTED"} <= words
    assert set(heads) <= words
