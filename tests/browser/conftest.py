"""A real headless Chromium (Debian's package) driven by Playwright against the live server."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager

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


SETTLE_COUNTER = """
window.__settles = 0;
document.addEventListener("htmx:afterSettle", () => { window.__settles += 1; }, true);
"""


@contextmanager
def htmx_settled(page) -> Iterator[None]:
    """Run the block's action, then wait until htmx has swapped and settled its answer."""
    before = page.evaluate("() => window.__settles")
    yield
    page.wait_for_function("n => window.__settles > n", arg=before)


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not os.path.exists(CHROMIUM):
        pytest.skip("Debian's chromium package is not installed")
    playwright_api = pytest.importorskip("playwright.sync_api")
    # Playwright's sync API runs an event loop in this thread; the ORM calls the tests
    # make between browser steps are still plain synchronous code.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    with playwright_api.sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def page(browser, live_server):
    # A fresh context per test: no cookie, session or cache crosses from one story to the next.
    context = browser.new_context(accept_downloads=True)
    # htmx wires new content only when it settles; a story that acts between the swap and
    # the settle acts on an element htmx does not yet listen to. Count the settles.
    context.add_init_script(SETTLE_COUNTER)
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.base_url = live_server.url
    yield page
    context.close()


def wait_for_htmx(page) -> None:
    """Wait until the page has loaded and htmx has wired its elements."""
    page.wait_for_load_state("load")
    page.wait_for_function("() => window.htmx !== undefined && document.readyState === 'complete'")
