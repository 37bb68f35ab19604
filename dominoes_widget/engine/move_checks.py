"""Checking a move against a :class:`~dominoes_widget.engine.position.Position`: the move as it
will be recorded, or an :class:`~dominoes_widget.engine.errors.IllegalMoveError` with its
RULES.md reason and the facts that say what is wrong."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from .errors import IllegalMoveError, Reason
from .move import DRAW, LEAD, PASS, PLAY, Move
from .move_tables import PLAYS

from .masks import fits

if TYPE_CHECKING:
    from .position import Position


def check_move(position: Position, move: Move, history: Sequence[Move] = ()) -> Move:
    """``move`` as it will be recorded at ``position``, or :class:`IllegalMoveError` with its reason.

    ``history`` is the moves that led here (a hand's ``moves``): a refusal says at which ply, and
    a second draw out of turn is told as such.
    """
    hand = position  # (the name the checks read)
    if move.seat not in hand.holdings:
        raise _refuse(hand, history, Reason.NOT_YOUR_TURN, move, "not_in_game")
    if hand.turn is None:
        raise _refuse(hand, history, Reason.HAND_OVER, move, "hand_over")
    seat, action = move.seat, move.action
    leading = hand.left is None
    if leading != (action == LEAD):
        raise _refuse(hand, history, Reason.BAD_LEAD, move, "lead_first" if leading else "already_led")
    if seat != hand.turn:
        last = history[-1] if history else None
        if action == DRAW and last is not None and last.seat == seat and last.action == DRAW:
            raise _refuse(hand, history, Reason.NOT_YOUR_TURN, move, "drew_already")
        raise _refuse(hand, history, Reason.NOT_YOUR_TURN, move, "not_your_turn", turn=hand.turn)
    if leading:
        return _check_lead(hand, move, history)
    if action == PLAY:
        return _check_play(hand, move, history)
    if action == PASS:
        return _check_pass(hand, move, history)
    return _check_draw(hand, move, history)


def _check_lead(hand: Position, move: Move, history: Sequence[Move]) -> Move:
    seat, tile = move.seat, move.tile
    assert tile is not None  # a lead names its tile
    if seat not in hand.leaders:
        raise _refuse(hand, history, Reason.WRONG_LEADER, move, "wrong_leader", leaders=tuple(sorted(hand.leaders)))
    if not hand.holds(seat, tile):
        raise _refuse(hand, history, Reason.TILE_NOT_IN_HAND, move, "not_held")
    if hand.lead_tile is not None and tile != hand.lead_tile:
        if hand.rules.is_partnership:
            raise _refuse(hand, history, Reason.MUST_LEAD_DOUBLE_SIX, move, "must_pose")
        raise _refuse(hand, history, Reason.MUST_LEAD_DECIDING_TILE, move,
                           "must_lead_double" if hand.lead_tile.is_double else "must_lead_tile",
                           tile=hand.lead_tile)
    return move


def _check_play(hand: Position, move: Move, history: Sequence[Move]) -> Move:
    seat, tile = move.seat, move.tile
    assert tile is not None  # a play names its tile
    if hand.drawn is not None and tile != hand.drawn:
        raise _refuse(hand, history, Reason.MUST_PLAY_DRAWN_TILE, move, "must_play_drawn", tile=hand.drawn)
    if not hand.holdings[seat] >> tile & 1:  # holds(), inlined: every checked play asks
        raise _refuse(hand, history, Reason.TILE_NOT_IN_HAND, move, "not_held")
    end_value = hand.left if move.end == "L" else hand.right
    assert end_value is not None  # _check sends a play here only after the lead
    if hand.wild and end_value == 0:
        return move
    if move.first == end_value:
        return move
    if tile.has(end_value):  # written the other way round
        end = move.end
        assert end is not None  # a play names its end
        return PLAYS[seat][tile][end][end_value]
    other_value = hand.right if move.end == "L" else hand.left
    assert other_value is not None  # both ends are open after the lead
    if fits(tile, other_value, hand.wild):
        raise _refuse(hand, history, Reason.NO_MATCH, move, "fits_other_end", n=end_value,
                           side="left" if move.end == "L" else "right",
                           other_side="right" if move.end == "L" else "left", other=other_value)
    raise _refuse(hand, history, Reason.NO_MATCH, move, "fits_neither")


def _check_pass(hand: Position, move: Move, history: Sequence[Move]) -> Move:
    if hand.drawn is not None:
        if hand.rules.drawn_tile_must_play:
            raise _refuse(hand, history, Reason.MUST_PLAY_DRAWN_TILE, move, "must_play_drawn", tile=hand.drawn)
        return move
    _refuse_if_playable(hand, history, move, Reason.PASS_WITH_PLAYABLE_TILE, "holding")
    if hand.pile:
        raise _refuse(hand, history, Reason.MUST_DRAW, move, "must_draw", n=len(hand.pile))
    return move


def _check_draw(hand: Position, move: Move, history: Sequence[Move]) -> Move:
    if not hand.rules.has_boneyard:
        raise _refuse(hand, history, Reason.DRAW_NOT_ALLOWED, move, "no_pile")
    if hand.drawn is not None:
        if hand.rules.draw_mode == "until_playable":
            raise _refuse(hand, history, Reason.MUST_PLAY_DRAWN_TILE, move, "must_play_drawn", tile=hand.drawn)
        raise _refuse(hand, history, Reason.NOT_YOUR_TURN, move, "drew_already")
    _refuse_if_playable(hand, history, move, Reason.DRAW_WITH_PLAYABLE_TILE, "draw_holding")
    if not hand.pile:
        raise _refuse(hand, history, Reason.DRAW_FROM_EMPTY_BONEYARD, move, "pile_empty")
    if move.tile is not None and move.tile != hand.pile[-1]:
        raise _refuse(hand, history, Reason.BAD_DRAW, move, "bad_draw", top=str(hand.pile[-1]))
    return move


def _refuse_if_playable(hand: Position, history: Sequence[Move], move: Move, reason: Reason, case: str) -> None:
    if hand.has_playable(move.seat):
        fitting = tuple(hand.playable_tiles(move.seat))
        raise _refuse(hand, history, reason, move, f"{case}_{'one' if len(fitting) == 1 else 'more'}", tiles=fitting)


def _refuse(hand: Position, history: Sequence[Move], reason: Reason, move: Move, case: str,
            **facts: Any) -> IllegalMoveError:
    return IllegalMoveError(reason, case, move, ply=len(history), ends=hand.ends, **facts)
