"""A new player builds a list in a real browser and watches the rules core answer."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from rosters.models import Roster
from tests.browser.conftest import htmx_settled, wait_for_htmx
from tests.factories import make_release, space_marines

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def add(page, name: str) -> None:
    with htmx_settled(page):
        page.locator(f'#picker li[data-name="{name}"] button').click()


def test_sign_up_build_a_legal_list_break_it_and_mend_it(page):
    release = make_release()
    space_marines(release)
    base = page.base_url

    page.goto(base + "/accounts/signup/")
    page.fill("#id_username", "newplayer")
    page.fill("#id_email", "new@example.com")
    page.fill("#id_password1", "a-long-Passphrase-40k")
    page.fill("#id_password2", "a-long-Passphrase-40k")
    page.click("main button[type=submit]")
    expect(page).to_have_url(re.compile(r"/rosters/$"))

    page.click("text=New roster")
    wait_for_htmx(page)
    page.fill("#id_name", "Browser Marines")
    with htmx_settled(page):
        page.select_option("#id_faction", label="Space Marines")
    page.select_option("#id_detachment", label="Gladius Task Force")
    page.select_option("#id_battle_size", "strike_force")
    page.click("main button[type=submit]")
    expect(page).to_have_url(re.compile(r"/rosters/\d+/$"))
    wait_for_htmx(page)
    assert page.locator("#points-total").inner_text() == "0 / 2000"
    assert "Illegal" in page.locator(".status h2").inner_text()

    add(page, "Captain")
    assert page.locator("#points-total").inner_text() == "80 / 2000"
    add(page, "Intercessor Squad")
    assert page.locator("#points-total").inner_text() == "160 / 2000"
    assert "Legal" in page.locator(".status h2").inner_text()
    assert page.locator("#violations li.none").count() == 1

    page.fill("#picker-q", "hellblaster")
    assert page.locator('#picker li[data-name="Captain"]').is_hidden()
    for _ in range(3):
        add(page, "Hellblaster Squad")
    assert page.locator('#picker li[data-name="Hellblaster Squad"] .count').inner_text() == "3 / 3"
    add(page, "Hellblaster Squad")
    violation = page.locator('#violations li[data-code="DATASHEET_LIMIT"]')
    assert violation.inner_text().endswith("4 × Hellblaster Squad: at most 3 allowed")
    expect(page.locator("tr.flagged")).to_have_count(4)
    assert "Illegal" in page.locator(".status h2").inner_text()

    total = page.locator("#points-total").inner_text()
    page.locator("tr.flagged").last.get_by_role("button", name="Remove Hellblaster Squad").click()
    page.wait_for_function(
        "old => document.querySelector('#points-total').innerText !== old", arg=total
    )
    assert page.locator('#violations li[data-code="DATASHEET_LIMIT"]').count() == 0
    expect(page.locator("tr.flagged")).to_have_count(0)

    page.fill("#picker-q", "")
    add(page, "Captain")
    second = page.locator("#warlord option").nth(2)
    assert second.inner_text() == "Captain (#2)"
    with page.expect_response(re.compile(r"/warlord/$")):
        page.select_option("#warlord", second.get_attribute("value"))
    page.wait_for_selector("#units tbody tr:nth-child(6) .warlord-mark")

    expected_total = page.locator("#points-total").inner_text()
    expected_units = page.locator("#units tbody th").all_inner_texts()
    page.reload()
    wait_for_htmx(page)
    assert page.locator("#points-total").inner_text() == expected_total == "570 / 2000"
    assert page.locator("#units tbody th").all_inner_texts() == expected_units
    assert page.locator(".warlord-mark").count() == 1
    roster = Roster.objects.get(name="Browser Marines")
    warlord = roster.units.get(warlord=True)
    assert (warlord.datasheet.name, warlord.position) == ("Captain", 6)
