import io

import pytest
from django.urls import reverse

from armybuilder.catalogue.models import PointsRelease, UnitPrice
from tests.catalogue.test_points_xlsx_import import UNITS_HEADER, workbook
from tests.factories import make_release, space_marines

pytestmark = pytest.mark.django_db


@pytest.fixture
def release():
    r = make_release()
    space_marines(r)
    return r


def edit_price(client, release):
    price = UnitPrice.objects.get(release=release, datasheet__name="Captain")
    return client.post(
        reverse("admin:catalogue_unitprice_change", args=[price.pk]),
        {"release": release.pk, "datasheet": price.datasheet_id, "models_count": 1, "points": 1},
    )


def test_points_editor_can_change_a_price(client, points_editor, release):
    client.force_login(points_editor)
    response = edit_price(client, release)
    assert response.status_code == 302
    assert UnitPrice.objects.get(datasheet__name="Captain").points == 1


@pytest.mark.parametrize("who", ["staff_reader", "stranger"])
def test_others_cannot_change_prices(client, request, release, who):
    client.force_login(request.getfixturevalue(who))
    response = edit_price(client, release)
    assert response.status_code in (302, 403)
    assert UnitPrice.objects.get(datasheet__name="Captain").points == 80


@pytest.mark.parametrize("who", ["staff_reader", "stranger"])
def test_others_cannot_import_copy_or_publish(client, request, release, who):
    client.force_login(request.getfixturevalue(who))
    data = workbook({"Units": [UNITS_HEADER, ["Space Marines", "Captain", 1, 1]]})
    upload = io.BytesIO(data)
    upload.name = "p.xlsx"
    responses = [
        client.post(
            reverse("admin:catalogue_pointsrelease_import", args=[release.pk]), {"workbook": upload}
        ),
        client.post(
            reverse("admin:catalogue_pointsrelease_copy", args=[release.pk]),
            {"name": "x", "published": "2026-01-01"},
        ),
        client.post(reverse("admin:catalogue_pointsrelease_publish", args=[release.pk])),
    ]
    assert all(r.status_code in (302, 403) for r in responses)
    assert UnitPrice.objects.get(datasheet__name="Captain").points == 80
    assert PointsRelease.objects.count() == 1


def test_staff_reader_can_read_but_sees_no_save_button(client, staff_reader, release):
    client.force_login(staff_reader)
    price = UnitPrice.objects.get(datasheet__name="Captain")
    response = client.get(reverse("admin:catalogue_unitprice_change", args=[price.pk]))
    assert response.status_code == 200
    assert b'name="_save"' not in response.content


def test_import_flow_preview_then_confirm(client, points_editor, release):
    client.force_login(points_editor)
    url = reverse("admin:catalogue_pointsrelease_import", args=[release.pk])
    upload = io.BytesIO(workbook({"Units": [UNITS_HEADER, ["Space Marines", "Captain", 1, 99]]}))
    upload.name = "p.xlsx"
    response = client.post(url, {"workbook": upload})
    assert response.status_code == 200
    assert b"changed" in response.content and b"Save these prices" in response.content
    assert UnitPrice.objects.get(datasheet__name="Captain").points == 80
    response = client.post(url, {"confirm": "1"})
    assert response.status_code == 302
    assert UnitPrice.objects.get(datasheet__name="Captain").points == 99


def test_import_flow_bad_sheet_shows_rows_and_no_confirm(client, points_editor, release):
    client.force_login(points_editor)
    url = reverse("admin:catalogue_pointsrelease_import", args=[release.pk])
    upload = io.BytesIO(workbook({"Units": [UNITS_HEADER, ["Space Marines", "Nobody", 1, 99]]}))
    upload.name = "p.xlsx"
    response = client.post(url, {"workbook": upload})
    assert b"no datasheet &#x27;Nobody&#x27;" in response.content
    assert b"Save these prices" not in response.content


def test_copy_and_publish_through_the_admin(client, points_editor, release):
    client.force_login(points_editor)
    response = client.post(
        reverse("admin:catalogue_pointsrelease_copy", args=[release.pk]),
        {"name": "MFM 2026-01", "published": "2026-01-15"},
    )
    assert response.status_code == 302
    new = PointsRelease.objects.get(name="MFM 2026-01")
    assert new.unit_prices.count() == release.unit_prices.count()
    client.post(reverse("admin:catalogue_pointsrelease_publish", args=[new.pk]))
    assert PointsRelease.objects.current() == new
    response = client.get(reverse("admin:catalogue_pointsrelease_export", args=[release.pk]))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/vnd.openxmlformats")


def test_a_refused_points_editor_is_not_told_about_organisers(client, staff_reader, release):
    # The 403 page says why only where the refusal says so: organisers are another matter.
    client.force_login(staff_reader)
    response = client.get(reverse("admin:catalogue_pointsrelease_copy", args=[release.pk]))
    assert response.status_code == 403
    assert "Organisers group" not in response.content.decode()
