"""Army-scope constraints and their conditions, read from BSData as plain limit data.

A BattleScribe constraint (a maximum at roster or force scope, on a unit entry or on a
category) and the "set" modifiers that change it become one ParsedLimit: a subject (the
units counted, by datasheet name or keyword), a base maximum, and steps, each a value with
its conditions in disjunctive normal form. Conditions the army's own facts decide (the
primary catalogue, the force kind) are settled here; those the roster decides (units of an
entry or category, the detachment, the battle size) are kept as data for the rules core
(rules/constraints.py). Anything else (arithmetic modifiers, counts of wargear) is not
expressible and is reported instead, never guessed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from armybuilder.rules import wording

from .bsdata_entries import faction_chain, keywords_of
from .bsdata_facts import Json, ParsedLimit
from .bsdata_state import FactionState, ParseState
from .bsdata_xml import Element, children, compare_count, iter_modifiers

# BattleScribe battle-size labels to the core's BattleSize values.
SIZE_VALUES: Final[dict[str, str]] = {
    "Incursion": "incursion",
    "Strike Force": "strike_force",
    "Onslaught": "onslaught",
}
ALLIED_UNITS: Final = "ALLIED_UNITS"
# ArmyLimit.reason's length; the words are made again from the clauses when shown.
REASON_LENGTH: Final = 200
CATALOGUE_LIMIT: Final = "CATALOGUE_LIMIT"
ARMY_SCOPES: Final = frozenset({"roster", "force"})

# A clause is a list of conditions (Json), all of which must hold; a formula is a list of
# clauses, any of which may hold.
Formula = list[list[Json]]
TRUE: Final[Formula] = [[]]
FALSE: Final[Formula] = []


class Untranslatable(Exception):
    """A condition or modifier the limit model cannot state."""


@dataclass
class LimitReader:
    """Reads one faction's army-scope limits; ``parser`` supplies the index and names."""

    parser: ParseState
    unit_names: dict[str, str] = field(default_factory=dict)
    detachment_names: dict[str, str] = field(default_factory=dict)
    sizes: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for faction in self.parser.factions.values():
            for view in faction.views:
                key = self.parser.sheet_key.get(view.key) if view.key else None
                if key is not None:
                    self.unit_names[view.entry.get("id", "")] = key[1]
            for detachment, _ in faction.detachments:
                self.detachment_names[detachment.get("id", "")] = detachment.get("name", "").strip()
        self.sizes = {
            size_id: SIZE_VALUES[label]
            for label, size_id in self.parser.index.battle_size_ids.items()
            if label in SIZE_VALUES
        }

    # - what a faction's units are limited by

    def read(
        self, faction: FactionState, chain_keywords: set[str]
    ) -> tuple[list[ParsedLimit], int]:
        """Return the faction's limits and how many it saw but could not express."""
        limits: list[ParsedLimit] = []
        failed = 0
        seen: set[str] = set()
        categories: dict[str, set[str]] = {}
        for view in faction.views:
            key = self.parser.sheet_key.get(view.key) if view.key else None
            if key is None:
                continue
            for category_id in view.category_ids:
                categories.setdefault(category_id, set()).add(key[1])
            for holder in view.elements:
                for constraint in children(holder, "constraints"):
                    if not _army_max(constraint) or not _modified(view.elements, constraint):
                        continue
                    subject: Json = {"datasheets": [key[1]]}
                    found = self._limit(faction, view.elements, constraint, subject, key[1])
                    if constraint.get("id", "") in seen:
                        continue
                    seen.add(constraint.get("id", ""))
                    if found is None:
                        failed += 1
                    elif found.steps:
                        # Without steps it is a plain per-datasheet limit: Datasheet.limit.
                        limits.append(found)
        for category_id, names in sorted(categories.items()):
            category = self.parser.index.categories.get(category_id)
            if category is None:
                continue
            for constraint in children(category, "constraints"):
                if not _army_max(constraint) or constraint.get("id", "") in seen:
                    continue
                if float(constraint.get("value") or 0) < 0 and not _modified(
                    (category,), constraint
                ):
                    continue
                if len(names) == 1 and not _modified((category,), constraint):
                    continue  # the Rule of Three override the datasheet already holds
                seen.add(constraint.get("id", ""))
                keywords, faction_keywords = keywords_of(self.parser, [category_id])
                label = category.get("name", "").removeprefix("Faction: ")
                words = (*keywords, *faction_keywords)
                subject = {"keywords": [words[0]]} if words else {"datasheets": sorted(names)}
                found = self._limit(faction, (category,), constraint, subject, label)
                if found is None:
                    failed += 1
                    continue
                if faction_keywords and faction_keywords[0] not in chain_keywords:
                    found = ParsedLimit(
                        found.faction,
                        ALLIED_UNITS,
                        found.label,
                        found.subject,
                        found.maximum,
                        found.steps,
                        found.source_id,
                        found.reason,
                    )
                limits.append(found)
        return limits, failed

    def _limit(
        self,
        faction: FactionState,
        holders: tuple[Element, ...],
        constraint: Element,
        subject: Json,
        label: str,
    ) -> ParsedLimit | None:
        constraint_id = constraint.get("id", "")
        base = int(float(constraint.get("value") or 0))
        maximum: int | None = None if base < 0 else base
        steps: list[Json] = []
        try:
            for holder in holders:
                for modifier, groups in iter_modifiers(holder):
                    if modifier.get("field") != constraint_id:
                        continue
                    formula = self._modifier_formula(faction, modifier, groups)
                    if not formula:
                        continue  # never applies to this faction
                    if modifier.get("type") != "set" or modifier.find("repeats") is not None:
                        raise Untranslatable(modifier.get("type", ""))
                    value = int(float(modifier.get("value") or 0))
                    stated: int | None = None if value < 0 else value
                    if formula == TRUE:
                        maximum, steps = stated, []
                        continue
                    steps.append({"value": stated, "clauses": formula, "reason": describe(formula)})
        except Untranslatable:
            return None
        if maximum is None and not steps:
            return None
        return ParsedLimit(
            faction.name,
            CATALOGUE_LIMIT,
            label[:150],
            subject,
            maximum,
            tuple(steps),
            constraint_id,
        )

    # - conditions

    def _modifier_formula(
        self, faction: FactionState, modifier: Element, groups: tuple[Element, ...]
    ) -> Formula:
        formula = TRUE
        for holder in (*groups, modifier):
            formula = _and(formula, self._holder(faction, holder, "and"))
        return formula

    def _holder(self, faction: FactionState, holder: Element, kind: str) -> Formula:
        parts = [self._leaf(faction, c) for c in children(holder, "conditions")]
        parts += [
            self._holder(faction, g, g.get("type", "and"))
            for g in children(holder, "conditionGroups")
        ]
        if kind == "or":
            result: Formula = FALSE
            for part in parts:
                result = result + part
            return result if parts else TRUE
        result = TRUE
        for part in parts:
            result = _and(result, part)
        return result

    def _leaf(self, faction: FactionState, condition: Element) -> Formula:
        index = self.parser.index
        kind = condition.get("type", "")
        child = condition.get("childId", "")
        scope = condition.get("scope", "")
        value = float(condition.get("value") or 0)
        if scope == "primary-catalogue":
            same = child == faction.file.id
            return TRUE if (same if kind == "instanceOf" else not same) else FALSE
        if child in index.force_ids:
            count = 1 if child == index.army_force_id else 0
            return _static(kind, count, value)
        if condition.get("field") != "selections":
            raise Untranslatable(condition.get("field", ""))
        if child in self.sizes:
            wanted = [
                size
                for size_id, size in self.sizes.items()
                if _holds(kind, 1 if size_id == child else 0, value)
            ]
            return _set_formula("battle_sizes", wanted, len(self.sizes))
        if child in self.detachment_names:
            names = {
                self.detachment_names.get(d.get("id", ""), "")
                for name in faction_chain(self.parser, faction.name)
                for d, _ in self.parser.factions[name].detachments
            }
            wanted = sorted(
                n
                for n in names
                if _holds(kind, 1 if n == self.detachment_names[child] else 0, value)
            )
            return _set_formula("detachments", wanted, len(names))
        if scope not in ARMY_SCOPES:
            raise Untranslatable(scope)
        if child in self.unit_names:
            units: Json = {"datasheets": [self.unit_names[child]]}
        elif child in index.categories:
            keywords, faction_keywords = keywords_of(self.parser, [child])
            words = (*keywords, *faction_keywords)
            if not words:
                raise Untranslatable(child)
            units = {"keywords": [words[0]]}
        else:
            raise Untranslatable(child)
        return _count_formula(kind, int(value), units)


def _army_max(constraint: Element) -> bool:
    return (
        constraint.get("type") == "max"
        and constraint.get("field") == "selections"
        and constraint.get("scope") in ARMY_SCOPES
    )


def _modified(holders: tuple[Element, ...], constraint: Element) -> bool:
    constraint_id = constraint.get("id", "")
    return any(
        modifier.get("field") == constraint_id
        for holder in holders
        for modifier, _ in iter_modifiers(holder)
    )


def _holds(kind: str, count: float, value: float) -> bool:
    if kind == "instanceOf":
        return count >= 1
    if kind == "notInstanceOf":
        return count < 1
    result = compare_count(kind, count, value)
    if result is None:
        raise Untranslatable(kind)
    return result


def _static(kind: str, count: float, value: float) -> Formula:
    return TRUE if _holds(kind, count, value) else FALSE


def _set_formula(key: str, wanted: list[str], total: int) -> Formula:
    if not wanted:
        return FALSE
    if len(wanted) == total:
        return TRUE
    return [[{key: sorted(wanted)}]]


def _count_formula(kind: str, value: int, units: Json) -> Formula:
    bounds: list[tuple[int | None, int | None]]
    if kind == "atLeast":
        bounds = [(value, None)]
    elif kind == "greaterThan":
        bounds = [(value + 1, None)]
    elif kind == "atMost":
        bounds = [(None, value)]
    elif kind == "lessThan":
        bounds = [(None, value - 1)]
    elif kind == "equalTo":
        bounds = [(value, value)]
    elif kind == "notEqualTo":
        bounds = [(None, value - 1), (value + 1, None)]
    else:
        raise Untranslatable(kind)
    formula: Formula = []
    for low, high in bounds:
        if high is not None and high < 0:
            continue
        condition: Json = {"units": units}
        if low is not None and low > 0:
            condition["at_least"] = low
        if high is not None:
            condition["at_most"] = high
        formula.append([condition])
    return formula


def _and(left: Formula, right: Formula) -> Formula:
    return [a + b for a in left for b in right]


def describe(formula: Formula) -> str:
    """Say a condition in plain words: 'with 1+ Captain', 'in Gladius Task Force'.

    The words are the rules core's (rules/wording.py), which says the same clauses in the
    reader's language; this English is what the admin shows as the step's reason.
    """
    return str(wording.describe(formula))[:REASON_LENGTH]
