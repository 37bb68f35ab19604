"""Fit the play policy's weights (``studies/bots/playout.py``, ``POLICY_WEIGHTS``) to real decisions.

    python benchmarks/fit_policy.py [--hands 300] [--seed 10000] [--workers 2]

Plays Six Love hands between four ``montecarlo`` bots and records, at every decision with
two or more distinct plays, the features of each play (``playout.features``) and the play
chosen. Then fits a conditional logit (the probability of a play is a softmax of the
weighted features) by maximum likelihood and prints the weights, the mean log-loss per
decision on held-out decisions (every fifth), and the log-loss of choosing uniformly.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from dominoes_widget import Hand, Rules, seat_view  # noqa: E402
from dominoes_widget.studies.bots import make_bot  # noqa: E402
from dominoes_widget.studies.bots.playout import POLICY_WEIGHTS, Policy, features  # noqa: E402


def decisions(deal: int) -> list[tuple[list[tuple[int, ...]], int]]:
    """``(features of each distinct play, index of the play made)`` for one hand's real decisions."""
    hand = Hand.dealt(Rules.six_love(), deal)
    bots = {seat: make_bot("montecarlo", deal * 10 + i) for i, seat in enumerate(hand.seats)}
    policy = Policy()
    unplayed = [7] * 7
    rows = []
    while hand.outcome is None:
        moves = hand.legal_move_list()
        move = moves[0] if len(moves) == 1 else bots[hand.turn].choose(seat_view(hand, hand.turn))
        if len(moves) > 1 and hand.ends is not None:
            held = sum(1 << t for t in hand.held(hand.turn))
            left, right = hand.ends
            options = policy.plays(held, left, right, unplayed)
            if len(options) > 1:
                side = 0 if move.end == "L" or left == right else 1
                chosen = next(i for i, (_s, tile, end, _x) in enumerate(options) if tile == move.tile and end == side)
                rows.append(([features(tile, exposed, left if end else right, held ^ 1 << tile, 8 - unplayed[exposed])
                              for _s, tile, end, exposed in options], chosen))
        hand.push(move)
        if move.tile is not None:
            low, high = move.tile.halves
            unplayed[low] -= 1
            if high != low:
                unplayed[high] -= 1
    return rows


def log_loss(weights, rows) -> float:
    total = 0.0
    for options, chosen in rows:
        scores = [sum(w * f for w, f in zip(weights, option)) for option in options]
        top = max(scores)
        total += top + math.log(sum(math.exp(s - top) for s in scores)) - scores[chosen]
    return total / len(rows)


def fit(rows, steps: int = 200) -> list[float]:
    """Gradient descent on the mean log-loss, with per-feature scaling."""
    size = len(rows[0][0][0])
    scale = [max(1.0, max(abs(option[k]) for options, _c in rows for option in options)) for k in range(size)]
    weights = [0.0] * size
    for step in range(steps):
        gradient = [0.0] * size
        for options, chosen in rows:
            scores = [sum(w * f for w, f in zip(weights, option)) for option in options]
            top = max(scores)
            exps = [math.exp(s - top) for s in scores]
            norm = sum(exps)
            for k in range(size):
                expected = sum(e * option[k] for e, option in zip(exps, options)) / norm
                gradient[k] += expected - options[chosen][k]
        rate = 2.0 / (1 + step / 100)
        weights = [w - rate * g / len(rows) / (s * s) for w, g, s in zip(weights, gradient, scale)]
    return weights


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--seed", type=int, default=10_000, help="the first deal")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    with ProcessPoolExecutor(args.workers) as pool:
        rows = [row for hand_rows in pool.map(decisions, range(args.seed, args.seed + args.hands)) for row in hand_rows]
    train = [row for i, row in enumerate(rows) if i % 5]
    test = rows[::5]
    weights = fit(train)
    print(f"{len(rows)} decisions; weights (pips, double, follow, same ends, out):",
          ", ".join(f"{w:.3f}" for w in weights))
    print(f"held-out log-loss {log_loss(weights, test):.4f} per decision; shipped weights "
          f"{log_loss(POLICY_WEIGHTS, test):.4f}; uniform {log_loss([0.0] * len(weights), test):.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
