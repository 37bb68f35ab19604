"""Typed errors and the reason codes of RULES.md."""

from __future__ import annotations

__all__ = ["REASONS", "IllegalMoveError", "DealError"]

REASONS: dict[str, str] = {
    "bad_lead": "the first move is not a lead, or a later move is written as a lead",
    "wrong_leader": "this seat may not make the first move of this hand",
    "must_lead_double_six": "the 6-6 holder must pose the 6-6 here (tournament play)",
    "must_lead_deciding_tile": "the deciding double (or fallback tile) must be led",
    "not_your_turn": "another seat is to move",
    "tile_not_in_hand": "the seat does not hold that tile",
    "no_match": "the tile cannot touch that end",
    "pass_with_playable_tile": "passing while holding a tile that fits",
    "must_draw": "passing while the draw pile has tiles",
    "draw_with_playable_tile": "drawing while holding a tile that fits",
    "draw_not_allowed": "drawing in a game without a draw pile",
    "draw_from_empty_boneyard": "drawing from an empty pile",
    "must_play_drawn_tile": "the tile just drawn fits, so it must be played now",
    "hand_over": "the hand has already ended",
    "match_over": "the match has already been won",
}
"""Every reason code of RULES.md with what it means."""


class IllegalMoveError(ValueError):
    """A move the rules refuse. ``reason`` is the RULES.md code; nothing was changed."""

    def __init__(self, reason: str, message: str, move: object = None) -> None:
        super().__init__(f"{message} [{reason}]")
        self.reason = reason
        self.move = move
        self.message = message


class DealError(ValueError):
    """A deal that is not the 28 tiles dealt 7 to each seat, each tile once."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems
