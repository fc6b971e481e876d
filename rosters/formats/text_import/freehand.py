"""A hand-written list in no export's layout, read as a last resort: one unit a line,

    Champion	80
    10 Strike Squad	250
    - 5x rubric marine, icon of flame, aspiring sorcerer with warpflame pistol = 105pts
    1x troupe master (fusion pistol, troupe master Blade)
    - Infernal master 2 cabal points + enhancement arcane vortex 25pts = 115pts

that is "[count[x]] name [items] [points]", under headings ("Epic hero: 130pts",
"Battle Line", "QG") that are not units; "Faction: X", "Army: X" and "Detachment: X"
lines name the list's faction and detachment. A line of no count and no points under a unit of
a list whose units state counts ("fate messanger" under "1x Death Jester") is one of that
unit's items, kept for the enhancement (never its wargear); so is a bulleted line under an
unbulleted unit ("- Inescapable Wrath	15" under "Chapelain	75").

The name is the text before the first item ("(", ":" or ","); the resolver splits a name
that runs on into its items ("Ahriman 3 cabal points", "Leman Russ battle tank with
lascannon") where the whole is no datasheet (unit_split.py). Tried only when no other
dialect reads the text, and never on a French text (its names are not the catalogue's).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rosters.formats.text_import.common import (
    SECTION_WORDS,
    battle_size,
    clean,
    is_prose,
    is_section,
    is_warlord_mark,
    normalise,
    parse_points,
    split_items,
    strip_bullet,
)
from rosters.formats.text_import.model import ParsedList, ParsedUnit, Unplaced

FORMAT = "freehand"

# A count in front: "10 Strike Squad", "5x rubric marine", "1x Death Jester".
_COUNT = re.compile(r"^(?P<count>\d{1,3})(?:\s*+[x×]\s*+|\s++)(?=[^\W\d_])(?P<rest>.*)$", re.I)
# Points at the end: "= 105pts", "(220pts)", "95pts", "\t250" (a bare number only after
# a tab or "=").
_POINTS_NAMED = re.compile(
    r"(?:=\s*+)?\(?\s*+(?P<points>\d{1,5})\s*+(?:pts?|points?)\s*+\)?\s*+$", re.I
)
_POINTS_BARE = re.compile(r"(?:\t|=)\s*+(?P<points>\d{1,5})\s*+$")
# "+ enhancement arcane vortex 25pts", "& enhancement umbralific crystal 20pts".
_ENHANCEMENT = re.compile(
    r"\s*+[+&,]?\s*+\benhancements?(?:\s*+:)?\s++(?P<name>[^\d+&,=]*?\S)\s*+"
    r"(?:\(?\+?\s*+\d{1,5}\s*+(?:pts?|points?)?\s*+\)?)?\s*+(?=$|[+&,=])",
    re.I,
)
# Thousand Sons' cabal points, written on the list as a tally: not a unit, not an item.
_CABAL = re.compile(r"\s*+\b\d{1,3}\s++cabal\s++points?\b", re.I)
# Headings these lists write beyond the common ones: French "QG", "Other Datasheet".
_HEADINGS = frozenset({"qg", "other datasheet", "epic hero", "battle line", "epic heros"})
_TOTAL = re.compile(r"^(?:total|points?|army points)\b", re.I)
# "Faction: Grey Knights", "Army: Aeldari", "Detachment: Battle Host".
_FIELD = re.compile(r"^(?P<key>factions?|army|detachments?)\s*+:\s*+(?P<value>\S.*)$", re.I)
# At most this many words before the first item: a longer line is a sentence.
_NAME_WORDS = 12
# A unit's line is never longer: a longer one is read as no unit, at no cost.
_LINE_CHARS = 400


@dataclass
class _Line:
    number: int
    bulleted: bool
    count: int | None
    name: str
    items: list[str]
    points: int | None
    enhancement: str | None


def _heading(text: str) -> bool:
    """Tell "Epic hero: 130pts", "Battle Line", "QG", "Dedicated transport (70pts)"."""
    bare = _POINTS_NAMED.sub("", text).strip().rstrip(":").strip()
    folded = normalise(bare)
    if folded in _HEADINGS or folded in SECTION_WORDS:
        return True
    if folded.endswith("s") and folded[:-1] in SECTION_WORDS | _HEADINGS:
        return True
    return bool(bare) and is_section(bare) and not any(c.isdigit() for c in bare)


def read_line(number: int, raw: str) -> _Line | None:
    """Read one line as "[count[x]] name [items] [points]"; None for a heading or chrome."""
    if len(raw) > _LINE_CHARS:
        return None
    _, bullet, body = strip_bullet(raw.replace("\t", " \t "))
    text = clean(body)
    if not text or text.startswith("#") or not any(c.isalpha() for c in text):
        return None
    if _heading(text) or _TOTAL.match(text) or battle_size(text) is not None:
        return None
    if _FIELD.match(text):
        return None
    points = None
    found = _POINTS_BARE.search(body) or _POINTS_NAMED.search(text)
    if found is not None:
        points = parse_points(found["points"])
        text = clean(
            _POINTS_BARE.sub("", body) if found.re is _POINTS_BARE else text[: found.start()]
        )
    enhancement = None
    named = _ENHANCEMENT.search(text)
    if named is not None:
        enhancement = clean(named["name"])
        text = clean(text[: named.start()] + " " + text[named.end() :])
    text = clean(_CABAL.sub("", text)).strip(" =,&+")
    count = None
    counted = _COUNT.match(text)
    if counted is not None:
        count, text = int(counted["count"]), counted["rest"]
    cut = min((i for i in (text.find("("), text.find(":"), text.find(",")) if i > 0), default=-1)
    name, rest = (text, "") if cut < 0 else (text[:cut], text[cut + 1 :])
    name = clean(name)
    if not name or len(name.split()) > _NAME_WORDS:
        return None
    items = [i for i in split_items(rest.replace("(", ",").replace(")", ",")) if i]
    return _Line(number, bool(bullet), count, name, items, points, enhancement)


def _unit_lines(lines: list[tuple[int, str]]) -> list[tuple[int, str, _Line | None]]:
    return [(n, raw, read_line(n, raw)) for n, raw in lines if raw.strip()]


def looks_like(lines: list[tuple[int, str]]) -> bool:
    """Tell a hand-written list: two lines or more stating a count or points, and most
    lines of text read as units or headings."""
    read = _unit_lines(lines)
    stated = [r for _, _, r in read if r is not None and (r.count is not None or r.points)]
    prose = sum(1 for _, raw, r in read if r is None and is_prose(clean(raw)))
    return len(stated) >= 2 and prose * 4 < len(read)


def parse(lines: list[tuple[int, str]]) -> ParsedList:
    parsed = ParsedList(format=FORMAT)
    read = _unit_lines(lines)
    candidates = [r for _, _, r in read if r is not None]
    units_bulleted = sum(1 for r in candidates if r.bulleted) * 2 > len(candidates)
    counted = sum(1 for r in candidates if r.count is not None) * 2 > len(candidates)
    unit: ParsedUnit | None = None
    for number, raw, line in read:
        text = clean(raw)
        if line is None:
            size = battle_size(text.lstrip("-• "))
            field = _FIELD.match(text.lstrip("-• "))
            if size is not None:
                parsed.battle_size, parsed.battle_size_line = size, number
            elif field is not None:
                _header(parsed, number, field)
            elif _TOTAL.match(text):
                total = re.search(r"\d{3,5}", text)
                if total is not None and parsed.stated_points is None:
                    parsed.stated_points = int(total[0])
            continue
        child = line.bulleted and not units_bulleted
        bare = line.count is None and line.points is None and counted
        if unit is not None and (child or bare):
            # An item under its unit: read for the enhancement only.
            if is_warlord_mark(line.name):
                unit.warlord = True
            else:
                unit.items.append(clean(" ".join([line.name, *line.items])))
                if line.enhancement is not None and unit.enhancement is None:
                    unit.enhancement, unit.enhancement_line = line.enhancement, number
            continue
        if line.bulleted != units_bulleted and line.count is None and line.points is None:
            parsed.unplaced.append(Unplaced(number, text, "not part of any unit"))
            continue
        unit = _unit(line)
        parsed.units.append(unit)
    return parsed


def _header(parsed: ParsedList, number: int, field: re.Match[str]) -> None:
    value = clean(field["value"])
    if field["key"].casefold().startswith("detachment"):
        parsed.detachment, parsed.detachment_line = value, number
    else:
        parsed.faction, parsed.faction_line = value, number


def _unit(line: _Line) -> ParsedUnit:
    name = line.name
    warlord = False
    mark = re.search(r"\((?:warlord)\)", name, re.I)
    if mark is not None:
        warlord, name = True, clean(name[: mark.start()] + name[mark.end() :])
    items = [i for i in line.items if not is_warlord_mark(i)]
    warlord = warlord or len(items) != len(line.items)
    unit = ParsedUnit(
        line=line.number,
        name=name,
        stated_points=line.points,
        warlord=warlord,
        # Kept for the enhancement only: a hand-written line's items are too loose to be
        # placed as wargear (the datasheet's defaults stand; see the module's notes).
        items=items,
    )
    # "1x Warp Spiders" is one unit, not one model.
    if line.count is not None and line.count > 1:
        unit.models, unit.models_explicit = line.count, True
    if line.enhancement is not None:
        unit.enhancement, unit.enhancement_line = line.enhancement, line.number
    return unit
