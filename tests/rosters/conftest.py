"""Named players and a small priced catalogue for the roster pages."""

from __future__ import annotations

import pytest

from armybuilder.catalogue.models import Detachment, Faction, PointsRelease
from rosters import services
from rosters.models import Roster
from tests.factories import make_datasheet, make_release, space_marines


@pytest.fixture
def release(db) -> PointsRelease:
    return make_release()


@pytest.fixture
def marines(release) -> Faction:
    sm = space_marines(release)
    make_datasheet(
        sm,
        "Marneus Calgar",
        "INFANTRY",
        "CHARACTER",
        "EPIC HERO",
        prices=[(1, 200)],
        release=release,
    )
    make_datasheet(
        sm,
        "Terminator Squad",
        "INFANTRY",
        "TERMINATOR",
        prices=[(5, 170), (10, 340)],
        release=release,
    )
    return sm


def add(roster: Roster, name: str, models: int | None = None, **kw: object):
    sheet = roster.faction.datasheets.get(name=name)
    return services.roster_unit_create(roster=roster, datasheet=sheet, models=models, **kw)


@pytest.fixture
def roster(owner, marines) -> Roster:
    roster = services.roster_create(
        owner=owner,
        name="Gladius",
        faction=marines,
        detachment=Detachment.objects.get(name="Gladius Task Force"),
        battle_size="strike_force",
    )
    add(roster, "Captain", warlord=True)
    add(roster, "Intercessor Squad", 10)
    add(roster, "Rhino")
    return roster
