"""The judge's verdicts on a class's duplicate deals: each decision a student made (two or more
really different moves) is judged from their seat's view, as the analysis judges a played move
(:attr:`~dominoes_widget.studies.judge.Question.MARK`: the move's mark, and whether some move
was clearly best), in the background; what comes back is kept as a small :class:`Verdict`.

A decision is named by its deal and a key of the position and the move (:func:`decision_key`):
students who stood at the same position and played the same move share one judgement. The
key is a hash of the moves before it: it names no tile.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Mapping

if TYPE_CHECKING:
    from ...engine.views import SeatView
    from ...studies.judge import Judged

__all__ = ["Decision", "Verdict", "decision_key", "position_key", "MISTAKES", "UNJUDGED"]

MISTAKES = ("inaccuracy", "mistake", "blunder")
"""The marks that count as a judged mistake, mildest first."""
UNJUDGED = "unjudged"
"""The mark of a decision the judge could not judge (it failed on it): not waited for any more."""


def position_key(moves: list[str]) -> str:
    """A position of a duplicate deal named by the moves that led to it (hashed: it names no tile)."""
    return hashlib.blake2b("|".join(moves).encode(), digest_size=8).hexdigest()


def decision_key(moves_before: list[str], move: str) -> str:
    """The key of the decision to play ``move`` after ``moves_before``."""
    return f"{position_key(moves_before)}|{move}"


@dataclass(frozen=True)
class Decision:
    """A decision waiting for the judge: deal ``deal``, its :func:`decision_key`, the mover's
    seat view before the move (all the judge is shown) and the move played."""

    deal: int
    key: str
    view: SeatView
    move: str


@dataclass(frozen=True)
class Verdict:
    """What the judge said of a decision: ``mark`` of the move played (``good``, ``inaccuracy``,
    ``mistake``, ``blunder``, ``unclear``; :data:`UNJUDGED`: the judge failed on it), the ``best`` move when one was clearly best, and
    whether the best moves were ``equal``."""

    mark: str
    best: str | None
    equal: bool

    @classmethod
    def of(cls, judged: Judged, move: str) -> "Verdict":
        clear = judged.clear_best
        return cls(judged.verdict_of(move).value, clear.move if clear is not None else None, judged.equal_best)

    @property
    def is_mistake(self) -> bool:
        return self.mark in MISTAKES

    @property
    def judged(self) -> bool:
        """Whether the judge said something of it (not :data:`UNJUDGED`)."""
        return self.mark != UNJUDGED

    def as_json(self) -> list[Any]:
        return [self.mark, self.best, self.equal]

    @classmethod
    def from_json(cls, row: Any) -> "Verdict":
        mark, best, equal = row
        return cls(str(mark), best if best is None else str(best), bool(equal))


def verdicts_from_json(data: Any, deals: int) -> list[dict[str, Verdict]]:
    """Each deal's verdicts as :meth:`Verdict.as_json` kept them (none for a class kept before verdicts)."""
    kept = list(data or [])
    return [{key: Verdict.from_json(row) for key, row in (kept[n] if n < len(kept) else {}).items()}
            for n in range(deals)]


def verdicts_as_json(verdicts: list[dict[str, Verdict]]) -> list[Mapping[str, Any]]:
    return [{key: verdict.as_json() for key, verdict in deal.items()} for deal in verdicts]
