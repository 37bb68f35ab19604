"""The widgets in marimo (``mo.ui.anywidget(...)``), served by ``marimo run`` on a folder:
the project's ``notebooks/play_marimo.py`` shows a Table and a Replay, and a small app of
this test checks that a click on the Table reaches the kernel and the bots answer, and another
that the Puzzles widget answers clicks from its kernel. marimo's
base stylesheet resets lists (``menu, ol, ul { list-style: none }``), so the test reads
the markers of the score notes and the move numbers as drawn.
Pictures: test-artifacts/e2e/test_*_marimo*.png.
"""

from __future__ import annotations

import shutil
import sys

import pytest
from playwright.sync_api import expect

from browser_harness import ROOT
from puzzle_fixture import WRONG_TRIED, answer_wrong_then_right
from servers import start_server, wait_json, watch

pytestmark = pytest.mark.e2e

NOTEBOOK = ROOT / "notebooks" / "play_marimo.py"
RECORD = ROOT / "tests" / "data" / "records" / "six_love_match.json"

# The test's own app: a seeded Table whose observer writes the kernel's state to a file.
APP = '''
import marimo

app = marimo.App(width="full")


@app.cell
def _():
    import json

    import marimo as mo

    from dominoes_widget import Table
    return Table, json, mo


@app.cell
def _(Table, json, mo):
    game = Table(seed=4, bot_delay=0, bots="greedy")  # S holds the 6-6 and poses it

    def dump(change=None):
        state = {"moves": game.state["moves"], "turn": game.turn, "legal": game.view["legal"]}
        (mo.notebook_dir() / "state.json").write_text(json.dumps(state))

    game.observe(dump, "view")
    table = mo.ui.anywidget(game)
    table
    return (table,)
'''

# The Puzzles widget's app: the tests' small puzzles, the kernel's state written to a file.
PUZZLES_APP = f'''
import marimo

app = marimo.App(width="full")


@app.cell
def _():
    import json
    import sys

    import marimo as mo

    sys.path.insert(0, {str(ROOT / "tests")!r})
    from puzzle_fixture import fixture_puzzles
    from dominoes_widget import Puzzles
    return Puzzles, fixture_puzzles, json, mo


@app.cell
def _(Puzzles, fixture_puzzles, json, mo):
    puzzles = Puzzles(fixture_puzzles())

    def dump(change=None):
        state = puzzles.view
        (mo.notebook_dir() / "state.json").write_text(json.dumps({{"tried": state["tried"], "solved": state["solved"]}}))

    puzzles.observe(dump, "view")
    shown = mo.ui.anywidget(puzzles)
    shown
    return (shown,)
'''


# The lists' markers as the browser draws them, inside marimo's shadow roots.
LIST_MARKERS = """(root) => {
  const notes = [...root.querySelectorAll('.dw-score-notes li')];
  const moves = [...root.querySelectorAll('.dw-move-list button[data-ply]')];
  const before = (el) => getComputedStyle(el, '::before');
  return {
    notes: notes.map((li) => [getComputedStyle(li).display, getComputedStyle(li).listStyleType]),
    moveList: getComputedStyle(root.querySelector('.dw-move-list')).counterReset,
    moves: moves.slice(0, 3).map((b) => [before(b).content, before(b).display]),
  };
}"""


def marimo_command(port: int, token: str, root) -> list:
    # A folder: each notebook in it is served at /?file=<name>. No token (loopback only),
    # no browser; the update check and telemetry belong to `marimo edit`, not `marimo run`.
    (root / "app.py").write_text(APP, encoding="utf-8")
    (root / "puzzles_app.py").write_text(PUZZLES_APP, encoding="utf-8")
    shutil.copy(NOTEBOOK, root / NOTEBOOK.name)
    (root / "records").mkdir(exist_ok=True)
    shutil.copy(RECORD, root / "records" / RECORD.name)
    return [sys.executable, "-m", "marimo", "run", str(root), "--headless", "--no-token", "--host", "127.0.0.1",
            "--port", str(port)]


@pytest.fixture(scope="module")
def marimo(request):
    with start_server(request, "marimo", marimo_command, ready="/health") as server:
        yield server


def open_app(page, marimo, name: str, request):
    watch(page, request.node)
    # marimo's own page asks for nothing outside, but a font or a CDN must never be reached
    page.route("**/*", lambda route: route.continue_() if route.request.url.startswith(marimo.url)
               else route.abort())
    page.goto(f"{marimo.url}/?file={name}")


def test_the_marimo_notebook_shows_both_widgets_with_their_list_markers(marimo, page, request):
    open_app(page, marimo, NOTEBOOK.name, request)
    table, replay = page.locator(".dw-table-widget"), page.locator(".dw-replay-widget")
    expect(table).to_be_visible(timeout=60_000)
    expect(replay).to_be_visible(timeout=60_000)
    expect(replay.locator(".dw-counter")).to_have_text("0 / 26")
    replay.locator('button[data-action="end"]').click()
    expect(replay.locator(".dw-counter")).to_have_text("26 / 26")
    markers = replay.evaluate(LIST_MARKERS)
    assert markers["notes"] and all(style == ["list-item", "disc"] for style in markers["notes"]), markers
    assert markers["moveList"] == "dw-move -1", markers
    deal, first, second = markers["moves"]
    assert deal[0] == '""' and first[0] == second[0] == 'counter(dw-move) "."', markers
    assert first[1] != "none", "the move numbers are drawn"


def test_a_click_in_marimo_reaches_the_kernel(marimo, page, request):
    open_app(page, marimo, "app.py", request)
    table = page.locator(".dw-table-widget")
    expect(table.locator(".dw-status-text")).to_have_text("Your turn: pose the 6-6", timeout=60_000)
    table.locator('.dw-hand-tile[data-tile="6-6"]').click()
    state = wait_json(page, marimo.root_dir / "state.json", lambda s: s["turn"] == "S" and len(s["moves"]) >= 4)
    assert state["moves"][0] == "S 6-6", "the kernel played the click, and the bots answered"
    expect(table.locator(".dw-move-list button[data-ply]")).to_have_count(len(state["moves"]) + 1)
    expect(table.locator(".dw-status-text")).to_have_text("Your turn")


def test_puzzles_in_marimo_answer_wrong_then_right(marimo, page, request):
    """A wrong then a right click reach the kernel and its words come back; the hints and the
    hand so far keep their numbers under marimo's list reset."""
    open_app(page, marimo, "puzzles_app.py", request)
    widget = page.locator(".dw-puzzles-widget")
    answer_wrong_then_right(widget)
    assert wait_json(page, marimo.root_dir / "state.json", lambda s: s["solved"])["tried"] == WRONG_TRIED
    widget.locator("button[data-action='hint']").click()
    expect(widget.locator(".dw-puzzle-hints li")).to_have_count(1)
    markers = widget.evaluate("(root) => [...root.querySelectorAll('.dw-puzzle-hints, .dw-puzzle-story')]"
                              ".map((ol) => getComputedStyle(ol).listStyleType)")
    assert markers == ["decimal", "decimal"], markers
