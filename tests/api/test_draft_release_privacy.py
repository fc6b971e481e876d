"""A draft points release (a copy not yet published) stays with the staff.

Olivia (a player) and anonymous visitors never see it through the API, and neither the
builder nor an import will price a roster under it; once published it is everyone's.
"""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from armybuilder.catalogue import services as catalogue_services
from armybuilder.catalogue.models import Detachment, Faction, PointsRelease, UnitPrice
from rosters.formats.services import roster_export_text
from rosters.models import Roster

pytestmark = pytest.mark.django_db


@pytest.fixture
def draft(release: PointsRelease, marines: Faction) -> PointsRelease:
    """A copy of the current release with dearer Captains, not published."""
    copy = catalogue_services.release_copy(
        source=release, name="MFM draft", published=datetime.date(2026, 1, 1)
    )
    UnitPrice.objects.filter(release=copy, datasheet__name="Captain").update(points=999)
    return copy


def test_the_release_list_hides_drafts(anon_client: APIClient, release, draft) -> None:
    names = [r["name"] for r in anon_client.get("/api/releases/").json()["results"]]
    assert names == [release.name]


@pytest.mark.parametrize(
    "path",
    [
        "/api/releases/{draft}/",
        "/api/datasheets/?release={draft}",
        "/api/enhancements/?release={draft}",
    ],
)
def test_a_draft_answers_like_a_release_that_does_not_exist(
    anon_client: APIClient, owner_client: APIClient, draft, path: str
) -> None:
    for client in (anon_client, owner_client):
        response = client.get(path.format(draft=draft.pk))
        assert response.status_code in (400, 404)
        assert b"999" not in response.content


def test_publishing_makes_the_release_public(anon_client: APIClient, draft) -> None:
    catalogue_services.release_publish(release=draft)
    assert anon_client.get(f"/api/releases/{draft.pk}/").status_code == 200


def test_api_roster_create_and_reprice_refuse_a_draft(
    owner_client: APIClient, marines: Faction, gladius: Detachment, roster: Roster, draft
) -> None:
    created = owner_client.post(
        "/api/rosters/",
        {
            "name": "Drafty",
            "faction": marines.pk,
            "detachment": gladius.pk,
            "battle_size": "strike_force",
            "release": draft.pk,
        },
        format="json",
    )
    assert created.status_code == 400 and "release" in created.json()["error"]["fields"]
    preview = owner_client.get(f"/api/rosters/{roster.pk}/reprice/", {"release": draft.pk})
    applied = owner_client.post(
        f"/api/rosters/{roster.pk}/reprice/", {"release": draft.pk}, format="json"
    )
    assert preview.status_code == applied.status_code == 400
    assert Roster.objects.filter(release=draft).count() == 0


@pytest.mark.parametrize("by", ["id", "name"])
def test_validate_and_import_refuse_a_draft(
    anon_client: APIClient, roster: Roster, draft, by: str
) -> None:
    value = draft.pk if by == "id" else draft.name
    body = {
        "faction": "Space Marines",
        "detachment": "Gladius Task Force",
        "release": value,
        "units": [{"datasheet": "Captain", "warlord": True}],
    }
    response = anon_client.post("/api/validate/", body, format="json")
    assert response.status_code == 400
    assert "release" in response.json()["error"]["fields"]


def test_builder_prices_new_rosters_and_repricing_under_the_current_release(
    client: Client, owner, marines: Faction, gladius: Detachment, roster: Roster, release, draft
) -> None:
    client.force_login(owner)
    response = client.post(
        reverse("rosters:create"),
        {
            "name": "Fresh",
            "faction": marines.pk,
            "detachment": gladius.pk,
            "battle_size": "strike_force",
            "profile": "core-10",
        },
    )
    assert response.status_code == 302
    assert Roster.objects.get(name="Fresh").release == release
    # The only newer release is a draft, so there is nothing to re-price to.
    page = client.get(reverse("rosters:roster", args=[roster.pk])).content.decode()
    assert "A newer points release" not in page and "MFM draft" not in page
    assert client.get(reverse("rosters:reprice", args=[roster.pk])).status_code == 302
    assert client.get(reverse("rosters:list")).content.decode().count("MFM draft") == 0


def test_importing_a_list_prices_it_under_the_current_release(
    client: Client, owner, roster: Roster, release, draft
) -> None:
    client.force_login(owner)
    text = roster_export_text(roster_id=roster.pk)
    response = client.post(
        reverse("formats:import"), {"profile": "core-10", "text": text, "action": "save"}
    )
    assert response.status_code == 302
    imported = Roster.objects.exclude(pk=roster.pk).get()
    assert imported.release == release
    api = APIClient()
    api.force_authenticate(owner)
    saved = api.post("/api/import/", {"text": text, "save": True}, format="json")
    assert saved.status_code in (200, 201)
    assert not Roster.objects.filter(release=draft).exists()
