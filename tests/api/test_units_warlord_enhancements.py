"""Units as a nested resource, the Warlord and enhancements, on the roster services."""

from __future__ import annotations

import pytest

from armybuilder.catalogue.models import Datasheet, Enhancement
from rosters.models import RosterUnit

pytestmark = pytest.mark.django_db


def test_units_list_in_roster_order(owner_client, roster):
    body = owner_client.get(f"/api/rosters/{roster.pk}/units/").json()
    assert [(u["position"], u["datasheet"]["name"], u["models"]) for u in body] == [
        (1, "Captain", 1),
        (2, "Intercessor Squad", 10),
        (3, "Rhino", 1),
    ]
    assert [u["warlord"] for u in body] == [True, False, False]


def test_add_a_unit_with_enhancement_as_warlord(owner_client, roster, units):
    captain = Datasheet.objects.get(name="Captain")
    armour = Enhancement.objects.get(name="Artificer Armour")
    response = owner_client.post(
        f"/api/rosters/{roster.pk}/units/",
        {"datasheet": captain.pk, "enhancement": armour.pk, "warlord": True},
        format="json",
    )
    assert response.status_code == 201, response.json()
    unit = response.json()
    assert unit["position"] == 4
    assert unit["enhancement"] == {"id": armour.pk, "name": "Artificer Armour"}
    assert unit["warlord"] is True
    # One Warlord: the old one stepped down.
    assert list(roster.units.filter(warlord=True).values_list("pk", flat=True)) == [unit["id"]]


def test_add_at_the_smallest_size_by_default(owner_client, roster):
    squad = Datasheet.objects.get(name="Hellblaster Squad")
    unit = owner_client.post(
        f"/api/rosters/{roster.pk}/units/", {"datasheet": squad.pk}, format="json"
    ).json()
    assert unit["models"] == 5 and unit["warlord"] is False


@pytest.mark.parametrize(
    ("name", "models", "message"),
    [("Intercessor Squad", 11, "comes in units of"), ("Boyz", None, "not available")],
)
def test_refused_units_say_why(owner_client, roster, orks, name, models, message):
    sheet = Datasheet.objects.get(name=name)
    body = {"datasheet": sheet.pk} | ({"models": models} if models else {})
    response = owner_client.post(f"/api/rosters/{roster.pk}/units/", body, format="json")
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "roster_rejected"
    assert message in error["message"]
    assert roster.units.count() == 3


def test_change_size_and_enhancement(owner_client, roster, units):
    squad, captain = units["Intercessor Squad"], units["Captain"]
    url = f"/api/rosters/{roster.pk}/units/"
    assert (
        owner_client.patch(f"{url}{squad.pk}/", {"models": 5}, format="json").json()["models"] == 5
    )
    armour = Enhancement.objects.get(name="Artificer Armour")
    body = owner_client.patch(f"{url}{captain.pk}/", {"enhancement": armour.pk}, format="json")
    assert body.json()["enhancement"]["name"] == "Artificer Armour"
    cleared = owner_client.patch(f"{url}{captain.pk}/", {"enhancement": None}, format="json")
    assert cleared.json()["enhancement"] is None


def test_enhancement_of_another_detachment_is_refused(owner_client, roster, units, orks):
    choppa = Enhancement.objects.get(name="Headwoppa's Killchoppa")
    response = owner_client.patch(
        f"/api/rosters/{roster.pk}/units/{units['Captain'].pk}/",
        {"enhancement": choppa.pk},
        format="json",
    )
    assert response.status_code == 400
    assert "not an enhancement of" in response.json()["error"]["message"]


def test_warlord_endpoint_moves_and_clears(owner_client, roster, units):
    squad = units["Intercessor Squad"]
    body = owner_client.put(
        f"/api/rosters/{roster.pk}/warlord/", {"unit": squad.pk}, format="json"
    ).json()
    assert [u["warlord"] for u in body["units"]] == [False, True, False]
    # The rules core, not the API, judges the choice.
    codes = [
        v["code"]
        for v in owner_client.get(f"/api/rosters/{roster.pk}/validation/").json()["violations"]
    ]
    assert "WARLORD" in codes
    body = owner_client.put(f"/api/rosters/{roster.pk}/warlord/", {"unit": None}, format="json")
    assert not any(u["warlord"] for u in body.json()["units"])


def test_warlord_through_a_unit_patch(owner_client, roster, units):
    url = f"/api/rosters/{roster.pk}/units/"
    owner_client.patch(f"{url}{units['Rhino'].pk}/", {"warlord": True}, format="json")
    assert list(RosterUnit.objects.filter(warlord=True)) == [units["Rhino"]]
    owner_client.patch(f"{url}{units['Rhino'].pk}/", {"warlord": False}, format="json")
    assert not RosterUnit.objects.filter(warlord=True).exists()


def test_duplicate_and_remove_a_unit(owner_client, roster, units):
    url = f"/api/rosters/{roster.pk}/units/{units['Captain'].pk}/"
    copy = owner_client.post(url + "duplicate/").json()
    assert copy["position"] == 2 and copy["warlord"] is False
    assert owner_client.delete(url).status_code == 204
    names = [
        u["datasheet"]["name"] for u in owner_client.get(f"/api/rosters/{roster.pk}/units/").json()
    ]
    assert names == ["Captain", "Intercessor Squad", "Rhino"]
    assert owner_client.get(url).status_code == 404
