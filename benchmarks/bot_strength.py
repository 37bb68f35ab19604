"""Bot strength by duplicate deals: each deal is played twice, the teams swapping seats.

    python benchmarks/bot_strength.py [--hands 2000] [--seed 0] [--workers 2]

Plays seeded partnership hands (Six Love rules, each hand the first of a match: the 6-6
holder poses it) between two teams of bots, every deal once with each team sitting
North-South, so the luck of the deal cancels. Prints, for each pairing, the hands, the
first team's wins, losses and ties, and its win rate of the decided hands with a 95%
(Wilson) confidence interval, as a Markdown table. The strong bot must win at least 60%
of the decided hands against greedy. Figures only; nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from dominoes_widget.simulation import simulate  # noqa: E402

PAIRINGS = (("strong", "greedy"), ("greedy", "random"), ("strong", "random"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands per pairing (deals x 2 seatings)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--game", default="six_love")
    parser.add_argument("--rollouts", type=int, default=None, help="the strong bot's budget (default: its own)")
    parser.add_argument("--pairings", default=",".join(f"{a}-{b}" for a, b in PAIRINGS),
                        help="comma-separated A-B pairings, e.g. strong-greedy,greedy-random")
    parser.add_argument("--progress", action="store_true", help="show a progress bar")
    args = parser.parse_args(argv)
    options = {"strong": {"rollouts": args.rollouts}} if args.rollouts else None
    lines = ["| team A | team B | hands | A wins | B wins | ties | A's win rate of decided hands | 95% CI | time |",
             "|---|---|---:|---:|---:|---:|---:|---:|---:|"]
    print(f"duplicate deals, {args.game}, seed {args.seed}, {args.workers} workers", flush=True)
    for pairing in args.pairings.split(","):
        a, b = pairing.strip().split("-")
        start = time.perf_counter()
        results = simulate(args.game, [a, b], args.hands, seed=args.seed, workers=args.workers, duplicate=True,
                           progress=args.progress, bot_options=options)
        elapsed = time.perf_counter() - start
        first = results.win_rates()[0]
        lines.append(f"| {a} | {b} | {first['hands']} | {first['wins']} | {first['losses']} | {first['ties']} | "
                     f"{100 * first['win_rate']:.1f}% | {100 * first['ci_low']:.1f}–{100 * first['ci_high']:.1f}% | "
                     f"{elapsed:.0f} s |")
        print(lines[-1], flush=True)
    print()
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
