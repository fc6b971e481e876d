"""A player declares battle formations in a real browser and watches the reserves meter."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from rosters import services
from rosters.models import Declaration
from tests.browser.conftest import wait_for_htmx
from tests.factories import make_release, space_marines

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_attach_embark_reserve_overflow_fix_save_and_print(page, django_user_model):
    release = make_release()
    marines = space_marines(release)
    player = django_user_model.objects.create_user("declarer", password="a-long-Passphrase-40k")
    roster = services.roster_create(
        owner=player,
        name="Envelope",
        faction=marines,
        detachment=marines.detachments.get(),
        battle_size="strike_force",
    )
    for name, models in [
        ("Captain", 1),
        ("Intercessor Squad", 10),
        ("Rhino", 1),
        ("Hellblaster Squad", 10),
    ]:
        services.roster_unit_create(
            roster=roster, datasheet=marines.datasheets.get(name=name), models=models
        )
    units = {u.datasheet.name: u.pk for u in roster.units.all()}

    page.goto(page.base_url + "/accounts/login/")
    page.fill("#id_username", "declarer")
    page.fill("#id_password", "a-long-Passphrase-40k")
    page.click("main button[type=submit]")
    page.goto(page.base_url + f"/rosters/{roster.pk}/")
    page.click("text=Declare Battle Formations")
    page.click("text=New declaration")
    expect(page.locator("h2")).to_have_text("Leaders")

    page.select_option(f"#id_leader_{units['Captain']}", label="Intercessor Squad")
    page.click("text=Next")
    expect(page.locator("h2")).to_have_text("Transports")
    wait_for_htmx(page)
    rhino_meter = page.locator(f'.capacity li[data-transport="{units["Rhino"]}"] .meter')
    expect(rhino_meter).to_have_text("0 / 12 models")
    page.select_option(f"#id_group_{units['Intercessor Squad']}", label="Rhino")
    expect(rhino_meter).to_have_text("11 / 12 models")
    page.click("text=Next")

    expect(page.locator("h2")).to_have_text("Reserves")
    wait_for_htmx(page)
    sr = page.locator('#meters .meters li[data-code="STRATEGIC_RESERVES_CAP"]')
    expect(sr).to_have_text("Strategic Reserves: 0 / 500 pts")
    page.select_option(f"#id_place_{units['Rhino']}", "strategic_reserves")
    # Rhino 75 + Intercessors 160 + Captain 80: the passengers count with their transport.
    expect(sr).to_have_text("Strategic Reserves: 315 / 500 pts")

    page.select_option(f"#id_place_{units['Hellblaster Squad']}", "strategic_reserves")
    expect(sr).to_have_text("Strategic Reserves: 535 / 500 pts")
    expect(sr).to_have_class(re.compile("over"))
    expect(page.locator('#step-violations li[data-code="STRATEGIC_RESERVES_CAP"]')).to_be_visible()

    page.select_option(f"#id_place_{units['Hellblaster Squad']}", "battlefield")
    expect(sr).to_have_text("Strategic Reserves: 315 / 500 pts")
    expect(page.locator('#step-violations li[data-code="STRATEGIC_RESERVES_CAP"]')).to_have_count(0)
    page.click("text=Next")

    expect(page.locator("h2")).to_have_text("Review")
    expect(page.locator(".summary")).to_contain_text("Captain → Intercessor Squad")
    page.fill("#id_name", "vs. shooting armies")
    page.click("text=Save declaration")
    expect(page).to_have_url(re.compile(rf"/rosters/{roster.pk}/declarations/$"))
    declaration = Declaration.objects.get(roster=roster)
    assert declaration.name == "vs. shooting armies"
    assert declaration.placements == {str(units["Rhino"]): "strategic_reserves"}

    with page.expect_download() as download:
        page.click("text=Print sheet (PDF)")
    sheet = download.value.path().read_bytes()
    assert sheet.startswith(b"%PDF")
    assert download.value.suggested_filename == f"declaration-{roster.pk}-{declaration.pk}.pdf"
