"""The conditions of the catalogue's limits in words, as Messages a face can translate.

The importer stores a limit's conditions as data (ArmyLimit.steps: each step's clauses,
in the JSON shape described on ArmyLimit); the words around them ("with 1+ CAPTAIN", "in
Gladius Task Force", "; or ") are made here from that data, so the CATALOGUE_LIMIT and
ALLIED_UNITS messages read in the reader's language. Names and keywords inside stay as
the data gives them. The English is exactly what the importer stores as a step's reason.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from armybuilder.rules.messages import Message, Param, Template, template
from armybuilder.rules.model import BattleSize

WITHOUT: Final = template("without {units}")
WITH_AT_LEAST: Final = template("with {count}+ {units}")
WITH_EXACTLY: Final = template("with exactly {count} {units}")
WITH_BETWEEN: Final = template("with {low}-{high} {units}")
IN_DETACHMENTS: Final = template("in {detachments}")
AT_SIZES: Final = template("at {sizes}")
EITHER: Final = template("{first} or {second}")
BOTH: Final = template("{first} and {second}")
ANOTHER_CLAUSE: Final = template("{first}; or {second}")
# After a count of points ("350 pts / 500 pts at most").
POINTS_AFTER: Final = template(" pts")
# A limit's reason in brackets after its count; no words, so nothing to translate.
IN_BRACKETS: Final = Template(" ({reason})")

Formula = Sequence[Sequence[Mapping[str, Any]]]


def _chain(joiner: Template, parts: Sequence[Param]) -> Param:
    """Join parts pairwise through a template: "a or b or c" in any language."""
    if not parts:
        return ""
    joined = parts[0]
    for part in parts[1:]:
        joined = joiner.format(first=joined, second=part)
    return joined


def _condition(condition: Mapping[str, Any]) -> list[Param]:
    parts: list[Param] = []
    if "units" in condition:
        units = condition["units"]
        what = _chain(EITHER, list(units.get("datasheets", ()) or units.get("keywords", ())))
        low, high = condition.get("at_least"), condition.get("at_most")
        if high == 0:
            parts.append(WITHOUT.format(units=what))
        elif high is None:
            parts.append(WITH_AT_LEAST.format(count=low or 0, units=what))
        elif low == high:
            parts.append(WITH_EXACTLY.format(count=low, units=what))
        else:
            parts.append(WITH_BETWEEN.format(low=low or 0, high=high, units=what))
    if "detachments" in condition:
        parts.append(IN_DETACHMENTS.format(detachments=_chain(EITHER, condition["detachments"])))
    if "battle_sizes" in condition:
        sizes = [BattleSize(size).label for size in condition["battle_sizes"]]
        parts.append(AT_SIZES.format(sizes=_chain(EITHER, sizes)))
    return parts


def describe(formula: Formula) -> Param:
    """Say a step's clauses in words: 'with 1+ Captain and in Gladius Task Force; or ...'."""
    clauses = [
        _chain(BOTH, [part for condition in clause for part in _condition(condition)])
        for clause in formula
    ]
    return _chain(ANOTHER_CLAUSE, clauses)


def bracketed(reason: Param) -> Param:
    """The reason as the limit messages print it, " (reason)", or nothing without one."""
    return IN_BRACKETS.format(reason=reason) if reason else ""


__all__ = ["Message", "bracketed", "describe"]
