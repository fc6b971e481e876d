"""The wizard says which unit keeps a choice off the list: Deep Strike, leading, embarking."""

from __future__ import annotations

import pytest
from django.urls import reverse

from armybuilder.catalogue.models import Datasheet
from tests.factories import make_datasheet
from tests.rosters.conftest import add
from tests.rosters.test_wizard_views import start, step_url

pytestmark = pytest.mark.django_db


@pytest.fixture
def jump_roster(roster, marines, release):
    # A jump-pack Captain with Deep Strike leads a jump squad; the Priest lacks it in the
    # data, as the Sanguinary Priest's datasheet does.
    squad = make_datasheet(
        marines, "Assault Squad", "INFANTRY", "JUMP PACK", prices=[(5, 90)], release=release
    )
    priest = make_datasheet(
        marines, "Priest", "INFANTRY", "CHARACTER", "JUMP PACK", prices=[(1, 60)], release=release
    )
    Datasheet.objects.filter(pk=squad.pk).update(deep_strike=True)
    priest.leads.add(squad)
    add(roster, "Assault Squad")
    add(roster, "Priest")
    return roster


def test_deep_strike_note_names_the_model_that_lacks_it(client, owner, jump_roster):
    units = {u.datasheet.name: u.pk for u in jump_roster.units.all()}
    client.force_login(owner)
    run = start(client, jump_roster)
    alone = client.get(step_url(jump_roster, run, "reserves")).content.decode()
    # Alone, the squad may Deep Strike and the Priest is told why he may not.
    assert "Deep Strike not offered: Priest cannot Deep Strike" in alone
    client.post(
        step_url(jump_roster, run, "leaders"),
        {f"leader_{units['Priest']}": units["Assault Squad"]},
    )
    led = client.get(step_url(jump_roster, run, "reserves")).content.decode()
    field = led[led.index(f'name="place_{units["Assault Squad"]}"') :]
    field = field[: field.index("</div>")]
    assert 'value="deep_strike"' not in field
    assert "Priest does not have Deep Strike" in field
    # Units nobody expects to Deep Strike carry no note.
    intercessors = led[led.index(f'name="place_{units["Intercessor Squad"]}"') :]
    assert "Deep Strike not offered" not in intercessors[: intercessors.index("</div>")]


def test_leader_with_nothing_to_lead_is_named(client, owner, roster, marines, release):
    make_datasheet(marines, "Chaplain", "INFANTRY", "CHARACTER", prices=[(1, 60)], release=release)
    chaplain = add(roster, "Chaplain")
    Datasheet.objects.get(name="Chaplain").leads.add(
        make_datasheet(marines, "Absent Squad", "INFANTRY", prices=[(5, 90)], release=release)
    )
    client.force_login(owner)
    run = start(client, roster)
    page = client.get(step_url(roster, run, "leaders")).content.decode()
    assert "Chaplain has no unit to lead" in page
    assert f'name="leader_{chaplain.pk}"' not in page


def test_unit_no_transport_can_carry_is_named(client, owner, roster):
    add(roster, "Terminator Squad")
    client.force_login(owner)
    run = start(client, roster)
    page = client.get(reverse("rosters:wizard", args=[roster.pk, run, "transports"]))
    assert "Terminator Squad has no transport" in page.content.decode()
