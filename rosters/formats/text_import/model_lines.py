"""Count a unit's models from its model lines once the datasheet is known.

The parsers count models by a line's shape (unit_body._count_models): a bulleted line with
items under it, or one named like the unit. The shape misleads in three ways, which the
datasheet of the list's month settles:

- an item named like the unit is no model: "• 2x Incubi Shrine Token", "• 5x Flamer
  mouths", "• 1x Cypher's bolt pistol" (item_models);
- the app's export pasted flat (every line at the left margin, "◦" written "•") gives a
  model's first item the same bullet as the model: "• 1x Twistbray", "• 1x Autopistol",
  "1x Chainsword". A line no name of the datasheet fits, directly followed by a bulleted
  item, is a model line with that item and the lines after it (flat_model_lines);
- New Recruit's WTC text pasted flat restates a model line ("• 1x Reiver Sergeant", its
  items, "• Reiver Sergeant"), and writes an item or the unit's name above "N with" lines
  of the model line before it ("• 4x Infiltrator", "2 with …", "• Infiltrator Comms
  Array", "1 with …"): those lines are that model line's (restated_lines);
- New Recruit writes "1x" on the unit line of a unit of several named models ("Char1: 1x
  Canis Rex (380 pts)", then "• 1x Canis Rex: …", "• 1x Sir Hekhtur: …"): the lines naming
  the datasheet's model types state the unit's models (header_models).

Plain Python: the names are read by wargear_names, against the datasheet.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import replace
from itertools import pairwise

from armybuilder.rules import model as core
from rosters.formats.text_import.common import clean, normalise
from rosters.formats.text_import.model import GearLine, ParsedUnit, WargearLine
from rosters.formats.text_import.wargear_names import (
    ITEM,
    TYPE,
    UNIT,
    line_kind,
    model_key,
    read_lines,
)
from rosters.formats.text_import.wargear_types import NO_NAMES, GearNames


def flat_model_lines(
    *,
    sheet: core.Datasheet,
    unit_name: str,
    bullets: Sequence[WargearLine],
    gear: Sequence[GearLine],
    names: GearNames = NO_NAMES,
) -> tuple[list[GearLine], dict[int, GearLine]]:
    """Read the flat app layout's model lines that name no model type of the data
    ("• 1x Blightlord Champion" where the data has only "Terminator w/ …" types).

    Returns the lines, the model line itself taken out and its items given to it, and
    for each line made here (by id) the line it was made from.
    """
    out = list(gear)
    origin: dict[int, GearLine] = {}
    # A one-model unit's first item is bulleted like a model line: no model line there.
    if sum(t.maximum for t in sheet.model_types) <= 1:
        return out, origin
    starts = [b.line for b in bullets]
    for i, (head, first) in enumerate(pairwise(bullets)):
        if first.line != head.line + 1:
            continue
        own = [g for g in out if g.line == head.line]
        if (
            len(own) != 1
            or own[0].model is not None
            or normalise(own[0].name) != normalise(clean(head.name))
        ):
            continue
        # A model type's name, a leader's title or the unit's name here is a model line all
        # the same: in the flat layout its items follow it with and without bullets.
        if line_kind(sheet, unit_name, own[0].name, names) not in ("", TYPE, UNIT) or (
            line_kind(sheet, unit_name, first.name, names) != ITEM
        ):
            continue
        # The model's items: its first (bulleted) item and the unbulleted lines after it.
        end = starts[i + 2] if i + 2 < len(starts) else None
        block = [
            g
            for g in out
            if g.model is None and g.line >= first.line and (end is None or g.line < end)
        ]
        if not block:
            continue
        model, models = own[0].name, own[0].count
        moved = {id(g): replace(g, model=model, models=models, model_line=head.line) for g in block}
        for g in block:
            origin[id(moved[id(g)])] = origin.pop(id(g), g)
        out = [moved.get(id(g), g) for g in out if g is not own[0]]
    return out, origin


def item_models(
    *,
    sheet: core.Datasheet,
    unit_name: str,
    unit: ParsedUnit,
    gear: Sequence[GearLine],
    taken: Collection[str] = (),
    names: GearNames = NO_NAMES,
) -> int:
    """The models the parser counted from lines the datasheet reads as items ("• 2x Incubi
    Shrine Token"); ``taken``: folded names already taken out of the count (priced
    options)."""
    if not sheet.model_types:
        return 0
    # A line with items under it is a model line whatever it is called.
    holding = {g.model_line for g in gear if g.model is not None and g.name}
    return sum(
        w.count
        for w in unit.wargear
        if w.counted
        and w.line not in holding
        and normalise(w.name) not in taken
        and line_kind(sheet, unit_name, w.name, names) == ITEM
    )


def header_models(
    *,
    sheet: core.Datasheet,
    unit_name: str,
    gear: Sequence[GearLine],
    names: GearNames = NO_NAMES,
) -> int | None:
    """The models stated by lines naming two or more of the datasheet's model types, each
    type counted once (its largest line); None where fewer types are named."""
    if not sheet.model_types:
        return None
    per_type: dict[str, int] = {}
    for g in read_lines(sheet, unit_name, gear, names).lines:
        if g.model is None or not g.models:
            continue
        if line_kind(sheet, unit_name, g.model, names) != TYPE:
            continue
        key = model_key(g.model)
        per_type[key] = max(per_type.get(key, 0), g.models)
    if len(per_type) < 2:
        return None
    return sum(per_type.values())


def unit_models(
    *,
    sheet: core.Datasheet,
    unit_name: str,
    unit: ParsedUnit,
    gear: Sequence[GearLine],
    models: int,
    taken: Collection[str] = (),
    names: GearNames = NO_NAMES,
) -> int:
    """The unit's models once the datasheet reads its lines. ``models`` is the count found
    so far: the parser's (less the priced options in ``taken``), else the smallest unit;
    0 where only items had been counted as models."""
    if unit.models_explicit:
        if unit.models == 1:
            typed = header_models(sheet=sheet, unit_name=unit_name, gear=gear, names=names)
            if typed is not None and typed > models:
                return typed
        return models
    items = item_models(
        sheet=sheet, unit_name=unit_name, unit=unit, gear=gear, taken=taken, names=names
    )
    found = max(models - items, 0)
    stated = read_lines(sheet, unit_name, gear, names).models() if sheet.model_types else None
    # Only ever more: lines that state fewer models than the count found otherwise state
    # only part of the unit.
    return max(found, stated or 0)


def restated_lines(
    *,
    sheet: core.Datasheet,
    unit_name: str,
    gear: Sequence[GearLine],
    names: GearNames = NO_NAMES,
) -> tuple[list[GearLine], dict[int, GearLine]]:
    """Read restated model lines as the model line they restate.

    A bare line naming the type of the model line before it, or the unit, of one model or
    as many, with no items after it, restates it (dropped). A line naming an item or the unit,
    with "N with" lines under it that fit in what the model line before it has left,
    gives those lines to it; an item so named is carried by them. Returns the lines and,
    by id, the line each new one was made from.
    """
    out: list[GearLine] = []
    origin: dict[int, GearLine] = {}
    if not sheet.model_types:
        return list(gear), origin
    # The last model line: (name, models, its line), and the models its lines gave so far.
    last: tuple[str, int, int] | None = None
    given: dict[int, int] = {}
    # (model line, written line) -> the model line it is given to (None: its own).
    decided: dict[tuple[int, int], tuple[str, int, int] | None] = {}
    for i, g in enumerate(gear):
        if g.model is None:
            kind_of = line_kind(sheet, unit_name, g.name, names)
            if (
                last is not None
                and g.count in (1, last[1])
                and (
                    kind_of == UNIT or (kind_of == TYPE and model_key(g.name) == model_key(last[0]))
                )
                and not _items_follow(sheet, unit_name, _next_line(gear, i), names)
            ):
                continue  # "• Reiver Sergeant" after the sergeant's own items
            if kind_of == TYPE:
                last = (g.name, g.count, g.line)
            out.append(g)
            continue
        at = g.model_line if g.model_line is not None else g.line
        key = (at, g.line)
        if key not in decided:
            decided[key] = None
            kind_of = line_kind(sheet, unit_name, g.model, names)
            if last is not None and at != last[2] and g.models:
                room = last[1] - given.get(last[2], 0)
                if kind_of in (ITEM, UNIT) and g.models <= room:
                    decided[key] = last
                    given[last[2]] = given.get(last[2], 0) + g.models
                    if kind_of == ITEM:
                        # "• Infiltrator Comms Array" then "1 with …": that one carries it.
                        out.append(GearLine(at, last[0], last[1], g.models, g.model, last[2]))
            if decided[key] is None:
                if (last is None or at != last[2]) and kind_of != ITEM:
                    last = (g.model, g.models or 1, at)
                # The models an "N with" line (or one model line's items) gives its line.
                given[at] = given.get(at, 0) + _with_count(g)
        target = decided[key]
        if target is not None:
            moved = replace(g, model=target[0], models=target[1], model_line=target[2])
            origin[id(moved)] = g
            out.append(moved)
        else:
            out.append(g)
    return out, origin


def _items_follow(
    sheet: core.Datasheet, unit_name: str, after: Sequence[GearLine], names: GearNames
) -> bool:
    """Tell a model line of its own ("• 1x Legionary" then its items) from a restated one
    ("• Reiver Sergeant" then the next model line): loose items follow it."""
    return any(
        g.model is None and line_kind(sheet, unit_name, g.name, names) not in (TYPE, UNIT)
        for g in after
    )


def _next_line(gear: Sequence[GearLine], at: int) -> list[GearLine]:
    """The first line written after gear[at]'s own ("• 9x Kommandos, Bomb Squig" holds
    items of the model line it restates)."""
    line = gear[at].line
    return next(([g] for g in gear[at + 1 :] if g.line != line), [])


def _with_count(g: GearLine) -> int:
    """How many of its model line's models a written line gives items to: an "N with"
    line's N (its items' counts are per model times N), else all of them."""
    if g.model_line is not None and g.line != g.model_line and g.models:
        return min(g.count, g.models)
    return g.models or 0
