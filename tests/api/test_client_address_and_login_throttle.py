"""Rate limits key on the address the settings trust, and wrong passwords lock a login out.

Before, a fresh X-Forwarded-For per call let 100 anonymous validations through a limit of
30, and 60 wrong passwords in a row were all tried.
"""

from __future__ import annotations

import pytest
from django.core.cache import caches
from django.test import Client, RequestFactory

from armybuilder.client_address import client_address
from rosters.api.throttles import AnonValidateThrottle
from tests.conftest import PASSWORDS

pytestmark = pytest.mark.django_db

VALID = {"faction": "Space Marines", "units": [{"datasheet": "Captain", "warlord": True}]}


@pytest.mark.parametrize(
    "proxies,forwarded,expected",
    [
        pytest.param(0, "6.6.6.6", "10.0.0.9", id="no-proxy-ignores-the-header"),
        pytest.param(1, "6.6.6.6, 203.0.113.5", "203.0.113.5", id="one-proxy-takes-its-hop"),
        pytest.param(2, "6.6.6.6, 203.0.113.5, 10.0.0.2", "203.0.113.5", id="two-proxies"),
        pytest.param(3, "203.0.113.5", "203.0.113.5", id="short-header-takes-first-hop"),
        pytest.param(1, "", "10.0.0.9", id="no-header-uses-the-connection"),
    ],
)
def test_client_address_believes_only_the_trusted_proxies(settings, proxies, forwarded, expected):
    settings.TRUSTED_PROXY_COUNT = proxies
    request = RequestFactory().get("/", REMOTE_ADDR="10.0.0.9", HTTP_X_FORWARDED_FOR=forwarded)
    assert client_address(request) == expected


def test_a_fresh_forwarded_address_per_call_does_not_escape_the_limit(
    anon_client, marines, monkeypatch
):
    rates = {**AnonValidateThrottle.THROTTLE_RATES, "validate_anon": "3/minute"}
    monkeypatch.setattr(AnonValidateThrottle, "THROTTLE_RATES", rates)
    statuses = [
        anon_client.post(
            "/api/validate/", VALID, format="json", HTTP_X_FORWARDED_FOR=f"198.51.100.{n}"
        ).status_code
        for n in range(6)
    ]
    assert statuses == [200, 200, 200, 429, 429, 429]


def test_throttle_counts_live_in_the_shared_cache(anon_client, marines, monkeypatch):
    rates = {**AnonValidateThrottle.THROTTLE_RATES, "validate_anon": "3/minute"}
    monkeypatch.setattr(AnonValidateThrottle, "THROTTLE_RATES", rates)
    anon_client.post("/api/validate/", VALID, format="json")
    backend = caches["default"]
    # Not a per-process memory cache: the database's, or Redis when REDIS_URL is set.
    assert type(backend).__name__ in {"DatabaseCache", "RedisCache"}
    assert backend.get("throttle_validate_anon_127.0.0.1")


RIGHT = PASSWORDS["olivia"]


def _login(client: Client, password: str, address: str = "10.1.1.1"):
    return client.post(
        "/accounts/login/",
        {"username": "olivia", "password": password},
        REMOTE_ADDR=address,
    )


def test_wrong_passwords_lock_the_login_out_even_with_the_right_one(owner, settings):
    settings.AXES_FAILURE_LIMIT = 3
    client = Client()
    for _ in range(2):
        assert _login(client, "guess").status_code == 200  # the form again, with an error
    assert _login(client, "guess").status_code == 429
    locked = _login(client, RIGHT)
    assert locked.status_code == 429
    assert "Too many failed logins" in locked.content.decode()
    assert "_auth_user_id" not in client.session
    # Another address is not locked out by someone else's guesses.
    assert _login(Client(), RIGHT, address="10.2.2.2").status_code == 302


def test_a_forged_forwarded_header_does_not_reset_the_lockout(owner, settings):
    settings.AXES_FAILURE_LIMIT = 2
    client = Client()
    for n in range(2):
        client.post(
            "/accounts/login/",
            {"username": "olivia", "password": "guess"},
            REMOTE_ADDR="10.1.1.1",
            HTTP_X_FORWARDED_FOR=f"198.51.100.{n}",
        )
    assert _login(client, RIGHT).status_code == 429


def test_a_right_password_below_the_limit_logs_in_and_resets_the_count(owner, settings):
    settings.AXES_FAILURE_LIMIT = 3
    client = Client()
    _login(client, "guess")
    _login(client, "guess")
    assert _login(client, RIGHT).status_code == 302
    client.logout()
    _login(client, "guess")
    _login(client, "guess")
    assert _login(client, RIGHT).status_code == 302


def test_test_client_login_without_a_request_still_works(owner):
    # Nothing remote can call authenticate() without a request; tests and commands do.
    assert Client().login(username="olivia", password=RIGHT)
