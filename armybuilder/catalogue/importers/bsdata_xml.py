"""Load BattleScribe XML, index it by id, and evaluate its modifiers for a known context.

Everything here is pure: it reads files into ElementTree objects and answers questions about
them ("is this entry visible to that catalogue?", "what is this constraint's value?"). The
answers are three-valued where the data depends on choices made while building a roster
(True, False, or None for "it depends").
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

from .bsdata_integrity import IntegrityError, check_numbers

Element = ET.Element

ERROR_MALFORMED = "{file}: malformed XML at line {line}, column {column}: {error}"
ERROR_NOT_BATTLESCRIBE = "{file}: not a BattleScribe catalogue or game system (root <{tag}>)"
ERROR_NO_FILES = "{directory}: no .cat or .gst files found"
ERROR_NO_GAME_SYSTEM = "{directory}: no .gst game system file found"
ERROR_UNREADABLE = "{file}: cannot be read: {error}"

BATTLE_SIZES = ("Incursion", "Strike Force", "Onslaught")
INDEXED_ENTRY_TAGS = frozenset({"selectionEntry", "selectionEntryGroup"})
INFO_TAGS = frozenset({"profile", "rule", "infoGroup"})
# What a link to a group may add to it: groups of its own and links (to other groups).
ADDED_CONTAINERS = ("selectionEntryGroups", "entryLinks")
# How many times a repeating modifier may apply at most when a bound is widened.
SPAN_REPEATS = 20
_COMPARE = {
    "atLeast": lambda n, v: n >= v,
    "greaterThan": lambda n, v: n > v,
    "lessThan": lambda n, v: n < v,
    "atMost": lambda n, v: n <= v,
    "equalTo": lambda n, v: n == v,
    "notEqualTo": lambda n, v: n != v,
}


# Decides a condition from outside knowledge (e.g. a unit's model counts), or returns None.
LeafEvaluator = Callable[[Element], "bool | None"]


class BsdataError(ValueError):
    """A catalogue file cannot be read as BattleScribe data."""


@dataclass
class CatalogueFile:
    """One parsed .cat or .gst file."""

    path: Path
    root: Element
    id: str
    name: str
    library: bool
    game_system: bool

    @property
    def filename(self) -> str:
        return self.path.name


class Ctx(NamedTuple):
    """What is known while evaluating conditions."""

    catalogue_id: str
    # None when any detachment may be chosen, "" when none is, else the chosen one's id.
    detachment: str | None = None
    # None when unknown, else the id of the chosen battle size.
    battle_size: str | None = None


@dataclass
class Index:
    """Every file, and every entry, category and info element by id."""

    files: dict[str, CatalogueFile] = field(default_factory=dict)
    by_catalogue_id: dict[str, CatalogueFile] = field(default_factory=dict)
    entries: dict[str, Element] = field(default_factory=dict)
    entry_file: dict[str, str] = field(default_factory=dict)
    categories: dict[str, Element] = field(default_factory=dict)
    infos: dict[str, Element] = field(default_factory=dict)
    force_ids: set[str] = field(default_factory=set)
    army_force_id: str = ""
    battle_size_ids: dict[str, str] = field(default_factory=dict)
    pts_id: str = ""
    detachment_ids: frozenset[str] = frozenset()
    category_names: dict[str, str] = field(default_factory=dict)
    # Groups as a link that adds entries of its own sees them, by the link's identity.
    _grown: dict[int, Element] = field(default_factory=dict, repr=False)

    def target(self, link: Element) -> Element | None:
        """Return what an entryLink points at (or the element itself if it is an entry).

        A link to a group may add groups of its own to it ("Trooper w/ Special Weapon"
        linked inside the link to "Trooper Selection"): BattleScribe offers them in the
        group, so the group is returned with them (one copy per such link). Entries a
        link holds inline are left out for now: the unit-size reader gives two links to
        one group one bound, so Catachan Jungle Fighters' inline flamer (Aug 2023, in
        both the 9 and the 18 link) would read as a 21st model."""
        if link.tag != "entryLink":
            return link
        target = self.entries.get(link.get("targetId", ""))
        if target is None or target.tag != "selectionEntryGroup":
            return target
        if not any(_children(link, container) for container in ADDED_CONTAINERS):
            return target
        grown = self._grown.get(id(link))
        if grown is None:
            grown = _with_link_entries(target, link)
            self._grown[id(link)] = grown
        return grown

    def catalogue_links(self, filename: str) -> list[tuple[CatalogueFile, bool]]:
        """Return the catalogues a file links to, with their importRootEntries flag."""
        links = []
        for link in _children(self.files[filename].root, "catalogueLinks"):
            target = self.by_catalogue_id.get(link.get("targetId", ""))
            if target is not None:
                links.append((target, link.get("importRootEntries") == "true"))
        return links


def _with_link_entries(target: Element, link: Element) -> Element:
    """Return a copy of ``target`` whose entry containers also hold ``link``'s entries."""
    grown = ET.Element(target.tag, dict(target.attrib))
    grown.text, grown.tail = target.text, target.tail
    added = {container: _children(link, container) for container in ADDED_CONTAINERS}
    for part in target:
        extra = added.pop(part.tag, [])
        if not extra:
            grown.append(part)
            continue
        box = ET.Element(part.tag, dict(part.attrib))
        box.extend([*part, *extra])
        grown.append(box)
    for container, extra in added.items():
        if extra:
            box = ET.SubElement(grown, container)
            box.extend(extra)
    return grown


def _children(element: Element, container: str) -> list[Element]:
    box = element.find(container)
    return list(box) if box is not None else []


def children(element: Element, container: str) -> list[Element]:
    """Return the children of ``element``'s ``container`` child, e.g. its categoryLinks."""
    return _children(element, container)


def _parse_file(path: Path) -> CatalogueFile:
    try:
        tree = ET.parse(path)
    except ET.ParseError as exc:
        line, column = exc.position
        raise BsdataError(
            ERROR_MALFORMED.format(file=path.name, line=line, column=column, error=exc.msg)
        ) from exc
    except OSError as exc:
        raise BsdataError(ERROR_UNREADABLE.format(file=path.name, error=exc)) from exc
    root = tree.getroot()
    # Both schemas namespace every tag; dropping the namespace keeps lookups short.
    for element in root.iter():
        tag = element.tag
        if tag[0] == "{":
            element.tag = tag[tag.index("}") + 1 :]
    if root.tag not in {"catalogue", "gameSystem"}:
        raise BsdataError(ERROR_NOT_BATTLESCRIBE.format(file=path.name, tag=root.tag))
    catalogue = CatalogueFile(
        path=path,
        root=root,
        id=root.get("id", ""),
        name=root.get("name", path.stem),
        library=root.get("library") == "true",
        game_system=root.tag == "gameSystem",
    )
    try:
        check_numbers(path, root)
    except IntegrityError as exc:
        raise BsdataError(str(exc)) from exc
    return catalogue


def load_index(directory: Path) -> Index:
    """Parse every .gst and .cat file in ``directory`` and index them."""
    paths = sorted(directory.glob("*.gst")) + sorted(directory.glob("*.cat"))
    if not paths:
        raise BsdataError(ERROR_NO_FILES.format(directory=directory))
    index = Index()
    for path in paths:
        catalogue = _parse_file(path)
        index.files[path.name] = catalogue
        index.by_catalogue_id[catalogue.id] = catalogue
        for element in catalogue.root.iter():
            element_id = element.get("id")
            if element_id is None:
                continue
            tag = element.tag
            if tag in INDEXED_ENTRY_TAGS:
                index.entries[element_id] = element
                index.entry_file[element_id] = path.name
            elif tag == "categoryEntry":
                index.categories.setdefault(element_id, element)
                index.category_names.setdefault(element_id, element.get("name", ""))
            elif tag in INFO_TAGS:
                index.infos.setdefault(element_id, element)
            elif tag == "forceEntry":
                index.force_ids.add(element_id)
                if element.get("name") == "Army Roster":
                    index.army_force_id = element_id
            elif tag == "costType" and element.get("name") == "pts":
                index.pts_id = element_id
    if not any(c.game_system for c in index.files.values()):
        raise BsdataError(ERROR_NO_GAME_SYSTEM.format(directory=directory))
    for element in index.entries.values():
        if element.get("name") == "Battle Size" and element.tag == "selectionEntry":
            for child in element.iter("selectionEntry"):
                if child is element:
                    continue
                # Names read like "2. Strike Force (2000 Point limit)".
                name = child.get("name", "")
                label = next((size for size in BATTLE_SIZES if size in name), name)
                index.battle_size_ids[label] = child.get("id", "")
            break
    return index


# -- conditions ------------------------------------------------------------------------------


def compare_count(kind: str, count: float, value: float) -> bool | None:
    """Compare a selection count the way a BattleScribe condition of ``kind`` does."""
    compare = _COMPARE.get(kind)
    return compare(count, value) if compare else None


def condition_value(index: Index, condition: Element, ctx: Ctx) -> bool | None:
    """Evaluate one <condition> where the context decides it; None where a roster would."""
    kind = condition.get("type", "")
    child = condition.get("childId", "")
    scope = condition.get("scope", "")
    field_name = condition.get("field", "")
    if kind in ("instanceOf", "notInstanceOf"):
        if scope == "primary-catalogue":
            hit = child == ctx.catalogue_id
        elif child in index.force_ids:
            hit = child == index.army_force_id
        else:
            return None
        return hit if kind == "instanceOf" else not hit
    value = float(condition.get("value") or 0)
    if child in index.force_ids and field_name in ("forces", "selections"):
        return compare_count(kind, 1 if child == index.army_force_id else 0, value)
    if field_name == "selections" and scope in ("roster", "force"):
        if child in index.detachment_ids:
            if ctx.detachment is None:
                return None
            return compare_count(kind, 1 if child == ctx.detachment else 0, value)
        if child in index.battle_size_ids.values():
            if ctx.battle_size is None:
                return None
            return compare_count(kind, 1 if child == ctx.battle_size else 0, value)
    return None


def _combine(kind: str, values: list[bool | None]) -> bool | None:
    if kind == "or":
        if any(v is True for v in values):
            return True
        if values and all(v is False for v in values):
            return False
        return None if values else True
    if any(v is False for v in values):
        return False
    if all(v is True for v in values):
        return True
    return None


def conditions_value(
    index: Index,
    holder: Element,
    ctx: Ctx,
    leaf: LeafEvaluator | None = None,
) -> bool | None:
    """Evaluate the conditions and condition groups under ``holder`` (ANDed together)."""
    values: list[bool | None] = []
    for condition in _children(holder, "conditions"):
        value = leaf(condition) if leaf is not None else None
        values.append(value if value is not None else condition_value(index, condition, ctx))
    for group in _children(holder, "conditionGroups"):
        values.append(_group_value(index, group, ctx, leaf))
    return _combine("and", values)


def _group_value(index: Index, group: Element, ctx: Ctx, leaf: LeafEvaluator | None) -> bool | None:
    values: list[bool | None] = []
    for condition in _children(group, "conditions"):
        value = leaf(condition) if leaf is not None else None
        values.append(value if value is not None else condition_value(index, condition, ctx))
    for sub in _children(group, "conditionGroups"):
        values.append(_group_value(index, sub, ctx, leaf))
    return _combine(group.get("type", "and"), values)


def iter_modifiers(element: Element) -> Iterator[tuple[Element, tuple[Element, ...]]]:
    """Yield each modifier on ``element`` with the modifierGroups that enclose it."""
    for modifier in _children(element, "modifiers"):
        yield modifier, ()

    def walk(
        group: Element, outer: tuple[Element, ...]
    ) -> Iterator[tuple[Element, tuple[Element, ...]]]:
        here = (*outer, group)
        for modifier in _children(group, "modifiers"):
            yield modifier, here
        for sub in _children(group, "modifierGroups"):
            yield from walk(sub, here)

    for group in _children(element, "modifierGroups"):
        yield from walk(group, ())


def modifier_applies(
    index: Index,
    modifier: Element,
    groups: tuple[Element, ...],
    ctx: Ctx,
    leaf: LeafEvaluator | None = None,
) -> bool | None:
    """Evaluate a modifier's own conditions together with its enclosing groups'."""
    values = [conditions_value(index, modifier, ctx, leaf)]
    values.extend(conditions_value(index, group, ctx, leaf) for group in groups)
    return _combine("and", values)


def hidden_states(index: Index, element: Element, ctx: Ctx) -> set[bool]:
    """Return the hidden values ``element`` can end up with in ``ctx``."""
    states = {element.get("hidden") == "true"}
    for modifier, groups in iter_modifiers(element):
        if modifier.get("field") != "hidden" or modifier.get("type") != "set":
            continue
        value = modifier.get("value") == "true"
        applies = modifier_applies(index, modifier, groups, ctx)
        if applies is True:
            states = {value}
        elif applies is None:
            states = states | {value}
    return states


def maybe_visible(index: Index, elements: tuple[Element, ...] | list[Element], ctx: Ctx) -> bool:
    """True unless some element on the path is hidden whatever the roster does."""
    return all(False in hidden_states(index, element, ctx) for element in elements)


def surely_hidden(index: Index, elements: tuple[Element, ...] | list[Element], ctx: Ctx) -> bool:
    """True when some element on the path is hidden whatever the roster does."""
    return any(hidden_states(index, element, ctx) == {True} for element in elements)


def constraint_value(
    index: Index, owners: tuple[Element, ...], constraint: Element, ctx: Ctx
) -> tuple[float, bool]:
    """Return a constraint's value after the modifiers that surely apply, and whether others may."""
    # Modifiers addressing a constraint by id may sit on any element of ``owners`` (the entry and
    # the link that brings it in).
    value = float(constraint.get("value") or 0)
    constraint_id = constraint.get("id")
    conditional = False
    for owner in owners:
        for modifier, groups in iter_modifiers(owner):
            if modifier.get("field") != constraint_id:
                continue
            applies = modifier_applies(index, modifier, groups, ctx)
            if applies is None:
                conditional = True
                continue
            if applies is False:
                continue
            value = apply_number(modifier, value)
    return value, conditional


def constraint_ceiling(
    index: Index, owners: tuple[Element, ...], constraint: Element, ctx: Ctx
) -> float:
    """Return the highest value a constraint can reach in ``ctx``, whatever the roster holds."""
    value = float(constraint.get("value") or 0)
    highest = value
    constraint_id = constraint.get("id")
    for owner in owners:
        for modifier, groups in iter_modifiers(owner):
            if modifier.get("field") != constraint_id:
                continue
            applies = modifier_applies(index, modifier, groups, ctx)
            if applies is False:
                continue
            changed = apply_number(modifier, value)
            if applies is True:
                value = changed
            highest = max(highest, value, changed)
    return highest


def constraint_span(
    index: Index,
    owners: tuple[Element, ...],
    constraint: Element,
    ctx: Ctx,
    maybe: Callable[[Element, tuple[Element, ...]], bool],
) -> tuple[float, float]:
    """Return the lowest and highest value a constraint can reach if ``maybe`` modifiers apply."""
    # Modifiers that surely apply are applied. Of the undecided ones only those ``maybe`` picks
    # (e.g. "once the unit has 20 models") widen the span; the rest are left out, as
    # ``constraint_value`` does. A picked modifier with repeats may apply 0..SPAN_REPEATS times.
    low = high = float(constraint.get("value") or 0)
    constraint_id = constraint.get("id")
    for owner in owners:
        for modifier, groups in iter_modifiers(owner):
            if modifier.get("field") != constraint_id:
                continue
            applies = modifier_applies(index, modifier, groups, ctx)
            if applies is False:
                continue
            repeated = bool(children(modifier, "repeats"))
            if applies is True and not repeated:
                low, high = apply_number(modifier, low), apply_number(modifier, high)
            elif maybe(modifier, groups):
                times = (0, SPAN_REPEATS) if repeated else (1,)
                ends = [apply_number(modifier, v, n) for v in (low, high) for n in times]
                low, high = min(low, *ends), max(high, *ends)
            elif applies is True:
                # Repeats over things outside the unit: once, as constraint_value does.
                low, high = apply_number(modifier, low), apply_number(modifier, high)
    return low, high


def apply_number(modifier: Element, value: float, repeat: float = 1) -> float:
    """Apply a numeric set/increment/decrement modifier to ``value``."""
    try:
        amount = float(modifier.get("value") or 0)
    except ValueError:
        return value
    kind = modifier.get("type")
    if kind == "set":
        return amount
    if kind == "increment":
        return value + amount * repeat
    if kind == "decrement":
        return value - amount * repeat
    return value


def category_changes(
    index: Index, element: Element, ctx: Ctx
) -> tuple[set[str], set[str], set[str]]:
    """Return category ids surely added, surely removed, and added only in some rosters."""
    added: set[str] = set()
    removed: set[str] = set()
    maybe: set[str] = set()
    for modifier, groups in iter_modifiers(element):
        if modifier.get("field") != "category" or modifier.get("affects") or modifier.get("scope"):
            continue
        kind = modifier.get("type")
        if kind not in ("add", "remove", "set-primary"):
            continue
        category = modifier.get("value", "")
        applies = modifier_applies(index, modifier, groups, ctx)
        if applies is False:
            continue
        if applies is None:
            if kind != "remove":
                maybe.add(category)
            continue
        if kind == "remove":
            removed.add(category)
            added.discard(category)
        else:
            added.add(category)
            removed.discard(category)
    return added, removed, maybe


def cost_value(index: Index, element: Element) -> float | None:
    """Return the element's own pts cost, or None if it states none."""
    for cost in _children(element, "costs"):
        if cost.get("typeId") == index.pts_id or cost.get("name") == "pts":
            try:
                return float(cost.get("value") or 0)
            except ValueError:
                return None
    return None


def strip_legends(name: str) -> tuple[str, bool]:
    """Return the name without a "[Legends]" tag, and whether it had one."""
    stripped = re.sub(r"\s*\[legends\]\s*", " ", name, flags=re.IGNORECASE).strip()
    return stripped, stripped != name.strip()
