"""The numpy batch playout plays every world exactly as fast_playout plays it alone (the
reference): the same final holdings and the same result, with and without the sight weights."""

from __future__ import annotations

import random

import pytest

from dominoes_widget.engine.hand import Hand
from dominoes_widget.engine.masks import unplayed_counts
from dominoes_widget.engine.rules import Rules
from dominoes_widget.studies.bots.batch_playout import BLOCKED, batch_playout
from dominoes_widget.studies.bots.playout import Policy, fast_playout


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
