"""Plain words for the rules, refused moves, single moves, hand results and the table.

Every sentence comes from the message catalog (``locales/<lang>.toml``) through a
:class:`~dominoes_widget.words.catalog.Voice`, filled with the engine's facts (the outcome, the
match state and its scoring event, the refusal's fields); nothing here decides a rule.
``explain(x)`` picks the right explanation for an :class:`IllegalMoveError`, a finished
:class:`Hand`, a :class:`Match` or :class:`Rules`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping, NamedTuple, Sequence

from .catalog import Voice
from ..engine.errors import IllegalMoveError
from ..engine.hand import DOUBLE_BLANK, TEAMS, Hand, Outcome, Termination, WinReason, other_team, partner_of, team_of
from ..engine.match import LeaderKind, Match, MatchState, NextLeader, ScoreEvent
from ..engine.move import LEAD, PASS, PLAY, Move
from ..engine.rules import Rules
from ..engine.views import SeatView, seat_view

__all__ = ["explain", "describe_rules", "explain_refusal", "refusal_detail", "explain_move", "explain_result",
           "score_line", "leader_words", "TEAM_NAMES", "rules_name", "player_label", "bot_label", "hand_label",
           "match_winner_words", "score_panel_words", "Counted", "counting_words", "numbers_lacked", "move_label",
           "move_item", "Voice"]

TEAM_NAMES = {"NS": "North-South", "EW": "East-West"}
"""The teams' English names (the catalog's ``team`` section gives every language's)."""


def _voice(voice: Voice | None) -> Voice:
    return voice if voice is not None else Voice.letters()


# -- explain() ------------------------------------------------------------------------------------
def explain(subject: Any, *args: Any, lang: str = "en", names: Mapping[str, str] | None = None) -> str:
    """Words for a refused move, a finished hand (or move ``i`` of a hand), a match, the rules,
    or a seat view (what that seat can count: numbers all in sight, the others' known voids).

    ``lang`` picks the language; ``names`` maps seats to player names (default: the seats'
    letters, as records write them).
    """
    voice = Voice(lang, names) if names is not None else Voice.letters(lang)
    if isinstance(subject, IllegalMoveError):
        return explain_refusal(subject, voice)
    if isinstance(subject, Rules):
        return describe_rules(subject, voice)
    if isinstance(subject, Match):
        state = subject.state
        finished = [i for i, hand in enumerate(subject.hands) if hand.is_over]
        if finished:  # the last hand played, what it did to the score, and what comes next
            index = finished[-1]
            title, lines = explain_result(subject.hands[index], subject.state_before(index),
                                          subject.state_after(index), voice)
            return "\n".join([voice("name.hand", n=index) + f": {title}", *lines])
        return f"{score_line(subject.rules, state, voice)} {leader_words(state.next_leader, voice)}"
    if isinstance(subject, SeatView):  # what this seat can count: the numbers it has not seen, the voids
        counted = counting_words(subject, voice)
        return "\n".join(counted.in_sight + counted.lacks) or voice("table.nothing_known")
    if isinstance(subject, Hand):
        if args:
            return explain_move(subject, *args, voice=voice)
        if subject.outcome is None:
            return explain_position(subject, voice)
        title, lines = explain_result(subject, voice=voice)
        return "\n".join([title, *lines])
    raise TypeError(f"explain() takes a refused move, a hand, a match, rules or a seat view, "
                    f"not {type(subject).__name__}")


def explain_position(hand: Hand, voice: Voice | None = None) -> str:
    """Whose turn it is in a hand still being played."""
    voice = _voice(voice)
    if hand.ends is None:
        return voice.say("table.in_progress_lead", str(hand.turn))
    return voice.say("table.in_progress", str(hand.turn), ends=_ends_phrase(hand.ends, voice))


# -- refusals ----------------------------------------------------------------------------------
def refusal_detail(error: IllegalMoveError, voice: Voice | None = None) -> str:
    """What is wrong in this position, from the refusal's fields (``refusal.<case>``)."""
    voice = _voice(voice)
    facts = dict(error.facts)
    seat = error.seat
    params: dict[str, Any] = {"seat": voice.name(seat) if seat else "", **facts}
    if error.tile is not None:
        params["tile"] = str(error.tile)
    for key in ("turn", "who"):
        if isinstance(facts.get(key), str) and facts[key] in ("N", "E", "S", "W"):
            params[key] = voice.name(facts[key])
    if "leaders" in facts:
        params["leaders"] = " / ".join(voice.name(s) for s in facts["leaders"])
    if "tiles" in facts:
        params["tiles"] = voice.words.listing([str(t) for t in facts["tiles"]])
    if "side" in facts:
        params["side"] = voice(f"ends.{facts['side']}")
        params["other_side"] = voice(f"ends.{facts['other_side']}") if "other_side" in facts else ""
    if error.case == "fits_neither" and error.ends is not None:
        params["ends"] = _ends_phrase(error.ends, voice)
    if "who" in facts and facts["who"] in TEAMS:
        params["who"] = voice.team(facts["who"])
    if "next_leader" in facts:
        params["rule"] = leader_words(facts["next_leader"], voice)
    key = f"refusal.{error.case}"
    if seat is not None and seat == voice.you and voice.words.has(f"{key}_you"):
        key = f"{key}_you"
    return voice(key, **params)


def explain_refusal(error: IllegalMoveError, voice: Voice | None = None, *, with_code: bool = True) -> str:
    """Why a move was refused: what happened, and the rule behind it (and its reason code)."""
    voice = _voice(voice)
    detail = refusal_detail(error, voice).rstrip(".")
    rule = voice(f"rule.{error.reason}") if voice.words.has(f"rule.{error.reason}") else error.reason.rule
    parts = [f"{detail[:1].upper()}{detail[1:]}.", rule, voice("refusal.code", code=error.reason) if with_code else ""]
    return " ".join(part for part in parts if part)


# -- one move --------------------------------------------------------------------------------------
def explain_move(position: Hand | SeatView, index: int, *, ending: bool = True, voice: Voice | None = None) -> str:
    """A sentence for move ``index`` ("N passes: holds no 3 and no 5").

    ``position`` is a hand (every tile known) or a seat view: then another seat's draw
    is told without its tile, only whether it fitted, as the seat saw. ``ending=False``
    leaves out how the hand ended after its last move (for a page that shows the result).
    """
    voice = _voice(voice)
    view = position if isinstance(position, SeatView) else seat_view(position, None, open_hands=True)
    if not ending:
        view = replace(view, outcome=None)
    move = view.moves[index]
    ends = view.ends_before[index]
    who = move.seat
    tail = _ending(view, index, voice)
    if move.action == LEAD:
        assert move.tile is not None and move.first is not None  # a lead names its tile and halves
        written = move.tile.written(move.first)
        if move.tile.is_double:
            return voice.say("move.lead_double", who, tile=written, n=move.first) + tail
        return voice.say("move.lead", who, tile=written, left=move.first, right=move.second) + tail
    if move.action == PLAY:
        # a play names its tile and halves, and comes after the lead
        assert move.tile is not None and move.first is not None and ends is not None
        side = voice("ends.left") if move.end == "L" else voice("ends.right")
        end_value = ends[0 if move.end == "L" else 1]
        written = move.tile.written(move.first)
        wild = view.rules.blank_rule == "wild" and end_value == 0 and move.first != 0
        where = voice("move.on_wild", side=side) if wild else voice("move.on_end", n=end_value, side=side)
        if move.tile.is_double:
            key = "move.play_double" if end_value != move.second else "move.play_double_still"  # a wild end changes
            return voice.say(key, who, tile=written, where=where, side=side, n=move.second) + tail
        return voice.say("move.play", who, tile=written, where=where, side=side, n=move.second) + tail
    lacks = _lacks(ends, voice)
    if move.action == PASS:
        if view.kept_drawn(index):
            previous = view.moves[index - 1]
            if previous.tile is None:
                return voice.say("move.pass_keeps_hidden", who) + tail
            return voice.say("move.pass_keeps", who, tile=str(previous.tile)) + tail
        key = "move.pass_pile_empty" if view.rules.has_boneyard else "move.pass"
        return voice.say(key, who, lacks=lacks) + tail
    drawn = voice("move.drawn_tile", tile=str(move.tile)) if move.tile is not None else voice("move.hidden_tile")
    follows = view.moves[index + 1] if index + 1 < len(view.moves) else None
    if view.draw_fitted(index):
        if follows is not None and follows.seat == who and follows.action == PASS:
            return voice.say("move.draw_keeps", who, lacks=lacks, drawn=drawn)
        key = "move.draw_must_play" if view.rules.drawn_tile_must_play else "move.draw_may_play"
        return voice.say(key, who, lacks=lacks, drawn=drawn)
    again = (follows.seat == who) if follows is not None else (view.turn == who)
    if again:
        return voice.say("move.draw_again", who, lacks=lacks, drawn=drawn)
    return voice.say("move.draw_passes", who, lacks=lacks, drawn=drawn) + tail


def _ending(view: SeatView, index: int, voice: Voice) -> str:
    """The words added to the last move of a finished hand."""
    outcome = view.outcome
    if outcome is None or index != len(view.moves) - 1:
        return ""
    if outcome.termination is Termination.DOMINO:
        return " " + voice.say("move.ends_domino", str(outcome.winner_seat))
    return " " + voice("move.ends_blocked", ends=_ends_phrase(outcome.open_ends, voice))


def dealt_words(index: int, leader: str, voice: Voice | None = None) -> str:
    """``Hand 2 is dealt: North leads.``"""
    voice = _voice(voice)
    return voice.say("move.dealt", leader, hand=voice("name.hand", n=index + 1))


# -- a hand's result ----------------------------------------------------------------------------------
def explain_result(hand: Hand, before: MatchState | None = None, after: MatchState | None = None,
                   voice: Voice | None = None, *, with_score: bool = True) -> tuple[str, list[str]]:
    """A title and lines of explanation for a finished hand (and its effect on the score).

    With the match state ``before`` and ``after`` the hand, the lines also say what the
    hand scored and why (replays and their value, resets, the play-off, the match won),
    and the score after it unless ``with_score`` is off (for a page that shows the score).
    """
    voice = _voice(voice)
    outcome = hand.outcome
    if outcome is None:
        raise ValueError("the hand has not ended yet")
    rules = hand.rules
    lines: list[str] = []
    if outcome.termination is Termination.DOMINO:
        seat = str(outcome.winner_seat)
        if rules.is_partnership:
            title = voice.say("result.domino_team", seat, team=voice.team(str(outcome.winner_team)))
        else:
            title = voice.say("result.domino", seat)
        lines.append(voice("result.domino_line"))
    else:
        pile = (voice("result.blocked_pile", count=voice.words.count("tile", hand.boneyard_size))
                if hand.boneyard_size else "")
        lines.append(voice("result.blocked", ends=_ends_phrase(outcome.open_ends, voice), pile=pile))
        lines.append(_pip_counts(hand, outcome, voice))
        title, reason = _blocked_reason(rules, outcome, voice)
        lines.append(reason)
    if before is not None and after is not None:
        lines.extend(_score_change(rules, before, after, voice, with_score))
    return title, lines


def _pip_counts(hand: Hand, outcome: Outcome, voice: Voice) -> str:
    """``Pips left: N 15, E 8 …`` with how the 0-0 counts when someone holds it."""
    counted = hand.rules.double_blank_pips
    parts = []
    for seat in hand.seats:
        key = "result.pips_of"
        if DOUBLE_BLANK in outcome.held.get(seat, ()):
            key = "result.pips_of_double_blank" if counted else "result.pips_of_double_blank_zero"
        parts.append(voice(key, who=voice.name(seat), n=outcome.pips[seat], counted=counted))
    return voice("result.pips_left", counts=voice("name.list_separator").join(parts))


def _blocked_reason(rules: Rules, outcome: Outcome, voice: Voice) -> tuple[str, str]:
    """A title and a sentence for why a blocked hand went as it did (the engine's ``Outcome.why``)."""
    pips, why, low = outcome.pips, outcome.why, outcome.lowest
    lowest = pips[low[0]]
    seats = voice.words.listing([voice.name(s) for s in low])
    if why in (WinReason.TEAM_TOTAL, WinReason.TIE_TEAM_TOTAL):
        totals = outcome.team_totals
        sums = voice("result.totals", n=pips["N"], s=pips["S"], ns=totals["NS"], e=pips["E"], w=pips["W"],
                     ew=totals["EW"])
        if why is WinReason.TIE_TEAM_TOTAL:
            return voice("result.tie_title"), voice("result.tie_team_total", totals=sums)
        team = voice.team(str(outcome.winner_team))
        return voice("result.team_total_title", team=team), voice("result.team_total", totals=sums, team=team)
    if why is WinReason.TIE_ACROSS_TEAMS:
        teams = voice.words.listing([voice.team(t) for t in TEAMS if any(team_of(s) == t for s in low)])
        return voice("result.tie_title"), voice("result.tie_across", seats=seats, n=lowest, teams=teams)
    if why is WinReason.PARTNERS_LOWEST:
        team = voice.team(str(outcome.winner_team))
        return (voice("result.partners_title", team=team),
                voice("result.partners", seats=seats, n=lowest, team=team))
    seat = str(outcome.winner_seat)
    if why is WinReason.SINGLE_LOWEST and rules.is_partnership:
        team = voice.team(str(outcome.winner_team))
        partner = partner_of(seat)
        return (voice.say("result.single_team_title", seat, team=team),
                voice.say("result.single_team", seat, n=lowest, team=team, partner=voice.name(partner),
                          partner_pips=pips[partner]))
    counts = voice("name.list_separator").join(voice("result.count_of", who=voice.name(s), n=outcome.tile_counts[s])
                                                for s in low)
    if why is WinReason.FEWEST_TILES:
        return (voice.say("result.fewest_tiles_title", seat),
                voice.say("result.fewest_tiles", seat, seats=seats, n=lowest, counts=counts))
    if why is WinReason.TIE_NO_WINNER:
        key = "result.no_winner_same_tiles" if rules.tie_rule == "fewest_tiles" else "result.no_winner"
        return voice("result.no_winner_title"), voice(key, seats=seats, n=lowest, counts=counts)
    return voice.say("result.single_title", seat), voice.say("result.single", seat, n=lowest)


def _score_change(rules: Rules, before: MatchState, after: MatchState, voice: Voice,
                  with_score: bool = True) -> list[str]:
    """What the hand did to the score (the engine's ``MatchState.event``), the score, and what follows."""
    event = after.event
    lines = []
    if not rules.is_partnership:
        if event is ScoreEvent.NO_WINNER:
            lines.append(voice("score.no_hand_win"))
        if with_score:
            lines.append(_hands_won(after, voice))
        if after.winner:
            lines.append(voice.say("score.reaches_target", after.winner,
                                   count=voice.words.count("hand_win", int(rules.target or 0))))
        else:
            lines.append(leader_words(after.next_leader, voice))
        return lines
    team = after.last_winner
    winners = voice.team(team) if team else ""
    losers = voice.team(other_team(team)) if team else ""
    ties_before = voice.words.count("tied_deal", before.ties)
    if event is ScoreEvent.TIE_REPLAYED:
        key = "score.tie_replayed_playoff" if before.playoff else "score.tie_replayed"
        lines.append(voice(key, worth=after.worth, ties=voice.words.count("tied_deal", after.ties)))
    elif event is ScoreEvent.TIE_CARRIED:
        lines.append(voice("score.tie_carried", worth=1 + after.ties, ties=voice.words.count("tied_deal", after.ties)))
    elif event is ScoreEvent.TIE_NO_POINTS:
        lines.append(voice("score.tie_no_points"))
    elif event is ScoreEvent.WON_CARRIED:
        lines.append(voice("score.won_carried", team=winners, gained=after.gained, carried=after.gained - 1,
                           ties=ties_before))
    elif event is ScoreEvent.PLAYOFF_WON:
        key = "score.playoff_won_ties" if before.ties else "score.playoff_won"
        lines.append(voice(key, team=winners, n=after.score[str(team)], losers=losers, ties=ties_before))
    elif event is ScoreEvent.PLAYOFF_STARTED:
        poser = voice("score.poser_holder") if rules.playoff_leader == "double_six_holder" else winners
        lines.append(voice("score.playoff_started", team=winners, losers=losers, poser=poser))
    elif event is ScoreEvent.STREAK:
        lines.append(voice("score.streak", team=winners, losers=losers, n=after.score[str(team)]))
    elif event is ScoreEvent.RESET:
        key = "score.reset_worth" if before.ties else "score.reset"
        lines.append(voice(key, team=winners, losers=losers, worth=before.worth))
    elif event is ScoreEvent.REPLAY_WON:
        lines.append(voice("score.replay_won", team=winners, gained=after.gained, worth=before.worth,
                           ties=ties_before))
    elif rules.scoring == "straight_six":
        lines.append(voice("score.won_one", team=winners))
    else:
        lines.append(voice("score.won", team=winners, gained=after.gained))
    if with_score:
        lines.append(score_line(rules, after, voice))
    if after.winner:
        key = "score.match_six_love" if rules.scoring == "six_love" else "score.match_straight"
        lines.append(voice(key, team=voice.team(after.winner), n=after.score[after.winner], target=rules.target))
    else:
        lines.append(leader_words(after.next_leader, voice))
    return lines


def _hands_won(state: MatchState, voice: Voice) -> str:
    items = [voice("score.won_of", who=voice.name(s), n=n) for s, n in state.score.items()]
    return voice("score.hands_won", list=voice("name.list_separator").join(items))


def score_line(rules: Rules, state: MatchState, voice: Voice | None = None) -> str:
    """The score in one line, with what the next hand is worth and whether a play-off is pending."""
    voice = _voice(voice)
    if not rules.is_partnership:
        return _hands_won(state, voice)
    extra = ""
    if rules.scoring == "six_love" and state.ties:
        extra += voice("score.line_ties", ties=voice.words.count("tied_deal", state.ties), worth=state.worth)
    if state.playoff:
        extra += voice("score.line_playoff")
    return voice("score.line", ns=state.score["NS"], ew=state.score["EW"], extra=extra)


def leader_words(next_leader: NextLeader | None, voice: Voice | None = None) -> str:
    """Who leads the next hand, as a sentence."""
    voice = _voice(voice)
    if next_leader is None:
        return voice("score.next_none")
    if next_leader.kind is LeaderKind.TEAM:
        return voice("score.next_team", team=voice.team(str(next_leader.who)))
    if next_leader.kind is LeaderKind.DOUBLE_SIX_HOLDER:
        return voice("score.next_holder66")
    if next_leader.kind is LeaderKind.HIGHEST_DOUBLE:
        return voice("score.next_highest_double")
    return voice.say("score.next_seat", str(next_leader.who))


# -- the rules --------------------------------------------------------------------------------------
def rules_name(rules: Rules, voice: Voice | None = None) -> str:
    """``Six Love``, ``Straight Six``, ``Vietnamese, 3 players``."""
    voice = _voice(voice)
    if rules.game == "vietnamese":
        return voice("game.vietnamese", n=rules.players)
    return voice(f"game.{rules.scoring}")


def describe_rules(rules: Rules, voice: Voice | None = None) -> str:
    """The rules in force, in plain words, one point a line."""
    voice = _voice(voice)
    say = voice.words
    order = " → ".join(voice.name(s) if voice.names.get(s) != s else s for s in rules.turn_order + rules.turn_order[:1])
    lines = [say("rules.title", name=rules_name(rules, voice)),
             say("rules.order", direction=say(f"rules.{rules.direction}"), order=order)]
    blank = rules.double_blank_pips
    if rules.is_partnership:
        lines.insert(1, say("rules.partnership_seats"))
        lines += [
            say("rules.first_hand_sporting" if rules.sporting else "rules.first_hand_tournament"),
            say("rules.later_hands_team"),
            say("rules.no_passing"),
            say("rules.hand_ends"),
            say("rules.blocked_individual", double_blank=blank) if rules.blocked_rule == "lowest_individual"
            else say("rules.blocked_team_total"),
        ]
        if rules.scoring == "straight_six":
            lines.append(say("rules.straight_six", target=rules.target))
            lines.append(say("rules.straight_tie_accumulate" if rules.straight_six_tie == "accumulate"
                             else "rules.straight_tie"))
        else:
            lines.append(say("rules.six_love", target=rules.target))
            lines.append(say("rules.break_reset" if rules.six_love_break == "reset" else "rules.break_streak"))
            lines.append(say("rules.after_reset_winner" if rules.leader_after_reset == "previous_winner"
                             else "rules.after_reset_holder"))
            lines.append(say("rules.replay_seed" if rules.replay_leader == "seed" else "rules.replay_holder"))
            if rules.one_all_playoff:
                lines.append(say("rules.playoff_holder" if rules.playoff_leader == "double_six_holder"
                                 else "rules.playoff_winner"))
    else:
        pile = 28 - 7 * rules.players
        lines.insert(1, say("rules.vietnamese_seats", n=rules.players, pile=pile) if pile
                     else say("rules.vietnamese_seats_no_pile", n=rules.players))
        lines += [say("rules.first_hand_double" if rules.no_double_fallback == "highest_tile"
                      else "rules.first_hand_redeal"),
                  say("rules.later_hands_winner")]
        if pile:
            draws = "one" if rules.draw_mode == "one" else "until"
            lines.append(say(f"rules.draw_{draws}_{'must' if rules.drawn_tile_must_play else 'may'}"))
            lines.append(say(f"rules.{rules.block_detection}"))
        lines.append(say("rules.blocked_lowest_no_winner" if rules.tie_rule == "no_winner"
                         else "rules.blocked_lowest_fewest", double_blank=blank))
        if rules.target:
            lines.append(say("rules.vietnamese_target", target=rules.target))
    lines.append(say("rules.wild" if rules.blank_rule == "wild" else "rules.standard"))
    return "\n".join(lines)


# -- the table's words ------------------------------------------------------------------------------
def player_label(voice: Voice, seat: str, bot: str | None) -> str:
    """``North (strong bot)``, ``You``, ``Ana``."""
    name = voice.name(seat)
    if bot is None:
        return name
    return voice("name.bot", who=name, bot=bot_label(voice, bot))


def bot_label(voice: Voice, bot: str) -> str:
    """``strong bot``, ``inference bot``: a bot's kind in words."""
    return voice(f"name.{bot}") if voice.words.has(f"name.{bot}") else voice("name.other_bot", bot=bot)


def hand_label(index: int, voice: Voice | None = None) -> str:
    """``Hand 3`` for the hand at index 2."""
    return _voice(voice)("name.hand", n=index + 1)


def match_winner_words(rules: Rules, state: MatchState, voice: Voice) -> str:
    """``North-South win the match 6-0.`` or ``Ana wins the match with 3 hand wins won.``"""
    winner = state.winner
    if winner is None:
        return ""
    if rules.is_partnership:
        other = other_team(winner)
        return voice("score.match_won_team", team=voice.team(winner), a=state.score[winner], b=state.score[other])
    return voice.say("score.match_won", winner, count=voice.words.count("hand_win", state.score[winner]))


def score_panel_words(rules: Rules, state: MatchState, voice: Voice) -> tuple[str, list[tuple[str, str, str, str]],
                                                                                list[str]]:
    """The score panel: a title, rows ``(key, label, value, detail)`` and notes, from the match state."""
    say = voice.words
    if not rules.is_partnership:
        rows = [(seat, voice.name(seat), str(state.score[seat]), say("score.panel_pips", n=state.pip_totals.get(seat, 0)))
                for seat in rules.seats]
        note = (say("score.target_hands", count=say.count("hand_win", rules.target)) if rules.target
                else say("score.no_target"))
        return say("score.panel_hands_won"), rows, [note, say("score.pips_note")]
    rows = [(team, voice.team(team), str(state.score[team]), "") for team in TEAMS]
    title = rules_name(rules, voice)
    if rules.scoring == "straight_six":
        notes = [say("score.straight_note", n=rules.target)]
        if state.ties:
            key = "score.straight_ties_carried" if rules.straight_six_tie == "accumulate" else "score.straight_ties"
            notes.append(say(key, count=say.count("tied_hand", state.ties)))
        return title, rows, notes
    notes = [say("score.six_love_note", n=rules.target)]
    if state.playoff:
        notes.append(say("score.playoff_note"))
    if state.ties:
        notes.append(say("score.ties_note", count=say.count("tied_deal", state.ties)))
    notes.append(say("score.worth_note", count=say.count("point", state.worth)))
    return title, rows, notes


class Counted(NamedTuple):
    """What one seat can count (:func:`counting_words`)."""

    unseen: list[tuple[int, int]]
    """Per number, the tiles showing it that the seat has not seen."""
    voids: list[tuple[str, list[int], int]]
    """``(seat, numbers, since)``: the numbers that one move (index ``since``) showed ``seat`` lacks."""
    in_sight: list[str]
    """A sentence for the numbers every tile of which is in sight (nobody else can play on them)."""
    lacks: list[str]
    """A sentence per seat known to lack numbers: ``voids`` said in words."""


def counting_words(view: SeatView, voice: Voice) -> Counted:
    """The counting panel: unseen tiles per number, known voids and words.

    A seat that showed it lacks 1 at one move and 2 at a later one has two voids, and its
    sentence names each move (``East has no 1 (shown at move 7) and no 2 (shown at move
    19)``). The panel lists the voids and adds only the ``in_sight`` sentences; ``explain``
    says them all."""
    unseen = sorted(view.unseen_counts().items())
    voids: list[tuple[str, list[int], int]] = []
    in_sight, lacks = [], []
    seen = [str(number) for number, count in unseen if count == 0]
    if seen:
        in_sight.append(voice("table.all_seen", n=seen[0]) if len(seen) == 1 else
                        voice("table.all_seen_many", numbers=voice.words.listing(seen)))
    for seat, known in view.voids_since().items():
        if not known or seat == view.seat:
            continue
        groups = [(seat, sorted(n for n in known if known[n] == since), since) for since in sorted(set(known.values()))]
        voids.extend(groups)
        parts = [voice("table.lacks_since", lacks=numbers_lacked(numbers, voice), move=since + 1)
                 for _, numbers, since in groups]
        lacks.append(voice("table.lacks", who=voice.name(seat), lacks=numbers_lacked(parts, voice)))
    return Counted(unseen, voids, in_sight, lacks)


def move_label(move: Move | str, voice: Voice) -> str:
    """A move in words, without its seat: ``6-4 on the left``, ``lead 6-6``, ``pass``, ``draw``
    (a draw's tile is never named, so the words suit anyone who hears them)."""
    move = Move.parse(move) if isinstance(move, str) else move
    if move.action == PLAY and move.tile is not None and move.first is not None:
        side = voice("ends.left") if move.end == "L" else voice("ends.right")
        return voice("analysis.hint_move", tile=move.tile.written(move.first), side=side)
    if move.action == LEAD and move.tile is not None and move.first is not None:
        return voice("analysis.hint_lead", tile=move.tile.written(move.first))
    return voice("analysis.hint_pass") if move.action == PASS else voice("analysis.hint_draw")


def move_item(move: Move | str, voice: Voice) -> str:
    """A move in a list of moves, with its player: ``North: 6-4 on the left`` (the Table's and
    the Replay's move lists)."""
    move = Move.parse(move) if isinstance(move, str) else move
    return voice("table.move_item", who=voice.name(move.seat), move=move_label(move, voice))


def numbers_lacked(numbers: Sequence[object], voice: Voice) -> str:
    """``3``, ``3 and no 5``, ``0, no 2, no 4 and no 6``: what ``has no …`` ends with (the
    items may be numbers or already worded parts such as ``1 (shown at move 7)``)."""
    if len(numbers) == 1:
        return voice("ends.lacks_one", a=numbers[0])
    if len(numbers) == 2:
        return voice("ends.lacks_two", a=numbers[0], b=numbers[1])
    return voice("ends.lacks_more", first=voice("ends.lacks_separator").join(str(n) for n in numbers[:-1]),
                 last=numbers[-1])


# -- small phrases ------------------------------------------------------------------------------------
def _lacks(ends: tuple[int, int] | None, voice: Voice) -> str:
    if ends is None:
        return ""
    left, right = ends
    return voice("ends.lacks_one", a=left) if left == right else voice("ends.lacks_two", a=left, b=right)


def _ends_phrase(ends: tuple[int, int], voice: Voice) -> str:
    """``both ends show 6`` or ``the ends show 2 and 5``."""
    left, right = ends
    return voice("ends.both", a=left) if left == right else voice("ends.two", a=left, b=right)
