"""The JupyterLite site's speed in headless Chromium, offline: page load to a ready kernel and
to the first widget, a click to your next turn with greedy bots (the table's own latency in
the browser kernel), and a strong bot's decision there; plus the site's size.

Builds the site when an input changed (``scripts/build-lite``), serves it on 127.0.0.1 and
opens ``play.ipynb`` ``--loads`` times, each in a fresh browser context (nothing cached but
what the HTTP cache keeps, as for a student's second visit). Goals: a ready kernel in at
most 15 s on an idle 2-core machine, a click to the next turn at most 150 ms median, a
strong decision at most 500 ms, a site of at most 40 MB. The machine's load average is
printed beside the figures; nothing is asserted.

    python benchmarks/lite_speed.py [--loads 2] [--turns 12]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from browser_harness import launch_chromium  # noqa: E402
from lite_site import append_and_run, built_site, open_notebook, open_offline, play_turn, serve  # noqa: E402

STRONG = """
import json, statistics, time
from dominoes_widget import Hand, Rules, seat_view
from dominoes_widget.studies.bots import make_bot
took = []
for seed in range(4):
    hand, bot = Hand.dealt(Rules.six_love(), seed=seed), make_bot("strong", seed)
    while not hand.is_over and len(hand.moves) < 16:
        view = seat_view(hand, hand.turn)
        start = time.perf_counter()
        hand.push(bot.choose(view))
        took.append(1000 * (time.perf_counter() - start))
print("STRONG", json.dumps(took))
"""


def one_load(browser, base: str, turns: int, strong: bool) -> dict:
    blocked: list[str] = []
    page = open_offline(browser, base, blocked)
    try:
        figures = open_notebook(page, base, "play.ipynb")
        append_and_run(page, "from dominoes_widget import Table\nTable(bots='greedy', bot_delay=0, seed=1)")
        figures["first_render_ms"] = page.evaluate("window.__lite.firstRender")
        clicks = []
        while len(clicks) < turns:
            turn = play_turn(page, page.evaluate("document.querySelectorAll('.dw-table-widget').length") - 1)
            if "ms" not in turn:
                raise RuntimeError(turn)
            if turn["over"]:  # a new table for the next hand
                append_and_run(page, f"Table(bots='greedy', bot_delay=0, seed={len(clicks) + 2})")
            else:
                clicks.append(turn["ms"])
        figures["clicks_ms"] = clicks
        if strong:
            append_and_run(page, STRONG)
            text = page.evaluate("""() => { const cells = window.jupyterapp.shell.currentWidget.content.widgets;
              return cells[cells.length - 1].model.outputs.toJSON().map((o) => o.text || '').join(''); }""")
            figures["strong_ms"] = json.loads(text.split("STRONG", 1)[1])
    finally:
        page.context.close()
    if blocked:
        raise RuntimeError(f"the site asked for things outside it: {blocked[:3]}")
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=2)
    parser.add_argument("--turns", type=int, default=12)
    args = parser.parse_args()
    site = built_site()
    size = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
    from playwright.sync_api import sync_playwright

    loads = []
    with serve(site) as base, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        for index in range(args.loads):
            loads.append(one_load(browser, base, args.turns, strong=index == 0))
        browser.close()
    clicks = [ms for load in loads for ms in load["clicks_ms"]]
    strong = loads[0]["strong_ms"]
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"site                         {size / 1e6:.1f} MB (goal 40)")
    print("kernel ready after page load " + ", ".join(f"{load['kernel_ready_ms'] / 1000:.1f} s" for load in loads)
          + " (goal 15 s, idle machine)")
    print("first render after page load " + ", ".join(f"{load['first_render_ms'] / 1000:.1f} s" for load in loads))
    print(f"click to next turn, greedy   median {statistics.median(clicks):.0f} ms, "
          f"max {max(clicks):.0f} ms over {len(clicks)} clicks (goal: median 150 ms)")
    print(f"strong bot decision          median {statistics.median(strong):.0f} ms, max {max(strong):.0f} ms "
          f"over {len(strong)} decisions (goal 500 ms)")


if __name__ == "__main__":
    main()
