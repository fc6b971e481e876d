"""Page-number pagination for the catalogue and roster lists."""

from __future__ import annotations

from rest_framework.pagination import PageNumberPagination


class ApiPagination(PageNumberPagination):
    """?page=<n>&page_size=<n>; answers {"count", "next", "previous", "results"}."""

    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 200
