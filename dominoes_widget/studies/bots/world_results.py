"""The results of one decision's sampled worlds, with the weighted sums its estimates need.

Each world has a weight (how likely the other seats' plays make it, kept as a logarithm)
and, for every distinct move played out in it, a result ``(win, tie, margin)`` from the
mover's side. The estimate of a move is a weighted mean over the worlds it was played in;
the *gap* between two moves a weighted mean of their paired differences of share (a win
1, a tie one half), world by world, with its variance.

:func:`world_results` gives a :class:`WorldResults` that keeps those sums up to date as
worlds arrive, in numpy arrays (per move, and per pair of moves), so that asking for every
move's estimate and gap after each round costs nothing like going over every world again.
Without numpy it gives :class:`RecomputedResults`, which recomputes them from the worlds
each time it is asked (the reference the tests hold the arrays to).
"""

from __future__ import annotations

import math
from typing import NamedTuple, Sequence

try:
    import numpy as np
except ImportError:  # (the JupyterLite site ships no numpy: the judge then recomputes its sums)
    np = None  # type: ignore[assignment]

__all__ = ["Result", "MoveSums", "PairedGap", "WorldResults", "RecomputedResults", "world_results"]

Result = tuple[float, float, float]
"""A played-out world from the mover's side: ``(win, tie, margin)``."""


class MoveSums(NamedTuple):
    """One move's weighted sums over the worlds it was played out in (weights relative to the heaviest world)."""

    weight: float
    weight_sq: float
    win: float
    tie: float
    margin: float
    samples: int


class PairedGap(NamedTuple):
    """What move ``other`` gives away against move ``best``, in share (0-1), over the worlds both
    were played in: the weighted mean of the paired differences and the variance of that mean."""

    mean: float
    variance: float
    samples: int


def world_results(groups: int) -> WorldResults | RecomputedResults:
    """Results for ``groups`` distinct moves: in arrays when numpy is there, else recomputed."""
    return WorldResults(groups) if np is not None else RecomputedResults(groups)


class RecomputedResults:
    """The worlds as lists, every sum recomputed over all of them when asked (no numpy needed)."""

    def __init__(self, groups: int) -> None:
        self.groups = groups
        self.log_weights: list[float] = []
        self.results: list[list[Result | None]] = []
        """``results[world][group]``: that move's result there (``None`` where it was not played out)."""
        self._weights: list[float] | None = None
        self._shares: list[list[float | None]] | None = None

    def __len__(self) -> int:
        return len(self.results)

    def add_rows(self, log_weights: Sequence[float], rows: Sequence[Sequence[Result | None]]) -> None:
        """Add worlds: each one's log weight and its row of results, one per group."""
        self.log_weights.extend(log_weights)
        self.results.extend(list(row) for row in rows)
        self._weights = self._shares = None

    def weights(self) -> list[float]:
        """Each world's weight, the heaviest 1."""
        if self._weights is None:
            top = max(self.log_weights)
            self._weights = [math.exp(lw - top) for lw in self.log_weights]
        return self._weights[:]

    def move_sums(self, index: int) -> MoveSums:
        """Move ``index``'s weighted sums."""
        played = [(w, result) for w, row in zip(self.weights(), self.results) if (result := row[index]) is not None]
        return MoveSums(sum(w for w, _ in played), sum(w * w for w, _ in played), sum(w * r[0] for w, r in played),
                        sum(w * r[1] for w, r in played), sum(w * r[2] for w, r in played), len(played))

    def paired_gap(self, best: int, other: int) -> PairedGap:
        """The paired gap of move ``other`` against move ``best``."""
        if self._shares is None:
            self._shares = [[None if r is None else r[0] + r[1] / 2 for r in row] for row in self.results]
        pairs = [(w, ours - theirs) for w, row in zip(self.weights(), self._shares)
                 if (ours := row[best]) is not None and (theirs := row[other]) is not None]
        total = sum(w for w, _ in pairs)
        mean = sum(w * g for w, g in pairs) / total
        variance = sum(w * w * (g - mean) ** 2 for w, g in pairs) / (total * total)
        return PairedGap(mean, variance, len(pairs))


class WorldResults:
    """The worlds in numpy arrays, with every move's and every pair's weighted sums kept as they arrive.

    The sums are relative to the heaviest world so far (weight 1); when a heavier one comes,
    they are scaled down once. Per pair ``(i, j)``, over the worlds both moves were played in,
    with ``g`` the share of ``i`` less the share of ``j``: the sums of ``w``, ``w²``, ``w·g``,
    ``w²·g`` and ``w²·g²``, from which the weighted mean gap and its variance follow.
    """

    def __init__(self, groups: int) -> None:
        assert np is not None, "world_results() chooses this class only with numpy"
        self.groups = groups
        self._top = -math.inf
        self._chunks: list[tuple[np.ndarray, ...]] = []
        self._count = 0
        zeros = np.zeros
        self._move = zeros((5, groups))  # w, w², w·win, w·tie, w·margin
        self._move_samples = zeros(groups, dtype=np.int64)
        self._pair = zeros((5, groups, groups))  # w, w², w·g, w²·g, w²·g²
        self._pair_samples = zeros((groups, groups), dtype=np.int64)

    def __len__(self) -> int:
        return self._count

    def add(self, log_weights: np.ndarray, win: np.ndarray, tie: np.ndarray, margin: np.ndarray,
            played: np.ndarray) -> None:
        """Add ``B`` worlds: their log weights ``[B]`` and each move's result ``[B, groups]``
        (``played[b, g]`` false where move ``g`` was not played out in world ``b``)."""
        if not len(log_weights):
            return
        log_weights = np.asarray(log_weights, dtype=np.float64)
        played = np.asarray(played, dtype=bool)
        win, tie, margin = (np.where(played, np.asarray(a, dtype=np.float64), 0.0) for a in (win, tie, margin))
        self._chunks.append((log_weights, win, tie, margin, played))
        self._count += len(log_weights)
        top = max(self._top, float(log_weights.max()))
        if top > self._top and self._top > -math.inf:
            scale = math.exp(self._top - top)
            self._move[[0, 2, 3, 4]] *= scale  # (sums of w)
            self._move[1] *= scale * scale  # (of w²)
            self._pair[[0, 2]] *= scale
            self._pair[[1, 3, 4]] *= scale * scale
        self._top = top
        w = np.exp(log_weights - top)
        weight = np.where(played, w[:, None], 0.0)
        self._move[0] += weight.sum(axis=0)
        self._move[1] += (weight * weight).sum(axis=0)
        self._move[2] += (weight * win).sum(axis=0)
        self._move[3] += (weight * tie).sum(axis=0)
        self._move[4] += (weight * margin).sum(axis=0)
        self._move_samples += played.sum(axis=0)
        share = win + tie / 2
        both = played[:, :, None] & played[:, None, :]
        gap = np.where(both, share[:, :, None] - share[:, None, :], 0.0)
        pair_weight = np.where(both, w[:, None, None], 0.0)
        pair_weight_sq = pair_weight * pair_weight
        self._pair[0] += pair_weight.sum(axis=0)
        self._pair[1] += pair_weight_sq.sum(axis=0)
        self._pair[2] += (pair_weight * gap).sum(axis=0)
        self._pair[3] += (pair_weight_sq * gap).sum(axis=0)
        self._pair[4] += (pair_weight_sq * gap * gap).sum(axis=0)
        self._pair_samples += both.sum(axis=0)

    def add_rows(self, log_weights: Sequence[float], rows: Sequence[Sequence[Result | None]]) -> None:
        """Add worlds given as rows of results, one per group (``None`` where not played out)."""
        played = np.array([[r is not None for r in row] for row in rows], dtype=bool).reshape(len(rows), self.groups)
        values = np.array([[r if r is not None else (0.0, 0.0, 0.0) for r in row] for row in rows],
                          dtype=np.float64).reshape(len(rows), self.groups, 3)
        self.add(np.asarray(log_weights, dtype=np.float64), values[:, :, 0], values[:, :, 1], values[:, :, 2], played)

    def _joined(self) -> tuple[np.ndarray, ...]:
        if len(self._chunks) > 1:
            self._chunks = [tuple(np.concatenate(parts) for parts in zip(*self._chunks))]
        return self._chunks[0]

    @property
    def log_weights(self) -> list[float]:
        """Each world's log weight."""
        return self._joined()[0].tolist() if self._chunks else []

    @property
    def results(self) -> list[list[Result | None]]:
        """``results[world][group]`` as lists (built when asked: the sums do not need it)."""
        if not self._chunks:
            return []
        _lw, win, tie, margin, played = self._joined()
        return [[(w, t, m) if p else None for w, t, m, p in zip(*row)]
                for row in zip(win.tolist(), tie.tolist(), margin.tolist(), played.tolist())]

    def weights(self) -> list[float]:
        """Each world's weight, the heaviest 1."""
        return np.exp(self._joined()[0] - self._top).tolist() if self._chunks else []

    def move_sums(self, index: int) -> MoveSums:
        """Move ``index``'s weighted sums."""
        weight, weight_sq, win, tie, margin = self._move[:, index].tolist()
        return MoveSums(weight, weight_sq, win, tie, margin, int(self._move_samples[index]))

    def paired_gap(self, best: int, other: int) -> PairedGap:
        """The paired gap of move ``other`` against move ``best``."""
        total, total_sq, first, second, square = self._pair[:, best, other].tolist()
        mean = first / total
        variance = max(0.0, square - 2 * mean * second + mean * mean * total_sq) / (total * total)
        return PairedGap(mean, variance, int(self._pair_samples[best, other]))
