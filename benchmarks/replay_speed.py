"""How fast the Replay opens and steps through a 10-hand match, in headless Chromium.

Run: ``python benchmarks/replay_speed.py`` (builds the replay front end first if needed).
Bots play a 10-hand Six Love match (target raised so it lasts); then:

- ``payload``: the size of the ``view`` trait synced once to the browser;
- ``Replay(record)``: building the widget in Python (replaying, explaining every move);
- ``open``: ``render({model, el})`` with the fake model, until style and layout are done;
- ``open, static export``: an ``embed_minimal_html(..., drop_defaults=False)`` page opened
  offline, from navigation until the replay is drawn (loads require.js, the html-manager
  and anywidget: about 1.5 MB of JavaScript);
- ``step``: one key press (→ forward, ← back, and slider jumps), through the widget's own
  handlers, until the browser has recomputed style and layout; every step of every hand.

Targets (issue 4): at most 16 ms a step; opening under 1 s.

Needs the Python Replay's data v2 (js/PROTOCOL.md); until the v2 session lands,
``benchmarks/frontend_layout.py`` times the replay's steps on data made by the engine.
"""

from __future__ import annotations

import json
import random
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from dominoes_widget import Match, Rules, seat_view, write_record  # noqa: E402
from dominoes_widget.studies.bots import make_bot  # noqa: E402
from dominoes_widget.widgets.replay import Replay  # noqa: E402

import browser_harness as harness  # noqa: E402

STEP_BUDGET_MS = 16.0
OPEN_BUDGET_MS = 1000.0
HANDS = 10


def bot_match(hands: int = HANDS, seed: int = 2024) -> dict:
    """A record of ``hands`` hands of Six Love between greedy and random bots."""
    rules = Rules.six_love(target=50)
    match = Match(rules, seed=seed)
    rng = random.Random(seed)
    bots = {seat: make_bot("greedy" if seat in "NS" else "random", rng.randrange(2**32)) for seat in rules.seats}
    for _ in range(hands):
        hand = match.deal()
        while not hand.is_over:
            seat = hand.turn
            match.push(bots[seat].choose(seat_view(hand, seat, match.state)))
    players = {seat: f"bot:{'greedy' if seat in 'NS' else 'random'}" for seat in rules.seats}
    return write_record(match, players, {"0:0": "The 6-6 opens the match.", "5:3": "A comment halfway."})


def baseline_widget():
    """A one-line anywidget: what any widget costs to open in a static export."""
    import anywidget

    class Baseline(anywidget.AnyWidget):
        _esm = ('export default { render({ el }) { const d = document.createElement("div"); '
                'd.className = "dw-line-empty"; d.textContent = "baseline"; el.append(d); } };')

    return Baseline()


STEP_ALL = """
async ([runs]) => {
  const root = document.querySelector(".dw-replay-widget");
  const model = window.harness.model;
  const data = model.get("view");
  const flush = () => Promise.resolve();  // the widget draws in a microtask
  const press = async (key) => {
    const start = performance.now();
    root.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));
    await flush();
    void root.offsetHeight;  // style and layout of what changed
    return performance.now() - start;
  };
  const times = { forward: [], back: [], slider: [] };
  for (let run = 0; run < runs; run++) {
    model.set("hand", 0); model.set("step", 0);
    await flush();
    const total = data.hands.reduce((n, h) => n + h.moves.length + 1, 0) - 1;
    for (let i = 0; i < total; i++) times.forward.push(await press("ArrowRight"));
    for (let i = 0; i < total; i++) times.back.push(await press("ArrowLeft"));
  }
  // slider jumps: anywhere in a hand, as a drag would go
  const slider = document.querySelector(".dw-slider");
  for (let hand = 0; hand < data.hands.length; hand++) {
    model.set("hand", hand); model.set("step", 0);
    await flush();
    const last = data.hands[hand].moves.length;
    for (let i = 0; i < 40; i++) {
      const start = performance.now();
      slider.value = String(Math.floor(Math.random() * (last + 1)));
      slider.dispatchEvent(new Event("input", { bubbles: true }));
      await flush();
      void root.offsetHeight;
      times.slider.push(performance.now() - start);
    }
  }
  return times;
}
"""


def summary(times: list[float]) -> dict:
    ordered = sorted(times)
    at = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))]  # noqa: E731
    return {"median": at(0.5), "p95": at(0.95), "max": ordered[-1], "runs": len(ordered)}


def main() -> int:
    harness.ensure_built(harness.REPLAY)
    record = bot_match()
    moves = sum(len(h["moves"]) for h in record["hands"])

    builds = []
    for _ in range(5):
        start = time.perf_counter()
        replay = Replay(record)
        builds.append((time.perf_counter() - start) * 1000)
    assert replay.ok, replay.problems
    payload = len(json.dumps(replay.view, separators=(",", ":")))
    record_size = len(json.dumps(record, separators=(",", ":")))
    attributes = harness.traits(replay)

    with sync_playwright() as playwright:
        browser = harness.launch_chromium(playwright)
        page = harness.open_page(browser, harness.REPLAY)
        opens = []
        for _ in range(10):
            opens.append(page.evaluate(
                """([attrs]) => { const t0 = performance.now(); window.harness.mount(attrs, 900);
                   void document.querySelector('.dw-replay-widget').offsetHeight; return performance.now() - t0; }""",
                [attributes]))
        steps = page.evaluate(STEP_ALL, [2])
        page.close()

        from ipywidgets.embed import dependency_state, embed_minimal_html

        exported = {"replay": [], "baseline": []}
        for _ in range(3):
            for kind, widget in (("replay", replay), ("baseline", baseline_widget())):
                with tempfile.TemporaryDirectory() as folder:
                    path = Path(folder) / "page.html"
                    embed_minimal_html(path, views=[widget], state=dependency_state([widget], drop_defaults=False),
                                       drop_defaults=False, title="Replay benchmark")  # this widget alone
                    html = path.read_text(encoding="utf-8")
                start = time.perf_counter()
                page = harness.open_export(browser, html)
                page.locator(".dw-line-empty, svg.dw-line .dw-tile").first.wait_for(timeout=30_000)
                exported[kind].append((time.perf_counter() - start) * 1000)
                page.close()
        browser.close()

    step = summary([t for kind in steps.values() for t in kind])
    opened = summary(opens)
    print(f"match: {HANDS} hands, {moves} moves (bots: greedy N-S, random E-W)")
    print(f"payload (data trait): {payload / 1024:.1f} KB ({payload} bytes, {payload / moves:.0f} bytes a move; "
          f"the record itself {record_size / 1024:.1f} KB)")
    print(f"Replay(record) in Python: median {summary(builds)['median']:.1f} ms")
    print(f"open (render + layout): median {opened['median']:.1f} ms, max {opened['max']:.1f} ms "
          f"(target < {OPEN_BUDGET_MS:.0f} ms)")
    print(f"open, static export (navigation to drawn, offline): median {summary(exported['replay'])['median']:.0f} ms; "
          f"a one-line anywidget in the same page: {summary(exported['baseline'])['median']:.0f} ms "
          "(loading the html-manager, 3.6 MB, is the cost)")
    print(f"step: median {step['median']:.2f} ms, p95 {step['p95']:.2f} ms, max {step['max']:.2f} ms over "
          f"{step['runs']} steps (target <= {STEP_BUDGET_MS:.0f} ms)")
    for kind, times in steps.items():
        part = summary(times)
        print(f"  {kind:8}: median {part['median']:.2f} ms, p95 {part['p95']:.2f} ms, max {part['max']:.2f} ms "
              f"({part['runs']} steps)")
    ok = step["p95"] <= STEP_BUDGET_MS and opened["max"] < OPEN_BUDGET_MS
    print("within targets" if ok else "OVER TARGET")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
