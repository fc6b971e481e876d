"""A unit name that runs on into its items, as hand-written lists write them:

    Leman Russ battle tank with lascannon, hunter killer missile   (no ":" before the items)
    Catachan jungle fighters: 2x flamer, 1 voxcaster
    Heavy Weapons squad 3x mortar

Where the whole name is no datasheet, the longest run of its leading words that is one and
ends before a colon, a comma, "with" or a count ("3x") names the unit, and the rest are
its items (the colon or "with" dropped); "Khorne Berzerker Squad" is no such run (only
``priced_name`` may read it, where the line's points confirm it). Only a run that the
name table finds as it finds any unit name (exactly, by a former name, or by a unique fit)
is taken, or one a single datasheet's name is one letter off ("Infantery squad",
"Thousad sons sorcerer": written.one_edit): no guess among several.
"""

from __future__ import annotations

import dataclasses
import difflib
import re
from collections.abc import Callable, Mapping, Sequence

from rosters.formats.text_import.common import normalise, split_items
from rosters.formats.text_import.index import (
    READ_FORMER,
    READ_PRICED,
    READ_VARIANT,
    Entry,
    Match,
)
from rosters.formats.text_import.model import ParsedUnit
from rosters.formats.text_import.written import one_edit

# Between a name and its items: a colon, "with", a count ("3x mortar"), a comma.
_JOINER = re.compile(r"^(?:[:,\-–]\s*+)?(?:with\b\s*+)?", re.IGNORECASE)
# Where a name may end: before one of these words.
_CUT = re.compile(r"^(?::|,|with|\d{1,3}x)$", re.IGNORECASE)
# At most this many words are tried as a name.
_MAX_WORDS = 8


def near_name(
    entries: Sequence[Entry],
    text: str,
    prefixes: Sequence[str] = (),
    also: Mapping[str, Entry] | None = None,
) -> Match:
    """The one datasheet whose name is the text's but for one letter of a long word; the
    name may have a faction's name in front ("Thousad sons sorcerer": "Sorcerer"). ``also``
    gives other names of the entries (folded), such as those in force at the release: one
    found by such a name is read as its later name (READ_FORMER)."""
    norm = normalise(text)
    names = [(e.norm, e) for e in entries]
    names += list((also or {}).items())
    near: dict[str, tuple[Entry, bool]] = {}
    for name, e in names:
        if one_edit(norm, name) or any(one_edit(norm, f"{p} {name}") for p in prefixes):
            near.setdefault(e.norm, (e, name != e.norm))
    if len(near) != 1:
        return Match(None)
    entry, former = next(iter(near.values()))
    return Match(entry, read_as=READ_FORMER if former else READ_VARIANT)


# A datasheet's (fewest, most) models and its (models, points) brackets.
Sizes = Callable[[int], tuple[tuple[int, int], tuple[tuple[int, int], ...]]]


# How near a name must be to one the list's points confirm (difflib's ratio of the two
# folded names): "Tourmenteurs" is 0.82 of "Tormentors"; "Scourges" only 0.59 of
# "Scorpions".
PRICED_NEAR = 0.8


def priced_name(entries: Sequence[Entry], unit: ParsedUnit, sizes: Sizes) -> Match:
    """The one datasheet a name written another way (a player's own language's spelling,
    "Tourmenteurs") must mean: its name is near the text's, and the line's points are its
    price for the line's models. A name near but priced otherwise stays unknown, as does
    one two datasheets fit; a line without points is never read so."""
    points = unit.stated_points
    if points is None or unit.enhancement:
        return Match(None)
    norm = normalise(unit.name)
    matcher = difflib.SequenceMatcher(b=norm, autojunk=False)
    fits: dict[str, Entry] = {}
    for entry in entries:
        matcher.set_seq1(entry.norm)
        if matcher.real_quick_ratio() < PRICED_NEAR or matcher.ratio() < PRICED_NEAR:
            continue
        (low, high), brackets = sizes(entry.id)
        models = unit.models if unit.models_explicit and unit.models else None
        if any(
            each == points and (models is None or models == count) and low <= count <= high
            for count, each in brackets
        ):
            fits.setdefault(entry.norm, entry)
    if len(fits) != 1:
        return Match(None)
    return Match(next(iter(fits.values())), read_as=READ_PRICED)


def split_unit_name(
    find: Callable[[str], Match],
    unit: ParsedUnit,
    entries: Sequence[Entry] = (),
    sizes: Sizes | None = None,
    *,
    loose: bool = False,
    prefixes: Sequence[str] = (),
) -> tuple[Match, ParsedUnit]:
    """Find the datasheet the leading words of the unit's name name; return it with the
    unit, its name cut there and the rest put in front of its items. ``Match(None)`` and
    the unit unchanged where no run of words does, or where the datasheet found cannot
    have the stated count, as models or as copies, where the cut was found (before "with",
    a comma or a count): the reading is unsure. A name the list itself ends with a colon
    ("4x Catachan jungle fighters: 2x flamer, 1 voxcaster (220pts)" of a 20-model unit)
    is sure: its count is then the list's to answer for, as any stated count is
    (UNIT_SIZE).

    ``loose`` (a free-hand list, freehand.py): the name may end before any word
    ("Thousand sons sorcerer warp flame pistol"), and the rest is kept for the
    enhancement only, not placed as wargear."""
    match, split, colon = _split(find, unit, entries, loose, prefixes)
    if match.entry is None or sizes is None or split.models is None or colon:
        return match, split
    (low, high), brackets = sizes(match.entry.id)
    if low <= split.models <= high or unit_copies(split, (low, high), brackets)[0] > 1:
        return match, split
    return Match(None), unit


def _split(
    find: Callable[[str], Match],
    unit: ParsedUnit,
    entries: Sequence[Entry],
    loose: bool,
    prefixes: Sequence[str],
) -> tuple[Match, ParsedUnit, bool]:
    """The match and the unit split, and whether the name was cut at a colon."""
    whole = near_name(entries, unit.name, prefixes)
    if whole.entry is not None:
        return whole, unit, False
    words = unit.name.replace(":", " : ").replace(",", " , ").split()
    for size in range(min(len(words) - 1, _MAX_WORDS), 0, -1):
        head = " ".join(words[:size])
        if words[size - 1] in (":", ",") or not (loose or _CUT.match(words[size])):
            continue  # the name ends before a colon, a comma, "with" or a count ("3x")
        match = find(head)
        if match.entry is None:
            match = near_name(entries, head, prefixes)
        if match.entry is None:
            continue
        tail = _JOINER.sub("", " ".join(words[size:]).replace(" , ", ", ").strip())
        items = split_items(tail)
        if not items:
            continue
        split = dataclasses.replace(
            unit,
            name=head.replace(" : ", ": "),
            items=[*items, *unit.items] if not loose else [*unit.items, *items],
            header_items=unit.header_items + (0 if loose else len(items)),
        )
        return match, split, words[size] == ":"
    return Match(None), unit, False


def unit_copies(
    unit: ParsedUnit, size: tuple[int, int], brackets: tuple[tuple[int, int], ...]
) -> tuple[int, ParsedUnit]:
    """Read "2x Leman Russ battle tank (340pts)" as two units: a stated count the datasheet
    cannot field, whose points are that many times exactly one of its brackets. Return
    the number of copies and one copy (its models and points); 1 and the unit otherwise."""
    count, points = unit.models, unit.stated_points
    low, high = size
    if not unit.models_explicit or count is None or count < 2 or points is None or unit.enhancement:
        return 1, unit
    if low <= count <= high:
        return 1, unit
    fits = [(models, each) for models, each in brackets if each * count == points]
    if len(fits) != 1:
        return 1, unit
    models, each = fits[0]
    return count, dataclasses.replace(unit, models=models, stated_points=each)


# Words a hand-written name adds or leaves out: "lord of the forbidden lore" for the data's
# "Lord of Forbidden Lore".
_SMALL_WORDS = frozenset({"the", "a", "an", "of"})


def loose_name(
    entries: Sequence[Entry], text: str, also: Mapping[str, Entry] | None = None
) -> Match:
    """The one name whose words are the text's but for "the", "a", "an", "of"; else the
    one a letter off ("umbralific crystal": "Umbralefic Crystal"). ``also`` gives the
    entries' names in force at the release, where the final data renamed them: the month's
    "Athenaen Scrolls" is read from "Athenaean Scrolls" though the entry is now another."""
    words = frozenset(normalise(text).split()) - _SMALL_WORDS
    if len(words) < 2:
        return Match(None)
    found = {e.norm: e for e in entries if e.tokens - _SMALL_WORDS == words}
    if len(found) == 1:
        return Match(next(iter(found.values())), read_as=READ_VARIANT)
    return near_name(entries, text, also=also) if not found else Match(None)
