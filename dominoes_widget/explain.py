"""Plain words for the rules, refused moves, single moves and hand results.

``explain(x)`` picks the right explanation for an :class:`IllegalMoveError`, a finished
:class:`Hand`, a :class:`Match` or :class:`Rules`.
"""

from __future__ import annotations

from typing import Any

from .errors import REASONS, IllegalMoveError
from .hand import Hand, Termination
from .match import HIGHEST_DOUBLE, HOLDER66, TEAMS, Match, MatchState
from .move import LEAD, PASS, PLAY, SEAT_NAMES
from .rules import Rules

__all__ = ["explain", "describe_rules", "explain_refusal", "explain_move", "explain_result", "score_line",
           "leader_words", "TEAM_NAMES"]

TEAM_NAMES = {"NS": "North-South", "EW": "East-West"}

_RULE_OF_REASON = {
    "bad_lead": "A hand starts with a lead; every later move goes on the left or right end.",
    "wrong_leader": "Only the seat the rules name (the 6-6 holder, the winning team, the previous winner or "
                    "the holder of the highest double) may lead.",
    "must_lead_double_six": "In tournament play the holder of the 6-6 must pose it.",
    "must_lead_deciding_tile": "The first hand is led with the highest double dealt (or the highest tile).",
    "not_your_turn": "Play goes round the table one seat at a time.",
    "tile_not_in_hand": "You can only play tiles you hold.",
    "no_match": "A tile must show the number of the open end it touches.",
    "pass_with_playable_tile": "You may not pass while you hold a tile that fits.",
    "must_draw": "With tiles in the draw pile, a player who cannot play draws instead of passing.",
    "draw_with_playable_tile": "You may only draw when no tile in your hand fits.",
    "draw_not_allowed": "The partnership game has no draw pile.",
    "draw_from_empty_boneyard": "Nothing is left to draw.",
    "must_play_drawn_tile": "A drawn tile that fits must be played at once.",
    "hand_over": "The hand has ended.",
    "match_over": "The match has been won.",
}


def explain(subject: Any, *args: Any) -> str:
    """Words for a refused move, a finished hand, a match's score or the rules."""
    if isinstance(subject, IllegalMoveError):
        return explain_refusal(subject)
    if isinstance(subject, Rules):
        return describe_rules(subject)
    if isinstance(subject, Match):
        return score_line(subject.rules, subject.state)
    if isinstance(subject, Hand):
        if args:
            return explain_move(subject, *args)
        if subject.outcome is None:
            return f"The hand is in progress: {subject.turn} to move, ends {subject.ends}."
        title, lines = explain_result(subject)
        return "\n".join([title, *lines])
    raise TypeError(f"explain() takes a refused move, a hand, a match or rules, not {type(subject).__name__}")


def explain_refusal(error: IllegalMoveError) -> str:
    """Why a move was refused: what happened, and the rule behind it (with its reason code)."""
    detail = error.message.split(": ", 1)[-1]
    rule = _RULE_OF_REASON.get(error.reason, REASONS.get(error.reason, ""))
    return f"{detail[:1].upper()}{detail[1:]}. {rule} (reason: {error.reason})"


def explain_move(hand: Hand, index: int) -> str:
    """A sentence for move ``index`` of ``hand`` ("N passes: holds no 3 and no 5")."""
    move = hand.moves[index]
    ends = hand.ends_before(index)
    who = move.seat
    if move.action == LEAD:
        return f"{who} leads {move.tile.written(move.first)}: the open ends are {move.first} and {move.second}."
    if move.action == PLAY:
        side = "left" if move.end == "L" else "right"
        after = f"the {side} end now shows {move.second}"
        double = " (a double, placed crosswise)" if move.tile.is_double else ""
        written = move.tile.written(move.first)
        return f"{who} plays {written}{double} on the {side} {ends[0 if move.end == 'L' else 1]}: {after}."
    numbers = _numbers(ends)
    if move.action == PASS:
        pile = " and the pile is empty" if hand.rules.has_boneyard else ""
        return f"{who} passes: holds no {numbers}{pile}."
    drawn = move.tile
    follows = hand.moves[index + 1] if index + 1 < len(hand.moves) else None
    if drawn is None:
        return f"{who} cannot play and draws from the pile."
    if follows is not None and follows.seat == who and follows.tile == drawn:
        return f"{who} holds no {numbers}, draws {drawn}, which fits, and must play it."
    return f"{who} holds no {numbers} and draws {drawn}, which does not fit: the turn passes."


def explain_result(hand: Hand, before: MatchState | None = None, after: MatchState | None = None) -> tuple[str, list[str]]:
    """A title and lines of explanation for a finished hand (and its effect on the score)."""
    outcome = hand.outcome
    rules = hand.rules
    lines: list[str] = []
    if outcome.termination is Termination.DOMINO:
        seat = outcome.winner_seat
        if rules.is_partnership:
            title = f"{seat} dominoes: {TEAM_NAMES[outcome.winner_team]} win the hand"
        else:
            title = f"{seat} dominoes and wins the hand"
        lines.append(f"{SEAT_NAMES[seat]} played the last tile.")
    else:
        end = outcome.open_ends
        lines.append(f"Blocked: both ends show {_ends_text(end)} and no tile left anywhere can be placed.")
        counts = ", ".join(f"{s} {n}" for s, n in outcome.pips.items())
        rule_note = " (0-0 counts 13)" if not rules.is_partnership else ""
        lines.append(f"Pips left: {counts}{rule_note}.")
        title, reason = _blocked_reason(hand)
        lines.append(reason)
    if before is not None and after is not None:
        lines.extend(_score_change(rules, before, after, outcome))
    return title, lines


def _blocked_reason(hand: Hand) -> tuple[str, str]:
    outcome, rules = hand.outcome, hand.rules
    pips = outcome.pips
    lowest = min(pips.values())
    low_seats = [s for s in hand.seats if pips[s] == lowest]
    if rules.is_partnership and rules.blocked_rule == "lowest_team_total":
        ns, ew = pips["N"] + pips["S"], pips["E"] + pips["W"]
        if outcome.tie:
            return "Blocked: a tie", f"The team totals are equal ({ns} each), so the hand is a tie."
        return (f"Blocked: {TEAM_NAMES[outcome.winner_team]} win",
                f"Team totals: North-South {ns}, East-West {ew}; the lower total wins.")
    if rules.is_partnership:
        if outcome.tie:
            return ("Blocked: a tie",
                    f"{' and '.join(low_seats)} share the lowest count ({lowest}) across both teams, so the hand "
                    "is a tie.")
        team = TEAM_NAMES[outcome.winner_team]
        if outcome.winner_seat:
            return (f"Blocked: {outcome.winner_seat} is lowest, {team} win",
                    f"{outcome.winner_seat} alone has the fewest pips ({lowest}); what the partner holds does not "
                    "matter.")
        return (f"Blocked: {team} win",
                f"Partners {' and '.join(low_seats)} tie for the lowest count ({lowest}), so their team wins.")
    if outcome.tie:
        return ("Blocked: no winner",
                f"{' and '.join(low_seats)} tie for the lowest count ({lowest}), so nobody wins the hand.")
    if len(low_seats) > 1:
        return (f"Blocked: {outcome.winner_seat} wins",
                f"{' and '.join(low_seats)} tie on {lowest} pips; {outcome.winner_seat} holds the fewest tiles.")
    return f"Blocked: {outcome.winner_seat} wins", f"{outcome.winner_seat} alone has the fewest pips ({lowest})."


def _score_change(rules: Rules, before: MatchState, after: MatchState, outcome) -> list[str]:
    lines = []
    if not rules.is_partnership:
        lines.append("Hands won: " + ", ".join(f"{s} {n}" for s, n in after.score.items()) + ".")
        if after.winner:
            lines.append(f"{after.winner} reaches {rules.target} hand wins and wins the match.")
        return lines
    if outcome.tie:
        if rules.scoring == "six_love":
            lines.append(f"The hand is replayed with a fresh deal, worth {after.worth} "
                         f"(one plus {after.ties} tied deal{'s' if after.ties > 1 else ''}).")
        elif rules.straight_six_tie == "accumulate":
            lines.append(f"No point is scored; the next hand won is worth {1 + after.ties}.")
        else:
            lines.append("No point is scored.")
    else:
        team = outcome.winner_team
        other = "EW" if team == "NS" else "NS"
        gained = after.score[team] - before.score[team]
        if rules.scoring == "six_love" and before.score[other] > 0 and not before.playoff:
            if after.playoff:
                lines.append("The score reaches 1-1: a play-off hand follows; its winner goes to 2-0.")
            elif rules.six_love_break == "streak":
                lines.append(f"Both teams have now won a hand: {TEAM_NAMES[other]} go back to 0 and "
                             f"{TEAM_NAMES[team]} take {after.score[team]}.")
            else:
                lines.append("Both teams have now won a hand, so the score returns to 0-0.")
        elif gained:
            lines.append(f"{TEAM_NAMES[team]} score {gained}.")
    lines.append(score_line(rules, after))
    if after.winner:
        lines.append(f"{TEAM_NAMES.get(after.winner, after.winner)} win the match.")
    return lines


def score_line(rules: Rules, state: MatchState) -> str:
    """The score in one line, with what the next hand is worth and who leads it."""
    if not rules.is_partnership:
        return "Hands won: " + ", ".join(f"{s} {n}" for s, n in state.score.items())
    text = f"Score: North-South {state.score['NS']}, East-West {state.score['EW']}"
    if rules.scoring == "six_love" and state.ties:
        text += f"; {state.ties} tied deal{'s' if state.ties > 1 else ''} pending, next hand worth {state.worth}"
    if state.playoff:
        text += "; play-off pending"
    return text + "."


def leader_words(next_leader: str) -> str:
    """Who leads the next hand, in words."""
    if next_leader in TEAMS:
        return f"{TEAM_NAMES[next_leader]} lead the next hand (either partner)"
    if next_leader == HOLDER66:
        return "the holder of the 6-6 poses the next hand"
    if next_leader == HIGHEST_DOUBLE:
        return "the holder of the highest double leads the next hand"
    return f"{next_leader} leads the next hand"


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
            ("Blocked hand: the single player with the fewest pips wins it for his team; if the lowest count is "
             "shared across both teams it is a tie." if rules.blocked_rule == "lowest_individual" else
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
            lines.append("A tied hand is replayed with a fresh deal, worth one more point for each tie in a row; "
                         + ("the team with points leads the replay." if rules.replay_leader == "seed" else
                            "the 6-6 holder poses the replay."))
            if rules.one_all_playoff:
                lines.append("At 1-0, if the team on 0 wins, a 1-1 play-off follows; its winner goes to 2-0.")
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

