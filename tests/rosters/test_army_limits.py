"""Catalogue army limits and Legends reach the rules core from the database rows."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from armybuilder.catalogue.models import ArmyLimit
from armybuilder.rules import codes
from rosters import services
from tests.factories import make_datasheet, make_detachment, make_faction, make_release

pytestmark = pytest.mark.django_db

LEADERS = {"datasheets": ["Captain", "Chapter Master"]}


def test_company_heroes_need_a_captain_and_legends_are_for_core_only(owner: User) -> None:
    release = make_release()
    marines = make_faction()
    chapter = make_faction("Ultramarines", "ULTRAMARINES", parent=marines)
    captain = make_datasheet(marines, "Captain", "CHARACTER", "INFANTRY", release=release)
    heroes = make_datasheet(marines, "Company Heroes", "INFANTRY", release=release)
    ancient = make_datasheet(
        marines, "Terminator Ancient", "CHARACTER", "INFANTRY", release=release, legends=True
    )
    chapter.datasheets.add(captain, heroes, ancient)
    # Stored on the parent faction, so a chapter's army is held to it as well.
    ArmyLimit.objects.create(
        faction=marines,
        code=ArmyLimit.Code.CATALOGUE_LIMIT,
        label="Company Heroes",
        subject={"datasheets": ["Company Heroes"]},
        maximum=0,
        reason="needs a Captain or Chapter Master",
        steps=[
            {
                "value": 1,
                "reason": "one per Captain or Chapter Master",
                "clauses": [[{"units": LEADERS, "at_least": 1}]],
            }
        ],
    )
    roster = services.roster_create(
        owner=owner,
        name="Heroes",
        faction=chapter,
        detachment=make_detachment(marines, "Gladius Task Force"),
        battle_size="strike_force",
    )
    hero_unit = services.roster_unit_create(roster=roster, datasheet=heroes, models=1)
    services.roster_unit_create(roster=roster, datasheet=ancient, models=1)

    def found(profile: str) -> list[tuple[str, tuple[str, ...]]]:
        loaded = services.roster_load(roster_id=roster.pk)
        loaded.profile = profile
        result = services.roster_validate(roster=loaded)
        wanted = {codes.CATALOGUE_LIMIT, codes.LEGENDS}
        return [(v.code, v.unit_ids) for v in result.violations if v.code in wanted]

    assert found("core-10") == [(codes.CATALOGUE_LIMIT, (str(hero_unit.pk),))]
    services.roster_unit_create(roster=roster, datasheet=captain, models=1)
    assert found("core-10") == []
    legends = [code for code, _ in found("matched-10")]
    assert legends == [codes.LEGENDS]
