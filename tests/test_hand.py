"""One hand: legal moves, every reason code of RULES.md, how hands end, and exact undo."""

from __future__ import annotations

import functools
import json
import random
from pathlib import Path

import pytest

from dominoes_widget import (ALL_TILES, REASONS, DealError, Hand, IllegalMoveError, Move, Rules, Termination,
                             opening_lead, tile)
from dominoes_widget.engine.match import Match

from engine_helpers import CHAIN, blocked_deal, deal, hand_with, play, random_hand, tiles, tiles_everywhere

RECORDS = Path(__file__).resolve().parent / "data" / "records"  # copies of shared/records

# A partnership deal: N holds every double; W every blank and 1-2. N poses the 6-6, then
# W (anticlockwise), S, E, N.
DOUBLES_TO_N = dict(N="0-0 1-1 2-2 3-3 4-4 5-5 6-6", W="0-1 0-2 0-3 0-4 0-5 0-6 1-2",
                    S="1-3 1-4 1-5 1-6 2-3 2-4 2-5", E="2-6 3-4 3-5 3-6 4-5 4-6 5-6")

# Three-player Vietnamese deal: S holds all the sixes, so nobody else (and nothing in the
# pile) fits 6|6. The pile's third tile, 3-4, fits a 3 end.
SIXES_TO_S = dict(S="6-6 0-6 1-6 2-6 3-6 4-6 5-6", E="0-0 0-1 0-2 0-3 0-4 0-5 1-1",
                  N="1-2 1-3 1-4 1-5 2-2 2-3 2-4")
SIXES_PILE = "2-5 3-3 3-4 3-5 4-4 4-5 5-5"

# Two players: S holds the sixes; N holds no 3, 4 or 6, and the pile's third tile is 3-4.
SIXES_2P = dict(S="6-6 0-6 1-6 2-6 3-6 4-6 5-6", N="0-0 0-1 0-2 0-5 1-1 1-2 1-5")
SIXES_2P_PILE = "2-2 2-5 3-4 0-3 0-4 1-3 1-4 2-3 2-4 3-3 3-5 4-4 4-5 5-5"
# S leads 6-6 and then plays 6-3 and 6-4, leaving 3|4; N's draws go 2-2, 2-5, then 3-4 fits.
SIXES_2P_MOVES = ["S 6-6", "N draw 2-2", "S 6-3 L", "N draw 2-5", "S 6-4 R", "N draw 3-4"]


def six_love(**settings) -> Rules:
    return Rules.six_love(**settings)


def refused(hand: Hand, move: str, reason: str) -> IllegalMoveError:
    """Push ``move``, expect ``reason``, and check that nothing changed."""
    before = hand.state_key()
    with pytest.raises(IllegalMoveError) as error:
        hand.push(move)
    assert error.value.reason == reason, error.value
    assert hand.state_key() == before
    return error.value


def legal(hand: Hand) -> list[str]:
    return [str(m) for m in hand.legal_moves]


# -- leads ------------------------------------------------------------------------------
def test_first_hand_the_6_6_holder_must_pose_it():
    """RULES.md: first hand of a match, the holder of 6-6 leads it (tournament play)."""
    hand = hand_with(six_love(), DOUBLES_TO_N)
    assert hand.leader == "N" and hand.turn == "N" and hand.lead_tile == tile(6, 6)
    assert legal(hand) == ["N 6-6"]
    refused(hand, "N 5-5", "must_lead_double_six")


def test_sporting_the_6_6_holder_may_lead_any_tile_in_either_orientation():
    """RULES.md setting sporting=true: the 6-6 holder still leads but may lead any tile."""
    hand = hand_with(six_love(sporting=True), DOUBLES_TO_N)
    assert hand.leader == "N"
    assert sorted(legal(hand)) == sorted(f"N {n}-{n}" for n in range(7))
    refused(hand, "W 0-1", "not_your_turn")
    hand.push("N 3-3")
    assert hand.ends == (3, 3)

    swapped = dict(DOUBLES_TO_N, N="0-0 1-1 2-2 3-3 4-4 5-6 6-6", E="2-6 3-4 3-5 3-6 4-5 4-6 5-5")
    hand = hand_with(six_love(sporting=True), swapped)
    assert "N 5-6" in hand.legal_moves and "N 6-5" in hand.legal_moves
    hand.push("N 5-6")
    assert hand.ends == (5, 6)  # RECORD.md: the lead as written gives the left and right ends


def test_a_lead_by_a_later_hands_leader_may_be_any_tile():
    """RULES.md: later hands, any tile may be led."""
    hand = hand_with(six_love(), DOUBLES_TO_N, leader="W")
    assert hand.lead_tile is None
    assert len(hand.legal_moves) == 14  # seven tiles, none a double, either way round
    hand.push("W 2-1")
    assert hand.ends == (2, 1)


# -- legal moves ------------------------------------------------------------------------
def test_a_tile_that_fits_both_ends_can_go_on_either():
    hand = hand_with(six_love(), DOUBLES_TO_N)
    hand.push("N 6-6")
    assert legal(hand) == ["W 6-0 L", "W 6-0 R"]


def test_legal_moves_name_the_touching_half_first():
    """RECORD.md: the half written first touches the line; the other becomes the open end."""
    hand = hand_with(six_love(), DOUBLES_TO_N)
    play(hand, "N 6-6", "W 6-0 L")
    assert hand.ends == (0, 6)
    assert legal(hand) == ["S 6-1 R"]
    hand.push("S 6-1 R")
    assert hand.ends == (0, 1)
    assert list(hand.line) == [(0, 6), (6, 6), (6, 1)]


def test_a_seat_with_nothing_that_fits_may_only_pass():
    """RULES.md: no voluntary pass, and a stuck partnership player passes."""
    hand = hand_with(six_love(), DOUBLES_TO_N)
    play(hand, "N 6-6", "W 6-0 L", "S 6-1 R")
    assert legal(hand) == ["E pass"]
    hand.push("E pass")
    assert hand.turn == "N"
    assert legal(hand) == ["N 0-0 L", "N 1-1 R"]


def test_legal_moves_collection_supports_in_len_bool_count_and_a_notation_repr():
    """STYLE.md 2: legal moves as a small collection object."""
    hand = hand_with(six_love(), DOUBLES_TO_N)
    hand.push("N 6-6")
    moves = hand.legal_moves
    assert len(moves) == 2 == moves.count() and bool(moves)
    assert "W 6-0 L" in moves and Move.parse("W 6-0 R") in moves
    assert "W 1-2 L" not in moves and "W pass" not in moves and "not a move" not in moves
    assert list(moves) == [Move.parse("W 6-0 L"), Move.parse("W 6-0 R")]
    assert moves[0] == Move.parse("W 6-0 L")
    assert "W 6-0 L, W 6-0 R" in repr(moves)


def test_no_legal_moves_once_the_hand_is_over():
    hand = _partnership_block("S", "0-0 0-1 0-2 1-1", "0-3 0-4 1-3 1-4", "3-3 3-5 4-4 4-5 5-5", "1-5 2-2 2-3 2-4 2-5")
    assert hand.is_over and hand.turn is None
    assert not hand.legal_moves and len(hand.legal_moves) == 0


# -- every reason code --------------------------------------------------------------------
def test_bad_lead():
    """bad_lead: the first move is not a lead, or a later move is written as a lead."""
    hand = hand_with(six_love(), DOUBLES_TO_N)
    refused(hand, "N pass", "bad_lead")
    refused(hand, "N 6-6 L", "bad_lead")
    hand.push("N 6-6")
    refused(hand, "W 0-6", "bad_lead")


def test_wrong_leader():
    """wrong_leader: the lead falls to N-S, but the hand was dealt with W to lead."""
    hand = hand_with(six_love(), DOUBLES_TO_N, leader="W", leaders=("N", "S"))
    assert not hand.legal_moves
    refused(hand, "W 0-1", "wrong_leader")


def test_must_lead_double_six():
    hand = hand_with(six_love(), DOUBLES_TO_N)
    error = refused(hand, "N 5-5", "must_lead_double_six")
    assert "6-6" in str(error)


def test_must_lead_deciding_tile():
    """Vietnamese first lead: the holder of the highest double must lead it."""
    hand = hand_with(Rules.vietnamese(3), SIXES_TO_S, SIXES_PILE)
    refused(hand, "S 0-6", "must_lead_deciding_tile")
    assert legal(hand) == ["S 6-6"]


def test_not_your_turn():
    hand = hand_with(six_love(), DOUBLES_TO_N)
    refused(hand, "E 2-6", "not_your_turn")
    hand.push("N 6-6")
    refused(hand, "S 6-1 L", "not_your_turn")


def test_tile_not_in_hand():
    hand = hand_with(six_love(sporting=True), DOUBLES_TO_N)
    refused(hand, "N 5-6", "tile_not_in_hand")
    hand.push("N 6-6")
    refused(hand, "W 6-5 L", "tile_not_in_hand")


def test_no_match():
    hand = hand_with(six_love(), DOUBLES_TO_N)
    hand.push("N 6-6")
    refused(hand, "W 1-2 L", "no_match")
    refused(hand, "W 0-5 R", "no_match")


def test_pass_with_playable_tile():
    hand = hand_with(six_love(), DOUBLES_TO_N)
    hand.push("N 6-6")
    error = refused(hand, "W pass", "pass_with_playable_tile")
    assert "0-6" in str(error)


def test_must_draw():
    hand = hand_with(Rules.vietnamese(3), SIXES_TO_S, SIXES_PILE)
    hand.push("S 6-6")
    refused(hand, "E pass", "must_draw")
    assert legal(hand) == ["E draw"]


def test_draw_with_playable_tile():
    hand = hand_with(Rules.vietnamese(3), SIXES_TO_S, SIXES_PILE)
    play(hand, "S 6-6", "E draw", "N draw", "S 6-0 L")
    refused(hand, "E draw", "draw_with_playable_tile")


@pytest.mark.parametrize("rules", [six_love(), Rules.vietnamese(4)])
def test_draw_not_allowed_without_a_pile(rules):
    hand = hand_with(rules, DOUBLES_TO_N)
    hand.push("N 6-6")
    refused(hand, "W draw", "draw_not_allowed")
    play(hand, "W 6-0 L", "S 6-1 R")
    refused(hand, "E draw", "draw_not_allowed")  # stuck, and still no pile


def test_draw_from_empty_boneyard():
    """RULES.md: with an empty pile a stuck player passes."""
    hand = hand_with(Rules.vietnamese(3, draw_mode="until_playable"), SIXES_TO_S, SIXES_PILE)
    play(hand, "S 6-6", *["E draw"] * 7)
    assert hand.boneyard_size == 0 and hand.turn == "N"
    refused(hand, "N draw", "draw_from_empty_boneyard")
    assert legal(hand) == ["N pass"]


def test_must_play_drawn_tile():
    """RULES.md: the tile just drawn fits, so it (and only it) must be played now."""
    hand = hand_with(Rules.vietnamese(2), SIXES_2P, SIXES_2P_PILE)
    play(hand, *SIXES_2P_MOVES[:-1])
    hand.push("N draw")
    assert hand.moves[-1] == Move.parse("N draw 3-4") and hand.turn == "N"
    refused(hand, "N pass", "must_play_drawn_tile")
    refused(hand, "N 1-2 L", "must_play_drawn_tile")
    refused(hand, "N draw", "not_your_turn")  # RULES.md: a second draw in one turn
    hand.push("N 3-4 L")
    assert hand.ends == (4, 4) and hand.turn == "S"


def test_hand_over():
    hand = _partnership_block("S", "0-0 0-1 0-2 1-1", "0-3 0-4 1-3 1-4", "3-3 3-5 4-4 4-5 5-5", "1-5 2-2 2-3 2-4 2-5")
    refused(hand, "S pass", "hand_over")
    refused(hand, "S 0-0 L", "hand_over")


def test_match_over():
    """match_over: after a match is won, further moves and hands are refused."""
    from dominoes_widget import IllegalMoveError as MatchError

    match = Match(six_love(), {"score": {"NS": 5, "EW": 0}, "last_winner": "NS"})
    hand = match.deal(_chain_deal("0-0 0-1 0-2 1-1", "0-3 0-4 1-3 1-4", "3-3 3-5 4-4 4-5 5-5",
                                  "1-5 2-2 2-3 2-4 2-5"), leader="S")
    play(match, *CHAIN)
    assert hand.outcome.winner_team == "NS" and match.state.winner == "NS"
    with pytest.raises(IllegalMoveError) as error:
        match.push("N pass")
    assert error.value.reason == "match_over"
    with pytest.raises(MatchError) as error:
        match.deal()
    assert error.value.reason == "match_over"


def test_every_reason_code_of_rules_md_is_known():
    codes = {"bad_lead", "wrong_leader", "must_lead_double_six", "must_lead_deciding_tile", "not_your_turn",
             "tile_not_in_hand", "no_match", "pass_with_playable_tile", "must_draw", "draw_with_playable_tile",
             "draw_not_allowed", "draw_from_empty_boneyard", "must_play_drawn_tile", "hand_over", "match_over"}
    assert set(REASONS) == codes


def test_an_illegal_move_error_is_a_value_error_naming_the_move_and_where():
    """STYLE.md 3: typed errors that subclass ValueError and carry the input and the position."""
    hand = hand_with(six_love(), DOUBLES_TO_N)
    hand.push("N 6-6")
    error = refused(hand, "W 1-2 L", "no_match")
    assert isinstance(error, ValueError)
    assert error.move == Move.parse("W 1-2 L")
    assert "W 1-2 L" in str(error) and "move 1" in str(error) and "6|6" in str(error)


# -- reverse-order notation ------------------------------------------------------------
def test_reverse_order_is_accepted_where_only_one_half_can_touch():
    """RECORD.md: a reader also accepts the reverse order where only one half can touch."""
    hand = hand_with(six_love(), DOUBLES_TO_N)
    hand.push("N 6-6")
    recorded = hand.push("W 0-6 L")
    assert str(recorded) == "W 6-0 L" and str(hand.moves[-1]) == "W 6-0 L"
    assert hand.ends == (0, 6)
    recorded = hand.push("S 1-6 R")
    assert str(recorded) == "S 6-1 R" and hand.ends == (0, 1)


# -- how a hand ends -----------------------------------------------------------------------
@pytest.mark.parametrize("name, index, seat", [("six_love_match", 0, "N"), ("six_love_match", 2, "S"),
                                               ("straight_six_match", 0, "W")])
def test_a_hand_ends_at_once_when_a_player_plays_his_last_tile(name, index, seat):
    """RULES.md: a hand ends at once when a player plays his last tile ("domino")."""
    entry = json.loads((RECORDS / f"{name}.json").read_text())["hands"][index]
    hand = Hand(six_love(), entry["deal"], [], entry["leader"], leaders="NESW")
    for move in entry["moves"][:-1]:
        hand.push(move)
        assert not hand.is_over
    hand.push(entry["moves"][-1])
    outcome = hand.outcome
    assert outcome.termination is Termination.DOMINO and hand.count(seat) == 0
    assert (outcome.winner_seat, outcome.winner_team, outcome.tie) == (seat, "NS" if seat in "NS" else "EW", False)
    assert outcome.pips == {s: sum(t.pips for t in hand.held(s)) for s in hand.seats}


def _chain_deal(s: str, e: str, n: str, w: str) -> dict:
    return blocked_deal("S", (s, e, n, w))


def _partnership_block(rule: str, s: str, e: str, n: str, w: str, **settings) -> Hand:
    """S poses the 6-6 and ten plays block the line at 6|6 (engine_helpers.CHAIN)."""
    rules = six_love(blocked_rule="lowest_individual" if rule == "S" else rule, **settings)
    hand = Hand(rules, _chain_deal(s, e, n, w))
    for move in CHAIN[:-1]:
        hand.push(move)
        assert not hand.is_over
    hand.push(CHAIN[-1])
    assert hand.outcome.termination is Termination.BLOCKED
    assert hand.ends == (6, 6)
    return hand


def test_blocked_single_lowest_player_wins_for_his_team_whatever_his_partner_holds():
    """RULES.md: the single player with the fewest pips wins; 0-0 counts 0 here."""
    hand = _partnership_block("S", "0-0 0-1 0-2 1-1", "0-3 0-4 1-3 1-4", "3-3 3-5 4-4 4-5 5-5", "1-5 2-2 2-3 2-4 2-5")
    outcome = hand.outcome
    assert outcome.pips == {"N": 41, "E": 16, "S": 5, "W": 28}  # N-S hold 46 together, E-W 44
    assert (outcome.winner_seat, outcome.winner_team, outcome.tie) == ("S", "NS", False)
    assert outcome.winner == "NS"


def test_blocked_partners_tying_for_lowest_win_for_their_team_with_no_winner_seat():
    """RULES.md: two partners tying: their team wins. RECORD.md: winner_seat null when shared."""
    hand = _partnership_block("S", "0-3 0-4 1-3 2-2", "1-4 1-5 2-3 2-4", "0-0 0-1 0-2 1-1 5-5", "2-5 3-3 3-5 4-4 4-5")
    outcome = hand.outcome
    assert outcome.pips == {"N": 15, "E": 22, "S": 15, "W": 38}
    assert (outcome.winner_seat, outcome.winner_team, outcome.tie) == (None, "NS", False)


def test_blocked_opponents_tying_for_lowest_is_a_tie():
    """RULES.md: a tie exactly when the players sharing the lowest count include both teams."""
    hand = _partnership_block("S", "0-0 0-3 1-4 2-2", "0-1 0-2 1-1 2-5", "3-3 3-5 4-4 4-5 5-5", "0-4 1-3 1-5 2-3 2-4")
    outcome = hand.outcome
    assert outcome.pips == {"N": 41, "E": 12, "S": 12, "W": 25}
    assert (outcome.winner_seat, outcome.winner_team, outcome.tie) == (None, None, True)


def test_blocked_three_way_tie_is_a_tie():
    hand = _partnership_block("S", "1-1 2-2 2-4 4-4", "0-3 0-4 1-5 2-5", "0-0 0-2 1-3 3-3 3-5", "0-1 1-4 2-3 4-5 5-5")
    outcome = hand.outcome
    assert outcome.pips == {"N": 20, "E": 20, "S": 20, "W": 30}
    assert (outcome.winner_seat, outcome.winner_team, outcome.tie) == (None, None, True)


def test_blocked_rule_lowest_team_total():
    """RULES.md setting blocked_rule=lowest_team_total: the partners' counts are added."""
    single = ("0-0 0-1 0-2 1-1", "0-3 0-4 1-3 1-4", "3-3 3-5 4-4 4-5 5-5", "1-5 2-2 2-3 2-4 2-5")
    outcome = _partnership_block("lowest_team_total", *single).outcome
    assert (outcome.winner_team, outcome.tie) == ("EW", False)  # 44 against 46, though S alone has 5
    assert outcome.winner_seat is None  # S is alone on the lowest count, but S's team lost
    opponents_tie = ("0-0 0-3 1-4 2-2", "0-1 0-2 1-1 2-5", "3-3 3-5 4-4 4-5 5-5", "0-4 1-3 1-5 2-3 2-4")
    outcome = _partnership_block("lowest_team_total", *opponents_tie).outcome
    assert (outcome.winner_team, outcome.tie) == ("EW", False)  # 37 against 53
    assert outcome.winner_seat is None  # the lowest count (12) is shared by S and E
    equal_totals = ("1-1 1-4 2-4 2-5", "1-3 3-3 3-5 4-4", "0-2 0-4 1-5 2-2 4-5", "0-0 0-1 0-3 2-3 5-5")
    outcome = _partnership_block("lowest_team_total", *equal_totals).outcome
    assert outcome.pips == {"N": 25, "E": 26, "S": 20, "W": 19}
    assert (outcome.winner_seat, outcome.winner_team, outcome.tie) == (None, None, True)
    outcome = _partnership_block("S", *equal_totals).outcome
    assert (outcome.winner_seat, outcome.winner_team) == ("W", "EW")


def test_a_blocked_line_shows_the_same_number_at_both_ends_with_all_seven_on_the_table():
    """RULES.md: with ordinary matching and all 28 tiles in play, a blocked line shows one number."""
    rng = random.Random(7)
    blocked = 0
    for _ in range(300):
        hand = random_hand(six_love(), rng)
        if hand.outcome.termination is Termination.BLOCKED:
            blocked += 1
            left, right = hand.ends
            assert left == right
            assert sum(1 for m in hand.moves if m.action in ("lead", "play") and m.tile.has(left)) == 7
    assert blocked > 10


# -- Vietnamese --------------------------------------------------------------------------
def test_vietnamese_the_highest_double_dealt_leads():
    """RULES.md: 6-6, else 5-5, … must be led by its holder (here the 6-6 is in the pile)."""
    rules = Rules.vietnamese(2)
    dealt = deal(S="0-1 0-2 0-3 0-4 0-5 0-6 5-5", N="1-2 1-3 1-4 1-5 1-6 2-3 2-4")
    pile = [t for t in tiles("0-0 1-1 2-2 3-3 4-4 6-6 2-5 2-6 3-4 3-5 3-6 4-5 4-6 5-6")]
    assert opening_lead(rules, dealt) == ("S", tile(5, 5))
    hand = Hand(rules, dealt, pile)
    assert legal(hand) == ["S 5-5"]
    refused(hand, "S 0-5", "must_lead_deciding_tile")
    refused(hand, "N 1-2", "not_your_turn")


def test_vietnamese_with_no_double_dealt_the_highest_tile_leads():
    """RULES.md: most pips, then the higher half: 1-6 beats 2-5."""
    rules = Rules.vietnamese(2)
    dealt = deal(S="0-1 0-2 0-3 0-4 0-5 0-6 2-5", N="1-2 1-3 1-4 1-5 1-6 2-3 2-4")
    pile = tiles("0-0 1-1 2-2 3-3 4-4 5-5 6-6 2-6 3-4 3-5 3-6 4-5 4-6 5-6")
    assert opening_lead(rules, dealt) == ("N", tile(1, 6))
    hand = Hand(rules, dealt, pile)
    assert sorted(legal(hand)) == ["N 1-6", "N 6-1"]
    refused(hand, "N 2-4", "must_lead_deciding_tile")
    with pytest.raises(DealError, match="redeal"):
        Hand(rules.with_settings(no_double_fallback="redeal"), dealt, pile)
    assert opening_lead(rules.with_settings(no_double_fallback="redeal"), dealt) is None


def test_vietnamese_a_draw_that_does_not_fit_passes_the_turn():
    """RULES.md: a stuck player draws exactly one; if it does not fit he keeps it and the turn passes."""
    hand = hand_with(Rules.vietnamese(3), SIXES_TO_S, SIXES_PILE)
    hand.push("S 6-6")
    recorded = hand.push("E draw")
    assert str(recorded) == "E draw 2-5"  # RECORD.md: a draw is recorded with the tile drawn
    assert hand.holds("E", tile(2, 5)) and hand.count("E") == 8
    assert hand.turn == "N" and hand.boneyard_size == 6
    refused(hand, "E draw", "not_your_turn")  # a second draw in one turn


def test_vietnamese_a_written_draw_must_name_the_top_of_the_pile():
    hand = hand_with(Rules.vietnamese(3), SIXES_TO_S, SIXES_PILE)
    hand.push("S 6-6")
    refused(hand, "E draw 3-3", "bad_draw")


def test_vietnamese_drawn_tile_must_play_false_lets_him_keep_it():
    """RULES.md setting drawn_tile_must_play=false: a drawn tile that fits may be kept."""
    hand = hand_with(Rules.vietnamese(2, drawn_tile_must_play=False), SIXES_2P, SIXES_2P_PILE)
    play(hand, *SIXES_2P_MOVES)
    assert legal(hand) == ["N 3-4 L", "N 4-3 R", "N pass"]
    hand.push("N pass")
    assert hand.turn == "S" and hand.holds("N", tile(3, 4))


def test_vietnamese_a_drawn_tile_that_fits_both_ends_may_go_on_either():
    """RULES.md: if the drawn tile fits, he must play it at once (on either end if both fit)."""
    hand = hand_with(Rules.vietnamese(2), SIXES_2P, SIXES_2P_PILE)
    play(hand, *SIXES_2P_MOVES)
    assert hand.ends == (3, 4) and hand.turn == "N"
    assert legal(hand) == ["N 3-4 L", "N 4-3 R"]
    hand.push("N 4-3 R")
    assert hand.ends == (3, 3)


# Two players for draw_mode=until_playable: the pile's third tile, 5-6, fits 6|6.
UNTIL_2P = dict(S="6-6 0-6 1-6 2-6 3-6 4-6 0-0", N="0-1 0-2 0-5 1-1 1-2 1-5 2-2")
UNTIL_2P_PILE = "2-5 3-3 5-6 0-3 0-4 1-3 1-4 2-3 2-4 3-4 3-5 4-4 4-5 5-5"


def test_vietnamese_draw_mode_until_playable_keeps_drawing_until_a_tile_fits():
    """RULES.md setting draw_mode=until_playable."""
    hand = hand_with(Rules.vietnamese(2, draw_mode="until_playable"), UNTIL_2P, UNTIL_2P_PILE)
    play(hand, "S 6-6", "N draw 2-5")
    assert hand.turn == "N" and legal(hand) == ["N draw"]  # 2-5 does not fit: N draws again
    refused(hand, "N pass", "must_draw")
    play(hand, "N draw 3-3", "N draw 5-6")
    assert hand.turn == "N" and legal(hand) == ["N 6-5 L", "N 6-5 R"]
    refused(hand, "N draw", "must_play_drawn_tile")
    hand.push("N 6-5 R")
    assert hand.ends == (6, 5) and hand.turn == "S" and hand.boneyard_size == 11


def test_vietnamese_until_playable_passes_the_turn_when_the_pile_runs_out():
    hand = hand_with(Rules.vietnamese(2, draw_mode="until_playable"), SIXES_2P, SIXES_2P_PILE)
    hand.push("S 6-6")
    for _ in range(13):
        hand.push("N draw")
        assert hand.turn == "N"
    hand.push("N draw")  # the last tile does not fit either: the turn passes
    assert hand.turn == "S" and hand.boneyard_size == 0 and hand.count("N") == 21


def test_vietnamese_with_an_empty_pile_a_stuck_player_passes():
    hand = hand_with(Rules.vietnamese(3, draw_mode="until_playable"), SIXES_TO_S, SIXES_PILE)
    play(hand, "S 6-6", *["E draw"] * 7)
    assert legal(hand) == ["N pass"]
    hand.push("N pass")
    assert hand.turn == "S"


def test_vietnamese_four_players_have_no_pile_and_stuck_players_pass():
    hand = hand_with(Rules.vietnamese(4), DOUBLES_TO_N)
    play(hand, "N 6-6", "W 6-0 L", "S 6-1 R")
    assert legal(hand) == ["E pass"]


def test_wild_blanks_an_open_0_takes_any_tile_either_way_round():
    """RULES.md blank_rule=wild: the mover names the connecting half; a wild end can stay wild."""
    hand = hand_with(Rules.vietnamese(4, blank_rule="wild"), DOUBLES_TO_N, leader="N")
    hand.push("N 0-0")
    play(hand, "W 5-0 L")  # 5 touches the wild 0 and the blank becomes the open end
    assert hand.ends == (0, 0)
    assert len(hand.legal_moves) == 28  # S: 7 tiles × 2 ways round × 2 ends
    hand.push("S 1-3 R")
    assert hand.ends == (0, 3)
    assert len(hand.legal_moves) == 7 * 2 + 3  # E: any tile on the wild left, 3-x on the right
    refused(hand, "E pass", "pass_with_playable_tile")
    hand.push("E 4-6 L")
    assert hand.ends == (6, 3)
    hand.push("N 3-3 R")
    # blanks in hand have no special power: W's blanks fit only where their other half matches
    assert legal(hand) == ["W 6-0 L", "W 3-0 R"]
    refused(hand, "W 0-2 L", "no_match")


def test_wild_blanks_in_the_vietnamese_game():
    hand = hand_with(Rules.vietnamese(3, blank_rule="wild"), SIXES_TO_S, SIXES_PILE)
    play(hand, "S 6-6", "E draw 2-5", "N draw 3-3", "S 6-0 L")
    assert len(hand.legal_moves) == 14  # E on the wild 0: 0-0 and 1-1 once, 0-1 … 0-5 and 2-5 either way
    hand.push("E 2-5 L")
    assert hand.ends == (5, 6)


def test_standard_blanks_a_0_end_takes_only_a_blank():
    hand = hand_with(Rules.vietnamese(3), SIXES_TO_S, SIXES_PILE)
    play(hand, "S 6-6", "E draw 2-5", "N draw 3-3", "S 6-0 L")
    refused(hand, "E 2-5 L", "no_match")
    assert sorted(legal(hand)) == sorted(f"E 0-{n} L" for n in range(6))


# Three players, S, E, N: S leads the 6-6 and ten plays put all seven sixes on the table
# with 6|6 showing while the pile still holds seven tiles.
V_CHAIN = ["S 6-6", "E 6-1 L", "N 6-3 R", "S 1-2 L", "E 3-4 R", "N 2-6 L", "S 4-6 R", "E 6-0 L", "N 0-5 L", "S 5-6 L"]


def _vietnamese_block(s: str, e: str, n: str, pile: str, **settings) -> Hand:
    hand = hand_with(Rules.vietnamese(3, **settings),
                     dict(S=f"6-6 1-2 4-6 5-6 {s}", E=f"1-6 3-4 0-6 {e}", N=f"3-6 2-6 0-5 {n}"), pile)
    play(hand, *V_CHAIN)
    return hand


TIED = ("0-4 1-3 2-2", "0-1 0-2 1-1 2-5", "3-3 4-4 5-5 4-5", "0-0 0-3 1-4 1-5 2-3 2-4 3-5")


def test_vietnamese_block_with_tiles_still_in_the_pile():
    """RULES.md block_detection=dead_ends: a block can happen while the pile still has tiles."""
    hand = _vietnamese_block(*TIED)
    assert hand.outcome.termination is Termination.BLOCKED and hand.boneyard_size == 7


def test_vietnamese_tie_for_lowest_has_no_winner():
    outcome = _vietnamese_block(*TIED).outcome
    assert outcome.pips == {"S": 12, "E": 12, "N": 33}
    assert (outcome.winner_seat, outcome.winner_team, outcome.tie) == (None, None, True)


def test_vietnamese_tie_rule_fewest_tiles():
    """RULES.md tie_rule=fewest_tiles: S (3 tiles) beats E (4 tiles) at 12 pips each."""
    outcome = _vietnamese_block(*TIED, tie_rule="fewest_tiles").outcome
    assert (outcome.winner_seat, outcome.tie) == ("S", False)


def test_vietnamese_double_blank_counts_13_in_the_blocked_count():
    """RULES.md: each player's pips with 0-0 counting 13: S's 8 pips count 21, so E's 12 wins."""
    hand = _vietnamese_block("0-0 0-4 1-3", "0-1 0-2 1-1 2-5", "3-3 4-4 5-5 4-5", "2-2 0-3 1-4 1-5 2-3 2-4 3-5")
    assert hand.outcome.pips == {"S": 21, "E": 12, "N": 33}
    assert hand.outcome.winner_seat == "E"


def test_vietnamese_exhaust_boneyard_plays_on_until_the_pile_is_drawn():
    """RULES.md block_detection=exhaust_boneyard: no block while the pile has tiles."""
    hand = _vietnamese_block(*TIED, block_detection="exhaust_boneyard")
    for seat in "ENSENS":
        assert not hand.is_over and legal(hand) == [f"{seat} draw"]
        hand.push(f"{seat} draw")
    assert not hand.is_over
    hand.push("E draw 3-5")
    assert hand.is_over and hand.boneyard_size == 0
    outcome = hand.outcome
    assert outcome.termination is Termination.BLOCKED
    assert outcome.pips == {"S": 23, "E": 39, "N": 41}  # E drew the 0-0 (13), 1-5 and 3-5
    assert outcome.winner_seat == "S"


# -- exact undo --------------------------------------------------------------------------
@pytest.mark.parametrize("rules", [six_love(), Rules.vietnamese(4, blank_rule="wild"), Rules.vietnamese(2),
                                   Rules.vietnamese(3, draw_mode="until_playable", drawn_tile_must_play=False),
                                   Rules.vietnamese(3, block_detection="exhaust_boneyard", blank_rule="wild")])
def test_push_then_pop_restores_an_equal_state_for_every_move(rules):
    """STYLE.md 1: push then pop restores an equal state."""
    rng = random.Random(3)
    for _ in range(15):
        hand = Hand.dealt(rules, rng)
        keys = []
        while not hand.is_over:
            keys.append(hand.state_key())
            move = rng.choice(hand.legal_move_list())
            hand.push(move)
            popped = hand.pop()
            assert hand.state_key() == keys[-1]
            assert popped.seat == move.seat and popped.action == move.action
            hand.push(move)
        while hand.moves:
            hand.pop()
            assert hand.state_key() == keys.pop()
        assert sorted(tiles_everywhere(hand)) == list(ALL_TILES)


def test_pop_on_a_fresh_hand_is_an_index_error():
    with pytest.raises(IndexError):
        hand_with(six_love(), DOUBLES_TO_N).pop()


def test_copy_is_independent_and_equal():
    hand = hand_with(six_love(), DOUBLES_TO_N)
    play(hand, "N 6-6", "W 6-0 L")
    twin = hand.copy()
    assert twin.state_key() == hand.state_key()
    twin.push("S 6-1 R")
    assert hand.ply == 2 and twin.ply == 3


# -- deals ------------------------------------------------------------------------------
def test_a_deal_must_be_the_28_tiles_7_to_each_seat():
    bad = dict(DOUBLES_TO_N, W="0-1 0-2 0-3 0-4 0-5 0-6 6-6")
    with pytest.raises(DealError, match="6-6 is dealt twice"):
        hand_with(six_love(), bad)
    with pytest.raises(DealError, match="dealt 6 tiles"):
        hand_with(six_love(), dict(DOUBLES_TO_N, W="0-1 0-2 0-3 0-4 0-5 0-6"))
    with pytest.raises(DealError, match="boneyard has 0 tiles, not 7"):
        hand_with(Rules.vietnamese(3), SIXES_TO_S)


def test_the_same_seed_gives_the_same_deal():
    a, b = Hand.dealt(six_love(), 42), Hand.dealt(six_love(), 42)
    assert a.deal == b.deal and a.leader == b.leader
    assert Hand.dealt(six_love(), 43).deal != a.deal


@pytest.mark.parametrize("rules", [
    Rules.six_love(), Rules.straight_six(direction="clockwise"), Rules.vietnamese(2),
    Rules.vietnamese(3, blank_rule="wild", draw_mode="until_playable"),
    Rules.vietnamese(3, drawn_tile_must_play=False, block_detection="exhaust_boneyard"),
])
def test_play_out_makes_only_legal_moves(rules):
    """The fast path plays exactly what checked pushes accept, to the same outcome."""
    rng = random.Random(11)
    for seed in range(40):
        fast = Hand.dealt(rules, seed)
        outcome = fast.play_out(rng)
        checked = Hand.dealt(rules, seed)
        for move in fast.moves:
            checked.push(move if move.action != "draw" else Move(move.seat, "draw"))
        assert checked.outcome == outcome
        assert checked.state_key() == fast.state_key()


def test_a_tile_that_fits_the_other_end_is_refused_naming_both_ends():
    hand = hand_with(six_love(), DOUBLES_TO_N, leader="N")
    play(hand, "N 6-6", "W 6-0 L")  # ends 0 | 6
    with pytest.raises(IllegalMoveError) as refusal:
        hand.push("S 1-6 L")
    assert refusal.value.detail == "1-6 cannot touch the 0 on the left end; it fits the right end (6)"
    with pytest.raises(IllegalMoveError) as refusal:
        hand.push("S 1-3 L")
    assert refusal.value.detail == "1-3 fits neither end: the ends show 0 and 6"


def test_a_draw_out_of_turn_after_playing_is_refused_as_not_your_turn():
    hand = hand_with(Rules.vietnamese(3), SIXES_TO_S, SIXES_PILE)
    hand.push("S 6-6")
    with pytest.raises(IllegalMoveError) as refusal:
        hand.push("S draw")
    assert refusal.value.case == "not_your_turn" and "E's turn" in refusal.value.detail


# -- equivalent moves (issue 16) --------------------------------------------------------------
def test_equivalent_moves_are_one_tile_leaving_the_same_ends():
    from dominoes_widget.engine.hand import equivalent, group_moves

    hand = Hand(Rules.six_love(), {"N": tiles("6-6 6-4 6-1 2-2 3-3 0-1 0-2"), "E": tiles("5-6 4-4 1-1 0-3 0-4 0-5 1-2"),
                                   "S": tiles("0-6 2-6 3-6 1-3 1-4 1-5 2-3"), "W": tiles("0-0 2-4 2-5 3-4 3-5 4-5 5-5")})
    play(hand, "N 6-6", "W pass")
    legal = hand.legal_moves
    assert [str(m) for m in legal.distinct()] == ["S 6-0 L", "S 6-2 L", "S 6-3 L"]
    assert [[str(m) for m in group] for group in legal.groups()][0] == ["S 6-0 L", "S 6-0 R"]
    assert equivalent(Move.parse("S 6-3 L"), Move.parse("S 6-3 R"), hand.ends)
    assert not equivalent(Move.parse("S 6-3 L"), Move.parse("S 6-2 R"), hand.ends)
    play(hand, "S 6-3 L")  # ends 3 and 6: a 3-6 now leaves 6-6 on one side and 3-3 on the other
    assert not equivalent(Move.parse("E 3-6 L"), Move.parse("E 6-3 R"), hand.ends)
    assert equivalent(Move.parse("N 6-4"), Move.parse("N 4-6"), None), "a lead written either way round"
    assert group_moves([Move.parse("E pass")], hand.ends) == [[Move.parse("E pass")]]


def test_a_seed_that_is_not_one_is_refused_by_name():
    from dominoes_widget.engine.hand import checked_seed

    for bad in ("x", 1.5, float("nan"), True, [1]):
        with pytest.raises(ValueError, match="seed must be a whole number"):
            Hand.dealt(seed=bad)
        with pytest.raises(ValueError, match="seed must be a whole number"):
            Match(seed=bad)
    assert checked_seed(3) == 3 and checked_seed(None) is None
    with pytest.raises(ValueError, match="^seed must be a whole number, not None$"):
        checked_seed(None, whole=True)


def test_the_other_team_is_the_engines_word():
    from dominoes_widget.engine.hand import other_team, team_of

    assert other_team("NS") == "EW" and other_team("EW") == "NS" and other_team(team_of("E")) == "NS"


def test_a_deal_shuffles_as_random_shuffle_does():
    """The deal's own shuffle (its steps written out, for speed) takes the same tiles from the
    same random bits as ``random.shuffle``: a seed deals what it dealt before."""
    from dominoes_widget.engine.hand import _shuffled

    for seed in range(300):
        ours, theirs = random.Random(seed), random.Random(seed)
        tiles = list(ALL_TILES)
        theirs.shuffle(tiles)
        assert _shuffled(list(ALL_TILES), ours) == tiles and ours.random() == theirs.random()
    assert sorted(_shuffled(list(ALL_TILES), random.SystemRandom())) == list(ALL_TILES)


def test_a_move_listed_as_legal_is_taken_only_in_the_position_it_was_listed_for():
    hand = Hand.dealt(seed=4)
    listed = hand.legal_move_list()
    hand.push(listed[0])
    later = hand.legal_move_list()
    hand.pop()
    stale = next(m for m in later if m.action != "pass")
    with pytest.raises(IllegalMoveError):
        hand.push(stale)  # listed for the position after the lead, not this one
    listed = hand.legal_move_list()
    listed.append(Move(hand.turn, "pass"))  # the list is the caller's: adding to it makes nothing legal
    with pytest.raises(IllegalMoveError):
        hand.push(listed[-1])
    assert hand.legal_move_tuple() == tuple(hand.legal_move_list()) and hand.push(listed[0]) == listed[0]


@pytest.mark.parametrize("rules", [Rules.six_love(), Rules.vietnamese(4), Rules.vietnamese(2, blank_rule="wild")],
                         ids=["six_love", "vietnamese4", "vietnamese2_wild"])
def test_a_hand_played_out_undoes_and_remembers_its_ends_as_one_pushed_move_by_move(rules):
    rng = random.Random(11)
    for _ in range(40):
        played = Hand.dealt(rules, rng)
        start = played.copy()
        for _ in range(rng.randrange(0, 4)):
            if played.outcome is None:
                move = rng.choice(played.legal_move_list())
                played.push(move)
                start.push(move)
        played.play_out(rng)
        pushed = start.copy()
        for move in played.moves[len(start.moves):]:
            pushed.push(move)
        assert played.ends_history() == pushed.ends_history() and played.state_key() == pushed.state_key()
        assert [played.ends_before(i) for i in range(played.ply)] == list(pushed.ends_history())
        while played.ply > start.ply:
            assert played.pop() == pushed.pop() and played.state_key() == pushed.state_key()
            assert played.ends_history() == pushed.ends_history()
        if played.outcome is None:  # other moves from here: the ends remembered are theirs
            other = played.legal_move_list()[-1]
            played.push(other)
            assert played.ends_history() == played.copy().ends_history()
            played.pop()
        played.play_out(rng)  # and on again from there
        assert played.outcome is not None and played.pop() and played.outcome is None


@pytest.mark.parametrize("rules", [Rules.six_love(), Rules.vietnamese(3), Rules.vietnamese(2, blank_rule="wild")],
                         ids=["six_love", "vietnamese3", "vietnamese2_wild"])
def test_pop_straight_after_play_out_or_plain_pushes_restores_the_position_before(rules):
    """The undo snapshots of plain plays and passes wait until asked for: a pop asked first
    (no ends history read in between) still restores the position before the move."""
    rng = random.Random(12)
    for _ in range(40):
        hand = Hand.dealt(rules, rng)
        keys = [hand.state_key()]
        for _ in range(rng.randrange(1, 12)):
            if hand.outcome is None:
                hand.push(rng.choice(hand.legal_move_list()))
                keys.append(hand.state_key())
        if hand.outcome is None:
            hand.play_out(rng)
            before_last = hand.copy()
            last = before_last.moves[-1]
            hand.pop()
            before_last.pop()  # a copy replays every move by push: its snapshots are its own
            assert hand.state_key() == before_last.state_key() and last.seat == hand.turn
            while hand.ply >= len(keys):
                hand.pop()
        while hand.ply:
            assert hand.state_key() == keys[hand.ply]
            hand.pop()
        assert hand.state_key() == keys[0]


def test_hands_all_set_the_same_attribute_names_and_within_what_cpython_shares():
    """CPython (3.11+) keeps up to 30 attribute names in a key table shared by a class's
    instances, read by fast inline lookups; a hand that sets one name more falls back to a
    dictionary for every attribute of every later hand, and the engine loses about a tenth of
    its speed (``benchmarks/engine_speed.py``). Every way a hand is made and played must stay within those 30 names."""
    names: set[str] = set()
    shapes: set[frozenset[str]] = set()
    variants = [Rules.six_love(), Rules.six_love(sporting=True), Rules.vietnamese(2),
                Rules.vietnamese(3, blank_rule="wild"),
                Rules.vietnamese(2, draw_mode="until_playable", drawn_tile_must_play=False,
                                 block_detection="exhaust_boneyard")]
    rng = random.Random(3)
    for rules in variants:
        for seed in range(30):
            hand = Hand.dealt(rules, seed)
            while hand.outcome is None and len(hand.moves) < 6:
                hand.push(rng.choice(hand.legal_move_list()))
            hand.history_start, hand.deal, hand.ends_history(), hand.counts(), hand.passed()
            twin = hand.copy()
            hand.play_out(rng)
            hand.pop()
            hand.legal_move_tuple()
            match = Match(rules, seed=seed)
            played = match.deal()
            played.play_out(rng)
            position = Hand.from_position(rules, {s: twin.held(s) for s in rules.seats}, twin.boneyard, twin.line,
                                          twin.turn or rules.seats[0], lead_index=twin.lead_index)
            position.play_out(rng)
            for each in (hand, twin, played, position):
                names |= set(vars(each))
                shapes.add(frozenset(vars(each)))
    assert len(names) <= 30, sorted(names)
    # every hand sets the same attributes: a look-up that finds an attribute on some hands and
    # a class default on others stops specializing (checked push ran 10% slower in a mixed run)
    assert len(shapes) == 1, [sorted(shape ^ names) for shape in shapes]
    # and nothing writes through a hand's __dict__, which costs the same (cached_property does)
    assert not [name for name, value in vars(Hand).items() if isinstance(value, functools.cached_property)]
