"""The Replay widget in real JupyterLab: buttons and keys step in the browser, and the
kernel's ``replay.hand``/``replay.step`` follow (so ``replay.position`` is where the
reader is). Keys must reach the widget, not Lab's notebook shortcuts."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from playing import click_move

pytestmark = pytest.mark.e2e

RECORD = Path(__file__).resolve().parent.parent / "data" / "records" / "six_love_match.json"

OPEN = f'''
from dominoes_widget import Replay

replay = Replay.load({str(RECORD)!r})

def dump(_change=None):
    e2e_dump("replay.json", {{"hand": replay.hand, "step": replay.step, "ply": replay.position.ply,
                             "move": str(replay.move) if replay.move else None}})

replay.observe(dump, ["hand", "step"])
replay
'''


def test_replay_steps_in_lab_and_the_kernel_follows(page, open_notebook, kernel_json):
    nb = open_notebook(page, [OPEN])
    root = nb.locator(".dominoes-widget")
    expect(root).to_be_visible()
    where = root.locator(".dw-counter")
    expect(where).to_have_text("0 / 26")

    for _ in range(3):
        root.locator('button[data-action="next"]').click()
    expect(where).to_have_text("3 / 26")
    state = kernel_json(page, "replay.json", until=lambda d: d["step"] == 3)
    assert state == {"hand": 0, "step": 3, "ply": 3, "move": "W 6-3 R"}

    root.focus()
    page.keyboard.press("End")
    expect(where).to_have_text("26 / 26")
    page.keyboard.press("PageDown")
    expect(where).to_have_text("0 / 12")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(where).to_have_text("2 / 12")
    assert kernel_json(page, "replay.json", until=lambda d: (d["hand"], d["step"]) == (1, 2))["ply"] == 2
    # the keys went to the widget: the notebook still has its one cell, and it is unchanged
    assert nb.locator(".jp-Cell").count() == 1


PLAY_FROM_HERE = f'''
from dominoes_widget import Replay

replay = Replay.load({str(RECORD)!r}, hand=1, step=5)

def dump_table(_change=None):
    table = replay.table
    e2e_dump("table.json", None if table is None else {{
        "moves": [str(m) for m in table.session.hand.moves], "turn": table.turn,
        "viewer": table.view["viewer"], "legal": table.view["legal"]}})

def on_table(change):
    if change["new"] is not None:
        change["new"].observe(dump_table, "view")
    dump_table()

replay.observe(on_table, "table")
replay
'''


def test_play_from_here_opens_a_live_table_under_the_board_where_a_click_plays(page, open_notebook, kernel_json,
                                                                               request):
    nb = open_notebook(page, [PLAY_FROM_HERE])
    root = nb.locator(".dw-replay-widget")
    expect(root.locator(".dw-counter")).to_have_text("5 / 12")
    button = nb.locator(".dw-play-panel button.dw-play-here")
    expect(button).to_be_visible()  # the kernel answered the widget's hello
    button.click()
    state = kernel_json(page, "table.json", until=lambda d: d is not None)
    assert len(state["moves"]) == 5 and state["turn"] == state["viewer"], "the position shown, you to move"
    table = nb.locator(".dw-play-panel .dominoes-widget")
    expect(table).to_be_visible()
    expect(table.locator(".dw-move-list button[data-ply]")).to_have_count(6)  # the deal and five moves
    move = state["legal"][0]
    click_move(table, move)
    state = kernel_json(page, "table.json", until=lambda d: d is not None and len(d["moves"]) > 5)
    assert state["moves"][5] == move, "the click played the move"
    # the page shows the move too (the bots may answer on after it)
    expect(table.locator(".dw-move-list button[data-ply]").nth(6)).to_be_attached()
    table.scroll_into_view_if_needed()
    page.screenshot(path=str(request.config.rootpath / "test-artifacts" / "e2e" / "replay-play-from-here.png"))
    # the replay stayed where it was: the table's clicks are the table's
    expect(root.locator(".dw-counter")).to_have_text("5 / 12")
    nb.locator(".dw-play-panel button.dw-close-table").click()
    assert kernel_json(page, "table.json", until=lambda d: d is None) is None
    expect(table).to_have_count(0)


# bounds a hang of the whole match's analysis in the kernel: about 30 s on an idle machine, over
# 7 min on one shared by many test runs (a wait ends when the page shows its analysis, never later)
ANALYSIS_BOUND = 600_000

ANALYSING = f'''
from dominoes_widget import Replay

replay = Replay.load({str(RECORD)!r}, analysis=True)
replay.observe(lambda _c: e2e_dump("step.json", {{"step": replay.step, "analysing": bool(replay.analysing)}}), "step")
replay
'''


def test_analysis_true_shows_the_board_with_a_bar_and_the_kernel_answers_while_it_analyses(page, open_notebook,
                                                                                          kernel_json, request):
    nb = open_notebook(page, [ANALYSING])  # the cell finishes at once: the analysis runs after it
    root = nb.locator(".dw-replay-widget")
    bar = root.locator(".dw-analysis-progress")
    expect(bar).to_be_visible()
    expect(bar.locator(".dw-progress-text")).to_contain_text("Analysing the decisions:")
    # the time left shows once the first decisions are judged: judging work, bounded as the analysis is
    expect(bar.locator(".dw-progress-text")).to_contain_text("left", timeout=ANALYSIS_BOUND)
    bar.scroll_into_view_if_needed()
    page.screenshot(path=str(request.config.rootpath / "test-artifacts" / "e2e" / "replay-analysing.png"))
    root.locator('button[data-action="next"]').click()
    state = kernel_json(page, "step.json", until=lambda d: d["step"] == 1)
    assert state["analysing"], "the kernel followed the step while it was still analysing"
    expect(root.locator(".dw-analysis")).to_be_visible(timeout=ANALYSIS_BOUND)
    expect(bar).to_be_hidden()
    expect(root.locator(".dw-move-list .dw-move-mark").first).to_be_attached()
    # the whole match's chart, wide under the board: hover says the move and chance, a click goes there
    root.locator("button.dw-match-toggle").click()
    chart = root.locator(".dw-wide-chart .dw-strip-box")
    expect(chart).to_be_visible()
    box = chart.bounding_box()
    assert box["width"] >= root.locator(".dw-board").bounding_box()["width"] - 2 and box["height"] >= 150
    page.mouse.move(box["x"] + box["width"] * 0.3, box["y"] + box["height"] / 2)
    tip = root.locator(".dw-strip-tip")
    expect(tip).to_contain_text("%")
    page.screenshot(path=str(request.config.rootpath / "test-artifacts" / "e2e" / "replay-chart-lab.png"))
