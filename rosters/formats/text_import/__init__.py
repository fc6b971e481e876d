"""Read a pasted army list: detect its format, parse it, then resolve names (resolver.py).

Parsing is plain Python and touches no database; resolution looks names up in the catalogue
index that a running server keeps warm.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from django.utils.translation import gettext_lazy as _

from rosters.formats.text_import import (
    battlescribe,
    freehand,
    gw_app,
    language,
    listforge,
    new_recruit,
    slot_roster,
    warorgan,
)
from rosters.formats.text_import.common import split_lines, unit_header
from rosters.formats.text_import.model import ParsedList, ParsedUnit, Unplaced, UnreadableList

if TYPE_CHECKING:
    from django.utils.functional import _StrOrPromise

SUPPORTED_FORMATS: Final[dict[str, _StrOrPromise]] = {
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
    battlescribe.FORMAT: _("BattleScribe roster text"),
    warorgan.FORMAT: _("WarOrgan text export"),
    slot_roster.FORMAT: _("Numbered-slot roster (“HQ 1: …” lines, “Player Name :” header)"),
    freehand.FORMAT: _("Hand-written list, one unit a line (“10 Intercessor Squad 160”)"),
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
    elif _marked(text, battlescribe.MARKS) and battlescribe.looks_like(lines):
        parsed = battlescribe.parse(lines)
    elif _marked(text, slot_roster.MARKS) and slot_roster.looks_like(lines):
        parsed = slot_roster.parse(lines)
    elif _marked(text, warorgan.MARKS) and warorgan.looks_like(lines):
        parsed = warorgan.parse(lines)
    elif gw_app.looks_like(lines):
        parsed = gw_app.parse(lines)
    elif listforge.looks_like(lines):
        parsed = listforge.parse(lines)
    elif any(unit_header(line.strip()) for _, line in lines):
        parsed = new_recruit.parse_short(lines)
    else:
        parsed = ParsedList(format="")
    if not parsed.units and language.text_language(text) != language.FRENCH:
        # The last resort, where no other dialect read a unit: a list written by hand.
        fallback = freehand.parse(lines) if freehand.looks_like(lines) else None
        if fallback is not None and fallback.units:
            parsed = fallback
    if not parsed.units:
        if not parsed.format:
            raise _unreadable(text, lines)
        raise _unreadable(text, lines, parsed)
    return parsed


def _marked(text: str, marks: tuple[str, ...]) -> bool:
    """Tell whether the text holds one of a layout's marks, in any case: one pass each, so
    that a layout's line-by-line test runs only on texts that may be in it."""
    return any(mark in text or mark.upper() in text or mark.title() in text for mark in marks)


def _unreadable(
    text: str, lines: list[tuple[int, str]], parsed: ParsedList | None = None
) -> UnreadableList:
    """Why no unit could be read: the text is French, or in no format we know."""
    if language.text_language(text) == language.FRENCH:
        header = language.french_header(lines)
        if parsed is not None:
            header.format = parsed.format
            header.faction = parsed.faction or header.faction
            header.faction_line = parsed.faction_line or header.faction_line
            header.detachment = parsed.detachment or header.detachment
            header.detachment_line = parsed.detachment_line or header.detachment_line
            header.header_lines = parsed.header_lines
            header.stated_points = parsed.stated_points or header.stated_points
        answer = language.french_answer(None, None, header.stated_points)
        return UnreadableList(answer, language=language.FRENCH, parsed=header)
    return UnreadableList(ERR_UNKNOWN_FORMAT.format(formats=supported_formats_text()))
