"""Read the wargear lines of a unit block, in every layout the importer knows.

The official app lists each model type with its wargear as totals ("• 4x Infiltrator",
"◦ 4x Bolt pistol"), or a single model's wargear straight under the unit; New Recruit's
WTC texts write "5 with Bolt pistol, Chainblade" (each of 5 models carries one of each),
its compact and default texts "• 9x Khorne Berzerker: Bolt pistol, Chainblade", its
GW-style text and ListForge bullets like the app's; WarOrgan and New Recruit's plain text
"• 9 Zephyrim with Bolt pistol and Power weapon". Plain Python: names are looked up in the
resolver, against the datasheet's model types, which also tells a model line without
items ("• 4x Intercessor") from an item.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from rosters.formats.text_import.common import (
    COUNT_RE,
    ENHANCEMENT_RE,
    LABEL_RE,
    PRICED_UPGRADE_RE,
    SUB_BULLETS,
    WARLORD_WORDS,
    clean,
    normalise,
    split_items,
)
from rosters.formats.text_import.model import GearLine

WITH_ITEMS_RE = re.compile(r"^(?P<count>\d{1,4})\s++with\s++(?P<items>.+)$", re.IGNORECASE)
# "9 Zephyrim with Bolt pistol", "1 Tempestus Scions with Close combat weapon and Meltagun":
# a count, then the model's name; where the name holds " with " itself ("Assault
# Intercessors with Jump Packs") the unit's name says where it ends (model_with).
_MODEL_WITH_RE = re.compile(r"^(?P<count>\d{1,4})\s++(?P<rest>\S.*)$")
# WarOrgan prices an item in square brackets: "Armoured tracks, ... [+10 points]".
_PRICE_RE = re.compile(r"\s*+[\[(]\+\s*+\d{1,9}+\s*+(?:points?|pts?)[\])]\s*+$", re.IGNORECASE)
# A count written without "x": "5 chainblades" of "• 5x Khorne Berzerker: 5 chainblades".
_BARE_COUNT = re.compile(r"^\d{1,4}\s++\w")
# Notes an export copies from the datasheet among the wargear: a sentence (five words or
# more, a full stop), or the invulnerable save line.
_NOTE_RE = re.compile(r"^(?:\S++\s++){4,}+[^.]*+\.$|^invulnerable save\b", re.IGNORECASE)
# (line, indent, bullet, text) of each line under a unit header.
Child = tuple[int, int, str, str]


def _counted(item: str) -> tuple[int, str]:
    match = COUNT_RE.match(item)
    if match is None:
        return 1, clean(item)
    return int(match["count"]), clean(match["name"])


def _skip(child: Child) -> bool:
    text = clean(child[3])
    # "-Warlord": a dash written as a bullet without its space.
    if text.lstrip("-–").casefold() in WARLORD_WORDS or ENHANCEMENT_RE.match(text):
        return True
    if _NOTE_RE.match(text):
        return True  # "This Datasheet also has the Battleline keyword.", "Invulnerable Save"
        return True
    return bool(child[2] and PRICED_UPGRADE_RE.match(text))


def model_with(text: str, unit: str = "") -> tuple[int, str, str] | None:
    """Read "9 Zephyrim with Bolt pistol and Power weapon" as (9, model, items); None for
    anything else ("5 with Bolt pistol" names no model; "2x Bolt pistol" is an item)."""
    if " with " not in text.casefold():
        return None
    match = _MODEL_WITH_RE.match(text)
    if match is None or COUNT_RE.match(text) or WITH_ITEMS_RE.match(text):
        return None
    rest = match["rest"]
    start = 0
    own = normalise(unit)
    if own and " with " in own and normalise(rest).startswith(own + " with "):
        # "1 Assault Intercessors with Jump Packs with ...": the unit's own name first.
        start = rest.casefold().find(" with ", rest.casefold().find(" with ") + 6)
        start = max(start, 0)
    cut = rest.casefold().find(" with ", start)
    if cut <= 0:
        return None
    model, items = clean(rest[:cut]), clean(rest[cut + 6 :])
    if not model or not items:
        return None
    return int(match["count"]), model, items


def _items(
    line: int,
    model: str | None,
    models: int | None,
    text: str,
    per_model: int | None,
    model_line: int | None = None,
    *,
    totals: bool = False,
) -> list[GearLine]:
    """Split "a, 2x b" into lines; with ``per_model``, each of that many models has them
    (with ``totals``, only the items stated without a count: "4x Bolt Pistol" of
    "4x Incursors: 4x Bolt Pistol, Haywire mine" is all four's)."""
    found = []
    for item in _split(_PRICE_RE.sub("", text)):
        count, name = _counted(item)
        if name.casefold() in WARLORD_WORDS or not name or _NOTE_RE.match(name):
            continue
        each = 1 if totals and (COUNT_RE.match(item) or _BARE_COUNT.match(item)) else per_model or 1
        found.append(GearLine(line, model, models, count * each, name, model_line))
    return found


def _split(text: str) -> list[str]:
    """Split items at commas outside brackets: "Custodian Guard (Vexilla, Misericordia)"
    is one name."""
    if "(" not in text:
        return split_items(text)
    parts: list[str] = []
    depth = start = 0
    for i, char in enumerate(text):
        if char == "(":
            depth += 1
        elif char == ")":
            depth = max(depth - 1, 0)
        elif char == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [clean(p) for p in parts if p.strip()]


def header_gear(line: int, items: Iterable[str], unit: str = "") -> list[GearLine]:
    """Read the items after a unit's points ("2x Chaos Spawn (80 pts): 2 with Hideous
    Mutations", "Plasmacyte, 3 with Skorpekh hyperphase weapons"): from an "N with" item on,
    each of those N models carries every item (a model line named after the unit)."""
    found: list[GearLine] = []
    per_model: int | None = None
    for item in items:
        with_items = WITH_ITEMS_RE.match(item)
        if with_items is not None:
            per_model = int(with_items["count"])
            item = with_items["items"]
        if per_model is None:
            found += _items(line, None, None, item, None)
        else:
            found += _items(line, unit, per_model, item, per_model, line)
    return found


def gear_lines(children: Sequence[Child], unit: str = "") -> list[GearLine]:
    """Return every wargear item stated under a unit, with its model line when there is one."""
    kept = [c for c in children if not _skip(c)]
    tops = [c[1] for c in kept if c[2] and c[2] not in SUB_BULLETS]
    top_indent = min(tops) if tops else None
    blocks: list[tuple[Child | None, list[Child]]] = [(None, [])]
    for child in kept:
        is_top = bool(child[2]) and child[2] not in SUB_BULLETS and child[1] == top_indent
        if is_top:
            blocks.append((child, []))
        else:
            blocks[-1][1].append(child)
    found: list[GearLine] = []
    for top, nested in blocks:
        found.extend(_block(top, nested, unit))
    return found


def _block(top: Child | None, nested: Iterable[Child], unit: str) -> list[GearLine]:
    nested = list(nested)
    if top is None:
        return _nested(nested, None, None, None, unit)
    text = _text(top[3])
    if WITH_ITEMS_RE.match(text):
        # "• 4 with boltgun, Close combat weapon": a model line of the unit's, bulleted.
        return _nested([top, *nested], None, None, None, unit)
    named = _model_line(top[0], text, unit)
    if named is not None:
        model, models, found = named
        return found + _nested(nested, model, models, top[0], unit)
    if COUNT_RE.match(text) is None and LABEL_RE.match(text):
        return []  # "Attached as: Leader" and other notes
    count, name = _counted(text)
    name = clean(name.partition(":")[0])
    if any(c[2] or WITH_ITEMS_RE.match(clean(c[3])) for c in nested):
        # "• 9x Khorne Berzerker" with its items under it.
        return _nested(nested, name, count, top[0], unit)
    # "• 4x Intercessor" or "• 1x Bolt pistol" alone, "• Marker Drone, Shield Drone":
    # the datasheet tells a model line from items (wargear_names.read_lines).
    return _items(top[0], None, None, text, None) + _nested(nested, None, None, None, unit)


def _text(raw: str) -> str:
    # Some exports bullet with a full stop: ". 4x Incursors: 4x Bolt Pistol".
    return clean(raw).removeprefix(". ")


def _model_line(line: int, text: str, unit: str) -> tuple[str, int, list[GearLine]] | None:
    """Read a line that is a model line by its form, with the items it gives: "9 Zephyrim
    with Bolt pistol", "5x Khorne Berzerker: Bolt pistol, Chainblade", "Scout Sergeant:
    Astartes Shotgun" (that last may be a note: "Attached as: Leader"; labelled)."""
    named = model_with(text, unit)
    if named is not None:
        # "• 1 Tempestus Scions with Close combat weapon and Hot-shot lasgun".
        return named[1], named[0], _items(line, named[1], named[0], named[2], named[0], line)
    if ":" not in text:
        return None
    counted = COUNT_RE.match(text)
    count, rest = _counted(text)
    name, _, inline = rest.partition(":")
    name, inline = clean(name), inline.strip()
    if not name or not inline:
        return None
    labelled = counted is None and bool(LABEL_RE.match(text))
    if counted is None and not labelled:
        return None
    with_items = WITH_ITEMS_RE.match(inline)
    if with_items:
        found = _items(line, name, count, with_items["items"], int(with_items["count"]), line)
    else:
        # "• 5x Khorne Berzerker: Bolt pistol, Chainblade": each of the five.
        found = _items(line, name, count, inline, count, line, totals=True)
    for g in found:
        g.labelled = labelled
    return name, count, found


def _nested(
    nested: Iterable[Child],
    model: str | None,
    models: int | None,
    model_line: int | None,
    unit: str,
) -> list[GearLine]:
    found: list[GearLine] = []
    for line, _indent, _bullet, raw in nested:
        text = _text(raw)
        with_items = WITH_ITEMS_RE.match(text)
        if with_items and model is None:
            # "1 with Armoured tracks, Combi-bolter" under the unit: a model line of its own.
            count = int(with_items["count"])
            found += _items(line, unit, count, with_items["items"], count, line)
            continue
        if with_items:
            found += _items(
                line, model, models, with_items["items"], int(with_items["count"]), model_line
            )
            continue
        named = _model_line(line, text, unit) if model is None else None
        if named is not None:
            # An unbulleted model line under a unit with no bulleted ones.
            found += named[2]
            continue
        if LABEL_RE.match(text) and COUNT_RE.match(text) is None:
            continue  # "Attached as: Leader" and other notes
        found += _items(line, model, models, text, None, model_line)
    return found
