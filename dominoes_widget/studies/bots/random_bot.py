"""The random bot: any legal move, uniformly."""

from __future__ import annotations

from ...engine.move import Move
from ...engine.views import SeatView
from .base import Bot

__all__ = ["RandomBot"]


class RandomBot(Bot):
    """Plays a uniformly random legal move."""

    name = "random"
    quick = True

    def choose(self, view: SeatView) -> Move:
        return self.rng.choice(view.legal_moves)
