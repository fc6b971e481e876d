"""Leader links: leader text resolved against datasheet names and keywords."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Mapping

from .bsdata_entries import faction_chain
from .bsdata_facts import DatasheetKey, ParsedDatasheet, Unmapped
from .bsdata_state import ParseState
from .leader_text import resolve_name


def keyword_phrase(text: str, vocabulary: Collection[str]) -> frozenset[str]:
    """Split text into known keywords, longest first ("IMPERIUM BATTLELINE INFANTRY" into
    three); return nothing unless every word belongs to one."""
    words = text.upper().replace(",", " ").split()
    found: set[str] = set()
    start = 0
    while start < len(words):
        for end in range(len(words), start, -1):
            phrase = " ".join(words[start:end])
            if phrase in vocabulary:
                found.add(phrase)
                start = end
                break
        else:
            return frozenset()
    return frozenset(found)


def resolve_leaders(state: ParseState, sheets: Mapping[DatasheetKey, ParsedDatasheet]) -> None:
    """Turn Leader names into datasheet keys: own faction, then parents, then allies."""
    own: dict[str, list[str]] = defaultdict(list)
    for key in sheets:
        own[key[0]].append(key[1])
    available: dict[str, dict[str, DatasheetKey]] = defaultdict(dict)
    for availability in state.out.availabilities:
        available[availability.faction].setdefault(
            availability.datasheet[1], availability.datasheet
        )
    for sheet in sheets.values():
        if not sheet.leader_names:
            continue
        chain = faction_chain(state, sheet.faction)
        pool = available.get(sheet.faction, {})
        candidate_sets = [own[name] for name in chain] + [list(pool)]
        leads: list[DatasheetKey] = []
        for name in sheet.leader_names:
            found = resolve_name(name, *candidate_sets)
            if found is None:
                # "IMPERIUM BATTLELINE INFANTRY" or "ACOLYTE HYBRIDS": any unit the
                # army may field that has every one of those keywords.
                by_keywords = _leads_by_keywords(state, name, sheets, chain, pool)
                for key in by_keywords:
                    if key not in leads and key != sheet.key:
                        leads.append(key)
                if by_keywords:
                    continue
                state.out.unmapped.append(
                    Unmapped(
                        sheet.source_file,
                        sheet.source_id,
                        "leader target",
                        name,
                        f"listed by {sheet.faction} / {sheet.name}",
                    )
                )
                continue
            position, match = found
            key = (chain[position], match) if position < len(chain) else pool[match]
            if key not in leads:
                leads.append(key)
        sheet.leads = tuple(leads)


def _leads_by_keywords(
    state: ParseState,
    text: str,
    sheets: Mapping[DatasheetKey, ParsedDatasheet],
    chain: list[str],
    pool: Mapping[str, DatasheetKey],
) -> list[DatasheetKey]:
    """Read leader text as keywords and return the datasheets that carry them all."""
    wanted = keyword_phrase(text, state.vocabulary)
    if not wanted:
        return []
    owners = set(chain)
    keys = [key for key in sheets if key[0] in owners] + list(pool.values())
    found: list[DatasheetKey] = []
    for key in keys:
        target = sheets.get(key)
        if target is None or key in found:
            continue
        if wanted <= {*target.keywords, *target.faction_keywords}:
            found.append(key)
    return sorted(found)
