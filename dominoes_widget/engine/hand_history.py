"""What happened in a hand so far, as every seat may read it: who passed, whether a drawn tile
fitted, the open ends before each move, where the moves start from."""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Any, Sequence

from .move import DRAW, LEAD, PASS, PLAY, Move
from .tiles import Tile


class HandHistory:
    """The history queries of :class:`~dominoes_widget.engine.hand.Hand` (a mixin: they read the
    hand's moves and its snapshot stack, and change nothing)."""

    moves: list[Move]
    seats: tuple[str, ...]
    turn: str | None
    line: deque[tuple[int, int]]
    lead_index: int
    leader: str
    initial_boneyard: tuple[Tile, ...]
    _dealt: dict[str, int]
    _origin: Any
    _history_start: "tuple[tuple[tuple[int, int], ...], dict[str, int], int, int, str] | None"

    if TYPE_CHECKING:
        def _snapshots(self) -> list[tuple[tuple[int, int] | None, str | None, Tile | None, bool, Any, int]]: ...

        def _fits_end(self, tile: Tile, end: int) -> bool: ...

    @property
    def last_placed(self) -> int | None:
        """The index in :attr:`line` of the tile the last move placed (``None`` after a pass or draw)."""
        return last_placed(self.moves, self.lead_index, len(self.line))

    def passed(self) -> tuple[str, ...]:
        """Seats whose last action this hand was a pass, or a draw that did not fit (a mark)."""
        return passed_seats(self.moves, self.seats, self.turn)

    def draw_fitted(self, index: int) -> bool | None:
        """Whether the tile drawn by move ``index`` fitted an open end (``None`` for other moves)."""
        return self._fitted(self.moves[index], self._snapshots()[index][0])

    def draw_fits(self) -> tuple[bool | None, ...]:
        """:meth:`draw_fitted` of every move, in one pass."""
        return tuple([self._fitted(move, entry[0]) if move.action == DRAW else None
                      for move, entry in zip(self.moves, self._snapshots())])

    def _fitted(self, move: Move, ends: tuple[int, int] | None) -> bool | None:
        if move.action != DRAW or move.tile is None:
            return None
        return ends is not None and (self._fits_end(move.tile, ends[0]) or self._fits_end(move.tile, ends[1]))

    def ends_before(self, index: int) -> tuple[int, int] | None:
        """The open ends just before move ``index`` was made."""
        return self._snapshots()[index][0]

    def ends_history(self) -> tuple[tuple[int, int] | None, ...]:
        """The open ends just before each move, in order."""
        return tuple([entry[0] for entry in self._snapshots()])

    @property
    def history_start(self) -> tuple[tuple[tuple[int, int], ...], dict[str, int], int, int, str]:
        """Where :attr:`moves` starts from, as every seat sees it: the line (empty unless the
        hand was built by :meth:`from_position`), how many tiles each seat held, the lead
        index, the size of the pile and the leader."""
        # kept in a plain attribute: functools.cached_property writes through __dict__, which
        # turns off CPython's fast attribute access for the rest of the hand (15 µs a hand)
        if self._history_start is None:
            line, lead_index = (self._origin[2], self._origin[4]) if self._origin is not None else ((), 0)
            self._history_start = (line, {seat: mask.bit_count() for seat, mask in self._dealt.items()}, lead_index,
                                   len(self.initial_boneyard), self.leader)
        return self._history_start


def passed_seats(moves: Sequence[Move], seats: tuple[str, ...], turn: str | None) -> tuple[str, ...]:
    """Seats whose last action was a pass, or a draw that did not fit (a mark): :meth:`Hand.passed`."""
    last: dict[str, str] = {}
    unseen = len(seats)
    for move in reversed(moves):  # from the end: stops once every seat is seen
        if move.seat not in last:
            last[move.seat] = move.action
            unseen -= 1
            if not unseen:
                break
    # a drawn tile that fits is played next, so a draw left as the last action did not fit
    marked = [seat for seat, action in last.items() if action == PASS or (action == DRAW and seat != turn)]
    if len(marked) < 2:
        return tuple(marked)
    return tuple(seat for seat in seats if seat in marked)


def last_placed(moves: Sequence[Move], lead_index: int, line_length: int) -> int | None:
    """The index in the line of the tile the last move placed (``None`` after a pass or draw)."""
    if not moves:
        return None
    move = moves[-1]
    if move.action == LEAD:
        return lead_index
    if move.action == PLAY:
        return 0 if move.end == "L" else line_length - 1
    return None
