"""Rosters through the API: create, read, update, delete and duplicate, on the services."""

from __future__ import annotations

import pytest

from armybuilder.catalogue.models import Detachment
from rosters.models import Roster
from tests.factories import make_detachment

pytestmark = pytest.mark.django_db


def test_create_read_update_delete(owner_client, owner, marines, gladius, release):
    created = owner_client.post(
        "/api/rosters/",
        {"name": "Ultramarines", "faction": marines.pk, "detachment": gladius.pk},
        format="json",
    )
    assert created.status_code == 201, created.json()
    body = created.json()
    assert body["faction"] == {"id": marines.pk, "name": "Space Marines"}
    assert body["battle_size"] == "strike_force" and body["profile"] == "core-10"
    assert body["release"] == {"id": release.pk, "name": release.name}
    assert body["units"] == [] and body["shared"] is False
    roster_id = body["id"]
    assert Roster.objects.get(pk=roster_id).owner == owner

    read = owner_client.get(f"/api/rosters/{roster_id}/").json()
    assert read["name"] == "Ultramarines"

    changed = owner_client.patch(
        f"/api/rosters/{roster_id}/",
        {"name": "Ultramarines 2nd", "battle_size": "onslaught", "profile": "matched-10"},
        format="json",
    ).json()
    assert (changed["name"], changed["battle_size"], changed["profile"]) == (
        "Ultramarines 2nd",
        "onslaught",
        "matched-10",
    )

    assert owner_client.delete(f"/api/rosters/{roster_id}/").status_code == 204
    assert not Roster.objects.filter(pk=roster_id).exists()
    assert owner_client.get(f"/api/rosters/{roster_id}/").status_code == 404


def test_list_is_paginated_newest_change_first(owner_client, roster, marines, gladius):
    owner_client.post("/api/rosters/", {"name": "Second", "faction": marines.pk}, format="json")
    body = owner_client.get("/api/rosters/", {"page_size": 1}).json()
    assert body["count"] == 2
    assert [r["name"] for r in body["results"]] == ["Second"]


def test_detachment_must_belong_to_the_faction(owner_client, marines, orks):
    waaagh = Detachment.objects.get(name="Waaagh! Tribe")
    response = owner_client.post(
        "/api/rosters/",
        {"name": "Odd", "faction": marines.pk, "detachment": waaagh.pk},
        format="json",
    )
    assert response.status_code == 400
    assert "detachment" in response.json()["error"]["fields"]
    assert not Roster.objects.exists()


def test_changing_detachment_drops_enhancements(owner_client, roster, units, marines, release):
    owner_client.patch(
        f"/api/rosters/{roster.pk}/units/{units['Captain'].pk}/",
        {"enhancement": roster.detachment.enhancements.get(name="Artificer Armour").pk},
        format="json",
    )
    other = make_detachment(
        marines, "Ironstorm Spearhead", [("Adept of the Omnissiah", 35)], release
    )
    body = owner_client.patch(
        f"/api/rosters/{roster.pk}/", {"detachment": other.pk}, format="json"
    ).json()
    assert body["detachment"]["name"] == "Ironstorm Spearhead"
    assert all(u["enhancement"] is None for u in body["units"])


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"name": "", "faction": 1},
        {"name": "x", "faction": "Space Marines"},
        {"name": "x", "faction": 99999},
        {"name": "x", "faction": 1, "battle_size": "apocalypse"},
        {"name": "x" * 151, "faction": 1},
    ],
)
def test_bad_create_bodies_are_field_errors(owner_client, marines, body):
    response = owner_client.post("/api/rosters/", body, format="json")
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid" and error["fields"]


def test_duplicate_copies_units(owner_client, roster):
    response = owner_client.post(f"/api/rosters/{roster.pk}/duplicate/", {}, format="json")
    assert response.status_code == 201
    copy = response.json()
    assert copy["name"] == "Gladius (copy)"
    assert [u["datasheet"]["name"] for u in copy["units"]] == [
        "Captain",
        "Intercessor Squad",
        "Rhino",
    ]
    named = owner_client.post(
        f"/api/rosters/{roster.pk}/duplicate/", {"name": "Gladius B"}, format="json"
    ).json()
    assert named["name"] == "Gladius B"


def test_a_faction_only_older_data_has_is_refused_as_the_form_refuses_it(
    owner_client, client, owner, marines, release
):
    from armybuilder.catalogue.models import Faction

    ynnari = Faction.objects.create(
        name="Ynnari", slug="ynnari", keyword="AELDARI", last_release=release
    )
    response = owner_client.post(
        "/api/rosters/", {"name": "x", "faction": ynnari.pk}, format="json"
    )
    assert response.status_code == 400
    assert "Ynnari is only in older data" in response.json()["error"]["fields"]["faction"][0]
    assert not Roster.objects.filter(faction=ynnari).exists()
    # The page's form offers it not at all; a current faction is still created.
    client.force_login(owner)
    assert b">Ynnari<" not in client.get("/rosters/new/").content
    created = owner_client.post(
        "/api/rosters/", {"name": "x", "faction": marines.pk}, format="json"
    )
    assert created.status_code == 201
