"""Load on one table server process: many tables, four scripted websocket seats each.

Starts ``python -m dominoes_widget serve`` in a child process, sets up ``--tables`` Six
Love tables of four people through the API, opens the four seats of each over loopback
websockets (all clients in this process, on one event loop) and lets them play random
legal moves for ``--seconds``, each seat waiting ``--think`` seconds (0.5x to 1.5x) on its
turn. Prints tables, moves per second, the time from a move being sent until all four
seats of its table were sent the new position (p50, p95, max; goal: p95 at most 50 ms),
lost messages (a seat that missed a position) and the server's memory per table.

The latency is measured in the clients, so it includes their own work on the same
machine. Asserts nothing.

    python benchmarks/server_load.py [--tables 200] [--seconds 30] [--think 1.0] [--db PATH]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from server_harness import Seat, request, spawn_server  # noqa: E402

GAME = {"game": "six_love", "rules": {"target": None}}


class Table:
    """Four scripted seats of one table, and the moves waiting to reach all four."""

    def __init__(self, seats: list[Seat], rng: random.Random, think: float, figures: dict) -> None:
        self.seats = seats
        self.rng = rng
        self.think = think
        self.figures = figures
        self.sent: dict[tuple[int, int], float] = {}  # position after the move → when it was sent
        self.reached: dict[tuple[int, int], int] = {}
        self.changed = asyncio.Event()

    def seen(self, seat: Seat, view: dict) -> None:
        self.changed.set()
        position = (view["hand_number"], len(view["moves"]))
        last = getattr(seat, "position", None)
        if last is not None and last[0] == position[0] and position[1] > last[1] + 1:
            self.figures["lost"] += position[1] - last[1] - 1
        seat.position = position
        if position in self.sent:
            self.reached[position] = self.reached.get(position, 0) + 1
            if self.reached[position] == len(self.seats):
                self.figures["latencies"].append(time.perf_counter() - self.sent.pop(position))
                del self.reached[position]

    async def play(self, stop: float) -> None:
        while time.monotonic() < stop:
            mover = self._to_act()
            while mover is None:
                self.changed.clear()
                await asyncio.wait_for(self.changed.wait(), 30)
                mover = self._to_act()
            await asyncio.sleep(self.think * self.rng.uniform(0.5, 1.5))
            view = mover.view
            if view["phase"] == "playing":
                position = (view["hand_number"], len(view["moves"]) + 1)
                self.sent[position] = time.perf_counter()
                mover.send({"type": "move", "move": self.rng.choice(view["legal"]),
                            "hand": view["hand_number"], "ply": len(view["moves"])})
                self.figures["moves"] += 1
                await mover.until(lambda s: s.view is not view)
            else:
                mover.send({"type": "next_hand" if view["phase"] == "hand_over" else "new_match"})
                await mover.until(lambda s: s.view["phase"] == "playing" or s.view["hand_number"] != view["hand_number"])

    def _to_act(self) -> Seat | None:
        for seat in self.seats:
            if seat.view.get("legal"):
                return seat
        first = self.seats[0]
        return first if first.view.get("phase") in ("hand_over", "match_over") else None


def watched(seat: Seat, table: Table) -> None:
    """Route each view the seat reads to the table's bookkeeping."""
    frames = seat.frames

    class Feed(list):
        def append(self, frame: dict) -> None:
            if frame.get("type") == "state":
                table.seen(seat, frame["view"])
            if frame.get("type") in ("refused", "error"):
                table.figures["refused"] += 1

    seat.frames = Feed(frames)


async def run(args: argparse.Namespace) -> dict:
    process, base = spawn_server(args.db)
    server = psutil.Process(process.pid)
    figures: dict = {"latencies": [], "moves": 0, "lost": 0, "refused": 0}
    try:
        rss_before = server.memory_info().rss
        rng = random.Random(args.seed)
        tables = []
        for _ in range(args.tables):
            status, answer = await request(f"{base}/api/tables", {**GAME, "seed": rng.randrange(2**31)})
            assert status == 201, answer
            tables.append(answer)
        playing = []
        for answer in tables:
            seats = [await Seat.open(link, seat) for seat, link in answer["seats"].items()]
            table = Table(seats, random.Random(rng.random()), args.think, figures)
            for seat in seats:
                watched(seat, table)
                await seat.until(lambda s: s.view)
            playing.append(table)
        rss_ready = server.memory_info().rss
        started = time.monotonic()
        cpu_before = server.cpu_times()
        await asyncio.gather(*(table.play(started + args.seconds) for table in playing))
        elapsed = time.monotonic() - started
        cpu_after = server.cpu_times()
        rss_after = server.memory_info().rss
        for table in playing:
            for seat in table.seats:
                seat.close()
    finally:
        process.terminate()
        process.wait(timeout=10)
    latencies = sorted(figures["latencies"])
    cpu = (cpu_after.user + cpu_after.system - cpu_before.user - cpu_before.system) / elapsed
    return {
        "tables": args.tables, "clients": args.tables * 4, "seconds": round(elapsed, 1), "think_s": args.think,
        "db": bool(args.db), "moves": figures["moves"], "moves_per_s": round(figures["moves"] / elapsed, 1),
        "p50_ms": round(1000 * statistics.median(latencies), 1) if latencies else None,
        "p95_ms": round(1000 * latencies[int(0.95 * (len(latencies) - 1))], 1) if latencies else None,
        "max_ms": round(1000 * latencies[-1], 1) if latencies else None,
        "measured": len(latencies), "lost_messages": figures["lost"], "refused": figures["refused"],
        "server_cpu": f"{100 * cpu:.0f}%",
        "server_cpu_ms_per_move": round(1000 * cpu * elapsed / max(figures["moves"], 1), 2),
        "load_average": os.getloadavg()[0],
        "memory_per_table_kb": round((rss_after - rss_before) / args.tables / 1024, 1),
        "memory_per_table_kb_at_start": round((rss_ready - rss_before) / args.tables / 1024, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--think", type=float, default=1.0, help="seconds a seat waits on its turn (0.5x-1.5x)")
    parser.add_argument("--db", help="a SQLite file for the server (--db): every move is written")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    figures = asyncio.run(run(args))
    print(json.dumps(figures, indent=1))


if __name__ == "__main__":
    main()
