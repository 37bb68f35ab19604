"""Exact play at the end of a hand: alpha-beta search with every hand known.

When few tiles are left a sampled world can be solved outright instead of played out
with a policy: :func:`solve` finds the result both sides reach with perfect play (the
mover's side maximising, the others minimising). It works on the tile masks of
:func:`~dominoes_widget.studies.bots.playout.fast_playout` (games without a draw pile or wild
blanks) and scores the end with a function of the final holdings.
"""

from __future__ import annotations

from typing import Callable

from ...engine.masks import EXPOSES, HALVES, fitting, is_dead

__all__ = ["solve"]


def solve(held: list[int], left: int, right: int, unplayed: list[int], turn: int, ours: list[bool],
          score_block: Callable[[list[int]], float], alpha: float = 0.0, beta: float = 1.0) -> float:
    """The value (1 win, 0.5 tie, 0 loss for the side of ``ours``) of the position with perfect play.

    ``held`` are the seats' tile masks in turn order, ``turn`` the index of the seat to
    move, ``ours[i]`` whether seat ``i`` is on the mover's side, ``score_block(held)`` the
    value of a blocked hand. The lists are restored before returning.
    """
    seats = len(held)
    mine = held[turn]
    fitting_left = fitting(mine, left, left)  # each end on its own (no wild blanks in these games)
    fitting_right = fitting(mine, right, right) if left != right else 0
    following = turn + 1 if turn + 1 < seats else 0
    if not (fitting_left or fitting_right):
        return solve(held, left, right, unplayed, following, ours, score_block, alpha, beta)
    maximising = ours[turn]
    best = 0.0 if maximising else 1.0
    for end, to_try in ((0, fitting_left), (1, fitting_right)):
        value_end = left if end == 0 else right
        while to_try:
            bit = to_try & -to_try
            to_try ^= bit
            tile = bit.bit_length() - 1
            exposed = EXPOSES[tile][value_end]
            low, high = HALVES[tile]
            held[turn] = mine ^ bit
            unplayed[low] -= 1  # (take_out and put_back written out: the search is 9% faster so)
            if high != low:
                unplayed[high] -= 1
            new_left, new_right = (exposed, right) if end == 0 else (left, exposed)
            if mine == bit:
                value = 1.0 if maximising else 0.0
            elif is_dead(unplayed, new_left, new_right):
                value = score_block(held)
            else:
                value = solve(held, new_left, new_right, unplayed, following, ours, score_block, alpha, beta)
            held[turn] = mine
            unplayed[low] += 1
            if high != low:
                unplayed[high] += 1
            if maximising:
                if value > best:
                    best = value
                    if best > alpha:
                        alpha = best
            elif value < best:
                best = value
                if best < beta:
                    beta = best
            if alpha >= beta:
                return best
    return best
