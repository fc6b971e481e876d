"""Time reading a pasted 2000-point list: parse it and resolve every name in the catalogue.

Warm: the catalogue index already built, as a running server holds it (target under 3 ms).
Cold: building that index from the database. Uses a throwaway SQLite database holding the
full catalogue fixture when fixtures/catalogue-10e.json.xz exists, else the test catalogue
padded with synthetic factions to the full catalogue's size. Run from the repo root:

    python benchmarks/import_text_bench.py

The list is a World Eaters export of the official app, wargear and all: the warm figure
includes matching every wargear line. The benchmark requires every unit (and the faction
and detachment) to be placed; wargear lines the importer cannot place are counted and
printed (``wargear_unplaced=<n>``), not required, so that the figure stays comparable
while the wargear reading improves. Prints ``list_import_cold_ms=<n>``, then last
``list_import_median_ms=<n>`` (warm median). ``BENCH_SMOKE=1``: one cold and five warm runs.
"""

from __future__ import annotations

import statistics
import time

from _site import FULL_CATALOGUE, runs, setup

SYNTHETIC_FACTIONS = 40
SYNTHETIC_SHEETS = 80
WARM_RUNS = runs(300, 5)
COLD_RUNS = runs(5, 1)

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
# The units LIST names (every one must be placed).
UNITS = 16


def build_catalogue() -> str:
    """Fill the throwaway database (the full fixture is already loaded); say what it holds."""
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
    # Loads the full catalogue fixture where it exists, else leaves the database empty.
    setup("import_text_bench", catalogue=FULL_CATALOGUE.exists())
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
    # Every unit, the faction and the detachment placed; wargear is reported, not required.
    placed = [u for u in resolved.units if u.datasheet_id is not None]
    assert resolved.faction_id is not None and len(placed) == UNITS == len(resolved.units), (
        resolved.units
    )
    others = [p for p in resolved.problems if p.kind != "wargear"]
    assert not others, others
    wargear = sum(1 for p in resolved.problems if p.kind == "wargear")
    warm = []
    for _ in range(WARM_RUNS):
        start = time.perf_counter()
        list_resolve(parsed=list_parse(text=LIST), release_id=release.pk)
        warm.append((time.perf_counter() - start) * 1000)
    print(f"catalogue={held} datasheets={Datasheet.objects.count()} units={len(resolved.units)}")
    print(f"wargear_unplaced={wargear}")
    print(f"list_import_cold_ms={statistics.median(cold):.2f}")
    print(f"list_import_median_ms={statistics.median(warm):.3f}")


if __name__ == "__main__":
    main()
