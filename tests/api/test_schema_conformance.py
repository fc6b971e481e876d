"""The OpenAPI schema, and Schemathesis driving every operation in process against it.

Schemathesis generates requests from the schema (a bounded number per operation), sends
them straight to the Django WSGI application, and checks each answer: never a 5xx, and
status code, content type and body as the schema documents them. Path ids are pointed at a
fresh roster of the signed-in player, so the roster, unit and declaration endpoints work on
real rows rather than answering 404.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from django.core.management import call_command
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from django.test import override_settings
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable
from rest_framework.authtoken.models import Token
from schemathesis.checks import not_a_server_error
from schemathesis.generation import GenerationMode
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from armybuilder.wsgi import application
from rosters import services
from rosters.battles import services as battle_services
from rosters.battles.models import Battle
from rosters.declarations import DeclarationData, declaration_save
from rosters.models import Declaration, RosterUnit
from tests.api.conftest import add

MAX_EXAMPLES = 12
LOCMEM = "django.core.cache.backends.locmem.LocMemCache"
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]


# Loaded at collection: serving the schema reads no database row, but the throttles count
# in the shared cache (the database's by default), which collection cannot reach.
with override_settings(CACHES={"default": {"BACKEND": LOCMEM}}):
    SCHEMA = schemathesis.openapi.from_wsgi("/api/schema/?format=json", application)
OPERATIONS = [result.ok() for result in SCHEMA.get_all_operations()]
MODES = [GenerationMode.POSITIVE, GenerationMode.NEGATIVE]


def fresh_ids(owner: Any, marines: Any, gladius: Any) -> dict[str, Any]:
    """Make a roster with units, a declaration and a share token; return its ids."""
    roster = services.roster_create(
        owner=owner, name="Fuzzed", faction=marines, detachment=gladius, battle_size="incursion"
    )
    captain = add(roster, "Captain", warlord=True)
    squad = add(roster, "Intercessor Squad", 10)
    add(roster, "Rhino")
    loaded = services.roster_load(roster_id=roster.pk)
    declaration, _ = declaration_save(
        roster=loaded, name="Fuzz", data=DeclarationData(attachments=[(captain.pk, squad.pk)])
    )
    services.roster_share_set(roster=roster, enabled=True)
    battle = battle_services.battle_record(
        owner=owner,
        roster_id=roster.pk,
        opponent=battle_services.OpponentInput(name="Fuzz", faction="Orks"),
    )
    return {
        "battle_id": battle.pk,
        "roster_id": roster.pk,
        "unit_id": squad.pk,
        "declaration_id": declaration.pk,
        "token": roster.share_token,
    }


@pytest.fixture
def connection_kept() -> Iterator[None]:
    """Keep the test's database connection open across in-process WSGI calls.

    Django closes connections when a request finishes; inside a test that would end the
    test's transaction. Django's own test client disconnects the same two signals.
    """
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


def rows_exist(ids: dict[str, Any]) -> bool:
    return (
        RosterUnit.objects.filter(pk=ids["unit_id"], roster_id=ids["roster_id"]).exists()
        and Declaration.objects.filter(pk=ids["declaration_id"]).exists()
        and Battle.objects.filter(pk=ids["battle_id"]).exists()
    )


@pytest.mark.django_db
@pytest.mark.parametrize("mode", MODES, ids=[m.value for m in MODES])
@pytest.mark.parametrize("operation", OPERATIONS, ids=[op.label for op in OPERATIONS])
def test_every_operation_keeps_to_the_schema(
    operation, mode, owner_client, owner, marines, gladius, connection_kept
):
    authorization = f"Token {Token.objects.get(user=owner).key}"

    ids: dict[str, Any] = {}

    @given(case=operation.as_strategy(generation_mode=mode))
    @settings(
        max_examples=MAX_EXAMPLES,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    def check(case: Any) -> None:
        if not ids or not rows_exist(ids):
            # The last example deleted some of them; later ones need real rows again.
            ids.update(fresh_ids(owner, marines, gladius))
        for name in case.path_parameters:
            if name in ids:
                case.path_parameters[name] = ids[name]
        case.call_and_validate(headers={"Authorization": authorization}, checks=CHECKS)

    try:
        check()
    except Unsatisfiable:
        # Some operations take nothing that can be made invalid (a bare string token).
        if mode is not GenerationMode.NEGATIVE:
            raise


def test_schema_is_served_and_valid(anon_client, db):
    response = anon_client.get("/api/schema/", {"format": "json"})
    assert response.status_code == 200
    paths = response.json()["paths"]
    assert "/api/validate/" in paths and "/api/rosters/{roster_id}/units/{unit_id}/" in paths
    # Every operation is annotated: a summary and the error envelope on its 4xx answers.
    for path, operations in paths.items():
        for method, operation in operations.items():
            assert operation.get("summary"), f"{method} {path}"
            assert "404" in operation["responses"], f"{method} {path}"


def test_docs_pages_are_served(anon_client, db):
    assert anon_client.get("/api/docs/").status_code == 200
    assert anon_client.get("/api/redoc/").status_code == 200


def test_spectacular_validates_without_warnings(db):
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", "/dev/null")
