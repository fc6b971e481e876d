"""Import a pasted list (saved only on request) and export a roster as PDF, xlsx or text."""

from __future__ import annotations

import io

import pytest
from openpyxl import load_workbook

from rosters.formats.services import roster_export_text
from rosters.models import Roster

pytestmark = pytest.mark.django_db


@pytest.fixture
def pasted(roster) -> str:
    return roster_export_text(roster_id=roster.pk)


def test_export_text(owner_client, roster, pasted):
    response = owner_client.get(f"/api/rosters/{roster.pk}/export/text/")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert response.content.decode() == pasted
    assert 'filename="gladius.txt"' in response["Content-Disposition"]


def test_export_pdf(owner_client, roster):
    response = owner_client.get(f"/api/rosters/{roster.pk}/export/pdf/")
    assert response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF")


def test_export_xlsx(owner_client, roster):
    response = owner_client.get(f"/api/rosters/{roster.pk}/export/xlsx/")
    assert response["Content-Type"].startswith("application/vnd.openxmlformats")
    workbook = load_workbook(io.BytesIO(response.content))
    assert workbook["Roster"]["B1"].value == "Gladius"


def test_import_checks_without_saving(anon_client, roster, pasted):
    before = Roster.objects.count()
    response = anon_client.post("/api/import/", {"text": pasted}, format="json")
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["roster"] is None and body["problems"] == []
    result = body["result"]
    assert [u["name"] for u in result["units"]] == ["Captain", "Intercessor Squad", "Rhino"]
    assert result["faction"] == "Space Marines" and result["legal"] is True
    assert Roster.objects.count() == before


def test_import_reports_unrecognised_lines_and_takes_resolutions(owner_client, roster, pasted):
    text = pasted.replace("Rhino", "Rhinoceros")
    body = owner_client.post("/api/import/", {"text": text}, format="json").json()
    problems = body["problems"]
    assert [p["kind"] for p in problems] == ["unit"]
    assert "Rhino" in problems[0]["suggestions"]
    assert body["result"]["unrecognised"][0]["text"] == "Rhinoceros"
    assert body["result"]["legal"] is False

    refused = owner_client.post("/api/import/", {"text": text, "save": True}, format="json")
    assert refused.status_code == 400
    error = refused.json()["error"]
    assert error["code"] == "list_unresolved"
    assert error["unrecognised"][0]["text"] == "Rhinoceros"

    fixed = owner_client.post(
        "/api/import/",
        {
            "text": text,
            "save": True,
            "name": "Imported",
            "resolutions": {problems[0]["key"]: "Rhino"},
        },
        format="json",
    )
    assert fixed.status_code == 201, fixed.json()
    saved = Roster.objects.get(pk=fixed.json()["roster"])
    assert saved.name == "Imported" and saved.owner == roster.owner
    assert saved.units.count() == 3


def test_saving_an_import_needs_an_account(anon_client, roster, pasted):
    response = anon_client.post("/api/import/", {"text": pasted, "save": True}, format="json")
    assert response.status_code == 401
    assert Roster.objects.count() == 1


def test_unreadable_text_is_a_field_error(anon_client, marines):
    response = anon_client.post("/api/import/", {"text": "hello there"}, format="json")
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "list_unreadable"
    assert "text" in error["fields"]


@pytest.mark.parametrize(
    ("kind", "media_type"),
    [
        ("pdf", "application/pdf"),
        ("xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
        ("text", "text/plain"),
    ],
)
def test_exports_honour_accept_and_errors_stay_json(
    owner_client, stranger_client, roster, kind, media_type
):
    url = f"/api/rosters/{roster.pk}/export/{kind}/"
    response = owner_client.get(url, HTTP_ACCEPT=media_type)
    assert response.status_code == 200
    assert response["Content-Type"].startswith(media_type)
    refused = stranger_client.get(url, HTTP_ACCEPT=media_type)
    assert refused.status_code == 404
    assert refused["Content-Type"] == "application/json"
    assert refused.json()["error"]["code"] == "not_found"


def test_wargear_not_read_is_offered_for_renaming_but_never_blocks_saving(owner_client, marines):
    from tests.rosters.test_import_page_wargear import LIST

    body = owner_client.post("/api/import/", {"text": LIST, "save": True}, format="json").json()
    assert body["problems"] == []
    [line] = body["unread_wargear"]
    assert (line["key"], line["kind"], line["text"]) == ("wargear-21-1", "wargear", "Power sword")
    assert Roster.objects.filter(pk=body["roster"]).exists()
    result = body["result"]
    assert result["unrecognised"] == []
    [found] = [v for v in result["violations"] if v["code"] == "WARGEAR_UNREAD"]
    assert found["severity"] == "warning"
    assert found["lines"] == [{"line": 21, "text": "4x Power sword", "nearest": []}]
