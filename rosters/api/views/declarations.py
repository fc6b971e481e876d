"""A roster's saved battle-formations declarations: CRUD, validated by the rules core on write.

A declaration with errors is refused with 400, code declaration_invalid, and the rules
core's violations; warnings do not block saving.
"""

from __future__ import annotations

from typing import Any, cast

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from rosters.api import selectors, services
from rosters.api import serializers as s
from rosters.api.views.base import OwnerView, body
from rosters.models import Declaration, Roster

TAG = "declarations"


def _output(roster: Roster, declarations: list[Declaration]) -> list[dict[str, Any]]:
    stale = services.declaration_stale(roster=roster, declarations=declarations)
    data = s.DeclarationOutputSerializer(declarations, many=True, context={"stale": stale}).data
    return cast(list[dict[str, Any]], data)


class DeclarationListApi(OwnerView):
    @extend_schema(
        tags=[TAG],
        summary="List a roster's saved declarations",
        responses=s.DeclarationOutputSerializer(many=True),
    )
    def get(self, request: Request, roster_id: int) -> Response:
        roster = selectors.roster_owned_row(owner=request.user, roster_id=roster_id)
        return Response(_output(roster, list(selectors.declaration_list(roster=roster))))

    @extend_schema(
        tags=[TAG],
        summary="Save a new declaration if the rules core finds no error in it",
        request=s.DeclarationCreateInputSerializer,
        responses={201: s.DeclarationOutputSerializer},
    )
    def post(self, request: Request, roster_id: int) -> Response:
        roster = selectors.roster_owned_get(owner=request.user, roster_id=roster_id)
        data = body(s.DeclarationCreateInputSerializer, request)
        declaration = services.declaration_write(
            roster=roster,
            name=data["name"],
            data=services.declaration_data(
                hover=data["hover"],
                attachments=data["attachments"],
                embarkations=data["embarkations"],
                placements=data["placements"],
            ),
        )
        return Response(_output(roster, [declaration])[0], status=status.HTTP_201_CREATED)


class DeclarationDetailApi(OwnerView):
    @extend_schema(tags=[TAG], summary="Get a declaration", responses=s.DeclarationOutputSerializer)
    def get(self, request: Request, roster_id: int, declaration_id: int) -> Response:
        declaration = selectors.declaration_owned_get(
            owner=request.user, roster_id=roster_id, declaration_id=declaration_id
        )
        roster = selectors.roster_owned_row(owner=request.user, roster_id=roster_id)
        return Response(_output(roster, [declaration])[0])

    @extend_schema(
        tags=[TAG],
        summary="Replace a declaration if the rules core finds no error in the new one",
        request=s.DeclarationUpdateInputSerializer,
        responses=s.DeclarationOutputSerializer,
    )
    def put(self, request: Request, roster_id: int, declaration_id: int) -> Response:
        declaration = selectors.declaration_owned_get(
            owner=request.user, roster_id=roster_id, declaration_id=declaration_id
        )
        roster = selectors.roster_owned_get(owner=request.user, roster_id=roster_id)
        data = body(s.DeclarationUpdateInputSerializer, request)
        declaration = services.declaration_write(
            roster=roster,
            name=data["name"],
            data=services.declaration_data(
                hover=data["hover"],
                attachments=data["attachments"],
                embarkations=data["embarkations"],
                placements=data["placements"],
            ),
            declaration=declaration,
        )
        return Response(_output(roster, [declaration])[0])

    @extend_schema(
        tags=[TAG],
        summary="Delete a declaration",
        responses={204: OpenApiResponse(description="Deleted; no body.")},
    )
    def delete(self, request: Request, roster_id: int, declaration_id: int) -> Response:
        declaration = selectors.declaration_owned_get(
            owner=request.user, roster_id=roster_id, declaration_id=declaration_id
        )
        services.declaration_delete(declaration=declaration)
        return Response(status=status.HTTP_204_NO_CONTENT)
