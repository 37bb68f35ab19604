"""The example analyses judged with each question, and every mark that changed.

Judges every decision of ``notebooks/records/six_love_10_hands.json`` and
``notebooks/records/six_love_match.json`` (two or more distinct moves, the analysis's seed 0),
and writes each decision's mark, clear best, worlds and CPU time to a JSON file::

    python benchmarks/judge_questions.py run --question mark --out /tmp/mark.json
    python benchmarks/judge_questions.py run --question all --out /tmp/all.json
    python benchmarks/judge_questions.py compare /tmp/before.json /tmp/mark.json
    python benchmarks/judge_questions.py coached

``coached`` judges each decision as the Table does with the coach on and learning offered: the
coach's question (``Question.BEST``) as the turn starts, then the analysis's (``Question.MARK``)
of the move made, going on from the coach's worlds; against the two judged apart (before).
It prints the CPU and the hands played out of each way, and every decision whose mark or clear
best differs from the analysis's own judgement of it.

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


def _view(path: str, hand: int, ply: int):
    from dominoes_widget import Hand, read_record, seat_view

    played = read_record(ROOT / path).match.hands[hand]
    walk = Hand(played.rules, played.deal, played.initial_boneyard, played.leader, lead_tile=played.lead_tile,
                leaders=played.leaders)
    for move in played.moves[:ply]:
        walk.push(move)
    return seat_view(walk, played.moves[ply].seat), played.moves[ply]


def _coached_one(task: tuple[str, int, int]) -> dict:
    from dominoes_widget.studies import judge as judging

    path, hand, ply = task
    view, move = _view(path, hand, ply)

    def forget() -> None:
        judging._KEPT.clear()
        judging._SAMPLINGS.clear()

    def hands(judged) -> int:
        return sum(j.samples for j in judged.judgements)

    forget()
    start = time.process_time()
    best = judging.judge(view, question=judging.Question.BEST)
    coach = time.process_time() - start
    start = time.process_time()
    went_on = judging.judge(view, played=move, question=judging.Question.MARK)
    going_on = time.process_time() - start
    forget()
    start = time.process_time()
    apart = judging.judge(view, played=move, question=judging.Question.MARK)
    alone = time.process_time() - start
    forget()
    clear = [j.clear_best.move if j.clear_best else None for j in (went_on, apart)]
    return {"record": path, "hand": hand, "ply": ply, "played": str(move), "coach_cpu": coach,
            "going_on_cpu": going_on, "apart_cpu": alone, "coach_hands": hands(best),
            "going_on_hands": hands(went_on) - hands(best), "apart_hands": hands(apart),
            "answered_by_coach": went_on.worlds == best.worlds,
            "marks": [went_on.verdict_of(move).value, apart.verdict_of(move).value], "clear": clear}


def coached(workers: int, records: tuple[str, ...] = RECORDS, most: int | None = None) -> None:
    tasks = [(path, hand, ply) for path in records for hand, ply in _decisions(path)[:most]]
    with cf.ProcessPoolExecutor(workers) as pool:
        rows = list(pool.map(_coached_one, tasks, chunksize=2))
    for path in records:
        mine = [r for r in rows if r["record"] == path]
        before = sum(r["coach_cpu"] + r["apart_cpu"] for r in mine)
        after = sum(r["coach_cpu"] + r["going_on_cpu"] for r in mine)
        hands_before = sum(r["coach_hands"] + r["apart_hands"] for r in mine)
        hands_after = sum(r["coach_hands"] + r["going_on_hands"] for r in mine)
        print(f"{Path(path).name}: {len(mine)} decisions, each judged for the coach and then marked")
        print(f"  judged apart (before): {before:.1f} s CPU, {hands_before} hands played out; "
              f"the mark going on from the coach's worlds: {after:.1f} s CPU ({before / after:.2f}x less), "
              f"{hands_after} hands ({hands_before / hands_after:.2f}x fewer)")
        print(f"  the mark's own CPU: median {statistics.median(r['apart_cpu'] for r in mine):.3f} s apart, "
              f"{statistics.median(r['going_on_cpu'] for r in mine):.3f} s going on; "
              f"answered by the coach's worlds alone in {sum(r['answered_by_coach'] for r in mine)}")
        marks = [sum(r["marks"][k] in MARKS for r in mine) for k in (0, 1)]
        clears = [sum(r["clear"][k] is not None for r in mine) for k in (0, 1)]
        print(f"  marks {marks[1]} apart, {marks[0]} going on; clear bests {clears[1]} apart, {clears[0]} going on")
        for r in mine:
            if r["marks"][0] != r["marks"][1] or r["clear"][0] != r["clear"][1]:
                print(f"  hand {r['hand']} move {r['ply']} ({r['played']}): mark {r['marks'][1]} apart, "
                      f"{r['marks'][0]} going on; clear best {r['clear'][1]} apart, {r['clear'][0]} going on")


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
    went = commands.add_parser("coached")
    went.add_argument("--workers", type=int, default=2)
    went.add_argument("--records", nargs="+", default=RECORDS, help="records to judge (default the two examples)")
    went.add_argument("--decisions", type=int, default=None, help="the first this many decisions of each record")
    args = parser.parse_args()
    if args.command == "coached":
        coached(args.workers, tuple(args.records), args.decisions)
    elif args.command == "run":
        run(args.question, args.out, args.workers, tuple(args.records))
    else:
        compare(args.before, args.after)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
