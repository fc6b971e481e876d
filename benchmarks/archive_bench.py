"""Time validate_list over a whole public archive of lists, with one worker and with two.

The real lists of ../shared/samples/lists-public/ (the sample lists of check_bench where
they are absent) are copied round-robin into 27,830 files in one folder, the size of a
public archive of French events, and validate_list checks the folder as an organiser
would (`validate_list FOLDER --jsonl --jobs N`), first with one process, then with two
forked workers that inherit the warm catalogue snapshot. Uses a throwaway SQLite database
holding the full catalogue fixture. Run from the repo root:

    python benchmarks/archive_bench.py

Prints ``archive_jobs1_s``, ``archive_jobs2_s``, ``archive_jobs_speedup`` (one job's time
over two jobs') and last ``archive_lists_per_s`` (lists a second with two jobs; issue 28's
target: at least 470 on two cores, with a speedup of at least 1.7). ``BENCH_SMOKE=1``:
300 files (the figures keep their names).
"""

from __future__ import annotations

import contextlib
import io
import os
import tempfile
import time
from pathlib import Path

from _site import REPO, runs, setup

PUBLIC = REPO.parent / "shared" / "samples" / "lists-public"
FILES = runs(27_830, 300)


def texts() -> list[str]:
    found = sorted(PUBLIC.glob("*.txt")) if PUBLIC.is_dir() else []
    if found:
        return [path.read_text(encoding="utf-8") for path in found]
    from check_bench import lists

    return list(lists().values())


def check(folder: str, jobs: int) -> float:
    from django.core.management import call_command

    out = io.StringIO()
    start = time.perf_counter()
    # Exit 1 or 2: many real lists are not legal as of today, which does not matter here.
    with contextlib.suppress(SystemExit):
        call_command(
            "validate_list",
            folder,
            "--jsonl",
            "--quiet",
            "--jobs",
            str(jobs),
            stdout=out,
            stderr=io.StringIO(),
        )
    took = time.perf_counter() - start
    assert len(out.getvalue().splitlines()) == FILES, out.getvalue()[:500]
    return took


def main() -> None:
    setup("archive_bench")
    from armybuilder.catalogue.snapshot import catalogue_snapshot

    sources = texts()
    with tempfile.TemporaryDirectory() as folder:
        for n in range(FILES):
            text = sources[n % len(sources)]
            Path(folder, f"list-{n:05}.txt").write_text(text, encoding="utf-8")
        # Both runs start from a warm snapshot, as workers of a long-running check would.
        catalogue_snapshot()
        one = check(folder, 1)
        two = check(folder, 2)
    print(f"cores={os.cpu_count()} files={FILES} distinct_lists={len(sources)}")
    print(f"load={os.getloadavg()[0]:.2f}")
    print(f"archive_jobs1_s={one:.2f}")
    print(f"archive_jobs2_s={two:.2f}")
    print(f"archive_jobs_speedup={one / two:.2f}")
    print(f"archive_lists_per_s={FILES / two:.1f}")


if __name__ == "__main__":
    main()
