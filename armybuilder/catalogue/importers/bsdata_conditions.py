"""Conditions as formulas: BSData condition groups turned into sets of required facts."""

from __future__ import annotations

from typing import Any

from .bsdata_facts import FACTION_PREFIX
from .bsdata_state import ParseState
from .bsdata_xml import (
    Ctx,
    Element,
    children,
    condition_value,
)

Formula = bool | tuple[str, Any]


def all_of(parts: list[Formula]) -> Formula:
    if any(p is False for p in parts):
        return False
    parts = [p for p in parts if p is not True]
    if not parts:
        return True
    return ("and", parts) if len(parts) > 1 else parts[0]


def any_of(parts: list[Formula]) -> Formula:
    if any(p is True for p in parts):
        return True
    parts = [p for p in parts if p is not False]
    if not parts:
        return False
    return ("or", parts) if len(parts) > 1 else parts[0]


def negation(formula: Formula) -> Formula:
    if isinstance(formula, bool):
        return not formula
    kind, body = formula
    if kind == "lit":
        return ("lit", body[1:] if body.startswith("!") else "!" + body)
    if kind == "and":
        return any_of([negation(p) for p in body])
    return all_of([negation(p) for p in body])


def has_literals(formula: Formula) -> bool:
    if isinstance(formula, bool):
        return False
    kind, body = formula
    if kind == "lit":
        return True
    return any(has_literals(p) for p in body)


def dnf(formula: Formula) -> list[frozenset[str]]:
    if formula is True:
        return [frozenset()]
    if formula is False:
        return []
    assert not isinstance(formula, bool)
    kind, body = formula
    if kind == "lit":
        return [frozenset({body})]
    if kind == "or":
        return minimal([clause for part in body for clause in dnf(part)])
    result: list[frozenset[str]] = [frozenset()]
    for part in body:
        result = minimal([a | b for a in result for b in dnf(part)])
    return result


def minimal(clauses: list[frozenset[str]]) -> list[frozenset[str]]:
    unique = sorted(set(clauses), key=lambda c: (len(c), sorted(c)))
    out: list[frozenset[str]] = []
    for clause in unique:
        if any(kept <= clause for kept in out):
            continue
        if any(k.startswith("!") and k[1:] in clause for k in clause):
            continue
        out.append(clause)
    return out


def holder_formula(parser: ParseState, holder: Element, ctx: Ctx) -> Formula:
    parts = [_condition_formula(parser, c, ctx) for c in children(holder, "conditions")]
    parts += [_group_formula(parser, g, ctx) for g in children(holder, "conditionGroups")]
    return all_of(parts)


def _group_formula(parser: ParseState, group: Element, ctx: Ctx) -> Formula:
    parts = [_condition_formula(parser, c, ctx) for c in children(group, "conditions")]
    parts += [_group_formula(parser, g, ctx) for g in children(group, "conditionGroups")]
    return any_of(parts) if group.get("type") == "or" else all_of(parts)


def _condition_formula(parser: ParseState, condition: Element, ctx: Ctx) -> Formula:
    index = parser.index
    child = condition.get("childId", "")
    kind = condition.get("type", "")
    scope = condition.get("scope", "")
    if child in index.categories and scope not in ("roster", "force", "primary-catalogue"):
        keyword = index.category_names.get(child, "").removeprefix(FACTION_PREFIX).upper()
        value = float(condition.get("value") or 0)
        has: bool | None = None
        if (
            kind == "instanceOf"
            or (kind == "atLeast" and value == 1)
            or (kind == "greaterThan" and value == 0)
        ):
            has = True
        elif (
            kind == "notInstanceOf"
            or (kind in ("lessThan",) and value == 1)
            or (kind in ("equalTo", "atMost") and value == 0)
        ):
            has = False
        if has is not None and keyword:
            return ("lit", keyword if has else "!" + keyword)
    decided = condition_value(index, condition, ctx)
    # Anything a roster decides is treated as not hiding the enhancement.
    return decided if decided is not None else False
