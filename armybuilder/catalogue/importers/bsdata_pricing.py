"""Unit sizes and points brackets, worked out from a unit's model slots. Pure functions."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class ModelSlot:
    """One kind of model in a unit, e.g. "Intercessor", with how many the unit may have."""

    key: str
    name: str
    minimum: int
    maximum: int | None
    groups: tuple[str, ...] = ()
    cost: float = 0.0


@dataclass(frozen=True)
class SlotGroup:
    """A selection group holding slots, with its own minimum and maximum."""

    key: str
    minimum: int
    maximum: int | None


def _slot_max(slot: ModelSlot, groups: Mapping[str, SlotGroup]) -> int:
    if slot.maximum is not None:
        return slot.maximum
    caps = [
        cap for key in slot.groups if key in groups and (cap := groups[key].maximum) is not None
    ]
    return min(caps) if caps else max(slot.minimum, 1)


def _parents(slots: Sequence[ModelSlot]) -> dict[str, str | None]:
    parent: dict[str, str | None] = {}
    for slot in slots:
        previous = None
        for key in slot.groups:
            parent.setdefault(key, previous)
            previous = key
    return parent


def _node_bounds(
    key: str | None,
    slots: Sequence[ModelSlot],
    groups: Mapping[str, SlotGroup],
    parent: Mapping[str, str | None],
) -> tuple[int, int]:
    low = high = 0
    for slot in slots:
        if (slot.groups[-1] if slot.groups else None) == key:
            low += slot.minimum
            high += _slot_max(slot, groups)
    for child, child_parent in parent.items():
        if child_parent == key:
            child_low, child_high = _node_bounds(child, slots, groups, parent)
            low += child_low
            high += child_high
    group = groups.get(key) if key is not None else None
    if group is not None:
        low = max(low, group.minimum)
        if group.maximum is not None:
            high = min(high, group.maximum)
    return low, max(high, low)


def model_range(slots: Sequence[ModelSlot], groups: Mapping[str, SlotGroup]) -> tuple[int, int]:
    """Return the fewest and most models the unit may have."""
    return _node_bounds(None, slots, groups, _parents(slots))


def canonical_counts(
    slots: Sequence[ModelSlot], groups: Mapping[str, SlotGroup], total: int
) -> dict[str, int] | None:
    """Return one composition of ``total`` models, filling the unit's core models first."""
    # Points conditions usually count the unit's bulk model (or its group), so models go first
    # to the required slot with the most room, and only then to optional extras.
    counts = {slot.key: slot.minimum for slot in slots}

    def group_total(key: str) -> int:
        return sum(counts[s.key] for s in slots if key in s.groups)

    def room(slot: ModelSlot) -> int:
        free = _slot_max(slot, groups) - counts[slot.key]
        for key in slot.groups:
            group = groups.get(key)
            if group is not None and group.maximum is not None:
                free = min(free, group.maximum - group_total(key))
        return max(free, 0)

    order = sorted(
        range(len(slots)),
        key=lambda i: (
            slots[i].minimum == 0,
            -(_slot_max(slots[i], groups) - slots[i].minimum),
            i,
        ),
    )
    # Group minimums first (e.g. "5-10 models" around a 1-model sergeant slot).
    for key, group in groups.items():
        deficit = group.minimum - group_total(key)
        for i in order:
            if deficit <= 0:
                break
            if key in slots[i].groups:
                add = min(deficit, room(slots[i]))
                counts[slots[i].key] += add
                deficit -= add
    remaining = total - sum(counts.values())
    if remaining < 0:
        return None
    for i in order:
        if remaining <= 0:
            break
        add = min(remaining, room(slots[i]))
        counts[slots[i].key] += add
        remaining -= add
    if remaining:
        return None
    return counts


def price_table(
    slots: Sequence[ModelSlot],
    groups: Mapping[str, SlotGroup],
    price_of: Callable[[Mapping[str, int]], float | None],
) -> dict[int, int]:
    """Price every feasible model count with ``price_of`` (None prices are skipped)."""
    low, high = model_range(slots, groups)
    table: dict[int, int] = {}
    for total in range(low, high + 1):
        counts = canonical_counts(slots, groups, total)
        if counts is None:
            continue
        price = price_of(counts)
        if price is not None:
            table[total] = round(price)
    return table


def compress_brackets(prices: Mapping[int, int]) -> list[tuple[int, int]]:
    """Keep the model counts where the price steps up, plus the largest."""
    # A unit pays the price of the smallest listed count that is at least its size, so
    # {5: 80, 6: 160, ..., 10: 160} becomes [(5, 80), (10, 160)].
    counts = sorted(prices)
    out = []
    for position, count in enumerate(counts):
        last = position == len(counts) - 1
        if last or prices[counts[position + 1]] != prices[count]:
            out.append((count, prices[count]))
    return out


def slot_names(slots: Iterable[ModelSlot]) -> list[str]:
    return [slot.name for slot in slots]
