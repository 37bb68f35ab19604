"""Looking back at earlier positions of the hand, and taking a move back (``Table(takeback=True)``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ...engine.errors import IllegalMoveError, Reason
from ...words.explanations import move_label
from ...engine.move import Move
from ..protocol import Phase

if TYPE_CHECKING:
    from ...engine.hand import Hand
    from ...engine.match import Match
    from ...words.catalog import Voice
    from ..protocol import NoticeKind
    from .bot_turns import BotTurns
    from .options import TableOptions
    from .screen import Screen

__all__ = ["can_undo", "undo", "look", "UndoableTable", "TakebackTable"]


class UndoableTable(Protocol):
    """What :func:`can_undo` reads of a table."""

    @property
    def options(self) -> TableOptions: ...

    @property
    def humans(self) -> list[str]: ...

    @property
    def screen(self) -> Screen: ...

    @property
    def match(self) -> Match: ...


class TakebackTable(UndoableTable, Protocol):
    """What a take-back and a look back read of a table, and the changes they ask of it."""

    @property
    def hand(self) -> Hand | None: ...

    @property
    def bots(self) -> BotTurns: ...

    def voice(self) -> Voice: ...

    def tell(self, text: str, kind: NoticeKind, reason: Reason | None = None) -> None: ...

    def changed(self) -> None: ...

    def forget_told(self) -> None: ...

    def set_phase(self, phase: Phase) -> None: ...

    def look_at(self, ply: int | None) -> None:
        """Show the position after ``ply`` moves of this hand (``None``: the live one)."""


def can_undo(session: UndoableTable) -> bool:
    """Whether :func:`undo` would take a move back now."""
    hand = session.match.hand
    if not (session.options.takeback and len(session.humans) == 1 and not session.screen.covered
            and hand is not None and session.match.pending is None):
        return False
    set_up = len(session.options.moves) if len(session.match.hands) == 1 else 0  # a set-up position stays
    return any(m.seat in session.humans for m in hand.moves[set_up:])


def undo(session: TakebackTable) -> Move:
    """Take back the person's last move of this hand (and the bots' moves after it)."""
    if not can_undo(session):
        if not session.options.takeback:
            raise IllegalMoveError(Reason.NO_TAKEBACK, "no_takeback")
        raise IllegalMoveError(Reason.NO_TAKEBACK, "nothing_to_take_back")
    session.bots.cancel()
    while True:
        move = session.match.pop()
        if move.seat in session.humans:
            break
    session.forget_told()  # (the hint and a look back; the notice is the take-back's)
    session.set_phase(Phase.PLAYING)
    voice = session.voice()  # in words, never naming a drawn tile (move_label says only "draw")
    session.tell(voice("table.took_back", move=move_label(move, voice)), "info")
    session.changed()
    return move


def look(session: TakebackTable, ply: object) -> None:
    """Look back at the position after ``ply`` moves of this hand (``None``: back to the game)."""
    hand = session.hand
    if ply is not None:
        if hand is None or isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply <= len(hand.moves):
            moves = len(hand.moves) if hand is not None else 0
            raise IllegalMoveError(Reason.BAD_MESSAGE, "look_range", n=moves)
        if ply == len(hand.moves):
            ply = None
    session.look_at(ply)
