"""Time the monthly BSData history import, then a warm check "as of" a past date.

Uses a throwaway SQLite database holding the full catalogue fixture, imports
../shared/data/bsdata-wh40k-10e-history/snapshots.tar.xz (36 monthly snapshots, unpacked
to a temporary folder) with the final catalogue of ../shared/data/bsdata-wh40k-10e, as
``manage.py import_bsdata_history`` does, then checks a 2,000-point T'au list of 2024
under the release in force on 2024-08-15, warm, 200 times. Run from the repo root:

    python benchmarks/history_bench.py

Prints ``bsdata_history_import_s=<n>`` (target under 600), the parse and write split,
the CPU seconds the import used in all its processes (on a shared machine the wall clock
also counts other work), ``as_of_validate_queries=<n>`` (target 0) and last
``as_of_validate_ms=<n>`` (target under 5), the median warm check. ``BENCH_SMOKE=1``:
every snapshot, but only the T'au Empire (and what it needs) imported, and five checks.
Where ../shared is absent it prints a note and ``as_of_validate_ms=skipped``.
"""

from __future__ import annotations

import resource
import statistics
import time

from _site import REPO, SMOKE, runs, setup

SHARED = REPO.parent / "shared" / "data"
HISTORY = SHARED / "bsdata-wh40k-10e-history" / "snapshots.tar.xz"
FINAL = SHARED / "bsdata-wh40k-10e"
AS_OF = "2024-08-15"
RUNS = runs(200, 5)
# The faction the list needs; under BENCH_SMOKE=1 the only one imported.
FACTION = "T'au Empire"
LIST = """+++++++++++++++++++++++++++++++++++++++++++++++
+ FACTION KEYWORD: Xenos - T'au Empire
+ DETACHMENT: Kauyon
+ TOTAL ARMY POINTS: 2000
+++++++++++++++++++++++++++++++++++++++++++++++

Char1: 1x Commander in Coldstar Battlesuit (95 pts)
Char2: 1x Cadre Fireblade (50 pts)
Char3: 1x Ethereal (50 pts)
Char4: 1x Commander Shadowsun (100 pts)
10x Strike Team (75 pts)
10x Strike Team (75 pts)
10x Breacher Team (100 pts)
10x Pathfinder Team (90 pts)
3x Stealth Battlesuits (60 pts)
3x Stealth Battlesuits (60 pts)
3x Crisis Sunforge Battlesuits (140 pts)
3x Crisis Fireknife Battlesuits (130 pts)
1x Broadside Battlesuits (80 pts)
1x Hammerhead Gunship (145 pts)
1x Riptide Battlesuit (190 pts)
1x Devilfish (85 pts)
1x Piranhas (55 pts)
10x Kroot Carnivores (65 pts)
1x Ghostkeel Battlesuit (160 pts)
1x Sky Ray Gunship (140 pts)
"""


def cpu_seconds() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main() -> None:
    if not (HISTORY.exists() and FINAL.is_dir()):
        print(f"{HISTORY} or {FINAL} is not here; nothing to measure")
        print("as_of_validate_ms=skipped")
        return
    setup("history_bench")
    from datetime import date

    from django.db import connection

    from armybuilder.catalogue.importers.bsdata_history import release_import_bsdata_history
    from rosters.formats import services

    cpu_start, started = cpu_seconds(), time.perf_counter()
    report = release_import_bsdata_history(
        source=HISTORY, final=FINAL, factions=(FACTION,) if SMOKE else ()
    )
    elapsed = time.perf_counter() - started
    print(f"history_releases={len(report.releases) + 1}")
    print(f"history_parse_s={report.parse_s:.1f}")
    print(f"history_write_s={report.write_s:.1f}")
    print(f"bsdata_history_import_cpu_s={cpu_seconds() - cpu_start:.1f}")
    print(f"bsdata_history_import_s={elapsed:.1f}")

    day = date.fromisoformat(AS_OF)

    def check() -> dict:
        snapshot = services.list_snapshot(as_of=day)
        result = services.list_import_check(text=LIST, snapshot=snapshot)
        return services.list_check_json(check=result)

    first = check()
    print(f"as_of_release={first['release']!r}")
    print(f"as_of_points={first['points']}")
    print(f"as_of_unrecognised={len(first['unrecognised'])}")
    executed: list[str] = []

    def count(execute, sql, params, many, context):  # type: ignore[no-untyped-def]
        executed.append(sql)
        return execute(sql, params, many, context)

    samples = []
    with connection.execute_wrapper(count):
        for _ in range(RUNS):
            start = time.perf_counter()
            check()
            samples.append((time.perf_counter() - start) * 1000)
    print(f"as_of_validate_queries={len(executed)}")
    print(f"as_of_validate_ms={statistics.median(samples):.2f}")


if __name__ == "__main__":
    main()
