"""Build the judge's truth set: real positions whose moves' true gaps are known from a huge budget.

Takes every k-th decision (two or more distinct moves) of the two example partnership records,
plays every distinct move out in ``--worlds`` sampled deals (16 times the judge's cap by
default, every move in every deal, a seed of its own), and writes each move's weighted share
and its gap against the best with that gap's standard error, to ``tests/data/judge_truth.json``.
``tests/test_judge_honesty.py`` measures the judge's wrong calls against it.

    python scripts/judge_truth.py            # about 5 minutes of one core
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path

from dominoes_widget import Hand, read_record, seat_view
from dominoes_widget.studies.bots import make_bot
from dominoes_widget.studies.bots.inference import Worlds
from dominoes_widget.studies.jobs import derive_seed
from dominoes_widget.studies.judge import distinct_choices, position_key

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ("tests/data/records/six_love_match.json", "tests/data/records/six_love_10_hands.json")


def decisions(path: str):
    """``(hand, ply, view)`` for every decision of the record at ``path``."""
    match = read_record(ROOT / path).match
    for index, played in enumerate(match.hands):
        walk = Hand(played.rules, played.deal, played.initial_boneyard, played.leader, lead_tile=played.lead_tile,
                    leaders=played.leaders)
        for ply, move in enumerate(played.moves):
            view = seat_view(walk, move.seat)
            if distinct_choices(view) >= 2:
                yield index, ply, view
            walk.push(move)


def truth(view, worlds: int, seed: int) -> list[dict]:
    """Every distinct move's share and its gap (points) against the best, with the gap's standard error."""
    bot = make_bot("strong", random.Random(derive_seed(seed, "truth", position_key(view))))
    sampled = Worlds(bot, view)
    sampled.add(worlds)
    weights = sampled.weights()
    total = sum(weights)
    shares = [[r[0] + r[1] / 2 for r in world] for world in sampled.results]  # every move played in every world
    means = [sum(w * s[g] for w, s in zip(weights, shares)) / total for g in range(len(sampled.groups))]
    best = max(range(len(means)), key=means.__getitem__)
    moves = []
    for g, group in enumerate(sampled.groups):
        gaps = [s[best] - s[g] for s in shares]
        mean = means[best] - means[g]
        error = math.sqrt(sum(w * w * (d - mean) ** 2 for w, d in zip(weights, gaps))) / total
        moves.append({"moves": [str(m) for m in group], "share": round(100 * means[g], 4),
                      "gap": round(100 * mean, 4), "stderr": round(100 * error, 4)})
    return moves


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--every", type=int, default=5, help="take every k-th decision of each record")
    parser.add_argument("--worlds", type=int, default=40_000, help="sampled deals per position")
    parser.add_argument("--seed", type=int, default=20261206)
    parser.add_argument("--out", default=str(ROOT / "tests" / "data" / "judge_truth.json"))
    args = parser.parse_args()
    positions = []
    for path in RECORDS:
        for number, (hand, ply, view) in enumerate(decisions(path)):
            if number % args.every:
                continue
            start = time.process_time()
            moves = truth(view, args.worlds, args.seed)
            positions.append({"record": path, "hand": hand, "ply": ply, "moves": moves})
            print(f"{path} hand {hand} move {ply}: {len(moves)} moves, {time.process_time() - start:.1f} s",
                  file=sys.stderr, flush=True)
    data = {"about": "true gaps of real positions, every move played out in the same deals; "
                     "built by scripts/judge_truth.py", "worlds": args.worlds, "seed": args.seed,
            "positions": positions}
    Path(args.out).write_text(json.dumps(data, indent=None, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"{len(positions)} positions to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
