"""Time the reserves step of the declaration wizard for a 60-unit roster (target < 50 ms).

Run from the repo root: ``python benchmarks/wizard_bench.py``. The request goes through
Django's whole stack in-process, with eight leaders attached and six units embarked, so
the step shows live meters for a realistic declaration. Last line:
``wizard_step_median_ms=<n>``. ``BENCH_SMOKE=1``: one warm-up and three timed steps.
"""

from __future__ import annotations

import re
import time

from _site import median_ms, runs, setup, sixty_unit_roster

WARMUP = runs(5, 1)
RUNS = runs(60)


def main() -> None:
    setup("armybuilder_wizard_bench")
    from django.test import Client
    from django.urls import reverse

    user, roster = sixty_unit_roster()
    client = Client()
    client.force_login(user)
    start = client.get(reverse("rosters:wizard_start", args=[roster.pk]))
    run = re.search(r"/declare/([^/]+)/", start["Location"]).group(1)
    units = list(roster.units.select_related("datasheet"))
    leaders = [u for u in units if u.datasheet.name in ("Captain", "Lieutenant")][:8]
    squads = [u for u in units if u.datasheet.name == "Intercessor Squad"]
    rhinos = [u for u in units if u.datasheet.name == "Rhino"]
    client.post(
        reverse("rosters:wizard", args=[roster.pk, run, "leaders"]),
        {f"leader_{leader.pk}": squad.pk for leader, squad in zip(leaders, squads, strict=False)},
    )
    client.post(
        reverse("rosters:wizard", args=[roster.pk, run, "transports"]),
        {f"group_{squad.pk}": rhino.pk for squad, rhino in zip(squads, rhinos, strict=False)},
    )
    url = reverse("rosters:wizard", args=[roster.pk, run, "reserves"])
    for _ in range(WARMUP):
        assert client.get(url).status_code == 200
    samples = []
    for _ in range(RUNS):
        began = time.perf_counter()
        response = client.get(url)
        samples.append(time.perf_counter() - began)
        assert response.status_code == 200
    meter = re.search(rb"Strategic Reserves: \d+ / \d+ pts", response.content)
    print(f"units={len(units)} meter={meter.group(0).decode() if meter else None}")
    print(f"wizard_step_median_ms={median_ms(samples)}")


if __name__ == "__main__":
    main()
