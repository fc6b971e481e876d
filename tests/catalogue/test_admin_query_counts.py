"""Every catalogue admin page costs the same number of queries however big the catalogue.

The full fixture has ~1,600 datasheets and tens of thousands of prices; a page that runs
one query per row would be fine on the demo catalogue and slow on the real one. So each
page is opened on a small catalogue, the catalogue is then grown (more factions with a
parent, datasheets, prices, detachments, enhancements, ally rules, price history), and
the page must run exactly as many queries as before.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib import admin
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from armybuilder.catalogue import services
from armybuilder.catalogue.models import (
    AllyRule,
    Datasheet,
    DetachmentUpgrade,
    DetachmentUpgradePrice,
    DetachmentUpgradeUnit,
    Faction,
    ImportReport,
    OptionPrice,
    PointsRelease,
    UnitPrice,
)
from tests.factories import make_datasheet, make_detachment, make_faction, make_release

pytestmark = pytest.mark.django_db


def catalogue_models() -> list[type]:
    return [m for m in admin.site._registry if m._meta.app_label == "catalogue"]


def pages(release: PointsRelease, faction: Faction) -> dict[str, Callable[[], str]]:
    """Each catalogue model's list (by release and faction where it has them), the
    change, history and history-revert pages of its first row."""
    found: dict[str, Callable[[], str]] = {}
    for model in catalogue_models():
        name = model._meta.model_name
        fields = {f.name for f in model._meta.get_fields()}
        listing = reverse(f"admin:catalogue_{name}_changelist")
        found[f"{name} list"] = lambda u=listing: u
        if "release" in fields:
            found[f"{name} list by release"] = lambda u=listing: (
                f"{u}?release__id__exact={release.pk}"
            )
        if "faction" in fields:
            found[f"{name} list by faction"] = lambda u=listing: (
                f"{u}?faction__id__exact={faction.pk}"
            )

        def first_pk(model: type = model) -> object:
            return model.objects.order_by("pk").values_list("pk", flat=True)[0]  # type: ignore[attr-defined]

        found[f"{name} change"] = lambda n=name, pk=first_pk: reverse(
            f"admin:catalogue_{n}_change", args=[pk()]
        )
        found[f"{name} history"] = lambda n=name, pk=first_pk: reverse(
            f"admin:catalogue_{n}_history", args=[pk()]
        )
        if hasattr(model, "history"):

            def revert(n: str = name, m: type = model, pk: Callable[[], object] = first_pk) -> str:
                row = pk()
                version = m.history.filter(id=row).order_by("history_id")[0]  # type: ignore[attr-defined]
                return reverse(f"admin:catalogue_{n}_simple_history", args=[row, version.pk])

            found[f"{name} revert form"] = revert
    found["release comparison"] = lambda: reverse(
        "admin:catalogue_pointsrelease_compare", args=[release.pk]
    )
    return found


def count_queries(client: Client, url: str) -> int:
    client.get(url)  # warm per-process caches (content types, permissions)
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    return len(queries)


def grow(release: PointsRelease, round_: int) -> None:
    """Add rows of every kind the admin lists, under a parent faction and the release."""
    parent = Faction.objects.get(name="Space Marines")
    for n in range(3):
        chapter = make_faction(
            f"Chapter {round_}-{n}", keyword=f"CHAPTER {round_}-{n}", parent=parent
        )
        for k in range(4):
            sheet = make_datasheet(
                chapter,
                f"Squad {round_}-{n}-{k}",
                "INFANTRY",
                prices=[(5, 90), (10, 180)],
                release=release,
            )
            sheet.leads.add(*Datasheet.objects.filter(name="Captain"))
            OptionPrice.objects.create(release=release, datasheet=sheet, name="Banner", points=5)
        host = make_detachment(
            chapter, f"Host {round_}-{n}", [(f"Relic {round_}-{n}", 15)], release
        )
        upgrade = DetachmentUpgrade.objects.create(detachment=host, name=f"Power {round_}-{n}")
        DetachmentUpgradeUnit.objects.create(upgrade=upgrade, datasheet=sheet)
        DetachmentUpgradePrice.objects.create(release=release, upgrade=upgrade, points=40)
        AllyRule.objects.create(faction=chapter, keyword="IMPERIAL KNIGHTS", points_cap=250)
        ImportReport.objects.create(kind=ImportReport.Kind.XLSX, release=release, source="x.xlsx")
    # Price history grows too: every price of the release gets another version.
    for price in UnitPrice.objects.filter(release=release):
        price.points += 5
        price.save()


def test_admin_queries_do_not_grow_with_the_catalogue(site_admin: User) -> None:
    release = make_release()
    marines = make_faction("Space Marines", keyword="ADEPTUS ASTARTES")
    captain = make_datasheet(marines, "Captain", "CHARACTER", release=release)
    OptionPrice.objects.create(release=release, datasheet=captain, name="Shield", points=5)
    make_detachment(marines, "Gladius Task Force", [("Artificer Armour", 10)], release)
    AllyRule.objects.create(faction=marines, keyword="AGENTS", points_cap=110)
    draft = services.release_copy(source=release, name="Draft", published=release.published)
    grow(release, 0)

    client = Client()
    # A superuser sees every page; who may see what is the permission walk's business.
    client.force_login(site_admin)
    walk = pages(draft, marines)
    small = {name: count_queries(client, url()) for name, url in walk.items()}

    grow(release, 1)
    grow(draft, 2)
    large = {name: count_queries(client, url()) for name, url in walk.items()}

    assert Datasheet.objects.count() >= 3 * 12
    grew = {name: (small[name], large[name]) for name in walk if small[name] != large[name]}
    assert grew == {}, f"pages whose query count grew with the catalogue: {grew}"
    # Every registered catalogue model was walked, so a newly registered one is covered.
    assert {n.split()[0] for n in walk} >= {m._meta.model_name for m in catalogue_models()}
