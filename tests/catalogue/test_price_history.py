import datetime

import pytest

from armybuilder.catalogue import services
from armybuilder.catalogue.models import UnitPrice
from tests.catalogue.test_points_xlsx_import import UNITS_HEADER, workbook
from tests.factories import make_release, space_marines

pytestmark = pytest.mark.django_db


def test_admin_edit_records_who_when_and_from_what(client, points_editor):
    release = make_release()
    space_marines(release)
    price = UnitPrice.objects.get(datasheet__name="Captain")
    client.force_login(points_editor)
    response = client.post(
        f"/admin/catalogue/unitprice/?release__id__exact={release.pk}",
        {
            "form-TOTAL_FORMS": "1",
            "form-INITIAL_FORMS": "1",
            "form-0-id": str(price.pk),
            "form-0-points": "95",
            "_save": "Save",
        },
    )
    assert response.status_code == 302
    latest, previous = price.history.all()[:2]
    assert (previous.points, latest.points) == (80, 95)
    assert latest.history_user == points_editor
    assert latest.history_type == "~"
    assert latest.diff_against(previous).changed_fields == ["points"]


def test_xlsx_import_records_history_with_the_importing_user(points_editor):
    release = make_release()
    space_marines(release)
    services.release_import_xlsx(
        release=release,
        data=workbook({"Units": [UNITS_HEADER, ["Space Marines", "Captain", 1, 70]]}),
        user=points_editor,
    )
    record = UnitPrice.objects.get(datasheet__name="Captain").history.first()
    assert (record.points, record.history_user, record.history_change_reason) == (
        70,
        points_editor,
        "xlsx import",
    )
    assert record.prev_record.points == 80


def test_copy_records_where_prices_came_from(points_editor):
    release = make_release()
    space_marines(release)
    new = services.release_copy(
        source=release, name="next", published=datetime.date(2026, 1, 1), user=points_editor
    )
    record = new.unit_prices.first().history.first()
    assert record.history_type == "+"
    assert record.history_change_reason == f"Copied from {release.name}"
