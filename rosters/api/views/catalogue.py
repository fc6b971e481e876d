"""The catalogue, read-only and public: factions, datasheets, detachments, enhancements and
points releases, each list paginated and every answer carrying an ETag."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from rosters.api import selectors
from rosters.api import serializers as s
from rosters.api.pagination import ApiPagination
from rosters.api.views.base import CatalogueView, paginated, query_params

TAG = "catalogue"


class FactionListApi(CatalogueView):
    pagination_class = ApiPagination

    @extend_schema(
        tags=[TAG],
        summary="List factions",
        parameters=[s.FactionListFilterSerializer],
        responses=s.FactionOutputSerializer(many=True),
    )
    def get(self, request: Request) -> Response:
        filters = query_params(s.FactionListFilterSerializer, request)
        return paginated(
            request=request,
            view=self,
            queryset=selectors.faction_list(**filters),
            serializer_class=s.FactionOutputSerializer,
        )


class FactionDetailApi(CatalogueView):
    @extend_schema(tags=[TAG], summary="Get a faction", responses=s.FactionOutputSerializer)
    def get(self, request: Request, faction_id: int) -> Response:
        faction = selectors.faction_get(faction_id=faction_id)
        return Response(s.FactionOutputSerializer(faction).data)


class DatasheetListApi(CatalogueView):
    pagination_class = ApiPagination

    @extend_schema(
        tags=[TAG],
        summary="List datasheets with their price brackets",
        description="Brackets are under the release given, else the current one.",
        parameters=[s.DatasheetListFilterSerializer],
        responses=s.DatasheetOutputSerializer(many=True),
    )
    def get(self, request: Request) -> Response:
        filters = query_params(s.DatasheetListFilterSerializer, request)
        release = selectors.release_get(release_id=filters.pop("release", None))
        return paginated(
            request=request,
            view=self,
            queryset=selectors.datasheet_list(release=release, **filters),
            serializer_class=s.DatasheetOutputSerializer,
            context={"release": release},
        )


class DatasheetDetailApi(CatalogueView):
    @extend_schema(
        tags=[TAG],
        summary="Get a datasheet with its price brackets",
        parameters=[s.ReleaseQuerySerializer],
        responses=s.DatasheetOutputSerializer,
    )
    def get(self, request: Request, datasheet_id: int) -> Response:
        filters = query_params(s.ReleaseQuerySerializer, request)
        release = selectors.release_get(release_id=filters.get("release"))
        sheet = selectors.datasheet_get(datasheet_id=datasheet_id, release=release)
        return Response(s.DatasheetOutputSerializer(sheet, context={"release": release}).data)


class DetachmentListApi(CatalogueView):
    pagination_class = ApiPagination

    @extend_schema(
        tags=[TAG],
        summary="List detachments",
        parameters=[s.DetachmentListFilterSerializer],
        responses=s.DetachmentOutputSerializer(many=True),
    )
    def get(self, request: Request) -> Response:
        filters = query_params(s.DetachmentListFilterSerializer, request)
        return paginated(
            request=request,
            view=self,
            queryset=selectors.detachment_list(**filters),
            serializer_class=s.DetachmentOutputSerializer,
        )


class DetachmentDetailApi(CatalogueView):
    @extend_schema(tags=[TAG], summary="Get a detachment", responses=s.DetachmentOutputSerializer)
    def get(self, request: Request, detachment_id: int) -> Response:
        detachment = selectors.detachment_get(detachment_id=detachment_id)
        return Response(s.DetachmentOutputSerializer(detachment).data)


class EnhancementListApi(CatalogueView):
    pagination_class = ApiPagination

    @extend_schema(
        tags=[TAG],
        summary="List enhancements with their points",
        description="Points are under the release given, else the current one.",
        parameters=[s.EnhancementListFilterSerializer],
        responses=s.EnhancementOutputSerializer(many=True),
    )
    def get(self, request: Request) -> Response:
        filters = query_params(s.EnhancementListFilterSerializer, request)
        release = selectors.release_get(release_id=filters.pop("release", None))
        return paginated(
            request=request,
            view=self,
            queryset=selectors.enhancement_list(release=release, **filters),
            serializer_class=s.EnhancementOutputSerializer,
            context={"release": release},
        )


class EnhancementDetailApi(CatalogueView):
    @extend_schema(
        tags=[TAG],
        summary="Get an enhancement with its points",
        parameters=[s.ReleaseQuerySerializer],
        responses=s.EnhancementOutputSerializer,
    )
    def get(self, request: Request, enhancement_id: int) -> Response:
        filters = query_params(s.ReleaseQuerySerializer, request)
        release = selectors.release_get(release_id=filters.get("release"))
        enhancement = selectors.enhancement_get(enhancement_id=enhancement_id, release=release)
        return Response(
            s.EnhancementOutputSerializer(enhancement, context={"release": release}).data
        )


class ReleaseListApi(CatalogueView):
    pagination_class = ApiPagination

    @extend_schema(
        tags=[TAG],
        summary="List points releases, newest first",
        responses=s.ReleaseOutputSerializer(many=True),
    )
    def get(self, request: Request) -> Response:
        return paginated(
            request=request,
            view=self,
            queryset=selectors.release_list(),
            serializer_class=s.ReleaseOutputSerializer,
        )


class ReleaseDetailApi(CatalogueView):
    @extend_schema(tags=[TAG], summary="Get a points release", responses=s.ReleaseOutputSerializer)
    def get(self, request: Request, release_id: int) -> Response:
        release = selectors.release_get_by_id(release_id=release_id)
        return Response(s.ReleaseOutputSerializer(release).data)
