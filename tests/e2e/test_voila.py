"""The Table served as a web app by Voilà (``voila notebooks/play.ipynb``): no code on the
page, a whole hand played by clicking against greedy bots, and the kernel's record agrees
with what the page shows. Picture: test-artifacts/e2e/test_a_whole_hand_in_voila.png.
"""

from __future__ import annotations

import sys

import pytest
from playwright.sync_api import expect

import browser_harness
from playing import PUZZLES_CELL, play_hand_by_clicking
from puzzle_fixture import WRONG_TRIED, answer_wrong_then_right
from servers import KERNEL_PRELUDE, folder_for_test, start_server, wait_json, watch, widget_front_ends, write_notebook

pytestmark = pytest.mark.e2e

SETUP = '''
from dominoes_widget import Table, verify_record

table = Table("six_love", seed=5, bots="greedy", bot_delay=0)

def dump(change=None):
    hand = table.hand or table.match.hand
    e2e_dump("state.json", {"phase": table.phase, "legal": table.view["legal"],
                            "moves": [str(m) for m in hand.moves], "result": table.view["result"],
                            "record": table.record, "problems": [str(p) for p in verify_record(table.record)[1]]})

table.observe(dump, "view")
dump()
table
'''

# Set when the Table's status line ever says that no kernel answered (it must not, here).
WATCH_NO_KERNEL = """() => {
  window.e2eNoKernel = false;
  new MutationObserver(() => { if (document.querySelector('.dw-no-kernel')) window.e2eNoKernel = true; })
    .observe(document.body, {subtree: true, attributes: true, attributeFilter: ['class']});
}"""


def voila_command(port: int, token: str, root) -> list:
    # a folder: Voilà lists it and serves each notebook at /voila/render/<path>
    return [sys.executable, "-m", "voila", str(root), "--no-browser", "--Voila.ip=127.0.0.1", f"--port={port}",
            "--Voila.port_retries=0", f"--token={token}"]


@pytest.fixture(scope="module")
def voila(request):
    with start_server(request, "voila", voila_command, ready="/", check=widget_front_ends) as server:
        yield server


def test_a_whole_hand_in_voila(voila, page, request):
    watch(page, request.node)
    folder = folder_for_test(voila, request)
    notebook = write_notebook(folder, "play", [KERNEL_PRELUDE, SETUP])
    page.goto(f"{voila.url}/voila/render/{folder.name}/{notebook.name}?token={voila.token}")
    widget = page.locator(".dw-table-widget")
    widget.wait_for(timeout=60_000)
    page.evaluate(WATCH_NO_KERNEL)
    assert page.locator(".jp-InputArea, .jp-CodeMirrorEditor, .cm-editor").count() == 0, "an app: no code"
    assert "Table(" not in page.locator("body").inner_text()

    state = play_hand_by_clicking(widget, lambda until=None: wait_json(page, folder / "state.json", until))

    expect(widget.locator(".dw-result-title")).to_have_text(state["result"]["title"])
    expect(widget.locator(".dw-move-list button[data-ply]")).to_have_count(len(state["moves"]) + 1)
    hand = state["record"]["hands"][0]
    assert hand["moves"] == state["moves"] and hand["result"]["winner_team"] in ("NS", "EW", None)
    assert state["problems"] == [], "the kernel's record verifies"
    assert sum(move.startswith("S ") for move in hand["moves"]) >= 3, "S played by clicking"
    assert page.evaluate("() => window.e2eNoKernel") is False, "a running kernel answered every click"


def test_the_table_fits_a_phone_in_voila(voila, page, request):
    """At 390x844 (Voilà on a phone) every part of the Table stays on the screen and no text is cut."""
    watch(page, request.node)
    page.set_viewport_size({"width": 390, "height": 844})
    folder = folder_for_test(voila, request)
    notebook = write_notebook(folder, "play", [KERNEL_PRELUDE, SETUP])
    page.goto(f"{voila.url}/voila/render/{folder.name}/{notebook.name}?token={voila.token}")
    widget = page.locator(".dw-table-widget")
    widget.wait_for(timeout=60_000)
    expect(widget.locator(".dw-hand button[data-tile]").first).to_be_visible()
    found = page.evaluate(browser_harness.OVERFLOW)
    assert found["width"] <= 390, f"the widget is wider than the phone: {found['width']}"
    assert found["problems"] == []
    page.screenshot(path=str(request.config.rootpath / "test-artifacts" / "e2e" / "voila-390x844.png"), full_page=True)


def test_puzzles_in_voila_on_a_phone(voila, page, request):
    """The Puzzles widget as a Voilà app at 390x844: wrong then right by clicks, the kernel's
    words shown and its state following; nothing sticks out and no text is cut."""
    watch(page, request.node)
    page.set_viewport_size({"width": 390, "height": 844})
    folder = folder_for_test(voila, request)
    notebook = write_notebook(folder, "puzzles", [KERNEL_PRELUDE, PUZZLES_CELL])
    page.goto(f"{voila.url}/voila/render/{folder.name}/{notebook.name}?token={voila.token}")
    answer_wrong_then_right(page.locator(".dw-puzzles-widget"))
    assert wait_json(page, folder / "puzzles.json", lambda s: s["solved"])["tried"] == WRONG_TRIED
    found = page.evaluate(browser_harness.OVERFLOW)
    assert found["width"] <= 390 and found["problems"] == [], found
    page.screenshot(path=str(request.config.rootpath / "test-artifacts" / "e2e" / "voila-puzzles-390x844.png"),
                    full_page=True)
