"""A datasheet's model types, their wargear choices and the profiles, read from BSData.

Pure functions over the parsed XML (no database). ``wargear_of`` is the one entry point: the
datasheet parser calls it with the unit entry, its model slots and its ability names, and
stores the result as plain JSON (see ``ParsedWargear.as_json`` for the shape). Facts only:
names, numbers and weapon keywords, never rules text.

How BSData states wargear, and how it is read here:

- a model type is a ``type="model"`` entry; its count bounds come from the unit's slots;
- an ``upgrade`` entry under a model is an item; a ``selectionEntryGroup`` with its own
  min/max constraints is a choice group (its items are the options), one without is only
  a folder and its items stand alone;
- ``scope="parent"`` constraints bound a group per model; constraints at unit scope bound
  it across the unit, and an ``increment`` modifier that repeats per N models of the unit
  is a ratio limit ("one in every five models");
- the default is ``defaultSelectionEntryId``, else the only option a minimum forces;
- conditional "set" modifiers (a sergeant who takes twin lightning claws drops both weapon
  choices) are not modelled: their minimum is relaxed to 0, so no legal choice is refused.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .bsdata_xml import Ctx, Element, Index, children, iter_modifiers, surely_hidden

# Folders of list-building extras, not wargear (Crusade upgrades, Weapon Modifications).
SKIPPED_NAMES = ("crusade", "weapon modification", "battle honour", "honours upgrade")
STAT_NAMES = ("M", "T", "SV", "W", "LD", "OC")
WEAPON_TYPES = {"Ranged Weapons": "R", "Melee Weapons": "M"}
INVULNERABLE = "invulnerable save"
# Ability kinds whose names a datasheet card lists (the stat line and weapons are apart).
WARGEAR_ABILITY_KINDS = frozenset({"Abilities", "rule"})
_SAVE = re.compile(r"(\d)\+")
_MAX_DEPTH = 6
_PARENT = "parent"


@dataclass(frozen=True)
class ParsedGroup:
    """A choice among options for each model of a type, and across the unit."""

    name: str
    options: tuple[str, ...]
    minimum: int
    maximum: int
    # Per model: option -> how many each model starts with.
    default: tuple[tuple[str, int], ...] = ()
    # Across the unit: at most unit_max, plus ratio_step for every ratio_per models.
    unit_max: int | None = None
    ratio_per: int = 0
    ratio_step: int = 0

    def as_json(self) -> dict[str, Any]:
        row: dict[str, Any] = {"name": self.name, "options": list(self.options)}
        row["min"], row["max"] = self.minimum, self.maximum
        # A lone option a minimum forces is its own default: left implicit, to stay compact.
        implied = len(self.options) == 1 and self.default == ((self.options[0], self.minimum),)
        if self.default and not implied:
            row["default"] = {name: n for name, n in self.default}
        if self.unit_max is not None:
            row["unit_max"] = self.unit_max
        if self.ratio_per:
            row["per"], row["step"] = self.ratio_per, self.ratio_step
        return row


@dataclass(frozen=True)
class ParsedModelType:
    name: str
    minimum: int
    maximum: int
    # M, T, Sv, invulnerable save, W, Ld, OC as the datasheet prints them ("" when absent).
    stats: tuple[str, ...]
    groups: tuple[ParsedGroup, ...]

    def as_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "min": self.minimum,
            "max": self.maximum,
            "stats": list(self.stats),
            "groups": [g.as_json() for g in self.groups],
        }


@dataclass
class ParsedWargear:
    models: list[ParsedModelType] = field(default_factory=list)
    # The model type extra models go to, as the data's default selection says.
    fill: str = ""
    # Weapon name -> profiles [kind R|M, profile name, range, A, BS/WS, S, AP, D, keywords].
    weapons: dict[str, list[list[Any]]] = field(default_factory=dict)
    abilities: tuple[str, ...] = ()

    def as_json(self) -> dict[str, Any]:
        return {
            "model_types": [m.as_json() for m in self.models],
            "fill": self.fill,
            "weapons": self.weapons,
            "abilities": list(self.abilities),
        }


def _skipped(element: Element) -> bool:
    name = element.get("name", "").lower()
    return any(word in name for word in SKIPPED_NAMES)


def _int(value: str | None, default: int = 0) -> int:
    try:
        return int(float(value or default))
    except ValueError:
        return default


def _modified(owners: Sequence[Element], constraint_id: str) -> list[Element]:
    return [
        modifier
        for owner in owners
        for modifier, _groups in iter_modifiers(owner)
        if modifier.get("field") == constraint_id
    ]


def _ratio(modifiers: Iterable[Element]) -> tuple[int, int]:
    """Return (per N models, step) from an increment modifier repeating over model counts."""
    for modifier in modifiers:
        if modifier.get("type") != "increment":
            continue
        for repeat in children(modifier, "repeats"):
            if repeat.get("childId") == "model" and repeat.get("field") == "selections":
                per = _int(repeat.get("value"), 1)
                if per > 0:
                    return per, _int(modifier.get("value"), 1)
    return 0, 0


@dataclass
class _Bounds:
    minimum: int = 0
    maximum: int | None = None
    unit_max: int | None = None
    ratio_per: int = 0
    ratio_step: int = 0
    constrained: bool = False


def bounds_of(owners: Sequence[Element]) -> _Bounds:
    """Read per-model and unit-wide selection bounds from an item's or group's constraints."""
    found = _Bounds()
    for owner in owners:
        for constraint in children(owner, "constraints"):
            if constraint.get("field") != "selections":
                continue
            kind, scope = constraint.get("type"), constraint.get("scope", "")
            value = _int(constraint.get("value"))
            modifiers = _modified(owners, constraint.get("id", ""))
            if scope == _PARENT:
                found.constrained = True
                if kind == "min":
                    # A conditional "set" (e.g. to 0) may lower it: keep the lowest it can be.
                    lowered = [_int(m.get("value")) for m in modifiers if m.get("type") == "set"]
                    found.minimum = max(found.minimum, min([value, *lowered]))
                elif kind == "max":
                    raised = [_int(m.get("value")) for m in modifiers if m.get("type") == "set"]
                    high = max([value, *raised])
                    found.maximum = high if found.maximum is None else min(found.maximum, high)
            elif scope not in ("roster", "force", "primary-catalogue") and kind == "max":
                found.unit_max = value
                found.ratio_per, found.ratio_step = _ratio(modifiers)
    return found


def _default_id(link: Element, target: Element) -> str:
    return link.get("defaultSelectionEntryId") or target.get("defaultSelectionEntryId") or ""


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
    def __init__(self, index: Index, ctx: Ctx) -> None:
        self.index = index
        self.ctx = ctx
        self.weapons: dict[str, list[list[Any]]] = {}

    def pairs(self, element: Element) -> Iterable[tuple[Element, Element, tuple[Element, ...]]]:
        for container in ("selectionEntries", "selectionEntryGroups", "entryLinks"):
            for child in children(element, container):
                target = self.index.target(child)
                if target is None or _skipped(target) or _skipped(child):
                    continue
                pair = (child, target) if child is not target else (target,)
                if surely_hidden(self.index, pair, self.ctx):
                    continue
                yield child, target, pair

    def item(self, target: Element) -> str:
        name = target.get("name", "").strip()
        if name not in self.weapons:
            self.weapons[name] = _weapon_profiles(self.index, target)
            # Combined weapons ("Plasma pistol and power sword") list their parts inside.
            for _child, inner, _pair in self.pairs(target):
                if inner.get("type") == "upgrade" and inner.tag != "selectionEntryGroup":
                    self.weapons[name].extend(_weapon_profiles(self.index, inner))
        return name

    def groups(self, model: Element) -> list[ParsedGroup]:
        found: list[ParsedGroup] = []
        self._walk(model, found, 0)
        return found

    def _walk(self, element: Element, found: list[ParsedGroup], depth: int) -> None:
        if depth > _MAX_DEPTH:
            return
        for link, target, pair in self.pairs(element):
            if target.tag == "selectionEntryGroup":
                bounds = bounds_of(pair)
                if not bounds.constrained and bounds.unit_max is None:
                    self._walk(target, found, depth + 1)
                    continue
                options: list[str] = []
                default_ids = {_default_id(link, target)}
                default_name = ""
                for inner_link, inner, inner_pair in self.pairs(target):
                    if inner.tag == "selectionEntryGroup":
                        self._walk_group(inner_link, inner, inner_pair, found, depth + 1)
                        continue
                    if inner.get("type") != "upgrade":
                        continue
                    name = self.item(inner)
                    if name not in options:
                        options.append(name)
                    if default_ids & {inner_link.get("id"), inner.get("id")}:
                        default_name = name
                    # An option's own unit-wide cap within the group ("up to two plasma guns").
                    own = bounds_of(inner_pair)
                    if own.unit_max is not None:
                        found.append(_capped_item(name, own))
                if not options:
                    continue
                high = bounds.maximum if bounds.maximum is not None else max(len(options), 1)
                if not default_name and bounds.minimum:
                    # No stated default: the first option, as BattleScribe lists them.
                    default_name = options[0]
                default = (
                    ((default_name, bounds.minimum),) if default_name and bounds.minimum else ()
                )
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
                    )
                )
            elif target.get("type") == "upgrade":
                name = self.item(target)
                bounds = bounds_of(pair)
                high = bounds.maximum if bounds.maximum is not None else max(bounds.minimum, 1)
                found.append(
                    ParsedGroup(
                        name,
                        (name,),
                        bounds.minimum,
                        high,
                        ((name, bounds.minimum),) if bounds.minimum else (),
                        bounds.unit_max,
                        bounds.ratio_per,
                        bounds.ratio_step,
                    )
                )

    def _walk_group(
        self,
        link: Element,
        target: Element,
        pair: tuple[Element, ...],
        found: list[ParsedGroup],
        depth: int,
    ) -> None:
        # A group nested in a group: walk a one-element holder so it is read as a group.
        holder = Element("selectionEntry")
        box = Element("selectionEntryGroups")
        box.append(link)
        holder.append(box)
        self._walk(holder, found, depth)


def _capped_item(name: str, own: _Bounds) -> ParsedGroup:
    return ParsedGroup(
        name,
        (name,),
        0,
        own.maximum if own.maximum is not None else 1,
        (),
        own.unit_max,
        own.ratio_per,
        own.ratio_step,
    )


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
    reader = _Reader(index, ctx)
    names = (a for a in abilities if a and INVULNERABLE not in a.lower())
    parsed = ParsedWargear(abilities=tuple(dict.fromkeys(names)))
    seen: set[str] = set()
    stated = {g.get("defaultSelectionEntryId", "") for g in unit.iter("selectionEntryGroup")}
    stated.discard("")
    default_ids = stated | {
        link.get("targetId", "") for link in unit.iter("entryLink") if link.get("id") in stated
    }
    for model in models:
        name = model.get("name", "").strip()
        if not name or name in seen:
            continue
        seen.add(name)
        low, high = bounds.get(model.get("id", ""), (0, max_models))
        stats = _stats(index, (model, unit)) if model is not unit else _stats(index, (unit,))
        parsed.models.append(
            ParsedModelType(name, low, max(high, low), stats, tuple(reader.groups(model)))
        )
        if not parsed.fill and model.get("id") in default_ids:
            parsed.fill = name
    if not parsed.fill and parsed.models:
        # No stated default: extra models go to the type with the most room.
        parsed.fill = max(parsed.models, key=lambda m: m.maximum - m.minimum).name
    parsed.weapons = {name: rows for name, rows in reader.weapons.items() if rows}
    return parsed
