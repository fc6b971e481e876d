"""Small builders for rules-core test data: realistic datasheets, units, armies, cases."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import pytest

from armybuilder.rules import validate
from armybuilder.rules.model import (
    Allowance,
    Army,
    BattleSize,
    Bracket,
    Datasheet,
    Declaration,
    Detachment,
    Enhancement,
    Limit,
    Placement,
    PricedOption,
    Result,
    TransportPool,
    Unit,
)

SM = "ADEPTUS ASTARTES"
AGENTS = "AGENTS OF THE IMPERIUM"
GLADIUS = "Gladius Task Force"
FIRESTORM = "Firestorm Assault Force"

BF = Placement.BATTLEFIELD
SR = Placement.STRATEGIC_RESERVES
DS = Placement.DEEP_STRIKE
RES = Placement.RESERVES

INCURSION = BattleSize.INCURSION
STRIKE_FORCE = BattleSize.STRIKE_FORCE
ONSLAUGHT = BattleSize.ONSLAUGHT


def sheet(
    name: str,
    *keywords: str,
    points: int = 100,
    brackets: Sequence[tuple[int, int]] = (),
    models: int | tuple[int, int] = 1,
    factions: Iterable[str] = (SM,),
    leads: Iterable[str] = (),
    power: int | None = 5,
    **extra: Any,
) -> Datasheet:
    """Build a datasheet; one bracket at max models unless brackets are given."""
    low, high = (models, models) if isinstance(models, int) else models
    priced = tuple(Bracket(m, p) for m, p in brackets) or (Bracket(high, points),)
    return Datasheet(
        name=name,
        keywords=frozenset(keywords),
        faction_keywords=frozenset(factions),
        brackets=priced,
        min_models=low,
        max_models=high,
        leads=frozenset(leads),
        power=power,
        **extra,
    )


def pool(
    capacity: int,
    *allowed: Iterable[str],
    forbidden: Iterable[str] = (),
    space: dict[str, int] | None = None,
    only: Iterable[str] = (),
) -> TransportPool:
    """Build a transport pool; each positional argument is one allowed keyword set."""
    return TransportPool(
        capacity=capacity,
        allowed=tuple(frozenset(alt) for alt in allowed),
        forbidden=frozenset(forbidden),
        space=tuple(sorted((space or {}).items())),
        only_datasheets=frozenset(only),
    )


def enhancement(
    name: str, points: int = 20, detachment: str = GLADIUS, *required: Iterable[str]
) -> Enhancement:
    return Enhancement(name, points, detachment, tuple(frozenset(r) for r in required))


# Datasheets (facts only: names, keywords, model counts, points, capacities).
INTERCESSORS = sheet(
    "Intercessor Squad", "INFANTRY", "BATTLELINE", brackets=((5, 80), (10, 160)), models=(5, 10)
)
HELLBLASTERS = sheet(
    "Hellblaster Squad", "INFANTRY", brackets=((5, 110), (10, 220)), models=(5, 10), power=10
)
ASSAULT_JP = sheet(
    "Assault Intercessors with Jump Packs",
    "INFANTRY",
    "JUMP PACK",
    "FLY",
    brackets=((5, 90), (10, 180)),
    models=(5, 10),
    deep_strike=True,
)
TERMINATORS = sheet(
    "Terminator Squad",
    "INFANTRY",
    "TERMINATOR",
    brackets=((5, 170), (10, 340)),
    models=(5, 10),
    deep_strike=True,
    power=12,
)
CAPTAIN = sheet(
    "Captain",
    "INFANTRY",
    "CHARACTER",
    points=80,
    leads=("Intercessor Squad", "Hellblaster Squad", "Terminator Squad"),
)
JUMP_CAPTAIN = sheet(
    "Captain with Jump Pack",
    "INFANTRY",
    "CHARACTER",
    "JUMP PACK",
    "FLY",
    points=75,
    leads=("Assault Intercessors with Jump Packs",),
    deep_strike=True,
)
TERMINATOR_CAPTAIN = sheet(
    "Captain in Terminator Armour",
    "INFANTRY",
    "CHARACTER",
    "TERMINATOR",
    points=95,
    leads=("Terminator Squad",),
    deep_strike=True,
)
LIEUTENANT = sheet(
    "Lieutenant",
    "INFANTRY",
    "CHARACTER",
    points=65,
    leads=("Intercessor Squad", "Hellblaster Squad"),
    joins_led_unit=True,
    power=4,
)
APOTHECARY = sheet(
    "Apothecary", "INFANTRY", "CHARACTER", points=50, leads=("Intercessor Squad",), power=3
)
CHAPLAIN = sheet("Chaplain", "INFANTRY", "CHARACTER", points=60, leads=("Terminator Squad",))
CALGAR = sheet(
    "Marneus Calgar",
    "INFANTRY",
    "CHARACTER",
    "EPIC HERO",
    points=200,
    factions=(SM, "ULTRAMARINES"),
    power=9,
)
TIGURIUS = sheet(
    "Chief Librarian Tigurius",
    "INFANTRY",
    "CHARACTER",
    "EPIC HERO",
    points=75,
    factions=(SM, "ULTRAMARINES"),
    limit=1,
)
RHINO = sheet(
    "Rhino",
    "VEHICLE",
    "TRANSPORT",
    "DEDICATED TRANSPORT",
    points=75,
    transport=(pool(12, (SM, "INFANTRY"), forbidden=("TERMINATOR", "JUMP PACK", "GRAVIS")),),
)
RAZORBACK = sheet(
    "Razorback",
    "VEHICLE",
    "TRANSPORT",
    "DEDICATED TRANSPORT",
    points=85,
    transport=(pool(6, (SM, "INFANTRY"), forbidden=("TERMINATOR", "JUMP PACK", "GRAVIS")),),
)
LAND_RAIDER = sheet(
    "Land Raider",
    "VEHICLE",
    "TRANSPORT",
    points=240,
    power=19,
    transport=(
        pool(
            12, (SM, "INFANTRY"), forbidden=("CENTURION",), space={"TERMINATOR": 2, "JUMP PACK": 2}
        ),
    ),
)
STORMRAVEN = sheet(
    "Stormraven Gunship",
    "VEHICLE",
    "AIRCRAFT",
    "FLY",
    "TRANSPORT",
    points=280,
    power=16,
    hover=True,
    transport=(
        pool(12, (SM, "INFANTRY"), space={"TERMINATOR": 2, "JUMP PACK": 2}),
        pool(1, (SM, "DREADNOUGHT")),
    ),
)
STORMHAWK = sheet("Stormhawk Interceptor", "VEHICLE", "AIRCRAFT", "FLY", points=155)
HAMMERFALL = sheet("Hammerfall Bunker", "VEHICLE", "FORTIFICATION", points=175)
REDEMPTOR = sheet("Redemptor Dreadnought", "VEHICLE", "WALKER", "DREADNOUGHT", points=210)
GLADIATOR = sheet("Gladiator Lancer", "VEHICLE", points=160)
KNIGHT = sheet(
    "Knight Paladin",
    "VEHICLE",
    "TITANIC",
    "CHARACTER",
    points=375,
    factions=("IMPERIAL KNIGHTS",),
    power=25,
)
KNIGHT_PRECEPTOR = sheet(
    "Knight Preceptor",
    "VEHICLE",
    "TITANIC",
    "CHARACTER",
    points=360,
    factions=("IMPERIAL KNIGHTS",),
    power=24,
)
INQUISITOR = sheet("Inquisitor", "INFANTRY", "CHARACTER", points=55, factions=(AGENTS,))
BLOODLETTERS = sheet(
    "Bloodletters", "INFANTRY", "DAEMON", points=110, models=10, factions=("LEGIONES DAEMONICA",)
)
WOLF_GUARD = sheet(
    "Wolf Guard Terminators",
    "INFANTRY",
    "TERMINATOR",
    points=170,
    models=5,
    factions=(SM, "SPACE WOLVES"),
)

ARTIFICER_ARMOUR = enhancement("Artificer Armour", 10)
HONOUR_VEHEMENT = enhancement("The Honour Vehement", 15)
ADEPT_OF_THE_CODEX = enhancement("Adept of the Codex", 20)
FIRE_DISCIPLINE = enhancement("Fire Discipline", 25, GLADIUS, ("INFANTRY",))
CHAMPION = enhancement("Champion of Humanity", 10, FIRESTORM)
FORWARD_OPERATIVES = enhancement("Forward Operatives", 20, GLADIUS, ("JUMP PACK",), ("TERMINATOR",))


def unit(
    uid: str,
    datasheet: Datasheet,
    models: int | None = None,
    *enhancements: Enhancement,
    warlord: bool = False,
    options: Sequence[tuple[str, int, int]] = (),
) -> Unit:
    """Build a unit; models default to the datasheet's minimum."""
    return Unit(
        id=uid,
        datasheet=datasheet,
        models=datasheet.min_models if models is None else models,
        enhancements=enhancements,
        warlord=warlord,
        options=tuple(PricedOption(n, p, c) for n, p, c in options),
    )


# A detachment published after the catalogue's data, known only by the name a list gives.
LATER = Detachment("Advanced Acquisition Cadre", SM, enhancements_stated=False, known=False)


def detachment(name: str = GLADIUS, keyword: str = SM, **extra: Any) -> Detachment:
    return Detachment(name, keyword, **{k: frozenset(v) for k, v in extra.items()})


def army(
    *units: Unit,
    size: BattleSize = STRIKE_FORCE,
    detachments: Sequence[Detachment] | None = None,
    faction_keyword: str = SM,
    allies: Sequence[Allowance] = (),
    excluded: Iterable[str] = (),
    limits: Sequence[Limit] = (),
) -> Army:
    """Build an army; a Gladius Task Force detachment unless detachments are given."""
    return Army(
        faction="Space Marines",
        faction_keyword=faction_keyword,
        battle_size=size,
        units=units,
        detachments=(detachment(),) if detachments is None else tuple(detachments),
        allies=tuple(allies),
        excluded_keywords=frozenset(excluded),
        limits=tuple(limits),
    )


def copies(datasheet: Datasheet, count: int, prefix: str = "u") -> list[Unit]:
    """Return count units of one datasheet with ids prefix1..prefixN."""
    return [unit(f"{prefix}{i}", datasheet) for i in range(1, count + 1)]


def declaration(
    *,
    hover: Iterable[str] = (),
    attach: Iterable[tuple[str, str]] = (),
    embark: Iterable[tuple[str, str]] = (),
    place: dict[str, Placement] | Iterable[tuple[str, Placement]] = (),
    final: bool = False,
) -> Declaration:
    placements = tuple(place.items()) if isinstance(place, dict) else tuple(place)
    return Declaration(
        hover=frozenset(hover),
        attachments=tuple(attach),
        embarkations=tuple(embark),
        placements=placements,
        final=final,
    )


def ids_of(result: Result, code: str) -> list[tuple[str, ...]]:
    """Return the unit ids of every violation of one code, in result order."""
    return [v.unit_ids for v in result.violations if v.code == code]


def case(
    case_id: str,
    built: Army,
    expected: Sequence[tuple[str, ...]],
    decl: Declaration | None = None,
    profile: str = "core-10",
) -> Any:
    """One table row: the army, the declaration, the profile and the expected unit ids."""
    return pytest.param(built, decl, profile, list(expected), id=case_id)


CASE_FIELDS = ("code", "built", "decl", "profile", "expected")


def table(cases: dict[str, list[Any]]) -> list[Any]:
    """Flatten {code: [case, ...]} into parametrize rows whose ids start with the code."""
    return [
        pytest.param(code, *row.values, id=f"{code}: {row.id}")
        for code, rows in cases.items()
        for row in rows
    ]


def check(
    code: str, built: Army, decl: Declaration | None, profile: str, expected: list[Any]
) -> Result:
    """Validate and assert the ids of the code's violations; return the result."""
    result = validate(built, decl, profile)
    assert ids_of(result, code) == expected, [str(v) for v in result.violations]
    return result
