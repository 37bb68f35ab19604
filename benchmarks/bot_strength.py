"""Bot strength by duplicate deals: each deal is played twice, the teams swapping seats.

    python benchmarks/bot_strength.py [--hands 2000] [--seed 0] [--workers 2] [--timing 200]

First the time per decision of the two Monte Carlo bots, side by side: ``strong`` (the
inference bot) and ``montecarlo`` (the bot it replaced) each choose a move in the same
real positions (decisions with two or more distinct moves, from hands played by
``montecarlo`` bots), taking turns position by position in this process; the median and
mean times and their ratios. Their default budgets are set so the times match.

Then strength: seeded partnership hands (Six Love rules, each hand the first of a match:
the 6-6 holder poses it) between two teams of bots, every deal once with each team
sitting North-South, so the luck of the deal cancels. Prints, for each pairing, the
hands, the first team's wins, losses and ties, and its win rate of the decided hands
with a 95% (Wilson) confidence interval, as a Markdown table. Figures only; nothing here
asserts a time.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from dominoes_widget import Hand, Rules, seat_view, simulate  # noqa: E402
from dominoes_widget.studies.bots import make_bot  # noqa: E402
from dominoes_widget.studies.bots.montecarlo import move_groups  # noqa: E402

PAIRINGS = (("strong", "montecarlo"), ("strong", "greedy"), ("montecarlo", "greedy"), ("greedy", "random"))
TIMED = ("strong", "montecarlo")


def decision_positions(count: int, seed: int, game: str = "six_love") -> list:
    """Seat views of real decisions (two or more distinct moves) from hands between montecarlo bots."""
    rules = Rules.preset(game)
    rng = random.Random(seed)
    views = []
    while len(views) < count:
        hand = Hand.dealt(rules, rng.randrange(2 ** 32))
        bots = {seat: make_bot("montecarlo", rng.randrange(2 ** 32), rollouts=150) for seat in hand.seats}
        while hand.outcome is None and len(views) < count:
            view = seat_view(hand, hand.turn)
            if len(move_groups(view)) >= 2:
                views.append(view)
                hand.push(bots[hand.turn].choose(view))
            else:
                hand.push(view.legal_moves[0])
    return views


def decision_times(names, views, seed: int) -> dict[str, list[float]]:
    """Milliseconds per decision for each bot (default budget) on the same positions.

    The bots take turns position by position, so a change in the machine's load hits
    them alike.
    """
    bots = {name: make_bot(name, seed) for name in names}
    times: dict[str, list[float]] = {name: [] for name in names}
    for view in views:
        for name, bot in bots.items():
            start = time.perf_counter()
            bot.choose(view)
            times[name].append(1000 * (time.perf_counter() - start))
    return times


def print_timing(count: int, seed: int, game: str) -> None:
    views = decision_positions(count, seed, game)
    times = decision_times(TIMED, views, seed)
    new, old = (times[name] for name in TIMED)
    print(f"time per decision, default budgets, {len(views)} real decisions of {game}, one process, "
          "the bots taking turns:")
    print("| bot | median ms | mean ms | p95 ms |")
    print("|---|---:|---:|---:|")
    for name in TIMED:
        spent = sorted(times[name])
        print(f"| {name} | {statistics.median(spent):.1f} | {statistics.mean(spent):.1f} | "
              f"{spent[int(0.95 * (len(spent) - 1))]:.1f} |")
    print(f"| ratio {TIMED[0]}/{TIMED[1]} | {statistics.median(new) / statistics.median(old):.2f} | "
          f"{statistics.mean(new) / statistics.mean(old):.2f} | |")
    print(flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands per pairing (deals x 2 seatings)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--game", default="six_love")
    parser.add_argument("--rollouts", type=int, default=None, help="the strong bot's budget (default: its own)")
    parser.add_argument("--timing", type=int, default=200, help="decisions to time (0: skip the timing)")
    parser.add_argument("--pairings", default=",".join(f"{a}-{b}" for a, b in PAIRINGS),
                        help="comma-separated A-B pairings, e.g. strong-greedy,greedy-random")
    parser.add_argument("--progress", action="store_true", help="show a progress bar")
    args = parser.parse_args(argv)
    options = {"strong": {"rollouts": args.rollouts}} if args.rollouts else None
    lines = ["| team A | team B | hands | A wins | B wins | ties | A's win rate of decided hands | 95% CI | time |",
             "|---|---|---:|---:|---:|---:|---:|---:|---:|"]
    if args.timing:
        print_timing(args.timing, args.seed, args.game)
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
