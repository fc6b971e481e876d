"""Read the wargear lines of a unit block, in every layout the importer knows.

The official app lists each model type with its wargear as totals ("• 4x Infiltrator",
"◦ 4x Bolt pistol"), or a single model's wargear straight under the unit; New Recruit's
WTC texts write "5 with Bolt pistol, Chainblade" (each of 5 models carries one of each),
its compact and default texts "• 9x Khorne Berzerker: Bolt pistol, Chainblade", its
GW-style text and ListForge bullets like the app's. Plain Python: names are looked up in
the resolver, against the datasheet's model types.
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
    split_items,
)
from rosters.formats.text_import.model import GearLine

WITH_ITEMS_RE = re.compile(r"^(?P<count>\d{1,4})\s++with\s++(?P<items>.+)$", re.IGNORECASE)
# (line, indent, bullet, text) of each line under a unit header.
Child = tuple[int, int, str, str]


def _counted(item: str) -> tuple[int, str]:
    match = COUNT_RE.match(item)
    if match is None:
        return 1, clean(item)
    return int(match["count"]), clean(match["name"])


def _skip(child: Child) -> bool:
    text = clean(child[3])
    if text.casefold() in WARLORD_WORDS or ENHANCEMENT_RE.match(text):
        return True
    return bool(child[2] and PRICED_UPGRADE_RE.match(text))


def _items(
    line: int, model: str | None, models: int | None, text: str, per_model: int | None
) -> list[GearLine]:
    """Split "a, 2x b" into lines; with ``per_model``, each of that many models has them."""
    found = []
    for item in split_items(text):
        count, name = _counted(item)
        if name.casefold() in WARLORD_WORDS:
            continue
        found.append(GearLine(line, model, models, count * (per_model or 1), name))
    return found


def gear_lines(children: Sequence[Child]) -> list[GearLine]:
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
        found.extend(_block(top, nested))
    return found


def _block(top: Child | None, nested: Iterable[Child]) -> list[GearLine]:
    nested = list(nested)
    found: list[GearLine] = []
    model: str | None = None
    models: int | None = None
    if top is not None:
        count, rest = _counted(clean(top[3]))
        name, _, inline = rest.partition(":")
        name = clean(name)
        if COUNT_RE.match(clean(top[3])) is None and LABEL_RE.match(clean(top[3])):
            return []  # "Attached as: Leader" and other notes
        is_model = bool(inline.strip()) or any(
            c[2] or WITH_ITEMS_RE.match(clean(c[3])) for c in nested
        )
        if is_model:
            model, models = name, count
            inline = inline.strip()
            if inline:
                with_items = WITH_ITEMS_RE.match(inline)
                if with_items:
                    found += _items(
                        top[0], model, models, with_items["items"], int(with_items["count"])
                    )
                else:
                    # "• 5x Khorne Berzerker: Bolt pistol, Chainblade": each of the five.
                    found += _items(top[0], model, models, inline, models)
        else:
            found.append(GearLine(top[0], None, None, count, name))
    for line, _indent, _bullet, raw in nested:
        text = clean(raw)
        with_items = WITH_ITEMS_RE.match(text)
        if with_items:
            found += _items(line, model, models, with_items["items"], int(with_items["count"]))
            continue
        if LABEL_RE.match(text) and COUNT_RE.match(text) is None:
            continue  # "Attached as: Leader" and other notes
        found += _items(line, model, models, text, None)
    return found
