"""The import page with wargear: an item the datasheet lacks never blocks the list
(WARGEAR_UNREAD): it is offered for renaming or dropping, the list saves without settling
it, and the saved unit keeps the line as written, shown in the builder and exported back."""

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


def _page(client: Client, **extra: str) -> str:
    return client.post(
        reverse("formats:import"), {"text": LIST, "profile": "core-10", **extra}
    ).content.decode()


def test_unplaceable_wargear_is_offered_for_renaming_but_never_blocks_saving(
    owner, marines
) -> None:
    client = Client()
    client.force_login(owner)
    page = _page(client)
    # Not a line to settle: a line offered for renaming, and the list may be saved.
    assert "Lines to settle" not in page
    assert "Wargear not read (1)" in page
    assert "has no wargear called “Power sword”" in page
    key = "wargear-21-1"  # the Power sword line
    assert f'name="fix-{key}"' in page
    assert 'name="action" value="save"' in page
    assert 'data-code="WARGEAR_UNREAD"' in page
    response = client.post(
        reverse("formats:import"), {"text": LIST, "profile": "core-10", "action": "save"}
    )
    assert response.status_code == 302
    roster = Roster.objects.get(owner=owner)
    squad = RosterUnit.objects.get(roster=roster, datasheet__name="Hellblaster Squad")
    # The unit keeps its stated models, the line as written, and the wargear the rest states.
    assert squad.models_count == 5
    assert squad.wargear_unread == [{"text": "4x Power sword", "line": 21, "nearest": []}]
    assert squad.wargear == STATED
    # The builder shows the line and warns of it; the text export writes it back.
    builder = client.get(reverse("rosters:roster", args=[roster.pk])).content.decode()
    assert "<q>4x Power sword</q> (line 21)" in builder
    assert "Wargear not read" in builder
    assert "1 line not read" in builder
    text = client.get(reverse("formats:export_text", args=[roster.pk])).content.decode()
    assert "     ◦ 4x Power sword\n" in text


def test_a_renamed_wargear_line_is_read(owner, marines) -> None:
    client = Client()
    client.force_login(owner)
    page = _page(client, **{"fix-wargear-21-1": "Bolt pistol"})
    assert "Wargear not read" not in page
    assert 'data-code="WARGEAR_UNREAD"' not in page


def test_a_dropped_wargear_line_leaves_the_rest_of_the_loadout(owner, marines) -> None:
    client = Client()
    client.force_login(owner)
    response = client.post(
        reverse("formats:import"),
        {"text": LIST, "profile": "core-10", "fix-wargear-21-1": "__drop__", "action": "save"},
    )
    assert response.status_code == 302
    roster = Roster.objects.get(owner=owner)
    squad = RosterUnit.objects.get(roster=roster, datasheet__name="Hellblaster Squad")
    assert squad.wargear == STATED
    assert squad.wargear_unread == []


STATED = [
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
