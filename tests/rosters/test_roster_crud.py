import pytest
from django.urls import reverse

from armybuilder.catalogue.models import Detachment
from rosters.models import Roster, RosterUnit

pytestmark = pytest.mark.django_db


def test_create_roster_records_the_current_release(client, owner, marines, release):
    client.force_login(owner)
    response = client.post(
        reverse("rosters:create"),
        {
            "name": "Ultras",
            "faction": marines.pk,
            "detachment": Detachment.objects.get(name="Gladius Task Force").pk,
            "battle_size": "strike_force",
            "profile": "matched-10",
        },
    )
    roster = Roster.objects.get(name="Ultras")
    assert response.status_code == 302
    assert response["Location"] == reverse("rosters:roster", args=[roster.pk])
    assert (roster.owner, roster.release, roster.profile) == (owner, release, "matched-10")


def test_create_refuses_a_detachment_of_another_faction(client, owner, marines, release):
    from tests.factories import make_detachment, make_faction

    orks = make_faction("Orks", "ORKS")
    waaagh = make_detachment(orks, "Waaagh! Tribe")
    client.force_login(owner)
    response = client.post(
        reverse("rosters:create"),
        {
            "name": "x",
            "faction": marines.pk,
            "detachment": waaagh.pk,
            "battle_size": "strike_force",
            "profile": "core-10",
        },
    )
    assert response.status_code == 200
    assert "Waaagh! Tribe is not a detachment of Space Marines" in response.content.decode()
    assert not Roster.objects.exists()


def test_my_rosters_lists_points_and_badge(client, owner, roster):
    client.force_login(owner)
    html = client.get(reverse("rosters:list")).content.decode()
    assert "Gladius" in html and "Space Marines" in html and "Gladius Task Force" in html
    assert "315 / 2000" in html
    assert "Legal" in html


def test_rename_duplicate_delete(client, owner, roster):
    client.force_login(owner)
    client.post(reverse("rosters:rename", args=[roster.pk]), {"name": "Renamed"})
    roster.refresh_from_db()
    assert roster.name == "Renamed"

    response = client.post(reverse("rosters:duplicate", args=[roster.pk]))
    copy = Roster.objects.exclude(pk=roster.pk).get()
    assert response["Location"] == reverse("rosters:roster", args=[copy.pk])
    assert copy.name == "Renamed (copy)"
    assert list(copy.units.values_list("datasheet__name", "models_count", "warlord")) == list(
        roster.units.values_list("datasheet__name", "models_count", "warlord")
    )

    confirm = client.get(reverse("rosters:delete", args=[roster.pk]))
    assert b"cannot be undone" in confirm.content
    assert Roster.objects.filter(pk=roster.pk).exists()
    client.post(reverse("rosters:delete", args=[roster.pk]))
    assert not Roster.objects.filter(pk=roster.pk).exists()
    assert RosterUnit.objects.filter(roster=copy).count() == 3


def test_add_change_duplicate_remove_units(client, owner, roster):
    client.force_login(owner)
    hellblasters = roster.faction.datasheets.get(name="Hellblaster Squad")
    response = client.post(
        reverse("rosters:unit_add", args=[roster.pk]),
        {"datasheet": hellblasters.pk},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    assert "425 / 2000" in response.content.decode()
    unit = roster.units.get(datasheet=hellblasters)
    assert unit.models_count == 5

    response = client.post(
        reverse("rosters:unit_update", args=[roster.pk, unit.pk]),
        {"models": "10"},
        HTTP_HX_REQUEST="true",
    )
    assert "535 / 2000" in response.content.decode()

    client.post(reverse("rosters:unit_duplicate", args=[roster.pk, unit.pk]))
    assert roster.units.filter(datasheet=hellblasters).count() == 2

    response = client.post(reverse("rosters:unit_remove", args=[roster.pk, unit.pk]))
    assert response.status_code == 302
    assert roster.units.filter(datasheet=hellblasters).count() == 1


def test_model_count_outside_the_datasheet_is_refused(client, owner, roster):
    client.force_login(owner)
    unit = roster.units.get(datasheet__name="Intercessor Squad")
    response = client.post(
        reverse("rosters:unit_update", args=[roster.pk, unit.pk]),
        {"models": "11"},
        HTTP_HX_REQUEST="true",
    )
    assert "comes in units of 5 to 10 models, not 11" in response.content.decode()
    unit.refresh_from_db()
    assert unit.models_count == 10


def test_unpriced_datasheet_cannot_be_added(client, owner, roster, marines):
    from tests.factories import make_datasheet

    sheet = make_datasheet(marines, "Unpriced Thing", "VEHICLE")
    client.force_login(owner)
    response = client.post(
        reverse("rosters:unit_add", args=[roster.pk]), {"datasheet": sheet.pk}, follow=True
    )
    assert "has no price in MFM 2025-09" in response.content.decode()
    assert not roster.units.filter(datasheet=sheet).exists()
