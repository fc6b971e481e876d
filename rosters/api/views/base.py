"""Base classes of the API views: the schema class, permissions and list pagination."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.serializers import Serializer
from rest_framework.views import APIView

from rosters.api.caching import ConditionalGetMixin
from rosters.api.pagination import ApiPagination
from rosters.api.schema import ApiAutoSchema


class ApiView(APIView):
    schema = ApiAutoSchema()


# Public, read-only and cacheable by ETag. (Comments, not docstrings: the schema would
# show a base class's docstring as every subclass's description.)
class CatalogueView(ConditionalGetMixin, ApiView):  # type: ignore[misc]  # a 304 is no DRF Response
    permission_classes = [AllowAny]


# A player's own rosters: signed-in only; other players' rows answer 404.
class OwnerView(ApiView):
    permission_classes = [IsAuthenticated]


def query_params(serializer_class: type[Serializer[Any]], request: Request) -> dict[str, Any]:
    """Check the query string against a filter serializer and return the clean values."""
    serializer = serializer_class(data=request.query_params)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


def body(
    serializer_class: type[Serializer[Any]], request: Request, **kwargs: Any
) -> dict[str, Any]:
    """Check the request body against an input serializer and return the clean values."""
    serializer = serializer_class(data=request.data, **kwargs)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


def paginated(
    *,
    request: Request,
    view: APIView,
    queryset: QuerySet[Any],
    serializer_class: type[Serializer[Any]],
    context: dict[str, Any] | None = None,
) -> Response:
    """Answer one page of a queryset, serialized, with count and next/previous links."""
    paginator = ApiPagination()
    page = paginator.paginate_queryset(queryset, request, view=view)
    data = serializer_class(page, many=True, context=context or {}).data
    return paginator.get_paginated_response(data)
