"""The official Warhammer 40,000 app's export, in the variations players paste."""

from __future__ import annotations

import re

from rosters.formats.text_import.common import (
    BodyReader,
    battle_size,
    clean,
    is_section,
    parse_points,
    strip_bullet,
    unit_header,
)
from rosters.formats.text_import.model import ParsedList

FORMAT = "gw_app"
LABEL = "Warhammer 40,000 app export"

# Chrome of newer app versions that says nothing about the army.
_IGNORE = re.compile(r"^(attached units?(\s+\d+)?|\.)$", re.IGNORECASE)
_HEADER_NOTE = re.compile(r"^(force dispositions?)\s*:", re.IGNORECASE)
_TITLE = re.compile(
    r"^(?:(?P<name>.*?\S)\s*+)?\(\s*+(?P<points>\d[\d,. ]{0,8}+)\s*+points?\s*+\)$", re.IGNORECASE
)


def parse(lines: list[tuple[int, str]]) -> ParsedList:
    """Read the official app's layout: title, header lines, then sections of units."""
    parsed = ParsedList(format=FORMAT)
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
    sections = {"CHARACTERS", "BATTLELINE", "OTHER DATASHEETS", "DEDICATED TRANSPORTS"}
    return any(t in sections for t in texts)
