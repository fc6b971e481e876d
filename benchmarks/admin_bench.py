"""Time the points admin on the full catalogue with three releases (targets: median < 300 ms).

Run from the repo root: ``python benchmarks/admin_bench.py``. It loads the full fixture
into a throwaway SQLite file, makes two more releases by copying (one published, one a
draft, a few prices changed in each), and opens as a points editor, in-process through
Django's whole stack: every catalogue admin page (each model's list, filtered by release
and by faction where it has them, one change page, its history page and its history
revert form), and the comparison of two releases. Last lines:
``admin_slowest_page=... admin_slowest_ms=<n>``, then every page's median, ending with
``admin_unit_price_list_ms=<n>``, ``admin_release_change_ms=<n>`` and
``admin_release_list_ms=<n>``. ``BENCH_SMOKE=1``: one warm-up and two timed runs a page.
"""

from __future__ import annotations

import datetime
import time

from _site import median_ms, runs, setup

WARMUP = runs(3, 1)
RUNS = runs(30, 2)


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
    figures.update(every_catalogue_page(releases, marines))
    results = {name: timed(client, url) for name, url in figures.items()}
    print(
        f"releases={len(releases)} pages={len(results)} "
        + " ".join(f"{n}_queries={q}" for n, (_, q) in results.items())
    )
    slowest = max(results, key=lambda n: results[n][0])
    print(f"admin_slowest_page={slowest} admin_slowest_ms={results[slowest][0]}")
    # The named figures last, so the last line is always the release list.
    named = [n for n in NAMED if n in results]
    for name in [n for n in results if n not in named] + named:
        print(f"{name}={results[name][0]}")


NAMED = [
    "admin_compare_ms",
    "admin_unit_price_list_ms",
    "admin_release_change_ms",
    "admin_release_list_ms",
]


def every_catalogue_page(releases: list[object], faction: object) -> dict[str, str]:
    """Every catalogue admin page: each model's list, one change page and its history."""
    from django.contrib import admin
    from django.urls import reverse

    pages: dict[str, str] = {}
    newest = releases[-1]
    for model in admin.site._registry:
        meta = model._meta
        if meta.app_label != "catalogue":
            continue
        name = meta.model_name
        changelist = reverse(f"admin:catalogue_{name}_changelist")
        field_names = {f.name for f in meta.get_fields()}
        query = ""
        if "release" in field_names:
            query = f"?release__id__exact={newest.pk}"  # type: ignore[attr-defined]
        pages[f"admin_{name}_list_ms"] = changelist + query
        if "faction" in field_names:
            pages[f"admin_{name}_list_by_faction_ms"] = (
                changelist + f"?faction__id__exact={faction.pk}"  # type: ignore[attr-defined]
            )
        # A busy row: the one with the most history, else the latest.
        row = model.objects.order_by("-pk").first()
        if row is None:
            continue
        pages[f"admin_{name}_change_ms"] = reverse(f"admin:catalogue_{name}_change", args=[row.pk])
        history = getattr(model, "history", None)
        pages[f"admin_{name}_history_ms"] = reverse(
            f"admin:catalogue_{name}_history", args=[row.pk]
        )
        if history is not None:
            version = history.filter(id=row.pk).order_by("-history_id").first()
            if version is not None:
                pages[f"admin_{name}_revert_form_ms"] = reverse(
                    f"admin:catalogue_{name}_simple_history",
                    args=[row.pk, version.history_id],
                )
    return pages


if __name__ == "__main__":
    main()
