"""The faction a list's header names inside other words, or its units name where the list
names none (moved out of resolver.py, which keeps the rest of the reading)."""

from __future__ import annotations

from rosters.formats.text_import.common import normalise
from rosters.formats.text_import.index import CatalogueIndex, Entry, skeleton
from rosters.formats.text_import.model import ParsedList


def factions_inside(idx: CatalogueIndex, text: str) -> list[Entry]:
    """The factions whose names the text holds as whole words, the longest where two
    overlap ("Chaos Space Marines", not "Space Marines")."""
    words = f" {skeleton(normalise(text))} "
    spans: list[tuple[int, int, Entry]] = []
    for entry in idx.factions.entries:
        start = words.find(f" {skeleton(entry.norm)} ")
        if start >= 0:
            spans.append((start, start + len(skeleton(entry.norm)) + 1, entry))
    return [
        entry
        for start, end, entry in spans
        if not any(s <= start and end <= e and (s, e) != (start, end) for s, e, _ in spans)
    ]


def most_specific(idx: CatalogueIndex, found: list[int]) -> int:
    return max(dict.fromkeys(found), key=lambda pk: len(idx.chain(pk)))


def infer_faction(
    idx: CatalogueIndex, parsed: ParsedList, parsed_release: int | None
) -> int | None:
    """Pick the faction that can field the most of the list's units by exact name."""
    names = [normalise(u.name) for u in parsed.units]
    scores = {
        pk: sum(1 for n in names if n in idx.datasheets(pk, parsed_release).by_norm)
        for pk in idx.faction_names
        if idx.offered("faction", pk, parsed_release)
    }
    best = max(scores.values(), default=0)
    if best == 0:
        return None
    tied = [pk for pk, score in scores.items() if score == best]
    # A list every chapter could field is the parent faction's.
    roots = [pk for pk in tied if not any(a in tied for a in idx.chain(pk)[1:])]
    return min(roots or tied, key=lambda pk: idx.faction_names[pk])
