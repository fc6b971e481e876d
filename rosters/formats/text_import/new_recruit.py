"""New Recruit's exports: the WTC family (WTC, WTC-Compact, GW-style) and its plain texts."""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.utils.translation import gettext_lazy

from rosters.formats.text_import.common import (
    battle_size,
    clean,
    is_nothing,
    normalise,
    parse_points,
    unit_header,
)
from rosters.formats.text_import.model import ParsedList, ParsedUnit, Unplaced
from rosters.formats.text_import.unit_body import BodyReader

WTC = "nr_wtc"
WTC_COMPACT = "nr_wtc_compact"
GW_STYLE = "nr_gw"
MARKDOWN = "nr_text"
SHORT = "nr_short"
# The WTC export of 2025-26: "+ WARLORD : Char1 : Tallyman", enhancements as
# "Name (Bearer) + Name (Bearer)", wargear after the points without a colon.
WTC_2025 = "nr_wtc_2025"
# An older WTC export whose header reads "+ KEY - value": "+ ARMY MAIN FACTION - Necrons".
WTC_DASH = "nr_wtc_dash"

# The key keeps any spaces before the separator (callers strip it): a lazy key followed by
# \s* would try every split of a long run of spaces. Older exports separate with " - ".
_FIELD = re.compile(r"^\+\s*+(?P<key>[A-Za-z][A-Za-z ]*+)(?P<sep>[:-])\s*+(?P<value>.*)$")
# "Name (on Char1: Bearer)", and the 2025-26 export's "Name (Char1 : Bearer)" or "Name (Bearer)".
_TARGET = re.compile(
    r"^(?P<name>.*?\S)\s*+\(\s*+(?:on\s++)?(?:(?P<label>[A-Za-z]{3,5}\d{1,3})\s*+:\s*+)?"
    r"(?P<target>.*\S)\s*+\)\s*+$",
    re.IGNORECASE,
)
_FACTION_KEYS = frozenset({"FACTION KEYWORD", "ARMY MAIN FACTION", "ARMY FACTION", "FACTION"})
# "+ DETACHMENT USED: Hallowed Martyrs" in the WTC template players fill in by hand.
_DETACHMENT_KEYS = frozenset(
    {"DETACHMENT", "DETACHMENT RULE", "DETACHMENT USED", "DETACHMENT CHOICE", "ARMY DETACHMENT"}
)
_SUBFACTION_KEYS = frozenset({"ARMY SUB FACTION", "SUB FACTION"})
# Between two header enhancements: " + ", or ", " and " ; " after a bearer's ")".
_JOINED = re.compile(r"(?<=\))\s*+[,;&+]\s*+|\s++\+\s++|\s*+;\s*+")
_LABELLED = re.compile(r"^(?:(?P<label>[A-Za-z]{3,5}\d{1,3})\s*+:\s*+)?(?P<name>.+)$")
_MD_TITLE = re.compile(
    r"^(?P<head>.*?\S)\s*+-?\s*+\[\s*+(?P<points>\d[\d,.]{0,8}+)\s*+pts?\s*+\]$", re.I
)
_MD_ROSTER = re.compile(r"^#\s*\+\+.*\+\+")
_MD_CONFIG = re.compile(r"^##\s*configuration\b", re.IGNORECASE)
_MD_DETACHMENT = re.compile(r"^detachment\s*:\s*(?P<name>.+)$", re.IGNORECASE)


# A list takes a handful of enhancements; placing each scans the units, so a header naming
# thousands (hostile text) would take quadratic time. Those past this are reported instead.
MAX_HEADER_ENHANCEMENTS = 24
TOO_MANY_ENHANCEMENTS = gettext_lazy("more enhancements than any list takes; not placed")
REASON_NO_BEARER = gettext_lazy("names no unit for the enhancement")
REASON_NO_UNIT_NAMED = gettext_lazy("names no unit in the list")
REASON_NO_WARLORD = gettext_lazy("names no unit as Warlord")


@dataclass(frozen=True)
class _Named:
    line: int
    name: str
    target: str
    label: str


def looks_like_wtc(lines: list[tuple[int, str]]) -> bool:
    """Tell the WTC family by a "+ FACTION KEYWORD:" or "+ ARMY MAIN FACTION -" header line."""
    for _, line in lines:
        if line.lstrip().startswith("+"):
            field = _FIELD.match(clean(line))
            if field is not None and " ".join(field["key"].upper().split()) in _FACTION_KEYS:
                return True
    return False


def looks_like_markdown(lines: list[tuple[int, str]]) -> bool:
    # Both headings open with "#": the test spares two patterns on every other line.
    return any(
        line.startswith("#") and (_MD_ROSTER.match(line) or _MD_CONFIG.match(line))
        for _, line in lines
    )


def parse_wtc(lines: list[tuple[int, str]]) -> ParsedList:
    """Read the +++ header (faction, detachment, warlord, enhancements), then the units."""
    parsed = ParsedList(format=GW_STYLE)
    fences = [i for i, (_, line) in enumerate(lines) if line.strip().startswith("+++")]
    start, end = (fences[0], fences[1]) if len(fences) >= 2 else (-1, -1)
    # A header in several fenced blocks: the list's name or the player's in a first block of
    # its own ("+++ / Sire on en a gros ! / +++ / + FACTION KEYWORD: ..."). A block that
    # follows holding only "+" lines is the header's too.
    for fence in fences[2:]:
        between = [line.strip() for _, line in lines[end + 1 : fence]]
        if not all(not text or text.startswith(("+", "&")) for text in between):
            break
        end = fence
    warlord: _Named | None = None
    enhancements: list[_Named] = []
    # Enhancements the header names without a bearer: placed where the body names them.
    loose: list[tuple[int, str]] = []
    key = ""
    dashed = spaced_keys = False
    subfaction: tuple[int, str] | None = None
    header = (
        lines[start + 1 : end]
        if end >= 0
        else [(n, line) for n, line in lines if line.strip().startswith(("+", "&"))]
    )
    for number, raw in header:
        text = clean(raw)
        field = _FIELD.match(text)
        if field is not None:
            key, value = " ".join(field["key"].upper().split()), field["value"].strip()
            dashed = dashed or field["sep"] == "-"
            spaced_keys = spaced_keys or field["key"].endswith(" ")
        elif text.startswith("&") and key.startswith("ENHANCEMENT"):
            value = text[1:].strip()
        else:
            continue
        if key in _FACTION_KEYS:
            parsed.faction, parsed.faction_line = value, number
        elif key in _SUBFACTION_KEYS and value:
            subfaction = (number, value)
        elif key in _DETACHMENT_KEYS:
            parsed.detachment, parsed.detachment_line = value, number
        elif key == "TOTAL ARMY POINTS":
            parsed.stated_points = parse_points(value) if re.search(r"\d", value) else None
        elif key == "WARLORD" and not is_nothing(value):
            labelled = _LABELLED.match(value)
            assert labelled is not None
            warlord = _Named(number, "", labelled["name"].strip(), labelled["label"] or "")
        elif key.startswith("ENHANCEMENT") and not is_nothing(value):
            # The 2025-26 export joins several on one line: "A (Bearer) + B (Bearer)";
            # players join them with ", " or " ; " too.
            for part in _JOINED.split(value):
                part = part.strip()
                # Only a value ending in ")" can match: the check keeps the greedy target
                # from rescanning the line once per "(".
                target = _TARGET.match(part) if part.endswith(")") else None
                if target is None:
                    if part:
                        loose.append((number, part))
                else:
                    enhancements.append(
                        _Named(number, target["name"], target["target"], target["label"] or "")
                    )
    if subfaction is not None:
        # "Space Marines" and "Space Wolves": the resolver takes the most specific part.
        main = parsed.faction
        parsed.faction = f"{main} - {subfaction[1]}" if main else subfaction[1]
        parsed.faction_line = parsed.faction_line or subfaction[0]
    reader = BodyReader(parsed, inline_items=True)
    for number, raw in lines[end + 1 :] if end >= 0 else lines:
        if not raw.strip().startswith(("+", "&")) or unit_header(clean(raw)):
            reader.feed(number, raw)
    reader.close()
    numbered = [u for u in parsed.units if u.label]
    if dashed:
        parsed.format = WTC_DASH
    elif spaced_keys or reader.read_inline:
        parsed.format = WTC_2025
    elif numbered:
        parsed.format = WTC_COMPACT if any(u.items for u in numbered) else WTC
    _place_header(parsed, warlord, enhancements)
    stated = {normalise(u.enhancement) for u in parsed.units if u.enhancement}
    stated |= {normalise(item) for u in parsed.units for item in u.items}
    for number, part in loose:
        if normalise(part) not in stated:
            parsed.unplaced.append(Unplaced(number, part, str(REASON_NO_BEARER)))
    return parsed


def _place_header(parsed: ParsedList, warlord: _Named | None, enhancements: list[_Named]) -> None:
    """Give header enhancements and the warlord to units by name.

    The CharN numbers in the header often disagree with the body, so a number only breaks
    a tie between units of the same name.
    """
    # Looked up by name once, not once per enhancement: a header may name thousands.
    names = [(normalise(u.name), u) for u in parsed.units]
    by_name: dict[str, list[ParsedUnit]] = {}
    for norm, unit in names:
        by_name.setdefault(norm, []).append(unit)
    taken = {normalise(u.enhancement) for u in parsed.units if u.enhancement}
    for count, enh in enumerate(enhancements):
        if count >= MAX_HEADER_ENHANCEMENTS:
            text = f"{enh.name} (on {enh.target})"
            parsed.unplaced.append(Unplaced(enh.line, text, str(TOO_MANY_ENHANCEMENTS)))
            continue
        wanted = normalise(enh.name)
        if wanted in taken:
            continue
        named = _named(names, by_name, enh.target)
        free = [u for u in named if u.enhancement is None]
        chosen = next((u for u in free if u.label == enh.label), free[0] if free else None)
        if chosen is None:
            text = f"{enh.name} (on {enh.target})"
            parsed.unplaced.append(Unplaced(enh.line, text, str(REASON_NO_UNIT_NAMED)))
            continue
        chosen.enhancement, chosen.enhancement_line = enh.name, enh.line
        taken.add(wanted)
        chosen.items = [i for i in chosen.items if normalise(i) != wanted]
    if warlord is not None and not any(u.warlord for u in parsed.units):
        named = _named(names, by_name, warlord.target)
        chosen = next((u for u in named if u.label == warlord.label), named[0] if named else None)
        if chosen is None:
            parsed.unplaced.append(Unplaced(warlord.line, warlord.target, str(REASON_NO_WARLORD)))
        else:
            chosen.warlord = True


def _named(
    names: list[tuple[str, ParsedUnit]], by_name: dict[str, list[ParsedUnit]], name: str
) -> list[ParsedUnit]:
    """Return the units a header names: by exact name, else by a name one starts with."""
    wanted = normalise(name)
    exact = by_name.get(wanted)
    if exact:
        return exact
    return [u for norm, u in names if norm.startswith(wanted) or wanted.startswith(norm)]


def parse_markdown(lines: list[tuple[int, str]]) -> ParsedList:
    """Read New Recruit's default text: "Faction - Name - [N pts]", Configuration, sections."""
    parsed = ParsedList(format=MARKDOWN)
    content = [(n, line) for n, line in lines if line.strip()]
    index = 0
    if content and not content[0][1].startswith("#"):
        number, text = content[0][0], clean(content[0][1])
        title = _MD_TITLE.match(text)
        if title is not None:
            parts = [p.strip() for p in title["head"].split(" - ") if p.strip()]
            parsed.faction, parsed.faction_line = " - ".join(parts[:2]), number
            parsed.name = " - ".join(parts[2:])
            parsed.stated_points = parse_points(title["points"])
            index = 1
    in_config = False
    reader = BodyReader(parsed)
    for number, raw in content[index:]:
        text = clean(raw)
        if _MD_ROSTER.match(text):
            continue
        if text.startswith("#"):
            in_config = bool(_MD_CONFIG.match(text))
            reader.close()
            continue
        if in_config:
            size = battle_size(text)
            detachment = _MD_DETACHMENT.match(text)
            if size is not None:
                parsed.battle_size, parsed.battle_size_line = size, number
            elif detachment is not None:
                parsed.detachment, parsed.detachment_line = detachment["name"].strip(), number
            continue
        reader.feed(number, raw)
    reader.close()
    return parsed


def parse_short(lines: list[tuple[int, str]]) -> ParsedList:
    """Read New Recruit's short text: one line per unit, no header. A hand-written list
    that bullets its units ("- Regimental enginseer (45pts)") is read with those as units
    where that reads more of them."""
    found = []
    for bulleted in (False, True):
        parsed = ParsedList(format=SHORT)
        reader = BodyReader(parsed, bullet_headers=bulleted)
        for number, raw in lines:
            reader.feed(number, raw)
        reader.close()
        found.append(parsed)
    return max(found, key=lambda p: len(p.units))
