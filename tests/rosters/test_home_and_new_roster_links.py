"""The logged-out home page invites a sign-up, and each faction starts a roster of it."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_home_offers_sign_up_and_links_each_faction_to_a_new_roster(client, marines):
    html = client.get("/").content.decode()
    assert f'href="{reverse("rosters:signup")}"' in html
    assert f'href="{reverse("rosters:create")}?faction={marines.pk}">Space Marines</a>' in html
    assert 'rel="icon"' in html


def test_new_roster_form_starts_on_the_linked_faction_and_its_detachments(client, owner, marines):
    client.force_login(owner)
    html = client.get(reverse("rosters:create") + f"?faction={marines.pk}").content.decode()
    assert f'<option value="{marines.pk}" selected>Space Marines</option>' in html
    assert "Gladius Task Force" in html


@pytest.mark.parametrize("value", ["abc", "999999", ""])
def test_a_bad_faction_link_just_opens_the_empty_form(client, owner, marines, value):
    client.force_login(owner)
    response = client.get(reverse("rosters:create") + f"?faction={value}")
    assert response.status_code == 200
    assert " selected>Space Marines" not in response.content.decode()


def test_favicon_ico_leads_to_the_icon(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 301 and response["Location"].endswith("favicon.svg")
