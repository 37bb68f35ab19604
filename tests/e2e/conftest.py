"""End-to-end harness: real Jupyter front ends driven by headless Chromium (see TESTING.md).

Fixtures (use them in any test under tests/e2e/, which are all marked ``e2e``):

- ``lab`` (session): the running server; ``lab.url``, ``lab.token``, ``lab.root_dir``, ``lab.log``.
- ``browser`` (session): a Playwright Chromium ``Browser`` (/usr/bin/chromium).
- ``page`` (per test): a fresh browser context and page; screenshot saved after the test.
- ``open_notebook(page_or_context, cells, name=None, *, timeout=90_000, allow_errors=False)``
  writes a notebook of code cells into this test's folder of the server root, opens it in
  its own workspace, waits until *its* kernel is connected and idle, runs all cells, waits
  until every cell has executed (raises with the traceback if one fails) and returns a
  ``Locator`` for that notebook's panel (``locator.page`` is the page).
- ``kernel_json(page, filename, until=None, *, timeout=60_000)`` waits until the kernel
  has written ``filename`` (JSON) into this test's folder (and ``until(data)`` is true)
  and returns the parsed data. In every notebook opened by ``open_notebook`` the kernel has
  ``e2e_dump(filename, obj)`` defined, which writes such a file atomically.

The servers and notebook helpers live in ``servers.py``, shared with the modules of the
other front ends (Notebook 7, Voilà, marimo).

Artifacts: ``test-artifacts/e2e/<test>.png`` per test, each server's log ``<name>.log``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Locator, Page

from servers import (ANIMATIONS_DONE, HERE, Server, artifacts_dir, folder_for_test, jupyter_command, run_notebook,
                     safe_name, start_server, wait_json, watch, widget_front_ends, write_notebook)

Lab = Server  # the name the Lab tests know


def pytest_collection_modifyitems(config, items):
    for item in items:
        if HERE in item.path.parents:
            item.add_marker(pytest.mark.e2e)


# --------------------------------------------------------------------------- JupyterLab


@pytest.fixture(scope="session")
def lab(request):
    command = jupyter_command("jupyterlab", "--LabApp.expose_app_in_browser=True")
    with start_server(request, "jupyter-lab", command, ready="/lab", check=widget_front_ends) as server:
        yield server


# --------------------------------------------------------------------------- browser


@pytest.fixture(scope="module")
def browser(chromium):
    return chromium


@pytest.fixture
def context(browser, request):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    ctx.set_default_timeout(30_000)
    request.node._e2e_contexts = [*getattr(request.node, "_e2e_contexts", []), ctx]
    yield ctx
    ctx.close()


@pytest.fixture
def page(context) -> Page:
    return context.new_page()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.when != "call":
        return
    pages = list(getattr(item, "_e2e_pages", []))
    for ctx in getattr(item, "_e2e_contexts", []):
        pages += [p for p in ctx.pages if p not in pages]
    out = artifacts_dir(item.config)
    for i, pg in enumerate(p for p in pages if not p.is_closed()):
        path = out / f"{safe_name(item.name)}{'' if i == 0 else f'-{i + 1}'}.png"
        try:
            pg.wait_for_function(ANIMATIONS_DONE, timeout=2_000)  # new tiles fade in: a picture of them
        except Exception:
            pass  # a picture all the same
        try:
            pg.screenshot(path=str(path), timeout=10_000)
        except Exception as e:  # a screenshot must never hide the test's own result
            report.sections.append(("e2e screenshot", f"{path}: {e}"))
    if report.failed:
        console = getattr(item, "_e2e_console", [])
        if console:
            report.sections.append(("browser console (last 40)", "\n".join(console[-40:])))


# --------------------------------------------------------------------------- notebooks


@pytest.fixture
def test_dir(lab, request) -> Path:
    return folder_for_test(lab, request)


@pytest.fixture
def open_notebook(lab, test_dir, request):
    def open_notebook(page_or_context: Page | BrowserContext, cells: list[str], name: str | None = None,
                      *, timeout: float = 90_000, allow_errors: bool = False) -> Locator:
        page = page_or_context if isinstance(page_or_context, Page) else page_or_context.new_page()
        watch(page, request.node)
        notebook = write_notebook(test_dir, name or "notebook", cells)
        path = f"{test_dir.name}/{notebook.name}"
        workspace = f"{test_dir.name}-{notebook.stem}"
        url = f"{lab.url}/lab/workspaces/{workspace}/tree/{path}?reset&token={lab.token}"
        return run_notebook(page, lab, url, path, timeout=timeout, allow_errors=allow_errors)

    return open_notebook


@pytest.fixture
def kernel_json(test_dir):
    def kernel_json(page: Page, filename: str, until=None, *, timeout: float = 60_000):
        return wait_json(page, test_dir / filename, until, timeout=timeout)

    return kernel_json
