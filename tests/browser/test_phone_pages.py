"""The pages issue 26 measured scrolling sideways on a phone, at 390 px, in both languages.

The battle page, *Record a battle*, *My battles*, a release comparison and a roster's
declarations list each load in Chromium 390 px wide, in English and in Russian, and none
may be wider than the window.
"""

from __future__ import annotations

import datetime
import re

import pytest
from django.core.management import call_command

from armybuilder.catalogue import services as catalogue_services
from armybuilder.catalogue.models import PointsRelease
from rosters.models import Declaration, Roster
from tests.browser.test_layout_and_accessibility import axe_problems

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


WIDEST = """() => [...document.querySelectorAll("body *")]
  .filter(e => e.getBoundingClientRect().right > window.innerWidth + 1)
  .slice(-3).map(e => e.tagName + " " + Math.round(e.getBoundingClientRect().width))"""


def overflow(page, url: str) -> tuple[int, int, list[str]]:
    """The page's width, the window's, and the last elements past the window's edge."""
    page.goto(url)
    page.wait_for_load_state("load")
    wide, view = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    return wide, view, page.evaluate(WIDEST) if wide > view else []


@pytest.mark.parametrize("language", ["en-gb", "ru"])
def test_the_battle_and_record_pages_fit_a_phone(browser, live_server, language):
    call_command("demo", catalogue="demo", verbosity=0)
    eaters = Roster.objects.get(owner__username="demo", name="Chainblades go BRRRR")
    units = list(eaters.units.order_by("position"))
    Declaration.objects.create(
        roster=eaters,
        name="Round one, the long way round, with everything in reserve",
        placements={str(unit.pk): "strategic_reserves" for unit in units[:3]},
    )
    current = PointsRelease.objects.get(is_current=True)
    later = catalogue_services.release_copy(
        source=current, name="A much later points release", published=datetime.date(2031, 1, 1)
    )
    price = later.unit_prices.order_by("pk").first()
    price.points += 5
    price.save()
    catalogue_services.release_publish(release=later)
    context = browser.new_context(viewport={"width": 390, "height": 800}, locale=language)
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page = context.new_page()
    page.set_default_timeout(20_000)
    base = live_server.url
    try:
        page.goto(base + "/accounts/login/")
        page.fill("#id_username", "demo")
        page.fill("#id_password", "demo-password-40k")
        page.click("main button[type=submit]")
        page.wait_for_url(re.compile(r"/rosters/$"))
        pages = {"record a battle": f"{base}/rosters/{eaters.pk}/battles/new/"}
        page.goto(pages["record a battle"])
        page.check("input[name=opponent_kind][value=roster]")
        page.select_option("#id_opponent_roster", label="Too many Hellblasters")
        page.click("main button[type=submit]")
        page.wait_for_url(re.compile(r"/battles/\d+/$"))
        pages["battle"] = page.url
        pages["my battles"] = f"{base}/battles/"
        pages["declarations"] = f"{base}/rosters/{eaters.pk}/declarations/"
        pages["points releases"] = f"{base}/points/"
        pages["release comparison"] = f"{base}/points/{later.pk}/changes/"
        found = {name: overflow(page, url) for name, url in pages.items()}
        assert {name: w for name, w in found.items() if w[0] > w[1]} == {}
        page.goto(pages["battle"])
        assert axe_problems(page) == []
    finally:
        context.close()


@pytest.mark.parametrize(("width", "shown"), [(390, True), (1280, False)])
def test_the_builder_on_a_phone_reaches_the_datasheets_from_the_top(
    browser, live_server, width, shown
):
    call_command("demo", catalogue="demo", verbosity=0)
    roster = Roster.objects.get(owner__username="demo", name="Chainblades go BRRRR")
    context = browser.new_context(viewport={"width": width, "height": 800})
    page = context.new_page()
    page.set_default_timeout(20_000)
    try:
        page.goto(live_server.url + "/accounts/login/")
        page.fill("#id_username", "demo")
        page.fill("#id_password", "demo-password-40k")
        page.click("main button[type=submit]")
        page.wait_for_url(re.compile(r"/rosters/$"))
        page.goto(f"{live_server.url}/rosters/{roster.pk}/")
        link = page.locator(".to-picker a")
        # On one column the link sits above the units; beside them it is not needed.
        assert link.is_visible() is shown
        if shown:
            above = page.evaluate(
                "() => document.querySelector('.to-picker').getBoundingClientRect().top"
                " < document.querySelector('#units tbody tr').getBoundingClientRect().top"
            )
            assert above
            link.click()
            page.wait_for_function(
                "() => { const r = document.querySelector('#picker-heading')"
                ".getBoundingClientRect(); return r.top > -2 && r.top < window.innerHeight; }"
            )
    finally:
        context.close()
