"""Unit blocks, read the same way by every format: a unit line, then its bulleted or
indented lines, which become the unit's warlord mark, enhancement, wargear and models."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rosters.formats.text_import.common import (
    COUNT_RE,
    ENHANCEMENT_RE,
    LABEL_RE,
    PARENTHETICAL_RE,
    PRICE_SUFFIX_RE,
    PRICED_UPGRADE_RE,
    REASON_NO_UNIT,
    SECTION_WORDS,
    SUB_BULLETS,
    TRAILER_RE,
    WITH_RE,
    clean,
    is_prose,
    is_section,
    is_warlord_mark,
    normalise,
    parse_points,
    split_items,
    strip_bullet,
    unit_header,
)
from rosters.formats.text_import.model import ParsedList, ParsedUnit, Unplaced, WargearLine
from rosters.formats.text_import.wargear_lines import gear_lines, model_with


@dataclass
class _Child:
    line: int
    indent: int
    bullet: str
    text: str


@dataclass
class _Item:
    indent: int
    count: int
    name: str
    inline: bool
    bullet_children: bool = False
    with_lines: bool = False


@dataclass
class BodyReader:
    """Read unit blocks: a unit line, then its bulleted or indented lines."""

    parsed: ParsedList
    # Extra lines to skip silently (format chrome such as "Attached unit 1").
    ignore: re.Pattern[str] | None = None
    # Read wargear written after a unit's points without a colon (see unit_header).
    inline_items: bool = False
    # Some unit was written that way: tells New Recruit's 2025-26 WTC export apart.
    read_inline: bool = False
    # Hand-written lists bullet their units too ("- Regimental enginseer (45pts)").
    bullet_headers: bool = False
    # Every top-level bulleted line is a model line (BattleScribe), with items or not.
    model_bullets: bool = False
    _unit: ParsedUnit | None = None
    _children: list[_Child] = field(default_factory=list)
    # A Warlord mark written above its unit ("(Warlord)" under a section heading).
    _warlord_next: bool = False

    def feed(self, number: int, raw: str) -> None:
        indent, bullet, text = strip_bullet(raw)
        if not text or TRAILER_RE.match(text) or not any(c.isalnum() for c in text):
            return
        if self.ignore is not None and self.ignore.match(text):
            return
        if not bullet and indent == 0 and is_section(text):
            self.close()
            return
        header = None
        if not bullet or self.bullet_headers:
            header = unit_header(text, inline_items=self.inline_items)
        # "Enhancement: Warp Walker (30 points)" states its price like a unit does.
        if header is not None and not ENHANCEMENT_RE.match(text):
            rest = header["rest"].strip()
            self.read_inline = self.read_inline or bool(rest and not rest.startswith(":"))
            self.close()
            self._unit = unit_from_header(number, header)
            self._unit.warlord = self._unit.warlord or self._warlord_next
            self._warlord_next = False
            return
        if self._unit is None:
            if is_warlord_mark(text):
                self._warlord_next = True
            elif is_prose(text):
                self.parsed.notes.append(f"line {number}: {clean(text)[:80]} (not read)")
            else:
                self.parsed.unplaced.append(Unplaced(number, clean(text), str(REASON_NO_UNIT)))
            return
        self._children.append(_Child(number, indent, bullet, text))

    def mark_enhancement(self, number: int, name: str) -> None:
        """Give the open unit an enhancement a dialect states inside a wargear line."""
        if self._unit is not None and self._unit.enhancement is None:
            self._unit.enhancement, self._unit.enhancement_line = name, number

    def close(self) -> None:
        unit, children = self._unit, self._children
        if unit is not None:
            unit, children = priced_heading(unit, children)
        if unit is not None:
            finish_unit(unit, children, model_bullets=self.model_bullets)
            self.parsed.units.append(unit)
        self._unit = None
        self._children = []


def priced_heading(
    unit: ParsedUnit, children: list[_Child]
) -> tuple[ParsedUnit | None, list[_Child]]:
    """A section heading written with the points of what it holds ("Dedicated transport
    (70pts)", then "- Chimera: 2x heavy flamer"): with the one line under it, that line is
    the unit, at the heading's points; with no line under it, it is a heading and no unit.
    A heading over several lines is left as it was read (they may be one unit's wargear)."""
    if normalise(unit.name) not in SECTION_WORDS or unit.models is not None or unit.items:
        return unit, children
    if not children:
        return None, []
    header = None
    if len(children) == 1 and unit.stated_points is not None:
        header = unit_header(f"{clean(children[0].text)} ({unit.stated_points} pts)")
    if header is None:
        return unit, children
    found = unit_from_header(children[0].line, header)
    found.warlord = found.warlord or unit.warlord
    return found, []


def unit_from_header(number: int, match: re.Match[str]) -> ParsedUnit:
    name = clean(match["name"])
    # "Lord Solar Leontus (Warlord) (125pts)": the mark is not part of the name.
    marked = PARENTHETICAL_RE.search(name) if name.endswith(")") else None
    warlord = marked is not None and is_warlord_mark(marked[0])
    unit = ParsedUnit(
        line=number,
        name=name[: marked.start()].strip() if warlord and marked is not None else name,
        stated_points=parse_points(match["points"]),
        label=match["label"] or "",
        warlord=warlord,
    )
    if match["count"]:
        unit.models = int(match["count"])
        unit.models_explicit = True
    rest = match["rest"].strip().lstrip(":").strip()
    for item in split_items(rest):
        if is_warlord_mark(item):
            unit.warlord = True
        else:
            unit.items.append(item)
    unit.header_items = len(unit.items)
    return unit


def finish_unit(unit: ParsedUnit, children: list[_Child], *, model_bullets: bool = False) -> None:
    """Read warlord, enhancement, wargear and model count from a unit's lines."""
    unit.gear = gear_lines([(c.line, c.indent, c.bullet, c.text) for c in children], unit.name)
    items: list[tuple[_Child, _Item]] = []
    parent: _Item | None = None
    for child in children:
        text = clean(child.text)
        if is_warlord_mark(text):
            unit.warlord = True
            continue
        enhancement = ENHANCEMENT_RE.match(text)
        if enhancement is None and child.bullet:
            enhancement = PRICED_UPGRADE_RE.match(text)
        if enhancement is not None:
            unit.enhancement = PRICE_SUFFIX_RE.sub("", enhancement["name"]).strip()
            unit.enhancement_line = child.line
            continue
        if WITH_RE.match(text):
            if parent is not None:
                parent.with_lines = True
            continue
        counted = COUNT_RE.match(text)
        name, _, inline = (counted["name"] if counted else text).partition(":")
        if counted is None and LABEL_RE.match(text):
            continue  # "Attached as: Leader", "B: 1 mauler chainblade", keyword notes
        if not child.bullet:
            continue  # an unbulleted line continues the item above it: wargear, not models
        named = None if counted else model_with(text, unit.name)
        item = _Item(
            indent=child.indent,
            count=int(counted["count"]) if counted else 1,
            name=clean(name),
            inline=bool(inline.strip()),
        )
        if named is not None:
            # "• 9 Zephyrim with Bolt pistol and Power weapon" is a model line.
            item.count, item.name, item.inline = named[0], named[1], True
        items.append((child, item))
        parent = item
        if inline.strip() and counted is not None:
            unit.items.extend(split_items(inline))
    if not items:
        return
    counted_ids: set[int] = set()
    _count_models(unit, items, counted_ids, model_bullets)
    unit.wargear = [
        WargearLine(child.line, item.count, item.name, id(item) in counted_ids)
        for child, item in items
    ]


def _count_models(
    unit: ParsedUnit,
    items: list[tuple[_Child, _Item]],
    counted_ids: set[int],
    model_bullets: bool = False,
) -> None:
    tops = [c.indent for c, _ in items if c.bullet not in SUB_BULLETS]
    top_indent = min(tops) if tops else min(c.indent for c, _ in items)
    top_items: list[_Item] = []
    for child, item in items:
        if child.bullet not in SUB_BULLETS and child.indent <= top_indent:
            top_items.append(item)
        elif top_items:
            top_items[-1].bullet_children = True
    if unit.models_explicit:
        return
    own = normalise(unit.name)
    named = [i for i in top_items if _same_name(normalise(i.name), own)]
    if len(named) == 1 and len(top_items) == 1:
        unit.models, unit.models_explicit = named[0].count, True
        counted_ids.add(id(named[0]))
        return
    models = [
        i
        for i in top_items
        if model_bullets
        or i.bullet_children
        or i.with_lines
        or i.inline
        or _same_name(normalise(i.name), own)
    ]
    if models:
        unit.models = sum(i.count for i in models)
        counted_ids.update(id(i) for i in models)


def _same_name(a: str, b: str) -> bool:
    """Tell whether a model line names the unit itself ("Khorne Berzerker" in "... Berzerkers",
    "Blood Claws Pack Leader" in "Blood Claws")."""
    if not a or not b:
        return False
    if a == b or a.startswith(b) or b.startswith(a):
        return True
    # A squad's leader is named after the squad in the singular: "Khorne Berzerker Champion".
    singular = b[:-1] if b.endswith("s") else b
    return bool(singular) and a.startswith(singular + " ")
