"""The demo command: the demo catalogue, and a player with one legal and one illegal roster."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from armybuilder.catalogue.models import Faction, PointsRelease
from rosters import services
from rosters.models import Roster

pytestmark = pytest.mark.django_db


def test_demo_loads_a_legal_and_an_illegal_roster():
    call_command("demo", catalogue="demo", verbosity=0)
    assert set(Faction.objects.values_list("name", flat=True)) == {
        "Necrons",
        "Space Marines",
        "World Eaters",
    }
    assert PointsRelease.objects.current().name == "Final 10th edition (BSData 2026-06-14)"
    results = {
        roster.name: services.roster_validate(roster=services.roster_load(roster_id=roster.pk))
        for roster in Roster.objects.filter(owner__username="demo")
    }
    legal = results["Chainblades go BRRRR"]
    assert legal.legal, legal.violations
    assert legal.points <= 2000
    illegal = results["Too many Hellblasters"]
    assert {"DATASHEET_LIMIT", "ENHANCEMENT_DUPLICATE"} <= set(illegal.codes())

    call_command("demo", catalogue="demo", verbosity=0)
    assert Roster.objects.filter(owner__username="demo").count() == 2


@pytest.mark.parametrize(
    "faction, datasheet, brackets",
    [
        ("Space Marines", "Intercessor Squad", [(5, 80), (10, 160)]),
        ("Necrons", "Necron Warriors", [(10, 90), (20, 200)]),
        ("World Eaters", "Khorne Berzerkers", [(10, 180), (20, 360)]),
        ("World Eaters", "Jakhals", [(10, 65), (20, 140)]),
    ],
)
def test_demo_catalogue_prices_are_the_hand_checked_ones(faction, datasheet, brackets):
    call_command("loaddata", "fixtures/demo-catalogue.json", verbosity=0)
    sheet = Faction.objects.get(name=faction).datasheets.get(name=datasheet)
    assert list(sheet.prices.values_list("models_count", "points").order_by("models_count")) == (
        brackets
    )
