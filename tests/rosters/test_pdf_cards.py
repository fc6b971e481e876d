"""The table-ready roster PDF: a compact datasheet per unit (stat lines per model type, the
chosen weapons with profiles, ability and keyword names, the enhancement), attached leaders
printed with their bodyguards once a declaration is chosen; the plain list stays as it was."""

from __future__ import annotations

import io

import pytest
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from rosters import services
from rosters.formats.services import roster_export_pdf
from rosters.models import Declaration, Roster
from tests.rosters.conftest import add

pytestmark = pytest.mark.django_db


def text_of(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


@pytest.fixture
def armed(roster: Roster) -> Roster:
    unit = add(roster, "Hellblaster Squad", 5)
    services.roster_unit_wargear_set(
        unit=unit,
        wargear=[
            {
                "model": "Hellblaster Sergeant",
                "models": 1,
                "wargear": {"Plasma pistol": 1, "Plasma incinerator": 1},
            },
            {
                "model": "Hellblaster",
                "models": 4,
                "wargear": {
                    "Plasma incinerator": 3,
                    "Heavy plasma incinerator": 1,
                    "Bolt pistol": 4,
                },
            },
        ],
    )
    return roster


def test_cards_print_stats_weapons_abilities_and_keywords(armed: Roster) -> None:
    plain = text_of(roster_export_pdf(roster_id=armed.pk))
    text = text_of(roster_export_pdf(roster_id=armed.pk, cards=True))
    assert "Datasheets" not in plain
    assert "Datasheets" in text
    assert "1× Hellblaster Sergeant" in text and "4× Hellblaster" in text
    assert "1× Heavy plasma incinerator" in text
    assert "1× Plasma pistol" in text and "[PISTOL]" in text
    # Counted across the unit: the sergeant's and the three others'.
    assert "4× Plasma incinerator" in text and "[ASSAULT, HEAVY]" in text
    assert "For the Chapter!" in text and "Oath of Moment" in text
    assert "Keywords:" in text and "INFANTRY" in text
    # The defaults were not chosen: no bolt pistol on the sergeant's line.
    assert "5× Bolt pistol" not in text


def test_two_units_fit_a_page(armed: Roster) -> None:
    for _ in range(3):
        add(armed, "Hellblaster Squad", 10)
    reader = PdfReader(io.BytesIO(roster_export_pdf(roster_id=armed.pk, cards=True)))
    plain = len(PdfReader(io.BytesIO(roster_export_pdf(roster_id=armed.pk))).pages)
    # Seven units (four with wargear) take at most four pages of cards.
    assert len(reader.pages) - plain <= 4


def test_an_attached_leader_prints_with_its_bodyguard(owner, armed: Roster) -> None:
    units = {u.datasheet.name: u for u in armed.units.all()}
    captain, squad = units["Captain"], units["Intercessor Squad"]
    declaration = Declaration.objects.create(
        roster=armed, name="Game 1", attachments=[[captain.pk, squad.pk]]
    )
    client = Client()
    client.force_login(owner)
    url = reverse("formats:export_pdf", args=[armed.pk])
    response = client.get(url, {"cards": "1", "declaration": str(declaration.pk)})
    assert response.status_code == 200
    text = text_of(response.content)
    cards = text[text.index("Datasheets") :]
    assert "Captain" in cards and "leads unit 2" in cards
    # The Captain's card comes right before its bodyguard's.
    assert cards.index("1. Captain") < cards.index("2. Intercessor Squad")
    assert cards.index("2. Intercessor Squad") < cards.index("3. Rhino")
    other = client.get(url, {"cards": "1", "declaration": "999999"})
    assert other.status_code == 404
