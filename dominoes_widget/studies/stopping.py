"""When the judge may stop: the question a caller asks, and which moves still need samples for it.

Pure functions over the moves' gap intervals (the judge's sampling,
:class:`~dominoes_widget.studies.bots.inference.Worlds`, keeps the sums behind them:
:meth:`~dominoes_widget.studies.bots.inference.Worlds.paired_gap`):
:class:`Question`, what a caller needs to know, and :func:`open_moves`, the moves whose
samples could still change that answer (none: the question is answered, stop).

Racing (successive elimination): a move that can no longer change the answer is no longer
played out: each round plays its worlds out with the moves still open alone.
"""

from __future__ import annotations

import enum
from typing import Sequence

__all__ = ["Question", "open_moves", "band_of", "THRESHOLDS", "EQUAL", "LEAD_GAP"]

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
