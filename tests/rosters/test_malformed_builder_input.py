"""The builder's endpoints answer malformed ids with 404 and change nothing, never a 500."""

from __future__ import annotations

import pytest
from django.test import Client

from rosters.models import RosterUnit

pytestmark = pytest.mark.django_db

BAD_IDS = ["abc", "-1", "0", "1.5", "²", str(2**63), "9" * 40, " 1 OR 1=1"]


@pytest.fixture
def owner_client(owner) -> Client:
    client = Client()
    client.force_login(owner)
    return client


@pytest.mark.parametrize("raw", BAD_IDS)
def test_detachment_options_with_a_malformed_faction_is_a_404(owner_client, roster, raw):
    response = owner_client.get("/rosters/new/detachments/", {"faction": raw})
    assert response.status_code == 404


@pytest.mark.parametrize("raw", BAD_IDS)
def test_adding_a_malformed_datasheet_is_a_404_and_adds_nothing(owner_client, roster, raw):
    response = owner_client.post(f"/rosters/{roster.pk}/units/add/", {"datasheet": raw})
    assert response.status_code == 404
    assert roster.units.count() == 3


@pytest.mark.parametrize("raw", BAD_IDS)
def test_a_malformed_enhancement_is_a_404_and_changes_nothing(owner_client, roster, raw):
    unit = roster.units.get(datasheet__name="Captain")
    response = owner_client.post(f"/rosters/{roster.pk}/units/{unit.pk}/", {"enhancement": raw})
    assert response.status_code == 404
    assert RosterUnit.objects.get(pk=unit.pk).enhancement_id is None


@pytest.mark.parametrize("raw", BAD_IDS)
def test_a_malformed_warlord_unit_is_a_404_and_keeps_the_warlord(owner_client, roster, raw):
    response = owner_client.post(f"/rosters/{roster.pk}/warlord/", {"unit": raw})
    assert response.status_code == 404
    assert roster.units.get(warlord=True).datasheet.name == "Captain"


@pytest.mark.parametrize("raw", ["abc", "1e9", "9" * 5000, "-3"])
def test_a_malformed_model_count_is_an_error_message_not_a_500(owner_client, roster, raw):
    squad = roster.units.get(datasheet__name="Intercessor Squad")
    response = owner_client.post(
        f"/rosters/{roster.pk}/units/{squad.pk}/", {"models": raw}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    assert "whole number" in response.content.decode()
    assert RosterUnit.objects.get(pk=squad.pk).models_count == 10


@pytest.mark.parametrize(
    "path",
    [
        f"/rosters/{2**63}/",
        "/rosters/5116506552896494501888/units/774418393/duplicate/",
        "/rosters/0/",
        f"/rosters/{2**63}/export/pdf/",
    ],
)
def test_a_roster_id_beyond_64_bits_in_the_address_is_a_404(owner_client, roster, path):
    assert owner_client.get(path).status_code == 404
