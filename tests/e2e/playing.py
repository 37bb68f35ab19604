"""Playing the Table by clicking, the way a person does, in any front end (JupyterLab,
Notebook 7, Voilà): the kernel's state is read from the file its observer writes.

:data:`PUZZLES_CELL` is the notebook cell that shows the tests' three puzzles and writes the
kernel's state to ``puzzles.json``; ``puzzle_fixture.answer_wrong_then_right`` answers them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from playwright.sync_api import expect

__all__ = ["PUZZLES_CELL", "click_move", "play_hand_by_clicking"]

PUZZLES_CELL = f'''
import sys
sys.path.insert(0, {str(Path(__file__).resolve().parent.parent)!r})
from puzzle_fixture import fixture_puzzles
from dominoes_widget import Puzzles

puzzles = Puzzles(fixture_puzzles())

def dump(_change=None):
    state = puzzles.view
    e2e_dump("puzzles.json", {{"number": state["number"], "score": state["score"], "tried": state["tried"],
                              "solved": state["solved"], "hints": len(state["hints"]),
                              "title": state["feedback"] and state["feedback"]["title"]}})

puzzles.observe(dump, "view")
puzzles
'''


def click_move(widget, move: str) -> None:
    """Make ``move`` (record notation) the way a person does: click the tile, pick the end."""
    words = move.split()
    if words[1] == "pass":
        widget.locator("button.dw-pass").click()
        return
    if words[1] == "draw":
        widget.locator("button.dw-draw").click()
        return
    a, b = words[1].split("-")
    tile = f"{min(a, b)}-{max(a, b)}"
    widget.locator(f'.dw-hand-tile[data-tile="{tile}"]').click()
    if len(words) == 3:  # a tile that fits both ends asks which, in the status line (the browser alone)
        choice = widget.locator(f'.dw-choice button[data-end="{words[2]}"]')
        if choice.is_visible():
            choice.click()


def play_hand_by_clicking(widget, read_state: Callable[..., dict], prefer: str | None = None) -> dict:
    """Click S's legal moves until the hand ends; the kernel's last state.

    ``read_state(until=None)`` waits until the kernel's state file satisfies ``until`` and
    returns it: a dict with ``phase``, ``legal`` (S's moves when it is S's turn) and
    ``moves`` (this hand's moves in record notation).
    """
    state = read_state(until=lambda s: s["phase"] != "playing" or s["legal"])
    for _ in range(60):
        if state["phase"] in ("hand_over", "match_over"):
            return state
        assert state["phase"] == "playing" and state["legal"], state
        move = next((m for m in state["legal"] if prefer and prefer in m), state["legal"][0])
        assert move.split()[0] == "S"
        # the kernel wrote its state before the page got the view: click once the page shows it
        expect(widget.locator(".dw-move-list button[data-ply]")).to_have_count(len(state["moves"]) + 1)
        done = len(state["moves"])
        click_move(widget, move)
        # until S is to play again (the bots have answered) or the hand is over
        state = read_state(until=lambda s: s["phase"] != "playing" or (len(s["moves"]) > done and s["legal"]))
        assert any(m.startswith("S ") for m in state["moves"][done:]), (move, state["moves"][done:])
    raise AssertionError("the hand did not end")
