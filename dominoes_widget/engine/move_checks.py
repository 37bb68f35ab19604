"""Checking a move against a hand's position: the move as it will be recorded, or an
:class:`~dominoes_widget.engine.errors.IllegalMoveError` with its RULES.md reason and the facts
that say what is wrong."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import IllegalMoveError, Reason
from .move import DRAW, LEAD, PASS, PLAY, Move
from .move_tables import PLAYS

if TYPE_CHECKING:
    from .hand import Hand


def check_move(hand: Hand, move: Move) -> Move:
    """The move as it will be recorded, or :class:`IllegalMoveError` with its reason."""
    if move.seat not in hand._held:
        raise _refuse(hand, Reason.NOT_YOUR_TURN, move, "not_in_game")
    if hand.outcome is not None:
        raise _refuse(hand, Reason.HAND_OVER, move, "hand_over")
    seat, action = move.seat, move.action
    leading = hand.left is None
    if leading != (action == LEAD):
        raise _refuse(hand, Reason.BAD_LEAD, move, "lead_first" if leading else "already_led")
    if seat != hand.turn:
        last = hand.moves[-1] if hand.moves else None
        if action == DRAW and last is not None and last.seat == seat and last.action == DRAW:
            raise _refuse(hand, Reason.NOT_YOUR_TURN, move, "drew_already")
        raise _refuse(hand, Reason.NOT_YOUR_TURN, move, "not_your_turn", turn=hand.turn)
    if leading:
        return _check_lead(hand, move)
    if action == PLAY:
        return _check_play(hand, move)
    if action == PASS:
        return _check_pass(hand, move)
    return _check_draw(hand, move)


def _check_lead(hand: Hand, move: Move) -> Move:
    seat, tile = move.seat, move.tile
    assert tile is not None  # a lead names its tile
    if seat not in hand.leaders:
        raise _refuse(hand, Reason.WRONG_LEADER, move, "wrong_leader", leaders=tuple(sorted(hand.leaders)))
    if not hand.holds(seat, tile):
        raise _refuse(hand, Reason.TILE_NOT_IN_HAND, move, "not_held")
    if hand.lead_tile is not None and tile != hand.lead_tile:
        if hand.rules.is_partnership:
            raise _refuse(hand, Reason.MUST_LEAD_DOUBLE_SIX, move, "must_pose")
        raise _refuse(hand, Reason.MUST_LEAD_DECIDING_TILE, move,
                           "must_lead_double" if hand.lead_tile.is_double else "must_lead_tile",
                           tile=hand.lead_tile)
    return move


def _check_play(hand: Hand, move: Move) -> Move:
    seat, tile = move.seat, move.tile
    assert tile is not None  # a play names its tile
    if hand._drawn is not None and tile != hand._drawn:
        raise _refuse(hand, Reason.MUST_PLAY_DRAWN_TILE, move, "must_play_drawn", tile=hand._drawn)
    if not hand._held[seat] >> tile & 1:  # holds(), inlined: every checked play asks
        raise _refuse(hand, Reason.TILE_NOT_IN_HAND, move, "not_held")
    end_value = hand.left if move.end == "L" else hand.right
    assert end_value is not None  # _check sends a play here only after the lead
    if hand._wild and end_value == 0:
        return move
    if move.first == end_value:
        return move
    if tile.has(end_value):  # written the other way round
        end = move.end
        assert end is not None  # a play names its end
        return PLAYS[seat][tile][end][end_value]
    other_value = hand.right if move.end == "L" else hand.left
    assert other_value is not None  # both ends are open after the lead
    if hand._fits_end(tile, other_value):
        raise _refuse(hand, Reason.NO_MATCH, move, "fits_other_end", n=end_value,
                           side="left" if move.end == "L" else "right",
                           other_side="right" if move.end == "L" else "left", other=other_value)
    raise _refuse(hand, Reason.NO_MATCH, move, "fits_neither")


def _check_pass(hand: Hand, move: Move) -> Move:
    if hand._drawn is not None:
        if hand.rules.drawn_tile_must_play:
            raise _refuse(hand, Reason.MUST_PLAY_DRAWN_TILE, move, "must_play_drawn", tile=hand._drawn)
        return move
    _refuse_if_playable(hand, move, Reason.PASS_WITH_PLAYABLE_TILE, "holding")
    if hand._pile:
        raise _refuse(hand, Reason.MUST_DRAW, move, "must_draw", n=len(hand._pile))
    return move


def _check_draw(hand: Hand, move: Move) -> Move:
    if not hand.rules.has_boneyard:
        raise _refuse(hand, Reason.DRAW_NOT_ALLOWED, move, "no_pile")
    if hand._drawn is not None:
        if hand.rules.draw_mode == "until_playable":
            raise _refuse(hand, Reason.MUST_PLAY_DRAWN_TILE, move, "must_play_drawn", tile=hand._drawn)
        raise _refuse(hand, Reason.NOT_YOUR_TURN, move, "drew_already")
    _refuse_if_playable(hand, move, Reason.DRAW_WITH_PLAYABLE_TILE, "draw_holding")
    if not hand._pile:
        raise _refuse(hand, Reason.DRAW_FROM_EMPTY_BONEYARD, move, "pile_empty")
    if move.tile is not None and move.tile != hand._pile[-1]:
        raise _refuse(hand, Reason.BAD_DRAW, move, "bad_draw", top=str(hand._pile[-1]))
    return move


def _refuse_if_playable(hand: Hand, move: Move, reason: Reason, case: str) -> None:
    if hand.has_playable(move.seat):
        fitting = tuple(hand.playable_tiles(move.seat))
        raise _refuse(hand, reason, move, f"{case}_{'one' if len(fitting) == 1 else 'more'}", tiles=fitting)


def _refuse(hand: Hand, reason: Reason, move: Move, case: str, **facts: Any) -> IllegalMoveError:
    return IllegalMoveError(reason, case, move, ply=len(hand.moves), ends=hand.ends, **facts)
