"""Import a pasted list (saved only on request) and export a roster as PDF, xlsx or text."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from django.http import HttpResponse
from django.utils.text import slugify
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import NotAuthenticated
from rest_framework.permissions import AllowAny
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response

from rosters.api import formats, selectors
from rosters.api import serializers as s
from rosters.api.renderers import PdfRenderer, TextRenderer, XlsxRenderer
from rosters.api.throttles import AnonThrottle, AnonValidateThrottle, UserThrottle
from rosters.api.views.base import ApiView, OwnerView, body, query_params
from rosters.models import Roster

TAG = "import and export"
XLSX_TYPE = XlsxRenderer.media_type


class ListImportApi(ApiView):
    permission_classes = [AllowAny]
    throttle_classes = [AnonThrottle, AnonValidateThrottle, UserThrottle]

    @extend_schema(
        tags=[TAG],
        summary="Read a pasted list: the roster understood and every line not recognised",
        description=(
            "Nothing is saved unless save is true (signed-in players only) and every problem "
            "is settled: send resolutions {problem key: name meant, or null to drop the line} "
            "until problems is empty. A saved list answers 201 with the new roster's id."
        ),
        request=s.ListImportInputSerializer,
        responses={200: s.ListImportOutputSerializer, 201: s.ListImportOutputSerializer},
    )
    def post(self, request: Request) -> Response:
        data = body(s.ListImportInputSerializer, request)
        if data["save"] and not request.user.is_authenticated:
            raise NotAuthenticated()
        outcome = formats.list_import(
            owner=request.user if data["save"] else None,
            text=data["text"],
            name=data["name"],
            profile=data["profile"],
            resolutions=data["resolutions"],
            as_of=data.get("as_of"),
        )
        code = status.HTTP_201_CREATED if outcome["roster"] is not None else status.HTTP_200_OK
        return Response(outcome, status=code)


def _download(roster: Roster, content: bytes | str, content_type: str, ext: str) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    filename = f"{slugify(roster.name) or 'roster'}.{ext}"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


_View = TypeVar("_View", bound=Callable[..., Any])


def _export_schema(
    media_type: str, what: str, parameters: list[Any] | None = None
) -> Callable[[_View], _View]:
    return extend_schema(
        tags=[TAG],
        summary=f"Download a roster as {what}",
        parameters=parameters,
        responses={(200, media_type): OpenApiResponse(OpenApiTypes.BINARY)},
    )


class RosterExportPdfApi(OwnerView):
    renderer_classes = [JSONRenderer, PdfRenderer]

    @_export_schema(
        "application/pdf", "a printable PDF", parameters=[s.RosterExportPdfQuerySerializer]
    )
    def get(self, request: Request, roster_id: int) -> HttpResponse:
        roster = selectors.roster_owned_row(owner=request.user, roster_id=roster_id)
        query = query_params(s.RosterExportPdfQuerySerializer, request)
        pdf = formats.roster_pdf(
            roster=roster, cards=query["cards"], declaration_id=query.get("declaration")
        )
        return _download(roster, pdf, "application/pdf", "pdf")


class RosterExportXlsxApi(OwnerView):
    renderer_classes = [JSONRenderer, XlsxRenderer]

    @_export_schema(XLSX_TYPE, "an xlsx workbook (the roster, then its violations)")
    def get(self, request: Request, roster_id: int) -> HttpResponse:
        roster = selectors.roster_owned_row(owner=request.user, roster_id=roster_id)
        return _download(roster, formats.roster_xlsx(roster=roster), XLSX_TYPE, "xlsx")


class RosterExportTextApi(OwnerView):
    renderer_classes = [JSONRenderer, TextRenderer]

    @_export_schema("text/plain", "text in the official app's layout")
    def get(self, request: Request, roster_id: int) -> HttpResponse:
        roster = selectors.roster_owned_row(owner=request.user, roster_id=roster_id)
        text = formats.roster_text(roster=roster)
        return _download(roster, text, "text/plain; charset=utf-8", "txt")
