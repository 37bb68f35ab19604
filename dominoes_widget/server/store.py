"""Where a table server keeps its tables: every table's set-up, seat links and record.

The server writes a table's record after every move; a server started again on the same
store takes up every table where it stopped, with the same links. :class:`SqliteStore`
keeps them in one SQLite file (``--db PATH``), :class:`MemoryStore` nowhere (a server
without ``--db``, a notebook's ``table.share()``). Another store (PostgreSQL, Redis) only
needs the three methods of :class:`TableStore`.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator, Protocol

__all__ = ["StoredTable", "TableStore", "MemoryStore", "SqliteStore"]


@dataclass
class StoredTable:
    """One table as kept: its id, the request that set it up, each seat's token and the record so far."""

    id: str
    spec: dict[str, Any]
    tokens: dict[str, str]
    record: dict[str, Any] | None = None


class TableStore(Protocol):
    def add(self, table: StoredTable) -> None: ...

    def save_record(self, table_id: str, record: dict[str, Any]) -> None: ...

    def tables(self) -> Iterator[StoredTable]: ...


class MemoryStore:
    """Keeps nothing: tables live as long as the server."""

    def add(self, table: StoredTable) -> None:
        pass

    def save_record(self, table_id: str, record: dict[str, Any]) -> None:
        pass

    def tables(self) -> Iterator[StoredTable]:
        return iter(())


_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    spec TEXT NOT NULL,
    tokens TEXT NOT NULL,
    record TEXT
)
"""


class SqliteStore:
    """Tables in one SQLite file, each record written (and committed) as it changes.

    WAL journal with ``synchronous=NORMAL``: a committed move survives the server being
    killed; only a power cut may lose the last moves.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._db = sqlite3.connect(self.path, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute(_SCHEMA)

    def add(self, table: StoredTable) -> None:
        self._db.execute("INSERT INTO tables (id, spec, tokens, record) VALUES (?, ?, ?, ?)",
                         (table.id, json.dumps(table.spec), json.dumps(table.tokens),
                          json.dumps(table.record) if table.record is not None else None))

    def save_record(self, table_id: str, record: dict[str, Any]) -> None:
        self._db.execute("UPDATE tables SET record = ? WHERE id = ?", (json.dumps(record, separators=(",", ":")),
                                                                        table_id))

    def tables(self) -> Iterator[StoredTable]:
        for table_id, spec, tokens, record in self._db.execute("SELECT id, spec, tokens, record FROM tables"):
            yield StoredTable(table_id, json.loads(spec), json.loads(tokens), json.loads(record) if record else None)

    def close(self) -> None:
        self._db.close()
