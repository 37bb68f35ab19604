"""The ``Replay`` widget: step through a recorded match with every hand open.

``Replay(record)`` takes a record as a dict, JSON text, a file path, a replayed record
(:class:`~dominoes_widget.engine.record.Replayed`) or a :class:`~dominoes_widget.engine.match.Match`;
``Replay.load("game.json")`` reads a file. Every position of the record goes to the
browser once, in the ``view`` trait (built by a
:class:`~dominoes_widget.sessions.replay.session.ReplaySession`, packed on its way by
:mod:`~dominoes_widget.sessions.replay.wire`), and the browser steps through it
on its own (buttons, slider, keys, play/pause), so a notebook saved with its widget state
still steps with no kernel.

``replay.hand`` and ``replay.step`` (moves made in that hand) follow the browser and can be
set from Python; ``replay.position`` is the engine's :class:`~dominoes_widget.engine.hand.Hand`
at that point. A record that does not verify opens nothing: the widget lists every
problem with where it is, and so does ``replay.problems``.

>>> from dominoes_widget import Match, Rules, write_record
>>> match = Match(Rules.six_love(), seed=1)
>>> hand = match.deal(seed=1)
>>> for _ in range(5):
...     _ = match.push(hand.legal_move_list()[0])
>>> replay = Replay(write_record(match))
>>> replay.step = 3
>>> replay.position.ply, str(replay.move) == str(hand.moves[2])
(3, True)
>>> bad = Replay('{"format": "dominoes-record", "version": 1, "game": "chess"}')
>>> [str(p.reason) for p in bad.problems], bad.view
(['bad_game'], {})
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Any, Mapping

import anywidget
import traitlets
from ipywidgets import widget_serialization

from ..words.catalog import Voice, Words, ui_words
from ..words.explanations import describe_rules
from ..engine.errors import DominoesError, Problem
from ..engine.hand import Hand
from ..engine.match import Match, MatchState
from ..engine.move import Move
from ..engine.record import Replayed
from ..sessions.replay.shapes import ProblemInfo
from ..sessions.replay.session import ReplaySession
from ..sessions.replay.wire import pack_data
from ..sessions.replay.step_deltas import hand_steps
from .session_widget import SessionWidget
from .static_picture import StaticPicture

__all__ = ["Replay", "TraitRefusal"]

STATIC = Path(__file__).resolve().parent.parent / "static"


def _running_loop() -> asyncio.AbstractEventLoop | None:
    """The asyncio loop running here (a notebook kernel's), or ``None`` (a script)."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _check_position(replay: "Replay", proposed: Mapping[str, Any]) -> DominoesError | None:
    hand = proposed.get("hand", replay.hand)
    step = proposed.get("step", replay.step if "hand" not in proposed else 0)
    return replay._session.refusal(hand, step)


def _check_speed(replay: "Replay", proposed: Mapping[str, Any]) -> DominoesError | None:
    return replay._session.speed_refusal(proposed["speed"])


class TraitRefusal(DominoesError, traitlets.TraitError):
    """A value set on a Replay's trait from Python that it refuses: its
    :class:`~dominoes_widget.engine.errors.DominoesError` (reason, case, facts), raised as the
    ``TraitError`` traitlets raises for a trait's bad value; nothing changed."""

    @classmethod
    def of(cls, refusal: DominoesError) -> TraitRefusal:
        return cls(refusal.reason, str(refusal), case=refusal.case, facts=refusal.facts)


def _view_to_json(view: Mapping[str, Any], replay: "Replay") -> dict[str, Any]:
    """``view`` as it travels to the browser: packed (``sessions/replay/wire.py``), once per value."""
    cached = replay.__dict__.get("_packed")
    if cached is None or cached[0] is not view:
        cached = (view, pack_data(view))
        replay.__dict__["_packed"] = cached
    return cached[1]


class Replay(StaticPicture, SessionWidget):
    """Step through a recorded match: every hand open, the score, each move explained.

    ``record``: a record dict, JSON text, a path, a ``Replayed`` or a ``Match``. Options:
    ``hand`` and ``step`` to open at (default the start of the first hand), ``speed``
    (moves per second while playing), ``bottom`` (the seat drawn at the bottom), ``lang``,
    ``analysis`` (an :class:`~dominoes_widget.studies.analysis.Analysis`, the path of one saved
    with ``Analysis.save``, or ``True`` to analyse the record now: in a notebook the board
    shows at once with a bar ("Judging hand 5 of 10…") and the time left, the kernel stays
    free, and each hand's analysis fills in as soon as it is judged (``replay.analysis_task``
    ends with the whole); in a script, before it returns, with a progress bar): the replay then shows
    each side's chances over the hand (or the whole match) and marks the mistakes, with a
    table per player; at a marked move B shows that decision's better move where it was
    chosen, and N / Shift+N go to the next and previous marked move; and ``counting=True``: a
    panel says at every step what the bottom seat can count (the tiles it has not seen per
    number, who is known to lack which numbers), from that seat's view alone. With a live
    kernel, Play from here (under the board) opens a :class:`~dominoes_widget.Table` at the
    position shown, you in the mover's seat (``replay.table``; :meth:`play_from_here` in code).
    ``learn=seat`` starts Learn from your mistakes for that seat (with ``analysis=True``, at its
    first mistake found, while the rest is judged).
    """

    _esm = STATIC / "replay.js"
    _css = STATIC / "replay.css"
    _browser_writable = {"hand": _check_position, "step": _check_position, "speed": _check_speed}
    _refresh_after_intent = False  # the session says which views moved (_show): the record's view is large

    view = traitlets.Dict(help="every position of the record, for the browser (js/PROTOCOL.md); it travels "
                               "packed (sessions/replay/wire.py)").tag(sync=True, to_json=_view_to_json)
    hand = traitlets.Int(0, help="the hand shown (0-based)").tag(sync=True)
    step = traitlets.Int(0, help="moves made in the hand shown: 0 is the deal").tag(sync=True)
    speed = traitlets.Float(2.0, help="moves per second while playing").tag(sync=True)
    rules_text = traitlets.Unicode("", help="the rules in force, in plain words").tag(sync=True)
    report: traitlets.List[ProblemInfo] = traitlets.List(
        help="the problems of a bad record, for the browser").tag(sync=True)
    analysing = traitlets.Dict(help="while the analysis runs: {done, total, hand, hands, text} (decisions "
                                    "judged, the hand being judged, and how far in words); empty "
                                    "otherwise").tag(sync=True)
    table = traitlets.Instance(anywidget.AnyWidget, allow_none=True,
                               help="the Table opened by the page's Play from here button, drawn under the "
                                    "board").tag(sync=True, **widget_serialization)
    mistakes = traitlets.Dict(help="Learn from your mistakes under way (js/PROTOCOL.md): the exercise from "
                                   "its seat's view, the tries, the count; empty when off").tag(sync=True)

    def __init__(self, record: Any, *, hand: int = 0, step: int = 0, speed: float = 2.0, bottom: str | None = None,
                 lang: str = "en", analysis: Any = None, counting: bool = False, learn: str | None = None) -> None:
        # analysis=True in a notebook (a running loop): the board at once, the analysis as it comes
        later = analysis is True and _running_loop() is not None
        super().__init__(ReplaySession(record, lang=lang, bottom=bottom, analysis=None if later else analysis,
                                       counting=counting))
        self.words = ui_words(lang)
        self.report = self._session.report()
        self._refresh()
        if self._session.replayed is not None:
            self.rules_text = describe_rules(self._session.replayed.match.rules, Voice(self._session.lang))
        self.speed = speed
        if self.ok:
            self.go(hand, step)
        self.analysis_task: asyncio.Future[Any] | None = None
        """With ``analysis=True`` on a running loop: the analysis under way (await it for the
        :class:`~dominoes_widget.studies.analysis.Analysis`); ``None`` otherwise."""
        self._session.on_change = self._show
        self._session.on_play_here = self._open_table
        self._session.on_close_table = self._close_table
        self._learn = learn  # the seat it learns for (Learner.add_mistakes' default)
        if later and self.ok:
            self._session.start_analysis()
            self.analysing = self._session.analysing()
            self.analysis_task = asyncio.ensure_future(self._analyse())
        if learn is not None:
            self.learn(learn)  # (while the analysis runs: from the first mistake found)

    async def _analyse(self) -> Any:
        """The record analysed decision by decision, its hands' marks and the drill's exercises
        showing as they come (``sessions/replay/judging.py``); the analysis when done."""
        assert self._session.run is not None
        await self._session.run.judge_all()
        return self._session.analysis

    def _show(self, parts: set[str]) -> None:
        """The session's views that moved, onto the traits the page draws."""
        if "view" in parts:
            self._refresh()
        if "analysing" in parts:
            self.analysing = self._session.analysing()
        if "mistakes" in parts:
            self.mistakes = dict(self._session.drill.view())

    def close(self) -> None:
        """Close the widget; an analysis still under way (``analysis=True``) stops, its workers too."""
        task = getattr(self, "analysis_task", None)
        if task is not None and not task.done():
            task.cancel()
        session = getattr(self, "_session", None)
        if session is not None:
            session.stop_analysis()
        super().close()

    @classmethod
    def load(cls, path: str | os.PathLike[str], **options: Any) -> "Replay":
        """The replay of the record in the file at ``path``."""
        if not isinstance(path, (str, os.PathLike)):
            raise TypeError(f"Replay.load() takes a file path, not {type(path).__name__}")
        return cls(Path(path), **options)

    # -- what it shows, for Python -----------------------------------------------------------
    def _words(self) -> Voice:
        return Voice(self._session.lang)

    @property
    def session(self) -> ReplaySession:
        return self._session

    @property
    def record(self) -> Any:
        """The record as read (a dict), also when it has problems (``None`` if it is not JSON)."""
        return self._session.record

    @property
    def replayed(self) -> Replayed | None:
        """The record replayed by the engine (``None`` for a bad record)."""
        return self._session.replayed

    @property
    def match(self) -> Match | None:
        """The engine's match with every hand of the record."""
        return self._session.match

    @property
    def problems(self) -> list[Problem]:
        """Everything wrong with the record, with where it is; empty for a good record."""
        return list(self._session.problems)

    @property
    def ok(self) -> bool:
        """Whether the record opened."""
        return self._session.ok

    @property
    def position(self) -> Hand | None:
        """The engine's hand after ``step`` moves of hand ``hand`` (a fresh copy to compute on)."""
        return self._session.position(self.hand, self.step) if self.ok else None

    @property
    def move(self) -> Move | None:
        """The move just made (``None`` at the deal)."""
        return self._session.move(self.hand, self.step)

    @property
    def comment(self) -> str | None:
        """The record's comment on the move just made, if any."""
        return self._session.comment(self.hand, self.step)

    @property
    def match_state(self) -> MatchState | None:
        """The match score as of this moment: before the hand, or after it once it has ended."""
        return self._session.match_state(self.hand, self.step) if self.ok else None

    @property
    def hands(self) -> int:
        """How many hands the record has."""
        return self._session.hands

    def moves_in(self, hand: int | None = None) -> int:
        """How many moves hand ``hand`` (default: the one shown) has: its last step."""
        return self._session.moves_in(self.hand if hand is None else hand)

    def go(self, hand: int, step: int = 0) -> None:
        """Show hand ``hand`` after ``step`` moves (a negative step counts from its end)."""
        hand, step = self._position(hand, step)
        self.hand = hand  # opens the hand at its deal
        self.step = step

    def _position(self, hand: int, step: int) -> tuple[int, int]:
        """(``hand``, ``step``) checked, a negative step counted from the hand's end; else the
        session's refusal (a :class:`~dominoes_widget.engine.errors.DominoesError`, a ``ValueError``)."""
        refusal = self._session.refusal(hand, 0)
        if refusal is None and isinstance(step, int) and not isinstance(step, bool) and step < 0:
            step += self.moves_in(hand) + 1
        refusal = refusal or self._session.refusal(hand, step)
        if refusal is not None:
            raise refusal
        return hand, step

    def play_from_here(self, *, bots: str = "strong", hand: int | None = None, step: int | None = None,
                       **options: Any) -> Any:
        """A live :class:`~dominoes_widget.Table` at the position shown (or at ``hand``/``step``),
        you in the mover's seat against ``bots`` (default the strong bot) at the others: try the
        better line there. The page's Play from here button opens one under the board.

        The table opens on that hand's deal and match score, after the moves made so far, with
        the mover at the bottom and the hands closed (``open_hands=True`` opens them); the other
        options are those of ``Table.from_record``. A finished hand has no one to move:
        a :class:`~dominoes_widget.engine.errors.DominoesError` (a ``ValueError``), ``nobody_to_move``.
        """
        from .table import Table

        if hand is not None or step is not None:
            hand, step = self._position(self.hand if hand is None else hand, 0 if step is None else step)
        else:
            hand, step = self.hand, self.step
        refusal = self._session.play_refusal(hand, step)
        if refusal is not None:
            raise refusal
        position = self._session.position(hand, step)
        mover = position.turn
        assert mover is not None  # (play_refusal says so)
        seats = {seat: ("human" if seat == mover else bots) for seat in position.rules.seats}
        options = {"open_hands": False, "bottom": mover, "lang": self._session.lang, **options}
        return Table.from_record(self._session.record, hand, step, seats=seats, **options)

    def learn(self, seat: str | None = None) -> None:
        """Start Learn from your mistakes for ``seat`` (default the bottom seat): needs an analysis
        (one under way will do: the drill starts at the first mistake found, and waits for it)."""
        if seat is None and self.ok:
            seat = self._session.viewer
        start = {"type": "mistakes_start", "seat": seat}
        refusal = self._session.drill.refusal(start)
        if refusal is not None:
            raise refusal  # a DominoesError (a ValueError), in the replay's language
        self._session.drill.handle(start)
        self.mistakes = dict(self._session.drill.view())

    def _open_table(self, hand: int, step: int) -> None:
        """Play from here, for the page (the session checked the position): a new table under the board."""
        self._close_table()
        self.table = self.play_from_here(hand=hand, step=step)

    def _close_table(self) -> None:
        old, self.table = self.table, None
        if old is not None:
            old.close()

    # -- the one-file page ----------------------------------------------------------------------
    def to_html(self, *, hand: int | None = None, step: int | None = None, title: str | None = None) -> str:
        """This replay as ONE self-contained HTML page that steps offline, in any browser.

        The page holds the front end, the styles, the words, the rules and every position
        of the record inline, and fetches nothing. It opens at ``hand``/``step`` (default:
        where the replay is; a negative step counts from the hand's end); ``title`` is the
        page's title. A bad record gives a page that lists its problems.
        """
        from ..page import replay_page

        return replay_page(self._page_payload(hand, step), title=title)

    def save_html(self, path: str | os.PathLike[str], *, hand: int | None = None, step: int | None = None,
                  title: str | None = None) -> Path:
        """Write :meth:`to_html` to ``path`` (UTF-8) and return the path: open it in any browser."""
        from ..page import write_page

        return write_page(path, self._page_payload(hand, step), title=title)

    def _page_payload(self, hand: int | None, step: int | None) -> dict[str, Any]:
        from ..page import PAYLOAD_KEYS

        from ..sessions.replay.mistakes import mistakes_book

        payload = {name: getattr(self, name) for name in PAYLOAD_KEYS if name != "mistakes_book"}
        book = mistakes_book(self._session)
        if book is not None:  # the page counts the tries itself (js/kit/replay/mistakes.mjs)
            payload["mistakes_book"] = book
        if self.ok and (hand is not None or step is not None):
            payload["hand"], payload["step"] = self._position(self.hand if hand is None else hand,
                                                              0 if step is None else step)
        return payload

    def _static_html(self) -> str:
        """What GitHub, nbviewer or a notebook saved without widget state show instead."""
        from html import escape

        from ..words.svg import render_svg

        words = Words(self._session.lang)
        if not self.ok:
            # the report in the replay's language (the engine's detail, in English, stays out)
            items = "".join(f"<li data-reason=\"{escape(p['reason'])}\">{escape(p['text'])}</li>"
                            for p in self._session.report())
            return f"<div><strong>{escape(words('picture.record_bad'))}</strong><ul>{items}</ul></div>"
        hand = self.view["hands"][self.hand]
        step = hand_steps(hand)[self.step]
        caption = words("picture.replay_caption", hand=hand["label"], hands=self.hands, step=self.step,
                        moves=self.moves_in(), say=step["say"])
        if step["note"]:
            caption += " " + words("picture.comment", note=step["note"])
        names = {s: p["label"] for s, p in self.view["players"].items()}
        picture = render_svg(self._session.position(self.hand, self.step), names=names, caption=caption,
                             lang=self._session.lang)
        return (f'<div class="dominoes-replay-static">{picture}<div style="font-size:0.85em;opacity:0.8">'
                f'{escape(words("picture.replay_note"))}</div></div>')

    def __repr__(self) -> str:
        match = self.match
        if match is None:  # the record did not open
            return f"<Replay: a bad record, {len(self._session.problems)} problem(s)>"
        return f"<Replay {match.rules.name}: hand {self.hand} of {self.hands}, step {self.step}>"

    # -- traits set from Python --------------------------------------------------------------------
    @traitlets.validate("hand")
    def _valid_hand(self, proposal: Any) -> int:
        value = proposal["value"]
        refusal = self._session.refusal(value, 0) if self.ok else None
        if refusal is not None:
            raise TraitRefusal.of(refusal)
        return int(value)

    @traitlets.validate("step")
    def _valid_step(self, proposal: Any) -> int:
        value = proposal["value"]
        refusal = self._session.refusal(self.hand, value) if self.ok else None
        if refusal is not None:
            raise TraitRefusal.of(refusal)
        return int(value)

    @traitlets.validate("speed")
    def _valid_speed(self, proposal: Any) -> float:
        refusal = self._session.speed_refusal(proposal["value"])
        if refusal is not None:
            raise TraitRefusal.of(refusal)
        return float(proposal["value"])

    @traitlets.observe("hand")
    def _on_hand(self, change: Any) -> None:
        # Set from Python, a new hand opens at its deal. The browser sends the step that
        # goes with its hand in the same message, so its changes are kept as they come.
        if "hand" in getattr(self, "_property_lock", {}):
            self.step = min(self.step, self.moves_in())
        else:
            self.step = 0
