"""Violation codes from RULES.md, their default severities and message templates.

Codes are the strings RULES.md uses, unchanged: the API, the CLI and the tests share them.
Messages are our own plain words and name the units involved; every template is a module
constant (armybuilder.rules.messages.Template) so a face can translate them in one place.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from armybuilder.rules.messages import Message, Template, plural_template, template
from armybuilder.rules.model import Placement, Severity, Unit, Violation

# Muster Armies.
POINTS_LIMIT: Final = "POINTS_LIMIT"
FACTION_KEYWORD: Final = "FACTION_KEYWORD"
DETACHMENT_REQUIRED: Final = "DETACHMENT_REQUIRED"
DETACHMENT_UNIT_RULE: Final = "DETACHMENT_UNIT_RULE"
UNIT_SIZE: Final = "UNIT_SIZE"
DATASHEET_LIMIT: Final = "DATASHEET_LIMIT"
EPIC_HERO_DUPLICATE: Final = "EPIC_HERO_DUPLICATE"
TITANIC_CHARACTER_LIMIT: Final = "TITANIC_CHARACTER_LIMIT"
ENHANCEMENT_NOT_CHARACTER: Final = "ENHANCEMENT_NOT_CHARACTER"
ENHANCEMENT_EPIC_HERO: Final = "ENHANCEMENT_EPIC_HERO"
ENHANCEMENT_LIMIT: Final = "ENHANCEMENT_LIMIT"
ENHANCEMENT_DUPLICATE: Final = "ENHANCEMENT_DUPLICATE"
ENHANCEMENT_PER_UNIT: Final = "ENHANCEMENT_PER_UNIT"
ENHANCEMENT_DETACHMENT: Final = "ENHANCEMENT_DETACHMENT"
ENHANCEMENT_RESTRICTED: Final = "ENHANCEMENT_RESTRICTED"
CHARACTER_REQUIRED: Final = "CHARACTER_REQUIRED"
WARLORD: Final = "WARLORD"

# Allies, Legends, wargear and the catalogue's own limits.
ALLIED_UNITS: Final = "ALLIED_UNITS"
LEGENDS: Final = "LEGENDS"
CATALOGUE_LIMIT: Final = "CATALOGUE_LIMIT"
DETACHMENT_UPGRADE: Final = "DETACHMENT_UPGRADE"
WARGEAR_CHOICE: Final = "WARGEAR_CHOICE"
WARGEAR_UNREAD: Final = "WARGEAR_UNREAD"

# Declare Battle Formations.
LEADER_NOT_ELIGIBLE: Final = "LEADER_NOT_ELIGIBLE"
LEADER_SLOTS: Final = "LEADER_SLOTS"
LEADER_SPLIT: Final = "LEADER_SPLIT"
TRANSPORT_NOT_TRANSPORT: Final = "TRANSPORT_NOT_TRANSPORT"
TRANSPORT_CAPACITY: Final = "TRANSPORT_CAPACITY"
TRANSPORT_NOT_ALLOWED: Final = "TRANSPORT_NOT_ALLOWED"
DEDICATED_TRANSPORT_EMPTY: Final = "DEDICATED_TRANSPORT_EMPTY"
AIRCRAFT_MUST_RESERVE: Final = "AIRCRAFT_MUST_RESERVE"
DEEP_STRIKE_INELIGIBLE: Final = "DEEP_STRIKE_INELIGIBLE"
FORTIFICATION_RESERVE: Final = "FORTIFICATION_RESERVE"
STRATEGIC_RESERVES_CAP: Final = "STRATEGIC_RESERVES_CAP"
RESERVES_UNITS_CAP: Final = "RESERVES_UNITS_CAP"
RESERVES_POINTS_CAP: Final = "RESERVES_POINTS_CAP"
EMBARKED_RESERVE_MISMATCH: Final = "EMBARKED_RESERVE_MISMATCH"

# Reserves, 9th-edition rule.
RESERVES_POWER_CAP: Final = "RESERVES_POWER_CAP"

# Extension (not in RULES.md): a declaration entry names a unit the army does not have.
UNKNOWN_UNIT: Final = "UNKNOWN_UNIT"
# Extension (not in RULES.md): an imported list's detachment is not in the catalogue, so
# the list is checked without that detachment's rules. A warning, as WARGEAR_UNREAD is:
# what the data cannot say is left unjudged, never called illegal.
DETACHMENT_UNKNOWN: Final = "DETACHMENT_UNKNOWN"

# RULES.md order (DETACHMENT_UNKNOWN beside the detachment codes); violations are sorted by
# it so every face lists them the same way.
ALL_CODES: Final[tuple[str, ...]] = (
    POINTS_LIMIT,
    FACTION_KEYWORD,
    DETACHMENT_REQUIRED,
    DETACHMENT_UNIT_RULE,
    DETACHMENT_UNKNOWN,
    UNIT_SIZE,
    DATASHEET_LIMIT,
    EPIC_HERO_DUPLICATE,
    TITANIC_CHARACTER_LIMIT,
    ENHANCEMENT_NOT_CHARACTER,
    ENHANCEMENT_EPIC_HERO,
    ENHANCEMENT_LIMIT,
    ENHANCEMENT_DUPLICATE,
    ENHANCEMENT_PER_UNIT,
    ENHANCEMENT_DETACHMENT,
    ENHANCEMENT_RESTRICTED,
    CHARACTER_REQUIRED,
    WARLORD,
    ALLIED_UNITS,
    LEGENDS,
    CATALOGUE_LIMIT,
    DETACHMENT_UPGRADE,
    WARGEAR_CHOICE,
    WARGEAR_UNREAD,
    LEADER_NOT_ELIGIBLE,
    LEADER_SLOTS,
    LEADER_SPLIT,
    TRANSPORT_NOT_TRANSPORT,
    TRANSPORT_CAPACITY,
    TRANSPORT_NOT_ALLOWED,
    DEDICATED_TRANSPORT_EMPTY,
    AIRCRAFT_MUST_RESERVE,
    DEEP_STRIKE_INELIGIBLE,
    FORTIFICATION_RESERVE,
    STRATEGIC_RESERVES_CAP,
    RESERVES_UNITS_CAP,
    RESERVES_POINTS_CAP,
    EMBARKED_RESERVE_MISMATCH,
    RESERVES_POWER_CAP,
    UNKNOWN_UNIT,
)

# The codes a battle-formations declaration can raise, as against the list-building ones:
# everything from LEADER_NOT_ELIGIBLE on, in RULES.md order.
FORMATION_CODES: Final[frozenset[str]] = frozenset(
    ALL_CODES[ALL_CODES.index(LEADER_NOT_ELIGIBLE) :]
)
# Codes RULES.md defines whose check is not written yet. No check raises them, so they have
# no table of cases; the meta test holds them to exactly that, and a code leaves this set
# in the same change that gives it a check and its cases.
PENDING_CODES: Final[frozenset[str]] = frozenset()
CODE_ORDER: Final[dict[str, int]] = {code: i for i, code in enumerate(ALL_CODES)}

# The severity a code has unless a check says otherwise (see DEDICATED_TRANSPORT_EMPTY in a
# final declaration, and RESERVES_POWER_CAP when power ratings are missing).
WARNING_CODES: Final[frozenset[str]] = frozenset(
    {DEDICATED_TRANSPORT_EMPTY, WARGEAR_UNREAD, DETACHMENT_UNKNOWN}
)

# Messages. Fields in braces are filled with unit names, counts and points.
MSG_POINTS_LIMIT: Final = template("Army: {points} / {limit} pts, {over} pts over the {size} limit")

MSG_FACTION_MISSING: Final = template("{unit} does not have the {keyword} keyword")
MSG_FACTION_EXCLUDED: Final = template("{unit} cannot be included: it has the {keywords} keyword")
MSG_ALLY_CAP: Final = template("Allied {keyword} units ({units}): {used} / {cap} pts")

MSG_DETACHMENT_NONE: Final = template("Choose a detachment")
MSG_DETACHMENT_SEVERAL: Final = plural_template(
    "{count} detachment chosen ({names}): choose exactly one",
    "{count} detachments chosen ({names}): choose exactly one",
)
MSG_DETACHMENT_FACTION: Final = template("{detachment} is not a {keyword} detachment")
MSG_DETACHMENT_REQUIRES: Final = template("{detachment} requires a {datasheet}")
MSG_DETACHMENT_FORBIDS: Final = template("{detachment} does not allow {datasheet}")

MSG_UNIT_SIZE: Final = plural_template(
    "{unit}: {models} model, {allowed} allowed",
    "{unit}: {models} models, {allowed} allowed",
    "models",
)
MSG_UNIT_NO_BRACKET: Final = plural_template(
    "{unit}: no points listed for {models} model",
    "{unit}: no points listed for {models} models",
    "models",
)

MSG_DATASHEET_LIMIT: Final = template("{count} × {name}: at most {limit} allowed")
MSG_EPIC_HERO_DUPLICATE: Final = template(
    "{count} × {name}: an Epic Hero may be included only once"
)
MSG_TITANIC_CHARACTERS: Final = template(
    "{count} TITANIC CHARACTERS ({units}): at most {limit} allowed at {size}"
)

MSG_ENHANCEMENT_NOT_CHARACTER: Final = template(
    "{unit} cannot take {enhancement}: it is not a CHARACTER"
)
MSG_ENHANCEMENT_EPIC_HERO: Final = template("{unit} cannot take {enhancement}: it is an Epic Hero")
MSG_ENHANCEMENT_LIMIT: Final = plural_template(
    "{count} enhancement in the army: at most {limit} allowed",
    "{count} enhancements in the army: at most {limit} allowed",
)
MSG_ENHANCEMENT_DUPLICATE: Final = plural_template(
    "{enhancement} is taken {count} time ({units}): once at most",
    "{enhancement} is taken {count} times ({units}): once at most",
)
MSG_ENHANCEMENT_PER_UNIT: Final = plural_template(
    "{unit} has {count} enhancement ({names}): one at most",
    "{unit} has {count} enhancements ({names}): one at most",
)
MSG_ENHANCEMENT_DETACHMENT: Final = template(
    "{unit}: {enhancement} belongs to {owner}, not to {detachment}"
)
MSG_ENHANCEMENT_RESTRICTED: Final = template(
    "{unit} cannot take {enhancement}: it needs {keywords}"
)
# Why a unit takes no enhancement at all, shown where the choice would be.
MSG_REFUSE_NOT_CHARACTER: Final = template("Only CHARACTER units can take enhancements")
MSG_REFUSE_EPIC_HERO: Final = template("Epic Heroes cannot take enhancements")

MSG_LEGENDS: Final = template(
    "{unit} is a Warhammer Legends datasheet: not allowed in matched play"
)
MSG_LIMIT_MAX: Final = template("{label}: {used}{unit} / {limit}{unit} at most{reason}")
MSG_LIMIT_MIN: Final = template("{label}: {used}{unit} / {limit}{unit} at least{reason}")

MSG_UPGRADE_DETACHMENT: Final = template(
    "{unit}: {upgrade} belongs to {owner}, not to {detachment}"
)
MSG_UPGRADE_NO_DETACHMENT: Final = template(
    "{unit}: {upgrade} belongs to {owner}, and the army has no detachment"
)
MSG_UPGRADE_NOT_ALLOWED: Final = template("{unit} cannot take {upgrade}")
MSG_UPGRADE_TOO_MANY: Final = plural_template(
    "{unit} takes {upgrade} {count} time: at most {most}",
    "{unit} takes {upgrade} {count} times: at most {most}",
)
MSG_UPGRADE_REQUIRED: Final = template("{unit} must take {upgrade} in {detachment}")

MSG_WARGEAR_MODEL_UNKNOWN: Final = template("{unit}: the datasheet has no {model} models")
MSG_WARGEAR_MODELS: Final = template("{unit}: {count} × {model}, {allowed} allowed")
MSG_WARGEAR_TOTAL: Final = plural_template(
    "{unit}: wargear is given for {count} model, the unit has {models}",
    "{unit}: wargear is given for {count} models, the unit has {models}",
)
MSG_WARGEAR_UNKNOWN: Final = template("{unit}: {model} cannot take {option}")
# The verb agrees with the models: "1 × Pack Leader takes", "4 × Grey Hunter take".
MSG_WARGEAR_GROUP_MIN: Final = plural_template(
    "{unit}: {models} × {model} needs {limit} {group}, {count} chosen",
    "{unit}: {models} × {model} need {limit} {group}, {count} chosen",
    count="models",
)
MSG_WARGEAR_GROUP_MAX: Final = plural_template(
    "{unit}: {models} × {model} takes at most {limit} {group}, {count} chosen",
    "{unit}: {models} × {model} take at most {limit} {group}, {count} chosen",
    count="models",
)
MSG_WARGEAR_RATIO: Final = template(
    "{unit}: {count} / {limit} {group} at most in a unit of {models} models"
)
# WARGEAR_UNREAD: the lines of one unit, each "line 12 “2x Heirloom weapon”" with the
# nearest names where there are some.
MSG_WARGEAR_UNREAD: Final = plural_template(
    "{unit}: {count} wargear line not read, the datasheet's defaults kept there: {lines}",
    "{unit}: {count} wargear lines not read, the datasheet's defaults kept there: {lines}",
)
MSG_DETACHMENT_UNKNOWN: Final = template(
    "{detachment}: not in the catalogue, so the list is checked without this detachment's"
    " rules, and what it takes from it is kept as written, unjudged"
)
MSG_UNREAD_LINE: Final = template("line {line} “{text}”")
MSG_UNREAD_LINE_NEAREST: Final = template("line {line} “{text}” (nearest: {names})")
MSG_UNREAD_TEXT_NEAREST: Final = template("“{text}” (nearest: {names})")
# Not a violation: what a change of model count could not keep, shown once to the player.
MSG_WARGEAR_DROPPED: Final = template("{model}: {count}x {option} no longer fits and was removed")


MSG_CHARACTER_REQUIRED: Final = template("The army needs a CHARACTER who can be the Warlord")
MSG_WARLORD_NONE: Final = template("Choose a Warlord")
MSG_WARLORD_OPEN: Final = template("The list names no Warlord: one is chosen before the battle")
MSG_WARLORD_NONE_MUST: Final = template("Choose a Warlord: {units} must be the Warlord")
MSG_WARLORD_SEVERAL: Final = plural_template(
    "{count} Warlord chosen ({units}): choose one", "{count} Warlords chosen ({units}): choose one"
)
MSG_WARLORD_NOT_CHARACTER: Final = template("{unit} cannot be the Warlord: it is not a CHARACTER")
MSG_WARLORD_CANNOT: Final = template("{unit} cannot be the Warlord")
MSG_WARLORD_MUST: Final = template("{unit} must be the Warlord")

MSG_LEADER_NOT_LISTED: Final = template("{leader} cannot lead {bodyguard}")
MSG_LEADER_NOT_CHARACTER: Final = template(
    "{leader} cannot lead {bodyguard}: it is not a CHARACTER"
)
MSG_LEADER_ITSELF: Final = template("{leader} cannot lead itself")
MSG_LEADER_TWICE: Final = plural_template(
    "{leader} is attached to {count} unit ({units}): a Leader joins one",
    "{leader} is attached to {count} units ({units}): a Leader joins one",
)
MSG_LEADER_IS_LED: Final = template(
    "{bodyguard} is leading {led} and cannot also be led by {leader}"
)
MSG_LEADER_SLOTS: Final = plural_template(
    "{bodyguard} is led by {count} Leader ({leaders}): at most {allowed}",
    "{bodyguard} is led by {count} Leaders ({leaders}): at most {allowed}",
)
MSG_SPLIT_TRANSPORTS: Final = template(
    "{units} are one attached unit but are embarked in different transports ({transports})"
)
MSG_SPLIT_PLACEMENTS: Final = template(
    "{units} are one attached unit but are placed apart ({placements})"
)

MSG_NOT_TRANSPORT: Final = template("{unit} cannot embark in {target}: it is not a TRANSPORT")
MSG_EMBARK_ITSELF: Final = template("{unit} cannot embark in itself")
MSG_TRANSPORT_CAPACITY: Final = template("{transport}: {used} / {capacity} models embarked")
MSG_TRANSPORT_POOL_CAPACITY: Final = template(
    "{transport}: {used} / {capacity} {pool} models embarked"
)
MSG_NOT_ALLOWED: Final = template("{units} cannot embark in {transport}")
MSG_NESTED_TRANSPORT: Final = template("{unit} is a TRANSPORT and cannot embark in {transport}")
MSG_EMBARKED_TWICE: Final = plural_template(
    "{unit} is embarked in {count} transport ({transports}): choose one",
    "{unit} is embarked in {count} transports ({transports}): choose one",
)
MSG_DEDICATED_EMPTY: Final = template(
    "{transport} carries no units: it cannot be deployed and is lost in the first round"
)

MSG_AIRCRAFT: Final = template("{unit} is an AIRCRAFT and must start in Reserves")
MSG_AIRCRAFT_NO_HOVER: Final = template(
    "{unit} cannot use hover mode, so it must start in Reserves"
)
MSG_DEEP_STRIKE: Final = template("{unit} cannot Deep Strike: it does not have Deep Strike")
MSG_DEEP_STRIKE_ATTACHED: Final = template(
    "{units} cannot Deep Strike: {lacking} does not have Deep Strike"
)
MSG_FORTIFICATION: Final = template("{unit} is a FORTIFICATION and cannot start {placement}")
MSG_EMBARKED_MISMATCH: Final = template(
    "{unit} is declared {placement} but its transport {transport} is {transport_placement}"
)

MSG_STRATEGIC_RESERVES_CAP: Final = template("Strategic Reserves: {used} / {cap} pts")
MSG_RESERVES_UNITS_CAP: Final = template(
    "Reserves: {used} / {cap} units (at most half the army's units)"
)
MSG_RESERVES_POINTS_CAP: Final = template(
    "Reserves: {used} / {cap} pts (at most half the army's points)"
)
MSG_RESERVES_POWER_CAP: Final = template(
    "Reserves: power {used}, must be below {cap} (less than half the army's power)"
)
MSG_POWER_UNKNOWN: Final = template(
    "Power rating unknown for {units}: the reserves power cap cannot be checked"
)

MSG_UNKNOWN_UNIT: Final = template(
    "The declaration names unit {unit_id}, which is not in the army: that entry is ignored"
)

PLACEMENT_LABELS: Final[dict[Placement, Message]] = {
    Placement.BATTLEFIELD: template("on the battlefield").format(),
    Placement.STRATEGIC_RESERVES: template("in Strategic Reserves").format(),
    Placement.DEEP_STRIKE: template("in Deep Strike").format(),
    Placement.RESERVES: template("in Reserves").format(),
}

# Words the checks put into messages and meters.
MSG_OR: Final = template("{first} or {second}")
MSG_OTHER_MODELS: Final = template("other")
MSG_UNITS: Final = template("units")
MSG_POWER: Final = template("power")
MSG_METER_STRATEGIC_RESERVES: Final = template("Strategic Reserves")
MSG_METER_RESERVE_UNITS: Final = template("Units in Reserves")
MSG_METER_RESERVE_POINTS: Final = template("Points in Reserves")
MSG_METER_RESERVE_POWER: Final = template("Power in Reserves")


def violation(
    code: str,
    message: str | Template,
    unit_ids: Iterable[str] = (),
    severity: Severity | None = None,
) -> Violation:
    """Build a violation with sorted, de-duplicated unit ids and the code's default severity."""
    if severity is None:
        severity = Severity.WARNING if code in WARNING_CODES else Severity.ERROR
    if isinstance(message, Template):
        message = message.format()
    return Violation(code, severity, message, tuple(sorted(set(unit_ids))))


def names(units: Iterable[Unit]) -> str:
    """Join unit names in a stable order, so a message never depends on roster order."""
    return ", ".join(sorted(unit.name for unit in units))


def keywords_text(alternatives: Iterable[frozenset[str]]) -> str:
    """Spell keyword alternatives the way a player reads them: 'INFANTRY or MOUNTED'."""
    spelled = sorted(" ".join(sorted(alt)) for alt in alternatives)
    if not spelled:
        return ""
    text: str = spelled[0]
    for alternative in spelled[1:]:
        text = MSG_OR.format(first=text, second=alternative)
    return text
