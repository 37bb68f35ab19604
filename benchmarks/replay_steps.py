"""What a step costs in a long record against a short one, in Python and in the browser's JS.

Run: ``python benchmarks/replay_steps.py [--hands 1200]`` (needs node on PATH).

Bots play a seeded Six Love match of ``--hands`` hands (``tests/long_records.py``); the short
record is ``notebooks/records/six_love_10_hands.json``. For each it prints:

- the sizes: the record, the data the engine built, the data as it travels (packed,
  ``sessions/replay_wire.py``), and the synced traits against the record;
- once per record: building the ``Replay`` (Python), packing its data, and in node reading
  it back (``js/kit/replay/replay_wire.mjs``);
- per step, Python: setting ``replay.step`` (the kernel's check) and ``replay.position``
  (the engine's hand at that step); per step, JS: the first showing of a hand (its changes
  read back, ``js/kit/replay/replay_deltas.mjs``) shared over its steps, and ``stepAt`` + ``wordsAt``
  once the hand is read, on every step of every hand;

and the long record's per-step costs as a ratio of the short one's: stepping stays instant
when the ratios stay near 1.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from dominoes_widget.sessions.replay_wire import pack_data  # noqa: E402
from dominoes_widget.widgets.replay import Replay  # noqa: E402
from long_records import bot_record  # noqa: E402

SHORT = ROOT / "notebooks" / "records" / "six_love_10_hands.json"
SAMPLE_HANDS = 40  # Python steps are timed on this many hands spread over the record

NODE_SCRIPT = """
import { readFileSync } from "node:fs";
import { unpackData } from "./js/kit/replay/replay_wire.mjs";
import { handSteps } from "./js/kit/replay/replay_deltas.mjs";
import { stepAt, wordsAt } from "./js/kit/replay/replay_steps.mjs";

const text = readFileSync(process.argv[1], "utf8");
let t0 = performance.now();
const wire = JSON.parse(text);
const parse = performance.now() - t0;
t0 = performance.now();
const data = unpackData(wire);
const unpack = performance.now() - t0;
let firstShow = 0, steps = 0;
for (const hand of data.hands) {
  const t = performance.now();
  steps += handSteps(hand).length;
  firstShow += performance.now() - t;
}
const rounds = Math.max(5, Math.ceil(400000 / steps)); // the same number of reads for both records
t0 = performance.now();
let seen = 0;
for (let r = 0; r < rounds; r++)
  for (let h = 0; h < data.hands.length; h++)
    for (let s = 0; s <= data.hands[h].moves.length; s++) seen += stepAt(data, h, s).line.length + wordsAt(data, h, s).say.length;
const step = (performance.now() - t0) / (rounds * steps);
console.log(JSON.stringify({ parse, unpack, firstShowPerStep: firstShow / steps, step, steps, seen }));
"""


def size(value: object) -> int:
    return len(json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))


def python_steps(replay: Replay, repeats: int = 3) -> tuple[float, float]:
    """Mean ms per step: setting ``step``, and reading ``position``, over a sample of hands (the
    best of ``repeats`` runs: the machine is shared)."""
    runs = [_python_run(replay) for _ in range(repeats)]
    return min(run[0] for run in runs), min(run[1] for run in runs)


def _python_run(replay: Replay) -> tuple[float, float]:
    hands = replay.hands
    sample = sorted({round(i * (hands - 1) / max(1, SAMPLE_HANDS - 1)) for i in range(min(hands, SAMPLE_HANDS))})
    setting, position, count = 0.0, 0.0, 0
    for hand in sample:
        replay.go(hand, 0)
        for step in range(replay.moves_in(hand) + 1):
            t0 = time.perf_counter()
            replay.step = step
            t1 = time.perf_counter()
            replay.position
            t2 = time.perf_counter()
            setting, position, count = setting + t1 - t0, position + t2 - t1, count + 1
    return setting * 1000 / count, position * 1000 / count


def measure(name: str, record: dict) -> dict:
    t0 = time.perf_counter()
    replay = Replay(record)
    built = time.perf_counter() - t0
    t0 = time.perf_counter()
    wire = pack_data(replay.view)
    packed = time.perf_counter() - t0
    synced = {k: v for k, v in replay.get_state().items()
              if k in ("view", "words", "hand", "step", "speed", "rules_text", "report", "analysing")}
    setting, position = python_steps(replay)
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False, encoding="utf-8") as file:
        json.dump(wire, file, ensure_ascii=False, separators=(",", ":"))
    try:
        js = json.loads(subprocess.run(["node", "--input-type=module", "-e", NODE_SCRIPT, file.name], cwd=ROOT,
                                       capture_output=True, text=True, check=True, timeout=300).stdout)
    finally:
        Path(file.name).unlink()
    mb = 1e6
    record_size = size(record)
    print(f"\n{name}: {len(record['hands'])} hands, {js['steps']} steps")
    print(f"  record {record_size / mb:.3f} MB; data built {size(replay.view) / mb:.3f} MB "
          f"({size(replay.view) / record_size:.2f}x); as it travels {size(wire) / mb:.3f} MB; "
          f"synced traits {size(synced) / mb:.3f} MB = {size(synced) / record_size:.2f}x the record")
    print(f"  once: Replay() {built * 1000:.0f} ms, pack {packed * 1000:.0f} ms; "
          f"JS JSON.parse {js['parse']:.1f} ms, unpack {js['unpack']:.1f} ms")
    print(f"  per step: Python step= {setting:.3f} ms, position {position:.3f} ms; "
          f"JS first showing of a hand {js['firstShowPerStep'] * 1000:.2f} us a step, "
          f"stepAt+wordsAt {js['step'] * 1000:.3f} us")
    return {"setting": setting, "position": position, "first": js["firstShowPerStep"], "step": js["step"]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1200, help="hands in the long record (default 1200)")
    hands = parser.parse_args().hands
    short = measure(SHORT.name, json.loads(SHORT.read_text(encoding="utf-8")))
    long = measure(f"bots, {hands} hands", bot_record(hands))
    print("\nlong / short, per step (1.0 = a step costs the same however long the record):")
    for key, label in (("setting", "Python step="), ("position", "Python position"),
                       ("first", "JS first showing of a hand"), ("step", "JS stepAt+wordsAt")):
        print(f"  {label:28}: {long[key] / short[key]:.2f}")
    print(f"  (geometric mean {statistics.geometric_mean([long[k] / short[k] for k in short]):.2f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
