"""Owner, teammate, stranger, anonymous client: across every roster, unit and declaration
endpoint.

The owner succeeds; the stranger gets 404 (never 403), and so does the teammate, who holds
the roster's share link (it opens /api/shared/ only); the anonymous client gets 401; none of
them changes a single row.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from armybuilder.catalogue.models import Datasheet
from rosters import services
from rosters.models import Declaration, Roster, RosterUnit, RosterUnitOption

pytestmark = pytest.mark.django_db

R = "/api/rosters/{roster}/"
U = R + "units/{unit}/"
D = R + "declarations/{declaration}/"

# (method, path, body); {roster}, {unit}, {declaration}, {captain}, {release} are filled in.
ENDPOINTS: list[tuple[str, str, dict[str, Any] | None]] = [
    ("get", R, None),
    ("patch", R, {"name": "Taken"}),
    ("delete", R, None),
    ("post", R + "duplicate/", {}),
    ("put", R + "warlord/", {"unit": "{unit}"}),
    ("get", R + "reprice/?release={release}", None),
    ("post", R + "reprice/", {"release": "{release}"}),
    ("put", R + "share/", {"enabled": True}),
    ("get", R + "validation/", None),
    ("get", R + "validation/?declaration={declaration}", None),
    ("get", R + "export/pdf/", None),
    ("get", R + "export/xlsx/", None),
    ("get", R + "export/text/", None),
    ("get", R + "units/", None),
    ("post", R + "units/", {"datasheet": "{captain}"}),
    ("get", U, None),
    ("patch", U, {"models": 5}),
    ("delete", U, None),
    ("post", U + "duplicate/", None),
    ("get", R + "declarations/", None),
    ("post", R + "declarations/", {"name": "Mine now"}),
    ("get", D, None),
    ("put", D, {"name": "Renamed"}),
    ("delete", D, None),
]
IDS = [f"{method.upper()} {path}" for method, path, _ in ENDPOINTS]


def snapshot() -> list[Any]:
    """Every row a roster endpoint could touch, field by field."""
    rows: list[Any] = []
    for model in (Roster, RosterUnit, RosterUnitOption, Declaration):
        rows.extend((model.__name__, row) for row in model.objects.order_by("pk").values())
    return rows


def fill(value: Any, ids: dict[str, int]) -> Any:
    if isinstance(value, str) and value.startswith("{") and value.endswith("}"):
        return ids[value[1:-1]]
    if isinstance(value, str):
        return value.format(**ids)
    if isinstance(value, dict):
        return {k: fill(v, ids) for k, v in value.items()}
    return value


@pytest.fixture
def ids(roster, units, declaration, new_release) -> dict[str, int]:
    return {
        "roster": roster.pk,
        "unit": units["Intercessor Squad"].pk,
        "declaration": declaration.pk,
        "captain": Datasheet.objects.get(name="Captain").pk,
        "release": new_release.pk,
    }


def call(client, method: str, path: str, body: dict[str, Any] | None, ids: dict[str, int]):
    kwargs = {"format": "json"} if body is not None else {}
    args = (fill(body, ids),) if body is not None else ()
    return getattr(client, method)(fill(path, ids), *args, **kwargs)


@pytest.mark.parametrize(("method", "path", "body"), ENDPOINTS, ids=IDS)
def test_owner_may(owner_client, ids, method, path, body):
    response = call(owner_client, method, path, body, ids)
    assert 200 <= response.status_code < 300, response.content[:500]


@pytest.fixture
def shared_with_teammate(roster: Roster, teammate_client) -> Any:
    """The roster shared by link, the link in the teammate's hands."""
    services.roster_share_set(roster=roster, enabled=True)
    roster.refresh_from_db()
    assert teammate_client.get(f"/api/shared/{roster.share_token}/").status_code == 200
    return teammate_client


@pytest.mark.parametrize("who", ["stranger_client", "shared_with_teammate"])
@pytest.mark.parametrize(("method", "path", "body"), ENDPOINTS, ids=IDS)
def test_other_players_get_404_and_change_nothing(request, who, ids, method, path, body):
    client = request.getfixturevalue(who)
    before = snapshot()
    response = call(client, method, path, body, ids)
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"
    assert snapshot() == before


@pytest.mark.parametrize(("method", "path", "body"), ENDPOINTS, ids=IDS)
def test_anonymous_gets_401_and_changes_nothing(anon_client, ids, method, path, body):
    before = snapshot()
    response = call(anon_client, method, path, body, ids)
    assert response.status_code == 401
    assert response.json()["error"]["code"] == "not_authenticated"
    assert response["WWW-Authenticate"] == "Token"
    assert snapshot() == before


@pytest.fixture
def sams_roster(stranger: User, marines, gladius) -> Roster:
    return services.roster_create(
        owner=stranger,
        name="Sam's list",
        faction=marines,
        detachment=gladius,
        battle_size="strike_force",
    )


@pytest.mark.parametrize(
    "path", [U, U + "duplicate/", D], ids=["unit", "unit duplicate", "declaration"]
)
def test_own_roster_id_does_not_open_anothers_unit_or_declaration(
    stranger_client, ids, sams_roster, path
):
    crossed = {**ids, "roster": sams_roster.pk}
    before = snapshot()
    for method in ("get", "post", "patch", "put", "delete"):
        response = call(stranger_client, method, path, {} if method != "get" else None, crossed)
        assert response.status_code in (404, 405)
    assert snapshot() == before


def test_warlord_cannot_name_anothers_unit(stranger_client, ids, sams_roster):
    before = snapshot()
    response = stranger_client.put(
        f"/api/rosters/{sams_roster.pk}/warlord/", {"unit": ids["unit"]}, format="json"
    )
    assert response.status_code == 400
    assert "unit" in response.json()["error"]["fields"]
    assert snapshot() == before


def test_roster_list_shows_only_ones_own(
    owner_client, stranger_client, anon_client, roster, sams_roster
):
    mine = owner_client.get("/api/rosters/").json()["results"]
    theirs = stranger_client.get("/api/rosters/").json()["results"]
    assert [r["name"] for r in mine] == ["Gladius"]
    assert [r["name"] for r in theirs] == ["Sam's list"]
    assert anon_client.get("/api/rosters/").status_code == 401
    assert anon_client.post("/api/rosters/", {"name": "x"}, format="json").status_code == 401


def test_bad_token_is_refused_even_on_public_reads(anon_client, marines):
    anon_client.credentials(HTTP_AUTHORIZATION="Token not-a-real-token")
    response = anon_client.get("/api/factions/")
    assert response.status_code == 401
    assert response.json()["error"]["code"] == "authentication_failed"
