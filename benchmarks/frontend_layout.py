"""Time the front ends' drawing in headless Chromium: the line of play, the Table, the Replay.

Run: ``python benchmarks/frontend_layout.py`` (builds the front end first if needed).
Prints milliseconds per operation (median and 95th percentile over many runs):

- ``fitLine``: js/kit/common/line_layout.mjs choosing the largest unit whose 28-tile snake fits
  the line's box (several layouts), DOM-free;
- ``line redraw``: a Table view whose line grew from 27 to 28 tiles, through the widget's
  ``change:view`` handler, until the browser has recomputed style and layout;
- ``table first render``: ``render({model, el})`` of a fresh Table showing 28 tiles, with
  style and layout;
- ``replay step``: one → key press in the Replay (every step of a recorded match, data v2
  made by the engine: tests/frontend_views.py), until style and layout are done;
- ``replay first render``: ``render`` of a fresh Replay of that match.

Budgets: a 28-tile redraw within 8 ms (half a frame), a replay step within 16 ms.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import browser_harness as harness  # noqa: E402
import frontend_views as views  # noqa: E402

REDRAW_BUDGET_MS = 8.0
STEP_BUDGET_MS = 16.0

# Everything is timed inside the page, so no round trip to Python is counted.
SUMMARY = """
const summary = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { median: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1], runs: times.length };
};
const time = (fn) => { const start = performance.now(); fn(); return performance.now() - start; };
"""

MEASURE_TABLE = SUMMARY + """
async ([traits27, traits28, runs]) => {
  const { fitLine } = await import("/js/kit/common/line_layout.mjs");
  const line = traits28.view.line;
  // DOM-free fitting: batches of 20, since one fit is near the timer's resolution.
  for (let i = 0; i < 200; i++) fitLine(line, 13, 560, 264);
  const fit = [];
  for (let i = 0; i < runs; i++) fit.push(time(() => { for (let j = 0; j < 20; j++) fitLine(line, 13, 560, 264); }) / 20);

  const harness = window.harness;
  // Layout down to the last tile of the line (an SVG's inside is laid out on demand).
  const forceLayout = () => {
    void document.querySelector(".dominoes-widget").offsetHeight;
    const tiles = document.querySelectorAll("svg.dw-line .dw-tile");
    tiles[tiles.length - 1]?.getBoundingClientRect();
  };
  harness.mount(traits27, 960);
  await harness.settle();
  const redraw = [];
  for (let i = 0; i < runs; i++) {
    harness.setView(traits27.view);
    forceLayout();
    redraw.push(time(() => { harness.setView(traits28.view); forceLayout(); }));
  }
  const render = [];
  for (let i = 0; i < Math.min(runs, 60); i++) {
    harness.unmount();
    render.push(time(() => { harness.mount(traits28, 960); forceLayout(); }));
  }
  const tiles = document.querySelectorAll("svg.dw-line .dw-tile").length;
  return { fit: summary(fit), redraw: summary(redraw), render: summary(render), tiles };
}
"""

MEASURE_REPLAY = SUMMARY + """
async ([traits, runs]) => {
  const harness = window.harness;
  const render = [];
  for (let i = 0; i < 30; i++) {
    harness.unmount();
    render.push(time(() => { harness.mount(traits, 960); void document.querySelector(".dw-replay-widget").offsetHeight; }));
  }
  await harness.settle();
  const root = document.querySelector(".dw-replay-widget");
  const model = harness.model;
  const data = model.get("view");
  const flush = () => Promise.resolve();  // the widget draws in a microtask
  const steps = [];
  for (let run = 0; run < runs; run++) {
    model.set("hand", 0); model.set("step", 0);
    await flush();
    const total = data.hands.reduce((n, h) => n + h.moves.length + 1, 0) - 1;
    for (let i = 0; i < total; i++) {
      const start = performance.now();
      root.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true, cancelable: true }));
      await flush();
      void root.offsetHeight;  // style and layout of what changed
      steps.push(performance.now() - start);
    }
  }
  return { render: summary(render), step: summary(steps) };
}
"""


def table_traits() -> tuple[dict, dict]:
    full = views.full_line()
    shorter = {**full, "line": full["line"][:27], "ends": [full["line"][0][0], full["line"][26][1]], "last": 26}
    return views.traits(shorter), views.traits(full)


def main() -> int:
    traits27, traits28 = table_traits()
    replay = views.replay_traits()
    with sync_playwright() as playwright:
        browser = harness.launch_chromium(playwright)
        page = harness.open_page(browser, harness.TABLE, viewport=(1366, 768))
        table = page.evaluate(MEASURE_TABLE, [traits27, traits28, 200])
        page.close()
        page = harness.open_page(browser, harness.REPLAY, viewport=(1366, 768))
        replayed = page.evaluate(MEASURE_REPLAY, [replay, 3])
        browser.close()
    assert table["tiles"] == 28, table["tiles"]
    rows = [
        ("fitLine, 28 tiles", table["fit"]),
        ("line redraw, 27 -> 28 tiles", table["redraw"]),
        ("table first render, 28 tiles", table["render"]),
        ("replay step (→)", replayed["step"]),
        ("replay first render", replayed["render"]),
    ]
    for label, r in rows:
        print(f"{label:30s} median {r['median']:7.3f} ms   p95 {r['p95']:7.3f} ms   max {r['max']:7.3f} ms   "
              f"({r['runs']} runs)")
    ok = table["redraw"]["p95"] <= REDRAW_BUDGET_MS and replayed["step"]["p95"] <= STEP_BUDGET_MS
    print(f"28-tile redraw p95 {table['redraw']['p95']:.3f} ms (budget {REDRAW_BUDGET_MS:.0f} ms), "
          f"replay step p95 {replayed['step']['p95']:.3f} ms (budget {STEP_BUDGET_MS:.0f} ms): "
          + ("within budget" if ok else "OVER BUDGET"))
    print(json.dumps({"table": table, "replay": replayed}))
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
