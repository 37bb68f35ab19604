"""How well the strong bot's win estimates match what really happens.

    python benchmarks/calibration.py [--positions 2000] [--seed 1] [--workers 2] [--raw]
    python benchmarks/calibration.py --fit dominoes_widget/bots/calibration.json --seed 0

Plays Six Love hands (each the first of a match) between four ``strong`` bots and, at
every decision where the mover had two or more distinct moves, asks a separately seeded
``strong`` bot to ``evaluate()`` the position with its default analysis budget. The
estimated chance that the mover's side wins, for the move actually played, is compared
with whether that side won the hand: a reliability table in 10 bins of the estimate
(count, mean estimate, observed frequency) and the Brier score. ``--raw`` measures the
estimates before the calibration map. Figures only; nothing here asserts.

``--fit PATH`` fits the calibration map instead (pooled-adjacent-violators on the raw
estimates, then smoothed to knots every 0.05) and writes it to PATH; fit it on one seed
and measure it on another.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from dominoes_widget import Hand, Rules, seat_view  # noqa: E402
from dominoes_widget.bots import make_bot  # noqa: E402
from dominoes_widget.bots.montecarlo import move_groups  # noqa: E402
from dominoes_widget.hand import team_of  # noqa: E402
from dominoes_widget.simulate import _derive  # noqa: E402


def analysed_hand(seed: int, hand_number: int, raw: bool) -> list[tuple[float, float, bool, bool]]:
    """One hand between strong bots: ``(estimated win, estimated tie, won, tied)`` per real decision."""
    rules = Rules.six_love()
    rng = random.Random(_derive(seed, "hand", hand_number))
    hand = Hand.dealt(rules, rng.randrange(2 ** 32))
    players = {seat: make_bot("strong", rng.randrange(2 ** 32)) for seat in hand.seats}
    analyst = make_bot("strong", rng.randrange(2 ** 32), calibrated=not raw)
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
    return [(win, tie, outcome.winner_team == team, outcome.tie) for team, win, tie in decisions]


def collect(positions: int, seed: int, workers: int, raw: bool) -> list[tuple[float, float, bool, bool]]:
    rows: list = []
    number = 0
    with ProcessPoolExecutor(workers) as pool:
        while len(rows) < positions:
            batch = list(range(number, number + 2 * workers))
            number += len(batch)
            for hand_rows in pool.map(analysed_hand, [seed] * len(batch), batch, [raw] * len(batch)):
                rows.extend(hand_rows)
    return rows


def reliability(rows, bins: int = 10) -> list[tuple[int, float, float]]:
    """``(count, mean estimate, observed win frequency)`` per bin of the estimate."""
    table = []
    for b in range(bins):
        inside = [r for r in rows if min(int(r[0] * bins), bins - 1) == b]
        if inside:
            table.append((len(inside), sum(r[0] for r in inside) / len(inside),
                          sum(r[2] for r in inside) / len(inside)))
        else:
            table.append((0, float("nan"), float("nan")))
    return table


def brier(rows) -> float:
    return sum((r[0] - r[2]) ** 2 for r in rows) / len(rows)


def fit_map(rows, step: float = 0.05) -> list[list[float]]:
    """Knots ``[raw, calibrated]`` of a monotone map from raw estimates to observed frequencies."""
    points = sorted((r[0], float(r[2])) for r in rows)
    blocks: list[list[float]] = []  # pooled adjacent violators: [sum of x, sum of y, count]
    for x, y in points:
        blocks.append([x, y, 1])
        while len(blocks) > 1 and blocks[-2][1] / blocks[-2][2] >= blocks[-1][1] / blocks[-1][2]:
            x2, y2, n2 = blocks.pop()
            blocks[-1][0] += x2
            blocks[-1][1] += y2
            blocks[-1][2] += n2
    centres = [(b[0] / b[2], b[1] / b[2]) for b in blocks]
    knots = []
    for i in range(int(round(1 / step)) + 1):
        x = i * step
        knots.append([round(x, 4), round(_interpolate(centres, x), 4)])
    knots[0][1] = min(knots[0][1], knots[1][1])
    return knots


def _interpolate(points, x: float) -> float:
    if x <= points[0][0]:
        return points[0][1]
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        if x <= x1:
            return y0 if x1 == x0 else y0 + (y1 - y0) * (x - x0) / (x1 - x0)
    return points[-1][1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--raw", action="store_true", help="measure the estimates before the calibration map")
    parser.add_argument("--fit", metavar="PATH", help="fit the calibration map on these games and write it")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    rows = collect(args.positions, args.seed, args.workers, raw=args.raw or bool(args.fit))
    elapsed = time.perf_counter() - start
    kind = "raw" if args.raw or args.fit else "calibrated"
    print(f"{len(rows)} analysed positions (Six Love, strong bots, seed {args.seed}), {kind} estimates, "
          f"{elapsed:.0f} s on {args.workers} workers")
    print("| bin | count | mean estimate | observed | gap |")
    print("|---|---:|---:|---:|---:|")
    for b, (count, estimate, observed) in enumerate(reliability(rows)):
        gap = "" if count == 0 else f"{100 * (observed - estimate):+.1f} pp"
        print(f"| {b / 10:.1f}–{(b + 1) / 10:.1f} | {count} | {100 * estimate:.1f}% | {100 * observed:.1f}% | {gap} |")
    print(f"Brier score {brier(rows):.4f} (always saying the base rate: "
          f"{brier([(sum(r[2] for r in rows) / len(rows),) + r[1:] for r in rows]):.4f})")
    if args.fit:
        knots = fit_map(rows)
        data = {"about": "Calibration map of the strong bot's raw win estimates (Six Love), knots [raw, calibrated]",
                "fitted_on": f"{len(rows)} positions from hands between strong bots, benchmarks/calibration.py "
                             f"--fit, seed {args.seed}",
                "knots": knots}
        with open(args.fit, "w", encoding="utf-8") as file:
            json.dump(data, file, indent=1)
            file.write("\n")
        print(f"wrote {args.fit}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
