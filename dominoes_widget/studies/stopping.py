"""When the judge may stop: the question a caller asks, and which moves still need samples for it.

Pure functions over summary statistics, so the judge's sampling (:class:`~dominoes_widget.studies.bots.inference.Worlds`)
can keep its figures however it likes:

- :class:`PairSums`, the weighted sums of one move's gap against another's, deal by deal,
  and :func:`gap_interval`, that gap's interval in points;
- :class:`Question`, what a caller needs to know, and :func:`open_moves`, the moves whose
  samples could still change that answer (none: the question is answered, stop).

Racing (successive elimination): a move that can no longer change the answer is no longer
played out: each round plays its worlds out with the moves still open alone.
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass
from typing import Sequence

__all__ = ["Question", "PairSums", "gap_interval", "open_moves", "band_of", "THRESHOLDS", "EQUAL", "LEAD_GAP"]

THRESHOLDS = (5.0, 10.0, 20.0)
"""The band edges, in points of win share: good under 5, an inaccuracy, a mistake, a blunder from 20."""
EQUAL = 2.0
"""Moves whose gap is known to be under this many points are as good as the best."""
LEAD_GAP = 20.0
"""How far ahead of every other move a puzzle's answer must be (:attr:`Question.LEAD`)."""


class Question(enum.Enum):
    """What a caller of the judge needs to know; the judge samples until that is answered."""

    ALL = "all"
    """Every move placed: its band, and clearly behind the best or as good (the study page)."""
    MARK = "mark"
    """The played move's mark, and whether some move is clearly best (the analysis)."""
    BEST = "best"
    """The best move, the moves as good as each other, or "too close to call" (the coach)."""
    LEAD = "lead"
    """Whether one answer (or answers as good as each other) is :data:`LEAD_GAP` points ahead of every other move (the miner)."""


@dataclass(frozen=True)
class PairSums:
    """Weighted sums of one move's gap ``g`` (the other's share minus its own) over the deals
    both were played out in: ``Σw``, ``Σw·g``, ``Σw²``, ``Σw²·g``, ``Σw²·g²``."""

    weight: float
    gap: float
    weight2: float
    weight2_gap: float
    weight2_gap2: float


def gap_interval(sums: PairSums, z: float) -> tuple[float, float]:
    """The interval, in points, of the gap whose deal-by-deal sums are ``sums``: the weighted
    mean ± ``z`` standard errors, kept within ±100 (a gap is never more than 100)."""
    total = sums.weight
    mean = sums.gap / total
    spread = sums.weight2_gap2 - 2 * mean * sums.weight2_gap + mean * mean * sums.weight2
    half = z * math.sqrt(max(spread, 0.0)) / total
    return max(-100.0, 100 * (mean - half)), min(100.0, 100 * (mean + half))


def band_of(low: float, high: float) -> int | None:
    """The band (0 good, 1 inaccuracy, 2 mistake, 3 blunder) holding all of ``[low, high]``, else ``None``."""
    bottom, top = sum(low >= e for e in THRESHOLDS), sum(high >= e for e in THRESHOLDS)
    return bottom if bottom == top else None


def open_moves(question: Question, gaps: Sequence[tuple[float, float]], played: int | None = None,
               lead: float = LEAD_GAP) -> set[int]:
    """The moves (indexes into ``gaps``) whose samples could still change ``question``'s answer;
    empty once it is answered.

    ``gaps`` are every distinct move's gap interval against the best, the best first
    (``(0, 0)``); ``played`` is the played move's index (for :attr:`Question.MARK`). The best
    is open whenever any other move is, since every gap is measured against it.
    """
    rest = range(1, len(gaps))

    def behind(i: int) -> bool:  # clearly behind the best
        return gaps[i][0] > 0

    def equal(i: int) -> bool:  # clearly as good as the best
        return gaps[i][1] < EQUAL

    def undecided(i: int) -> bool:  # may be the best, or as good, or behind: not known yet
        return not behind(i) and not equal(i)

    if question is Question.ALL:
        needed = {i for i in rest if band_of(*gaps[i]) is None or undecided(i)}
    elif question is Question.BEST:
        needed = {i for i in rest if undecided(i)}
    elif question is Question.MARK:
        shared = any(equal(i) for i in rest)  # a move as good as the best: no move is clearly best
        needed = set() if shared else {i for i in rest if undecided(i)}
        if played is not None and played != 0 and band_of(*gaps[played]) is None:
            needed.add(played)
    elif question is Question.LEAD:
        if any(behind(i) and gaps[i][1] < lead for i in rest) or all(equal(i) for i in rest):
            return set()  # a move in between, or no wrong move at all: no puzzle
        needed = {i for i in rest if undecided(i) or (behind(i) and gaps[i][0] < lead <= gaps[i][1])}
    else:  # pragma: no cover (every question is above)
        raise ValueError(f"question: one of {', '.join(q.name for q in Question)}, not {question!r}")
    return needed | {0} if needed else set()
