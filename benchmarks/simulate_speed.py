"""Simulation speed and the strong bot's thinking time.

    python benchmarks/simulate_speed.py [--hands 20000] [--decision-hands 30]

1. Simulated hands per second with greedy bots (Six Love rules), on 1 worker (in this
   process) and on 2 worker processes, and their ratio (the target: 2 workers at least
   1.8x one). The best of ``--repeat`` paired runs is kept for each, so a busy
   machine disturbs the figures less. For scale, the same ratio for plain Python arithmetic
   (no simulation at all) shows what the machine gives two processes at that moment.
2. The strong bot's decision time with its default budget: every seat strong, timing
   each decision where it had a real choice (two or more legal moves); median and 95th
   percentile, for the partnership game and the Vietnamese 3-player game.

Figures only; nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from dominoes_widget import Hand, Rules, seat_view  # noqa: E402
from dominoes_widget.studies.bots import make_bot  # noqa: E402
from dominoes_widget.studies.simulation import simulate  # noqa: E402


def hands_per_second(hands: int, workers: int, seed: int) -> float:
    start = time.perf_counter()
    results = simulate("six_love", ["greedy", "greedy"], hands, seed=seed, workers=workers, progress=False)
    elapsed = time.perf_counter() - start
    assert len(results) == hands
    return hands / elapsed


def _spin(n: int) -> int:
    total = 0
    for i in range(n):
        total += i * i % 7
    return total


def machine_ratio(repeat: int, n: int = 10_000_000) -> float:
    """How much faster two processes do two equal pieces of pure-Python work than one does."""
    from concurrent.futures import ProcessPoolExecutor

    best_one = best_two = float("inf")
    with ProcessPoolExecutor(2) as pool:
        list(pool.map(_spin, [1, 1]))  # start the workers before timing
        for _ in range(repeat):
            start = time.perf_counter()
            _spin(n)
            _spin(n)
            best_one = min(best_one, time.perf_counter() - start)
            start = time.perf_counter()
            list(pool.map(_spin, [n, n]))
            best_two = min(best_two, time.perf_counter() - start)
    return best_one / best_two


def decision_times(rules: Rules, hands: int, options: dict) -> tuple[list[float], int]:
    """Seconds per strong decision with a real choice, and how many decisions were forced."""
    times: list[float] = []
    forced = 0
    for seed in range(hands):
        hand = Hand.dealt(rules, seed)
        bots = {seat: make_bot("strong", 1000 * seed + i, **options) for i, seat in enumerate(hand.seats)}
        while hand.outcome is None:
            view = seat_view(hand, hand.turn)
            start = time.perf_counter()
            move = bots[hand.turn].choose(view)
            elapsed = time.perf_counter() - start
            if len(view.legal_moves) > 1:
                times.append(elapsed)
            else:
                forced += 1
            hand.push(move)
    return times, forced


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000, help="greedy hands per speed run")
    parser.add_argument("--repeat", type=int, default=3, help="speed runs per worker count (best kept)")
    parser.add_argument("--decision-hands", type=int, default=30, help="all-strong hands timed per game")
    parser.add_argument("--rollouts", type=int, default=None, help="the strong bot's budget (default: its own)")
    args = parser.parse_args(argv)

    print(f"machine: {os.cpu_count()} cores, Python {sys.version.split()[0]}")
    ones, twos = [], []
    for attempt in range(args.repeat):  # paired runs, so a change in the machine's load hits both
        ones.append(hands_per_second(args.hands, 1, attempt))
        twos.append(hands_per_second(args.hands, 2, attempt))
    one, two = max(ones), max(twos)
    paired = ", ".join(f"{b / a:.2f}" for a, b in zip(ones, twos))
    print(f"greedy hands/s, 1 worker : {one:8.0f}  (best of {args.repeat})")
    print(f"greedy hands/s, 2 workers: {two:8.0f}  (best of {args.repeat})")
    print(f"ratio 2 workers / 1      : {two / one:8.2f}  (target >= 1.8; paired runs: {paired})")
    print(f"the machine's own ratio  : {machine_ratio(args.repeat):8.2f}  (two processes of plain Python arithmetic)")

    options = {"rollouts": args.rollouts} if args.rollouts else {}
    for rules in (Rules.six_love(), Rules.vietnamese(3)):
        times, forced = decision_times(rules, args.decision_hands, options)
        ms = [1000 * t for t in times]
        print(f"strong bot, {rules.name}: {len(ms)} decisions with a choice ({forced} forced, answered at once): "
              f"median {statistics.median(ms):.1f} ms, p95 {percentile(ms, 0.95):.1f} ms, max {max(ms):.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
