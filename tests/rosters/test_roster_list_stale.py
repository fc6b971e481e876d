"""My rosters marks each roster priced under an older release, with what re-pricing changes."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from armybuilder.catalogue import services as catalogue_services
from armybuilder.catalogue.models import PointsRelease, UnitPrice
from rosters import services
from rosters.models import Roster
from tests.rosters.conftest import add

pytestmark = pytest.mark.django_db


def publish_dearer_intercessors(release: PointsRelease) -> PointsRelease:
    new = catalogue_services.release_copy(
        source=release, name="MFM 2025-12", published=datetime.date(2025, 12, 1)
    )
    UnitPrice.objects.filter(
        release=new, datasheet__name="Intercessor Squad", models_count=10
    ).update(points=150)
    return catalogue_services.release_publish(release=new)


def test_a_current_roster_is_not_marked(client: Client, owner, roster: Roster) -> None:
    client.force_login(owner)
    html = client.get(reverse("rosters:list")).content.decode()
    assert "315 / 2000" in html and "Priced under" not in html


def test_a_stale_roster_shows_its_total_before_and_after_repricing(
    client: Client, owner, roster: Roster, release: PointsRelease
) -> None:
    new = publish_dearer_intercessors(release)
    client.force_login(owner)
    html = client.get(reverse("rosters:list")).content.decode()
    assert f"Priced under {release.name}; under {new.name}" in html
    assert '<span class="repriced">315 → 305</span>' in html
    # The same figure the re-price page gives, and nothing was changed by showing it.
    preview = services.roster_reprice(roster=services.roster_load(roster_id=roster.pk), release=new)
    assert (preview.old_total, preview.new_total) == (315, 305)
    assert Roster.objects.get(pk=roster.pk).release == release


def test_a_draft_release_marks_nothing(client: Client, owner, roster: Roster, release) -> None:
    catalogue_services.release_copy(
        source=release, name="Not yet", published=datetime.date(2026, 1, 1)
    )
    client.force_login(owner)
    assert "Priced under" not in client.get(reverse("rosters:list")).content.decode()


def test_query_count_does_not_grow_with_rosters(
    client: Client, owner, roster: Roster, release: PointsRelease
) -> None:
    publish_dearer_intercessors(release)
    client.force_login(owner)
    with CaptureQueriesContext(connection) as one:
        client.get(reverse("rosters:list"))
    for n in range(6):
        copy = services.roster_create(
            owner=owner,
            name=f"Copy {n}",
            faction=roster.faction,
            detachment=roster.detachment,
            battle_size="strike_force",
            release=release if n % 2 else None,
        )
        add(copy, "Hellblaster Squad", 10)
        add(copy, "Captain", warlord=True)
    with CaptureQueriesContext(connection) as seven:
        html = client.get(reverse("rosters:list")).content.decode()
    assert html.count('class="repriced"') == 4
    assert len(seven) == len(one)
