"""Renderers that let a client ask for an export by its media type in Accept."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from rest_framework.renderers import BaseRenderer
from rest_framework.utils.encoders import JSONEncoder


class ExportRenderer(BaseRenderer):
    """Accept the export's media type; an error answer is still the JSON envelope."""

    charset = None

    def render(
        self,
        data: Any,
        accepted_media_type: str | None = None,
        renderer_context: Mapping[str, Any] | None = None,
    ) -> bytes:
        # Exports answer with their own HttpResponse; only error envelopes come through here.
        response = (renderer_context or {}).get("response")
        if response is not None:
            response["Content-Type"] = "application/json"
        # DRF's encoder, because error messages are lazy translations json cannot encode.
        return json.dumps(data, cls=JSONEncoder).encode()


class PdfRenderer(ExportRenderer):
    media_type = "application/pdf"
    format = "pdf"


class XlsxRenderer(ExportRenderer):
    media_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    format = "xlsx"


class TextRenderer(ExportRenderer):
    media_type = "text/plain"
    format = "txt"
