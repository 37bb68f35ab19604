"""The coach in a real JupyterLab: the person's position is judged in the background as their
turn starts, so a Hint pressed after a pause shows at once (never "Thinking…"), and one pressed
at the turn's start shows after the judgement. Pictures: test-artifacts/e2e/<test>.png."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from playing import click_move

pytestmark = pytest.mark.e2e

SETUP = """
from dominoes_widget import Table
table = Table("six_love", seed={seed}, bot_delay=0, bots="greedy", coach=True)
judging = table.session.judging

def dump(_=None):
    hint = table.view["hint"]
    e2e_dump("coach.json", {{
        "turn": table.turn, "phase": table.phase, "legal": table.view["legal"], "moves": len(table.view["moves"]),
        "judging": None if judging is None else judging.where, "waiting": None if judging is None else judging.waiting,
        "hint": None if hint is None else {{"thinking": bool(hint.get("thinking")), "moves": len(hint["moves"])}},
    }})

told = judging.on_judged
def judged(key):
    told(key)
    dump()
judging.on_judged = judged
table.observe(dump, "view")
dump()
table
"""

# From the click to the coach's moves on screen, in ms, and whether "Thinking…" showed between.
HINT_JS = """async () => {
  const root = document.querySelector('.dominoes-widget');
  const button = root.querySelector('.dw-hint');
  const start = performance.now();
  let thinking = false;
  button.click();
  return await new Promise((resolve) => {
    const giveUp = setTimeout(() => resolve({ms: null, thinking}), 30000);
    const check = () => {
      const words = root.querySelector('.dw-hint-words')?.textContent ?? '';
      if (words.startsWith('Thinking')) thinking = true;
      if (root.querySelectorAll('.dw-hint-moves li').length > 0) {
        clearTimeout(giveUp);
        resolve({ms: performance.now() - start, thinking});
      } else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}"""


def _your_turn(page, open_notebook, kernel_json, seed: int):
    notebook = open_notebook(page, [SETUP.format(seed=seed)])
    widget = notebook.locator(".dominoes-widget")
    widget.wait_for(timeout=30_000)
    state = kernel_json(page, "coach.json", until=lambda s: s["turn"] == "S" and s["phase"] == "playing")
    assert state["judging"] == "worker", "the notebook's table judges in a worker process"
    while len(state["legal"]) < 2:  # on to a turn with a real choice (two or more different moves)
        click_move(widget, state["legal"][0])
        played = state["moves"]
        state = kernel_json(page, "coach.json", until=lambda s: s["moves"] > played and s["turn"] == "S"
                            and s["phase"] == "playing")
    expect(widget.locator(".dw-hint")).to_be_enabled()
    return widget, state


def test_a_hint_after_a_pause_shows_at_once(page, open_notebook, kernel_json):
    widget, _ = _your_turn(page, open_notebook, kernel_json, seed=5)
    # the person thinks: the kernel judges their position meanwhile, in its worker
    kernel_json(page, "coach.json", until=lambda s: s["waiting"] == 0)
    shown = page.evaluate(HINT_JS)
    print(f"hint after a pause: {shown['ms']:.0f} ms from the click to the moves on screen")
    assert shown["ms"] is not None and not shown["thinking"], "the hint came with its moves, no Thinking… between"
    expect(widget.locator(".dw-hint-moves li").first).to_be_visible()
    state = kernel_json(page, "coach.json")
    assert state["hint"] == {"thinking": False, "moves": state["hint"]["moves"]} and state["hint"]["moves"] >= 1


def test_a_hint_at_the_turns_start_follows_its_judgement(page, open_notebook, kernel_json):
    widget, _ = _your_turn(page, open_notebook, kernel_json, seed=5)
    shown = page.evaluate(HINT_JS)  # at once: the judgement may still be under way
    print(f"hint at the turn's start: {shown['ms']:.0f} ms (Thinking… shown first: {shown['thinking']})")
    assert shown["ms"] is not None
    expect(widget.locator(".dw-hint-moves li").first).to_be_visible()
    expect(widget.locator(".dw-hint")).not_to_have_attribute("aria-busy", "true")
