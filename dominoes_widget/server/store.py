"""Where a table server keeps its tables: every table's set-up, seat links and record.

The server writes a table's record after every move, before any seat is shown the move;
a server started again on the same store takes up every table where it stopped, with the
same links. :class:`SqliteStore` keeps them, and the server's classes (:mod:`.classes`), in one SQLite file (``--db PATH``),
:class:`MemoryStore` nowhere (a server without ``--db``, a notebook's ``table.share()``).
Another store (PostgreSQL, Redis) only needs the methods of :class:`TableStore`.

A table nobody uses any more is closed (:meth:`TableStore.close_table`): never taken up
again, but its links are remembered, so that they can say the table was closed.
:class:`SqliteStore` keeps the closed table's row, final record included, with the time
it closed; :class:`MemoryStore` remembers the links of the last closed tables only.
"""

from __future__ import annotations

import asyncio
import json
import os
import secrets
import sqlite3
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Awaitable, Callable, Iterable, Iterator, Protocol

__all__ = ["StoredTable", "TableStore", "MemoryStore", "SqliteStore"]


@dataclass
class StoredTable:
    """One table as kept: its id, the request that set it up, each seat's token, the record so
    far, the next hand's deal while its leader is being chosen (``{"deal", "boneyard"}``), the
    seconds since anyone used it, as the store last heard (``idle``, when read back), the
    watch link's token (``None`` for a table kept before watch links) and the seats whose
    links were ever opened (``opened``)."""

    id: str
    spec: dict[str, Any]
    tokens: dict[str, str]
    record: dict[str, Any] | None = None
    pending: dict[str, Any] | None = None
    idle: float = 0.0
    watch: str | None = None
    opened: list[str] = field(default_factory=list)


class TableStore(Protocol):
    """A store may say ``keeps_records = False`` (it keeps nothing): the table then builds no
    record to write after a move. A store may offer ``deal_key() -> bytes``, the secret its
    seeded tables' server seeds are made with (kept with the tables); without it the server
    makes one that lasts as long as the process."""

    def add(self, table: StoredTable) -> None: ...

    def save_record(self, table_id: str, record: dict[str, Any],
                    pending: dict[str, Any] | None = None) -> Awaitable[None] | None:
        """Write a table's record (and pending deal): ``None`` once written, or an awaitable
        done once it is (a store with an asyncio client: the table shows the move once it is
        written). A write is a use of the table: it is no longer idle."""

    def tables(self) -> Iterator[StoredTable]:
        """The open tables, each with its ``idle`` seconds."""

    def touch(self, table_ids: Iterable[str]) -> None:
        """These tables are in use now (a browser is open at them)."""

    def close_table(self, table: StoredTable) -> None:
        """Close a table: never taken up again; :meth:`closed_table` finds it."""

    def closed_table(self, table_id: str) -> StoredTable | None:
        """A closed table (its id, request, tokens and watch token), if the store remembers it."""

    def note_opened(self, table_id: str, seats: list[str]) -> None:
        """These seats' links were opened now (so after a restart they have left, not never come)."""


MAX_REMEMBERED = 20_000
"""The closed tables whose links a :class:`MemoryStore` remembers (their tokens and language:
about 1 KB each)."""


class MemoryStore:
    """Keeps no record: open tables live as long as the server. Remembers the links of the
    last ``remember`` closed tables, so that those can say the table was closed."""

    keeps_records = False

    def __init__(self, remember: int = MAX_REMEMBERED) -> None:
        self.remember = remember
        self._closed: dict[str, StoredTable] = {}
        self._deal_key = secrets.token_bytes(32)

    def deal_key(self) -> bytes:
        """The key of this store's seeded tables (see :meth:`SqliteStore.deal_key`): made with
        the store and kept nowhere, so a seed deals the same again only until the server stops."""
        return self._deal_key

    def add(self, table: StoredTable) -> None:
        pass

    def save_record(self, table_id: str, record: dict[str, Any],
                    pending: dict[str, Any] | None = None) -> Awaitable[None] | None:
        return None

    def tables(self) -> Iterator[StoredTable]:
        return iter(())

    def touch(self, table_ids: Iterable[str]) -> None:
        pass

    def close_table(self, table: StoredTable) -> None:
        lang = {"lang": table.spec["lang"]} if "lang" in table.spec else {}  # what its links are told in
        self._closed[table.id] = StoredTable(table.id, lang, dict(table.tokens), watch=table.watch)
        while len(self._closed) > self.remember:
            del self._closed[next(iter(self._closed))]  # the oldest first

    def closed_table(self, table_id: str) -> StoredTable | None:
        return self._closed.get(table_id)

    def note_opened(self, table_id: str, seats: list[str]) -> None:
        pass


_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    spec TEXT NOT NULL,
    tokens TEXT NOT NULL,
    record TEXT,
    pending TEXT,
    active_at REAL,
    closed_at REAL,
    watch TEXT,
    opened TEXT
)
"""
_KEYS_SCHEMA = "CREATE TABLE IF NOT EXISTS server_keys (name TEXT PRIMARY KEY, value TEXT NOT NULL)"
_CLASSES_SCHEMA = "CREATE TABLE IF NOT EXISTS classes (id TEXT PRIMARY KEY, data TEXT NOT NULL, saved_at REAL)"
_COMPANIONS = ("", "-wal", "-shm", "-journal")
"""The database file and the files SQLite keeps beside it."""

_ADDED_COLUMNS = {"active_at": "REAL", "closed_at": "REAL", "watch": "TEXT", "opened": "TEXT"}
"""Columns a file written by an older version lacks (its tables count as used when read,
have no watch link, and no seat opened)."""

_UPDATE = "UPDATE tables SET record = ?, pending = ?, active_at = ? WHERE id = ?"
_Write = tuple[str, dict[str, Any], "dict[str, Any] | None", "asyncio.Future[None]"]


class SqliteStore:
    """Tables in one SQLite file, each record written (and committed) as it changes.

    WAL journal with ``synchronous=NORMAL``: a committed move survives the server being
    killed; only a power cut may lose the last moves. On an event loop ``save_record``
    answers a future, done once the record is committed: the records of every table that
    moved in one turn of the loop are written in one transaction, at the end of that turn
    (a commit only appends to the WAL file: a fraction of a millisecond). A thread of their
    own would wait on the interpreter's lock behind the busy loop: measured, its records
    took twice as long. The checkpoints that copy the WAL into the database, and wait on the
    disk, run on a thread every ``checkpoint_every`` seconds.

    Each row keeps when its table was last used (``active_at``, seconds of ``clock``: wall
    time, so that it means the same after a restart) and when it closed (``closed_at``).
    A closed row stays, final record included (``sqlite3 FILE "SELECT record FROM tables
    WHERE id = ..."``): a few kilobytes a table, and its links can say it was closed.

    The file holds every hand, the server seeds not revealed yet, every link's token and the
    server's deal key (:meth:`deal_key`): it and its companions (``-wal``, ``-shm``,
    ``-journal``) are readable by their owner only (mode 0600), an existing file made so.
    """

    def __init__(self, path: str | Path, checkpoint_every: float = 2.0,
                 clock: Callable[[], float] = time.time) -> None:
        self.path = Path(path)
        self.clock = clock
        _keep_private(self.path)
        self._db = sqlite3.connect(self.path, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA wal_autocheckpoint=0")
        self._db.execute(_SCHEMA)
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(tables)")}
        for column, kind in _ADDED_COLUMNS.items():
            if column not in columns:
                self._db.execute(f"ALTER TABLE tables ADD COLUMN {column} {kind}")
        self._db.execute(_KEYS_SCHEMA)
        self._db.execute(_CLASSES_SCHEMA)
        self._stop = threading.Event()
        self._checkpointer = threading.Thread(target=self._checkpoint, args=(checkpoint_every,),
                                              name="dominoes-checkpoint", daemon=True)
        self._checkpointer.start()
        self._batch: list[_Write] = []

    def deal_key(self) -> bytes:
        """The key a seeded table's server seeds are made with (``fair_dealer``): 32 random
        bytes made the first time and kept in the file, so that the same seed deals the same on
        this server, and only on it."""
        row = self._db.execute("SELECT value FROM server_keys WHERE name = 'deal'").fetchone()
        if row is None:
            self._db.execute("INSERT OR IGNORE INTO server_keys (name, value) VALUES ('deal', ?)",
                             (secrets.token_hex(32),))
            row = self._db.execute("SELECT value FROM server_keys WHERE name = 'deal'").fetchone()
        return bytes.fromhex(row[0])

    def _checkpoint(self, every: float) -> None:
        db = sqlite3.connect(self.path, isolation_level=None)
        try:
            while not self._stop.wait(every):
                db.execute("PRAGMA wal_checkpoint(PASSIVE)")
        finally:
            db.close()

    def add(self, table: StoredTable) -> None:
        self._db.execute("INSERT INTO tables (id, spec, tokens, record, pending, active_at, watch, opened) "
                         "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                         (table.id, json.dumps(table.spec), json.dumps(table.tokens),
                          json.dumps(table.record) if table.record is not None else None,
                          json.dumps(table.pending) if table.pending is not None else None, self.clock(),
                          table.watch, json.dumps(sorted(table.opened))))

    def save_record(self, table_id: str, record: dict[str, Any],
                    pending: dict[str, Any] | None = None) -> Awaitable[None] | None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self._db.execute(_UPDATE, _row(table_id, record, pending, self.clock()))
            return None
        written: asyncio.Future[None] = loop.create_future()
        if not self._batch:
            loop.call_soon(self._write_batch)
        self._batch.append((table_id, record, pending, written))
        return written

    def _write_batch(self) -> None:
        batch, self._batch = self._batch, []
        if batch:
            _commit(self._db, batch, self.clock())

    def tables(self) -> Iterator[StoredTable]:
        rows = self._db.execute("SELECT id, spec, tokens, record, pending, active_at, watch, opened FROM tables "
                                "WHERE closed_at IS NULL").fetchall()
        now = self.clock()
        for table_id, spec, tokens, record, pending, active_at, watch, opened in rows:
            yield StoredTable(table_id, json.loads(spec), json.loads(tokens), json.loads(record) if record else None,
                              json.loads(pending) if pending else None,
                              max(0.0, now - active_at) if active_at is not None else 0.0,
                              watch, json.loads(opened) if opened else [])

    def touch(self, table_ids: Iterable[str]) -> None:
        now = self.clock()
        self._write_all("UPDATE tables SET active_at = ? WHERE id = ?", [(now, table_id) for table_id in table_ids])

    def close_table(self, table: StoredTable) -> None:
        self._write_batch()  # its last record first
        self._write_all("UPDATE tables SET closed_at = ? WHERE id = ?", [(self.clock(), table.id)])

    def closed_table(self, table_id: str) -> StoredTable | None:
        row = self._db.execute("SELECT spec, tokens, watch FROM tables WHERE id = ? AND closed_at IS NOT NULL",
                               (table_id,)).fetchone()
        return StoredTable(table_id, json.loads(row[0]), json.loads(row[1]), watch=row[2]) if row else None

    def note_opened(self, table_id: str, seats: list[str]) -> None:
        self._write_all("UPDATE tables SET opened = ? WHERE id = ?", [(json.dumps(sorted(seats)), table_id)])

    # -- classes (:mod:`.classes`) ---------------------------------------------------------
    def add_class(self, class_id: str, data: dict[str, Any]) -> None:
        """Keep a new class (its tokens and unplayed deals' seeds included)."""
        self._write_all("INSERT INTO classes (id, data, saved_at) VALUES (?, ?, ?)",
                        [(class_id, json.dumps(data, separators=(",", ":")), self.clock())])

    def save_class(self, class_id: str, data: dict[str, Any]) -> None:
        """Write a class as it is now (committed before the change is answered)."""
        self._write_all("UPDATE classes SET data = ?, saved_at = ? WHERE id = ?",
                        [(json.dumps(data, separators=(",", ":")), self.clock(), class_id)])

    def remove_class(self, class_id: str) -> None:
        """Forget a class (closed long ago: :meth:`~.classes.ClassRegistry.sweep`)."""
        self._write_all("DELETE FROM classes WHERE id = ?", [(class_id,)])

    def classes(self) -> Iterator[dict[str, Any]]:
        """Every kept class's data, oldest first."""
        for (data,) in self._db.execute("SELECT data FROM classes ORDER BY rowid").fetchall():
            yield json.loads(data)

    def _write_all(self, statement: str, rows: list[tuple[Any, ...]]) -> None:
        if not rows:
            return
        self._db.execute("BEGIN IMMEDIATE")
        try:
            self._db.executemany(statement, rows)
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    def close(self) -> None:
        self._write_batch()  # the records handed over so far are written first
        self._stop.set()
        self._checkpointer.join()
        self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        self._db.close()


def _keep_private(path: Path) -> None:
    """Make ``path`` (created now if missing) and its companions readable by their owner only.
    SQLite creates the companions with the database file's mode, so they are 0600 too."""
    if str(path) == ":memory:" or str(path).startswith("file:"):
        return
    os.close(os.open(path, os.O_RDWR | os.O_CREAT, 0o600))  # (no umask change: other threads may create files)
    for suffix in _COMPANIONS:
        companion = Path(f"{path}{suffix}")
        if companion.exists():
            os.chmod(companion, 0o600)


def _row(table_id: str, record: dict[str, Any], pending: dict[str, Any] | None,
         now: float) -> tuple[str, str | None, float, str]:
    return (json.dumps(record, separators=(",", ":")), json.dumps(pending) if pending is not None else None, now,
            table_id)


def _commit(db: sqlite3.Connection, batch: list[_Write], now: float) -> None:
    """Write every record of ``batch`` in one transaction, then tell each table."""
    error = None
    try:
        db.execute("BEGIN IMMEDIATE")
        db.executemany(_UPDATE, [_row(table_id, record, pending, now) for table_id, record, pending, _ in batch])
        db.execute("COMMIT")
    except Exception as failed:  # noqa: BLE001 - every table waiting is told
        error = failed
        if db.in_transaction:
            db.execute("ROLLBACK")
    for *_, written in batch:
        _settle(written, error)


def _settle(written: asyncio.Future[None], error: Exception | None) -> None:
    """Tell the table waiting on ``written`` that its record is written (or why not)."""
    if written.done():
        return
    try:
        if error is not None:
            written.set_exception(error)
        else:
            written.set_result(None)
    except RuntimeError:  # its loop is closed: nobody waits any more
        pass
