"""The greedy bot: rid the hand of its heaviest tile first."""

from __future__ import annotations

from ..move import LEAD, PLAY, Move
from ..views import SeatView
from .base import Bot, heaviness

__all__ = ["GreedyBot"]


class GreedyBot(Bot):
    """Plays its heaviest playable tile (doubles first among equals); random among ties."""

    name = "greedy"

    def choose(self, view: SeatView) -> Move:
        moves = view.legal_moves
        placing = [m for m in moves if m.action in (LEAD, PLAY)]
        if not placing:
            return moves[0]
        best = max(heaviness(m) for m in placing)
        return self.rng.choice([m for m in placing if heaviness(m) == best])
