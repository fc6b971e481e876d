"""A player's rosters: CRUD, duplicate, Warlord, re-pricing, share token and validation.

Every roster endpoint filters by owner first, so another player's roster is a 404.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from rosters.api import selectors, services
from rosters.api import serializers as s
from rosters.api.pagination import ApiPagination
from rosters.api.views.base import ApiView, OwnerView, body, paginated, query_params
from rosters.formats.result_json import result_to_json

TAG = "rosters"
NO_BODY = OpenApiResponse(description="Deleted; no body.")


class RosterListApi(OwnerView):
    pagination_class = ApiPagination

    @extend_schema(
        tags=[TAG],
        summary="List my rosters, most recently changed first",
        responses=s.RosterSummaryOutputSerializer(many=True),
    )
    def get(self, request: Request) -> Response:
        return paginated(
            request=request,
            view=self,
            queryset=selectors.roster_list(owner=request.user),
            serializer_class=s.RosterSummaryOutputSerializer,
        )

    @extend_schema(
        tags=[TAG],
        summary="Create a roster",
        request=s.RosterCreateInputSerializer,
        responses={201: s.RosterOutputSerializer},
    )
    def post(self, request: Request) -> Response:
        data = body(s.RosterCreateInputSerializer, request)
        roster = services.roster_create_from_ids(
            owner=request.user,
            name=data["name"],
            faction_id=data["faction"],
            detachment_id=data.get("detachment"),
            battle_size=data["battle_size"],
            profile=data["profile"],
            release_id=data.get("release"),
        )
        return Response(s.RosterOutputSerializer(roster).data, status=status.HTTP_201_CREATED)


class RosterDetailApi(OwnerView):
    @extend_schema(
        tags=[TAG], summary="Get a roster with its units", responses=s.RosterOutputSerializer
    )
    def get(self, request: Request, roster_id: int) -> Response:
        roster = selectors.roster_owned_get(owner=request.user, roster_id=roster_id)
        return Response(s.RosterOutputSerializer(roster).data)

    @extend_schema(
        tags=[TAG],
        summary="Change a roster's name, detachment, battle size or profile",
        request=s.RosterUpdateInputSerializer,
        responses=s.RosterOutputSerializer,
    )
    def patch(self, request: Request, roster_id: int) -> Response:
        roster = selectors.roster_owned_row(owner=request.user, roster_id=roster_id)
        data = body(s.RosterUpdateInputSerializer, request)
        roster = services.roster_update_from_ids(
            roster=roster,
            name=data.get("name"),
            detachment_id=data.get("detachment"),
            battle_size=data.get("battle_size"),
            profile=data.get("profile"),
        )
        return Response(s.RosterOutputSerializer(roster).data)

    @extend_schema(tags=[TAG], summary="Delete a roster", responses={204: NO_BODY})
    def delete(self, request: Request, roster_id: int) -> Response:
        roster = selectors.roster_owned_row(owner=request.user, roster_id=roster_id)
        services.roster_delete(roster=roster)
        return Response(status=status.HTTP_204_NO_CONTENT)


class RosterDuplicateApi(OwnerView):
    @extend_schema(
        tags=[TAG],
        summary="Copy a roster with its units",
        request=s.RosterDuplicateInputSerializer,
        responses={201: s.RosterOutputSerializer},
    )
    def post(self, request: Request, roster_id: int) -> Response:
        roster = selectors.roster_owned_row(owner=request.user, roster_id=roster_id)
        data = body(s.RosterDuplicateInputSerializer, request)
        copy = services.roster_duplicate(roster=roster, name=data.get("name"))
        return Response(s.RosterOutputSerializer(copy).data, status=status.HTTP_201_CREATED)


class RosterWarlordApi(OwnerView):
    @extend_schema(
        tags=[TAG],
        summary="Choose the Warlord, or clear the choice",
        description="The rules core judges the choice; see the roster's validation.",
        request=s.RosterWarlordInputSerializer,
        responses=s.RosterOutputSerializer,
    )
    def put(self, request: Request, roster_id: int) -> Response:
        roster = selectors.roster_owned_row(owner=request.user, roster_id=roster_id)
        data = body(s.RosterWarlordInputSerializer, request)
        roster = services.roster_warlord_set(roster=roster, unit_id=data["unit"])
        return Response(s.RosterOutputSerializer(roster).data)


def _reprice_data(outcome: services.RepriceOutcome) -> dict[str, Any]:
    preview = outcome.preview
    return {
        "old_release": {"id": preview.old_release.pk, "name": preview.old_release.name},
        "new_release": {"id": preview.new_release.pk, "name": preview.new_release.name},
        "lines": [
            {
                "unit_id": int(line.unit_id),
                "name": line.name,
                "old": line.old,
                "new": line.new,
                "delta": line.delta,
            }
            for line in preview.lines
        ],
        "old_total": preview.old_total,
        "new_total": preview.new_total,
        "applied": outcome.applied,
    }


class RosterRepriceApi(OwnerView):
    @extend_schema(
        tags=[TAG],
        summary="Dry run: each unit's price now and under another release",
        parameters=[s.RosterRepriceQuerySerializer],
        responses=s.RosterRepriceOutputSerializer,
    )
    def get(self, request: Request, roster_id: int) -> Response:
        roster = selectors.roster_owned_get(owner=request.user, roster_id=roster_id)
        query = query_params(s.RosterRepriceQuerySerializer, request)
        outcome = services.roster_reprice_run(
            roster=roster, release_id=query.get("release"), apply=False
        )
        return Response(s.RosterRepriceOutputSerializer(_reprice_data(outcome)).data)

    @extend_schema(
        tags=[TAG],
        summary="Apply: price the roster under another release (default: the current one)",
        request=s.RosterRepriceInputSerializer,
        responses=s.RosterRepriceOutputSerializer,
    )
    def post(self, request: Request, roster_id: int) -> Response:
        roster = selectors.roster_owned_get(owner=request.user, roster_id=roster_id)
        data = body(s.RosterRepriceInputSerializer, request)
        outcome = services.roster_reprice_run(
            roster=roster, release_id=data.get("release"), apply=True
        )
        return Response(s.RosterRepriceOutputSerializer(_reprice_data(outcome)).data)


def _share_data(request: Request, token: str | None) -> dict[str, Any]:
    url = request.build_absolute_uri(reverse("api:shared", args=[token])) if token else None
    return {"enabled": token is not None, "token": token, "url": url}


class RosterShareApi(OwnerView):
    @extend_schema(
        tags=[TAG],
        summary="Turn the read-only share token on (a fresh one each time) or off",
        request=s.RosterShareInputSerializer,
        responses=s.RosterShareOutputSerializer,
    )
    def put(self, request: Request, roster_id: int) -> Response:
        roster = selectors.roster_owned_row(owner=request.user, roster_id=roster_id)
        data = body(s.RosterShareInputSerializer, request)
        roster = services.roster_share_set(roster=roster, enabled=data["enabled"])
        return Response(
            s.RosterShareOutputSerializer(_share_data(request, roster.share_token)).data
        )


class RosterValidationApi(OwnerView):
    @extend_schema(
        tags=["validation"],
        summary="Validate a saved roster, optionally with one of its declarations",
        description="Exactly the rules core's result, in validate_list's JSON shape.",
        parameters=[s.RosterValidationQuerySerializer],
        responses=s.ValidationResultSerializer,
    )
    def get(self, request: Request, roster_id: int) -> Response:
        roster = selectors.roster_owned_get(owner=request.user, roster_id=roster_id)
        query = query_params(s.RosterValidationQuerySerializer, request)
        draft, result = services.roster_validation(
            roster=roster, declaration_id=query.get("declaration")
        )
        return Response(result_to_json(draft=draft, result=result))


class SharedRosterApi(ApiView):
    permission_classes = [AllowAny]

    @extend_schema(
        tags=[TAG],
        summary="Read a shared roster by its share token",
        responses=s.SharedRosterOutputSerializer,
    )
    def get(self, request: Request, token: str) -> Response:
        roster = selectors.roster_shared_get(token=token)
        return Response(s.SharedRosterOutputSerializer(roster).data)


class SharedRosterValidationApi(ApiView):
    permission_classes = [AllowAny]

    @extend_schema(
        tags=["validation"],
        summary="Validate a shared roster by its share token",
        responses=s.ValidationResultSerializer,
    )
    def get(self, request: Request, token: str) -> Response:
        roster = selectors.roster_shared_get(token=token)
        draft, result = services.roster_validation(roster=roster)
        return Response(result_to_json(draft=draft, result=result))
