"""The cost of a provably fair deal against the old seeded deal.

    python benchmarks/fair_deal_speed.py [--rounds 9] [--deals 2000]

Each round times ``--deals`` deals of each kind, interleaved (the machine's load changes
between rounds cancel out in a round's ratio), with this process's CPU time:

  a. seeded: ``deal_masks`` from a ``random.Random`` (what ``simulate`` and ``Match(seed=)`` use)
  b. fair, the derivation only: ``fair_deal`` from a server seed and three client seeds
     (HMAC-SHA256 blocks, Fisher-Yates without bias)
  c. fair, as a table makes it: a new server seed from ``secrets``, its commitment, a client
     seed checked and added, and ``Match.prepare`` dealing from them

It prints the median microseconds per deal and each fair kind's ratio to the seeded deal
(the median of the rounds' ratios, with their range). Figures only: nothing is asserted.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from dominoes_widget.engine.fair_deal import FairSeeds, fair_deal  # noqa: E402
from dominoes_widget.engine.hand import deal_masks  # noqa: E402
from dominoes_widget.engine.match import Match  # noqa: E402
from dominoes_widget.engine.rules import Rules  # noqa: E402


def seeded(rules: Rules, deals: int) -> None:
    rng = random.Random(1)
    for _ in range(deals):
        deal_masks(rules, rng)


def derivation(rules: Rules, deals: int) -> None:
    seed = "b5ad45dc932b245a2f88f729ce30a4a098c868bd549de8bf8d8641b37a5e8501"
    seeds = {"N": "k3Fz9", "S": "x81", "E": "AbCdEfGhIjKlMnOpQrStUv"}
    for hand in range(deals):
        fair_deal(seed, hand, rules.seats, seeds)


def at_a_table(rules: Rules, deals: int) -> None:
    for _ in range(deals):
        match = Match(rules)
        match.commit(FairSeeds())
        match.add_client_seed("S", "AbCdEfGhIjKlMnOpQrStUv")
        match.prepare()


KINDS = {"a. seeded deal": seeded, "b. fair: derivation": derivation, "c. fair: at a table": at_a_table}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--deals", type=int, default=2000)
    args = parser.parse_args()
    rules = Rules.six_love()
    micros: dict[str, list[float]] = {name: [] for name in KINDS}
    for round_ in range(args.rounds):
        names = list(KINDS)
        names = names[round_ % len(names):] + names[:round_ % len(names)]
        for name in names:
            start = time.process_time()
            KINDS[name](rules, args.deals)
            micros[name].append((time.process_time() - start) / args.deals * 1e6)
    print(f"{args.deals} deals per kind, {args.rounds} rounds (CPU time, median per deal)")
    base = micros["a. seeded deal"]
    for name, values in micros.items():
        ratios = [value / ref for value, ref in zip(values, base)]
        print(f"  {name:24} {statistics.median(values):8.1f} µs   x{statistics.median(ratios):5.1f} the seeded deal "
              f"(rounds {min(ratios):.1f}-{max(ratios):.1f})")


if __name__ == "__main__":
    main()
