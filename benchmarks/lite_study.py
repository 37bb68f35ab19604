"""What a learner waits for in the JupyterLite site, measured on the page in headless Chromium,
offline: the example's analysis, the time to its first mistake in "Learn from your mistakes",
a try in the drill while the rest is judged, and the coach's Hint pressed at once and 2 s into
a turn.

Every figure is timed in the page (``performance.now()``), from what the person does to what
the page shows, with positions no earlier cell judged (the judge keeps what it judged: a
position judged before answers at once, which is not what a learner meets):

- analysis: from running ``Replay(<record>, analysis=True, learn=<seat>)`` to the seat's first
  mistake in the drill (its tiles enabled) and to the analysis's bar gone (every decision
  judged); the cell itself, the time until the notebook answers again;
- a try: a tile of the drill clicked while the analysis goes on, to the drill's answer;
- a hint: a new coached Table, on a turn with a real choice, its Hint clicked at once and after
  2 s, to the coach's moves on screen (and whether "Thinking…" showed first).

Builds the site when an input changed (``scripts/build-lite``) and serves it on 127.0.0.1.
The machine's load average is printed beside the figures; nothing is asserted.

    python benchmarks/lite_study.py [--record records/six_love_10_hands.json] [--seat S] [--hints 2]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from browser_harness import launch_chromium  # noqa: E402
from lite_site import append_and_run, built_site, errors, open_notebook, open_offline, serve  # noqa: E402

# The page's clock for the analysis: its start, the first mistake's tiles enabled, the bar gone.
WATCH_ANALYSIS = """() => {
  const watch = { start: performance.now(), cellDone: null, firstMistake: null, done: null, sawBar: false };
  window.__study = watch;
  const tick = () => {
    const widgets = document.querySelectorAll('.dw-replay-widget');
    const replay = widgets[widgets.length - 1];
    if (replay) {
      const bar = replay.querySelector('.dw-analysis-progress');
      if (bar && !bar.hidden) watch.sawBar = true;
      if (watch.firstMistake === null && replay.querySelector('.dw-learn .dw-learn-tile:not([disabled])')) {
        watch.firstMistake = performance.now() - watch.start;
      }
      if (watch.done === null && watch.sawBar && bar && bar.hidden) watch.done = performance.now() - watch.start;
    }
    if (watch.done === null) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}"""

ANALYSIS = """
from dominoes_widget import Replay
studied = Replay({record!r}, analysis=True, learn={seat!r})
studied
"""

# A try in the drill: its first enabled tile clicked, to the drill's next change on screen.
TRY_JS = """async () => {
  const widgets = document.querySelectorAll('.dw-replay-widget');
  const panel = widgets[widgets.length - 1].querySelector('.dw-learn');
  const tile = panel.querySelector('.dw-learn-tile:not([disabled])');
  const before = panel.textContent;
  const start = performance.now();
  tile.click();
  return await new Promise((resolve) => {
    const giveUp = setTimeout(() => resolve(null), 120000);
    const check = () => {
      if (panel.textContent !== before) { clearTimeout(giveUp); resolve(performance.now() - start); }
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}"""

COACHED = """
from dominoes_widget import Table
from dominoes_widget.engine.views import seat_view
from dominoes_widget.studies.judge import distinct_choices
coached = Table(coach=True, seed={seed}, bot_delay=0, bots="greedy")
while distinct_choices(seat_view(coached.hand, "S")) < 2:  # on to a turn with a real choice
    coached.play(str(coached.hand.legal_moves[0].tile), coached.hand.legal_moves[0].end)
coached
"""

# The last table's Hint clicked, to the coach's moves on screen; whether "Thinking…" showed between.
HINT_JS = """async () => {
  const widgets = document.querySelectorAll('.dw-table-widget');
  const root = widgets[widgets.length - 1];
  const start = performance.now();
  let thinking = false;
  root.querySelector('.dw-hint').click();
  return await new Promise((resolve) => {
    const giveUp = setTimeout(() => resolve({ms: null, thinking}), 300000);
    const check = () => {
      if ((root.querySelector('.dw-hint-words')?.textContent ?? '').startsWith('Thinking')) thinking = true;
      if (root.querySelectorAll('.dw-hint-moves li').length > 0) { clearTimeout(giveUp); resolve({ms: performance.now() - start, thinking}); }
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}"""


def _run(page, source: str) -> None:
    append_and_run(page, source)
    problems = errors(page)
    if problems:
        raise RuntimeError(problems)


def analysis_figures(page, record: str, seat: str, limit_s: float) -> dict:
    """The analysis's figures, each printed as it comes (a run cut short keeps what it had)."""
    page.evaluate(WATCH_ANALYSIS)
    _run(page, ANALYSIS.format(record=record, seat=seat))
    figures: dict = {"cell_s": (page.evaluate("performance.now()") - page.evaluate("window.__study.start")) / 1000}
    say(f"analysis of {record} (learn={seat}), on the page: the cell answered in {figures['cell_s']:.1f} s")
    page.wait_for_function("() => window.__study.firstMistake !== null || window.__study.done !== null",
                           timeout=limit_s * 1000, polling=200)
    first = page.evaluate("window.__study.firstMistake")
    figures["first_mistake_s"] = None if first is None else first / 1000
    say(f"  first mistake in drill  {'none' if first is None else f'{first / 1000:.1f} s'} (from running the cell), "
        f"bar: {bar_text(page)}")
    if page.evaluate("window.__study.done === null"):
        figures["try_while_judging_ms"] = page.evaluate(TRY_JS)
        say(f"  a try while judging     {figures['try_while_judging_ms']:.0f} ms (click to the drill's answer)")
    waited = time.perf_counter()
    while page.evaluate("window.__study.done === null"):
        if time.perf_counter() - waited > limit_s:
            say(f"  stopped after {limit_s:.0f} s more: {bar_text(page)}")
            return figures
        page.wait_for_timeout(30_000)
        say(f"  ... {bar_text(page)}")
    figures["analysis_s"] = page.evaluate("window.__study.done") / 1000
    say(f"  whole analysis          {figures['analysis_s']:.1f} s")
    return figures


def bar_text(page) -> str:
    return page.evaluate("""() => { const bars = document.querySelectorAll('.dw-replay-widget .dw-analysis-progress');
      const bar = bars[bars.length - 1]; return bar ? (bar.hidden ? 'done' : bar.textContent.trim()) : 'no bar'; }""")


def say(line: str) -> None:
    print(line, flush=True)


def hint_figures(page, seeds: list[int], pause_s: float) -> list[dict]:
    found = []
    for seed in seeds:
        _run(page, COACHED.format(seed=seed))  # the turn starts as the cell ends
        page.locator(".dw-table-widget").last.locator(".dw-hint").wait_for()
        if pause_s:
            page.wait_for_timeout(pause_s * 1000)  # the person thinks
        found.append(page.evaluate(HINT_JS))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--record", default="records/six_love_10_hands.json", help="in the site's files")
    parser.add_argument("--seat", default="S", help="whose mistakes the drill takes")
    parser.add_argument("--hints", type=int, default=2, help="hints timed each way (new tables)")
    parser.add_argument("--limit", type=float, default=3600, help="seconds the analysis may take")
    parser.add_argument("--skip-analysis", action="store_true")
    args = parser.parse_args()
    site = built_site()
    from playwright.sync_api import sync_playwright

    blocked: list[str] = []
    with serve(site) as base, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        page = open_offline(browser, base, blocked)
        page.set_default_timeout(600_000)
        opened = open_notebook(page, base, "play.ipynb")
        say(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; kernel ready "
            f"{opened['kernel_ready_ms'] / 1000:.1f} s after page load")
        at_once = hint_figures(page, [101 + n for n in range(args.hints)], 0)
        say(f"hint pressed at once      {hints(at_once)}")
        paused = hint_figures(page, [201 + n for n in range(args.hints)], 2)
        say(f"hint pressed after 2 s    {hints(paused)}")
        if not args.skip_analysis:
            analysis_figures(page, args.record, args.seat, args.limit)
        say(f"load average {os.getloadavg()[0]:.1f}")
        browser.close()
    if blocked:
        raise SystemExit(f"the site asked for things outside it: {blocked[:3]}")


def hints(found: list[dict]) -> str:
    times = [h["ms"] for h in found if h["ms"] is not None]
    thinking = sum(h["thinking"] for h in found)
    return (f"median {statistics.median(times):.0f} ms, max {max(times):.0f} ms over {len(times)} "
            f"({thinking} said Thinking… first) {json.dumps([round(t) for t in times])}") if times else "none shown"


if __name__ == "__main__":
    main()
