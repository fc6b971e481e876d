"""{{ violation.message|translated }}: a rules-core message in the reader's language; and
{% own_language_names %}, the language switch's labels."""

from __future__ import annotations

from django import template
from django.conf import settings

from armybuilder.rules.model import Meter
from rosters import language

register = template.Library()


@register.filter
def translated(value: object) -> str:
    return language.translated(value) if isinstance(value, str) else str(value)


@register.filter
def meter_text(meter: object) -> str:
    return language.meter_text(meter) if isinstance(meter, Meter) else str(meter)


@register.simple_tag
def own_language_names() -> list[tuple[str, str]]:
    """settings.LANGUAGES as written: each language by its own name, never translated
    (get_available_languages would call English "Английский" on a Russian page)."""
    return list(settings.LANGUAGES)
