"""The shared sample lists against the full catalogue fixture, once that fixture exists."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.management import call_command

from armybuilder.catalogue.models import PointsRelease
from tests.conftest import REPO_DIR
from tests.formats.helpers import read

FULL_CATALOGUE = REPO_DIR / "fixtures" / "catalogue-10e.json.xz"
SAMPLES = {
    "gwapp10e_spacewolves_stormlance_1985_app1.29.txt": "Space Wolves",
    "gwapp10e_worldeaters_berzerker_1995_app1.40.txt": "World Eaters",
    "nr10e_wtc_worldeaters_berzerker_1990.txt": "World Eaters",
}

# The dialect samples written for the tests (tests/formats/data/): every name in them,
# enhancements and detachment too, must be placed.
DIALECT_SAMPLES = {
    "nr_wtc_2025_deathguard_vectorium.txt": ("Death Guard", "Virulent Vectorium"),
    "nr_wtc_dash_necrons_awakened.txt": ("Necrons", "Awakened Dynasty"),
    "gwapp_fr_worldeaters_berzerker.txt": ("World Eaters", "Berzerker Warband"),
}
DIALECT_DIR = Path(__file__).parent / "data"

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.shared,
    pytest.mark.skipif(not FULL_CATALOGUE.exists(), reason="fixtures/catalogue-10e.json.xz absent"),
]


def test_every_sample_places_every_unit_in_the_full_catalogue(samples_dir: Path):
    call_command("loaddata", str(FULL_CATALOGUE), verbosity=0)
    release = PointsRelease.objects.filter(is_current=True).first()
    assert release is not None
    for name, faction in SAMPLES.items():
        resolved = read((samples_dir / name).read_text(encoding="utf-8"), release)
        assert resolved.faction == faction, name
        assert [p for p in resolved.problems if p.kind == "unit"] == [], name
        assert len(resolved.kept()) == len(resolved.units), name
    for name, (faction, detachment) in DIALECT_SAMPLES.items():
        resolved = read((DIALECT_DIR / name).read_text(encoding="utf-8"), release)
        assert (resolved.faction, resolved.detachment) == (faction, detachment), name
        # Wargear the final data names otherwise ("plague sword") is reported, by line.
        assert [p for p in resolved.problems if p.kind != "wargear"] == [], name
        assert all(p.line > 1 and p.text for p in resolved.problems), name
        assert len(resolved.kept()) == len(resolved.units), name
        assert sum(1 for u in resolved.kept() if u.warlord) == 1, name
        assert any(u.enhancement_id for u in resolved.kept()), name
