"""A roster's units, as a nested resource: list, add, change, copy and remove."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from rosters.api import selectors, services
from rosters.api import serializers as s
from rosters.api.views.base import OwnerView, body

TAG = "units"


class RosterUnitListApi(OwnerView):
    @extend_schema(
        tags=[TAG],
        summary="List a roster's units in order",
        responses=s.RosterUnitOutputSerializer(many=True),
    )
    def get(self, request: Request, roster_id: int) -> Response:
        roster = selectors.roster_owned_get(owner=request.user, roster_id=roster_id)
        return Response(s.roster_units_data(roster))

    @extend_schema(
        tags=[TAG],
        summary="Add a unit (at its smallest size unless models is given)",
        description="warlord true makes it the Warlord in place of any other unit.",
        request=s.RosterUnitCreateInputSerializer,
        responses={201: s.RosterUnitOutputSerializer},
    )
    def post(self, request: Request, roster_id: int) -> Response:
        roster = selectors.roster_owned_row(owner=request.user, roster_id=roster_id)
        data = body(s.RosterUnitCreateInputSerializer, request)
        unit = services.roster_unit_create(
            roster=roster,
            datasheet_id=data["datasheet"],
            models=data.get("models"),
            enhancement_id=data.get("enhancement"),
            warlord=data["warlord"],
            wargear=data.get("wargear"),
        )
        return Response(s.RosterUnitOutputSerializer(unit).data, status=status.HTTP_201_CREATED)


class RosterUnitDetailApi(OwnerView):
    @extend_schema(tags=[TAG], summary="Get a unit", responses=s.RosterUnitOutputSerializer)
    def get(self, request: Request, roster_id: int, unit_id: int) -> Response:
        unit = selectors.roster_unit_owned_get(
            owner=request.user, roster_id=roster_id, unit_id=unit_id
        )
        return Response(s.RosterUnitOutputSerializer(unit).data)

    @extend_schema(
        tags=[TAG],
        summary="Change a unit's size, enhancement, options or upgrades, or make it the Warlord",
        request=s.RosterUnitUpdateInputSerializer,
        responses=s.RosterUnitOutputSerializer,
    )
    def patch(self, request: Request, roster_id: int, unit_id: int) -> Response:
        unit = selectors.roster_unit_owned_get(
            owner=request.user, roster_id=roster_id, unit_id=unit_id
        )
        data = body(s.RosterUnitUpdateInputSerializer, request)
        unit = services.roster_unit_change(
            unit=unit,
            models=data.get("models"),
            enhancement_id=data.get("enhancement", "keep"),
            warlord=data.get("warlord"),
            options=data.get("options"),
            upgrades=data.get("upgrades"),
            wargear=data.get("wargear"),
        )
        return Response(s.RosterUnitOutputSerializer(unit).data)

    @extend_schema(
        tags=[TAG],
        summary="Remove a unit",
        responses={204: OpenApiResponse(description="Removed; no body.")},
    )
    def delete(self, request: Request, roster_id: int, unit_id: int) -> Response:
        unit = selectors.roster_unit_owned_get(
            owner=request.user, roster_id=roster_id, unit_id=unit_id
        )
        services.roster_unit_remove(unit=unit)
        return Response(status=status.HTTP_204_NO_CONTENT)


class RosterUnitDuplicateApi(OwnerView):
    @extend_schema(
        tags=[TAG],
        summary="Add a copy of a unit right after it, without enhancement or Warlord",
        request=None,
        responses={201: s.RosterUnitOutputSerializer},
    )
    def post(self, request: Request, roster_id: int, unit_id: int) -> Response:
        unit = selectors.roster_unit_owned_get(
            owner=request.user, roster_id=roster_id, unit_id=unit_id
        )
        copy = services.roster_unit_duplicate(unit=unit)
        return Response(s.RosterUnitOutputSerializer(copy).data, status=status.HTTP_201_CREATED)
