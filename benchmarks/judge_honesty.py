"""How often the judge makes a wrong call: measured on positions whose true gaps are known.

The truth set (``tests/data/judge_truth.json``, built by ``scripts/judge_truth.py``) holds real
positions of the example records with every move's gap from 40,000 deals, every move played
out in each. Each position is judged here with ``--seeds`` seeds for each question, and every
call the judgement makes is checked against the truth:

- a move's mark (its gap's interval inside one band): wrong when its true gap against the
  judged best lies outside that band;
- a move clearly behind the best (its interval above 0): wrong when it is truly ahead;
- a move as good as the best (its interval under ``EQUAL``): wrong when truly ``EQUAL`` or more behind;
- a clear best: wrong when another move is truly ahead of it.

The truth has its own noise: a call counts as wrong only when the truth is past the line by
more than three of the truth's standard errors (about a point). Figures only; the test that
can fail is ``tests/test_judge_honesty.py``.

    python benchmarks/judge_honesty.py [--seeds 5] [--questions all mark best lead coached] [--workers 2]
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import json
import math
import os
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from dominoes_widget import Hand, read_record, seat_view  # noqa: E402
from dominoes_widget.studies.judge import Judged, Question, judge  # noqa: E402
from dominoes_widget.studies.stopping import EQUAL, THRESHOLDS, band_of  # noqa: E402

TRUTH = ROOT / "tests" / "data" / "judge_truth.json"
COACHED = "coached"
"""Not a question: the Table's way with a person's decision, the coach's question (``best``) as
the turn starts, then the analysis's (``mark``) of the move made, going on from its worlds."""
EDGES = (-math.inf, *THRESHOLDS, math.inf)


def positions(path: Path = TRUTH) -> list[dict]:
    """The truth set's positions: record, hand, ply, and every distinct move's true share and gap."""
    return json.loads(path.read_text(encoding="utf-8"))["positions"]


def view_of(position: dict):
    """The mover's view at ``position`` and the move played there."""
    played = read_record(ROOT / position["record"]).match.hands[position["hand"]]
    walk = Hand(played.rules, played.deal, played.initial_boneyard, played.leader, lead_tile=played.lead_tile,
                leaders=played.leaders)
    for move in played.moves[:position["ply"]]:
        walk.push(move)
    return seat_view(walk, played.moves[position["ply"]].seat), played.moves[position["ply"]]


def calls(judged: Judged, position: dict) -> list[tuple[str, bool, bool]]:
    """Every call ``judged`` makes, as ``(kind, wrong, near)``: ``near`` when the truth lies
    within 2 points of the line the call draws (where a wrong call could happen at all)."""
    truth = {move: row for row in position["moves"] for move in row["moves"]}
    best = truth[judged.best.move]
    made = []
    for judgement in judged.judgements[1:]:
        row = truth[judgement.move]
        gap = best["share"] - row["share"]  # the true gap against the judged best
        slack = 3 * math.hypot(best["stderr"], row["stderr"])
        low, high = judgement.gap_low, judgement.gap_high
        band = band_of(low, high)
        if band is not None:
            bottom, top = EDGES[band], EDGES[band + 1]
            made.append(("mark", gap < bottom - slack or gap >= top + slack,
                         min(abs(gap - bottom), abs(gap - top)) < 2))
        if low > 0:
            made.append(("behind", gap < -slack, abs(gap) < 2))
        if high < EQUAL:
            made.append(("as good", gap > EQUAL + slack, abs(gap - EQUAL) < 2))
    if judged.clear_best is not None:
        others = [truth[j.move] for j in judged.judgements[1:]]
        made.append(("clear best", any(r["share"] - best["share"] > 3 * math.hypot(best["stderr"], r["stderr"])
                                       for r in others),
                     any(abs(r["share"] - best["share"]) < 2 for r in others)))
    return made


def _judge_one(task: tuple[int, str, int, int | None]) -> tuple[int, str, int, list, int, float]:
    number, question, seed, rollouts = task
    position = positions()[number]
    view, move = view_of(position)
    start = time.process_time()
    if question == COACHED:  # the coach's judgement first, the mark going on from its worlds
        judge(view, seed=seed, question=Question.BEST, rollouts=rollouts)
        judged = judge(view, seed=seed, question=Question.MARK, played=move, rollouts=rollouts)
    else:
        judged = judge(view, seed=seed, question=Question(question), played=move, rollouts=rollouts)
    cpu = time.process_time() - start
    return number, question, seed, calls(judged, position), judged.worlds, cpu


def measure(questions: list[str], seeds: int, workers: int, rollouts: int | None = None,
            first_seed: int = 1000) -> dict[str, dict]:
    """Calls and wrong calls per question: ``{question: {"calls", "wrong", "near", "near_wrong", "cpu", "worlds"}}``."""
    tasks = [(n, q, first_seed + s, rollouts) for q in questions for n in range(len(positions())) for s in range(seeds)]
    figures: dict[str, dict] = {q: Counter() for q in questions}
    wrongs: list[str] = []
    with cf.ProcessPoolExecutor(workers) as pool:
        for number, question, seed, made, worlds, cpu in pool.map(_judge_one, tasks, chunksize=4):
            f = figures[question]
            f["judgements"] += 1
            f["calls"] += len(made)
            f["wrong"] += sum(wrong for _kind, wrong, _near in made)
            f["near"] += sum(near for _kind, _wrong, near in made)
            f["near_wrong"] += sum(wrong and near for _kind, wrong, near in made)
            f["cpu"] += cpu
            f["worlds"] += worlds
            wrongs += [f"{question} position {number} seed {seed}: {kind}" for kind, wrong, _n in made if wrong]
    for line in wrongs:
        print("wrong:", line)
    return {q: dict(f) for q, f in figures.items()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--questions", nargs="+", default=[q.value for q in Question] + [COACHED],
                        help=f"all, mark, best, lead, or {COACHED} (best, then mark going on from it)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rollouts", type=int, default=None, help="hands a round (default the judge's 1,200)")
    args = parser.parse_args()
    found = measure(args.questions, args.seeds, args.workers, args.rollouts)
    print(f"{len(positions())} positions x {args.seeds} seeds")
    for question, f in found.items():
        print(f"{question:5}: {f['wrong']} wrong of {f['calls']} calls ({100 * f['wrong'] / max(1, f['calls']):.2f}%); "
              f"near a line: {f['near_wrong']} of {f['near']}; "
              f"CPU {f['cpu'] / f['judgements']:.3f} s a judgement")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
