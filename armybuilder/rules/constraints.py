"""The catalogue's own limits: allies and their caps, Legends, and army-scope limits.

What BSData states as a constraint with modifiers and conditions arrives here as plain data
(model.Limit, Step, Condition, Selector), so no faction is special-cased: the importer turns
the XML into limits, and this module only counts units and compares.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from armybuilder.rules import codes, wording
from armybuilder.rules.context import Context
from armybuilder.rules.model import (
    Army,
    Condition,
    Datasheet,
    Limit,
    LimitCount,
    Selector,
    Unit,
    Violation,
)
from armybuilder.rules.muster import allied_units, ally_cap_refusal


def matches(selector: Selector, sheet: Datasheet) -> bool:
    """Tell whether a datasheet is one the selector counts."""
    if selector.datasheets and sheet.name not in selector.datasheets:
        return False
    keywords, factions = sheet.keywords, sheet.faction_keywords
    for keyword in selector.keywords:
        if keyword not in keywords and keyword not in factions:
            return False
    return not any(k in keywords or k in factions for k in selector.without)


def selected(ctx: Context, selector: Selector) -> list[Unit]:
    """Return the army's units the selector matches, using the by-name index when it can."""
    if selector.datasheets:
        pool: Iterable[Unit] = (u for n in selector.datasheets for u in ctx.by_name.get(n, ()))
    else:
        pool = ctx.units.values()
    return [unit for unit in pool if matches(selector, unit.datasheet)]


class _Counts:
    """Units per selector, worked out once per validation: many clauses share selectors."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.memo: dict[Selector, list[Unit]] = {}

    def units(self, selector: Selector) -> list[Unit]:
        found = self.memo.get(selector)
        if found is None:
            found = self.memo[selector] = selected(self.ctx, selector)
        return found

    def __call__(self, selector: Selector) -> int:
        return len(self.units(selector))


def holds(ctx: Context, condition: Condition, matched: bool, count: _Counts | None = None) -> bool:
    """Tell whether every part of a condition holds for the army (in matched play or not)."""
    army = ctx.army
    if condition.matched_play is not None and condition.matched_play != matched:
        return False
    if condition.battle_sizes and army.battle_size not in condition.battle_sizes:
        return False
    if condition.detachments:
        detachment = ctx.detachment
        if detachment is None or detachment.name not in condition.detachments:
            return False
    if condition.units is not None:
        number = (count or _Counts(ctx))(condition.units)
        if condition.at_least is not None and number < condition.at_least:
            return False
        if condition.at_most is not None and number > condition.at_most:
            return False
    return True


def maximum(
    ctx: Context, limit: Limit, matched: bool, count: _Counts | None = None
) -> tuple[int | None, str]:
    """Return the limit's maximum for this army and the words for why it is that."""
    count = count or _Counts(ctx)
    value, reason = limit.maximum, limit.reason
    for step in limit.steps:
        if any(all(holds(ctx, c, matched, count) for c in clause) for clause in step.clauses):
            value, reason = step.value, step.reason
    return value, reason


def _used(ctx: Context, limit: Limit, units: list[Unit]) -> int:
    return sum(ctx.points[u.id] for u in units) if limit.points else len(units)


def _limit_violations(
    ctx: Context, limit: Limit, matched: bool, count: _Counts
) -> Iterator[Violation]:
    units = count.units(limit.subject)
    if not units and limit.minimum is None:
        return  # nothing counted, so no maximum can be broken
    used = _used(ctx, limit, units)
    unit_word = wording.POINTS_AFTER.format() if limit.points else ""
    most, reason = maximum(ctx, limit, matched, count)
    suffix = wording.bracketed(reason)
    if most is not None and used > most:
        message = codes.MSG_LIMIT_MAX.format(
            label=limit.label, used=used, limit=most, unit=unit_word, reason=suffix
        )
        yield codes.violation(limit.code, message, (u.id for u in units))
    if limit.minimum is not None and used < limit.minimum:
        message = codes.MSG_LIMIT_MIN.format(
            label=limit.label, used=used, limit=limit.minimum, unit=unit_word, reason=suffix
        )
        yield codes.violation(limit.code, message, (u.id for u in units))


def check_limits(ctx: Context, code: str, matched: bool) -> Iterator[Violation]:
    """Report every limit of one code that the army breaks."""
    count = _Counts(ctx)
    for limit in ctx.army.limits:
        if limit.code == code:
            yield from _limit_violations(ctx, limit, matched, count)


def limit_counts(army: Army, code: str, matched: bool) -> tuple[LimitCount, ...]:
    """Return, for each of the army's limits of one code, what it counts and its bounds.

    The same counting and steps as check_limits, so a face showing "1 / 3" agrees with
    the violation the validation raises at "4 / 3".
    """
    ctx = Context.build(army)
    count = _Counts(ctx)
    found = []
    for limit in army.limits:
        if limit.code == code:
            most, reason = maximum(ctx, limit, matched, count)
            used = _used(ctx, limit, count.units(limit.subject))
            found.append(LimitCount(limit, used, most, reason))
    return tuple(found)


def check_allied_units(ctx: Context, matched: bool) -> Iterator[Violation]:
    """Report allied units over their allowance's points cap, and the data's ally limits."""
    army = ctx.army
    # In the order the army lists its allowances, so every face reports them alike.
    for allowance, members in sorted(
        allied_units(ctx).items(), key=lambda item: army.allies.index(item[0])
    ):
        used = sum(ctx.points[unit.id] for unit in members)
        message = ally_cap_refusal(allowance, used, codes.names(members))
        if message:
            yield codes.violation(codes.ALLIED_UNITS, message, (u.id for u in members))
    yield from check_limits(ctx, codes.ALLIED_UNITS, matched)


def check_catalogue_limits(ctx: Context, matched: bool) -> Iterator[Violation]:
    """Report the catalogue's army-scope limits the army breaks."""
    return check_limits(ctx, codes.CATALOGUE_LIMIT, matched)


def check_legends(ctx: Context) -> Iterator[Violation]:
    """Report every Warhammer Legends unit (the profile decides whether this runs)."""
    for unit in ctx.units.values():
        if unit.datasheet.legends:
            message = codes.MSG_LEGENDS.format(unit=unit.name)
            yield codes.violation(codes.LEGENDS, message, (unit.id,))
