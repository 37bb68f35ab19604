"""The numpy batch playout plays every world exactly as fast_playout plays it alone (the
reference): the same final holdings and the same result, with and without the sight weights;
and the batch pile playout as pile_playout, blanks standard or wild."""

from __future__ import annotations

import random

import pytest

from dominoes_widget.engine.hand import Hand
from dominoes_widget.engine.masks import unplayed_counts
from dominoes_widget.engine.rules import Rules
from dominoes_widget.studies.bots.batch_playout import BLOCKED, batch_pile_playout, batch_playout
from dominoes_widget.studies.bots.playout import Policy, fast_playout, pile_playout, supports_pile_playout


def _worlds(rules: Rules, count: int, seed: int):
    """Positions after the lead, a few random plies into random deals: (held in turn order, left, right,
    unplayed, turn)."""
    rng = random.Random(seed)
    worlds = []
    while len(worlds) < count:
        hand = Hand.dealt(rules, rng.randrange(1 << 30))
        for _ in range(rng.randrange(1, 14)):
            if hand.turn is None:
                break
            hand.push(rng.choice(hand.legal_move_list()))
        if hand.turn is None:
            continue
        seats = list(hand.seats)
        worlds.append(([hand.held_mask(s) for s in seats], hand.left, hand.right, unplayed_counts(hand.line),
                       seats.index(hand.turn)))
    return worlds


POLICIES = {"plain": Policy(), "sighted": Policy(sight=(0.9, 0.45)), "block only": Policy(sight=(1.3, 0.0)),
            # weights that make ties the rule, so the order of ties is what decides
            "all ties": Policy(weights=(0, 0, 0, 0, 0)), "sighted ties": Policy(weights=(0, 1, 0, 0, 0), sight=(1, 1))}
SEEDS = {"plain": 1, "sighted": 2, "block only": 3, "all ties": 4, "sighted ties": 5}


@pytest.mark.parametrize("rules", [Rules.six_love(), Rules.vietnamese(4), Rules.vietnamese(4, blank_rule="standard")],
                         ids=lambda r: r.name)
@pytest.mark.parametrize("policy", list(POLICIES), ids=str)
def test_each_world_ends_as_fast_playout_ends_it(rules, policy):
    chosen = POLICIES[policy]
    worlds = _worlds(rules, 400, seed=SEEDS[policy])
    held, winner = batch_playout(chosen, [w[0] for w in worlds], [w[1] for w in worlds], [w[2] for w in worlds],
                                 [w[3] for w in worlds], [w[4] for w in worlds])
    mismatches = []
    for index, (masks, left, right, unplayed, turn) in enumerate(worlds):
        expected_held, expected_winner = fast_playout(chosen, masks[:], left, right, unplayed[:], turn)
        got = (held[index].tolist(), int(winner[index]))
        if got != (expected_held, BLOCKED if expected_winner is None else expected_winner):
            mismatches.append(index)
    assert mismatches == [], f"{len(mismatches)} of {len(worlds)} worlds differ from fast_playout"
    assert {int(w) for w in winner} >= {BLOCKED, 0, 1}, "the sample holds blocks and dominoes both"


def test_the_arguments_are_left_as_they_were_and_one_world_plays_alone():
    (masks, left, right, unplayed, turn), = _worlds(Rules.six_love(), 1, seed=5)
    before = (masks[:], unplayed[:])
    held, winner = batch_playout(Policy(), [masks], [left], [right], [unplayed], [turn])
    assert (masks, unplayed) == before
    expected_held, expected_winner = fast_playout(Policy(), masks[:], left, right, unplayed[:], turn)
    assert held[0].tolist() == expected_held and int(winner[0]) == (BLOCKED if expected_winner is None else expected_winner)


def test_no_worlds_play_to_nothing():
    held, winner = batch_playout(Policy(), [[0, 0, 0, 0]][:0], [], [], [[7] * 7][:0], [])
    assert held.shape[0] == 0 and winner.shape == (0,)


def _pile_worlds(rules: Rules, count: int, seed: int):
    """Positions after the lead of a game with a draw pile, a few random plies in: (held in turn
    order, the pile top first, left, right, unplayed, turn)."""
    rng = random.Random(seed)
    worlds = []
    while len(worlds) < count:
        hand = Hand.dealt(rules, rng.randrange(1 << 30))
        for _ in range(rng.randrange(1, 10)):
            if hand.turn is None:
                break
            hand.push(rng.choice(hand.legal_move_list()))
        if hand.turn is None or hand.ends is None:
            continue
        seats = list(rules.turn_order)
        pile = [int(t) for t in hand.boneyard]
        rng.shuffle(pile)
        worlds.append(([hand.held_mask(s) for s in seats], pile, hand.left, hand.right, unplayed_counts(hand.line),
                       seats.index(hand.turn)))
    return worlds


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("policy", ["plain", "all ties"], ids=str)
def test_each_world_with_a_draw_pile_ends_as_pile_playout_ends_it(players, policy):
    chosen = POLICIES[policy]
    rules = Rules.vietnamese(players, blank_rule="standard")
    assert supports_pile_playout(rules)
    worlds = _pile_worlds(rules, 400, seed=10 * players + SEEDS[policy])
    by_pile = {}
    for world in worlds:  # (a batch's piles are one length, as a decision's worlds' are)
        by_pile.setdefault(len(world[1]), []).append(world)
    mismatches = drew = 0
    for group in by_pile.values():
        held, winner = batch_pile_playout(chosen, [w[0] for w in group], [w[1] for w in group],
                                          [w[2] for w in group], [w[3] for w in group], [w[4] for w in group],
                                          [w[5] for w in group])
        for index, (masks, pile, left, right, unplayed, turn) in enumerate(group):
            expected_held, expected_winner = pile_playout(chosen, masks[:], pile, left, right, unplayed[:], turn)
            drew += any(final >> t & 1 for final in expected_held for t in pile)  # (a drawn tile kept)
            if (held[index].tolist(), int(winner[index])) != (expected_held,
                                                              BLOCKED if expected_winner is None else expected_winner):
                mismatches += 1
    assert mismatches == 0, f"{mismatches} of {len(worlds)} worlds differ from pile_playout"
    assert len(by_pile) > 1 and drew, "piles of several lengths, and worlds where a seat drew"


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("policy", ["plain", "all ties"], ids=str)
def test_each_world_with_wild_blanks_ends_as_pile_playout_ends_it(players, policy):
    chosen = POLICIES[policy]
    rules = Rules.vietnamese(players, blank_rule="wild")
    assert supports_pile_playout(rules)
    worlds = _pile_worlds(rules, 1000, seed=100 + 10 * players + SEEDS[policy])
    by_pile = {}
    for world in worlds:
        by_pile.setdefault(len(world[1]), []).append(world)
    mismatches = on_wild = 0
    winners = set()
    for group in by_pile.values():
        held, winner = batch_pile_playout(chosen, [w[0] for w in group], [w[1] for w in group],
                                          [w[2] for w in group], [w[3] for w in group], [w[4] for w in group],
                                          [w[5] for w in group], wild=True)
        winners |= {int(w) for w in winner}
        for index, (masks, pile, left, right, unplayed, turn) in enumerate(group):
            expected = pile_playout(chosen, masks[:], pile, left, right, unplayed[:], turn, wild=True)
            on_wild += 0 in (left, right)
            if (held[index].tolist(), int(winner[index])) != (expected[0], BLOCKED if expected[1] is None else expected[1]):
                mismatches += 1
    assert mismatches == 0, f"{mismatches} of {len(worlds)} worlds differ from pile_playout"
    assert on_wild > 100, "many worlds start with a wild blank end"
    assert winners >= {BLOCKED, 0, 1}, "the sample holds blocks and dominoes both"
