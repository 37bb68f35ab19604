"""The table server: friends play one table from their own browsers, by secret links.

``python -m dominoes_widget serve`` runs it; ``Table.share()`` runs the same server in a
notebook's kernel. Floors: a thin adapter over the table's session, like the widgets.
"""

from __future__ import annotations

import gc
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable

# name -> the module that defines it, imported on first use: ``python -m dominoes_widget verify``
# and the engine's users import ``dominoes_widget.server.limits`` or nothing, never the whole server
_EXPORTS = {
    "TableServer": "app", "make_app": "app", "SharedTable": "shared_table",
    "TableSpec": "spec", "AbsentBot": "spec", "SpecError": "spec", "read_spec": "spec",
    "TableStore": "store", "MemoryStore": "store", "SqliteStore": "store", "StoredTable": "store",
    "BotPool": "bot_pool", "Limits": "limits",
}

__all__ = ["TableServer", "SharedTable", "TableSpec", "AbsentBot", "SpecError", "read_spec", "TableStore",
           "MemoryStore", "SqliteStore", "StoredTable", "BotPool", "Limits", "make_app", "start", "serve", "tune_gc"]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value  # later look-ups skip this function
    return value


if TYPE_CHECKING:  # for type checkers and editors: the same names, imported eagerly
    from .app import TableServer, make_app
    from .bot_pool import BotPool
    from .limits import Limits
    from .shared_table import SharedTable
    from .spec import AbsentBot, SpecError, TableSpec, read_spec
    from .store import MemoryStore, SqliteStore, StoredTable, TableStore


def start(host: str = "127.0.0.1", port: int = 8765, db: str | Path | None = None,
          server: TableServer | None = None):
    """Start serving on the running event loop: ``(table_server, http_server, port)``.

    ``port=0`` picks a free port. ``db`` is a SQLite file whose tables are taken up again.
    The server closes the tables nobody uses (:meth:`TableServer.sweep`) on this loop.
    Listening beyond loopback with no host key, the server makes one
    (``table_server.host_key.key``): strangers who reach the port cannot set up tables.
    Forwarded addresses are read only when the server is ``behind_proxy``. Connections are
    taken as :mod:`.connections` says (timeouts, a cap per address, accept failures counted).
    """
    import socket

    import tornado.netutil

    from .access import HostKey, is_loopback, new_host_key
    from .app import TableServer, make_app
    from .connections import GuardedHTTPServer
    from .sharing import _reachable
    from .store import MemoryStore, SqliteStore

    table_server = server or TableServer(SqliteStore(db) if db else MemoryStore())
    if table_server.host_key.key is None and not is_loopback(host):
        table_server.host_key = HostKey(new_host_key())
    limits = table_server.limits
    http = GuardedHTTPServer(make_app(table_server), max_body_size=limits.max_body_bytes * 4,
                             xheaders=table_server.behind_proxy, idle_connection_timeout=limits.header_timeout,
                             body_timeout=limits.body_timeout, max_header_size=limits.max_header_bytes,
                             max_per_address=0 if table_server.behind_proxy else limits.max_connections_per_address)
    sockets = tornado.netutil.bind_sockets(port, host, family=socket.AF_INET if ":" not in host else socket.AF_UNSPEC)
    http.add_sockets(sockets)
    bound = sockets[0].getsockname()[1]
    name = _reachable(host)
    table_server.listen_url = f"http://{f'[{name}]' if ':' in name else name}:{bound}"
    table_server.start_sweeping()
    return table_server, http, bound


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
          base_url: str | None = None, idle_hours: float | None = None, finished_hours: float | None = None,
          *, bot_workers: int | None = None, host_key: str | None = None, behind_proxy: bool = False,
          allow_origins: Iterable[str] = (), limits: Limits | None = None, deal_key: bytes | None = None) -> None:
    """Serve until interrupted (Ctrl-C or SIGTERM), printing ``serving http://HOST:PORT/`` once
    started (and the host key on the next line when there is one); the links start with
    ``base_url`` when given. A table with no browser open closes after ``idle_hours`` unused,
    or ``finished_hours`` once its match is over (defaults: :class:`TableServer`'s). The bots
    think in ``bot_workers`` worker processes (default: the cores less one, at least 1),
    stopped with the server. The other settings are :class:`TableServer`'s."""

    import asyncio
    import contextlib
    import signal

    from .app import FINISHED_HOURS, IDLE_HOURS, TableServer
    from .bot_pool import BotPool
    from .connections import raise_file_limit
    from .store import MemoryStore, SqliteStore

    raise_file_limit()  # every browser holds a connection: a default soft limit of 1,024 is soon reached

    async def main() -> None:
        store = SqliteStore(db) if db else MemoryStore()
        pool = BotPool(bot_workers)
        server = TableServer(store, base_url, idle_hours=IDLE_HOURS if idle_hours is None else idle_hours,
                             finished_hours=FINISHED_HOURS if finished_hours is None else finished_hours, thinker=pool,
                             host_key=host_key, behind_proxy=behind_proxy, allow_origins=allow_origins,
                             limits=limits, deal_key=deal_key)
        table_server, http, bound = start(host, port, server=server)
        pool.start()
        tune_gc()
        stop = asyncio.Event()
        with contextlib.suppress(NotImplementedError):  # (no signal handlers on Windows' loop)
            asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
        print(f"serving http://{host}:{bound}/", flush=True)
        if table_server.host_key.key is not None:
            made = " (made at start: give --host-key or DOMINOES_HOST_KEY to choose it)" if host_key is None else ""
            print(f"host key: {table_server.host_key.key}{made}; POST /api/tables needs the header "
                  "Authorization: Bearer <host key>", flush=True)
        try:
            await stop.wait()
        finally:
            http.stop()
            table_server.close()  # and the bot workers

    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        pass
