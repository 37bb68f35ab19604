"""Click-to-next-turn latency of the Table in a real JupyterLab (headless Chromium).

Plays hands of Six Love against greedy bots with animation off (bot_delay=0), clicking a
few hundred milliseconds apart, and prints the median and 95th percentile time from the
click to the page showing the person's next turn (the bots' moves included), the bytes
the kernel sent over the websocket per move, and the largest synced view. Targets: median
at most 150 ms, at most 4 KB per move. Prints figures; asserts nothing about time.

    python benchmarks/table_latency.py
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    env = {**os.environ, "DOMINOES_BENCH": "1"}
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-s", "-p", "no:cacheprovider",
         "tests/e2e/test_table_e2e.py::test_latency_click_to_next_turn"],
        cwd=ROOT, env=env, capture_output=True, text=True)
    figures = next((json.loads(line.split(" ", 1)[1]) for line in run.stdout.splitlines()
                    if line.startswith("TABLE_LATENCY ")), None)
    if figures is None:
        print(run.stdout[-3000:], run.stderr[-3000:])
        return 1
    print(f"clicks measured              {figures['clicks']}")
    print(f"click -> your turn, median   {figures['latency_ms_median']:.1f} ms   (target <= 150 ms)")
    print(f"click -> your turn, p95      {figures['latency_ms_p95']:.1f} ms")
    print(f"bytes sent per move, median  {figures['bytes_per_move_median']:.0f} B   (target <= 4096 B)")
    print(f"bytes sent per move, max     {figures['bytes_per_move_max']:.0f} B")
    print(f"largest synced view          {figures['view_bytes_max']} B")
    return 0


if __name__ == "__main__":
    sys.exit(main())
