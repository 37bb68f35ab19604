"""What happened in a hand so far, as every seat may read it, from its moves alone: who passed
last (a mark) and where the last tile went. ``Hand`` asks these, and so do seat views."""

from __future__ import annotations

from typing import Sequence

from .move import DRAW, LEAD, PASS, PLAY, Move


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
