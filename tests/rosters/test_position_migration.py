"""Rosters saved before positions were unique migrate: clashing units are renumbered."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

ROSTERS_BEFORE = ("rosters", "0002_declaration")
ROSTERS_AFTER = ("rosters", "0003_roster_unit_unique_position")


def test_duplicate_positions_are_renumbered_in_list_order():
    executor = MigrationExecutor(connection)
    # The catalogue stays as it is now: its later columns exist in the database, so the
    # historical models must know them too.
    catalogue = [n for n in executor.loader.graph.leaf_nodes() if n[0] == "catalogue"]
    BEFORE = [ROSTERS_BEFORE, *catalogue]
    AFTER = [ROSTERS_AFTER, *catalogue]
    executor.migrate(BEFORE)
    apps = executor.loader.project_state(BEFORE).apps
    User = apps.get_model("auth", "User")
    Faction = apps.get_model("catalogue", "Faction")
    Datasheet = apps.get_model("catalogue", "Datasheet")
    PointsRelease = apps.get_model("catalogue", "PointsRelease")
    Roster = apps.get_model("rosters", "Roster")
    RosterUnit = apps.get_model("rosters", "RosterUnit")
    owner = User.objects.create(username="olivia")
    faction = Faction.objects.create(name="Orks", slug="orks", keyword="ORKS")
    sheet = Datasheet.objects.create(
        name="Boyz", slug="boyz", faction=faction, min_models=10, max_models=20
    )
    release = PointsRelease.objects.create(name="R", published="2025-01-01", is_current=True)
    raced = Roster.objects.create(owner=owner, name="Raced", faction=faction, release=release)
    tidy = Roster.objects.create(owner=owner, name="Tidy", faction=faction, release=release)
    # As 20 concurrent adds left them: three units at position 2, one at 1.
    made = [
        RosterUnit.objects.create(roster=raced, datasheet=sheet, models_count=10, position=p)
        for p in (2, 1, 2, 2)
    ]
    for p in (1, 5):
        RosterUnit.objects.create(roster=tidy, datasheet=sheet, models_count=10, position=p)

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(AFTER)
    apps = executor.loader.project_state(AFTER).apps
    RosterUnit = apps.get_model("rosters", "RosterUnit")
    order = list(
        RosterUnit.objects.filter(roster_id=raced.pk)
        .order_by("position")
        .values_list("id", "position")
    )
    # Position first, then id: the order the builder showed.
    assert order == [(made[1].pk, 1), (made[0].pk, 2), (made[2].pk, 3), (made[3].pk, 4)]
    # A roster without a clash keeps its numbers.
    tidy_positions = RosterUnit.objects.filter(roster_id=tidy.pk).values_list("position", flat=True)
    assert sorted(tidy_positions) == [1, 5]
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
