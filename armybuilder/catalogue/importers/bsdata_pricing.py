"""Unit sizes and points brackets, worked out from a unit's model slots. Pure functions."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
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


# Decides whether a composition (model counts by slot key) is one the data allows, for bounds
# that change with what else the unit holds (e.g. "a second Nodebeast with 20 Neurogaunts").
Validator = Callable[[Mapping[str, int]], bool]
# How many compositions the fallback search may try for one model count.
SEARCH_LIMIT = 4000


def _fill_order(slots: Sequence[ModelSlot], groups: Mapping[str, SlotGroup]) -> list[int]:
    # Points conditions usually count the unit's bulk model (or its group), so models go first
    # to the required slot with the most room, and only then to optional extras.
    return sorted(
        range(len(slots)),
        key=lambda i: (
            slots[i].minimum == 0
            and not any(g in groups and groups[g].minimum > 0 for g in slots[i].groups),
            -(_slot_max(slots[i], groups) - slots[i].minimum),
            i,
        ),
    )


def _greedy_counts(
    slots: Sequence[ModelSlot], groups: Mapping[str, SlotGroup], total: int, order: list[int]
) -> dict[str, int] | None:
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


def _within_groups(
    slots: Sequence[ModelSlot], groups: Mapping[str, SlotGroup], counts: Mapping[str, int]
) -> bool:
    """Tell whether every group holding some of ``slots`` is within its bounds."""
    for key, group in groups.items():
        members = [s.key for s in slots if key in s.groups]
        if not members:
            continue
        held = sum(counts[k] for k in members)
        if held < group.minimum or (group.maximum is not None and held > group.maximum):
            return False
    return True


def _search_counts(
    slots: Sequence[ModelSlot],
    groups: Mapping[str, SlotGroup],
    total: int,
    order: list[int],
    valid: Validator,
) -> dict[str, int] | None:
    """Find a composition of ``total`` models that ``valid`` accepts, or None."""
    # Depth-first over the slots in fill order, largest counts first, so the first hit is the
    # composition closest to the greedy one.
    budget = SEARCH_LIMIT
    counts = {slot.key: 0 for slot in slots}
    highs = [_slot_max(slots[i], groups) for i in order]
    # The most the slots after position p can still add, to prune hopeless branches.
    tail = [0] * (len(order) + 1)
    for position in range(len(order) - 1, -1, -1):
        tail[position] = tail[position + 1] + highs[position]

    def walk(position: int, left: int) -> bool:
        nonlocal budget
        budget -= 1
        if budget < 0:
            return False
        if position == len(order):
            return left == 0 and _within_groups(slots, groups, counts) and valid(counts)
        slot = slots[order[position]]
        for number in range(min(highs[position], left), slot.minimum - 1, -1):
            if left - number > tail[position + 1]:
                break
            counts[slot.key] = number
            if walk(position + 1, left - number):
                return True
        counts[slot.key] = 0
        return False

    return dict(counts) if walk(0, total) else None


def canonical_counts(
    slots: Sequence[ModelSlot],
    groups: Mapping[str, SlotGroup],
    total: int,
    valid: Validator | None = None,
) -> dict[str, int] | None:
    """Return one allowed composition of ``total`` models, filling the unit's core models first."""
    order = _fill_order(slots, groups)
    counts = _greedy_counts(slots, groups, total, order)
    if valid is None or (counts is not None and valid(counts)):
        return counts
    # The greedy fill broke a bound that depends on the other counts; look for another.
    return _search_counts(slots, groups, total, order, valid)


def price_table(
    slots: Sequence[ModelSlot],
    groups: Mapping[str, SlotGroup],
    price_of: Callable[[Mapping[str, int]], float | None],
    valid: Validator | None = None,
) -> dict[int, int]:
    """Price every allowed model count with ``price_of`` (None prices are skipped)."""
    low, high = model_range(slots, groups)
    table: dict[int, int] = {}
    for total in range(low, high + 1):
        counts = canonical_counts(slots, groups, total, valid)
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
