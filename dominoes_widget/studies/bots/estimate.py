"""What a bot's analysis says about one legal move: its chances, their uncertainty, the samples.

:meth:`InferenceBot.evaluate <dominoes_widget.studies.bots.inference.InferenceBot.evaluate>` returns
one :class:`MoveEstimate` per legal move. Chances are for the *mover's side* to win the
hand being played (the team in the partnership game, the player in the Vietnamese game);
a hand without a winner (a tie) has its own probability, so ``win + tie + loss == 1``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ...engine.move import Move

__all__ = ["MoveEstimate", "wilson_interval"]

Z95 = 1.959964


@dataclass(frozen=True)
class MoveEstimate:
    """The estimated outcome of the hand if the mover makes ``move``.

    ``win``, ``tie`` and ``loss`` are probabilities for the mover's side, estimated from
    the sampled deals. ``samples`` is the number of sampled deals behind the estimate and
    ``effective_samples`` what they are worth once weighted by how likely each deal is;
    ``stderr`` is the standard error of ``win`` and ``interval`` its 95% (Wilson) interval,
    both from ``effective_samples``.
    ``mirrors`` lists the other legal moves that give the same position (the same tile on
    the other end when both ends show one number, or a lead written the other way round):
    they share this estimate. ``margin`` is the mean pip count of the other side minus the
    mover's side at the end (a tie-breaker).
    """

    move: Move
    win: float
    tie: float
    stderr: float
    interval: tuple[float, float]
    samples: int
    effective_samples: float
    margin: float = 0.0
    mirrors: tuple[Move, ...] = ()

    @property
    def loss(self) -> float:
        return max(0.0, 1.0 - self.win - self.tie)

    @property
    def value(self) -> float:
        """The expected share of the hand: a win counts 1, a tie one half. Moves rank by it."""
        return self.win + self.tie / 2

    def __str__(self) -> str:
        low, high = self.interval
        return (f"{self.move}: win {100 * self.win:.0f}% (95% {100 * low:.0f}–{100 * high:.0f}%), "
                f"tie {100 * self.tie:.0f}%, {self.samples} samples")


def wilson_interval(successes: float, trials: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval (95% by default) of ``successes`` in ``trials``, either of them
    possibly fractional (weighted samples). With no trials nothing is known: ``(0.0, 1.0)``."""
    if trials <= 0:
        return (0.0, 1.0)
    n = trials
    p = successes / trials
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(max(p * (1 - p), 0.0) / n + z * z / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))
