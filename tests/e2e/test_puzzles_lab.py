"""The Puzzles widget in real JupyterLab, against its kernel: a puzzle answered wrong then right
by clicking tiles, the words the kernel sent shown, and the kernel's own state following; H
and N reach the widget, not Lab's notebook shortcuts."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

TESTS = Path(__file__).resolve().parent.parent

OPEN = f'''
import sys
sys.path.insert(0, {str(TESTS)!r})
from puzzle_fixture import fixture_puzzles
from dominoes_widget import Puzzles

puzzles = Puzzles(fixture_puzzles())

def dump(_change=None):
    state = puzzles.state
    e2e_dump("puzzles.json", {{"number": state["number"], "score": state["score"], "tried": state["tried"],
                              "solved": state["solved"], "hints": len(state["hints"]),
                              "title": state["feedback"] and state["feedback"]["title"]}})

puzzles.observe(dump, "state")
puzzles
'''


def test_a_puzzle_answered_wrong_then_right_in_lab(page, open_notebook, kernel_json):
    nb = open_notebook(page, [OPEN])
    root = nb.locator(".dw-puzzles-widget")
    expect(root).to_be_visible()
    expect(root.locator(".dw-puzzle-number")).to_have_text("Puzzle 1 of 3")
    root.locator(".dw-puzzle-hand button[data-tile='5-6']").click()
    feedback = root.locator(".dw-puzzle-feedback")
    expect(feedback).to_contain_text("Not the best move: try again.")
    expect(feedback).to_contain_text("points less than 6-2 on the right")
    assert kernel_json(page, "puzzles.json", until=lambda d: d["tried"])["tried"] == ["N 6-5 R"]
    root.locator(".dw-puzzle-hand button[data-tile='2-6']").click()
    expect(feedback).to_contain_text("Right!")
    expect(feedback).to_contain_text("6-2 on the right keeps your partner's 3 open.")
    state = kernel_json(page, "puzzles.json", until=lambda d: d["solved"])
    assert (state["title"], state["score"]) == ("Right!", 0)
    root.locator(".dw-puzzle-hand button[data-tile='5-6']").click(force=True)  # solved: the kernel says why not
    expect(root.locator(".dw-puzzle-message")).to_have_text("This puzzle is solved: press Next for another.")
    root.focus()
    page.keyboard.press("n")
    expect(root.locator(".dw-puzzle-number")).to_have_text("Puzzle 2 of 3")
    page.keyboard.press("h")
    expect(root.locator(".dw-puzzle-hints li")).to_have_count(1)
    assert kernel_json(page, "puzzles.json", until=lambda d: d["hints"] == 1)["number"] == 2
    assert nb.locator(".jp-Cell").count() == 1, "the keys went to the widget, not to Lab"
