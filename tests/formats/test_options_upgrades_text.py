"""Priced options and detachment upgrades in the official app's text: the app lists them on
the unit like wargear; the importer finds them once the datasheet is known, takes a priced
model back out of the model count, and the export writes them the same way."""

from __future__ import annotations

import pytest

from armybuilder.catalogue.models import (
    DetachmentUpgrade,
    DetachmentUpgradePrice,
    DetachmentUpgradeUnit,
    OptionPrice,
)
from rosters import services as roster_services
from rosters.formats import services
from tests.factories import make_datasheet, space_marines

pytestmark = pytest.mark.django_db

LIST = """\
Outriders (300 points)

Space Marines
Gladius Task Force
Strike Force (2000 points)

CHARACTERS

Captain (115 points)
  • Warlord
  • 1x Relic Blade

OTHER DATASHEETS

Outrider Squad (140 points)
  • 1x Invader ATV: 1x Multi-melta, 1x Twin bolt rifle
  • 1x Outrider Sergeant: 1x Astartes chainsword
  • 2x Outrider: 2x Astartes chainsword

Outrider Squad (80 points)
  • 1x Outrider Sergeant: 1x Astartes chainsword
  • 2x Outrider: 2x Astartes chainsword
"""


@pytest.fixture
def catalogue(release):
    marines = space_marines(release)
    outriders = make_datasheet(
        marines, "Outrider Squad", "MOUNTED", prices=[(3, 80), (6, 160)], release=release
    )
    OptionPrice.objects.create(release=release, datasheet=outriders, name="Invader ATV", points=60)
    upgrade = DetachmentUpgrade.objects.create(
        detachment=marines.detachments.get(), name="Relic Blade"
    )
    DetachmentUpgradeUnit.objects.create(
        upgrade=upgrade, datasheet=marines.datasheets.get(name="Captain"), maximum=1
    )
    DetachmentUpgradePrice.objects.create(release=release, upgrade=upgrade, points=35)
    return marines


def test_the_outrider_atv_price_from_the_apps_text(catalogue):
    data = services.list_check_json(check=services.list_import_check(text=LIST))
    assert [(u["name"], u["models"], u["points"]) for u in data["units"]] == [
        ("Captain", 1, 115),
        # 3 Outriders and an ATV: 80 + 60, not the 4-6 bracket's 160 + 60.
        ("Outrider Squad", 3, 140),
        ("Outrider Squad", 3, 80),
    ]
    assert data["units"][1]["options"] == [{"name": "Invader ATV", "count": 1}]
    assert data["units"][0]["upgrades"] == [{"name": "Relic Blade", "count": 1}]
    assert data["points"] == 335
    assert data["violations"] == []


def test_a_saved_import_keeps_them_and_exports_them_back(catalogue, owner, release):
    resolved = services.list_import_resolve(
        parsed=services.list_import_parse(text=LIST), release=release
    )
    roster = services.roster_import_save(owner=owner, resolved=resolved, release=release)
    result = roster_services.roster_validate(
        roster=roster_services.roster_load(roster_id=roster.pk)
    )
    assert result.points == 335
    text = services.roster_export_text(roster_id=roster.pk)
    assert "  • 1x Invader ATV" in text and "  • 1x Relic Blade" in text
    again = services.list_check_json(check=services.list_import_check(text=text))
    assert again["points"] == 335
    assert [u["models"] for u in again["units"]] == [1, 3, 3]
