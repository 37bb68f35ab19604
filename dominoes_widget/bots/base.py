"""What every bot is: something that picks a move from a seat view."""

from __future__ import annotations

import random
from typing import Sequence

from ..move import Move
from ..views import SeatView

__all__ = ["Bot"]


class Bot:
    """A player that sees only its :class:`SeatView`; randomness comes from ``rng``."""

    name = "bot"

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random()

    def choose(self, view: SeatView) -> Move:
        """The move to make; ``view.legal_moves`` is never empty when this is called."""
        raise NotImplementedError

    def choose_leader(self, team_seats: Sequence[str], view_of: dict[str, SeatView]) -> str:
        """Which partner leads when the lead falls to this bot's team.

        The default policy: the partner with the most doubles, then the heavier hand
        (heavy doubles are the hardest tiles to get rid of).
        """
        def strength(seat: str) -> tuple[int, int]:
            tiles = view_of[seat].tiles
            return sum(t.is_double for t in tiles), sum(t.pips for t in tiles)

        return max(team_seats, key=strength)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"
