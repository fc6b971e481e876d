"""{{ violation.message|translated }}: a rules-core message in the reader's language."""

from __future__ import annotations

from django import template

from rosters import language

register = template.Library()


@register.filter
def translated(value: object) -> str:
    return language.translated(value) if isinstance(value, str) else str(value)
