"""BattleScribe's roster text, in the two shapes players paste.

The text export:

    ++ Army Roster (Imperium - Adeptus Astartes - Space Wolves) [1,995pts] ++
    + Configuration +
    Battle Size: 2. Strike Force (2000 Point limit)
    Detachment Choice: Ironstorm Spearhead
    Show/Hide Options: Legends are visible, ...
    + Epic Hero [180pts] +
    Bjorn the Fell-Handed [180pts]: Helfrost cannon, Warlord
    Eradicator Squad [190pts]
    . 3x Eradicator: 3x Bolt Pistol, 3x Melta Rifle
    . Eradicator Sergeant
    ++ Total: [1,995pts] ++

and the roster as a web page copies it, with the items on "Selections:" lines:

    Army Roster (Aeldari - Craftworlds) [995pts]
    Battle Size Incursion (1000 Point limit)
    Detachment Selections: Battle Host
    Farseer Skyrunner [105pts]
    Selections: Fate's Messenger [15pts], Warlord, Witchblade
    Rangers [55pts]
    5x Ranger
    Selections: 5x Close Combat Weapon, 5x Ranger long rifle

Each is read as the other formats are: a unit line with its points, then bulleted model
lines ("." is BattleScribe's bullet). An item's own price ("Adept of the Omnissiah
[25pts]") is taken off, so an enhancement is found by its name.
"""

from __future__ import annotations

import re

from rosters.formats.text_import.common import (
    battle_size,
    clean,
    parse_points,
    unit_header,
)
from rosters.formats.text_import.model import ParsedList
from rosters.formats.text_import.unit_body import BodyReader

FORMAT = "battlescribe"

# What every such text holds (in any of its cases), looked for before any line is read.
MARKS = ("army roster", "+ configuration +", "Army Roster")
_ROSTER = re.compile(
    r"^(?:\+\+\s*+)?army roster\s*+(?:\((?P<faction>[^()]*+)\))?\s*+"
    r"(?:\[\s*+(?P<points>\d[\d,.]{0,8}+)\s*+pts?\s*+\])?\s*+(?:\+\+)?$",
    re.IGNORECASE,
)
_BANNER = re.compile(r"^\+\+?\s*+(?P<head>[^+]*?)\s*+\+\+?$")
_TOTAL = re.compile(r"^total\b", re.IGNORECASE)
_BATTLE_SIZE = re.compile(r"^battle size\s*+:?\s*+(?:\d\.\s*+)?(?P<size>.*)$", re.IGNORECASE)
_DETACHMENT = re.compile(
    r"^detachment(?:\s++choice|\s++selections)?\s*+:\s*+(?P<name>.+)$", re.IGNORECASE
)
# Configuration chrome that says nothing about the army.
_CHROME = re.compile(r"^(?:show/hide options\b.*|.* (?:are|is) visible|battle size)$", re.I)
_TRAILER = re.compile(r"^created with battlescribe\b", re.IGNORECASE)
_SELECTIONS = re.compile(r"^selections\s*+:\s*+(?P<items>.*)$", re.IGNORECASE)
# "Name [85pts] Selections: items" on one line.
_INLINE_SELECTIONS = re.compile(r"\]\s++selections\s*+:\s*+", re.IGNORECASE)
# An item's own price after its name: "Adept of the Omnissiah [25pts]", "[Aura]".
_ITEM_PRICE = re.compile(r"\s*+\[(?:\d{1,9}+\s*+pts?|aura)\]", re.IGNORECASE)
_MODEL = re.compile(r"^\d{1,4}\s*+[x×]\s")
# BattleScribe's bullets: ". model", ". . its item".
_NESTED = re.compile(r"^(?:\.\s++){1,6}")


def looks_like(lines: list[tuple[int, str]]) -> bool:
    """Tell BattleScribe by its "Army Roster (...)" line or its "+ Configuration +" banner."""
    for _, line in lines[:12]:
        text = clean(line)
        if _ROSTER.match(text) or text.casefold() == "+ configuration +":
            return True
    return False


def parse(lines: list[tuple[int, str]]) -> ParsedList:
    parsed = ParsedList(format=FORMAT)
    reader = BodyReader(parsed, model_bullets=True)
    in_config = False
    # A line held back: a unit or model line may get its items from a "Selections:" line.
    held: tuple[int, str] | None = None
    in_unit = False

    def release() -> None:
        nonlocal held
        if held is not None:
            reader.feed(*held)
            held = None

    for number, raw in lines:
        text = clean(raw)
        if not text:
            continue
        roster = _ROSTER.match(text)
        if roster is not None:
            if roster["faction"]:
                parsed.faction, parsed.faction_line = roster["faction"].strip(), number
            if roster["points"]:
                parsed.stated_points = parse_points(roster["points"])
            continue
        banner = _BANNER.match(text)
        if banner is not None or _TOTAL.match(text.strip("+ ")):
            release()
            reader.close()
            in_unit = False
            in_config = banner is not None and banner["head"].casefold() == "configuration"
            continue
        if _TRAILER.match(text):
            continue
        size = _BATTLE_SIZE.match(text)
        if size is not None and battle_size(size["size"]):
            parsed.battle_size, parsed.battle_size_line = battle_size(size["size"]), number
            continue
        detachment = _DETACHMENT.match(text)
        if detachment is not None and not in_unit:
            parsed.detachment, parsed.detachment_line = detachment["name"].strip(), number
            continue
        if in_config or _CHROME.match(text):
            continue
        text = _INLINE_SELECTIONS.sub("]: ", text)
        selections = _SELECTIONS.match(text)
        if selections is not None and held is not None:
            # The items of the line above: the unit's own, or its model line's.
            line, above = held
            held = None
            joiner = ", " if ":" in above.partition("]")[2] else ": "
            combined = f"{above}{joiner}{selections['items']}"
            bulleted = above.startswith("•")
            reader.feed(line, _unpriced(combined) if bulleted else _unpriced_items(combined))
            continue
        release()
        nested = _NESTED.match(text)
        if nested is not None:
            item = _unpriced(text[nested.end() :])
            if nested.end() > 2:  # ". . item": an item of the model line above
                reader.feed(number, f"    ◦ {item}")
                continue
            held = (number, "• " + (item if _MODEL.match(item) else f"1x {item}"))
            continue
        header = unit_header(text)
        if header is not None:
            in_unit = True
            held = (number, _unpriced_items(text))
        elif in_unit and _MODEL.match(text):
            held = (number, "• " + text)
        else:
            reader.feed(number, raw)
    release()
    reader.close()
    return parsed


def _unpriced(text: str) -> str:
    return _ITEM_PRICE.sub("", text)


def _unpriced_items(text: str) -> str:
    """Take the items' prices off a unit line, keeping the unit's own: "X [95pts]: A [40pts]"."""
    head, colon, items = text.partition("]:")
    return f"{head}{colon}{_unpriced(items)}" if colon else text
