"""Time the live-result answer of the battle page: 60 units a side, one htmx score post.

Run from the repo root: ``python benchmarks/battle_page_bench.py``. The request goes
through Django's whole stack in-process (middleware, the view, the save in a
transaction, the scoring core, the result template). Last line:
``battle_score_post_median_ms=<n>``. ``BENCH_SMOKE=1``: one warm-up and three timed posts.
"""

from __future__ import annotations

import time

from _site import median_ms, runs, setup, sixty_unit_roster

WARMUP = runs(5, 1)
RUNS = runs(40)


def main() -> None:
    setup("armybuilder_battle_page_bench")
    from django.test import Client
    from django.urls import reverse

    from rosters.battles import services

    user, roster = sixty_unit_roster()
    side = services.roster_snapshot(roster=roster)
    battle = services.battle_create(
        owner=user, side=side, opponent=side, scoring_profile="kill-points-4", victory_level=True
    )
    units = [u.pk for s in battle.sides.all() for u in s.units.all()]
    states = ["intact", "below_half", "destroyed"]
    client = Client()
    client.force_login(user)
    url = reverse("battles:battle", args=[battle.pk])
    samples = []
    for n in range(WARMUP + RUNS):
        data = {f"unit_{pk}": states[(pk + n) % 3] for pk in units}
        data.update({"s0_r1": str(n % 20), "s1_r2": "7", "victory_level": "on"})
        start = time.perf_counter()
        response = client.post(url, data, HTTP_HX_REQUEST="true")
        if n >= WARMUP:
            samples.append(time.perf_counter() - start)
        assert response.status_code == 200
    print(f"units={len(units)}")
    print(f"battle_score_post_median_ms={median_ms(samples)}")


if __name__ == "__main__":
    main()
