"""Time the printable PDF roster for a 60-unit roster (target: median under 150 ms).

Renders plain data, as rosters.formats.services.roster_export_pdf does after validation.
Run from the repo root:

    python benchmarks/pdf_bench.py

The last line is ``roster_pdf_median_ms=<median milliseconds per PDF>``.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "armybuilder.settings")

from rosters.formats.pdf import RosterPdf
from rosters.formats.sheet import (
    DeclarationSection,
    RosterSheet,
    UnitLine,
    ViolationLine,
)

UNITS = 60
WARMUP = 3
RUNS = 25
NAMES = [
    "Khârn the Betrayer",
    "Khorne Berzerkers",
    "Wolf Guard Battle Leader on Thunderwolf",
    "Кровавые Ангелы",
    "Vanguard Veteran Squad with Jump Packs",
    "Chaos Rhino",
]


def roster() -> RosterSheet:
    units = tuple(
        UnitLine(
            position=n,
            name=NAMES[n % len(NAMES)],
            models=(n % 4) * 5 or 1,
            points=50 + 5 * (n % 30),
            enhancement="Favoured of Khorne" if n % 20 == 3 else None,
            warlord=n == 1,
        )
        for n in range(1, UNITS + 1)
    )
    return RosterSheet(
        name="Onslaught of the Eightfold Path",
        faction="World Eaters",
        faction_chain=("World Eaters",),
        detachment="Berzerker Warband",
        battle_size="onslaught",
        battle_size_label="Onslaught",
        points=sum(u.points for u in units),
        points_limit=3000,
        profile="matched-10",
        release="Munitorum Field Manual 2025-09",
        player="olga",
        units=units,
        violations=tuple(
            ViolationLine("DATASHEET_LIMIT", "error", f"Too many of unit {n}.", (n,))
            for n in range(1, 6)
        ),
        legal=False,
        declaration=DeclarationSection(
            attachments=tuple(f"Captain {n} → Intercessor Squad {n}" for n in range(8)),
            embarked=tuple((f"Chaos Rhino {n}", ("Khorne Berzerkers",)) for n in range(6)),
            strategic_reserves=("Jakhals", "Chaos Spawn"),
            deep_strike=("Eightbound",),
        ),
    )


def main() -> None:
    sheet = roster()
    for _ in range(WARMUP):
        RosterPdf(sheet).render()
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        data = RosterPdf(sheet).render()
        times.append((time.perf_counter() - start) * 1000)
    print(f"units={UNITS} bytes={len(data)} runs={RUNS}")
    print(f"roster_pdf_median_ms={statistics.median(times):.1f}")


if __name__ == "__main__":
    main()
