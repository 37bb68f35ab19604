"""How long analysing a record takes on ONE worker: the only worker a browser kernel has.

    python benchmarks/analysis_speed.py [--record notebooks/records/six_love_10_hands.json] [--repeat 1]

Runs ``analyse(record, workers=1)`` in this process (every decision with a real choice
judged by the strong bot at its default budget, mirror images once) and prints the wall
clock and this process's CPU time of each run, with the load average: on a shared machine
the CPU time is the steadier figure. The target (issue 16): at most 10 s for the example
record on the 2-core machine.

Figures only; nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from dominoes_widget import analyse  # noqa: E402

EXAMPLE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "notebooks", "records",
                       "six_love_10_hands.json")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--record", default=EXAMPLE, help="the record to analyse (default: the 10-hand example)")
    parser.add_argument("--repeat", type=int, default=1, help="runs, each timed")
    args = parser.parse_args(argv)
    name = os.path.relpath(args.record)
    for _ in range(args.repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        found = analyse(args.record, workers=1, progress=False)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
        print(f"analyse() of {name} on one worker: {len(found)} decisions judged in {wall:.1f} s "
              f"(CPU {cpu:.1f} s; load average {load:.2f}, {os.cpu_count()} CPUs)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
