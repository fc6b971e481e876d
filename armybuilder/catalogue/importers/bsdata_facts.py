"""The parsed facts (plain dataclasses the writer loads) and the writer's tally.

Imports nothing from the readers or the writers; the parser's working state is in
``bsdata_state``."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from .bsdata_xml import (
    Element,
    iter_modifiers,
)

GRAND_ALLIANCES = frozenset({"Imperium", "Chaos", "Xenos", "Aeldari"})
UNIT_TYPES = frozenset({"unit", "model"})
FACTION_PREFIX = "Faction: "
# Categories BSData uses for list-building mechanics, not datasheet keywords.
NON_KEYWORD_CATEGORIES = frozenset(
    {
        "CONFIGURATION",
        "REFERENCE",
        "ALLIED UNITS",
        "UNIT",
        "WARLORD",
        "CRUCIBLE",
        "TITANIC SUPPORT",
        "HARLEQUIN ALLIES",
        "CORSAIRS AND TRAVELLING PLAYERS",
        "NON-KROOT",
        "ORDER OF BATTLE",
        "UNBOUND ADVERSARIES",
        "SUMMONED",
        "RETINUE",
        "UNDIVIDED",
    }
)
NON_KEYWORD_PATTERNS = (
    re.compile(r" NON-BATTLELINE$"),
    re.compile(r" BATTLELINE$"),
    re.compile(r"^ASSIGNED AGENTS"),
    re.compile(r"^SHOW "),
    re.compile(r" - "),
)
REFERENCE_CATEGORIES = frozenset({"Reference", "Configuration"})
DETACHMENT_ROOT_RE = re.compile(r"^detachments?\b", re.IGNORECASE)
ALLIED_UNITS = "Allied Units"
BATTLELINE = "BATTLELINE"
DEEP_STRIKE = "Deep Strike"
CRUSADE_GROUP = "Crusade"
STRIKE_FORCE = "Strike Force"

NOTE_PRICE_OPTIONS = "points also depend on options the importer cannot count"
NOTE_NO_MODELS = "no model entries found; assumed a single model"
NOTE_PASSENGER_RULE = "has a passenger capacity rule (not a transport)"
NOTE_FACTION_FROM_CATALOGUE = "no Faction category in the data; its catalogue's keyword given"

DatasheetKey = tuple[str, str]
# A condition in JSON form (see catalogue.models.ArmyLimit).
Json = dict[str, Any]
# Condition scopes that look outside the unit, so its own model counts cannot decide them.
OUTSIDE_SCOPES = frozenset({"roster", "force", "primary-catalogue"})


# -- parsed facts ----------------------------------------------------------------------------


@dataclass(frozen=True)
class ParsedFaction:
    name: str
    slug: str
    keyword: str
    parent: str | None
    grand_alliance: str
    source_file: str
    catalogue_id: str


@dataclass(frozen=True)
class ParsedPool:
    position: int
    capacity: int
    allowed: tuple[tuple[str, ...], ...]
    forbidden: tuple[str, ...]
    space: tuple[tuple[str, int], ...]
    only_datasheets: tuple[str, ...]
    complete: bool
    note: str


@dataclass(frozen=True)
class ParsedOption:
    name: str
    points: int
    max_count: int
    # The BSData id of a priced upgrade: the index-era data priced enhancements as unit
    # options under the ids the later enhancements keep (history import, former names).
    source_id: str = ""


@dataclass
class ParsedDatasheet:
    faction: str
    name: str
    source_id: str
    source_file: str
    keywords: tuple[str, ...] = ()
    faction_keywords: tuple[str, ...] = ()
    min_models: int = 1
    max_models: int = 1
    limit: int | None = None
    legends: bool = False
    deep_strike: bool = False
    hover: bool = False
    warlord: str = "may"
    joins_led_unit: bool = False
    extra_leaders: int = 0
    leader_names: tuple[str, ...] = ()
    leads: tuple[DatasheetKey, ...] = ()
    pools: tuple[ParsedPool, ...] = ()
    is_transport: bool = False
    prices: tuple[tuple[int, int], ...] = ()
    options: tuple[ParsedOption, ...] = ()
    review_notes: tuple[str, ...] = ()
    # Abilities the unit has only with some models or wargear (no rules text, just names).
    conditional_abilities: tuple[str, ...] = ()
    # Model types, wargear choices and profiles as JSON (ParsedWargear.as_json).
    wargear: dict[str, Any] | None = None

    @property
    def key(self) -> DatasheetKey:
        return (self.faction, self.name)

    @property
    def review_note(self) -> str:
        return "; ".join(dict.fromkeys(self.review_notes))


@dataclass(frozen=True)
class ParsedAllyRule:
    faction: str
    keyword: str
    label: str
    points_cap: int | None


@dataclass(frozen=True)
class ParsedAvailability:
    faction: str
    datasheet: DatasheetKey
    ally_keyword: str | None


@dataclass
class ParsedDetachment:
    faction: str
    name: str
    source_id: str
    required: tuple[DatasheetKey, ...] = ()
    forbidden: tuple[DatasheetKey, ...] = ()
    battleline: tuple[DatasheetKey, ...] = ()
    # Descendant factions (chapters) that inherit the detachment but whose catalogue hides it.
    hidden_for: tuple[str, ...] = ()


@dataclass(frozen=True)
class ParsedEnhancement:
    faction: str
    detachment: str
    name: str
    points: int | None
    required_keywords: tuple[tuple[str, ...], ...]
    source_id: str


@dataclass(frozen=True)
class Unmapped:
    """Something the importer saw but could not load, with where it came from."""

    file: str
    entry_id: str
    kind: str
    name: str
    detail: str = ""

    def as_dict(self) -> dict[str, str]:
        return {
            "file": self.file,
            "entry_id": self.entry_id,
            "kind": self.kind,
            "name": self.name,
            "detail": self.detail,
        }


@dataclass(frozen=True)
class ParsedLimit:
    """An army-scope limit: the units it counts, its base maximum and the steps changing it."""

    faction: str
    code: str
    label: str
    subject: Json
    maximum: int | None
    steps: tuple[Json, ...]
    source_id: str
    reason: str = ""


@dataclass(frozen=True)
class UpgradeSlot:
    """Which datasheet may take an upgrade, and how many of it a unit takes at least and most."""

    datasheet: DatasheetKey
    minimum: int
    maximum: int


@dataclass(frozen=True)
class ParsedUpgrade:
    faction: str
    detachment: str
    name: str
    points: int
    source_id: str
    units: tuple[UpgradeSlot, ...]


# A datasheet's model types, wargear choices and profiles (read by bsdata_wargear), stored
# on ParsedDatasheet.wargear as their JSON.


@dataclass(frozen=True)
class ParsedGroup:
    """A choice among options for each model of a type, and across the unit."""

    name: str
    options: tuple[str, ...]
    minimum: int
    maximum: int
    # Per model: option -> how many each model starts with.
    default: tuple[tuple[str, int], ...] = ()
    # Across the unit: at most unit_max, plus ratio_step for every ratio_per models.
    unit_max: int | None = None
    ratio_per: int = 0
    ratio_step: int = 0
    # A further cap on options another group of the type offers (a nested group, an
    # option's own cap): its options count towards both, it is not another slot for them.
    cap: bool = False
    # Option -> the keywords taking it gives the bearer (a Mark of Chaos: KHORNE).
    grants: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def as_json(self) -> dict[str, Any]:
        row: dict[str, Any] = {"name": self.name, "options": list(self.options)}
        row["min"], row["max"] = self.minimum, self.maximum
        # A lone option a minimum forces is its own default: left implicit, to stay compact.
        implied = len(self.options) == 1 and self.default == ((self.options[0], self.minimum),)
        if self.default and not implied:
            row["default"] = {name: n for name, n in self.default}
        if self.unit_max is not None:
            row["unit_max"] = self.unit_max
        if self.ratio_per:
            row["per"], row["step"] = self.ratio_per, self.ratio_step
        if self.cap:
            row["cap"] = True
        if self.grants:
            row["grants"] = {name: list(keywords) for name, keywords in self.grants}
        return row


@dataclass(frozen=True)
class ParsedModelType:
    name: str
    minimum: int
    maximum: int
    # M, T, Sv, invulnerable save, W, Ld, OC as the datasheet prints them ("" when absent).
    stats: tuple[str, ...]
    groups: tuple[ParsedGroup, ...]

    def as_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "min": self.minimum,
            "max": self.maximum,
            "stats": list(self.stats),
            "groups": [g.as_json() for g in self.groups],
        }


@dataclass
class ParsedWargear:
    models: list[ParsedModelType] = field(default_factory=list)
    # The model type extra models go to, as the data's default selection says.
    fill: str = ""
    # Weapon name -> profiles [kind R|M, profile name, range, A, BS/WS, S, AP, D, keywords].
    weapons: dict[str, list[list[Any]]] = field(default_factory=dict)
    abilities: tuple[str, ...] = ()
    # Option name -> the BSData ids it is read from (the entry and the links to it): what
    # the history import follows from month to month for the option's former names.
    option_ids: dict[str, list[str]] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        return {
            "model_types": [m.as_json() for m in self.models],
            "fill": self.fill,
            "weapons": self.weapons,
            "abilities": list(self.abilities),
            "option_ids": self.option_ids,
        }


@dataclass
class ParsedCatalogue:
    factions: list[ParsedFaction] = field(default_factory=list)
    datasheets: list[ParsedDatasheet] = field(default_factory=list)
    availabilities: list[ParsedAvailability] = field(default_factory=list)
    ally_rules: list[ParsedAllyRule] = field(default_factory=list)
    detachments: list[ParsedDetachment] = field(default_factory=list)
    enhancements: list[ParsedEnhancement] = field(default_factory=list)
    unmapped: list[Unmapped] = field(default_factory=list)
    conditional_limits: list[str] = field(default_factory=list)
    limits: list[ParsedLimit] = field(default_factory=list)
    upgrades: list[ParsedUpgrade] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    scope: frozenset[str] = frozenset()


@dataclass
class WriteStats:
    """Rows created, updated and deleted per model."""

    created: Counter[str] = field(default_factory=Counter)
    updated: Counter[str] = field(default_factory=Counter)
    deleted: Counter[str] = field(default_factory=Counter)

    def as_dict(self) -> dict[str, dict[str, int]]:
        return {
            verb: {label: n for label, n in sorted(counter.items()) if n}
            for verb, counter in (
                ("created", self.created),
                ("updated", self.updated),
                ("deleted", self.deleted),
            )
        }

    @property
    def changed(self) -> int:
        return sum(self.created.values()) + sum(self.updated.values()) + sum(self.deleted.values())


def faction_name(catalogue_name: str) -> tuple[str, str]:
    """Return (faction name, grand alliance) from a catalogue name like "Chaos - World Eaters"."""
    parts = [part.strip() for part in catalogue_name.split(" - ")]
    first = parts[0] if len(parts) > 1 else ""
    return parts[-1], first if first in GRAND_ALLIANCES else ""


def is_keyword_category(name: str, category: Element | None) -> bool:
    """Tell datasheet keywords from BSData's list-building categories."""
    upper = name.upper()
    if upper in NON_KEYWORD_CATEGORIES or any(p.search(upper) for p in NON_KEYWORD_PATTERNS):
        return False
    if category is not None and category.get("hidden") == "true":
        unhidden = any(
            m.get("field") == "hidden" and m.get("value") == "false"
            for m, _ in iter_modifiers(category)
        )
        return unhidden
    return True
