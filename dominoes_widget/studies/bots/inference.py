"""The inference bot: Monte Carlo over deals of the unseen tiles, weighted by what the plays say.

Like the Monte Carlo bot it samples *worlds* (deals of the tiles it cannot see that agree
with its seat view) and plays every candidate move out in each of them. What makes it
stronger (each kept because it won duplicate hands against ``montecarlo``):

- **Inference.** A seat's earlier plays say something about its tiles: a player who
  kept a double, or broke a number it holds many of, did so for a reason. Each world is
  weighted by how likely the other seats' plays were, had they held the tiles the world
  gives them, under a model of how players choose (a softmax of
  :class:`~dominoes_widget.studies.bots.playout.Policy` scores fitted to real decisions).
- **A better playout.** The rest of the hand is played with that policy on tile masks
  (:func:`~dominoes_widget.studies.bots.playout.fast_playout`), which in a sampled world also
  likes plays the next seat cannot follow and the partner can.
- **Exact endings.** Once few tiles are left, each world is solved with every hand
  known (:func:`~dominoes_widget.studies.bots.endgame.solve`) instead of played out.

:meth:`InferenceBot.evaluate` gives every legal move's estimated chances with their
uncertainty (:class:`~dominoes_widget.studies.bots.estimate.MoveEstimate`); :meth:`InferenceBot.choose`
plays the best of them. Measured against how hands between strong bots really ended
(``benchmarks/calibration.py``) the estimates are calibrated as they come, so no
correction map is applied. All randomness comes from the bot's ``rng``, so without a time
cap the bot is deterministic for a seed.
"""

from __future__ import annotations

import math
import random
import time
from math import exp, log
from typing import Mapping, Sequence

from ...engine.hand import Hand, team_of
from ...engine.masks import blocked_winner, is_dead, mask_of, pips, unplayed_counts
from ...engine.move import DRAW, LEAD, PLAY, Move
from ...engine.tiles import Tile
from ...engine.views import SeatView
from .base import Bot, check_budget, heaviness
from .endgame import solve
from .estimate import MoveEstimate, wilson_interval
from .montecarlo import WorldSampler, _drawn_state, move_groups
from .playout import Policy, fast_playout, hand_playout, supports_fast_playout

__all__ = ["InferenceBot", "Worlds", "DEFAULT_ROLLOUTS", "ANALYSIS_ROLLOUTS"]

Result = tuple[float, float, float]
"""A played-out world from the mover's side: ``(win, tie, margin)``."""

DEFAULT_ROLLOUTS = 640
"""Played-out hands per decision when choosing a move: the time ``montecarlo`` takes for its 600."""
ANALYSIS_ROLLOUTS = 1200
"""Played-out hands per call of :meth:`InferenceBot.evaluate` when no budget is given."""


class InferenceBot(Bot):
    """Monte Carlo over deals weighted by the other seats' plays, with a fitted playout policy.

    ``rollouts`` is the budget of played-out hands per decision (shared among the distinct
    candidate moves, each tried in the same sampled deals) and ``max_ms`` an optional time
    cap per decision; ``analysis_rollouts`` is :meth:`evaluate`'s default budget.
    ``inference`` scales how much the other seats' plays weigh the deals (0 ignores them);
    ``endgame`` is the number of tiles left in all hands at or below which worlds are
    solved exactly (0: never); ``sight_block`` and ``sight_partner`` weigh, in playouts,
    plays the next seat cannot follow and plays the partner can.
    """

    name = "inference"

    def __init__(self, rng: random.Random | None = None, *, rollouts: int = DEFAULT_ROLLOUTS,
                 max_ms: float | None = None, analysis_rollouts: int = ANALYSIS_ROLLOUTS,
                 inference: float = 1.0, endgame: int = 12, sight_block: float = 2.0,
                 sight_partner: float = 1.0) -> None:
        super().__init__(rng)
        check_budget(rollouts, max_ms)
        check_budget(analysis_rollouts, None, "analysis_rollouts")
        for name, value in (("inference", inference), ("sight_block", sight_block), ("sight_partner", sight_partner)):
            if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
                raise ValueError(f"{name} must be a number of at least 0, not {value!r}")
        if isinstance(endgame, bool) or not isinstance(endgame, int) or endgame < 0:
            raise ValueError(f"endgame must be a whole number of tiles, at least 0, not {endgame!r}")
        self.rollouts = rollouts
        self.max_ms = max_ms
        self.analysis_rollouts = analysis_rollouts
        self.inference = float(inference)
        self.endgame = endgame
        self.policy = Policy(sight=(sight_block, sight_partner))
        self.last_estimates: list[MoveEstimate] = []
        """The estimates behind the last :meth:`choose` (empty when the move was forced)."""

    def choose(self, view: SeatView) -> Move:
        if len(move_groups(view)) == 1:
            self.last_estimates = []
            return view.legal_moves[0]
        self.last_estimates = self.evaluate(view, rollouts=self.rollouts, max_ms=self.max_ms)
        return self.last_estimates[0].move

    def evaluate(self, view: SeatView, *, rollouts: int | None = None, max_ms: float | None = None
                 ) -> list[MoveEstimate]:
        """Every legal move's estimated chances for the mover's side, best first.

        ``rollouts`` (default ``analysis_rollouts``) is the number of played-out hands,
        shared among the distinct moves; ``max_ms`` stops sampling after that many
        milliseconds (at least one deal is always played). Mirror-image moves share one
        estimate, and each legal move gets its own :class:`MoveEstimate`, so the list is
        as long as ``view.legal_moves``. Moves rank by :attr:`MoveEstimate.value`, then by
        the pip margin, then by the heavier tile.
        """
        rollouts = self.analysis_rollouts if rollouts is None else rollouts
        check_budget(rollouts, max_ms)
        worlds = Worlds(self, view)
        worlds.add(max(1, rollouts // len(worlds.groups)),
                   None if max_ms is None else time.perf_counter() + max_ms / 1000)
        return worlds.estimates()


class Worlds:
    """The sampled worlds of one decision, kept so that more can be added: each world's
    weight and every distinct move's result in it (each move tried in the same worlds)."""

    def __init__(self, bot: InferenceBot, view: SeatView) -> None:
        if not view.legal_moves:
            raise ValueError(f"{view.seat} has no move to evaluate: it is {view.turn}'s turn")
        self.groups = move_groups(view)
        """The legal moves in groups of mirror images; results are per group, in this order."""
        self.log_weights: list[float] = []
        self.results: list[list[Result | None]] = []
        """``results[world][group]``: ``(win, tie, margin)`` from the mover's side (``None``
        where the group was not played out)."""
        self._play = _Player(view, bot.policy, bot.endgame)
        self._inference = bot.inference
        self._evidence = _Evidence(view, bot.policy) if bot.inference else None
        self._sampler = WorldSampler(view)
        self._rng = bot.rng

    def add(self, count: int, deadline: float | None = None, playing: set[int] | None = None) -> None:
        """Sample ``count`` more worlds (fewer once ``time.perf_counter()`` passes ``deadline``;
        at least one), and play every distinct move out in each (or the groups ``playing``)."""
        evidence, play, groups = self._evidence, self._play, self.groups
        for _ in range(count):
            held, pile = self._sampler.sample(self._rng)
            self.log_weights.append(self._inference * evidence.log_likelihood(held) if evidence else 0.0)
            self.results.append([play(held, pile, group[0]) if playing is None or index in playing else None
                                 for index, group in enumerate(groups)])
            if deadline is not None and time.perf_counter() > deadline:
                break

    def weights(self) -> list[float]:
        """Each world's weight, the heaviest 1."""
        top = max(self.log_weights)
        return [math.exp(lw - top) for lw in self.log_weights]

    def estimates(self) -> list[MoveEstimate]:
        """One estimate per legal move, best first (see :meth:`InferenceBot.evaluate`)."""
        return _estimates(self.groups, self.log_weights, self.results)


def _estimates(groups: list[list[Move]], log_weights: list[float], results: list[list[Result | None]]
               ) -> list[MoveEstimate]:
    """Weighted means of the played-out results, one estimate per legal move, best first
    (a group not played out in a world, ``None`` there, is judged on the worlds it was)."""
    top = max(log_weights)
    weights = [math.exp(lw - top) for lw in log_weights]
    ranked = []
    for index, group in enumerate(groups):
        played: list[tuple[float, Result]] = [(w, result) for w, r in zip(weights, results)
                                              if (result := r[index]) is not None]
        total = sum(w for w, _ in played)
        effective = total * total / sum(w * w for w, _ in played)
        win = sum(w * r[0] for w, r in played) / total
        tie = sum(w * r[1] for w, r in played) / total
        margin = sum(w * r[2] for w, r in played) / total
        stderr = math.sqrt(max(win * (1 - win), 0.0) / effective)
        interval = wilson_interval(win * effective, effective)
        rank = (-(win + tie / 2), -margin, -heaviness(group[0]), index)
        for move in group:
            mirrors = tuple(m for m in group if m != move)
            ranked.append((rank, MoveEstimate(move, win, tie, stderr, interval, len(played), effective, margin,
                                              mirrors)))
    ranked.sort(key=lambda item: item[0])
    return [estimate for _rank, estimate in ranked]


class _Player:
    """Plays a candidate move in a sampled world and the rest of the hand with the policy.

    Calling it gives ``(win, tie, margin)`` from the mover's side: 1 or 0 for a win and a
    tie, and the pip count of the other side minus the mover's side.
    """

    def __init__(self, view: SeatView, policy: Policy, endgame: int) -> None:
        seat = view.seat
        assert seat is not None, "evaluate() plays out the seat to move, never a spectator"
        self.view = view
        self.seat = seat
        self.ends = view.ends
        self.policy = policy
        self.endgame = endgame
        rules = view.rules
        self.rules = rules
        self.fast = supports_fast_playout(rules)
        self.order = rules.turn_order
        self.me = self.order.index(seat)
        self.side = team_of(seat) if rules.is_partnership else seat
        """The mover's side: what ``Outcome.winner`` and :func:`~dominoes_widget.engine.masks.blocked_winner` name when it wins."""
        if rules.is_partnership:
            self.ours = [team_of(other) == self.side for other in self.order]
        else:
            self.ours = [other == seat for other in self.order]
        self.double_blank = rules.double_blank_pips
        self.unplayed = unplayed_counts(view.line)
        self.drawn, self.drew = _drawn_state(view)

    def __call__(self, held: Mapping[str, Sequence[Tile]], pile: list[Tile], move: Move) -> Result:
        if self.fast:
            return self._fast(held, move)
        view = self.view
        hand = Hand.from_position(self.rules, held, pile, view.line, self.seat, lead_index=view.lead_index,
                                  drawn=self.drawn, drew=self.drew)
        hand.push_unchecked(move)
        outcome = hand_playout(self.policy, hand).outcome
        assert outcome is not None, "hand_playout plays the hand to its end"
        pips = [outcome.pips[seat] for seat in self.order]
        margin = self._margin_of_pips(pips)
        if outcome.winner is None:
            return 0.0, 1.0, margin
        return float(outcome.winner == self.side), 0.0, margin

    def _fast(self, held: Mapping[str, Sequence[Tile]], move: Move) -> Result:
        masks = [mask_of(held[seat]) for seat in self.order]
        unplayed = self.unplayed[:]
        me = self.me
        tile, placed, ends = move.tile, move.placed, self.ends
        if tile is not None and placed is not None:  # a lead or a play
            masks[me] &= ~(1 << tile)
            low, high = placed
            unplayed[low] -= 1
            if high != low:
                unplayed[high] -= 1
            if ends is None:  # no line yet, so a lead: the line is the tile
                left, right = placed
            elif move.end == "L":
                left, right = placed[0], ends[1]
            else:
                left, right = ends[0], placed[1]
            if not masks[me]:
                return float(self.ours[me]), 0.0, self._margin(masks)
            if is_dead(unplayed, left, right):
                return self._blocked(masks)
        elif ends is not None:  # a pass (then the only legal move): the next seat plays on the same ends
            left, right = ends
        else:
            raise ValueError(f"{move} cannot be played out: nothing is on the table yet")
        following = (me + 1) % len(masks)
        if sum(mask.bit_count() for mask in masks) <= self.endgame:
            value = solve(masks, left, right, unplayed, following, self.ours, self._block_value)
            return (1.0, 0.0, 0.0) if value == 1.0 else (0.0, 1.0, 0.0) if value == 0.5 else (0.0, 0.0, 0.0)
        masks, domino = fast_playout(self.policy, masks, left, right, unplayed, following)
        if domino is not None:
            return float(self.ours[domino]), 0.0, self._margin(masks)
        return self._blocked(masks)

    def _pips(self, masks: list[int]) -> list[int]:
        return [pips(mask, self.double_blank) for mask in masks]

    def _blocked(self, masks: list[int]) -> tuple[float, float, float]:
        counts = self._pips(masks)
        seat, team, _why, _lowest = blocked_winner(self.rules, counts, [m.bit_count() for m in masks], self.order)
        margin = self._margin_of_pips(counts)
        if seat is None and team is None:
            return 0.0, 1.0, margin
        return float((team or seat) == self.side), 0.0, margin

    def _block_value(self, masks: list[int]) -> float:
        win, tie, _margin = self._blocked(masks)
        return win + tie / 2

    def _margin(self, masks: list[int]) -> float:
        return self._margin_of_pips(self._pips(masks))

    def _margin_of_pips(self, pips: list[int]) -> float:
        ours = [p for p, mine in zip(pips, self.ours) if mine]
        theirs = [p for p, mine in zip(pips, self.ours) if not mine]
        if self.rules.is_partnership:
            return sum(theirs) - sum(ours)
        return min(theirs) - ours[0]


class _Evidence:
    """The other seats' earlier plays, and how likely each world makes them.

    A play counts when the seat's tiles at that moment follow from a world: the seat has
    drawn nothing since (drawn tiles are hidden) and no wild blank end was open.
    """

    def __init__(self, view: SeatView, policy: Policy) -> None:
        self.policy = policy
        wild = view.rules.blank_rule == "wild"
        last_draw: dict[str, int] = {}
        for index, move in enumerate(view.moves):
            if move.action == DRAW:
                last_draw[move.seat] = index
        unplayed = [7] * 7
        before = []
        for move in view.moves:
            before.append(unplayed[:])
            placed = move.placed  # the tile's halves, for a lead or a play
            if placed is not None:
                low, high = placed
                unplayed[low] -= 1
                if high != low:
                    unplayed[high] -= 1
        played_later: dict[str, int] = {}
        items: list[tuple[str, int, int, int, list[int], Tile, int]] = []
        for index in range(len(view.moves) - 1, -1, -1):
            move = view.moves[index]
            tile = move.tile
            if move.action not in (LEAD, PLAY) or tile is None:  # (a lead or a play always names its tile)
                continue
            seat = move.seat
            played_later[seat] = played_later.get(seat, 0) | 1 << tile
            ends = view.ends_before[index]
            if (seat == view.seat or move.action == LEAD or ends is None or index <= last_draw.get(seat, -1)
                    or (wild and 0 in ends)):  # (only a lead has no ends before it)
                continue
            left, right = ends
            end = 0 if move.end == "L" or left == right else 1  # Policy.plays lists a mirror image once
            items.append((seat, played_later[seat], left, right, before[index], tile, end))
        self.items = items

    def log_likelihood(self, held: Mapping[str, Sequence[Tile]]) -> float:
        """The log-probability of the other seats' plays had they held ``held``'s tiles."""
        plays = self.policy.plays
        total = 0.0
        masks: dict[str, int] = {}
        for seat, later, left, right, unplayed, tile, end in self.items:
            mask = masks.get(seat)
            if mask is None:
                mask = masks[seat] = mask_of(held[seat])
            options = plays(mask | later, left, right, unplayed)
            if len(options) < 2:
                continue
            top = max(options)[0]
            norm = 0.0
            for option in options:
                norm += exp(option[0] - top)
                if option[1] == tile and option[2] == end:
                    observed = option[0]
            total += observed - top - log(norm)
        return total
