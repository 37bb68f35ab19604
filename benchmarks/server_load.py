"""Load on one table server process: many tables, four scripted websocket seats each.

Starts ``python -m dominoes_widget serve`` in a child process, sets up ``--tables`` Six
Love tables of four people through the API, opens the four seats of each over loopback
websockets (all clients in this process, on one event loop) and lets them play random
legal moves for ``--seconds``, each seat waiting ``--think`` seconds (0.5x to 1.5x) on its
turn. Prints tables, moves per second, the time from a move being sent until all four
seats of its table were sent the new position (p50, p95, max; goal: p95 at most 50 ms),
lost messages (a seat that missed a position), frames that showed a seat another seat's
tiles (must be 0), the server's CPU time per move and its memory per table. ``--in-process`` runs the server in this process too and also prints
its own handling time per move (the move's arrival until every seat's frame is written),
which the machine's other processes do not delay, and the event loop's stalls over 50 ms
with the CPU time this process had during them (little: other processes had the cores).

The latency is measured in the clients, so it includes their own work on the same
machine. Asserts nothing.

``--strong-bots`` measures instead what bots cost the people (issue 25): ``--tables`` (say
20) tables of one scripted person and three strong bots, served with ``--bot-workers``
worker processes, then as many tables of people only, in the same run; it prints each
case's person's move → update latency (from the move frame sent until the state frame
showing it, p50/p95/max; goal: p95 at most 50 ms) side by side (``--bot-workers 0``: the
bots think on the event loop, for comparison). The server runs in this
process; its tables are set up through ``TableServer.create`` (no API request to limit).

The benchmark sets up every table from one client, so the server it starts has no
creation limit (``--create-rate 0``; set another with ``--create-rate``) and no cap of
connections per address (every seat's websocket comes from 127.0.0.1); a server at
``--url`` must allow as many (``serve --create-rate 0 --max-connections-per-address 0``),
and one with a host key is given it
by ``--host-key`` or ``DOMINOES_HOST_KEY``.

    python benchmarks/server_load.py [--tables 200] [--seconds 30] [--think 1.0] [--db PATH]
    python benchmarks/server_load.py --strong-bots --tables 20 --seconds 30 [--bot-workers N]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import sys
import time
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from dominoes_widget.server import BotPool, Limits, tune_gc  # noqa: E402
from dominoes_widget.server.spec import read_spec  # noqa: E402
from dominoes_widget.server.shared_table import SharedTable  # noqa: E402
from server_harness import Seat, local_server, request, spawn_server, stop_server  # noqa: E402

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
        over = view["phase"] in ("hand_over", "match_over")
        if any(isinstance(tiles, list) and other != seat.seat and not over for other, tiles in view["hands"].items()):
            self.figures["hidden_tiles_shown"] += 1
        position = (view["hand_number"], len(view["moves"]))
        last = getattr(seat, "position", None)
        if last is not None and last[0] == position[0] and position[1] > last[1] + 1:
            self.figures["lost"] += position[1] - last[1] - 1
        seat.position = position
        if position in self.sent:
            self.reached[position] = self.reached.get(position, 0) + 1
            if self.reached[position] == 1:
                self.figures["first"].append(time.perf_counter() - self.sent[position])
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
            elif view["leader_choices"]:
                mover.send({"type": "choose_leader", "seat": self.rng.choice(view["leader_choices"])["seat"]})
                await mover.until(lambda s: s.view is not view)
            else:
                mover.send({"type": "next_hand" if view["phase"] == "hand_over" else "new_match"})
                await mover.until(lambda s: s.view["phase"] == "playing" or s.view["hand_number"] != view["hand_number"])

    def _to_act(self) -> Seat | None:
        for seat in self.seats:
            if seat.view.get("legal") or seat.view.get("leader_choices"):
                return seat
        first = self.seats[0]
        return first if first.view.get("phase") in ("hand_over", "match_over") else None


def watched(seat: Seat, table: Table) -> None:
    """Route each view the seat reads to the table's bookkeeping."""
    frames = seat.frames

    class Feed(list):
        def append(self, frame: dict) -> None:
            if frame.get("type") == "state":
                table.figures["frames"] += 1
                table.seen(seat, frame["view"])
            if frame.get("type") in ("refused", "error"):
                table.figures["refused"] += 1

    seat.frames = Feed(frames)


async def run(args: argparse.Namespace) -> dict:
    figures: dict = {"latencies": [], "first": [], "moves": 0, "lost": 0, "refused": 0, "handled": [],
                     "frames": 0, "hidden_tiles_shown": 0, "stalls": []}
    tune_gc()  # as `serve` does in its own process: the clients' collections would count as latency
    if args.in_process:
        async with local_server(args.db, limits=Limits(create_rate=args.create_rate,
                                                       max_connections_per_address=0)) as (base, _server):
            with timed_intents(figures["handled"]):
                stalls = asyncio.ensure_future(watch_stalls(figures["stalls"]))
                try:
                    return {**await play_all(args, base, None, figures), **stall_figures(figures["stalls"])}
                finally:
                    stalls.cancel()
    if args.url:
        return await play_all(args, args.url.rstrip("/"), None, figures)
    process, base = spawn_server(args.db, 0, "--create-rate", f"{args.create_rate:g}",
                                 "--max-connections-per-address", "0")
    try:
        return await play_all(args, base, psutil.Process(process.pid), figures)
    finally:
        stop_server(process)


@contextlib.contextmanager
def timed_intents(times: list[float]):
    """Time each intent in the server: from its arrival until every seat's frame is written."""
    plain = SharedTable.intent

    def intent(self, seat, content):
        started = time.perf_counter()
        try:
            return plain(self, seat, content)
        finally:
            times.append(time.perf_counter() - started)

    SharedTable.intent = intent
    try:
        yield
    finally:
        SharedTable.intent = plain


async def watch_stalls(stalls: list[tuple[float, float]], tick: float = 0.005) -> None:
    """Each time the event loop wakes more than 50 ms late: how late, and how much CPU this
    process had meanwhile (little: the machine's other processes had the cores)."""
    while True:
        wall, cpu = time.perf_counter(), time.process_time()
        await asyncio.sleep(tick)
        late = time.perf_counter() - wall - tick
        if late > 0.05:
            stalls.append((late, time.process_time() - cpu))


def stall_figures(stalls: list[tuple[float, float]]) -> dict:
    return {"loop_stalls_over_50ms": len(stalls), "stalled_s": round(sum(late for late, _ in stalls), 2),
            "cpu_s_in_stalls": round(sum(cpu for _, cpu in stalls), 2)}


async def play_all(args: argparse.Namespace, base: str, server: psutil.Process | None, figures: dict) -> dict:
    own = server is not None  # the server's CPU and memory are measured only in a child process
    server = server or psutil.Process()
    rss_before = server.memory_info().rss
    rng = random.Random(args.seed)
    tables = []
    for _ in range(args.tables):
        status, answer = await request(f"{base}/api/tables", {**GAME, "seed": rng.randrange(2**31)},
                                       headers={"Authorization": f"Bearer {args.host_key}"} if args.host_key else None)
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
    clients_before = time.process_time()
    cpu_before = server.cpu_times()
    await asyncio.gather(*(table.play(started + args.seconds) for table in playing))
    elapsed = time.monotonic() - started
    clients_cpu = (time.process_time() - clients_before) / elapsed
    cpu_after = server.cpu_times()
    rss_after = server.memory_info().rss
    for table in playing:
        for seat in table.seats:
            seat.close()
    cpu = (cpu_after.user + cpu_after.system - cpu_before.user - cpu_before.system) / elapsed
    return {
        "tables": args.tables, "clients": args.tables * 4, "seconds": round(elapsed, 1), "think_s": args.think,
        "db": bool(args.db), "server": args.url or ("in this process" if args.in_process else "child process"),
        "moves": figures["moves"], "moves_per_s": round(figures["moves"] / elapsed, 1),
        **percentiles("move_to_every_seat", figures["latencies"]),
        **percentiles("move_to_first_seat", figures["first"]),
        **percentiles("server_handling", figures["handled"]),
        "measured": len(figures["latencies"]), "lost_messages": figures["lost"], "refused": figures["refused"],
        "frames": figures["frames"], "frames_showing_another_seats_tiles": figures["hidden_tiles_shown"],
        "server_cpu": f"{100 * cpu:.0f}%" if own else None,
        "server_cpu_ms_per_move": round(1000 * cpu * elapsed / max(figures["moves"], 1), 2)
        if own else None,
        "clients_cpu": f"{100 * clients_cpu:.0f}%",
        "load_average": os.getloadavg()[0],
        "memory_per_table_kb": round((rss_after - rss_before) / args.tables / 1024, 1)
        if own else None,
        "memory_per_table_kb_at_start": round((rss_ready - rss_before) / args.tables / 1024, 1)
        if own else None,
    }


STRONG_BOTS = {"N": "strong", "E": "strong", "W": "strong"}


async def people_and_bots(args: argparse.Namespace) -> dict:
    """The person's move → update latency at tables with three strong bots, beside tables of
    people only, each case on a server of its own in this process."""
    tune_gc()
    cases = {}
    for name, bots in (("strong_bots", STRONG_BOTS), ("people_only", {})):
        pool = BotPool(args.bot_workers) if bots and args.bot_workers != 0 else None
        async with local_server(limits=Limits(max_connections_per_address=0),
                                **({"thinker": pool} if pool else {})) as (base, server):
            if pool is not None:
                pool.start()
            cases[name] = await measure_people(args, base, server, bots)
            cases[name]["bot_decisions"] = pool.decisions if pool is not None else 0
    workers = "inline" if args.bot_workers == 0 else args.bot_workers or "default"
    return {"tables": args.tables, "bot_workers": workers, "think_s": args.think,
            "seconds_per_case": args.seconds, **cases, "load_average": os.getloadavg()}


async def measure_people(args: argparse.Namespace, base: str, server, bots: dict) -> dict:
    rng = random.Random(args.seed)
    latencies: list[float] = []
    moves = 0
    seats = []
    for _ in range(args.tables):
        spec = read_spec({"game": "six_love", "rules": {"target": None}, "bots": bots, "bot_delay": 0,
                          "seed": rng.randrange(2**31)})
        table = server.create(spec)
        links = server.links(table, base)
        seats.append([await Seat.open(link, seat) for seat, link in links.items()])

    async def person(table_seats: list[Seat], rng: random.Random, stop: float) -> None:
        nonlocal moves
        while time.monotonic() < stop:
            first = table_seats[0]
            mover = await first.until(lambda s: next((x for x in table_seats if x.view.get("legal")
                                                      or x.view.get("leader_choices")), None)
                                      or (s.view.get("phase") in ("hand_over", "match_over") and s), timeout=60)
            await asyncio.sleep(args.think * rng.uniform(0.5, 1.5))
            view = mover.view
            if view["phase"] == "playing" and view.get("legal"):
                sent = time.perf_counter()
                mover.send({"type": "move", "move": rng.choice(view["legal"]), "hand": view["hand_number"],
                            "ply": len(view["moves"])})
                await mover.until(lambda s: s.view["hand_number"] != view["hand_number"]
                                  or len(s.view["moves"]) > len(view["moves"]), timeout=60)
                latencies.append(time.perf_counter() - sent)
                moves += 1
            elif view.get("leader_choices"):
                mover.send({"type": "choose_leader", "seat": rng.choice(view["leader_choices"])["seat"]})
                await mover.until(lambda s: s.view is not view, timeout=60)
            else:
                mover.send({"type": "next_hand" if view["phase"] == "hand_over" else "new_match"})
                await mover.until(lambda s: s.view["hand_number"] != view["hand_number"]
                                  or s.view["phase"] == "playing", timeout=60)

    started = time.monotonic()
    await asyncio.gather(*(person(table_seats, random.Random(rng.random()), started + args.seconds)
                           for table_seats in seats))
    for table_seats in seats:
        for seat in table_seats:
            seat.close()
    return {"people_moves": moves, **percentiles("move_to_update", latencies)}


def percentiles(name: str, values: list[float]) -> dict:
    if not values:
        return {}
    ordered = sorted(values)
    at = lambda q: round(1000 * ordered[int(q * (len(ordered) - 1))], 1)  # noqa: E731
    return {f"{name}_p50_ms": at(0.5), f"{name}_p95_ms": at(0.95), f"{name}_max_ms": at(1.0)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--think", type=float, default=1.0, help="seconds a seat waits on its turn (0.5x-1.5x)")
    parser.add_argument("--db", help="a SQLite file for the server (--db): every move is written")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--url", help="load a server already running there (its CPU and memory are not measured)")
    parser.add_argument("--create-rate", type=float, default=0.0,
                        help="tables a minute one client may set up on the server started here (default 0: no limit)")
    parser.add_argument("--host-key", default=os.environ.get("DOMINOES_HOST_KEY"),
                        help="the host key of the server at --url (default: DOMINOES_HOST_KEY)")
    parser.add_argument("--in-process", action="store_true",
                        help="run the server in this process too, and time its handling of each move")
    parser.add_argument("--strong-bots", action="store_true",
                        help="tables of one person and three strong bots beside tables of people only")
    parser.add_argument("--bot-workers", type=int, help="with --strong-bots: worker processes for the bots (0: none, the bots think "
                                                          "on the event loop as before issue 25)")
    args = parser.parse_args()
    figures = asyncio.run(people_and_bots(args) if args.strong_bots else run(args))
    print(json.dumps(figures, indent=1))


if __name__ == "__main__":
    main()
