"""The Table's front end in a real JupyterLab at 1366x768, the most common laptop screen,
with the file browser open: the line, the hand and the buttons are in sight at once.

Until the Python Table speaks protocol v2 this mounts the built front end
(static/table.js and table.css) on a small anywidget holding a v2 view made by the engine
(tests/frontend_views.py), so only the front end is under test. Pictures:
test-artifacts/e2e/lab-1366x768-<light|dark>.png. axe-core finds no WCAG 2.2 A/AA fault inside
the widget in Lab's light and dark themes (Lab's own chrome is not this project's to check).
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]

SETUP = """
import sys, pathlib
ROOT = pathlib.Path({root!r})
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
import anywidget, traitlets
import frontend_views as views

class TableFront(anywidget.AnyWidget):
    _esm = ROOT / "dominoes_widget" / "static" / "table.js"
    _css = ROOT / "dominoes_widget" / "static" / "table.css"
    view = traitlets.Dict().tag(sync=True)
    words = traitlets.Dict().tag(sync=True)
    rules_text = traitlets.Unicode().tag(sync=True)
"""
SHOW = "TableFront(**views.traits(views.{view}(), rules_text='Six Love: first to 6 while the other side is on love.'))"

# The notebook's visible area: its scrolling box, clipped to the window.
VISIBLE = """(panel) => {
  const scroller = panel.querySelector('.jp-WindowedPanel-outer') ?? panel.querySelector('.jp-Notebook');
  const r = scroller.getBoundingClientRect();
  return {x: r.x, y: r.y, width: r.width, height: Math.min(r.bottom, window.innerHeight) - r.y};
}"""


def _inside(box, area, what):
    assert area["x"] - 0.5 <= box["x"] and box["x"] + box["width"] <= area["x"] + area["width"] + 0.5, \
        f"{what} sticks out sideways: {box} in {area}"
    assert area["y"] - 0.5 <= box["y"] and box["y"] + box["height"] <= area["y"] + area["height"] + 0.5, \
        f"{what} is out of sight: {box} in {area}"


@pytest.mark.parametrize("view", ["long_line", "full_line"])
def test_the_table_fits_jupyterlab_at_1366x768(browser, open_notebook, view):
    import accessibility
    from browser_harness import ensure_built, still

    ensure_built()
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    try:
        page = context.new_page()
        nb = open_notebook(page, [SETUP.format(root=str(ROOT)), SHOW.format(view=view)])
        root = nb.locator(".dominoes-widget")
        root.wait_for(timeout=30_000)
        still(page)
        output = nb.locator(".jp-OutputArea-output").last.bounding_box()
        assert output["width"] >= 850, f"the output area at 1366x768: {output}"
        for theme in ("light", "dark"):
            if theme == "dark":
                page.evaluate("() => window.jupyterapp.commands.execute('apputils:change-theme', "
                              "{theme: 'JupyterLab Dark'})")
                page.wait_for_function("() => document.body.dataset.jpThemeLight === 'false'", timeout=60_000)
            root.evaluate("el => el.scrollIntoView({block: 'end'})")
            still(page)  # the theme's colours and the scroll drawn
            area = nb.evaluate(VISIBLE)
            widget = root.bounding_box()
            assert widget["height"] <= area["height"], f"the widget ({widget}) is taller than the notebook's view"
            _inside(nb.locator("svg.dw-line").bounding_box(), area, "the line")
            for tile in nb.locator("svg.dw-line .dw-tile-body").all():
                _inside(tile.bounding_box(), area, "a line tile")
            for tile in nb.locator(".dw-hand .dw-hand-tile").all():
                _inside(tile.bounding_box(), area, "a hand tile")
            for button in (".dw-pass", ".dw-draw"):
                _inside(nb.locator(button).bounding_box(), area, button)
            page.screenshot(path=str(ROOT / "test-artifacts" / "e2e" / f"lab-1366x768-{view}-{theme}.png"))
            accessibility.check(page, f"the Table in JupyterLab, {view}, {theme}", within=".jp-OutputArea-output .dominoes-widget")
    finally:
        context.close()
