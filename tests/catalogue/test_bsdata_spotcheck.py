"""Spot checks against the real BSData catalogues in ../shared (skipped when absent)."""

from __future__ import annotations

from pathlib import Path

import pytest

from armybuilder.catalogue.importers.bsdata import DEFAULT_RELEASE_NAME, release_import_bsdata
from armybuilder.catalogue.models import Datasheet, Detachment, Faction, ImportReport

# Space Wolves pulls in its parent, Space Marines; one import keeps the test to seconds.
FACTIONS = ("Space Wolves", "Necrons", "Orks", "World Eaters", "Tyranids", "Astra Militarum")


def prices(faction: str, name: str) -> list[tuple[int, int]]:
    sheet = Datasheet.objects.get(faction__name=faction, name=name)
    return list(
        sheet.prices.filter(release__name=DEFAULT_RELEASE_NAME).values_list(
            "models_count", "points"
        )
    )


def size(faction: str, name: str) -> tuple[int, int]:
    """Return a datasheet's fewest and most models."""
    sheet = Datasheet.objects.get(faction__name=faction, name=name)
    return sheet.min_models, sheet.max_models


@pytest.mark.shared
@pytest.mark.django_db
def test_spot_checks_against_the_final_data(bsdata_dir: Path) -> None:
    report = release_import_bsdata(directory=bsdata_dir, factions=FACTIONS)

    assert prices("Space Marines", "Intercessor Squad") == [(5, 80), (10, 160)]
    assert "BATTLELINE" in Datasheet.objects.get(name="Intercessor Squad").keywords
    assert prices("Necrons", "Necron Warriors") == [(10, 90), (20, 200)]
    assert prices("Orks", "Boyz") == [(10, 80), (20, 170)]

    # Sizes whose bounds follow the unit's other models (a leader plus N, a model that takes
    # another's place, a second leader model with a full unit).
    assert size("World Eaters", "Jakhals") == (10, 20)
    assert prices("World Eaters", "Jakhals") == [(10, 65), (20, 140)]
    assert size("World Eaters", "Khorne Berzerkers") == (10, 20)
    assert prices("World Eaters", "Khorne Berzerkers") == [(10, 180), (20, 360)]
    assert size("Tyranids", "Neurogaunts") == (11, 22)
    assert prices("Tyranids", "Neurogaunts") == [(11, 45), (22, 90)]
    assert size("Astra Militarum", "Cadian Recon Squad") == (10, 10)
    assert size("Orks", "Gretchin") == (11, 22)

    rhino = Datasheet.objects.get(faction__name="Space Marines", name="Rhino")
    assert "DEDICATED TRANSPORT" in rhino.keywords
    pool = rhino.transport_pools.get(position=0)
    assert pool.capacity == 12 and "TERMINATOR" in pool.forbidden
    gunship = Datasheet.objects.get(faction__name="Space Marines", name="Stormraven Gunship")
    assert "AIRCRAFT" in gunship.keywords and gunship.hover
    assert "FORTIFICATION" in Datasheet.objects.get(name="Hammerfall Bunker").keywords

    captain = Datasheet.objects.get(faction__name="Space Marines", name="Captain")
    assert captain.leads.filter(name="Intercessor Squad").exists()
    gladius = Detachment.objects.get(faction__name="Space Marines", name="Gladius Task Force")
    armour = gladius.enhancements.get(name="Artificer Armour")
    assert armour.prices.get(release__name=DEFAULT_RELEASE_NAME).points == 10

    wolves = Faction.objects.get(name="Space Wolves")
    assert (wolves.keyword, wolves.parent.name) == ("SPACE WOLVES", "Space Marines")
    assert wolves.parent.keyword == "ADEPTUS ASTARTES"
    assert report.counts["factions"]["Space Marines"]["detachments"] > 10
    assert ImportReport.objects.filter(kind=ImportReport.Kind.BSDATA).count() == 1
