"""The organisers' page: who may use it, the report it answers, and what it refuses."""

from __future__ import annotations

import io
import zipfile

import pytest
from openpyxl import load_workbook

from rosters.formats import batch
from tests.formats.test_validate_list_batch import ILLEGAL, LEGAL

pytestmark = pytest.mark.django_db
URL = "/organisers/check/"


def event_zip(*texts: str) -> io.BytesIO:
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w") as archive:
        for n, text in enumerate(texts, 1):
            archive.writestr(f"player-{n}.txt", text.encode("utf-8"))
    data.seek(0)
    data.name = "event.zip"
    return data


def test_players_may_not_use_the_page_and_strangers_must_log_in(client, owner):
    assert client.get(URL).status_code == 302
    client.force_login(owner)
    refused = client.get(URL)
    assert refused.status_code == 403
    # The site's own page, saying who may use it, not a bare "403 Forbidden".
    page = refused.content.decode()
    assert '<header class="site">' in page and "Organisers group" in page


def test_the_import_page_points_organisers_to_the_event_check(client, owner):
    client.force_login(owner)
    assert f'href="{URL}"' in client.get("/rosters/import/").content.decode()


def test_staff_and_organisers_may(client, organiser, staff_reader):
    client.force_login(organiser)
    assert client.get(URL).status_code == 200
    client.force_login(staff_reader)
    assert client.get(URL).status_code == 200


def test_an_uploaded_zip_answers_with_the_report_and_keeps_nothing(
    client, organiser, catalogue, tmp_path, settings
):
    settings.MEDIA_ROOT = str(tmp_path)
    client.force_login(organiser)
    upload = event_zip(LEGAL.format(name="Ann"), ILLEGAL.format(name="Bob"), "no list here")
    response = client.post(URL, {"lists": upload, "profile": "core-10"})
    assert response.status_code == 200
    assert response["Content-Disposition"] == 'attachment; filename="event-report.xlsx"'
    assert (response["X-Lists-Checked"], response["X-Lists-Exit"]) == ("3", "2")
    rows = list(load_workbook(io.BytesIO(response.content))[batch.LISTS_SHEET].values)
    assert [(r[1], r[6]) for r in rows[1:]] == [
        ("Ann", "legal"),
        ("Bob", "illegal"),
        (None, "unreadable"),
    ]
    assert list(tmp_path.iterdir()) == []


def test_a_file_that_is_not_a_zip_is_refused_with_a_reason(client, organiser, catalogue):
    client.force_login(organiser)
    fake = io.BytesIO(b"PK\x03\x04 not really")
    fake.name = "event.zip"
    response = client.post(URL, {"lists": fake, "profile": "core-10"})
    assert response.status_code == 400
    assert "not a zip file we can read" in response.content.decode()


def test_a_zip_over_the_stated_size_is_refused_before_it_is_opened(
    client, organiser, catalogue, monkeypatch
):
    monkeypatch.setattr(batch, "MAX_ZIP_BYTES", 100)
    client.force_login(organiser)
    response = client.post(
        URL, {"lists": event_zip(LEGAL.format(name="Ann")), "profile": "core-10"}
    )
    assert response.status_code == 400
    assert "may be 100 bytes at most" in response.content.decode()
