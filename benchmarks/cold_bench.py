"""Time a cold one-list check: ``manage.py validate_list LIST`` in a fresh process.

Each run is a new Python process on a throwaway SQLite database holding the full
catalogue fixture (fixtures/catalogue-10e.json.xz; the test catalogue where it is absent):
Django's start, the catalogue snapshot built from the database, the check and its JSON. The
list is the first of ../shared/samples/lists (a built-in World Eaters list where it is
absent). Run from the repo root:

    python benchmarks/cold_bench.py

Prints ``cold_check_rss_mib=<n>`` (the median of the runs' peak resident memory) and last
``cold_check_s=<n>``, the median wall time of 7 runs (issue 28's target: under 0.3 s and
70 MiB). ``BENCH_SMOKE=1``: two runs.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from _site import REPO, runs, setup

SAMPLES = REPO.parent / "shared" / "samples" / "lists"
RUNS = runs(7, 2)


def the_list() -> Path:
    found = sorted(SAMPLES.glob("*.txt")) if SAMPLES.is_dir() else []
    if found:
        return found[0]
    sys.path.insert(0, str(REPO / "benchmarks"))
    from import_text_bench import LIST

    path = Path(tempfile.gettempdir()) / f"cold-bench-{os.getpid()}.txt"
    path.write_text(LIST, encoding="utf-8")
    return path


# A small process starts each run and reads its peak memory: a child forked straight from
# this one (which holds the loaded catalogue) would count this process's memory as its own.
PROBE = """
import os, sys, time
started = time.perf_counter()
pid = os.posix_spawn(sys.argv[1], sys.argv[1:], os.environ)
_, status, usage = os.wait4(pid, 0)
print(time.perf_counter() - started, usage.ru_maxrss, os.waitstatus_to_exitcode(status))
"""


def one_run(path: Path) -> tuple[float, float]:
    """Wall seconds and peak resident MiB of one validate_list process."""
    command = [sys.executable, str(REPO / "manage.py"), "validate_list", str(path)]
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *command],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
    )
    wall, rss_kib, code = done.stdout.split()[-3:]
    # 0 legal, 1 illegal: both are a check; 2 or more is a failure to check.
    if int(code) not in (0, 1):
        raise SystemExit(f"validate_list exited {code}: {done.stderr[-2000:]}")
    return float(wall), int(rss_kib) / 1024  # ru_maxrss is in KiB on Linux


def main() -> None:
    setup("armybuilder_cold_bench")
    path = the_list()
    one_run(path)  # the first run writes the bytecode caches; it is not counted
    walls, memory = [], []
    for _ in range(RUNS):
        wall, rss = one_run(path)
        walls.append(wall)
        memory.append(rss)
    print(f"cold_check_runs={RUNS}")
    print(f"cold_check_rss_mib={statistics.median(memory):.1f}")
    print(f"cold_check_s={statistics.median(walls):.3f}")


if __name__ == "__main__":
    main()
