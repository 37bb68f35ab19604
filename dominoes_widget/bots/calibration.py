"""The calibration map: from a bot's raw win frequencies to chances that match real results.

Played-out hands are not real hands (the playout policy is not how the seats really
play), so raw win frequencies can be biased. ``calibration.json`` beside this file holds
a monotone map fitted on hands between strong bots (``benchmarks/calibration.py --fit``,
which writes how and on what it was fitted into the file) and measured on other hands.
It was fitted on the partnership game only, so only partnership estimates use it.
"""

from __future__ import annotations

import json
import os
from functools import lru_cache

__all__ = ["CalibrationMap", "default_map"]

_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "calibration.json")


class CalibrationMap:
    """A monotone piecewise-linear map on [0, 1] through ``knots`` (``(raw, calibrated)`` pairs)."""

    def __init__(self, knots) -> None:
        self.knots = tuple((float(x), float(y)) for x, y in knots) or ((0.0, 0.0), (1.0, 1.0))

    def __call__(self, p: float) -> float:
        knots = self.knots
        if p <= knots[0][0]:
            return knots[0][1]
        for (x0, y0), (x1, y1) in zip(knots, knots[1:]):
            if p <= x1:
                return y0 + (y1 - y0) * (p - x0) / (x1 - x0)
        return knots[-1][1]

    def __repr__(self) -> str:
        return f"CalibrationMap({len(self.knots)} knots)"


@lru_cache(maxsize=1)
def default_map() -> CalibrationMap:
    """The map shipped with the package (the identity if the file is missing)."""
    try:
        with open(_PATH, encoding="utf-8") as file:
            return CalibrationMap(json.load(file)["knots"])
    except FileNotFoundError:
        return CalibrationMap(())
