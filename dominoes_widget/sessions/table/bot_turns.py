"""The bots' moves at a table: at once, or one by one through a scheduler so the people see each.

A :class:`~dominoes_widget.sessions.table.thinker.Thinker` chooses each move: inline by default, or
off the event loop (the table server's worker processes), thinking while the pacing waits.
A move that comes back after the table moved on (a new hand, a take-back, ``cancel``) is
dropped: it is never played.
"""

from __future__ import annotations

import logging
from typing import Callable, Mapping

from ...studies.bots import Bot
from ...engine.errors import IllegalMoveError, Reason
from ...engine.match import Match
from ...engine.views import seat_view
from ...engine.move import Move
from ..scheduler import Pending, Scheduler
from .options import BOT_SPEEDS
from .thinker import INLINE, Thinker, Thought

__all__ = ["BotTurns", "speed_name"]

log = logging.getLogger(__name__)


def speed_name(delay: float) -> str | None:
    """The speed whose delay is ``delay``, or ``None`` for a delay of one's own."""
    return next((name for name, seconds in BOT_SPEEDS.items() if seconds == delay), None)


class BotTurns:
    """Plays the bots' turns of a match. ``delay`` (seconds, changeable) spaces them out
    through the ``scheduler``; ``on_pause`` runs while a move waits, ``on_done`` when a
    person is to move or the hand is over. The ``thinker`` chooses the moves."""

    def __init__(self, bots: Mapping[str, Bot], scheduler: Scheduler, delay: float,
                 on_pause: Callable[[], None], on_done: Callable[[], None], thinker: Thinker = INLINE) -> None:
        self.bots = dict(bots)
        self.scheduler = scheduler
        self.delay = delay
        self.thinker = thinker
        self._on_pause = on_pause
        self._on_done = on_done
        self._pending: Pending | None = None
        self._thought: Thought | None = None
        self._answer: Move | None = None
        self._answer_at = (0, 0)  # the position the answer is for
        self._awaiting = False  # the move is due and waits on its thought
        self._asked = 0  # which thought's answer is still wanted
        self.holding = False
        """A new hand is being announced: its first moves wait (``go_on`` ends the wait)."""

    def to_move(self, match: Match) -> str | None:
        """The bot seat to move in ``match`` now, if any."""
        hand = match.hand
        if hand is None or hand.is_over or hand.turn not in self.bots:
            return None
        return hand.turn

    def advance(self, match: Match) -> None:
        """Play the bots' turns (now, or the next one later), then hand back."""
        while (seat := self.to_move(match)) is not None:
            if self.delay > 0:
                pending = self.scheduler.call_later(self.delay, lambda: self._step(match))
                if pending is not None:
                    self._pending = pending
                    if self.thinker.ahead and not self.bots[seat].quick:
                        self._think(match, seat)  # during the pause, not after it
                    self._on_pause()
                    return
            if not self._play(match, seat):
                self._on_pause()
                return
        self._on_done()

    def hold(self, seconds: float, match: Match) -> bool:
        """Hold the bots' first moves ``seconds`` (a new hand is announced); False when nothing can wait."""
        self.cancel()
        pending = self.scheduler.call_later(seconds, lambda: self.go_on(match)) if self.delay > 0 else None
        self._pending = pending
        self.holding = pending is not None
        return self.holding

    def go_on(self, match: Match) -> None:
        """End the hold: the bots' moves follow."""
        if self.holding:
            self.cancel()
            self.advance(match)

    def set_speed(self, speed: object, match: Match) -> None:
        """Pace the bots by name (``BOT_SPEEDS``); at ``instant`` a hold ends at once."""
        if not isinstance(speed, str) or speed not in BOT_SPEEDS:
            raise IllegalMoveError(Reason.BAD_MESSAGE, "bad_speed", speeds=", ".join(BOT_SPEEDS))
        self.delay = BOT_SPEEDS[speed]
        if self.delay == 0:
            self.go_on(match)

    def cancel(self) -> None:
        """Forget the bot move waiting, if any, and the answer of any thought under way."""
        self.holding = False
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None
        self._asked += 1
        if self._thought is not None:
            self._thought.cancel()
            self._thought = None
        self._answer = None
        self._awaiting = False

    @property
    def thinking(self) -> bool:
        """Whether a bot's move is being thought out off the event loop."""
        return self._thought is not None

    def close(self) -> None:
        """Forget the bot move waiting and let go of the callbacks: a closed table's session is
        then freed by reference counting, without waiting for a full garbage collection."""
        self.cancel()
        self._on_pause = self._on_done = _nothing

    def _step(self, match: Match) -> None:
        self._pending = None
        try:
            seat = self.to_move(match)
            if seat is not None and not self._play(match, seat):
                return  # the thought's answer plays it
            self.advance(match)
        except Exception:  # a timer callback must never take the kernel down
            log.exception("a bot move failed")

    def _play(self, match: Match, seat: str) -> bool:
        """Play ``seat``'s move if its answer is in (asking the thinker first if nobody has);
        False while it is still being thought out."""
        if self._answer is not None and self._answer_at != _position(match):
            self._answer = None  # (never played at another position than its own)
        if self._answer is None and self._thought is None:
            self._think(match, seat)
        if self._answer is None:
            self._awaiting = True
            return False
        move, self._answer = self._answer, None
        match.push(move)
        return True

    def _think(self, match: Match, seat: str) -> None:
        hand = match.hand
        assert hand is not None
        if self._thought is not None:
            self._thought.cancel()
            self._thought = None
        self._asked += 1
        asked, position = self._asked, _position(match)

        def answer(move: Move) -> None:
            self._answered(match, asked, position, move)

        thought = self.thinker.think(self.bots[seat], seat_view(hand, seat, match.state), answer)
        if self._answer is None and asked == self._asked:
            self._thought = thought

    def _answered(self, match: Match, asked: int, position: tuple[int, int], move: Move) -> None:
        if asked != self._asked or position != _position(match):
            log.debug("a bot's answer came after the table moved on: dropped")
            return
        self._thought = None
        self._answer, self._answer_at = move, position
        if self._awaiting:  # the pause is over: the move is played now
            self._awaiting = False
            self._step(match)


def _position(match: Match) -> tuple[int, int]:
    hand = match.hand
    return len(match.hands), len(hand.moves) if hand is not None else -1


def _nothing() -> None:
    pass
