"""Looking back at earlier positions of the hand, and taking a move back (``Table(takeback=True)``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ...engine.errors import IllegalMoveError, Reason
from ...engine.move import Move

if TYPE_CHECKING:
    from ...engine.hand import Hand
    from ...engine.match import Match
    from .bot_turns import BotTurns
    from .options import TableOptions
    from .screen import SeatScreen

__all__ = ["can_undo", "undo", "look", "UndoableTable", "TakebackTable"]


class UndoableTable(Protocol):
    """What :func:`can_undo` reads of a table."""

    @property
    def options(self) -> TableOptions: ...

    @property
    def humans(self) -> list[str]: ...

    @property
    def match(self) -> Match: ...


class TakebackTable(UndoableTable, Protocol):
    """What a take-back and a look back read of a table, and the changes they ask of it."""

    @property
    def hand(self) -> Hand | None: ...

    @property
    def bots(self) -> BotTurns: ...

    def taken_back(self, screen: SeatScreen, move: Move) -> None:
        """The hand goes on from before ``move``, and ``screen``'s person is told so."""

    def look_at(self, ply: int | None, screen: SeatScreen | None = None) -> None:
        """``screen`` shows the position after ``ply`` moves of this hand (``None``: the live one)."""


def can_undo(session: UndoableTable, screen: SeatScreen) -> bool:
    """Whether :func:`undo` would take a move back now, from ``screen``."""
    hand = session.match.hand
    if not (session.options.takeback and len(session.humans) == 1 and not screen.covered
            and hand is not None and session.match.pending is None):
        return False
    set_up = len(session.options.moves) if len(session.match.hands) == 1 else 0  # a set-up position stays
    return any(m.seat in session.humans for m in hand.moves[set_up:])


def undo(session: TakebackTable, screen: SeatScreen) -> Move:
    """Take back the person's last move of this hand (and the bots' moves after it), from ``screen``."""
    if not can_undo(session, screen):
        if not session.options.takeback:
            raise IllegalMoveError(Reason.NO_TAKEBACK, "no_takeback")
        raise IllegalMoveError(Reason.NO_TAKEBACK, "nothing_to_take_back")
    session.bots.cancel()
    while True:
        move = session.match.pop()
        if move.seat in session.humans:
            break
    session.taken_back(screen, move)
    return move


def look(session: TakebackTable, screen: SeatScreen, ply: object) -> None:
    """``screen`` looks back at the position after ``ply`` moves of this hand (``None``: back to the game)."""
    hand = session.hand
    if ply is not None:
        if hand is None or isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply <= len(hand.moves):
            moves = len(hand.moves) if hand is not None else 0
            raise IllegalMoveError(Reason.BAD_MESSAGE, "look_range", n=moves)
        if ply == len(hand.moves):
            ply = None
    session.look_at(ply, screen)
