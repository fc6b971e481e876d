"""{{ violation.message|translated }}: a rules-core message in the reader's language."""

from __future__ import annotations

from django import template

from armybuilder.rules.model import Meter
from rosters import language

register = template.Library()


@register.filter
def translated(value: object) -> str:
    return language.translated(value) if isinstance(value, str) else str(value)


@register.filter
def meter_text(meter: object) -> str:
    return language.meter_text(meter) if isinstance(meter, Meter) else str(meter)
