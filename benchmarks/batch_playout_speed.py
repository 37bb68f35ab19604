"""Batch playout speed: worlds played out per CPU second, numpy lock-step against fast_playout.

    python benchmarks/batch_playout_speed.py [--rounds 5] [--sizes 100,1200,19200]

Both play the same worlds (Six Love positions a few plies after the lead, with the sighted
policy the judge's bots use) in alternating runs; the table gives each one's worlds per CPU
second and the median of the paired ratios (batch / fast_playout). Figures only: nothing here
asserts a speed. tests/test_batch_playout.py holds the two to the same results.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dominoes_widget.engine.hand import Hand  # noqa: E402
from dominoes_widget.engine.masks import unplayed_counts  # noqa: E402
from dominoes_widget.engine.rules import Rules  # noqa: E402
from dominoes_widget.studies.bots.batch_playout import batch_playout  # noqa: E402
from dominoes_widget.studies.bots.playout import Policy, fast_playout  # noqa: E402


def worlds(count: int, seed: int = 0) -> list[tuple[list[int], int, int, list[int], int]]:
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        hand = Hand.dealt(Rules.six_love(), rng.randrange(1 << 30))
        for _ in range(rng.randrange(1, 10)):
            hand.push(rng.choice(hand.legal_move_list()))
        if hand.turn is not None:
            seats = list(hand.seats)
            found.append(([hand.held_mask(s) for s in seats], hand.left, hand.right, unplayed_counts(hand.line),
                          seats.index(hand.turn)))
    return found


def timed(run) -> float:
    start = time.process_time()
    run()
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--sizes", default="100,1200,19200")
    args = parser.parse_args()
    policy = Policy(sight=(0.9, 0.45))
    print("| worlds per batch | fast_playout, worlds/s | batch, worlds/s | batch / fast_playout (median of paired runs) |")
    print("|---:|---:|---:|---:|")
    for size in (int(s) for s in args.sizes.split(",")):
        sample = worlds(size)
        columns = [[w[i] for w in sample] for i in range(5)]
        one, many, ratios = [], [], []
        for _ in range(args.rounds):
            a = timed(lambda: [fast_playout(policy, w[0][:], w[1], w[2], w[3][:], w[4]) for w in sample])
            b = timed(lambda: batch_playout(policy, *columns))
            one.append(size / a)
            many.append(size / b)
            ratios.append(a / b)
        print(f"| {size:,} | {statistics.median(one):,.0f} | {statistics.median(many):,.0f} | "
              f"{statistics.median(ratios):.2f}x |")


if __name__ == "__main__":
    main()
