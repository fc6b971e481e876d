import pytest
from django.urls import reverse

from armybuilder.catalogue.models import Enhancement
from tests.factories import make_detachment
from tests.rosters.conftest import add

pytestmark = pytest.mark.django_db


def test_enhancement_choice_offers_only_the_detachments_enhancements(
    client, owner, roster, release
):
    make_detachment(roster.faction, "Firestorm Assault Force", [("Adamantine Mantle", 20)], release)
    client.force_login(owner)
    html = client.get(reverse("rosters:roster", args=[roster.pk])).content.decode()
    assert "Artificer Armour (+10)" in html and "Adept of the Codex (+20)" in html
    assert "Adamantine Mantle" not in html


def test_epic_hero_and_non_character_rows_offer_no_enhancement_and_no_clutter(
    client, owner, roster
):
    calgar = add(roster, "Marneus Calgar")
    client.force_login(owner)
    html = client.get(reverse("rosters:roster", args=[roster.pk])).content.decode()
    # Rows that can never take one show a dash, not a sentence repeated on every row.
    assert "Epic Heroes cannot take enhancements" not in html
    assert "Only CHARACTER units can take enhancements" not in html
    assert f'id="enh-{calgar.pk}"' not in html
    captain = roster.units.get(datasheet__name="Captain")
    assert f'id="enh-{captain.pk}"' in html


def test_setting_an_enhancement_prices_it(client, owner, roster):
    client.force_login(owner)
    captain = roster.units.get(datasheet__name="Captain")
    armour = Enhancement.objects.get(name="Artificer Armour")
    response = client.post(
        reverse("rosters:unit_update", args=[roster.pk, captain.pk]),
        {"enhancement": armour.pk},
        HTTP_HX_REQUEST="true",
    )
    assert "325 / 2000" in response.content.decode()
    captain.refresh_from_db()
    assert captain.enhancement == armour


def test_enhancement_of_another_detachment_is_refused(client, owner, roster, release):
    other = make_detachment(
        roster.faction, "Firestorm Assault Force", [("Adamantine Mantle", 20)], release
    )
    client.force_login(owner)
    captain = roster.units.get(datasheet__name="Captain")
    response = client.post(
        reverse("rosters:unit_update", args=[roster.pk, captain.pk]),
        {"enhancement": other.enhancements.get().pk},
        HTTP_HX_REQUEST="true",
    )
    assert (
        "Adamantine Mantle is not an enhancement of Gladius Task Force" in response.content.decode()
    )
    captain.refresh_from_db()
    assert captain.enhancement is None


def test_warlord_is_chosen_among_characters(client, owner, roster):
    client.force_login(owner)
    html = client.get(reverse("rosters:roster", args=[roster.pk])).content.decode()
    select = html[html.index('id="warlord"') : html.index("</select>", html.index('id="warlord"'))]
    assert "Captain" in select
    assert "Intercessor Squad" not in select and "Rhino" not in select

    second = add(roster, "Captain")
    client.post(reverse("rosters:warlord", args=[roster.pk]), {"unit": second.pk})
    assert list(roster.units.filter(warlord=True).values_list("pk", flat=True)) == [second.pk]


def test_clearing_the_warlord_shows_the_warlord_violation(client, owner, roster):
    client.force_login(owner)
    response = client.post(
        reverse("rosters:warlord", args=[roster.pk]), {"unit": ""}, HTTP_HX_REQUEST="true"
    )
    html = response.content.decode()
    assert not roster.units.filter(warlord=True).exists()
    assert 'data-code="WARLORD"' in html
    assert "Illegal" in html
