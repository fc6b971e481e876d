"""Time a full BSData import into a throwaway SQLite database.

Usage: python benchmarks/import_bench.py [BSDATA_DIR]
The last line printed is ``bsdata_import_s=<seconds>`` (parse + write, migrations excluded).
``BENCH_SMOKE=1``: the same import limited to World Eaters (and what that faction needs).
Where the default ../shared data is absent it prints a note and ``bsdata_import_s=skipped``.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from _site import REPO, SMOKE, setup

DEFAULT_DATA = REPO.parent / "shared" / "data" / "bsdata-wh40k-10e"
SMOKE_FACTIONS = ("World Eaters",)


def main(argv: list[str]) -> int:
    """Run one full import and print its timing."""
    directory = Path(argv[1]) if len(argv) > 1 else DEFAULT_DATA
    if not directory.is_dir():
        if directory == DEFAULT_DATA:
            print(f"{directory} is not here; nothing to measure")
            print("bsdata_import_s=skipped")
            return 0
        print(f"{directory} is not a directory", file=sys.stderr)
        return 2
    setup("import_bench", catalogue=False)
    from armybuilder.catalogue.importers.bsdata import release_import_bsdata

    start = time.perf_counter()
    report = release_import_bsdata(directory=directory, factions=SMOKE_FACTIONS if SMOKE else ())
    elapsed = time.perf_counter() - start
    totals = report.counts["totals"]
    print(f"factions={totals['factions']} datasheets={totals['datasheets']}")
    print(f"bsdata_import_s={elapsed:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
