"""WarOrgan's 10th-edition text export.

    Fire Teams [2000 points]
    Astra Militarum
    Battle Size: Strike Force (2000 point limit)
    Detachment Choice: Bridgehead Strike        (or "Detachments: A, B")

    Cadian Castellan [55 points]
        • Warlord
        • Plasma pistol and Power fist
    Kasrkin [115 points]
        • 1 Kasrkin Sergeant with Plasma pistol and Power weapon
        • 2 Kasrkin Troopers with Close combat weapon and Hot-shot lasgun
    Leman Russ Commander [260 points]
        • Armoured tracks, Grand strategist [+25 points], Heavy stubber

    Created with WarOrgan (https://warorgan.com)

An enhancement is written among the wargear with its price in brackets; it is read off
the line, which keeps the rest of its wargear.
"""

from __future__ import annotations

import re

from rosters.formats.text_import.common import (
    battle_size,
    clean,
    parse_points,
    strip_bullet,
    unit_header,
)
from rosters.formats.text_import.model import ParsedList
from rosters.formats.text_import.unit_body import BodyReader

FORMAT = "warorgan"

# What every such text holds (its footer or "[N points]", in any of its cases), looked for
# before any line is read.
MARKS = ("points]", "point]", "warorgan", "WarOrgan")
_TRAILER = re.compile(r"^created with warorgan\b", re.IGNORECASE)
_TITLE = re.compile(
    r"^(?P<name>.*?\S)\s*+\[\s*+(?P<points>\d[\d,.]{0,8}+)\s*+points?\s*+\]$", re.IGNORECASE
)
_DETACHMENT = re.compile(r"^(?:detachment choice|detachments?)\s*+:\s*+(?P<name>.+)$", re.I)
# "Grand strategist [+25 points]" among a line's items; the separator before it is kept out.
_PRICED = re.compile(
    r"(?:^|,\s*+|\s++and\s++)(?P<name>(?:(?!\s++and\s)[^,\[\]])*?\S)"
    r"\s*+\[\+\s*+\d{1,9}+\s*+points?\s*+\]",
    re.IGNORECASE,
)


def looks_like(lines: list[tuple[int, str]]) -> bool:
    """Tell WarOrgan's export by its footer, or by a "[N points]" title over a detachment line."""
    content = [line for _, line in lines if line.strip()]
    if any(_TRAILER.match(t.strip()) for t in content[-3:]):
        return True
    if not content or _TITLE.match(clean(content[0])) is None:
        return False
    return any(_DETACHMENT.match(clean(t)) for t in content[1:6])


def parse(lines: list[tuple[int, str]]) -> ParsedList:
    parsed = ParsedList(format=FORMAT)
    content = [(n, line) for n, line in lines if line.strip()]
    index = 0
    title = _TITLE.match(clean(content[0][1])) if content else None
    if title is not None and not battle_size(clean(content[0][1])):
        parsed.name, parsed.stated_points = title["name"], parse_points(title["points"])
        index = 1
    for number, raw in content[index:]:
        text = clean(raw)
        if strip_bullet(raw)[1] or unit_header(text):
            break
        index += 1
        size = battle_size(text)
        detachment = _DETACHMENT.match(text)
        if size is not None:
            parsed.battle_size, parsed.battle_size_line = size, number
        elif detachment is not None:
            parsed.detachment, parsed.detachment_line = detachment["name"].strip(), number
        elif parsed.faction is None:
            parsed.faction, parsed.faction_line = text, number
        else:
            parsed.header_lines.append((number, text))
    reader = BodyReader(parsed)
    for number, raw in content[index:]:
        if _TRAILER.match(raw.strip()):
            continue
        indent, bullet, text = strip_bullet(raw)
        found = _PRICED.search(text) if bullet and "[+" in text else None
        if found is not None:
            # The enhancement leaves the line; its wargear stays: "A and B [+10 points]".
            rest = (text[: found.start()] + text[found.end() :]).strip(" ,")
            reader.feed(number, f"{' ' * indent}{bullet} {rest}")
            reader.mark_enhancement(number, clean(found["name"]))
            continue
        reader.feed(number, raw)
    reader.close()
    return parsed
