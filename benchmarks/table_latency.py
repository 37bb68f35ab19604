"""Click-to-next-turn latency of the Table in a real JupyterLab (headless Chromium).

Plays hands of Six Love with animation off (bot_delay=0), clicking a few hundred
milliseconds apart, and prints the median and 95th percentile time from the click to the
page showing the person's next turn, the bytes the kernel sent over the websocket per
move, and the largest synced view. It runs once per kind of bot, one after the other in
one run so the figures compare: ``greedy`` bots answer at once, so their figure is the
table's own latency (kernel, sync and drawing; target: median at most 50 ms); with
``montecarlo`` or ``strong`` bots (the default) the three bots' thinking between two of
your turns is added. Target for size: at most 4 KB per move. Prints figures; asserts
nothing about time.

    python benchmarks/table_latency.py [--bots greedy,montecarlo,strong]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def measure(bots: str) -> dict | None:
    """One run of the latency test against ``bots``: its figures, or ``None`` (output printed)."""
    env = {**os.environ, "DOMINOES_BENCH": "1", "DOMINOES_BENCH_BOTS": bots}
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-s", "-p", "no:cacheprovider",
         "tests/e2e/test_table_e2e.py::test_latency_click_to_next_turn"],
        cwd=ROOT, env=env, capture_output=True, text=True)
    figures = next((json.loads(line.split(" ", 1)[1]) for line in run.stdout.splitlines()
                    if line.startswith("TABLE_LATENCY ")), None)
    if figures is None:
        print(run.stdout[-3000:], run.stderr[-3000:])
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", default="greedy,montecarlo,strong", help="the kinds of bot to measure, in turn")
    args = parser.parse_args()
    print("| bots | clicks | click -> your turn, median | p95 | bytes per move, median | max | largest view |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for bots in args.bots.split(","):
        figures = measure(bots)
        if figures is None:
            return 1
        print(f"| {bots} | {figures['clicks']} | {figures['latency_ms_median']:.1f} ms | {figures['latency_ms_p95']:.1f} ms | "
              f"{figures['bytes_per_move_median']:.0f} B | {figures['bytes_per_move_max']:.0f} B | {figures['view_bytes_max']} B |",
              flush=True)
    print("\nTargets: the table's own latency (greedy bots) at most 50 ms median; at most 4 KB per move.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
