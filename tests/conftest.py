"""Fixtures shared by every test module."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from browser_harness import CHROMIUM, launch_chromium
from tiers import drives_a_browser


@pytest.fixture(scope="module")
def chromium():
    """A headless Chromium for one test module.

    Playwright's sync API runs one instance at a time and keeps an asyncio loop running in
    the main thread while it lives, so each module that needs a browser starts and stops
    its own (about a second), and modules without one see no running loop.
    """
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"{CHROMIUM} not found: apt-get install -y chromium (or run scripts/test)")
    from playwright.sync_api import expect, sync_playwright

    # a locator expectation waits for what the page shows; its time only bounds a hang, so it
    # is as long as a wait's on a loaded machine (Playwright's default 5 s is not)
    expect.set_options(timeout=30_000)
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        yield browser
        browser.close()


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """Test tiers: every test that drives a browser is marked ``browser``, so that
    ``-m "not slow and not browser"`` (the quick loop) leaves them all out. The JupyterLite
    tests (marked ``lite``: a site build and a browser kernel) run last."""
    for item in items:
        if drives_a_browser(item) and item.get_closest_marker("browser") is None:
            item.add_marker(pytest.mark.browser)
    items.sort(key=lambda item: item.get_closest_marker("lite") is not None)


def pytest_ignore_collect(collection_path, config):
    """When ``-m`` leaves out tests marked ``browser`` and ``e2e`` (the quick loop does), the e2e
    folder, all of it such tests, is not even imported: its imports cost seconds."""
    markexpr = config.getoption("markexpr", "") or ""
    if not markexpr or collection_path != Path(__file__).parent / "e2e":
        return None
    from _pytest.mark.expression import Expression  # how -m itself reads the expression

    def e2e_marks(name, **kwargs):
        return name in ("e2e", "browser")

    try:
        return True if not Expression.compile(markexpr).evaluate(e2e_marks) else None
    except Exception:  # an expression -m will reject anyway, or another pytest: collect as usual
        return None
