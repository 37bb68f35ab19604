"""Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system", 2013): a rating, how
sure it is (the deviation) and how erratic the player is (the volatility).

The learner and each puzzle have one; a puzzle try is a game between them, rated at once
(a rating period of one game, as puzzle sites do). ``tests/test_glicko.py`` checks
:func:`rate` against the worked example of Glickman's paper.

>>> player = Glicko(1500, 200, 0.06)
>>> after = rate(player, [(Glicko(1400, 30), 1.0), (Glicko(1550, 100), 0.0), (Glicko(1700, 300), 0.0)])
>>> round(after.rating, 1), round(after.deviation, 1), round(after.volatility, 6)
(1464.1, 151.5, 0.059996)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable

__all__ = ["Glicko", "rate", "expected", "TAU", "SCALE", "START"]

SCALE = 173.7178
"""Glicko-2's factor between the Glicko scale (1500 ± 350) and its own (0 ± 2.01)."""
TAU = 0.5
"""How much the volatility may change (the paper's 0.3 to 1.2; 0.5 as in its example)."""
EPSILON = 0.000001
"""When the volatility's iteration stops (the paper's value)."""
START = (1500.0, 350.0, 0.06)
"""A new player's rating, deviation and volatility."""
MAX_DEVIATION = 350.0


@dataclass(frozen=True)
class Glicko:
    """A Glicko-2 rating on the Glicko scale: ``rating`` (1500 for a newcomer), ``deviation``
    (350 for a newcomer; 95% of the time the true rating is within twice it) and ``volatility``."""

    rating: float = START[0]
    deviation: float = START[1]
    volatility: float = START[2]

    def as_json(self) -> list[float]:
        return [round(self.rating, 4), round(self.deviation, 4), round(self.volatility, 7)]

    @classmethod
    def from_json(cls, row: object) -> "Glicko":
        """A rating from :meth:`as_json`'s list; ``ValueError`` for anything else."""
        if (not isinstance(row, list) or len(row) != 3
                or not all(isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x) for x in row)
                or not (0 < row[1] <= MAX_DEVIATION and 0 < row[2] < 1)):
            raise ValueError("a rating is [rating, deviation (0 to 350), volatility (0 to 1)]")
        return cls(float(row[0]), float(row[1]), float(row[2]))

    def __str__(self) -> str:
        return f"{self.rating:.0f} ± {2 * self.deviation:.0f}"


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / math.pi ** 2)


def expected(player: Glicko, opponent: Glicko) -> float:
    """The chance (0 to 1) that ``player`` scores against ``opponent``, by Glicko-2's model."""
    mu, mu_j, phi_j = (player.rating - 1500) / SCALE, (opponent.rating - 1500) / SCALE, opponent.deviation / SCALE
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def rate(player: Glicko, games: Iterable[tuple[Glicko, float]], tau: float = TAU) -> Glicko:
    """``player``'s rating after one rating period of ``games``, each ``(opponent, score)`` with a
    score from 0 (lost) to 1 (won); no game: only the deviation grows (the paper's steps 1 to 8)."""
    mu, phi, sigma = (player.rating - 1500) / SCALE, player.deviation / SCALE, player.volatility
    played = [((o.rating - 1500) / SCALE, o.deviation / SCALE, float(s)) for o, s in games]
    if not played:
        grown = min(math.sqrt(phi * phi + sigma * sigma) * SCALE, MAX_DEVIATION)
        return Glicko(player.rating, grown, sigma)
    v_inverse = 0.0
    delta_sum = 0.0
    for mu_j, phi_j, score in played:
        g = _g(phi_j)
        e = 1 / (1 + math.exp(-g * (mu - mu_j)))
        v_inverse += g * g * e * (1 - e)
        delta_sum += g * (score - e)
    v = 1 / v_inverse
    delta = v * delta_sum
    sigma = _volatility(delta, phi, v, sigma, tau)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    phi = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    mu = mu + phi * phi * delta_sum
    return Glicko(1500 + SCALE * mu, min(SCALE * phi, MAX_DEVIATION), sigma)


def _volatility(delta: float, phi: float, v: float, sigma: float, tau: float) -> float:
    """The new volatility: the root of the paper's f(x), found by the Illinois algorithm (step 5)."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    low = a
    if delta * delta > phi * phi + v:
        high = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        high = a - k * tau
    f_low, f_high = f(low), f(high)
    while abs(high - low) > EPSILON:
        c = low + (low - high) * f_low / (f_high - f_low)
        f_c = f(c)
        if f_c * f_high <= 0:
            low, f_low = high, f_high
        else:
            f_low /= 2
        high, f_high = c, f_c
    return math.exp(low / 2)
