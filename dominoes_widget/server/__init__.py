"""The table server: friends play one table from their own browsers, by secret links.

``python -m dominoes_widget serve`` runs it; ``Table.share()`` runs the same server in a
notebook's kernel. Floors: a thin adapter over the table's session, like the widgets.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import signal
import socket
from pathlib import Path

from .app import FINISHED_HOURS, IDLE_HOURS, TableServer, make_app
from .bot_pool import BotPool
from .shared_table import SharedTable
from .spec import AbsentBot, SpecError, TableSpec, read_spec
from .store import MemoryStore, SqliteStore, StoredTable, TableStore

__all__ = ["TableServer", "SharedTable", "TableSpec", "AbsentBot", "SpecError", "read_spec", "TableStore",
           "MemoryStore", "SqliteStore", "StoredTable", "BotPool", "make_app", "start", "serve", "tune_gc"]


def start(host: str = "127.0.0.1", port: int = 8765, db: str | Path | None = None,
          server: TableServer | None = None):
    """Start serving on the running event loop: ``(table_server, http_server, port)``.

    ``port=0`` picks a free port. ``db`` is a SQLite file whose tables are taken up again.
    The server closes the tables nobody uses (:meth:`TableServer.sweep`) on this loop.
    """
    import tornado.httpserver
    import tornado.netutil

    from .app import MAX_BODY_BYTES

    table_server = server or TableServer(SqliteStore(db) if db else MemoryStore())
    http = tornado.httpserver.HTTPServer(make_app(table_server), max_body_size=MAX_BODY_BYTES * 4, xheaders=True)
    sockets = tornado.netutil.bind_sockets(port, host, family=socket.AF_INET if ":" not in host else socket.AF_UNSPEC)
    http.add_sockets(sockets)
    table_server.start_sweeping()
    return table_server, http, sockets[0].getsockname()[1]


def tune_gc() -> None:
    """Garbage collection for a process that is a table server and nothing else.

    Its tables are many long-lived objects; Python's default thresholds walk them all in
    full collections that stop every table for tens to hundreds of milliseconds. The
    objects alive at start are frozen out of collection, and the older generations are
    collected far less often (almost all of a move's garbage is freed by reference
    counting, without a collection).
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 50, 100)


def serve(host: str = "127.0.0.1", port: int = 8765, db: str | Path | None = None,
          base_url: str | None = None, idle_hours: float = IDLE_HOURS, finished_hours: float = FINISHED_HOURS,
          bot_workers: int | None = None) -> None:
    """Serve until interrupted (Ctrl-C or SIGTERM), printing ``serving http://HOST:PORT/`` once
    started; the links start with ``base_url`` when given. A table with no browser open closes
    after ``idle_hours`` unused, or ``finished_hours`` once its match is over. The bots think
    in ``bot_workers`` worker processes (default: the cores less one, at least 1), stopped
    with the server."""

    async def main() -> None:
        store = SqliteStore(db) if db else MemoryStore()
        pool = BotPool(bot_workers)
        server = TableServer(store, base_url, idle_hours=idle_hours, finished_hours=finished_hours, thinker=pool)
        table_server, http, bound = start(host, port, server=server)
        pool.start()
        tune_gc()
        stop = asyncio.Event()
        with contextlib.suppress(NotImplementedError):  # (no signal handlers on Windows' loop)
            asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
        print(f"serving http://{host}:{bound}/", flush=True)
        try:
            await stop.wait()
        finally:
            http.stop()
            table_server.close()  # and the bot workers

    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        pass
