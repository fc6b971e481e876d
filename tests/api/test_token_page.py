"""The page where a player creates and revokes the API token scripts sign in with."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

PAGE = "/api/tokens/"


@pytest.fixture
def browser(owner) -> Client:
    client = Client()
    client.force_login(owner)
    return client


def test_login_required(db):
    response = Client().get(PAGE)
    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]


def test_create_shows_the_key_once_and_it_signs_scripts_in(browser, owner, roster):
    assert b"You have no token" in browser.get(PAGE).content
    response = browser.post(PAGE, {"action": "create"})
    token = Token.objects.get(user=owner)
    assert token.key.encode() in response.content
    # Later visits show only the first characters.
    later = browser.get(PAGE).content
    assert token.key.encode() not in later and token.key[:6].encode() in later

    script = APIClient()
    script.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    assert script.get(f"/api/rosters/{roster.pk}/").status_code == 200


def test_a_new_token_replaces_the_old(browser, owner):
    browser.post(PAGE, {"action": "create"})
    first = Token.objects.get(user=owner).key
    browser.post(PAGE, {"action": "create"})
    assert Token.objects.get(user=owner).key != first


def test_revoke_stops_the_script(browser, owner, roster):
    browser.post(PAGE, {"action": "create"})
    key = Token.objects.get(user=owner).key
    response = browser.post(PAGE, {"action": "revoke"})
    assert response.status_code == 302
    assert not Token.objects.filter(user=owner).exists()
    script = APIClient()
    script.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert script.get(f"/api/rosters/{roster.pk}/").status_code == 401


def test_the_page_needs_csrf(owner):
    client = Client(enforce_csrf_checks=True)
    client.force_login(owner)
    assert client.post(PAGE, {"action": "create"}).status_code == 403
    assert not Token.objects.filter(user=owner).exists()


def test_session_auth_works_for_the_browser_with_csrf(owner, roster):
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(owner)
    assert client.get(f"/api/rosters/{roster.pk}/").status_code == 200
    # An unsafe call from a session needs the CSRF token, as forms do.
    response = client.patch(f"/api/rosters/{roster.pk}/", {"name": "x"}, format="json")
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "permission_denied"
