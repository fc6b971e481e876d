"""Value objects the rules core takes and returns.

Every object is a small frozen dataclass, but for the Formation, which the transport
check completes once. Units are referenced by a stable id, never by name, so two
Intercessor Squads are two units.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Final

from armybuilder.rules.messages import Message, template

# The unit of a points meter; codes.py holds the other message templates.
MSG_PTS: Final = template("pts")


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


class BattleSize(StrEnum):
    INCURSION = "incursion"
    STRIKE_FORCE = "strike_force"
    ONSLAUGHT = "onslaught"

    @property
    def points(self) -> int:
        return _BATTLE_SIZE_POINTS[self]

    @property
    def label(self) -> Message:
        """Incursion, Strike Force, Onslaught: rules terms, so translatable by the faces."""
        return _BATTLE_SIZE_LABELS[self.value].format()


_BATTLE_SIZE_LABELS: Final = {
    "incursion": template("Incursion"),
    "strike_force": template("Strike Force"),
    "onslaught": template("Onslaught"),
}

_BATTLE_SIZE_POINTS = {
    BattleSize.INCURSION: 1000,
    BattleSize.STRIKE_FORCE: 2000,
    BattleSize.ONSLAUGHT: 3000,
}


class Placement(StrEnum):
    """Where a unit starts the battle."""

    BATTLEFIELD = "battlefield"
    STRATEGIC_RESERVES = "strategic_reserves"
    DEEP_STRIKE = "deep_strike"
    # Any other reserves: aircraft, and units that a rule sets up later.
    RESERVES = "reserves"


class WarlordRule(StrEnum):
    MAY = "may"
    MUST = "must"
    CANNOT = "cannot"


@dataclass(frozen=True, slots=True)
class Bracket:
    """A price: this many models (or fewer, down to the next bracket) cost these points."""

    models: int
    points: int


@dataclass(frozen=True, slots=True)
class TransportPool:
    """One block of a transport's capacity, e.g. 12 INFANTRY models or 1 DREADNOUGHT model."""

    capacity: int
    # A passenger must carry every keyword of at least one alternative; empty means any.
    allowed: tuple[frozenset[str], ...] = ()
    forbidden: frozenset[str] = frozenset()
    # Keyword -> how many spaces one such model takes (e.g. JUMP PACK 2, CENTURION 3).
    space: tuple[tuple[str, int], ...] = ()
    # Where the data names them, the only datasheets this pool may carry.
    only_datasheets: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class WargearGroup:
    """A choice for each model of a type: between ``minimum`` and ``maximum`` of ``options``
    per model, and across the whole unit at most ``unit_max``, plus ``ratio_step`` for every
    ``ratio_per`` models in the unit (a ratio limit), where a unit-wide cap is stated."""

    name: str
    options: tuple[str, ...]
    minimum: int = 0
    maximum: int = 1
    # Per model: option -> how many each model starts with.
    default: tuple[tuple[str, int], ...] = ()
    unit_max: int | None = None
    ratio_per: int = 0
    ratio_step: int = 0
    # A further cap on options another group offers (a group nested in a group, an
    # option's own cap within its group): the options count towards both in full, so it
    # is never another slot for them.
    cap: bool = False
    # Option -> the keywords taking it gives the bearer (a Mark of Chaos: KHORNE).
    grants: tuple[tuple[str, frozenset[str]], ...] = ()

    def unit_cap(self, models: int) -> int | None:
        """Return the unit-wide cap for a unit of ``models`` models, or None for none."""
        if self.unit_max is None:
            return None
        if self.ratio_per:
            return self.unit_max + self.ratio_step * (models // self.ratio_per)
        return self.unit_max


@dataclass(frozen=True, slots=True)
class ModelType:
    """One kind of model in a unit (a sergeant, a heavy-weapon marine) and its choices."""

    name: str
    minimum: int = 0
    maximum: int = 1
    groups: tuple[WargearGroup, ...] = ()


@dataclass(frozen=True, slots=True)
class Loadout:
    """What the models of one type carry: how many models, and option -> count across them."""

    model: str
    models: int
    wargear: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class UnreadGear:
    """A wargear line of an imported list that could not be placed on the datasheet
    (WARGEAR_UNREAD): its text as written, its line in the list, and the nearest names."""

    text: str
    line: int | None = None
    nearest: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Datasheet:
    """The facts of one datasheet that the rules read."""

    name: str
    keywords: frozenset[str]
    faction_keywords: frozenset[str]
    brackets: tuple[Bracket, ...]
    min_models: int = 1
    max_models: int = 1
    # Overrides the default Rule of Three (or Six) where the data states a limit.
    limit: int | None = None
    # Names of the Bodyguard datasheets this Leader may join.
    leads: frozenset[str] = frozenset()
    # As a Bodyguard: how many Leaders beyond the first it accepts.
    extra_leaders: int = 0
    # As a Leader: may join a Bodyguard that already has another Leader.
    joins_led_unit: bool = False
    transport: tuple[TransportPool, ...] = ()
    deep_strike: bool = False
    hover: bool = False
    power: int | None = None
    warlord: WarlordRule = WarlordRule.MAY
    # A Warhammer Legends datasheet: allowed and marked under core-10, not in matched play.
    legends: bool = False
    # Model types with their wargear choices; empty where the data states none.
    model_types: tuple[ModelType, ...] = ()
    # The model type extra models go to by default.
    fill: str = ""
    # Priced wargear: option name -> points per item carried.
    wargear_points: tuple[tuple[str, int], ...] = ()

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords


@dataclass(frozen=True, slots=True)
class Enhancement:
    name: str
    points: int
    detachment: str
    # The bearer must carry every keyword of at least one alternative; empty means any.
    required_keywords: tuple[frozenset[str], ...] = ()
    # False for an item an imported list takes from a detachment the catalogue lacks
    # (Detachment.known), kept as written and judged by no enhancement rule.
    known: bool = True


@dataclass(frozen=True, slots=True)
class PricedOption:
    name: str
    points: int
    count: int = 1


@dataclass(frozen=True, slots=True)
class Upgrade:
    """A priced upgrade a detachment offers to some units, e.g. a C'tan power.

    ``allowed`` pairs each datasheet that may take it with the most one unit takes; a
    datasheet not listed may not take it. ``count`` is how many the unit takes.
    """

    name: str
    points: int
    detachment: str
    allowed: tuple[tuple[str, int], ...] = ()
    count: int = 1

    def most_for(self, datasheet: str) -> int:
        """Return how many of it a unit of this datasheet may take (0: none)."""
        for name, most in self.allowed:
            if name == datasheet:
                return most
        return 0


@dataclass(frozen=True, slots=True)
class Unit:
    id: str
    datasheet: Datasheet
    models: int
    enhancements: tuple[Enhancement, ...] = ()
    warlord: bool = False
    options: tuple[PricedOption, ...] = ()
    upgrades: tuple[Upgrade, ...] = ()
    # Wargear per model type; empty means the datasheet's defaults for the model count.
    loadout: tuple[Loadout, ...] = ()
    # Wargear lines of an imported list that could not be placed, kept as written.
    unread: tuple[UnreadGear, ...] = ()

    @property
    def name(self) -> str:
        return self.datasheet.name


@dataclass(frozen=True, slots=True)
class Detachment:
    name: str
    faction_keyword: str
    required_datasheets: frozenset[str] = frozenset()
    forbidden_datasheets: frozenset[str] = frozenset()
    # Datasheet names that gain BATTLELINE in this detachment.
    battleline: frozenset[str] = frozenset()
    # (datasheet name, upgrade name): upgrades this detachment makes every such unit take.
    required_upgrades: frozenset[tuple[str, str]] = frozenset()
    # False where the release's data prices none of the detachment's own enhancements
    # (an older month whose enhancements the data holds under a later detachment): which
    # it offered then is not known, so ENHANCEMENT_DETACHMENT is not judged under it.
    enhancements_stated: bool = True
    # False for a detachment the catalogue has no data for (an imported list's, published
    # after the data): the list is checked without its rules, its enhancements are taken
    # as written, and DETACHMENT_UNKNOWN warns that this part was not judged.
    known: bool = True


@dataclass(frozen=True, slots=True)
class Allowance:
    """Units of another faction the army may include, e.g. allied daemons, up to a cap."""

    keyword: str
    points_cap: int | None = None


@dataclass(frozen=True, slots=True)
class Selector:
    """Which units a limit or a condition counts: by datasheet name and by keywords.

    A unit matches when its datasheet is among ``datasheets`` (if any are given), it has
    every one of ``keywords`` and none of ``without`` (keywords or faction keywords).
    """

    datasheets: frozenset[str] = frozenset()
    keywords: frozenset[str] = frozenset()
    without: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class Condition:
    """One fact about the army; every part given must hold.

    ``units``: the number of units matching it is at least ``at_least`` and at most
    ``at_most``. ``detachments``: the chosen detachment is one of these names.
    ``battle_sizes``: the army's battle size is one of these. ``matched_play``: the
    profile is (True) or is not (False) a matched-play one, e.g. Crusade-only units.
    """

    units: Selector | None = None
    at_least: int | None = None
    at_most: int | None = None
    detachments: frozenset[str] = frozenset()
    battle_sizes: frozenset[BattleSize] = frozenset()
    matched_play: bool | None = None


@dataclass(frozen=True, slots=True)
class Step:
    """A change to a limit's maximum, as BattleScribe's "set" modifier states it.

    The maximum becomes ``value`` (None: no maximum) while any clause holds, a clause
    holding when all its conditions do. Steps apply in order; the last that holds wins.
    ``reason`` says the condition in words for the message.
    """

    value: int | None
    clauses: tuple[tuple[Condition, ...], ...]
    reason: str = ""


@dataclass(frozen=True, slots=True)
class Limit:
    """A minimum or maximum the catalogue states at army scope, with its conditions.

    ``code`` is the RULES.md code a breach raises (ALLIED_UNITS, CATALOGUE_LIMIT or
    DETACHMENT_UPGRADE). It counts the units ``subject`` matches, or their points when
    ``points`` is set. ``reason`` words the unconditional bound for the message.
    """

    code: str
    label: str
    subject: Selector
    maximum: int | None = None
    minimum: int | None = None
    points: bool = False
    steps: tuple[Step, ...] = ()
    reason: str = ""


@dataclass(frozen=True, slots=True)
class LimitCount:
    """How far an army has gone into one of its limits, as the limit check counts it.

    ``used`` is units (or points, with ``limit.points``); ``maximum`` and ``reason`` are
    the maximum in force for this army after the limit's steps (None: no maximum yet).
    ``caps`` lists every maximum the limit can take, for a face to show while none holds.
    """

    limit: Limit
    used: int
    maximum: int | None
    reason: str = ""

    @property
    def label(self) -> str:
        return self.limit.label

    @property
    def minimum(self) -> int | None:
        return self.limit.minimum

    @property
    def caps(self) -> tuple[int, ...]:
        stated = (self.limit.maximum, *(step.value for step in self.limit.steps))
        return tuple(sorted({value for value in stated if value is not None}))

    @property
    def over(self) -> bool:
        return self.maximum is not None and self.used > self.maximum


@dataclass(frozen=True, slots=True)
class Army:
    faction: str
    faction_keyword: str
    battle_size: BattleSize
    units: tuple[Unit, ...]
    # Zero or several are representable so DETACHMENT_REQUIRED can say what is wrong.
    detachments: tuple[Detachment, ...] = ()
    allies: tuple[Allowance, ...] = ()
    # Keywords that exclude a unit despite the faction keyword (another chapter's units).
    excluded_keywords: frozenset[str] = frozenset()
    name: str = ""
    # The catalogue's own army-scope limits (allied caps, conditional limits, upgrades).
    limits: tuple[Limit, ...] = ()
    # An imported list that marks no unit as Warlord: the export left the choice out, so a
    # missing Warlord is a warning (still to be chosen), not a broken rule (WARLORD).
    warlord_open: bool = False
    # Faction keywords the army's own datasheets carry besides its Faction keyword, that
    # name no other faction and no allied rule (an Aeldari army's HARLEQUINS and YNNARI
    # units, its index-era AELDARI ones): such units are the army's own (FACTION_KEYWORD).
    kin_keywords: frozenset[str] = frozenset()

    @property
    def detachment(self) -> Detachment | None:
        return self.detachments[0] if len(self.detachments) == 1 else None

    @property
    def points_limit(self) -> int:
        return self.battle_size.points


@dataclass(frozen=True, slots=True)
class Declaration:
    """A battle-formations declaration: hover, leaders, transports and reserves."""

    hover: frozenset[str] = frozenset()
    # (leader id, bodyguard id)
    attachments: tuple[tuple[str, str], ...] = ()
    # (passenger id, transport id)
    embarkations: tuple[tuple[str, str], ...] = ()
    # Unit id -> placement; a unit not listed is on the battlefield, or in reserves if
    # it is an AIRCRAFT not in hover mode.
    placements: tuple[tuple[str, Placement], ...] = ()
    # A final declaration turns DEDICATED_TRANSPORT_EMPTY from a warning into an error.
    final: bool = False


@dataclass(frozen=True, slots=True)
class Violation:
    code: str
    severity: Severity
    message: str
    unit_ids: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Meter:
    """A used-against-cap figure, e.g. 350 / 500 pts in Strategic Reserves."""

    code: str
    label: str
    used: int
    cap: int
    unit: str = field(default_factory=lambda: MSG_PTS.format())
    # Some caps must be strictly undercut (the 9th-edition power rule).
    strict: bool = False

    @property
    def left(self) -> int:
        return self.cap - self.used

    @property
    def over(self) -> bool:
        return self.used >= self.cap if self.strict else self.used > self.cap

    def __str__(self) -> str:
        return f"{self.label}: {self.used} / {self.cap} {self.unit}"


@dataclass(frozen=True, slots=True)
class Load:
    """How full one pool of a transport is, as the capacity check counted it."""

    transport_id: str
    used: int
    capacity: int
    passenger_ids: tuple[str, ...] = ()
    # The pool's passenger keywords, where a transport has more than one pool.
    pool: str = ""


@dataclass(frozen=True, slots=True)
class Arrival:
    """When and where a profile's reserves arrive (RULES.md, "Arrival"): shown on the
    printed declaration, not validated."""

    # The first battle round in which reserves may arrive.
    first_round: int
    # From this round Strategic Reserves may also set up in the enemy deployment zone.
    enemy_zone_round: int
    # Strategic Reserves set up wholly within this many inches of a battlefield edge.
    edge_inches: int
    # Arriving units set up more than this many inches horizontally from enemy models.
    enemy_inches: int
    # The round after which unarrived reserves are destroyed; None: the end of the battle.
    deadline_round: int | None


# codes.POINTS_LIMIT, which imports this module (tests/rules/test_points_and_unit_size.py keeps
# the two equal).
POINTS_LIMIT_CODE: Final = "POINTS_LIMIT"


@dataclass(frozen=True, slots=True)
class Result:
    profile: str
    points: int
    points_limit: int
    unit_points: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    violations: tuple[Violation, ...] = ()
    meters: tuple[Meter, ...] = ()
    # With a declaration: every loaded transport pool, for the wizard and the sheet.
    loads: tuple[Load, ...] = ()

    @property
    def errors(self) -> tuple[Violation, ...]:
        return tuple(v for v in self.violations if v.severity is Severity.ERROR)

    @property
    def warnings(self) -> tuple[Violation, ...]:
        return tuple(v for v in self.violations if v.severity is Severity.WARNING)

    @property
    def legal(self) -> bool:
        return not self.errors

    @property
    def over_points_limit(self) -> bool:
        """Whether the profile's points check found the army over its limit, for a page to
        flag the total without restating the check."""
        return any(v.code == POINTS_LIMIT_CODE for v in self.violations)

    def codes(self) -> list[str]:
        return [v.code for v in self.violations]


@dataclass(slots=True)
class Formation:
    """A declaration resolved against the army: groups, transports and placements."""

    # AIRCRAFT not in hover mode: they must start in Reserves and never count toward SR.
    must_reserve: frozenset[str]
    # Listed for hover mode by a datasheet that cannot hover.
    hover_refused: frozenset[str]
    bodyguard_of: dict[str, str]
    leaders: dict[str, list[str]]
    transport_of: dict[str, str]
    passengers: dict[str, list[str]]
    explicit: dict[str, Placement]
    # Where every unit of the army starts.
    placement: dict[str, Placement]
    # Units in reserves of any kind, and those counting toward Strategic Reserves.
    reserves: list[str]
    strategic: list[str]
    # Problems found while resolving entries that could not be applied.
    issues: list[Violation]
    # Filled once by the transport check: (loads, violations).
    loads: tuple[tuple[Load, ...], tuple[Violation, ...]] | None = None

    def members(self, uid: str) -> list[str]:
        """Return the ids of the attached unit that uid belongs to (bodyguard first)."""
        key = self.bodyguard_of.get(uid, uid)
        return [key, *self.leaders.get(key, ())]
