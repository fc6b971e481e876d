"""Time reading a pasted 2000-point list: parse it and resolve every name in the catalogue.

Warm: the catalogue index already built, as a running server holds it (target under 3 ms).
Cold: building that index from the database. Uses a throwaway SQLite database holding the
full catalogue fixture when fixtures/catalogue-10e.json.xz exists, else the test catalogue
padded with synthetic factions to the full catalogue's size. Run from the repo root:

    python benchmarks/import_text_bench.py

Prints ``list_import_cold_ms=<n>``, then last ``list_import_median_ms=<n>`` (warm median).
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
_db = tempfile.NamedTemporaryFile(suffix=".sqlite3", delete=False)  # noqa: SIM115
os.environ["DATABASE_URL"] = f"sqlite:///{_db.name}"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "armybuilder.settings")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402

FULL_CATALOGUE = ROOT / "fixtures" / "catalogue-10e.json.xz"
SYNTHETIC_FACTIONS = 40
SYNTHETIC_SHEETS = 80
WARM_RUNS = 300
COLD_RUNS = 5

LIST = """\
Chainblades go BRRRR (1995 points)

World Eaters
Strike Force (2000 points)
Berzerker Warband

CHARACTERS

Daemon Prince of Khorne (220 points)
  • Warlord
  • 1x Hellforged weapons
    1x Infernal cannon
  • Enhancement: Helm of Brazen Ire

Khârn the Betrayer (85 points)
  • 1x Gorechild
    1x Plasma pistol

Master of Executions (85 points)
  • 1x Axe of dismemberment
    1x Bolt pistol
  • Enhancement: Berzerker Glaive

Slaughterbound (100 points)
  • 1x Lacerator and daemonic claw
  • Enhancement: Favoured of Khorne

BATTLELINE

Khorne Berzerkers (180 points)
  • 1x Khorne Berzerker Champion
    • 1x Chainblade
      1x Icon of Khorne
  • 9x Khorne Berzerker
    • 7x Bolt pistol
      7x Chainblade

Khorne Berzerkers (180 points)
  • 1x Khorne Berzerker Champion
    • 1x Chainblade
  • 9x Khorne Berzerker
    • 7x Bolt pistol

DEDICATED TRANSPORTS

Chaos Rhino (85 points)
  • 1x Armoured tracks
    2x Combi-bolter

Chaos Rhino (85 points)
  • 1x Armoured tracks
    2x Combi-bolter

OTHER DATASHEETS

Chaos Spawn (80 points)
  • 2x Chaos Spawn
    • 2x Hideous mutations

Chaos Spawn (80 points)
  • 2x Chaos Spawn
    • 2x Hideous mutations

Eightbound (150 points)
  • 1x Eightbound Champion
    • 1x Chainblades
  • 2x Eightbound
    • 2x Chainblades

Forgefiend (150 points)
  • 3x Ectoplasma cannon
    1x Forgefiend claws

Forgefiend (150 points)
  • 3x Ectoplasma cannon
    1x Forgefiend claws

Jakhals (65 points)
  • 1x Jakhal Pack Leader
    • 1x Autopistol
  • 1x Dishonoured
    • 1x Skullsmasher and mangler
  • 8x Jakhal
    • 8x Autopistol

Maulerfiend (150 points)
  • 2x Magma cutter
    1x Maulerfiend fists

Maulerfiend (150 points)
  • 2x Magma cutter
    1x Maulerfiend fists

Exported with App Version: v1.40.1 (94), Data Version: v675
"""


def build_catalogue() -> str:
    """Fill the throwaway database; return what it holds."""
    from armybuilder.catalogue.models import (
        Availability,
        Datasheet,
        Detachment,
        Enhancement,
        Faction,
        PointsRelease,
        UnitPrice,
    )

    if FULL_CATALOGUE.exists():
        call_command("loaddata", str(FULL_CATALOGUE), verbosity=0)
        return "full catalogue fixture"
    from tests.factories import make_release
    from tests.formats.catalogue import space_wolves, world_eaters

    release = PointsRelease.objects.filter(is_current=True).first() or make_release()
    world_eaters(release)
    space_wolves(release)
    factions = Faction.objects.bulk_create(
        Faction(name=f"Synthetic {n}", slug=f"synthetic-{n}", keyword=f"SYNTHETIC {n}")
        for n in range(SYNTHETIC_FACTIONS)
    )
    sheets = Datasheet.objects.bulk_create(
        Datasheet(
            faction=f, name=f"Unit {f.pk} {n}", slug=f"unit-{f.pk}-{n}", keywords=["INFANTRY"]
        )
        for f in factions
        for n in range(SYNTHETIC_SHEETS)
    )
    Availability.objects.bulk_create(Availability(faction=s.faction, datasheet=s) for s in sheets)
    UnitPrice.objects.bulk_create(
        UnitPrice(release=release, datasheet=s, models_count=1, points=50) for s in sheets
    )
    detachments = Detachment.objects.bulk_create(
        Detachment(faction=f, name=f"Host {f.pk} {n}") for f in factions for n in range(5)
    )
    Enhancement.objects.bulk_create(
        Enhancement(detachment=d, name=f"Relic {d.pk} {n}") for d in detachments for n in range(4)
    )
    return f"test catalogue + {SYNTHETIC_FACTIONS}x{SYNTHETIC_SHEETS} synthetic datasheets"


def main() -> None:
    call_command("migrate", verbosity=0)
    from armybuilder.catalogue.models import Datasheet, PointsRelease
    from rosters.formats.text_import import list_parse
    from rosters.formats.text_import.index import catalogue_index, catalogue_index_clear
    from rosters.formats.text_import.resolver import list_resolve

    held = build_catalogue()
    release = PointsRelease.objects.current()
    cold = []
    for _ in range(COLD_RUNS):
        catalogue_index_clear()
        start = time.perf_counter()
        catalogue_index()
        cold.append((time.perf_counter() - start) * 1000)
    resolved = list_resolve(parsed=list_parse(text=LIST), release_id=release.pk)
    assert resolved.complete, resolved.problems
    warm = []
    for _ in range(WARM_RUNS):
        start = time.perf_counter()
        list_resolve(parsed=list_parse(text=LIST), release_id=release.pk)
        warm.append((time.perf_counter() - start) * 1000)
    print(f"catalogue={held} datasheets={Datasheet.objects.count()} units={len(resolved.units)}")
    print(f"list_import_cold_ms={statistics.median(cold):.2f}")
    print(f"list_import_median_ms={statistics.median(warm):.3f}")


if __name__ == "__main__":
    try:
        main()
    finally:
        Path(_db.name).unlink(missing_ok=True)
