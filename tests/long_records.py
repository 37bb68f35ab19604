"""Long records for the replay's size and speed: bots play a seeded Six Love match (greedy
North-South, random East-West) through ``simulation.play_hand``."""

from __future__ import annotations

import random
from typing import Any

from dominoes_widget import Match, Rules, write_record
from dominoes_widget.studies.bots import make_bot
from dominoes_widget.studies.simulation import play_hand


def bot_record(hands: int, seed: int = 2024) -> dict[str, Any]:
    """A legal record of ``hands`` hands (the target set high, so the match lasts), the same for a seed."""
    rules = Rules.six_love(target=1000)
    match = Match(rules, seed=seed)
    rng = random.Random(seed)
    kinds = {seat: "greedy" if seat in "NS" else "random" for seat in rules.seats}
    bots = {seat: make_bot(kind, rng.randrange(2**32)) for seat, kind in kinds.items()}
    for _ in range(hands):
        play_hand(match.deal(), bots, match)
    return write_record(match, {seat: f"bot:{kind}" for seat, kind in kinds.items()})
