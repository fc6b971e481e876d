"""The official Warhammer 40,000 app's export, in the variations players paste."""

from __future__ import annotations

import re

from rosters.formats.text_import.common import (
    battle_size,
    clean,
    is_section,
    normalise,
    parse_points,
    strip_bullet,
    unit_header,
)
from rosters.formats.text_import.model import ParsedList
from rosters.formats.text_import.unit_body import BodyReader

FORMAT = "gw_app"
LABEL = "Warhammer 40,000 app export"
FORMAT_FR = "gw_app_fr"

# The app's section headings; the French app's for the same sections.
SECTIONS = frozenset(
    {"CHARACTERS", "BATTLELINE", "OTHER DATASHEETS", "DEDICATED TRANSPORTS", "ALLIED UNITS"}
)
SECTIONS_FR = frozenset(
    {
        "PERSONNAGES",  # CHARACTERS
        "TROUPES DE LIGNE",  # BATTLELINE
        "LIGNE",  # BATTLELINE, as shorter app versions write it
        "TRANSPORTS DÉDIÉS",  # DEDICATED TRANSPORTS
        "AUTRES FICHES TECHNIQUES",  # OTHER DATASHEETS
        "ALLIÉS",  # ALLIED UNITS
        "UNITÉS ALLIÉES",  # ALLIED UNITS
    }
)
_SECTIONS_FR_NORM = frozenset(normalise(s) for s in SECTIONS_FR)
_FRENCH_MARK = re.compile(
    r"^(?:export[ée] avec\b|seigneur de guerre$|am[ée]liorations?\s*+:|"
    r"(?:taille de bataille\s*+:\s*+)?(?:force de frappe|assaut)\s*+(?:\(|$))",
    re.IGNORECASE,
)

# Chrome of newer app versions that says nothing about the army.
_IGNORE = re.compile(r"^((?:attached units?|unit[ée]s? attach[ée]es?)(\s+\d+)?|\.)$", re.IGNORECASE)
_HEADER_NOTE = re.compile(r"^(force dispositions?)\s*:", re.IGNORECASE)
_TITLE = re.compile(
    r"^(?:(?P<name>.*?\S)\s*+)?\(\s*+(?P<points>\d[\d,. ]{0,8}+)\s*+points?\s*+\)$", re.IGNORECASE
)


def parse(lines: list[tuple[int, str]]) -> ParsedList:
    """Read the official app's layout: title, header lines, then sections of units."""
    parsed = ParsedList(format=FORMAT_FR if _is_french(lines) else FORMAT)
    content = [(n, line) for n, line in lines if line.strip()]
    index = 0
    # Files passed around often start with a "# source: ..." note.
    while index < len(content) and content[index][1].lstrip().startswith("#"):
        if _TITLE.match(clean(content[index][1])):
            break
        index += 1
    if index < len(content):
        text = clean(content[index][1])
        title = _TITLE.match(text)
        # A list named like a battle size is still a title when a battle-size line follows.
        if title is not None and (
            not battle_size(text) or any(battle_size(clean(t)) for _, t in content[index + 1 :][:8])
        ):
            parsed.name = title["name"] or ""
            parsed.stated_points = parse_points(title["points"])
            index += 1
            # A team's name and the player's, each with the army's total: "CFVE (2000
            # points)" then "mototo (2000 points)".
            while index < len(content):
                again_text = clean(content[index][1])
                again = _TITLE.match(again_text)
                if (
                    again is None
                    or parse_points(again["points"]) != parsed.stated_points
                    or battle_size(again_text)
                ):
                    break
                parsed.name = " / ".join(n for n in (parsed.name, again["name"] or "") if n)
                index += 1
    for number, raw in content[index:]:
        text = clean(raw)
        _, bullet, _ = strip_bullet(raw)
        if bullet or is_section(text) or unit_header(text) or _IGNORE.match(text):
            break
        index += 1
        size = battle_size(text)
        if size is not None:
            parsed.battle_size, parsed.battle_size_line = size, number
        elif _HEADER_NOTE.match(text):
            parsed.notes.append(f"line {number}: {text} (not checked)")
        else:
            parsed.header_lines.append((number, text))
    reader = BodyReader(parsed, ignore=_IGNORE)
    for number, raw in content[index:]:
        reader.feed(number, raw)
    reader.close()
    return parsed


def looks_like(lines: list[tuple[int, str]]) -> bool:
    """Tell the app's export by a battle-size line or its section headings."""
    texts = [clean(line) for _, line in lines if line.strip()]
    if any(battle_size(t) for t in texts[:12]):
        return True
    return any(t in SECTIONS or _french_section(t) for t in texts)


def _french_section(text: str) -> bool:
    # Accents are often lost on the way ("TRANSPORTS DEDIES").
    return text == text.upper() and normalise(text) in _SECTIONS_FR_NORM


def _is_french(lines: list[tuple[int, str]]) -> bool:
    """Tell the French app's export by its section headings, battle size, words or footer."""
    for _, line in lines:
        text = strip_bullet(clean(line))[2]
        if _french_section(text) or _FRENCH_MARK.match(text):
            return True
    return False
