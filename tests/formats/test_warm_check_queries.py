"""A warm check reads the catalogue snapshot only: zero SQL queries, however long the list."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.core.management import load_command_class
from rest_framework.test import APIClient

from rosters.formats import services

pytestmark = pytest.mark.django_db

UNITS = [
    "Khorne Berzerkers (180 Points)\n  • 10x Khorne Berzerkers\n",
    "Jakhals (65 Points)\n  • 10x Jakhals\n",
    "Chaos Rhino (85 Points)\n  • 1x Chaos Rhino\n",
    "Eightbound (150 Points)\n  • 3x Eightbound\n",
    "Master of Executions (60 Points)\n  • Enhancements: Battle-lust\n",
]


def event_list(units: int) -> str:
    body = "\n".join(UNITS[n % len(UNITS)] for n in range(units - 1))
    return (
        "World Eaters\nBerzerker Warband\nOnslaught (3000 Points)\n\nCHARACTERS\n\n"
        "Daemon Prince of Khorne (220 Points)\n  • Warlord\n\nOTHER DATASHEETS\n\n" + body
    )


SIZES = [pytest.param(16, id="16-units"), pytest.param(60, id="60-units")]


@pytest.fixture
def memory_cache(settings):
    # Anonymous calls are throttled through the shared cache, which is the database only
    # where no Redis is configured; this counts the check's own queries, not the throttle's.
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}


@pytest.mark.parametrize("units", SIZES)
def test_the_service_checks_a_warm_list_without_a_query(
    catalogue, units, django_assert_num_queries
):
    text = event_list(units)
    services.list_import_check(text=text)  # warms the snapshot
    with django_assert_num_queries(0):
        check = services.list_import_check(text=text)
        payload = services.list_check_json(check=check)
    assert len(payload["units"]) == units and payload["unrecognised"] == []


@pytest.mark.parametrize("units", SIZES)
def test_the_import_api_checks_a_warm_list_without_a_query(
    catalogue, units, django_assert_num_queries, memory_cache
):
    cache.clear()
    client = APIClient()
    body = {"text": event_list(units)}
    client.post("/api/import/", body, format="json")
    with django_assert_num_queries(0):
        response = client.post("/api/import/", body, format="json")
    assert response.status_code == 200
    assert len(response.json()["result"]["units"]) == units


@pytest.mark.parametrize("units", SIZES)
def test_the_validate_api_checks_a_warm_roster_without_a_query(
    catalogue, units, django_assert_num_queries, memory_cache
):
    cache.clear()
    client = APIClient()
    names = ["Khorne Berzerkers", "Jakhals", "Chaos Rhino", "Eightbound", "Master of Executions"]
    body = {
        "faction": "World Eaters",
        "detachment": "Berzerker Warband",
        "battle_size": "onslaught",
        "units": [{"datasheet": "Daemon Prince of Khorne", "warlord": True}]
        + [{"datasheet": names[n % len(names)]} for n in range(units - 1)],
    }
    client.post("/api/validate/", body, format="json")
    with django_assert_num_queries(0):
        response = client.post("/api/validate/", body, format="json")
    assert response.status_code == 200
    assert len(response.json()["units"]) == units


@pytest.mark.parametrize("units", SIZES)
def test_the_command_checks_a_warm_list_without_a_query(
    catalogue, units, tmp_path, django_assert_num_queries
):
    path = tmp_path / "list.txt"
    path.write_text(event_list(units), encoding="utf-8")
    command = load_command_class("rosters", "validate_list")
    command.check_lists(paths=[str(path)], jobs=1)
    with django_assert_num_queries(0):
        (outcome,) = command.check_lists(paths=[str(path)], jobs=1)
    assert outcome.code in (0, 1) and len(outcome.result["units"]) == units
