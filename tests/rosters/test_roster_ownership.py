"""A stranger finds nothing of another player's rosters, on pages or htmx endpoints."""

import pytest
from django.urls import reverse

from rosters.models import Roster

pytestmark = pytest.mark.django_db

PAGES = ["roster", "rename", "delete", "reprice"]
POSTS = ["duplicate", "delete", "share", "warlord", "unit_add", "rename"]
UNIT_POSTS = ["unit_update", "unit_duplicate", "unit_remove"]


@pytest.mark.parametrize("name", PAGES)
def test_stranger_gets_404_on_pages(client, stranger, roster, name):
    client.force_login(stranger)
    assert client.get(reverse(f"rosters:{name}", args=[roster.pk])).status_code == 404


@pytest.mark.parametrize("name", POSTS)
@pytest.mark.parametrize("htmx", [False, True], ids=["form", "htmx"])
def test_stranger_gets_404_on_roster_posts(client, stranger, roster, name, htmx):
    client.force_login(stranger)
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    sheet = roster.faction.datasheets.get(name="Captain")
    response = client.post(
        reverse(f"rosters:{name}", args=[roster.pk]),
        {"name": "pwned", "datasheet": sheet.pk, "enabled": "1", "unit": ""},
        **headers,
    )
    assert response.status_code == 404
    roster.refresh_from_db()
    assert (roster.name, roster.share_token, roster.units.count()) == ("Gladius", None, 3)


@pytest.mark.parametrize("name", UNIT_POSTS)
def test_stranger_gets_404_on_unit_posts(client, stranger, roster, name):
    client.force_login(stranger)
    unit = roster.units.get(datasheet__name="Intercessor Squad")
    response = client.post(
        reverse(f"rosters:{name}", args=[roster.pk, unit.pk]),
        {"models": "5"},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 404
    unit.refresh_from_db()
    assert unit.models_count == 10
    assert roster.units.count() == 3


def test_stranger_cannot_reach_a_unit_through_their_own_roster(client, stranger, roster, marines):
    from rosters import services

    theirs = services.roster_create(
        owner=stranger, name="mine", faction=marines, detachment=None, battle_size="incursion"
    )
    client.force_login(stranger)
    unit = roster.units.first()
    response = client.post(reverse("rosters:unit_remove", args=[theirs.pk, unit.pk]))
    assert response.status_code == 404
    assert roster.units.count() == 3


def test_anonymous_is_sent_to_log_in(client, roster):
    response = client.get(reverse("rosters:roster", args=[roster.pk]))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_stranger_list_shows_none_of_the_owners_rosters(client, stranger, roster):
    client.force_login(stranger)
    assert "Gladius" not in client.get(reverse("rosters:list")).content.decode()
    assert Roster.objects.count() == 1
