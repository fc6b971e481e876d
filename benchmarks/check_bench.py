"""Time checking a pasted list end to end, warm: parse, resolve, build, validate, JSON.

Uses a throwaway SQLite database holding the full catalogue fixture
(fixtures/catalogue-10e.json.xz; the test catalogue where it is absent) and the three
sample lists in ../shared/samples/lists (a built-in World Eaters list where they are
absent). The catalogue snapshot is built once, as a running server or validate_list
holds it; each check then reads nothing from the database. Run from the repo root:

    python benchmarks/check_bench.py

Prints ``snapshot_build_ms=<n>``, per-list medians, ``list_check_cpu_median_ms=<n>``,
``list_check_queries=<n>`` (target 0)
and last ``list_check_median_ms=<n>`` (target under 3), the median over all three lists.
``BENCH_SMOKE=1``: five checks a list.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time

from _site import REPO, runs, setup

SAMPLES = REPO.parent / "shared" / "samples" / "lists"
RUNS = runs(200, 5)


def lists() -> dict[str, str]:
    from rosters.formats.text_import.common import decode_text

    if SAMPLES.is_dir():
        return {p.name: decode_text(p.read_bytes()) for p in sorted(SAMPLES.glob("*.txt"))}
    sys.path.insert(0, str(REPO / "benchmarks"))
    from import_text_bench import LIST

    return {"built-in World Eaters": LIST}


def main() -> None:
    setup("check_bench")
    from django.db import connection

    from armybuilder.catalogue.snapshot import catalogue_snapshot
    from rosters.formats import services

    started = time.perf_counter()
    snapshot = catalogue_snapshot()
    print(f"snapshot_build_ms={(time.perf_counter() - started) * 1000:.0f}")
    print(f"datasheets={len(snapshot.datasheets)}")

    def check(text: str) -> str:
        result = services.list_import_check(text=text, snapshot=services.list_snapshot())
        return json.dumps(services.list_check_json(check=result), ensure_ascii=False)

    medians = []
    # CPU time as well as wall time: on a machine shared with other work the wall clock
    # also counts the time other processes held the core.
    cpu: list[float] = []
    queries = 0
    for name, text in lists().items():
        payload = json.loads(check(text))
        samples = []
        executed: list[str] = []

        def count(execute, sql, params, many, context, executed=executed):  # type: ignore[no-untyped-def]
            executed.append(sql)
            return execute(sql, params, many, context)

        # A wrapper sees every query, where the debug log would stop at 9,000 entries.
        with connection.execute_wrapper(count):
            for _ in range(RUNS):
                start, cpu_start = time.perf_counter(), time.process_time()
                check(text)
                samples.append((time.perf_counter() - start) * 1000)
                cpu.append((time.process_time() - cpu_start) * 1000)
        queries = max(queries, len(executed) // RUNS + (1 if len(executed) % RUNS else 0))
        if executed and os.environ.get("BENCH_SHOW_SQL"):
            print("\n".join(sorted(set(executed)))[:2000])
        median = statistics.median(samples)
        medians.append(median)
        print(
            f"{name}: units={len(payload['units'])} unrecognised={len(payload['unrecognised'])} "
            f"legal={payload['legal']} median_ms={median:.3f}"
        )
    print(f"list_check_cpu_median_ms={statistics.median(cpu):.3f}")
    print(f"list_check_queries={queries}")
    print(f"list_check_median_ms={statistics.median(medians):.3f}")


if __name__ == "__main__":
    main()
