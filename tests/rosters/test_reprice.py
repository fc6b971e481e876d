import datetime

import pytest
from django.urls import reverse

from armybuilder.catalogue import services as catalogue_services
from armybuilder.catalogue.models import UnitPrice

pytestmark = pytest.mark.django_db


@pytest.fixture
def newer(roster, release):
    new = catalogue_services.release_copy(
        source=release, name="MFM 2025-12", published=datetime.date(2025, 12, 1)
    )
    UnitPrice.objects.filter(
        release=new, datasheet__name="Intercessor Squad", models_count=10
    ).update(points=150)
    catalogue_services.release_publish(release=new)
    return new


def test_roster_under_older_release_shows_a_notice(client, owner, roster, newer):
    client.force_login(owner)
    html = client.get(reverse("rosters:roster", args=[roster.pk])).content.decode()
    assert "A newer points release" in html and "MFM 2025-12" in html


def test_reprice_preview_shows_old_and_new_and_changes_nothing(
    client, owner, roster, newer, release
):
    client.force_login(owner)
    html = client.get(reverse("rosters:reprice", args=[roster.pk])).content.decode()
    assert "<td>Intercessor Squad</td><td>160</td><td>150</td><td>-10</td>" in html
    assert "<td>Captain</td><td>80</td><td>80</td>" in html
    assert "<td>315</td><td>305</td>" in html
    roster.refresh_from_db()
    assert roster.release == release


def test_reprice_apply_moves_the_roster_to_the_new_release(client, owner, roster, newer):
    client.force_login(owner)
    client.post(reverse("rosters:reprice", args=[roster.pk]))
    roster.refresh_from_db()
    assert roster.release == newer
    html = client.get(reverse("rosters:roster", args=[roster.pk])).content.decode()
    assert "305 / 2000" in html
    assert "A newer points release" not in html
