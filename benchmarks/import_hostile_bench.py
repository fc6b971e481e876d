"""Time the text importer on hostile 16 KB inputs: long runs of spaces, digits and brackets.

Every pattern the importer uses must take time linear in a line's length; before they
were rewritten, a 16 KB line of the form `Unit (1` + spaces + `x` took 10 to 40 s. This
parses each adversarial input of tests/formats/test_text_import_hostile.py (no database
needed) and reports the slowest. Run from the repo root:

    python benchmarks/import_hostile_bench.py

Prints one line per input and last ``hostile_parse_max_ms=<n>`` (target under 50 per 16 KB).
``BENCH_SMOKE=1``: one parse per input.
"""

from __future__ import annotations

import contextlib
import statistics
import time

from _site import django_setup, runs

RUNS = runs(5, 1)


def main() -> None:
    # The inputs live beside the test that guards them, which imports Django models; no
    # query is made, so the throwaway database is not even migrated.
    django_setup("import_hostile_bench")
    from rosters.formats.text_import import UnreadableList, list_parse
    from tests.formats.test_text_import_hostile import ADVERSARIAL, SIZE

    worst = 0.0
    for name, make in ADVERSARIAL.items():
        text = make(SIZE)
        samples = []
        for _ in range(RUNS):
            start = time.perf_counter()
            with contextlib.suppress(UnreadableList):
                list_parse(text=text)
            samples.append((time.perf_counter() - start) * 1000)
        median = statistics.median(samples)
        worst = max(worst, median)
        print(f"{name}: {len(text.encode())} bytes median_ms={median:.2f}")
    print(f"hostile_parse_max_ms={worst:.2f}")


if __name__ == "__main__":
    main()
