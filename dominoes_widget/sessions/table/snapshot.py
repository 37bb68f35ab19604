"""A table's game for Python: its record, a snapshot of the position, the last result."""

from __future__ import annotations

from typing import Any, Mapping, Protocol

from ...engine.match import Match
from .shapes import Phase
from ...engine.record import outcome_json, write_record
from .options import HUMAN


class RecordedTable(Protocol):
    """What a snapshot reads of a table: its match, who sits where, the comments, the phase."""

    @property
    def match(self) -> Match: ...

    @property
    def kinds(self) -> Mapping[str, str]: ...

    @property
    def names(self) -> Mapping[str, str]: ...

    @property
    def comments(self) -> Any: ...

    @property
    def phase(self) -> Phase: ...

__all__ = ["table_record", "table_players", "table_state", "last_result"]


def table_record(session: RecordedTable, *, unrevealed_seeds: bool = False) -> dict[str, Any]:
    """Everything played so far as a RECORD.md game record (``unrevealed_seeds``: with the
    server seed of the hand in play, for the table server's own store only)."""
    return write_record(session.match, table_players(session), session.comments, unrevealed_seeds=unrevealed_seeds)


def table_players(session: RecordedTable) -> dict[str, str]:
    """The record's ``players``: each person's name, ``bot:<kind>`` for a bot."""
    return {s: (session.names[s] if k == HUMAN else f"bot:{k}") for s, k in session.kinds.items()}


def table_state(session: RecordedTable) -> dict[str, Any]:
    """A snapshot of the game: phase, turn, line, ends, every hand, score and moves."""
    hand = session.match.hand
    state = session.match.state
    return {
        "game": session.match.rules.game,
        "phase": session.phase.value,
        "hand_number": len(session.match.hands) - 1,
        "turn": hand.turn if hand else None,
        "leader": hand.leader if hand else None,
        "line": [list(pair) for pair in hand.line] if hand else [],
        "ends": list(hand.ends) if hand and hand.ends else None,
        "hands": {s: [str(t) for t in hand.held(s)] for s in hand.seats} if hand else {},
        "boneyard": hand.boneyard_size if hand else 0,
        "moves": [str(m) for m in hand.moves] if hand else [],
        "score": dict(state.score),
        "ties": state.ties,
        "playoff": state.playoff,
        "next_leader": state.next_leader.code if state.next_leader is not None else None,
        "match_winner": state.winner,
    }


def last_result(match: Match) -> dict[str, Any]:
    """The last finished hand's result, as a record writes it (empty before any)."""
    for index in range(len(match.hands) - 1, -1, -1):
        outcome = match.hands[index].outcome
        if outcome is not None:
            return {"hand": index, **outcome_json(outcome)}
    return {}
