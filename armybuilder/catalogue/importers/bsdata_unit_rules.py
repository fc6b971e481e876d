"""A datasheet's own limits, abilities and warlord facts."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from .bsdata_facts import (
    CRUSADE_GROUP,
    DEEP_STRIKE,
    FACTION_PREFIX,
    ParsedDatasheet,
)
from .bsdata_state import FactionState, ParseState, UnitView, walk_options
from .bsdata_xml import (
    Ctx,
    Element,
    children,
    constraint_ceiling,
    constraint_value,
    maybe_visible,
    surely_hidden,
)
from .leader_text import normalise_name


@dataclass(frozen=True)
class Ability:
    name: str
    kind: str
    text: str
    owner: str
    unit_level: bool


def _ability_of(element: Element, owner: str, unit_level: bool) -> Ability:
    if element.tag == "rule":
        description = element.find("description")
        text = description.text if description is not None and description.text else ""
        return Ability(element.get("name", ""), "rule", text, owner, unit_level)
    texts = [c.text or "" for c in element.iter("characteristic")]
    return Ability(
        element.get("name", ""), element.get("typeName", ""), "\n".join(texts), owner, unit_level
    )


def _is_army_limit(constraint: Element) -> bool:
    return (
        constraint.get("type") == "max"
        and constraint.get("field") == "selections"
        and constraint.get("scope") in ("roster", "force")
    )


def _named_after(category: str, unit: str) -> bool:
    if not category:
        return False
    if category == unit or re.search(rf"(^| ){re.escape(category)}( |$)", unit):
        return True
    return difflib.SequenceMatcher(None, category, unit).ratio() >= 0.85


def datasheet_limit(
    state: ParseState, view: UnitView, sheet: ParsedDatasheet, ctx: Ctx, owner: FactionState
) -> int | None:
    """Return the per-army limit where it differs from the Rule of Three (3, or 6)."""
    # The data states it as a roster/force "max" on the entry, or on a category named after
    # the unit. Values that change with the roster are listed in the report.
    values: list[int] = []
    conditional: list[tuple[tuple[Element, ...], Element, int, int]] = []
    sources: list[tuple[tuple[Element, ...], Element]] = [
        (view.elements, c) for e in view.elements for c in children(e, "constraints")
    ]
    unit_name = normalise_name(sheet.name)
    for category_id in sorted(view.category_ids):
        category = state.index.categories.get(category_id)
        if category is None:
            continue
        for constraint in children(category, "constraints"):
            if not _is_army_limit(constraint):
                continue
            if _named_after(normalise_name(category.get("name", "")), unit_name):
                sources.append(((category,), constraint))
                continue
            value, _ = constraint_value(state.index, (category,), constraint, ctx)
            if value > 0 and not category.get("name", "").startswith(FACTION_PREFIX):
                _note_limit(
                    state,
                    f"{sheet.faction} / {sheet.name}: shares a limit of {int(value)} with "
                    f"every {category.get('name')} unit",
                )
    for holders, constraint in sources:
        if not _is_army_limit(constraint):
            continue
        value, depends = constraint_value(state.index, holders, constraint, ctx)
        _, varies = constraint_value(state.index, holders, constraint, owner.ctx)
        if depends or varies:
            ceiling = constraint_ceiling(state.index, holders, constraint, ctx)
            conditional.append((holders, constraint, int(value), int(ceiling)))
            if value == 0:
                # "One per Captain in the army" starts at 0: keep the most the roster can
                # allow and report the rule, rather than forbid the unit outright.
                value = ceiling
        if value >= 0:
            values.append(int(value))
    base = min(values) if values else None
    for holders, constraint, plain, ceiling in conditional:
        _conditional_limit(state, sheet, owner, holders, constraint, plain, ceiling)
    default = 6 if {"BATTLELINE", "DEDICATED TRANSPORT"} & set(sheet.keywords) else 3
    if base is None or base == default:
        return None
    return base


def _note_limit(state: ParseState, line: str) -> None:
    if line not in state.limit_lines:
        state.limit_lines.add(line)
        state.out.conditional_limits.append(line)


def _conditional_limit(
    state: ParseState,
    sheet: ParsedDatasheet,
    owner: FactionState,
    holders: tuple[Element, ...],
    constraint: Element,
    plain: int,
    ceiling: int,
) -> None:
    parts = [f"limit {plain if plain >= 0 else 'none'}"]
    if ceiling > plain:
        parts.append(f"up to {ceiling} depending on other units")
    changes = []
    for detachment, _ in owner.detachments:
        ctx = Ctx(owner.file.id, detachment=detachment.get("id"))
        value, _ = constraint_value(state.index, holders, constraint, ctx)
        if int(value) != plain:
            changes.append(f"{int(value) if value >= 0 else 'none'} in {detachment.get('name')}")
    if changes:
        parts.append(", ".join(dict.fromkeys(changes)))
    if len(parts) == 1:
        parts.append("may be lowered by other units")
    _note_limit(state, f"{sheet.faction} / {sheet.name}: " + "; ".join(parts))


def unit_abilities(
    state: ParseState, view: UnitView, models: list[Element], ctx: Ctx
) -> list[Ability]:
    found: list[Ability] = []
    for element in (*view.elements, *models):
        _abilities_of(state, element, ctx, found, unit_level=element in view.elements)
    return found


def _abilities_of(
    state: ParseState,
    element: Element,
    ctx: Ctx,
    found: list[Ability],
    unit_level: bool,
    depth: int = 0,
) -> None:
    if depth > 3:
        return
    owner = element.get("id", "")
    for profile in children(element, "profiles"):
        if maybe_visible(state.index, (profile,), ctx):
            found.append(_ability_of(profile, owner, unit_level))
    for rule in children(element, "rules"):
        if maybe_visible(state.index, (rule,), ctx):
            found.append(_ability_of(rule, owner, unit_level))
    for info_link in children(element, "infoLinks"):
        if surely_hidden(state.index, (info_link,), ctx):
            continue
        target = state.index.infos.get(info_link.get("targetId", ""))
        if target is None:
            continue
        if target.tag == "infoGroup":
            _abilities_of(state, target, ctx, found, unit_level, depth + 1)
            continue
        ability = _ability_of(target, owner, unit_level)
        found.append(
            Ability(
                info_link.get("name") or ability.name,
                ability.kind,
                ability.text,
                owner,
                unit_level,
            )
        )
    for group in children(element, "infoGroups"):
        _abilities_of(state, group, ctx, found, unit_level, depth + 1)


def conditional_abilities(
    state: ParseState, view: UnitView, abilities: list[Ability], sheet: ParsedDatasheet, ctx: Ctx
) -> tuple[str, ...]:
    """Name the tracked abilities the unit has only in part: on some of its models, or
    through a wargear option (a Reiver Squad's grav-chutes give Deep Strike)."""
    found: list[str] = []
    for ability, have in ((DEEP_STRIKE, sheet.deep_strike),):
        if have:
            continue
        wanted = ability.lower()
        if any(a.name.strip().lower() == wanted for a in abilities):
            found.append(ability)
            continue
        granted: list[Ability] = []
        for option, path in walk_options(state.index, view.entry, ()):
            # Crusade honours and relics (BSData's "Crusade" group, or game-system
            # groups) are not the unit's wargear.
            if (
                any(
                    step.get("name") == CRUSADE_GROUP or _from_game_system(state, step)
                    for step in (*path, option)
                )
                or option.get("id", "") in state.enhancement_ids
            ):
                continue
            _abilities_of(state, option, ctx, granted, unit_level=False)
        if any(wanted in f"{a.name} {a.text}".lower() for a in granted):
            found.append(ability)
    return tuple(found)


def _from_game_system(state: ParseState, element: Element) -> bool:
    filename = state.index.entry_file.get(element.get("id", ""), "")
    return filename.endswith(".gst")


def has_everywhere(
    abilities: list[Ability], name: str, view: UnitView, models: list[Element]
) -> bool:
    """True if the unit, or every one of its model kinds, has the named ability."""
    named = [a for a in abilities if a.name.strip().lower() == name]
    if any(a.unit_level for a in named):
        return True
    model_ids = {m.get("id", "") for m in models if m is not view.entry}
    holders = {a.owner for a in named}
    return bool(model_ids) and model_ids <= holders


def warlord_rule(
    state: ParseState,
    view: UnitView,
    models: list[Element],
    keywords: tuple[str, ...],
    ctx: Ctx,
    notes: list[str],
) -> str:
    character = "CHARACTER" in keywords
    options = []
    for element in (*view.elements, *models):
        for container in ("entryLinks", "selectionEntries"):
            for child in children(element, container):
                target = state.index.target(child)
                if target is None or target.tag != "selectionEntry":
                    continue
                is_warlord = target.get("name") == "Warlord" or any(
                    link.get("targetId") in state.warlord_category_ids
                    for link in children(target, "categoryLinks")
                )
                if is_warlord:
                    options.append((child, target) if child is not target else (target,))
    if not options:
        return "cannot" if character else "may"
    usable = [pair for pair in options if not surely_hidden(state.index, pair, ctx)]
    if not usable:
        return "cannot" if character else "may"
    for pair in usable:
        owners = (*pair, *view.elements)
        for element in pair:
            for constraint in children(element, "constraints"):
                if constraint.get("field") != "selections":
                    continue
                value, depends = constraint_value(state.index, owners, constraint, ctx)
                if depends:
                    state.warlord_conditional += 1
                if constraint.get("type") == "min" and value >= 1:
                    return "must"
                if constraint.get("type") == "max" and value == 0 and not depends:
                    return "cannot"
    return "may"
