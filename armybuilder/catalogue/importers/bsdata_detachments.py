"""Detachments and their enhancements: who may take each, and the units a detachment needs or
forbids.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from .bsdata_conditions import all_of, dnf, has_literals, holder_formula, minimal, negation
from .bsdata_entries import faction_chain, root_entries
from .bsdata_facts import (
    BATTLELINE,
    DETACHMENT_ROOT_RE,
    UNIT_TYPES,
    DatasheetKey,
    ParsedDetachment,
    ParsedEnhancement,
    Unmapped,
)
from .bsdata_state import FactionState, ParseState, UnitView, walk_options
from .bsdata_xml import (
    Ctx,
    Element,
    apply_number,
    category_changes,
    children,
    cost_value,
    iter_modifiers,
    maybe_visible,
    modifier_applies,
    surely_hidden,
)


def _entry_children(element: Element) -> list[Element]:
    return [
        child
        for container in ("selectionEntries", "selectionEntryGroups", "entryLinks")
        for child in children(element, container)
    ]


def _mentioned(modifier: Element, groups: tuple[Element, ...], ids: frozenset[str]) -> set[str]:
    found = set()
    for holder in (modifier, *groups):
        for condition in holder.iter("condition"):
            child = condition.get("childId", "")
            if child in ids:
                found.add(child)
    return found


def _mentions(modifier: Element, groups: tuple[Element, ...], ids: frozenset[str]) -> bool:
    return bool(_mentioned(modifier, groups, ids))


# Boolean formulas over "the bearer has keyword K" literals, for enhancement restrictions:
# True, False, ("lit", "K" or "!K"), ("and", [...]) or ("or", [...]).


def collect_detachments(state: ParseState) -> None:
    ids: set[str] = set()
    for faction in state.factions.values():
        seen: set[str] = set()
        for _, element in root_entries(state, faction.file.filename):
            root = state.index.target(element)
            if root is None or root.get("type") != "upgrade":
                continue
            if not DETACHMENT_ROOT_RE.match(root.get("name", "")):
                continue
            pair = (element, root) if element is not root else (root,)
            if not maybe_visible(state.index, pair, faction.ctx):
                continue
            for option, path in walk_options(state.index, root, ()):
                option_id = option.get("id", "")
                if option_id in seen:
                    continue
                if not maybe_visible(state.index, (*pair, *path, option), faction.ctx):
                    continue
                seen.add(option_id)
                faction.detachments.append((option, (*pair, *path)))
                ids.add(option_id)
    state.index.detachment_ids = frozenset(ids)


def detachment_owners(
    state: ParseState, scope: Collection[str]
) -> list[tuple[FactionState, Element]]:
    """Give each detachment to the factions that offer it and whose parents do not."""
    owned = []
    for name in sorted(scope):
        faction = state.factions[name]
        inherited: set[str] = set()
        for ancestor in faction_chain(state, name)[1:]:
            inherited.update(d.get("id", "") for d, _ in state.factions[ancestor].detachments)
        # What a parent offers but this catalogue's own view hides (e.g. a detachment
        # hidden when the primary catalogue is Black Templars) is not inherited.
        offered = {d.get("id", "") for d, _ in faction.detachments}
        for hidden in sorted(inherited - offered):
            state.hidden_for.setdefault(hidden, []).append(name)
        names: dict[str, str] = {}
        for detachment, _ in faction.detachments:
            detachment_id = detachment.get("id", "")
            if detachment_id in inherited:
                continue
            label = detachment.get("name", "").strip()
            if label.lower() in names:
                state.out.unmapped.append(
                    Unmapped(
                        state.index.entry_file.get(detachment_id, ""),
                        detachment_id,
                        "duplicate detachment name",
                        label,
                        name,
                    )
                )
                continue
            names[label.lower()] = detachment_id
            owned.append((faction, detachment))
    return owned


def build_detachments(state: ParseState, owned: list[tuple[FactionState, Element]]) -> None:
    candidates = state.candidates
    for faction, detachment in owned:
        detachment_id = detachment.get("id", "")
        ctx = Ctx(faction.file.id, detachment=detachment_id)
        battleline: list[DatasheetKey] = []
        forbidden: list[DatasheetKey] = []
        for view in faction.views:
            assert view.key is not None
            key = state.sheet_key.get(view.key)
            if key is None:
                continue
            if surely_hidden(state.index, view.elements, ctx) or _surely_error(state, view, ctx):
                forbidden.append(key)
                continue
            if BATTLELINE in view.keywords:
                continue
            for element in view.elements:
                added, removed, _ = category_changes(state.index, element, ctx)
                if (added - removed) & state.battleline_ids:
                    battleline.append(key)
                    break
        state.out.detachments.append(
            ParsedDetachment(
                faction=faction.name,
                name=detachment.get("name", "").strip(),
                source_id=detachment_id,
                required=required_units(state, faction, detachment),
                forbidden=tuple(sorted(set(forbidden))),
                battleline=tuple(sorted(set(battleline))),
                hidden_for=tuple(sorted(state.hidden_for.get(detachment_id, ()))),
            )
        )
        enhancements_for(state, faction, detachment, candidates)


def required_units(
    state: ParseState, faction: FactionState, detachment: Element
) -> tuple[DatasheetKey, ...]:
    """Return datasheets a detachment insists on ("error unless the roster has X")."""
    by_entry = {
        view.entry.get("id", ""): state.sheet_key[view.key]
        for view in faction.views
        if view.key is not None and view.key in state.sheet_key
    }
    required: list[DatasheetKey] = []
    for modifier, groups in iter_modifiers(detachment):
        if modifier.get("field") != "error" or modifier.get("type") != "add":
            continue
        wanted = [
            condition.get("childId", "")
            for holder in (modifier, *groups)
            for condition in holder.iter("condition")
            if condition.get("type") == "lessThan"
            and condition.get("value") == "1"
            and condition.get("childId") in by_entry
        ]
        either = any(g.get("type") == "or" for g in modifier.iter("conditionGroup"))
        if len(wanted) == 1 and not either:
            required.append(by_entry[wanted[0]])
        elif wanted:
            # "X or Y" requirements have no field to live in; an admin can finish them.
            state.out.unmapped.append(
                Unmapped(
                    state.index.entry_file.get(detachment.get("id", ""), ""),
                    detachment.get("id", ""),
                    "detachment requirement not expressed",
                    detachment.get("name", ""),
                    "needs one of: " + ", ".join(by_entry[w][1] for w in wanted),
                )
            )
    return tuple(sorted(set(required)))


def _surely_error(state: ParseState, view: UnitView, ctx: Ctx) -> bool:
    for element in view.elements:
        for modifier, groups in iter_modifiers(element):
            if modifier.get("field") != "error" or modifier.get("type") != "add":
                continue
            if not _mentions(modifier, groups, state.index.detachment_ids):
                continue
            if modifier_applies(state.index, modifier, groups, ctx) is True:
                return True
    return False


def enhancement_candidates(
    state: ParseState,
) -> list[tuple[Element, tuple[Element, ...], frozenset[str]]]:
    """Find upgrades that a detachment choice shows or hides: the enhancements."""
    found: list[tuple[Element, tuple[Element, ...], frozenset[str]]] = []
    gates: dict[int, frozenset[str]] = {}
    detachments = state.index.detachment_ids

    def gate(element: Element) -> frozenset[str]:
        cached = gates.get(id(element))
        if cached is None:
            ids: set[str] = set()
            for modifier, groups in iter_modifiers(element):
                if modifier.get("field") == "hidden":
                    ids.update(_mentioned(modifier, groups, detachments))
            cached = gates[id(element)] = frozenset(ids)
        return cached

    def walk(
        items: Iterable[Element], path: tuple[Element, ...], gated: frozenset[str], depth: int
    ) -> None:
        for child in items:
            if child.tag == "entryLink":
                target = state.index.target(child)
                link_gate = gate(child)
                if target is None or target.tag != "selectionEntryGroup" or not link_gate:
                    continue
                here = gated | link_gate | gate(target)
                walk(_entry_children(target), (*path, child, target), here, depth + 1)
                continue
            if child.tag not in ("selectionEntry", "selectionEntryGroup"):
                continue
            here = gated | gate(child)
            if child.tag == "selectionEntry":
                if child.get("type") == "upgrade" and here:
                    found.append((child, path, here))
                if child.get("type") in UNIT_TYPES:
                    continue
            if depth < 8:
                walk(_entry_children(child), (*path, child), here, depth + 1)

    for catalogue in state.index.files.values():
        for container in ("sharedSelectionEntryGroups", "sharedSelectionEntries"):
            walk(children(catalogue.root, container), (), frozenset(), 0)
    state.candidates = found
    state.enhancement_ids = {e.get("id", "") for e, _, _ in found}
    state.enhancement_groups = {
        p.get("id", "")
        for _, path, _ in found
        for p in path
        if p.tag == "selectionEntryGroup" and "enhancement" in p.get("name", "").lower()
    }
    return found


def enhancements_for(
    state: ParseState,
    faction: FactionState,
    detachment: Element,
    candidates: list[tuple[Element, tuple[Element, ...], frozenset[str]]],
) -> None:
    detachment_id = detachment.get("id", "")
    ctx = Ctx(faction.file.id, detachment=detachment_id)
    none = Ctx(faction.file.id, detachment="")
    names: set[str] = set()
    for entry, path, gated in candidates:
        if detachment_id not in gated:
            continue
        chain = (*path, entry)
        if not maybe_visible(state.index, chain, ctx):
            continue
        if not surely_hidden(state.index, chain, none):
            continue
        name = entry.get("name", "").strip()
        if name.lower() in names:
            continue
        names.add(name.lower())
        points = cost_value(state.index, entry)
        if points is not None:
            for modifier, groups in iter_modifiers(entry):
                if modifier.get("field") == state.index.pts_id and (
                    modifier_applies(state.index, modifier, groups, ctx) is True
                ):
                    points = apply_number(modifier, points)
        if points is None:
            # Detachment upgrades with no points (e.g. "make this vehicle a CHARACTER")
            # are not enhancements.
            state.out.unmapped.append(
                Unmapped(
                    state.index.entry_file.get(entry.get("id", ""), ""),
                    entry.get("id", ""),
                    "detachment upgrade without points, not an enhancement",
                    name,
                    detachment.get("name", ""),
                )
            )
            continue
        state.out.enhancements.append(
            ParsedEnhancement(
                faction=faction.name,
                detachment=detachment.get("name", "").strip(),
                name=name,
                points=round(points),
                required_keywords=required_keywords(state, chain, ctx),
                source_id=entry.get("id", ""),
            )
        )


def required_keywords(
    state: ParseState, chain: tuple[Element, ...], ctx: Ctx
) -> tuple[tuple[str, ...], ...]:
    """Return keyword alternatives a bearer needs, from "hidden unless ..." modifiers."""
    requirement: list[frozenset[str]] = [frozenset()]
    for element in chain:
        for modifier, groups in iter_modifiers(element):
            if modifier.get("field") != "hidden" or modifier.get("value") != "true":
                continue
            formula = all_of([holder_formula(state, m, ctx) for m in (modifier, *groups)])
            if not has_literals(formula):
                continue
            allowed = dnf(negation(formula))
            requirement = minimal([a | b for a in requirement for b in allowed if a is not None])
    cleaned = {
        tuple(sorted(k for k in alternative if not k.startswith("!")))
        for alternative in requirement
    }
    cleaned.discard(())
    if len(cleaned) != len({a for a in requirement if a}):
        return ()
    return tuple(sorted(cleaned))
