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
    expect(bar.locator(".dw-progress-text")).to_contain_text("Judging hand 1 of 5…")
    # the time left shows once the first decisions are judged: judging work, bounded as the analysis is
    expect(bar.locator(".dw-progress-text")).to_contain_text("left", timeout=ANALYSIS_BOUND)
    bar.scroll_into_view_if_needed()
    page.screenshot(path=str(request.config.rootpath / "test-artifacts" / "e2e" / "replay-analysing.png"))
    root.locator('button[data-action="next"]').click()
    state = kernel_json(page, "step.json", until=lambda d: d["step"] == 1)
    assert state["analysing"], "the kernel followed the step while it was still analysing"
    expect(root.locator(".dw-analysis")).to_be_visible(timeout=ANALYSIS_BOUND)  # the first hand's, as soon as it is judged
    expect(bar).to_be_hidden(timeout=ANALYSIS_BOUND)  # and the bar goes with the last
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


ROOT = Path(__file__).resolve().parents[2]
TEN_HANDS = ROOT / "tests" / "data" / "records" / "six_love_10_hands.json"
TEN_HANDS_ANALYSIS = ROOT / "tests" / "data" / "six_love_10_hands.analysis.json"

LEARN = f'''
from dominoes_widget import Replay

replay = Replay({str(TEN_HANDS)!r}, analysis={str(TEN_HANDS_ANALYSIS)!r}, learn="S")
replay.observe(lambda _c: e2e_dump("drill.json", {{key: replay.mistakes.get(key) for key in ("status", "tried", "reply")}}),
               "mistakes")
replay
'''

# The notebook's visible area (its scrolling box, clipped to the window) and the drill's parts
# in the same coordinates, once the widget's top is brought to the area's top.
DRILL_IN_VIEW = """([panel, parts]) => {
  const scroller = panel.querySelector('.jp-WindowedPanel-outer') ?? panel.querySelector('.jp-Notebook');
  panel.querySelector('.dw-replay-widget').scrollIntoView({block: 'start'});
  const s = scroller.getBoundingClientRect();
  const area = {top: s.top, bottom: Math.min(s.bottom, window.innerHeight), left: s.left, right: Math.min(s.right, window.innerWidth)};
  const inside = Object.fromEntries(parts.map((selector) => {
    const r = panel.querySelector(selector).getBoundingClientRect();
    return [selector, r.height > 0 && r.top >= area.top - 1 && r.bottom <= area.bottom + 1
            && r.left >= area.left - 1 && r.right <= area.right + 1];
  }));
  return {inside, area};
}"""
DRILL_PARTS = [".dw-felt", "svg.dw-line", ".dw-learn-tray", ".dw-learn-feedback", ".dw-learn-answer", ".dw-learn-why",
               ".dw-learn-next"]


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_drill_in_lab_at_1366x768_shows_the_board_the_try_and_the_answer_together(browser, open_notebook,
                                                                                     kernel_json, request, theme):
    """Learn from your mistakes in JupyterLab on a 1366x768 screen: two wrong tries (the kernel
    refuses each with the points it gives away), then the answer; the felt with its line, the
    tiles to try, the feedback and the answer with why are all in the notebook's visible area
    at once (the drill's panel stands beside the felt), with the widget's top at the area's top."""
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    context.set_default_timeout(30_000)
    request.node._e2e_contexts = [*getattr(request.node, "_e2e_contexts", []), context]
    page = context.new_page()
    nb = open_notebook(page, [LEARN], name=f"learn-{theme}")
    page.evaluate("(theme) => window.jupyterapp.commands.execute('apputils:change-theme', {theme})",
                  f"JupyterLab {theme.title()}")
    page.wait_for_function(f"() => document.body.dataset.jpThemeLight === '{str(theme == 'light').lower()}'",
                           timeout=60_000)
    root = nb.locator(".dw-replay-widget")
    expect(root.locator(".dw-learn")).to_be_visible()
    expect(root.locator(".dw-learn-heading")).to_have_text("Mistake 1 of 5: hand 4, move 9")
    root.locator('.dw-learn-tile[data-tile="1-3"]').click()
    assert kernel_json(page, "drill.json", until=lambda d: d["status"] == "again") == \
        {"status": "again", "tried": "S 1-3 L", "reply": {"loss": 9, "note": ""}}
    expect(root.locator(".dw-learn-feedback")).to_have_text("1-3 on the left gives away about 9 points: try again.")
    root.locator('.dw-learn-tile[data-tile="1-6"]').click()
    root.locator('.dw-learn-choice button[data-end="R"]').click()
    state = kernel_json(page, "drill.json", until=lambda d: d["status"] == "answered")
    assert state["tried"] == "S 6-1 R" and state["reply"]["loss"] >= 5 and "belongs on the left" in state["reply"]["note"]
    expect(root.locator(".dw-learn-answer")).to_have_text("The answer: South: 1-6 on the left")
    expect(root.locator("svg.dw-line .dw-ghost-move")).to_have_count(1)
    seen = page.evaluate(DRILL_IN_VIEW, [nb.element_handle(), DRILL_PARTS])
    page.screenshot(path=str(request.config.rootpath / "test-artifacts" / "e2e" / f"replay-learn-lab-{theme}.png"))
    assert seen["inside"] == dict.fromkeys(DRILL_PARTS, True), seen


LEARN_WHILE_JUDGING = f'''
from dominoes_widget import Replay

replay = Replay.load({str(RECORD)!r}, analysis=True, bottom="{{seat}}")

def dump(_change=None):
    e2e_dump("drill.json", {{"mistakes": {{k: v for k, v in replay.mistakes.items() if k != "exercise"}},
                             "exercise": (replay.mistakes.get("exercise") or {{}}).get("ply"),
                             "analysing": replay.analysing}})
    if replay.mistakes.get("tried"):  # the test is over: judge no more for it
        replay.analysis_task.cancel()

replay.observe(dump, "mistakes")
replay
'''
LEARNER = "W"
"""A seat with a mistake in the first hands of the record (and more after)."""


@pytest.mark.parametrize("size", [(1366, 768), (390, 844)], ids=["1366x768", "390x844"])
def test_learn_from_your_mistakes_starts_while_the_rest_is_judged(page, open_notebook, kernel_json, request, size):
    """Issue 37: with ``analysis=True`` the drill is offered at once; pressed, it waits for the
    seat's first mistake, opens it while "Judging hand N of M…" still shows, and a try counts."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    nb = open_notebook(page, [LEARN_WHILE_JUDGING.replace("{seat}", LEARNER)])
    page.evaluate("window.jupyterapp.shell.collapseLeft()")  # the notebook gets the width (a phone's, at 390)
    root = nb.locator(".dw-replay-widget")
    expect(root.locator(".dw-analysis-progress .dw-progress-text")).to_contain_text("Judging hand 1 of 5")
    start = nb.locator(".dw-learn-start")
    expect(start).to_be_visible()  # before any hand is judged
    assert nb.locator(".dw-learn-seat").input_value() == LEARNER
    start.click()
    panel = root.locator(".dw-learn")
    expect(panel).to_be_visible()
    coming = panel.locator(".dw-learn-coming")
    expect(coming).to_contain_text("Judging hand")
    tile = panel.locator(".dw-learn-tile:not([disabled])").first
    expect(tile).to_be_visible(timeout=300_000)  # the first mistake found
    expect(panel.locator(".dw-learn-heading")).to_contain_text("found so far")
    expect(coming).to_contain_text("Judging hand")  # while the rest is judged
    state = kernel_json(page, "drill.json", until=lambda d: d["exercise"] is not None)
    assert state["analysing"] and state["analysing"]["done"] < state["analysing"]["total"], \
        "the drill started before the analysis ended"
    assert state["mistakes"]["status"] == "trying" and state["mistakes"]["coming"].startswith("Judging hand")
    root.evaluate("node => node.scrollIntoView({block: 'start'})")
    page.screenshot(path=str(request.config.rootpath / "test-artifacts" / "e2e" /
                             f"replay-learn-while-judging-{size[0]}x{size[1]}.png"))
    tile.click()
    choice = panel.locator(".dw-learn-choice:not([hidden]) button").first
    if choice.count():  # a tile that fits both ends asks which
        choice.click()
    expect(panel.locator(".dw-learn-feedback")).to_be_visible()
    state = kernel_json(page, "drill.json", until=lambda d: d["mistakes"].get("tried"))
    assert state["mistakes"]["status"] in ("solved", "again")
