"""The table server's web side, on tornado: the JSON API, the seat pages and their websockets.

- ``POST /api/tables``: set up a table (:mod:`.spec`), answer its id and one link per person.
- ``GET /api/tables/<id>/record?token=<any seat's token>``: the record so far.
- ``GET /tables/<id>/seat?token=<token>``: the seat's page (the Table's front end).
- ``/tables/<id>/socket?token=<token>``: the seat's websocket (intents in, views out).

A wrong or missing token is answered 403 and changes nothing.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any, Iterable
from urllib.parse import quote

import tornado.web
import tornado.websocket
from tornado.log import access_log

from ..catalog import Voice
from ..sessions.table_snapshot import table_record
from .limits import MAX_FRAME_BYTES, MessageGate
from .page import seat_page
from .shared_table import SharedTable
from .spec import SpecError, read_spec
from .store import MemoryStore, TableStore

__all__ = ["TableServer", "make_app", "MAX_TABLES", "MAX_BODY_BYTES", "MAX_BROWSERS_PER_SEAT"]

log = logging.getLogger(__name__)

STATIC = Path(__file__).resolve().parent.parent / "static"
MAX_TABLES = 5000
MAX_BODY_BYTES = 16 * 1024
MAX_BROWSERS_PER_SEAT = 8


class TableServer:
    """The tables of one server process, kept in ``store`` (taken up from it on start)."""

    def __init__(self, store: TableStore | None = None, base_url: str | None = None,
                 max_tables: int = MAX_TABLES) -> None:
        self.store = store if store is not None else MemoryStore()
        self.base_url = base_url
        """Where browsers reach this server (``https://hub.example/user/ana/proxy/8765/``);
        default: the address each API request came to."""
        self.max_tables = max_tables
        self.tables: dict[str, SharedTable] = {}
        for stored in self.store.tables():
            try:
                self.tables[stored.id] = SharedTable.restore(stored, self.store)
            except Exception:  # noqa: BLE001 - one bad row must not keep every other table down
                log.exception("table %s could not be taken up again", stored.id)

    def add(self, table: SharedTable) -> SharedTable:
        self.tables[table.id] = table
        return table

    def links(self, table: SharedTable, base: str) -> dict[str, str]:
        """Each person's link (the local seat of a shared notebook table has none)."""
        base = (self.base_url or base).rstrip("/")
        return {seat: f"{base}/tables/{quote(table.id)}/seat?token={quote(token)}"
                for seat, token in table.tokens.items()}

    def find(self, table_id: str, token: Any) -> tuple[SharedTable, str] | None:
        """The table and seat a token opens, or ``None`` (unknown table or wrong token alike)."""
        table = self.tables.get(table_id)
        seat = table.seat_of(token) if table is not None else None
        return (table, seat) if table is not None and seat is not None else None

    def close(self) -> None:
        for table in self.tables.values():
            table.close()
        close = getattr(self.store, "close", None)
        if close is not None:
            close()


class _Handler(tornado.web.RequestHandler):
    def initialize(self, server: TableServer) -> None:
        self.server = server

    def answer(self, status: int, body: Any) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(json.dumps(body))

    def refuse(self, status: int, error: str) -> None:
        self.answer(status, {"error": error})

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        self.answer(status_code, {"error": self._reason})


class TablesHandler(_Handler):
    """``POST /api/tables``."""

    def post(self) -> None:
        if len(self.request.body) > MAX_BODY_BYTES:
            return self.refuse(413, f"a table request is at most {MAX_BODY_BYTES} bytes")
        if len(self.server.tables) >= self.server.max_tables:
            return self.refuse(503, f"this server holds {self.server.max_tables} tables already")
        try:
            spec = read_spec(json.loads(self.request.body or b"null"))
        except (json.JSONDecodeError, UnicodeDecodeError):
            return self.refuse(400, "the body is not JSON")
        except SpecError as error:
            return self.refuse(400, str(error))
        table = self.server.add(SharedTable.create(spec, self.server.store))
        base = f"{self.request.protocol}://{self.request.host}"
        self.answer(201, {"id": table.id, "seats": self.server.links(table, base)})


class RecordHandler(_Handler):
    """``GET /api/tables/<id>/record?token=``: any seat's token reads the record so far."""

    def get(self, table_id: str) -> None:
        found = self.server.find(table_id, self.get_query_argument("token", None))
        if found is None:
            return self.refuse(403, "this link's token does not open that table")
        self.answer(200, table_record(found[0].session))


class SeatPageHandler(_Handler):
    """``GET /tables/<id>/seat?token=``: the seat's page."""

    def get(self, table_id: str) -> None:
        found = self.server.find(table_id, self.get_query_argument("token", None))
        if found is None:
            return self.refuse(403, "this link's token does not open that table")
        table, seat = found
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.set_header("Referrer-Policy", "no-referrer")  # the link is the key: never pass it on
        self.finish(seat_page(table.session.options.lang, table.session.rules.name, seat))


class SeatSocket(tornado.websocket.WebSocketHandler):
    """``/tables/<id>/socket?token=``: one browser at one seat."""

    def initialize(self, server: TableServer) -> None:
        self.server = server
        self.table: SharedTable | None = None
        self.seat = ""
        self.gate = MessageGate()

    async def get(self, *args: Any, **kwargs: Any) -> None:
        found = self.server.find(args[0], self.get_query_argument("token", None))
        if found is None:
            self.set_status(403)
            self.finish(json.dumps({"error": "this link's token does not open that table"}))
            return
        self.table, self.seat = found
        if len(self.table.connections[self.seat]) >= MAX_BROWSERS_PER_SEAT:
            self.set_status(429)
            self.finish(json.dumps({"error": f"at most {MAX_BROWSERS_PER_SEAT} browsers per seat"}))
            return
        await super().get(*args, **kwargs)

    def check_origin(self, origin: str) -> bool:
        return True  # the token in the address is the key, not the page that opened the socket

    def open(self, *args: str, **kwargs: str) -> None:
        self.set_nodelay(True)
        assert self.table is not None
        self.table.join(self.seat, self)

    def deliver(self, text: str) -> None:
        """Send one frame (the :class:`~.shared_table.Connection` interface)."""
        try:
            self.write_message(text)
        except tornado.websocket.WebSocketClosedError:
            pass

    def on_message(self, message: str | bytes) -> None:
        table = self.table
        if table is None:
            return
        voice = Voice(table.session.options.lang)
        refusal = self.gate.refusal(len(message))
        if refusal is not None:
            key, params = refusal
            return self.deliver(json.dumps({"type": "error", "message": voice(key, **params)}))
        try:
            content = json.loads(message)
        except (json.JSONDecodeError, UnicodeDecodeError):
            return self.deliver(json.dumps({"type": "error", "message": voice("message.not_json")}))
        for reply in table.intent(self.seat, content):
            self.deliver(json.dumps(reply))

    def on_close(self) -> None:
        if self.table is not None:
            self.table.leave(self.seat, self)


class StaticHandler(tornado.web.StaticFileHandler):
    """The seat page's files: the Table's own bundle and styles, and the page's script."""

    FILES = ("table.js", "table.css", "seat_page.js")

    def validate_absolute_path(self, root: str, absolute_path: str) -> str | None:
        if Path(absolute_path).name not in self.FILES:
            raise tornado.web.HTTPError(404)
        return super().validate_absolute_path(root, absolute_path)


class IndexHandler(_Handler):
    def get(self) -> None:
        self.answer(200, {"server": "dominoes_widget table server", "tables": len(self.server.tables)})


def log_request(handler: tornado.web.RequestHandler) -> None:
    """Tornado's access log without the query: a link's token must not land in a log file."""
    status = handler.get_status()
    log_method = access_log.info if status < 400 else access_log.warning if status < 500 else access_log.error
    log_method("%d %s %s %.2fms", status, handler.request.method, handler.request.path,
               1000.0 * handler.request.request_time())


def make_app(server: TableServer, routes: Iterable[tuple[Any, ...]] = ()) -> tornado.web.Application:
    """The tornado application serving ``server``'s tables."""
    kwargs = {"server": server}
    return tornado.web.Application([
        (r"/", IndexHandler, kwargs),
        (r"/api/tables", TablesHandler, kwargs),
        (r"/api/tables/([\w-]+)/record", RecordHandler, kwargs),
        (r"/tables/([\w-]+)/seat", SeatPageHandler, kwargs),
        (r"/tables/([\w-]+)/socket", SeatSocket, kwargs),
        (r"/static/(.*)", StaticHandler, {"path": str(STATIC)}),
        *routes,
    ], websocket_max_message_size=MAX_FRAME_BYTES, log_function=log_request)
