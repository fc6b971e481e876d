"""POST /api/validate/ and GET /api/rosters/{id}/validation/: the rules core's result, exactly,
in validate_list's JSON shape, with nothing saved."""

from __future__ import annotations

from typing import Any

import pytest

from armybuilder.catalogue.models import Datasheet, Detachment, Enhancement
from armybuilder.rules import model as core
from rosters import services
from rosters.formats.result_json import result_to_json, unreadable_to_json
from rosters.models import Declaration, Roster, RosterUnit

pytestmark = pytest.mark.django_db

BODY: dict[str, Any] = {
    "faction": "space marines",
    "detachment": "Gladius Task Force",
    "battle_size": "strike_force",
    "units": [
        {"datasheet": "Captain", "enhancement": "artificer armour", "warlord": True},
        {"datasheet": "Intercessor Squad", "models": 10},
        {"datasheet": "Rhino"},
    ],
}


def expected(body_units: list[tuple[str, int, str | None, bool]], declaration=None, **kw: Any):
    """What the services and the rules core say, rendered by the one JSON function."""
    release = kw.get("release")
    draft = services.Draft(
        name=kw.get("name", ""),
        faction=kw["faction"],
        detachment=kw.get("detachment"),
        battle_size=kw.get("battle_size", "strike_force"),
        profile=kw.get("profile", "core-10"),
        release=release,
        units=[
            services.DraftUnit(
                key=str(n),
                datasheet=Datasheet.objects.get(name=name),
                models=models,
                enhancement=Enhancement.objects.get(name=enh) if enh else None,
                warlord=warlord,
            )
            for n, (name, models, enh, warlord) in enumerate(body_units, 1)
        ],
    )
    _, result = services.draft_validate(draft=draft, declaration=declaration)
    return result_to_json(draft=draft, result=result)


def test_validates_a_roster_written_by_hand(anon_client, marines, gladius, release):
    before = (Roster.objects.count(), RosterUnit.objects.count(), Declaration.objects.count())
    response = anon_client.post("/api/validate/", BODY, format="json")
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body == expected(
        [
            ("Captain", 1, "Artificer Armour", True),
            ("Intercessor Squad", 10, None, False),
            ("Rhino", 1, None, False),
        ],
        faction=marines,
        detachment=gladius,
        release=release,
    )
    assert body["points"] == 80 + 10 + 160 + 75
    assert body["legal"] is True
    assert [u["position"] for u in body["units"]] == [1, 2, 3]
    # The same keys as validate_list prints, always all of them.
    assert set(body) == set(unreadable_to_json(error="x", profile="core-10"))
    assert (
        Roster.objects.count(),
        RosterUnit.objects.count(),
        Declaration.objects.count(),
    ) == before


def test_ids_work_as_well_as_names(owner_client, marines, gladius, release):
    captain = Datasheet.objects.get(name="Captain")
    body = {
        "faction": marines.pk,
        "detachment": gladius.pk,
        "release": release.pk,
        "units": [{"datasheet": captain.pk, "warlord": True}],
    }
    response = owner_client.post("/api/validate/", body, format="json")
    assert response.status_code == 200
    assert response.json()["units"][0]["name"] == "Captain"
    named = owner_client.post(
        "/api/validate/", {**body, "release": release.name.upper()}, format="json"
    )
    assert named.json() == response.json()


def test_violations_name_units_by_position(anon_client, marines, gladius, release):
    body = {
        **BODY,
        "units": [
            {"datasheet": "Intercessor Squad", "models": 12},
            {"datasheet": "Marneus Calgar", "enhancement": "Adept of the Codex"},
        ],
    }
    result = anon_client.post("/api/validate/", body, format="json").json()
    assert result["legal"] is False
    by_code = {v["code"]: v for v in result["violations"]}
    assert by_code["UNIT_SIZE"]["unit_positions"] == [1]
    assert by_code["ENHANCEMENT_EPIC_HERO"]["unit_positions"] == [2]
    assert result == expected(
        [
            ("Intercessor Squad", 12, None, False),
            ("Marneus Calgar", 1, "Adept of the Codex", False),
        ],
        faction=marines,
        detachment=gladius,
        release=release,
    )


def test_declaration_by_position(anon_client, marines, gladius, release):
    body = {
        **BODY,
        "battle_size": "incursion",
        "declaration": {
            "attach": [[1, 2]],
            "embark": [[2, 3]],
            "strategic_reserves": [3],
        },
    }
    result = anon_client.post("/api/validate/", body, format="json").json()
    declaration = core.Declaration(
        attachments=(("1", "2"),),
        embarkations=(("2", "3"),),
        placements=(("3", core.Placement.STRATEGIC_RESERVES),),
    )
    assert result == expected(
        [
            ("Captain", 1, "Artificer Armour", True),
            ("Intercessor Squad", 10, None, False),
            ("Rhino", 1, None, False),
        ],
        declaration=declaration,
        faction=marines,
        detachment=gladius,
        battle_size="incursion",
        release=release,
    )
    assert "STRATEGIC_RESERVES_CAP" in [v["code"] for v in result["violations"]]
    assert any(m["code"] == "STRATEGIC_RESERVES_CAP" for m in result["meters"])


def test_unknown_names_are_field_errors_naming_the_position(anon_client, marines, gladius):
    body = {
        **BODY,
        "units": [
            {"datasheet": "Captain"},
            {"datasheet": "Intercesor Squad"},
            {"datasheet": "Rhino", "enhancement": "Armour of Contempt"},
        ],
    }
    response = anon_client.post("/api/validate/", body, format="json")
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid"
    units = error["fields"]["units"]
    assert units[0] == {}
    assert units[1]["datasheet"][0].startswith("Unit 2: Space Marines has no datasheet called")
    assert "Intercessor Squad" in units[1]["datasheet"][0]  # the nearest name is suggested
    assert units[2]["enhancement"][0].startswith("Unit 3:")


def test_another_factions_datasheet_is_refused(anon_client, marines, orks):
    boyz = Datasheet.objects.get(name="Boyz")
    body = {"faction": "Space Marines", "units": [{"datasheet": boyz.pk}]}
    response = anon_client.post("/api/validate/", body, format="json")
    assert response.status_code == 400
    assert (
        "cannot field datasheet id"
        in response.json()["error"]["fields"]["units"][0]["datasheet"][0]
    )


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"faction": "Squats"}, "faction"),
        ({"faction": 999}, "faction"),
        ({"detachment": "Waaagh! Tribe"}, "detachment"),
        ({"release": "MFM 1999"}, "release"),
        ({"battle_size": "huge"}, "battle_size"),
        ({"profile": "core-11"}, "profile"),
        ({"units": "Captain"}, "units"),
        ({"faction": True}, "faction"),
        ({"declaration": {"hover": ["one"]}}, "declaration"),
        ({"declaration": {"attach": [[1, 2, 3]]}}, "declaration"),
    ],
)
def test_bad_bodies_get_field_errors(anon_client, marines, orks, change, field):
    response = anon_client.post("/api/validate/", {**BODY, **change}, format="json")
    assert response.status_code == 400
    assert field in response.json()["error"]["fields"]


def test_body_must_be_a_json_object(anon_client, marines):
    response = anon_client.post("/api/validate/", "[1, 2", content_type="application/json")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "parse_error"
    response = anon_client.post("/api/validate/", [1, 2], format="json")
    assert response.status_code == 400
    assert "non_field_errors" in response.json()["error"]["fields"]


def test_saved_roster_validation_is_the_services_result(owner_client, roster, declaration):
    response = owner_client.get(f"/api/rosters/{roster.pk}/validation/")
    loaded = services.roster_load(roster_id=roster.pk)
    draft = services.roster_to_draft(roster=loaded)
    assert response.json() == result_to_json(
        draft=draft, result=services.roster_validate(roster=loaded)
    )
    assert response.json()["legal"] is True


def test_saved_roster_validation_with_a_declaration(owner_client, roster, declaration, units):
    from rosters.declarations import DeclarationData, declaration_validate

    response = owner_client.get(
        f"/api/rosters/{roster.pk}/validation/", {"declaration": declaration.pk}
    )
    loaded = services.roster_load(roster_id=roster.pk)
    result = declaration_validate(roster=loaded, data=DeclarationData.of(declaration))
    draft = services.roster_to_draft(roster=loaded)
    assert response.json() == result_to_json(draft=draft, result=result)
    assert response.json()["meters"]  # the Strategic Reserves meter comes with a declaration


def test_unknown_declaration_is_a_field_error(owner_client, roster):
    response = owner_client.get(f"/api/rosters/{roster.pk}/validation/", {"declaration": 4242})
    assert response.status_code == 400
    assert "declaration" in response.json()["error"]["fields"]


def test_validation_sees_catalogue_edits_at_once(anon_client, marines, gladius, release):
    first = anon_client.post("/api/validate/", BODY, format="json").json()
    price = Detachment.objects.get(pk=gladius.pk).enhancements.get(name="Artificer Armour")
    points = price.prices.get(release=release)
    points.points = 25
    points.save()
    second = anon_client.post("/api/validate/", BODY, format="json").json()
    assert second["points"] == first["points"] + 15


def test_edits_from_another_process_are_seen_within_the_cache_age(
    anon_client, marines, gladius, release, monkeypatch
):
    from armybuilder.catalogue import freshness, snapshot
    from armybuilder.catalogue.models import UnitPrice

    first = anon_client.post("/api/validate/", BODY, format="json").json()
    # Another server process's save writes the price history, but moves only its own
    # generation: put this process's back as it was.
    before = freshness.generation()
    for price in UnitPrice.objects.filter(datasheet__name="Rhino"):
        price.points = 100
        price.save()
    monkeypatch.setattr(freshness, "_generation", before)
    assert anon_client.post("/api/validate/", BODY, format="json").json() == first
    later = snapshot.time.monotonic() + snapshot.MAX_AGE_SECONDS + 1
    monkeypatch.setattr(snapshot.time, "monotonic", lambda: later)
    assert anon_client.post("/api/validate/", BODY, format="json").json()["points"] == (
        first["points"] + 25
    )
