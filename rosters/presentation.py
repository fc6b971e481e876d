"""Words for players: short titles for violation codes, names for profiles and formats.

These are labels, not rules: the rules core decides what is wrong and says so in its
message; this module only gives each code a heading a player can read at a glance. The
codes themselves stay in the API, the CLI and the JSON.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from django.utils.translation import gettext_lazy as _

from armybuilder.rules import codes
from rosters.formats.text_import import gw_app, listforge, new_recruit

if TYPE_CHECKING:
    from django.utils.functional import _StrOrPromise

VIOLATION_TITLES: Final[dict[str, _StrOrPromise]] = {
    codes.POINTS_LIMIT: _("Over the points limit"),
    codes.FACTION_KEYWORD: _("Not in this army's faction"),
    codes.DETACHMENT_REQUIRED: _("Choose one detachment"),
    codes.DETACHMENT_UNIT_RULE: _("Detachment's unit rule"),
    codes.UNIT_SIZE: _("Wrong number of models"),
    codes.DATASHEET_LIMIT: _("Too many copies"),
    codes.EPIC_HERO_DUPLICATE: _("Epic Hero taken twice"),
    codes.TITANIC_CHARACTER_LIMIT: _("Too many Titanic characters"),
    codes.ENHANCEMENT_NOT_CHARACTER: _("Enhancement on a non-character"),
    codes.ENHANCEMENT_EPIC_HERO: _("Enhancement on an Epic Hero"),
    codes.ENHANCEMENT_LIMIT: _("Too many enhancements"),
    codes.ENHANCEMENT_DUPLICATE: _("Enhancement taken twice"),
    codes.ENHANCEMENT_PER_UNIT: _("Two enhancements on one unit"),
    codes.ENHANCEMENT_DETACHMENT: _("Enhancement from another detachment"),
    codes.ENHANCEMENT_RESTRICTED: _("Enhancement not for this unit"),
    codes.CHARACTER_REQUIRED: _("No character"),
    codes.WARLORD: _("Warlord"),
    codes.LEADER_NOT_ELIGIBLE: _("Cannot lead that unit"),
    codes.LEADER_SLOTS: _("Too many leaders"),
    codes.LEADER_SPLIT: _("Leader in two places"),
    codes.TRANSPORT_NOT_TRANSPORT: _("Not a transport"),
    codes.TRANSPORT_CAPACITY: _("Transport over capacity"),
    codes.TRANSPORT_NOT_ALLOWED: _("Cannot ride in that transport"),
    codes.DEDICATED_TRANSPORT_EMPTY: _("Empty Dedicated Transport"),
    codes.AIRCRAFT_MUST_RESERVE: _("Aircraft must start in reserves"),
    codes.DEEP_STRIKE_INELIGIBLE: _("Cannot Deep Strike"),
    codes.FORTIFICATION_RESERVE: _("Fortification in reserves"),
    codes.STRATEGIC_RESERVES_CAP: _("Strategic Reserves over cap"),
    codes.RESERVES_UNITS_CAP: _("Too many units in reserves"),
    codes.RESERVES_POINTS_CAP: _("Too many points in reserves"),
    codes.EMBARKED_RESERVE_MISMATCH: _("Passengers and transport start apart"),
    codes.RESERVES_POWER_CAP: _("Reserves over the power cap"),
    codes.ALLIED_UNITS: _("Allies over their limits"),
    codes.LEGENDS: _("Warhammer Legends datasheet"),
    codes.CATALOGUE_LIMIT: _("Catalogue limit"),
    codes.DETACHMENT_UPGRADE: _("Detachment upgrade"),
    codes.WARGEAR_CHOICE: _("Wargear choice"),
    codes.WARGEAR_UNREAD: _("Wargear not read"),
    codes.DETACHMENT_UNKNOWN: _("Detachment not in the catalogue"),
    codes.UNKNOWN_UNIT: _("Unknown unit"),
}
# Codes RULES.md adds later get their own title here; until then, a readable fallback.
TITLE_FALLBACK: Final = _("Rule broken")

PROFILE_NAMES: Final[dict[str, _StrOrPromise]] = {
    "core-10": _("10th edition core rules"),
    "matched-10": _("Matched play (mission pack limits)"),
    "nine-10": _("9th-edition reserves"),
}

FORMAT_NAMES: Final[dict[str, _StrOrPromise]] = {
    gw_app.FORMAT: _("Official app"),
    new_recruit.WTC: _("New Recruit (WTC)"),
    new_recruit.WTC_COMPACT: _("New Recruit (WTC compact)"),
    new_recruit.GW_STYLE: _("New Recruit (GW style)"),
    new_recruit.MARKDOWN: _("New Recruit (default text)"),
    new_recruit.SHORT: _("New Recruit (short text)"),
    listforge.FORMAT: _("ListForge"),
}


def violation_title(code: str) -> _StrOrPromise:
    """Return the short heading a player reads for a violation code."""
    return VIOLATION_TITLES.get(code) or code.replace("_", " ").capitalize() or TITLE_FALLBACK


def profile_name(name: str) -> _StrOrPromise:
    return PROFILE_NAMES.get(name, name)


def format_name(key: str) -> _StrOrPromise:
    return FORMAT_NAMES.get(key, key)


def profile_choices() -> list[tuple[str, _StrOrPromise]]:
    """The roster profile choices as forms show them: the human name first."""
    return [(key, label) for key, label in PROFILE_NAMES.items()]
