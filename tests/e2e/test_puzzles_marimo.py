"""The Puzzles widget in marimo (``mo.ui.anywidget(Puzzles(...))``, served by ``marimo run``):
a wrong then a right click reach the kernel and its words come back; the hints and the hand
so far keep their numbers under marimo's list reset. Picture: test-artifacts/e2e/."""

from __future__ import annotations

import sys

import pytest
from playwright.sync_api import expect

from browser_harness import ROOT
from servers import start_server, wait_json, watch

pytestmark = pytest.mark.e2e

APP = f'''
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
        state = puzzles.state
        (mo.notebook_dir() / "state.json").write_text(json.dumps({{"tried": state["tried"], "solved": state["solved"]}}))

    puzzles.observe(dump, "state")
    shown = mo.ui.anywidget(puzzles)
    shown
    return (shown,)
'''


def marimo_command(port: int, token: str, root) -> list:
    (root / "puzzles_app.py").write_text(APP, encoding="utf-8")
    return [sys.executable, "-m", "marimo", "run", str(root), "--headless", "--no-token", "--host", "127.0.0.1",
            "--port", str(port)]


@pytest.fixture(scope="module")
def marimo(request):
    with start_server(request, "marimo-puzzles", marimo_command, ready="/health") as server:
        yield server


def test_puzzles_in_marimo_answer_wrong_then_right(marimo, page, request):
    watch(page, request.node)
    page.route("**/*", lambda route: route.continue_() if route.request.url.startswith(marimo.url) else route.abort())
    page.goto(f"{marimo.url}/?file=puzzles_app.py")
    widget = page.locator(".dw-puzzles-widget")
    expect(widget.locator(".dw-puzzle-number")).to_have_text("Puzzle 1 of 3", timeout=60_000)
    widget.locator(".dw-puzzle-hand button[data-tile='5-6']").click()
    expect(widget.locator(".dw-puzzle-feedback")).to_contain_text("Not the best move: try again.")
    widget.locator(".dw-puzzle-hand button[data-tile='2-6']").click()
    expect(widget.locator(".dw-puzzle-feedback")).to_contain_text("Right!")
    state = wait_json(page, marimo.root_dir / "state.json",
                      lambda s: s["solved"])
    assert state["tried"] == ["N 6-5 R"]
    widget.locator("button[data-action='hint']").click()
    expect(widget.locator(".dw-puzzle-hints li")).to_have_count(1)
    markers = widget.evaluate("(root) => [...root.querySelectorAll('.dw-puzzle-hints, .dw-puzzle-story')]"
                              ".map((ol) => getComputedStyle(ol).listStyleType)")
    assert markers == ["decimal", "decimal"], markers
