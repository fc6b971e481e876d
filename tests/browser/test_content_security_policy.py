"""Every main page, the API docs and the admin render under the Content-Security-Policy
with no violation in a real Chromium: no inline script or style, nothing from elsewhere."""

from __future__ import annotations

import pytest

from rosters import services
from tests.browser.conftest import htmx_settled, wait_for_htmx
from tests.factories import make_release, space_marines

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Playwright's init scripts run outside the page's policy, so this listener always loads.
LISTEN = """
window.__csp = [];
document.addEventListener('securitypolicyviolation', e =>
  window.__csp.push(e.violatedDirective + ' ' + (e.blockedURI || 'inline') + ' ' + e.sourceFile));
"""


# Redoc asks for its makers' logo from their site; the policy refuses it, as it should.
REDOC_LOGO = "https://cdn.redoc.ly/redoc/logo-mini.svg"


def violations(page, console: list[str]) -> list[str]:
    found = [v for v in page.evaluate("window.__csp || []") if REDOC_LOGO not in v]
    return found + [m for m in console if "Content Security Policy" in m and REDOC_LOGO not in m]


def test_pages_load_with_no_policy_violation(page, django_user_model):
    release = make_release()
    marines = space_marines(release)
    player = django_user_model.objects.create_superuser(
        "olivia", "olivia@example.com", "a-long-Passphrase-40k"
    )
    roster = services.roster_create(
        owner=player, name="Gladius", faction=marines, detachment=None, battle_size="strike_force"
    )
    sheet = marines.datasheets.get(name="Intercessor Squad")
    services.roster_unit_create(roster=roster, datasheet=sheet)

    console: list[str] = []
    page.on("console", lambda msg: console.append(msg.text))
    page.add_init_script(LISTEN)
    base = page.base_url

    page.goto(base + "/accounts/login/")
    page.fill("#id_username", "olivia")
    page.fill("#id_password", "a-long-Passphrase-40k")
    page.click("main button[type=submit]")
    page.wait_for_url(base + "/rosters/")

    response = page.goto(base + f"/rosters/{roster.pk}/")
    assert "script-src 'self'" in response.headers["content-security-policy"]
    wait_for_htmx(page)
    # An htmx swap must not bring in anything the policy refuses either.
    squad = roster.units.get()
    with htmx_settled(page):
        page.select_option(f"#models-{squad.pk}", "10")
    assert not violations(page, console), violations(page, console)

    for path in [
        "/",
        "/rosters/",
        "/rosters/new/",
        f"/rosters/{roster.pk}/declare/",
        "/rosters/import/",
        "/api/tokens/",
        "/api/docs/",
        "/api/redoc/",
        "/admin/",
        "/admin/catalogue/pointsrelease/",
    ]:
        page.goto(base + path)
        page.wait_for_load_state("networkidle")
        assert not violations(page, console), (path, violations(page, console))
    # The docs did render, from files served by the site itself.
    page.goto(base + "/api/docs/")
    page.wait_for_selector(".swagger-ui .info")
    page.goto(base + "/api/redoc/")
    page.wait_for_selector("h1")
    assert not violations(page, console), violations(page, console)
    # Nor may the docs fetch anything from elsewhere: no other site in their policy.
    policy = page.goto(base + "/api/redoc/").headers["content-security-policy"]
    assert "https:" not in policy and "http:" not in policy
