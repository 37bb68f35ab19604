"""The greedy bot: rid the hand of its heaviest tile first."""

from __future__ import annotations

import random

from ...engine.move import Move
from ...engine.views import SeatView
from .base import Bot, heaviness_of_tile

__all__ = ["GreedyBot"]


class GreedyBot(Bot):
    """Plays its heaviest playable tile (doubles first among equals); random among ties."""

    name = "greedy"
    quick = True

    def choose(self, view: SeatView) -> Move:
        moves = view.legal_moves
        weigh = heaviness_of_tile
        best, heaviest = 0, []  # the tiles placed of most weight, in the order listed (a tile weighs 1 or more,
        for move in moves:      # a pass or a draw -1)
            weight = weigh[move.tile]
            if weight > best:
                best, heaviest = weight, [move]
            elif weight == best:
                heaviest.append(move)
        if not heaviest:
            return moves[0]
        rng, count = self.rng, len(heaviest)
        if type(rng) is not random.Random:
            return rng.choice(heaviest)
        # rng.choice(heaviest), the same draw (random.Random._randbelow_with_getrandbits)
        # without its two Python calls: a greedy bot chooses every move of a simulation
        bits = count.bit_length()
        pick = rng.getrandbits(bits)
        while pick >= count:
            pick = rng.getrandbits(bits)
        return heaviest[pick]
