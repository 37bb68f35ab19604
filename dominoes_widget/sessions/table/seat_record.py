"""What one seat may read of a table's record: the finished hands whole, and of the hand in
play (or the deal whose leader is still to choose) only what that seat's view holds. A
watcher reads it as seat ``None``: no tile of the hand in play but those on the line.

The table server answers a seat's record request with :func:`seat_record`; the notebook,
which holds every hand, saves the whole record (:func:`~dominoes_widget.engine.record.write_record`).
"""

from __future__ import annotations

from typing import Any, Mapping

from ...engine.match import Match
from ...engine.record import write_record
from ...engine.views import seat_view

__all__ = ["seat_record", "in_play"]


def seat_record(match: Match, seat: str | None, players: Mapping[str, str] | None = None,
                comments: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The match as ``seat`` may read it: a RECORD.md record of the finished hands, with the
    hand in play apart under ``in_play`` as ``seat`` sees it."""
    finished = sum(1 for hand in match.hands if hand.is_over)
    # a note on the hand in play may speak of tiles the seat cannot see
    kept = {key: text for key, text in (comments or {}).items() if _hand_of(key) < finished}
    record = write_record(match, players, kept)
    record["hands"] = record["hands"][:finished]
    playing = in_play(match, seat)
    if playing is not None:
        record["in_play"] = playing
    return record


def in_play(match: Match, seat: str | None) -> dict[str, Any] | None:
    """The hand in play as ``seat`` sees it (``None`` when no hand is in play): its own tiles,
    every seat's tile count, the pile's size and the moves with the others' draws hidden,
    and the commitment and client seeds of a fair deal (never its server seed). A deal whose
    leader is still to choose shows ``leader: null`` and no moves. A watcher (``seat=None``)
    has no tiles and sees every draw hidden."""
    hand = match.hand
    playing: dict[str, Any] | None = None
    seeds = None
    if hand is not None and not hand.is_over:
        view = seat_view(hand, seat)
        playing = {"seat": seat, "leader": view.leader, "tiles": [str(t) for t in view.tiles],
                   "held": dict(view.counts), "boneyard_left": view.boneyard_size,
                   "moves": [str(m) for m in view.moves]}
        seeds = match.fair[-1]
    elif match.pending is not None:
        pending = match.pending
        dealt = pending.tiles
        playing = {"seat": seat, "leader": None, "tiles": [str(t) for t in dealt[seat]] if seat is not None else [],
                   "held": {s: len(tiles) for s, tiles in dealt.items()}, "boneyard_left": len(pending.boneyard),
                   "moves": []}
        seeds = pending.fair
    if playing is not None and seeds is not None:
        playing["fair"] = seeds.block(match.rules.seats, reveal=False)  # the seed waits for the hand's end
    return playing


def _hand_of(key: str) -> int:
    """The hand a comment key ``"<hand>:<move>"`` names (a key of no hand sorts last)."""
    head = key.partition(":")[0]
    return int(head) if head.isdigit() else 1 << 30
