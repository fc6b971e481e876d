"""Wargear through the API: a unit shows it, takes it on create and change (refused with a
field error when it names what the datasheet has not), and validation reads it."""

from __future__ import annotations

import pytest

from armybuilder.catalogue.models import Datasheet

pytestmark = pytest.mark.django_db

SGT, HB = "Hellblaster Sergeant", "Hellblaster"


def wargear(heavy: int, models: int = 5) -> list[dict]:
    rest = models - 1
    return [
        {"model": SGT, "models": 1, "wargear": {"Plasma pistol": 1, "Plasma incinerator": 1}},
        {
            "model": HB,
            "models": rest,
            "wargear": {
                "Plasma incinerator": rest - heavy,
                "Heavy plasma incinerator": heavy,
                "Bolt pistol": rest,
            },
        },
    ]


def _add(owner_client, roster, **extra):
    squad = Datasheet.objects.get(name="Hellblaster Squad")
    return owner_client.post(
        f"/api/rosters/{roster.pk}/units/", {"datasheet": squad.pk, **extra}, format="json"
    )


def codes(owner_client, roster) -> list[str]:
    body = owner_client.get(f"/api/rosters/{roster.pk}/validation/").json()
    return [v["code"] for v in body["violations"]]


def test_a_new_unit_shows_its_defaults_in_validation(owner_client, roster):
    unit = _add(owner_client, roster).json()
    assert unit["wargear"] == []
    body = owner_client.get(f"/api/rosters/{roster.pk}/validation/").json()
    shown = body["units"][-1]["wargear"]
    assert [(p["model"], p["models"]) for p in shown] == [(SGT, 1), (HB, 4)]
    assert shown[1]["wargear"]["Plasma incinerator"] == 4


@pytest.mark.parametrize(
    ("heavy", "legal"),
    [pytest.param(1, True, id="boundary: one in five"), pytest.param(2, False, id="two in five")],
)
def test_wargear_on_create_is_stored_and_checked(owner_client, roster, heavy, legal):
    response = _add(owner_client, roster, wargear=wargear(heavy))
    assert response.status_code == 201, response.json()
    assert response.json()["wargear"] == wargear(heavy)
    assert ("WARGEAR_CHOICE" not in codes(owner_client, roster)) is legal


def test_changing_wargear_and_going_back_to_the_defaults(owner_client, roster):
    unit = _add(owner_client, roster).json()
    url = f"/api/rosters/{roster.pk}/units/{unit['id']}/"
    changed = owner_client.patch(url, {"wargear": wargear(2)}, format="json")
    assert changed.status_code == 200 and changed.json()["wargear"] == wargear(2)
    assert "WARGEAR_CHOICE" in codes(owner_client, roster)
    reset = owner_client.patch(url, {"wargear": []}, format="json").json()
    assert reset["wargear"] == []
    assert "WARGEAR_CHOICE" not in codes(owner_client, roster)


def test_unknown_wargear_is_refused(owner_client, roster):
    unit = _add(owner_client, roster).json()
    bad = [{"model": SGT, "models": 1, "wargear": {"Lascannon": 1}}]
    response = owner_client.patch(
        f"/api/rosters/{roster.pk}/units/{unit['id']}/", {"wargear": bad}, format="json"
    )
    assert response.status_code == 400
    assert "cannot take Lascannon" in response.json()["error"]["message"]


def test_validate_an_unsaved_roster_with_wargear(owner_client, marines, gladius):
    body = {
        "faction": "Space Marines",
        "detachment": "Gladius Task Force",
        "battle_size": "strike_force",
        "units": [
            {"datasheet": "Captain", "warlord": True},
            {"datasheet": "Hellblaster Squad", "models": 5, "wargear": wargear(2)},
        ],
    }
    data = owner_client.post("/api/validate/", body, format="json").json()
    assert data["schema"] == 4
    assert [v["code"] for v in data["violations"]] == ["WARGEAR_CHOICE"]
    assert data["units"][1]["wargear"] == wargear(2)
