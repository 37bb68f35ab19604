"""Time laying out and drawing a 28-tile line of play in headless Chromium.

Run: ``python benchmarks/frontend_layout.py`` (builds the front end first if needed).
Prints milliseconds per operation (median and 95th percentile over many runs):

- ``layoutLine``: the pure geometry of js/line_layout.mjs for 28 tiles;
- ``line redraw``: a view whose line grew from 27 to 28 tiles, through the widget's
  ``change:view`` handler, until the browser has recomputed style and layout;
- ``full render``: ``render({model, el})`` of a fresh widget showing 28 tiles, with
  style and layout.

The budget is one frame: 16 ms.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import browser_harness as harness  # noqa: E402

BUDGET_MS = 16.0


# Everything is timed inside the page, so no round trip to Python is counted.
MEASURE = """
async ([view27, view28, runs]) => {
  const { layoutLine } = await import("/js/line_layout.mjs");
  const summary = (times) => {
    const sorted = [...times].sort((a, b) => a - b);
    const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
    return { median: at(0.5), p95: at(0.95), runs: times.length };
  };
  const time = (fn) => { const start = performance.now(); fn(); return performance.now() - start; };

  // Pure layout: batches of 100, since one layout is below the timer's resolution.
  for (let i = 0; i < 500; i++) layoutLine(view28.line, view28.lead, 480, 26);
  const layout = [];
  for (let i = 0; i < runs; i++) {
    layout.push(time(() => { for (let j = 0; j < 100; j++) layoutLine(view28.line, view28.lead, 480, 26); }) / 100);
  }

  const harness = window.harness;
  const forceLayout = () => document.querySelector("svg.dw-line").getBoundingClientRect();
  harness.mount({ view: view27, rules_text: "" }, 900);
  await harness.settle();
  const redraw = [];
  for (let i = 0; i < runs; i++) {
    harness.setView(view27);
    forceLayout();
    redraw.push(time(() => { harness.setView(view28); forceLayout(); }));
  }

  const render = [];
  for (let i = 0; i < Math.min(runs, 60); i++) {
    harness.unmount();
    render.push(time(() => { harness.mount({ view: view28, rules_text: "" }, 900); forceLayout(); }));
  }
  return { layout: summary(layout), redraw: summary(redraw), render: summary(render) };
}
"""


def sample_views() -> tuple[dict, dict]:
    line = [
        [6, 0], [0, 0], [0, 1], [1, 1], [1, 2], [2, 0], [0, 3], [3, 1], [1, 4], [4, 0], [0, 5], [5, 1], [1, 6], [6, 2],
        [2, 2], [2, 3], [3, 3], [3, 4], [4, 2], [2, 5], [5, 3], [3, 6], [6, 4], [4, 4], [4, 5], [5, 5], [5, 6], [6, 6],
    ]
    base = {
        "game": "partnership", "seats": ["N", "E", "S", "W"], "viewer": "S",
        "players": {s: {"name": s, "kind": "human", "team": "NS" if s in "NS" else "EW"} for s in "NESW"},
        "hands": {"S": [], "N": 0, "E": 0, "W": 0}, "lead": 13, "turn": "E", "boneyard": 0, "passed": [],
        "moves": [], "legal": [], "playable": [], "hints": False, "hand_number": 0, "phase": "playing",
        "score": {"kind": "straight_six", "NS": 0, "EW": 0, "target": 6, "ties": 0}, "status": "",
    }
    return {**base, "line": line[:27], "ends": [6, 5]}, {**base, "line": line, "ends": [6, 6]}


def main() -> None:
    view27, view28 = sample_views()
    with sync_playwright() as playwright:
        browser = harness.launch_chromium(playwright)
        page = harness.open_page(browser, harness.TABLE)
        results = page.evaluate(MEASURE, [view27, view28, 200])
        browser.close()
    labels = {"layout": "layoutLine, 28 tiles", "redraw": "line redraw, 27 -> 28 tiles",
              "render": "full render, 28 tiles"}
    for key, label in labels.items():
        r = results[key]
        print(f"{label:30s} median {r['median']:7.3f} ms   p95 {r['p95']:7.3f} ms   ({r['runs']} runs)")
    worst = max(results["redraw"]["p95"], results["layout"]["p95"])
    verdict = "within" if worst <= BUDGET_MS else "OVER"
    print(f"layout + draw p95 {worst:.3f} ms: {verdict} the {BUDGET_MS:.0f} ms frame budget")
    print(json.dumps(results))


if __name__ == "__main__":
    main()
