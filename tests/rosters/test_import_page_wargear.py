"""The import page with wargear: an item the datasheet lacks is a line to settle (renamed
to a real option or dropped), and the saved roster keeps the wargear the list states."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from rosters.models import Roster, RosterUnit

pytestmark = pytest.mark.django_db

LIST = """Space Marines
Gladius Task Force
Strike Force (2000 points)

CHARACTERS

Captain (80 points)
  • Warlord
  • 1x Captain

OTHER DATASHEETS

Hellblaster Squad (110 points)
  • 1x Hellblaster Sergeant
     ◦ 1x Plasma pistol
     ◦ 1x Plasma incinerator
  • 4x Hellblaster
     ◦ 3x Plasma incinerator
     ◦ 1x Heavy plasma incinerator
     ◦ 4x Bolt pistol
     ◦ 4x Power sword
"""


def test_unplaceable_wargear_is_a_line_to_settle_then_the_roster_keeps_the_rest(
    owner, marines
) -> None:
    client = Client()
    client.force_login(owner)
    url = reverse("formats:import")
    page = client.post(url, {"text": LIST, "profile": "core-10"}).content.decode()
    assert "Lines to settle (1)" in page
    assert "has no wargear called “Power sword”" in page
    key = "wargear-21-1"  # the Power sword line
    assert f'name="fix-{key}"' in page
    response = client.post(
        url, {"text": LIST, "profile": "core-10", f"fix-{key}": "__drop__", "action": "save"}
    )
    assert response.status_code == 302
    roster = Roster.objects.get(owner=owner)
    squad = RosterUnit.objects.get(roster=roster, datasheet__name="Hellblaster Squad")
    assert squad.wargear == [
        {
            "model": "Hellblaster Sergeant",
            "models": 1,
            "wargear": {"Plasma incinerator": 1, "Plasma pistol": 1},
        },
        {
            "model": "Hellblaster",
            "models": 4,
            "wargear": {"Bolt pistol": 4, "Heavy plasma incinerator": 1, "Plasma incinerator": 3},
        },
    ]
