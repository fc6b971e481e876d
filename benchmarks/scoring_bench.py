"""Time armybuilder.rules.scoring.score on a full Onslaught battle with the victory level.

Two sides of 60 units each, every unit given an end state, VP in every round of
kill-points-4 (7 rounds), secondaries on both sides. Run from the repo root:

    python benchmarks/scoring_bench.py

The last line is ``scoring_score_median_us=<median microseconds per score call>``.
``BENCH_SMOKE=1``: 3 warm-up and 30 timed calls.
"""

from __future__ import annotations

import statistics
import time

from _site import runs

from armybuilder.rules.scoring import BattleRecord, BattleUnit, Side, UnitState, score

WARMUP = runs(300)
RUNS = runs(3000, 30)
STATES = list(UnitState)


def side(prefix: str) -> Side:
    units = tuple(
        BattleUnit(
            f"{prefix}{i}", f"Unit {i}", 50 + i, models=1 + i % 10, can_be_damaged=i % 3 == 0
        )
        for i in range(60)
    )
    return Side(
        name=prefix,
        units=units,
        rounds=tuple((r, 10 + r) for r in range(1, 8)),
        unit_states=tuple((u.id, STATES[i % 4]) for i, u in enumerate(units)),
        secondaries=("Slay the Warlord", "Linebreaker"),
        painted=True,
    )


def main() -> None:
    record = BattleRecord(battle_size=3000, sides=(side("a"), side("b")))
    for _ in range(WARMUP):
        score(record, "kill-points-4", victory_level=True)
    timings = []
    for _ in range(RUNS):
        start = time.perf_counter()
        score(record, "kill-points-4", victory_level=True)
        timings.append(time.perf_counter() - start)
    print(f"runs={RUNS}")
    print(f"scoring_score_median_us={statistics.median(timings) * 1e6:.1f}")


if __name__ == "__main__":
    main()
