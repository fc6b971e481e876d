"""A player opens a squad's wargear in Chromium, swaps the sergeant's pistol for a priced
plasma pistol and over-equips the squad, watching points and violations follow."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from armybuilder.catalogue.models import Datasheet, OptionPrice
from rosters import services
from tests.browser.conftest import htmx_settled, wait_for_htmx
from tests.factories import make_release, space_marines

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def set_count(page, name: str, value: int) -> None:
    """Type a count and commit it as a player does (the change event), then wait for htmx."""
    field = page.locator(f'input[name="{name}"]')
    field.fill(str(value))
    with htmx_settled(page):
        field.dispatch_event("change")


def test_choose_wargear_and_see_points_and_violations_update(page, django_user_model):
    release = make_release()
    marines = space_marines(release)
    squad = Datasheet.objects.get(name="Hellblaster Squad")
    OptionPrice.objects.create(release=release, datasheet=squad, name="Plasma pistol", points=5)
    player = django_user_model.objects.create_user("armourer", password="a-long-Passphrase-40k")
    roster = services.roster_create(
        owner=player,
        name="Armoury",
        faction=marines,
        detachment=marines.detachments.get(),
        battle_size="strike_force",
    )
    for name in ("Captain", "Hellblaster Squad"):
        services.roster_unit_create(roster=roster, datasheet=marines.datasheets.get(name=name))
    unit = roster.units.get(datasheet=squad)

    page.goto(page.base_url + "/accounts/login/")
    page.fill("#id_username", "armourer")
    page.fill("#id_password", "a-long-Passphrase-40k")
    page.click("main button[type=submit]")
    page.goto(page.base_url + f"/rosters/{roster.pk}/")
    wait_for_htmx(page)
    assert page.locator("#points-total").inner_text() == "190 / 2000"
    panel = page.locator(f"#wg-{unit.pk}")
    expect(panel.locator("summary")).to_contain_text("Default wargear")
    panel.locator("summary").click()

    # Sergeant (type 0): Bolt pistol is option 0, Plasma pistol option 1.
    set_count(page, f"wg_{unit.pk}_o_0_0", 0)
    expect(page.locator('#violations li[data-code="WARGEAR_CHOICE"]')).to_have_count(1)
    expect(page.locator(f"#wg-{unit.pk}")).to_have_attribute("open", "")
    set_count(page, f"wg_{unit.pk}_o_0_1", 1)
    expect(page.locator('#violations li[data-code="WARGEAR_CHOICE"]')).to_have_count(0)
    expect(page.locator("#points-total")).to_have_text("195 / 2000")

    # Hellblasters (type 1): two heavy plasma incinerators in five models is over the ratio.
    set_count(page, f"wg_{unit.pk}_o_1_0", 2)
    set_count(page, f"wg_{unit.pk}_o_1_1", 2)
    violation = page.locator('#violations li[data-code="WARGEAR_CHOICE"]')
    expect(violation).to_have_count(1)
    expect(violation).to_contain_text("2 / 1 Heavy plasma incinerator")
    expect(page.locator(f"#wg-{unit.pk} .wg-count.over")).to_have_count(1)
    expect(page.locator(f"#unit-{unit.pk}")).to_have_class("flagged")

    set_count(page, f"wg_{unit.pk}_o_1_1", 1)
    set_count(page, f"wg_{unit.pk}_o_1_0", 3)
    expect(page.locator('#violations li[data-code="WARGEAR_CHOICE"]')).to_have_count(0)
    page.locator(f"#wg-{unit.pk} summary").click()
    expect(page.locator(f"#wg-{unit.pk} summary")).to_contain_text("1× Heavy plasma incinerator")
