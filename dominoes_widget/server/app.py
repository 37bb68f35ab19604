"""The table server's web side, on tornado: the JSON API, the seat pages and their websockets.

- ``GET /``: the home page, a form that starts a table (:mod:`.home_page`); programs asking
  for JSON (``Accept: application/json``), and ``GET /api/status``, get the server's status.
- ``POST /api/tables``: set up a table (:mod:`.spec`), answer its id, one link per person,
  the watch link, the host's seat and the links page (``invite``).
- ``GET /tables/<id>/invite?token=<invite token>``: the links page, a copy button and a QR
  code per seat and for the watch link (:mod:`.invitations`).
- ``GET /api/tables/<id>/record?token=<a seat's token>``: the record so far as that seat may
  read it (:func:`~dominoes_widget.sessions.table.seat_record.seat_record`); with the watch
  token, as a watcher may (the hand in play with no tiles but those on the line).
- ``GET /tables/<id>/seat?token=<token>``: the seat's page (the Table's front end).
- ``GET /tables/<id>/watch?token=<watch token>``: the same page for a watcher.
- ``/tables/<id>/socket?token=<token>``: the seat's websocket (intents in, views out), or a
  watcher's with the watch token (views out; every intent refused with ``watching``); at
  most ``Limits.max_watchers_per_table`` watchers at once (then 429).
- ``GET /fair``: "How do I know the deal is fair?" (:func:`.page.fair_page`).
- ``/api/classes...``: a class, its students and their progress (:mod:`.class_routes`).

A wrong or missing token is answered 403 and changes nothing. A table nobody uses is
closed (:meth:`TableServer.sweep`); its links then say so (404 with the reason; the seat
page and socket in the table's language), and a wrong token still gets 403 alike.

Every client may be hostile: bodies and frames are read within :class:`.limits.Limits`
(:mod:`.safe_json`) before anything else looks at them, setting up tables needs the host
key and is rate limited per client (:mod:`.access`), every answer carries the headers of
:mod:`.headers`, and no log line holds a query (a link's token) or a traceback.
"""

from __future__ import annotations

import hmac
import json
import logging
import os
import re
import secrets
import time
import traceback
from dataclasses import replace
from pathlib import Path
from types import TracebackType
from typing import Any, Callable, Iterable
from urllib.parse import quote

import tornado.web
import tornado.websocket
from tornado.log import access_log

from ..words.catalog import LANGUAGES, Voice
from ..words.explanations import rules_name
from ..sessions.table.seat_record import seat_record
from ..sessions.table.snapshot import table_players
from ..sessions.table.thinker import INLINE, Thinker
from .access import CreationGate, HostKey, origin_allowed, origin_of
from .classes import ClassRegistry
from .headers import add_security_headers
from .home_page import home_page, invite_page
from .icons import icon_svg
from .invitations import Invitation, invite_token
from .limits import MAX_BODY_BYTES, MAX_BROWSERS_PER_SEAT, MAX_TABLES, Limits, MessageGate
from .page import closed_page, fair_page, preferred_lang, seat_page, watch_full_page, wrong_link_page
from .safe_json import JsonLimitError, read_json
from .shared_table import SharedTable, seat_of
from .spec import SpecError, TableSpec, read_spec
from .store import MemoryStore, TableStore

__all__ = ["TableServer", "make_app", "MAX_TABLES", "MAX_BODY_BYTES", "MAX_BROWSERS_PER_SEAT", "IDLE_HOURS",
           "FINISHED_HOURS", "SWEEP_EVERY", "CLOSED"]

log = logging.getLogger(__name__)

STATIC = Path(__file__).resolve().parent.parent / "static"
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
    ``thinker`` chooses the bots' moves (``serve``: a :class:`~.bot_pool.BotPool` of worker
    processes, which :meth:`close` stops; default: inline, on the event loop).

    ``limits`` bounds what clients may ask (``max_tables`` overrides its ``max_tables``); its
    rates (messages, tables and joins) count time by ``clock`` too.
    ``host_key``, when given, is needed to set up a table (``Authorization: Bearer KEY``).
    ``behind_proxy`` trusts the ``X-Forwarded-For``/``X-Real-IP`` and ``Host`` headers a
    proxy sets (the client's address, the links' base); ``allow_origins`` are the origins of
    pages other than the server's own that may open a seat's websocket. ``deal_key`` is the
    secret seeded tables' server seeds are keyed with (default: the store's ``deal_key()``).
    The server's classes (:attr:`classes`) count their students' time by ``class_clock``
    (wall time: it means the same after a restart).
    """

    def __init__(self, store: TableStore | None = None, base_url: str | None = None,
                 max_tables: int | None = None, *, idle_hours: float = IDLE_HOURS,
                 finished_hours: float = FINISHED_HOURS, sweep_every: float = SWEEP_EVERY,
                 clock: Callable[[], float] = time.monotonic, thinker: Thinker = INLINE,
                 limits: Limits | None = None, host_key: str | None = None, behind_proxy: bool = False,
                 allow_origins: Iterable[str] = (), deal_key: bytes | None = None,
                 class_clock: Callable[[], float] = time.time) -> None:
        if not (idle_hours > 0 and finished_hours > 0 and sweep_every > 0):
            raise ValueError("idle_hours, finished_hours and sweep_every are more than 0")
        self.store = store if store is not None else MemoryStore()
        self.base_url = base_url
        """Where browsers reach this server (``https://hub.example/user/ana/proxy/8765/``);
        default: the address it listens on (:attr:`listen_url`), or behind a proxy the
        address each API request came to."""
        self.limits = limits or Limits()
        if max_tables is not None:
            self.limits = replace(self.limits, max_tables=max_tables)
        self.host_key = HostKey(host_key)
        self.behind_proxy = behind_proxy
        self.allow_origins = tuple(allow_origins)
        self.listen_url: str | None = None
        """``http://HOST:PORT`` of the address the server listens on (set by :func:`.start`)."""
        self.creation = CreationGate(self.limits.create_rate, self.limits.create_burst, clock=clock)
        self.idle_after = idle_hours * 3600.0
        self.finished_after = finished_hours * 3600.0
        self.sweep_every = sweep_every
        self.clock = clock
        self.thinker = thinker
        self.tables: dict[str, SharedTable] = {}
        make_key = getattr(self.store, "deal_key", None)
        if deal_key is None:
            deal_key = make_key() if make_key is not None else secrets.token_bytes(32)
        self.deal_key: bytes = deal_key
        """The secret a seeded table's server seeds are keyed with (``deal_key``, else the
        store's, else one for this process): the same seed deals the same on this server,
        and nobody else can work the deals out."""
        self._sweeper: Any = None
        self._swept_at = float("-inf")
        self.classes = ClassRegistry(self.store, self.limits.max_classes, self.limits.max_students_per_class,
                                     clock=class_clock, idle_days=self.limits.class_idle_days,
                                     closed_days=self.limits.closed_class_days,
                                     student_gate=CreationGate(self.limits.student_rate * 60.0,
                                                               self.limits.student_burst, clock=clock))
        self.joining = CreationGate(self.limits.join_rate, self.limits.join_burst, clock=clock)
        for stored in self.store.tables():
            try:
                table = SharedTable.restore(stored, self.store, clock=clock, thinker=thinker, deal_key=self.deal_key)
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
        return self.add(SharedTable.create(spec, self.store, clock=self.clock, thinker=self.thinker,
                                           deal_key=self.deal_key))

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
        self.classes.sweep()
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
        keys = {**stored.tokens, **({"": stored.watch} if stored.watch else {})} if stored is not None else {}
        if stored is None or seat_of(keys, token) is None:
            return None
        try:
            return read_spec(stored.spec).options.lang
        except SpecError:  # a request kept by an older version: the message in English
            return "en"

    @property
    def max_tables(self) -> int:
        return self.limits.max_tables

    def link_base(self, request: Any) -> str:
        """The address links start with for an API request: :attr:`base_url`, else the
        address the server listens on; a request's own ``Host`` only behind a proxy (a
        client could name any host in it)."""
        if self.base_url:
            return self.base_url
        if self.behind_proxy or self.listen_url is None:
            return f"{request.protocol}://{request.host}"
        return self.listen_url

    def own_origins(self) -> list[str]:
        """Origins besides the request's own whose pages may open a seat's websocket."""
        return [origin_of(url) for url in (self.base_url, self.listen_url, *self.allow_origins) if url]

    def links(self, table: SharedTable, base: str) -> dict[str, str]:
        """Each person's link (the local seat of a shared notebook table has none)."""
        base = (self.base_url or base).rstrip("/")
        return {seat: f"{base}/tables/{quote(table.id)}/seat?token={quote(token)}"
                for seat, token in table.tokens.items()}

    def invite_link(self, table: SharedTable, base: str) -> str:
        """The address of the table's links page (:func:`.invitations.invite_token`)."""
        base = (self.base_url or base).rstrip("/")
        return f"{base}/tables/{quote(table.id)}/invite?token={invite_token(table.id, table.tokens)}"

    def invitation(self, table: SharedTable, base: str) -> Invitation:
        """What the table's host hands out: every person's link, named as the table names them."""
        session = table.session
        watch = self.watch_link(table, base)
        record = watch.replace("/watch?", "/record?").replace("/tables/", "/api/tables/", 1) if watch else None
        voice = Voice(session.options.lang)
        return Invitation.of(rules_name(session.rules, voice), self.links(table, base), voice,
                             session.options.names, watch=watch, record=record)

    def find_invited(self, table_id: str, token: Any) -> SharedTable | None:
        """The table whose links page ``token`` opens, or ``None`` (compared in constant time)."""
        table = self.tables.get(table_id)
        if table is None or not isinstance(token, str):
            return None
        expected = invite_token(table.id, table.tokens).encode()
        return table if hmac.compare_digest(token[:100].encode("utf-8", "replace"), expected) else None

    def status(self) -> dict[str, Any]:
        """What ``GET /api/status`` answers: the server is here, and how full it is."""
        return {"server": "dominoes_widget table server", "tables": len(self.tables),
                "max_tables": self.max_tables, "needs_key": self.host_key.required,
                "classes": len(self.classes.classes), "max_classes": self.classes.max_classes}

    def watch_link(self, table: SharedTable, base: str) -> str | None:
        """The table's watch link (``None``: a table with none, kept before watch links)."""
        if table.watch is None:
            return None
        return f"{(self.base_url or base).rstrip('/')}/tables/{quote(table.id)}/watch?token={quote(table.watch)}"

    def find_watched(self, table_id: str, token: Any) -> SharedTable | None:
        """The table whose watch link ``token`` is, or ``None`` (unknown table or wrong token alike)."""
        table = self.tables.get(table_id)
        return table if table is not None and table.watches(token) else None

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
        self.classes.shutdown()
        stop_thinking = getattr(self.thinker, "close", None)
        if stop_thinking is not None:
            stop_thinking()
        close = getattr(self.store, "close", None)
        if close is not None:
            close()


class _Guarded(tornado.web.RequestHandler):
    """What every handler of the server does: the security headers on every answer, and
    log lines with no query (a link's token) and no traceback (the client's input is in it)."""

    def set_default_headers(self) -> None:
        add_security_headers(self)

    def _request_summary(self) -> str:
        return f"{self.request.method} {self.request.path} ({self.request.remote_ip})"

    def log_exception(self, typ: type[BaseException] | None, value: BaseException | None,
                      tb: TracebackType | None) -> None:
        if isinstance(value, tornado.web.HTTPError):
            return  # answered with its status, which the access log records
        log.error("%s failed: %s", self._request_summary(), failure(value, tb))


def failure(error: BaseException | None, tb: TracebackType | None = None) -> str:
    """One line for a log about an error: its kind and where it was raised, never its
    message or a traceback (either may hold what a client sent)."""
    frames = traceback.extract_tb(tb if tb is not None else getattr(error, "__traceback__", None))
    where = f" at {os.path.basename(frames[-1].filename)}:{frames[-1].lineno}" if frames else ""
    return f"{type(error).__name__}{where}"


class _Handler(_Guarded):
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
        limits = self.server.limits
        if len(self.request.body) > limits.max_body_bytes:
            return self.refuse(413, f"a table request is at most {limits.max_body_bytes} bytes (the body size limit)")
        if not self.server.host_key.admits(self.request.headers.get("Authorization")):
            self.set_header("WWW-Authenticate", 'Bearer realm="tables"')
            return self.refuse(401, "setting up a table needs this server's host key: "
                                    "send the header Authorization: Bearer KEY")
        wait = self.server.creation.wait(self.request.remote_ip or "")
        if wait is not None:
            self.set_header("Retry-After", str(wait))
            return self.refuse(429, f"one client sets up at most {limits.create_rate:g} tables a minute "
                                    f"(the creation rate limit): try again in {wait} s")
        if len(self.server.tables) >= self.server.max_tables:
            self.server.make_room()  # the tables nobody uses make room now, not at the next sweep
        if len(self.server.tables) >= self.server.max_tables:
            return self.refuse(503, f"this server holds {self.server.max_tables} tables already")
        try:
            spec = read_spec(read_json(self.request.body or b"null", limits.json))
        except JsonLimitError as error:
            return self.answer(400, {"error": f"the body: {error}", "reason": error.key})
        except SpecError as error:
            return self.refuse(400, str(error))
        table = self.server.create(spec)
        base = self.server.link_base(self.request)
        self.answer(201, {"id": table.id, "seats": self.server.links(table, base),
                          "watch": self.server.watch_link(table, base), "host": table.session.host,
                          "invite": self.server.invite_link(table, base)})


class RecordHandler(_Handler):
    """``GET /api/tables/<id>/record?token=``: the record so far as the token's seat may read it."""

    def get(self, table_id: str) -> None:
        token = self.get_query_argument("token", None)
        found = self.server.find(table_id, token)
        watched = self.server.find_watched(table_id, token) if found is None else None
        if found is None and watched is None:
            if self.server.closed_lang(table_id, token) is not None:
                return self.answer(404, {"error": CLOSED, "reason": "table_closed"})
            return self.refuse(403, "this link's token does not open that table")
        table, seat = found if found is not None else (watched, None)
        assert table is not None
        session = table.session
        self.answer(200, seat_record(session.match, seat, table_players(session), session.comments))


class SeatPageHandler(_Handler):
    """``GET /tables/<id>/seat?token=``: the seat's page."""

    def get(self, table_id: str) -> None:
        token = self.get_query_argument("token", None)
        found = self.server.find(table_id, token)
        closed = self.server.closed_lang(table_id, token) if found is None else None
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        if found is None and closed is None:  # a person with a wrong link reads what to do
            self.set_status(403)
            self.finish(wrong_link_page(Voice(preferred_lang(self.request.headers.get("Accept-Language")))))
            return
        if found is None:
            self.set_status(404)
            self.finish(closed_page(Voice(closed or "en")))
            return
        table, seat = found
        lang = table.session.options.lang
        self.finish(seat_page(lang, rules_name(table.session.rules, Voice(lang)), seat))


class WatchPageHandler(_Handler):
    """``GET /tables/<id>/watch?token=``: the table's page for a watcher (429 while it is full)."""

    def get(self, table_id: str) -> None:
        token = self.get_query_argument("token", None)
        table = self.server.find_watched(table_id, token)
        closed = self.server.closed_lang(table_id, token) if table is None else None
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        if table is None and closed is None:
            self.set_status(403)
            self.finish(wrong_link_page(Voice(preferred_lang(self.request.headers.get("Accept-Language")))))
            return
        if table is None:
            self.set_status(404)
            self.finish(closed_page(Voice(closed or "en")))
            return
        lang = table.session.options.lang
        most = self.server.limits.max_watchers_per_table
        if len(table.watchers) >= most:
            self.set_status(429)
            self.set_header("Retry-After", "30")
            self.finish(watch_full_page(Voice(lang), most))
            return
        self.finish(seat_page(lang, rules_name(table.session.rules, Voice(lang)), None))


class SeatSocket(_Guarded, tornado.websocket.WebSocketHandler):
    """``/tables/<id>/socket?token=``: one browser at one seat."""

    def initialize(self, server: TableServer) -> None:
        self.server = server
        self.table: SharedTable | None = None
        self.seat = ""
        self.watching = False
        """The socket was opened with the table's watch token: views out, no intent taken."""
        limits = server.limits
        self.gate = MessageGate(limits.message_rate, limits.message_burst, clock=server.clock,
                                max_bytes=limits.max_message_bytes)
        self.closed: str | None = None
        """The language of the closed table this socket was opened to: it is told so, and closed."""

    async def get(self, *args: Any, **kwargs: Any) -> None:
        token = self.get_query_argument("token", None)
        found = self.server.find(args[0], token)
        watched = self.server.find_watched(args[0], token) if found is None else None
        if watched is not None:
            most = self.server.limits.max_watchers_per_table
            if len(watched.watchers) >= most:
                self.set_status(429)
                self.finish(json.dumps({"error": f"at most {most} watchers per table"}))
                return
            self.table, self.watching = watched, True
            await super().get(*args, **kwargs)
            return
        if found is None:
            self.closed = self.server.closed_lang(args[0], token)
            if self.closed is not None:
                await super().get(*args, **kwargs)
                return
            self.set_status(403)
            self.finish(json.dumps({"error": "this link's token does not open that table"}))
            return
        self.table, self.seat = found
        most = self.server.limits.max_browsers_per_seat
        if len(self.table.connections[self.seat]) >= most:
            self.set_status(429)
            self.finish(json.dumps({"error": f"at most {most} browsers per seat"}))
            return
        await super().get(*args, **kwargs)

    def check_origin(self, origin: str) -> bool:
        """Only the server's own pages (and the origins the host allowed) open a socket: a
        page elsewhere that learnt a link must not play its seat from a visitor's browser.
        A program sends no ``Origin`` and is let in (the token is its key)."""
        return origin_allowed(origin, self.request.host, self.server.own_origins())

    def open(self, *args: str, **kwargs: str) -> None:
        self.set_nodelay(True)
        if self.closed is not None:  # the page stops reconnecting and shows the message
            self.deliver(json.dumps({"type": "closed", "message": Voice(self.closed)("message.table_closed")}))
            self.close(CLOSED_CODE, "table closed")
            return
        assert self.table is not None
        if self.watching:
            self.table.join_watching(self)
        else:
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
        if refusal is None and isinstance(message, bytes):
            refusal = "message.binary", {}
        if refusal is None:
            try:
                content = read_json(message, self.server.limits.json)
            except JsonLimitError as error:
                refusal = f"message.{error.key}", error.params
        if refusal is not None:
            key, params = refusal
            return self.deliver(json.dumps({"type": "error", "message": voice(key, **params)}))
        try:
            replies = table.watcher_intent(content) if self.watching else table.intent(self.seat, content)
        except Exception as error:  # noqa: BLE001 - a message must never drop the socket
            log.error("%s: a message failed: %s", self._request_summary(), failure(error))
            replies = [{"type": "error", "message": voice("message.failed", error=type(error).__name__)}]
        for reply in replies:
            self.deliver(json.dumps(reply))

    def on_close(self) -> None:
        if self.table is not None and self.watching:
            self.table.leave_watching(self)
        elif self.table is not None:
            self.table.leave(self.seat, self)


class StaticHandler(_Guarded, tornado.web.StaticFileHandler):
    """The seat page's files: the Table's own bundle and styles, and the page's script."""

    FILES = ("table.js", "table.css", "seat_page.js", "home_page.js", "invite_page.js", "class_page.js")

    def validate_absolute_path(self, root: str, absolute_path: str) -> str | None:
        if Path(absolute_path).name not in self.FILES:
            raise tornado.web.HTTPError(404)
        return super().validate_absolute_path(root, absolute_path)


class IconHandler(_Guarded):
    """``/favicon.ico``, ``/favicon.svg`` and ``/favicon-turn.svg``: the tab's icons (:mod:`.icons`)."""

    def get(self, variant: str) -> None:
        self.set_header("Content-Type", "image/svg+xml")
        self.set_header("Cache-Control", "public, max-age=86400")
        self.finish(icon_svg("turn" if variant == "-turn.svg" else "idle"))


class FairPageHandler(_Guarded):
    """``GET /fair?lang=en|vi``: "How do I know the deal is fair?" (the seat pages link to it)."""

    def get(self) -> None:
        lang = self.get_query_argument("lang", None)
        if lang not in ("en", "vi"):
            lang = preferred_lang(self.request.headers.get("Accept-Language"))
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "public, max-age=3600")
        self.finish(fair_page(Voice(lang)))


class IndexHandler(_Handler):
    """``GET /``: the home page; a program asking for JSON gets the status (:class:`StatusHandler`)."""

    def get(self) -> None:
        if _wants_json(self.request.headers.get("Accept", "")):
            return self.answer(200, self.server.status())
        lang = self.get_query_argument("lang", None)
        if lang not in LANGUAGES:
            lang = preferred_lang(self.request.headers.get("Accept-Language"))
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(home_page(lang, needs_key=self.server.host_key.required,
                              links_at=self.server.link_base(self.request)))


def _wants_json(accept: str) -> bool:
    """Whether an ``Accept`` header asks for JSON before HTML (a program, not a browser)."""
    accept = accept[:500].lower()
    return "application/json" in accept and "text/html" not in accept


class StatusHandler(_Handler):
    """``GET /api/status``: the server is here, and how many tables it holds."""

    def get(self) -> None:
        self.answer(200, self.server.status())


class InviteHandler(_Handler):
    """``GET /tables/<id>/invite?token=``: the table's links page."""

    def get(self, table_id: str) -> None:
        table = self.server.find_invited(table_id, self.get_query_argument("token", None))
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        if table is None:
            self.set_status(403)
            self.finish(wrong_link_page(Voice(preferred_lang(self.request.headers.get("Accept-Language")))))
            return
        invitation = self.server.invitation(table, self.server.link_base(self.request))
        self.finish(invite_page(table.session.options.lang, invitation))


class NotFoundHandler(_Handler):
    """Any other address: 404, with the same headers and no page of tornado's."""

    def prepare(self) -> None:
        raise tornado.web.HTTPError(404)


def log_request(handler: tornado.web.RequestHandler) -> None:
    """Tornado's access log without the query: a link's token must not land in a log file."""
    status = handler.get_status()
    log_method = access_log.info if status < 400 else access_log.warning if status < 500 else access_log.error
    log_method("%d %s %s %.2fms", status, handler.request.method, handler.request.path,
               1000.0 * handler.request.request_time())


class HideTokens(logging.Filter):
    """Blanks anything like ``token=...`` in tornado's own log lines (a malformed request's
    header or line may quote what a client sent, a link included)."""

    PATTERN = re.compile(r"token=[^&\s'\"]+")

    def filter(self, record: logging.LogRecord) -> bool:
        text = record.getMessage()
        if "token=" in text:
            record.msg, record.args = self.PATTERN.sub("token=…", text), None
        return True


def hide_tokens_in_tornado_logs() -> None:
    """Add :class:`HideTokens` to tornado's loggers (once)."""
    for name in ("tornado.general", "tornado.application", "tornado.access"):
        logger = logging.getLogger(name)
        if not any(isinstance(existing, HideTokens) for existing in logger.filters):
            logger.addFilter(HideTokens())


def make_app(server: TableServer, routes: Iterable[tuple[Any, ...]] = ()) -> tornado.web.Application:
    """The tornado application serving ``server``'s tables."""
    from .class_pages import class_page_routes
    from .class_routes import class_routes

    hide_tokens_in_tornado_logs()
    kwargs = {"server": server}
    return tornado.web.Application([
        (r"/", IndexHandler, kwargs),
        (r"/api/status", StatusHandler, kwargs),
        (r"/api/tables", TablesHandler, kwargs),
        (r"/api/tables/([\w-]+)/record", RecordHandler, kwargs),
        (r"/tables/([\w-]+)/seat", SeatPageHandler, kwargs),
        (r"/tables/([\w-]+)/invite", InviteHandler, kwargs),
        (r"/tables/([\w-]+)/watch", WatchPageHandler, kwargs),
        (r"/tables/([\w-]+)/socket", SeatSocket, kwargs),
        (r"/static/(.*)", StaticHandler, {"path": str(STATIC)}),
        (r"/favicon(\.ico|\.svg|-turn\.svg)", IconHandler),
        (r"/fair", FairPageHandler),
        *class_routes(kwargs),
        *class_page_routes(kwargs),
        *routes,
    ], websocket_max_message_size=server.limits.max_frame_bytes, log_function=log_request,
        default_handler_class=NotFoundHandler, default_handler_args=kwargs)
