"""Bots: players that see only their seat view and draw randomness from a seeded source.

Pick one by name with :func:`make_bot`: ``random``, ``greedy``, ``montecarlo`` (Monte Carlo over
sampled deals of the unseen tiles) and ``strong``, the strongest: the inference bot
(also ``inference``), which weights the sampled deals by what the other seats' plays say,
plays them out with a fitted policy, solves the last tiles exactly, and can
``evaluate()`` every legal move (:class:`~dominoes_widget.studies.bots.estimate.MoveEstimate`).
"""

from __future__ import annotations

import random

from ...engine.errors import excerpt
from ...engine.hand import rng_of
from .base import Bot
from .estimate import MoveEstimate
from .greedy import GreedyBot
from .inference import InferenceBot
from .montecarlo import MonteCarloBot
from .random_bot import RandomBot

__all__ = ["Bot", "RandomBot", "GreedyBot", "MonteCarloBot", "InferenceBot", "StrongBot", "MoveEstimate", "BOTS",
           "make_bot", "bot_names"]

StrongBot = InferenceBot
"""The strongest bot, whatever its class (``make_bot("strong")``)."""

BOTS: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot, "strong": InferenceBot,
                              "inference": InferenceBot, "montecarlo": MonteCarloBot}


def bot_names() -> list[str]:
    """The names :func:`make_bot` accepts."""
    return sorted(BOTS)


def make_bot(name: str, seed: int | random.Random | None = None, **options) -> Bot:
    """The bot called ``name`` (``"greedy"`` or ``"bot:greedy"``) with its own random source."""
    if not isinstance(name, str) or name.removeprefix("bot:") not in BOTS:
        raise ValueError(f"unknown bot {excerpt(name)}; the bots are {', '.join(bot_names())}")
    key = name.removeprefix("bot:")
    rng = rng_of(seed)
    return BOTS[key](rng, **options)
