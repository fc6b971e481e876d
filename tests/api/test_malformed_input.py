"""Hostile or malformed input gets a clear 4xx in the error envelope and changes nothing.

Schemathesis found ids beyond 64 bits giving 500s; deep JSON blew the parser's stack.
"""

from __future__ import annotations

import pytest
from django.test import override_settings

from rosters.api.parsers import MAX_JSON_DEPTH
from rosters.models import Declaration, Roster, RosterUnit

pytestmark = pytest.mark.django_db

HUGE = 311359511722321119104991232
BEYOND_64 = 2**63


def error_of(response, status: int) -> dict:
    assert response.status_code == status, response.content[:300]
    error = response.json()["error"]
    assert error["message"]
    return error


@pytest.mark.parametrize(
    "url",
    [
        f"/api/factions/?parent={HUGE}",
        f"/api/datasheets/?faction={HUGE}",
        f"/api/datasheets/?release={BEYOND_64}",
        f"/api/detachments/?faction={HUGE}",
        f"/api/enhancements/?detachment={HUGE}",
    ],
)
def test_a_query_id_beyond_64_bits_is_a_400_naming_the_parameter(anon_client, marines, url):
    name = url.split("?")[1].split("=")[0]
    error = error_of(anon_client.get(url), 400)
    assert name in error["fields"]


@pytest.mark.parametrize(
    "method,path",
    [
        ("get", "/api/rosters/{huge}/"),
        ("get", "/api/factions/{huge}/"),
        ("get", "/api/datasheets/{huge}/"),
        ("post", "/api/rosters/{huge}/units/774418393/duplicate/"),
        ("post", "/api/rosters/{roster}/units/{huge}/duplicate/"),
        ("patch", "/api/rosters/{roster}/units/{huge}/"),
        ("delete", "/api/rosters/{roster}/declarations/{huge}/"),
        ("get", "/api/rosters/{roster}/validation/?declaration={huge}"),
    ],
)
def test_a_path_id_beyond_64_bits_is_a_404_or_400(owner_client, roster, method, path):
    before = RosterUnit.objects.count()
    url = path.format(huge=5116506552896494501888, roster=roster.pk)
    response = getattr(owner_client, method)(url, {}, format="json")
    assert response.status_code in (400, 404), response.content[:300]
    assert response.json()["error"]["message"]
    assert RosterUnit.objects.count() == before


@pytest.mark.parametrize(
    "field,value",
    [("datasheet", BEYOND_64), ("enhancement", BEYOND_64), ("models", 10**6), ("models", 0)],
)
def test_unit_body_numbers_out_of_range_are_a_400_naming_the_field(
    owner_client, roster, units, field, value
):
    body = {"datasheet": units["Captain"].datasheet_id, field: value}
    error = error_of(
        owner_client.post(f"/api/rosters/{roster.pk}/units/", body, format="json"), 400
    )
    assert field in error["fields"]
    assert roster.units.count() == 3


@pytest.mark.parametrize(
    "body,field",
    [
        ({"unit": BEYOND_64}, "unit"),
        ({"unit": -1}, "unit"),
    ],
)
def test_warlord_body_out_of_range_is_a_400(owner_client, roster, body, field):
    error = error_of(
        owner_client.put(f"/api/rosters/{roster.pk}/warlord/", body, format="json"), 400
    )
    assert field in error["fields"]


def test_declaration_unit_ids_beyond_64_bits_are_a_400(owner_client, roster):
    body = {"name": "Big", "hover": [BEYOND_64], "placements": {str(HUGE): "deep_strike"}}
    response = owner_client.post(f"/api/rosters/{roster.pk}/declarations/", body, format="json")
    error = error_of(response, 400)
    assert set(error["fields"]) >= {"hover", "placements"}
    assert not Declaration.objects.exists()


def test_declaration_placement_key_of_unicode_digits_is_a_400(owner_client, roster):
    body = {"name": "Odd", "placements": {"²": "deep_strike"}}
    response = owner_client.post(f"/api/rosters/{roster.pk}/declarations/", body, format="json")
    assert "placements" in error_of(response, 400)["fields"]


@pytest.mark.parametrize("depth", [MAX_JSON_DEPTH + 1, 100_000])
def test_json_nested_too_deep_is_a_400_saying_so(anon_client, marines, depth):
    body = "[" * depth + "]" * depth
    response = anon_client.post("/api/validate/", body, content_type="application/json")
    error = error_of(response, 400)
    assert "deep" in error["message"]


def test_json_nested_within_the_limit_still_parses(anon_client, marines):
    # Depth 3 is an ordinary body: the object, its units list, a unit.
    body = {"faction": "Space Marines", "units": [{"datasheet": "Captain"}]}
    assert anon_client.post("/api/validate/", body, format="json").status_code == 200


def test_deep_json_on_a_roster_write_changes_nothing(owner_client, roster):
    body = '{"name": ' + "[" * 5000 + "]" * 5000 + "}"
    response = owner_client.patch(
        f"/api/rosters/{roster.pk}/", body, content_type="application/json"
    )
    error_of(response, 400)
    assert Roster.objects.get(pk=roster.pk).name == "Gladius"


def test_malformed_json_is_a_400(anon_client, marines):
    response = anon_client.post("/api/validate/", "{'no': ", content_type="application/json")
    error_of(response, 400)


@override_settings(API_MAX_BODY_BYTES=1000)
def test_a_body_over_the_stated_size_is_a_413(anon_client, marines):
    body = '{"faction": "' + "x" * 2000 + '"}'
    response = anon_client.post("/api/validate/", body, content_type="application/json")
    error = error_of(response, 413)
    assert "1000" in error["message"] or "large" in error["message"]


def test_a_nul_in_a_catalogue_name_is_a_400_not_a_database_error(owner_client, marines):
    body = {"faction": "Space\x00Marines", "release": "\x00", "units": []}
    error = error_of(owner_client.post("/api/validate/", body, format="json"), 400)
    assert {"faction", "release"} <= set(error["fields"])


def test_duplicating_a_roster_with_the_longest_name_fits_the_copy_in(owner_client, roster):
    Roster.objects.filter(pk=roster.pk).update(name="N" * 150)
    response = owner_client.post(f"/api/rosters/{roster.pk}/duplicate/", {}, format="json")
    assert response.status_code == 201
    name = response.json()["name"]
    assert len(name) == 150 and name.endswith(" (copy)")


def test_duplicating_a_declaration_with_the_longest_name_fits_the_copy_in(roster, declaration):
    from rosters.declarations import declaration_duplicate

    Declaration.objects.filter(pk=declaration.pk).update(name="D" * 150)
    declaration.refresh_from_db()
    first = declaration_duplicate(declaration=declaration)
    second = declaration_duplicate(declaration=declaration)
    assert len(first.name) == 150 and first.name.endswith(" (copy)")
    assert len(second.name) == 150 and second.name != first.name
