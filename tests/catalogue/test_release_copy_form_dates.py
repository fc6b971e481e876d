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


def test_after_a_copy_the_editor_is_shown_its_prices_the_comparison_and_publish(
    client, points_editor
):
    from armybuilder.catalogue.models import PointsRelease

    release = make_release()
    client.force_login(points_editor)
    response = client.post(
        reverse("admin:catalogue_pointsrelease_copy", args=[release.pk]),
        {"name": "Next season", "published": "2031-01-01"},
        follow=True,
    )
    copy = PointsRelease.objects.get(name="Next season")
    html = response.content.decode()
    prices = reverse("admin:catalogue_unitprice_changelist")
    assert f'href="{prices}?release__id__exact={copy.pk}"' in html
    compare = reverse("admin:catalogue_pointsrelease_compare", args=[copy.pk])
    assert f'href="{compare}?against={release.pk}"' in html
    assert f'href="{reverse("admin:catalogue_pointsrelease_publish", args=[copy.pk])}"' in html
    assert client.get(f"{compare}?against={release.pk}").status_code == 200
    assert client.get(f"{prices}?release__id__exact={copy.pk}").status_code == 200
