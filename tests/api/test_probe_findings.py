"""The five findings of issue 26's probe, each held by a test.

A NUL byte in a share token, a lone surrogate echoed in a 400, a token client's write to
an unknown /api/ address, the API PDF's ``cards`` and ``declaration``, and the password
reset's timing.
"""

from __future__ import annotations

import io
import json
import re
import threading

import pytest
from django.core import mail
from django.core.mail.backends import locmem
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader
from rest_framework.authtoken.models import Token

from rosters.api.parsers import ERR_NOT_TEXT
from rosters.converters import TokenConverter
from rosters.mail import mail_wait

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("path", "json_answer"),
    [
        ("/shared/%00/", False),
        ("/battles/shared/%00/", False),
        ("/api/shared/%00/", True),
        ("/api/shared/%00/validation/", True),
        ("/shared/a%00b/", False),
    ],
)
def test_a_nul_byte_in_a_share_token_is_not_found(client, path, json_answer) -> None:
    # PostgreSQL refuses a NUL in a query (a 500 there); no query is made for one now.
    response = client.get(path)
    assert response.status_code == 404
    if json_answer:
        assert response.json()["error"]["code"] == "not_found"


@pytest.mark.parametrize(
    ("token", "matches"),
    [("AbC-_09" * 4, True), ("a\x00b", False), ("a b", False), ("é", False), ("a" * 65, False)],
)
def test_the_token_converter_takes_only_what_token_urlsafe_makes(token, matches) -> None:
    assert bool(re.fullmatch(TokenConverter.regex, token)) is matches


@pytest.mark.parametrize(
    ("faction", "refused"),
    [
        ('"\\ud800"', True),  # a lone high surrogate
        ('"Orks \\udfff"', True),  # a lone low one
        ('"\\ud83d\\ude00"', False),  # a pair: one character, refused only as a faction
        ('"Orks"', False),
    ],
)
def test_a_lone_surrogate_is_refused_as_not_text(anon_client, faction, refused) -> None:
    body = '{"faction": ' + faction + ', "detachment": "x", "units": []}'
    response = anon_client.post("/api/validate/", body, content_type="application/json")
    assert response.status_code == 400
    message = json.loads(response.content)["error"]["message"]
    assert (message == str(ERR_NOT_TEXT)) is refused


@pytest.mark.parametrize("method", ["post", "put", "patch", "delete"])
def test_a_token_clients_write_to_an_unknown_address_is_the_json_404(owner, method) -> None:
    token = Token.objects.create(user=owner)
    # The real CSRF check, as a browser-less client meets it.
    client = Client(enforce_csrf_checks=True)
    response = getattr(client, method)(
        "/api/no-such-thing/",
        "{}",
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Token {token.key}",
    )
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json()["error"]["code"] == "not_found"


def _text(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def test_the_api_pdf_takes_cards_and_a_declaration(owner_client, roster, declaration) -> None:
    url = f"/api/rosters/{roster.pk}/export/pdf/"
    plain = _text(owner_client.get(url).content)
    cards = _text(owner_client.get(url, {"cards": "true"}).content)
    declared = owner_client.get(url, {"cards": "1", "declaration": declaration.pk})
    assert "Datasheets" not in plain
    assert "Datasheets" in cards and "leads unit" not in cards
    assert declared.status_code == 200
    assert "leads unit 2" in _text(declared.content)
    # Another roster's or no declaration: the JSON 404, as for any address it does not own.
    missing = owner_client.get(url, {"cards": "1", "declaration": declaration.pk + 1000})
    assert missing.status_code == 404
    assert owner_client.get(url, {"cards": "maybe"}).status_code == 400


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_pdf_asked_for_by_format_still_answers_a_bad_query_in_json(
    owner_client, roster, language
) -> None:
    # ?format=pdf picks the PDF renderer for the error too; its messages are lazy
    # translations, which once made the plain json encoder raise (a 500 found by fuzzing).
    url = f"/api/rosters/{roster.pk}/export/pdf/"
    query = {"format": "pdf", "declaration": "null", "cards": "false"}
    answer = owner_client.get(url, query, HTTP_ACCEPT_LANGUAGE=language)
    assert answer.status_code == 400
    assert answer["Content-Type"] == "application/json"
    assert answer.json()["error"]["code"]


def test_the_reset_mail_is_sent_off_the_request_path(client, owner, monkeypatch) -> None:
    senders: list[str] = []
    send = locmem.EmailBackend.send_messages

    def record(self, messages):
        senders.append(threading.current_thread().name)
        return send(self, messages)

    monkeypatch.setattr(locmem.EmailBackend, "send_messages", record)
    mail.outbox = []
    response = client.post(reverse("password_reset"), {"email": owner.email})
    assert response.status_code == 302
    mail_wait()
    assert len(mail.outbox) == 1
    assert senders and all(name.startswith("mail") for name in senders)
    assert threading.current_thread().name not in senders
