"""How big the replay's data and the one-file page are, for a 1,200-hand record and the 10-hand example.

Run: ``python benchmarks/replay_size.py [--hands 1200]`` (needs the built front end: ``npm run build``).

Bots play a long Six Love match (greedy North-South, random East-West). For it and for
``notebooks/records/six_love_10_hands.json`` it prints, side by side:

- the record (minified JSON);
- the ``view`` trait the ``Replay`` widget syncs: every step whole (as it was sent before),
  and as sent now, each step as its change from the step before (``sessions/replay/step_deltas.py``);
- the one-file page, plain and with ``--counting``, against the goal: at most 4x the record
  plus the fixed code (the page's script and styles), and 150 KB for the 10-hand example.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from dominoes_widget import Match, Rules, seat_view, write_record  # noqa: E402
from dominoes_widget.studies.bots import make_bot  # noqa: E402
from dominoes_widget.page import STATIC  # noqa: E402
from dominoes_widget.sessions.replay.step_deltas import hand_steps  # noqa: E402
from dominoes_widget.widgets.replay import Replay  # noqa: E402

EXAMPLE = ROOT / "notebooks" / "records" / "six_love_10_hands.json"
EXAMPLE_GOAL = 150 * 1024


def bot_record(hands: int, seed: int = 2024) -> dict:
    """A legal record of ``hands`` hands of Six Love between greedy and random bots."""
    rules = Rules.six_love(target=1000)
    match = Match(rules, seed=seed)
    rng = random.Random(seed)
    kinds = {seat: "greedy" if seat in "NS" else "random" for seat in rules.seats}
    bots = {seat: make_bot(kind, rng.randrange(2**32)) for seat, kind in kinds.items()}
    for _ in range(hands):
        hand = match.deal()
        while not hand.is_over:
            match.push(bots[hand.turn].choose(seat_view(hand, hand.turn, match.state)))
    return write_record(match, {seat: f"bot:{kind}" for seat, kind in kinds.items()})


def size(value: object) -> int:
    return len(json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))


def whole_steps(data: dict) -> dict:
    """The data as it was sent before: every step whole."""
    return {**data, "hands": [{**{k: v for k, v in hand.items() if k != "deltas"}, "steps": hand_steps(hand)}
                              for hand in data["hands"]]}


def measure(name: str, record: dict, fixed: int, goal: int | None) -> bool:
    record_size = size(record)
    started = time.perf_counter()
    plain = Replay(record)
    built = time.perf_counter() - started
    counted = Replay(record, counting=True)
    page = len(plain.to_html().encode("utf-8"))
    page_counting = len(counted.to_html().encode("utf-8"))
    limit = goal if goal is not None else 4 * record_size + fixed
    mb = 1024 * 1024
    print(f"\n{name}: {len(record['hands'])} hands, {sum(len(h['moves']) for h in record['hands'])} moves; "
          f"record {record_size / mb:.3f} MB; Replay(record) built in {built:.1f} s")
    print(f"  view trait, steps whole : {size(whole_steps(plain.view)) / mb:7.3f} MB "
          f"(with counting {size(whole_steps(counted.view)) / mb:.3f} MB)")
    print(f"  view trait, as changes  : {size(plain.view) / mb:7.3f} MB "
          f"(with counting {size(counted.view) / mb:.3f} MB)")
    print(f"  one-file page           : {page / mb:7.3f} MB = {(page - fixed) / record_size:.2f}x the record + "
          f"the fixed code; with --counting {page_counting / mb:.3f} MB = "
          f"{(page_counting - fixed) / record_size:.2f}x (goal: at most {limit / mb:.3f} MB)")
    ok = page <= limit and (goal is not None or page_counting <= limit)  # the example's goal is for the plain page
    print("  within the goal" if ok else "  OVER THE GOAL")
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1200, help="hands in the long record (default 1200)")
    hands = parser.parse_args().hands
    fixed = sum((STATIC / name).stat().st_size for name in ("standalone.js", "replay.css"))
    print(f"fixed code in every page (standalone.js + replay.css): {fixed / 1024:.1f} KB")
    example = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    ok = measure(EXAMPLE.name, example, fixed, EXAMPLE_GOAL)
    ok = measure(f"bots, {hands} hands", bot_record(hands), fixed, None) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
