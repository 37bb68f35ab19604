"""Properties of random legal play (hypothesis): tiles conserved, hands end, undo is exact,
records round-trip and verify, seat views hide what they must."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from dominoes_widget import ALL_TILES, Hand, Rules, read_record, seat_view, verify_record, write_record

from engine_helpers import play_match, tiles_everywhere

pytestmark = pytest.mark.slow  # hypothesis runs hundreds of random games

RULES = [
    Rules.six_love(),
    Rules.straight_six(),
    Rules.vietnamese(4, blank_rule="wild"),
    Rules.six_love(direction="clockwise", sporting=True),
    Rules.vietnamese(2),
    Rules.vietnamese(3),
    Rules.vietnamese(4),
    Rules.vietnamese(2, draw_mode="until_playable"),
    Rules.vietnamese(3, block_detection="exhaust_boneyard"),
    Rules.vietnamese(3, blank_rule="wild", direction="clockwise"),
    Rules.vietnamese(2, blank_rule="wild", draw_mode="until_playable", block_detection="exhaust_boneyard",
                     drawn_tile_must_play=False),
    Rules.vietnamese(3, no_double_fallback="redeal", tie_rule="fewest_tiles"),
]
rules_st = st.sampled_from(RULES)
seeds = st.integers(min_value=0, max_value=2**32 - 1)
FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Partnership: a round of four turns without a play is a block, so at most 28 × 4 moves;
# Vietnamese adds at most one draw per pile tile.
MAX_PLY = 28 * 4 + 21


def random_play(rules: Rules, seed: int, data, check) -> Hand:
    """Deal from ``seed`` and play moves that hypothesis picks, calling ``check`` after each."""
    hand = Hand.dealt(rules, seed)
    check(hand)
    while not hand.is_over:
        moves = hand.legal_move_list()
        assert moves, f"no legal move but the hand is not over: {hand!r} {hand.moves}"
        hand.push(moves[data.draw(st.integers(0, len(moves) - 1), label="move")])
        check(hand)
        assert hand.ply <= MAX_PLY
    return hand


def conserved(hand: Hand) -> None:
    everywhere = tiles_everywhere(hand)
    assert sorted(everywhere) == list(ALL_TILES)
    assert sum(hand.count(s) for s in hand.seats) + hand.boneyard_size + len(hand.line) == 28


@FAST
@given(rules_st, seeds, st.data())
def test_tiles_are_conserved_at_every_step(rules, seed, data):
    """Hands + line + pile are always the 28 distinct tiles."""
    random_play(rules, seed, data, conserved)


@FAST
@given(rules_st, seeds, st.data())
def test_random_legal_play_always_ends_in_a_domino_or_a_block(rules, seed, data):
    hand = random_play(rules, seed, data, lambda h: None)
    outcome = hand.outcome
    if outcome.termination.value == "domino":
        assert hand.count(outcome.winner_seat) == 0 and hand.moves[-1].seat == outcome.winner_seat
    else:
        assert all(hand.count(s) > 0 for s in hand.seats)
        unplayed = [t for s in hand.seats for t in hand.held(s)] + hand.boneyard
        assert not any(hand.fits(t) for t in unplayed)  # RULES.md: no unplayed tile can ever be placed
        if rules.block_detection == "exhaust_boneyard":
            assert hand.boneyard_size == 0
    assert not hand.legal_move_list()


@FAST
@given(rules_st, seeds, st.data())
def test_undo_restores_an_equal_state(rules, seed, data):
    """STYLE.md 1: push then pop restores an equal state, all the way back to the deal."""
    keys = []
    hand = random_play(rules, seed, data, lambda h: keys.append(h.state_key()))
    keys.pop()
    while hand.moves:
        hand.pop()
        assert hand.state_key() == keys.pop()
    assert hand.state_key() == Hand.dealt(rules, seed).state_key()


@FAST
@given(rules_st, seeds, st.data())
def test_seat_views_never_show_another_seats_tiles_until_the_hand_is_over(rules, seed, data):
    def check(hand: Hand) -> None:
        table = {m.tile for m in hand.moves if m.action in ("lead", "play")}
        for seat in hand.seats:
            view = seat_view(hand, seat)
            own = set(hand.held(seat))
            assert set(view.tiles) == own
            assert view.counts == {s: hand.count(s) for s in hand.seats}
            if hand.is_over:
                assert view.revealed == {s: tuple(hand.held(s)) for s in hand.seats}
                continue
            assert view.revealed == {}
            shown = set(view.tiles) | {m.tile for m in view.moves if m.tile is not None}
            shown |= {m.tile for m in view.legal_moves if m.tile is not None}
            assert shown <= own | table, (seat, shown - own - table)
            for move in view.moves:
                if move.action == "draw" and move.seat != seat:
                    assert move.tile is None
            hidden = {t for s in hand.seats if s != seat for t in hand.held(s)} | set(hand.boneyard)
            assert hidden <= set(view.unseen_tiles())
            assert view.legal_moves == (tuple(hand.legal_move_list()) if hand.turn == seat else ())

    random_play(rules, seed, data, check)


# Whole matches. Six Love to 6 needs six won hands in a row by one team, about 126 hands
# on average between two similar bots, so Six Love matches here are played to 3.
MATCH_RULES = [
    Rules.six_love(target=3),
    Rules.six_love(target=3, one_all_playoff=True),
    Rules.six_love(target=3, six_love_break="streak", direction="clockwise", sporting=True),
    Rules.straight_six(),
    Rules.straight_six(straight_six_tie="accumulate", blocked_rule="lowest_team_total"),
    Rules.vietnamese(2, target=2),
    Rules.vietnamese(3, target=2, draw_mode="until_playable"),
    Rules.vietnamese(4, target=2, blank_rule="wild"),
]


@SLOW
@given(st.sampled_from(MATCH_RULES), seeds)
def test_bot_matches_verify_and_round_trip_through_records(rules, seed):
    """Every engine-played match verifies with no problems, and write → read gives it back."""
    match = play_match(rules, seed, bots=("greedy", "random"), max_hands=400)
    assert match.is_over
    record = write_record(match)
    summaries, problems = verify_record(json.loads(json.dumps(record)))
    assert problems == []
    assert len(summaries) == len(match.hands)
    assert summaries[-1]["match_winner"] == match.state.winner
    again = read_record(json.dumps(record)).match
    assert again.state == match.state and again.rules == match.rules
    assert [h.moves for h in again.hands] == [h.moves for h in match.hands]
    assert [h.outcome for h in again.hands] == [h.outcome for h in match.hands]
    assert write_record(again) == record
