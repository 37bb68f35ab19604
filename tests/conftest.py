"""Fixtures shared by every test module."""

from __future__ import annotations

import os

import pytest

from browser_harness import CHROMIUM, launch_chromium


@pytest.fixture(scope="module")
def chromium():
    """A headless Chromium for one test module.

    Playwright's sync API runs one instance at a time and keeps an asyncio loop running in
    the main thread while it lives, so each module that needs a browser starts and stops
    its own (about a second), and modules without one see no running loop.
    """
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"{CHROMIUM} not found: apt-get install -y chromium (or run scripts/test)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        yield browser
        browser.close()


def pytest_collection_modifyitems(config, items):
    """The JupyterLite tests (marked ``lite``: a site build and a browser kernel) run last."""
    items.sort(key=lambda item: item.get_closest_marker("lite") is not None)
