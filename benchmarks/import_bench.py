"""Time a full BSData import into a throwaway SQLite database.

Usage: python benchmarks/import_bench.py [BSDATA_DIR]
The last line printed is ``bsdata_import_s=<seconds>`` (parse + write, migrations excluded).
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

REPO_DIR = Path(__file__).resolve().parent.parent
DEFAULT_DATA = REPO_DIR.parent / "shared" / "data" / "bsdata-wh40k-10e"


def main(argv: list[str]) -> int:
    """Run one full import and print its timing."""
    directory = Path(argv[1]) if len(argv) > 1 else DEFAULT_DATA
    if not directory.is_dir():
        print(f"{directory} is not a directory", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as scratch:
        # Settings read DATABASE_URL on import, so it must be set before django.setup().
        os.environ["DATABASE_URL"] = f"sqlite:///{scratch}/bench.sqlite3"
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "armybuilder.settings")
        sys.path.insert(0, str(REPO_DIR))
        import django

        django.setup()
        from django.core.management import call_command

        from armybuilder.catalogue.importers.bsdata import release_import_bsdata

        call_command("migrate", verbosity=0)
        start = time.perf_counter()
        report = release_import_bsdata(directory=directory)
        elapsed = time.perf_counter() - start
    totals = report.counts["totals"]
    print(f"factions={totals['factions']} datasheets={totals['datasheets']}")
    print(f"bsdata_import_s={elapsed:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
