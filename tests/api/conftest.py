"""Three named players for the API tests, and a small priced catalogue.

Olivia (the owner) owns the rosters under test; Sam (the other player) must neither read
nor change them; the anonymous client has no account at all. Clients sign in with API
tokens, as scripts do.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterator

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from armybuilder.catalogue.models import Detachment, Faction, PointsRelease, UnitPrice
from armybuilder.catalogue.snapshot import catalogue_snapshot_clear
from rosters import services
from rosters.formats.text_import.index import catalogue_index_clear
from rosters.models import Roster, RosterUnit
from tests.factories import (
    make_datasheet,
    make_detachment,
    make_faction,
    make_release,
    space_marines,
)


@pytest.fixture(autouse=True)
def _fresh_process_state(request: pytest.FixtureRequest) -> Iterator[None]:
    # Rate-limit counts live in the cache, catalogue names and rows in warm indexes; a test
    # must not see another test's. The cache is the database's (no REDIS_URL), so the
    # database must be open first; a django_db mark has opened it already.
    if request.node.get_closest_marker("django_db") is None:
        request.getfixturevalue("db")
    cache.clear()
    catalogue_index_clear()
    catalogue_snapshot_clear()
    yield
    catalogue_index_clear()
    catalogue_snapshot_clear()


@pytest.fixture
def release(db) -> PointsRelease:
    return make_release()


@pytest.fixture
def marines(release: PointsRelease) -> Faction:
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
    return sm


@pytest.fixture
def orks(release: PointsRelease) -> Faction:
    orks = make_faction("Orks", "ORKS")
    make_datasheet(
        orks, "Boyz", "INFANTRY", "BATTLELINE", prices=[(10, 85), (20, 170)], release=release
    )
    make_datasheet(orks, "Warboss", "INFANTRY", "CHARACTER", prices=[(1, 75)], release=release)
    make_detachment(orks, "Waaagh! Tribe", [("Headwoppa's Killchoppa", 20)], release)
    return orks


@pytest.fixture
def gladius(marines: Faction) -> Detachment:
    return Detachment.objects.get(name="Gladius Task Force")


@pytest.fixture
def new_release(release: PointsRelease, marines: Faction) -> PointsRelease:
    """A later release, not yet current, in which Intercessors cost 10 more per bracket."""
    newer = make_release("MFM 2025-12", current=False, published=datetime.date(2025, 12, 1))
    for price in UnitPrice.objects.filter(release=release):
        bump = 10 if price.datasheet.name == "Intercessor Squad" else 0
        UnitPrice.objects.create(
            release=newer,
            datasheet=price.datasheet,
            models_count=price.models_count,
            points=price.points + bump,
        )
    return newer


def _client_for(user: User) -> APIClient:
    client = APIClient()
    token = Token.objects.create(user=user)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


@pytest.fixture
def owner_client(owner: User) -> APIClient:
    return _client_for(owner)


@pytest.fixture
def stranger_client(stranger: User) -> APIClient:
    return _client_for(stranger)


@pytest.fixture
def teammate_client(teammate: User) -> APIClient:
    return _client_for(teammate)


@pytest.fixture
def anon_client(db) -> APIClient:
    return APIClient()


def add(roster: Roster, name: str, models: int | None = None, **kw: object) -> RosterUnit:
    sheet = roster.faction.datasheets.get(name=name)
    return services.roster_unit_create(roster=roster, datasheet=sheet, models=models, **kw)


@pytest.fixture
def roster(owner: User, marines: Faction, gladius: Detachment) -> Roster:
    """Olivia's Gladius list: Captain (Warlord), 10 Intercessors, a Rhino."""
    roster = services.roster_create(
        owner=owner,
        name="Gladius",
        faction=marines,
        detachment=gladius,
        battle_size="strike_force",
    )
    add(roster, "Captain", warlord=True)
    add(roster, "Intercessor Squad", 10)
    add(roster, "Rhino")
    return roster


@pytest.fixture
def units(roster: Roster) -> dict[str, RosterUnit]:
    return {u.datasheet.name: u for u in roster.units.select_related("datasheet")}


@pytest.fixture
def declaration(roster: Roster, units: dict[str, RosterUnit]):
    """Olivia's saved declaration: the Captain leads the Intercessors, who ride the Rhino."""
    from rosters.declarations import DeclarationData, declaration_save

    captain, squad, rhino = (units[n].pk for n in ("Captain", "Intercessor Squad", "Rhino"))
    data = DeclarationData(attachments=[(captain, squad)], embarkations=[(squad, rhino)])
    saved, _ = declaration_save(
        roster=services.roster_load(roster_id=roster.pk), name="Turn 1", data=data
    )
    return saved
