"""The catalogue is public, read-only, filterable, paginated and cacheable by ETag."""

from __future__ import annotations

import pytest

from armybuilder.catalogue.models import Datasheet, UnitPrice

pytestmark = pytest.mark.django_db


def names(response) -> list[str]:
    return [row["name"] for row in response.json()["results"]]


def test_factions_list_is_public_and_paginated(anon_client, marines, orks):
    response = anon_client.get("/api/factions/", {"page_size": 1})
    assert response.status_code == 200
    body = response.json()
    assert body["count"] == 2
    assert names(response) == ["Orks"]
    assert body["next"] is not None and body["previous"] is None


def test_factions_search_by_name(anon_client, marines, orks):
    assert names(anon_client.get("/api/factions/", {"search": "mari"})) == ["Space Marines"]


def test_datasheets_filter_by_faction_keyword_and_name(anon_client, marines, orks):
    by_faction = names(anon_client.get("/api/datasheets/", {"faction": orks.pk}))
    assert by_faction == ["Boyz", "Warboss"]
    characters = names(
        anon_client.get("/api/datasheets/", {"faction": marines.pk, "keyword": "character"})
    )
    assert characters == ["Captain", "Marneus Calgar"]
    # A keyword matches whole: TRANSPORT is not DEDICATED TRANSPORT's substring match only.
    assert names(anon_client.get("/api/datasheets/", {"keyword": "transport"})) == ["Rhino"]
    assert names(anon_client.get("/api/datasheets/", {"keyword": "TRANS"})) == []
    squads = names(anon_client.get("/api/datasheets/", {"search": "squad", "faction": marines.pk}))
    assert squads == ["Hellblaster Squad", "Intercessor Squad"]


def test_datasheet_brackets_default_to_the_current_release(anon_client, marines, release):
    sheet = Datasheet.objects.get(name="Intercessor Squad")
    body = anon_client.get(f"/api/datasheets/{sheet.pk}/").json()
    assert body["release"] == release.pk
    assert body["brackets"] == [{"models": 5, "points": 80}, {"models": 10, "points": 160}]
    assert body["faction"] == {"id": marines.pk, "name": "Space Marines"}


def test_datasheet_brackets_under_a_chosen_release(anon_client, marines, new_release):
    sheet = Datasheet.objects.get(name="Intercessor Squad")
    body = anon_client.get(f"/api/datasheets/{sheet.pk}/", {"release": new_release.pk}).json()
    assert body["release"] == new_release.pk
    assert body["brackets"] == [{"models": 5, "points": 90}, {"models": 10, "points": 170}]


def test_unknown_release_is_a_field_error(anon_client, marines):
    response = anon_client.get("/api/datasheets/", {"release": 9999})
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "invalid"
    assert "release" in response.json()["error"]["fields"]


def test_leaders_and_transport_facts_are_shown(anon_client, marines):
    rhino = Datasheet.objects.get(name="Rhino")
    captain = Datasheet.objects.get(name="Captain")
    assert anon_client.get(f"/api/datasheets/{rhino.pk}/").json()["transport"][0]["capacity"] == 12
    leads = anon_client.get(f"/api/datasheets/{captain.pk}/").json()["leads"]
    assert [lead["name"] for lead in leads] == ["Intercessor Squad"]


def test_detachments_and_enhancements_with_points(anon_client, marines, orks, release):
    detachments = anon_client.get("/api/detachments/", {"faction": marines.pk}).json()["results"]
    assert [d["name"] for d in detachments] == ["Gladius Task Force"]
    assert {e["name"] for e in detachments[0]["enhancements"]} == {
        "Adept of the Codex",
        "Artificer Armour",
    }
    enhancements = anon_client.get("/api/enhancements/", {"search": "armour"}).json()["results"]
    assert enhancements == [
        {
            "id": enhancements[0]["id"],
            "name": "Artificer Armour",
            "detachment": {"id": detachments[0]["id"], "name": "Gladius Task Force"},
            "required_keywords": [],
            "release": release.pk,
            "points": 10,
        }
    ]


def test_releases_newest_first(anon_client, release, new_release):
    body = anon_client.get("/api/releases/").json()
    assert [r["name"] for r in body["results"]] == ["MFM 2025-12", "MFM 2025-09"]
    assert [r["is_current"] for r in body["results"]] == [False, True]


def test_etag_gives_304_until_the_catalogue_changes(anon_client, marines):
    first = anon_client.get("/api/datasheets/")
    etag = first["ETag"]
    assert etag and "no-cache" in first["Cache-Control"]
    again = anon_client.get("/api/datasheets/", HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304
    assert again.content == b""
    price = UnitPrice.objects.get(datasheet__name="Rhino")
    price.points = 80
    price.save()
    changed = anon_client.get("/api/datasheets/", HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200
    assert changed["ETag"] != etag


@pytest.mark.parametrize(
    "path", ["/api/factions/", "/api/datasheets/", "/api/detachments/", "/api/releases/"]
)
def test_catalogue_is_read_only(owner_client, anon_client, marines, path):
    for client in (owner_client, anon_client):
        response = client.post(path, {"name": "Squats"}, format="json")
        assert response.status_code in (401, 405)
        assert "error" in response.json()
    assert owner_client.post(path, {}, format="json").status_code == 405


def test_missing_catalogue_rows_are_json_404(anon_client, db):
    for path in ("factions", "datasheets", "detachments", "enhancements", "releases"):
        response = anon_client.get(f"/api/{path}/424242/")
        assert response.status_code == 404
        assert response.json()["error"]["code"] == "not_found"
