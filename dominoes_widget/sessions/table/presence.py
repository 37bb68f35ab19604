"""Who is at each seat of a served table: here now, never came, or left; bots are bots.

The table server knows which of its seats' links have a browser open and which were ever
opened; :func:`presence_marks` turns that into the view's ``presence`` field, the same for
every seat and every watcher. A table on one screen (the notebook's ``Table``) has none.
"""

from __future__ import annotations

from typing import Collection, Mapping

from .shapes import PresenceMark
from .options import HUMAN

__all__ = ["PresenceMark", "presence_marks", "HERE", "NEVER", "LEFT", "BOT"]

HERE: PresenceMark = "here"
"""A browser is open at the seat's link now (or the seat is the notebook's own)."""
NEVER: PresenceMark = "never"
"""The seat's link has never been opened."""
LEFT: PresenceMark = "left"
"""The link was opened, and every browser at it has closed since."""
BOT: PresenceMark = "bot"
"""A bot plays the seat."""


def presence_marks(kinds: Mapping[str, str], here: Collection[str],
                   opened: Collection[str]) -> dict[str, PresenceMark]:
    """Every seat's mark: ``kinds`` says who plays each seat (``"human"`` or a bot), ``here``
    which seats have a browser open now, ``opened`` which links were ever opened."""
    marks: dict[str, PresenceMark] = {}
    for seat, kind in kinds.items():
        if kind != HUMAN:
            marks[seat] = BOT
        elif seat in here:
            marks[seat] = HERE
        else:
            marks[seat] = LEFT if seat in opened else NEVER
    return marks
