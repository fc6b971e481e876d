"""Comparing two real releases: the second is a copy of the first, then edited."""

from __future__ import annotations

import datetime
import io
import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from openpyxl import load_workbook

from armybuilder.catalogue import services
from armybuilder.catalogue.models import (
    DetachmentUpgrade,
    DetachmentUpgradePrice,
    DetachmentUpgradeUnit,
    Enhancement,
    EnhancementPrice,
    Faction,
    OptionPrice,
    PointsRelease,
    UnitPrice,
)
from tests.factories import make_datasheet, make_faction, make_release, space_marines

pytestmark = pytest.mark.django_db


@pytest.fixture
def pair() -> tuple[PointsRelease, PointsRelease]:
    old = make_release("MFM 2025-09")
    marines = space_marines(old)
    eaters = make_faction("World Eaters", "WORLD EATERS")
    make_datasheet(eaters, "=Khorne Berzerkers", "INFANTRY", prices=[(10, 180)], release=old)
    make_datasheet(eaters, "Jakhals", "INFANTRY", prices=[(10, 65)], release=old)
    captain = marines.datasheets.get(name="Captain")
    OptionPrice.objects.create(release=old, datasheet=captain, name="Relic shield", points=5)
    new = services.release_copy(
        source=old, name="MFM 2025-12", published=datetime.date(2025, 12, 1)
    )
    UnitPrice.objects.filter(
        release=new, datasheet__name="Intercessor Squad", models_count=10
    ).update(points=150)
    UnitPrice.objects.filter(release=new, datasheet__name="=Khorne Berzerkers").update(points=200)
    EnhancementPrice.objects.filter(release=new, enhancement__name="Artificer Armour").update(
        points=15
    )
    OptionPrice.objects.filter(release=new).delete()
    relic = Enhancement.objects.create(
        detachment=marines.detachments.get(), name="The Honour Vehement"
    )
    EnhancementPrice.objects.create(release=new, enhancement=relic, points=15)
    return old, new


EXPECTED = [
    ("Space Marines", "Enhancement", "Artificer Armour (Gladius Task Force)", 10, 15, 5, "changed"),
    (
        "Space Marines",
        "Enhancement",
        "The Honour Vehement (Gladius Task Force)",
        None,
        15,
        15,
        "added",
    ),
    ("Space Marines", "Option", "Captain: Relic shield", 5, None, -5, "removed"),
    ("Space Marines", "Unit", "Intercessor Squad, 10 models", 160, 150, -10, "changed"),
    ("World Eaters", "Unit", "=Khorne Berzerkers, 10 models", 180, 200, 20, "changed"),
]


def as_tuples(comparison: services.ReleaseComparison) -> list[tuple[object, ...]]:
    return [
        (r.faction, r.kind, r.entry, r.old, r.new, r.difference, r.change) for r in comparison.rows
    ]


def test_every_changed_added_and_removed_price_and_nothing_else(pair) -> None:
    old, new = pair
    comparison = services.release_compare(old=old, new=new)
    assert as_tuples(comparison) == EXPECTED
    assert [f for f, _ in comparison.by_faction()] == ["Space Marines", "World Eaters"]


def test_filtered_by_faction(pair) -> None:
    old, new = pair
    eaters = Faction.objects.get(name="World Eaters")
    assert as_tuples(services.release_compare(old=old, new=new, faction_id=eaters.pk)) == [
        EXPECTED[-1]
    ]


def test_comparing_a_release_with_itself_lists_nothing(pair) -> None:
    old, _ = pair
    assert services.release_compare(old=old, new=old).rows == []


def test_query_count_does_not_grow_with_the_catalogue(pair) -> None:
    old, new = pair
    with CaptureQueriesContext(connection) as small:
        services.release_compare(old=old, new=new)
    eaters = Faction.objects.get(name="World Eaters")
    for n in range(30):
        make_datasheet(eaters, f"Extra {n}", "INFANTRY", prices=[(1, n), (2, 2 * n)], release=new)
    with CaptureQueriesContext(connection) as large:
        services.release_compare(old=old, new=new)
    # Units, enhancements, options and detachment upgrades, for each release.
    assert len(large) == len(small) == 8


def test_admin_page_groups_by_faction_and_the_list_links_it(
    client: Client, staff_reader, pair
) -> None:
    old, new = pair
    client.force_login(staff_reader)
    listing = client.get(reverse("admin:catalogue_pointsrelease_changelist")).content.decode()
    url = reverse("admin:catalogue_pointsrelease_compare", args=[new.pk])
    assert f"{url}?against={old.pk}" in listing
    html = client.get(url).content.decode()
    # The cells carry their column's name for the phone layout; the values are what counts.
    html = re.sub(r' data-label="[^"]*"', "", html)
    assert "<h2>Space Marines</h2>" in html and "<h2>World Eaters</h2>" in html
    assert "<td>Intercessor Squad, 10 models</td><td>160</td><td>150</td><td>-10</td>" in html
    assert "<td>Captain: Relic shield</td><td>5</td><td>—</td><td>-5</td><td>removed</td>" in html


def test_xlsx_download_holds_every_row_with_formulas_escaped(
    client: Client, staff_reader, pair
) -> None:
    old, new = pair
    client.force_login(staff_reader)
    url = reverse("admin:catalogue_pointsrelease_compare", args=[new.pk])
    response = client.get(url, {"against": old.pk, "format": "xlsx"})
    assert response["Content-Type"].startswith("application/vnd.openxmlformats")
    sheet = load_workbook(io.BytesIO(response.content))["Changes"]
    rows = list(sheet.iter_rows(values_only=True))
    assert rows[1] == (
        "Faction",
        "Kind",
        "Entry",
        "Old points",
        "New points",
        "Difference",
        "Change",
    )
    body = [tuple(r) for r in rows[2:]]
    assert len(body) == len(EXPECTED)
    assert (
        "World Eaters",
        "Unit",
        "'=Khorne Berzerkers, 10 models",
        180,
        200,
        20,
        "changed",
    ) in body
    assert ("Space Marines", "Option", "Captain: Relic shield", 5, None, -5, "removed") in body


def test_public_page_shows_published_releases_only(client: Client, pair) -> None:
    old, new = pair
    url = reverse("catalogue:release_compare", args=[new.pk])
    # A draft is the staff's business until it is published.
    assert client.get(url).status_code == 404
    assert "MFM 2025-12" not in client.get(reverse("catalogue:releases")).content.decode()
    services.release_publish(release=new)
    listing = client.get(reverse("catalogue:releases")).content.decode()
    assert f"{url}?against={old.pk}" in listing
    page = client.get(url, {"faction": Faction.objects.get(name="World Eaters").pk})
    html = page.content.decode()
    assert page.status_code == 200
    assert "=Khorne Berzerkers, 10 models" in html and "Intercessor" not in html
    xlsx = client.get(url, {"against": old.pk, "format": "xlsx"})
    assert xlsx["Content-Type"].startswith("application/vnd.openxmlformats")


def test_the_first_release_has_nothing_to_compare_with(client: Client, pair) -> None:
    old, _ = pair
    assert client.get(reverse("catalogue:release_compare", args=[old.pk])).status_code == 404


@pytest.mark.parametrize("junk", ["abc", "9" * 40, "²", "-1", ""])
def test_junk_in_the_query_string_is_ignored_or_not_found(
    client: Client, staff_reader, pair, junk: str
) -> None:
    _, new = pair
    services.release_publish(release=new)
    client.force_login(staff_reader)
    for url in (
        reverse("catalogue:release_compare", args=[new.pk]),
        reverse("admin:catalogue_pointsrelease_compare", args=[new.pk]),
    ):
        response = client.get(url, {"against": junk, "faction": junk})
        assert response.status_code == 200
        assert "Intercessor Squad, 10 models" in response.content.decode()


def test_detachment_upgrade_prices_are_copied_and_compared() -> None:
    old = make_release("MFM 2025-09")
    marines = space_marines(old)
    upgrade = DetachmentUpgrade.objects.create(
        detachment=marines.detachments.get(), name="Relic Blade"
    )
    DetachmentUpgradeUnit.objects.create(
        upgrade=upgrade, datasheet=marines.datasheets.get(name="Captain"), maximum=1
    )
    DetachmentUpgradePrice.objects.create(release=old, upgrade=upgrade, points=35)
    new = services.release_copy(
        source=old, name="MFM 2025-12", published=datetime.date(2025, 12, 1)
    )
    assert list(new.upgrade_prices.values_list("upgrade__name", "points")) == [("Relic Blade", 35)]
    new.upgrade_prices.update(points=45)
    rows = services.release_compare(old=old, new=new).rows
    assert [(r.kind, r.entry, r.old, r.new) for r in rows] == [
        ("Detachment upgrade", "Relic Blade (Gladius Task Force)", 35, 45)
    ]
