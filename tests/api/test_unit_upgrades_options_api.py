"""Priced options and detachment upgrades through the API: a unit's PATCH and output, the
roster's validation, and POST /api/validate/ naming them."""

from __future__ import annotations

import pytest

from armybuilder.catalogue.models import (
    DetachmentUpgrade,
    DetachmentUpgradePrice,
    DetachmentUpgradeUnit,
    OptionPrice,
)
from tests.factories import make_detachment

pytestmark = pytest.mark.django_db


@pytest.fixture
def relic(gladius, release) -> DetachmentUpgrade:
    upgrade = DetachmentUpgrade.objects.create(detachment=gladius, name="Relic Blade")
    captain = gladius.faction.datasheets.get(name="Captain")
    DetachmentUpgradeUnit.objects.create(upgrade=upgrade, datasheet=captain, minimum=1, maximum=1)
    DetachmentUpgradePrice.objects.create(release=release, upgrade=upgrade, points=35)
    return upgrade


@pytest.fixture
def missiles(marines, release) -> OptionPrice:
    return OptionPrice.objects.create(
        release=release,
        datasheet=marines.datasheets.get(name="Rhino"),
        name="Hunter-killer missile",
        points=10,
        max_count=2,
    )


def test_patch_sets_upgrades_and_options(owner_client, roster, units, relic, missiles):
    captain, rhino = units["Captain"], units["Rhino"]
    response = owner_client.patch(
        f"/api/rosters/{roster.pk}/units/{captain.pk}/",
        {"upgrades": [{"upgrade": relic.pk, "count": 1}]},
        format="json",
    )
    assert response.status_code == 200, response.json()
    assert response.json()["upgrades"] == [{"id": relic.pk, "name": "Relic Blade", "count": 1}]
    response = owner_client.patch(
        f"/api/rosters/{roster.pk}/units/{rhino.pk}/",
        {"options": [{"name": "hunter-killer missile", "count": 2}]},
        format="json",
    )
    assert response.json()["options"] == [{"name": "Hunter-killer missile", "count": 2}]
    validation = owner_client.get(f"/api/rosters/{roster.pk}/validation/").json()
    by_name = {u["name"]: u for u in validation["units"]}
    assert by_name["Captain"]["points"] == 80 + 35
    assert by_name["Captain"]["upgrades"] == [{"name": "Relic Blade", "count": 1}]
    assert by_name["Rhino"]["points"] == 75 + 20
    assert "DETACHMENT_UPGRADE" not in [v["code"] for v in validation["violations"]]


def test_patch_refuses_another_detachments_upgrade_and_an_unknown_id(
    owner_client, roster, units, marines
):
    other = DetachmentUpgrade.objects.create(
        detachment=make_detachment(marines, "Firestorm Assault Force"), name="Flamer Relic"
    )
    url = f"/api/rosters/{roster.pk}/units/{units['Captain'].pk}/"
    refused = owner_client.patch(
        url, {"upgrades": [{"upgrade": other.pk, "count": 1}]}, format="json"
    )
    assert refused.status_code == 400
    assert "Flamer Relic is not an upgrade of Gladius Task Force" in str(refused.json())
    unknown = owner_client.patch(url, {"upgrades": [{"upgrade": 99999, "count": 1}]}, format="json")
    assert unknown.json()["error"]["fields"]["upgrades"] == [
        "There is no detachment upgrade with id 99999."
    ]
    assert not units["Captain"].upgrades.exists()


def test_validate_body_names_upgrades_and_options(anon_client, marines, gladius, relic, missiles):
    body = {
        "faction": "space marines",
        "detachment": "Gladius Task Force",
        "battle_size": "strike_force",
        "units": [
            {"datasheet": "Captain", "warlord": True, "upgrades": [{"name": "relic blade"}]},
            {"datasheet": "Rhino", "options": [{"name": "Hunter-killer missile", "count": 1}]},
            {"datasheet": "Captain"},
        ],
    }
    result = anon_client.post("/api/validate/", body, format="json").json()
    assert [u["points"] for u in result["units"]] == [115, 85, 80]
    assert result["units"][0]["upgrades"] == [{"name": "Relic Blade", "count": 1}]
    # The second Captain lacks the upgrade its detachment makes compulsory.
    assert [(v["code"], v["unit_positions"]) for v in result["violations"]] == [
        ("DETACHMENT_UPGRADE", [3])
    ]


def test_validate_body_refuses_names_it_cannot_place(anon_client, marines, gladius, relic):
    body = {
        "faction": "space marines",
        "detachment": "Gladius Task Force",
        "battle_size": "strike_force",
        "units": [{"datasheet": "Captain", "upgrades": [{"name": "Golden Throne"}]}],
    }
    response = anon_client.post("/api/validate/", body, format="json")
    assert response.status_code == 400
    assert "Gladius Task Force has no upgrade “Golden Throne”" in str(response.json())


def test_validate_body_without_a_detachment_says_so_for_an_upgrade(anon_client, marines, relic):
    body = {
        "faction": "space marines",
        "battle_size": "strike_force",
        "units": [{"datasheet": "Captain", "upgrades": [{"name": "Relic Blade"}]}],
    }
    response = anon_client.post("/api/validate/", body, format="json")
    assert response.status_code == 400
    said = str(response.json())
    assert "the army has no detachment, so it has no upgrade “Relic Blade”" in said
    assert "no detachment has no upgrade" not in said
