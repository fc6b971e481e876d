"""Malformed and hostile points workbooks: one clear error, and the database unchanged.

Each case is what an attacker or a slip of the hand could upload: broken XML, entity
bombs, a zip bomb, numbers far beyond the game (2^63 points, 100,000 models), too many
rows, too big a file. The import refuses each with a file-level or row-level error.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable

import pytest
from django.db import IntegrityError, transaction
from django.test import Client
from django.urls import reverse
from openpyxl import Workbook

from armybuilder.catalogue import models, points_xlsx, services
from armybuilder.catalogue.admin import SESSION_UPLOAD
from armybuilder.catalogue.models import PointsRelease, UnitPrice
from tests.catalogue.test_admin_permission_walk import snapshot
from tests.catalogue.test_points_xlsx_import import UNITS_HEADER, workbook
from tests.factories import make_release, space_marines

pytestmark = pytest.mark.django_db

SHEET = "xl/worksheets/sheet1.xml"
SHEET_OPEN = b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
BOMB = (
    b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
    + b"".join(
        f'<!ENTITY lol{n} "{("&lol" + (str(n - 1) if n > 1 else "") + ";") * 10}">'.encode()
        for n in range(1, 10)
    )
    + b"]>"
)


@pytest.fixture
def release() -> PointsRelease:
    r = make_release()
    space_marines(r)
    return r


def good() -> bytes:
    return workbook({"Units": [UNITS_HEADER, ["Space Marines", "Captain", 1, 90]]})


def with_member(name: str, change: Callable[[bytes], bytes], data: bytes | None = None) -> bytes:
    source = zipfile.ZipFile(io.BytesIO(data or good()))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for item in source.infolist():
            body = source.read(item.filename)
            target.writestr(item.filename, change(body) if item.filename == name else body)
    return out.getvalue()


def without_member(name: str) -> bytes:
    source = zipfile.ZipFile(io.BytesIO(good()))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as target:
        for item in source.infolist():
            if item.filename != name:
                target.writestr(item.filename, source.read(item.filename))
    return out.getvalue()


def zip_bomb() -> bytes:
    out = io.BytesIO(good())
    with zipfile.ZipFile(out, "a", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/padding.bin", b"\0" * (points_xlsx.MAX_UNPACKED_BYTES + 1))
    return out.getvalue()


def too_many_rows() -> bytes:
    wb = Workbook(write_only=True)
    ws = wb.create_sheet("Units")
    ws.append(UNITS_HEADER)
    for n in range(points_xlsx.MAX_ROWS + 1):
        ws.append(["Space Marines", f"Sheet {n}", 1, 1])
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def units_row(models_count: object, points: object) -> bytes:
    return workbook({"Units": [UNITS_HEADER, ["Space Marines", "Captain", models_count, points]]})


CASES: dict[str, tuple[Callable[[], bytes], str]] = {
    "broken sheet XML": (
        lambda: with_member(SHEET, lambda b: b[: len(b) // 2]),
        "could not be read",
    ),
    "entity bomb": (
        lambda: with_member(SHEET, lambda b: BOMB + b.replace(b"Captain", b"&lol9;")),
        "could not be read",
    ),
    "external entity": (
        lambda: with_member(
            SHEET,
            lambda b: (
                b'<?xml version="1.0"?><!DOCTYPE w [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
                + b.replace(b"Captain", b"&x;")
            ),
        ),
        "could not be read",
    ),
    "broken workbook XML": (
        lambda: with_member("xl/workbook.xml", lambda b: b"<workbook><sheets>"),
        "could not be read",
    ),
    "missing workbook part": (lambda: without_member("xl/workbook.xml"), "could not be read"),
    "not a zip at all": (lambda: b"PK\x03\x04 this is not a workbook", "not an xlsx workbook"),
    "zip bomb": (zip_bomb, "unpacks to more than"),
    "too many rows": (too_many_rows, "more than 20000 rows"),
    "points of 2^63": (lambda: units_row(1, 2**63), "Points must be at most 10000"),
    "points of 10^12 as text": (lambda: units_row(1, "1000000000000"), "Points must be at most"),
    "100,000 models": (lambda: units_row(100_000, 90), "Models must be at most 200"),
    "5,000-digit points": (lambda: units_row(1, "9" * 5000), "Points must be at most"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_hostile_workbook_is_refused_and_nothing_changes(release: PointsRelease, case: str) -> None:
    build, expected = CASES[case]
    before = snapshot()
    preview = services.release_import_xlsx(release=release, data=build(), source="evil.xlsx")
    assert not preview.ok
    assert any(expected in error for error in preview.errors), preview.errors
    assert snapshot() == before


def test_an_oversized_upload_is_a_form_error(
    client: Client, points_editor, release: PointsRelease, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(points_xlsx, "MAX_UPLOAD_BYTES", 1000)
    client.force_login(points_editor)
    upload = io.BytesIO(good() + b"\0" * 1000)
    upload.name = "big.xlsx"
    before = snapshot()
    response = client.post(
        reverse("admin:catalogue_pointsrelease_import", args=[release.pk]), {"workbook": upload}
    )
    assert response.status_code == 200
    assert "a points workbook may be at most 1000 bytes" in response.content.decode()
    assert SESSION_UPLOAD.format(pk=release.pk) not in client.session
    assert snapshot() == before


def test_the_session_keeps_parsed_rows_not_the_file(
    client: Client, points_editor, release: PointsRelease
) -> None:
    client.force_login(points_editor)
    url = reverse("admin:catalogue_pointsrelease_import", args=[release.pk])
    upload = io.BytesIO(good())
    upload.name = "points.xlsx"
    client.post(url, {"workbook": upload})
    stored = client.session[SESSION_UPLOAD.format(pk=release.pk)]
    assert set(stored) == {"name", "rows"}
    assert stored["rows"] == [[2, "Units", "Space Marines", "Captain", 1, 90]]
    assert client.post(url, {"confirm": "1"}).status_code == 302
    assert UnitPrice.objects.get(datasheet__name="Captain").points == 90


def test_confirm_refuses_out_of_range_rows_even_from_the_session(
    client: Client, points_editor, release: PointsRelease
) -> None:
    client.force_login(points_editor)
    session = client.session
    session[SESSION_UPLOAD.format(pk=release.pk)] = {
        "name": "tampered.xlsx",
        "rows": [[2, "Units", "Space Marines", "Captain", 1, 2**63]],
    }
    session.save()
    before = snapshot()
    response = client.post(
        reverse("admin:catalogue_pointsrelease_import", args=[release.pk]), {"confirm": "1"}
    )
    assert response.status_code == 200
    assert "must be at most 10000" in response.content.decode()
    assert snapshot() == before


def test_admin_price_form_refuses_points_beyond_the_game(
    client: Client, points_editor, release: PointsRelease
) -> None:
    client.force_login(points_editor)
    price = UnitPrice.objects.get(datasheet__name="Captain")
    for points in (models.MAX_POINTS + 1, 2**63):
        response = client.post(
            reverse("admin:catalogue_unitprice_change", args=[price.pk]),
            {
                "release": release.pk,
                "datasheet": price.datasheet_id,
                "models_count": 1,
                "points": points,
            },
        )
        assert response.status_code == 200 and b"errorlist" in response.content
    assert UnitPrice.objects.get(pk=price.pk).points == 80


def test_the_database_holds_the_bounds_too(release: PointsRelease) -> None:
    with pytest.raises(IntegrityError), transaction.atomic():
        UnitPrice.objects.filter(release=release).update(points=models.MAX_POINTS + 1)
    with pytest.raises(IntegrityError), transaction.atomic():
        UnitPrice.objects.filter(release=release).update(models_count=models.MAX_PRICED_MODELS + 1)


def test_workbook_bounds_are_the_model_bounds() -> None:
    assert (points_xlsx.MAX_POINTS, points_xlsx.MAX_MODELS) == (
        models.MAX_POINTS,
        models.MAX_PRICED_MODELS,
    )
