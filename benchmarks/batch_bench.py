"""Time validate_list checking an event's 200 lists in one process.

The three sample lists in ../shared/samples/lists (a built-in World Eaters list where
they are absent) are repeated into 200 files in a folder, and validate_list checks the
folder as an organiser would: `validate_list FOLDER --jsonl`, all cores (forked workers
inherit the warm catalogue snapshot). Uses a throwaway SQLite database holding the full
catalogue fixture. Run from the repo root:

    python benchmarks/batch_bench.py

Prints ``batch_cold_200_s=<n>`` (the command including building the catalogue snapshot,
as a fresh run pays it) and last ``batch_200_s=<n>`` (the same command with the snapshot
already built; target under 2 on two cores). ``BENCH_SMOKE=1``: 10 lists, one warm run
(the figures keep their names).
"""

from __future__ import annotations

import contextlib
import io
import os
import tempfile
import time
from pathlib import Path

from _site import runs, setup
from check_bench import lists

LISTS = runs(200, 10)


def main() -> None:
    setup("batch_bench")
    from django.core.management import call_command

    from armybuilder.catalogue.snapshot import catalogue_snapshot_clear

    texts = list(lists().values())
    with tempfile.TemporaryDirectory() as folder:
        for n in range(LISTS):
            Path(folder, f"player-{n:03}.txt").write_text(texts[n % len(texts)], encoding="utf-8")

        def run() -> tuple[float, str]:
            out = io.StringIO()
            start = time.perf_counter()
            # Exit 1 or 2: some sample lists are not legal, which does not matter here.
            with contextlib.suppress(SystemExit):
                call_command("validate_list", folder, "--jsonl", stdout=out, stderr=io.StringIO())
            return time.perf_counter() - start, out.getvalue()

        catalogue_snapshot_clear()
        cold, out = run()
        assert len(out.splitlines()) == LISTS, out[:500]
        warm = min(run()[0] for _ in range(runs(3, 1)))
    print(f"cores={os.cpu_count()} lists={LISTS}")
    print(f"batch_cold_200_s={cold:.2f}")
    print(f"batch_200_s={warm:.2f}")


if __name__ == "__main__":
    main()
