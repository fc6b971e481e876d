"""Line-level reading shared by every format: names, points, bullets and unit blocks."""

from __future__ import annotations

import codecs
import re
import unicodedata
from functools import lru_cache

from django.utils.translation import gettext_lazy

REASON_NO_UNIT = gettext_lazy("not part of any unit")

BULLETS = "•◦▪‣·●○*-–"
# Bullets that only ever mark a nested line.
SUB_BULLETS = "◦○▪‣"
# Bullets a list may write without the space after them.
DASHES = "-–"

_APOSTROPHES = str.maketrans("", "", "'’‘`´ʼ")
_NON_WORD = re.compile(r"[\W_]+")

# Every pattern here runs on text anyone may paste, so each must take time linear in the
# line: possessive quantifiers (*+, ++) never give back what they took, a name ends on a
# non-space character so that no two quantifiers compete for the same spaces, and numbers
# have a bounded number of digits (a points value fits nine, a model count four), so that
# int() never meets a 5,000-digit number.
_POINTS = r"(?P<points>\d[\d,.\u00a0 ]{0,8}+)\s*+(?:points?|pts?)"
# "Char2: 10x Khorne Berzerkers (180 pts): items" and the official app's "Name (85 Points)".
# The label may have a space ("Char 3: Trygon"); the count its "x" or not ("3 Flawless Blades").
UNIT_RE = re.compile(
    r"^(?:(?P<label>[A-Za-z]{3,5} ?\d{1,3})\s*+:\s*+)?"
    r"(?:(?P<count>\d{1,4})(?:\s*+[x×]\s++|\s++(?=[^\W\d_])))?"
    rf"(?P<name>.*?\S)\s*+[\(\[]\s*+{_POINTS}\s*+[\)\]](?P<rest>.*)$",
    re.IGNORECASE,
)
# The French app writes "Taille de bataille", "Force de Frappe" and "Assaut".
BATTLE_SIZE_RE = re.compile(
    r"^(?:(?:battle size|taille de bataille)\s*+:\s*+)?"
    r"(?P<size>incursion|strike force|onslaught|force de frappe|assaut)\b\s*+"
    rf"(?:[\(\[]\s*+{_POINTS}(?:\s*+limit)?\s*+[\)\]])?\s*+$",
    re.IGNORECASE,
)
COUNT_RE = re.compile(r"^(?P<count>\d{1,4})\s*+[x×]\s*+(?P<name>.+)$")
WITH_RE = re.compile(r"^\d++\s++with\b", re.IGNORECASE)
ENHANCEMENT_RE = re.compile(
    r"^(?:enhancements?|am[ée]liorations?|e)\s*+:\s*+(?P<name>.+)$", re.IGNORECASE
)
# NR's GW-style body marks an enhancement only by its price: "Battle-lust (+20 pts)".
PRICED_UPGRADE_RE = re.compile(
    r"^(?P<name>.*?\S)\s*+\(\+\s*+\d{1,9}+\s*+pts?\)\s*+$", re.IGNORECASE
)
# Used with sub(); callers strip the spaces left before it.
PRICE_SUFFIX_RE = re.compile(r"\(\+?\s*+\d++\s*+(?:points?|pts?)\)\s*+$", re.IGNORECASE)
LABEL_RE = re.compile(r"^[^:]{1,40}:\s*\S")
# The English app's "Exported with App Version: ..." and the French "Exporté avec la Version
# de l'Appli: ...".
TRAILER_RE = re.compile(r"^(?:exported with|export[ée] avec)\b", re.IGNORECASE)
# Used with sub(); callers strip the spaces left before it.
SECTION_LABEL_RE = re.compile(r"[A-Z][A-Za-z ]{2,30}:")
PARENTHETICAL_RE = re.compile(r"\([^()]*+\)\s*+$")
# Longest run of digits read as a number: nine fits any points value and a database integer.
MAX_DIGITS = 9

BATTLE_SIZES = {
    "incursion": "incursion",
    "strike force": "strike_force",
    "onslaught": "onslaught",
    "force de frappe": "strike_force",
    "assaut": "onslaught",
}
# "Warlord" as the official app writes it in each language it exports.
WARLORD_WORDS = frozenset({"warlord", "seigneur de guerre"})
# Section headings players write in title case ("Characters", "Others"), folded; upper-case
# and "Label:" headings are told by their shape (is_section).
SECTION_WORDS = frozenset(
    {
        "aircraft",
        "allied units",
        "allies",
        "battleline",
        "beast",
        "beasts",
        "character",
        "characters",
        "dedicated transport",
        "dedicated transports",
        "elites",
        "epic hero",
        "epic heroes",
        "fast attack",
        "flyers",
        "fortification",
        "fortifications",
        "heavy support",
        "hq",
        "infantry",
        "line",
        "lord of war",
        "lords of war",
        "monster",
        "monsters",
        "mounted",
        "other",
        "other datasheets",
        "others",
        "swarm",
        "swarms",
        "transport",
        "transports",
        "troops",
        "vehicle",
        "vehicles",
    }
)
# Header values that state nothing: "+ ENHANCEMENT: NA", "+ ALLIED UNITS: none".
NOTHING_WORDS = frozenset({"", "na", "n a", "none", "nil", "no", "nothing", "aucun", "aucune"})
# Prose before the first unit (a detachment's rules pasted in) is not part of any unit.
_BANNER_RE = re.compile(r"^={2,}")
PROSE_WORDS = 8


# The caches below hold only lines of a list's usual length: a pasted text of long hostile
# lines would otherwise keep megabytes alive across requests.
CACHED_LENGTH = 200


def normalise(text: str) -> str:
    """Fold a name for matching: no case, accents, apostrophes or punctuation."""
    return _normalise_cached(text) if len(text) <= CACHED_LENGTH else _normalise(text)


def _normalise(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    stripped = "".join(c for c in decomposed if not unicodedata.combining(c))
    return _NON_WORD.sub(" ", stripped.casefold().translate(_APOSTROPHES)).strip()


_normalise_cached = lru_cache(maxsize=8192)(_normalise)


def clean(text: str) -> str:
    """Collapse odd spaces (NR exports non-breaking ones) and trim."""
    return _clean_cached(text) if len(text) <= CACHED_LENGTH else _clean(text)


def _clean(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").split())


_clean_cached = lru_cache(maxsize=16384)(_clean)


def decode_text(data: bytes) -> str:
    """Decode a list file: UTF-16 with a byte-order mark (as some Windows tools save text),
    UTF-8 with or without one, else Windows-1252 as old exports were."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            pass
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def parse_points(text: str) -> int | None:
    """Read a points value written with any separators; None if it has no digits or too many."""
    digits = "".join(c for c in text if c.isascii() and c.isdigit())
    if not digits or len(digits) > MAX_DIGITS:
        return None
    return int(digits)


def split_lines(text: str) -> list[tuple[int, str]]:
    """Number the lines from 1, dropping a byte-order mark and trailing spaces."""
    text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    return [(n, line.rstrip().replace("\u00a0", " ")) for n, line in enumerate(text.split("\n"), 1)]


def battle_size(text: str) -> str | None:
    match = BATTLE_SIZE_RE.match(clean(text))
    return BATTLE_SIZES[" ".join(match["size"].lower().split())] if match else None


def battle_size_for_points(points: int | None) -> str:
    """Guess the battle size from a list's total where the format does not state it."""
    if points is not None and points <= 1000:
        return "incursion"
    if points is not None and points > 2000:
        return "onslaught"
    return "strike_force"


def strip_bullet(raw: str) -> tuple[int, str, str]:
    """Return (indent, bullet, text) of a line; bullet is "" for an unbulleted line."""
    return _strip_bullet_cached(raw) if len(raw) <= CACHED_LENGTH else _strip_bullet(raw)


def _strip_bullet(raw: str) -> tuple[int, str, str]:
    body = raw.lstrip()
    indent = len(raw) - len(body)
    if body and body[0] in BULLETS and (len(body) == 1 or body[1] == " "):
        return indent, body[0], body[1:].strip()
    # "-4 Bolt pistol, 4 Duelling Sabre", "-Plasma pistol": a dash written as a bullet
    # without its space (a letter or digit follows; "--" and "-- x" are not bullets).
    if len(body) > 1 and body[0] in DASHES and body[1].isalnum():
        return indent, body[0], body[1:].strip()
    return indent, "", body.strip()


_strip_bullet_cached = lru_cache(maxsize=16384)(_strip_bullet)


_strip_bullet_cached = lru_cache(maxsize=16384)(_strip_bullet)


def is_warlord_mark(text: str) -> bool:
    """Tell a line or item that only marks the Warlord: "Warlord", "(Warlord)", "- Warlord -"."""
    low = text.casefold()
    if low in WARLORD_WORDS:
        return True
    marked = "warlord" in low or "seigneur" in low
    return marked and len(text) < 40 and normalise(text) in WARLORD_WORDS


def is_nothing(text: str) -> bool:
    """Tell a header value that states nothing ("NA", "none", "-")."""
    return normalise(text) in NOTHING_WORDS


def is_prose(text: str) -> bool:
    """Tell a "== DETACHMENT ... ==" banner or a sentence of rules text from a list line."""
    if _BANNER_RE.match(text):
        return True
    return text.endswith(".") and len(text.split()) >= PROSE_WORDS


def is_section(text: str) -> bool:
    """Tell a section heading ("OTHER DATASHEETS", "## Infantry [405 pts]", "Character:",
    "Characters")."""
    if text.startswith("#"):
        return True
    if len(text) < 24 and normalise(text) in SECTION_WORDS:
        return True
    if text == text.upper() and not any(c.isdigit() for c in text):
        letters = sum(1 for c in text if c.isalpha())
        if letters:
            return letters >= 3
    return bool(SECTION_LABEL_RE.fullmatch(text))


def unit_header(text: str, *, inline_items: bool = False) -> re.Match[str] | None:
    """Match a unit line; with inline_items, "1x Name (50 pts) wargear, ..." (New Recruit's
    WTC export of 2025-26) too, where a count or CharN label says it is a unit."""
    if "(" not in text and "[" not in text:
        return None  # every header states its points in brackets; most lines have none
    match = UNIT_RE.match(text)
    if match is None or BATTLE_SIZE_RE.match(text):
        return None
    rest = match["rest"].strip()
    inline = inline_items and bool(match["count"] or match["label"])
    if rest and not rest.startswith(":") and not inline:
        return None
    return match


def split_items(text: str) -> list[str]:
    return [clean(item) for item in text.split(",") if item.strip()]
