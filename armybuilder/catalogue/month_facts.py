"""The final data's undated facts as an older month's data had them.

The catalogue holds the final BSData's detachment bans and army limits, with no date; the
monthly history dates points, unit sizes, names and wargear only. Where a ban or a limit
is tied to a detachment the month did not have under that name, it came with the later
data and is not judged that month. A detachment is the month's where the month prices its
enhancements and it bore no other name then.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any

from armybuilder.rules import wording


def forbidden_in_force(
    pairs: Sequence[tuple[int, int]],
    *,
    offered: Collection[int],
    faction_of: Mapping[int, int],
    stated: Collection[int],
) -> list[tuple[int, int]]:
    """The (detachment, datasheet) bans of the final data that an older month's data had.

    The final data's bans are undated. A ban on a datasheet the month does not offer is
    dropped: the rules judge by name, and that month the name was another datasheet's (the
    Chaos Daemons' Flesh Hounds, before World Eaters had their own). A ban that came with a
    later detachment is dropped too: where every detachment of the faction that admits the
    unit is missing from the month (none of its enhancements priced), that month's data had
    nowhere the unit was kept to, so it banned it nowhere (Yvraine outside Devoted of
    Ynnead, from 2025; the index data of 2023 let every detachment take her).
    """
    banned: dict[int, set[int]] = defaultdict(set)
    for detachment_id, datasheet_id in pairs:
        banned[datasheet_id].add(detachment_id)
    by_faction: dict[int, set[int]] = defaultdict(set)
    for detachment_id, faction_id in faction_of.items():
        by_faction[faction_id].add(detachment_id)
    kept = []
    for detachment_id, datasheet_id in pairs:
        if datasheet_id not in offered:
            continue
        its_faction = faction_of.get(detachment_id)
        admitting = (
            by_faction.get(its_faction, set()) - banned[datasheet_id] if its_faction else set()
        )
        if admitting and not admitting & set(stated):
            continue
        kept.append((detachment_id, datasheet_id))
    return kept


def limits_in_force(
    rows: Iterable[Mapping[str, Any]], *, in_force: Collection[str]
) -> list[Mapping[str, Any]]:
    """The army limits (LIMIT_FIELDS rows) of the final data as a month had them.

    ``in_force`` names the detachments the month had under those names. A step's
    condition on detachments keeps only those; a step left with no clause that can hold
    is dropped; a limit whose steps named only detachments the month lacked, one of them
    lifting the cap, is dropped whole: the cap came with the detachment that lifts it
    (Imperial Knights' three Armiger Warglaives, six in Spearhead-at-Arms, of the codex of
    2025; the data before let any army take six). A step that only lowered the cap goes,
    and the cap stands.
    """
    kept: list[Mapping[str, Any]] = []
    for row in rows:
        steps = row.get("steps") or []
        if not steps:
            kept.append(row)
            continue
        new_steps = []
        changed = False
        only_detachments = True
        lifted = False
        for step in steps:
            clauses = []
            for clause in step.get("clauses", ()):
                narrowed: list[Mapping[str, Any]] = []
                for condition in clause:
                    if "detachments" in condition:
                        names = [n for n in condition["detachments"] if n in in_force]
                        if names != list(condition["detachments"]):
                            changed = True
                        if not names:
                            break  # the clause cannot hold that month
                        condition = {**condition, "detachments": names}
                    else:
                        only_detachments = False
                    narrowed.append(condition)
                else:
                    clauses.append(narrowed)
            if not step.get("clauses"):
                only_detachments = False
            if clauses:
                said = wording.describe(clauses)
                reason = str(said) if changed else step.get("reason", "")
                new_steps.append({**step, "clauses": clauses, "reason": reason})
            elif _lifts(row, step):
                lifted = True
        if not changed:
            kept.append(row)
        elif new_steps:
            kept.append({**row, "steps": new_steps})
        elif not (only_detachments and lifted):
            # A step that lowered the cap in a later detachment goes; the cap stands.
            kept.append({**row, "steps": []})
    return kept


def _lifts(row: Mapping[str, Any], step: Mapping[str, Any]) -> bool:
    value, maximum = step.get("value"), row.get("maximum")
    return isinstance(value, int) and (maximum is None or value > maximum)
