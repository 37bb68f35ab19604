"""The coach in a real JupyterLab: the person's position is judged in the background as their
turn starts, so a Hint pressed after a pause shows at once (never "Thinking…"), and one pressed
at the turn's start shows after the judgement. Pictures: test-artifacts/e2e/<test>.png, and the
hint after a pause at 1366x768 and 390x844 in light and dark: hint-lab-<size>-<theme>.png."""

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


# The same for a plain round trip to the kernel: the counting panel's toggle, until the view says it is open.
ROUND_TRIP_JS = """async () => {
  const root = document.querySelector('.dominoes-widget');
  const toggle = root.querySelector('.dw-counting-toggle');
  const start = performance.now();
  toggle.click();
  return await new Promise((resolve) => {
    const giveUp = setTimeout(() => resolve(null), 30000);
    const check = () => {
      if (toggle.getAttribute('aria-pressed') === 'true') {
        clearTimeout(giveUp);
        resolve(performance.now() - start);
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


def test_a_hint_after_a_pause_shows_at_once(page, open_notebook, kernel_json, request):
    widget, _ = _your_turn(page, open_notebook, kernel_json, seed=5)
    # the person thinks: the kernel judges their position meanwhile, in its worker
    kernel_json(page, "coach.json", until=lambda s: s["waiting"] == 0)
    round_trip = page.evaluate(ROUND_TRIP_JS)  # what any click to the kernel takes on this machine now
    shown = page.evaluate(HINT_JS)
    print(f"hint after a pause: {shown['ms']:.0f} ms from the click to the moves on screen "
          f"(a plain round trip to the kernel just before: {round_trip:.0f} ms)")
    assert shown["ms"] is not None and not shown["thinking"], "the hint came with its moves, no Thinking… between"
    expect(widget.locator(".dw-hint-moves li").first).to_be_visible()
    state = kernel_json(page, "coach.json")
    assert state["hint"] == {"thinking": False, "moves": state["hint"]["moves"]} and state["hint"]["moves"] >= 1
    _pictures(page, widget, request, "hint-lab")


# Lab's dark theme applied and drawn: its stylesheet has come (the flag on the body flips before).
DARK_DRAWN = """() => {
  if (document.body.dataset.jpThemeLight !== 'false') return false;
  const probe = document.createElement('div');
  probe.style.background = 'var(--jp-layout-color0)';
  document.body.append(probe);
  const [r, g, b] = (getComputedStyle(probe).backgroundColor.match(/\\d+/g) || [255, 255, 255]).map(Number);
  probe.remove();
  return r + g + b < 200;
}"""


def _pictures(page, widget, request, name: str) -> None:
    """The hint shown, pictured at 1366x768 and 390x844, in Lab's light and dark themes:
    test-artifacts/e2e/<name>-<size>-<theme>.png, the hint's moves scrolled into sight."""
    from browser_harness import still
    from servers import artifacts_dir

    for theme in ("light", "dark"):
        if theme == "dark":
            page.evaluate("() => window.jupyterapp.commands.execute('apputils:change-theme', {theme: 'JupyterLab Dark'})")
            page.wait_for_function(DARK_DRAWN, timeout=60_000)
        for width, height in ((1366, 768), (390, 844)):
            page.set_viewport_size({"width": width, "height": height})
            if width < 600:  # a phone's width: the notebook alone, as a person would have it there
                page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
            widget.locator(".dw-hint-moves").evaluate("el => el.scrollIntoView({block: 'center'})")
            still(page)
            expect(widget.locator(".dw-hint-moves li").first).to_be_in_viewport()
            page.screenshot(path=str(artifacts_dir(request.config) / f"{name}-{width}x{height}-{theme}.png"))


HINT_DRAWN = """el => ({
  words: el.querySelector('.dw-hint-words')?.textContent ?? '',
  busy: el.querySelector('.dw-hint')?.getAttribute('aria-busy') ?? null,
})"""


def test_a_hint_at_the_turns_start_follows_its_judgement(page, open_notebook, kernel_json, request):
    from servers import artifacts_dir

    widget, _ = _your_turn(page, open_notebook, kernel_json, seed=5)
    widget.locator(".dw-hint").click()  # at once: the judgement is likely still under way
    expect(widget.locator(".dw-hint-words")).to_be_visible(timeout=60_000)
    # the words and the button read in one go: the judgement may finish between two reads
    drawn = widget.evaluate(HINT_DRAWN)
    if drawn["words"].startswith("Thinking"):
        assert drawn["busy"] == "true", f"the hint says it is thinking, and its button should say so too: {drawn}"
        widget.screenshot(path=str(artifacts_dir(request.config) / "hint-thinking.png"))
    expect(widget.locator(".dw-hint-moves li").first).to_be_visible(timeout=60_000)
    expect(widget.locator(".dw-hint")).not_to_have_attribute("aria-busy", "true")
    state = kernel_json(page, "coach.json", until=lambda s: s["hint"] and not s["hint"]["thinking"])
    assert state["hint"]["moves"] >= 2
