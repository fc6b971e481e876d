"""The API's JSON parser, with stated limits on a body's size and nesting depth.

Python's json module recurses once per nesting level, so a body nested 100,000 deep
would exhaust the stack; DRF also reads the body stream itself, past Django's
DATA_UPLOAD_MAX_MEMORY_SIZE. Both are refused here, before anything is parsed.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from itertools import accumulate
from typing import IO, Any, Final

from django.conf import settings
from django.utils.translation import gettext_lazy
from rest_framework import exceptions, status
from rest_framework.parsers import JSONParser

# The deepest body the API takes is a validate call's declaration: object, list, pair.
MAX_JSON_DEPTH: Final = 32
DEFAULT_MAX_BODY_BYTES: Final = 1024 * 1024

ERR_TOO_DEEP: Final = gettext_lazy(
    "The JSON body is nested too deep: at most {limit} levels are allowed."
)
ERR_TOO_LARGE: Final = gettext_lazy(
    "The request body is too large: at most {limit} bytes are allowed."
)
ERR_MALFORMED: Final = gettext_lazy("The body is not valid JSON: {problem}.")
ERR_NOT_TEXT: Final = gettext_lazy(
    "The body is not valid JSON text: it holds a UTF-16 surrogate escape without its pair, "
    "which stands for no character."
)

# A JSON string, escapes included; the two alternatives never overlap, so matching is linear.
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
# A surrogate escape, paired or not; only a body holding one is checked for lone ones.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


class RequestTooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = "The request body is too large."
    default_code = "request_too_large"


def max_body_bytes() -> int:
    return int(getattr(settings, "API_MAX_BODY_BYTES", DEFAULT_MAX_BODY_BYTES))


def json_depth(text: str) -> int:
    """Return how deep arrays and objects nest in a JSON text, without parsing it."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    if not brackets:
        return 0
    return max(accumulate(1 if c in "[{" else -1 for c in brackets))


class BoundedJSONParser(JSONParser):
    """JSON with a size limit (413) and a depth limit (400), each with a clear message."""

    def parse(
        self,
        stream: IO[bytes] | None,
        media_type: str | None = None,
        parser_context: Mapping[str, Any] | None = None,
    ) -> Any:
        if stream is None:
            return None
        limit = max_body_bytes()
        raw = stream.read(limit + 1)
        if len(raw) > limit:
            raise RequestTooLarge(ERR_TOO_LARGE.format(limit=limit))
        encoding = (parser_context or {}).get("encoding", settings.DEFAULT_CHARSET)
        try:
            text = raw.decode(encoding)
        except (UnicodeDecodeError, LookupError) as exc:
            raise exceptions.ParseError(ERR_MALFORMED.format(problem=exc)) from None
        if json_depth(text) > MAX_JSON_DEPTH:
            raise exceptions.ParseError(ERR_TOO_DEEP.format(limit=MAX_JSON_DEPTH))
        try:
            value = json.loads(text, parse_constant=_refuse_constant)
        except (ValueError, RecursionError) as exc:
            raise exceptions.ParseError(ERR_MALFORMED.format(problem=exc)) from None
        # A lone surrogate is no character: echoed in an error it could not be encoded.
        if _SURROGATE_ESCAPE.search(text) and not _is_text(value):
            raise exceptions.ParseError(ERR_NOT_TEXT)
        return value


def _is_text(value: Any) -> bool:
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _refuse_constant(name: str) -> Any:
    # NaN and Infinity are not JSON, whatever Python's json module accepts.
    raise ValueError(f"{name} is not a JSON value")
