"""How fast the strong bot analyses: one ``evaluate()`` (a hint) and a whole match (analysis).

    python benchmarks/evaluate_speed.py [--positions 200] [--hands 10] [--workers 2]

1. One ``evaluate()`` call with the default analysis budget, on real decisions (two or
   more distinct moves) from hands between ``strong`` bots: median, p95 and the slowest,
   in this process, next to ``montecarlo``'s ``choose()`` on the same positions for scale
   (the machine may be shared). A hint at the table is one such call (the target: within
   300 ms).
2. A 10-hand Six Love match between ``strong`` bots analysed move by move: every
   decision with two or more distinct moves evaluated, in a pool of ``--workers``
   processes (the target: 15 s on 2 cores), the pool's start included.

Figures only; nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from dominoes_widget import Rules, seat_view  # noqa: E402
from dominoes_widget.bots import make_bot  # noqa: E402
from dominoes_widget.bots.montecarlo import move_groups  # noqa: E402
from dominoes_widget.match import Match  # noqa: E402


def match_decisions(hands: int, seed: int) -> list:
    """The seat views of every real decision in ``hands`` hands of a Six Love match between strong bots."""
    rng = random.Random(seed)
    match = Match(Rules.six_love())
    views = []
    bots = {seat: make_bot("strong", rng.randrange(2 ** 32)) for seat in "NESW"}
    for _ in range(hands):
        if match.is_over:
            match = Match(Rules.six_love())
        hand = match.deal(seed=rng.randrange(2 ** 32))
        while hand.outcome is None:
            view = seat_view(hand, hand.turn, match.state)
            if len(move_groups(view)) >= 2:
                views.append(view)
                match.push(bots[hand.turn].choose(view))
            else:
                match.push(view.legal_moves[0])
    return views


def _evaluate(job: tuple) -> float:
    seed, view = job
    return make_bot("strong", seed).evaluate(view)[0].win


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200, help="evaluate() calls to time")
    parser.add_argument("--hands", type=int, default=10, help="hands in the analysed match")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    views = []
    seed = args.seed
    while len(views) < args.positions:
        views += match_decisions(4, seed)
        seed += 1
    views = views[:args.positions]
    analyst = make_bot("strong", args.seed)
    reference = make_bot("montecarlo", args.seed)
    spent, scale = [], []
    for view in views:  # taking turns, so a change in the machine's load hits both alike
        start = time.perf_counter()
        analyst.evaluate(view)
        spent.append(1000 * (time.perf_counter() - start))
        start = time.perf_counter()
        reference.choose(view)
        scale.append(1000 * (time.perf_counter() - start))
    spent.sort()
    print(f"one evaluate(), default budget ({analyst.analysis_rollouts} rollouts), {len(spent)} real positions: "
          f"median {statistics.median(spent):.0f} ms, mean {statistics.mean(spent):.0f} ms, "
          f"p95 {spent[int(0.95 * (len(spent) - 1))]:.0f} ms, slowest {spent[-1]:.0f} ms")
    print(f"  for scale, montecarlo's choose() on the same positions: median {statistics.median(scale):.0f} ms "
          f"(evaluate/choose {statistics.median(spent) / statistics.median(scale):.2f}x)")

    views = match_decisions(args.hands, args.seed + 1000)
    start = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        list(pool.map(_evaluate, [(i, view) for i, view in enumerate(views)], chunksize=4))
    elapsed = time.perf_counter() - start
    print(f"analysing a {args.hands}-hand Six Love match: {len(views)} decisions evaluated in {elapsed:.1f} s "
          f"on {args.workers} worker processes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
