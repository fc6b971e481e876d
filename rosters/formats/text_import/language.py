"""Tell a list written in French, and give it its one answer.

The catalogue names units, detachments and enhancements in English only, so a list that
names them in French cannot be checked. Rather than report every French name as unknown
(or the text as in no known format), such a list gets one answer: its names are French,
with the faction, detachment and points that could be read from it.

A list is French when French words make up a share of its words that no English list
reaches (articles and prepositions, accented words, "d'"/"l'" elisions); whether it gets
the French answer also depends on how much of it the catalogue could place (see
services.list_import_check).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Final

from django.utils.translation import gettext_lazy

from rosters.formats.text_import.common import clean, parse_points
from rosters.formats.text_import.model import ParsedList, UnreadableList

if TYPE_CHECKING:
    from rosters.formats.text_import.resolved import ResolvedList

ENGLISH: Final = "en"
FRENCH: Final = "fr"
FORMAT_FRENCH: Final = "french_text"

# French lists score 0.075 and more; English ones from French events at most 0.04.
FRENCH_SHARE: Final = 0.05
# Words are read from this much of the text: enough for any list, bounded for any paste.
MAX_CHARS: Final = 20_000
_WORD = re.compile(r"[^\W\d_]++(?:['’][^\W\d_]++)*+")
_FRENCH_WORDS = frozenset(
    {"de", "des", "du", "avec", "et", "les", "le", "la", "pour", "sur", "une", "aux", "au"}
    | {"ou", "par", "en", "à", "dans", "sans"}
)
_FRENCH_LETTERS = frozenset("éèêëçàùûœî")
_ELISION = re.compile(r"^[dl]['’][^\W\d_]")

ERR_FRENCH: Final = gettext_lazy(
    "This list names its units in French, and the catalogue knows them only by their "
    "English names, so it cannot be checked. Export it in English and check it again."
)
FRENCH_READ: Final = gettext_lazy("Read from it: {details}.")
FRENCH_FACTION: Final = gettext_lazy("faction {name}")
FRENCH_DETACHMENT: Final = gettext_lazy("detachment {name}")
FRENCH_POINTS: Final = gettext_lazy("{points} points")

# Labelled lines of lists in no known layout: "Faction : Nécrons", "Détachement: X".
_LABEL = re.compile(
    r"^(?:(?P<key>[^\W\d_][^:]{0,40}?)\s*+:|(?P<bare>faction)\s)\s*+(?P<value>\S.*)$",
    re.IGNORECASE,
)
_NUMBER = re.compile(r"\d{1,6}")
_FACTION_KEYS = ("faction", "armée", "armee")
_DETACHMENT_KEYS = ("détachement", "detachement", "detachment", "règle de détachement")
_POINTS_KEYS = ("points d'armée", "limite de points", "army points", "total", "points")
_POINTS = re.compile(r"(?P<points>\d[\d  .,]{0,6}+)\s*+(?:pts?|points?)\b", re.IGNORECASE)


def text_language(text: str) -> str:
    """Return FRENCH when the text is written in French, else ENGLISH."""
    words = _WORD.findall(text[:MAX_CHARS])
    if not words:
        return ENGLISH
    french = sum(1 for word in words if _is_french_word(word.casefold()))
    return FRENCH if french >= FRENCH_SHARE * len(words) else ENGLISH


def _is_french_word(word: str) -> bool:
    return (
        word in _FRENCH_WORDS
        or not _FRENCH_LETTERS.isdisjoint(word)
        or _ELISION.match(word) is not None
    )


def french_header(lines: list[tuple[int, str]]) -> ParsedList:
    """What a French list in no known layout says of itself: its labelled faction,
    detachment and points ("Faction : Nécrons", "limite de points : 1000 points")."""
    parsed = ParsedList(format=FORMAT_FRENCH)
    for number, raw in lines:
        label = _LABEL.match(clean(raw).lstrip("#+-= "))
        if label is None:
            continue
        key, value = (label["key"] or label["bare"]).casefold().strip(), label["value"].strip()
        if parsed.faction is None and key.startswith(_FACTION_KEYS):
            parsed.faction, parsed.faction_line = value, number
        elif parsed.detachment is None and key.startswith(_DETACHMENT_KEYS):
            parsed.detachment, parsed.detachment_line = value, number
        elif parsed.stated_points is None and key.startswith(_POINTS_KEYS):
            number_found = _NUMBER.search(value)
            parsed.stated_points = parse_points(number_found[0]) if number_found else None
        elif parsed.faction is None and number == _first(lines):
            # "T'au Empire : 2000pts breacher opti tournoi" names the faction first.
            parsed.faction, parsed.faction_line = key, number
            points = _POINTS.search(value)
            if points is not None:
                parsed.stated_points = parse_points(points["points"])
    return parsed


def _first(lines: list[tuple[int, str]]) -> int:
    return next((n for n, line in lines if line.strip()), 0)


def french_answer(faction: str | None, detachment: str | None, points: int | None) -> str:
    """The one answer a French list gets, with what could be read from it."""
    details = []
    if faction:
        details.append(str(FRENCH_FACTION).format(name=faction))
    if detachment:
        details.append(str(FRENCH_DETACHMENT).format(name=detachment))
    if points:
        details.append(str(FRENCH_POINTS).format(points=points))
    answer = str(ERR_FRENCH)
    if details:
        answer += " " + str(FRENCH_READ).format(details=", ".join(details))
    return answer


def names_french(text: str, resolved: ResolvedList) -> bool:
    """Tell a read list whose unplaced names are French: a French text of which some unit,
    or the faction, could not be placed."""
    unplaced = resolved.faction_id is None or any(p.kind == "unit" for p in resolved.problems)
    return unplaced and text_language(text) == FRENCH


def french_list(parsed: ParsedList, resolved: ResolvedList) -> UnreadableList:
    """The French answer for a list, with the faction, detachment and points placed."""
    points = parsed.stated_points
    if points is None:
        points = sum(u.stated_points or 0 for u in parsed.units) or None
    return UnreadableList(
        french_answer(resolved.faction, resolved.detachment, points),
        language=FRENCH,
        parsed=parsed,
        faction=resolved.faction,
        detachment=resolved.detachment,
        stated_points=points,
    )
