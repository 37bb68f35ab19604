"""How fast the strong bot analyses: one ``evaluate()``, a hint at the table, a whole match.

    python benchmarks/evaluate_speed.py [--positions 200] [--hands 10] [--workers 2]

1. One ``evaluate()`` call with the default analysis budget, on real decisions (two or
   more distinct moves) from hands between ``strong`` bots: median, p95 and the slowest,
   in this process, next to ``montecarlo``'s ``choose()`` on the same positions for scale
   (the machine may be shared).
2. ``Table(coach=True).hint()``, the Hint button's whole answer (the position judged
   within its time cap, the words, the view): median and p95 over positions where the
   person has a choice (the target: 300 ms).
3. ``analyse()`` of a 10-hand Six Love match between ``strong`` bots, every decision
   with two or more distinct moves judged, on ``--workers`` processes, the pool's start
   included (the target: 15 s on 2 cores); and of the example record
   ``notebooks/records/six_love_10_hands.json``.

Figures only; nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from dominoes_widget import Rules, analyse, seat_view, write_record  # noqa: E402
from dominoes_widget.studies.bots import make_bot  # noqa: E402
from dominoes_widget.studies.bots.montecarlo import move_groups  # noqa: E402
from dominoes_widget.engine.match import Match  # noqa: E402
from dominoes_widget.widgets.table import Table  # noqa: E402


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

    hints = []
    table = Table(coach=True, bot_delay=0, seed=args.seed, bots="strong")
    while len(hints) < min(40, args.positions):
        if table.phase == "match_over":
            table.new_match()
        elif table.phase == "choose_leader":  # the person's team won the last hand: the person leads
            table.choose_leader("S")
        elif table.phase != "playing":
            table.next_hand()
        elif len({str(m.tile) for m in table.legal_moves}) >= 2:
            start = time.perf_counter()
            hint = table.hint()
            hints.append(1000 * (time.perf_counter() - start))
            move = (hint["best"] or hint["moves"][0]["move"]).split()  # (no clear best: the first of the close ones)
            table.play(move[1], move[2] if len(move) > 2 else None)
        else:
            move = table.legal_moves[0]
            table.pass_() if move.action == "pass" else table.play(move.tile.written(move.first), move.end)
    hints.sort()
    print(f"a hint at the table (Table.hint(), {len(hints)} positions): median {statistics.median(hints):.0f} ms, "
          f"p95 {hints[int(0.95 * (len(hints) - 1))]:.0f} ms")

    record = match_record(args.hands, args.seed + 1000)
    start = time.perf_counter()
    found = analyse(record, workers=args.workers, progress=False)
    elapsed = time.perf_counter() - start
    moves = sum(len(hand["moves"]) for hand in record["hands"])
    print(f"analyse() of a {args.hands}-hand Six Love match between strong bots ({moves} moves): "
          f"{len(found)} decisions judged in {elapsed:.1f} s on {args.workers} worker processes")
    example = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "notebooks", "records",
                           "six_love_10_hands.json")
    start = time.perf_counter()
    found = analyse(example, workers=args.workers, progress=False)
    print(f"analyse() of notebooks/records/six_love_10_hands.json: {len(found)} decisions judged in "
          f"{time.perf_counter() - start:.1f} s on {args.workers} worker processes")
    return 0


def match_record(hands: int, seed: int) -> dict:
    """The record of ``hands`` hands of Six Love between strong bots (a new match when one is won)."""
    rng = random.Random(seed)
    match = Match(Rules.six_love(target=60))
    bots = {seat: make_bot("strong", rng.randrange(2 ** 32)) for seat in "NESW"}
    for _ in range(hands):
        hand = match.deal(seed=rng.randrange(2 ** 32))
        while hand.outcome is None:
            match.push(bots[hand.turn].choose(seat_view(hand, hand.turn, match.state)))
    return write_record(match)


if __name__ == "__main__":
    sys.exit(main())
