"""Weapons of one option written as items of their own, on one model line.

An option holding several weapons ("Slugga and power klaw", "Bolt rifle w/ grenade
launcher") is often written weapon by weapon: "Power klaw, Slugga", "Astartes grenade
launcher, Bolt rifle". Read item by item, the first names the option, and the second may
name another option of the same type ("Slugga" is also a part of "Slugga and big
choppa"; "Bolt rifle" is an option of its own), so the model seems to carry two choices
where it carries one. Where one item of a line can only be read as a part of an option
(a weapon no other option of the type holds), the line's other items that are weapons of
that same option are that option's too, not items of their own.
"""

from __future__ import annotations

from collections.abc import Sequence

from rosters.formats.text_import.model import GearLine
from rosters.formats.text_import.wargear_types import Type, keys


def absorbed(target: Type, items: Sequence[GearLine]) -> dict[int, int]:
    """Return, per item (by id), how many of it are weapons of an option another item of
    the same model line already names (and so are not counted again)."""
    found: dict[int, int] = {}
    named: list[tuple[GearLine, str]] = []
    for item in items:
        if not item.name:
            continue
        hit = target.find(item.name)
        # A weapon of one option only: it says which option the line's weapons make up.
        if hit is not None and hit[1] == 0 and keys(item.name)[0] not in target.shared:
            named.append((item, hit[0]))
    if not named:
        return found
    for item in items:
        if not item.name:
            continue
        weapon = keys(item.name)[0]
        hit = target.find(item.name)
        for anchor, option in named:
            if anchor is item or hit is None or hit[0] == option:
                continue
            if weapon in target.parts.get(option, frozenset()):
                found[id(item)] = min(item.count, anchor.count)
                break
    return found
