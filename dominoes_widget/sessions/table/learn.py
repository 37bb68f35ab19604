"""Learn from your mistakes, offered when a table's match ends: whose mistakes, or why not.

The notebook's Table opens a Replay of the finished match in Learn from your mistakes mode
(``sessions/replay/mistakes.py``) for the person at the screen; this checks the browser's
``{type: "learn"}`` against the table first (the match must be over, someone must play here).
"""

from __future__ import annotations

from typing import Protocol

from ..protocol import Phase
from .screen import Screen

__all__ = ["learn_seat"]


class LearningTable(Protocol):
    @property
    def phase(self) -> Phase: ...

    @property
    def screen(self) -> Screen: ...


def learn_seat(table: LearningTable) -> tuple[str | None, str | None]:
    """``(seat, None)``: whose mistakes to learn from (the person at the screen); ``(None, key)``:
    why not, as a ``message.<key>`` of the catalog."""
    if table.phase is not Phase.MATCH_OVER:
        return None, "learn_not_over"
    seat = table.screen.at_screen  # (the first person at the table until another takes the screen)
    return (seat, None) if seat is not None else (None, "learn_no_person")
