"""WARGEAR_CHOICE: each model type's wargear against its datasheet's groups and ratios.

A unit's wargear is a ``Loadout`` per model type: how many models of that type, and how
many of each option they carry between them. Counts are per type, not per model, so a
group is checked on its totals: ``n`` models of a type carry between ``n * minimum`` and
``n * maximum`` of the group's options. An option listed in two groups of one type (a
chainsword as either weapon) may count towards either, so it never makes a legal choice
fail; a ``cap`` group (a group nested in another, an option's own cap) is not another
slot: what it caps counts towards it and its other group in full. Unit-wide caps and
ratio limits count the options across the unit.

Also here: the default loadout for a model count, ``complete_loadout`` for what an
imported list states (RULES.md, "What an imported list states": what the list leaves out
carries the defaults), ``refit`` for a changed model count (keeps the choices that still
fit, reports the others), and WARGEAR_UNREAD for the wargear lines an import could not
place. Priced wargear is priced where every unit is priced, ``context.unit_points``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from armybuilder.rules import codes
from armybuilder.rules.model import (
    Datasheet,
    Loadout,
    ModelType,
    Unit,
    Violation,
    WargearGroup,
)

# A choice refit could not keep: (model type, option, count).
Dropped = tuple[str, str, int]


@dataclass(frozen=True, slots=True)
class GroupCount:
    """How far one model type has gone into one group, for a face to show ("2 / 2")."""

    model: str
    group: str
    used: int
    minimum: int
    maximum: int
    # The unit-wide cap in force for this unit size, where the data states one.
    unit_cap: int | None = None
    unit_used: int = 0

    @property
    def over(self) -> bool:
        return self.used > self.maximum or (
            self.unit_cap is not None and self.unit_used > self.unit_cap
        )

    @property
    def under(self) -> bool:
        return self.used < self.minimum


def _per_model_defaults(kind: ModelType) -> dict[str, int]:
    found: dict[str, int] = {}
    for group in kind.groups:
        for option, count in group.default:
            found[option] = found.get(option, 0) + count
    return found


def _type_counts(sheet: Datasheet, models: int) -> dict[str, int]:
    """Share ``models`` among the model types: minimums first, then the fill type."""
    counts = {kind.name: kind.minimum for kind in sheet.model_types}
    left = models - sum(counts.values())
    order = sorted(sheet.model_types, key=lambda kind: kind.name != sheet.fill)
    for kind in order:
        if left <= 0:
            break
        room = max(kind.maximum - counts[kind.name], 0)
        # Capped options (a ratio) would overflow: fill plain types first.
        if any(g.unit_max is not None for g in kind.groups) and kind.name != sheet.fill:
            continue
        take = min(room, left)
        counts[kind.name] += take
        left -= take
    if left > 0 and order:
        # More models than the types hold: UNIT_SIZE reports it; keep the count whole.
        counts[order[0].name] += left
    elif left < 0:
        # Fewer than the minimums: take from the fill type first, never below zero.
        for kind in order:
            take = min(counts[kind.name], -left)
            counts[kind.name] -= take
            left += take
            if left == 0:
                break
    return counts


def _with_defaults(kind: ModelType, models: int) -> Loadout:
    wargear = tuple((o, n * models) for o, n in sorted(_per_model_defaults(kind).items()) if n)
    return Loadout(kind.name, models, wargear)


def default_loadout(sheet: Datasheet, models: int) -> tuple[Loadout, ...]:
    """Return the datasheet's default wargear for a unit of ``models`` models."""
    counts = _type_counts(sheet, models)
    return tuple(
        _with_defaults(kind, counts[kind.name])
        for kind in sheet.model_types
        if counts[kind.name] > 0
    )


def complete_loadout(
    sheet: Datasheet, models: int, stated: Iterable[Loadout]
) -> tuple[Loadout, ...]:
    """Read the wargear a list states as a judge would: what it leaves out, the defaults.

    The stated model types keep their counts and the wargear given for them. Models the
    list does not account for go to the types it does not state (up to their minimums),
    then to the fill type, then to any type with room, with their defaults. A group of a
    stated type that the list gives nothing of takes its defaults; one given short of its
    minimum is topped up with its default. What the list does state is kept as it is, so
    a loadout the datasheet cannot have is still a WARGEAR_CHOICE error. Nothing stated
    (an empty loadout) stays empty: the unit takes its defaults.
    """
    parts = tuple(stated)
    if not parts or not sheet.model_types:
        return parts
    # The same squads recur in every list of an event: found by value, for these very types.
    key = (id(sheet.model_types), sheet.fill, models, parts)
    hit = _COMPLETED.get(key)
    if hit is not None and hit[0] is sheet.model_types:
        return hit[1]
    found = _completed(sheet, models, parts)
    if len(_COMPLETED) >= _CHECKED_MAX:
        _COMPLETED.clear()
    _COMPLETED[key] = (sheet.model_types, found)
    return found


_COMPLETED: dict[tuple[object, ...], tuple[tuple[ModelType, ...], tuple[Loadout, ...]]] = {}


def _completed(sheet: Datasheet, models: int, parts: tuple[Loadout, ...]) -> tuple[Loadout, ...]:
    kinds = {kind.name: kind for kind in sheet.model_types}
    counts = {part.model: part.models for part in parts}
    carried = {part.model: dict(part.wargear) for part in parts}
    added = _unstated_models(sheet, counts, models - sum(counts.values()))
    found: list[Loadout] = []
    for kind in sheet.model_types:
        n = counts.get(kind.name, 0) + added.get(kind.name, 0)
        if n <= 0:
            continue
        gear = _filled(kind, counts.get(kind.name, 0), carried.get(kind.name, {}))
        extra = added.get(kind.name, 0)
        for option, count in _per_model_defaults(kind).items():
            if count and extra:
                gear[option] = gear.get(option, 0) + count * extra
        wargear = tuple(sorted((option, count) for option, count in gear.items() if count))
        found.append(Loadout(kind.name, n, wargear))
    # Model types the datasheet has not stay as stated: WARGEAR_CHOICE names them.
    found += [part for part in parts if part.model not in kinds]
    return tuple(found)


def _unstated_models(sheet: Datasheet, counts: dict[str, int], left: int) -> dict[str, int]:
    """Share the models a list leaves out among the model types, as the defaults would."""
    added: dict[str, int] = {}
    if left <= 0:
        return added

    def take(kind: ModelType, most: int) -> None:
        nonlocal left
        n = min(max(most, 0), left)
        if n > 0:
            added[kind.name] = added.get(kind.name, 0) + n
            left -= n

    def room(kind: ModelType) -> int:
        return kind.maximum - counts.get(kind.name, 0) - added.get(kind.name, 0)

    for kind in sheet.model_types:
        if kind.name not in counts:
            take(kind, kind.minimum)
    order = sorted(sheet.model_types, key=lambda kind: kind.name != sheet.fill)
    for kind in order:
        # Capped options (a ratio) would overflow: plain types take the rest first.
        if kind.name == sheet.fill or not any(g.unit_max is not None for g in kind.groups):
            take(kind, room(kind))
    if left > 0 and order:
        # More models than the types hold: UNIT_SIZE reports it; keep the count whole.
        take(order[0], left)
    return added


def _filled(kind: ModelType, models: int, stated: dict[str, int]) -> dict[str, int]:
    """A stated type's wargear with its left-out groups filled from the defaults."""
    gear = dict(stated)
    if models <= 0:
        return gear
    for group in kind.groups:
        used = sum(gear.get(option, 0) for option in group.options)
        if used == 0:
            # The list gives nothing of this group: its defaults, for every model.
            for option, count in group.default:
                if count:
                    gear[option] = gear.get(option, 0) + count * models
            continue
        short = group.minimum * models - used
        first = next((option for option, count in group.default if count), None)
        if short > 0 and first is not None:
            gear[first] = gear.get(first, 0) + short
    return gear


def loadout_of(unit: Unit) -> tuple[Loadout, ...]:
    """Return a unit's wargear, its datasheet's defaults where it states none."""
    return unit.loadout or default_loadout(unit.datasheet, unit.models)


def wargear_points(sheet: Datasheet, loadout: Iterable[Loadout]) -> int:
    """Price the priced wargear a loadout carries."""
    priced = sheet.wargear_points
    if not priced:
        return 0
    total = 0
    # A handful of items against one or two priced ones: plain loops beat building a dict.
    for part in loadout:
        for option, count in part.wargear:
            for name, points in priced:
                if name == option:
                    total += points * count
    return total


def _unit_caps(
    sheet: Datasheet, loadout: tuple[Loadout, ...], models: int
) -> list[tuple[WargearGroup, int, int]]:
    """Return each unit-wide cap once, with what the unit carries of it and the cap."""
    caps: list[tuple[WargearGroup, int, int]] = []
    seen: set[tuple[str, tuple[str, ...]]] = set()
    parts = {part.model: part for part in loadout}
    for kind in sheet.model_types:
        for group in kind.groups:
            cap = group.unit_cap(models)
            key = (group.name, group.options)
            if cap is None or key in seen:
                continue
            seen.add(key)
            # Counted over every type that states this same cap.
            held = [
                (k, g)
                for k in sheet.model_types
                for g in k.groups
                if g.name == group.name and g.options == group.options and g.unit_max is not None
            ]
            used = sum(
                _toward_cap(k, g, dict(parts[k.name].wargear), parts[k.name].models)
                for k, g in held
                if k.name in parts
            )
            if used > cap and _one_choice(sheet, group, cap, held, parts):
                used = cap
            caps.append((group, used, cap))
    return caps


def _toward_cap(kind: ModelType, group: WargearGroup, carried: dict[str, int], models: int) -> int:
    """What one model type carries that counts towards a unit-wide capped group.

    A cap on options another group offers (``cap``) counts all of them. A group of its
    own shares a slot with the type's other groups that offer only its options (the unit's
    one close combat weapon beside each model's own): an item counts towards the cap only
    where those other groups have no room left for it.
    """
    inside = sum(carried.get(option, 0) for option in group.options)
    if group.cap or not inside:
        return inside
    mine = set(group.options)
    room = 0
    for other in kind.groups:
        # Only a group of the same items is the model's own slot for them; a choice among
        # other items too (the heavy weapon a model may swap its gun for) is the capped
        # choice itself, and every pick of it counts.
        if other is group or other.cap or not mine.issuperset(other.options):
            continue
        taken = sum(carried.get(option, 0) for option in other.options if option not in mine)
        room += max(other.maximum * models - taken, 0)
    return max(inside - room, 0)


def _one_choice(
    sheet: Datasheet,
    group: WargearGroup,
    cap: int,
    held: list[tuple[ModelType, WargearGroup]],
    parts: dict[str, Loadout],
) -> bool:
    """Tell the unit's one choice written on each of its models: a choice every model type
    offers, capped at one for the unit (the data's choice made once, for the whole unit:
    Inceptors' weapons, a Mark of Chaos), where every model carries exactly one of its
    options and all carry the same."""
    if cap != 1 or group.ratio_per or group.cap:
        return False
    holders = {k.name for k, _g in held}
    if any(kind.name not in holders for kind in sheet.model_types):
        return False
    chosen: set[str] = set()
    for part in parts.values():
        carried = [(o, n) for o, n in part.wargear if n and o in group.options]
        if sum(n for _o, n in carried) != part.models:
            return False
        chosen.update(o for o, _n in carried)
    return len(chosen) == 1


def group_counts(unit: Unit) -> tuple[GroupCount, ...]:
    """Return every group's count for each model type the unit has, in datasheet order."""
    sheet = unit.datasheet
    loadout = loadout_of(unit)
    parts = {part.model: part for part in loadout}
    caps = {
        (g.name, g.options): (used, cap) for g, used, cap in _unit_caps(sheet, loadout, unit.models)
    }
    found: list[GroupCount] = []
    for kind in sheet.model_types:
        part = parts.get(kind.name)
        if part is None:
            continue
        carried = dict(part.wargear)
        for group in kind.groups:
            used = sum(carried.get(option, 0) for option in group.options)
            unit_used, cap = caps.get((group.name, group.options), (0, None))
            found.append(
                GroupCount(
                    kind.name,
                    group.name,
                    used,
                    group.minimum * part.models,
                    group.maximum * part.models,
                    cap,
                    unit_used,
                )
            )
    return tuple(found)


def _type_problems(name: str, kind: ModelType, part: Loadout) -> Iterable[tuple[str, int]]:
    n = part.models
    carried = dict(part.wargear)
    offered: dict[str, list[WargearGroup]] = {}
    capped: dict[str, list[WargearGroup]] = {}
    for group in kind.groups:
        for option in group.options:
            (capped if group.cap else offered).setdefault(option, []).append(group)
    room: dict[int, int] = {}
    for option, count in part.wargear:
        if count and option not in offered and option not in capped:
            yield codes.MSG_WARGEAR_UNKNOWN.format(unit=name, model=kind.name, option=option), count
    for group in kind.groups:
        # Options this group shares with another slot may count towards either; a cap
        # counts all it caps, but for an option two caps share (a torturer's tool as the
        # Acothyst's ranged or melee weapon), which may count towards either cap.
        shared = capped if group.cap else offered
        sure = sum(carried.get(o, 0) for o in group.options if len(shared.get(o, ())) <= 1)
        room[id(group)] = max(group.maximum * n - sure, 0)
        reachable = sum(carried.get(o, 0) for o in group.options)
        low, high = group.minimum * n, group.maximum * n
        if reachable < low:
            message = codes.MSG_WARGEAR_GROUP_MIN.format(
                unit=name, model=kind.name, models=n, group=group.name, count=reachable, limit=low
            )
            yield message, low - reachable
        elif sure > high:
            message = codes.MSG_WARGEAR_GROUP_MAX.format(
                unit=name, model=kind.name, models=n, group=group.name, count=sure, limit=high
            )
            yield message, sure - high
    for option, groups in (*offered.items(), *capped.items()):
        count = carried.get(option, 0)
        most = sum(g.maximum for g in groups) * n
        if groups[0].cap:
            # Shared by caps: as many as the caps have room for beside what only they cap.
            most = sum(room[id(g)] for g in groups)
        if len(groups) > 1 and count > most:
            message = codes.MSG_WARGEAR_GROUP_MAX.format(
                unit=name, model=kind.name, models=n, group=option, count=count, limit=most
            )
            yield message, count - most


def _weighed(
    sheet: Datasheet, loadout: tuple[Loadout, ...], models: int
) -> Iterable[tuple[str, int]]:
    """Word every WARGEAR_CHOICE problem of a loadout, each with how far it is over (or
    under) its limit: at least 1 for every problem."""
    name = sheet.name
    kinds = {kind.name: kind for kind in sheet.model_types}
    total = 0
    for part in loadout:
        total += part.models
        kind = kinds.get(part.model)
        if kind is None:
            yield (
                codes.MSG_WARGEAR_MODEL_UNKNOWN.format(unit=name, model=part.model),
                max(part.models, 1),
            )
            continue
        if not kind.minimum <= part.models <= kind.maximum:
            allowed = (
                str(kind.maximum)
                if kind.minimum == kind.maximum
                else f"{kind.minimum}-{kind.maximum}"
            )
            message = codes.MSG_WARGEAR_MODELS.format(
                unit=name, count=part.models, model=kind.name, allowed=allowed
            )
            yield message, max(kind.minimum - part.models, part.models - kind.maximum)
        yield from _type_problems(name, kind, part)
    stated = {part.model for part in loadout}
    for kind in sheet.model_types:
        if kind.minimum > 0 and kind.name not in stated:
            message = codes.MSG_WARGEAR_MODELS.format(
                unit=name, count=0, model=kind.name, allowed=f"at least {kind.minimum}"
            )
            yield message, kind.minimum
    if total != models:
        yield (
            codes.MSG_WARGEAR_TOTAL.format(unit=name, count=total, models=models),
            abs(total - models),
        )
    for group, used, cap in _unit_caps(sheet, loadout, models):
        if used > cap:
            message = codes.MSG_WARGEAR_RATIO.format(
                unit=name, group=group.name, count=used, limit=cap, models=models
            )
            yield message, used - cap


def _problems(sheet: Datasheet, loadout: tuple[Loadout, ...], models: int) -> Iterable[str]:
    """Word every WARGEAR_CHOICE problem of a loadout on a datasheet at a model count."""
    for message, _over in _weighed(sheet, loadout, models):
        yield message


def loadout_excess(sheet: Datasheet, loadout: Iterable[Loadout], models: int) -> int:
    """How far a loadout is from one its datasheet allows: the sum, over its WARGEAR_CHOICE
    problems, of how many items or models each is over (or under) its limit. 0 exactly
    where WARGEAR_CHOICE finds nothing, so an importer that places a list's items can tell
    a legal placement, and a nearer one, without judging anything itself."""
    parts = tuple(loadout)
    if not parts or not sheet.model_types:
        return 0
    # An importer weighs the same placings of the same squads again on every check.
    key = (sheet.name, id(sheet.model_types), models, parts)
    hit = _EXCESS.get(key)
    if hit is not None and hit[0] is sheet.model_types:
        return hit[1]
    excess = sum(over for _message, over in _weighed(sheet, parts, models))
    if len(_EXCESS) >= _CHECKED_MAX:
        _EXCESS.clear()
    _EXCESS[key] = (sheet.model_types, excess)
    return excess


# Weighed loadouts by value, as _CHECKED below; the entry keeps its model types, which a
# hit must be for (an id alone could be a later object's).
_EXCESS: dict[tuple[object, ...], tuple[tuple[ModelType, ...], int]] = {}


# Checked loadouts by value: a roster is checked again on every edit and a warm list check
# repeats the same squads, so most checks find their answer here. The entry keeps the model
# types it was worked out for, and a hit must be for those very ones.
_CHECKED: dict[tuple[object, ...], tuple[tuple[ModelType, ...], tuple[str, ...]]] = {}
_CHECKED_MAX = 4096


# The same Army checked again (a warm list, a benchmark) holds the very same loadout
# objects: found by identity first, without hashing their contents.
_SEEN: dict[tuple[int, int, int], tuple[object, tuple[ModelType, ...], tuple[str, ...]]] = {}


def _messages(sheet: Datasheet, loadout: tuple[Loadout, ...], models: int) -> tuple[str, ...]:
    fast = (id(loadout), id(sheet.model_types), models)
    seen = _SEEN.get(fast)
    if seen is not None and seen[0] is loadout and seen[1] is sheet.model_types:
        return seen[2]
    key = (sheet.name, id(sheet.model_types), models, loadout)
    hit = _CHECKED.get(key)
    if hit is not None and hit[0] is sheet.model_types:
        messages = hit[1]
    else:
        messages = tuple(_problems(sheet, loadout, models))
        if len(_CHECKED) >= _CHECKED_MAX:
            _CHECKED.clear()
        _CHECKED[key] = (sheet.model_types, messages)
    if len(_SEEN) >= _CHECKED_MAX:
        _SEEN.clear()
    # The entry holds the loadout itself, so its id cannot be reused while it stands.
    _SEEN[fast] = (loadout, sheet.model_types, messages)
    return messages


def unit_wargear_problems(unit: Unit) -> list[Violation]:
    """Return every WARGEAR_CHOICE problem of one unit's stated wargear."""
    sheet = unit.datasheet
    if not unit.loadout or not sheet.model_types:
        return []
    messages = _messages(sheet, unit.loadout, unit.models)
    return [codes.violation(codes.WARGEAR_CHOICE, m, (unit.id,)) for m in messages]


def refit(unit: Unit, models: int) -> tuple[tuple[Loadout, ...], tuple[Dropped, ...]]:
    """Fit a unit's wargear to a new model count: keep what still fits, report the rest.

    Models added take the defaults of the fill type; models removed go from the fill type
    first, dropping default wargear before chosen wargear. A choice a smaller unit cannot
    keep (a ratio limit, a type's maximum) goes back to the default and is reported as
    ``(model, option, count)``, the parameters of ``codes.MSG_WARGEAR_DROPPED``.
    """
    sheet = unit.datasheet
    if not sheet.model_types:
        return (), ()
    if not unit.loadout:
        return default_loadout(sheet, models), ()
    kinds = {kind.name: kind for kind in sheet.model_types}
    counts = {part.model: part.models for part in unit.loadout if part.model in kinds}
    carried = {part.model: dict(part.wargear) for part in unit.loadout if part.model in kinds}
    dropped: list[Dropped] = []
    target = _type_counts(sheet, models) if not counts else None
    if target is None:
        target = dict(counts)
        for kind in sheet.model_types:
            target.setdefault(kind.name, 0)
        diff = models - sum(target.values())
        order = sorted(sheet.model_types, key=lambda kind: kind.name != sheet.fill)
        if diff > 0:
            for kind in order:
                take = min(max(kind.maximum - target[kind.name], 0), diff)
                target[kind.name] += take
                diff -= take
            if diff > 0 and order:
                target[order[0].name] += diff
        else:
            # Shrink the types that carry only their defaults first, so choices stay.
            # A type other than the fill type is a choice in itself.
            def chosen(kind: ModelType) -> bool:
                if kind.name != sheet.fill:
                    return True
                defaults = _per_model_defaults(kind)
                return any(o not in defaults for o, n in carried.get(kind.name, {}).items() if n)

            order = sorted(order, key=lambda kind: (chosen(kind), kind.name == sheet.fill))
            for kind in order:
                take = min(target[kind.name] - kind.minimum, -diff)
                if take > 0:
                    target[kind.name] -= take
                    diff += take
            for kind in order:
                # Below the minimums: UNIT_SIZE reports it; shrink anyway.
                take = min(target[kind.name], -diff)
                target[kind.name] -= take
                diff += take
    parts: list[Loadout] = []
    for kind in sheet.model_types:
        n = target.get(kind.name, 0)
        if n <= 0:
            for option, count in sorted(carried.get(kind.name, {}).items()):
                if count and option not in _per_model_defaults(kind):
                    dropped.append((kind.name, option, count))
            continue
        wargear = _fit_type(kind, counts.get(kind.name, 0), n, carried.get(kind.name, {}), dropped)
        parts.append(Loadout(kind.name, n, tuple(sorted(wargear.items()))))
    fitted = tuple(parts)
    # Unit-wide caps at the new size: chosen options beyond a cap go back to the defaults,
    # and models whose type is the capped option become models of the fill type.
    for group, used, cap in _unit_caps(sheet, fitted, models):
        if used > cap:
            fitted = _over_cap(sheet, kinds, fitted, group, used - cap, dropped)
    return fitted, tuple(dropped)


def _over_cap(
    sheet: Datasheet,
    kinds: dict[str, ModelType],
    fitted: tuple[Loadout, ...],
    group: WargearGroup,
    excess: int,
    dropped: list[Dropped],
) -> tuple[Loadout, ...]:
    parts = {part.model: (part.models, dict(part.wargear)) for part in fitted}
    for name in list(parts):
        models, wargear = parts[name]
        for option in group.options:
            take = min(wargear.get(option, 0), excess)
            if not take:
                continue
            excess -= take
            dropped.append((name, option, take))
            kind = kinds[name]
            mandatory = group.minimum >= 1 and any(g is group for g in kind.groups)
            if mandatory and name != sheet.fill and sheet.fill in kinds:
                # The option is what this type is: its models join the fill type.
                parts[name] = (models - take, _fit_type(kind, models, models - take, wargear, []))
                fill_models, fill_gear = parts.get(sheet.fill, (0, {}))
                grown = _fit_type(kinds[sheet.fill], fill_models, fill_models + take, fill_gear, [])
                parts[sheet.fill] = (fill_models + take, grown)
                models, wargear = parts[name]
            else:
                wargear[option] -= take
                # The models keep a weapon: the default of a group the option belongs to.
                for other in kind.groups:
                    first = next((o for o, k in other.default if k and o != option), None)
                    if option in other.options and first is not None:
                        wargear[first] = wargear.get(first, 0) + take
                        break
    return tuple(
        Loadout(kind.name, parts[kind.name][0], tuple(sorted(parts[kind.name][1].items())))
        for kind in sheet.model_types
        if kind.name in parts and parts[kind.name][0] > 0
    )


def _fit_type(
    kind: ModelType, before: int, after: int, carried: dict[str, int], dropped: list[Dropped]
) -> dict[str, int]:
    """Scale one type's wargear from ``before`` to ``after`` models, group by group."""
    defaults = _per_model_defaults(kind)
    wargear = {option: count for option, count in carried.items() if count}
    if after == before:
        return wargear
    for group in kind.groups:
        first = next((o for o, n in group.default if n), None)
        if after > before:
            if first is not None:
                wargear[first] = wargear.get(first, 0) + dict(group.default)[first] * (
                    after - before
                )
            continue
        # Remove the excess, default options first.
        excess = sum(wargear.get(o, 0) for o in group.options) - group.maximum * after
        ordered = sorted(group.options, key=lambda o: o not in defaults)
        for option in ordered:
            if excess <= 0:
                break
            take = min(wargear.get(option, 0), excess)
            wargear[option] = wargear.get(option, 0) - take
            excess -= take
            if take and option not in defaults:
                dropped.append((kind.name, option, take))
    return {option: count for option, count in wargear.items() if count > 0}
