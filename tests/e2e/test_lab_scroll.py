"""After a Table cell runs in JupyterLab at 1366x768 (and in a 640 px tall browser window on
such a screen), the whole table is in view: its top
and its hand tray (the tiles and the Pass/Draw buttons), in the notebook's visible area.

Two ways people run it: Shift+Enter on the table cell of notebooks/play.ipynb (the README's
first command; Lab moves on to the next cell), and Run All on a tutorial whose table cell is
followed by another cell (Lab keeps that last cell in place while the table appears above
it). Each is checked when the view has come to rest and again two seconds later; the play
notebook in Lab's light and dark themes (set before the cell runs: switching themes lays
the notebook out again and can move it). Pictures: test-artifacts/e2e/lab-scroll-*.png.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from servers import open_for_kernel

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"

# The notebook's visible area (its scrolling box, clipped to the window) and, in the same
# coordinates, the table's box and its tray's.
WHERE = """(panel) => {
  const scroller = panel.querySelector('.jp-WindowedPanel-outer') ?? panel.querySelector('.jp-Notebook');
  const s = scroller.getBoundingClientRect();
  const box = (el) => { const r = el.getBoundingClientRect(); return {top: r.top, bottom: r.bottom}; };
  const table = panel.querySelector('.dw-table-widget');
  return {area: {top: s.top, bottom: Math.min(s.bottom, window.innerHeight)}, scrollTop: scroller.scrollTop,
          table: box(table), tray: box(table.querySelector('.dw-tray'))};
}"""

# Resolves once the notebook's scroll and the table's place have not changed for 30 frames (or
# after 20 s of movement, so that the assertions after it say where the table ended up).
AT_REST = """(panel) => new Promise((done) => {
  const scroller = panel.querySelector('.jp-WindowedPanel-outer') ?? panel.querySelector('.jp-Notebook');
  let last = '', same = 0;
  setTimeout(done, 20000);
  const tick = () => {
    const table = panel.querySelector('.dw-table-widget');
    const now = `${scroller.scrollTop}/${table ? table.getBoundingClientRect().top : 'none'}`;
    same = now === last ? same + 1 : 0;
    last = now;
    if (same >= 30) done(); else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})"""

# Every cell of the notebook drawn: Lab draws those below the first screen when the machine is
# idle, and Run All's scroll to the last cell does nothing while that cell is not drawn yet (the
# view then stays at the top, far above the table: not the case under test).
ALL_DRAWN = """(panel) => {
  const notebook = window.jupyterapp.shell.currentWidget.content;
  return panel.contains(notebook.node)
    && notebook.widgets.every((cell) => cell.node.isConnected && !cell.isPlaceholder());
}"""

# The table exists only once its cell has run; then no cell is waiting or running.
ALL_RUN = """(panel) => panel.querySelector('.dw-table-widget .dw-hand-tile') !== null
  && [...panel.querySelectorAll('.jp-CodeCell .jp-InputPrompt')].every((p) => !p.textContent.includes('*'))"""


@pytest.fixture
def lab_page(browser, request):
    width, height = getattr(request, "param", (1366, 768))
    context = browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(30_000)
    yield context.new_page()
    context.close()


def _theme(page, name: str) -> None:
    """Switch Lab's theme (a user setting: it outlives the page, so every test sets its own)."""
    page.evaluate("(theme) => window.jupyterapp.commands.execute('apputils:change-theme', {theme})",
                  f"JupyterLab {name.title()}")
    page.wait_for_function(f"() => document.body.dataset.jpThemeLight === '{str(name == 'light').lower()}'",
                           timeout=60_000)


def _open(page, lab, test_dir, notebook: str, theme: str):
    shutil.copy(NOTEBOOKS / notebook, test_dir / notebook)
    shutil.copytree(NOTEBOOKS / "records", test_dir / "records", dirs_exist_ok=True)
    path = f"{test_dir.name}/{notebook}"
    url = f"{lab.url}/lab/workspaces/{test_dir.name}/tree/{path}?reset&token={lab.token}"
    nb = open_for_kernel(page, lab, url, path)
    _theme(page, theme)
    return nb


def _assert_in_view(where, when: str):
    area, table, tray = where["area"], where["table"], where["tray"]
    assert area["top"] - 0.5 <= table["top"] <= area["bottom"], \
        f"{when}: the table's top ({table['top']:.0f}) is outside the notebook's view {area}"
    assert area["top"] <= tray["top"] and tray["bottom"] <= area["bottom"] + 0.5, \
        f"{when}: the hand tray ({tray}) is outside the notebook's view {area}"


def _check_and_picture(page, nb, picture: str):
    try:
        nb.locator(".dw-table-widget .dw-hand-tile").first.wait_for()
        nb.evaluate(AT_REST)
        first = nb.evaluate(WHERE)
        _assert_in_view(first, "when the view came to rest")
        page.wait_for_timeout(2_000)  # nothing later (Lab, the bots' first moves) scrolls it away
        _assert_in_view(nb.evaluate(WHERE), "two seconds later")
        out = ROOT / "test-artifacts" / "e2e"
        out.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(out / picture))
        return first
    finally:
        _theme(page, "light")  # the theme is a user setting of the shared server: leave it as found


# 1366x640: the same laptop screen less the browser's tab and address bars.
@pytest.mark.parametrize(("lab_page", "theme"), [((1366, 768), "light"), ((1366, 768), "dark"), ((1366, 640), "light")],
                         ids=["1366x768-light", "1366x768-dark", "1366x640-light"], indirect=["lab_page"])
def test_shift_enter_on_the_play_notebook_shows_the_whole_table(lab_page, lab, test_dir, theme):
    from browser_harness import ensure_built

    ensure_built()
    nb = _open(lab_page, lab, test_dir, "play.ipynb", theme)
    nb.locator(".jp-CodeCell").first.locator(".jp-InputArea-editor").click()
    lab_page.keyboard.press("Shift+Enter")
    size = "{width}x{height}".format(**lab_page.viewport_size)
    where = _check_and_picture(lab_page, nb, f"lab-scroll-play-shift-enter-{size}-{theme}.png")
    assert where["scrollTop"] > 0, "the table fitted without scrolling: this case no longer tests the reveal"


def test_run_all_on_a_tutorial_keeps_the_table_top_in_view(lab_page, lab, test_dir):
    from browser_harness import ensure_built

    ensure_built()
    nb = _open(lab_page, lab, test_dir, "01_partnership.ipynb", "light")
    lab_page.wait_for_function(ALL_DRAWN, arg=nb.element_handle(), timeout=90_000, polling=200)
    lab_page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    lab_page.wait_for_function(ALL_RUN, arg=nb.element_handle(), timeout=90_000, polling=200)
    _check_and_picture(lab_page, nb, "lab-scroll-tutorial-run-all-1366x768-light.png")
