"""A chapter inherits its parent's detachments, except those the data hides from it."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from rosters import services
from tests.factories import make_detachment, make_faction, make_release

pytestmark = pytest.mark.django_db


def test_a_hidden_parent_detachment_is_neither_offered_nor_accepted(owner: User) -> None:
    make_release()
    marines = make_faction()
    templars = make_faction("Black Templars", "BLACK TEMPLARS", parent=marines)
    gladius = make_detachment(marines, "Gladius Task Force")
    first = make_detachment(marines, "1st Company Task Force")
    first.hidden_for.add(templars)
    crusade = make_detachment(templars, "Righteous Crusaders")
    assert services.faction_detachments_load(faction=templars) == [gladius, crusade]
    assert services.faction_detachments_load(faction=marines) == [first, gladius]
    roster = services.roster_create(
        owner=owner, name="Crusade", faction=templars, detachment=None, battle_size="strike_force"
    )
    with pytest.raises(services.RosterError):
        services.roster_update(roster=roster, detachment=first)
    assert services.roster_update(roster=roster, detachment=gladius).detachment == gladius
