"""The admin's Copy form shows and reads dates as its help says: YYYY-MM-DD."""

import datetime
import re

import pytest
from django.urls import reverse

from tests.factories import make_release

pytestmark = pytest.mark.django_db


def test_copy_form_shows_today_in_iso_whatever_the_locale(client, points_editor):
    release = make_release()
    client.force_login(points_editor)
    html = client.get(reverse("admin:catalogue_pointsrelease_copy", args=[release.pk])).content
    value = re.search(rb'name="published" value="([^"]*)"', html)
    assert value is not None
    assert value.group(1).decode() == datetime.date.today().isoformat()
    assert b"YYYY-MM-DD" in html


def test_copy_form_refuses_a_day_first_date(client, points_editor):
    release = make_release()
    client.force_login(points_editor)
    response = client.post(
        reverse("admin:catalogue_pointsrelease_copy", args=[release.pk]),
        {"name": "Ambiguous", "published": "01/12/2026"},
    )
    assert response.status_code == 200
    assert b"Enter a valid date" in response.content
