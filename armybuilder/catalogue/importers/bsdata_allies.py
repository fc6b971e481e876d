"""Which datasheets each faction may take, and the allied rules with their points caps."""

from __future__ import annotations

from collections.abc import Collection

from .bsdata_entries import faction_chain
from .bsdata_facts import (
    FACTION_PREFIX,
    STRIKE_FORCE,
    DatasheetKey,
    ParsedAllyRule,
    ParsedAvailability,
)
from .bsdata_state import FactionState, ParseState, UnitView
from .bsdata_xml import (
    BATTLE_SIZES,
    Ctx,
    Element,
    children,
    constraint_value,
    iter_modifiers,
)


def availability(state: ParseState, scope: Collection[str]) -> None:
    caps_seen: dict[tuple[str, str], ParsedAllyRule] = {}
    for name in sorted(scope):
        faction = state.factions[name]
        chain = set(faction_chain(state, name))
        chosen: dict[DatasheetKey, str | None] = {}
        for view in faction.views:
            assert view.key is not None
            key = state.sheet_key.get(view.key)
            if key is None:
                continue
            if key in chosen and chosen[key] is None:
                continue
            rule = ally_rule(state, faction, view, chain)
            # Own units are allies only where a points cap says so (e.g. Plague Legions).
            if view.key[0] in chain and rule.points_cap is None:
                chosen[key] = None
                continue
            known = caps_seen.get((name, rule.keyword))
            # Units of one allied keyword may or may not carry the capping category.
            if known is None or (
                rule.points_cap is not None
                and (known.points_cap is None or rule.points_cap < known.points_cap)
            ):
                caps_seen[(name, rule.keyword)] = rule
            chosen.setdefault(key, rule.keyword)
        for key, ally in sorted(chosen.items()):
            state.out.availabilities.append(ParsedAvailability(name, key, ally))
    state.out.ally_rules = sorted(caps_seen.values(), key=lambda r: (r.faction, r.keyword))


def ally_rule(
    state: ParseState, faction: FactionState, view: UnitView, chain: set[str]
) -> ParsedAllyRule:
    """Name the allied keyword and its points cap (the Strike Force figure)."""
    # Where the cap is 0 unless a detachment is chosen, the highest cap a detachment allows
    # is kept and the label names those detachments.
    chain_keywords = {state.factions[n].keyword for n in chain}
    best: tuple[int, str, str] | None = None
    for category_id in sorted(view.category_ids):
        name = state.index.category_names.get(category_id, "")
        category = state.index.categories.get(category_id)
        if category is None:
            continue
        caps, by_detachment = points_caps(state, faction, category)
        cap = caps.get(STRIKE_FORCE)
        if cap is None:
            _note_unit_cap(state, faction, category)
            continue
        # A cap on a non-faction category (Allied Units, Cults of the Dark Gods) is shared by
        # every unit in it, so the category names the rule.
        keyword = name.removeprefix(FACTION_PREFIX).upper()
        label = name.removeprefix(FACTION_PREFIX)
        line = f"{faction.name}: allied {keyword} capped by {name} at " + ", ".join(
            f"{size} {caps.get(size, '-')}" for size in BATTLE_SIZES
        )
        if by_detachment:
            line += "; Strike Force " + ", ".join(f"{v} in {d}" for d, v in by_detachment)
            if cap <= 0:
                cap = max(v for _, v in by_detachment)
                label += " (" + ", ".join(d for d, v in by_detachment if v == cap) + ")"
        if line not in state.ally_lines:
            state.ally_lines.add(line)
            state.out.notes.append(line)
        if best is None or cap < best[0]:
            best = (cap, keyword, label[:150])
    if best is not None:
        return ParsedAllyRule(faction.name, best[1], best[2], best[0])
    keyword = _ally_keyword(state, view, chain_keywords)
    return ParsedAllyRule(faction.name, keyword, keyword.title(), None)


def _ally_keyword(state: ParseState, view: UnitView, chain_keywords: set[str]) -> str:
    assert view.key is not None
    owner_keyword = state.factions[view.key[0]].keyword
    if owner_keyword in view.faction_keywords:
        return owner_keyword
    others = [k for k in view.faction_keywords if k not in chain_keywords]
    return others[0] if others else owner_keyword


def _note_unit_cap(state: ParseState, faction: FactionState, category: Element) -> None:
    for constraint in children(category, "constraints"):
        if constraint.get("field") != "selections" or constraint.get("type") != "max":
            continue
        if not category.get("name", "").startswith(FACTION_PREFIX):
            continue
        if not any(True for _ in iter_modifiers(category)):
            continue
        line = f"{faction.name}: {category.get('name')} units are limited by count, not points"
        if line not in state.ally_lines:
            state.ally_lines.add(line)
            state.out.notes.append(line)


def points_caps(
    state: ParseState, faction: FactionState, category: Element
) -> tuple[dict[str, int], list[tuple[str, int]]]:
    """Return a category's points cap per battle size, and Strike Force caps by detachment."""
    cache_key = (faction.name, category.get("id", ""))
    cached = state.caps_cache.get(cache_key)
    if cached is not None:
        return cached
    caps: dict[str, int] = {}
    by_detachment: list[tuple[str, int]] = []
    for constraint in children(category, "constraints"):
        if constraint.get("type") != "max" or constraint.get("field") != state.index.pts_id:
            continue
        for size in BATTLE_SIZES:
            size_id = state.index.battle_size_ids.get(size)
            ctx = Ctx(faction.file.id, detachment="", battle_size=size_id)
            value, _ = constraint_value(state.index, (category,), constraint, ctx)
            if value >= 0:
                caps[size] = int(value)
        strike = state.index.battle_size_ids.get(STRIKE_FORCE)
        for detachment, _ in faction.detachments:
            ctx = Ctx(faction.file.id, detachment=detachment.get("id"), battle_size=strike)
            value, _ = constraint_value(state.index, (category,), constraint, ctx)
            if value >= 0 and int(value) != caps.get(STRIKE_FORCE):
                by_detachment.append((detachment.get("name", "").strip(), int(value)))
    state.caps_cache[cache_key] = (caps, by_detachment)
    return caps, by_detachment
