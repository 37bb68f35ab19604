"""The example analyses judged with each question, and every mark that changed.

Judges every decision of ``notebooks/records/six_love_10_hands.json`` and
``notebooks/records/six_love_match.json`` (two or more distinct moves, the analysis's seed 0),
and writes each decision's mark, clear best, worlds and CPU time to a JSON file::

    python benchmarks/judge_questions.py run --question mark --out /tmp/mark.json
    python benchmarks/judge_questions.py run --question all --out /tmp/all.json
    python benchmarks/judge_questions.py compare /tmp/before.json /tmp/mark.json

``run`` on code whose judge takes no question (before the questions: check out the commit
before them and put it first on ``PYTHONPATH``) judges as that code does. ``compare`` prints
the marks and clear bests of each, CPU per decision and worlds, and lists every decision
whose mark or clear best changed, with both intervals (why it changed).
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import inspect
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ("notebooks/records/six_love_10_hands.json", "notebooks/records/six_love_match.json")


def _decisions(path: str) -> list[tuple[int, int]]:
    from dominoes_widget import Hand, read_record, seat_view
    from dominoes_widget.studies.judge import distinct_choices

    found = []
    match = read_record(ROOT / path).match
    for index, played in enumerate(match.hands):
        walk = Hand(played.rules, played.deal, played.initial_boneyard, played.leader, lead_tile=played.lead_tile,
                    leaders=played.leaders)
        for ply, move in enumerate(played.moves):
            if distinct_choices(seat_view(walk, move.seat)) >= 2:
                found.append((index, ply))
            walk.push(move)
    return found


def _judge_one(task: tuple[str, int, int, str | None]) -> dict:
    from dominoes_widget import Hand, read_record, seat_view
    from dominoes_widget.studies import judge as judging

    path, hand, ply, question = task
    played = read_record(ROOT / path).match.hands[hand]
    walk = Hand(played.rules, played.deal, played.initial_boneyard, played.leader, lead_tile=played.lead_tile,
                leaders=played.leaders)
    for move in played.moves[:ply]:
        walk.push(move)
    move = played.moves[ply]
    view = seat_view(walk, move.seat)
    asked = {}
    if question is not None and "question" in inspect.signature(judging.judge).parameters:
        asked["question"] = judging.Question(question)
    rounds = []
    add = judging.Worlds.add
    judging.Worlds.add = lambda self, *args, **kwargs: (rounds.append(1), add(self, *args, **kwargs))[1]  # (counted)
    try:
        start = time.process_time()
        judged = judging.judge(view, seed=0, played=move, **asked)
        cpu = time.process_time() - start
    finally:
        judging.Worlds.add = add
    clear = judged.clear_best
    mine = judged.judgement_of(move)
    return {"record": path, "hand": hand, "ply": ply, "played": str(move), "mark": judged.verdict_of(move).value,
            "clear_best": clear.move if clear is not None else None, "worlds": judged.worlds, "cpu": cpu,
            "hands": sum(j.samples for j in judged.judgements), "rounds": len(rounds),
            "settled": judged.settled, "gap": [round(mine.gap_low, 2), round(mine.gap_high, 2)],
            "moves": [[j.move, round(j.gap_low, 2), round(j.gap_high, 2)] for j in judged.judgements],
            "exact": [[j.move, j.win, j.tie, j.samples, j.gap_low, j.gap_high] for j in judged.judgements]}


def run(question: str | None, out: str, workers: int, records: tuple[str, ...] = RECORDS) -> None:
    tasks = [(path, hand, ply, question) for path in records for hand, ply in _decisions(path)]
    with cf.ProcessPoolExecutor(workers) as pool:
        rows = list(pool.map(_judge_one, tasks, chunksize=2))
    Path(out).write_text(json.dumps({"question": question, "rows": rows}), encoding="utf-8")
    print(f"{len(rows)} decisions to {out}")


MARKS = ("inaccuracy", "mistake", "blunder")


def _rounds(row: dict) -> float:
    """The rounds a decision took (a run before the questions kept none: every round played
    ``1200 // moves`` worlds then)."""
    return row["rounds"] if "rounds" in row else -(-row["worlds"] // (1200 // len(row["moves"])))


def compare(before: str, after: str) -> None:
    old, new = (json.loads(Path(p).read_text(encoding="utf-8")) for p in (before, after))
    print(f"before: {before} ({old['question']}), after: {after} ({new['question']})")
    for path in dict.fromkeys(r["record"] for r in old["rows"]):
        a = [r for r in old["rows"] if r["record"] == path]
        b = [r for r in new["rows"] if r["record"] == path]
        print(f"\n{Path(path).name}: {len(a)} decisions")
        for name, rows in (("before", a), ("after", b)):
            cpus = [r["cpu"] for r in rows]
            print(f"  {name:6}: {sum(r['mark'] in MARKS for r in rows)} marks, "
                  f"{sum(r['clear_best'] is not None for r in rows)} clear bests, "
                  f"{sum(r['mark'] == 'unclear' for r in rows)} too close to call; "
                  f"CPU {statistics.median(cpus):.3f} s a decision (median), {sum(cpus):.1f} s in all; "
                  f"{sum(r.get('hands', 0) for r in rows) or '?'} hands played out, "
                  f"{statistics.mean(_rounds(r) for r in rows):.1f} rounds a decision (mean); "
                  f"{sum(r['settled'] for r in rows)} answered within the budget")
        for x, y in zip(a, b):
            assert (x["hand"], x["ply"]) == (y["hand"], y["ply"])
            if x["mark"] != y["mark"] or x["clear_best"] != y["clear_best"]:
                print(f"  hand {x['hand']} move {x['ply']} ({x['played']}): mark {x['mark']} -> {y['mark']} "
                      f"(gap {x['gap']} -> {y['gap']}); clear best {x['clear_best']} -> {y['clear_best']}")
                print(f"      before {x['moves']}\n      after  {y['moves']}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    ran = commands.add_parser("run")
    ran.add_argument("--question", default=None, help="all, mark, best or lead (ignored by a judge without questions)")
    ran.add_argument("--out", required=True)
    ran.add_argument("--workers", type=int, default=2)
    ran.add_argument("--records", nargs="+", default=RECORDS, help="records to judge (default the two examples)")
    compared = commands.add_parser("compare")
    compared.add_argument("before")
    compared.add_argument("after")
    args = parser.parse_args()
    if args.command == "run":
        run(args.question, args.out, args.workers, tuple(args.records))
    else:
        compare(args.before, args.after)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
