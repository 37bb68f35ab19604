"""The ``Table`` widget: play partnership or Vietnamese dominoes against bots or friends.

A thin adapter: the game is a :class:`~dominoes_widget.sessions.table.session.TableSession`; this
class syncs its view to the browser (``view``, ``words``, ``rules_text``), passes the
browser's intents to it and offers its Python API. See ``js/PROTOCOL.md``.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import anywidget
import traitlets
from ipywidgets import widget_serialization

from ..words.catalog import Voice, ui_words
from ..words.explanations import describe_rules
from ..engine.hand import Hand, LegalMoves
from ..engine.match import Match
from ..engine.move import Move
from ..engine.rules import Rules
from ..sessions.table.shapes import Hint
from ..sessions.background import BackgroundJudge
from ..sessions.scheduler import AsyncioScheduler
from ..sessions.table.judging import when_learned
from ..sessions.table.look_back import look, undo
from ..sessions.table.session import TableSession, table_options
from ..sessions.table.snapshot import last_result, table_record, table_state
from ..sessions.table.view import static_html
from ..engine.tiles import Tile
from .session_widget import SessionWidget
from .static_picture import StaticPicture

__all__ = ["Table"]

STATIC = Path(__file__).resolve().parent.parent / "static"


class Table(StaticPicture, SessionWidget):
    """A domino table in the notebook.

    ``Table()`` starts a Six Love match with you at S and strong bots at E, N and W.
    Options: ``game`` (``"partnership"``, ``"vietnamese"`` or a preset such as
    ``"straight_six"``), ``players`` (2-4, Vietnamese), any rules setting by name
    (``sporting=True``), ``seats`` (seat → ``"human"`` or a bot name; several people take
    turns at one screen, with a cover between them), ``bots`` (the bot for the other
    seats, default ``"strong"``), ``names``, ``open_hands``, ``hints``, ``takeback``
    (a Take back button against bots), ``coach`` (a Hint button), ``counting`` (the
    counting panel open), ``bottom`` (the seat drawn at the bottom of an open table),
    ``bot_delay`` (seconds between bot moves; 0 plays them at once) or ``bot_speed``
    (``"slow"``, ``"normal"``, ``"fast"``, ``"instant"``: the table's speed control), ``seed``, ``lang``,
    ``start`` (a record's match state), and ``deal``/``boneyard``/``leader``/``moves`` to
    set up the first hand. A teaching position from a recorded game: :meth:`from_record`.
    """

    _esm = STATIC / "table.js"
    _css = STATIC / "table.css"

    _refresh_after_intent = False  # the session says when it changed (``on_change``)

    rules_text = traitlets.Unicode("").tag(sync=True)

    phase = traitlets.Unicode("playing", help="playing, choose_leader, hand_over, match_over or cover")
    turn = traitlets.Unicode(None, allow_none=True, help="the seat to move")
    hands_played = traitlets.Int(0, help="hands finished in this match")
    last_result = traitlets.Dict(help="the last finished hand's result, as a record writes it")
    match_winner = traitlets.Unicode(None, allow_none=True, help="the team or seat that won the match")
    replay = traitlets.Instance(anywidget.AnyWidget, allow_none=True,
                                help="the Replay that Learn from your mistakes opened when the match ended, drawn "
                                     "under the table").tag(sync=True, **widget_serialization)

    def __init__(self, game: str = "partnership", *, _session: TableSession | None = None, **options: Any) -> None:
        session = _session or TableSession(table_options(game, options), AsyncioScheduler())
        super().__init__(session)
        self._shared: Any = None  # the links of table.share(): this screen is then one seat's
        self.words = ui_words(session.options.lang)
        self.rules_text = describe_rules(session.rules, Voice(session.options.lang))
        session.on_change = self._refresh
        session.on_learn = self._learn
        if _running_loop() is not None:  # a notebook (or the Lite site): the decisions are judged as they come
            session.judge_in_background(BackgroundJudge(scheduler=AsyncioScheduler()))
        self._refresh()

    @classmethod
    def from_record(cls, record: Any, hand: int = 0, step: int = 0, **options: Any) -> "Table":
        """A live table at a position of a recorded game, for teaching ("what would you play here?").

        ``record`` is anything :func:`~dominoes_widget.read_record` reads (a path, JSON
        text, a dict such as ``table.record``); ``hand`` and ``step`` count from 0: the table
        opens on that hand's deal, draw pile and leader, with the match state before it,
        after the hand's first ``step`` moves. Every seat is played by the people at the
        screen (``seats={"E": "greedy"}`` hands some to bots) and every hand is open unless
        ``open_hands=False``; the other options are those of ``Table()``. A record that
        does not verify raises ``RecordError``.
        """
        return cls(_session=TableSession.from_record(record, hand, step, AsyncioScheduler(), **options))

    # -- the Python API ----------------------------------------------------------------------
    def _words(self) -> Voice:
        return self._session.voice()

    @property
    def session(self) -> TableSession:
        """The game controller behind the widget."""
        return self._session

    @property
    def rules(self) -> Rules:
        return self._session.rules

    @property
    def match(self) -> Match:
        """The engine's match (every hand, full information)."""
        return self._session.match

    @property
    def hand(self) -> Hand | None:
        """The engine's current hand (``None`` while a leader is being chosen)."""
        return self._session.hand

    @property
    def seat_kinds(self) -> dict[str, str]:
        """Each seat's player: ``"human"`` or a bot name."""
        return dict(self._session.kinds)

    @property
    def open_hands(self) -> bool:
        """Whether every hand is shown face up."""
        return self._session.open_hands

    @property
    def names(self) -> dict[str, str]:
        return dict(self._session.names)

    @property
    def comments(self) -> dict[str, str]:
        """Comments written into the record (``"hand:move"`` → text); add your own."""
        return self._session.comments

    @property
    def legal_moves(self) -> LegalMoves | tuple[()]:
        """The legal moves of the seat to move (none while a leader is being chosen)."""
        hand = self._session.hand
        return hand.legal_moves if hand is not None else ()

    @property
    def state(self) -> dict[str, Any]:
        """A snapshot of the game: phase, turn, line, ends, every hand, score and moves."""
        return table_state(self._session)

    @property
    def record(self) -> dict[str, Any]:
        """Everything played so far as a RECORD.md game record."""
        return table_record(self._session)

    def save(self, path: str | Path) -> Path:
        """Write the record to ``path`` as JSON."""
        path = Path(path)
        path.write_text(json.dumps(self.record, indent=1), encoding="utf-8")
        return path

    def play(self, tile: str | Tile, end: str | None = None, *, seat: str | None = None) -> Move:
        """Play ``tile`` (touching half first, e.g. ``"6-4"``) for the person to move.

        ``end`` is ``"L"`` or ``"R"``; it may be left out when the tile fits one end only.
        Raises :class:`~dominoes_widget.IllegalMoveError` (nothing changes) when refused.
        """
        return self._session.play(tile, end, seat=seat)

    def pass_(self, *, seat: str | None = None) -> Move:
        """Pass for the person to move (only when the rules allow it)."""
        return self._session.pass_(seat=seat)

    def draw(self, *, seat: str | None = None) -> Move:
        """Draw from the pile for the person to move (Vietnamese, when stuck)."""
        return self._session.draw(seat=seat)

    def new_match(self) -> None:
        """Start a new match with the same players and rules."""
        self._session.new_match()

    def next_hand(self, leader: str | None = None) -> None:
        """Deal the next hand (``leader``: which partner leads when the lead falls to a team)."""
        self._session.next_hand(leader)

    def choose_leader(self, seat: str) -> None:
        """The person's team picks which partner leads the hand."""
        self._session.choose_leader(seat)

    def uncover(self) -> None:
        """Hot seat: lift the cover so the person to move sees their hand."""
        self._session.uncover()

    def undo(self) -> Move:
        """Take back your last move (and the bots' replies): ``Table(takeback=True)``."""
        return undo(self._session, self._session.screen)

    def look(self, ply: int | None) -> None:
        """Show the position after ``ply`` moves of this hand (``None``: back to the game)."""
        look(self._session, self._session.screen, ply)

    def hint(self) -> Hint:
        """The coach's estimate of each of your legal moves: ``Table(coach=True)``."""
        return self._session.ask_hint(wait=True)

    def learn_from_mistakes(self, seat: str | None = None, *, analysis: Any = True) -> Any:
        """A :class:`~dominoes_widget.Replay` of the match in Learn from your mistakes mode for
        ``seat`` (default: the person at the screen): each move of that seat the analysis marks,
        tried again from its view. ``analysis=True`` analyses the match now (in a notebook the
        replay shows at once, with a bar, and the drill starts when the analysis is done). The
        match-over panel's button opens one under the table (``table.replay``)."""
        from .replay import Replay

        seat = seat or self._session.screen.seat or self.rules.seats[0]
        return Replay(self.record, analysis=analysis, learn=seat, bottom=seat, lang=self._session.options.lang)

    def share(self, *, seat: str | None = None, host: str = "127.0.0.1", port: int = 0,
              base_url: str | None = None) -> Any:
        """Let the other people at this table play from their own browsers, by secret links.

        This screen stays ``seat``'s (default: the person at the screen); every other
        person's seat gets a link, served by the kernel on its own event loop (the table
        server of ``python -m dominoes_widget serve``, on ``host``/``port``; ``port=0``
        picks a free one). ``base_url`` is the address the links start with when browsers
        reach the kernel's machine another way (docs/table-server.md, "From a notebook").
        Returns the links (seat → URL), shown as a list in the notebook.
        """
        if self._shared is None:
            from ..server.sharing import share_session

            self._shared = share_session(self._session, seat, host=host, port=port, base_url=base_url)
            self._session.on_learn = None  # this screen is now one seat's, as a seat page: no Learn button
            self._refresh()
        return self._shared

    def close(self) -> None:
        session = getattr(self, "_session", None)  # None when the options were refused
        if getattr(self, "_shared", None) is not None:
            self._shared.stop()
        if session is not None:
            session.close()
        replay = getattr(self, "replay", None)
        if replay is not None:
            replay.close()
        super().close()

    def _static_html(self) -> str:
        return static_html(self._session, self._session.screen)

    def __repr__(self) -> str:
        return f"<Table {self.rules.name}: {self.phase}, hand {len(self.match.hands)}>"

    # -- kernel ⇄ browser ------------------------------------------------------------------------
    def _learn(self, seat: str) -> None:
        """The match-over panel's Learn from your mistakes (checked by the session): a Replay under
        the table, from the decisions judged in the background while the match went on (those
        still being judged first), else from an analysis of the match made now."""
        old, self.replay = self.replay, None
        if old is not None:
            old.close()
        if self._session.judging is None:
            self.replay = self.learn_from_mistakes(seat)
            return
        match = self._session.match

        def ready(analysis: Any) -> None:
            if self._session.match is match:  # (not a new match begun meanwhile)
                self.replay = self.learn_from_mistakes(seat, analysis=analysis)

        when_learned(self._session, seat, ready)

    def _refresh(self) -> None:
        session = self._session
        view = session.view()
        with self.hold_trait_notifications():
            self.view = dict(view)
            self.turn = view["turn"] if view["phase"] in ("playing", "cover") else None
            self.phase = view["phase"]
            self.hands_played = sum(1 for hand in session.match.hands if hand.is_over)
            self.match_winner = session.match.state.winner
        result = last_result(session.match)
        if result != self.last_result:
            self.last_result = result


def _running_loop() -> asyncio.AbstractEventLoop | None:
    """The asyncio loop running here (a notebook kernel's, Pyodide's), or ``None`` (a script)."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None
