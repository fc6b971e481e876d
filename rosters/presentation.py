"""Words for players: short titles for violation codes, names for profiles and formats.

These are labels, not rules: the rules core decides what is wrong and says so in its
message; this module only gives each code a heading a player can read at a glance. The
codes themselves stay in the API, the CLI and the JSON.
"""

from __future__ import annotations

from typing import Final

from armybuilder.rules import codes
from rosters.formats.text_import import gw_app, listforge, new_recruit

VIOLATION_TITLES: Final[dict[str, str]] = {
    codes.POINTS_LIMIT: "Over the points limit",
    codes.FACTION_KEYWORD: "Not in this army's faction",
    codes.DETACHMENT_REQUIRED: "Choose one detachment",
    codes.DETACHMENT_UNIT_RULE: "Detachment's unit rule",
    codes.UNIT_SIZE: "Wrong number of models",
    codes.DATASHEET_LIMIT: "Too many copies",
    codes.EPIC_HERO_DUPLICATE: "Epic Hero taken twice",
    codes.TITANIC_CHARACTER_LIMIT: "Too many Titanic characters",
    codes.ENHANCEMENT_NOT_CHARACTER: "Enhancement on a non-character",
    codes.ENHANCEMENT_EPIC_HERO: "Enhancement on an Epic Hero",
    codes.ENHANCEMENT_LIMIT: "Too many enhancements",
    codes.ENHANCEMENT_DUPLICATE: "Enhancement taken twice",
    codes.ENHANCEMENT_PER_UNIT: "Two enhancements on one unit",
    codes.ENHANCEMENT_DETACHMENT: "Enhancement from another detachment",
    codes.ENHANCEMENT_RESTRICTED: "Enhancement not for this unit",
    codes.CHARACTER_REQUIRED: "No character",
    codes.WARLORD: "Warlord",
    codes.LEADER_NOT_ELIGIBLE: "Cannot lead that unit",
    codes.LEADER_SLOTS: "Too many leaders",
    codes.LEADER_SPLIT: "Leader in two places",
    codes.TRANSPORT_NOT_TRANSPORT: "Not a transport",
    codes.TRANSPORT_CAPACITY: "Transport over capacity",
    codes.TRANSPORT_NOT_ALLOWED: "Cannot ride in that transport",
    codes.DEDICATED_TRANSPORT_EMPTY: "Empty Dedicated Transport",
    codes.AIRCRAFT_MUST_RESERVE: "Aircraft must start in reserves",
    codes.DEEP_STRIKE_INELIGIBLE: "Cannot Deep Strike",
    codes.FORTIFICATION_RESERVE: "Fortification in reserves",
    codes.STRATEGIC_RESERVES_CAP: "Strategic Reserves over cap",
    codes.RESERVES_UNITS_CAP: "Too many units in reserves",
    codes.RESERVES_POINTS_CAP: "Too many points in reserves",
    codes.EMBARKED_RESERVE_MISMATCH: "Passengers and transport start apart",
    codes.RESERVES_POWER_CAP: "Reserves over the power cap",
    codes.UNKNOWN_UNIT: "Unknown unit",
}
# Codes RULES.md adds later get their own title here; until then, a readable fallback.
TITLE_FALLBACK: Final = "Rule broken"

PROFILE_NAMES: Final[dict[str, str]] = {
    "core-10": "10th edition core rules",
    "matched-10": "Matched play (mission pack limits)",
    "nine-10": "9th-edition reserves",
}

FORMAT_NAMES: Final[dict[str, str]] = {
    gw_app.FORMAT: "Official app",
    new_recruit.WTC: "New Recruit (WTC)",
    new_recruit.WTC_COMPACT: "New Recruit (WTC compact)",
    new_recruit.GW_STYLE: "New Recruit (GW style)",
    new_recruit.MARKDOWN: "New Recruit (default text)",
    new_recruit.SHORT: "New Recruit (short text)",
    listforge.FORMAT: "ListForge",
}


def violation_title(code: str) -> str:
    """Return the short heading a player reads for a violation code."""
    return VIOLATION_TITLES.get(code) or code.replace("_", " ").capitalize() or TITLE_FALLBACK


def profile_name(name: str) -> str:
    return PROFILE_NAMES.get(name, name)


def format_name(key: str) -> str:
    return FORMAT_NAMES.get(key, key)


def profile_choices() -> list[tuple[str, str]]:
    """The roster profile choices as forms show them: the human name first."""
    return [(key, label) for key, label in PROFILE_NAMES.items()]
