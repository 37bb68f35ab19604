"""What every bot is: something that picks a move from a seat view."""

from __future__ import annotations

import math
import random
from typing import Sequence

from ...engine.errors import excerpt
from ...engine.move import Move
from ...engine.tiles import ALL_TILES, Tile
from ...engine.views import SeatView

__all__ = ["Bot", "heaviness", "heaviness_of_tile", "check_budget"]

heaviness_of_tile: dict[Tile | None, int] = {t: 2 * t.pips + t.is_double for t in ALL_TILES}
""":func:`heaviness` by the move's tile, for hot loops."""
heaviness_of_tile[None] = -1  # a pass or a draw offered beside plays


def check_budget(rollouts: object, max_ms: object, name: str = "rollouts") -> None:
    """Refuse a search budget that is not one: ``rollouts`` a whole number of at least 1,
    ``max_ms`` a positive, finite number of milliseconds or ``None``."""
    if isinstance(rollouts, bool) or not isinstance(rollouts, int) or rollouts < 1:
        raise ValueError(f"{name} must be a whole number of at least 1, not {excerpt(rollouts)}")
    if max_ms is not None and (isinstance(max_ms, bool) or not isinstance(max_ms, (int, float))
                               or not math.isfinite(max_ms) or max_ms <= 0):
        raise ValueError(f"max_ms must be a positive number of milliseconds (or None), not {excerpt(max_ms)}")


def heaviness(move: Move) -> int:
    """How heavy a move's tile is, for "heaviest tile first": its pips, a double before a
    single of equal pips (twice the pips, plus one for a double); -1 for a pass or a draw."""
    return heaviness_of_tile[move.tile]


class Bot:
    """A player that sees only its :class:`SeatView`; randomness comes from ``rng``."""

    name = "bot"
    quick = False
    """Whether the bot chooses in microseconds: then it is never sent to a worker process."""

    def __init__(self, rng: random.Random | None = None) -> None:
        if rng is not None and not isinstance(rng, random.Random):
            raise ValueError(f"a bot's rng must be a random.Random (or None), not {excerpt(rng)}; "
                             f"make_bot(name, seed) takes a whole-number seed")
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
