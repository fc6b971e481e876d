"""The release in force: an "as of" date picks the latest release published on or before it,
its unit sizes and prices price the list, and the JSON names it (issue 16)."""

from __future__ import annotations

import datetime
import io
import json
from io import StringIO

import pytest
from django.core.cache import cache
from django.core.management import CommandError, call_command
from openpyxl import load_workbook
from rest_framework.test import APIClient

from armybuilder.catalogue.models import Datasheet, PointsRelease, ReleaseUnitSize, UnitPrice
from armybuilder.catalogue.snapshot import SnapshotError, catalogue_snapshot
from rosters.formats import batch, services
from tests.factories import make_release
from tests.formats.test_event_check_page import event_zip

pytestmark = pytest.mark.django_db

# A list the fixture catalogue's current release ("MFM 2025-09", 2025-09-01) prices.
LIST = (
    "World Eaters\nBerzerker Warband\nStrike Force (2000 Points)\n\nCHARACTERS\n\n"
    "Daemon Prince of Khorne (220 Points)\n  • Warlord\n\nOTHER DATASHEETS\n\n"
    "Jakhals (65 Points)\n  • 5x Jakhals\n"
)


@pytest.fixture
def older(catalogue, release) -> PointsRelease:
    """A dated release of 2024-07-01 under which Jakhals came in fives at 40 points."""
    old = make_release("BSData 2024-07-01", current=False, published=datetime.date(2024, 7, 1))
    jakhals = Datasheet.objects.get(name="Jakhals")
    for sheet in Datasheet.objects.all():
        ReleaseUnitSize.objects.create(
            release=old, datasheet=sheet, min_models=sheet.min_models, max_models=sheet.max_models
        )
        for price in sheet.prices.filter(release=release):
            UnitPrice.objects.create(
                release=old, datasheet=sheet, models_count=price.models_count, points=price.points
            )
    ReleaseUnitSize.objects.filter(release=old, datasheet=jakhals).update(
        min_models=5, max_models=10
    )
    UnitPrice.objects.filter(release=old, datasheet=jakhals).delete()
    UnitPrice.objects.create(release=old, datasheet=jakhals, models_count=5, points=40)
    UnitPrice.objects.create(release=old, datasheet=jakhals, models_count=10, points=80)
    return old


def jakhals(payload: dict) -> dict:
    return next(u for u in payload["units"] if u["name"] == "Jakhals")


# (as of, release chosen): the latest published on or before the day, else the current one.
AS_OF = [
    pytest.param(datetime.date(2024, 7, 1), "BSData 2024-07-01", id="on-its-day"),
    pytest.param(datetime.date(2025, 8, 31), "BSData 2024-07-01", id="day-before-next"),
    pytest.param(datetime.date(2025, 9, 1), "MFM 2025-09", id="next-release-day"),
    pytest.param(datetime.date(2030, 1, 1), "MFM 2025-09", id="after-all"),
    pytest.param(None, "MFM 2025-09", id="no-date-current"),
]


@pytest.mark.parametrize(("day", "name"), AS_OF)
def test_as_of_picks_the_latest_release_on_or_before_the_day(older, day, name):
    assert catalogue_snapshot(as_of=day).release.name == name


def test_an_older_release_without_a_datasheets_prices_takes_the_next_releases(older, release):
    """The first monthly data came before some catalogues were written: a datasheet the
    older release prices not at all is priced as the next release prices it; one it prices
    keeps its own brackets."""
    prince = Datasheet.objects.get(name="Daemon Prince of Khorne")
    UnitPrice.objects.filter(release=older, datasheet=prince).delete()
    UnitPrice.objects.filter(release=release, datasheet=prince).update(points=230)
    draft = make_release("Draft 2025-01", current=False, published=datetime.date(2025, 1, 1))
    PointsRelease.objects.filter(pk=draft.pk).update(is_published=False)
    UnitPrice.objects.create(release=draft, datasheet=prince, models_count=1, points=999)
    old = catalogue_snapshot(as_of=datetime.date(2024, 8, 1))
    assert [(b.models, b.points) for b in old.datasheets[prince.pk].brackets] == [(1, 230)]
    jakhals = Datasheet.objects.get(name="Jakhals").pk
    assert [(b.models, b.points) for b in old.datasheets[jakhals].brackets] == [(5, 40), (10, 80)]


def test_no_release_before_the_day_is_an_error(older):
    with pytest.raises(SnapshotError, match="on or before 2020-01-01"):
        catalogue_snapshot(as_of=datetime.date(2020, 1, 1))


def test_a_draft_release_is_never_in_force(older):
    make_release("Draft 2025-01", current=False, published=datetime.date(2025, 1, 1))
    PointsRelease.objects.filter(name="Draft 2025-01").update(is_published=False)
    assert catalogue_snapshot(as_of=datetime.date(2025, 6, 1)).release.name == "BSData 2024-07-01"


def test_the_release_in_force_sizes_and_prices_the_list(older):
    then = services.list_check_json(
        check=services.list_import_check(
            text=LIST, snapshot=services.list_snapshot(as_of=datetime.date(2024, 8, 1))
        )
    )
    now = services.list_check_json(check=services.list_import_check(text=LIST))
    assert then["release"] == "BSData 2024-07-01" and now["release"] == "MFM 2025-09"
    assert (jakhals(then)["models"], jakhals(then)["points"]) == (5, 40)
    # Under the current release Jakhals come in tens: five is a UNIT_SIZE error.
    assert "UNIT_SIZE" not in {v["code"] for v in then["violations"]}
    assert "UNIT_SIZE" in {v["code"] for v in now["violations"]}


def test_a_warm_check_as_of_a_day_costs_no_query(older, django_assert_num_queries):
    day = datetime.date(2024, 8, 1)
    services.list_import_check(text=LIST, snapshot=services.list_snapshot(as_of=day))
    with django_assert_num_queries(0):
        check = services.list_import_check(text=LIST, snapshot=services.list_snapshot(as_of=day))
    assert check.release.name == "BSData 2024-07-01"


def run(path, *args: str) -> tuple[int, dict]:
    out = StringIO()
    try:
        call_command("validate_list", str(path), *args, stdout=out, stderr=StringIO())
        code = 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    return code, json.loads(out.getvalue())


def test_validate_list_as_of_and_release(older, tmp_path):
    path = tmp_path / "list.txt"
    path.write_text(LIST, encoding="utf-8")
    _, then = run(path, "--as-of", "2024-05-18")
    assert then["error"] == "No points release was published on or before 2024-05-18."
    _, then = run(path, "--as-of", "2024-08-01")
    _, named = run(path, "--release", "BSData 2024-07-01")
    _, now = run(path)
    assert then["release"] == named["release"] == "BSData 2024-07-01"
    assert jakhals(then)["points"] == jakhals(named)["points"] == 40
    assert now["release"] == "MFM 2025-09" and jakhals(now)["models"] == 5


def test_validate_list_refuses_both_release_and_as_of(older, tmp_path):
    path = tmp_path / "list.txt"
    path.write_text(LIST, encoding="utf-8")
    with pytest.raises(CommandError, match="--as-of: not allowed with argument --release"):
        call_command(
            "validate_list", str(path), "--release", "MFM 2025-09", "--as-of", "2024-08-01"
        )
    with pytest.raises(CommandError, match="is not a date"):
        call_command("validate_list", str(path), "--as-of", "18/05/2024")


@pytest.fixture
def api(settings) -> APIClient:
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    cache.clear()
    return APIClient()


def test_the_import_api_takes_an_as_of_date(older, api):
    then = api.post("/api/import/", {"text": LIST, "as_of": "2024-08-01"}, format="json")
    now = api.post("/api/import/", {"text": LIST}, format="json")
    assert then.status_code == now.status_code == 200
    assert then.json()["result"]["release"] == "BSData 2024-07-01"
    assert jakhals(then.json()["result"])["points"] == 40
    assert now.json()["result"]["release"] == "MFM 2025-09"
    early = api.post("/api/import/", {"text": LIST, "as_of": "2020-01-01"}, format="json")
    assert early.status_code == 400
    assert "2020-01-01" in json.dumps(early.json())


VALIDATE_BODY = {
    "faction": "World Eaters",
    "detachment": "Berzerker Warband",
    "units": [{"datasheet": "Daemon Prince of Khorne", "warlord": True}, {"datasheet": "Jakhals"}],
}


def test_the_validate_api_takes_an_as_of_date(older, api):
    then = api.post("/api/validate/", {**VALIDATE_BODY, "as_of": "2024-08-01"}, format="json")
    assert then.status_code == 200
    body = then.json()
    assert body["release"] == "BSData 2024-07-01"
    # No count given: the smallest unit of the release in force.
    assert (jakhals(body)["models"], jakhals(body)["points"]) == (5, 40)
    both = api.post(
        "/api/validate/",
        {**VALIDATE_BODY, "as_of": "2024-08-01", "release": "MFM 2025-09"},
        format="json",
    )
    assert both.status_code == 400
    assert "not both" in json.dumps(both.json())


def test_a_copy_of_a_dated_release_keeps_its_unit_sizes(older):
    from armybuilder.catalogue.services import release_copy

    copy = release_copy(source=older, name="Copy of 2024-07", published=datetime.date(2024, 7, 2))
    sizes = dict(copy.unit_sizes.values_list("datasheet__name", "min_models"))
    assert sizes["Jakhals"] == 5
    assert len(sizes) == older.unit_sizes.count()


def test_the_organisers_check_judges_an_event_at_its_points_as_of_date(older, client, organiser):
    client.force_login(organiser)

    def sheet(**extra: str) -> list[tuple]:
        response = client.post(
            "/organisers/check/", {"lists": event_zip(LIST), "profile": "core-10", **extra}
        )
        assert response.status_code == 200
        book = load_workbook(io.BytesIO(response.content))
        header, *rows = book[batch.LISTS_SHEET].values
        return [dict(zip(header, row, strict=True)) for row in rows]

    (then,) = sheet(points_as_of="2024-08-01")
    (now,) = sheet()
    # Jakhals came in fives in July 2024 and in tens today (UNIT_SIZE).
    assert (then["Status"], then["Release"]) == ("legal", "BSData 2024-07-01")
    assert (now["Status"], now["Release"]) == ("illegal", "MFM 2025-09")
    assert "UNIT_SIZE" in now["Codes"] and not then["Codes"]


def test_the_organisers_check_says_when_no_release_was_in_force(older, client, organiser):
    client.force_login(organiser)
    response = client.post(
        "/organisers/check/",
        {"lists": event_zip(LIST), "profile": "core-10", "points_as_of": "2020-01-01"},
    )
    assert response.status_code == 400
    assert "No points release was published on or before 2020-01-01." in response.content.decode()
