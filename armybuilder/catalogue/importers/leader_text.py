"""Read unit names out of a Leader ability, and leader-slot facts out of Bodyguard abilities.

Pure functions. Only the names and the yes/no facts leave this module; the ability text itself
is never kept.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

_BULLETS = "■•◦●▪"
_LIST_START_RE = re.compile(
    r"(?:can|must) (?:be attached to|lead) the following units?\s*:?", re.IGNORECASE
)
# Sentences that follow the list; "The Visarch" is a unit, so "The" alone never ends a list.
_AFTER_LIST_RE = re.compile(
    r"\s(?:You (?:can|must|may)\b|This (?:model|unit)\b|If\b|While\b|Each time\b|"
    r"Designer|Note\b|In such cases\b)",
)
_JOINS_LED_RE = re.compile(
    r"even if\b[^.]*?\b(?:ha(?:s|ve)\s+(?:already\s+)?been|already\s+(?:been\s+)?)\s*attached",
    re.IGNORECASE,
)
_HAVE_ALREADY_RE = re.compile(r"havealready", re.IGNORECASE)
_EXTRA_LEADERS_RE = re.compile(
    r"can have up to (?P<n>two|three|four|\d+) Leader units? attached", re.IGNORECASE
)
_NUMBER_WORDS = {"two": 2, "three": 3, "four": 4}


@dataclass(frozen=True)
class LeaderTargets:
    """The Bodyguard unit names a Leader lists, and whether it may join an already-led unit."""

    names: tuple[str, ...]
    joins_led_unit: bool


def _clean(text: str) -> str:
    text = text.replace("’", "'").replace("‘", "'")
    text = re.sub(r"\^\^|\*\*|\^", "", text)
    text = _HAVE_ALREADY_RE.sub("have already", text)
    return text


def _clean_name(name: str) -> str:
    name = re.sub(r"\s*\([^)]*\)?", "", name)
    name = name.strip().strip("*").strip()
    name = re.sub(r"[*†‡]+$", "", name).strip()
    name = re.sub(r"\s+", " ", name)
    return name.strip(" .,;:-'\"")


def parse_leader_targets(text: str) -> LeaderTargets:
    """Return the unit names after "can be attached to the following units"."""
    text = _clean(text)
    joins = bool(_JOINS_LED_RE.search(re.sub(r"\s+", " ", text)))
    start = _LIST_START_RE.search(text)
    if start is None:
        return LeaderTargets(names=(), joins_led_unit=joins)
    body = text[start.end() :]
    body = re.sub(rf"[{_BULLETS}]", "\n\u25a0 ", body)
    body = re.sub(r"(?:^|\n)\s*-\s+", "\n\u25a0 ", body)
    names: list[str] = []
    if "\u25a0" in body:
        for item in body.split("\u25a0")[1:]:
            line = item.strip().split("\n", 1)[0]
            head = _AFTER_LIST_RE.split(" " + line, maxsplit=1)
            # Some lists put every item on one line: "- A - B - C".
            for part in re.split(r"\s+-\s+|;\s*", head[0]):
                name = _clean_name(part)
                if name:
                    names.append(name)
            if len(head) > 1:
                break
    else:
        flat = re.sub(r"\s+", " ", body).strip()
        first = re.split(r"\.\s|\.$|\s\*", flat, maxsplit=1)[0]
        first = _AFTER_LIST_RE.split(" " + first, maxsplit=1)[0]
        for part in re.split(r"[,;]\s*|\s+and\s+|\s+or\s+", first):
            name = _clean_name(part)
            if name:
                names.append(name)
    return LeaderTargets(names=tuple(dict.fromkeys(names)), joins_led_unit=joins)


def parse_extra_leaders(text: str) -> int:
    """Return how many Leaders beyond the first a Bodyguard ability allows (0 if none)."""
    match = _EXTRA_LEADERS_RE.search(_clean(text))
    if match is None:
        return 0
    token = match.group("n").lower()
    count = int(token) if token.isdigit() else _NUMBER_WORDS[token]
    return max(count - 1, 0)


def normalise_name(name: str) -> str:
    """Reduce a unit name to a comparison key: lower case, no [Legends], no punctuation."""
    name = name.replace("’", "'").lower()
    name = re.sub(r"\[legends\]", "", name)
    name = re.sub(r"[^a-z0-9]+", " ", name)
    return re.sub(r"\s+", " ", name).strip()


def _loose_key(name: str) -> str:
    words = [w for w in normalise_name(name).split() if w not in {"squad", "unit", "the"}]
    return " ".join(w[:-1] if w.endswith("s") and len(w) > 3 else w for w in words)


def resolve_name(name: str, *candidate_sets: Iterable[str]) -> tuple[int, str] | None:
    """Find ``name`` in the candidate sets: exact, then loose, then fuzzy; earliest set wins."""
    # Returns (position of the set, matching candidate), or None.
    sets = [list(candidates) for candidates in candidate_sets]
    key = normalise_name(name)
    for position, candidates in enumerate(sets):
        for candidate in candidates:
            if normalise_name(candidate) == key:
                return position, candidate
    loose = _loose_key(name)
    for position, candidates in enumerate(sets):
        for candidate in candidates:
            if _loose_key(candidate) == loose:
                return position, candidate
    for position, candidates in enumerate(sets):
        by_key: Mapping[str, str] = {normalise_name(c): c for c in candidates}
        close = difflib.get_close_matches(key, list(by_key), n=1, cutoff=0.9)
        if close:
            return position, by_key[close[0]]
    return None
