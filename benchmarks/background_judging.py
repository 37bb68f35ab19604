"""Click → view with the person's decisions judged in the background, against without, in one run.

A notebook's Table (``coach=True``, bots answering at once) on this process's asyncio loop,
as in a kernel: a click arrives every few hundred milliseconds and its latency is from its
arrival to the new view built (the person's move checked, the bots' answers, the view), so
a loop kept busy by judging counts too. A click arrives as a kernel's message does: bytes
written to a pipe the loop watches, by another process (:data:`SENDER`, in the browser's
place), which notes the moment it wrote them. (A timer on the loop would not do: the loop
sleeps in whole milliseconds, so a click due 0.4 ms into one would start up to 0.6 ms late,
and how late would depend on when the loop last woke, which judging changes.) The same clicks
(same seeds, same moves) are played in each mode, the modes taking turns match by match:

- ``off``: nothing judged in the background (the table before background judging);
- ``worker``: judged in the worker process (what a notebook's table does in CPython);
- ``thread``: for comparison, a thread judging the same kind of positions the whole time
  (the GIL: why the table does not judge in a thread);
- ``slices``: judged on the loop between events, a judgement at a time (what the Lite
  site does, having no threads or processes), shown here in CPython.

Prints each mode's median and 95th percentile and the ratio of p95 to ``off``'s (target for
``worker``: at most 1.2), and how many positions each judged. Then the latency's two parts: how
late the loop started the click after it was sent (waking the process, and what else ran on
the loop or held the GIL) and the click's own CPU in this thread (the table's work, and any
background work done during the click), each median and p95. Asserts nothing.

``--think S``: every fifth click comes S seconds after the one before (the person thought),
long enough for the loop's judging to start, so a click may meet a judgement under way.

``--hints N``: the coach's Hint instead, in ``--modes`` other than ``off`` (``worker``: a
notebook's table; ``slices``: on the loop, as the Lite site judges): on N turns with a real
choice, each after a move of the person (so the person's last decision waits to be judged too),
the Hint pressed as the turn starts and, on other tables, 2 s into the turn; the time from the
press to the coach's moves in the view, and how often "Thinking…" showed first. The worker is
started (and judges once) before the first turn is timed.

    python benchmarks/background_judging.py [--clicks 60] [--bots greedy] [--modes off,worker,thread,slices]
                                            [--think 0] [--hints 0]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import struct
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

GAP = 0.3
"""Seconds between two clicks (TESTING.md: measure with clicks a few hundred ms apart)."""
THINK = 0.0
"""Seconds before every fifth click (``--think``)."""
SENDER = """
import os, struct, sys, time
for line in sys.stdin:
    time.sleep(float(line))
    os.write(1, struct.pack("d", time.monotonic()))
"""
"""The process that sends the clicks: for each line (a delay in seconds) it reads, it waits that
long and writes the moment it writes, on the clock the loop keeps (``time.monotonic``)."""


class Clicks:
    """Clicks sent by a :data:`SENDER` process to this loop, each ``delay`` seconds after asked."""

    def __init__(self) -> None:
        self._sender = subprocess.Popen([sys.executable, "-c", SENDER], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, bufsize=0)
        assert self._sender.stdin is not None and self._sender.stdout is not None
        self._asks, self._answers = self._sender.stdin, self._sender.stdout.fileno()
        self._loop = asyncio.get_running_loop()
        self._waiting: list[tuple[asyncio.Future[float], Callable[[float], float]]] = []
        self._loop.add_reader(self._answers, self._arrived)

    def send(self, delay: float, on_arrival: Callable[[float], float]) -> asyncio.Future[float]:
        """``on_arrival(sent_at)`` on the loop when the click comes; the future has its result."""
        done: asyncio.Future[float] = self._loop.create_future()
        self._waiting.append((done, on_arrival))
        self._asks.write(f"{delay}\n".encode())
        return done

    def _arrived(self) -> None:
        sent_at = struct.unpack("d", os.read(self._answers, 8))[0]
        done, on_arrival = self._waiting.pop(0)
        done.set_result(on_arrival(sent_at))

    def close(self) -> None:
        self._loop.remove_reader(self._answers)
        self._asks.close()
        self._sender.wait(5)


def next_click(session: Any) -> dict[str, Any] | None:
    """What the person clicks next at ``session`` (a TableSession): the next hand, the first
    leader offered, or the first legal move; ``None`` once the match is over."""
    from dominoes_widget.sessions.table.shapes import Phase

    phase = session.phase
    if phase is Phase.MATCH_OVER:
        return None
    if phase is Phase.HAND_OVER:
        return {"type": "next_hand"}
    if phase is Phase.CHOOSE_LEADER:
        return {"type": "choose_leader", "seat": session.leader_choices[0]}
    return {"type": "move", "move": str(session.hand.legal_moves[0])}


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(round(share * len(ordered))) - 1))]


async def play(mode: str, seed: int, clicks: int, bots: str, arrivals: Clicks,
               parts: list[tuple[float, float]] | None = None) -> tuple[list[float], int]:
    """One match from ``seed`` in ``mode``, its clicks sent by ``arrivals``: up to ``clicks``
    clicks' latencies (s), and how many positions were judged in the background; ``parts`` gets
    each click's (start's delay, CPU) (s)."""
    from dominoes_widget.sessions.background import SLICES, BackgroundJudge
    from dominoes_widget.studies.judge import judge
    from dominoes_widget.widgets.table import Table

    table = Table("six_love", seed=seed, bot_delay=0, bots=bots, coach=True)
    table.send = lambda message, buffers=None: None  # type: ignore[method-assign]
    session = table.session
    if mode != "worker" and session.judging is not None:  # (a table on a loop judges in a worker)
        session.judging.close()
        session.judging = None
    if mode == "slices":
        session.judge_in_background(BackgroundJudge(SLICES))
    stop = threading.Event()
    judged_in_thread = [0]
    if mode == "thread":
        def keep_judging() -> None:
            from dominoes_widget.engine.views import seat_view
            from dominoes_widget.studies.judge import _KEPT

            while not stop.is_set():
                hand = session.match.hand
                if hand is not None and hand.turn is not None and not hand.is_over:
                    _KEPT.clear()
                    judge(seat_view(hand.copy(), hand.turn))
                    judged_in_thread[0] += 1
                else:
                    time.sleep(0.01)
        worker = threading.Thread(target=keep_judging, daemon=True)
        worker.start()
    loop = asyncio.get_running_loop()
    latencies: list[float] = []
    try:
        while len(latencies) < clicks:
            message = next_click(session)
            if message is None:
                break
            delay = THINK if THINK and len(latencies) % 5 == 4 else GAP

            def click(sent_at: float, message: dict = message) -> float:
                late, cpu = loop.time() - sent_at, time.thread_time()
                table._on_message(table, message, [])
                if parts is not None and message["type"] == "move":
                    parts.append((late, time.thread_time() - cpu))
                return loop.time() - sent_at

            latency = await arrivals.send(delay, click)
            if message["type"] == "move":
                latencies.append(latency)
    finally:
        stop.set()
        judging = session.judging
        judged = judged_in_thread[0] if mode == "thread" else (len(judging.results) if judging is not None else 0)
        table.close()
    return latencies, judged


async def main(clicks: int, bots: str, modes: list[str]) -> dict[str, dict[str, float]]:
    latencies: dict[str, list[float]] = {mode: [] for mode in modes}
    parts: dict[str, list[tuple[float, float]]] = {mode: [] for mode in modes}
    judged: dict[str, int] = {mode: 0 for mode in modes}
    seed = 1
    arrivals = Clicks()
    try:
        while min(len(values) for values in latencies.values()) < clicks:
            for mode in modes:  # the same match in each mode, in turn
                found, count = await play(mode, seed, clicks - len(latencies[mode]), bots, arrivals, parts[mode])
                latencies[mode] += found
                judged[mode] += count
            seed += 1
    finally:
        arrivals.close()
    base = percentile(latencies[modes[0]], 0.95)
    figures = {}
    for mode in modes:
        values = latencies[mode]
        p95 = percentile(values, 0.95)
        late, cpu = [p[0] for p in parts[mode]], [p[1] for p in parts[mode]]
        figures[mode] = {"clicks": len(values), "median_ms": round(statistics.median(values) * 1000, 1),
                         "p95_ms": round(p95 * 1000, 1), "p95_ratio": round(p95 / base, 2), "judged": judged[mode],
                         "late_median_ms": round(statistics.median(late) * 1000, 2),
                         "late_p95_ms": round(percentile(late, 0.95) * 1000, 2),
                         "cpu_median_ms": round(statistics.median(cpu) * 1000, 2),
                         "cpu_p95_ms": round(percentile(cpu, 0.95) * 1000, 2)}
    return figures


async def hint_latency(mode: str, seed: int, pause: float, bots: str) -> tuple[float, bool] | None:
    """One table from ``seed`` in ``mode``: the person plays on to a turn with a real choice that
    follows a move of theirs, waits ``pause`` seconds from the turn's start and presses Hint:
    seconds until the coach's moves are in the view, and whether "Thinking…" showed first."""
    from dominoes_widget.engine.views import seat_view
    from dominoes_widget.sessions.background import SLICES, BackgroundJudge
    from dominoes_widget.sessions.table.shapes import Phase
    from dominoes_widget.studies.judge import distinct_choices
    from dominoes_widget.widgets.table import Table

    table = Table("six_love", seed=seed, bot_delay=0, bots=bots, coach=True)
    table.send = lambda message, buffers=None: None  # type: ignore[method-assign]
    session = table.session
    if mode == "slices":
        session.judging.close()
        session.judge_in_background(BackgroundJudge(SLICES))
    loop = asyncio.get_running_loop()
    try:
        moved = False
        for _click in range(200):
            hand = session.hand
            if session.phase is not Phase.PLAYING or hand is None:
                return None
            view = seat_view(hand, "S")
            if view.legal_moves and moved and distinct_choices(view) >= 2:
                break
            table._on_message(table, {"type": "move", "move": str(hand.legal_moves[0])}, [])
            moved = True
            await asyncio.sleep(GAP)
        else:
            return None
        # the turn started as the last click was answered (the bots answer at once); now the pause
        await asyncio.sleep(pause)
        pressed = loop.time()
        hint = session.ask_hint()
        thinking = bool(hint.get("thinking"))
        while session.screen.hint is None or not session.screen.hint.get("moves"):
            await asyncio.sleep(0.002)
            if loop.time() - pressed > 60:
                return None
        return loop.time() - pressed, thinking
    finally:
        table.close()


async def hints(modes: list[str], count: int, bots: str) -> dict[str, dict[str, object]]:
    """:func:`hint_latency` on ``count`` turns for each mode and pause (0 s and 2 s), taking turns."""
    await hint_latency("worker", 999, 2.0, bots)  # (the worker started, its modules loaded)
    found: dict[str, dict[float, list[tuple[float, bool]]]] = {mode: {0.0: [], 2.0: []} for mode in modes}
    seed = 100
    while min(len(times) for pauses in found.values() for times in pauses.values()) < count:
        for mode in modes:
            for pause in (0.0, 2.0):
                result = await hint_latency(mode, seed, pause, bots)
                if result is not None and len(found[mode][pause]) < count:
                    found[mode][pause].append(result)
        seed += 1
    figures: dict[str, dict[str, object]] = {}
    for mode, pauses in found.items():
        for pause, values in pauses.items():
            times = [t for t, _ in values]
            figures[f"{mode} at {pause:g} s"] = {
                "hints": len(values), "median_ms": round(statistics.median(times) * 1000, 1),
                "max_ms": round(max(times) * 1000, 1), "thinking": sum(thought for _, thought in values)}
    return figures


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clicks", type=int, default=60, help="clicks measured per mode")
    parser.add_argument("--bots", default="greedy", help="the bots (greedy: the table's own cost, nothing else)")
    parser.add_argument("--modes", default="off,worker,thread,slices")
    parser.add_argument("--think", type=float, default=0.0, help="seconds before every fifth click")
    parser.add_argument("--hints", type=int, default=0, help="time the coach's Hint on this many turns instead")
    args = parser.parse_args()
    THINK = args.think
    modes = args.modes.split(",")
    if args.hints:
        found = asyncio.run(hints([m for m in modes if m in ("worker", "slices")], args.hints, args.bots))
        print(f"the coach's Hint, pressed as the person's turn starts and 2 s into it ({args.bots} bots): "
              "press -> the coach's moves in the view")
        for name, row in found.items():
            print(f"  {name:15s} median {row['median_ms']:7.1f} ms   max {row['max_ms']:7.1f} ms   "
                  f"'Thinking…' first {row['thinking']} of {row['hints']}")
        print("HINT_LATENCY " + json.dumps({"bots": args.bots, **found}))
        raise SystemExit(0)
    figures = asyncio.run(main(args.clicks, args.bots, modes))
    pause = f", every fifth after {THINK:g} s" if THINK else ""
    print(f"click -> view, {args.bots} bots, clicks {GAP * 1000:.0f} ms apart{pause} (p95 ratio against {modes[0]!r})")
    for mode, row in figures.items():
        print(f"  {mode:7s} median {row['median_ms']:7.1f} ms   p95 {row['p95_ms']:7.1f} ms   "
              f"x{row['p95_ratio']:.2f}   judged {row['judged']}")
    for mode, row in figures.items():
        print(f"  {mode:7s} started late: median {row['late_median_ms']:6.2f} ms  p95 {row['late_p95_ms']:6.2f} ms   "
              f"the click's CPU: median {row['cpu_median_ms']:5.2f} ms  p95 {row['cpu_p95_ms']:5.2f} ms")
    print("BACKGROUND_JUDGING " + json.dumps({"bots": args.bots, **figures}))
