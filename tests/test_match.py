"""The scoring state machine of RULES.md: Straight Six, Six Love, the Vietnamese tally."""

from __future__ import annotations

import pytest

from dominoes_widget import IllegalMoveError, Match, MatchState, Outcome, Rules, Termination, score_hand
from dominoes_widget.engine.match import HIGHEST_DOUBLE, HOLDER66
from dominoes_widget.engine.views import SeatView

from engine_helpers import (LAST_LOWEST, LEADER_LOWEST, OPPONENTS_TIE, blocked_deal, blocked_moves, play,
                            play_match, tiles)

PIPS = {"N": 10, "E": 10, "S": 10, "W": 10}


def won(team: str) -> Outcome:
    return Outcome(Termination.DOMINO, team[0], team, False, PIPS, (1, 2))


def tied() -> Outcome:
    return Outcome(Termination.BLOCKED, None, None, True, PIPS, (3, 3))


def after(rules: Rules, *results: str, start: MatchState | dict | None = None) -> MatchState:
    """The match state after hands ending ``"NS"``, ``"EW"`` or ``"tie"``, from ``start``."""
    state = MatchState.new(rules) if start is None else (
        start if isinstance(start, MatchState) else MatchState.from_start(rules, start))
    for result in results:
        state = score_hand(rules, state, tied() if result == "tie" else won(result))
    return state


def score(state: MatchState) -> tuple[int, int]:
    return state.score["NS"], state.score["EW"]


# -- Straight Six ----------------------------------------------------------------------------
STRAIGHT = Rules.straight_six()


def test_straight_six_a_won_hand_scores_1_and_the_winners_lead_next():
    state = after(STRAIGHT, "NS")
    assert score(state) == (1, 0) and state.next_leader.code == "NS" and state.last_winner == "NS"
    state = after(STRAIGHT, "NS", "EW")
    assert score(state) == (1, 1) and state.next_leader.code == "EW"


def test_straight_six_a_tie_scores_nothing_and_the_6_6_holder_poses_next():
    state = after(STRAIGHT, "NS", "tie")
    assert score(state) == (1, 0) and state.ties == 1 and state.next_leader == HOLDER66
    assert state.last_winner is None


def test_straight_six_tie_no_points_ties_add_nothing_to_the_next_win():
    state = after(STRAIGHT, "tie", "tie", "EW")
    assert score(state) == (0, 1) and state.ties == 0


def test_straight_six_tie_accumulate_the_next_win_takes_the_tied_hands():
    rules = Rules.straight_six(straight_six_tie="accumulate")
    state = after(rules, "tie", "tie", "EW")
    assert score(state) == (0, 3) and state.ties == 0


def test_straight_six_first_team_to_6_wins_whatever_the_opponents_have():
    state = after(STRAIGHT, *["EW"] * 5, *["NS"] * 5)
    assert score(state) == (5, 5) and not state.is_over
    state = after(STRAIGHT, "NS", start=state)
    assert state.winner == "NS" and state.is_over


def test_straight_six_target_setting():
    rules = Rules.straight_six(target=3)
    assert after(rules, "NS", "NS").winner is None
    assert after(rules, "NS", "NS", "NS").winner == "NS"


# -- Six Love --------------------------------------------------------------------------------
SIX_LOVE = Rules.six_love()


def test_six_love_winners_add_the_hand_value_while_the_opponents_are_on_0():
    state = after(SIX_LOVE, "NS", "NS")
    assert score(state) == (2, 0) and state.next_leader.code == "NS" and state.worth == 1


def test_six_love_a_tie_at_0_0_is_replayed_posed_by_the_6_6_holder():
    state = after(SIX_LOVE, "tie")
    assert score(state) == (0, 0) and state.ties == 1 and state.next_leader == HOLDER66
    assert state.worth == 2


def test_six_love_a_tie_with_points_is_replayed_led_by_the_team_with_points():
    """RULES.md: otherwise the team with points leads it (replay_leader=seed)."""
    state = after(SIX_LOVE, "EW", "tie")
    assert score(state) == (0, 1) and state.ties == 1 and state.next_leader.code == "EW"


def test_six_love_replay_leader_double_six_holder():
    state = after(Rules.six_love(replay_leader="double_six_holder"), "EW", "tie")
    assert state.next_leader == HOLDER66


def test_six_love_further_ties_keep_adding_1_to_the_value():
    """RULES.md: v = 1 + tied deals in a row; a replay can overshoot (5 + 2 = 7)."""
    state = after(SIX_LOVE, "NS", "tie", "tie", "NS")
    assert score(state) == (4, 0) and state.ties == 0
    state = after(SIX_LOVE, *["NS"] * 5, "tie", "NS")
    assert score(state) == (7, 0) and state.winner == "NS"


def test_six_love_the_team_on_0_winning_resets_to_0_0_and_leads_next():
    """RULES.md: both teams have now won a hand: 0-0, the winners get nothing but lead."""
    state = after(SIX_LOVE, "NS", "NS", "NS", "EW")
    assert score(state) == (0, 0) and state.next_leader.code == "EW" and state.last_winner == "EW"
    assert not state.is_over


def test_six_love_the_leading_team_losing_a_replay_resets_to_0_0():
    state = after(SIX_LOVE, "NS", "NS", "tie", "EW")
    assert score(state) == (0, 0) and state.ties == 0 and not state.playoff


def test_six_love_leader_after_reset_double_six_holder():
    state = after(Rules.six_love(leader_after_reset="double_six_holder"), "NS", "EW")
    assert score(state) == (0, 0) and state.next_leader == HOLDER66


def test_six_love_break_streak_the_winners_take_the_value_and_the_opponents_go_to_0():
    rules = Rules.six_love(six_love_break="streak")
    state = after(rules, "NS", "NS", "NS", "EW")
    assert score(state) == (0, 1) and state.next_leader.code == "EW"
    state = after(rules, "NS", "NS", "tie", "EW")
    assert score(state) == (0, 2)


def test_six_love_match_is_won_at_6_with_the_opponents_on_0():
    state = after(SIX_LOVE, *["EW"] * 5)
    assert score(state) == (0, 5) and not state.is_over
    state = after(SIX_LOVE, "EW", start=state)
    assert state.winner == "EW"


def test_six_love_a_team_at_6_with_opponents_not_on_0_has_not_won():
    """RULES.md: the match is won by reaching 6 or more while the opponents are on 0."""
    with pytest.raises(ValueError, match="always on 0"):  # and 6-1 is a score Six Love never reaches
        MatchState.from_start(SIX_LOVE, {"score": {"NS": 6, "EW": 1}})
    assert MatchState.from_start(SIX_LOVE, {"score": {"NS": 6, "EW": 0}}).winner == "NS"
    assert MatchState.from_start(STRAIGHT, {"score": {"NS": 6, "EW": 1}}).winner == "NS"


def test_six_love_target_setting():
    assert after(Rules.six_love(target=2), "NS", "NS").winner == "NS"


# -- the 1-1 play-off ------------------------------------------------------------------------
PLAYOFF = Rules.six_love(one_all_playoff=True)


def test_one_all_playoff_off_by_default_1_0_then_the_team_on_0_wins_resets():
    state = after(SIX_LOVE, "NS", "EW")
    assert score(state) == (0, 0) and not state.playoff


def test_one_all_playoff_1_0_then_the_team_on_0_wins_is_1_1_with_a_playoff_posed_by_the_6_6_holder():
    state = after(PLAYOFF, "NS", "EW")
    assert score(state) == (1, 1) and state.playoff and state.next_leader == HOLDER66


def test_one_all_playoff_winner_goes_to_2_the_loser_to_0_and_the_winner_leads():
    state = after(PLAYOFF, "NS", "EW", "NS")
    assert score(state) == (2, 0) and not state.playoff and state.next_leader.code == "NS"


def test_one_all_playoff_ties_during_the_playoff_add_to_the_winner():
    """RULES.md: its winner goes to 2 + tied play-off deals; ties are posed by the 6-6 holder."""
    state = after(PLAYOFF, "NS", "EW", "tie")
    assert state.playoff and state.ties == 1 and state.next_leader == HOLDER66 and score(state) == (1, 1)
    state = after(PLAYOFF, "tie", start=state)
    state = after(PLAYOFF, "EW", start=state)
    assert score(state) == (0, 4) and not state.playoff and state.ties == 0 and state.next_leader.code == "EW"


def test_one_all_playoff_leader_previous_winner():
    state = after(Rules.six_love(one_all_playoff=True, playoff_leader="previous_winner"), "NS", "EW")
    assert state.playoff and state.next_leader.code == "EW"


def test_one_all_playoff_a_replay_lost_by_the_leader_at_1_0_still_resets():
    state = after(PLAYOFF, "NS", "tie", "EW")
    assert score(state) == (0, 0) and not state.playoff


def test_one_all_playoff_only_from_1_0():
    state = after(PLAYOFF, "NS", "NS", "EW")
    assert score(state) == (0, 0) and not state.playoff


# -- starting from a given state -------------------------------------------------------------
@pytest.mark.parametrize(
    "rules, start, leader",
    [(SIX_LOVE, {"score": {"NS": 5, "EW": 0}, "ties": 1}, "NS"),
     (SIX_LOVE, {"score": {"NS": 0, "EW": 0}, "ties": 2}, HOLDER66),
     (SIX_LOVE, {"score": {"NS": 2, "EW": 0}, "last_winner": "NS"}, "NS"),
     (SIX_LOVE, {"score": {"NS": 0, "EW": 0}, "last_winner": "EW"}, "EW"),
     (Rules.six_love(leader_after_reset="double_six_holder"), {"score": {"NS": 0, "EW": 0}, "last_winner": "EW"},
      HOLDER66),
     (PLAYOFF, {"score": {"NS": 1, "EW": 1}, "playoff": True, "last_winner": "EW"}, HOLDER66),
     (STRAIGHT, {"score": {"NS": 3, "EW": 2}, "last_winner": "EW"}, "EW"),
     (STRAIGHT, {"score": {"NS": 3, "EW": 2}, "ties": 1}, HOLDER66),
     (Rules.vietnamese(3), {"score": {"S": 1, "E": 0, "N": 2}, "last_winner": "N"}, "N"),
     (Rules.vietnamese(3), {"score": {"S": 1, "E": 0, "N": 2}}, HIGHEST_DOUBLE)],
)
def test_a_start_state_gives_who_leads_next(rules, start, leader):
    """RECORD.md start: the match state before the first hand, like a setup position."""
    assert MatchState.from_start(rules, start).next_leader.code == str(leader)


def test_a_start_state_with_a_tie_pending_plays_on_at_its_value():
    """RECORD.md: teaching notebooks open at '5-0, one tie pending'."""
    state = after(SIX_LOVE, "NS", start={"score": {"NS": 5, "EW": 0}, "ties": 1})
    assert score(state) == (7, 0) and state.winner == "NS"
    state = after(SIX_LOVE, "EW", start={"score": {"NS": 5, "EW": 0}, "ties": 1})
    assert score(state) == (0, 0) and state.winner is None


def test_a_start_state_round_trips_through_as_start():
    start = {"score": {"NS": 2, "EW": 0}, "ties": 1, "playoff": False, "last_winner": None}
    assert MatchState.from_start(SIX_LOVE, start).as_start() == start


@pytest.mark.parametrize("start", [{"score": {"NS": -1}}, {"score": {"XY": 1}}, {"ties": -1}, {"ties": 1.5},
                                   {"last_winner": "N"}, {"score": [1, 0]}, {"score": {"NS": True}}])
def test_a_bad_start_state_is_refused(start):
    with pytest.raises(ValueError, match="start"):
        MatchState.from_start(SIX_LOVE, start)


# -- whole hands through Match ---------------------------------------------------------------
def _play_blocked(match: Match, leader: str, extras) -> None:
    hand = match.deal(blocked_deal(leader, extras), leader=leader)
    play(match, *blocked_moves(leader))
    assert hand.is_over


def test_match_scores_whole_hands_as_they_end_six_love():
    """Like shared/records/six_love_match.json: win, tie, replay won (+2), reset, win."""
    match = Match(SIX_LOVE)
    hand = match.deal(blocked_deal("S", LEADER_LOWEST))
    assert hand.leader == "S" and hand.lead_tile == tiles("6-6")[0]  # first hand: the 6-6 holder poses
    play(match, *blocked_moves("S"))
    assert score(match.state) == (1, 0) and match.state.next_leader.code == "NS"
    assert match.lead_rule(blocked_deal("E", LEADER_LOWEST)) == (("S", "N"), None)  # NS choose, any tile

    _play_blocked(match, "N", OPPONENTS_TIE)  # N and E tie: a replay led by N-S
    assert score(match.state) == (1, 0) and match.state.ties == 1 and match.state.next_leader.code == "NS"
    _play_blocked(match, "S", LEADER_LOWEST)
    assert score(match.state) == (3, 0) and match.state.ties == 0
    _play_blocked(match, "N", LAST_LOWEST)  # E (the last of N's order) is lowest: E-W win
    assert score(match.state) == (0, 0) and match.state.next_leader.code == "EW"
    _play_blocked(match, "W", LEADER_LOWEST)
    assert score(match.state) == (0, 1) and match.state.next_leader.code == "EW"
    assert [match.state_before(i).score["NS"] for i in range(5)] == [0, 1, 1, 3, 0]


def test_match_a_seat_outside_the_leading_team_may_not_lead():
    match = Match(SIX_LOVE, {"score": {"NS": 1, "EW": 0}, "last_winner": "NS"})
    with pytest.raises(IllegalMoveError) as error:
        match.deal(blocked_deal("E", LEADER_LOWEST), leader="E")
    assert error.value.reason == "wrong_leader" and match.hands == [] and match.pending is None


def test_match_after_a_straight_six_tie_the_6_6_holder_must_pose_it():
    match = Match(STRAIGHT, {"score": {"NS": 1, "EW": 0}, "last_winner": "NS"})
    _play_blocked(match, "S", OPPONENTS_TIE)
    assert match.state.next_leader == HOLDER66
    deal = blocked_deal("W", LEADER_LOWEST)
    assert match.lead_rule(deal) == (("W",), tiles("6-6")[0])
    hand = match.deal(deal)
    assert hand.leader == "W" and [str(m) for m in hand.legal_moves] == ["W 6-6"]


def test_match_sporting_the_6_6_holder_leads_any_tile_after_a_tie():
    rules = Rules.straight_six(sporting=True)
    assert Match(rules).lead_rule(blocked_deal("W", LEADER_LOWEST)) == (("W",), None)


def test_match_hands_are_refused_after_the_match_is_over():
    match = Match(SIX_LOVE, {"score": {"NS": 5, "EW": 0}, "last_winner": "NS"})
    _play_blocked(match, "N", LEADER_LOWEST)
    assert match.is_over and match.state.winner == "NS" and score(match.state) == (6, 0)
    with pytest.raises(IllegalMoveError) as error:
        match.deal()
    assert error.value.reason == "match_over"


def test_match_a_hand_in_progress_must_end_before_the_next_deal():
    match = Match(SIX_LOVE)
    match.deal(seed=1)
    with pytest.raises(IllegalMoveError):
        match.deal(seed=2)


def test_match_pop_undoes_the_scoring_of_the_last_move():
    match = Match(SIX_LOVE)
    _play_blocked(match, "S", LEADER_LOWEST)
    assert score(match.state) == (1, 0)
    match.pop()
    assert score(match.state) == (0, 0) and not match.hand.is_over
    play(match, blocked_moves("S")[-1])
    assert score(match.state) == (1, 0)


def test_bot_matches_end_with_a_winner_under_each_scoring():
    for rules in (Rules.six_love(target=3), STRAIGHT, Rules.six_love(one_all_playoff=True, target=3),
                  Rules.six_love(six_love_break="streak", target=3)):
        match = play_match(rules, seed=5, max_hands=400)
        assert match.is_over, rules
        winner = match.state.winner
        if rules.scoring == "six_love":
            assert match.state.score[winner] >= 3 and min(match.state.score.values()) == 0
        else:
            assert match.state.score[winner] == 6


# -- Vietnamese ------------------------------------------------------------------------------
VIET = Rules.vietnamese(3)


def v_outcome(seat: str | None, pips=(5, 7, 9)) -> Outcome:
    return Outcome(Termination.BLOCKED, seat, None, seat is None, dict(zip("SEN", pips)), (6, 6))


def test_vietnamese_tally_counts_hand_wins_and_pip_totals_and_the_winner_leads_next():
    state = MatchState.new(VIET)
    assert state.score == {"S": 0, "E": 0, "N": 0} and state.next_leader == HIGHEST_DOUBLE
    state = score_hand(VIET, state, v_outcome("E"))
    assert state.score == {"S": 0, "E": 1, "N": 0} and state.next_leader.code == "E"
    assert state.pip_totals == {"S": 5, "E": 7, "N": 9}
    state = score_hand(VIET, state, v_outcome(None, (3, 3, 4)))
    assert state.score == {"S": 0, "E": 1, "N": 0} and state.next_leader == HIGHEST_DOUBLE
    assert state.pip_totals == {"S": 8, "E": 10, "N": 13} and state.last_winner is None


def test_vietnamese_no_target_by_default_play_on():
    state = MatchState.new(VIET)
    for _ in range(20):
        state = score_hand(VIET, state, v_outcome("S"))
    assert state.score["S"] == 20 and not state.is_over


def test_vietnamese_target_ends_the_match_when_a_player_reaches_that_many_wins():
    rules = Rules.vietnamese(3, target=2)
    state = score_hand(rules, MatchState.new(rules), v_outcome("N"))
    assert not state.is_over
    state = score_hand(rules, state, v_outcome("N"))
    assert state.winner == "N"


def test_vietnamese_match_the_previous_winner_leads_any_tile():
    match = Match(Rules.vietnamese(3, tie_rule="fewest_tiles", target=2))
    hand = match.deal(*_v_block_deal())
    assert hand.leader == "S" and hand.lead_tile == tiles("6-6")[0]
    play(match, *V_CHAIN)
    assert hand.outcome.winner_seat == "S" and match.state.score == {"S": 1, "E": 0, "N": 0}
    assert match.lead_rule(hand.deal) == (("S",), None)
    hand = match.deal(*_v_block_deal())
    assert len(hand.legal_moves) == 12  # any tile: 6-6 and 2-2 once, the other five either way round
    play(match, *V_CHAIN)
    assert match.state.winner == "S"
    with pytest.raises(IllegalMoveError):
        match.deal()


def test_vietnamese_match_after_a_hand_with_no_winner_the_first_hand_rule_applies_again():
    match = Match(VIET)
    hand = match.deal(*_v_block_deal())
    play(match, *V_CHAIN)
    assert hand.outcome.tie and match.state.next_leader == HIGHEST_DOUBLE
    assert match.state.score == {"S": 0, "E": 0, "N": 0}
    assert match.state.pip_totals == {"S": 12, "E": 12, "N": 33}
    assert match.lead_rule(hand.deal) == (("S",), tiles("6-6")[0])


def test_vietnamese_match_from_a_start_state_its_last_winner_leads():
    match = Match(VIET, {"score": {"S": 0, "E": 2, "N": 0}, "last_winner": "E"})
    assert match.state.next_leader.code == "E"
    hand = match.deal(*_v_block_deal())
    assert hand.leader == "E" and hand.lead_tile is None
    with pytest.raises(IllegalMoveError) as error:
        match.push("S 6-6")
    assert error.value.reason == "not_your_turn"


V_CHAIN = ["S 6-6", "E 6-1 L", "N 6-3 R", "S 1-2 L", "E 3-4 R", "N 2-6 L", "S 4-6 R", "E 6-0 L", "N 0-5 L", "S 5-6 L"]


def _v_block_deal():
    """A three-player hand that blocks at 6|6 after V_CHAIN; S and E tie on 12 pips, S has fewer tiles."""
    return ({"S": tiles("6-6 1-2 4-6 5-6 0-4 1-3 2-2"), "E": tiles("1-6 3-4 0-6 0-1 0-2 1-1 2-5"),
             "N": tiles("3-6 2-6 0-5 3-3 4-4 5-5 4-5")}, tiles("0-0 0-3 1-4 1-5 2-3 2-4 3-5"))


@pytest.mark.parametrize("start, words", [
    ("garbage", "start must be an object"),
    ({"playoff": "no"}, "true or false"),
    ({"playoff": True}, "1-1 in Six Love"),
    ({"score": {"NS": 3, "EW": 2}}, "always on 0"),
])
def test_start_states_the_rules_never_reach_are_refused(start, words):
    with pytest.raises(ValueError, match=words):
        MatchState.from_start(SIX_LOVE, start)


def test_a_pending_play_off_start_is_accepted_at_one_all():
    state = MatchState.from_start(PLAYOFF, {"score": {"NS": 1, "EW": 1}, "playoff": True})
    assert state.playoff and state.next_leader == HOLDER66


@pytest.mark.parametrize("cls, args", [
    (Outcome, (Termination.DOMINO, "N", "NS", False, {"N": 0}, (1, 2))),
    (MatchState, ({"NS": 0, "EW": 0},)),
    (SeatView, ("N", Rules.six_love(), (), {"N": 7}, (), 0, None, (), (), 0, "N", (), "N")),
])
def test_facts_made_by_their_quick_constructors_are_whole_frozen_dataclasses(cls, args):
    """Outcome, MatchState and SeatView fill their fields in one step (they are made for
    every hand or decision): each field is set, defaults are the declared ones, and they
    stay frozen."""
    import dataclasses

    made = cls(*args)
    fields = dataclasses.fields(cls)
    assert set(vars(made)) == {f.name for f in fields}
    for f in fields[len(args):]:
        default = f.default_factory() if f.default_factory is not dataclasses.MISSING else f.default
        assert getattr(made, f.name) == default, f.name
    assert dataclasses.replace(made) == made
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(made, fields[0].name, None)
