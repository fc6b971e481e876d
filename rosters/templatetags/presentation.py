"""Template filters for rosters.presentation: titles and names instead of codes."""

from __future__ import annotations

from django import template

from rosters import presentation

register = template.Library()

register.filter("violation_title", presentation.violation_title)
register.filter("profile_name", presentation.profile_name)
register.filter("format_name", presentation.format_name)
