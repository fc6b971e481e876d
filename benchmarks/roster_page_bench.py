"""Time the server side of the builder page for a 60-unit roster (target: median < 40 ms).

Run from the repo root: ``python benchmarks/roster_page_bench.py``. The request goes
through Django's whole stack in-process (middleware, views, the rules core, templates),
so the figure is server time without the network. Last line:
``roster_page_median_ms=<n>``. ``BENCH_SMOKE=1``: one warm-up and three timed pages.
"""

from __future__ import annotations

import time

from _site import median_ms, runs, setup, sixty_unit_roster

WARMUP = runs(5, 1)
RUNS = runs(60)


def main() -> None:
    setup("armybuilder_roster_page_bench")
    from django.test import Client
    from django.urls import reverse

    user, roster = sixty_unit_roster()
    client = Client()
    client.force_login(user)
    url = reverse("rosters:roster", args=[roster.pk])
    for _ in range(WARMUP):
        assert client.get(url).status_code == 200
    samples = []
    for _ in range(RUNS):
        start = time.perf_counter()
        response = client.get(url)
        samples.append(time.perf_counter() - start)
        assert response.status_code == 200
    print(f"units={roster.units.count()} picker={response.content.count(b'data-search=')}")
    print(f"roster_page_median_ms={median_ms(samples)}")


if __name__ == "__main__":
    main()
