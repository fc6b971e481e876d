"""Time the points admin on the full catalogue with three releases (targets: median < 300 ms).

Run from the repo root: ``python benchmarks/admin_bench.py``. It loads the full fixture
into a throwaway SQLite file, makes two more releases by copying (one published, one a
draft, a few prices changed in each), and opens as a points editor, in-process through
Django's whole stack: the release list, a release's change page, one faction's unit
price list, and the comparison of two releases. Last lines:
``admin_unit_price_list_ms=<n>``, ``admin_release_change_ms=<n>`` and
``admin_release_list_ms=<n>``.
"""

from __future__ import annotations

import datetime
import time

from _site import median_ms, setup

WARMUP = 3
RUNS = 30


def three_releases() -> list[object]:
    from armybuilder.catalogue import services
    from armybuilder.catalogue.models import PointsRelease

    first = PointsRelease.objects.current()
    second = services.release_copy(
        source=first, name="Bench second", published=datetime.date(2026, 7, 1)
    )
    second.unit_prices.filter(pk__in=second.unit_prices.values("pk")[:50]).update(points=999)
    services.release_publish(release=second)
    third = services.release_copy(
        source=second, name="Bench third", published=datetime.date(2026, 8, 1)
    )
    third.enhancement_prices.filter(pk__in=third.enhancement_prices.values("pk")[:20]).update(
        points=35
    )
    return [first, second, third]


def timed(client: object, url: str) -> tuple[float, int]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    for _ in range(WARMUP):
        assert client.get(url).status_code == 200, url  # type: ignore[attr-defined]
    samples = []
    for _ in range(RUNS):
        with CaptureQueriesContext(connection) as queries:
            start = time.perf_counter()
            response = client.get(url)  # type: ignore[attr-defined]
            samples.append(time.perf_counter() - start)
        assert response.status_code == 200, url
    return median_ms(samples), len(queries)


def main() -> None:
    setup("armybuilder_admin_bench")
    from django.contrib.auth.models import User
    from django.test import Client
    from django.urls import reverse

    from armybuilder.catalogue.models import Faction

    releases = three_releases()
    editor = User.objects.create_superuser("bench-editor", password="bench-password-40k")
    client = Client()
    client.force_login(editor)
    marines = Faction.objects.get(name="Space Marines")
    newest = releases[-1]
    figures = {
        "admin_compare_ms": reverse("admin:catalogue_pointsrelease_compare", args=[newest.pk])
        + f"?against={releases[0].pk}",
        "admin_unit_price_list_ms": reverse("admin:catalogue_unitprice_changelist")
        + f"?release__id__exact={newest.pk}&datasheet__faction__id__exact={marines.pk}",
        "admin_release_change_ms": reverse(
            "admin:catalogue_pointsrelease_change", args=[newest.pk]
        ),
        "admin_release_list_ms": reverse("admin:catalogue_pointsrelease_changelist"),
    }
    results = {name: timed(client, url) for name, url in figures.items()}
    print(
        f"releases={len(releases)} " + " ".join(f"{n}_queries={q}" for n, (_, q) in results.items())
    )
    for name, (ms, _) in results.items():
        print(f"{name}={ms}")


if __name__ == "__main__":
    main()
