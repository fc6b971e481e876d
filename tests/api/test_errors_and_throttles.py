"""Every error is the same JSON envelope; nothing leaks a stack trace; anonymous
validation meets a stricter rate limit."""

from __future__ import annotations

import pytest
from django.conf import settings
from rest_framework.throttling import AnonRateThrottle

from rosters.api import drafts
from rosters.api.throttles import AnonValidateThrottle

pytestmark = pytest.mark.django_db

VALID = {"faction": "Space Marines", "units": [{"datasheet": "Captain", "warlord": True}]}


def assert_envelope(response, status: int, code: str) -> dict:
    assert response.status_code == status
    assert response["Content-Type"].startswith("application/json")
    error = response.json()["error"]
    assert error["code"] == code
    assert isinstance(error["message"], str) and error["message"]
    assert isinstance(error["fields"], dict)
    return error


@pytest.mark.parametrize("debug", [True, False])
def test_an_unexpected_failure_is_a_json_500_without_a_trace(
    anon_client, marines, monkeypatch, settings, debug, caplog
):
    settings.DEBUG = debug

    def boom(**_: object) -> None:
        raise RuntimeError("secret internals at /srv/app.py line 3")

    monkeypatch.setattr(drafts, "validate_body_draft", boom)
    response = anon_client.post("/api/validate/", VALID, format="json")
    error = assert_envelope(response, 500, "server_error")
    assert "secret" not in response.content.decode()
    assert "Traceback" not in response.content.decode()
    assert error["fields"] == {}
    # The trace goes to the log for the people who run the site.
    assert "secret internals" in caplog.text


def test_unknown_api_address_is_a_json_404(anon_client, db):
    assert_envelope(anon_client.get("/api/no-such-thing/"), 404, "not_found")
    assert_envelope(anon_client.post("/api/rosters/1/units/2/fly/"), 404, "not_found")


def test_wrong_method_is_a_json_405(owner_client, marines):
    assert_envelope(owner_client.delete("/api/factions/"), 405, "method_not_allowed")


def test_wrong_content_type_is_a_json_415(anon_client, marines):
    response = anon_client.post("/api/validate/", {"faction": "x"}, format="multipart")
    assert_envelope(response, 415, "unsupported_media_type")


def test_bad_query_parameters_are_field_errors(anon_client, marines):
    error = assert_envelope(anon_client.get("/api/datasheets/", {"faction": "x"}), 400, "invalid")
    assert "faction" in error["fields"]
    assert_envelope(anon_client.get("/api/factions/", {"page": 99}), 404, "not_found")


def test_anonymous_validation_has_the_stricter_limit(
    anon_client, owner_client, marines, monkeypatch
):
    rates = {**AnonValidateThrottle.THROTTLE_RATES, "validate_anon": "3/minute"}
    monkeypatch.setattr(AnonValidateThrottle, "THROTTLE_RATES", rates)
    for _ in range(3):
        assert anon_client.post("/api/validate/", VALID, format="json").status_code == 200
    error = assert_envelope(
        anon_client.post("/api/validate/", VALID, format="json"), 429, "throttled"
    )
    assert error["message"]
    throttled = anon_client.post("/api/validate/", VALID, format="json")
    assert int(throttled["Retry-After"]) > 0
    # Reading the catalogue is not held back by it, nor is a signed-in player.
    assert anon_client.get("/api/factions/").status_code == 200
    for _ in range(5):
        assert owner_client.post("/api/validate/", VALID, format="json").status_code == 200


def test_default_rates_are_stricter_for_anonymous_validation():
    rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    throttle = AnonRateThrottle()
    anon = throttle.parse_rate(rates["anon"])
    validate = throttle.parse_rate(rates["validate_anon"])
    assert validate[0] / validate[1] < anon[0] / anon[1]


def test_a_missing_trailing_slash_is_named(owner_client, roster):
    error = assert_envelope(owner_client.post("/api/rosters", {}, format="json"), 404, "not_found")
    assert error["message"].endswith("/api/rosters/")
