"""Saved battle-formations declarations: CRUD, validated by the rules core on every write."""

from __future__ import annotations

import pytest

from rosters.models import Declaration

pytestmark = pytest.mark.django_db


def url(roster, declaration=None) -> str:
    base = f"/api/rosters/{roster.pk}/declarations/"
    return f"{base}{declaration}/" if declaration is not None else base


def test_create_list_read_update_delete(owner_client, roster, units):
    captain, squad, rhino = (units[n].pk for n in ("Captain", "Intercessor Squad", "Rhino"))
    body = {
        "name": "Mounted",
        "attachments": [[captain, squad]],
        "embarkations": [[squad, rhino]],
    }
    created = owner_client.post(url(roster), body, format="json")
    assert created.status_code == 201, created.json()
    saved = created.json()
    assert saved["attachments"] == [[captain, squad]]
    assert saved["embarkations"] == [[squad, rhino]]
    assert saved["placements"] == {} and saved["stale_unit_ids"] == []

    listed = owner_client.get(url(roster)).json()
    assert [d["name"] for d in listed] == ["Mounted"]
    assert owner_client.get(url(roster, saved["id"])).json() == saved

    replaced = owner_client.put(
        url(roster, saved["id"]),
        {
            "name": "On foot",
            "attachments": [[captain, squad]],
            "placements": {str(rhino): "strategic_reserves"},
        },
        format="json",
    )
    assert replaced.status_code == 200, replaced.json()
    assert replaced.json()["name"] == "On foot"
    assert replaced.json()["embarkations"] == []
    assert replaced.json()["placements"] == {str(rhino): "strategic_reserves"}

    assert owner_client.delete(url(roster, saved["id"])).status_code == 204
    assert not Declaration.objects.exists()


def test_a_declaration_with_errors_is_refused_with_the_violations(owner_client, roster, units):
    squad, rhino = units["Intercessor Squad"].pk, units["Rhino"].pk
    # Ten Intercessors cannot carry a Rhino; the core says so.
    body = {"name": "Backwards", "embarkations": [[rhino, squad]]}
    response = owner_client.post(url(roster), body, format="json")
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "declaration_invalid"
    assert error["fields"] == {}
    codes = {v["code"] for v in error["violations"]}
    assert "TRANSPORT_NOT_TRANSPORT" in codes
    assert all(
        set(v) == {"code", "severity", "message", "unit_positions", "lines"}
        for v in error["violations"]
    )
    assert not Declaration.objects.exists()


def test_update_with_errors_keeps_the_old_declaration(owner_client, roster, declaration, units):
    squad = units["Intercessor Squad"].pk
    response = owner_client.put(
        url(roster, declaration.pk),
        {"name": "Broken", "placements": {str(squad): "deep_strike"}},
        format="json",
    )
    assert response.status_code == 400
    assert "DEEP_STRIKE_INELIGIBLE" in {v["code"] for v in response.json()["error"]["violations"]}
    declaration.refresh_from_db()
    assert declaration.name == "Turn 1"


def test_units_of_another_roster_are_unknown_units(owner_client, roster, stranger, marines):
    from rosters import services
    from tests.api.conftest import add

    theirs = services.roster_create(
        owner=stranger, name="Sam", faction=marines, detachment=None, battle_size="incursion"
    )
    their_squad = add(theirs, "Intercessor Squad")
    response = owner_client.post(
        url(roster), {"name": "Borrowed", "hover": [their_squad.pk]}, format="json"
    )
    assert response.status_code == 400
    assert "UNKNOWN_UNIT" in {v["code"] for v in response.json()["error"]["violations"]}


def test_duplicate_names_are_a_field_error(owner_client, roster, declaration):
    response = owner_client.post(url(roster), {"name": "Turn 1"}, format="json")
    assert response.status_code == 400
    assert "name" in response.json()["error"]["fields"]


@pytest.mark.parametrize(
    "body",
    [
        {"name": "x", "placements": {"abc": "deep_strike"}},
        {"name": "x", "placements": {"1": "orbit"}},
        {"name": "x", "attachments": [[1]]},
        {"name": "x", "hover": [0]},
        {"hover": []},
    ],
)
def test_bad_declaration_bodies(owner_client, roster, body):
    response = owner_client.post(url(roster), body, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "invalid"


def test_stale_unit_ids_are_reported(owner_client, roster, declaration, units):
    owner_client.delete(f"/api/rosters/{roster.pk}/units/{units['Rhino'].pk}/")
    body = owner_client.get(url(roster, declaration.pk)).json()
    assert body["stale_unit_ids"] == [units["Rhino"].pk]
