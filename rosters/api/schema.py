"""The OpenAPI schema class: every operation also documents the error envelope's statuses."""

from __future__ import annotations

from typing import Any

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import Direction, OpenApiResponse

from rosters.api.caching import ConditionalGetMixin
from rosters.api.serializers import ErrorSerializer

ERROR_DESCRIPTIONS = {
    "400": "A bad body or query: the envelope's fields say which.",
    "401": "No valid credentials (token or session).",
    "403": "CSRF check failed (session authentication only).",
    "404": "Not found, or not yours.",
    "413": "The body is larger than API_MAX_BODY_BYTES (1 MiB by default).",
    "429": "Rate limit reached; Retry-After says when to try again.",
}
UNSAFE_METHODS = {"POST", "PUT", "PATCH", "DELETE"}
# CSRF and body size concern only calls that send a body.
BODY_ONLY = {"403", "413"}
JSON = "application/json"


class ApiAutoSchema(AutoSchema):
    """Add the error statuses any API call can meet to each operation's responses."""

    def _get_response_bodies(self, direction: Direction = "response") -> dict[str, Any]:
        responses: dict[str, Any] = super()._get_response_bodies(direction)
        for code, description in ERROR_DESCRIPTIONS.items():
            if code in responses or (code in BODY_ONLY and self.method not in UNSAFE_METHODS):
                continue
            response = OpenApiResponse(response=ErrorSerializer, description=description)
            # Errors are always the JSON envelope, whatever else the operation can answer.
            # drf-spectacular leaves this method of its own unannotated.
            responses[code] = self._get_response_for_code(  # type: ignore[no-untyped-call]
                response, code, media_types=[JSON], direction=direction
            )
        if self.method == "GET" and isinstance(self.view, ConditionalGetMixin):
            responses["304"] = {"description": "Not modified: If-None-Match matched the ETag."}
        return responses
