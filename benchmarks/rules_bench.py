"""Time armybuilder.rules.validate on a full Onslaught roster with a full declaration.

60 units, 8 Leaders attached, 6 transports loaded, 6 units in Strategic Reserves (plus
Deep Strike, an AIRCRAFT and a FORTIFICATION); 30 squads state their wargear (two model
types, a ratio limit, a priced pistol), checked under WARGEAR_CHOICE. Run from the repo root:

    python benchmarks/rules_bench.py

The last line is ``rules_validate_median_us=<median microseconds per validate call>``.
``BENCH_SMOKE=1``: 3 warm-up and 30 timed calls.
"""

from __future__ import annotations

import statistics
import time

from _site import runs

from armybuilder.rules import codes, validate
from armybuilder.rules.model import (
    Army,
    BattleSize,
    Bracket,
    Condition,
    Datasheet,
    Declaration,
    Detachment,
    Enhancement,
    Limit,
    Loadout,
    ModelType,
    Placement,
    Selector,
    Step,
    TransportPool,
    Unit,
    WargearGroup,
)

SM = "ADEPTUS ASTARTES"
GLADIUS = "Gladius Task Force"
WARMUP = runs(300)
RUNS = runs(3000, 30)


def sheet(name: str, points: int, *keywords: str, models: int = 1, **extra: object) -> Datasheet:
    return Datasheet(
        name=name,
        keywords=frozenset(keywords),
        faction_keywords=frozenset({SM}),
        brackets=(Bracket(models, points), Bracket(models * 2, points * 2)),
        min_models=models,
        max_models=models * 2,
        power=points // 20,
        **extra,  # type: ignore[arg-type]
    )


def squad_wargear(name: str, models: int) -> dict[str, object]:
    """Model types as the importer stores them: a sergeant's pistol choice, a weapon choice
    per model and one special weapon for every five models (a ratio)."""
    pistol = WargearGroup("Pistol", ("Bolt pistol", "Plasma pistol"), 1, 1, (("Bolt pistol", 1),))
    knife = WargearGroup(
        "Close combat weapon", ("Close combat weapon",), 1, 1, (("Close combat weapon", 1),)
    )
    gun = WargearGroup("Weapon", ("Boltgun", "Heavy bolter"), 1, 1, (("Boltgun", 1),))
    special = WargearGroup("Special", ("Plasma gun",), 0, 1, (), 0, 5, 1)
    return {
        "model_types": (
            ModelType(f"{name} Sergeant", 1, 1, (pistol, knife)),
            ModelType(name, models - 1, models * 2 - 1, (gun, special, knife)),
        ),
        "fill": name,
        "wargear_points": (("Plasma pistol", 5),),
    }


def squad_loadout(name: str, models: int) -> tuple[Loadout, ...]:
    rest = models - 1
    special = 1 if models >= 5 else 0
    return (
        Loadout(f"{name} Sergeant", 1, (("Close combat weapon", 1), ("Plasma pistol", 1))),
        Loadout(
            name,
            rest,
            (
                ("Boltgun", rest - 1),
                ("Close combat weapon", rest),
                ("Heavy bolter", 1),
                ("Plasma gun", special),
            ),
        ),
    )


def space_marine_limits() -> tuple[Limit, ...]:
    """The shape of the army limits the importer stores for Space Marines (10 of them):
    Knight allies (3 steps of 5 clauses), Company Heroes (3 steps), Crucible and a few
    plain ones, so every validation evaluates constraints."""
    knight, titanic = (
        "IMPERIAL KNIGHTS",
        ("QUESTORIS", "DOMINUS", "CERASTUS", "ACASTUS", "BELLATUS"),
    )
    armiger = Selector(keywords=frozenset({"ARMIGER"}))

    def has(keyword: str, present: bool) -> Condition:
        chosen = Selector(keywords=frozenset({keyword}))
        return (
            Condition(units=chosen, at_least=1) if present else Condition(units=chosen, at_most=0)
        )

    knights = Limit(
        code=codes.ALLIED_UNITS,
        label="Imperial Knights",
        subject=Selector(keywords=frozenset({knight})),
        steps=tuple(
            Step(value, tuple((Condition(units=armiger, **bound), has(t, big)) for t in titanic))
            for value, bound, big in (
                (1, {"at_most": 0}, True),
                (3, {"at_least": 1}, False),
                (0, {"at_least": 1}, True),
            )
        ),
    )
    captains = Selector(keywords=frozenset({"CAPTAIN"}))
    heroes = Limit(
        code=codes.CATALOGUE_LIMIT,
        label="Company Heroes",
        subject=Selector(datasheets=frozenset({"Company Heroes"})),
        maximum=0,
        steps=tuple(Step(n, ((Condition(units=captains, at_least=n),),)) for n in (1, 2, 3)),
    )
    plain = tuple(
        Limit(
            code=codes.CATALOGUE_LIMIT,
            label=name,
            subject=Selector(datasheets=frozenset({name})),
            maximum=1,
            steps=(Step(3, ((Condition(units=captains, at_least=1),),)),),
        )
        for name in ("Armiger Warglaive", "Armiger Helverin", "Armiger Moirax", "Outrider Squad")
    )
    crucible = Limit(
        code=codes.CATALOGUE_LIMIT,
        label="Crucible",
        subject=Selector(datasheets=frozenset({f"Champion {n} [Crucible]" for n in range(6)})),
        maximum=3,
    )
    titans = Limit(
        code=codes.CATALOGUE_LIMIT,
        label="Titanic Support",
        subject=Selector(datasheets=frozenset({"Reaver Titan", "Warlord Titan"})),
        maximum=1,
    )
    return (knights, heroes, *plain, crucible, titans)


def onslaught() -> tuple[Army, Declaration]:
    """Build the benchmark roster and its declaration."""
    squads = frozenset({"Intercessor Squad", "Terminator Squad"})
    captain = sheet("Captain", 80, "INFANTRY", "CHARACTER", leads=squads)
    lieutenant = sheet("Lieutenant", 65, "INFANTRY", "CHARACTER", leads=squads)
    apothecary = sheet("Apothecary", 50, "INFANTRY", "CHARACTER", leads=squads)
    chaplain = sheet("Chaplain", 60, "INFANTRY", "CHARACTER", leads=squads, deep_strike=True)
    intercessors = sheet("Intercessor Squad", 80, "INFANTRY", "BATTLELINE", models=5)
    terminators = sheet(
        "Terminator Squad", 170, "INFANTRY", "TERMINATOR", models=5, deep_strike=True
    )
    rhino = sheet(
        "Rhino",
        75,
        "VEHICLE",
        "TRANSPORT",
        "DEDICATED TRANSPORT",
        transport=(
            TransportPool(
                12,
                allowed=(frozenset({SM, "INFANTRY"}),),
                forbidden=frozenset({"TERMINATOR", "JUMP PACK"}),
                space=(("GRAVIS", 2),),
            ),
        ),
    )
    stormhawk = sheet("Stormhawk Interceptor", 155, "VEHICLE", "AIRCRAFT", "FLY")
    bunker = sheet("Hammerfall Bunker", 175, "VEHICLE", "FORTIFICATION")
    filler = [
        sheet(
            name,
            points,
            *keywords,
            models=models,
            **(squad_wargear(name, models) if models > 1 else {}),
        )
        for name, points, models, keywords in (
            ("Hellblaster Squad", 110, 5, ("INFANTRY",)),
            ("Infernus Squad", 90, 5, ("INFANTRY",)),
            ("Eradicator Squad", 95, 3, ("INFANTRY", "GRAVIS")),
            ("Aggressor Squad", 95, 3, ("INFANTRY", "GRAVIS")),
            ("Inceptor Squad", 120, 3, ("INFANTRY", "JUMP PACK", "FLY")),
            ("Bladeguard Veteran Squad", 80, 3, ("INFANTRY",)),
            ("Sternguard Veteran Squad", 100, 5, ("INFANTRY",)),
            ("Devastator Squad", 120, 5, ("INFANTRY",)),
            ("Scout Squad", 70, 5, ("INFANTRY",)),
            ("Infiltrator Squad", 100, 5, ("INFANTRY",)),
            ("Redemptor Dreadnought", 210, 1, ("VEHICLE", "WALKER")),
            ("Gladiator Lancer", 160, 1, ("VEHICLE",)),
        )
    ]
    enhancements = [
        Enhancement("Artificer Armour", 10, GLADIUS),
        Enhancement("The Honour Vehement", 15, GLADIUS),
        Enhancement("Adept of the Codex", 20, GLADIUS, (frozenset({"INFANTRY"}),)),
    ]

    units: list[Unit] = []
    leaders = [captain, captain, lieutenant, lieutenant, apothecary, apothecary]
    for n, leader in enumerate(leaders, 1):
        taken = (enhancements[n - 1],) if n <= 3 else ()
        units.append(Unit(f"lead{n}", leader, 1, taken, warlord=n == 1))
        units.append(Unit(f"int{n}", intercessors, 10))
        units.append(Unit(f"rhino{n}", rhino, 1))
    for n in (7, 8):
        units.append(Unit(f"lead{n}", chaplain, 1))
        units.append(Unit(f"term{n}", terminators, 5))
    units.append(Unit("hawk", stormhawk, 1))
    units.append(Unit("bunker", bunker, 1))
    for n, datasheet in enumerate(filler):
        for copy in range(3):
            # Every squad states its wargear, as a roster saved from the builder does.
            loadout = (
                squad_loadout(datasheet.name, datasheet.min_models) if datasheet.model_types else ()
            )
            units.append(Unit(f"f{n}-{copy}", datasheet, datasheet.min_models, loadout=loadout))
    assert len(units) == 60, len(units)

    army = Army(
        faction="Space Marines",
        faction_keyword=SM,
        battle_size=BattleSize.ONSLAUGHT,
        units=tuple(units),
        detachments=(Detachment(GLADIUS, SM, battleline=frozenset({"Hellblaster Squad"})),),
        limits=space_marine_limits(),
    )
    attachments = (
        *((f"lead{n}", f"int{n}") for n in range(1, 7)),
        ("lead7", "term7"),
        ("lead8", "term8"),
    )
    embarkations = tuple((f"int{n}", f"rhino{n}") for n in range(1, 7))
    placements = (
        ("rhino1", Placement.STRATEGIC_RESERVES),
        ("rhino2", Placement.STRATEGIC_RESERVES),
        ("f0-0", Placement.STRATEGIC_RESERVES),
        ("f1-0", Placement.STRATEGIC_RESERVES),
        ("f6-0", Placement.STRATEGIC_RESERVES),
        ("f10-0", Placement.STRATEGIC_RESERVES),
        ("term7", Placement.DEEP_STRIKE),
        ("term8", Placement.DEEP_STRIKE),
    )
    declaration = Declaration(
        attachments=attachments, embarkations=embarkations, placements=placements, final=True
    )
    return army, declaration


def main() -> None:
    army, declaration = onslaught()
    result = validate(army, declaration)
    for _ in range(WARMUP):
        validate(army, declaration)
    timings = []
    clock = time.perf_counter
    for _ in range(RUNS):
        start = clock()
        validate(army, declaration)
        timings.append(clock() - start)
    median_us = statistics.median(timings) * 1e6
    print(f"units={len(army.units)} points={result.points} violations={result.codes()}")
    print(f"meters={[str(m) for m in result.meters]}")
    print(f"runs={RUNS} p90_us={sorted(timings)[int(RUNS * 0.9)] * 1e6:.1f}")
    print(f"rules_validate_median_us={median_us:.1f}")


if __name__ == "__main__":
    main()
