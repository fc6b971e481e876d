"""A real headless Chromium (Debian's package) driven by Playwright against the live server."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
# The closed network refuses Chromium's background calls; these flags keep it quiet.
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not os.path.exists(CHROMIUM):
        pytest.skip("Debian's chromium package is not installed")
    playwright_api = pytest.importorskip("playwright.sync_api")
    # Playwright's sync API runs an event loop in this thread; the ORM calls the tests
    # make between browser steps are still plain synchronous code.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    with playwright_api.sync_playwright() as pw:
        profile = tempfile.mkdtemp(prefix="armybuilder-chromium-")
        context = pw.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
        )
        try:
            yield context
        finally:
            context.close()
            shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture
def page(browser, live_server):
    page = browser.new_page()
    page.set_default_timeout(15_000)
    page.base_url = live_server.url
    yield page
    page.close()
    browser.clear_cookies()
