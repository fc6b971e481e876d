"""The page where a player creates and revokes the API token that scripts sign in with."""

from __future__ import annotations

from typing import Final

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods
from rest_framework.authtoken.models import Token

from rosters.api import services
from rosters.authed import AuthedHttpRequest

MSG_CREATED: Final = gettext_lazy("New token created. Copy it now: it is shown only this once.")
MSG_REVOKED: Final = gettext_lazy("Token revoked. Scripts using it can no longer sign in.")
MSG_NONE: Final = gettext_lazy("You had no token to revoke.")
ACTION_CREATE: Final = "create"
ACTION_REVOKE: Final = "revoke"


@login_required
@require_http_methods(["GET", "POST"])
def api_tokens(request: AuthedHttpRequest) -> HttpResponse:
    """Show whether the player has a token; create a new one or revoke it."""
    action = request.POST.get("action")
    if request.method == "POST" and action == ACTION_CREATE:
        token = services.api_token_create(user=request.user)
        messages.success(request, MSG_CREATED)
        # Shown in this answer only; a reload shows the masked token.
        return render(request, "rosters/api_tokens.html", {"token": token, "new_key": token.key})
    if request.method == "POST" and action == ACTION_REVOKE:
        revoked = services.api_token_revoke(user=request.user)
        messages.success(request, MSG_REVOKED if revoked else MSG_NONE)
        return redirect("api:tokens")
    held = Token.objects.filter(user=request.user).first()
    return render(request, "rosters/api_tokens.html", {"token": held, "new_key": None})
