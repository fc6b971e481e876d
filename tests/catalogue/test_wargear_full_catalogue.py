"""Wargear imported from BSData, on real units of the full catalogue fixture: a cap on
heavy weapons (Devastators), a ratio limit (Termagants), a priced wargear item (Tidewall
Shieldline), a default that changes with the model count, and the wargear as BSData states
it (War Walkers' two heavy weapons, Broadsides' shared support-system cap, Legionaries'
unit-wide mark, a Tactical sergeant's defaults), checked through the warm snapshot as
every list check reads it."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.management import call_command

from armybuilder import rules
from armybuilder.catalogue.models import Datasheet, Faction
from armybuilder.catalogue.snapshot import catalogue_snapshot, catalogue_snapshot_clear
from armybuilder.rules import codes
from armybuilder.rules.model import Loadout
from armybuilder.rules.wargear import default_loadout
from tests.conftest import REPO_DIR

FULL_CATALOGUE = REPO_DIR / "fixtures" / "catalogue-10e.json.xz"
pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(not FULL_CATALOGUE.exists(), reason="fixtures/catalogue-10e.json.xz absent"),
]
HW = "Devastator Marine w/ Heavy Weapon"
BG = "Devastator Marine w/ Boltgun"
SGT = "Devastator Sergeant"
CCW, PISTOL = "Close combat weapon", "Bolt pistol"


def heavy(n: int, weapon: str = "Lascannon") -> Loadout:
    return Loadout(HW, n, ((weapon, n), (PISTOL, n), (CCW, n)))


SERGEANT = Loadout(SGT, 1, (("Bolt pistol", 1), ("Boltgun", 1), (CCW, 1)))
GANT = "Termagants"
SHARD = "Termagant w/ Shardlauncher"


def gants(models: int, shard: int) -> tuple[Loadout, ...]:
    rest = models - shard
    parts = [Loadout(GANT, rest, (("Fleshborer", rest), ("Chitinous claws and teeth", rest)))]
    if shard:
        parts.append(
            Loadout(SHARD, shard, (("Shardlauncher", shard), ("Chitinous claws and teeth", shard)))
        )
    return tuple(parts)


def walker(*heavy: str) -> tuple[Loadout, ...]:
    gear = tuple(sorted({**{w: heavy.count(w) for w in heavy}, "War Walker feet": 1}.items()))
    return (Loadout("War Walker", 1, gear),)


def broadside(*support: str) -> tuple[Loadout, ...]:
    gear = {"Heavy rail rifle": 1, "Crushing bulk": 1, **{item: 1 for item in support}}
    return (Loadout("Broadside Shas\u2019vre", 1, tuple(sorted(gear.items()))),)


def legionaries(*, champion_mark: bool, squad_mark: bool) -> tuple[Loadout, ...]:
    kit = {"Bolt pistol": 1, "Boltgun": 1, CCW: 1}
    champion = {**kit, **({"Mark of Khorne": 1} if champion_mark else {})}
    squad = {k: 4 * n for k, n in kit.items()} | ({"Mark of Khorne": 1} if squad_mark else {})
    return (
        Loadout("Aspiring Champion", 1, tuple(sorted(champion.items()))),
        Loadout("Legionary w/ boltgun", 4, tuple(sorted(squad.items()))),
    )


# (case, faction, datasheet, models, loadout, WARGEAR_CHOICE violations, unit points)
CASES: list[tuple[str, str, str, int, tuple[Loadout, ...], int, int | None]] = [
    (
        "Devastators: four lascannons",
        "Space Marines",
        "Devastator Squad",
        5,
        (SERGEANT, heavy(4)),
        0,
        120,
    ),
    (
        "boundary: Devastators, five heavy weapons is over the cap of four",
        "Space Marines",
        "Devastator Squad",
        6,
        (SERGEANT, heavy(5)),
        1,
        None,
    ),
    (
        "boundary: ratio, 1 shardlauncher in 10 Termagants",
        "Tyranids",
        "Termagants",
        10,
        gants(10, 1),
        0,
        60,
    ),
    (
        "boundary: ratio, 2 shardlaunchers in 10 Termagants",
        "Tyranids",
        "Termagants",
        10,
        gants(10, 2),
        1,
        None,
    ),
    (
        "boundary: ratio, 2 shardlaunchers in 20 Termagants",
        "Tyranids",
        "Termagants",
        20,
        gants(20, 2),
        0,
        120,
    ),
    (
        "priced wargear: a Tidewall Defence Platform costs 20",
        "T'au Empire",
        "Tidewall Shieldline",
        1,
        (Loadout("Tidewall Shieldline", 1, (("Tidewall Defence Platform", 1),)),),
        0,
        85 + 20,
    ),
    (
        "boundary: without the platform, the bracket alone",
        "T'au Empire",
        "Tidewall Shieldline",
        1,
        (Loadout("Tidewall Shieldline", 1, ()),),
        0,
        85,
    ),
    (
        "War Walkers: two heavy weapons, as the data's modifier sets",
        "Aeldari",
        "War Walkers",
        1,
        walker("Bright Lance", "Shuriken Cannon"),
        0,
        None,
    ),
    (
        "boundary: a War Walker with one heavy weapon is under the minimum of two",
        "Aeldari",
        "War Walkers",
        1,
        walker("Shuriken Cannon"),
        1,
        None,
    ),
    (
        "Broadsides: two support systems",
        "T'au Empire",
        "Broadside Battlesuits",
        1,
        broadside("Weapon support system", "Twin plasma rifle"),
        0,
        None,
    ),
    (
        "boundary: Broadsides, a third item over the shared cap of two (nested group)",
        "T'au Empire",
        "Broadside Battlesuits",
        1,
        broadside("Weapon support system", "Seeker missile", "Twin plasma rifle"),
        1,
        None,
    ),
    (
        "Legionaries: the unit's Mark of Khorne",
        "Chaos Space Marines",
        "Legionaries",
        5,
        legionaries(champion_mark=True, squad_mark=False),
        0,
        None,
    ),
    (
        "boundary: Legionaries, a second mark is over the unit's one",
        "Chaos Space Marines",
        "Legionaries",
        5,
        legionaries(champion_mark=True, squad_mark=True),
        1,
        None,
    ),
]


def test_real_units_wargear_through_the_warm_snapshot() -> None:
    call_command("loaddata", str(FULL_CATALOGUE), verbosity=0)
    catalogue_snapshot_clear()
    snapshot = catalogue_snapshot()
    for name, faction, sheet_name, models, loadout, problems, points in CASES:
        faction_row = Faction.objects.get(name=faction)
        sheet = Datasheet.objects.get(name=sheet_name, faction__in=_chain(faction_row))
        draft = snapshot.draft(
            faction_id=faction_row.pk,
            detachment_id=None,
            battle_size="strike_force",
            profile="core-10",
            units=[("u1", sheet.pk, models, None, False)],
            loadouts={"u1": loadout},
        )
        result = rules.validate(snapshot.army(draft))
        found = [v.message for v in result.violations if v.code == codes.WARGEAR_CHOICE]
        assert len(found) == problems, (name, found)
        if points is not None:
            assert result.unit_points["u1"] == points, name
    # Loading the full fixture is the slow part: the defaults table rides along.
    _defaults_change_with_model_count()


def _chain(faction: Faction) -> list[Any]:
    chain = [faction]
    while chain[-1].parent_id is not None:
        chain.append(chain[-1].parent)
    return chain


# A default that changes with the model count: (models, model types).
DEFAULTS = [
    (5, {SGT: 1, HW: 4}),
    (6, {SGT: 1, HW: 4, BG: 1}),
    (10, {SGT: 1, HW: 4, BG: 5}),
]


def _defaults_change_with_model_count() -> None:
    sheet = Datasheet.objects.get(name="Devastator Squad", faction__name="Space Marines")
    facts = catalogue_snapshot().datasheets[sheet.pk]
    for models, expected in DEFAULTS:
        loadout = default_loadout(facts, models)
        assert {part.model: part.models for part in loadout} == expected, models
        heavy_part = next(part for part in loadout if part.model == HW)
        assert dict(heavy_part.wargear)["Heavy Bolter"] == 4, models
    # A new Tactical Squad's sergeant carries his bolt pistol and boltgun (their minimum a
    # condition may lower, the default kept).
    sheet = Datasheet.objects.get(name="Tactical Squad", faction__name="Space Marines")
    loadout = default_loadout(catalogue_snapshot().datasheets[sheet.pk], 10)
    sergeant = next(part for part in loadout if part.model == "Tactical Marine Sergeant")
    assert {"Bolt pistol", "Boltgun"} <= {o for o, n in sergeant.wargear if n}
