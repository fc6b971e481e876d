"""POST /api/validate/: check an unsaved roster (and a declaration) and save nothing."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from rosters.api import drafts
from rosters.api import serializers as s
from rosters.api.throttles import AnonThrottle, AnonValidateThrottle, UserThrottle
from rosters.api.views.base import ApiView, body
from rosters.formats.result_json import result_to_json

EXAMPLE = {
    "faction": "Space Marines",
    "detachment": "Gladius Task Force",
    "battle_size": "strike_force",
    "profile": "core-10",
    "units": [
        {"datasheet": "Captain", "enhancement": "Artificer Armour", "warlord": True},
        {"datasheet": "Intercessor Squad", "models": 10},
        {"datasheet": "Rhino"},
    ],
    "declaration": {"attach": [[1, 2]], "embark": [[2, 3]]},
}


class ValidateApi(ApiView):
    permission_classes = [AllowAny]
    # Anonymous callers meet the stricter validate_anon rate as well as the general one.
    throttle_classes = [AnonThrottle, AnonValidateThrottle, UserThrottle]

    @extend_schema(
        tags=["validation"],
        summary="Validate an unsaved roster, with an optional declaration; nothing is saved",
        description=(
            "Name catalogue rows by name (any case) or id. Units are numbered by position "
            "from 1; the declaration and the result's unit_positions use those numbers. "
            "The answer is exactly the rules core's result, in validate_list's JSON shape; "
            "an illegal roster is still a 200 with legal false."
        ),
        request=s.ValidateInputSerializer,
        responses={200: s.ValidationResultSerializer},
        examples=[OpenApiExample("A Gladius list", value=EXAMPLE, request_only=True)],
    )
    def post(self, request: Request) -> Response:
        data = body(s.ValidateInputSerializer, request)
        draft, result = drafts.validate_body_check(
            name=data["name"],
            faction=data["faction"],
            detachment=data.get("detachment"),
            battle_size=data["battle_size"],
            profile=data["profile"],
            release=data.get("release"),
            as_of=data.get("as_of"),
            units=[drafts.UnitBody(**unit) for unit in data["units"]],
            declaration=data.get("declaration"),
        )
        return Response(result_to_json(draft=draft, result=result))
