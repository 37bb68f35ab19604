"""The JupyterLite site in headless Chromium, offline: serve ``build/lite`` on 127.0.0.1, open a
notebook with every other request refused, run it, and play the Table by clicking.

- :func:`built_site` builds the site with ``scripts/build-lite`` (a no-op when no input
  changed since the last build) and returns its folder.
- :func:`serve` serves a folder on 127.0.0.1 from a thread, for the length of a ``with``.
- :func:`open_offline` gives a page whose requests outside the server are aborted (and
  counted), and where the app is reachable from tests as ``window.jupyterapp``.
- :func:`open_notebook`, :func:`run_all`, :func:`notebook_json` drive JupyterLite's lab;
  :func:`play_turn` makes one of the person's moves by clicking and times the answer.

Used by ``tests/test_lite.py`` and ``benchmarks/lite_speed.py``.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import subprocess
import sys
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "build" / "lite"
KERNEL_READY_TIMEOUT = 360_000  # ms; about 45 s on a loaded two-core machine, over 180 s when others run tests too
CELL_TIMEOUT = 300_000  # ms for a notebook's Run All


def built_site() -> Path:
    """``build/lite``, built (or found up to date) by ``scripts/build-lite`` (in its own venv,
    kept in ``LITE_CACHE``, made from the Python running the tests)."""
    env = {**os.environ, "PYTHON": sys.executable}
    subprocess.run(["bash", str(ROOT / "scripts" / "build-lite")], cwd=ROOT, check=True, env=env)
    return SITE


class _Quiet(http.server.SimpleHTTPRequestHandler):
    """What ``python -m http.server -d build/lite`` serves (docs/jupyterlite.md's way), without its log."""

    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextmanager
def serve(folder: Path) -> Iterator[str]:
    """``http://127.0.0.1:<port>`` serving ``folder`` until the ``with`` ends."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


# Timings measured in the page (ms from the start of its navigation): the first moment this
# notebook's kernel is idle, and the first widget of this package on screen. And every dialog
# the lab shows (its text), from the first moment: a "Select Kernel" one would ask a student
# what no one else should have to know.
TIMINGS_SCRIPT = """
(() => {
  window.__lite = { kernelReady: null, firstRender: null, dialogs: [] };
  new MutationObserver(() => {
    for (const dialog of document.querySelectorAll('.jp-Dialog:not([data-lite-seen])')) {
      dialog.setAttribute('data-lite-seen', '');
      window.__lite.dialogs.push((dialog.querySelector('.jp-Dialog-header')?.textContent || dialog.textContent).trim());
    }
  }).observe(document, { childList: true, subtree: true });
  const poll = setInterval(() => {
    const panel = window.jupyterapp?.shell?.currentWidget;
    const kernel = panel?.sessionContext?.session?.kernel;
    if (window.__lite.kernelReady === null && kernel && kernel.status === "idle" && kernel.connectionStatus === "connected") {
      window.__lite.kernelReady = performance.now();
    }
    if (window.__lite.firstRender === null && document.querySelector(".dominoes-widget")) {
      window.__lite.firstRender = performance.now();
    }
    if (window.__lite.kernelReady !== null && window.__lite.firstRender !== null) clearInterval(poll);
  }, 20);
})();
"""


def open_offline(browser: Any, base: str, blocked: list[str]) -> Any:
    """A page in a new context: requests outside ``base`` are aborted and appended to ``blocked``."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    host = urlsplit(base).netloc

    def route(route: Any) -> None:
        url = route.request.url
        if urlsplit(url).netloc != host:
            blocked.append(url)
            route.abort()
            return
        if url.endswith("/jupyter-lite.json"):  # let the test reach the app: window.jupyterapp
            response = route.fetch()
            config = response.json()
            config.setdefault("jupyter-config-data", {})["exposeAppInBrowser"] = True
            route.fulfill(response=response, body=json.dumps(config))
            return
        route.continue_()

    context.route("**/*", route)
    page = context.new_page()
    page.add_init_script(TIMINGS_SCRIPT)
    return page


class LabAsked(AssertionError):
    """The lab showed a dialog (such as "Select Kernel") while a notebook opened."""


def open_notebook(page: Any, base: str, path: str) -> dict[str, float]:
    """Open ``path`` in the lab and wait for its kernel; the ms from page load to a ready kernel.

    Raises :class:`LabAsked` when the lab showed a dialog instead (or before)."""
    page.goto(f"{base}/lab/index.html?path={path}")
    page.wait_for_function("() => window.__lite.kernelReady !== null || window.__lite.dialogs.length > 0",
                           timeout=KERNEL_READY_TIMEOUT, polling=100)
    dialogs = page.evaluate("window.__lite.dialogs")
    if dialogs:
        raise LabAsked(f"opening {path} showed a dialog: {dialogs}")
    return {"kernel_ready_ms": page.evaluate("window.__lite.kernelReady")}


def dialogs_shown(page: Any) -> list[str]:
    """The headings of every dialog the page's lab has shown so far."""
    return page.evaluate("window.__lite.dialogs")


def run_all(page: Any) -> None:
    """Run every cell of the open notebook and wait until each has run, or one failed.

    The saved outputs and execution counts are cleared first: a count then says its cell ran.
    """
    page.evaluate("""async () => {
      await window.jupyterapp.commands.execute('notebook:clear-all-cell-outputs');
      await window.jupyterapp.commands.execute('notebook:run-all-cells');
    }""")
    page.wait_for_function(
        """() => {
          const panel = window.jupyterapp.shell.currentWidget;
          const cells = Array.from(panel.content.widgets).filter((c) => c.model.type === 'code');
          const errors = cells.some((c) => c.model.outputs.toJSON().some((o) => o.output_type === 'error'));
          return errors || (panel.sessionContext.session.kernel.status === 'idle'
                            && cells.every((c) => c.model.executionCount !== null && !c.node.classList.contains('jp-mod-pending')));
        }""", timeout=CELL_TIMEOUT, polling=200)


def errors(page: Any) -> list[str]:
    """The error outputs of the open notebook, as 'cell i: Name: value'."""
    return page.evaluate("""() => {
      const cells = Array.from(window.jupyterapp.shell.currentWidget.content.widgets);
      const found = [];
      cells.forEach((c, i) => { if (c.model.type === 'code') for (const o of c.model.outputs.toJSON())
        if (o.output_type === 'error') found.push(`cell ${i}: ${o.ename}: ${o.evalue}`); });
      return found;
    }""")


def notebook_json(page: Any) -> dict[str, Any]:
    """The open notebook with its outputs, as nbformat JSON."""
    return page.evaluate("window.jupyterapp.shell.currentWidget.content.model.toJSON()")


def append_and_run(page: Any, source: str) -> None:
    """Add a code cell with ``source`` at the end of the open notebook and run it."""
    page.evaluate(
        """async (source) => {
          const panel = window.jupyterapp.shell.currentWidget;
          const model = panel.content.model;
          model.sharedModel.insertCell(model.cells.length, { cell_type: 'code', source });
          panel.content.activeCellIndex = model.cells.length - 1;
          await window.jupyterapp.commands.execute('notebook:run-cell');
        }""", source)
    page.wait_for_function(
        """() => {
          const panel = window.jupyterapp.shell.currentWidget;
          const cells = panel.content.widgets;
          const last = cells[cells.length - 1];
          return last.model.executionCount !== null && panel.sessionContext.session.kernel.status === 'idle';
        }""", timeout=CELL_TIMEOUT, polling=100)


# One of the person's moves by clicking (a playable tile, its end if asked, else pass or
# draw), then the ms until it is the person's turn again (the bots have answered) or the
# hand is over (``over``). The table is the n-th one of the page.
PLAY_TURN = """
async ([index, timeout]) => {
  const table = document.querySelectorAll('.dw-table-widget')[index];
  const status = table.querySelector('.dw-status');
  const moves = () => table.querySelectorAll('.dw-move-list button[data-ply]').length;
  const myTurn = () => status.classList.contains('dw-my-turn');
  const start = performance.now();
  while (!myTurn()) {
    if (performance.now() - start > timeout) return { error: 'not the person\\'s turn: ' + status.textContent };
    await new Promise((r) => setTimeout(r, 10));
  }
  const before = moves();
  const began = performance.now();
  const tile = table.querySelector('.dw-hand-tile.dw-playable');
  if (tile) {
    tile.click();
    await new Promise((r) => requestAnimationFrame(r));
    const end = table.querySelector('.dw-choice:not([hidden]) button[data-end]');
    if (end) end.click();
  } else {
    (table.querySelector('button.dw-pass:not([disabled])') || table.querySelector('button.dw-draw:not([disabled])')).click();
  }
  return await new Promise((resolve) => {
    const done = (result) => { observer.disconnect(); clearTimeout(timer); resolve(result); };
    const check = () => {
      const over = table.querySelector('.dw-result:not([hidden])') !== null;
      if (moves() > before && (myTurn() || over)) done({ ms: performance.now() - began, moves: moves() - before, over });
    };
    const observer = new MutationObserver(check);
    observer.observe(table, { subtree: true, childList: true, attributes: true, characterData: true });
    const timer = setTimeout(() => done({ error: 'no next turn', moves: moves() - before, status: status.textContent }), timeout);
    check();
  });
}
"""


def play_turn(page: Any, table_index: int = 0, timeout_ms: int = 60_000) -> dict[str, Any]:
    """Click one of the person's moves on the page's ``table_index``-th table; the time to the next turn."""
    return page.evaluate(PLAY_TURN, [table_index, timeout_ms])
