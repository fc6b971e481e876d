"""Detachment upgrades: priced upgrades inside a unit that only one detachment shows.

BSData codes them as an ``upgrade`` entry with its own points under a unit (e.g. a C'tan
Shard's power in Pantheon of Woe, an assassin's Extremis upgrade in the Veiled Blade
Elimination Force), hidden unless a detachment is chosen, and often made compulsory there
by a modifier that sets its minimum. They are not enhancements (those sit in shared
groups outside the units) and not options (the unit never shows them without the
detachment). Each becomes one ParsedUpgrade per detachment: its name and points, and per
datasheet the least and most a unit takes, as the data states them under that detachment.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from .bsdata_facts import DatasheetKey, ParsedUpgrade, UpgradeSlot
from .bsdata_state import ParseState
from .bsdata_xml import (
    Ctx,
    Element,
    Index,
    apply_number,
    children,
    constraint_value,
    cost_value,
    iter_modifiers,
    maybe_visible,
    modifier_applies,
    surely_hidden,
)

# How deep inside a unit an upgrade may sit (unit > model > wargear group > upgrade ...).
MAX_DEPTH = 6


def gating_detachments(chain: tuple[Element, ...], detachments: frozenset[str]) -> set[str]:
    """Return the detachment ids that a hidden or constraint modifier on the chain mentions."""
    found: set[str] = set()
    for element in chain:
        for modifier, groups in iter_modifiers(element):
            for holder in (modifier, *groups):
                for condition in holder.iter("condition"):
                    child = condition.get("childId", "")
                    if child in detachments:
                        found.add(child)
    return found


def _candidates(
    index: Index, element: Element, path: tuple[Element, ...], skip: set[str], depth: int
) -> Iterator[tuple[Element, tuple[Element, ...]]]:
    """Yield each priced upgrade inside a unit with the chain of elements leading to it."""
    if depth > MAX_DEPTH:
        return
    for container in ("selectionEntries", "selectionEntryGroups", "entryLinks"):
        for child in children(element, container):
            target = index.target(child)
            if target is None or target.get("id", "") in skip:
                continue
            hop = (child, target) if child is not target else (target,)
            kind = target.get("type")
            if target.tag == "selectionEntry" and kind == "unit":
                continue
            if kind == "upgrade" and (cost_value(index, target) or 0) > 0:
                yield target, (*path, *hop)
            yield from _candidates(index, target, (*path, *hop), skip, depth + 1)


def upgrade_bounds(index: Index, pair: tuple[Element, ...], ctx: Ctx) -> tuple[int, int | None]:
    """Return the least and most selections of the upgrade per unit under ``ctx``."""
    low, high = 0, None
    for owner in pair:
        for constraint in children(owner, "constraints"):
            if constraint.get("field") != "selections" or constraint.get("scope") != "parent":
                continue
            value, _ = constraint_value(index, pair, constraint, ctx)
            if constraint.get("type") == "min":
                low = max(low, int(value))
            elif constraint.get("type") == "max" and value >= 0:
                high = int(value) if high is None else min(high, int(value))
    return low, high


def upgrade_points(index: Index, entry: Element, ctx: Ctx) -> int:
    points = cost_value(index, entry) or 0.0
    for modifier, groups in iter_modifiers(entry):
        if modifier.get("field") == index.pts_id and (
            modifier_applies(index, modifier, groups, ctx) is True
        ):
            points = apply_number(modifier, points)
    return round(points)


def read_upgrades(
    parser: ParseState,
    owners: dict[str, tuple[str, str]],
) -> list[ParsedUpgrade]:
    """Read every datasheet's detachment upgrades.

    ``owners`` maps a detachment's entry id to the (faction, name) it was imported under.
    """
    index = parser.index
    detachments = frozenset(owners)
    skip = parser.enhancement_ids | parser.enhancement_groups
    found: dict[tuple[str, str, str], _Found] = {}
    seen: set[DatasheetKey] = set()
    for faction in sorted(parser.factions.values(), key=lambda f: f.name):
        for view in faction.views:
            key = parser.sheet_key.get(view.key) if view.key is not None else None
            # The owner's own view reads the datasheet; another faction's sees the same entry.
            if key is None or key in seen or view.faction != key[0]:
                continue
            seen.add(key)
            none = Ctx(faction.file.id, detachment="")
            for entry, chain in _candidates(index, view.entry, view.elements, skip, 0):
                for detachment_id in sorted(gating_detachments(chain, detachments)):
                    ctx = Ctx(faction.file.id, detachment=detachment_id)
                    if not maybe_visible(index, chain, ctx):
                        continue
                    if not surely_hidden(index, chain, none):
                        # Shown without the detachment too: an option, not its upgrade.
                        continue
                    pair = (
                        chain[-2:]
                        if len(chain) > 1 and chain[-2].tag == "entryLink"
                        else chain[-1:]
                    )
                    low, high = upgrade_bounds(index, pair, ctx)
                    if high == 0:
                        continue
                    owner, detachment = owners[detachment_id]
                    name = entry.get("name", "").strip()
                    points = upgrade_points(index, entry, ctx)
                    item = found.setdefault(
                        (owner, detachment, name.lower()),
                        _Found(name, points, entry.get("id", "")),
                    )
                    item.units.setdefault(key, UpgradeSlot(key, low, high or 1))
    return [
        ParsedUpgrade(
            faction=owner,
            detachment=detachment,
            name=item.name,
            points=item.points,
            source_id=item.source_id,
            units=tuple(sorted(item.units.values(), key=lambda s: s.datasheet)),
        )
        for (owner, detachment, _), item in sorted(found.items())
    ]


@dataclass
class _Found:
    name: str
    points: int
    source_id: str
    units: dict[DatasheetKey, UpgradeSlot] = field(default_factory=dict)
