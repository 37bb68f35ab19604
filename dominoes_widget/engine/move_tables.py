"""Every move of every seat, built once when the engine loads: legal-move generation and
play-outs hand these out without allocating (a lead, a play on an end with a half touching,
the plays a set of tiles allows on an end showing a number)."""

from __future__ import annotations


from .masks import ALL_MASK, plays
from .move import DRAW, LEAD, PASS, PLAY, Move
from .tiles import ALL_TILES, TILES_WITH, Tile


Leads = dict[str, dict[Tile, list[Move]]]
"""``LEADS[seat][tile]``: the leads of ``tile`` (a double once, else with either half first)."""


Plays = dict[str, dict[Tile, dict[str, dict[int, Move]]]]
"""``PLAYS[seat][tile][end][half]``: ``tile`` played on ``end`` with ``half`` touching."""


def _build_moves() -> tuple[Leads, Plays, dict[str, Move], dict[str, Move]]:
    leads: Leads = {}
    plays: Plays = {}
    passes: dict[str, Move] = {}
    draws: dict[str, Move] = {}
    for seat in "NESW":
        passes[seat] = Move(seat, PASS)
        draws[seat] = Move(seat, DRAW)
        leads[seat] = {}
        plays[seat] = {}
        for t in ALL_TILES:
            low, high = t.halves
            leads[seat][t] = [Move(seat, LEAD, t, first=high)] + ([] if low == high else [Move(seat, LEAD, t, first=low)])
            plays[seat][t] = {end: {half: Move(seat, PLAY, t, end, half) for half in {low, high}} for end in "LR"}
    return leads, plays, passes, draws


LEADS, PLAYS, PASSES, DRAWS = _build_moves()


def _plays_by_subset(seat: str, end: str, number: int) -> dict[int, tuple[Move, ...]]:
    """For every subset of the tiles showing ``number`` (as a bit mask), the plays they allow."""
    side = 0 if end == "L" else 1
    table: dict[int, tuple[Move, ...]] = {}
    for subset in range(1 << len(TILES_WITH[number])):
        mask = sum(1 << t for i, t in enumerate(TILES_WITH[number]) if subset >> i & 1)
        table[mask] = tuple(PLAYS[seat][ALL_TILES[t]][end][half]
                            for t, on, half in plays(mask, number, number) if on == side)
    return table


PLAYS_ON = {seat: tuple([_plays_by_subset(seat, end, n) for n in range(7)] for end in "LR") for seat in "NESW"}
"""``PLAYS_ON[seat][0 for left, 1 for right][n][held & MASK_WITH[n]]``: the plays on an end
showing ``n`` (both ends' tables of a seat in one lookup, for the move loops)."""


Step = tuple[Move, int, int, tuple[int, int], bool]


def _step(move: Move) -> Step:
    tile, second, placed = move.tile, move.second, move.placed
    assert tile is not None and second is not None and placed is not None  # a play names all three
    return (move, 1 << tile, second, placed, move.end == "L")


STEPS_ON = {seat: tuple([{subset: tuple(_step(m) for m in plays) for subset, plays in PLAYS_ON[seat][side][n].items()}
                          for n in range(7)] for side in (0, 1))
             for seat in "NESW"}
"""``STEPS_ON``: :data:`PLAYS_ON`'s plays with what they change, ``(move, tile's bit, the
number it opens, its halves as placed, whether it goes on the left)``, for the play-outs of :mod:`~dominoes_widget.engine.hand`."""


WILD_PLAYS = {seat: {end: tuple((ALL_TILES[t], PLAYS[seat][ALL_TILES[t]][end][half])
                                 for t, on, half in plays(ALL_MASK, 0, 0, wild=True) if on == (end == "R"))
                      for end in "LR"}
               for seat in "NESW"}
"""Every play on a wild blank end, as (tile, play) pairs: any tile, either half touching."""
