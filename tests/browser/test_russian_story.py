"""A player switches the site to Russian in Chromium and reads the rules core in Russian."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import htmx_settled, wait_for_htmx
from tests.browser.test_builder_story import add
from tests.factories import make_release, space_marines

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_switch_to_russian_build_and_read_the_violation(page):
    release = make_release()
    space_marines(release)
    base = page.base_url

    page.goto(base + "/accounts/signup/")
    page.fill("#id_username", "ivan")
    page.fill("#id_email", "ivan@example.com")
    page.fill("#id_password1", "a-long-Passphrase-40k")
    page.fill("#id_password2", "a-long-Passphrase-40k")
    page.click("main button[type=submit]")
    expect(page).to_have_url(re.compile(r"/rosters/$"))

    # The header's switcher: a form post, no script; the address stays the same.
    page.click("header form.language button[value=ru]")
    expect(page).to_have_url(re.compile(r"/rosters/$"))
    assert page.locator("html").get_attribute("lang") == "ru"
    assert "Мои ростеры" in page.locator("header").inner_text()

    page.click("text=Новый ростер")
    wait_for_htmx(page)
    page.fill("#id_name", "Волки")
    with htmx_settled(page):
        page.select_option("#id_faction", label="Space Marines")
    page.select_option("#id_detachment", label="Gladius Task Force")
    page.click("main button[type=submit]")
    expect(page).to_have_url(re.compile(r"/rosters/\d+/$"))
    wait_for_htmx(page)

    add(page, "Intercessor Squad")
    # CHARACTER_REQUIRED: no character yet; the message in Russian, the code unchanged.
    violations = page.locator("#violations")
    expect(violations.locator('li[data-code="CHARACTER_REQUIRED"] .message')).to_have_text(
        "В армии нужен CHARACTER, который может быть Военачальником"
    )
    expect(violations.locator('li[data-code="CHARACTER_REQUIRED"] .title')).to_have_text(
        "Нет персонажа"
    )
    assert "Недопустим" in page.locator(".status h2").inner_text()
