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
from ...engine.masks import EXPOSES, MASK_WITH, PIPS, blocked_winner, is_blocked, mask_of, pips, take_out, unplayed_counts
from ...engine.move import DRAW, LEAD, PLAY, Move
from ...engine.tiles import Tile
from ...engine.views import SeatView
from .base import Bot, check_budget, heaviness
from .endgame import solve
from .estimate import MoveEstimate, wilson_interval
from .montecarlo import WorldSampler, _drawn_state, move_groups
from .playout import (Policy, fast_playout, hand_playout, pile_playout, supports_fast_playout,
                      supports_pile_playout)
from .world_results import MoveSums, PairedGap, RecomputedResults, Result, WorldResults, world_results

try:
    import numpy as np

    if not hasattr(np, "bitwise_count"):  # (numpy before 2.0: as without it)
        raise ImportError("numpy 2.0 or later")
    from .batch_playout import BLOCKED, batch_pile_playout, batch_playout
except ImportError:  # (the JupyterLite site ships no numpy: worlds are then played out one at a time)
    np = None  # type: ignore[assignment]

__all__ = ["InferenceBot", "Worlds", "DEFAULT_ROLLOUTS", "ANALYSIS_ROLLOUTS"]

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
    weight and every distinct move's result in it (each move tried in the same worlds).

    The results and their weighted sums are kept in arrays as worlds arrive
    (:mod:`~dominoes_widget.studies.bots.world_results`); with numpy the worlds of a call
    to :meth:`add` are played out together (:func:`~dominoes_widget.studies.bots.batch_playout.batch_playout`),
    each exactly as :func:`~dominoes_widget.studies.bots.playout.fast_playout` plays it alone (in a
    game with a draw pile, :func:`~dominoes_widget.studies.bots.batch_playout.batch_pile_playout`,
    each as :func:`~dominoes_widget.studies.bots.playout.pile_playout` plays it).
    """

    def __init__(self, bot: InferenceBot, view: SeatView) -> None:
        if not view.legal_moves:
            raise ValueError(f"{view.seat} has no move to evaluate: it is {view.turn}'s turn")
        self.groups = move_groups(view)
        """The legal moves in groups of mirror images; results are per group, in this order."""
        self.table = world_results(len(self.groups))
        """Every world's weight and results, with the sums of :meth:`move_sums` and :meth:`paired_gap`."""
        self._play = _Player(view, bot.policy, bot.endgame)
        self._inference = bot.inference
        self._evidence = _Evidence(view, bot.policy) if bot.inference else None
        self._sampler = WorldSampler(view)
        self._rng = bot.rng

    @property
    def results(self) -> list[list[Result | None]]:
        """``results[world][group]``: ``(win, tie, margin)`` from the mover's side (``None``
        where the group was not played out)."""
        return self.table.results

    @property
    def log_weights(self) -> list[float]:
        """Each world's weight, as a logarithm."""
        return self.table.log_weights

    @property
    def count(self) -> int:
        """How many worlds have been sampled."""
        return len(self.table)

    def add(self, count: int, deadline: float | None = None, playing: set[int] | None = None) -> None:
        """Sample ``count`` more worlds (fewer once ``time.perf_counter()`` passes ``deadline``;
        at least one), and play every distinct move out in each (or the groups ``playing``).

        Worlds are dealt in the order one at a time would deal them, so the worlds (and the
        results) for a seed do not depend on how many are played out together. With a
        deadline they come in batches of 1, 2, 4, ... worlds, the clock read between batches.
        """
        chosen = [index for index in range(len(self.groups)) if playing is None or index in playing]
        done, batch = 0, 1 if deadline is not None else count
        while done < count:
            size = min(batch, count - done)
            self._add_batch(size, chosen)
            done += size
            if deadline is not None and time.perf_counter() > deadline:
                break
            batch = min(2 * batch, _BATCH_MOST)

    def _add_batch(self, count: int, chosen: list[int]) -> None:
        moves = [self.groups[index][0] for index in chosen]
        if self._play.fast and isinstance(self.table, WorldResults):
            self._add_together(count, chosen, moves, self.table)
        elif self._play.pile_fast and not any(move.action == DRAW for move in moves):
            self._add_with_pile(count, chosen, moves)
        else:
            self._add_through_engine(count, chosen, moves)

    def _add_together(self, count: int, chosen: list[int], moves: list[Move], table: WorldResults) -> None:
        """Worlds dealt as masks, weighed and played out together (numpy)."""
        masks = [self._sampler.sample_masks(self._rng)[0] for _ in range(count)]
        log_weights = self._log_weights_together(masks) if self._evidence else np.zeros(count)
        _add_columns(table, len(self.groups), chosen, log_weights, self._play.many(masks, moves))

    def _log_weights_together(self, masks: list[dict[str, int]]) -> np.ndarray:
        evidence = self._evidence
        assert evidence is not None, "weighed only with the other seats' plays to weigh by"
        if not evidence.items:
            return np.zeros(len(masks))
        by_seat = {seat: np.array([held[seat] for held in masks], dtype=np.int64) for seat in masks[0]}
        return self._inference * evidence.log_likelihoods(by_seat)

    def _add_with_pile(self, count: int, chosen: list[int], moves: list[Move]) -> None:
        """Worlds of a game with a draw pile, dealt as masks and played out on them one by one."""
        dealt = [self._sampler.sample_masks(self._rng) for _ in range(count)]
        evidence = self._evidence
        log_weights: list[float]
        if evidence is None:
            log_weights = [0.0] * count
        elif np is not None:
            log_weights = self._log_weights_together([held for held, _pile in dealt]).tolist()
        else:
            log_weights = [self._inference * evidence.log_likelihood_of_masks(held) for held, _pile in dealt]
        if isinstance(self.table, WorldResults) and count * len(moves) >= _BATCH_FROM:  # played out together
            _add_columns(self.table, len(self.groups), chosen, np.asarray(log_weights, dtype=np.float64),
                         self._play.many_with_pile(dealt, moves))
            return
        rows = []
        for held, pile in dealt:
            row: list[Result | None] = [None] * len(self.groups)
            for index, move in zip(chosen, moves):
                row[index] = self._play.with_pile(held, pile, move)
            rows.append(row)
        self.table.add_rows(log_weights, rows)

    def _add_through_engine(self, count: int, chosen: list[int], moves: list[Move]) -> None:
        """Worlds dealt and played out one by one (without numpy, or a game the masks do not play)."""
        evidence, inference, sampler, rng = self._evidence, self._inference, self._sampler, self._rng
        worlds = [sampler.sample(rng) for _ in range(count)]
        log_weights = [inference * evidence.log_likelihood(held) if evidence else 0.0 for held, _pile in worlds]
        rows = []
        for held, pile in worlds:
            row: list[Result | None] = [None] * len(self.groups)
            for index, move in zip(chosen, moves):
                row[index] = self._play(held, pile, move)
            rows.append(row)
        self.table.add_rows(log_weights, rows)

    @property
    def cut_alike(self) -> bool:
        """Whether worlds added in several calls give the very sums one call gives: without numpy
        (they are recomputed over every world); with numpy a call's worlds are summed together, so
        the last digits of the sums depend on how the worlds were cut into calls."""
        return not isinstance(self.table, WorldResults)

    def weights(self) -> list[float]:
        """Each world's weight, the heaviest 1."""
        return self.table.weights()

    def move_sums(self, index: int) -> MoveSums:
        """Group ``index``'s weighted sums (weights relative to the heaviest world) over the worlds it was played in."""
        return self.table.move_sums(index)

    def paired_gap(self, best: int, other: int) -> PairedGap:
        """What group ``other`` gives away against group ``best``, in share (a win 1, a tie
        one half), world by world over the worlds both were played in: the weighted mean and
        the variance of that mean."""
        return self.table.paired_gap(best, other)

    def estimates(self) -> list[MoveEstimate]:
        """One estimate per legal move, best first (see :meth:`InferenceBot.evaluate`)."""
        return _estimates(self.groups, self.table)


_BATCH_MOST = 4096
"""The most worlds :meth:`Worlds.add` deals and plays out at once."""
_BATCH_FROM = 256
"""Played-out hands below which a batch is played one world at a time (numpy's cost per
step outweighs the gain below about this many: ``benchmarks/batch_playout_speed.py``)."""


def _add_columns(table: WorldResults, groups: int, chosen: list[int], log_weights: np.ndarray,
                 results: tuple[np.ndarray, np.ndarray, np.ndarray]) -> None:
    """Add worlds whose results (win, tie, margin ``[worlds, chosen]``) are for the groups ``chosen`` alone."""
    shape = (len(log_weights), groups)
    full = [np.zeros(shape), np.zeros(shape), np.zeros(shape)]
    for values, part in zip(full, results):
        values[:, chosen] = part
    played = np.zeros(shape, dtype=bool)
    played[:, chosen] = True
    table.add(log_weights, full[0], full[1], full[2], played)


def _estimates(groups: list[list[Move]], table: WorldResults | RecomputedResults) -> list[MoveEstimate]:
    """Weighted means of the played-out results, one estimate per legal move, best first
    (a group not played out in a world is judged on the worlds it was)."""
    ranked = []
    for index, group in enumerate(groups):
        sums = table.move_sums(index)
        total = sums.weight
        effective = total * total / sums.weight_sq
        win, tie, margin = sums.win / total, sums.tie / total, sums.margin / total
        stderr = math.sqrt(max(win * (1 - win), 0.0) / effective)
        interval = wilson_interval(win * effective, effective)
        rank = (-(win + tie / 2), -margin, -heaviness(group[0]), index)
        for move in group:
            mirrors = tuple(m for m in group if m != move)
            ranked.append((rank, MoveEstimate(move, win, tie, stderr, interval, sums.samples, effective, margin,
                                              mirrors)))
    ranked.sort(key=lambda item: item[0])
    return [estimate for _rank, estimate in ranked]


class _Player:
    """Plays a candidate move in a sampled world and the rest of the hand with the policy.

    Calling it gives ``(win, tie, margin)`` from the mover's side: 1 or 0 for a win and a
    tie, and the pip count of the other side minus the mover's side. :meth:`many` plays
    moves in many worlds at once (numpy), with the same results.
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
        self.pile_fast = supports_pile_playout(rules)
        """Whether a game with a draw pile or wild blanks is played out on masks (:func:`~dominoes_widget.studies.bots.playout.pile_playout`)."""
        self.wild = rules.blank_rule == "wild"
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
        self._afters: dict[tuple[Move, bool], tuple[int, list[int], int, int, str | None]] = {}
        self._blocked_values: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[float, float]] = {}

    def __call__(self, held: Mapping[str, Sequence[Tile]], pile: list[Tile], move: Move) -> Result:
        if self.fast:
            return self._fast([mask_of(held[seat]) for seat in self.order], move)
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

    def _after(self, move: Move, solving: bool = True) -> tuple[int, list[int], int, int, str | None]:
        """The position once ``move`` is made, the same in every world: the mover's tile bit
        (0 for a pass), the unplayed counts (a fresh list), the ends, and how the hand ends at
        once (``"domino"``, ``"dead"``), or must be solved (``"solve"``), or ``None``: played out."""
        found = self._afters.get((move, solving))
        if found is None:
            found = self._afters[(move, solving)] = self._position_after(move, solving)
        bit, unplayed, left, right, ending = found
        return bit, unplayed[:], left, right, ending

    def _position_after(self, move: Move, solving: bool) -> tuple[int, list[int], int, int, str | None]:
        unplayed = self.unplayed[:]
        tile, placed, ends = move.tile, move.placed, self.ends
        own = mask_of(self.view.tiles)
        if tile is not None and placed is not None:  # a lead or a play
            bit = 1 << tile
            take_out(unplayed, tile)
            if ends is None:  # no line yet, so a lead: the line is the tile
                left, right = placed
            elif move.end == "L":
                left, right = placed[0], ends[1]
            else:
                left, right = ends[0], placed[1]
            if not own & ~bit:
                return bit, unplayed, left, right, "domino"
            if is_blocked(unplayed, left, right, wild=self.wild):
                return bit, unplayed, left, right, "dead"
        elif ends is not None:  # a pass (then the only legal move): the next seat plays on the same ends
            bit = 0
            left, right = ends
        else:
            raise ValueError(f"{move} cannot be played out: nothing is on the table yet")
        if not solving:
            return bit, unplayed, left, right, None
        tiles_left = len(self.view.tiles) - bool(bit) + sum(n for s, n in self.view.counts.items() if s != self.seat)
        return bit, unplayed, left, right, ("solve" if tiles_left <= self.endgame else None)

    def _fast(self, masks: list[int], move: Move) -> Result:
        bit, unplayed, left, right, ending = self._after(move)
        me = self.me
        masks[me] &= ~bit
        if ending == "domino":
            return float(self.ours[me]), 0.0, self._margin(masks)
        if ending == "dead":
            return self._blocked(masks)
        following = (me + 1) % len(masks)
        if ending == "solve":
            value = solve(masks, left, right, unplayed, following, self.ours, self._block_value)
            return (1.0, 0.0, 0.0) if value == 1.0 else (0.0, 1.0, 0.0) if value == 0.5 else (0.0, 0.0, 0.0)
        masks, domino = fast_playout(self.policy, masks, left, right, unplayed, following)
        if domino is not None:
            return float(self.ours[domino]), 0.0, self._margin(masks)
        return self._blocked(masks)

    def with_pile(self, held: Mapping[str, int], pile: list[Tile], move: Move) -> Result:
        """What calling this player gives, in a game :func:`~dominoes_widget.studies.bots.playout.supports_pile_playout`
        names, from each seat's tiles as a mask: played out on masks, not through the engine."""
        masks = [held[seat] for seat in self.order]
        bit, unplayed, left, right, ending = self._after(move, solving=False)
        me = self.me
        masks[me] &= ~bit
        if ending == "domino":
            return float(self.ours[me]), 0.0, self._margin(masks)
        if ending == "dead":
            return self._blocked(masks)
        masks, domino = pile_playout(self.policy, masks, pile, left, right, unplayed, (me + 1) % len(masks), self.wild)
        if domino is not None:
            return float(self.ours[domino]), 0.0, self._margin(masks)
        return self._blocked(masks)

    def many(self, worlds: Sequence[Mapping[str, int]], moves: Sequence[Move]
             ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``moves`` played out in each of ``worlds`` (each seat's tiles as a mask): win, tie and
        margin arrays ``[worlds, moves]``, world for world what calling this player gives (numpy)."""
        order, me = self.order, self.me
        masks = np.array([[held[seat] for seat in order] for held in worlds], dtype=np.int64)
        count = len(worlds)
        results = np.zeros((3, count, len(moves)))
        playouts: list[tuple[int, np.ndarray, list[int], int, int]] = []
        for column, move in enumerate(moves):
            bit, unplayed, left, right, ending = self._after(move)
            after = masks.copy()
            after[:, me] &= ~bit
            if ending == "domino":
                results[0, :, column] = float(self.ours[me])
                results[2, :, column] = self._margins(after)
            elif ending is None:
                playouts.append((column, after, unplayed, left, right))
            else:
                for row, world in enumerate(after.tolist()):
                    results[:, row, column] = self._fast([m | (bit if s == me else 0) for s, m in enumerate(world)], move)
        if not playouts:
            return results[0], results[1], results[2]
        following = (me + 1) % len(order)
        if count * len(playouts) < _BATCH_FROM:  # too few for numpy to pay: one at a time, the same results
            for column, after, unplayed, left, right in playouts:
                for row, world in enumerate(after.tolist()):
                    final, domino = fast_playout(self.policy, world, left, right, unplayed[:], following)
                    results[:, row, column] = ((float(self.ours[domino]), 0.0, self._margin(final)) if domino is not None
                                               else self._blocked(final))
            return results[0], results[1], results[2]
        held = np.concatenate([after for _c, after, _u, _l, _r in playouts])
        final_masks, winner = batch_playout(
            self.policy, held, np.repeat([left for *_, left, _r in playouts], count),
            np.repeat([right for *_, right in playouts], count),
            np.repeat(np.array([unplayed for _c, _a, unplayed, _l, _r in playouts], dtype=np.int64), count, axis=0),
            np.full(len(held), following))
        self._fill(results, [column for column, *_ in playouts], final_masks, winner)
        return results[0], results[1], results[2]

    def many_with_pile(self, worlds: Sequence[tuple[Mapping[str, int], Sequence[int]]], moves: Sequence[Move]
                       ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """:meth:`many` for a game with a draw pile (each world its tiles as masks and its pile):
        world for world what :meth:`with_pile` gives, the playouts in lock-step
        (:func:`~dominoes_widget.studies.bots.batch_playout.batch_pile_playout`)."""
        order, me = self.order, self.me
        masks = np.array([[held[seat] for seat in order] for held, _pile in worlds], dtype=np.int64)
        piles = np.array([list(pile) for _held, pile in worlds], dtype=np.int64).reshape(len(worlds), -1)
        count = len(worlds)
        results = np.zeros((3, count, len(moves)))
        playouts: list[tuple[int, np.ndarray, list[int], int, int]] = []
        for column, move in enumerate(moves):
            bit, unplayed, left, right, ending = self._after(move, solving=False)
            after = masks.copy()
            after[:, me] &= ~bit
            if ending == "domino":
                results[0, :, column] = float(self.ours[me])
                results[2, :, column] = self._margins(after)
            elif ending == "dead":
                counts = self._counts(after)
                results[2, :, column] = self._margins_of_counts(counts)
                results[0, :, column], results[1, :, column] = self._blocked_values_of(counts, np.bitwise_count(after))
            else:
                playouts.append((column, after, unplayed, left, right))
        if playouts:
            held = np.concatenate([after for _c, after, _u, _l, _r in playouts])
            final_masks, winner = batch_pile_playout(
                self.policy, held, np.tile(piles, (len(playouts), 1)),
                np.repeat([left for *_, left, _r in playouts], count), np.repeat([right for *_, right in playouts], count),
                np.repeat(np.array([unplayed for _c, _a, unplayed, _l, _r in playouts], dtype=np.int64), count, axis=0),
                np.full(len(held), (me + 1) % len(order)), self.wild)
            self._fill(results, [column for column, *_ in playouts], final_masks, winner)
        return results[0], results[1], results[2]

    def _fill(self, results: np.ndarray, columns: list[int], final_masks: np.ndarray, winner: np.ndarray) -> None:
        """Put the results of worlds played out together (``columns`` one after another) into ``results``."""
        count = results.shape[1]
        win = np.where(winner >= 0, np.array(self.ours, dtype=np.float64)[np.maximum(winner, 0)], 0.0)
        tie = np.zeros(len(final_masks))
        counts = self._counts(final_masks)
        margin = self._margins_of_counts(counts)
        blocked = np.flatnonzero(winner == BLOCKED)
        if len(blocked):
            win[blocked], tie[blocked] = self._blocked_values_of(counts[blocked], np.bitwise_count(final_masks[blocked]))
        for values, part in zip(results, (win, tie, margin)):
            values[:, columns] = part.reshape(len(columns), count).T

    def _counts(self, masks: np.ndarray) -> np.ndarray:
        """:func:`~dominoes_widget.engine.masks.pips` of each of ``masks``."""
        return _PIP_TABLE[0][masks & 127] + _PIP_TABLE[1][masks >> 7 & 127] + _PIP_TABLE[2][masks >> 14 & 127] \
            + _PIP_TABLE[3][masks >> 21] + self.double_blank * (masks & 1)

    def _margins(self, masks: np.ndarray) -> np.ndarray:
        """:meth:`_margin` of each row of masks (turn order)."""
        return self._margins_of_counts(self._counts(masks))

    def _margins_of_counts(self, counts: np.ndarray) -> np.ndarray:
        ours = np.array(self.ours)
        if self.rules.is_partnership:
            return (counts[:, ~ours].sum(axis=1) - counts[:, ours].sum(axis=1)).astype(np.float64)
        return (counts[:, ~ours].min(axis=1) - counts[:, self.me]).astype(np.float64)

    def _blocked_values_of(self, counts: np.ndarray, tiles: np.ndarray) -> tuple[np.ndarray | list[float], np.ndarray | list[float]]:
        """(wins, ties) of blocked hands from each seat's count and tiles held, by
        :func:`~dominoes_widget.engine.masks.blocked_winner` (kept: the same counts recur; every
        hand at once in the Vietnamese game, where the seat alone on the lowest count wins)."""
        if not self.rules.is_partnership:
            lowest = counts == counts.min(axis=1, keepdims=True)
            if self.rules.tie_rule == "fewest_tiles":  # among the lowest, the fewest tiles
                among = np.where(lowest, tiles, 29)
                lowest = among == among.min(axis=1, keepdims=True)
            alone = np.count_nonzero(lowest, axis=1) == 1  # else nobody wins: a tie
            return (alone & lowest[:, self.me]).astype(np.float64), (~alone).astype(np.float64)
        known = self._blocked_values
        rules, order, side = self.rules, self.order, self.side
        wins, ties = [], []
        for key in zip(map(tuple, counts.tolist()), map(tuple, tiles.tolist())):
            found = known.get(key)
            if found is None:
                seat, team, _why, _lowest = blocked_winner(rules, key[0], key[1], order)
                found = known[key] = (0.0, 1.0) if seat is None and team is None else \
                    (float((team or seat) == side), 0.0)
            wins.append(found[0])
            ties.append(found[1])
        return wins, ties

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


_PIP_TABLE = None if np is None else np.array(
    [[sum(PIPS[7 * chunk + i] for i in range(7) if bits >> i & 1) for bits in range(128)] for chunk in range(4)],
    dtype=np.int64)
"""Pip totals of tile masks seven tiles at a time (as :func:`~dominoes_widget.engine.masks.pips` counts them)."""


_Slots = tuple[str, int, "np.ndarray", "np.ndarray", "np.ndarray", "np.ndarray", "np.ndarray", int]
"""A play of :class:`_Evidence` laid out for numpy (see ``_Evidence._slots``)."""


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
            if move.placed is not None and move.tile is not None:  # a lead or a play
                take_out(unplayed, move.tile)
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
        self._slot_table: list[_Slots] | None = None

    def log_likelihoods(self, masks: Mapping[str, np.ndarray]) -> np.ndarray:
        """:meth:`log_likelihood` of many worlds at once (numpy): ``masks[seat][b]`` that seat's
        tiles in world ``b``. Each score is summed as :meth:`Policy.plays` sums it and the
        softmax's terms in its order (numpy's ``exp`` and ``log`` may round a last bit otherwise)."""
        total = np.zeros(len(next(iter(masks.values()))))
        w_follow = self.policy.weights[2]
        for seat, later, tiles, follows, base, out, same, observed in self._slots():
            held = masks[seat] | later
            valid = (held[:, None] >> tiles) & 1 == 1
            counted = valid.sum(axis=1) >= 2
            if not counted.any():
                continue
            score = base + w_follow * np.bitwise_count(held[:, None] & follows)
            score = score + out
            score = score + same
            top = np.where(valid, score, -np.inf).max(axis=1)
            norm = np.zeros(len(held))
            for slot in range(len(tiles)):
                norm = norm + np.where(valid[:, slot], np.exp(score[:, slot] - top), 0.0)
            with np.errstate(divide="ignore", invalid="ignore"):  # (a world with no play here is not counted)
                term = score[:, observed] - top - np.log(norm)
            total = total + np.where(counted, term, 0.0)
        return total

    def _slots(self) -> list[_Slots]:
        """For each play of :attr:`items`, every play the seat could have made there, in
        :meth:`Policy.plays`'s order (the left end's tiles, then the right end's): ``(seat,
        tiles known to be its, each slot's tile, the mask of the number it exposes, and the
        parts of its score that do not depend on the other tiles held, the real play's slot)``."""
        if self._slot_table is None:
            _w_pips, _w_double, _w_follow, w_same, w_out = self.policy.weights
            table: list[_Slots] = []
            for seat, later, left, right, unplayed, tile, end in self.items:
                tiles: list[int] = []
                follows: list[int] = []
                out: list[float] = []
                same: list[float] = []
                observed = 0
                for side, value, other in ((0, left, right), (1, right, left)):
                    for candidate in range(28):
                        if not MASK_WITH[value] >> candidate & 1:
                            continue
                        exposed = EXPOSES[candidate][value]
                        if candidate == tile and side == end:
                            observed = len(tiles)
                        tiles.append(candidate)
                        follows.append(MASK_WITH[exposed])
                        out.append(w_out * (8 - unplayed[exposed]))
                        same.append(w_same if exposed == other else 0.0)
                    if left == right:
                        break
                base = [self.policy.base[t] for t in tiles]
                table.append((seat, later, np.array(tiles, dtype=np.int64), np.array(follows, dtype=np.int64),
                              np.array(base), np.array(out), np.array(same), observed))
            self._slot_table = table
        return self._slot_table

    def log_likelihood(self, held: Mapping[str, Sequence[Tile]]) -> float:
        """The log-probability of the other seats' plays had they held ``held``'s tiles."""
        return self.log_likelihood_of_masks({seat: mask_of(tiles) for seat, tiles in held.items()})

    def log_likelihood_of_masks(self, masks: Mapping[str, int]) -> float:
        """:meth:`log_likelihood` of each seat's tiles as a mask."""
        plays = self.policy.plays
        total = 0.0
        for seat, later, left, right, unplayed, tile, end in self.items:
            mask = masks[seat]
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
