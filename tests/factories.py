"""Small builders for database rows, so each test states only what it is about."""

from __future__ import annotations

import datetime
from collections.abc import Iterable

from django.utils.text import slugify

from armybuilder.catalogue.models import (
    Datasheet,
    Detachment,
    Enhancement,
    EnhancementPrice,
    Faction,
    PointsRelease,
    TransportPool,
    UnitPrice,
    Wargear,
)

STATS = ['6"', "4", "3+", "", "2", "6+", "1"]
# Hellblasters' wargear as the importer stores it: a sergeant's pistol choice, and one heavy
# plasma incinerator for every five models (a ratio limit).
HELLBLASTER_WARGEAR = {
    "model_types": [
        {
            "name": "Hellblaster Sergeant",
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
                {
                    "name": "Plasma incinerator",
                    "options": ["Plasma incinerator"],
                    "min": 1,
                    "max": 1,
                },
            ],
        },
        {
            "name": "Hellblaster",
            "min": 4,
            "max": 9,
            "stats": STATS,
            "groups": [
                {
                    "name": "heavy weapons",
                    "options": ["Plasma incinerator", "Heavy plasma incinerator"],
                    "min": 1,
                    "max": 1,
                    "default": {"Plasma incinerator": 1},
                },
                {
                    "name": "Heavy plasma incinerator",
                    "options": ["Heavy plasma incinerator"],
                    "min": 0,
                    "max": 1,
                    "unit_max": 0,
                    "per": 5,
                    "step": 1,
                },
                {"name": "Bolt pistol", "options": ["Bolt pistol"], "min": 1, "max": 1},
            ],
        },
    ],
    "fill": "Hellblaster",
    "weapons": {
        "Bolt pistol": [["R", "Bolt pistol", '12"', "1", "3+", "4", "0", "1", ["PISTOL"]]],
        "Plasma pistol": [["R", "Plasma pistol", '12"', "1", "3+", "7", "-2", "1", ["PISTOL"]]],
        "Plasma incinerator": [
            ["R", "Plasma incinerator", '24"', "2", "3+", "7", "-2", "1", ["ASSAULT", "HEAVY"]]
        ],
        "Heavy plasma incinerator": [
            ["R", "Heavy plasma incinerator", '36"', "1", "4+", "8", "-3", "2", ["HEAVY"]]
        ],
    },
    "abilities": ["For the Chapter!", "Oath of Moment"],
}


def make_wargear(sheet: Datasheet, data: dict[str, object]) -> Wargear:
    return Wargear.objects.create(datasheet=sheet, **data)


def make_faction(
    name: str = "Space Marines", keyword: str = "ADEPTUS ASTARTES", **kw: object
) -> Faction:
    return Faction.objects.create(name=name, slug=slugify(name), keyword=keyword, **kw)


def make_release(
    name: str = "MFM 2025-09", current: bool = True, published: datetime.date | None = None
) -> PointsRelease:
    return PointsRelease.objects.create(
        name=name, published=published or datetime.date(2025, 9, 1), is_current=current
    )


def make_datasheet(
    faction: Faction,
    name: str,
    *keywords: str,
    prices: Iterable[tuple[int, int]] = ((1, 50),),
    release: PointsRelease | None = None,
    **kw: object,
) -> Datasheet:
    prices = list(prices)
    counts = [m for m, _ in prices]
    kw.setdefault("min_models", min(counts))
    kw.setdefault("max_models", max(counts))
    sheet = Datasheet.objects.create(
        faction=faction,
        name=name,
        slug=slugify(name),
        keywords=sorted(keywords),
        faction_keywords=[faction.keyword],
        **kw,
    )
    faction.datasheets.add(sheet)
    if release is not None:
        for models, points in prices:
            UnitPrice.objects.create(
                release=release, datasheet=sheet, models_count=models, points=points
            )
    return sheet


def make_transport(sheet: Datasheet, capacity: int, **kw: object) -> TransportPool:
    return TransportPool.objects.create(datasheet=sheet, capacity=capacity, **kw)


def make_detachment(
    faction: Faction,
    name: str,
    enhancements: Iterable[tuple[str, int]] = (),
    release: PointsRelease | None = None,
) -> Detachment:
    detachment = Detachment.objects.create(faction=faction, name=name)
    for enh_name, points in enhancements:
        enh = Enhancement.objects.create(detachment=detachment, name=enh_name)
        if release is not None:
            EnhancementPrice.objects.create(release=release, enhancement=enh, points=points)
    return detachment


def space_marines(release: PointsRelease) -> Faction:
    """Build a small Space Marines catalogue priced under release."""
    sm = make_faction()
    intercessors = make_datasheet(
        sm,
        "Intercessor Squad",
        "INFANTRY",
        "BATTLELINE",
        "GRENADES",
        prices=[(5, 80), (10, 160)],
        release=release,
    )
    captain = make_datasheet(
        sm, "Captain", "INFANTRY", "CHARACTER", prices=[(1, 80)], release=release
    )
    captain.leads.add(intercessors)
    hellblasters = make_datasheet(
        sm, "Hellblaster Squad", "INFANTRY", prices=[(5, 110), (10, 220)], release=release
    )
    make_wargear(hellblasters, HELLBLASTER_WARGEAR)
    rhino = make_datasheet(
        sm,
        "Rhino",
        "VEHICLE",
        "TRANSPORT",
        "DEDICATED TRANSPORT",
        prices=[(1, 75)],
        release=release,
    )
    make_transport(
        rhino, 12, allowed=[["ADEPTUS ASTARTES", "INFANTRY"]], forbidden=["TERMINATOR", "JUMP PACK"]
    )
    make_detachment(
        sm, "Gladius Task Force", [("Artificer Armour", 10), ("Adept of the Codex", 20)], release
    )
    return sm
