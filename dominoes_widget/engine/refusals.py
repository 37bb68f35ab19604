"""The engine's own English for its refusals: each case's sentence, built from the error's fields.

An :class:`~dominoes_widget.engine.errors.IllegalMoveError` says what is wrong in English
with no words layer loaded, as python-chess's errors do; seats are their letters. These
sentences are also the English catalog's ``refusal`` section (the words layer reads them from
here, and says them to a seat by name, as "you", or in another language).
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

REFUSALS: Mapping[str, str] = {
    "not_in_game": '{seat} is not a seat in this game',
    "hand_over": 'the hand has already ended',
    "lead_first": "the first move of a hand is a lead (write it '<seat> <tile>')",
    "already_led": 'the hand has been led already: a play names the end, L or R',
    "drew_already": '{seat} has drawn once this turn already',
    "not_your_turn": "it is {turn}'s turn, not {seat}'s",
    "wrong_leader": '{seat} may not lead this hand; {leaders} may',
    "wrong_leader_rule": '{seat} may not lead this hand; {leaders} may: {rule}',
    "not_held": '{seat} does not hold {tile}',
    "must_pose": '{seat} holds the 6-6 and must pose it (tournament play)',
    "must_lead_double": '{seat} must lead {tile}, the highest double dealt',
    "must_lead_tile": '{seat} must lead {tile}, the highest tile dealt',
    "must_play_drawn": '{seat} drew {tile}, which fits, and must play it now',
    "fits_other_end": '{tile} cannot touch the {n} on the {side} end; it fits the {other_side} end ({other})',
    "fits_neither": '{tile} fits neither end: {ends}',
    "holding_one": '{seat} may not pass holding {tiles}, which fits',
    "holding_more": '{seat} may not pass holding {tiles}, which fit',
    "draw_holding_one": '{seat} may not draw holding {tiles}, which fits',
    "draw_holding_more": '{seat} may not draw holding {tiles}, which fit',
    "must_draw": '{seat} cannot play and must draw from the pile ({n} left) instead of passing',
    "no_pile": 'there is no draw pile in this game',
    "pile_empty": 'the draw pile is empty',
    "bad_draw": 'the record says {seat} drew {tile}, but the top of the pile is {top}',
    "match_over": 'the match is over: {who} won it',
    "no_hand": 'no hand has been dealt yet',
    "hand_in_progress": 'the current hand has not ended yet',
    "next_dealt": 'the next hand has already been dealt',
    "new_match_started": 'a match is being played: the new match has started',
    "leader_chosen": 'the leader has already been chosen',
    "not_leading_team": 'only the leading team chooses who leads',
    "leader_choice": '{seat} may not lead; choose {leaders}',
    "choose_leader_first": 'choose who leads the hand first',
    "no_move_hand_over": 'no move can be made now: the hand is over',
    "no_move_match_over": 'no move can be made now: the match is over',
    "bot_seat": '{seat} is played by a bot, not by a person',
    "covered": 'the screen is covered: lift the cover first',
    "not_at_screen": 'that move is not for the seat at the screen now',
    "stale": 'that click was for an earlier position; the table has moved on',
    "looking": 'you are looking back at an earlier position: go back to the game to play',
    "choose_end": "{tile} fits both ends ({left} and {right}): say end='L' or end='R'",
    "no_takeback": 'takeback is off at this table',
    "nothing_to_take_back": 'there is no move of yours to take back in this hand',
    "no_coach": 'hints are not offered at this table',
    "no_coach_now": 'the coach has no move to judge now: it is not your turn',
    "look_range": 'look: ply must be a whole number from 0 to {n}',
    "bad_speed": "speed: the bots' speeds are {speeds}",
    "not_host": "only the table's host ({host}) changes this setting",
    "watching": "you are watching this table: only its players move",
    "bad_syntax": '{text} is not a move',
    "not_a_tile": '{text} is not a tile',
}
"""Each refusal case's English sentence; ``{seat}``, ``{tile}`` and the case's facts fill it."""

_TEAMS = {"NS": "North-South", "EW": "East-West"}
_NEXT_LEADER = {
    "team": "{who} lead the next hand (either partner).",
    "holder66": "The holder of the 6-6 poses the next hand.",
    "highest_double": "The holder of the highest double leads the next hand.",
    "seat": "{who} leads the next hand.",
}


def english_detail(case: str, seat: str | None, tile: Any, ends: tuple[int, int] | None,
                   facts: Mapping[str, Any]) -> str:
    """The refusal's sentence in English (``it is E's turn, not S's``)."""
    params: dict[str, Any] = {"seat": seat or "", **facts}
    if tile is not None:
        params["tile"] = str(tile)
    if "leaders" in facts:
        params["leaders"] = " / ".join(facts["leaders"])
    if "tiles" in facts:
        params["tiles"] = listing([str(t) for t in facts["tiles"]])
    if case == "fits_neither" and ends is not None:
        params["ends"] = f"both ends show {ends[0]}" if ends[0] == ends[1] else f"the ends show {ends[0]} and {ends[1]}"
    if facts.get("who") in _TEAMS:
        params["who"] = _TEAMS[facts["who"]]
    if "next_leader" in facts:
        params["rule"] = _next_leader(facts["next_leader"])
    return REFUSALS[case].format_map(params)


def listing(items: Sequence[str]) -> str:
    """``6-4``, ``6-4 and 5-1``, ``6-4, 5-1 and 3-3``."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def _next_leader(next_leader: Any) -> str:
    if next_leader is None:
        return "No hand follows: the match is over."
    who = str(next_leader.who)
    return _NEXT_LEADER[next_leader.kind.value].format(who=_TEAMS.get(who, who))
