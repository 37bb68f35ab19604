"""Playing many sampled worlds at once: the playouts' policy in lock-step with numpy.

:func:`batch_playout` takes ``B`` positions as arrays and plays each to its end exactly as
:func:`~dominoes_widget.studies.bots.playout.fast_playout` plays it alone: the same plays, in
the same order of ties, with the scores summed in the same float order, so every world ends
with the same holdings and the same result (the tests hold it world by world; ``fast_playout``
stays the reference). Each step, every unfinished world's seat to move plays or passes; a
finished world leaves the arrays.

The same games as ``fast_playout``: every tile dealt, blanks standard (no pile, no wild ends).
:func:`batch_pile_playout` does the same for :func:`~dominoes_widget.studies.bots.playout.pile_playout`
(the Vietnamese game with a draw pile, or with wild blanks), which stays its reference.
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
    final = h.copy()
    winner = np.full(count, BLOCKED, dtype=np.int64)
    l = np.array(left, dtype=np.int64, copy=True)
    r = np.array(right, dtype=np.int64, copy=True)
    u = np.array(unplayed, dtype=np.int64, copy=True)
    t = np.array(turn, dtype=np.int64, copy=True)
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
            held_now = mine[played] ^ (np.int64(1) << choice)
            h[played, t[played]] = held_now
            low, high = _LOW[choice], _HIGH[choice]
            u[played, low] -= 1
            u[played, high] -= (high != low)
            l[played] = np.where(side == 0, shown, l[played])
            r[played] = np.where(side == 1, shown, r[played])
            domino = held_now == 0
            dead = ~domino & (u[played, l[played]] == 0) & (u[played, r[played]] == 0)
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
                       turn: Sequence[int] | np.ndarray, wild: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """:func:`batch_playout` for the games :func:`~dominoes_widget.studies.bots.playout.supports_pile_playout`
    names: ``B`` worlds played on exactly as :func:`~dominoes_widget.studies.bots.playout.pile_playout`
    plays each alone.

    The same arguments as :func:`batch_playout`, with ``piles[b]`` world ``b``'s draw pile (top
    first, every world's the same length): a seat that cannot play draws one tile and plays it at
    once if it fits, else passes; with the pile empty it passes. Each play is the best
    :meth:`~dominoes_widget.studies.bots.playout.Policy.move_score` (no sight weights), ties to the
    higher tile, then the right end, then the higher half shown. ``wild``: blanks wild, as
    ``pile_playout`` plays them (an end showing 0 takes any tile, either half touching).
    """
    h = np.array(held, dtype=np.int64, copy=True)
    if h.size == 0:  # no worlds
        return h.reshape(0, h.shape[1] if h.ndim == 2 else 0), np.zeros(0, dtype=np.int64)
    count, seats = h.shape
    # each world's seats turned so that its seat to move is the first: then one seat moves in every world at once
    order = (np.array(turn, dtype=np.int64)[:, None] + np.arange(seats)) % seats
    h = np.take_along_axis(h, order, axis=1)
    pile = np.array(piles, dtype=np.int64).reshape(count, -1)
    depth = pile.shape[1]
    final = h.copy()
    winner = np.full(count, BLOCKED, dtype=np.int64)
    at = np.array(left, dtype=np.int64) * 7 + np.array(right, dtype=np.int64)  # the ends, as one index
    u = np.array(unplayed, dtype=np.int64, copy=True)
    drawn = np.zeros(count, dtype=np.int64)
    world = np.arange(count)  # each row's world; -1 once it ended
    ended = 0
    plays = _pile_plays(policy, wild)
    one = np.int64(1)
    seat = 0
    # each turn plays a tile, draws one or passes, and no seat passes for ever: a bound, not a loop for ever
    for _step in range(2 * seats * (28 + depth) + seats):
        if len(world) - ended <= _TAIL:  # the last few worlds: one by one costs less than a step for them all
            going = world >= 0
            for number, (masks, rest, drew, ends, counts) in zip(world[going].tolist(), zip(
                    h[going].tolist(), pile[going].tolist(), drawn[going].tolist(), at[going].tolist(),
                    u[going].tolist())):
                masks, domino = pile_playout(policy, masks, rest[drew:], ends // 7, ends % 7, counts, seat, wild)
                final[number] = masks
                winner[number] = BLOCKED if domino is None else domino
            break
        if 4 * ended > len(world):  # the worlds that ended leave the arrays (till then they only pass)
            keep = world >= 0
            h, at, u, world, pile, drawn = h[keep], at[keep], u[keep], world[keep], pile[keep], drawn[keep]
            ended = 0
        mine = h[:, seat]
        ends = plays.fits[at]
        fitting = mine & ends
        drawing = np.flatnonzero((fitting == 0) & (drawn < depth))
        if len(drawing):  # stuck, with tiles to draw: one, played at once if it fits
            bit = one << pile[drawing, drawn[drawing]]
            drawn[drawing] += 1
            mine[drawing] |= bit  # (mine is h's column)
            fitting[drawing] = bit & ends[drawing]
        played = np.flatnonzero(fitting)
        if len(played):
            at_p, held_p, fitting_p = at[played], mine[played], fitting[played]
            lp, rp = at_p // 7, at_p % 7
            on_left, on_right = fitting_p & plays.left[at_p], fitting_p & plays.right[at_p]
            alone = np.bitwise_count(on_left) + np.bitwise_count(on_right) == 1  # one play: made unscored
            if wild:
                alone &= ~plays.free[at_p]
            choice = np.bitwise_count(np.where(alone, on_left | on_right, 1) - 1).astype(np.int64)
            side = (on_right != 0).astype(np.int64)
            shows = _EXPOSE[choice, np.where(side == 0, lp, rp)]
            scored = np.flatnonzero(~alone)
            if len(scored):
                choice[scored], side[scored], shows[scored] = _best_plays(
                    plays, at_p[scored], fitting_p[scored], held_p[scored], u[played[scored]])
            held_now = held_p ^ (one << choice)
            mine[played] = held_now
            low, high = _LOW[choice], _HIGH[choice]
            counts_at = played * 7
            flat_u = u.reshape(-1)
            flat_u[counts_at + low] -= 1
            flat_u[counts_at + high] -= (high != low)
            lp = np.where(side == 0, shows, lp)
            rp = np.where(side == 1, shows, rp)
            at[played] = lp * 7 + rp
            domino = held_now == 0
            dead = ~domino & (flat_u[counts_at + lp] == 0) & (flat_u[counts_at + rp] == 0)
            if wild:
                dead &= (lp != 0) & (rp != 0)  # a wild end is never dead
            winner[world[played[domino]]] = seat
            done = played[domino | dead]
            if len(done):
                final[world[done]] = h[done]
                world[done] = -1
                h[done] = 0  # an ended world holds nothing and draws nothing more: it passes till it leaves
                drawn[done] = depth
                ended += len(done)
        seat = seat + 1 if seat + 1 < seats else 0
    else:
        raise RuntimeError("batch_pile_playout: a world did not end (a position no seat can ever play from?)")
    # the seats turned back
    held_out = np.empty_like(final)
    np.put_along_axis(held_out, order, final, axis=1)
    rows = np.arange(count)
    return held_out, np.where(winner >= 0, order[rows, np.maximum(winner, 0)], BLOCKED)


def _best_plays(plays: _PilePlays, at: np.ndarray, fitting: np.ndarray, held: np.ndarray, unplayed: np.ndarray
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The best play (tile, side, the half it shows) of worlds with two plays or more, as pile_playout scores them."""
    width = plays.width if plays.width > 14 and plays.free[at].any() else 14  # (the wild ends' plays where one shows 0)
    fits_here = (fitting[:, None] & plays.bit[at, :width]) != 0
    row, slot = np.nonzero(fits_here)  # by world, then slot
    counts = np.count_nonzero(fits_here, axis=1)
    starts = np.cumsum(counts) - counts
    at_r = at[row]
    # pile_playout's sum, term by term in its order, so ties stay ties
    score = plays.fixed[at_r, slot] + plays.w_follow * np.bitwise_count(held[row] & plays.kept[at_r, slot])
    score = score + plays.same[at_r, slot]
    score = score + plays.w_out * (8 - unplayed[row, plays.shown[at_r, slot]])
    best = np.repeat(np.maximum.reduceat(score, starts), counts)
    key = np.maximum.reduceat(np.where(score == best, plays.key[at_r, slot], -1), starts)
    return key // 14, key // 7 % 2, key % 7  # the higher tile, the right end, the higher half


class _PilePlays:
    """:func:`batch_pile_playout`'s tables of plays, by the ends (``left * 7 + right``) and a slot: the
    left end's seven tiles showing its number, then the right end's (0 for the right end's when the
    ends are equal: it would only mirror the left), then, with wild blanks, every tile either half
    touching on a left end showing 0, then on such a right end. Each play's tile bit (0: no play
    there), its score's terms that do not depend on the world, the number it shows, and its key
    among the best (tile, right end, half shown: the higher wins)."""

    def __init__(self, policy: Policy, wild: bool) -> None:
        w_pips, w_double, w_follow, w_same, w_out = policy.weights
        self.w_follow, self.w_out = w_follow, w_out
        touching = [(t, half) for t in range(28) for half in sorted(set(HALVES[t]))]  # (every tile, either half)
        self.width = 14 + 2 * len(touching) if wild else 14
        self.fits = np.zeros(49, dtype=np.int64)
        self.free = np.zeros(49, dtype=bool)
        self.left = np.array([MASK_WITH[ends // 7] for ends in range(49)], dtype=np.int64)
        self.right = np.array([0 if ends // 7 == ends % 7 else MASK_WITH[ends % 7] for ends in range(49)], dtype=np.int64)
        shape = (49, self.width)
        self.bit, self.kept, self.key = np.zeros(shape, np.int64), np.zeros(shape, np.int64), np.zeros(shape, np.int64)
        self.shown, self.fixed, self.same = np.zeros(shape, np.int64), np.zeros(shape), np.zeros(shape)
        for left in range(7):
            for right in range(7):
                ends = left * 7 + right
                wild_ends = [wild and left == 0, wild and right == 0 and left != right]
                self.free[ends] = wild and (left == 0 or right == 0)
                self.fits[ends] = (1 << 28) - 1 if self.free[ends] else MASK_WITH[left] | MASK_WITH[right]
                slots = [(0, left, right, t, left) for t in _TILES_WITH[left]]
                slots += [(1, right, left, t, right) for t in _TILES_WITH[right]]
                if wild:
                    slots += [(0, left, right, t, half) for t, half in touching]
                    slots += [(1, right, left, t, half) for t, half in touching]
                for slot, (side, value, other, tile, half) in enumerate(slots):
                    standard = slot < 14
                    if (side == 1 and left == right) or (not standard and not wild_ends[side]):
                        continue  # no play there
                    shows = EXPOSES[tile][half]
                    self.bit[ends, slot] = 1 << tile
                    self.kept[ends, slot] = ~(1 << tile) & MASK_WITH[shows]
                    self.shown[ends, slot] = shows
                    self.fixed[ends, slot] = w_pips * PIPS[tile] + w_double * int(HALVES[tile][0] == HALVES[tile][1])
                    self.same[ends, slot] = w_same * (shows == other)
                    self.key[ends, slot] = tile * 14 + side * 7 + shows


def _pile_plays(policy: Policy, wild: bool) -> _PilePlays:
    """One :class:`_PilePlays` per policy's weights and blank rule (built in a few ms; a decision plays many batches)."""
    key = (policy.weights, wild)
    found = _PILE_PLAYS.get(key)
    if found is None:
        found = _PILE_PLAYS[key] = _PilePlays(policy, wild)
        if len(_PILE_PLAYS) > 8:
            del _PILE_PLAYS[next(iter(_PILE_PLAYS))]
    return found


_PILE_PLAYS: dict[tuple[tuple[float, ...], bool], _PilePlays] = {}
