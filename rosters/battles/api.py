"""/api/battles/: a player's battle records, owner only (another player's battle is 404).

Each view has its own input and output serializers and calls one service.
"""

from __future__ import annotations

from typing import Any, Final

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response

from armybuilder.rules.scoring import SCORING_PROFILES, UnitState
from rosters.api.errors import ApiError
from rosters.api.pagination import ApiPagination
from rosters.api.renderers import PdfRenderer
from rosters.api.views.base import OwnerView, body
from rosters.battles import services
from rosters.battles.battle_json import result_to_json
from rosters.battles.models import Battle, BattleSize

TAG = "battles"
CODE_BATTLE_REJECTED: Final = "battle_rejected"
NO_BODY = OpenApiResponse(description="Deleted; no body.")
PROFILE_CHOICES = sorted(SCORING_PROFILES)
STATE_CHOICES = [state.value for state in UnitState]


def _rejected(exc: services.BattleError) -> ApiError:
    message = str(exc)
    return ApiError(
        code=CODE_BATTLE_REJECTED, message=message, fields={"non_field_errors": [message]}
    )


# --- output ----------------------------------------------------------------------------


class BattleUnitOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField(source="pk")
    name = serializers.CharField()
    points = serializers.IntegerField(help_text="As the roster priced it when recorded.")
    models = serializers.IntegerField(source="models_count")
    can_be_damaged = serializers.BooleanField()
    state = serializers.CharField(help_text="intact, below_half, damaged or destroyed.")


class BattleSideOutputSerializer(serializers.Serializer[Any]):
    index = serializers.IntegerField(help_text="0: the owner's roster; 1: the opponent.")
    name = serializers.CharField()
    faction = serializers.CharField()
    points = serializers.IntegerField()
    roster = serializers.IntegerField(source="roster_id", allow_null=True)
    round_vp = serializers.DictField(child=serializers.IntegerField(), help_text="Round -> VP.")
    secondaries = serializers.ListField(child=serializers.CharField())
    painted = serializers.BooleanField()
    army_destroyed = serializers.BooleanField()
    units = BattleUnitOutputSerializer(many=True, source="units.all")


class RoundVpOutputSerializer(serializers.Serializer[Any]):
    round = serializers.IntegerField()
    vp = serializers.IntegerField()


class SideScoreOutputSerializer(serializers.Serializer[Any]):
    name = serializers.CharField()
    rounds = RoundVpOutputSerializer(many=True, help_text="VP counted per round.")
    objective_vp = serializers.IntegerField()
    painted_vp = serializers.IntegerField()
    kill_vp = serializers.IntegerField()
    vp = serializers.IntegerField(help_text="VP counted.")
    not_counted = serializers.IntegerField()
    destroyed_unit_ids = serializers.ListField(child=serializers.CharField())
    army_destroyed = serializers.BooleanField()
    secondaries = serializers.IntegerField()


class VictoryLevelOutputSerializer(serializers.Serializer[Any]):
    difference = serializers.IntegerField()
    row = serializers.IntegerField(help_text="Row of the victory-level table, 1 to 8.")
    winner_points = serializers.IntegerField()
    loser_points = serializers.IntegerField()
    secondary_side = serializers.IntegerField(allow_null=True)
    points = serializers.ListField(child=serializers.IntegerField(), help_text="Side 0, side 1.")
    level = serializers.CharField(help_text="draw, win or massacre.")


class ScoreViolationOutputSerializer(serializers.Serializer[Any]):
    code = serializers.CharField(help_text="SCORE_ROUND, SCORE_TURN_CAP, SCORE_CAP or UNIT_STATE.")
    message = serializers.CharField()
    side = serializers.IntegerField(allow_null=True)
    round = serializers.IntegerField(allow_null=True)
    unit_ids = serializers.ListField(child=serializers.CharField())


class BattleResultOutputSerializer(serializers.Serializer[Any]):
    schema = serializers.IntegerField()
    profile = serializers.CharField()
    battle_size = serializers.IntegerField()
    winner = serializers.IntegerField(allow_null=True)
    winner_name = serializers.CharField(allow_null=True)
    decided_by = serializers.CharField(help_text="vp, army_destroyed or draw.")
    sides = SideScoreOutputSerializer(many=True)
    victory_level = VictoryLevelOutputSerializer(allow_null=True)
    violations = ScoreViolationOutputSerializer(many=True)


class BattleSummaryOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField(source="pk")
    played_on = serializers.DateField()
    battle_size = serializers.CharField()
    points = serializers.IntegerField()
    scoring_profile = serializers.CharField()
    victory_level = serializers.BooleanField()
    notes = serializers.CharField()
    shared = serializers.SerializerMethodField()
    sides = BattleSideOutputSerializer(many=True, source="sides.all")

    def get_shared(self, obj: Battle) -> bool:
        return obj.share_token is not None


class BattleOutputSerializer(BattleSummaryOutputSerializer):
    share_token = serializers.CharField(allow_null=True)
    result = BattleResultOutputSerializer(source="result_json")


def _battle_data(scored: services.ScoredBattle) -> dict[str, Any]:
    battle = scored.battle
    # The result is the rules core's, in the score_battle JSON shape.
    battle.result_json = result_to_json(scored.result)  # type: ignore[attr-defined]
    return BattleOutputSerializer(battle).data


# --- input -----------------------------------------------------------------------------


class OpponentInputSerializer(serializers.Serializer[Any]):
    roster = serializers.IntegerField(
        required=False, min_value=1, help_text="One of my rosters, by id."
    )
    shared_link = serializers.CharField(
        required=False, max_length=300, help_text="A roster's share link or token."
    )
    name = serializers.CharField(required=False, max_length=150)
    faction = serializers.CharField(required=False, max_length=150, allow_blank=True)
    points = serializers.IntegerField(required=False, min_value=0)
    list = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=256 * 1024,
        help_text="A pasted list, read as POST /api/import/ reads it.",
    )


class BattleCreateInputSerializer(serializers.Serializer[Any]):
    roster = serializers.IntegerField(min_value=1, help_text="My roster that played.")
    declaration = serializers.IntegerField(required=False, min_value=1)
    opponent = OpponentInputSerializer()
    battle_size = serializers.ChoiceField(
        choices=BattleSize.choices, default=BattleSize.STRIKE_FORCE
    )
    custom_points = serializers.IntegerField(required=False, min_value=1)
    scoring_profile = serializers.ChoiceField(choices=PROFILE_CHOICES, default="only-war-10")
    victory_level = serializers.BooleanField(default=False)
    played_on = serializers.DateField(required=False)
    notes = serializers.CharField(required=False, allow_blank=True, default="")


class UnitStateInputSerializer(serializers.Serializer[Any]):
    unit = serializers.IntegerField(min_value=1)
    state = serializers.ChoiceField(choices=STATE_CHOICES)


class SideScoreInputSerializer(serializers.Serializer[Any]):
    index = serializers.ChoiceField(choices=[0, 1])
    round_vp = serializers.DictField(
        child=serializers.IntegerField(), required=False, help_text="Round -> VP; replaces all."
    )
    secondaries = serializers.ListField(
        child=serializers.CharField(max_length=200), required=False, max_length=20
    )
    painted = serializers.BooleanField(required=False)
    army_destroyed = serializers.BooleanField(required=False)
    unit_states = UnitStateInputSerializer(many=True, required=False)


class BattleScoreInputSerializer(serializers.Serializer[Any]):
    sides = SideScoreInputSerializer(many=True, required=False)
    notes = serializers.CharField(required=False, allow_blank=True)
    victory_level = serializers.BooleanField(required=False)


class BattleShareInputSerializer(serializers.Serializer[Any]):
    enabled = serializers.BooleanField()


class BattleShareOutputSerializer(serializers.Serializer[Any]):
    share_token = serializers.CharField(allow_null=True)
    url = serializers.CharField(allow_null=True)


# --- views -----------------------------------------------------------------------------


class BattleListApi(OwnerView):
    pagination_class = ApiPagination

    @extend_schema(
        tags=[TAG],
        summary="List my battle records, most recently played first",
        responses=BattleSummaryOutputSerializer(many=True),
    )
    def get(self, request: Request) -> Response:
        paginator = ApiPagination()
        page = paginator.paginate_queryset(
            services.battles_queryset(owner=request.user), request, view=self
        )
        return paginator.get_paginated_response(BattleSummaryOutputSerializer(page, many=True).data)

    @extend_schema(
        tags=[TAG],
        summary="Record a battle of one of my rosters",
        description=(
            "The opponent is one of my rosters (`roster`), a shared roster (`shared_link`), "
            "or typed in (`name`, `faction`, `points`, optional pasted `list`). Units are "
            "copied at the points their roster priced them."
        ),
        request=BattleCreateInputSerializer,
        responses={201: BattleOutputSerializer},
    )
    def post(self, request: Request) -> Response:
        data = body(BattleCreateInputSerializer, request)
        opponent = data["opponent"]
        try:
            battle = services.battle_record(
                owner=request.user,
                roster_id=data["roster"],
                declaration_id=data.get("declaration"),
                opponent=services.OpponentInput(
                    roster_id=opponent.get("roster"),
                    shared_link=opponent.get("shared_link", ""),
                    name=opponent.get("name", ""),
                    faction=opponent.get("faction", ""),
                    points=opponent.get("points"),
                    list_text=opponent.get("list", ""),
                ),
                battle_size=data["battle_size"],
                custom_points=data.get("custom_points"),
                scoring_profile=data["scoring_profile"],
                victory_level=data["victory_level"],
                played_on=data.get("played_on"),
                notes=data["notes"],
            )
        except services.BattleError as exc:
            raise _rejected(exc) from None
        scored = services.battle_scored(owner=request.user, battle_id=battle.pk)
        return Response(_battle_data(scored), status=status.HTTP_201_CREATED)


class BattleDetailApi(OwnerView):
    @extend_schema(
        tags=[TAG], summary="Get a battle record with its result", responses=BattleOutputSerializer
    )
    def get(self, request: Request, battle_id: int) -> Response:
        return Response(
            _battle_data(services.battle_scored(owner=request.user, battle_id=battle_id))
        )

    @extend_schema(
        tags=[TAG],
        summary="Enter VP by round, end states, secondaries, painted, notes",
        description="Everything or nothing is saved; the answer carries the new result.",
        request=BattleScoreInputSerializer,
        responses=BattleOutputSerializer,
    )
    def patch(self, request: Request, battle_id: int) -> Response:
        data = body(BattleScoreInputSerializer, request)
        sides = {
            side["index"]: services.SideEntry(
                round_vp=side.get("round_vp"),
                secondaries=side.get("secondaries"),
                painted=side.get("painted"),
                army_destroyed=side.get("army_destroyed"),
                unit_states={s["unit"]: s["state"] for s in side.get("unit_states", [])},
            )
            for side in data.get("sides", [])
        }
        try:
            scored = services.battle_score_enter(
                owner=request.user,
                battle_id=battle_id,
                sides=sides,
                notes=data.get("notes"),
                victory_level=data.get("victory_level"),
            )
        except services.BattleError as exc:
            raise _rejected(exc) from None
        return Response(_battle_data(scored))

    @extend_schema(tags=[TAG], summary="Delete a battle record", responses={204: NO_BODY})
    def delete(self, request: Request, battle_id: int) -> Response:
        services.battle_owned_delete(owner=request.user, battle_id=battle_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


class BattleShareApi(OwnerView):
    @extend_schema(
        tags=[TAG],
        summary="Turn the read-only share link on (a fresh token) or off",
        request=BattleShareInputSerializer,
        responses=BattleShareOutputSerializer,
    )
    def put(self, request: Request, battle_id: int) -> Response:
        data = body(BattleShareInputSerializer, request)
        battle = services.battle_owned_share(
            owner=request.user, battle_id=battle_id, enabled=data["enabled"]
        )
        token = battle.share_token
        url = request.build_absolute_uri(f"/battles/shared/{token}/") if token else None
        return Response(BattleShareOutputSerializer({"share_token": token, "url": url}).data)


class BattleSheetApi(OwnerView):
    renderer_classes = [JSONRenderer, PdfRenderer]

    @extend_schema(
        tags=[TAG],
        summary="The one-page result sheet (PDF)",
        responses={(200, "application/pdf"): OpenApiResponse(OpenApiTypes.BINARY)},
    )
    def get(self, request: Request, battle_id: int) -> HttpResponse:
        data = services.battle_owned_sheet(owner=request.user, battle_id=battle_id)
        response = HttpResponse(data, content_type="application/pdf")
        response["Content-Disposition"] = f'attachment; filename="battle-{battle_id}.pdf"'
        return response
