"""Conditional GET for the catalogue: an ETag on every 200, and 304 when it still matches.

The ETag is a hash of the response body, so it changes exactly when the answer does
(a new release, an edited price, a renamed datasheet), with no catalogue-wide change
tracking to keep right. A client that sends If-None-Match saves the download.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpResponseBase
from django.utils.cache import get_conditional_response, patch_cache_control, set_response_etag
from rest_framework.request import Request
from rest_framework.response import Response

CACHE_CONTROL = {"public": True, "no_cache": True}


# Adds an ETag to successful GET answers and turns a matching If-None-Match into 304.
# (A comment: the schema would show a docstring here as every catalogue view's description.)
class ConditionalGetMixin:
    def finalize_response(
        self, request: Request, response: Response, *args: Any, **kwargs: Any
    ) -> HttpResponseBase:
        response = super().finalize_response(request, response, *args, **kwargs)  # type: ignore[misc]
        if request.method not in ("GET", "HEAD") or response.status_code != 200:
            return response
        # The body must exist before it can be hashed; Django would render it next anyway.
        response.render()
        set_response_etag(response)
        # Caches may keep the answer but must revalidate it with the ETag every time.
        patch_cache_control(response, **CACHE_CONTROL)
        conditional = get_conditional_response(request, etag=response["ETag"], response=response)
        return conditional if conditional is not None else response
