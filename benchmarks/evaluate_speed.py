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
6. The judge's cost (``--judge-cost``, or alone with ``--only-judge-cost``), in CPU seconds of
   this process next to a fixed yardstick timed in the same run (a fixed set of worlds played
   out one by one with ``fast_playout``, pure Python), so runs on other days and machines
   compare by the ratio: ``judge()`` per decision of the example record, with numpy (worlds
   played out together, sums kept in arrays) and without (each world alone and every sum
   recomputed each round, the judge's data path before issue 37 and the JupyterLite site's
   today), taking turns; ``analyse()`` of the example on one worker; and ``judge()`` per
   decision of the Vietnamese game with a draw pile (alone with ``--only-vietnamese``): each
   decision of the three records whose game plays out on masks, judged as the analysis judges
   it (the played move's mark and whether a move is clearly best, ``Question.MARK``), with its
   worlds played out together (``batch_pile_playout``) and as before (one at a time through
   ``pile_playout``, each pile shuffled by ``Random.shuffle``), taking turns, next to the same
   yardstick; the target is 200 ms a decision. Beside them the record with wild blanks
   (``vietnamese_2_players_wild.json``), its worlds played out together (``batch_pile_playout``
   with ``wild``) and as before issue 37's wild blanks (one at a time through the engine,
   ``hand_playout``), taking turns; the same target.

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
from dominoes_widget.engine.hand import Hand  # noqa: E402
from dominoes_widget.engine.masks import unplayed_counts  # noqa: E402
from dominoes_widget.studies import judge as judge_module  # noqa: E402
from dominoes_widget.studies.analysis import _plan  # noqa: E402
from dominoes_widget.studies.bots import inference, montecarlo, world_results  # noqa: E402
from dominoes_widget.studies.bots.playout import Policy, fast_playout  # noqa: E402
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
    parser.add_argument("--judge-cost", action="store_true", help="also time the judge's cost (section 6)")
    parser.add_argument("--only-judge-cost", action="store_true", help="time only the judge's cost (section 6)")
    parser.add_argument("--decisions", type=int, default=30, help="decisions of each record judged in section 6")
    parser.add_argument("--only-vietnamese", action="store_true",
                        help="time only the Vietnamese game with a draw pile (section 6's last lines)")
    args = parser.parse_args(argv)
    if args.only_judge_cost:
        judge_cost(args.decisions)
        return 0
    if args.only_vietnamese:
        stick = [yardstick()]
        vietnamese_cost(stick)
        return 0

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
    if args.judge_cost:
        judge_cost(args.decisions)
    return 0


RECORDS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "notebooks", "records")


def yardstick() -> float:
    """CPU seconds of a fixed piece of pure-Python work: 3,000 fixed Six Love worlds played out one by one."""
    rng = random.Random(2024)
    policy = Policy(sight=(2.0, 1.0))
    worlds = []
    while len(worlds) < 3000:
        hand = Hand.dealt(Rules.six_love(), rng.randrange(1 << 30))
        hand.push(hand.legal_move_list()[0])
        seats = list(hand.seats)
        worlds.append(([hand.held_mask(s) for s in seats], hand.left, hand.right, unplayed_counts(hand.line),
                       seats.index(hand.turn)))
    start = time.process_time()
    for held, left, right, unplayed, turn in worlds:
        fast_playout(policy, held[:], left, right, unplayed[:], turn)
    return time.process_time() - start


def _decisions(record: str, count: int | None) -> list:
    """The first ``count`` decisions (all: ``None``) an analysis of ``record`` judges: the seat's view and the move played."""
    plan = _plan(os.path.join(RECORDS, record), None, 0, None, None, "strong")
    found = []
    for job in plan.jobs[:count]:
        hand = Hand(job.rules, job.deal, job.boneyard, job.leader, lead_tile=job.lead_tile, leaders=job.leaders)
        for text in job.moves:
            hand.push(text)
        found.append((seat_view(hand, str(hand.turn)), job.played))
    return found


def _decision_views(record: str, count: int) -> list:
    """The views of the first ``count`` decisions an analysis of ``record`` judges."""
    return [view for view, _played in _decisions(record, count)]


def _judge_cpu(view, numpy_on: bool) -> float:
    """CPU seconds of one judge() of ``view`` (nothing kept from an earlier call), with or without numpy."""
    saved = inference.np, world_results.np
    if not numpy_on:
        inference.np = world_results.np = None
    try:
        judge_module._KEPT.clear()
        start = time.process_time()
        judge(view)
        return time.process_time() - start
    finally:
        inference.np, world_results.np = saved


def judge_cost(decisions: int) -> None:
    """Section 6: the judge's CPU per decision, with and without numpy, next to the yardstick."""
    stick = [yardstick()]
    views = _decision_views("six_love_10_hands.json", decisions)
    fast, slow = [], []
    for view in views:  # taking turns, so a change in the machine's load hits both alike
        fast.append(_judge_cpu(view, True))
        slow.append(_judge_cpu(view, False))
    stick.append(yardstick())
    unit = statistics.mean(stick)
    print(f"yardstick (3,000 fixed worlds through fast_playout, pure Python): {unit:.3f} s CPU")
    print(f"judge() per decision of six_love_10_hands.json, first {len(views)} decisions, CPU:")
    for name, times in (("with numpy (batched, arrays)", fast), ("without numpy (one world at a time)", slow)):
        print(f"  {name}: mean {statistics.mean(times):.3f} s, median {statistics.median(times):.3f} s "
              f"= {statistics.mean(times) / unit:.2f} yardsticks")
    print(f"  without/with numpy: {sum(slow) / sum(fast):.2f}x")
    start = time.process_time()
    found = analyse(os.path.join(RECORDS, "six_love_10_hands.json"), workers=1, progress=False)
    spent = time.process_time() - start
    print(f"analyse() of six_love_10_hands.json on 1 worker: {len(found)} decisions, {spent:.1f} s CPU "
          f"= {spent / unit:.0f} yardsticks")
    vietnamese_cost(stick)


PILE_RECORDS = ("vietnamese_3_players.json", "vietnamese_2_players_tie.json", "vietnamese_2_players_double_blank.json")
"""The example records of the Vietnamese game with a draw pile, blanks standard."""
WILD_RECORD = "vietnamese_2_players_wild.json"
"""The example record with wild blanks (``blank_rule = "wild"``), timed beside them."""


def _marked_cpu(view, played: str, together: bool, engine: bool = False) -> float:
    """CPU seconds of one judge() of ``view`` as the analysis asks it (nothing kept from an earlier
    call), its worlds played out together or (``together`` false) as before: one at a time, each
    pile shuffled by ``Random.shuffle`` (the same worlds and results either way); ``engine``: one
    at a time through the engine (``hand_playout``, wild blanks before issue 37)."""
    saved = inference._BATCH_FROM, montecarlo._shuffle, inference.supports_pile_playout
    if not together:
        inference._BATCH_FROM = 1 << 30
        montecarlo._shuffle = lambda rng, pile: rng.shuffle(pile)
    if engine:
        inference.supports_pile_playout = lambda rules: False
    try:
        judge_module._KEPT.clear()
        judge_module._SAMPLINGS.clear()
        start = time.process_time()
        judge(view, played=played, question=judge_module.Question.MARK)
        return time.process_time() - start
    finally:
        inference._BATCH_FROM, montecarlo._shuffle, inference.supports_pile_playout = saved


def vietnamese_cost(stick: list[float]) -> None:
    """The Vietnamese game with a draw pile: judge() per decision as the analysis asks it, worlds
    played out together and one at a time (taking turns), next to the yardstick (``stick``: its
    times so far; timed once more here)."""
    rows = []
    for record in PILE_RECORDS:
        together, alone = [], []
        for view, played in _decisions(record, None):
            together.append(_marked_cpu(view, played, True))
            alone.append(_marked_cpu(view, played, False))
        rows.append((record, together, alone))
    wild_now, wild_before = [], []
    for view, played in _decisions(WILD_RECORD, None):
        wild_now.append(_marked_cpu(view, played, True))
        wild_before.append(_marked_cpu(view, played, False, engine=True))
    stick.append(yardstick())
    unit = statistics.mean(stick)
    print(f"yardstick (3,000 fixed worlds through fast_playout, pure Python): {unit:.3f} s CPU "
          f"({', '.join(f'{s:.3f}' for s in stick)})")
    print("judge() per decision of the Vietnamese game with a draw pile, as the analysis asks (Question.MARK), "
          "CPU (target: 200 ms):")
    every = {True: [], False: []}
    for record, together, alone in rows:
        every[True] += together
        every[False] += alone
        print(f"  {record}, {len(together)} decisions: now mean {statistics.mean(together) * 1000:.0f} ms, "
              f"median {statistics.median(together) * 1000:.0f} ms; before: mean "
              f"{statistics.mean(alone) * 1000:.0f} ms, median {statistics.median(alone) * 1000:.0f} ms")
    for name, times in (("now (worlds played out together, batch_pile_playout)", every[True]),
                        ("one at a time (pile_playout and Random.shuffle, before)", every[False])):
        print(f"  all {len(times)}, {name}: mean {statistics.mean(times) * 1000:.0f} ms, "
              f"median {statistics.median(times) * 1000:.0f} ms = {statistics.mean(times) / unit:.2f} yardsticks")
    print(f"  before / now: {sum(every[False]) / sum(every[True]):.2f}x")
    print(f"  {WILD_RECORD} (wild blanks), {len(wild_now)} decisions: now (batch_pile_playout, wild) mean "
          f"{statistics.mean(wild_now) * 1000:.0f} ms, median {statistics.median(wild_now) * 1000:.0f} ms "
          f"= {statistics.mean(wild_now) / unit:.2f} yardsticks; before (through the engine): mean "
          f"{statistics.mean(wild_before) * 1000:.0f} ms, median {statistics.median(wild_before) * 1000:.0f} ms "
          f"({sum(wild_before) / sum(wild_now):.2f}x)")


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
