"""Playing a sampled world to its end: the play policy and a fast playout on bit masks.

The policy scores a play from what the mover can see (its own tiles and the table), with
weights fitted to real decisions (:data:`POLICY_WEIGHTS`): doubles go first, a player
exposes a number it holds more of, likes both ends to show one number and exposing
numbers that are mostly played out (the weight on pips fitted to almost nothing). Bots
use it twice: as the playout policy (the best scoring play) and as a model of how the
other seats chose (a softmax of the scores).

:func:`fast_playout` plays a world of the games without a draw pile or wild blanks (the
partnership game, four-player Vietnamese) on tile masks, several times faster than
:class:`Hand`; :func:`hand_playout` plays any other game through the engine.
"""

from __future__ import annotations

from typing import Sequence

from ..hand import Hand
from ..move import LEAD, Move
from ..rules import Rules
from ..tiles import ALL_TILES, MASK_WITH

__all__ = ["POLICY_WEIGHTS", "Policy", "features", "fast_playout", "hand_playout", "supports_fast_playout",
           "blocked_result"]

POLICY_WEIGHTS = (0.016, 1.092, 0.389, 0.601, 0.156)
"""Weights of the features of a play (:func:`features`), fitted by maximum likelihood
(a conditional logit) to 4,115 decisions of ``montecarlo`` bots in Six Love hands."""

_HALVES = tuple(t.halves for t in ALL_TILES)
_PIPS = tuple(t.pips for t in ALL_TILES)
_DOUBLE = tuple(int(t.is_double) for t in ALL_TILES)
_EXPOSES = tuple(tuple(t.other(n) if t.has(n) else -1 for n in range(7)) for t in ALL_TILES)
"""``_EXPOSES[tile][n]``: the half a tile shows when its ``n`` touches the line (-1, never
read, where the tile has no ``n``)."""


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
    return (_PIPS[tile], _DOUBLE[tile], (kept & MASK_WITH[exposed]).bit_count(), int(exposed == other_end),
            out_exposed)


class Policy:
    """The score of a play from the mover's side: a weighted sum of features it can see."""

    def __init__(self, weights: Sequence[float] = POLICY_WEIGHTS, sight: tuple[float, float] = (0.0, 0.0)) -> None:
        self.weights = tuple(float(w) for w in weights)
        self.sight = tuple(float(w) for w in sight)
        """Playout-only weights that look at the other hands of a sampled world: the next
        seat cannot follow the play, the partner can."""
        w_pips, w_double, w_follow = self.weights[:3]
        self.base = tuple(w_pips * _PIPS[t] + w_double * _DOUBLE[t] - w_follow for t in range(28))
        """The part of each tile's score that does not depend on the position (less the tile
        itself, which :meth:`plays` counts among the held tiles that follow its exposed half)."""

    def score(self, tile: int, exposed: int, other_end: int, kept: int, out_exposed: int) -> float:
        """The weighted sum of :func:`features` (same arguments)."""
        w_pips, w_double, w_follow, w_same, w_out = self.weights
        return (w_pips * _PIPS[tile] + w_double * _DOUBLE[tile] + w_follow * (kept & MASK_WITH[exposed]).bit_count()
                + w_same * (exposed == other_end) + w_out * out_exposed)

    def plays(self, held: int, left: int, right: int, unplayed: list[int]) -> list[tuple[float, int, int, int]]:
        """``(score, tile, end, exposed)`` of each distinct play (end 0 is left, 1 right).

        ``unplayed[n]``: how many tiles showing ``n`` are not yet on the table.
        """
        _w_pips, _w_double, w_follow, w_same, w_out = self.weights
        base = self.base
        masks = MASK_WITH
        options: list[tuple[float, int, int, int]] = []
        for end, value, other in ((0, left, right), (1, right, left)):
            fitting = held & masks[value]
            while fitting:
                bit = fitting & -fitting
                fitting ^= bit
                tile = bit.bit_length() - 1
                exposed = _EXPOSES[tile][value]
                score = base[tile] + w_follow * (held & masks[exposed]).bit_count() + w_out * (8 - unplayed[exposed])
                if exposed == other:
                    score += w_same
                options.append((score, tile, end, exposed))
            if left == right:
                break  # the right end would only mirror the left
        return options

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


def fast_playout(policy: Policy, held: list[int], left: int, right: int, unplayed: list[int], turn: int
                 ) -> tuple[list[int], int | None]:
    """Play on from a position (after the lead) with ``policy``'s best plays.

    ``held``: each seat's tiles as a mask, in turn order; ``turn`` the index of the seat
    to move; ``unplayed[n]`` how many tiles showing ``n`` are not on the table. The lists
    are changed in place. Returns the final holdings and the index of the seat that
    dominoed, or ``None`` when the hand blocked.
    """
    plays = policy.plays
    halves = _HALVES
    masks = MASK_WITH
    seats = len(held)
    w_block, w_partner = policy.sight
    sighted = (w_block or w_partner) and seats == 4
    exposes = _EXPOSES
    while True:
        mine = held[turn]
        fitting = mine & (masks[left] | masks[right])
        if fitting:
            on_left = fitting & masks[left]
            if not fitting & (fitting - 1) and (left == right or not (on_left and fitting & masks[right])):
                choice = fitting.bit_length() - 1  # one tile with one way to play it
                side, shown = (0, exposes[choice][left]) if on_left else (1, exposes[choice][right])
            elif sighted:
                # the world is known here: prefer plays the next seat cannot follow and the partner can
                following, partner = held[(turn + 1) % 4], held[(turn + 2) % 4]
                best = -1e9
                for score, tile, end, exposed in plays(mine, left, right, unplayed):
                    fits = masks[exposed] | masks[right if end == 0 else left]
                    score += w_block * (not following & fits) + w_partner * bool(partner & fits)
                    if score > best:
                        best, choice, side, shown = score, tile, end, exposed
            else:
                _score, choice, side, shown = max(plays(mine, left, right, unplayed))
            mine ^= 1 << choice
            held[turn] = mine
            low, high = halves[choice]
            unplayed[low] -= 1
            if high != low:
                unplayed[high] -= 1
            if side:
                right = shown
            else:
                left = shown
            if not mine:
                return held, turn
            if unplayed[left] == 0 and unplayed[right] == 0:
                return held, None
        turn = turn + 1 if turn + 1 < seats else 0


def blocked_result(rules: Rules, pips: list[int], counts: list[int], seats: tuple[str, ...]) -> tuple[str | None, bool]:
    """Who wins a blocked hand from each seat's count: ``(winner, tie)``.

    The winner is a team (``NS``/``EW``) in the partnership game, a seat in the Vietnamese
    game (``pips`` already counting the 0-0 as ``Rules.double_blank_pips``), as RULES.md's
    blocked count says.
    """
    if rules.is_partnership:
        teams = ["NS" if seat in ("N", "S") else "EW" for seat in seats]
        if rules.blocked_rule == "lowest_team_total":
            totals = {"NS": 0, "EW": 0}
            for team, count in zip(teams, pips):
                totals[team] += count
            if totals["NS"] == totals["EW"]:
                return None, True
            return ("NS" if totals["NS"] < totals["EW"] else "EW"), False
        lowest = min(pips)
        winners = {team for team, count in zip(teams, pips) if count == lowest}
        return (winners.pop(), False) if len(winners) == 1 else (None, True)
    lowest = min(pips)
    lowest_seats = [i for i, count in enumerate(pips) if count == lowest]
    if len(lowest_seats) > 1 and rules.tie_rule == "fewest_tiles":
        fewest = min(counts[i] for i in lowest_seats)
        lowest_seats = [i for i in lowest_seats if counts[i] == fewest]
    return (seats[lowest_seats[0]], False) if len(lowest_seats) == 1 else (None, True)


def hand_playout(policy: Policy, hand: Hand) -> Hand:
    """Play ``hand`` to its end through the engine with ``policy``'s best moves (any game)."""
    legal = hand.legal_move_list
    push = hand.push_unchecked
    unplayed = [7] * 7
    for first, second in hand.line:
        unplayed[first] -= 1
        if second != first:
            unplayed[second] -= 1
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
        placed = move.placed  # the tile's halves, for a lead or a play
        if placed is not None:
            low, high = placed
            unplayed[low] -= 1
            if high != low:
                unplayed[high] -= 1
    return hand

