"""Hypothesis throws arbitrary and adversarial JSON at the API: never a 5xx, never slow.

The generated bodies mix well-formed requests with wrong types, ids beyond 64 bits,
numbers of thousands of digits, long runs of spaces, digits and brackets, and deep
nesting. Each input has a time budget (hypothesis' deadline), so a pathological parse
or a quadratic pattern fails the test rather than passing slowly.
"""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rosters.models import Declaration, RosterUnit

pytestmark = pytest.mark.django_db

BUDGET = settings(
    max_examples=60,
    deadline=timedelta(milliseconds=3000),
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    derandomize=True,
)

HOSTILE_TEXT = st.sampled_from(
    [
        "Unit (1" + " " * 16_000 + "x",
        "9" * 5000,
        "[" * 16_000,
        "(" * 8000 + ")" * 8000,
        "Captain" + " " * 4000 + "(",
        "\x00\ud7ff\ufeff",
        "Space Marines",
        "Captain",
    ]
)
HOSTILE_INT = st.sampled_from([0, -1, 1, 2**63, -(2**63) - 1, 10**40, 2**31])
SCALAR = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    HOSTILE_INT,
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=50),
    HOSTILE_TEXT,
)
JSON = st.recursive(
    SCALAR,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=12), inner, max_size=5)
    ),
    max_leaves=30,
)
UNIT = st.fixed_dictionaries(
    {"datasheet": st.one_of(HOSTILE_TEXT, HOSTILE_INT, JSON)},
    optional={"models": st.one_of(HOSTILE_INT, JSON), "enhancement": JSON, "warlord": JSON},
)
VALIDATE_BODY = st.one_of(
    JSON,
    st.fixed_dictionaries(
        {
            "faction": st.one_of(HOSTILE_TEXT, HOSTILE_INT, JSON),
            "units": st.one_of(st.lists(UNIT, max_size=4), JSON),
        },
        optional={
            "detachment": JSON,
            "battle_size": JSON,
            "profile": JSON,
            "declaration": st.one_of(
                JSON,
                st.fixed_dictionaries(
                    {},
                    optional={
                        "attach": st.lists(st.lists(HOSTILE_INT, max_size=3), max_size=3),
                        "hover": st.lists(HOSTILE_INT, max_size=3),
                    },
                ),
            ),
        },
    ),
)
RAW_BODY = st.one_of(
    st.binary(max_size=200),
    st.integers(min_value=1, max_value=3000).map(lambda n: "[" * n + "]" * n),
    st.integers(min_value=1, max_value=3000).map(lambda n: '{"a":' * n + "1" + "}" * n),
    st.just('{"faction": ' + "9" * 5000 + "}"),
    st.just('{"faction": NaN}'),
)


def body_of(value: Any) -> str:
    return json.dumps(value)


@BUDGET
@given(body=VALIDATE_BODY)
def test_validate_answers_any_json_without_a_server_error(owner_client, marines, body):
    # Signed in: the anonymous rate limit would answer 429 before the body is read.
    response = owner_client.post("/api/validate/", body_of(body), content_type="application/json")
    assert response.status_code in (200, 400, 413), response.content[:200]
    assert "error" in response.json() or "violations" in response.json()


@BUDGET
@given(raw=RAW_BODY)
def test_validate_answers_any_bytes_without_a_server_error(owner_client, marines, raw):
    response = owner_client.post("/api/validate/", raw, content_type="application/json")
    assert response.status_code in (200, 400, 413), response.content[:200]


@BUDGET
@given(body=st.one_of(UNIT, JSON))
def test_unit_add_refuses_anything_malformed_and_changes_nothing_then(owner_client, roster, body):
    before = list(RosterUnit.objects.filter(roster=roster).values_list("pk", "position"))
    response = owner_client.post(
        f"/api/rosters/{roster.pk}/units/", body_of(body), content_type="application/json"
    )
    assert response.status_code in (201, 400), response.content[:200]
    if response.status_code == 400:
        after = list(RosterUnit.objects.filter(roster=roster).values_list("pk", "position"))
        assert after == before


@BUDGET
@given(
    body=st.one_of(
        JSON,
        st.fixed_dictionaries(
            {"name": st.one_of(HOSTILE_TEXT, JSON)},
            optional={
                "hover": st.lists(HOSTILE_INT, max_size=3),
                "attachments": JSON,
                "placements": st.dictionaries(
                    st.one_of(st.text(max_size=5), HOSTILE_INT.map(str)), JSON, max_size=3
                ),
            },
        ),
    )
)
def test_declaration_save_refuses_anything_malformed(owner_client, roster, body):
    before = Declaration.objects.count()
    response = owner_client.post(
        f"/api/rosters/{roster.pk}/declarations/", body_of(body), content_type="application/json"
    )
    assert response.status_code in (201, 400), response.content[:200]
    if response.status_code == 400:
        assert Declaration.objects.count() == before
