"""Read a pasted army list: detect its format, parse it, then resolve names (resolver.py).

Parsing is plain Python and touches no database; resolution looks names up in the catalogue
index that a running server keeps warm.
"""

from __future__ import annotations

from typing import Final

from django.utils.translation import gettext_lazy as _

from rosters.formats.text_import import gw_app, listforge, new_recruit
from rosters.formats.text_import.common import split_lines, unit_header
from rosters.formats.text_import.model import ParsedList, ParsedUnit, Unplaced, UnreadableList

SUPPORTED_FORMATS: Final[dict[str, str]] = {
    gw_app.FORMAT: _("Warhammer 40,000 app export"),
    gw_app.FORMAT_FR: _("Warhammer 40,000 app export (French)"),
    new_recruit.WTC: _("New Recruit WTC"),
    new_recruit.WTC_COMPACT: _("New Recruit WTC-Compact"),
    new_recruit.WTC_2025: _("New Recruit WTC (2025–26)"),
    new_recruit.WTC_DASH: _("New Recruit WTC (older “+ KEY - value” header)"),
    new_recruit.GW_STYLE: _("New Recruit GW-style"),
    new_recruit.MARKDOWN: _("New Recruit default text"),
    new_recruit.SHORT: _("New Recruit short text"),
    listforge.FORMAT: _("ListForge text export"),
}

ERR_EMPTY: Final = _("The list is empty. Paste the text of an army list or upload a file.")
ERR_UNKNOWN_FORMAT: Final = _(
    "This text is not in a format we can read. Supported formats: {formats}."
)

__all__ = [
    "ERR_EMPTY",
    "ERR_UNKNOWN_FORMAT",
    "SUPPORTED_FORMATS",
    "ParsedList",
    "ParsedUnit",
    "Unplaced",
    "UnreadableList",
    "list_parse",
]


def supported_formats_text() -> str:
    return "; ".join(str(name) for name in SUPPORTED_FORMATS.values())


def list_parse(*, text: str) -> ParsedList:
    """Parse a pasted list in any supported format; raise UnreadableList when none fits."""
    lines = split_lines(text)
    if not any(line.strip() for _, line in lines):
        raise UnreadableList(str(ERR_EMPTY))
    if new_recruit.looks_like_wtc(lines):
        parsed = new_recruit.parse_wtc(lines)
    elif new_recruit.looks_like_markdown(lines):
        parsed = new_recruit.parse_markdown(lines)
    elif gw_app.looks_like(lines):
        parsed = gw_app.parse(lines)
    elif listforge.looks_like(lines):
        parsed = listforge.parse(lines)
    elif any(unit_header(line.strip()) for _, line in lines):
        parsed = new_recruit.parse_short(lines)
    else:
        raise UnreadableList(ERR_UNKNOWN_FORMAT.format(formats=supported_formats_text()))
    if not parsed.units:
        raise UnreadableList(ERR_UNKNOWN_FORMAT.format(formats=supported_formats_text()))
    return parsed
