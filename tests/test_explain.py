"""``explain`` in words: every reason code, every way a hand ends, and what the score does.

The refusals come from the independent bad records of tests/acceptance/bad (one per reason
code); the hand endings from its good records and from hands built here. Each test checks
that the key facts appear: the counts, the rule, the reason code, what a replay is worth.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dominoes_widget import REASONS, Hand, IllegalMoveError, Match, Rules, Table, read_record
from dominoes_widget.engine.views import seat_view
from dominoes_widget.words.explanations import (
    describe_rules,
    explain,
    explain_move,
    explain_refusal,
    explain_result,
    leader_words,
    score_line,
)

ACCEPTANCE = Path(__file__).resolve().parent / "acceptance"
BAD = ACCEPTANCE / "bad"
GOOD = ACCEPTANCE / "records"
RECORDS = Path(__file__).resolve().parent / "data" / "records"


# -- helpers ---------------------------------------------------------------------------------
def first_refusal(name: str) -> IllegalMoveError:
    """Replay a bad record hand by hand and return the first refusal the engine raises."""
    data = json.loads((BAD / name).read_text(encoding="utf-8"))
    rules = Rules.from_settings(data["game"], data.get("rules"), players=len(data["seats"]))
    match = Match(rules, data.get("start"))
    try:
        for entry in data["hands"]:
            match.deal(entry["deal"], entry.get("boneyard") or [], entry["leader"])
            for move in entry["moves"]:
                match.push(move)
    except IllegalMoveError as error:
        return error
    raise AssertionError(f"{name} replayed without a refusal")


def replayed(name: str, folder: Path = GOOD):
    return read_record(folder / name).match


def result_words(match: Match, index: int = -1) -> tuple[str, str]:
    """The title and the lines (one text) explaining hand ``index`` with its score change."""
    index = index % len(match.hands)
    after = match.state_before(index + 1) if index + 1 < len(match.hands) else match.state
    title, lines = explain_result(match.hands[index], match.state_before(index), after)
    return title, "\n".join(lines)


def hand_with(rules: Rules, text: dict[str, str], moves: list[str], pile: str = "") -> Hand:
    hand = Hand(rules, {s: t.split() for s, t in text.items()}, pile.split())
    for move in moves:
        hand.push(move)
    return hand


# -- refusals: every reason code ---------------------------------------------------------------
REFUSALS = {
    "bad_lead_first_move_not_lead.json": ("bad_lead", "first move of a hand is a lead"),
    "bad_lead_later_move.json": ("bad_lead", "led already"),
    "wrong_leader_losing_team.json": ("wrong_leader", "may not lead this hand"),
    "must_lead_double_six_first_hand.json": ("must_lead_double_six", "must pose it"),
    "must_lead_deciding_tile_double.json": ("must_lead_deciding_tile", "the highest double dealt"),
    "must_lead_deciding_tile_highest_tile.json": ("must_lead_deciding_tile", "the highest tile dealt"),
    "not_your_turn.json": ("not_your_turn", "turn, not"),
    "not_your_turn_second_draw.json": ("not_your_turn", "drawn once this turn already"),
    "tile_not_in_hand.json": ("tile_not_in_hand", "does not hold"),
    "no_match.json": ("no_match", "fits neither end: both ends show 6"),
    "no_match_blank_end_standard.json": ("no_match", "fits neither end: the ends show 6 and 0"),
    "pass_with_playable_tile.json": ("pass_with_playable_tile", "may not pass holding"),
    "must_draw.json": ("must_draw", "must draw from the pile"),
    "draw_with_playable_tile.json": ("draw_with_playable_tile", "may not draw holding"),
    "draw_not_allowed.json": ("draw_not_allowed", "no draw pile"),
    "draw_from_empty_boneyard.json": ("draw_from_empty_boneyard", "pile is empty"),
    "must_play_drawn_tile.json": ("must_play_drawn_tile", "which fits, and must play it now"),
    "hand_over_after_domino.json": ("hand_over", "already ended"),
    "match_over_partnership.json": ("match_over", "The match is over: North-South won it"),
}

RULE_WORDS = {  # the rule behind each code, as explain states it
    "bad_lead": "starts with one lead",
    "wrong_leader": "Only the seat the rules name may lead",
    "must_lead_double_six": "tournament play",
    "must_lead_deciding_tile": "highest double dealt, or with the highest tile",
    "not_your_turn": "one seat at a time",
    "tile_not_in_hand": "only play a tile you hold",
    "no_match": "must show the number of the open end it touches",
    "pass_with_playable_tile": "No voluntary passing",
    "must_draw": "draws instead of passing",
    "draw_with_playable_tile": "only draw when no tile in your hand fits",
    "draw_not_allowed": "Only the Vietnamese game for 2 or 3 players has a draw pile",
    "draw_from_empty_boneyard": "a player who cannot play passes",
    "must_play_drawn_tile": "must be played at once",
    "hand_over": "nobody moves again",
    "match_over": "start a new match",
}


def test_every_reason_code_of_rules_md_is_covered_here():
    assert {reason for reason, _ in REFUSALS.values()} == set(REASONS)
    assert set(RULE_WORDS) == set(REASONS)


@pytest.mark.parametrize("name", sorted(REFUSALS))
def test_a_refusal_says_what_happened_the_rule_and_the_reason_code(name):
    reason, detail = REFUSALS[name]
    error = first_refusal(name)
    assert error.reason == reason
    words = explain(error)
    assert words == explain_refusal(error)
    assert detail in words
    assert RULE_WORDS[reason] in words
    assert words.endswith(f"(reason: {reason})")
    assert "refused at move" not in words, "the record-style prefix is left out"
    assert not words[0].islower() and ".." not in words and "  " not in words


def test_a_refusal_names_the_tiles_that_fit_in_good_grammar():
    rules = Rules.six_love()
    hand = Hand.dealt(rules, seed=1)  # E holds the 6-6; N holds 1-6, 2-6 and 5-6
    hand.push("E 6-6")
    with pytest.raises(IllegalMoveError) as caught:
        hand.push("N pass")
    words = explain(caught.value)
    assert "N may not pass holding 1-6, 2-6 and 5-6, which fit." in words


def test_codes_outside_rules_md_are_explained_too():
    from dominoes_widget import tile

    for reason, case, facts, words in [
            ("bad_move", "bad_syntax", {"text": "'X'"}, "record notation"),
            ("choose_end", "choose_end", {"tile": tile(6, 4), "left": 6, "right": 4}, "L or R"),
            ("hand_in_progress", "hand_in_progress", {}, "played to its end"),
            ("bad_draw", "bad_draw", {"seat": "S", "tile": tile(1, 2), "top": "3-4"}, "top tile of the pile")]:
        text = explain(IllegalMoveError(reason, case, **facts))
        assert words in text and text.endswith(f"(reason: {reason})")


def test_a_malformed_move_is_explained_with_its_text():
    hand = Hand.dealt(Rules.six_love(), seed=1)
    with pytest.raises(IllegalMoveError) as caught:
        hand.push("E 6-6 X")
    words = explain(caught.value)
    assert "'E 6-6 X' is not a move" in words and "(reason: bad_move)" in words
    assert caught.value.facts == {"text": "'E 6-6 X'"}, "the refusal holds the text, not English about it"


def test_text_that_is_not_a_move_is_refused_in_the_tables_language():
    """The refusal quotes what was typed and says the rest in the catalog's words (the engine's
    English parse message used to pass through into Vietnamese)."""
    table = Table("vietnamese", players=2, lang="vi", bot_delay=0, seed=3, bots="greedy")
    with pytest.raises(IllegalMoveError) as caught:
        table.play("zz")
    assert str(caught.value) == "'S zz' is not a move [bad_move]"
    assert explain(caught.value, lang="vi").startswith("'S zz' không phải là một nước đi. Nước đi được viết theo ký hiệu")
    assert explain(caught.value).startswith("'S zz' is not a move. Moves are written in record notation")
    while table.turn != "S" or table.match.hand.ends is None:  # once led, the text is read as a tile
        move = table.legal_moves[0]
        table.draw() if move.action == "draw" else table.pass_() if move.action == "pass" else \
            table.play(str(move.tile), move.end)
    with pytest.raises(IllegalMoveError) as caught:
        table.play("zz")
    assert explain(caught.value, lang="vi").startswith("'zz' không phải là một quân domino. ")
    assert explain(caught.value).startswith("'zz' is not a tile. ")
    with pytest.raises(IllegalMoveError) as caught:
        table.play("x" * 500)
    assert len(explain(caught.value, lang="vi")) < 300 and "characters" not in explain(caught.value, lang="vi")


# -- hand endings ----------------------------------------------------------------------------
def test_domino_in_the_partnership_game():
    title, text = result_words(replayed("p_domino_end.json"), 0)
    match = replayed("p_domino_end.json")
    seat = match.hands[0].outcome.winner_seat
    assert title.startswith(f"{seat} dominoes: ")
    assert "nobody counts pips" in text and title.split(": ")[1] not in text, "the title is not said twice"


def test_blocked_single_lowest_wins_whatever_the_partner_holds():
    match = replayed("p_blocked_lowest_individual.json")
    outcome = match.hands[0].outcome
    title, text = result_words(match, 0)
    seat, pips = outcome.winner_seat, outcome.pips
    assert title == f"Blocked: {seat} is lowest, {dict(NS='North-South', EW='East-West')[outcome.winner_team]} win"
    assert "Pips left: " + ", ".join(f"{s} {pips[s]}" for s in "NESW") in text.replace(" (holds the 0-0, which counts 0)", "")
    assert f"{seat} alone has the fewest pips ({pips[seat]})" in text
    assert "whatever the partner holds" in text
    partner = {"N": "S", "S": "N", "E": "W", "W": "E"}[seat]
    assert f"({partner} has {pips[partner]})" in text


def test_blocked_partners_sharing_the_lowest_count_win():
    title, text = result_words(replayed("p_blocked_partners_tie.json"), 0)
    assert title == "Blocked: North-South win"
    assert "Partners N and S share the lowest count (21)" in text
    assert "only tied when the lowest count is shared across both teams" in text


def test_blocked_tie_across_the_teams():
    title, text = result_words(replayed("p_blocked_opponents_tie.json"), 0)
    assert title == "Blocked: a tie"
    assert "N and E share the lowest count (21)" in text and "both teams" in text and "a tie" in text


def test_blocked_three_way_tie_lists_every_seat():
    title, text = result_words(replayed("p_blocked_three_way_tie.json"), 0)
    assert title == "Blocked: a tie"
    assert "E, S and W share the lowest count (14)" in text


def test_blocked_team_totals():
    match = replayed("p_blocked_team_total.json")
    title, text = result_words(match, 0)
    assert title == "Blocked: East-West win"
    assert "North-South 32 + 18 = 50" in text and "East-West 19 + 25 = 44" in text
    assert "the lower total wins" in text and "each team's pips added together" in text and "lowest_team_total" not in text


def test_blocked_team_totals_tie():
    rules = Rules.six_love(blocked_rule="lowest_team_total")
    for seed in range(400):
        match = Match(rules, seed=seed)
        hand = match.deal()
        while not hand.is_over:
            match.push(hand.legal_move_list()[0])
        if hand.outcome.tie:
            break
    else:
        pytest.fail("the scenario never came: no tied team totals among the seeds")
    title, text = result_words(match, 0)
    pips = hand.outcome.pips
    total = pips["N"] + pips["S"]
    assert title == "Blocked: a tie"
    assert f"= {total}, East-West" in text and text.count(f"= {total}") == 2 and "equal totals" in text
    assert "replayed with a fresh deal, worth 2" in text


def test_partnership_double_blank_counts_zero():
    title, text = result_words(replayed("p_blocked_double_blank_zero.json"), 0)
    assert "holds the 0-0, which counts 0" in text


def test_vietnamese_double_blank_counts_thirteen():
    match = replayed("v4_double_blank_counts_13.json")
    title, text = result_words(match, 0)
    assert "N 19 (holds the 0-0, counted as 13)" in text
    assert title == "Blocked: W wins" and "W alone has the fewest pips (12)" in text


def test_vietnamese_tie_with_no_winner():
    match = replayed("v4_tie_no_winner.json")
    title, text = result_words(match, 0)
    assert title == "Blocked: no winner"
    assert "N and E tie for the lowest count (21)" in text and "a tie has no winner" in text
    assert "No hand win is scored" in text and "highest double leads the next hand" in text


def test_vietnamese_tie_broken_by_fewest_tiles():
    match = replayed("v4_tie_fewest_tiles.json")
    hand = match.hands[0]
    title, text = result_words(match, 0)
    seat = hand.outcome.winner_seat
    assert title == f"Blocked: {seat} wins"
    assert "fewest tiles wins" in text and "fewer tiles" in text and "fewest_tiles" not in text
    low = [s for s in hand.seats if hand.outcome.pips[s] == min(hand.outcome.pips.values())]
    assert all(f"{s} {hand.count(s)}" in text for s in low), text


def test_vietnamese_tie_with_as_many_tiles_under_fewest_tiles():
    rules = Rules.vietnamese(4, tie_rule="fewest_tiles")
    for seed in range(3000):
        hand = Hand.dealt(rules, seed=seed)
        while not hand.is_over:
            hand.push(hand.legal_move_list()[0])
        if hand.outcome.tie:
            break
    else:
        pytest.fail("the scenario never came: no such tie among the seeds")
    title, text = explain_result(hand)
    assert title == "Blocked: no winner" and "hold as many tiles" in " ".join(text)


def test_vietnamese_block_with_tiles_left_in_the_pile():
    match = replayed("v3_pass_with_empty_pile.json")
    hand = match.hands[0]
    title, text = result_words(match, 0)
    if hand.boneyard_size:
        assert f"{hand.boneyard_size} tile" in text and "draw pile" in text
    else:
        assert "draw pile" not in text.splitlines()[0]


# -- what the hand does to the score ---------------------------------------------------------
def test_six_love_tie_says_what_the_replay_is_worth():
    match = replayed("sl_tie_points_team_leads_replay.json")
    tied = next(i for i, h in enumerate(match.hands) if h.outcome.tie)
    assert match.state_before(tied).ties == 0
    title, text = result_words(match, tied)
    assert title == "Blocked: a tie"
    assert "replayed with a fresh deal, worth 2: one plus 1 tied deal in a row" in text
    assert "1 tied deal pending, next hand worth 2" in text


def test_six_love_two_ties_make_the_replay_worth_three_and_winning_it_scores_three():
    match = replayed("sl_two_ties_value_three.json")
    _, text = result_words(match, 1)
    assert "worth 3: one plus 2 tied deals in a row" in text and "2 tied deals pending, next hand worth 3" in text
    _, text = result_words(match, 2)
    assert "North-South score 3: the hand was a replay worth 3 (one plus 2 tied deals)" in text


def test_six_love_replay_won_by_the_leading_team_scores_its_value():
    match = Match(Rules.six_love(), {"score": {"NS": 5, "EW": 0}, "ties": 1})
    deal = {"N": "0-0 1-1 0-2 1-3 3-5 2-6 6-6", "E": "2-2 0-3 2-4 4-4 1-5 5-5 3-6",
            "S": "0-1 1-4 3-4 2-5 4-5 0-6 4-6", "W": "1-2 2-3 3-3 0-4 0-5 1-6 5-6"}
    match.deal({s: t.split() for s, t in deal.items()}, [], "S")
    for move in ["S 6-4", "E 6-3 L", "N 3-5 L", "W 5-6 L", "S 4-5 R", "E 5-5 R", "N 6-6 L", "W 6-1 L",
                 "S 5-2 R", "E 1-5 L", "N 2-6 R", "W 5-0 L", "S 0-6 L"]:
        match.push(move)
    title, text = result_words(match, 0)
    assert title == "Blocked: N is lowest, North-South win"
    assert "North-South score 2: the hand was a replay worth 2 (one plus 1 tied deal)" in text
    assert "Score: North-South 7, East-West 0." in text
    assert "North-South win the match: 7 points (the target is 6) while the other team is on 0" in text
    words = explain(match)  # the last hand, what it did to the score, and the match
    assert "replay worth 2" in words
    assert "Score: North-South 7, East-West 0." in words and "North-South win the match" in words


def test_six_love_reset_when_the_team_on_zero_wins():
    match = replayed("sl_reset_when_team_on_zero_wins.json")
    index = next(i for i, h in enumerate(match.hands)
                 if any(match.state_before(i).score.values()) and not any(
                     (match.state_before(i + 1) if i + 1 < len(match.hands) else match.state).score.values()))
    _, text = result_words(match, index)
    assert "on 0, win while" in text and "the score returns to 0-0" in text
    assert "Score: North-South 0, East-West 0." in text


def test_six_love_replay_lost_by_the_leading_team_resets_and_its_worth_is_lost():
    match = replayed("sl_replay_lost_by_leader_resets.json")
    index = next(i for i, h in enumerate(match.hands) if match.state_before(i).ties and not h.outcome.tie)
    _, text = result_words(match, index)
    assert "returns to 0-0" in text and f"worth {match.state_before(index).worth}, but nothing is scored" in text


def test_six_love_streak_break():
    match = replayed("sl_break_streak.json")
    index = next(i for i, h in enumerate(match.hands)
                 if not h.outcome.tie and match.state_before(i).score["NS" if h.outcome.winner_team == "EW" else "EW"])
    _, text = result_words(match, index)
    assert "go back to 0" in text and "(a variant of Six Love)" in text


def test_one_all_play_off_and_its_winner():
    match = replayed("sl_one_all_playoff.json")
    to_playoff = next(i for i in range(len(match.hands))
                      if (match.state_before(i + 1) if i + 1 < len(match.hands) else match.state).playoff)
    _, text = result_words(match, to_playoff)
    assert "the score is 1-1 and a play-off hand follows" in text and "holder of the 6-6" in text
    assert "its winner goes to 2 and the loser to 0" in text and "play-off pending" in text
    if to_playoff + 1 < len(match.hands):
        _, text = result_words(match, to_playoff + 1)
        assert "win the play-off: they go to 2" in text and "go back to 0" in text


def test_tied_play_off_then_won():
    match = replayed("sl_playoff_tied_then_won.json")
    tied = next(i for i, h in enumerate(match.hands) if h.outcome.tie and match.state_before(i).playoff)
    _, text = result_words(match, tied)
    assert "The tied play-off hand is replayed" in text
    _, text = result_words(match, tied + 1)
    assert "win the play-off: they go to 3 (two, plus 1 tied deal)" in text


def test_straight_six_tie_and_its_point_carried_with_accumulate():
    match = replayed("ss_tie_accumulate.json")
    tied = next(i for i, h in enumerate(match.hands) if h.outcome.tie)
    _, text = result_words(match, tied)
    assert "No point is scored; the next hand won is worth 2" in text and "holder of the 6-6 poses" in text
    _, text = result_words(match, tied + 1)
    assert "score 2: 1 for this hand and 1 carried from 1 tied deal" in text


def test_straight_six_tie_without_points_and_the_match_won():
    match = replayed("ss_match_to_target.json")
    _, text = result_words(match, -1)
    assert f"reach {match.rules.target} and win the match" in text
    match = read_record(RECORDS / "straight_six_match.json").match
    _, text = result_words(match, 2)
    assert "No point is scored." in text and "The holder of the 6-6 poses the next hand." in text


def test_vietnamese_hands_won_and_the_match():
    match = replayed("v2_target_match.json")
    _, text = result_words(match, -1)
    assert "Hands won: " in text and "hand wins and wins the match" in text


def test_explain_of_a_finished_hand_alone():
    hand = read_record(RECORDS / "vietnamese_3_players.json").match.hands[0]
    text = explain(hand)
    assert text.splitlines()[0] == "Blocked: S wins"
    assert "Pips left: S 11, E 21, N 22." in text and "S alone has the fewest pips (11)" in text


def test_explain_of_a_hand_in_progress_and_a_match():
    hand = Hand.dealt(Rules.six_love(), seed=1)
    assert explain(hand) == "The hand is in progress: E to lead."
    hand.push("E 6-6")
    assert explain(hand) == "The hand is in progress: N to move, both ends show 6."
    match = Match(Rules.six_love(), {"score": {"NS": 5, "EW": 0}, "ties": 1})
    assert explain(match) == ("Score: North-South 5, East-West 0; 1 tied deal pending, next hand worth 2. "
                              "North-South lead the next hand (either partner).")
    with pytest.raises(TypeError):
        explain(42)


def test_explain_of_a_seat_view_says_what_that_seat_can_count():
    hand = Hand.dealt(Rules.straight_six(), seed=0)
    assert explain(seat_view(hand, "S")) == (
        "Nothing is known yet: no number is all in sight and nobody has passed or drawn.")
    for move in ["W 6-6", "S 6-5 R", "E 5-4 R", "N 4-4 R", "W 4-3 R", "S 3-3 R", "E 3-5 R", "N 5-2 R",
                 "W 2-4 R", "S 4-1 R", "E 1-2 R", "N 2-2 R", "W 2-3 R", "S 3-0 R", "E 0-6 R", "N pass"]:
        hand.push(move)
    assert explain(seat_view(hand, "S")) == "N has no 6 (shown at move 16)."
    assert explain(seat_view(hand, "S"), lang="vi") == "N không có số 6 (lộ ra từ nước 16)."


# -- single moves ----------------------------------------------------------------------------
def test_move_sentences_in_a_vietnamese_hand_with_draws():
    hand = read_record(RECORDS / "vietnamese_3_players.json").match.hands[0]
    words = {str(m): explain_move(hand, i) for i, m in enumerate(hand.moves)}
    assert words["E 6-6"] == "E leads 6-6, a double placed crosswise: both open ends show 6."
    assert words["N 6-3 L"] == "N plays 6-3 on the 6 at the left: the left end now shows 3."
    assert words["E draw 0-2"] == "E holds no 1 and draws 0-2, which does not fit: the turn passes."
    assert words["E draw 2-6"] == "E holds no 1 and no 2, draws 2-6, which fits, and must play it at once."
    assert words["N 3-1 R"].endswith("Now both ends show 1 and no tile left anywhere fits: the hand is blocked.")


def test_move_sentences_for_passes_and_the_domino():
    hand = read_record(RECORDS / "six_love_match.json").match.hands[0]
    words = {str(m): explain_move(hand, i) for i, m in enumerate(hand.moves)}
    assert words["S pass"] == "S passes: holds no 1."
    assert words["W pass"] == "W passes: holds no 0 and no 5."
    last = str(hand.moves[-1])
    assert words[last].endswith("That was N's last tile: N dominoes.")


def test_move_sentences_with_wild_blanks_and_until_playable_draws():
    record = read_record(RECORDS / "vietnamese_2_players_wild.json")
    sentences = [explain_move(h, i) for h in record.match.hands for i in range(len(h.moves))]
    assert any("on the wild blank at the" in s and "takes any tile" in s for s in sentences)

    rules = Rules.vietnamese(2, draw_mode="until_playable", drawn_tile_must_play=False)
    found = set()
    for seed in range(40):
        hand = Hand.dealt(rules, seed=seed)
        while not hand.is_over:
            hand.push(hand.legal_move_list()[-1])
        for i in range(len(hand.moves)):
            text = explain_move(hand, i)
            if "draws again" in text:
                found.add("again")
            if "chooses to keep it" in text:
                found.add("keep")
            if "keeps the drawn" in text:
                found.add("pass")
    assert found == {"again", "keep", "pass"}


# -- the rules in force ----------------------------------------------------------------------
def test_describe_rules_states_the_settings_in_force():
    text = describe_rules(Rules.six_love())
    assert text.startswith("Six Love.") and "anticlockwise: S → E → N → W → S" in text
    assert "tournament play" in text and "0-0 counts 0" in text
    assert "at 0-0 the 6-6 holder poses the replay, otherwise the team with points leads it" in text
    assert "play-off" not in text
    text = explain(Rules.six_love(one_all_playoff=True, sporting=True))
    assert "1-1 and a play-off follows" in text and "any tile (sporting)" in text
    text = describe_rules(Rules.straight_six(straight_six_tie="accumulate"))
    assert "Straight Six" in text and "goes to the winner of the next hand" in text
    text = describe_rules(Rules.vietnamese(3, blank_rule="wild"))
    assert "7 tiles in the draw pile" in text and "0-0 counting 13" in text and "Wild blanks" in text
    assert "S → E → N → S" in text
    assert explain(Rules.vietnamese(2)) == describe_rules(Rules.vietnamese(2))


def test_leader_and_score_lines():
    from dominoes_widget.engine.match import HIGHEST_DOUBLE, HOLDER66, NextLeader

    assert leader_words(NextLeader.team("NS")) == "North-South lead the next hand (either partner)."
    assert leader_words(HOLDER66) == "The holder of the 6-6 poses the next hand."
    assert leader_words(HIGHEST_DOUBLE) == "The holder of the highest double leads the next hand."
    assert leader_words(NextLeader.seat("E")) == "E leads the next hand."
    rules = Rules.vietnamese(3)
    assert score_line(rules, Match(rules).state) == "Hands won: S 0, E 0, N 0."


def test_every_setting_changes_the_rules_in_words():
    """The rules panel names every setting in force: changing any one changes the text."""
    from dominoes_widget.engine.rules import SETTINGS

    needs = {"straight_six_tie": {"scoring": "straight_six"}, "playoff_leader": {"one_all_playoff": True}}
    for name, setting in SETTINGS.items():
        for game in setting.games:
            base = Rules.from_settings(game, needs.get(name, {}), players=3 if game == "vietnamese" else None)
            for value in setting.values[1:]:
                value = 3 if name == "target" else value
                changed = base.with_settings(**{name: value})
                assert explain(changed) != explain(base), f"{game}: {name}={value!r} is not described"


def test_a_seat_lacking_many_numbers_and_many_numbers_in_sight_read_as_one_sentence():
    from dominoes_widget import explain
    from dominoes_widget.studies.bots import make_bot
    from dominoes_widget.words.catalog import Voice
    from dominoes_widget.words.explanations import numbers_lacked

    assert numbers_lacked([3], Voice("en")) == "3"
    assert numbers_lacked([3, 5], Voice("en")) == "3 and no 5"
    assert numbers_lacked([0, 2, 4, 6], Voice("en")) == "0, no 2, no 4 and no 6"
    assert numbers_lacked([0, 2, 4, 6], Voice("vi")) == "0, 2, 4 hay 6"
    hand = Hand.dealt(Rules.vietnamese(3), seed=4)
    bot = make_bot("greedy", seed=1)
    for _ in range(30):
        hand.push(bot.choose(seat_view(hand, hand.turn)))
    lines = explain(seat_view(hand, "S")).splitlines()
    assert lines[0] == "Every 4, 5 and 6 is in sight: nobody else can play on any of them.", lines
    assert sum("in sight" in line for line in lines) == 1, "one sentence for every number in sight"


def test_the_vietnamese_score_panel_says_what_its_pip_totals_add_up():
    """The panel's pips are what each player held at the end of every hand, a domino's too
    (it said 'when hands were blocked', which the totals never were)."""
    import random

    from dominoes_widget.words.catalog import Voice
    from dominoes_widget.words.explanations import score_panel_words
    from dominoes_widget.engine.hand import Termination

    rules = Rules.from_settings("vietnamese", players=3)
    match, rng, added = Match(rules, seed=3), random.Random(1), {seat: 0 for seat in rules.seats}
    endings = set()
    for _ in range(4):
        hand = match.deal()
        while not hand.is_over:
            match.push(rng.choice(hand.legal_move_list()))
        endings.add(hand.outcome.termination)
        added = {seat: added[seat] + hand.outcome.pips[seat] for seat in added}
    assert endings == {Termination.DOMINO, Termination.BLOCKED}
    _title, rows, notes = score_panel_words(rules, match.state, Voice())
    assert [detail for *_, detail in rows] == [f"{added[seat]} pips" for seat in rules.seats]
    assert notes[-1] == "Pips: what each player still held at the end of every hand, added up."
