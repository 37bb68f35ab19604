"""Where a table server keeps its tables: every table's set-up, seat links and record.

The server writes a table's record after every move, before any seat is shown the move;
a server started again on the same store takes up every table where it stopped, with the
same links. :class:`SqliteStore` keeps them in one SQLite file (``--db PATH``),
:class:`MemoryStore` nowhere (a server without ``--db``, a notebook's ``table.share()``).
Another store (PostgreSQL, Redis) only needs the three methods of :class:`TableStore`.
"""

from __future__ import annotations

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


class SqliteStore:
    """Tables in one SQLite file, each record written (and committed) as it changes.

    WAL journal with ``synchronous=NORMAL``: a committed move survives the server being
    killed; only a power cut may lose the last moves. A commit only appends to the WAL file
    (microseconds: it is written on the event loop, before the move is shown); the
    checkpoints that copy the WAL into the database, and wait on the disk, run on a thread
    of their own every ``checkpoint_every`` seconds.
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
        self._db.execute("UPDATE tables SET record = ?, pending = ? WHERE id = ?",
                         (json.dumps(record, separators=(",", ":")),
                          json.dumps(pending) if pending is not None else None, table_id))
        return None

    def tables(self) -> Iterator[StoredTable]:
        rows = self._db.execute("SELECT id, spec, tokens, record, pending FROM tables").fetchall()
        for table_id, spec, tokens, record, pending in rows:
            yield StoredTable(table_id, json.loads(spec), json.loads(tokens), json.loads(record) if record else None,
                              json.loads(pending) if pending else None)

    def close(self) -> None:
        self._stop.set()
        self._checkpointer.join()
        self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        self._db.close()
