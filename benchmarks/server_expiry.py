"""What closing unused tables gives back, and what the sweep that closes them costs.

Makes ``--tables`` Six Love tables of four people on a :class:`TableServer` (in this
process, no sockets), plays ``--moves`` moves at each, with a browser joining and leaving
every seat, then lets the server's clock pass the idle time and sweeps. Prints the memory
Python holds (tracemalloc) per table before and after the sweep, freed by reference
counting alone and after a full collection. Then times one sweep over ``--sweep-tables``
tables: with none to close (every sweep but a few), and closing them all, with the
memory store and with a SQLite store. Asserts nothing.

    python benchmarks/server_expiry.py [--tables 200] [--moves 12] [--sweep-tables 5000]
"""

from __future__ import annotations

import argparse
import gc
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from dominoes_widget.server import MemoryStore, SqliteStore, TableServer  # noqa: E402
from dominoes_widget.server.spec import read_spec  # noqa: E402
from server_harness import Clock  # noqa: E402

FOUR_PEOPLE = read_spec({"game": "six_love", "seed": 1})
DAY = 24 * 3600.0


class Browser:
    def deliver(self, text: str) -> None:
        pass


def play(server: TableServer, moves: int) -> None:
    for n, table in enumerate(list(server.tables.values())):
        for seat in table.connections:  # a browser at every seat, then gone
            browser = Browser()
            table.join(seat, browser)
            table.leave(seat, browser)
        for _ in range(moves):
            hand = table.session.hand
            if hand is None or hand.is_over:
                break
            table.intent(hand.turn, {"type": "move", "move": table.session.view(table.session.screen_of(hand.turn))["legal"][0]})


def held() -> int:
    return tracemalloc.get_traced_memory()[0]


def memory(tables: int, moves: int) -> None:
    clock = Clock()
    tracemalloc.start()
    gc.collect()
    base = held()
    server = TableServer(MemoryStore(), clock=clock)
    for _ in range(tables):
        server.create(FOUR_PEOPLE)
    play(server, moves)
    gc.collect()
    live = held() - base
    clock.advance(DAY)
    started = time.perf_counter()
    closed = server.sweep()
    took = time.perf_counter() - started
    by_refcount = held() - base
    gc.collect()
    after = held() - base
    tracemalloc.stop()
    print(f"{tables} tables, {moves} moves each: {live / tables / 1024:.1f} KB a table open; after the sweep "
          f"closed {len(closed)} ({took * 1000:.1f} ms): {by_refcount / tables / 1024:.2f} KB a table by reference "
          f"counting, {after / tables / 1024:.2f} KB after a full collection (what is left: the memory store's "
          f"links of closed tables, {len(server.store._closed)})")


def sweeps(count: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        for name, store in (("memory", MemoryStore()), ("sqlite", SqliteStore(Path(folder) / "tables.sqlite"))):
            clock = Clock()
            server = TableServer(store, clock=clock)
            for _ in range(count):
                server.create(FOUR_PEOPLE)
            quiet = min(_timed(server.sweep) for _ in range(5))
            clock.advance(DAY)
            closing = _timed(server.sweep)
            assert not server.tables
            print(f"{name} store, {count} tables: one sweep {quiet * 1000:.2f} ms with none to close, "
                  f"{closing * 1000:.0f} ms closing all {count}")
            server.close()


def _timed(call) -> float:
    started = time.perf_counter()
    call()
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--moves", type=int, default=12)
    parser.add_argument("--sweep-tables", type=int, default=5000)
    args = parser.parse_args()
    memory(args.tables, args.moves)
    sweeps(args.sweep_tables)


if __name__ == "__main__":
    main()
