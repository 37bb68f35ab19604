"""Widgets saved as a static HTML page, with no kernel: a Replay steps, a Table says that
playing needs a running kernel, and an nbconvert export shows each widget's picture.

``embed_minimal_html(..., drop_defaults=False)`` writes the widget state (the whole record
and the bundled front end) into a page that loads require.js, the html-manager's
``embed-amd.js`` and anywidget's ``dist/index.js`` from CDNs. The tests open it offline in
headless Chromium, answering those requests from the npm devDependencies, and click.

``jupyter nbconvert --to html --execute`` stores the widget state too, and then writes
only the widget view of each output, which draws nothing offline. With
``--ExecutePreprocessor.store_widget_state=False`` (docs/playing.md's command) each output
falls back to its ``text/html``: the widget's static picture.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import nbformat
import pytest

import browser_harness as harness
from pictures import inline_svgs

# The one-file page without ipywidgets is tested in tests/test_standalone_page.py.
pytestmark = pytest.mark.browser

embed = pytest.importorskip("ipywidgets.embed")

from dominoes_widget.words.catalog import ui_words  # noqa: E402
from dominoes_widget.widgets.replay import Replay  # noqa: E402
from dominoes_widget.widgets.table import Table  # noqa: E402
from dominoes_widget.sessions.replay.step_deltas import hand_steps

RECORD = harness.RECORDS / "six_love_match.json"
EXPORT_LOAD_MS = 120_000  # the exported page parses 3.6 MB of widget manager first: slow on a loaded machine
ARTIFACTS = harness.ROOT / "test-artifacts" / "replay"
COMMENT = "S starts the blank-four arm."


def export(path, widget) -> str:
    """``widget`` exported alone to ``path``; the page's HTML.

    Without ``state``, ``embed_minimal_html`` embeds the state of EVERY widget alive in the
    process: after the rest of the suite that is hundreds of Tables and Replays, each with
    its 60 KB front end (300 of them made a 46 MB page here), and the navigation to such a
    page stalled at "commit" past the 30 s timeout (0.5 s for the widget alone).
    ``dependency_state`` keeps the widget and the widgets it refers to."""
    embed.embed_minimal_html(path, views=[widget], state=embed.dependency_state([widget], drop_defaults=False),
                             drop_defaults=False, title=f"A {type(widget).__name__}, exported")
    return path.read_text(encoding="utf-8")


def embedded_models(html: str) -> set[str]:
    """The ids of the widgets whose state a page embeds."""
    found = re.search(r'<script type="application/vnd.jupyter.widget-state\+json">(.*?)</script>', html, re.S)
    return set(json.loads(found.group(1))["state"])


def test_an_export_holds_its_widget_alone_whatever_else_lives_in_the_kernel(tmp_path):
    others = [Replay(RECORD) for _ in range(3)]
    replay = Replay(RECORD)
    try:
        embedded = embedded_models(export(tmp_path / "alone.html", replay))
        assert replay.model_id in embedded and not embedded & {other.model_id for other in others}
        assert embedded - {replay.model_id} == {replay.layout.model_id}, "and its layout, nothing else"
    finally:
        for widget in (*others, replay):
            widget.close()


@pytest.fixture(scope="module")
def exported(tmp_path_factory) -> tuple[str, Replay]:
    harness.ensure_built(harness.REPLAY)
    record = json.loads(RECORD.read_text())
    record["comments"] = {"0:3": COMMENT}
    replay = Replay(record, hand=0, step=2)
    html = export(tmp_path_factory.mktemp("export") / "replay.html", replay)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "static_export.html").write_text(html, encoding="utf-8")
    return html, replay


@pytest.fixture(scope="module")
def browser(chromium):
    return chromium


def test_the_exported_page_carries_the_record_and_the_code(exported):
    html, replay = exported
    assert '"_esm"' in html and "dominoes-widget" in html, "the front end is in the page"
    assert '"view"' in html and hand_steps(replay.view["hands"][0])[1]["say"] in html, "and so is the whole record"
    assert '"step": 2' in html


def test_the_exported_page_steps_with_no_kernel(exported, browser):
    html, replay = exported
    requests: list[str] = []
    page = harness.open_export(browser, html, requests=requests)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        root = page.locator(".dominoes-widget")
        root.wait_for(timeout=EXPORT_LOAD_MS)
        steps = hand_steps(replay.view["hands"][0])
        assert page.locator(".dw-counter").inner_text() == "2 / 26", "opens where the notebook left it"
        assert page.locator(".dw-say").inner_text() == steps[2]["say"]

        page.locator('.dw-controls button[data-action="next"]').click()
        page.wait_for_function("document.querySelector('.dw-counter').textContent === '3 / 26'")
        assert page.locator(".dw-say").inner_text() == steps[3]["say"]
        page.locator('.dw-controls button[data-action="next"]').click()
        page.wait_for_function("document.querySelector('.dw-counter').textContent === '4 / 26'")
        assert COMMENT in page.locator(".dw-note").inner_text(), "the record's comment on move 3"
        line = page.locator("svg.dw-line").get_attribute("data-line").split()
        assert len(line) == 4

        root.focus()
        page.keyboard.press("End")
        page.wait_for_function("document.querySelector('.dw-counter').textContent === '26 / 26'")
        assert replay.view["hands"][0]["result"]["title"] in page.locator(".dw-result").inner_text()
        page.keyboard.press("PageDown")
        page.wait_for_function("document.querySelector('.dw-counter').textContent.startsWith('0 / ')")
        page.screenshot(path=str(ARTIFACTS / "static_export.png"), full_page=True)
    finally:
        page.close()
    assert not harness.page_errors(errors), f"errors in the page: {errors}"
    # Everything came from here: the page, and the three CDN files answered from node_modules.
    outside = [url for url in requests if not url.startswith(harness.ORIGIN)]
    assert outside and all(harness.cdn_file(url) is not None for url in outside), outside
    assert {harness.cdn_file(url).name for url in outside} == {"require.js", "embed-amd.js", "index.js"}


def test_an_exported_table_says_that_playing_needs_a_running_kernel(browser, tmp_path):
    harness.ensure_built(harness.TABLE)
    table = Table(seed=4, bot_delay=0, bots="greedy")  # S holds the 6-6 and poses it: no bot moves
    page = harness.open_export(browser, export(tmp_path / "table.html", table), viewport=harness.TABLE.viewport)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        status = page.locator(".dw-status")
        status.wait_for(timeout=EXPORT_LOAD_MS)
        assert page.locator(".dw-status-text").inner_text() == table.view["status"] == "Your turn: pose the 6-6"
        page.locator('.dw-hand-tile[data-tile="6-6"]').click()
        # model.send goes nowhere in this page: a few seconds later the status line says so
        page.wait_for_function("() => document.querySelector('.dw-status').classList.contains('dw-no-kernel')",
                               timeout=20_000)
        assert page.locator(".dw-status-text").inner_text() == ui_words("en")["no_kernel"]
        assert "dw-my-turn" not in status.get_attribute("class"), "and no longer says it is your turn"
        assert page.locator("svg.dw-line .dw-tile").count() == 0, "nothing was played"
        page.screenshot(path=str(ARTIFACTS / "static_export_table.png"), full_page=True)
    finally:
        page.close()
        table.close()
    assert not harness.page_errors(errors), f"errors in the page: {errors}"


NBCONVERT_OPTIONS = ["--to", "html", "--execute", "--ExecutePreprocessor.store_widget_state=False"]
"""docs/playing.md's command: execute, keep no widget state, so each output shows its picture."""


def test_nbconvert_without_widget_state_shows_each_widgets_picture_offline(browser, tmp_path):
    notebook = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_code_cell("from dominoes_widget import Replay, Table\n"
                                  "Table(seed=1, bot_delay=0, bots='greedy')"),
        nbformat.v4.new_code_cell(f"Replay.load({str(RECORD)!r}, step=3)"),
    ])
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)",
                                       "language": "python"}
    nbformat.write(notebook, tmp_path / "game.ipynb")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(harness.ROOT), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-m", "jupyter", "nbconvert", *NBCONVERT_OPTIONS, "game.ipynb"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    exported = tmp_path / "game.html"
    text = exported.read_text(encoding="utf-8")
    assert "application/vnd.jupyter.widget-view+json" not in text, "no widget view that would draw nothing"

    page = browser.new_page(viewport={"width": 1200, "height": 1400})
    outside: list[str] = []

    def offline(route):
        outside.append(route.request.url)
        route.abort()

    page.route("http*://**", offline)  # the template's CDN scripts (require.js, MathJax) fail, as offline
    try:
        page.goto(exported.as_uri())
        table = page.locator(".dominoes-table-static")
        replay = page.locator(".dominoes-replay-static")
        for picture in (table, replay):  # an image of the SVG, as untrusted notebooks show it too
            image = picture.locator("img").first
            image.wait_for(state="visible", timeout=10_000)
            page.wait_for_function("(img) => img.complete && img.naturalWidth > 0", arg=image.element_handle())
            box = image.bounding_box()
            assert box["width"] > 200 and box["height"] > 150, box
        assert "playing needs a running kernel" in table.inner_text()
        drawn = inline_svgs(table.inner_html())
        assert "<title>6-6</title>" in drawn, "S's tiles, face up"
        assert "last move by West (random bot): 6-3 on the right" in replay.locator("img").get_attribute("alt"), \
            "the replay at step 3"
        page.screenshot(path=str(ARTIFACTS / "nbconvert_no_widget_state.png"), full_page=True)
    finally:
        page.close()
    assert all(not url.startswith(("http://127.", "http://localhost")) for url in outside)
