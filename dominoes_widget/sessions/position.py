"""One position as the browser draws it, from a seat view alone: the part of the Table's view
and of every Replay step that shows the hands, the line and whose turn it is."""

from __future__ import annotations

from ..engine.views import SeatView
from .protocol import Position

__all__ = ["position_payload"]


def position_payload(view: SeatView) -> Position:
    """``view``'s hands (face up where the view sees them, else a count), pips, line, ends,
    turn, pile and passes (``js/PROTOCOL.md``)."""
    hands: dict[str, list[str] | int] = {}
    for seat in view.rules.seats:
        tiles = view.hand_of(seat)
        hands[seat] = [str(t) for t in tiles] if tiles is not None else view.counts[seat]
    return {
        "hands": hands,
        "pips": dict(view.pips),
        "line": [list(pair) for pair in view.line],
        "lead": view.lead_index,
        "last": view.last_placed,
        "ends": list(view.ends) if view.ends else None,
        "turn": view.turn,
        "pile": view.boneyard_size if view.rules.has_boneyard else None,
        "passed": list(view.passed),
    }
