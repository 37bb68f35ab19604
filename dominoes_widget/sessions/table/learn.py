"""Learn from your mistakes, offered when a table's match ends: whose mistakes, or why not.

The notebook's Table opens a Replay of the finished match in Learn from your mistakes mode
(``sessions/replay/mistakes.py``) for the person at the screen; this checks the browser's
``{type: "learn"}`` against the table first (the match must be over, someone must play here).
"""

from __future__ import annotations

from typing import Protocol

from .shapes import Phase
from .screen import SeatScreen

__all__ = ["learn_seat"]


class LearningTable(Protocol):
    @property
    def phase(self) -> Phase: ...


def learn_seat(table: LearningTable, screen: SeatScreen) -> tuple[str | None, str | None]:
    """``(seat, None)``: whose mistakes to learn from (the person at ``screen``); ``(None, key)``:
    why not, as a ``message.<key>`` of the catalog."""
    if table.phase is not Phase.MATCH_OVER:
        return None, "learn_not_over"
    seat = screen.seat  # (the first person at the table until another takes the screen)
    return (seat, None) if seat is not None else (None, "learn_no_person")
