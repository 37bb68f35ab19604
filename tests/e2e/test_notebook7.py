"""The widgets in Jupyter Notebook 7 (``jupyter notebook``): they render, a click on the
Table reaches the kernel and the bots answer, the Replay steps with the kernel following, and
a puzzle is answered wrong then right by clicking. Pictures:
test-artifacts/e2e/test_table_and_replay_in_notebook_7.png and
test-artifacts/e2e/test_a_puzzle_answered_wrong_then_right_in_notebook_7.png.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from browser_harness import RECORDS
from playing import PUZZLES_CELL
from puzzle_fixture import WRONG_TRIED, answer_wrong_then_right
from servers import (folder_for_test, jupyter_command, run_notebook, start_server, wait_json, watch,
                     widget_front_ends, write_notebook)

pytestmark = pytest.mark.e2e

CELLS = [
    '''
from dominoes_widget import Replay, Table

table = Table(seed=4, bot_delay=0, bots="greedy")  # you hold the 6-6 and pose it
table.observe(lambda _: e2e_dump("table.json", {"moves": table.state["moves"], "turn": table.turn,
                                                "legal": table.view["legal"]}), "view")
table
''',
    f'''
replay = Replay.load({str(RECORDS / "six_love_match.json")!r})
replay.observe(lambda _: e2e_dump("replay.json", {{"hand": replay.hand, "step": replay.step,
                                                  "move": str(replay.move)}}), ["hand", "step"])
replay
''',
]


@pytest.fixture(scope="module")
def notebook7(request):
    command = jupyter_command("notebook", "--JupyterNotebookApp.expose_app_in_browser=True")
    with start_server(request, "jupyter-notebook", command, ready="/tree", check=widget_front_ends) as server:
        yield server


def test_table_and_replay_in_notebook_7(notebook7, page, request):
    watch(page, request.node)
    folder = folder_for_test(notebook7, request)
    notebook = write_notebook(folder, "both", CELLS)
    path = f"{folder.name}/{notebook.name}"
    panel = run_notebook(page, notebook7, f"{notebook7.url}/notebooks/{path}?token={notebook7.token}", path)
    table, replay = panel.locator(".dw-table-widget"), panel.locator(".dw-replay-widget")
    expect(table.locator(".dw-status-text")).to_have_text("Your turn: pose the 6-6")
    expect(replay.locator(".dw-counter")).to_have_text("0 / 26")

    table.locator('.dw-hand-tile[data-tile="6-6"]').click()
    state = wait_json(page, folder / "table.json", lambda s: s["turn"] == "S" and len(s["moves"]) >= 2)
    assert state["moves"][0] == "S 6-6" and len(state["moves"]) >= 2, "the kernel played it and the bots answered"
    expect(table.locator("svg.dw-line .dw-tile")).to_have_count(len(state["moves"]) - sum(
        m.endswith("pass") for m in state["moves"]))

    replay.locator('button[data-action="next"]').click()
    replay.locator('button[data-action="next"]').click()
    expect(replay.locator(".dw-counter")).to_have_text("2 / 26")
    assert wait_json(page, folder / "replay.json", lambda d: d["step"] == 2)["hand"] == 0
    table.scroll_into_view_if_needed()  # the picture shows the table after the bots' answer


def test_a_puzzle_answered_wrong_then_right_in_notebook_7(notebook7, page, request):
    watch(page, request.node)
    folder = folder_for_test(notebook7, request)
    notebook = write_notebook(folder, "puzzles", [PUZZLES_CELL])
    path = f"{folder.name}/{notebook.name}"
    panel = run_notebook(page, notebook7, f"{notebook7.url}/notebooks/{path}?token={notebook7.token}", path)
    widget = panel.locator(".dw-puzzles-widget")
    answer_wrong_then_right(widget)
    state = wait_json(page, folder / "puzzles.json", lambda s: s["solved"])
    assert (state["tried"], state["score"]) == (WRONG_TRIED, 0)
    widget.locator("button[data-action='next']").click()
    expect(widget.locator(".dw-puzzle-number")).to_have_text("Puzzle 2 of 3")
    assert wait_json(page, folder / "puzzles.json", lambda s: s["number"] == 2)["solved"] is False
