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
        best, heaviest = -1, []  # the tiles placed of most weight, in the order listed
        for move in moves:
            if move.action == PLAY or move.action == LEAD:
                weight = heaviness(move)
                if weight > best:
                    best, heaviest = weight, [move]
                elif weight == best:
                    heaviest.append(move)
        return self.rng.choice(heaviest) if heaviest else moves[0]
