"""``{% builder_field "warlord" %}``: a builder form field's name from rosters.builder_fields."""

from __future__ import annotations

from django import template

from rosters.builder_fields import TEMPLATE_FIELDS

register = template.Library()


@register.simple_tag
def builder_field(key: str) -> str:
    """The form field name under ``key`` in ``TEMPLATE_FIELDS`` (a KeyError for a typo)."""
    return TEMPLATE_FIELDS[key]
