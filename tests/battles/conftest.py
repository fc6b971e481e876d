"""Named players, the roster fixtures of the roster pages, and a recorded battle."""

from __future__ import annotations

import datetime
from collections.abc import Iterator

import pytest
from django.contrib.auth.models import User

from rosters import services as roster_services
from rosters.battles import services
from rosters.battles.models import Battle
from rosters.formats.text_import.index import catalogue_index_clear
from rosters.models import Roster
from tests.rosters.conftest import add, marines, release, roster  # noqa: F401


@pytest.fixture
def rival_roster(owner: User, roster: Roster) -> Roster:  # noqa: F811
    """Olivia's second roster, the opponent in a battle between her own rosters."""
    other = roster_services.roster_create(
        owner=owner,
        name="Hellblasters",
        faction=roster.faction,
        detachment=roster.detachment,
        battle_size="strike_force",
    )
    add(other, "Hellblaster Squad", 10)
    add(other, "Captain", warlord=True)
    return other


@pytest.fixture
def battle(owner: User, roster: Roster, rival_roster: Roster) -> Battle:  # noqa: F811
    return services.battle_create(
        owner=owner,
        side=services.roster_snapshot(roster=roster),
        opponent=services.roster_snapshot(roster=rival_roster),
        scoring_profile="kill-points-4",
        played_on=datetime.date(2026, 11, 28),
    )


@pytest.fixture(autouse=True)
def cold_index() -> Iterator[None]:
    """Start and end every test without a warm list-import index from another catalogue."""
    catalogue_index_clear()
    yield
    catalogue_index_clear()
