"""Real JupyterLab opening and running the play notebook logs no error in the browser's console.

Errors there are what a user opening the developer tools sees first, and some mean a broken
front end: with JupyterLite's Pyodide kernel installed beside JupyterLab (as an earlier
``scripts/test`` did), its labextension logs "Shared module @jupyterlite/services doesn't exist
in shared scope default" on every page (``scripts/clean-lab`` takes it out).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from playwright.sync_api import expect

from servers import run_notebook, watch

pytestmark = pytest.mark.e2e

PLAY = Path(__file__).resolve().parent.parent.parent / "notebooks" / "play.ipynb"


def test_opening_and_running_the_play_notebook_logs_no_console_error(page, lab, test_dir, request):
    said: list[str] = []
    page.on("console", lambda m: said.append(f"[{m.type}] {m.text}"))
    page.on("pageerror", lambda e: said.append(f"[pageerror] {e}"))
    watch(page, request.node)
    shutil.copy(PLAY, test_dir / "play.ipynb")
    path = f"{test_dir.name}/play.ipynb"
    url = f"{lab.url}/lab/workspaces/{test_dir.name}-play/tree/{path}?reset&token={lab.token}"

    nb = run_notebook(page, lab, url, path, timeout=180_000)
    expect(nb.locator(".dw-table-widget").first).to_be_visible()
    expect(nb.locator(".dw-table-widget")).to_have_count(5)  # the notebook's five live tables
    page.wait_for_timeout(1_000)  # what the page logs just after drawing lands too

    errors = [line for line in said if line.startswith(("[error]", "[pageerror]"))]
    assert not errors, "\n".join(errors)
    assert not [line for line in said if "@jupyterlite" in line], "a JupyterLite extension loaded in JupyterLab"
