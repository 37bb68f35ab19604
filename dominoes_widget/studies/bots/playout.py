"""Playing a sampled world to its end: the play policy and a fast playout on bit masks.

The policy scores a play from what the mover can see (its own tiles and the table), with
weights fitted to real decisions (:data:`POLICY_WEIGHTS`): doubles go first, a player
exposes a number it holds more of, likes both ends to show one number and exposing
numbers that are mostly played out (the weight on pips fitted to almost nothing). Bots
use it twice: as the playout policy (the best scoring play) and as a model of how the
other seats chose (a softmax of the scores).

:func:`fast_playout` plays a world of the games without a draw pile or wild blanks (the
partnership game, four-player Vietnamese) on tile masks, several times faster than
:class:`Hand`; :func:`pile_playout` plays the Vietnamese game with a draw pile, or with wild
blanks, on masks exactly as :func:`hand_playout` plays it; :func:`hand_playout` plays any
other game through the engine.
"""

from __future__ import annotations

import functools
from typing import Sequence

from ...engine.hand import Hand
from ...engine.masks import EXPOSES, HALVES, MASK_WITH, PIPS, is_dead, plays, take_out, unplayed_counts
from ...engine.move import LEAD, Move
from ...engine.rules import Rules
from ...engine.tiles import ALL_TILES

__all__ = ["POLICY_WEIGHTS", "Policy", "features", "fast_playout", "hand_playout", "supports_fast_playout",
           "pile_playout", "supports_pile_playout"]

POLICY_WEIGHTS = (0.016, 1.092, 0.389, 0.601, 0.156)
"""Weights of the features of a play (:func:`features`), fitted by maximum likelihood
(a conditional logit) to 4,115 decisions of ``montecarlo`` bots in Six Love hands."""

_DOUBLE = tuple(int(t.is_double) for t in ALL_TILES)


def supports_fast_playout(rules: Rules) -> bool:
    """Whether :func:`fast_playout` plays this game: every tile dealt, blanks standard."""
    return not rules.has_boneyard and rules.blank_rule == "standard"


def features(tile: int, exposed: int, other_end: int, kept: int, out_exposed: int) -> tuple[int, ...]:
    """The features of a play, in :data:`POLICY_WEIGHTS` order: its pips, whether it is a
    double, how many kept tiles follow the exposed number, whether both ends then show one
    number, and how many tiles of the exposed number are then out of play.

    ``tile`` is played exposing ``exposed`` beside ``other_end``; the mover keeps the tiles
    of mask ``kept``; ``out_exposed`` tiles showing ``exposed`` are then out of play.
    """
    return (PIPS[tile], _DOUBLE[tile], (kept & MASK_WITH[exposed]).bit_count(), int(exposed == other_end),
            out_exposed)


class Policy:
    """The score of a play from the mover's side: a weighted sum of features it can see."""

    def __init__(self, weights: Sequence[float] = POLICY_WEIGHTS, sight: tuple[float, float] = (0.0, 0.0)) -> None:
        self.weights = tuple(float(w) for w in weights)
        self.sight = tuple(float(w) for w in sight)
        """Playout-only weights that look at the other hands of a sampled world: the next
        seat cannot follow the play, the partner can."""
        w_pips, w_double, w_follow = self.weights[:3]
        self.base = tuple(w_pips * PIPS[t] + w_double * _DOUBLE[t] - w_follow for t in range(28))
        """The part of each tile's score that does not depend on the position (less the tile
        itself, which :meth:`plays` counts among the held tiles that follow its exposed half)."""
        self.on_end = _plays_on_end(self.base)
        """``on_end[n][held & MASK_WITH[n]]``: ``(tile, exposed, base score, mask of the exposed
        number)`` of each play of those tiles on an end showing ``n``, tiles in order."""

    def score(self, tile: int, exposed: int, other_end: int, kept: int, out_exposed: int) -> float:
        """The weighted sum of :func:`features` (same arguments)."""
        w_pips, w_double, w_follow, w_same, w_out = self.weights
        return (w_pips * PIPS[tile] + w_double * _DOUBLE[tile] + w_follow * (kept & MASK_WITH[exposed]).bit_count()
                + w_same * (exposed == other_end) + w_out * out_exposed)

    def plays(self, held: int, left: int, right: int, unplayed: list[int]) -> list[tuple[float, int, int, int]]:
        """``(score, tile, end, exposed)`` of each distinct play (end 0 is left, 1 right).

        ``unplayed[n]``: how many tiles showing ``n`` are not yet on the table.
        """
        _w_pips, _w_double, w_follow, w_same, w_out = self.weights
        on_end = self.on_end
        masks = MASK_WITH
        options: list[tuple[float, int, int, int]] = []
        for end, value, other in ((0, left, right), (1, right, left)):
            for tile, exposed, base, exposed_mask in on_end[value][held & masks[value]]:
                score = base + w_follow * (held & exposed_mask).bit_count() + w_out * (8 - unplayed[exposed])
                if exposed == other:
                    score += w_same
                options.append((score, tile, end, exposed))
            if left == right:
                break  # the right end would only mirror the left
        return options

    def __reduce__(self) -> tuple[object, tuple[tuple[float, ...], tuple[float, ...]]]:
        # Pickled (to a bot worker process) as its weights alone: its tables are 80 kB and
        # take milliseconds to build, so a process builds them once per set of weights.
        return shared_policy, (self.weights, self.sight)

    def move_score(self, move: Move, held: int, ends: tuple[int, int] | None, unplayed: list[int]) -> float:
        """The score of a :class:`Move` (a pass or draw scores 0)."""
        tile, first, exposed = move.tile, move.first, move.second
        if tile is None or first is None or exposed is None:  # a pass or a draw: only a lead or play has all three
            return 0.0
        if move.action == LEAD or ends is None:  # (no ends: the line is empty, so the move is a lead)
            return self.score(tile, first, exposed, held & ~(1 << tile), 8 - unplayed[first])
        left, right = ends
        other = right if move.end == "L" else left
        return self.score(tile, exposed, other, held & ~(1 << tile), 8 - unplayed[exposed])


_PlayEntry = tuple[int, int, float, int]


@functools.lru_cache(maxsize=8)
@functools.lru_cache(maxsize=32)
def shared_policy(weights: tuple[float, ...], sight: tuple[float, ...]) -> Policy:
    """One :class:`Policy` per set of weights in this process (a policy never changes)."""
    return Policy(weights, (sight[0], sight[1]))


def _plays_on_end(base: tuple[float, ...]) -> list[dict[int, tuple[_PlayEntry, ...]]]:
    """For each end number and each subset of the tiles showing it, the plays (see ``Policy.on_end``;
    built once per weights: a bot is made for each decision an analysis judges)."""
    table: list[dict[int, tuple[_PlayEntry, ...]]] = []
    for number in range(7):
        by_subset: dict[int, tuple[_PlayEntry, ...]] = {}
        showing = [t for t in range(28) if MASK_WITH[number] >> t & 1]
        for subset in range(1 << len(showing)):
            mask = sum(1 << t for i, t in enumerate(showing) if subset >> i & 1)
            by_subset[mask] = tuple((tile, EXPOSES[tile][half], base[tile], MASK_WITH[EXPOSES[tile][half]])
                                    for tile, end, half in plays(mask, number, number) if end == 0)
        table.append(by_subset)
    return table


def fast_playout(policy: Policy, held: list[int], left: int, right: int, unplayed: list[int], turn: int
                 ) -> tuple[list[int], int | None]:
    """Play on from a position (after the lead) with ``policy``'s best plays.

    ``held``: each seat's tiles as a mask, in turn order; ``turn`` the index of the seat
    to move; ``unplayed[n]`` how many tiles showing ``n`` are not on the table. The lists
    are changed in place. Returns the final holdings and the index of the seat that
    dominoed, or ``None`` when the hand blocked.
    """
    on_end = policy.on_end
    halves = HALVES
    masks = MASK_WITH
    seats = len(held)
    w_block, w_partner = policy.sight
    _w_pips, _w_double, w_follow, w_same, w_out = policy.weights
    sighted = (w_block or w_partner) and seats == 4
    while True:
        mine = held[turn]
        lefts = on_end[left][mine & masks[left]]
        rights = on_end[right][mine & masks[right]] if left != right else ()  # equal ends: the right mirrors
        if lefts or rights:
            if len(lefts) + len(rights) == 1:  # one tile with one way to play it
                side = 0 if lefts else 1
                choice, shown = (lefts or rights)[0][:2]
            elif sighted:
                # the world is known here: prefer plays the next seat cannot follow and the partner can
                following, partner = held[(turn + 1) % 4], held[(turn + 2) % 4]
                best = -1e9
                for end, other, options in ((0, right, lefts), (1, left, rights)):
                    other_mask = masks[other]
                    for tile, exposed, base, exposed_mask in options:
                        score = base + w_follow * (mine & exposed_mask).bit_count() + w_out * (8 - unplayed[exposed])
                        if exposed == other:
                            score += w_same
                        fits = exposed_mask | other_mask
                        score += w_block * (not following & fits) + w_partner * bool(partner & fits)
                        if score > best:
                            best, choice, side, shown = score, tile, end, exposed
            else:
                _score, choice, side, shown = max(policy.plays(mine, left, right, unplayed))
            mine ^= 1 << choice
            held[turn] = mine
            low, high = halves[choice]  # (take_out written out: this loop is the rollouts', 4% faster so)
            unplayed[low] -= 1
            if high != low:
                unplayed[high] -= 1
            if side:
                right = shown
            else:
                left = shown
            if not mine:
                return held, turn
            if is_dead(unplayed, left, right):
                return held, None
        turn = turn + 1 if turn + 1 < seats else 0


def supports_pile_playout(rules: Rules) -> bool:
    """Whether :func:`pile_playout` plays this game: a draw pile drawn one tile at a time, a
    drawn tile that fits played at once, a block as soon as both ends are dead; blanks standard,
    or wild (then with or without a pile)."""
    return ((rules.has_boneyard and rules.blank_rule == "standard") or rules.blank_rule == "wild") \
        and rules.draw_mode == "one" and rules.drawn_tile_must_play and rules.block_detection == "dead_ends"


def pile_playout(policy: Policy, held: list[int], pile: Sequence[int], left: int, right: int, unplayed: list[int],
                 turn: int, wild: bool = False) -> tuple[list[int], int | None]:
    """:func:`hand_playout` on tile masks, for the games :func:`supports_pile_playout` names.

    As :func:`fast_playout` (the same arguments, changed in place; the same result), with the
    draw pile ``pile`` (top first): a seat that cannot play draws one tile, and plays it at
    once if it fits, else the turn passes; with the pile empty it passes. Each play is the one
    :func:`hand_playout` makes: the best :meth:`Policy.move_score` (no sight weights), ties to
    the higher tile, then the right end, then the higher half shown. ``wild``: blanks wild
    (``blank_rule = "wild"``): an end showing 0 takes any tile, either half touching, and a
    line with such an end is never blocked.
    """
    w_pips, w_double, w_follow, w_same, w_out = policy.weights
    fixed = [w_pips * PIPS[t] + w_double * _DOUBLE[t] for t in range(28)]  # (Policy.score's first two terms)
    masks = MASK_WITH
    halves, exposes = HALVES, EXPOSES
    seats = len(held)
    drawn = 0
    while True:
        mine = held[turn]
        wild_end = wild and (left == 0 or right == 0)
        ends_mask = _ALL if wild_end else masks[left] | masks[right]
        fitting = mine & ends_mask
        if not fitting and drawn < len(pile):  # stuck, with tiles to draw: one, played if it fits
            tile = pile[drawn]
            drawn += 1
            mine |= 1 << tile
            held[turn] = mine
            fitting = (1 << tile) & ends_mask
        if fitting:
            if not wild_end and not fitting & (fitting - 1) and \
                    (left == right or not (fitting & masks[left] and fitting & masks[right])):
                choice = fitting.bit_length() - 1  # one play: hand_playout makes it unscored
                choice_side = 0 if fitting & masks[left] else 1
                shown = exposes[choice][left if choice_side == 0 else right]
            else:
                best: tuple[float, int, bool, int] | None = None
                for side, value, other in ((0, left, right), (1, right, left)):
                    free = wild and value == 0  # a wild end: any tile, either half touching
                    candidates = fitting if free else fitting & masks[value]
                    while candidates:
                        bit = candidates & -candidates
                        candidates ^= bit
                        tile = bit.bit_length() - 1
                        low, high = halves[tile]
                        for exposed in (((high, low) if low != high else (low,)) if free else (exposes[tile][value],)):
                            # Policy.score's sum, term by term in its order, so ties stay ties
                            score = fixed[tile] + w_follow * (mine & ~bit & masks[exposed]).bit_count() \
                                + w_same * (exposed == other) + w_out * (8 - unplayed[exposed])
                            key = (score, tile, side == 1, exposed)
                            if best is None or key > best:
                                best, choice_side = key, side
                    if left == right:
                        break  # the right end would only mirror the left
                assert best is not None, "a fitting tile fits one end at least"
                _score, choice, _right, shown = best
            mine ^= 1 << choice
            held[turn] = mine
            low, high = halves[choice]  # (take_out written out: this loop is the rollouts', 3% faster so)
            unplayed[low] -= 1
            if high != low:
                unplayed[high] -= 1
            if choice_side:
                right = shown
            else:
                left = shown
            if not mine:
                return held, turn
            if unplayed[left] == 0 and unplayed[right] == 0 and not (wild and (left == 0 or right == 0)):  # (is_blocked)
                return held, None
        turn = turn + 1 if turn + 1 < seats else 0


_ALL = (1 << 28) - 1
"""Every tile's bit: what a wild blank end takes."""


def hand_playout(policy: Policy, hand: Hand) -> Hand:
    """Play ``hand`` to its end through the engine with ``policy``'s best moves (any game)."""
    legal = hand.legal_move_list
    push = hand.push_unchecked
    unplayed = unplayed_counts(hand.line)
    while hand.outcome is None:
        moves = legal()
        if len(moves) == 1:
            move = moves[0]
        else:
            held = sum(1 << t for t in hand.held(moves[0].seat))  # the seat to move makes every legal move
            ends = hand.ends
            mirrored = ends is not None and ends[0] == ends[1]
            # ties broken as fast_playout breaks them: the higher tile, then the right end, then the higher half
            move = max(moves, key=lambda m: (policy.move_score(m, held, ends, unplayed),
                                             -1 if m.tile is None else m.tile, m.end == "R" and not mirrored,
                                             m.second or 0))
        push(move)
        if move.placed is not None and move.tile is not None:  # a lead or a play
            take_out(unplayed, move.tile)
    return hand

