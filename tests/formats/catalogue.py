"""The small catalogue the format tests read: World Eaters, and Space Wolves under Space Marines."""

from __future__ import annotations

from armybuilder.catalogue.models import Faction, PointsRelease
from tests.factories import (
    STATS,
    make_datasheet,
    make_detachment,
    make_faction,
    make_transport,
    space_marines,
)

WORLD_EATERS_SHEETS: list[tuple[str, tuple[str, ...], list[tuple[int, int]]]] = [
    ("Daemon Prince of Khorne", ("CHARACTER", "MONSTER", "DAEMON"), [(1, 200)]),
    ("Khârn the Betrayer", ("CHARACTER", "EPIC HERO", "INFANTRY"), [(1, 85)]),
    ("Master of Executions", ("CHARACTER", "INFANTRY"), [(1, 60)]),
    ("Slaughterbound", ("CHARACTER", "INFANTRY"), [(1, 85)]),
    ("Khorne Berzerkers", ("INFANTRY", "BATTLELINE"), [(10, 180), (20, 360)]),
    ("Chaos Spawn", ("BEAST",), [(2, 80)]),
    ("Eightbound", ("INFANTRY",), [(3, 150), (6, 300)]),
    ("Exalted Eightbound", ("INFANTRY",), [(3, 140), (6, 280)]),
    ("Forgefiend", ("VEHICLE",), [(1, 150)]),
    ("Jakhals", ("INFANTRY",), [(10, 65), (20, 130)]),
    ("Maulerfiend", ("VEHICLE",), [(1, 150)]),
]
WORLD_EATERS_ENHANCEMENTS = [
    ("Helm of Brazen Ire", 20),
    ("Berzerker Glaive", 25),
    ("Favoured of Khorne", 15),
    ("Battle-lust", 10),
]

SPACE_WOLVES_SHEETS: list[tuple[str, tuple[str, ...], list[tuple[int, int]]]] = [
    ("Bjorn the Fell-Handed", ("CHARACTER", "EPIC HERO", "VEHICLE"), [(1, 190)]),
    ("Harald Deathwolf", ("CHARACTER", "EPIC HERO", "MOUNTED"), [(1, 85)]),
    ("Logan Grimnar on Stormrider", ("CHARACTER", "EPIC HERO", "VEHICLE"), [(1, 180)]),
    ("Wolf Guard Battle Leader on Thunderwolf", ("CHARACTER", "MOUNTED"), [(1, 80)]),
    ("Wolf Lord on Thunderwolf", ("CHARACTER", "MOUNTED"), [(1, 110)]),
    ("Thunderwolf Cavalry", ("MOUNTED",), [(3, 120), (6, 240)]),
]
# Generic Space Marines datasheets a Space Wolves army may field too.
SPACE_MARINES_EXTRA: list[tuple[str, tuple[str, ...], list[tuple[int, int]]]] = [
    ("Lieutenant with Combi-weapon", ("CHARACTER", "INFANTRY"), [(1, 70)]),
    ("Gladiator Lancer", ("VEHICLE",), [(1, 160)]),
    ("Infiltrator Squad", ("INFANTRY",), [(5, 100), (10, 200)]),
    ("Scout Squad", ("INFANTRY",), [(5, 70), (10, 140)]),
    ("Vanguard Veteran Squad with Jump Packs", ("INFANTRY", "JUMP PACK"), [(5, 110), (10, 220)]),
]


def world_eaters(release: PointsRelease) -> Faction:
    """Build the World Eaters entries the sample lists name."""
    we = make_faction("World Eaters", "WORLD EATERS", grand_alliance="Chaos")
    for name, keywords, prices in WORLD_EATERS_SHEETS:
        make_datasheet(we, name, *keywords, prices=prices, release=release)
    rhino = make_datasheet(
        we,
        "Chaos Rhino",
        "VEHICLE",
        "TRANSPORT",
        "DEDICATED TRANSPORT",
        prices=[(1, 85)],
        release=release,
    )
    make_transport(rhino, 12, allowed=[["INFANTRY"]])
    make_detachment(we, "Berzerker Warband", WORLD_EATERS_ENHANCEMENTS, release)
    return we


def space_wolves(release: PointsRelease) -> Faction:
    """Build Space Marines (from the shared factories) and Space Wolves beneath it."""
    sm = space_marines(release)
    for name, keywords, prices in SPACE_MARINES_EXTRA:
        make_datasheet(sm, name, *keywords, prices=prices, release=release)
    make_detachment(
        sm,
        "Stormlance Task Force",
        [("Portents of Wisdom", 15), ("Fury of the Storm", 25)],
        release,
    )
    sw = make_faction("Space Wolves", "SPACE WOLVES", parent=sm)
    for name, keywords, prices in SPACE_WOLVES_SHEETS:
        sheet = make_datasheet(sw, name, *keywords, prices=prices, release=release)
        sheet.faction_keywords = [sm.keyword, sw.keyword]
        sheet.save(update_fields=["faction_keywords"])
    sw.datasheets.add(*sm.own_datasheets.all())
    make_detachment(sw, "Saga of the Beastslayer", [("Elder's Guidance", 25)], release)
    return sw


# Khorne Berzerkers' wargear as the importer stores it (for the tests that read wargear).
BERZERKER_WARGEAR = {
    "model_types": [
        {
            "name": "Khorne Berzerker Champion",
            "min": 1,
            "max": 1,
            "stats": STATS,
            "groups": [
                {
                    "name": "Pistol",
                    "options": ["Bolt pistol", "Plasma pistol"],
                    "min": 1,
                    "max": 1,
                    "default": {"Bolt pistol": 1},
                },
                {"name": "Chainblade", "options": ["Chainblade"], "min": 1, "max": 1},
            ],
        },
        {
            "name": "Khorne Berzerker",
            "min": 9,
            "max": 19,
            "stats": STATS,
            "groups": [
                {"name": "Bolt pistol", "options": ["Bolt pistol"], "min": 1, "max": 1},
                {"name": "Chainblade", "options": ["Chainblade"], "min": 1, "max": 1},
            ],
        },
    ],
    "fill": "Khorne Berzerker",
    "weapons": {},
    "abilities": [],
}
