"""ListForge's text export: "Name - Faction - Detachment (N Points)", then "Category:" sections."""

from __future__ import annotations

import re

from rosters.formats.text_import.common import clean, parse_points
from rosters.formats.text_import.model import ParsedList
from rosters.formats.text_import.unit_body import BodyReader

FORMAT = "listforge"

_TITLE = re.compile(r"^(?P<head>.*?\S)\s*+\(\s*+(?P<points>\d[\d,.]{0,8}+)\s*+points?\s*+\)$", re.I)
_SECTION = re.compile(r"^[A-Z][A-Za-z ]{2,30}:$")


def looks_like(lines: list[tuple[int, str]]) -> bool:
    content = [clean(line) for _, line in lines if line.strip()]
    if not content:
        return False
    title = _TITLE.match(content[0])
    return (
        title is not None and " - " in title["head"] and any(_SECTION.match(t) for t in content[1:])
    )


def parse(lines: list[tuple[int, str]]) -> ParsedList:
    parsed = ParsedList(format=FORMAT)
    content = [(n, line) for n, line in lines if line.strip()]
    number, text = content[0][0], clean(content[0][1])
    title = _TITLE.match(text)
    assert title is not None
    parts = [p.strip() for p in title["head"].split(" - ") if p.strip()]
    parsed.stated_points = parse_points(title["points"])
    if len(parts) >= 2:
        parsed.detachment, parsed.detachment_line = parts[-1], number
        parsed.faction, parsed.faction_line = " - ".join(parts[:-1]), number
        parsed.name = parts[0] if len(parts) >= 3 else ""
    reader = BodyReader(parsed)
    for line_number, raw in content[1:]:
        reader.feed(line_number, raw)
    reader.close()
    return parsed
