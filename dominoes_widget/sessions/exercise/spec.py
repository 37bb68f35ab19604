"""An exercise's position written as plain JSON data, and read back into an engine hand.

The widget syncs it beside the question (``spec``), so a saved notebook says which position each
exercise asks about, and a test (or ``Exercise.from_spec``) makes the same exercise again and
asks the engine for its answer. The hand is written as its start (a deal with its lead rule, or
a position given directly) and its moves, in record notation: replaying them is the engine's
own check that the position is one the rules reach.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...engine.hand import Hand
from ...engine.match import MatchState
from ...engine.rules import Rules
from ...engine.tiles import Tile

__all__ = ["hand_spec", "hand_from_spec", "rules_from_spec", "state_from_spec"]


def _tiles(tiles: Any) -> str:
    return " ".join(str(tile) for tile in tiles)


def hand_spec(hand: Hand) -> dict[str, Any]:
    """``hand`` as data: its rules, its start (what each seat held, the pile, the line, who led
    and with what) and its moves."""
    rules = hand.rules
    line, _counts, lead_index, _pile, leader = hand.history_start
    return {
        "game": rules.game, "players": rules.players, "settings": rules.settings(changed_only=True),
        "deal": {seat: _tiles(tiles) for seat, tiles in hand.deal.items()},
        "pile": _tiles(hand.initial_boneyard),
        "line": [list(pair) for pair in line], "lead": lead_index,
        "leader": leader, "lead_tile": str(hand.lead_tile) if hand.lead_tile is not None else None,
        "leaders": sorted(hand.leaders),
        "moves": [str(move) for move in hand.moves],
    }


def rules_from_spec(spec: Mapping[str, Any]) -> Rules:
    return Rules.from_settings(spec["game"], spec.get("settings") or {}, players=spec.get("players"))


def hand_from_spec(spec: Mapping[str, Any]) -> Hand:
    """The hand :func:`hand_spec` wrote, its moves replayed (an illegal one raises ``IllegalMoveError``)."""
    rules = rules_from_spec(spec)
    deal = {seat: [Tile.parse(word) for word in text.split()] for seat, text in spec["deal"].items()}
    pile = [Tile.parse(word) for word in spec["pile"].split()]
    line = [tuple(pair) for pair in spec.get("line") or ()]
    dealt_whole = not line and all(len(tiles) == 7 for tiles in deal.values())
    if dealt_whole:
        hand = Hand(rules, deal, pile, spec["leader"], lead_tile=spec.get("lead_tile"), leaders=spec.get("leaders"))
    else:
        hand = Hand.from_position(rules, deal, pile, line, spec["leader"], lead_index=spec.get("lead", 0))
    for move in spec.get("moves") or ():
        hand.push(move)
    return hand


def state_from_spec(spec: Mapping[str, Any]) -> MatchState:
    """The match state before the hand (``spec["start"]``, a record's ``start`` object)."""
    return MatchState.from_start(rules_from_spec(spec), spec["start"])
