"""The Monte Carlo bot: determinized Monte Carlo over deals of the tiles it cannot see.

For each decision the bot samples *worlds*: deals of the unseen tiles to the other seats
and the draw pile that agree with what its seat view knows (how many tiles each seat
holds, the numbers each seat is known not to hold because it passed or drew on them, the
size of the pile). In every world it plays each candidate move and then the rest of the
hand with a fast rollout policy (heaviest tile first, with some randomness), and scores
the end from its own side's point of view: in the partnership game a team win, tie or
loss (the partner's domino is a win), with the pip margin as a small tie-breaker; in the
Vietnamese game its own win. The move with the best average wins.

The budget is a number of rollouts per decision (``rollouts``), optionally capped by a
time limit (``max_ms``). With the default budget (and no time cap) a decision takes well
under 100 ms on a small machine and the bot is deterministic for a given seed: all its
randomness comes from its ``rng``. A time cap makes the number of rollouts, and so the
choice, depend on the machine's speed.
"""

from __future__ import annotations

import random
import time
from typing import Callable, TypedDict

from ...engine.hand import Hand, group_moves, team_of
from ...engine.masks import fitting, tiles_of
from ...engine.move import DRAW, LEAD, PLAY, Move
from ...engine.tiles import ALL_TILES, MASK_WITH, Tile
from ...engine.views import SeatView
from .base import Bot, check_budget, heaviness

__all__ = ["MonteCarloBot", "WorldSampler", "World", "SearchStats", "sample_world", "rollout", "distinct_moves",
           "move_groups"]

World = tuple[dict[str, tuple[Tile, ...]], list[Tile]]
"""A sampled deal: every seat's tiles, and the draw pile (top first)."""

class SearchStats(TypedDict, total=False):
    """What :class:`MonteCarloBot`'s last decision did (``last_stats``)."""

    candidates: int
    """The distinct moves weighed."""
    worlds: int
    """The sampled worlds each was played out in (0 for a forced move)."""
    scores: dict[str, float]
    """Each candidate's average score."""


class MonteCarloBot(Bot):
    """Monte Carlo over sampled deals of the unseen tiles, with greedy-ish rollouts.

    ``rollouts`` is the budget of played-out hands per decision (shared among the
    candidate moves, each one tried in the same sampled worlds); ``max_ms`` an optional
    time cap per decision; ``epsilon`` the chance that a rollout move is random instead
    of the heaviest tile; ``margin_weight`` the worth of one pip of margin next to a won
    hand (worth 1).
    """

    name = "montecarlo"

    def __init__(self, rng: random.Random | None = None, *, rollouts: int = 600, max_ms: float | None = None,
                 epsilon: float = 0.1, margin_weight: float = 0.002) -> None:
        super().__init__(rng)
        check_budget(rollouts, max_ms)
        for name, value in (("epsilon", epsilon), ("margin_weight", margin_weight)):
            if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
                raise ValueError(f"{name} must be a number of at least 0, not {value!r}")
        self.rollouts = rollouts
        self.max_ms = max_ms
        self.epsilon = epsilon
        self.margin_weight = margin_weight
        self.last_stats: SearchStats = {}
        """What the last decision did: candidates, worlds sampled, average scores."""

    def choose(self, view: SeatView) -> Move:
        moves = view.legal_moves
        candidates = distinct_moves(view)
        if len(candidates) == 1:
            self.last_stats = {"candidates": 1, "worlds": 0}
            return candidates[0]
        deadline = None if self.max_ms is None else time.perf_counter() + self.max_ms / 1000
        rng = self.rng
        rules = view.rules
        seat = candidates[0].seat  # view.seat, known here to be a seat (to move), not a spectator's None
        score = _scorer(view, self.margin_weight)
        sampler = WorldSampler(view)
        line = view.line
        lead_index = view.lead_index
        drawn, drew = _drawn_state(view)
        totals = [0.0] * len(candidates)
        worlds = max(1, self.rollouts // len(candidates))
        epsilon = self.epsilon
        done = 0
        for done in range(1, worlds + 1):
            held, pile = sampler.sample(rng)
            for i, move in enumerate(candidates):
                hand = Hand.from_position(rules, held, pile, line, seat, lead_index=lead_index,
                                          drawn=drawn, drew=drew)
                hand.push_unchecked(move)
                rollout(hand, rng, epsilon)
                totals[i] += score(hand)
            if deadline is not None and time.perf_counter() > deadline:
                break
        best = max(range(len(candidates)), key=lambda i: (totals[i], heaviness(candidates[i])))
        self.last_stats = {"candidates": len(candidates), "worlds": done,
                           "scores": {str(m): totals[i] / done for i, m in enumerate(candidates)}}
        choice = candidates[best]
        return choice if choice in moves else moves[0]


def distinct_moves(view: SeatView) -> list[Move]:
    """The legal moves with mirror images dropped (the first move of each :func:`move_groups` group)."""
    return [group[0] for group in move_groups(view)]


def move_groups(view: SeatView) -> list[list[Move]]:
    """The legal moves in groups of mirror images, in order of first appearance
    (:func:`~dominoes_widget.engine.hand.group_moves` on the view's moves)."""
    return group_moves(view.legal_moves, view.ends)


def _drawn_state(view: SeatView) -> tuple[Tile | None, bool]:
    """Whether the seat has drawn this turn, and the drawn tile if it fits (and must be played)."""
    if not view.moves:
        return None, False
    last = view.moves[-1]
    if last.seat != view.seat or last.action != DRAW:
        return None, False
    tile, ends = last.tile, view.ends
    assert tile is not None and ends is not None, "a seat sees the tile it drew, and draws only once a tile is down"
    left, right = ends
    return (tile if fitting(1 << tile, left, right, view.rules.blank_rule == "wild") else None), True


class WorldSampler:
    """Deals of the unseen tiles that agree with a seat view.

    Each other seat gets as many tiles as it holds, none showing a number it is known
    not to hold (``SeatView.voids``); the draw pile gets the rest, shuffled. Seats are
    filled most constrained first; when the knowledge cannot all be honoured (it can go
    stale after draws) a seat's restriction is dropped rather than fail.
    """

    def __init__(self, view: SeatView) -> None:
        unseen = view.unseen_tiles()
        self.seat = view.seat
        self.own = tuple(view.tiles)
        self.own_mask = sum(1 << t for t in self.own)
        self.unseen_mask = sum(1 << t for t in unseen)
        voids = view.voids()
        self.others: list[tuple[str, int, int]] = []
        """``(seat, tiles it holds, mask of the tiles it may hold)`` of every other seat."""
        for seat in view.rules.seats:
            if seat == view.seat:
                continue
            banned = 0
            for number in voids.get(seat, ()):
                banned |= MASK_WITH[number]
            allowed = self.unseen_mask & ~banned
            self.others.append((seat, view.counts[seat], allowed))
        # most constrained first: the fewest spare tiles beyond what the seat needs
        self.others.sort(key=lambda item: item[2].bit_count() - item[1])
        self.pile_size = view.boneyard_size

    def sample(self, rng: random.Random) -> World:
        """One world: every seat's tiles and the pile (top first)."""
        for _attempt in range(8):
            world = self._try(rng, relax=False)
            if world is not None:
                return world
        world = self._matched(rng)  # rare: the quick way keeps failing, so search for a world
        if world is not None:
            return world
        world = self._try(rng, relax=True)  # the knowledge contradicts itself: honour what fits
        assert world is not None, "relaxed, a seat takes any free tiles, and there are enough"
        return world

    def sample_masks(self, rng: random.Random) -> tuple[dict[str, int], list[Tile]]:
        """:meth:`sample` with every seat's tiles as a mask: the same world for the same ``rng`` state, sooner."""
        if type(rng) is random.Random:  # (its sample() is the one _sample_mask repeats)
            for _attempt in range(8):
                world = self._try_masks(rng)
                if world is not None:
                    return world
            found = self._matched(rng) or self._try(rng, relax=True)
        else:
            found = self.sample(rng)
        assert found is not None, "relaxed, a seat takes any free tiles, and there are enough"
        held, pile = found
        return {seat: sum(1 << t for t in tiles) for seat, tiles in held.items()}, pile

    def _try_masks(self, rng: random.Random) -> tuple[dict[str, int], list[Tile]] | None:
        """:meth:`_try` (not relaxed) on masks, drawing the same random numbers."""
        free = self.unseen_mask
        held = {self.seat: self.own_mask} if self.seat is not None else {}
        for seat, count, allowed in self.others:
            pool_mask = free & allowed
            if pool_mask.bit_count() < count:
                return None
            chosen = _sample_mask(rng, pool_mask, count)
            held[seat] = chosen
            free &= ~chosen
        pile = list(tiles_of(free))
        _shuffle(rng, pile)
        return held, pile

    def _matched(self, rng: random.Random) -> World | None:
        """A world found by bipartite matching of the unseen tiles to places (seat slots, pile)."""
        slots: list[tuple[str | None, int]] = [(seat, allowed) for seat, count, allowed in self.others
                                               for _ in range(count)]
        slots += [(None, self.unseen_mask)] * self.pile_size
        tiles = [t for t in ALL_TILES if self.unseen_mask >> t & 1]
        rng.shuffle(tiles)
        order = list(range(len(slots)))
        rng.shuffle(order)
        holder: list[Tile | None] = [None] * len(slots)

        def place(tile: Tile, visited: set[int]) -> bool:
            for j in order:
                if j in visited or not slots[j][1] >> tile & 1:
                    continue
                visited.add(j)
                there = holder[j]
                if there is None or place(there, visited):
                    holder[j] = tile
                    return True
            return False

        for tile in tiles:
            if not place(tile, set()):
                return None
        held = {self.seat: self.own} if self.seat is not None else {}
        pile: list[Tile] = []
        for (seat, _allowed), placed in zip(slots, holder):
            assert placed is not None, "every place is filled: there are as many places as unseen tiles"
            if seat is None:
                pile.append(placed)
            else:
                held[seat] = held.get(seat, ()) + (placed,)
        for seat, count, _allowed in self.others:
            held.setdefault(seat, ())
        rng.shuffle(pile)
        return held, pile

    def _try(self, rng: random.Random, relax: bool) -> World | None:
        free = self.unseen_mask
        held = {self.seat: self.own} if self.seat is not None else {}  # a spectator holds nothing
        for seat, count, allowed in self.others:
            pool_mask = free & allowed
            if pool_mask.bit_count() < count:
                if not relax:
                    return None
                pool_mask = free
            pool = [t for t in ALL_TILES if pool_mask >> t & 1]
            chosen = rng.sample(pool, count)
            held[seat] = tuple(chosen)
            for t in chosen:
                free &= ~(1 << t)
        pile = [t for t in ALL_TILES if free >> t & 1]
        rng.shuffle(pile)
        return held, pile


def _sample_mask(rng: random.Random, pool_mask: int, count: int) -> int:
    """The mask of ``rng.sample(tiles of pool_mask in order, count)``, drawing the same random
    numbers as ``random.Random.sample`` draws for a population this small (at most 21 tiles:
    it takes the tiles by index, each from those left, with ``getrandbits``), without its cost."""
    pool = list(tiles_of(pool_mask))
    size = len(pool)
    if size > 21:  # (never in these games: then sample() may work another way)
        return sum(1 << t for t in rng.sample(pool, count))
    getrandbits = rng.getrandbits
    chosen = 0
    for left in range(size, size - count, -1):
        bits = left.bit_length()
        index = getrandbits(bits)
        while index >= left:
            index = getrandbits(bits)
        chosen |= 1 << pool[index]
        pool[index] = pool[left - 1]
    return chosen


def _shuffle(rng: random.Random, pile: list[Tile]) -> None:
    """``rng.shuffle(pile)``, drawing the same random numbers as ``random.Random.shuffle`` (each
    index from those left, with ``getrandbits``, as :func:`_sample_mask`), without its cost."""
    getrandbits = rng.getrandbits
    for last in range(len(pile) - 1, 0, -1):
        size = last + 1
        bits = size.bit_length()
        index = getrandbits(bits)
        while index >= size:
            index = getrandbits(bits)
        pile[last], pile[index] = pile[index], pile[last]


def sample_world(view: SeatView, rng: random.Random) -> World:
    """One deal of the unseen tiles consistent with ``view`` (see :class:`WorldSampler`)."""
    return WorldSampler(view).sample(rng)


def rollout(hand: Hand, rng: random.Random, epsilon: float = 0.1) -> Hand:
    """Play ``hand`` to its end: the heaviest tile, or a random move with chance ``epsilon``."""
    legal = hand.legal_move_list
    push = hand.push_unchecked
    rand = rng.random
    while hand.outcome is None:
        moves = legal()
        if len(moves) == 1:
            push(moves[0])
        elif rand() < epsilon:
            push(moves[int(rand() * len(moves))])
        else:
            push(max(moves, key=heaviness))
    return hand


def _scorer(view: SeatView, margin_weight: float) -> Callable[[Hand], float]:
    """A function scoring a finished hand from the point of view of ``view``'s side."""
    seat = view.seat
    assert seat is not None, "a hand is scored for a seat's side, not a spectator's"
    if view.rules.is_partnership:
        team = team_of(seat)
        mine = [s for s in view.rules.seats if team_of(s) == team]
        theirs = [s for s in view.rules.seats if team_of(s) != team]

        def score(hand: Hand) -> float:
            outcome = hand.outcome
            assert outcome is not None, "rollout plays the hand to its end"
            pips = outcome.pips
            margin = sum(pips[s] for s in theirs) - sum(pips[s] for s in mine)
            if outcome.tie:
                return margin_weight * margin
            return (1.0 if outcome.winner_team == team else -1.0) + margin_weight * margin
    else:
        others = [s for s in view.rules.seats if s != seat]

        def score(hand: Hand) -> float:
            outcome = hand.outcome
            assert outcome is not None, "rollout plays the hand to its end"
            pips = outcome.pips
            margin = min(pips[s] for s in others) - pips[seat]
            if outcome.winner_seat is None:
                return margin_weight * margin
            return (1.0 if outcome.winner_seat == seat else -1.0) + margin_weight * margin
    return score
