"""A judged move as the browser shows it: the coach's panel and the study page send the same figures."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .protocol import JudgedMove

if TYPE_CHECKING:
    from ..studies.judge import Judgement

__all__ = ["judged_move"]


def judged_move(judgement: Judgement, label: str) -> JudgedMove:
    """``judgement`` for the browser, worded ``label``: its win chance and 95% range, its share
    of the hand (a tie counts half, as the strip and the verdicts count) with that range moved
    by half the tie chance, and its gap to the best in points (99%)."""
    half_tie = judgement.tie / 2
    return {"move": judgement.move, "label": label, "win": round(judgement.win, 3), "low": round(judgement.low, 3),
            "high": round(judgement.high, 3), "share": round(judgement.win + half_tie, 3),
            "share_low": round(min(1.0, judgement.low + half_tie), 3),
            "share_high": round(min(1.0, judgement.high + half_tie), 3),
            "gap_low": round(judgement.gap_low, 1), "gap_high": round(judgement.gap_high, 1)}
