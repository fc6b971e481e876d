"""Every API error as one JSON shape, and no stack trace ever.

    {"error": {"code": str, "message": str, "fields": {field: [str] | nested}, ...}}

``code`` is stable and machine-readable (see the CODE_* constants); ``message`` is for
people; ``fields`` holds field errors for a bad body or query (empty otherwise), nested as
the body is, e.g. {"units": [{}, {"datasheet": ["..."]}]}. Two codes add a key:
``declaration_invalid`` adds ``violations`` (the rules core's, in the validate_list shape)
and ``list_unresolved`` adds ``unrecognised``.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.http import Http404, HttpRequest, JsonResponse
from django.urls import Resolver404, resolve
from django.utils.translation import gettext_lazy as _
from django.views.decorators.csrf import csrf_exempt
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import set_rollback

if TYPE_CHECKING:
    from django.utils.functional import _StrOrPromise

logger = logging.getLogger(__name__)

CODE_INVALID: Final = "invalid"
CODE_NOT_FOUND: Final = "not_found"
CODE_SERVER_ERROR: Final = "server_error"
CODE_DECLARATION_INVALID: Final = "declaration_invalid"
CODE_LIST_UNREADABLE: Final = "list_unreadable"
CODE_LIST_UNRESOLVED: Final = "list_unresolved"
CODE_ROSTER_REJECTED: Final = "roster_rejected"

MSG_INVALID: Final = _("The request is not valid; see fields.")
MSG_NOT_FOUND: Final = _("Not found.")
MSG_SLASH: Final = _("Not found. API addresses end with a slash: {path}/")
MSG_SERVER_ERROR: Final = _(
    "The server failed to handle this request. The failure has been logged."
)

# DRF's own codes for these are tied to its wording; ours stay put if DRF changes.
_CODES: Final[dict[type[exceptions.APIException], str]] = {
    exceptions.ValidationError: CODE_INVALID,
    exceptions.ParseError: "parse_error",
    exceptions.AuthenticationFailed: "authentication_failed",
    exceptions.NotAuthenticated: "not_authenticated",
    exceptions.PermissionDenied: "permission_denied",
    exceptions.NotFound: CODE_NOT_FOUND,
    exceptions.MethodNotAllowed: "method_not_allowed",
    exceptions.NotAcceptable: "not_acceptable",
    exceptions.UnsupportedMediaType: "unsupported_media_type",
    exceptions.Throttled: "throttled",
}


class ApiError(exceptions.APIException):
    """A refusal with its own code, message, field errors and extra keys."""

    status_code: int = status.HTTP_400_BAD_REQUEST

    def __init__(
        self,
        *,
        code: str,
        message: str,
        fields: Mapping[str, Any] | None = None,
        extra: Mapping[str, Any] | None = None,
        status_code: int = status.HTTP_400_BAD_REQUEST,
    ) -> None:
        super().__init__(detail=message, code=code)
        self.error_code = code
        self.message = message
        self.fields = dict(fields or {})
        self.extra = dict(extra or {})
        self.status_code = status_code


def error_body(
    *,
    code: str,
    message: _StrOrPromise,
    fields: Mapping[str, Any] | None = None,
    extra: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Build the one error envelope every API failure uses."""
    return {
        "error": {"code": code, "message": message, "fields": dict(fields or {}), **(extra or {})}
    }


def _code_for(exc: exceptions.APIException) -> str:
    for cls in type(exc).__mro__:
        if cls in _CODES:
            return _CODES[cls]
    return str(exc.default_code)


def _fields_for(detail: Any) -> dict[str, Any]:
    if isinstance(detail, Mapping):
        return dict(detail)
    if isinstance(detail, Sequence) and not isinstance(detail, str):
        return {"non_field_errors": list(detail)}
    return {}


def _message_for(exc: exceptions.APIException) -> _StrOrPromise:
    if isinstance(exc, exceptions.ValidationError):
        return MSG_INVALID
    detail = exc.detail
    if isinstance(detail, str):
        return str(detail)
    return str(exc.default_detail)


def api_exception_handler(exc: Exception, context: Mapping[str, Any]) -> Response:
    """Render any exception raised in an API view as the JSON error envelope."""
    if isinstance(exc, Http404):
        exc = exceptions.NotFound(MSG_NOT_FOUND)
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    if not isinstance(exc, exceptions.APIException):
        # The traceback goes to the log, never to the client.
        logger.exception("Unhandled error in API view %s", context.get("view"))
        set_rollback()
        return Response(
            error_body(code=CODE_SERVER_ERROR, message=MSG_SERVER_ERROR),
            status=status.HTTP_500_INTERNAL_SERVER_ERROR,
        )
    headers: dict[str, str] = {}
    auth_header = getattr(exc, "auth_header", None)
    if auth_header:
        headers["WWW-Authenticate"] = auth_header
    wait = getattr(exc, "wait", None)
    if wait:
        headers["Retry-After"] = f"{int(wait)}"
    if isinstance(exc, ApiError):
        body = error_body(
            code=exc.error_code, message=exc.message, fields=exc.fields, extra=exc.extra
        )
    else:
        body = error_body(
            code=_code_for(exc), message=_message_for(exc), fields=_fields_for(exc.detail)
        )
    set_rollback()
    return Response(body, status=exc.status_code, headers=headers)


# Exempt: it changes nothing and answers every method alike, so a token client's POST to a
# wrong address gets the JSON 404 rather than the CSRF check's HTML 403.
@csrf_exempt
def api_not_found(request: HttpRequest, *args: Any, **kwargs: Any) -> JsonResponse:
    """Answer an unknown /api/ address with the JSON error envelope."""
    message: _StrOrPromise = MSG_NOT_FOUND
    # No redirect to the slashed address: a redirected POST would lose its body.
    if not request.path.endswith("/") and _resolves(request.path + "/"):
        message = MSG_SLASH.format(path=request.path)
    return JsonResponse(
        error_body(code=CODE_NOT_FOUND, message=message), status=status.HTTP_404_NOT_FOUND
    )


def _resolves(path: str) -> bool:
    try:
        match = resolve(path)
    except Resolver404:
        return False
    return match.func is not api_not_found
