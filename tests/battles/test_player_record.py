"""A player's record: wins, draws and losses per roster and per opponent faction."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from rosters.battles import services
from rosters.battles.models import Battle
from rosters.models import Roster
from tests.rosters.conftest import add

pytestmark = pytest.mark.django_db


def typed_battle(owner: User, roster: Roster, faction: str, vp: tuple[int, int]) -> Battle:
    battle = services.battle_create(
        owner=owner,
        side=services.roster_snapshot(roster=roster),
        opponent=services.typed_snapshot(name="Ivan", faction=faction, points=2000),
        scoring_profile="mission-9",
        victory_level=True,
        played_on=datetime.date(2026, 11, 28),
    )
    services.battle_score_update(
        battle=battle,
        sides={
            0: services.SideEntry(round_vp={"1": vp[0]}),
            1: services.SideEntry(round_vp={"1": vp[1]}),
        },
    )
    return battle


def test_record_per_roster_and_per_opponent_faction(
    owner: User, roster: Roster, rival_roster: Roster
) -> None:
    typed_battle(owner, roster, "Orks", (60, 40))
    typed_battle(owner, roster, "Orks", (40, 40))
    typed_battle(owner, rival_roster, "Necrons", (10, 80))
    record = services.player_record(owner=owner)
    assert (record.total.wins, record.total.draws, record.total.losses) == (1, 1, 1)
    by_roster = {t.label: (t.wins, t.draws, t.losses) for t in record.by_roster}
    assert by_roster == {"Gladius": (1, 1, 0), "Hellblasters": (0, 0, 1)}
    by_faction = {t.label: (t.wins, t.draws, t.losses) for t in record.by_faction}
    assert by_faction == {"Orks": (1, 1, 0), "Necrons": (0, 0, 1)}
    # 20 VP of 2000 is 1%: 10; a draw 10; 70 VP is 3.5%: 10 for the loser too.
    assert record.total.tournament_points == 30


def test_my_battles_query_count_does_not_grow_with_battles(
    client: Client, owner: User, roster: Roster
) -> None:
    client.force_login(owner)
    typed_battle(owner, roster, "Orks", (1, 0))
    with CaptureQueriesContext(connection) as one:
        assert client.get(reverse("battles:list")).status_code == 200
    for _ in range(5):
        typed_battle(owner, roster, "Orks", (1, 0))
    with CaptureQueriesContext(connection) as six:
        assert client.get(reverse("battles:list")).status_code == 200
    assert len(six) == len(one)


def test_score_post_query_count_does_not_grow_with_units(
    client: Client, owner: User, roster: Roster
) -> None:
    client.force_login(owner)

    def post_queries(battle: Battle) -> int:
        data = {f"unit_{u.pk}": "destroyed" for s in battle.sides.all() for u in s.units.all()}
        data["s0_r1"] = "3"
        with CaptureQueriesContext(connection) as queries:
            response = client.post(
                reverse("battles:battle", args=[battle.pk]), data, HTTP_HX_REQUEST="true"
            )
        assert response.status_code == 200
        return len(queries)

    small = typed_battle(owner, roster, "Orks", (0, 0))
    for _ in range(12):
        add(roster, "Intercessor Squad", 5)
    large = typed_battle(owner, roster, "Orks", (0, 0))
    assert large.sides.get(index=0).units.count() == 15
    assert post_queries(large) == post_queries(small)
