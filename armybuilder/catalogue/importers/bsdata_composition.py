"""Unit composition and points: model slots, brackets and priced options, from costs, constraints
and their modifiers.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Collection, Iterator, Mapping
from dataclasses import dataclass, field, replace
from functools import partial

from .bsdata_entries import model_entries
from .bsdata_facts import (
    NOTE_NO_MODELS,
    NOTE_PRICE_OPTIONS,
    OUTSIDE_SCOPES,
    UNIT_TYPES,
    ParsedOption,
)
from .bsdata_options import counted_ids, option_blocks, optional_models
from .bsdata_pricing import (
    ModelSlot,
    SlotGroup,
    canonical_counts,
    compress_brackets,
    model_range,
    price_table,
)
from .bsdata_root_units import is_single_model
from .bsdata_state import ParseState, UnitView
from .bsdata_xml import (
    Ctx,
    Element,
    apply_number,
    children,
    compare_count,
    constraint_span,
    constraint_value,
    cost_value,
    iter_modifiers,
    modifier_applies,
    surely_hidden,
)

WEAPON_PROFILES = frozenset({"Ranged Weapons", "Melee Weapons"})


@dataclass(frozen=True)
class _Rule:
    """A slot's or group's bound that changes with the unit's other model counts."""

    key: str
    group: bool
    kind: str
    owners: tuple[Element, ...]
    constraint: Element


@dataclass(frozen=True)
class _Option:
    """A "pick one unit size" option and the model slots it brings."""

    id: str
    name: str
    slots: tuple[ModelSlot, ...]
    rules: tuple[_Rule, ...]


@dataclass
class Composition:
    """A unit's model slots, their groups, and any "pick one unit size" options."""

    slots: list[ModelSlot] = field(default_factory=list)
    groups: dict[str, SlotGroup] = field(default_factory=dict)
    models: list[Element] = field(default_factory=list)
    rules: list[_Rule] = field(default_factory=list)
    choices: dict[str, list[_Option]] = field(default_factory=lambda: defaultdict(list))
    # Where each choice sits: the group path above its options.
    holder_paths: dict[str, tuple[str, ...]] = field(default_factory=dict)


def model_shaped(pair: tuple[Element, ...], in_required_group: bool) -> bool:
    """Tell whether an ``upgrade`` entry looks like a model type of older data: it carries
    wargear of its own, is no weapon itself, and the unit must take at least one of it or
    of a group holding it (the "Up to 3" special weapons inside "9 Traitor Guardsmen")."""
    target = pair[-1]
    if any(p.get("typeName") in WEAPON_PROFILES for p in children(target, "profiles")):
        return False
    carries = any(
        children(target, container)
        for container in ("selectionEntries", "selectionEntryGroups", "entryLinks")
    )
    needed = any(
        c.get("type") == "min"
        and c.get("field") == "selections"
        and c.get("scope") == "parent"
        and float(c.get("value") or 0) >= 1
        for owner in pair
        for c in children(owner, "constraints")
    )
    return carries and (needed or in_required_group)


def _several_models(comp: Composition) -> bool:
    """Tell whether slots make a unit of several models that their own maxima can fill."""
    low, high = model_range(comp.slots, comp.groups)
    most = sum(math.inf if s.maximum is None else s.maximum for s in comp.slots)
    return high > 1 and most >= low


def _one_model_entry(comp: Composition, unit: Element) -> bool:
    """Tell whether a unit's model entries (not the unit itself) make at most one model."""
    return all(m is not unit for m in comp.models) and model_range(comp.slots, comp.groups)[1] <= 1


def _stated_size(option_name: str) -> int | None:
    """Read the unit size an option's name states, e.g. 11 from "1 Runtherd and 10 Gretchin"."""
    if not re.match(r"^\d+\s", option_name.strip()):
        return None
    return sum(int(n) for n in re.findall(r"\b(\d+)\b", option_name)) or None


@dataclass
class _Combination:
    """One pick per unit-size choice: the options picked, the slots and rules they give."""

    picked: tuple[str, ...]
    slots: list[ModelSlot]
    rules: list[_Rule]
    # Selections the picked options take from the groups holding them, by group key.
    taken: dict[str, int]

    def plus(self, other: _Combination) -> _Combination:
        taken = Counter(self.taken)
        taken.update(other.taken)
        return _Combination(
            self.picked + other.picked,
            self.slots + other.slots,
            self.rules + other.rules,
            dict(taken),
        )


def _combinations(comp: Composition) -> Iterator[_Combination]:
    """Yield each way of picking one option per unit-size choice."""
    combos = [_Combination((), list(comp.slots), list(comp.rules), {})]
    for holder, options in comp.choices.items():
        group = comp.groups.get(holder)
        # A picked option is one selection of each group holding it (BattleScribe counts the
        # option, not the models inside it), so "9 troopers or 7 and a 2-model weapons team".
        path = [key for key in comp.holder_paths.get(holder, ()) if key in comp.groups]
        picks = [
            _Combination((o.id,), list(o.slots), list(o.rules), dict.fromkeys(path, 1))
            for o in options
        ]
        # Optional where the holder is not a "pick one" group: it has models of its own, or
        # needs no selection.
        if group is None or group.minimum == 0 or any(holder in s.groups for s in comp.slots):
            picks.append(_Combination((), [], [], {}))
        combos = [a.plus(b) for a in combos for b in picks][:64]
    yield from combos


def _take_from_groups(
    groups: Mapping[str, SlotGroup], taken: Mapping[str, int]
) -> Mapping[str, SlotGroup]:
    """Return the groups with the selections picked options take out of their bounds."""
    if not taken:
        return groups
    out = dict(groups)
    for key, number in taken.items():
        group = groups[key]
        high = None if group.maximum is None else max(group.maximum - number, 0)
        out[key] = SlotGroup(key, max(group.minimum - number, 0), high)
    return out


def unit_composition(state: ParseState, view: UnitView, ctx: Ctx, notes: list[str]) -> Composition:
    entry = view.entry
    comp = Composition()
    if is_single_model(entry, partial(model_entries, state)):
        comp.slots.append(ModelSlot(entry.get("id", ""), entry.get("name", ""), 1, 1, (), 0.0))
        comp.models.append(entry)
    _slots(state, entry, (), ctx, comp, comp.slots, comp.rules, depth=0)
    if not comp.choices and (not comp.slots or _one_model_entry(comp, entry)):
        # The first monthly snapshots (mid 2023) typed a squad's models as upgrades
        # ("Intercessor Sergeant" 1, "Intercessors" 4-9 in a group of 5-10), or all but
        # its sergeant ("Traitor Sergeant" a model, "9 Traitor Guardsmen" upgrades):
        # read those as models too where the model entries make at most one model, if
        # they then make several.
        loose = Composition()
        _slots(state, entry, (), ctx, loose, loose.slots, loose.rules, depth=0, loose=True)
        if loose.slots and _several_models(loose):
            return loose
    if not comp.slots and not comp.choices:
        notes.append(NOTE_NO_MODELS)
        comp.slots.append(ModelSlot(entry.get("id", ""), entry.get("name", ""), 1, 1, (), 0.0))
        comp.models.append(entry)
    return comp


def _bounds(
    state: ParseState, owners: tuple[Element, ...], ctx: Ctx, scopes: Collection[str]
) -> tuple[int, int | None]:
    low, high = 0, None
    for owner in owners:
        for constraint in children(owner, "constraints"):
            if constraint.get("field") != "selections":
                continue
            if constraint.get("scope") not in scopes:
                continue
            value, _ = constraint_value(state.index, owners, constraint, ctx)
            if constraint.get("type") == "min":
                low = max(low, int(value))
            elif constraint.get("type") == "max" and value >= 0:
                high = int(value) if high is None else min(high, int(value))
    return low, high


def _slot_bounds(
    state: ParseState,
    owners: tuple[Element, ...],
    ctx: Ctx,
    scopes: Collection[str],
    key: str,
    group: bool,
    rules: list[_Rule],
) -> tuple[int, int | None]:
    """Return a slot's or group's widest bounds, noting those that depend on other counts."""
    # "Up to 2 Nodebeasts once the unit has 20 Neurogaunts", "a Dishonoured replaces a
    # Jakhal": such bounds are widened here and checked per composition while pricing.
    low, high = 0, None
    for owner in owners:
        for constraint in children(owner, "constraints"):
            kind = constraint.get("type")
            if constraint.get("field") != "selections" or kind not in ("min", "max"):
                continue
            if constraint.get("scope") not in scopes:
                continue
            if _count_dependent(state, owners, constraint):
                lowest, highest = constraint_span(
                    state.index, owners, constraint, ctx, partial(_counts_models, state)
                )
                value = lowest if kind == "min" else highest
                rules.append(_Rule(key, group, kind, owners, constraint))
            else:
                value, _ = constraint_value(state.index, owners, constraint, ctx)
            if kind == "min":
                low = max(low, int(value))
            elif value >= 0:
                high = int(value) if high is None else min(high, int(value))
    return low, high


def _count_dependent(state: ParseState, owners: tuple[Element, ...], constraint: Element) -> bool:
    """Tell whether a modifier of ``constraint`` depends on the unit's own model counts."""
    constraint_id = constraint.get("id")
    return any(
        modifier.get("field") == constraint_id and _counts_models(state, modifier, groups)
        for owner in owners
        for modifier, groups in iter_modifiers(owner)
    )


def _counts_models(state: ParseState, modifier: Element, groups: tuple[Element, ...]) -> bool:
    """Tell whether a modifier's conditions or repeats count models (or sizes) of the unit."""
    tests = list(children(modifier, "repeats"))
    for holder in (modifier, *groups):
        # A modifierGroup's own conditions only: iter() would reach its modifiers' too.
        tests.extend(children(holder, "conditions"))
        for group in children(holder, "conditionGroups"):
            tests.extend(group.iter("condition"))
    for test in tests:
        if test.get("field") != "selections" or test.get("scope") in OUTSIDE_SCOPES:
            continue
        child = test.get("childId", "")
        if child == "model":
            return True
        target = state.index.entries.get(child)
        if target is not None and (
            target.get("type") in UNIT_TYPES or model_entries(state, target)
        ):
            return True
    return False


def _slots(
    state: ParseState,
    element: Element,
    path: tuple[str, ...],
    ctx: Ctx,
    comp: Composition,
    sink: list[ModelSlot],
    rules: list[_Rule],
    depth: int,
    loose: bool = False,
) -> None:
    if depth > 6:
        return
    for container in ("selectionEntries", "selectionEntryGroups", "entryLinks"):
        for child in children(element, container):
            target = state.index.target(child)
            if target is None:
                continue
            pair = (child, target) if child is not target else (target,)
            if surely_hidden(state.index, pair, ctx):
                continue
            parent_id = element.get("id", "")
            scopes = {"parent", parent_id, *path}
            kind = target.get("type")
            key = target.get("id", "")
            if target.tag == "selectionEntryGroup":
                low, high = _slot_bounds(state, pair, ctx, scopes, key, True, rules)
                comp.groups[key] = SlotGroup(key, low, high)
                _slots(state, target, (*path, key), ctx, comp, sink, rules, depth + 1, loose)
            elif kind == "model" or (
                loose
                and kind == "upgrade"
                and model_shaped(pair, any(comp.groups[k].minimum >= 1 for k in path))
            ):
                low, high = _slot_bounds(state, pair, ctx, scopes, key, False, rules)
                cost = cost_value(state.index, target) or 0.0
                sink.append(ModelSlot(key, target.get("name", ""), low, high, path, cost))
                comp.models.append(target)
            elif kind == "unit":
                _slots(state, target, path, ctx, comp, sink, rules, depth + 1, loose)
            elif kind == "upgrade" and depth < 3 and model_entries(state, target):
                # "1 Runtherd and 10 Gretchin": an option that brings the models with it.
                # Its group counts options, not models, so its slots start a fresh path.
                option = _option(state, target, ctx, comp, depth)
                if option is not None:
                    holder = path[-1] if path else parent_id
                    comp.choices[holder].append(option)
                    comp.holder_paths[holder] = path


def _option(
    state: ParseState, target: Element, ctx: Ctx, comp: Composition, depth: int
) -> _Option | None:
    """Build a unit-size option from the model slots it brings."""
    inner: list[ModelSlot] = []
    rules: list[_Rule] = []
    _slots(state, target, (), ctx, comp, inner, rules, depth + 1)
    if not inner:
        return None
    option_id, name = target.get("id", ""), target.get("name", "")
    stated = _stated_size(name)
    low, high = model_range(inner, comp.groups)
    if stated is not None and low <= stated <= high and low != high:
        # The name states the size ("1 Sergeant and 9 Troopers") where the slots only give
        # a range (their weapon groups overlap); hold the option's models to that number.
        size_key = f"{option_id}:size"
        comp.groups[size_key] = SlotGroup(size_key, stated, stated)
        inner = [replace(slot, groups=(size_key, *slot.groups)) for slot in inner]
    return _Option(option_id, name, tuple(inner), tuple(rules))


def pricing(
    state: ParseState, view: UnitView, comp: Composition, ctx: Ctx, notes: list[str]
) -> tuple[int, int, list[tuple[int, int]], list[ParsedOption]]:
    """Price every model count the unit allows and compress that into brackets."""
    entry = view.entry
    base = cost_value(state.index, entry)
    if view.link is not None:
        link_cost = cost_value(state.index, view.link)
        if link_cost:
            base = link_cost
    base = base or 0.0
    options: dict[str, ParsedOption] = {}
    groups = comp.groups
    all_slots = [*comp.slots, *(s for c in comp.choices.values() for o in c for s in o.slots)]
    free_extras: set[str] = set()
    if base > 0:
        # With a unit price, a priced optional model is an extra, not part of the bracket.
        for slot in all_slots:
            if slot.cost > 0 and slot.minimum == 0 and slot.key != entry.get("id"):
                options[slot.name] = ParsedOption(slot.name, round(slot.cost), slot.maximum or 1)
                free_extras.add(slot.key)
    pts_modifiers = [
        (modifier, groups_)
        for element in view.elements
        for modifier, groups_ in iter_modifiers(element)
        if modifier.get("field") == state.index.pts_id
    ]
    # Priced optional models (bsdata_options) are options, not models of the bracket.
    uncounted = (
        optional_models(all_slots, groups, entry.get("id", ""), counted_ids(pts_modifiers))
        if base > 0
        else {}
    )
    free_extras.update(uncounted)
    group_members: dict[str, list[str]] = defaultdict(list)
    for slot in all_slots:
        for key in slot.groups:
            group_members[key].append(slot.key)
    unit_ids = {entry.get("id", ""), "unit"}
    if view.link is not None:
        unit_ids.add(view.link.get("id", ""))
    uncertain = False
    option_modifiers: set[int] = set()

    chosen: set[str] = set()
    option_ids = {o.id for c in comp.choices.values() for o in c}

    def counter(counts: Mapping[str, int]) -> Callable[[str], int | None]:
        def count(child: str) -> int | None:
            if child == "model":
                return sum(counts.values())
            if child in option_ids:
                return 1 if child in chosen else 0
            if child in counts:
                return counts[child]
            if child in group_members:
                return sum(counts.get(k, 0) for k in group_members[child])
            if child in uncounted:
                return 0
            if child in unit_ids:
                return 1
            return None

        return count

    for modifier, _ in pts_modifiers:
        if modifier.get("type") == "increment":
            option = _option_condition(state, modifier, entry)
            if option is not None:
                option_modifiers.add(id(modifier))
                options.setdefault(
                    option, ParsedOption(option, round(float(modifier.get("value") or 0)), 1)
                )

    def price_of(counts: Mapping[str, int]) -> float | None:
        nonlocal uncertain
        count = counter(counts)

        def leaf(condition: Element) -> bool | None:
            if condition.get("scope") in OUTSIDE_SCOPES:
                return None
            if condition.get("field") != "selections":
                return None
            number = count(condition.get("childId", ""))
            if number is None:
                # Brackets price the plain unit: options and joined units count as none.
                nonlocal uncertain
                uncertain = True
                number = 0
            value = float(condition.get("value") or 0)
            return compare_count(condition.get("type", ""), number, value)

        price = base
        for modifier, enclosing in pts_modifiers:
            if id(modifier) in option_modifiers:
                continue
            applies = modifier_applies(state.index, modifier, enclosing, ctx, leaf)
            if applies is None:
                uncertain = True
                continue
            if not applies:
                continue
            repeat = _repeat_factor(modifier, count)
            if repeat is None:
                uncertain = True
                continue
            price = apply_number(modifier, price, repeat)
        for slot in slots_now:
            if slot.key not in free_extras:
                price += slot.cost * counts.get(slot.key, 0)
        return price

    def allowed(counts: Mapping[str, int]) -> bool:
        count = counter(counts)

        def leaf(condition: Element) -> bool | None:
            if condition.get("scope") in OUTSIDE_SCOPES:
                return None
            if condition.get("field") != "selections":
                return None
            number = count(condition.get("childId", ""))
            if number is None:
                return None
            value = float(condition.get("value") or 0)
            return compare_count(condition.get("type", ""), number, value)

        for rule in combo.rules:
            if rule.group:
                held = sum(counts[s.key] for s in slots_now if rule.key in s.groups)
                held += combo.taken.get(rule.key, 0)
            else:
                held = counts.get(rule.key, 0)
            bound = _rule_value(state, rule, ctx, leaf, count)
            if rule.kind == "min" and held < bound:
                return False
            if rule.kind == "max" and 0 <= bound < held:
                return False
        return True

    table: dict[int, int] = {}
    sizes: list[tuple[int, int]] = []
    for combo in _combinations(comp):
        chosen = set(combo.picked)
        slots_now = [slot for slot in combo.slots if slot.key not in uncounted]
        groups_now = _take_from_groups(groups, combo.taken)
        sizes.append(model_range(slots_now, groups_now))
        check = allowed if combo.rules else None
        for count, points in price_table(slots_now, groups_now, price_of, check).items():
            table[count] = min(points, table.get(count, points))
        for slot in uncounted.values():
            if slot.cost == 0 and slot.name not in options and table:
                smallest = canonical_counts(slots_now, groups_now, min(table), check)
                found = smallest and _option_of_count(slot, smallest, price_of)
                if found:
                    options[found.name] = found
    # The sizes that can be built; the slots' span only where none can (bad data).
    low = min(table) if table else min(low for low, _ in sizes)
    high = max(table) if table else max(high for _, high in sizes)
    if uncertain:
        notes.append(NOTE_PRICE_OPTIONS)
    if not any(points > 0 for points in table.values()):
        brackets: list[tuple[int, int]] = []
    else:
        brackets = compress_brackets(table)
    for upgrade in _priced_upgrades(state, view, ctx):
        options.setdefault(upgrade.name, upgrade)
    return low, high, brackets, sorted(options.values(), key=lambda o: o.name)


def _option_of_count(
    slot: ModelSlot,
    counts: Mapping[str, int],
    price_of: Callable[[Mapping[str, int]], float | None],
) -> ParsedOption | None:
    """Price an optional model the unit's points count, from what it adds to the
    smallest unit (bsdata_options.option_blocks)."""
    plain = price_of(counts)
    most = slot.maximum or 1
    deltas = []
    for number in range(1, most + 1):
        priced = price_of({**counts, slot.key: number})
        if priced is None or plain is None:
            return None
        deltas.append(priced - plain)
    blocks = option_blocks(deltas, most)
    if blocks is None:
        return None
    points, size, times = blocks
    name = slot.name if size == 1 else f"{size} {slot.name}"
    return ParsedOption(name, points, times)


def _repeat_factor(modifier: Element, count: Callable[[str], int | None]) -> float | None:
    repeats = children(modifier, "repeats")
    if not repeats:
        return 1
    factor = 0.0
    for repeat in repeats:
        number = count(repeat.get("childId", ""))
        if number is None:
            return None
        step = float(repeat.get("value") or 1) or 1
        factor += math.floor(number / step) * float(repeat.get("repeats") or 1)
    return factor


def _rule_value(
    state: ParseState,
    rule: _Rule,
    ctx: Ctx,
    leaf: Callable[[Element], bool | None],
    count: Callable[[str], int | None],
) -> float:
    """Return a count-dependent bound's value for one composition."""
    value = float(rule.constraint.get("value") or 0)
    constraint_id = rule.constraint.get("id")
    for owner in rule.owners:
        for modifier, groups in iter_modifiers(owner):
            if modifier.get("field") != constraint_id:
                continue
            if modifier_applies(state.index, modifier, groups, ctx, leaf) is not True:
                continue
            # Repeats over things the unit cannot count apply once, as constraint_value does.
            repeat = _repeat_factor(modifier, count)
            value = apply_number(modifier, value, 1 if repeat is None else repeat)
    return value


def _option_condition(state: ParseState, modifier: Element, entry: Element) -> str | None:
    """Name the unit option an "increment points if selected" modifier depends on."""
    conditions = children(modifier, "conditions")
    if len(conditions) != 1 or children(modifier, "conditionGroups"):
        return None
    condition = conditions[0]
    if condition.get("type") not in ("atLeast", "greaterThan") or children(modifier, "repeats"):
        return None
    target = state.index.entries.get(condition.get("childId", ""))
    if target is None or target.get("type") in UNIT_TYPES:
        return None
    return target.get("name")


def _priced_upgrades(state: ParseState, view: UnitView, ctx: Ctx) -> list[ParsedOption]:
    found: dict[str, ParsedOption] = {}
    _walk_upgrades(state, view.entry, ctx, found, multiplier=1, depth=0)
    return list(found.values())


def _walk_upgrades(
    state: ParseState,
    element: Element,
    ctx: Ctx,
    found: dict[str, ParsedOption],
    multiplier: int,
    depth: int,
) -> None:
    if depth > 6:
        return
    for container in ("selectionEntries", "selectionEntryGroups", "entryLinks"):
        for child in children(element, container):
            target = state.index.target(child)
            if target is None or target.get("id") in state.enhancement_groups:
                continue
            pair = (child, target) if child is not target else (target,)
            if target.get("id") in state.enhancement_ids or surely_hidden(state.index, pair, ctx):
                continue
            if target.tag == "selectionEntryGroup":
                _walk_upgrades(state, target, ctx, found, multiplier, depth + 1)
                continue
            kind = target.get("type")
            if kind == "model":
                _, high = _bounds(state, pair, ctx, {"parent", element.get("id", "")})
                _walk_upgrades(state, target, ctx, found, multiplier * (high or 1), depth + 1)
                continue
            if kind != "upgrade":
                continue
            cost = cost_value(state.index, target) or 0
            if cost > 0:
                _, high = _bounds(state, pair, ctx, {"parent", "unit", element.get("id", "")})
                name = target.get("name", "")
                found.setdefault(
                    name,
                    ParsedOption(
                        name,
                        round(cost),
                        max((high or 1) * multiplier, 1),
                        source_id=target.get("id", ""),
                    ),
                )
            _walk_upgrades(state, target, ctx, found, multiplier, depth + 1)
