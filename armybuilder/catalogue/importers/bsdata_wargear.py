"""A datasheet's model types, their wargear choices and the profiles, read from BSData.

Pure functions over the parsed XML (no database). ``wargear_of`` is the one entry point: the
datasheet parser calls it with the unit entry, its model slots and its ability names, and
stores the result as plain JSON (see ``ParsedWargear.as_json`` for the shape). Facts only:
names, numbers and weapon keywords, never rules text.

How BSData states wargear, and how it is read here:

- a model type is a ``type="model"`` entry, or one the unit-size reader took as a model
  (older months' squads of ``upgrade`` models); its count bounds come from the unit's slots;
- an ``upgrade`` entry under a model is an item; a ``selectionEntryGroup`` with its own
  min/max constraints is a choice group (its items are the options), one without is only
  a folder and its items stand alone;
- ``scope="parent"`` constraints (or a scope naming the model or a group on the way to the
  item) bound a group per model; constraints at unit scope (``unit``, ``root-entry``, the
  unit's id) bound it across the unit, and an ``increment`` modifier that repeats per N
  models of the unit is a ratio limit ("one in every five models"); a scope naming another
  unit (a shared entry's constraint meant for that unit) does not apply here;
- modifiers on a constraint that surely apply (no condition, or one the catalogue decides)
  change its value: War Walkers' heavy weapons group is "set" to 2 by its link. Modifiers
  that depend on the roster (a sergeant who takes twin lightning claws drops both weapon
  choices) widen the bounds, so no legal choice is refused: the minimum is the lowest it
  can be, the maximum the highest, and the default keeps the minimum in force otherwise;
- the default is ``defaultSelectionEntryId``, else the first option a minimum forces;
- a group nested in a group counts towards the outer group's cap as well as its own: the
  outer group offers the nested options too, and the nested group is a ``cap`` (as is an
  option's own cap within its group, "up to two plasma guns");
- the unit entry's own items and groups of a multi-model unit (Mark of Chaos, an icon, a
  shrine token, grapnel launchers) are a choice for the whole unit: every model type offers
  them, at most the group's maximum across the unit; entries that hold models are the
  unit's composition, not wargear;
- an item renamed once selected (the mark "Khorne" reads "Mark of Khorne") takes that name;
- the Warlord upgrade (in the Warlord category) marks the unit, it is not wargear.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .bsdata_facts import (
    FACTION_PREFIX,
    ParsedGroup,
    ParsedModelType,
    ParsedWargear,
    is_keyword_category,
)
from .bsdata_xml import (
    Ctx,
    Element,
    Index,
    apply_number,
    children,
    iter_modifiers,
    modifier_applies,
    surely_hidden,
)

# Folders of list-building extras, not wargear (Crusade upgrades, Weapon Modifications).
SKIPPED_NAMES = ("crusade", "weapon modification", "battle honour", "honours upgrade")
STAT_NAMES = ("M", "T", "SV", "W", "LD", "OC")
WEAPON_TYPES = {"Ranged Weapons": "R", "Melee Weapons": "M"}
INVULNERABLE = "invulnerable save"
# Ability kinds whose names a datasheet card lists (the stat line and weapons are apart).
WARGEAR_ABILITY_KINDS = frozenset({"Abilities", "rule"})
_SAVE = re.compile(r"(\d)\+")
_MAX_DEPTH = 6
# Constraint scopes that bound an item per model, and across the whole unit.
_PER_MODEL = frozenset({"parent", "model"})
_UNIT_WIDE = frozenset({"unit", "root-entry"})
_NUMBER_MODIFIERS = frozenset({"set", "increment", "decrement"})
# Upgrades in these categories mark the unit (the warlord flag is read apart), not wargear.
MARKER_CATEGORIES = frozenset({"Warlord"})


def _skipped(element: Element) -> bool:
    name = element.get("name", "").lower()
    return any(word in name for word in SKIPPED_NAMES)


def _int(value: str | None, default: int = 0) -> int:
    try:
        return int(float(value or default))
    except ValueError:
        return default


def _ratio(owners: Sequence[Element], constraint_id: str) -> tuple[int, int]:
    """Return (per N models, step) from an increment modifier repeating over model counts."""
    for owner in owners:
        for modifier, _groups in iter_modifiers(owner):
            if modifier.get("field") != constraint_id or modifier.get("type") != "increment":
                continue
            for repeat in children(modifier, "repeats"):
                if repeat.get("childId") == "model" and repeat.get("field") == "selections":
                    per = _int(repeat.get("value"), 1)
                    if per > 0:
                        return per, _int(modifier.get("value"), 1)
    return 0, 0


@dataclass
class _Bounds:
    # The lowest the per-model minimum can be, and the minimum in force unless the roster
    # lowers it (what each model starts with).
    minimum: int = 0
    default: int = 0
    maximum: int | None = None
    unit_max: int | None = None
    ratio_per: int = 0
    ratio_step: int = 0
    constrained: bool = False


def _default_id(link: Element, target: Element) -> str:
    return link.get("defaultSelectionEntryId") or target.get("defaultSelectionEntryId") or ""


def _unit_scopes(unit: Element) -> frozenset[str]:
    """The ids a unit-wide constraint may name: the unit and its groups above the models."""
    found = {unit.get("id", "")}
    stack = [unit]
    while stack:
        element = stack.pop()
        for child in element:
            if child.tag == "selectionEntry" and child.get("type") == "model":
                continue
            if child.tag in ("selectionEntryGroup", "selectionEntryGroups", "selectionEntries"):
                if child.get("id"):
                    found.add(child.get("id", ""))
                stack.append(child)
    found.discard("")
    return frozenset(found)


def _weapon_profiles(index: Index, element: Element) -> list[list[Any]]:
    profiles: list[Element] = list(children(element, "profiles"))
    for info in children(element, "infoLinks"):
        if info.get("type") == "profile":
            target = index.infos.get(info.get("targetId", ""))
            if target is not None:
                profiles.append(target)
    rows: list[list[Any]] = []
    for profile in profiles:
        kind = WEAPON_TYPES.get(profile.get("typeName", ""))
        if kind is None:
            continue
        stats = {c.get("name", ""): (c.text or "").strip() for c in profile.iter("characteristic")}
        keywords = [
            word.strip().upper()
            for word in stats.get("Keywords", "").split(",")
            if word.strip() and word.strip() != "-"
        ]
        name = profile.get("name", "").replace("\u27a4", "").strip()
        skill = stats.get("BS") or stats.get("WS") or ""
        rows.append(
            [
                kind,
                name,
                stats.get("Range", ""),
                stats.get("A", ""),
                skill,
                stats.get("S", ""),
                stats.get("AP", ""),
                stats.get("D", ""),
                keywords,
            ]
        )
    return rows


class _Reader:
    def __init__(
        self, index: Index, ctx: Ctx, unit: Element, model_ids: frozenset[str] = frozenset()
    ) -> None:
        self.index = index
        self.ctx = ctx
        # Entries the unit-size reader took as models though typed otherwise (older data's
        # squads of ``upgrade`` models): model types here too, not wargear.
        self.model_ids = model_ids
        self.weapons: dict[str, list[list[Any]]] = {}
        self.ids: dict[str, list[str]] = {}
        self.unit_scopes = _unit_scopes(unit)
        # The ids on the way from the model to the item being read (per-model scopes).
        self.path: list[str] = []
        self._holds: dict[int, bool] = {}

    # -- what an entry is ---------------------------------------------------------------

    def pairs(self, element: Element) -> Iterable[tuple[Element, Element, tuple[Element, ...]]]:
        for container in ("selectionEntries", "selectionEntryGroups", "entryLinks"):
            for child in children(element, container):
                target = self.index.target(child)
                if target is None or _skipped(target) or _skipped(child) or self.marker(target):
                    continue
                pair = (child, target) if child is not target else (target,)
                if surely_hidden(self.index, pair, self.ctx):
                    continue
                yield child, target, pair

    def granted(self, link: Element, target: Element) -> tuple[str, ...]:
        """The keywords an option's own categories give its bearer ("Khorne" on a Mark
        of Chaos option), faction categories and markers aside."""
        found: set[str] = set()
        for element in (link, target):
            for category in children(element, "categoryLinks"):
                category_id = category.get("targetId", "")
                name = self.index.category_names.get(category_id, "")
                if not name or name.startswith(FACTION_PREFIX) or name in MARKER_CATEGORIES:
                    continue
                if is_keyword_category(name, self.index.categories.get(category_id)):
                    found.add(name.strip().upper())
        return tuple(sorted(found))

    def marker(self, element: Element) -> bool:
        """Tell the Warlord marker (an upgrade in the Warlord category) from wargear."""
        return any(
            self.index.category_names.get(link.get("targetId", "")) in MARKER_CATEGORIES
            for link in children(element, "categoryLinks")
        )

    def is_model(self, element: Element) -> bool:
        return element.get("type") == "model" or element.get("id", "") in self.model_ids

    def holds_models(self, element: Element, depth: int = 0) -> bool:
        """Tell an entry that holds models (the unit's composition) from wargear."""
        known = self._holds.get(id(element))
        if known is not None:
            return known
        found = False
        if depth <= _MAX_DEPTH:
            for container in ("selectionEntries", "selectionEntryGroups", "entryLinks"):
                for child in children(element, container):
                    target = self.index.target(child)
                    if target is None:
                        continue
                    if self.is_model(target) or self.holds_models(target, depth + 1):
                        found = True
                        break
                if found:
                    break
        self._holds[id(element)] = found
        return found

    def item(self, link: Element, target: Element, pair: tuple[Element, ...]) -> str:
        name = self.selected_name(pair) or target.get("name", "").strip()
        ids = self.ids.setdefault(name, [])
        for element in pair:
            if element.get("id") and element.get("id") not in ids:
                ids.append(element.get("id", ""))
        if name not in self.weapons:
            self.weapons[name] = _weapon_profiles(self.index, target)
            # Combined weapons ("Plasma pistol and power sword") list their parts inside.
            for _child, inner, _pair in self.pairs(target):
                if inner.get("type") == "upgrade" and inner.tag != "selectionEntryGroup":
                    self.weapons[name].extend(_weapon_profiles(self.index, inner))
        return name

    def selected_name(self, pair: tuple[Element, ...]) -> str:
        """The name a "set name" modifier gives an item once it is taken, if any."""
        own = {element.get("id", "") for element in pair} - {""}
        for element in pair:
            for modifier, groups in iter_modifiers(element):
                if modifier.get("field") != "name" or modifier.get("type") != "set":
                    continue
                conditions = list(modifier.iter("condition"))
                when_taken = bool(conditions) and all(
                    c.get("childId") in own
                    and c.get("type") in ("atLeast", "greaterThan")
                    and _int(c.get("value")) <= 1
                    for c in conditions
                )
                applies = modifier_applies(self.index, modifier, groups, self.ctx)
                if (when_taken or applies is True) and (modifier.get("value") or "").strip():
                    return (modifier.get("value") or "").strip()
        return ""

    # -- bounds ---------------------------------------------------------------------------

    def span(self, owners: Sequence[Element], constraint: Element) -> tuple[int, int, int]:
        """Return a constraint's value in force, and the lowest and highest it can be."""
        constraint_id = constraint.get("id", "")
        sure = float(constraint.get("value") or 0)
        maybe: list[Element] = []
        for owner in owners:
            for modifier, groups in iter_modifiers(owner):
                if modifier.get("field") != constraint_id:
                    continue
                if modifier.get("type") not in _NUMBER_MODIFIERS:
                    continue
                if children(modifier, "repeats"):
                    continue  # repeats over the unit's models: a ratio (see _ratio)
                applies = modifier_applies(self.index, modifier, groups, self.ctx)
                if applies is True:
                    sure = apply_number(modifier, sure)
                elif applies is None:
                    maybe.append(modifier)
        values = [sure, *(apply_number(m, sure) for m in maybe)]
        return int(sure), int(min(values)), int(max(values))

    def bounds(self, owners: Sequence[Element]) -> _Bounds:
        """Read per-model and unit-wide selection bounds from an item's or group's constraints."""
        found = _Bounds()
        for owner in owners:
            for constraint in children(owner, "constraints"):
                if constraint.get("field") != "selections":
                    continue
                kind, scope = constraint.get("type"), constraint.get("scope", "")
                sure, low, high = self.span(owners, constraint)
                unit_wide = scope in _UNIT_WIDE or scope in self.unit_scopes
                if scope in _PER_MODEL or (scope in self.path and not unit_wide):
                    found.constrained = True
                    if kind == "min":
                        found.minimum = max(found.minimum, low)
                        found.default = max(found.default, sure)
                    elif kind == "max":
                        found.maximum = high if found.maximum is None else min(found.maximum, high)
                elif unit_wide and kind == "max":
                    per, step = _ratio(owners, constraint.get("id", ""))
                    if found.unit_max is None or high < found.unit_max or per:
                        found.unit_max = high
                        found.ratio_per, found.ratio_step = per, step
        return found

    # -- groups ---------------------------------------------------------------------------

    def groups(self, element: Element, path: Sequence[str] = ()) -> list[ParsedGroup]:
        found: list[ParsedGroup] = []
        self.path = list(path)
        self._walk(element, found, 0)
        return found

    def _walk(self, element: Element, found: list[ParsedGroup], depth: int) -> None:
        if depth > _MAX_DEPTH:
            return
        for link, target, pair in self.pairs(element):
            if self.is_model(target):
                continue
            if target.tag == "selectionEntryGroup":
                bounds = self.bounds(pair)
                folder = not bounds.constrained and bounds.unit_max is None
                if folder or self.holds_models(target):
                    # A folder, or the unit's composition: its items stand alone.
                    self._enter(link, target)
                    self._walk(target, found, depth + 1)
                    self._leave(link, target)
                    continue
                self._group(link, target, pair, bounds, found, depth, cap=False)
            elif target.get("type") == "upgrade" and not self.holds_models(target):
                name = self.item(link, target, pair)
                bounds = self.bounds(pair)
                low = max(bounds.default, bounds.minimum)
                high = bounds.maximum if bounds.maximum is not None else max(low, 1)
                found.append(
                    ParsedGroup(
                        name,
                        (name,),
                        bounds.minimum,
                        high,
                        ((name, bounds.default),) if bounds.default else (),
                        bounds.unit_max,
                        bounds.ratio_per,
                        bounds.ratio_step,
                    )
                )

    def _enter(self, link: Element, target: Element) -> None:
        self.path.extend(e.get("id", "") for e in {link, target})

    def _leave(self, link: Element, target: Element) -> None:
        del self.path[-len({link, target}) :]

    def _group(
        self,
        link: Element,
        target: Element,
        pair: tuple[Element, ...],
        bounds: _Bounds,
        found: list[ParsedGroup],
        depth: int,
        *,
        cap: bool,
    ) -> list[str]:
        """Read one choice group (and the groups nested in it); return its options."""
        self._enter(link, target)
        options: list[str] = []
        grants: dict[str, tuple[str, ...]] = {}
        # Groups nested in this one, and caps of its options: after the group itself.
        after: list[ParsedGroup] = []
        default_ids = {_default_id(link, target)}
        default_name = ""
        nested_default = False
        high_guess = bounds.maximum
        for inner_link, inner, inner_pair in self._options(target, depth):
            if inner.tag == "selectionEntryGroup":
                inner_bounds = self.bounds(inner_pair)
                before = len(after)
                for name in self._group(
                    inner_link, inner, inner_pair, inner_bounds, after, depth + 1, cap=True
                ):
                    if name not in options:
                        options.append(name)
                nested_default |= any(g.default for g in after[before:])
                continue
            name = self.item(inner_link, inner, inner_pair)
            if name not in options:
                options.append(name)
            granted = self.granted(inner_link, inner)
            if granted:
                grants.setdefault(name, granted)
            if default_ids & {inner_link.get("id"), inner.get("id")}:
                default_name = name
            # An option's own cap within the group ("up to two plasma guns").
            own = self.bounds(inner_pair)
            own_high = own.maximum
            lower = own_high is not None and high_guess is not None and own_high < high_guess
            if own.unit_max is not None or lower:
                after.append(
                    ParsedGroup(
                        name,
                        (name,),
                        0,
                        own_high if own_high is not None else (high_guess or 1),
                        (),
                        own.unit_max,
                        own.ratio_per,
                        own.ratio_step,
                        cap=True,
                    )
                )
        self._leave(link, target)
        if not options:
            return []
        high = bounds.maximum if bounds.maximum is not None else max(len(options), 1)
        count = max(bounds.default, bounds.minimum)
        if not default_name and count and not nested_default:
            # No stated default: the first option, as BattleScribe lists them.
            default_name = options[0]
        default = ((default_name, count),) if default_name and count else ()
        found.append(
            ParsedGroup(
                target.get("name", "").strip() or options[0],
                tuple(options),
                bounds.minimum,
                high,
                default,
                bounds.unit_max,
                bounds.ratio_per,
                bounds.ratio_step,
                cap=cap,
                grants=tuple(sorted(grants.items())),
            )
        )
        found.extend(after)
        return options

    def _options(
        self, group: Element, depth: int
    ) -> Iterable[tuple[Element, Element, tuple[Element, ...]]]:
        """A group's options: its items, those of folders in it, and its nested groups."""
        if depth > _MAX_DEPTH:
            return
        for link, inner, pair in self.pairs(group):
            if self.is_model(inner) or self.holds_models(inner):
                continue
            if inner.tag == "selectionEntryGroup":
                bounds = self.bounds(pair)
                if not bounds.constrained and bounds.unit_max is None:
                    self._enter(link, inner)
                    yield from self._options(inner, depth + 1)
                    self._leave(link, inner)
                    continue
                yield link, inner, pair
            elif inner.get("type") == "upgrade":
                yield link, inner, pair


def _unit_wide(group: ParsedGroup, default: bool) -> ParsedGroup:
    """A group of the unit entry, as every model type offers it: capped across the unit."""
    unit_max = group.maximum if group.unit_max is None else group.unit_max
    if not group.ratio_per:
        unit_max = min(unit_max, group.maximum)
    return replace(group, minimum=0, default=group.default if default else (), unit_max=unit_max)


def _stats(index: Index, elements: Sequence[Element]) -> tuple[str, ...]:
    line: dict[str, str] = {}
    invulnerable = ""
    for element in elements:
        profiles = list(children(element, "profiles"))
        for info in children(element, "infoLinks"):
            target = index.infos.get(info.get("targetId", ""))
            if target is not None and target.tag == "profile":
                profiles.append(target)
        for profile in profiles:
            type_name = profile.get("typeName", "")
            if type_name == "Unit" and not line:
                line = {
                    (c.get("name") or "").upper(): (c.text or "").strip()
                    for c in profile.iter("characteristic")
                }
            elif not invulnerable and INVULNERABLE in profile.get("name", "").lower():
                text = (
                    profile.get("name", "")
                    + " "
                    + " ".join(c.text or "" for c in profile.iter("characteristic"))
                )
                match = _SAVE.search(text)
                if match:
                    invulnerable = f"{match.group(1)}+"
    if not line:
        return ()
    m, t, sv, w, ld, oc = (line.get(name, "") for name in STAT_NAMES)
    return (m, t, sv, invulnerable, w, ld, oc)


def merged_groups(entries: Sequence[tuple[int, Sequence[ParsedGroup]]]) -> list[ParsedGroup]:
    """Fold the groups of entries that state one model type, each (most models, groups).

    A group every entry states (the same name and options) stays a per-model choice, its
    unit-wide caps summed. One only some entries state is no model's obligation: it keeps
    its per-model maximum, starts empty, and the unit takes it at most as often as those
    entries' models could.
    """
    found: dict[tuple[str, tuple[str, ...], bool], list[tuple[int, ParsedGroup]]] = {}
    for most, groups in entries:
        for group in groups:
            found.setdefault((group.name, group.options, group.cap), []).append((most, group))
    merged = []
    for stated in found.values():
        first = stated[0][1]
        if len(stated) == len(entries):
            caps = [g.unit_max for _, g in stated]
            unit_max = None if any(c is None for c in caps) else sum(c for c in caps if c)
            merged.append(replace(first, unit_max=unit_max))
            continue
        unit_max = sum(
            (g.unit_max if g.unit_max is not None else g.maximum * most) for most, g in stated
        )
        merged.append(replace(first, minimum=0, default=(), unit_max=unit_max))
    return merged


def wargear_of(
    *,
    index: Index,
    ctx: Ctx,
    unit: Element,
    models: Sequence[Element],
    bounds: dict[str, tuple[int, int]],
    abilities: Iterable[str],
    max_models: int,
) -> ParsedWargear:
    """Read the model types, choice groups, weapon profiles and ability names of a unit.

    ``models`` are the unit's model entries, ``bounds`` their (min, max) counts by entry id
    as the unit-size reader worked them out.
    """
    model_ids = frozenset(m.get("id", "") for m in models if m is not unit) - {""}
    reader = _Reader(index, ctx, unit, model_ids)
    names = (a for a in abilities if a and INVULNERABLE not in a.lower())
    parsed = ParsedWargear(abilities=tuple(dict.fromkeys(names)))
    seen: set[str] = set()
    stated = {g.get("defaultSelectionEntryId", "") for g in unit.iter("selectionEntryGroup")}
    stated.discard("")
    default_ids = stated | {
        link.get("targetId", "") for link in unit.iter("entryLink") if link.get("id") in stated
    }
    # The unit entry's own wargear, where the unit is not itself its one model.
    whole = [] if any(m is unit for m in models) else reader.groups(unit)
    kinds: list[tuple[str, int, int, tuple[str, ...], list[ParsedGroup]]] = []
    for model in models:
        name = model.get("name", "").strip()
        if not name or name in seen:
            continue
        seen.add(name)
        low, high = bounds.get(model.get("id", ""), (0, max_models))
        stats = _stats(index, (model, unit)) if model is not unit else _stats(index, (unit,))
        groups = reader.groups(model, (model.get("id", ""),))
        same = [m for m in models if m is not model and m.get("name", "").strip() == name]
        if same and all(m.get("id", "") in bounds for m in (model, *same)):
            # One model type stated as several entries of known counts (an Iron-master's
            # three E-COGs, each with its own tool): one type of their summed counts.
            entries = [(max(high, low), groups)]
            for other in same:
                other_low, other_high = bounds[other.get("id", "")]
                low, high = low + other_low, high + max(other_high, other_low)
                entries.append(
                    (max(other_high, other_low), reader.groups(other, (other.get("id", ""),)))
                )
            high = min(high, max(max_models, low))
            groups = merged_groups(entries)
        kinds.append((name, low, max(high, low), stats, groups))
        if not parsed.fill and any(m.get("id") in default_ids for m in (model, *same)):
            parsed.fill = name
    # A unit-wide default goes to a type of exactly one model (the sergeant), if any.
    single = next((k[0] for k in kinds if k[1] == k[2] == 1), "")
    for name, low, high, stats, groups in kinds:
        groups.extend(_unit_wide(g, name == single) for g in whole)
        parsed.models.append(ParsedModelType(name, low, high, stats, tuple(groups)))
    if not parsed.fill and parsed.models:
        # No stated default: extra models go to the type with the most room.
        parsed.fill = max(parsed.models, key=lambda m: m.maximum - m.minimum).name
    parsed.weapons = {name: rows for name, rows in reader.weapons.items() if rows}
    parsed.option_ids = {name: ids for name, ids in sorted(reader.ids.items()) if ids}
    return parsed
