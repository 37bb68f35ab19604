"""The table server's web side, on tornado: the JSON API, the seat pages and their websockets.

- ``POST /api/tables``: set up a table (:mod:`.spec`), answer its id and one link per person.
- ``GET /api/tables/<id>/record?token=<any seat's token>``: the record so far.
- ``GET /tables/<id>/seat?token=<token>``: the seat's page (the Table's front end).
- ``/tables/<id>/socket?token=<token>``: the seat's websocket (intents in, views out).

A wrong or missing token is answered 403 and changes nothing. A table nobody uses is
closed (:meth:`TableServer.sweep`); its links then say so (404 with the reason; the seat
page and socket in the table's language), and a wrong token still gets 403 alike.
"""

from __future__ import annotations

import json
import logging
import time
from pathlib import Path
from typing import Any, Callable, Iterable
from urllib.parse import quote

import tornado.web
import tornado.websocket
from tornado.log import access_log

from ..catalog import Voice
from ..sessions.table_snapshot import table_record
from .icons import icon_svg
from .limits import MAX_FRAME_BYTES, MessageGate
from .page import closed_page, preferred_lang, seat_page, wrong_link_page
from .shared_table import SharedTable, seat_of
from .spec import SpecError, TableSpec, read_spec
from .store import MemoryStore, TableStore

__all__ = ["TableServer", "make_app", "MAX_TABLES", "MAX_BODY_BYTES", "MAX_BROWSERS_PER_SEAT", "IDLE_HOURS",
           "FINISHED_HOURS", "SWEEP_EVERY", "CLOSED"]

log = logging.getLogger(__name__)

STATIC = Path(__file__).resolve().parent.parent / "static"
MAX_TABLES = 5000
MAX_BODY_BYTES = 16 * 1024
MAX_BROWSERS_PER_SEAT = 8
CLOSED_CODE = 4404
"""The websocket close code for a table that was closed."""
IDLE_HOURS = 24.0
"""A match in play closes after this long with no browser open and no move: a day, so that a
class can leave a game overnight and go on the next day."""
FINISHED_HOURS = 1.0
"""A match that is over closes after this long with no browser open: time to read the end."""
SWEEP_EVERY = 300.0
"""Seconds between two looks for tables to close."""
ROOM_EVERY = 10.0
"""A full server looks for tables to close when asked for a new one, at most this often
(seconds): a sweep of 5,000 tables takes about 10 ms, and the requests must not repeat it."""
CLOSED = "this table was closed: nobody had used it for a while"


class TableServer:
    """The tables of one server process, kept in ``store`` (taken up from it on start).

    A table with no browser open is closed once nobody has used it for ``idle_hours`` (a
    match in play) or ``finished_hours`` (a match that is over), as ``clock`` counts seconds:
    :meth:`sweep` closes them, every ``sweep_every`` seconds once :meth:`start_sweeping`.
    A table shared from a notebook (``table.share()``) is the notebook's and never closes here.
    """

    def __init__(self, store: TableStore | None = None, base_url: str | None = None,
                 max_tables: int = MAX_TABLES, *, idle_hours: float = IDLE_HOURS,
                 finished_hours: float = FINISHED_HOURS, sweep_every: float = SWEEP_EVERY,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if not (idle_hours > 0 and finished_hours > 0 and sweep_every > 0):
            raise ValueError("idle_hours, finished_hours and sweep_every are more than 0")
        self.store = store if store is not None else MemoryStore()
        self.base_url = base_url
        """Where browsers reach this server (``https://hub.example/user/ana/proxy/8765/``);
        default: the address each API request came to."""
        self.max_tables = max_tables
        self.idle_after = idle_hours * 3600.0
        self.finished_after = finished_hours * 3600.0
        self.sweep_every = sweep_every
        self.clock = clock
        self.tables: dict[str, SharedTable] = {}
        self._sweeper: Any = None
        self._swept_at = float("-inf")
        for stored in self.store.tables():
            try:
                table = SharedTable.restore(stored, self.store, clock=clock)
            except Exception:  # noqa: BLE001 - one bad row must not keep every other table down
                log.exception("table %s could not be taken up again", stored.id)
                continue
            if self._expired(table, clock()):
                self._close_table(table)
            else:
                self.tables[table.id] = table

    def add(self, table: SharedTable) -> SharedTable:
        self.tables[table.id] = table
        return table

    def create(self, spec: TableSpec) -> SharedTable:
        """A new table set up by ``spec``, kept in the store and served."""
        return self.add(SharedTable.create(spec, self.store, clock=self.clock))

    # -- closing the tables nobody uses ------------------------------------------------------------
    def _expired(self, table: SharedTable, now: float) -> bool:
        if table.local is not None or table.connected:
            return False
        return now - table.active_at >= (self.finished_after if table.finished else self.idle_after)

    def sweep(self) -> list[str]:
        """Close every table nobody uses any more (their ids); tell the store which are in use."""
        now = self._swept_at = self.clock()
        expired = [table for table in self.tables.values() if self._expired(table, now)]
        for table in expired:
            del self.tables[table.id]
            self._close_table(table)
        self.store.touch([table.id for table in self.tables.values() if table.connected])
        if expired:
            log.info("closed %d tables nobody used; %d open", len(expired), len(self.tables))
        return [table.id for table in expired]

    def make_room(self) -> None:
        """Sweep now, unless a sweep ran in the last :data:`ROOM_EVERY` seconds (a full server)."""
        if self.clock() - self._swept_at >= ROOM_EVERY:
            self.sweep()

    def _close_table(self, table: SharedTable) -> None:
        table.close()
        self.store.close_table(table.as_stored())
        log.debug("table %s closed: %s", table.id, "the match is over" if table.finished else "nobody played")

    def _sweep_quietly(self) -> None:  # (a periodic callback returns nothing or something to await)
        self.sweep()

    def start_sweeping(self) -> None:
        """Sweep every ``sweep_every`` seconds on the running event loop (until :meth:`close`)."""
        import tornado.ioloop

        if self._sweeper is None:
            self._sweeper = tornado.ioloop.PeriodicCallback(self._sweep_quietly, self.sweep_every * 1000.0)
            self._sweeper.start()

    def closed_lang(self, table_id: str, token: Any) -> str | None:
        """The language of the closed table ``token`` opens, or ``None`` (an open table, an unknown
        one, a wrong token alike: a wrong token learns nothing)."""
        if table_id in self.tables:
            return None
        stored = self.store.closed_table(table_id)
        if stored is None or seat_of(stored.tokens, token) is None:
            return None
        try:
            return read_spec(stored.spec).options.lang
        except SpecError:  # a request kept by an older version: the message in English
            return "en"

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
        """Stop: the tables with a browser open were in use until now; every table's timers stop."""
        if self._sweeper is not None:
            self._sweeper.stop()
            self._sweeper = None
        self.store.touch([table.id for table in self.tables.values() if table.connected])
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
            self.server.make_room()  # the tables nobody uses make room now, not at the next sweep
        if len(self.server.tables) >= self.server.max_tables:
            return self.refuse(503, f"this server holds {self.server.max_tables} tables already")
        try:
            spec = read_spec(json.loads(self.request.body or b"null"))
        except (json.JSONDecodeError, UnicodeDecodeError):
            return self.refuse(400, "the body is not JSON")
        except SpecError as error:
            return self.refuse(400, str(error))
        table = self.server.create(spec)
        base = f"{self.request.protocol}://{self.request.host}"
        self.answer(201, {"id": table.id, "seats": self.server.links(table, base)})


class RecordHandler(_Handler):
    """``GET /api/tables/<id>/record?token=``: any seat's token reads the record so far."""

    def get(self, table_id: str) -> None:
        token = self.get_query_argument("token", None)
        found = self.server.find(table_id, token)
        if found is None:
            if self.server.closed_lang(table_id, token) is not None:
                return self.answer(404, {"error": CLOSED, "reason": "table_closed"})
            return self.refuse(403, "this link's token does not open that table")
        self.answer(200, table_record(found[0].session))


class SeatPageHandler(_Handler):
    """``GET /tables/<id>/seat?token=``: the seat's page."""

    def get(self, table_id: str) -> None:
        token = self.get_query_argument("token", None)
        found = self.server.find(table_id, token)
        closed = self.server.closed_lang(table_id, token) if found is None else None
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.set_header("Referrer-Policy", "no-referrer")  # the link is the key: never pass it on
        if found is None and closed is None:  # a person with a wrong link reads what to do
            self.set_status(403)
            self.finish(wrong_link_page(Voice(preferred_lang(self.request.headers.get("Accept-Language")))))
            return
        if found is None:
            self.set_status(404)
            self.finish(closed_page(Voice(closed or "en")))
            return
        table, seat = found
        self.finish(seat_page(table.session.options.lang, table.session.rules.name, seat))


class SeatSocket(tornado.websocket.WebSocketHandler):
    """``/tables/<id>/socket?token=``: one browser at one seat."""

    def initialize(self, server: TableServer) -> None:
        self.server = server
        self.table: SharedTable | None = None
        self.seat = ""
        self.gate = MessageGate()
        self.closed: str | None = None
        """The language of the closed table this socket was opened to: it is told so, and closed."""

    async def get(self, *args: Any, **kwargs: Any) -> None:
        token = self.get_query_argument("token", None)
        found = self.server.find(args[0], token)
        if found is None:
            self.closed = self.server.closed_lang(args[0], token)
            if self.closed is not None:
                await super().get(*args, **kwargs)
                return
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
        if self.closed is not None:  # the page stops reconnecting and shows the message
            self.deliver(json.dumps({"type": "closed", "message": Voice(self.closed)("message.table_closed")}))
            self.close(CLOSED_CODE, "table closed")
            return
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


class IconHandler(tornado.web.RequestHandler):
    """``/favicon.ico``, ``/favicon.svg`` and ``/favicon-turn.svg``: the tab's icons (:mod:`.icons`)."""

    def get(self, variant: str) -> None:
        self.set_header("Content-Type", "image/svg+xml")
        self.set_header("Cache-Control", "public, max-age=86400")
        self.finish(icon_svg("turn" if variant == "-turn.svg" else "idle"))


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
        (r"/favicon(\.ico|\.svg|-turn\.svg)", IconHandler),
        *routes,
    ], websocket_max_message_size=MAX_FRAME_BYTES, log_function=log_request)
