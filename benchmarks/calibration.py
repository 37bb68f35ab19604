"""How well the strong bot's win estimates match what really happens.

    python benchmarks/calibration.py [--positions 2000] [--seed 1] [--workers 2] [--save rows.json]
    python benchmarks/calibration.py --players greedy --positions 500
    python benchmarks/calibration.py --rows held_out.json --fit-on fitted.json

Plays Six Love hands (each the first of a match) between four ``strong`` bots (or four of
the ``--players`` kind: ``montecarlo``, ``greedy``, ``random``, to see how the estimates,
which assume strong play from the position on, hold for weaker players) and, at
every decision where the mover had two or more distinct moves, asks a separately seeded
``strong`` bot to ``evaluate()`` the position with its default analysis budget. The
estimated chance that the mover's side wins, for the move actually played, is compared
with whether that side won the hand: a reliability table in 10 bins of the estimate
(count, mean estimate, observed frequency) and the Brier score. Figures only; nothing
here asserts.

The observed frequencies carry a 95% interval that counts each hand once (its positions
share one result), which shows how far a bin can stray by chance alone.

``--save FILE`` keeps the rows (estimate, tie estimate, won, tied, hand) and ``--rows FILE``
reads them back instead of playing. ``--fit-on FILE`` checks whether a correction map
would help: it fits a logistic map of the estimate's logit (two numbers) on the rows
saved in FILE, and shows this set's table through it, so the map is always measured on
hands it was not fitted on.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from dominoes_widget import Hand, Rules, seat_view  # noqa: E402
from dominoes_widget.studies.bots import make_bot  # noqa: E402
from dominoes_widget.studies.bots.montecarlo import move_groups  # noqa: E402
from dominoes_widget.engine.hand import team_of  # noqa: E402


def _hand_seed(seed: int, hand_number: int) -> int:
    """A 64-bit seed for one hand, the same on every machine (as ``simulate`` derives its seeds)."""
    text = f"{seed}/hand/{hand_number}".encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


def analysed_hand(seed: int, hand_number: int, kind: str = "strong") -> list[tuple[float, float, bool, bool, int]]:
    """One hand between four ``kind`` bots: ``(estimated win, estimated tie, won, tied, hand_number)`` per real decision."""
    rules = Rules.six_love()
    rng = random.Random(_hand_seed(seed, hand_number))
    hand = Hand.dealt(rules, rng.randrange(2 ** 32))
    players = {seat: make_bot(kind, rng.randrange(2 ** 32)) for seat in hand.seats}
    analyst = make_bot("strong", rng.randrange(2 ** 32))
    decisions = []
    while hand.outcome is None:
        view = seat_view(hand, hand.turn)
        if len(move_groups(view)) >= 2:
            move = players[hand.turn].choose(view)
            estimate = next(e for e in analyst.evaluate(view) if e.move == move)
            decisions.append((team_of(hand.turn), estimate.win, estimate.tie))
        else:
            move = view.legal_moves[0]
        hand.push(move)
    outcome = hand.outcome
    return [(win, tie, outcome.winner_team == team, outcome.tie, hand_number) for team, win, tie in decisions]


def collect(positions: int, seed: int, workers: int, kind: str = "strong") -> list[tuple[float, float, bool, bool, int]]:
    rows: list = []
    number = 0
    with ProcessPoolExecutor(workers) as pool:
        while len(rows) < positions:
            batch = list(range(number, number + 2 * workers))
            number += len(batch)
            for hand_rows in pool.map(analysed_hand, [seed] * len(batch), batch, [kind] * len(batch)):
                rows.extend(hand_rows)
    return rows


def reliability(rows, bins: int = 10) -> list[tuple[int, float, float, float]]:
    """``(count, mean estimate, observed win frequency, half-width of its 95% interval)`` per bin.

    Positions of one hand share its result, so the interval treats each hand as one
    cluster (a cluster-robust standard error); rows without a hand number count alone.
    """
    table = []
    for b in range(bins):
        inside = [r for r in rows if min(int(r[0] * bins), bins - 1) == b]
        if not inside:
            table.append((0, float("nan"), float("nan"), float("nan")))
            continue
        observed = sum(r[2] for r in inside) / len(inside)
        residuals: dict = {}
        for i, r in enumerate(inside):
            hand = r[4] if len(r) > 4 else ("row", i)
            residuals[hand] = residuals.get(hand, 0.0) + r[2] - observed
        half = 1.96 * math.sqrt(sum(e * e for e in residuals.values())) / len(inside)
        table.append((len(inside), sum(r[0] for r in inside) / len(inside), observed, half))
    return table


def brier(rows) -> float:
    return sum((r[0] - r[2]) ** 2 for r in rows) / len(rows)


def fit_map(rows) -> tuple[float, float]:
    """``(a, b)`` of the logistic map ``1 / (1 + exp(-(a * logit(estimate) + b)))`` that fits
    the observed wins best (maximum likelihood, Newton's method): Platt scaling."""
    points = [(_logit(r[0]), float(r[2])) for r in rows]
    a, b = 1.0, 0.0
    for _ in range(50):
        ga = gb = haa = hab = hbb = 0.0
        for x, y in points:
            p = 1 / (1 + math.exp(-(a * x + b)))
            ga += (y - p) * x
            gb += y - p
            w = p * (1 - p)
            haa += w * x * x
            hab += w * x
            hbb += w
        det = haa * hbb - hab * hab
        a += (hbb * ga - hab * gb) / det
        b += (haa * gb - hab * ga) / det
    return a, b


def _logit(p: float, floor: float = 0.005) -> float:
    p = min(max(p, floor), 1 - floor)
    return math.log(p / (1 - p))


def apply_map(rows, a: float, b: float) -> list[tuple[float, float, bool, bool]]:
    """The rows with their estimates put through the logistic map ``(a, b)``."""
    return [(1 / (1 + math.exp(-(a * _logit(row[0]) + b))),) + tuple(row[1:]) for row in rows]


def print_table(rows, title: str) -> None:
    print(title)
    print("| bin | count | mean estimate | observed | gap | observed's 95% interval, hands as clusters |")
    print("|---|---:|---:|---:|---:|---:|")
    for b, (count, estimate, observed, half) in enumerate(reliability(rows)):
        gap = "" if count == 0 else f"{100 * (observed - estimate):+.1f} pp"
        print(f"| {b / 10:.1f}–{(b + 1) / 10:.1f} | {count} | {100 * estimate:.1f}% | {100 * observed:.1f}% "
              f"| {gap} | ±{100 * half:.1f} pp |")
    base_rate = sum(r[2] for r in rows) / len(rows)
    print(f"Brier score {brier(rows):.4f} (always saying the base rate: "
          f"{brier([(base_rate,) + r[1:] for r in rows]):.4f})")


def _load(path: str) -> tuple[list, str]:
    with open(path, encoding="utf-8") as file:
        saved = json.load(file)
    return [tuple(row) for row in saved["rows"]], saved["source"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--players", default="strong", choices=["strong", "montecarlo", "greedy", "random"],
                        help="the bot at all four seats (the analyst is always the strong bot)")
    parser.add_argument("--save", metavar="FILE", help="write the rows to FILE")
    parser.add_argument("--rows", metavar="FILE", help="read rows saved with --save instead of playing")
    parser.add_argument("--fit-on", metavar="FILE", help="fit a correction map on these saved rows and show "
                                                          "this set through it")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    if args.rows:
        rows, source = _load(args.rows)
    else:
        rows = collect(args.positions, args.seed, args.workers, args.players)
        source = f"Six Love, {args.players} bots, seed {args.seed}"
        if args.save:
            with open(args.save, "w", encoding="utf-8") as file:
                json.dump({"source": source, "rows": rows}, file)
    elapsed = time.perf_counter() - start
    print_table(rows, f"{len(rows)} analysed positions ({source}), {elapsed:.0f} s on {args.workers} workers")
    if args.fit_on:
        fitted_rows, fitted_source = _load(args.fit_on)
        a, b = fit_map(fitted_rows)
        print()
        print_table(apply_map(rows, a, b), f"the same positions through the logistic map fitted on {len(fitted_rows)} "
                                           f"other positions ({fitted_source}): a = {a:.3f}, b = {b:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
