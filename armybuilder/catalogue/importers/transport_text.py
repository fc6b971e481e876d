"""Turn a datasheet's transport capacity text into structured pools.

Pure functions: the caller passes the text and, optionally, the army's Faction keyword (for
"<FACTION>" placeholders) and a vocabulary of known multi-word keywords. The result holds only
numbers and keywords; whatever the text says beyond that is flagged, never copied.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass, field

from django.utils.translation import gettext_noop

# Stored in English in the catalogue; the wizard translates each note as it shows it.
NOTE_UNRECOGNISED = gettext_noop("capacity text not recognised")
NOTE_ALTERNATIVE_LOADS = gettext_noop("either/or loads (only the first is recorded)")
NOTE_ALL_OF_LIST = gettext_noop("capacity is a list of separate loads")
NOTE_WOUNDS = gettext_noop("rule depends on the Wounds characteristic")
NOTE_WARGEAR = gettext_noop("capacity changes with wargear")
NOTE_EXTRA_LOAD = gettext_noop("may carry extra or alternative models")
NOTE_SPLIT = gettext_noop("has a unit-splitting rule")
NOTE_EXCEPTION = gettext_noop("an exclusion has exceptions")
NOTE_UNIT_COUNT = gettext_noop("capacity counted in units, not models")
NOTE_FACTION = gettext_noop("<FACTION> placeholder left unresolved")
NOTE_EXTRA_TEXT = gettext_noop("further capacity rules not expressed")

_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
# Unit-type keywords that often follow a faction keyword without a separator.
_BASE_VOCABULARY = frozenset(
    {
        "INFANTRY",
        "MOUNTED",
        "CHARACTER",
        "VEHICLE",
        "MONSTER",
        "WALKER",
        "BEAST",
        "SWARM",
        "BATTLESUIT",
        "FLY",
        "JUMP PACK",
        "TERMINATOR",
        "GRAVIS",
        "DREADNOUGHT",
    }
)


@dataclass(frozen=True)
class TransportPoolSpec:
    """One block of capacity: how many models, which may board and how much space each takes."""

    capacity: int
    allowed: tuple[tuple[str, ...], ...] = ()
    forbidden: tuple[str, ...] = ()
    space: tuple[tuple[str, int], ...] = ()
    only_datasheets: tuple[str, ...] = ()

    def space_map(self) -> dict[str, int]:
        return dict(self.space)


@dataclass
class _Load:
    capacity: int
    allowed: tuple[tuple[str, ...], ...] = ()
    only: tuple[str, ...] = ()


@dataclass(frozen=True)
class TransportCapacity:
    """The parsed capacity; ``complete`` is False when the text said more than the pools hold."""

    pools: tuple[TransportPoolSpec, ...]
    complete: bool
    notes: tuple[str, ...] = field(default=())

    @property
    def note(self) -> str:
        return "; ".join(self.notes)


def clean_text(text: str) -> str:
    """Strip BattleScribe markdown and normalise quotes and whitespace."""
    text = text.replace("’", "'").replace("‘", "'").replace("\u2011", "-")
    text = re.sub(r"[\^*]+", " ", text)
    text = re.sub(r"\s+", " ", text)
    return text.strip()


def split_keywords(phrase: str, vocabulary: Collection[str] = ()) -> tuple[str, ...]:
    """Split an upper-cased keyword phrase into keywords, longest known keyword first."""
    # Words that match no known keyword are kept together as one keyword, so "ADEPTUS ASTARTES
    # INFANTRY" gives ("ADEPTUS ASTARTES", "INFANTRY") even with an empty vocabulary.
    words = phrase.upper().split()
    known = set(_BASE_VOCABULARY) | {v.upper() for v in vocabulary}
    longest = max((len(k.split()) for k in known), default=1)
    out: list[str] = []
    unknown: list[str] = []
    i = 0
    while i < len(words):
        for size in range(min(longest, len(words) - i), 0, -1):
            candidate = " ".join(words[i : i + size])
            if candidate in known:
                if unknown:
                    out.append(" ".join(unknown))
                    unknown = []
                out.append(candidate)
                i += size
                break
        else:
            unknown.append(words[i])
            i += 1
    if unknown:
        out.append(" ".join(unknown))
    return tuple(out)


def _split_list(phrase: str) -> list[str]:
    parts = re.split(r",\s*|\s+or\s+|\s+and\s+", phrase)
    return [p.strip(" .") for p in parts if p.strip(" .")]


def _number(token: str) -> int:
    return int(token) if token.isdigit() else _NUMBER_WORDS[token.lower()]


def _sentences(text: str) -> list[str]:
    # Split on sentence ends and semicolons; "e.g." never starts a capacity sentence we parse.
    parts = re.split(r"(?<=[.;])\s+|;\s*", text)
    return [p.strip().rstrip(".;").strip() for p in parts if p.strip().rstrip(".;").strip()]


_CAPACITY_RE = re.compile(
    r"^(?:this (?:model|fortification|unit) )?has a transport capacity of (?P<rest>.+)$|"
    r"^(?P<bare>\d+ .+)$",
    re.IGNORECASE,
)
_SPACE_RE = re.compile(
    r"^(?:each |the )?(?P<kws>.+?) (?:models? )?takes? (?:up )?the space of "
    r"(?P<n>\d+|one|two|three|four|five|six) models?$",
    re.IGNORECASE,
)
_CANNOT_RE = re.compile(
    r"^(?:(?:it|this model|this fortification|this unit) )?cannot transport (?P<list>.+)$",
    re.IGNORECASE,
)
_POOL_RE = re.compile(r"^(?P<n>\d+) (?P<body>.+)$")
_EXCLUDING_RE = re.compile(r"\(excluding (?P<list>[^)]*)\)", re.IGNORECASE)


def _parse_keyword_alternatives(
    body: str, vocabulary: Collection[str]
) -> tuple[tuple[str, ...], ...]:
    alternatives = re.split(r"\s+or\s+|\s+and\s+", body)
    out = []
    for alt in alternatives:
        alt = re.sub(r"\bmodels?\b", "", alt, flags=re.IGNORECASE).strip(" ,.")
        if alt:
            out.append(split_keywords(alt, vocabulary))
    return tuple(out)


def parse_transport_capacity(
    text: str,
    *,
    faction_keyword: str | None = None,
    vocabulary: Collection[str] = (),
) -> TransportCapacity:
    """Parse capacity text such as "12 ADEPTUS ASTARTES INFANTRY models; cannot transport ..."."""
    cleaned = clean_text(text)
    cleaned = re.sub(r"^capacity\s*:\s*", "", cleaned, flags=re.IGNORECASE)
    notes: list[str] = []
    if "<FACTION>" in cleaned.upper():
        if faction_keyword:
            cleaned = re.sub(r"<FACTION>", faction_keyword.upper(), cleaned, flags=re.IGNORECASE)
        else:
            notes.append(NOTE_FACTION)
    sentences = _sentences(cleaned)
    if not sentences:
        return TransportCapacity(pools=(), complete=False, notes=(NOTE_UNRECOGNISED,))
    head = _CAPACITY_RE.match(sentences[0])
    if head is None:
        return TransportCapacity(pools=(), complete=False, notes=(NOTE_UNRECOGNISED,))
    rest = (head.group("rest") or head.group("bare")).strip()

    pools: list[_Load] = []
    forbidden: list[str] = []
    space: dict[str, int] = {}

    if rest.lower().startswith("all of the following"):
        notes.append(NOTE_ALL_OF_LIST)
        loads = re.findall(r"(\d+) ([^-]+?)(?= - |$)", rest)
        for count, body in loads:
            pools.append(_Load(int(count), _parse_keyword_alternatives(body, vocabulary)))
        if any("wounds" in body.lower() for _, body in loads):
            notes.append(NOTE_WOUNDS)
    else:
        only = re.match(
            r"^(?P<n>\d+) models? from the following units?\s*:?\s*(?P<names>.+)$",
            rest,
            re.IGNORECASE,
        )
        if only:
            pools.append(_Load(int(only.group("n")), (), tuple(_split_list(only.group("names")))))
        else:
            for excl in _EXCLUDING_RE.finditer(rest):
                forbidden.extend(_forbidden_items(excl.group("list"), notes))
            rest = _EXCLUDING_RE.sub("", rest).strip()
            # ", or 1 X model" offers a different load, not an extra one.
            either = re.split(r",? or (?=\d+ )", rest, maxsplit=1)
            if len(either) > 1:
                notes.append(NOTE_ALTERNATIVE_LOADS)
                rest = either[0]
            for clause in re.split(r",? and (?=\d+ )", rest):
                match = _POOL_RE.match(clause.strip())
                if match is None:
                    notes.append(NOTE_UNRECOGNISED)
                    continue
                body = match.group("body")
                if re.search(r"\bwounds\b", body, re.IGNORECASE):
                    notes.append(NOTE_WOUNDS)
                    body = re.split(r"\bwith a wounds\b", body, flags=re.IGNORECASE)[0]
                if re.search(r"\bunits?\b\s*$", body, re.IGNORECASE):
                    notes.append(NOTE_UNIT_COUNT)
                    body = re.sub(r"\bunits?\b\s*$", "", body, flags=re.IGNORECASE)
                pools.append(
                    _Load(int(match.group("n")), _parse_keyword_alternatives(body, vocabulary))
                )

    for sentence in sentences[1:]:
        _parse_follow_up(sentence, space, forbidden, notes)

    if not pools:
        return TransportCapacity(pools=(), complete=False, notes=(*notes, NOTE_UNRECOGNISED))
    specs = []
    for index, load in enumerate(pools):
        # Exclusions and space rules in the text speak of the main load.
        main = index == 0
        specs.append(
            TransportPoolSpec(
                capacity=load.capacity,
                allowed=load.allowed,
                forbidden=tuple(dict.fromkeys(forbidden)) if main else (),
                space=tuple(sorted(space.items())) if main else (),
                only_datasheets=load.only,
            )
        )
    unique_notes = tuple(dict.fromkeys(notes))
    return TransportCapacity(pools=tuple(specs), complete=not unique_notes, notes=unique_notes)


def _forbidden_items(phrase: str, notes: list[str]) -> list[str]:
    phrase = re.sub(r"\bmodels?\b", "", phrase, flags=re.IGNORECASE)
    if re.search(r"\bwounds\b|\bnon-", phrase, re.IGNORECASE):
        notes.append(NOTE_WOUNDS)
        return []
    items = []
    for item in _split_list(phrase):
        item = re.sub(r"^that can\s+", "", item, flags=re.IGNORECASE).strip()
        if item:
            items.append(item.upper())
    return items


def _parse_follow_up(
    sentence: str, space: dict[str, int], forbidden: list[str], notes: list[str]
) -> None:
    lowered = sentence.lower()
    if lowered.startswith(("if this model is equipped", "if this model has")):
        notes.append(NOTE_WARGEAR)
        return
    if re.search(r"\bcan (also|instead) transport\b", lowered):
        notes.append(NOTE_EXTRA_LOAD)
        return
    if "split" in lowered or "declare battle formations" in lowered:
        notes.append(NOTE_SPLIT)
        return
    cannot = _CANNOT_RE.match(sentence)
    if cannot:
        phrase = cannot.group("list")
        exception = _EXCLUDING_RE.search(phrase)
        if exception:
            notes.append(NOTE_EXCEPTION)
            phrase = _EXCLUDING_RE.sub("", phrase)
        forbidden.extend(_forbidden_items(phrase, notes))
        return
    # "Each X model takes up the space of 2 models and each Y model ... of 3 models".
    clauses = re.split(r"\s+and (?=each )", sentence, flags=re.IGNORECASE)
    parsed_any = False
    for clause in clauses:
        match = _SPACE_RE.match(clause.strip())
        if match is None:
            continue
        kws = match.group("kws")
        if re.search(r"\bwounds\b", kws, re.IGNORECASE) or kws.lower().strip() in {"model"}:
            notes.append(NOTE_WOUNDS)
            parsed_any = True
            continue
        kws = re.sub(r"\bmodels?\b", "", kws, flags=re.IGNORECASE)
        for keyword in _split_list(kws):
            space[keyword.upper()] = _number(match.group("n"))
        parsed_any = True
    if not parsed_any:
        notes.append(NOTE_EXTRA_TEXT)
