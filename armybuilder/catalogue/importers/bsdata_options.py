"""Models the data prices as options: an extra vehicle, a beast, an Exarch. Pure functions.

BSData gives a unit its own points and then either prices an optional model on the model
entry itself (Outrider Squad's Invader ATV: 60 pts) or makes the unit's points depend on
how many of that model are taken (Wolf Guard Headtakers: 85 for three, 110 with Hunting
Wolves). Either way the model is an option on top of the bracket, not one more model in
it (RULES.md: "Models that the data prices as an option ... are options, not extra models
in the bracket"). Such a slot is optional (a minimum of 0), not the unit itself, alone in
its selection groups, none of which the unit must fill (so the core models' bounds do not
need it), and priced: by its own
cost, or by a points modifier whose conditions count it.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence

from .bsdata_pricing import ModelSlot, SlotGroup
from .bsdata_xml import Element


def counted_ids(modifiers: Iterable[tuple[Element, tuple[Element, ...]]]) -> set[str]:
    """Return the entry ids whose selection counts a unit's points modifiers test."""
    found: set[str] = set()
    for modifier, groups in modifiers:
        for holder in (modifier, *groups):
            for test in (*holder.iter("condition"), *holder.iter("repeat")):
                if test.get("field") == "selections":
                    found.add(test.get("childId", ""))
    return found


def optional_models(
    slots: Sequence[ModelSlot],
    groups: Mapping[str, SlotGroup],
    unit_id: str,
    priced_ids: set[str],
) -> dict[str, ModelSlot]:
    """Return the model slots (by key) that the data prices as options."""
    members: dict[str, set[str]] = defaultdict(set)
    for slot in slots:
        for key in slot.groups:
            members[key].add(slot.key)
    found: dict[str, ModelSlot] = {}
    for slot in slots:
        if slot.minimum != 0 or slot.key == unit_id:
            continue
        if any(key in groups and groups[key].minimum > 0 for key in slot.groups):
            # "5-10 Shadow Spectres": a group the unit must fill holds its core models.
            continue
        if any(members[key] - {slot.key} for key in slot.groups):
            continue
        if slot.cost > 0 or slot.key in priced_ids:
            found[slot.key] = slot
    # A unit made only of optional models has nothing else to bracket: keep them as models.
    if len({s.key for s in slots} - set(found)) == 0:
        return {}
    return found


def option_blocks(deltas: Sequence[float], most: int) -> tuple[int, int, int] | None:
    """Read an option's price from what 1, 2, ... of the model add to the smallest unit.

    Return (points, models per option, most options), or None when the first model adds
    nothing. "3 Hunting Wolves for 25 pts" adds 25 for the first to third wolf, so the
    option is 3 wolves at 25, taken at most twice for six.
    """
    if not deltas or deltas[0] <= 0:
        return None
    first = deltas[0]
    block = 1
    while block < len(deltas) and deltas[block] == first:
        block += 1
    return round(first), block, max(math.ceil(most / block), 1)
