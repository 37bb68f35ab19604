"""Following the game at the table, in words: what every seat did since the person at the
screen last moved, each seat's last turn by its place, and a new hand's announcement.

All from the seat view of the person at the screen (another seat's drawn tiles stay
unnamed) and the match state; the browser only shows these words.
"""

from __future__ import annotations

from itertools import groupby
from typing import Mapping, Sequence

from ...words.catalog import Voice
from ...words.explanations import hand_label
from ...engine.rules import other_team, team_of
from ...engine.match import LeaderKind, Match
from ...engine.move import DRAW, LEAD, PASS, PLAY, Move
from ...engine.views import SeatView

__all__ = ["recap_words", "seat_moves", "announcement"]


def recap_words(shown: SeatView, voice: Voice) -> str:
    """Each seat's moves since ``shown.seat`` last moved in this hand, in order:
    ``East played 5-2 on the left; North passed; West played 6-1 on the right``."""
    moves = shown.moves
    mine = [i for i, move in enumerate(moves) if move.seat == shown.seat]
    start = mine[-1] + 1 if mine else 0
    turns = _turns(shown, start)
    return voice("follow.separator").join(voice.say("follow.turn", seat, actions=_actions(shown, run, voice, long=True))
                                          for seat, run in turns)


def seat_moves(shown: SeatView, voice: Voice) -> dict[str, str]:
    """Each seat's last turn in short (``5-2``, ``passed``, ``drew 2, 6-1``), except the seat to move."""
    last: dict[str, list[int]] = {}
    for seat, run in _turns(shown, 0):
        last[seat] = run
    return {seat: _actions(shown, run, voice, long=False) for seat, run in last.items() if seat != shown.turn}


def announcement(match: Match, index: int, voice: Voice, hands_before: int = 0) -> str:
    """``Hand 2: North-South lead (they won hand 1); score: North-South 1, East-West 0``: who leads hand ``index`` and why
    (``hands_before``: hands played before the match's first, as at a table opened from a record)."""
    hand = match.hands[index]
    before = match.state_before(index)
    leader = before.next_leader
    label = hand_label(hands_before + index, voice)
    index += hands_before
    if leader is not None and leader.kind is LeaderKind.TEAM and leader.who is not None:
        reason = voice("follow.reason_team_won", n=index)
        return voice("follow.announce_team", hand=label, team=voice.team(leader.who), reason=reason,
                     score=_team_score(before.score, leader.who, voice))
    if leader is not None and leader.kind is LeaderKind.SEAT:
        reason = voice.say("follow.reason_won", hand.leader, n=index)
    elif leader is not None and leader.kind is LeaderKind.HIGHEST_DOUBLE:
        reason = voice("follow.reason_highest_double")  # which double stays unsaid until it is led
    else:
        reason = voice("follow.reason_double_six")
    if hand.rules.is_partnership:
        score = _team_score(before.score, team_of(hand.leader), voice)
    else:
        score = voice("follow.score_seats", tally=", ".join(f"{voice.name(s)} {before.score[s]}" for s in hand.rules.seats))
    return voice.say("follow.announce_seat", hand.leader, hand=label, reason=reason, score=score)


def _team_score(score: Mapping[str, int], first: str, voice: Voice) -> str:
    """``score: North-South 1, East-West 0``: each team named, ``first`` first."""
    other = other_team(first)
    return voice("follow.score_teams", team=voice.team(first), a=score[first], other=voice.team(other), b=score[other])


def _turns(shown: SeatView, start: int) -> list[tuple[str, list[int]]]:
    """The moves from ``start`` on, as runs of one seat's consecutive moves (one turn each)."""
    indexed = range(start, len(shown.moves))
    return [(seat, list(run)) for seat, run in groupby(indexed, key=lambda i: shown.moves[i].seat)]


def _actions(shown: SeatView, run: Sequence[int], voice: Voice, *, long: bool) -> str:
    """One turn's moves in words: draws counted, then the play, lead or pass."""
    moves = [shown.moves[i] for i in run]
    parts = []
    draws = sum(1 for move in moves if move.action == DRAW)
    if draws:
        parts.append(voice("follow.drew_one" if draws == 1 else "follow.drew_many", n=draws) if long
                     else voice("follow.seat_drew", n=draws))
    for index, move in zip(run, moves):
        if move.action != DRAW:
            parts.append(_action(shown, index, move, voice, long))
    return voice("follow.and" if long else "follow.seat_and").join(parts)


def _action(shown: SeatView, index: int, move: Move, voice: Voice, long: bool) -> str:
    if move.action == PASS:
        key = "kept" if shown.kept_drawn(index) else "passed"
        return voice(f"follow.{key}" if long else f"follow.seat_{key}")
    assert move.tile is not None and move.first is not None
    tile = move.tile.written(move.first)
    if not long:
        return tile
    if move.action == LEAD:
        return voice("follow.led", tile=tile)
    assert move.action == PLAY
    side = voice("ends.left") if move.end == "L" else voice("ends.right")
    return voice("follow.played", tile=tile, side=side)
