"""Playing many sampled worlds at once: the playouts' policy in lock-step with numpy.

:func:`batch_playout` takes ``B`` positions as arrays and plays each to its end exactly as
:func:`~dominoes_widget.studies.bots.playout.fast_playout` plays it alone: the same plays, in
the same order of ties, with the scores summed in the same float order, so every world ends
with the same holdings and the same result (the tests hold it world by world; ``fast_playout``
stays the reference). Each step, every unfinished world's seat to move plays or passes; a
finished world leaves the arrays.

The same games as ``fast_playout``: every tile dealt, blanks standard (no pile, no wild ends).
:func:`batch_pile_playout` does the same for :func:`~dominoes_widget.studies.bots.playout.pile_playout`
(the Vietnamese game with a draw pile), which stays its reference.
numpy is imported by the caller's need alone (the engine and the bots run without it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

import numpy as np

from ...engine.masks import EXPOSES, HALVES, MASK_WITH, PIPS
from .playout import pile_playout

if TYPE_CHECKING:
    from .playout import Policy

__all__ = ["batch_playout", "batch_pile_playout", "BLOCKED"]

BLOCKED = -1
""":func:`batch_playout`'s winner for a world whose line blocked."""

_TILES_WITH = [[t for t in range(28) if MASK_WITH[n] >> t & 1] for n in range(7)]
"""``_TILES_WITH[n]``: the seven tiles showing ``n``, in order (as ``Policy.on_end`` lists them)."""
# For ends (left, right) and a slot 0-13 (the left end's seven tiles showing its number, then the
# right end's): the tile, the half it shows once played there, and the other end's number.
_TILE_AT = np.array([[[_TILES_WITH[left][k] for k in range(7)] + [_TILES_WITH[right][k] for k in range(7)]
                      for right in range(7)] for left in range(7)], dtype=np.int64)
_SHOWN_AT = np.array([[[EXPOSES[_TILES_WITH[left][k]][left] for k in range(7)]
                       + [EXPOSES[_TILES_WITH[right][k]][right] for k in range(7)]
                       for right in range(7)] for left in range(7)], dtype=np.int64)
_OTHER_AT = np.array([[[right] * 7 + [left] * 7 for right in range(7)] for left in range(7)], dtype=np.int64)
_MASKS = np.array(MASK_WITH, dtype=np.int64)
_LOW = np.array([low for low, _high in HALVES], dtype=np.int64)
_HIGH = np.array([high for _low, high in HALVES], dtype=np.int64)
_SIDE = np.repeat([0, 1], 7)
_EXPOSE = np.array(EXPOSES, dtype=np.int64)
_TAIL = 24
"""Worlds left below which :func:`batch_pile_playout` plays the rest one by one (``pile_playout``)."""


def _begin(h: np.ndarray, left: Sequence[int] | np.ndarray, right: Sequence[int] | np.ndarray,
           unplayed: Sequence[Sequence[int]] | np.ndarray, turn: Sequence[int] | np.ndarray
           ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The two playouts' arrays before the first step: the final holdings (as dealt until a
    world ends), the winners (none yet), and copies of the ends, unplayed counts and turns."""
    return (h.copy(), np.full(len(h), BLOCKED, dtype=np.int64), np.array(left, dtype=np.int64, copy=True),
            np.array(right, dtype=np.int64, copy=True), np.array(unplayed, dtype=np.int64, copy=True),
            np.array(turn, dtype=np.int64, copy=True))


def _play(h: np.ndarray, l: np.ndarray, r: np.ndarray, u: np.ndarray, t: np.ndarray, played: np.ndarray,
          held: np.ndarray, choice: np.ndarray, side: np.ndarray, shown: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Rows ``played`` (their seat to move holding ``held``) play tile ``choice`` on ``side`` (0
    left, 1 right), where it shows ``shown``: their holdings, unplayed counts and ends change in
    place. Returns, for those rows, whether the seat dominoed and whether the line is now dead."""
    held_now = held ^ (np.int64(1) << choice)
    h[played, t[played]] = held_now
    low, high = _LOW[choice], _HIGH[choice]
    u[played, low] -= 1
    u[played, high] -= (high != low)
    l[played] = np.where(side == 0, shown, l[played])
    r[played] = np.where(side == 1, shown, r[played])
    domino = held_now == 0
    return domino, ~domino & (u[played, l[played]] == 0) & (u[played, r[played]] == 0)


def batch_playout(policy: Policy, held: Sequence[Sequence[int]] | np.ndarray, left: Sequence[int] | np.ndarray,
                  right: Sequence[int] | np.ndarray, unplayed: Sequence[Sequence[int]] | np.ndarray,
                  turn: Sequence[int] | np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Play ``B`` worlds on from positions after the lead with ``policy``'s best plays.

    ``held[b]``: world ``b``'s holdings as tile masks, in turn order (``B`` × seats);
    ``left[b]``/``right[b]`` its open ends; ``unplayed[b][n]`` how many tiles showing ``n`` are
    not on the table (``B`` × 7); ``turn[b]`` the index of its seat to move. The arguments are
    not changed. Returns the final holdings (``B`` × seats) and each world's winner: the index
    of the seat that dominoed, or :data:`BLOCKED`.
    """
    h = np.array(held, dtype=np.int64, copy=True)
    if h.size == 0:  # no worlds
        return h.reshape(0, h.shape[1] if h.ndim == 2 else 0), np.zeros(0, dtype=np.int64)
    count, seats = h.shape
    final, winner, l, r, u, t = _begin(h, left, right, unplayed, turn)
    world = np.arange(count)  # each row's world, as finished rows leave

    base = np.array(policy.base, dtype=np.float64)
    _w_pips, _w_double, w_follow, w_same, w_out = policy.weights
    w_block, w_partner = policy.sight
    sighted = bool(w_block or w_partner) and seats == 4
    # a hand ends within 28 plays and a seat passes only while another can play: a bound, not a loop for ever
    for _step in range(64 * seats):
        if not len(world):
            return final, winner
        rows = np.arange(len(world))
        mine = h[rows, t]
        tiles = _TILE_AT[l, r]  # [A, 14]
        valid = ((mine[:, None] >> tiles) & 1).astype(bool)
        valid[:, 7:] &= (l != r)[:, None]  # equal ends: the right would only mirror the left
        moving = valid.any(axis=1)

        played = np.flatnonzero(moving)
        if len(played):
            choice, side, shown = _choose(valid[played], l[played], r[played], mine[played], u[played],
                                          h[played], t[played], base, (w_follow, w_same, w_out, w_block, w_partner),
                                          sighted)
            domino, dead = _play(h, l, r, u, t, played, mine[played], choice, side, shown)
            done = np.zeros(len(world), dtype=bool)
            done[played[domino]] = True
            done[played[dead]] = True
            winner[world[played[domino]]] = t[played[domino]]
            if done.any():
                final[world[done]] = h[done]
                keep = ~done
                h, l, r, u, t, world = h[keep], l[keep], r[keep], u[keep], t[keep], world[keep]
        t = t + 1
        t[t == seats] = 0
    raise RuntimeError("batch_playout: a world did not end (a position no seat can ever play from?)")


def _choose(valid: np.ndarray, l: np.ndarray, r: np.ndarray, mine: np.ndarray, u: np.ndarray, h: np.ndarray,
            t: np.ndarray, base: np.ndarray, weights: tuple[float, float, float, float, float], sighted: bool
            ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The play each of these worlds makes (each has one at least): (tile, side, the half it
    shows), as fast_playout picks it. Only the legal plays are scored, one row each; a world with
    one play takes it unscored."""
    w_follow, w_same, w_out, w_block, w_partner = weights
    world, slot = np.nonzero(valid)  # by world, then slot: fast_playout's order of plays
    counts = np.bincount(world, minlength=len(valid))
    starts = np.concatenate(([0], np.cumsum(counts)[:-1]))
    pick = starts.copy()  # a world with one play takes it
    scored = np.repeat(counts > 1, counts)
    if scored.any():
        world_s, slot_s = world[scored], slot[scored]
        left, right = l[world_s], r[world_s]
        tile, shown, other = _TILE_AT[left, right, slot_s], _SHOWN_AT[left, right, slot_s], _OTHER_AT[left, right, slot_s]
        shown_mask = _MASKS[shown]
        held = mine[world_s]
        # summed as fast_playout sums it, term by term, so ties stay ties
        score = base[tile] + w_follow * np.bitwise_count(held & shown_mask).astype(np.int64)
        score = score + w_out * (8 - u[world_s, shown])
        score = score + np.where(shown == other, w_same, 0.0)
        if sighted:
            seats = h.shape[1]
            turn = t[world_s]
            fits = shown_mask | _MASKS[other]
            following, partner = h[world_s, (turn + 1) % seats], h[world_s, (turn + 2) % seats]
            score = score + (w_block * ((following & fits) == 0) + w_partner * ((partner & fits) != 0))
        multi = np.flatnonzero(counts > 1)
        seg_counts = counts[multi]
        seg_starts = np.concatenate(([0], np.cumsum(seg_counts)[:-1]))
        best = np.repeat(np.maximum.reduceat(score, seg_starts), seg_counts)
        if sighted:  # the first best in order (a strict '>')
            key = np.where(score == best, -np.arange(len(score)), -len(score))
        else:  # max() of (score, tile, end, shown): among the best, the highest tile, then the right end
            key = np.where(score == best, tile * 2 + _SIDE[slot_s], -1)
        top = np.repeat(np.maximum.reduceat(key, seg_starts), seg_counts)
        chosen = np.flatnonzero(key == top)  # one a world: (tile, end) differ within a world
        pick[multi] = np.flatnonzero(scored)[chosen]
    left, right, slot_p = l, r, slot[pick]
    return _TILE_AT[left, right, slot_p], _SIDE[slot_p], _SHOWN_AT[left, right, slot_p]



def batch_pile_playout(policy: Policy, held: Sequence[Sequence[int]] | np.ndarray,
                       piles: Sequence[Sequence[int]] | np.ndarray, left: Sequence[int] | np.ndarray,
                       right: Sequence[int] | np.ndarray, unplayed: Sequence[Sequence[int]] | np.ndarray,
                       turn: Sequence[int] | np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """:func:`batch_playout` for the games :func:`~dominoes_widget.studies.bots.playout.supports_pile_playout`
    names: ``B`` worlds played on exactly as :func:`~dominoes_widget.studies.bots.playout.pile_playout`
    plays each alone.

    The same arguments as :func:`batch_playout`, with ``piles[b]`` world ``b``'s draw pile (top
    first, every world's the same length): a seat that cannot play draws one tile and plays it at
    once if it fits, else passes; with the pile empty it passes. Each play is the best
    :meth:`~dominoes_widget.studies.bots.playout.Policy.move_score` (no sight weights), ties to the
    higher tile, then the right end.
    """
    h = np.array(held, dtype=np.int64, copy=True)
    if h.size == 0:  # no worlds
        return h.reshape(0, h.shape[1] if h.ndim == 2 else 0), np.zeros(0, dtype=np.int64)
    count, seats = h.shape
    pile = np.array(piles, dtype=np.int64).reshape(count, -1)
    depth = pile.shape[1]
    final, winner, l, r, u, t = _begin(h, left, right, unplayed, turn)
    drawn = np.zeros(count, dtype=np.int64)
    world = np.arange(count)
    w_pips, w_double, w_follow, w_same, w_out = policy.weights
    fixed = np.array([w_pips * PIPS[t] + w_double * int(HALVES[t][0] == HALVES[t][1]) for t in range(28)])
    one = np.int64(1)
    # for ends (left, right) as left * 7 + right and a slot 0-13 (as batch_playout's): the tile's bit (0 for
    # the right end's slots when the ends are equal: the right would only mirror the left), the other
    # tiles showing the number it shows, and pile_playout's third term (the ends then the same)
    tile_at, shown_at = _TILE_AT.reshape(49, 14), _SHOWN_AT.reshape(49, 14)
    mirrored = (np.arange(49) // 7 == np.arange(49) % 7)[:, None] & (np.arange(14) >= 7)
    bit_at = np.where(mirrored, 0, one << tile_at)
    kept_at = ~(one << tile_at) & _MASKS[shown_at]
    same_at = w_same * (shown_at == _OTHER_AT.reshape(49, 14))
    # each turn plays a tile, draws one or passes, and no seat passes for ever: a bound, not a loop for ever
    for _step in range(2 * seats * (28 + depth) + seats):
        if len(world) <= _TAIL:  # the last few worlds: one by one costs less than a step for them all
            for number, (masks, rest, drew, left_end, right_end, counts, seat) in zip(world.tolist(), zip(
                    h.tolist(), pile.tolist(), drawn.tolist(), l.tolist(), r.tolist(), u.tolist(), t.tolist())):
                masks, dominoed = pile_playout(policy, masks, rest[drew:], left_end, right_end, counts, seat)
                final[number] = masks
                winner[number] = BLOCKED if dominoed is None else dominoed
            return final, winner
        rows = np.arange(len(world))
        mine = h[rows, t]
        ends = _MASKS[l] | _MASKS[r]
        fitting = mine & ends
        drawing = np.flatnonzero((fitting == 0) & (drawn < depth))
        if len(drawing):  # stuck, with tiles to draw: one, played at once if it fits
            bit = one << pile[drawing, drawn[drawing]]
            drawn[drawing] += 1
            mine[drawing] |= bit
            h[drawing, t[drawing]] = mine[drawing]
            fitting[drawing] = bit & ends[drawing]
        played = np.flatnonzero(fitting)
        if len(played):
            lp, rp, held_p = l[played], r[played], mine[played]
            at = lp * 7 + rp  # the ends, as one index into the tables of plays
            row, slot = np.nonzero((fitting[played, None] & bit_at[at]) != 0)  # by world, then slot
            at = at[row]
            tile = tile_at[at, slot]
            shown = shown_at[at, slot]
            # pile_playout's sum, term by term in its order, so ties stay ties
            score = fixed[tile] + w_follow * np.bitwise_count(held_p[row] & kept_at[at, slot])
            score = score + same_at[at, slot]
            score = score + w_out * (8 - u[played[row], shown])
            starts = np.flatnonzero(np.r_[True, row[1:] != row[:-1]])
            counts = np.diff(np.r_[starts, len(row)])
            best = np.repeat(np.maximum.reduceat(score, starts), counts)
            key = np.where(score == best, tile * 2 + (slot >= 7), -1)  # among the best: the higher tile, then the right end
            key = np.maximum.reduceat(key, starts)
            choice, side = key >> 1, key & 1
            shows = _EXPOSE[choice, np.where(side == 0, lp, rp)]
            domino, dead = _play(h, l, r, u, t, played, held_p, choice, side, shows)
            winner[world[played[domino]]] = t[played[domino]]
            done = np.zeros(len(world), dtype=bool)
            done[played[domino | dead]] = True
            if done.any():
                final[world[done]] = h[done]
                keep = ~done
                h, l, r, u, t, world = h[keep], l[keep], r[keep], u[keep], t[keep], world[keep]
                pile, drawn = pile[keep], drawn[keep]
        t = t + 1
        t[t == seats] = 0
    raise RuntimeError("batch_pile_playout: a world did not end (a position no seat can ever play from?)")
