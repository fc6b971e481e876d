"""Line-level reading shared by every format: names, points, bullets and unit blocks."""

from __future__ import annotations

import codecs
import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache

from django.utils.translation import gettext_lazy

from rosters.formats.text_import.model import ParsedList, ParsedUnit, Unplaced, WargearLine

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


@lru_cache(maxsize=8192)
def normalise(text: str) -> str:
    """Fold a name for matching: no case, accents, apostrophes or punctuation."""
    decomposed = unicodedata.normalize("NFKD", text)
    stripped = "".join(c for c in decomposed if not unicodedata.combining(c))
    return _NON_WORD.sub(" ", stripped.casefold().translate(_APOSTROPHES)).strip()


@lru_cache(maxsize=16384)
def clean(text: str) -> str:
    """Collapse odd spaces (NR exports non-breaking ones) and trim."""
    return " ".join(text.replace("\u00a0", " ").split())


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


@lru_cache(maxsize=16384)
def strip_bullet(raw: str) -> tuple[int, str, str]:
    """Return (indent, bullet, text) of a line; bullet is "" for an unbulleted line."""
    body = raw.lstrip()
    indent = len(raw) - len(body)
    if body and body[0] in BULLETS and (len(body) == 1 or body[1] == " "):
        return indent, body[0], body[1:].strip()
    # "-4 Bolt pistol, 4 Duelling Sabre", "-Plasma pistol": a dash written as a bullet
    # without its space (a letter or digit follows; "--" and "-- x" are not bullets).
    if len(body) > 1 and body[0] in DASHES and body[1].isalnum():
        return indent, body[0], body[1:].strip()
    return indent, "", body.strip()


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


@dataclass
class _Child:
    line: int
    indent: int
    bullet: str
    text: str


@dataclass
class _Item:
    indent: int
    count: int
    name: str
    inline: bool
    bullet_children: bool = False
    with_lines: bool = False


@dataclass
class BodyReader:
    """Read unit blocks: a unit line, then its bulleted or indented lines."""

    parsed: ParsedList
    # Extra lines to skip silently (format chrome such as "Attached unit 1").
    ignore: re.Pattern[str] | None = None
    # Read wargear written after a unit's points without a colon (see unit_header).
    inline_items: bool = False
    # Some unit was written that way: tells New Recruit's 2025-26 WTC export apart.
    read_inline: bool = False
    # Hand-written lists bullet their units too ("- Regimental enginseer (45pts)").
    bullet_headers: bool = False
    # Every top-level bulleted line is a model line (BattleScribe), with items or not.
    model_bullets: bool = False
    _unit: ParsedUnit | None = None
    _children: list[_Child] = field(default_factory=list)
    # A Warlord mark written above its unit ("(Warlord)" under a section heading).
    _warlord_next: bool = False

    def feed(self, number: int, raw: str) -> None:
        indent, bullet, text = strip_bullet(raw)
        if not text or TRAILER_RE.match(text) or not any(c.isalnum() for c in text):
            return
        if self.ignore is not None and self.ignore.match(text):
            return
        if not bullet and indent == 0 and is_section(text):
            self.close()
            return
        header = None
        if not bullet or self.bullet_headers:
            header = unit_header(text, inline_items=self.inline_items)
        # "Enhancement: Warp Walker (30 points)" states its price like a unit does.
        if header is not None and not ENHANCEMENT_RE.match(text):
            rest = header["rest"].strip()
            self.read_inline = self.read_inline or bool(rest and not rest.startswith(":"))
            self.close()
            self._unit = unit_from_header(number, header)
            self._unit.warlord = self._unit.warlord or self._warlord_next
            self._warlord_next = False
            return
        if self._unit is None:
            if is_warlord_mark(text):
                self._warlord_next = True
            elif is_prose(text):
                self.parsed.notes.append(f"line {number}: {clean(text)[:80]} (not read)")
            else:
                self.parsed.unplaced.append(Unplaced(number, clean(text), str(REASON_NO_UNIT)))
            return
        self._children.append(_Child(number, indent, bullet, text))

    def mark_enhancement(self, number: int, name: str) -> None:
        """Give the open unit an enhancement a dialect states inside a wargear line."""
        if self._unit is not None and self._unit.enhancement is None:
            self._unit.enhancement, self._unit.enhancement_line = name, number

    def close(self) -> None:
        unit, children = self._unit, self._children
        if unit is not None:
            unit, children = priced_heading(unit, children)
        if unit is not None:
            finish_unit(unit, children, model_bullets=self.model_bullets)
            self.parsed.units.append(unit)
        self._unit = None
        self._children = []


def priced_heading(
    unit: ParsedUnit, children: list[_Child]
) -> tuple[ParsedUnit | None, list[_Child]]:
    """A section heading written with the points of what it holds ("Dedicated transport
    (70pts)", then "- Chimera: 2x heavy flamer"): with the one line under it, that line is
    the unit, at the heading's points; with no line under it, it is a heading and no unit.
    A heading over several lines is left as it was read (they may be one unit's wargear)."""
    if normalise(unit.name) not in SECTION_WORDS or unit.models is not None or unit.items:
        return unit, children
    if not children:
        return None, []
    header = None
    if len(children) == 1 and unit.stated_points is not None:
        header = unit_header(f"{clean(children[0].text)} ({unit.stated_points} pts)")
    if header is None:
        return unit, children
    found = unit_from_header(children[0].line, header)
    found.warlord = found.warlord or unit.warlord
    return found, []


def unit_from_header(number: int, match: re.Match[str]) -> ParsedUnit:
    name = clean(match["name"])
    # "Lord Solar Leontus (Warlord) (125pts)": the mark is not part of the name.
    marked = PARENTHETICAL_RE.search(name) if name.endswith(")") else None
    warlord = marked is not None and is_warlord_mark(marked[0])
    unit = ParsedUnit(
        line=number,
        name=name[: marked.start()].strip() if warlord and marked is not None else name,
        stated_points=parse_points(match["points"]),
        label=match["label"] or "",
        warlord=warlord,
    )
    if match["count"]:
        unit.models = int(match["count"])
        unit.models_explicit = True
    rest = match["rest"].strip().lstrip(":").strip()
    for item in split_items(rest):
        if is_warlord_mark(item):
            unit.warlord = True
        else:
            unit.items.append(item)
    unit.header_items = len(unit.items)
    return unit


def finish_unit(unit: ParsedUnit, children: list[_Child], *, model_bullets: bool = False) -> None:
    """Read warlord, enhancement, wargear and model count from a unit's lines."""
    from rosters.formats.text_import.wargear_lines import gear_lines, model_with

    unit.gear = gear_lines([(c.line, c.indent, c.bullet, c.text) for c in children], unit.name)
    items: list[tuple[_Child, _Item]] = []
    parent: _Item | None = None
    for child in children:
        text = clean(child.text)
        if is_warlord_mark(text):
            unit.warlord = True
            continue
        enhancement = ENHANCEMENT_RE.match(text)
        if enhancement is None and child.bullet:
            enhancement = PRICED_UPGRADE_RE.match(text)
        if enhancement is not None:
            unit.enhancement = PRICE_SUFFIX_RE.sub("", enhancement["name"]).strip()
            unit.enhancement_line = child.line
            continue
        if WITH_RE.match(text):
            if parent is not None:
                parent.with_lines = True
            continue
        counted = COUNT_RE.match(text)
        name, _, inline = (counted["name"] if counted else text).partition(":")
        if counted is None and LABEL_RE.match(text):
            continue  # "Attached as: Leader", "B: 1 mauler chainblade", keyword notes
        if not child.bullet:
            continue  # an unbulleted line continues the item above it: wargear, not models
        named = None if counted else model_with(text, unit.name)
        item = _Item(
            indent=child.indent,
            count=int(counted["count"]) if counted else 1,
            name=clean(name),
            inline=bool(inline.strip()),
        )
        if named is not None:
            # "• 9 Zephyrim with Bolt pistol and Power weapon" is a model line.
            item.count, item.name, item.inline = named[0], named[1], True
        items.append((child, item))
        parent = item
        if inline.strip() and counted is not None:
            unit.items.extend(split_items(inline))
    if not items:
        return
    counted_ids: set[int] = set()
    _count_models(unit, items, counted_ids, model_bullets)
    unit.wargear = [
        WargearLine(child.line, item.count, item.name, id(item) in counted_ids)
        for child, item in items
    ]


def _count_models(
    unit: ParsedUnit,
    items: list[tuple[_Child, _Item]],
    counted_ids: set[int],
    model_bullets: bool = False,
) -> None:
    tops = [c.indent for c, _ in items if c.bullet not in SUB_BULLETS]
    top_indent = min(tops) if tops else min(c.indent for c, _ in items)
    top_items: list[_Item] = []
    for child, item in items:
        if child.bullet not in SUB_BULLETS and child.indent <= top_indent:
            top_items.append(item)
        elif top_items:
            top_items[-1].bullet_children = True
    if unit.models_explicit:
        return
    own = normalise(unit.name)
    named = [i for i in top_items if _same_name(normalise(i.name), own)]
    if len(named) == 1 and len(top_items) == 1:
        unit.models, unit.models_explicit = named[0].count, True
        counted_ids.add(id(named[0]))
        return
    models = [
        i
        for i in top_items
        if model_bullets
        or i.bullet_children
        or i.with_lines
        or i.inline
        or _same_name(normalise(i.name), own)
    ]
    if models:
        unit.models = sum(i.count for i in models)
        counted_ids.update(id(i) for i in models)


def _same_name(a: str, b: str) -> bool:
    """Tell whether a model line names the unit itself ("Khorne Berzerker" in "... Berzerkers",
    "Blood Claws Pack Leader" in "Blood Claws")."""
    if not a or not b:
        return False
    if a == b or a.startswith(b) or b.startswith(a):
        return True
    # A squad's leader is named after the squad in the singular: "Khorne Berzerker Champion".
    singular = b[:-1] if b.endswith("s") else b
    return bool(singular) and a.startswith(singular + " ")
