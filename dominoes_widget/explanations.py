"""Plain words for the rules, refused moves, single moves and hand results.

``explain(x)`` picks the right explanation for an :class:`IllegalMoveError`, a finished
:class:`Hand`, a :class:`Match` or :class:`Rules`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .errors import IllegalMoveError, Reason
from .hand import DOUBLE_BLANK, TEAMS, Hand, Termination, WinReason, partner_of
from .match import TEAM_NAMES, LeaderKind, Match, MatchState, NextLeader
from .move import DRAW, LEAD, PASS, PLAY, SEAT_NAMES
from .rules import Rules
from .views import SeatView, seat_view

__all__ = ["explain", "describe_rules", "explain_refusal", "explain_move", "explain_result", "score_line",
           "leader_words", "TEAM_NAMES"]

_RULE_OF_REASON = {
    "bad_lead": "A hand starts with one lead; every later move goes on the left or right open end.",
    "wrong_leader": "Only the seat the rules name may lead: the 6-6 holder, a player of the team that won the "
                    "last hand, the previous winner, or the holder of the highest double.",
    "must_lead_double_six": "In tournament play the 6-6 holder, leading by rule, poses the 6-6 itself; only "
                            "sporting play lets him lead another tile.",
    "must_lead_deciding_tile": "The first hand, and any hand after one with no winner, is led with the highest "
                               "double dealt, or with the highest tile when no double was dealt.",
    "not_your_turn": "Play goes round the table one seat at a time, one move each turn (and at most one draw).",
    "tile_not_in_hand": "You can only play a tile you hold.",
    "no_match": "A tile must show the number of the open end it touches.",
    "pass_with_playable_tile": "No voluntary passing: a player who holds a tile that fits must play one.",
    "must_draw": "While the draw pile has tiles, a player who cannot play draws instead of passing.",
    "draw_with_playable_tile": "You may only draw when no tile in your hand fits.",
    "draw_not_allowed": "Only the Vietnamese game for 2 or 3 players has a draw pile; in the partnership game "
                        "every tile is dealt, so a player who cannot play passes.",
    "draw_from_empty_boneyard": "With the draw pile empty, a player who cannot play passes.",
    "must_play_drawn_tile": "A drawn tile that fits must be played at once, before anything else.",
    "hand_over": "Once a player dominoes or the line is blocked, nobody moves again: the next hand is dealt.",
    "match_over": "The match ended when it was won; start a new match to play on.",
    "bad_move": "Moves are written in record notation: 'S 6-6' (a lead), 'E 6-4 L' (6 touching the left "
                "end), 'N pass', 'W draw'.",
    "bad_draw": "A draw takes the top tile of the pile, so a record must name that tile.",
    "choose_end": "A tile that fits both open ends needs its end named: L or R.",
    "hand_in_progress": "A hand is played to its end before the next one is dealt.",
}
"""The rule behind each reason code, in words a player can act on."""

def explain(subject: Any, *args: Any) -> str:
    """Words for a refused move, a finished hand, a match's score or the rules."""
    if isinstance(subject, IllegalMoveError):
        return explain_refusal(subject)
    if isinstance(subject, Rules):
        return describe_rules(subject)
    if isinstance(subject, Match):
        state = subject.state
        finished = [i for i, hand in enumerate(subject.hands) if hand.is_over]
        if finished:  # the last hand played, what it did to the score, and what comes next
            index = finished[-1]
            title, lines = explain_result(subject.hands[index], subject.state_before(index), subject.state_after(index))
            return "\n".join([f"Hand {index}: {title}", *lines])
        if state.is_over:
            return f"{score_line(subject.rules, state)} {_name(state.winner)} won the match."
        return f"{score_line(subject.rules, state)} {_sentence(leader_words(state.next_leader))}"
    if isinstance(subject, Hand):
        if args:
            return explain_move(subject, *args)
        if subject.outcome is None:
            if subject.ends is None:
                return f"The hand is in progress: {subject.turn} to lead."
            return f"The hand is in progress: {subject.turn} to move, {_ends_phrase(subject.ends)}."
        title, lines = explain_result(subject)
        return "\n".join([title, *lines])
    raise TypeError(f"explain() takes a refused move, a hand, a match or rules, not {type(subject).__name__}")


def explain_refusal(error: IllegalMoveError, *, with_code: bool = True) -> str:
    """Why a move was refused: what happened, and the rule behind it (and its reason code)."""
    detail = error.detail.rstrip(".")
    rule = _RULE_OF_REASON.get(error.reason, error.reason.rule)
    parts = [f"{detail[:1].upper()}{detail[1:]}.", rule, f"(reason: {error.reason})" if with_code else ""]
    return " ".join(part for part in parts if part)


def explain_move(position: Hand | SeatView, index: int, *, ending: bool = True) -> str:
    """A sentence for move ``index`` ("N passes: holds no 3 and no 5").

    ``position`` is a hand (every tile known) or a seat view: then another seat's draw
    is told without its tile, only whether it fitted, as the seat saw. ``ending=False``
    leaves out how the hand ended after its last move (for a page that shows the result).
    """
    view = position if isinstance(position, SeatView) else seat_view(position, None, open_hands=True)
    if not ending:
        view = replace(view, outcome=None)
    move = view.moves[index]
    ends = view.ends_before[index]
    who = move.seat
    if move.action == LEAD:
        written = move.tile.written(move.first)
        if move.tile.is_double:
            text = f"{who} leads {written}, a double placed crosswise: both open ends show {move.first}."
        else:
            text = f"{who} leads {written}: the open ends are {move.first} (left) and {move.second} (right)."
        return text + _ending(view, index)
    if move.action == PLAY:
        side = "left" if move.end == "L" else "right"
        end_value = ends[0 if move.end == "L" else 1]
        written = move.tile.written(move.first)
        if view.rules.blank_rule == "wild" and end_value == 0 and move.first != 0:
            where = f"on the wild blank at the {side} (a blank end takes any tile)"
        else:
            where = f"on the {end_value} at the {side}"
        if move.tile.is_double:
            shows = "now shows" if end_value != move.second else "still shows"  # a wild blank end changes
            text = f"{who} plays {written}, a double placed crosswise, {where}: the {side} end {shows} {move.second}."
        else:
            text = f"{who} plays {written} {where}: the {side} end now shows {move.second}."
        return text + _ending(view, index)
    numbers = _numbers(ends)
    if move.action == PASS:
        previous = view.moves[index - 1] if index else None
        if previous is not None and previous.seat == who and previous.action == DRAW:
            kept = f"the drawn {previous.tile}" if previous.tile is not None else "the drawn tile"
            return (f"{who} passes and keeps {kept}: a drawn tile need not be played here "
                    "(drawn_tile_must_play is off)." + _ending(view, index))
        pile = " and the draw pile is empty" if view.rules.has_boneyard else ""
        return f"{who} passes: holds no {numbers}{pile}." + _ending(view, index)
    drawn = move.tile
    tile_words = f" {drawn}," if drawn is not None else " a tile,"
    follows = view.moves[index + 1] if index + 1 < len(view.moves) else None
    if view.draw_fitted(index):
        if follows is not None and follows.seat == who and follows.action == PASS:
            return f"{who} holds no {numbers}, draws{tile_words} which fits, and chooses to keep it."
        must = "must" if view.rules.drawn_tile_must_play else "may"
        return f"{who} holds no {numbers}, draws{tile_words} which fits, and {must} play it at once."
    again = (follows.seat == who) if follows is not None else (view.turn == who)
    if again:
        return f"{who} holds no {numbers} and draws{tile_words} which does not fit: {who} draws again."
    return (f"{who} holds no {numbers} and draws{tile_words} which does not fit: the turn passes."
            + _ending(view, index))


def _ending(view: SeatView, index: int) -> str:
    """The words added to the last move of a finished hand."""
    outcome = view.outcome
    if outcome is None or index != len(view.moves) - 1:
        return ""
    if outcome.termination is Termination.DOMINO:
        return f" That was {outcome.winner_seat}'s last tile: {outcome.winner_seat} dominoes."
    return f" Now {_ends_phrase(outcome.open_ends)} and no tile left anywhere fits: the hand is blocked."


def explain_result(hand: Hand, before: MatchState | None = None, after: MatchState | None = None) -> tuple[str, list[str]]:
    """A title and lines of explanation for a finished hand (and its effect on the score).

    With the match state ``before`` and ``after`` the hand, the lines also say what the
    hand scored and why (replays and their value, resets, the play-off, the match won).
    """
    outcome = hand.outcome
    if outcome is None:
        raise ValueError("the hand has not ended yet")
    rules = hand.rules
    lines: list[str] = []
    if outcome.termination is Termination.DOMINO:
        seat = outcome.winner_seat
        if rules.is_partnership:
            title = f"{seat} dominoes: {TEAM_NAMES[outcome.winner_team]} win the hand"
            lines.append(f"{SEAT_NAMES[seat]} played the last tile, so {SEAT_NAMES[seat]}'s team, "
                         f"{TEAM_NAMES[outcome.winner_team]}, wins the hand; nobody counts pips.")
        else:
            title = f"{seat} dominoes and wins the hand"
            lines.append(f"{SEAT_NAMES[seat]} played the last tile and wins the hand; nobody counts pips.")
    else:
        pile = (f" (not even the {_count(hand.boneyard_size, 'tile')} still in the draw pile)"
                if hand.boneyard_size else "")
        lines.append(f"Blocked: {_ends_phrase(outcome.open_ends)} and no tile left anywhere can be placed"
                     f"{pile}, so everyone counts the pips left in hand.")
        lines.append(_pip_counts(hand))
        title, reason = _blocked_reason(hand)
        lines.append(reason)
    if before is not None and after is not None:
        lines.extend(_score_change(rules, before, after, outcome))
    return title, lines


def _pip_counts(hand: Hand) -> str:
    """``Pips left: N 15, E 8 …`` with how the 0-0 counts when someone holds it."""
    outcome = hand.outcome
    counted = hand.rules.double_blank_pips
    parts = []
    for seat in hand.seats:
        note = ""
        if DOUBLE_BLANK in outcome.held.get(seat, ()):
            note = f" (holds the 0-0, counted as {counted})" if counted else " (holds the 0-0, which counts 0)"
        parts.append(f"{seat} {outcome.pips[seat]}{note}")
    return f"Pips left: {', '.join(parts)}."


def _blocked_reason(hand: Hand) -> tuple[str, str]:
    """A title and a sentence for why a blocked hand went as it did (the engine's ``Outcome.why``)."""
    outcome = hand.outcome
    pips, why, low_seats = outcome.pips, outcome.why, outcome.lowest
    lowest = pips[low_seats[0]]
    if why in (WinReason.TEAM_TOTAL, WinReason.TIE_TEAM_TOTAL):
        totals = outcome.team_totals
        sums = (f"Team totals (blocked_rule lowest_team_total): North-South {pips['N']} + {pips['S']} = "
                f"{totals['NS']}, East-West {pips['E']} + {pips['W']} = {totals['EW']}")
        if why is WinReason.TIE_TEAM_TOTAL:
            return "Blocked: a tie", f"{sums}; equal totals, so the hand is a tie."
        team = TEAM_NAMES[outcome.winner_team]
        return f"Blocked: {team} win", f"{sums}; the lower total wins, so {team} win."
    if why is WinReason.TIE_ACROSS_TEAMS:
        teams = " and ".join(TEAM_NAMES[t] for t in TEAMS if any(_team(s) == t for s in low_seats))
        return ("Blocked: a tie", f"{_and(low_seats)} share the lowest count ({lowest}); they sit on both teams "
                                  f"({teams}), so the hand is a tie.")
    if why is WinReason.PARTNERS_LOWEST:
        team = TEAM_NAMES[outcome.winner_team]
        return (f"Blocked: {team} win",
                f"Partners {_and(low_seats)} share the lowest count ({lowest}), so their team, {team}, wins: "
                "a hand is only tied when the lowest count is shared across both teams.")
    if why is WinReason.SINGLE_LOWEST and hand.rules.is_partnership:
        seat, team = outcome.winner_seat, TEAM_NAMES[outcome.winner_team]
        partner = partner_of(seat)
        return (f"Blocked: {seat} is lowest, {team} win",
                f"{seat} alone has the fewest pips ({lowest}), so {team} win: the single lowest count wins "
                f"the hand for the team, whatever the partner holds ({partner} has {pips[partner]}).")
    counts = ", ".join(f"{s} {outcome.tile_counts[s]}" for s in low_seats)
    if why is WinReason.FEWEST_TILES:
        seat = outcome.winner_seat
        return (f"Blocked: {seat} wins",
                f"{_and(low_seats)} tie for the lowest count ({lowest}); the tie rule (fewest_tiles) gives the "
                f"hand to the one holding fewer tiles ({counts} tiles), so {seat} wins.")
    if why is WinReason.TIE_NO_WINNER:
        if hand.rules.tie_rule == "fewest_tiles":
            return ("Blocked: no winner",
                    f"{_and(low_seats)} tie for the lowest count ({lowest}) and hold as many tiles ({counts}), so "
                    "even the tie rule (fewest tiles) finds no winner: nobody wins the hand.")
        return ("Blocked: no winner",
                f"{_and(low_seats)} tie for the lowest count ({lowest}); with the tie rule no_winner, nobody wins "
                "the hand.")
    seat = outcome.winner_seat
    return f"Blocked: {seat} wins", f"{seat} alone has the fewest pips ({lowest}), so {seat} wins the hand."


def _score_change(rules: Rules, before: MatchState, after: MatchState, outcome) -> list[str]:
    lines = []
    if not rules.is_partnership:
        if outcome.tie:
            lines.append("No hand win is scored.")
        lines.append("Hands won: " + ", ".join(f"{s} {n}" for s, n in after.score.items()) + ".")
        if after.winner:
            lines.append(f"{after.winner} reaches {rules.target} hand wins and wins the match.")
        else:
            lines.append(_sentence(leader_words(after.next_leader)))
        return lines
    pending = _tied_deals(before.ties)
    if outcome.tie:
        if rules.scoring == "six_love":
            kind = "play-off " if before.playoff else ""
            lines.append(f"The tied {kind}hand is replayed with a fresh deal, worth {after.worth}: one plus "
                         f"{_tied_deals(after.ties)} in a row.")
        elif rules.straight_six_tie == "accumulate":
            lines.append(f"No point is scored; the next hand won is worth {1 + after.ties} "
                         f"(one plus {_tied_deals(after.ties)}).")
        else:
            lines.append("No point is scored.")
    else:
        team = outcome.winner_team
        other = "EW" if team == "NS" else "NS"
        winners, losers = TEAM_NAMES[team], TEAM_NAMES[other]
        gained = after.score[team] - before.score[team]
        if rules.scoring == "straight_six":
            if gained > 1:
                lines.append(f"{winners} score {gained}: 1 for this hand and {gained - 1} carried from "
                             f"{pending}.")
            else:
                lines.append(f"{winners} score 1.")
        elif before.playoff:
            extra = f" (two, plus {pending})" if before.ties else ""
            lines.append(f"{winners} win the play-off: they go to {after.score[team]}{extra} and {losers} "
                         "go back to 0.")
        elif before.score[other] > 0:
            if after.playoff:
                lines.append(f"{winners}, on 0, win while {losers} have 1: the score is 1-1 and a play-off "
                             "hand follows, posed by "
                             + ("the holder of the 6-6" if rules.playoff_leader == "double_six_holder"
                                else f"{winners}") + "; its winner goes to 2 and the loser to 0.")
            elif rules.six_love_break == "streak":
                lines.append(f"{winners}, on 0, win while {losers} have points: {losers} go back to 0 and "
                             f"{winners} take the hand's {after.score[team]} (six_love_break streak).")
            else:
                worth = f" (this hand was worth {before.worth}, but nothing is scored)" if before.ties else ""
                lines.append(f"{winners}, on 0, win while {losers} have points: both teams have now won a hand, "
                             f"so the score returns to 0-0{worth}.")
        elif before.ties:
            lines.append(f"{winners} score {gained}: the hand was a replay worth {before.worth} "
                         f"(one plus {pending}).")
        else:
            lines.append(f"{winners} score {gained}.")
    lines.append(score_line(rules, after))
    if after.winner:
        if rules.scoring == "six_love":
            lines.append(f"{TEAM_NAMES[after.winner]} win the match: {after.score[after.winner]} points "
                         f"(the target is {rules.target}) while the other team is on 0.")
        else:
            lines.append(f"{TEAM_NAMES[after.winner]} reach {rules.target} and win the match.")
    else:
        lines.append(_sentence(leader_words(after.next_leader)))
    return lines


def score_line(rules: Rules, state: MatchState) -> str:
    """The score in one line, with what the next hand is worth and who leads it."""
    if not rules.is_partnership:
        return "Hands won: " + ", ".join(f"{s} {n}" for s, n in state.score.items()) + "."
    text = f"Score: North-South {state.score['NS']}, East-West {state.score['EW']}"
    if rules.scoring == "six_love" and state.ties:
        text += f"; {state.ties} tied deal{'s' if state.ties > 1 else ''} pending, next hand worth {state.worth}"
    if state.playoff:
        text += "; play-off pending"
    return text + "."


def leader_words(next_leader: NextLeader | None) -> str:
    """Who leads the next hand, in words."""
    if next_leader is None:
        return "no hand follows: the match is over"
    if next_leader.kind is LeaderKind.TEAM:
        return f"{TEAM_NAMES[str(next_leader.who)]} lead the next hand (either partner)"
    if next_leader.kind is LeaderKind.DOUBLE_SIX_HOLDER:
        return "the holder of the 6-6 poses the next hand"
    if next_leader.kind is LeaderKind.HIGHEST_DOUBLE:
        return "the holder of the highest double leads the next hand"
    return f"{next_leader.who} leads the next hand"


def describe_rules(rules: Rules) -> str:
    """The rules in force, in plain words, one point a line."""
    order = " → ".join(rules.turn_order + rules.turn_order[:1])
    lines = [f"{rules.name}."]
    if rules.is_partnership:
        lines += [
            "Four players, partners sit opposite: North-South against East-West; 7 tiles each, no draw pile.",
            f"Play goes {rules.direction}: {order}.",
            "First hand: the holder of the 6-6 leads " + (
                "any tile (sporting)." if rules.sporting else "the 6-6 (tournament play)."),
            "Later hands: the team that won the last hand leads; either partner, any tile.",
            "You may not pass while holding a tile that fits.",
            "The hand ends when a player plays his last tile, or when no tile left can be placed (blocked).",
            ("Blocked hand: the single player with the fewest pips wins it for his team (0-0 counts 0); if the "
             "lowest count is shared across both teams it is a tie." if rules.blocked_rule == "lowest_individual" else
             "Blocked hand: the team with the lower pip total wins; equal totals are a tie."),
        ]
        if rules.scoring == "straight_six":
            lines.append(f"Straight Six: each hand won scores 1; the first team to {rules.target} wins the match.")
            lines.append("A tied hand scores nothing" + (
                "; its point goes to the winner of the next hand" if rules.straight_six_tie == "accumulate" else "")
                + ", and the 6-6 holder poses the next deal.")
        else:
            lines.append(f"Six Love: the first team to {rules.target} wins, provided the other team has 0.")
            lines.append("If the team on 0 wins a hand while the others have points, " + (
                "the score returns to 0-0." if rules.six_love_break == "reset" else
                "the others go back to 0 and the winners take the hand's value."))
            lines.append("After the score returns to 0-0, " + (
                "the team that won that hand leads the next." if rules.leader_after_reset == "previous_winner"
                else "the 6-6 holder poses the next hand."))
            lines.append("A tied hand is replayed with a fresh deal, worth one more point for each tie in a row; "
                         + ("at 0-0 the 6-6 holder poses the replay, otherwise the team with points leads it."
                            if rules.replay_leader == "seed" else "the 6-6 holder poses the replay."))
            if rules.one_all_playoff:
                lines.append("At 1-0, if the team on 0 wins an ordinary hand, the score is 1-1 and a play-off "
                             "follows, posed by " + ("the 6-6 holder" if rules.playoff_leader == "double_six_holder"
                                                     else "the team that just won")
                             + "; its winner goes to 2, the loser to 0.")
    else:
        pile = 28 - 7 * rules.players
        lines += [
            f"{rules.players} players, each for himself; 7 tiles each"
            + (f", {pile} tiles in the draw pile." if pile else ", no draw pile."),
            f"Play goes {rules.direction}: {order}.",
            "First hand: the holder of the highest double leads it" + (
                "; with no double dealt, the highest tile leads." if rules.no_double_fallback == "highest_tile"
                else "; with no double dealt, the tiles are dealt again."),
            "Later hands: the winner of the last hand leads any tile.",
        ]
        if pile:
            lines.append("A player who cannot play draws " + (
                "one tile" if rules.draw_mode == "one" else "until a tile fits or the pile is empty")
                + "; a drawn tile that fits " + ("must" if rules.drawn_tile_must_play else "may")
                + " be played at once. With an empty pile a stuck player passes.")
            lines.append("The hand is blocked as soon as no tile left, in any hand or the pile, can be placed."
                         if rules.block_detection == "dead_ends" else
                         "A hand can only block once the pile is empty: stuck players draw it out first.")
        lines.append("A blocked hand: the lowest pip count wins, with 0-0 counting 13; "
                     + ("a tie means no winner." if rules.tie_rule == "no_winner" else
                        "a tie goes to the player with fewer tiles."))
        if rules.target:
            lines.append(f"The first player to win {rules.target} hands wins the match.")
    if rules.blank_rule == "wild":
        lines.append("Wild blanks: an open end showing 0 takes any tile, which you join by either half.")
    else:
        lines.append("A blank end takes only a tile with a blank.")
    return "\n".join(lines)


def _numbers(ends: tuple[int, int] | None) -> str:
    if ends is None:
        return "tile"
    left, right = ends
    return f"{left}" if left == right else f"{left} and no {right}"


def _ends_text(ends: tuple[int, int]) -> str:
    left, right = ends
    return f"{left}" if left == right else f"{left} and {right}"


def _team(seat: str) -> str:
    return "NS" if seat in ("N", "S") else "EW"


def _and(words: list[str]) -> str:
    """``N``, ``N and S``, ``E, S and W``."""
    words = list(words)
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def _tied_deals(count: int) -> str:
    return f"{count} tied deal{'s' if count != 1 else ''}"


def _name(winner: str | None) -> str:
    return TEAM_NAMES.get(winner, winner or "nobody")


def _sentence(text: str) -> str:
    return f"{text[:1].upper()}{text[1:]}."


def _ends_phrase(ends: tuple[int, int]) -> str:
    """``both ends show 6`` or ``the ends show 2 and 5``."""
    left, right = ends
    return f"both ends show {left}" if left == right else f"the ends show {left} and {right}"


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'s' if number != 1 else ''}"


# -- the table's words ------------------------------------------------------------------------
BOT_WORDS = {"strong": "strong bot", "montecarlo": "Monte Carlo bot", "greedy": "greedy bot", "random": "random bot"}


def seat_word(seat: str) -> str:
    """``N`` → ``North``."""
    return SEAT_NAMES.get(seat, seat)


def bot_label(seat_name: str, bot: str) -> str:
    """``North (strong bot)``."""
    return f"{seat_name} ({BOT_WORDS.get(bot, bot + ' bot')})"


def hand_label(index: int) -> str:
    """``Hand 3`` for the hand at index 2."""
    return f"Hand {index + 1}"


def match_winner_words(rules: Rules, state: MatchState, names: dict[str, str]) -> str:
    """``North-South win the match 6-0.`` or ``Ana wins the match with 3 hands.``"""
    winner = state.winner
    if winner is None:
        return ""
    if rules.is_partnership:
        other = "EW" if winner == "NS" else "NS"
        return f"{TEAM_NAMES[winner]} win the match {state.score[winner]}-{state.score[other]}."
    name = names.get(winner, seat_word(winner))
    verb = "win" if name == "You" else "wins"
    return f"{name} {verb} the match with {_count(state.score[winner], 'hand')} won."


def score_panel_words(rules: Rules, state: MatchState, names: dict[str, str]) -> tuple[str, list[tuple[str, str, str, str]], list[str]]:
    """The score panel: a title, rows ``(key, label, value, detail)`` and notes, from the match state."""
    if not rules.is_partnership:
        rows = [(seat, names.get(seat, seat_word(seat)), str(state.score[seat]), f"{state.pip_totals.get(seat, 0)} pips")
                for seat in rules.seats]
        note = (f"First to {_count(rules.target, 'hand win')} takes the match." if rules.target
                else "No target: play on.")
        return "Hands won", rows, [note]
    rows = [(team, TEAM_NAMES[team], str(state.score[team]), "") for team in TEAMS]
    if rules.scoring == "straight_six":
        notes = [f"One point a hand; first to {rules.target} wins."]
        if state.ties:
            notes.append(f"{_count(state.ties, 'tied hand')} in a row"
                         + ("; the next hand won scores them too." if rules.straight_six_tie == "accumulate" else "."))
        return "Straight Six", rows, notes
    notes = [f"First to {rules.target} while the other side is on love."]
    if state.playoff:
        notes.append("Play-off hand: the winner goes to 2 or more, the loser to love.")
    if state.ties:
        notes.append(f"{_count(state.ties, 'tied deal')} pending: replayed with a fresh deal.")
    notes.append(f"Next hand is worth {_count(state.worth, 'point')}.")
    return "Six Love", rows, notes


def cover_words(name: str, choosing: bool) -> tuple[str, str]:
    """The hot-seat cover: whose screen it is, and how to lift it."""
    title = f"Pass the screen to {name}"
    if choosing:
        return title, f"{name}: your team leads the next hand. Click or press Enter to see your tiles and choose who poses."
    return title, f"{name}: click or press Enter to see your tiles."


def leader_choice_words(seat: str, name: str) -> str:
    """A leader choice button: ``North leads`` / ``You lead``."""
    return f"{name} lead" if name == "You" else f"{name} leads"


def leader_prompt_words(team: str | None) -> str:
    team_words = f" ({TEAM_NAMES[team]})" if team in TEAM_NAMES else ""
    return f"Your team{team_words} won the last hand: choose who leads this one."


def look_words(ply: int, of: int) -> str:
    if ply == 0:
        return f"Looking back: the deal, before move 1 of {of}."
    return f"Looking back: after move {ply} of {of}."


def drawn_words(tile: str, fits: bool, must_play: bool) -> str:
    """The notice after the person draws: ``You drew 3-5: it fits, play it.``"""
    if fits:
        return f"You drew {tile}: it fits, " + ("play it now." if must_play else "play it now or keep it (Pass).")
    return f"You drew {tile}: it does not fit."


def status_words(*, phase: str, covered_for: str | None, turn_name: str | None, your_turn: bool,
                 turn_is_bot: bool, lead: str | None, drawn: str | None, only: str | None, result: str | None,
                 match_result: str | None, chooser: str | None, leading_team: str | None, looking: bool) -> str:
    """The table's one status line."""
    if covered_for is not None:
        return f"Pass the screen to {covered_for}"
    if phase == "match_over":
        return match_result or "The match is over"
    if phase == "hand_over":
        return f"Hand over: {result}" if result else "Hand over"
    if phase == "choose_leader":
        team = TEAM_NAMES.get(leading_team or "", "The leading team")
        return f"{team} lead this hand: {chooser} chooses who poses" if chooser else f"{team} choose who leads"
    if looking:
        return "Looking back at an earlier position: go back to the game to play"
    if your_turn:
        if drawn is not None:
            return f"Your turn: play the {drawn} you drew"
        if only == "draw":
            return "Your turn: no tile fits, draw from the pile"
        if only == "pass":
            return "Your turn: no tile fits, pass"
        if lead == "any":
            return "Your turn: lead any tile"
        if lead is not None:
            return f"Your turn: pose the {lead}"
        return "Your turn"
    if turn_name is None:
        return ""
    return f"{turn_name} is thinking…" if turn_is_bot else f"{turn_name} to play"


def counting_words(view: SeatView, names: dict[str, str]) -> tuple[list[tuple[int, int]], list[tuple[str, list[int], int]], list[str]]:
    """The counting panel: unseen tiles per number, known voids per seat with since which move, and words."""
    unseen = sorted(view.unseen_counts().items())
    voids = [(seat, sorted(numbers), min(numbers.values())) for seat, numbers in view.voids_since().items()
             if numbers and seat != view.seat]
    lines = []
    for number, count in unseen:
        if count == 0:
            lines.append(f"Every {number} is in sight: nobody else can play on a {number}.")
    for seat, numbers, since in voids:
        who = names.get(seat, seat_word(seat))
        lines.append(f"{who} has no {' and no '.join(str(n) for n in numbers)} (shown at move {since + 1}).")
    return unseen, voids, lines
