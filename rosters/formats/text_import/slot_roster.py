"""The numbered-slot roster some list tools print, in English or French:

    +++++++++++++++++++++++++++++++++++++++++++++++
    Player Name : [player]
    Factions used : Space Marines / Ultramarines
    Army points : 1000
    Detachment Rule : Adeptus Astartes – Vanguard Spearhead
    +++++++++++++++++++++++++++++++++++++++++++++++
    == Vanguard SpearHead DETACHMENT ==
    HQ 1: Uriel Ventris [75pts] - Warlord -
    EL 1 : 5 Scout Squad [55pts] 2 boltguns, 1 Missile launcher, 4 close combat weapons
    --- Scout Sergeant, bolt pistol, Astartes chainsword
    --- Optimisations : Berzerker Glaive Relic (25)
    Total >>> 1000 points.

A unit line is "<slot> <n> : [count] Name [N pts] items", the slot a category ("HQ",
"EL", "Personnages"); "---" lines give a model and its items, an enhancement
("Optimisations :") or keywords. Items carry their price in brackets, "(0)", and counts
without an "x" ("2 boltguns"). Each line is turned into the common unit grammar and read
by the BodyReader, under its own line number.
"""

from __future__ import annotations

import re

from rosters.formats.text_import.common import clean, parse_points
from rosters.formats.text_import.model import ParsedList
from rosters.formats.text_import.unit_body import BodyReader

FORMAT = "slot_roster"

# What every such text holds ("[55pts]" or its header, in any of its cases), looked for
# before any line is read.
MARKS = ("pts]", "pts ]", "player name", "Player Name", "nom du joueur", "Nom du joueur")
# "HQ 1 :", "EL 1 :", "Héros épiques 2 :", "HS1:".
_SLOT = re.compile(
    r"^(?P<slot>[^\W\d_]++(?:[ '’][^\W\d_]++){0,2})\s*+(?P<n>\d{1,2})\s*+:\s*+(?P<rest>.*)$"
)
_UNIT = re.compile(
    r"^(?:(?P<count>\d{1,4})(?:\s*+[x×]\s++|\s++))?(?P<name>[^\[\]]*?\S)\s*+"
    r"\[\s*+(?P<points>\d{1,6})\s*+pts?\s*+\](?P<tail>.*)$",
    re.IGNORECASE,
)
_WARLORD = re.compile(
    r"[\[\(]\s*+(?:warlord|seigneur de guerre)\s*+[\]\)]|-\s*+warlord\s*+-", re.IGNORECASE
)
_FIELD = re.compile(r"^(?P<key>[^:]{3,40}?)\s*+:\s*+(?P<value>.*)$")
_PLAYER_KEYS = frozenset({"player name", "nom du joueur"})
_PLAYER_PREFIXES = ("player name", "nom du joueur")
_FACTION_KEYS = frozenset({"factions used", "factions utilisées", "factions utilisees"})
_POINTS_KEYS = frozenset({"army points", "points d'armée", "points d'armee"})
_DETACHMENT_KEYS = frozenset({"detachment rule", "règle de détachement", "regle de detachement"})
_ENHANCEMENT_KEYS = frozenset({"optimisations", "optimizations", "enhancements", "enhancement"})
# Header lines that say nothing the check reads: the player, the team, the enhancements
# (the units' own lines state them).
_QUIET_KEYS = (
    "player name",
    "nom du joueur",
    "team name",
    "nom de l",
    "army enhancement",
    "améliorations d",
    "ameliorations d",
)
_KEYWORD_KEYS = frozenset({"mots clés", "mots cles", "keywords"})
_BANNER_WORDS = re.compile(r"\b(?:d[ée]tachement|detachment)\b(?:\s++principal)?", re.I)
_PRICE = re.compile(r"\s*+\(\d{1,6}\)")
_BARE_COUNT = re.compile(r"^(?P<count>\d{1,4})\s++(?=[^\W\d_])")


def looks_like(lines: list[tuple[int, str]]) -> bool:
    """Tell the roster by its "Player Name :" header or by its numbered unit lines."""
    slots = 0
    for _, line in lines:
        if ":" not in line:
            continue  # most lines; the checks below run on few
        text = line.strip()
        if text[:13].casefold().startswith(_PLAYER_PREFIXES):
            field = _FIELD.match(clean(text))
            if field is not None and field["key"].casefold() in _PLAYER_KEYS:
                return True
        if "[" in text:
            slot = _SLOT.match(clean(text))
            if slot is not None and _UNIT.match(slot["rest"]):
                slots += 1
                if slots >= 2:
                    return True
    return False


def parse(lines: list[tuple[int, str]]) -> ParsedList:
    parsed = ParsedList(format=FORMAT)
    reader = BodyReader(parsed)
    # Whether the last unit line stated its count: its "---" lines are then model lines
    # that add none (the count is the unit's); else they are read as the unit's wargear.
    counted = False
    for number, raw in lines:
        text = clean(raw)
        if not text or text.startswith("+++"):
            continue
        if text.startswith("=="):
            reader.close()
            _banner(parsed, number, text)
            continue
        if text.startswith("---"):
            _model_line(reader, number, text.lstrip("-").strip(), counted)
            continue
        slot = _SLOT.match(text)
        unit = _UNIT.match(slot["rest"].strip()) if slot is not None else None
        if unit is not None:
            _unit_line(reader, number, unit)
            counted = bool(unit["count"])
            continue
        field = _FIELD.match(text)
        if field is not None and _header_field(parsed, number, field):
            continue
        if text.casefold().startswith("total"):
            continue
        reader.feed(number, raw)
    reader.close()
    return parsed


def _header_field(parsed: ParsedList, number: int, field: re.Match[str]) -> bool:
    key, value = field["key"].casefold().strip(), field["value"].strip()
    if key in _FACTION_KEYS:
        if value:
            parsed.faction, parsed.faction_line = value, number
    elif key in _POINTS_KEYS:
        parsed.stated_points = parse_points(value)
    elif key in _DETACHMENT_KEYS:
        if value:
            parsed.detachment, parsed.detachment_line = value, number
    elif not key.startswith(_QUIET_KEYS):
        return False
    return True


def _banner(parsed: ParsedList, number: int, text: str) -> None:
    """Read "== Vanguard SpearHead DETACHMENT ==" as another name for the detachment."""
    head = text.strip("= ").partition(" : ")[0].rstrip(":").strip()
    named = clean(_BANNER_WORDS.sub(" ", head)).strip(" -:")
    if named and "[" not in named:
        parsed.detachment_alternatives.append((number, named))


def _unit_line(reader: BodyReader, number: int, unit: re.Match[str]) -> None:
    name, tail = unit["name"], unit["tail"]
    warlord = bool(_WARLORD.search(name) or _WARLORD.search(tail))
    name, tail = _WARLORD.sub("", name).strip(), _WARLORD.sub("", tail)
    # A model line run into the unit line: "... 2x Centurion fists-- Centurion Sergeant, ...".
    tail, _, model = tail.partition("--")
    items = _items(tail)
    if warlord:
        items.insert(0, "Warlord")
    count = f"{unit['count']}x " if unit["count"] else ""
    header = f"{count}{clean(name)} ({unit['points']} pts)"
    reader.feed(number, f"{header}: {', '.join(items)}" if items else header)
    if model.strip(" -"):
        _model_line(reader, number, model.strip(" -"), bool(unit["count"]))


def _model_line(reader: BodyReader, number: int, text: str, counted: bool) -> None:
    """A "---" line: a model and its items, an enhancement, or the unit's keywords."""
    field = _FIELD.match(text)
    if field is not None and field["key"].casefold().strip() in _ENHANCEMENT_KEYS:
        reader.feed(number, f"• Enhancement: {_PRICE.sub('', field['value']).strip()}")
        return
    if field is not None and field["key"].casefold().strip() in _KEYWORD_KEYS:
        return
    model, _, rest = text.partition(",")
    items = _items(rest)
    # One model, written as the other layouts write a model line: "• 1x Sergeant: items".
    model = _BARE_COUNT.sub(r"\g<count>x ", _PRICE.sub("", model).strip())
    if counted and not model[:1].isdigit():
        model = f"1x {model}"
    reader.feed(number, f"• {model}: {', '.join(items)}" if items else f"• {model}")


def _items(text: str) -> list[str]:
    """Split "3 Bolt pistol (0), Icon of Khorne (0)" into "3x Bolt pistol", "Icon of Khorne"."""
    items = []
    for item in _PRICE.sub("", text).split(","):
        item = clean(item)
        if item:
            items.append(_BARE_COUNT.sub(r"\g<count>x ", item))
    return items
