"""One table of the table server: a :class:`~dominoes_widget.sessions.table.session.TableSession`
whose people each play on a screen of their own, through a secret link per seat.

A thin adapter, as the ``Table`` widget is: it keeps the connections, the store and the
timers. Intents in (``intent``), each answered by the session for that seat's own screen;
each connected seat's view out, built by the session from that seat's screen alone; the
record written to the store after every move. A table knows when it was last used (``active_at``): a
change, or a browser joining or leaving; the server closes the tables nobody uses.

Watchers open the table's watch link (a token of its own): they are sent the view from no
seat (every hand in play face down, others' draws hidden) and move nothing. Every view
says who is at each seat (``presence``: here, never came, left, bot) and how many watch;
the seats whose links were ever opened are kept in the store.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import secrets
import time
from typing import Any, Callable, Iterable, Mapping, Protocol

from ..studies.bots import make_bot
from ..words.catalog import Voice, ui_words
from ..words.explanations import describe_rules, explain_refusal
from ..engine.errors import IllegalMoveError, Reason
from ..engine.move import DRAW
from ..sessions.table.presence import presence_marks
from ..sessions.protocol import MAX_TEXT
from ..sessions.table.fair_dealer import SEED_WAIT
from ..sessions.scheduler import AsyncioScheduler, Scheduler
from ..sessions.table.shapes import TableView
from ..sessions.table.session import Phase, TableSession
from ..sessions.table.snapshot import table_record
from ..sessions.table.thinker import INLINE, Thinker
from ..engine.views import seat_view
from .spec import TableSpec, read_spec
from .store import StoredTable, TableStore

__all__ = ["SharedTable", "Connection", "new_token", "new_table_id", "seat_of", "SEED_WAIT", "ARRIVAL_WAIT"]

ARRIVAL_WAIT = 30.0
"""Seconds after the first person's page opened that a first hand still waiting for seeds is
dealt with what came: a program that sends no seed, or a page that could not make one, does
not keep a table waiting for ever."""

log = logging.getLogger(__name__)


class Connection(Protocol):
    """A browser at a seat: ``deliver`` sends it one text frame."""

    def deliver(self, text: str) -> None: ...


def new_token() -> str:
    """A seat's key: 192 random bits, URL-safe."""
    return secrets.token_urlsafe(24)


def new_table_id() -> str:
    return secrets.token_urlsafe(9)


def seat_of(tokens: Mapping[str, str], token: Any) -> str | None:
    """The seat whose key ``token`` is among ``tokens`` (compared in constant time), or ``None``."""
    if not isinstance(token, str) or not token:
        return None
    found = None
    for seat, key in tokens.items():
        if hmac.compare_digest(token.encode(), key.encode()):
            found = seat
    return found


class SharedTable:
    """A table whose people play from their own browsers (``connections`` per seat).

    ``frames`` of a seat are JSON texts: ``{"type": "state", "view": …}`` (with ``words``
    and ``rules_text`` on joining) and the session's answers to that seat's intents
    (``refused``, ``error``), as ``js/PROTOCOL.md`` describes them for the widget.
    ``watchers`` are sent the view from no seat; every message of theirs is refused
    (``watching``). ``watch`` is the watch link's token (``None``: the table has none).
    """

    def __init__(self, table_id: str, spec: TableSpec, tokens: Mapping[str, str], store: TableStore,
                 record: Mapping[str, Any] | None = None, scheduler: Scheduler | None = None,
                 local: str | None = None, session: TableSession | None = None,
                 pending: Mapping[str, Any] | None = None, clock: Callable[[], float] = time.monotonic,
                 idle: float = 0.0, thinker: Thinker = INLINE, watch: str | None = None,
                 opened: Iterable[str] = (), deal_key: bytes | None = None) -> None:
        self.id = table_id
        self.spec = spec
        self.tokens = dict(tokens)
        self.store = store
        if session is None:
            session = TableSession.served(spec.options, scheduler or AsyncioScheduler(), record, pending,
                                          host=spec.host_seat, thinker=thinker, deal_key=deal_key)
        self.session = session
        self.local = local
        """A seat played elsewhere (the notebook's own widget, with ``table.share()``): no link."""
        self.connections: dict[str, set[Connection]] = {seat: set() for seat in spec.human_seats}
        self.watch = watch
        self.watchers: set[Connection] = set()
        self.opened = set(opened) & set(self.connections)
        """The seats whose links were ever opened (kept in the store)."""
        self._sent_watchers: str | None = None
        self._sent: dict[str, str] = {}
        self._flush_queued = False
        self._dirty = False
        self._writing: asyncio.Future[Any] | None = None
        self._joining: list[tuple[str | None, Connection]] = []
        self._saved = self._progress()
        self._keeps_records = getattr(store, "keeps_records", True)
        self._absent_timer: asyncio.TimerHandle | None = None
        self._arrival_timer: Any = None
        self._absent_key: tuple[Any, ...] | None = None
        self._absent_bot = make_bot(spec.absent.bot, 0) if spec.absent is not None else None
        self._clock = clock
        self.active_at = clock() - idle
        """When the table was last used, in ``clock`` seconds."""
        self._note_presence()
        session.on_change = self._changed

    @classmethod
    def create(cls, spec: TableSpec, store: TableStore, scheduler: Scheduler | None = None,
               clock: Callable[[], float] = time.monotonic, thinker: Thinker = INLINE,
               deal_key: bytes | None = None) -> "SharedTable":
        """A new table with a fresh id and token per person's seat, added to ``store``; its bots'
        moves are chosen by ``thinker`` (the server's worker processes); given ``seed``, its
        server seeds are keyed with ``deal_key`` (the server's secret)."""
        tokens = {seat: new_token() for seat in spec.human_seats}
        table = cls(new_table_id(), spec, tokens, store, scheduler=scheduler, clock=clock, thinker=thinker,
                    watch=new_token(), deal_key=deal_key)
        store.add(StoredTable(table.id, spec.request, tokens, table_record(table.session, unrevealed_seeds=True),
                              pending=table._pending(), watch=table.watch))
        return table

    @classmethod
    def restore(cls, stored: StoredTable, store: TableStore, scheduler: Scheduler | None = None,
                clock: Callable[[], float] = time.monotonic, thinker: Thinker = INLINE,
                deal_key: bytes | None = None) -> "SharedTable":
        """A table taken up where its stored record stopped, with the same links, idle as long
        as the store says (a seeded table's next server seeds follow the ones drawn before)."""
        return cls(stored.id, read_spec(stored.spec), stored.tokens, store, stored.record, scheduler,
                   pending=stored.pending, clock=clock, idle=stored.idle, thinker=thinker, watch=stored.watch,
                   opened=stored.opened, deal_key=deal_key)

    def as_stored(self) -> StoredTable:
        """The table's id, request, tokens and watch token, as a store keeps them."""
        return StoredTable(self.id, self.spec.request, self.tokens, watch=self.watch, opened=sorted(self.opened))

    # -- who is who ------------------------------------------------------------------------
    def seat_of(self, token: Any) -> str | None:
        """The seat whose key ``token`` is (compared in constant time), or ``None``."""
        return seat_of(self.tokens, token)

    def watches(self, token: Any) -> bool:
        """Whether ``token`` is the watch link's (compared in constant time)."""
        return self.watch is not None and seat_of({"watch": self.watch}, token) is not None

    @property
    def connected(self) -> bool:
        """Whether a browser is open at any seat, or watching."""
        return any(self.connections.values()) or bool(self.watchers)

    # -- who is here ------------------------------------------------------------------------
    def _note_presence(self) -> bool:
        """Tell the session who is at each seat and how many watch; whether that changed."""
        session = self.session
        here = {seat for seat, connections in self.connections.items() if connections}
        if self.local is not None:
            here.add(self.local)
        marks = presence_marks(session.kinds, here, self.opened)
        if marks == session.presence and len(self.watchers) == session.watching:
            return False
        session.presence, session.watching = marks, len(self.watchers)
        return True

    def _presence_changed(self) -> None:
        if self._note_presence():
            self._changed()

    def _opened(self, seat: str) -> None:
        if seat in self.opened:
            return
        self.opened.add(seat)
        note = getattr(self.store, "note_opened", None)  # (a store of an older kind keeps no presence)
        if note is not None:
            note(self.id, sorted(self.opened))

    @property
    def finished(self) -> bool:
        """Whether the match is over."""
        return self.session.phase is Phase.MATCH_OVER

    def join(self, seat: str, connection: Connection) -> None:
        """A browser opened ``seat``'s link: it is sent the words and the seat's view, at once or,
        while a move is being written or a change waits to be sent, with the views that follow."""
        self.connections[seat].add(connection)
        self.active_at = self._clock()
        self._opened(seat)
        self._deal_after_arrival()
        moved = self._note_presence()
        if self._writing is not None or self._dirty:
            self._joining.append((seat, connection))
        else:
            view = self._view(seat)
            self._welcome(connection, view)
            if self.connections[seat] == {connection}:
                self._sent[seat] = _state_frame(view)  # what every browser at the seat was sent
        if moved:  # every screen shows who is here: the others are sent their new views
            self._changed()
        self._watch_absent()

    def _deal_after_arrival(self) -> None:
        """While the first hand waits for seeds, a person came: it is dealt at the latest
        :data:`ARRIVAL_WAIT` seconds from now, seeds or not (pages send theirs at once, and
        then the deal comes far sooner: :data:`SEED_WAIT`)."""
        if self._arrival_timer is None and self.session.phase is Phase.DEALING:
            self._arrival_timer = self.session.bots.scheduler.call_later(ARRIVAL_WAIT, self._arrival_wait_over)

    def _arrival_wait_over(self) -> None:
        self._arrival_timer = None
        self.session.deal_waiting_hand(unless_held=True)

    def _view(self, seat: str | None) -> TableView:
        return self.session.view(self.session.screen_of(seat))

    def _welcome(self, connection: Connection, view: TableView) -> None:
        options = self.session.options
        rules_text = describe_rules(self.session.rules, Voice(options.lang))
        frame = {"type": "state", "words": ui_words(options.lang), "rules_text": rules_text,
                 "view": view}
        connection.deliver(json.dumps(frame, separators=(",", ":")))

    def leave(self, seat: str, connection: Connection) -> None:
        self.connections[seat].discard(connection)
        self.active_at = self._clock()
        if not self.connections[seat]:
            self._sent.pop(seat, None)
        self._presence_changed()
        self._watch_absent()

    def join_watching(self, connection: Connection) -> None:
        """A browser opened the watch link: it is sent the words and the view from no seat."""
        self.watchers.add(connection)
        self.active_at = self._clock()
        self._note_presence()
        if self._writing is not None or self._dirty:
            self._joining.append((None, connection))
        else:
            view = self._view(None)
            self._welcome(connection, view)
            if self.watchers == {connection}:
                self._sent_watchers = _state_frame(view)
        self._changed()  # every screen's count of watchers

    def leave_watching(self, connection: Connection) -> None:
        self.watchers.discard(connection)
        self.active_at = self._clock()
        if not self.watchers:
            self._sent_watchers = None
        self._presence_changed()

    def watcher_intent(self, content: Any) -> list[dict[str, Any]]:
        """Answer a watcher's message: a watcher moves nothing, whatever it sends."""
        voice = self.session.voice(self.session.screen_of(None))
        text = explain_refusal(IllegalMoveError(Reason.WATCHING, "watching"), voice, with_code=False)
        return [{"type": "refused", "reason": str(Reason.WATCHING), "message": text[:MAX_TEXT]}]

    # -- intents in ---------------------------------------------------------------------------
    def intent(self, seat: str, content: Any) -> list[dict[str, Any]]:
        """Answer one message of ``seat``'s browser: the session checks it, from that seat's
        screen; every seat whose view changed is sent it; the answers for that browser are returned."""
        replies = self.session.handle(content, self.session.screen_of(seat))
        self.flush()
        return replies

    # -- views out ----------------------------------------------------------------------------
    def _changed(self) -> None:
        self._dirty = True
        self.active_at = self._clock()
        if self._flush_queued:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self.flush()
            return
        self._flush_queued = True
        loop.call_soon(self.flush)

    def flush(self, force: bool = False) -> None:
        """After a change (or ``force``), write the record if a move was made, then send every
        connected seat its view if it changed. A move is shown only once it is written; while
        a write is under way, later changes wait for it."""
        self._flush_queued = False
        if self._writing is not None:
            self._dirty = self._dirty or force
            return
        if not (self._dirty or force):
            return
        self._dirty = False
        progress = self._progress()
        if progress != self._saved and self._keeps_records:
            self._saved = progress
            writing = self.store.save_record(self.id, table_record(self.session, unrevealed_seeds=True),
                                             self._pending())
            if writing is not None:
                self._writing = asyncio.ensure_future(writing)
                self._writing.add_done_callback(self._written)
                return
        self._send_views()

    def _written(self, writing: asyncio.Future[Any]) -> None:
        self._writing = None
        if not writing.cancelled() and writing.exception() is not None:
            log.error("table %s: its record could not be written", self.id, exc_info=writing.exception())
        self.flush(force=True)  # what changed meanwhile is written first, then shown

    def _send_views(self) -> None:
        """Every connected seat's view, built once: the browsers joining meanwhile are welcomed
        with it, the others sent it if it changed."""
        joining, self._joining = self._joining, []
        groups: list[tuple[str | None, set[Connection]]] = [*self.connections.items(), (None, self.watchers)]
        for seat, connections in groups:
            if not connections:
                continue
            view = self._view(seat)
            welcomed = [connection for joined, connection in joining if joined == seat and connection in connections]
            for connection in welcomed:
                self._welcome(connection, view)
            text = _state_frame(view)
            sent = self._sent.get(seat) if seat is not None else self._sent_watchers
            if text != sent:
                if seat is None:
                    self._sent_watchers = text
                else:
                    self._sent[seat] = text
                for connection in list(connections):
                    if connection not in welcomed:
                        connection.deliver(text)
        self._watch_absent()

    def _progress(self) -> tuple[Any, ...]:
        match = self.session.match
        hand = match.hand
        seeds = match.next_fair
        return (len(match.hands), len(hand.moves) if hand is not None else 0, bool(hand and hand.is_over),
                match.pending is not None, seeds.commitment if seeds is not None else None,
                tuple(sorted(seeds.client_seeds.items())) if seeds is not None else ())

    def _pending(self) -> dict[str, Any] | None:
        """The deal waiting for its leader to be chosen, or the next hand committed to and not
        dealt yet (its server seed and the seeds sent for it), as the store keeps it; at a
        keyed seeded table, also how many server seeds were drawn (``drawn``: a restart must not
        draw one again, revealed already)."""
        pending = self.session.match.pending
        dealer = self.session.fair
        drawn: dict[str, Any] = {"drawn": dealer.drawn} if dealer.key is not None else {}
        if pending is None:
            seeds = self.session.match.next_fair
            if seeds is None:
                return drawn or None
            return {"fair": seeds.block(self.session.rules.seats, reveal=True), **drawn}
        kept = {"deal": {seat: [str(t) for t in tiles] for seat, tiles in pending.tiles.items()},
                "boneyard": [str(t) for t in pending.boneyard], **drawn}
        if pending.fair is not None:
            kept["fair"] = pending.fair.block(self.session.rules.seats, reveal=True)
        return kept

    # -- absent people --------------------------------------------------------------------------
    def _awaited(self) -> str | None:
        """The seat of a person the table waits on with no browser open, if any."""
        session = self.session
        if session.phase is Phase.PLAYING:
            hand = session.hand
            turn = hand.turn if hand is not None else None
            if turn in self.connections and turn != self.local and not self.connections[turn]:
                return turn
        elif session.phase is Phase.CHOOSE_LEADER:
            people = [s for s in session.leader_choices if s in self.connections]
            if people and self.local not in people and not any(self.connections[s] for s in people):
                return people[0]
        return None

    def _watch_absent(self) -> None:
        if self.spec.absent is None:
            return
        seat = self._awaited()
        key = (seat, self._progress(), self.session.phase)
        if key == self._absent_key and self._absent_timer is not None:
            return
        if self._absent_timer is not None:
            self._absent_timer.cancel()
            self._absent_timer = None
        self._absent_key = key
        if seat is not None:
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                return
            self._absent_timer = loop.call_later(self.spec.absent.after, self._take_over, key)

    def _take_over(self, key: tuple[Any, ...]) -> None:
        """The absent-seat bot moves (or picks the leader) for the person it waited on."""
        self._absent_timer = None
        seat = self._awaited()
        if seat is None or (seat, self._progress(), self.session.phase) != key or self._absent_bot is None:
            self._watch_absent()
            return
        session = self.session
        hand = session.hand
        if session.phase is Phase.CHOOSE_LEADER or hand is None:
            content: dict[str, Any] = {"type": "choose_leader", "seat": seat}
        else:
            move = self._absent_bot.choose(seat_view(hand, seat, session.match.state))
            content = {"type": "move", "move": f"{seat} draw" if move.action == DRAW else str(move)}
        replies = session.handle(content, session.screen_of(seat))
        if replies:
            log.warning("the absent-seat bot was refused at table %s: %s", self.id, replies)
        self.flush(force=True)

    def close(self) -> None:
        """Cancel the table's timers (the absent-seat bot's, the bots')."""
        if self._absent_timer is not None:
            self._absent_timer.cancel()
            self._absent_timer = None
        if self._arrival_timer is not None:
            self._arrival_timer.cancel()
            self._arrival_timer = None
        self.session.close()
        if self.local is None:  # the session is the table's own: nothing calls it any more
            self.session.on_change = None


def _state_frame(view: TableView) -> str:
    """The frame that sends a seat its view."""
    return json.dumps({"type": "state", "view": view}, separators=(",", ":"))
