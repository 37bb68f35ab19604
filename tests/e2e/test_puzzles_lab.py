"""The Puzzles widget in real JupyterLab, against its kernel: a puzzle answered wrong then right
by clicking tiles, the words the kernel sent shown, and the kernel's own state following; H
and N reach the widget, not Lab's notebook shortcuts."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from playing import PUZZLES_CELL
from puzzle_fixture import WRONG_TILE, WRONG_TRIED, answer_wrong_then_right

pytestmark = pytest.mark.e2e


def test_a_puzzle_answered_wrong_then_right_in_lab(page, open_notebook, kernel_json):
    nb = open_notebook(page, [PUZZLES_CELL])
    root = nb.locator(".dw-puzzles-widget")
    answer_wrong_then_right(root)
    state = kernel_json(page, "puzzles.json", until=lambda d: d["solved"])
    assert (state["tried"], state["title"], state["score"]) == (WRONG_TRIED, "Right!", 0)
    root.locator(f".dw-puzzle-hand button[data-tile='{WRONG_TILE}']").click(force=True)  # solved: the kernel says why not
    expect(root.locator(".dw-puzzle-message")).to_have_text("This puzzle is solved: press Next for another.")
    root.focus()
    page.keyboard.press("n")
    expect(root.locator(".dw-puzzle-number")).to_have_text("Puzzle 2 of 3")
    page.keyboard.press("h")
    expect(root.locator(".dw-puzzle-hints li")).to_have_count(1)
    assert kernel_json(page, "puzzles.json", until=lambda d: d["hints"] == 1)["number"] == 2
    assert nb.locator(".jp-Cell").count() == 1, "the keys went to the widget, not to Lab"
