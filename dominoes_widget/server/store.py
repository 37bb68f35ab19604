"""Where a table server keeps its tables: every table's set-up, seat links and record.

The server writes a table's record after every move, before any seat is shown the move;
a server started again on the same store takes up every table where it stopped, with the
same links. :class:`SqliteStore` keeps them in one SQLite file (``--db PATH``),
:class:`MemoryStore` nowhere (a server without ``--db``, a notebook's ``table.share()``).
Another store (PostgreSQL, Redis) only needs the three methods of :class:`TableStore`.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Awaitable, Iterator, Protocol

__all__ = ["StoredTable", "TableStore", "MemoryStore", "SqliteStore"]


@dataclass
class StoredTable:
    """One table as kept: its id, the request that set it up, each seat's token, the record so
    far, and the next hand's deal while its leader is being chosen (``{"deal", "boneyard"}``)."""

    id: str
    spec: dict[str, Any]
    tokens: dict[str, str]
    record: dict[str, Any] | None = None
    pending: dict[str, Any] | None = None


class TableStore(Protocol):
    """A store may say ``keeps_records = False`` (it keeps nothing): the table then builds no
    record to write after a move."""

    def add(self, table: StoredTable) -> None: ...

    def save_record(self, table_id: str, record: dict[str, Any],
                    pending: dict[str, Any] | None = None) -> Awaitable[None] | None:
        """Write a table's record (and pending deal): ``None`` once written, or an awaitable
        done once it is (a store with an asyncio client: the table shows the move once it is
        written)."""

    def tables(self) -> Iterator[StoredTable]: ...


class MemoryStore:
    """Keeps nothing: tables live as long as the server."""

    keeps_records = False

    def add(self, table: StoredTable) -> None:
        pass

    def save_record(self, table_id: str, record: dict[str, Any],
                    pending: dict[str, Any] | None = None) -> Awaitable[None] | None:
        return None

    def tables(self) -> Iterator[StoredTable]:
        return iter(())


_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    spec TEXT NOT NULL,
    tokens TEXT NOT NULL,
    record TEXT,
    pending TEXT
)
"""


_UPDATE = "UPDATE tables SET record = ?, pending = ? WHERE id = ?"
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
    """

    def __init__(self, path: str | Path, checkpoint_every: float = 2.0) -> None:
        self.path = Path(path)
        self._db = sqlite3.connect(self.path, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA wal_autocheckpoint=0")
        self._db.execute(_SCHEMA)
        self._stop = threading.Event()
        self._checkpointer = threading.Thread(target=self._checkpoint, args=(checkpoint_every,),
                                              name="dominoes-checkpoint", daemon=True)
        self._checkpointer.start()
        self._batch: list[_Write] = []

    def _checkpoint(self, every: float) -> None:
        db = sqlite3.connect(self.path, isolation_level=None)
        try:
            while not self._stop.wait(every):
                db.execute("PRAGMA wal_checkpoint(PASSIVE)")
        finally:
            db.close()

    def add(self, table: StoredTable) -> None:
        self._db.execute("INSERT INTO tables (id, spec, tokens, record) VALUES (?, ?, ?, ?)",
                         (table.id, json.dumps(table.spec), json.dumps(table.tokens),
                          json.dumps(table.record) if table.record is not None else None))

    def save_record(self, table_id: str, record: dict[str, Any],
                    pending: dict[str, Any] | None = None) -> Awaitable[None] | None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self._db.execute(_UPDATE, _row(table_id, record, pending))
            return None
        written: asyncio.Future[None] = loop.create_future()
        if not self._batch:
            loop.call_soon(self._write_batch)
        self._batch.append((table_id, record, pending, written))
        return written

    def _write_batch(self) -> None:
        batch, self._batch = self._batch, []
        if batch:
            _commit(self._db, batch)

    def tables(self) -> Iterator[StoredTable]:
        rows = self._db.execute("SELECT id, spec, tokens, record, pending FROM tables").fetchall()
        for table_id, spec, tokens, record, pending in rows:
            yield StoredTable(table_id, json.loads(spec), json.loads(tokens), json.loads(record) if record else None,
                              json.loads(pending) if pending else None)

    def close(self) -> None:
        self._write_batch()  # the records handed over so far are written first
        self._stop.set()
        self._checkpointer.join()
        self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        self._db.close()


def _row(table_id: str, record: dict[str, Any], pending: dict[str, Any] | None) -> tuple[str, str | None, str]:
    return json.dumps(record, separators=(",", ":")), json.dumps(pending) if pending is not None else None, table_id


def _commit(db: sqlite3.Connection, batch: list[_Write]) -> None:
    """Write every record of ``batch`` in one transaction, then tell each table."""
    error = None
    try:
        db.execute("BEGIN IMMEDIATE")
        db.executemany(_UPDATE, [_row(table_id, record, pending) for table_id, record, pending, _ in batch])
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
