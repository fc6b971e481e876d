"""Detachment upgrades and priced options in the builder: the row's controls, htmx and plain
posts, prices through the rules core, and what a detachment change or a copy does to them."""

from __future__ import annotations

import pytest
from django.urls import reverse

from armybuilder.catalogue.models import (
    Detachment,
    DetachmentUpgrade,
    DetachmentUpgradePrice,
    DetachmentUpgradeUnit,
    OptionPrice,
)
from rosters import services
from rosters.models import RosterUnitOption, RosterUnitUpgrade
from tests.factories import make_detachment

pytestmark = pytest.mark.django_db

# The fixture roster: Captain 80 + 10 Intercessors 160 + Rhino 75.
BASE = 315


@pytest.fixture
def relic(roster, release) -> DetachmentUpgrade:
    """A priced upgrade Gladius offers the Captain only, at most once, as BSData states them."""
    upgrade = DetachmentUpgrade.objects.create(detachment=roster.detachment, name="Relic Blade")
    captain = roster.faction.datasheets.get(name="Captain")
    DetachmentUpgradeUnit.objects.create(upgrade=upgrade, datasheet=captain, maximum=1)
    DetachmentUpgradePrice.objects.create(release=release, upgrade=upgrade, points=35)
    return upgrade


@pytest.fixture
def atv(roster, release) -> OptionPrice:
    rhino = roster.faction.datasheets.get(name="Rhino")
    return OptionPrice.objects.create(
        release=release, datasheet=rhino, name="Hunter-killer missile", points=10, max_count=2
    )


def _update(client, roster, unit, data, htmx=True):
    kwargs = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return client.post(reverse("rosters:unit_update", args=[roster.pk, unit.pk]), data, **kwargs)


def test_only_the_units_the_data_names_show_the_upgrade_select(client, owner, roster, relic):
    client.force_login(owner)
    html = client.get(reverse("rosters:roster", args=[roster.pk])).content.decode()
    captain = roster.units.get(datasheet__name="Captain")
    rhino = roster.units.get(datasheet__name="Rhino")
    assert f'id="upg-{captain.pk}"' in html and "Relic Blade (+35)" in html
    assert f'id="upg-{rhino.pk}"' not in html


def test_taking_an_upgrade_adds_its_points(client, owner, roster, relic):
    client.force_login(owner)
    captain = roster.units.get(datasheet__name="Captain")
    response = _update(client, roster, captain, {f"upgrade_{captain.pk}": relic.pk})
    assert f"{BASE + 35} / 2000" in response.content.decode()
    assert list(captain.upgrades.values_list("upgrade_id", "count")) == [(relic.pk, 1)]
    # None takes it off again, with a plain form post this time.
    response = _update(client, roster, captain, {f"upgrade_{captain.pk}": ""}, htmx=False)
    assert response.status_code == 302
    assert not captain.upgrades.exists()


def test_an_upgrade_on_a_unit_the_data_does_not_name_is_a_violation(client, owner, roster, relic):
    rhino = roster.units.get(datasheet__name="Rhino")
    services.roster_unit_upgrades_set(unit=rhino, upgrades={relic: 1})
    result = services.roster_validate(roster=services.roster_load(roster_id=roster.pk))
    assert [(v.code, v.unit_ids) for v in result.violations if v.code == "DETACHMENT_UPGRADE"] == [
        ("DETACHMENT_UPGRADE", (str(rhino.pk),))
    ]
    assert result.unit_points[str(rhino.pk)] == 75 + 35


def test_an_upgrade_of_another_detachment_is_refused(client, owner, roster, release):
    other = make_detachment(roster.faction, "Firestorm Assault Force")
    foreign = DetachmentUpgrade.objects.create(detachment=other, name="Flamer Relic")
    client.force_login(owner)
    captain = roster.units.get(datasheet__name="Captain")
    response = _update(client, roster, captain, {f"upgrade_{captain.pk}": foreign.pk})
    assert "Flamer Relic is not an upgrade of Gladius Task Force" in response.content.decode()
    assert not captain.upgrades.exists()


def test_a_new_detachment_leaves_the_upgrades_behind(roster, relic):
    captain = roster.units.get(datasheet__name="Captain")
    services.roster_unit_upgrades_set(unit=captain, upgrades={relic: 1})
    other = make_detachment(roster.faction, "Firestorm Assault Force")
    services.roster_update(roster=roster, detachment=other)
    assert not RosterUnitUpgrade.objects.filter(unit__roster=roster).exists()
    assert Detachment.objects.filter(pk=other.pk).exists()


def test_a_duplicate_keeps_the_upgrade_and_options(roster, relic, atv):
    captain = roster.units.get(datasheet__name="Captain")
    services.roster_unit_upgrades_set(unit=captain, upgrades={relic: 1})
    copy = services.roster_unit_duplicate(unit=captain)
    assert list(copy.upgrades.values_list("upgrade_id", flat=True)) == [relic.pk]


def test_option_counts_are_set_per_option_and_priced(client, owner, roster, atv):
    client.force_login(owner)
    rhino = roster.units.get(datasheet__name="Rhino")
    html = client.get(reverse("rosters:roster", args=[roster.pk])).content.decode()
    field = f"option_{rhino.pk}_{atv.pk}"
    assert f'name="{field}"' in html and 'max="2"' in html
    # Only units whose datasheet has priced options get the input.
    captain = roster.units.get(datasheet__name="Captain")
    assert f'name="option_{captain.pk}_' not in html
    response = _update(client, roster, rhino, {field: "2"})
    assert f"{BASE + 20} / 2000" in response.content.decode()
    assert list(RosterUnitOption.objects.filter(unit=rhino).values_list("count", flat=True)) == [2]
    response = _update(client, roster, rhino, {field: "0"}, htmx=False)
    assert response.status_code == 302
    assert not RosterUnitOption.objects.filter(unit=rhino).exists()


@pytest.mark.parametrize(
    ("value", "message"),
    [
        pytest.param("3", "takes Hunter-killer missile at most 2 times", id="boundary: over max"),
        pytest.param("-1", "must be a whole number", id="negative"),
        pytest.param("lots", "must be a whole number", id="words"),
    ],
)
def test_a_bad_option_count_is_refused_and_changes_nothing(
    client, owner, roster, atv, value, message
):
    client.force_login(owner)
    rhino = roster.units.get(datasheet__name="Rhino")
    response = _update(client, roster, rhino, {f"option_{rhino.pk}_{atv.pk}": value})
    assert message in response.content.decode()
    assert not RosterUnitOption.objects.filter(unit=rhino).exists()


def test_an_option_of_another_datasheet_is_not_found(client, owner, roster, atv):
    client.force_login(owner)
    captain = roster.units.get(datasheet__name="Captain")
    response = _update(client, roster, captain, {f"option_{captain.pk}_{atv.pk}": "1"})
    assert response.status_code == 404


@pytest.fixture
def compulsory(relic) -> DetachmentUpgrade:
    relic.units.update(minimum=1)
    return relic


def test_a_unit_added_takes_the_upgrades_its_detachment_makes_compulsory(roster, compulsory):
    captain = services.roster_unit_create(
        roster=roster, datasheet=roster.faction.datasheets.get(name="Captain")
    )
    rhino = services.roster_unit_create(
        roster=roster, datasheet=roster.faction.datasheets.get(name="Rhino")
    )
    assert list(captain.upgrades.values_list("upgrade_id", "count")) == [(compulsory.pk, 1)]
    assert not rhino.upgrades.exists()


def test_a_detachment_that_makes_an_upgrade_compulsory_gives_it(roster, release, marines):
    woe = make_detachment(marines, "Pantheon Force")
    upgrade = DetachmentUpgrade.objects.create(detachment=woe, name="Star Power")
    captain = roster.units.get(datasheet__name="Captain")
    DetachmentUpgradeUnit.objects.create(
        upgrade=upgrade, datasheet=captain.datasheet, minimum=1, maximum=1
    )
    DetachmentUpgradePrice.objects.create(release=release, upgrade=upgrade, points=55)
    services.roster_update(roster=roster, detachment=woe)
    assert list(captain.upgrades.values_list("upgrade_id", flat=True)) == [upgrade.pk]
    result = services.roster_validate(roster=services.roster_load(roster_id=roster.pk))
    assert "DETACHMENT_UPGRADE" not in result.codes()
    assert result.points == BASE + 55


def test_a_roster_without_a_detachment_is_told_which_one_an_item_needs(roster, relic):
    from armybuilder.catalogue.models import Enhancement
    from rosters.models import Roster

    captain = roster.units.get(datasheet__name="Captain")
    enhancement = Enhancement.objects.filter(detachment=roster.detachment).first()
    assert enhancement is not None
    owner = roster.detachment.name
    Roster.objects.filter(pk=roster.pk).update(detachment=None)
    captain.refresh_from_db()
    with pytest.raises(services.RosterError) as refused:
        services.roster_unit_upgrades_set(unit=captain, upgrades={relic: 1})
    assert str(refused.value) == (
        f"Relic Blade is an upgrade of {owner}: choose that detachment for the roster first."
    )
    with pytest.raises(services.RosterError) as refused:
        services.roster_unit_update(unit=captain, enhancement=enhancement)
    assert str(refused.value) == (
        f"{enhancement.name} is an enhancement of {owner}: "
        "choose that detachment for the roster first."
    )
    assert "no detachment" not in str(refused.value)
