"""The reader's language: the rules core's messages in it, the switcher, a player's choice.

LocaleMiddleware picks the language from the switcher's cookie, else Accept-Language. A
logged-in player's saved choice (PlayerSettings) goes into the session at login, and
PlayerLanguageMiddleware applies it on every request without a query of its own.
"""

from __future__ import annotations

from typing import Any, Final

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.translation import gettext_lazy as _
from django.views import i18n
from django.views.decorators.http import require_POST

from armybuilder.rules.messages import localize
from armybuilder.rules.model import Meter
from rosters.models import PlayerSettings

SESSION_KEY: Final = "player_language"


class ActiveLanguage:
    """The rules core's Catalogue, answered by Django in the language active now."""

    def gettext(self, message: str, /) -> str:
        return translation.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        return translation.ngettext(singular, plural, n)


ACTIVE: Final = ActiveLanguage()


def translated(text: str) -> str:
    """A rules-core message in the active language; any other text is returned as it is."""
    return localize(text, ACTIVE)


def meter_text(meter: Meter) -> str:
    """A meter as a player reads it ("Strategic Reserves: 350 / 500 pts"), in the language now."""
    return translation.gettext("{label}: {used} / {cap} {unit}").format(
        label=translated(meter.label), used=meter.used, cap=meter.cap, unit=translated(meter.unit)
    )


SEVERITY_LABELS: Final = {"error": _("error"), "warning": _("warning")}
BATTLE_SIZE_LABELS: Final = {
    "incursion": _("Incursion"),
    "strike_force": _("Strike Force"),
    "onslaught": _("Onslaught"),
}


def severity_label(severity: str) -> str:
    return str(SEVERITY_LABELS.get(str(severity), severity))


def battle_size_label(size: str) -> str:
    """Incursion, Strike Force, Onslaught: rules terms, so translated (game names are not)."""
    label = BATTLE_SIZE_LABELS.get(str(size))
    return str(label) if label is not None else str(size).replace("_", " ").title()


def supported(language: str | None) -> bool:
    return language in dict(settings.LANGUAGES)


def player_language_set(*, user: Any, language: str) -> None:
    """Keep a player's language for their next visits."""
    PlayerSettings.objects.update_or_create(user=user, defaults={"language": language})


@require_POST
def language_set(request: HttpRequest) -> HttpResponse:
    """The header's switcher: Django's set_language (cookie, redirect), kept for a player."""
    response = i18n.set_language(request)
    language = request.POST.get("language")
    if supported(language) and request.user.is_authenticated:
        assert language is not None
        player_language_set(user=request.user, language=language)
        request.session[SESSION_KEY] = language
    return response


@receiver(user_logged_in)
def _apply_saved_language(sender: Any, request: HttpRequest | None, user: Any, **_: Any) -> None:
    if request is None or not hasattr(request, "session"):
        return
    saved = PlayerSettings.objects.filter(user=user).values_list("language", flat=True).first()
    if saved and supported(saved):
        request.session[SESSION_KEY] = saved
        translation.activate(saved)
        request.LANGUAGE_CODE = saved


class PlayerLanguageMiddleware:
    """Put the logged-in player's saved language over the browser's (after LocaleMiddleware)."""

    def __init__(self, get_response: Any) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        session = getattr(request, "session", None)
        saved = session.get(SESSION_KEY) if session is not None else None
        if saved and supported(saved):
            translation.activate(saved)
            request.LANGUAGE_CODE = saved
        response: HttpResponse = self.get_response(request)
        return response
