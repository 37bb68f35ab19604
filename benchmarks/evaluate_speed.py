"""How fast the strong bot analyses: one ``evaluate()``, one ``judge()``, a hint at the table,
a whole match, and the puzzles of a record.

    python benchmarks/evaluate_speed.py [--positions 200] [--judged 60] [--hands 10] [--workers 2]
                                        [--no-mining]

1. One ``evaluate()`` call with the default analysis budget, on real decisions (two or
   more distinct moves) from hands between ``strong`` bots: median, p95 and the slowest,
   in this process, next to ``montecarlo``'s ``choose()`` on the same positions for scale
   (the machine may be shared).
2. One ``judge()`` (the judge behind the marks, the coach and the puzzles: rounds of 1,200
   played-out hands until every move is placed, at most 16) on the first ``--judged`` of
   those positions, taking turns with ``evaluate()`` on the same position: the times, their
   ratio, how many rounds it took and how often every move was placed.
3. ``Table(coach=True).hint()``, the Hint button's whole answer (the position judged,
   the words, the view): median and p95 over positions where the person has a choice.
4. ``analyse()`` of a 10-hand Six Love match between ``strong`` bots, every decision
   with two or more distinct moves judged, on ``--workers`` processes, the pool's start
   included; and of the example record ``notebooks/records/six_love_10_hands.json``.
5. ``find_puzzles()`` of that example record on one worker (the issue's figure).

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
from dominoes_widget.studies.judge import judge  # noqa: E402
from dominoes_widget.studies.mining import find_puzzles  # noqa: E402
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
    parser.add_argument("--judged", type=int, default=60, help="judge() calls to time")
    parser.add_argument("--no-mining", action="store_true", help="skip find_puzzles() of the example")
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

    judged, evaluated, rounds, settled = [], [], [], 0
    for index, view in enumerate(views[:args.judged]):
        start = time.perf_counter()
        found = judge(view, seed=args.seed + index)  # a new seed each: the judge keeps what it found
        judged.append(1000 * (time.perf_counter() - start))
        start = time.perf_counter()
        analyst.evaluate(view)
        evaluated.append(1000 * (time.perf_counter() - start))
        per_round = max(1, analyst.analysis_rollouts // len(found.judgements))  # sampled deals a round
        rounds.append(-(-found.worlds // per_round))
        settled += found.settled
    judged.sort()
    print(f"one judge(), {len(judged)} of those positions: median {statistics.median(judged):.0f} ms, "
          f"p95 {judged[int(0.95 * (len(judged) - 1))]:.0f} ms, slowest {judged[-1]:.0f} ms; "
          f"judge/evaluate {statistics.median(judged) / statistics.median(evaluated):.1f}x (medians, taking turns)")
    print(f"  rounds of {analyst.analysis_rollouts}: median {statistics.median(rounds):.0f}, most {max(rounds)}; "
          f"every move placed in {settled} of {len(judged)}")

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
    if not args.no_mining:
        start = time.perf_counter()
        puzzles = find_puzzles(example, workers=1, progress=False)
        print(f"find_puzzles() of notebooks/records/six_love_10_hands.json on 1 worker: {len(puzzles)} puzzles in "
              f"{time.perf_counter() - start:.1f} s")
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
