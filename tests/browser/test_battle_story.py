"""The demo player records a battle between its two rosters and prints the result sheet."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from rosters.battles.models import Battle
from rosters.models import Roster
from tests.browser.conftest import wait_for_htmx

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def enter(page, selector: str, value: str, expected: str) -> None:
    """Type into a score field and wait for the live result to say what it should."""
    page.fill(selector, value)
    page.locator(selector).dispatch_event("change")
    expect(page.locator("#battle-result")).to_contain_text(expected)


def test_record_score_and_print_a_battle_between_the_demo_rosters(page, tmp_path: Path):
    call_command("demo", catalogue="demo", verbosity=0)
    eaters = Roster.objects.get(owner__username="demo", name="Chainblades go BRRRR")

    page.goto(page.base_url + "/accounts/login/")
    page.fill("#id_username", "demo")
    page.fill("#id_password", "demo-password-40k")
    page.click("main button[type=submit]")
    page.goto(page.base_url + f"/rosters/{eaters.pk}/")
    page.click("text=Record a battle")

    # Only the chosen kind of opponent's fields show: typed in at first, then a roster.
    expect(page.locator("#id_opponent_name")).to_be_visible()
    expect(page.locator("#id_opponent_roster")).to_be_hidden()
    page.check("input[name=opponent_kind][value=roster]")
    expect(page.locator("#id_opponent_name")).to_be_hidden()
    expect(page.locator("#id_shared_link")).to_be_hidden()
    page.select_option("#id_opponent_roster", label="Too many Hellblasters")
    # Profiles go by what players call them, not by their codes.
    profiles = page.locator("#id_scoring_profile option").all_inner_texts()
    assert profiles == [
        "10th edition core battle",
        "9th edition mission pack",
        "4th edition kill points",
    ]
    page.select_option("#id_scoring_profile", "only-war-10")
    page.check("#id_victory_level")
    page.click("main button[type=submit]")
    expect(page).to_have_url(re.compile(r"/battles/\d+/$"))
    wait_for_htmx(page)
    battle = Battle.objects.get(owner__username="demo")
    assert battle.sides.get(index=1).name == "Too many Hellblasters"

    expect(page.locator("#battle-result")).to_contain_text("Draw")
    enter(page, "#s0-r2", "3", "Chainblades go BRRRR wins")
    enter(page, "#s1-r2", "3", "Draw")
    # Four in one turn: only three count, and the page says why.
    enter(page, "#s1-r3", "4", "SCORE_TURN_CAP")
    expect(page.locator("#battle-result")).to_contain_text("Too many Hellblasters wins")
    expect(page.locator("#battle-result .tp").first).to_have_text("10")
    # The Hellblasters' army is destroyed: they lose whatever the score.
    page.check("#s1-destroyed")
    expect(page.locator("#battle-result")).to_contain_text(
        "Chainblades go BRRRR wins (the other army was destroyed)"
    )
    assert battle.sides.get(index=1).round_vp == {"2": 3, "3": 4}

    with page.expect_download() as download_info:
        page.click("text=Result sheet (PDF)")
    saved = tmp_path / "sheet.pdf"
    download_info.value.save_as(saved)
    assert saved.read_bytes().startswith(b"%PDF")

    page.click("text=My battles")
    expect(page.locator("p.record")).to_contain_text("1 won, 0 drawn, 0 lost")
