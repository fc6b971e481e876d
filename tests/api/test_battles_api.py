"""/api/battles/: record, score, share and download; only the owner sees a battle."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from rosters.battles.models import Battle
from rosters.models import Roster

pytestmark = pytest.mark.django_db


def record(client: APIClient, roster: Roster, **extra: Any) -> dict[str, Any]:
    body = {
        "roster": roster.pk,
        "opponent": {"name": "Ivan", "faction": "Orks", "points": 1990},
        "scoring_profile": "only-war-10",
        "played_on": "2026-11-28",
        **extra,
    }
    response = client.post("/api/battles/", body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def test_record_then_score_a_battle(owner_client: APIClient, roster: Roster) -> None:
    battle = record(owner_client, roster, victory_level=True)
    own, other = battle["sides"]
    assert (own["name"], own["points"], other["name"], other["units"]) == (
        roster.name,
        sum(u["points"] for u in own["units"]),
        "Ivan",
        [],
    )
    response = owner_client.patch(
        f"/api/battles/{battle['id']}/",
        {
            "sides": [
                {"index": 0, "round_vp": {"1": 2, "2": 3, "3": 5}, "secondaries": ["Linebreaker"]},
                {"index": 1, "round_vp": {"2": 1}, "army_destroyed": True},
            ],
        },
        format="json",
    )
    assert response.status_code == 200
    result = response.json()["result"]
    assert [s["vp"] for s in result["sides"]] == [6, 1]
    assert [s["not_counted"] for s in result["sides"]] == [4, 0]
    assert [v["code"] for v in result["violations"]] == ["SCORE_ROUND", "SCORE_TURN_CAP"]
    assert (result["winner"], result["decided_by"]) == (0, "army_destroyed")
    assert result["victory_level"]["points"] == [13, 7]


def test_a_damaged_infantry_unit_is_unit_state(owner_client: APIClient, roster: Roster) -> None:
    battle = record(owner_client, roster, scoring_profile="kill-points-4")
    squad = next(u for u in battle["sides"][0]["units"] if u["name"] == "Intercessor Squad")
    response = owner_client.patch(
        f"/api/battles/{battle['id']}/",
        {"sides": [{"index": 0, "unit_states": [{"unit": squad["id"], "state": "damaged"}]}]},
        format="json",
    )
    violations = response.json()["result"]["violations"]
    assert [(v["code"], v["unit_ids"]) for v in violations] == [("UNIT_STATE", [str(squad["id"])])]


def test_a_unit_of_another_battle_is_refused_and_nothing_changes(
    owner_client: APIClient, roster: Roster
) -> None:
    first = record(owner_client, roster)
    second = record(owner_client, roster)
    foreign = first["sides"][0]["units"][0]["id"]
    response = owner_client.patch(
        f"/api/battles/{second['id']}/",
        {
            "sides": [
                {"index": 0, "round_vp": {"2": 3}},
                {"index": 1, "unit_states": [{"unit": foreign, "state": "destroyed"}]},
            ]
        },
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "battle_rejected"
    assert Battle.objects.get(pk=second["id"]).sides.get(index=0).round_vp == {}


def test_an_opponent_must_be_named(owner_client: APIClient, roster: Roster) -> None:
    response = owner_client.post(
        "/api/battles/", {"roster": roster.pk, "opponent": {}}, format="json"
    )
    assert response.status_code == 400
    assert "Name the opponent" in response.json()["error"]["message"]
    assert not Battle.objects.exists()


def test_another_players_roster_cannot_be_recorded(
    stranger_client: APIClient, roster: Roster
) -> None:
    response = stranger_client.post(
        "/api/battles/",
        {"roster": roster.pk, "opponent": {"name": "Me", "faction": "Orks"}},
        format="json",
    )
    assert response.status_code == 400
    assert f"no roster with id {roster.pk}" in response.json()["error"]["message"]


def test_share_and_sheet(owner_client: APIClient, roster: Roster) -> None:
    battle = record(owner_client, roster)
    shared = owner_client.put(
        f"/api/battles/{battle['id']}/share/", {"enabled": True}, format="json"
    )
    assert shared.json()["url"].endswith(f"/battles/shared/{shared.json()['share_token']}/")
    sheet = owner_client.get(f"/api/battles/{battle['id']}/sheet/")
    assert sheet.status_code == 200
    assert sheet.content.startswith(b"%PDF")


ENDPOINTS: list[tuple[str, str, dict[str, Any] | None]] = [
    ("get", "/api/battles/{id}/", None),
    ("patch", "/api/battles/{id}/", {"notes": "pwned"}),
    ("delete", "/api/battles/{id}/", None),
    ("put", "/api/battles/{id}/share/", {"enabled": True}),
    ("get", "/api/battles/{id}/sheet/", None),
]


@pytest.mark.parametrize(
    ("method", "path", "body"), ENDPOINTS, ids=[f"{m} {p}" for m, p, _ in ENDPOINTS]
)
def test_only_the_owner_reaches_a_battle(
    owner_client: APIClient,
    stranger_client: APIClient,
    anon_client: APIClient,
    roster: Roster,
    method: str,
    path: str,
    body: dict[str, Any] | None,
) -> None:
    battle = record(owner_client, roster, notes="kept")
    url = path.format(id=battle["id"])
    other = getattr(stranger_client, method)(url, body, format="json")
    assert other.status_code == 404
    assert other.json()["error"]["code"] == "not_found"
    assert getattr(anon_client, method)(url, body, format="json").status_code == 401
    row = Battle.objects.get(pk=battle["id"])
    assert (row.notes, row.share_token) == ("kept", None)
    assert getattr(owner_client, method)(url, body, format="json").status_code in (200, 204)


def test_the_list_shows_only_my_battles(
    owner_client: APIClient, stranger_client: APIClient, roster: Roster, stranger: User
) -> None:
    record(owner_client, roster)
    assert owner_client.get("/api/battles/").json()["count"] == 1
    assert stranger_client.get("/api/battles/").json()["count"] == 0
