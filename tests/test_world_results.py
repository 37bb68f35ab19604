"""The judge's data path: worlds played out together (numpy) end world for world as each played
alone through fast_playout ends; the sums kept as worlds arrive equal the sums recomputed over
every world; the worlds for a seed do not depend on how many are played at once."""

from __future__ import annotations

import random

import pytest

from dominoes_widget.engine.hand import Hand
from dominoes_widget.engine.masks import WinReason, unplayed_counts
from dominoes_widget.engine.rules import Rules
from dominoes_widget.engine.views import seat_view
from dominoes_widget.studies import judge as judge_module
from dominoes_widget.studies.bots import inference, make_bot, world_results
from dominoes_widget.studies.bots.inference import Worlds
from dominoes_widget.studies.bots.world_results import RecomputedResults, WorldResults
from dominoes_widget.studies.judge import judge, verdict_for


def _views(rules: Rules, count: int, seed: int) -> list:
    """Decisions with two or more distinct moves, early and late in random hands (late ones are solved exactly)."""
    rng = random.Random(seed)
    views = []
    while len(views) < count:
        hand = Hand.dealt(rules, rng.randrange(1 << 30))
        stop = rng.randrange(1, 24)
        for ply in range(stop):
            if hand.turn is None:
                break
            view = seat_view(hand, hand.turn)
            if ply == stop - 1 and len(inference.move_groups(view)) >= 2:
                views.append(view)
            hand.push(rng.choice(hand.legal_move_list()))
    return views


def _without_numpy(monkeypatch: pytest.MonkeyPatch) -> None:
    """Worlds as the JupyterLite site runs them: each played out alone, the sums recomputed."""
    monkeypatch.setattr(inference, "np", None)
    monkeypatch.setattr(world_results, "np", None)


def _worlds(view, seed: int, rounds: list[tuple[int, set[int] | None]]) -> Worlds:
    worlds = Worlds(make_bot("strong", seed), view)
    for count, playing in rounds:
        worlds.add(count, playing=playing)
    return worlds


@pytest.mark.parametrize("rules", [Rules.six_love(), Rules.vietnamese(4)], ids=lambda r: r.name)
def test_worlds_played_together_end_as_each_played_alone(rules, monkeypatch):
    views = _views(rules, 12, seed=7)
    assert any(sum(view.counts.values()) <= 13 for view in views), "some positions are solved exactly"
    together, alone = [], []
    for number, view in enumerate(views):
        rounds = [(150, None), (90, {0, len(inference.move_groups(view)) - 1})]  # then only some moves, as the judge does
        worlds = _worlds(view, number, rounds)
        assert isinstance(worlds.table, WorldResults)
        together.append((worlds.log_weights, worlds.results))
    _without_numpy(monkeypatch)
    for number, view in enumerate(views):
        worlds = _worlds(view, number, [(150, None), (90, {0, len(inference.move_groups(view)) - 1})])
        assert isinstance(worlds.table, RecomputedResults)
        alone.append((worlds.log_weights, worlds.results))
    differ = [n for n, (a, b) in enumerate(zip(together, alone)) if a[1] != b[1]]
    assert differ == [], f"{len(differ)} of {len(views)} positions: worlds played together ended otherwise"
    assert any(None in row for _weights, results in together for row in results)
    for (weights, _results), (expected, _) in zip(together, alone):  # weighed together: numpy's exp, log
        assert weights == pytest.approx(expected, rel=1e-12, abs=1e-12)
    assert any(weights != [0.0] * len(weights) for weights, _results in together), "some worlds are weighed"


def test_the_sums_kept_as_worlds_arrive_equal_the_sums_over_every_world():
    for number, view in enumerate(_views(Rules.six_love(), 6, seed=3)):
        worlds = _worlds(view, number, [(70, None), (1, None), (130, {0, 1}), (40, None)])
        reference = RecomputedResults(len(worlds.groups))
        reference.add_rows(worlds.log_weights, worlds.results)
        assert len(set(worlds.log_weights)) > 1, "the worlds are weighted unequally"
        for index in range(len(worlds.groups)):
            assert worlds.move_sums(index) == pytest.approx(reference.move_sums(index), rel=1e-12, abs=1e-12)
            for other in range(len(worlds.groups)):
                if other != index:
                    assert worlds.paired_gap(index, other) == pytest.approx(reference.paired_gap(index, other),
                                                                            rel=1e-9, abs=1e-12)
        assert worlds.weights() == pytest.approx(reference.weights(), rel=1e-12)


@pytest.mark.parametrize("table", [WorldResults(2), RecomputedResults(2)], ids=["arrays", "recomputed"])
def test_a_paired_gap_is_the_weighted_mean_of_the_differences_and_its_error(table):
    """The judge's gap interval is this mean plus or minus Z of this error (the one path it takes)."""
    import math

    shares = [(1.0, 0.9), (0.5, 0.7), (1.0, 0.7), (0.5, 0.5)]  # (the best's, the other's) share, world by world
    weights = [1.0, 0.5, 0.25, 1.0]
    table.add_rows([math.log(w) for w in weights], [[(a, 0.0, 0.0), (b, 0.0, 0.0)] for a, b in shares])
    gaps = [a - b for a, b in shares]
    mean = sum(w * g for w, g in zip(weights, gaps)) / sum(weights)
    variance = sum(w * w * (g - mean) ** 2 for w, g in zip(weights, gaps)) / sum(weights) ** 2
    found = table.paired_gap(0, 1)
    assert (found.mean, found.variance, found.samples) == (pytest.approx(mean), pytest.approx(variance), 4)


def test_moves_that_end_alike_have_a_gap_of_exactly_nothing():
    table = WorldResults(2)
    for _ in range(3):
        table.add_rows([0.0, -1.5, -0.25], [[(1.0, 0.0, 3.0)] * 2, [(0.0, 1.0, 0.0)] * 2, [(0.0, 0.0, -4.0)] * 2])
    assert table.paired_gap(0, 1) == (0.0, 0.0, 9)


def test_the_worlds_for_a_seed_do_not_depend_on_how_many_are_played_at_once():
    view = _views(Rules.six_love(), 1, seed=11)[0]
    at_once = _worlds(view, 5, [(300, None)])
    in_parts = _worlds(view, 5, [(1, None), (20, None), (279, None)])
    assert (at_once.log_weights, at_once.results) == (in_parts.log_weights, in_parts.results)


def test_the_judge_marks_alike_with_and_without_numpy(monkeypatch):
    views = _views(Rules.six_love(), 4, seed=21)
    monkeypatch.setattr(judge_module, "_KEPT", {})
    with_numpy = [judge(view, rollouts=300, budget=1200) for view in views]
    _without_numpy(monkeypatch)
    monkeypatch.setattr(judge_module, "_KEPT", {})
    without = [judge(view, rollouts=300, budget=1200) for view in views]
    for a, b in zip(with_numpy, without):
        assert (a.worlds, a.settled, [j.moves for j in a.judgements]) == (b.worlds, b.settled, [j.moves for j in b.judgements])
        for x, y in zip(a.judgements, b.judgements):
            assert verdict_for(x.gap_low, x.gap_high) == verdict_for(y.gap_low, y.gap_high)
            assert (x.win, x.tie, x.gap_low, x.gap_high) == pytest.approx((y.win, y.tie, y.gap_low, y.gap_high), abs=1e-9)


@pytest.mark.parametrize("rules", [Rules.six_love(), Rules.vietnamese(3), Rules.vietnamese(2)], ids=lambda r: r.name)
def test_worlds_dealt_as_masks_are_the_worlds_dealt_as_tiles(rules):
    from dominoes_widget.studies.bots.montecarlo import WorldSampler
    for number, view in enumerate(_views(rules, 40, seed=13)):
        sampler = WorldSampler(view)
        as_tiles, as_masks = random.Random(number), random.Random(number)
        for _ in range(25):
            held, pile = sampler.sample(as_tiles)
            masks, masks_pile = sampler.sample_masks(as_masks)
            assert masks == {seat: sum(1 << t for t in tiles) for seat, tiles in held.items()} and masks_pile == pile


def test_worlds_weighed_together_weigh_as_each_weighed_alone():
    import numpy as np
    from dominoes_widget.studies.bots.inference import _Evidence
    from dominoes_widget.studies.bots.montecarlo import WorldSampler
    policy = make_bot("strong", 0).policy
    for number, view in enumerate(_views(Rules.six_love(), 12, seed=7)):
        evidence, sampler, rng = _Evidence(view, policy), WorldSampler(view), random.Random(number)
        worlds = [sampler.sample(rng)[0] for _ in range(100)]
        alone = [evidence.log_likelihood(held) for held in worlds]
        together = evidence.log_likelihoods({seat: np.array([sum(1 << t for t in held[seat]) for held in worlds])
                                             for seat in worlds[0]})
        assert together.tolist() == pytest.approx(alone, rel=1e-12, abs=1e-12)


def _pile_positions(rules: Rules, count: int, seed: int) -> list[Hand]:
    """Hands of a game with a draw pile some plies in, the seat to move not in the middle of a draw."""
    rng = random.Random(seed)
    hands = []
    while len(hands) < count:
        hand = Hand.dealt(rules, rng.randrange(1 << 30))
        for _ in range(rng.randrange(1, 20)):
            if hand.turn is None:
                break
            hand.push(rng.choice(hand.legal_move_list()))
        if hand.turn is not None and hand.ends is not None and not (hand.moves and hand.moves[-1].action == "draw"):
            hands.append(hand)
    return hands


WILD = [Rules.vietnamese(2, blank_rule="wild"), Rules.vietnamese(3, blank_rule="wild", tie_rule="fewest_tiles"),
        Rules.vietnamese(4, blank_rule="wild")]
"""Games with wild blanks (an end showing 0 takes any tile): played out on masks too."""


@pytest.mark.parametrize("rules", [Rules.vietnamese(3), Rules.vietnamese(2),
                                   Rules.vietnamese(3, tie_rule="fewest_tiles"), *WILD],
                         ids=lambda r: f"{r.name}-{r.blank_rule}")
@pytest.mark.parametrize("policy", ["fitted", "all ties"])
def test_a_hand_with_a_draw_pile_ends_on_masks_as_it_ends_through_the_engine(rules, policy):
    from dominoes_widget.studies.bots.playout import Policy, hand_playout, pile_playout, supports_pile_playout
    assert supports_pile_playout(rules)
    chosen = Policy() if policy == "fitted" else Policy(weights=(0, 0, 0, 0, 0))
    differ, drew, wild = [], 0, rules.blank_rule == "wild"
    for number, hand in enumerate(_pile_positions(rules, 300, seed=17)):
        seats = list(rules.turn_order)
        masks = [hand.held_mask(s) for s in seats]
        pile = list(hand.boneyard)
        final, winner = pile_playout(chosen, masks, pile, hand.left, hand.right, unplayed_counts(hand.line),
                                     seats.index(hand.turn), wild)
        ended = hand_playout(chosen, hand.copy())
        expected = [ended.held_mask(s) for s in seats]
        outcome = ended.outcome
        drew += len(ended.boneyard) < len(pile)
        expected_winner = seats.index(outcome.winner_seat) if outcome.why is WinReason.DOMINO else None
        if (final, winner) != (expected, expected_winner):
            differ.append(number)
    assert differ == [], f"{len(differ)} of 300 hands ended otherwise on masks"
    assert drew > 30 or not rules.has_boneyard, "many of the hands drew from the pile"


@pytest.mark.parametrize("rules", [Rules.vietnamese(3), Rules.vietnamese(2), *WILD],
                         ids=lambda r: f"{r.name}-{r.blank_rule}")
def test_the_judge_plays_a_game_with_a_draw_pile_on_masks_as_through_the_engine(rules, monkeypatch):
    views = _views(rules, 10, seed=29)
    on_masks = [_worlds(view, number, [(60, None)]) for number, view in enumerate(views)]
    monkeypatch.setattr(inference, "supports_pile_playout", lambda rules: False)
    through_engine = [_worlds(view, number, [(60, None)]) for number, view in enumerate(views)]
    assert all(w.results == e.results for w, e in zip(on_masks, through_engine))
    for w, e in zip(on_masks, through_engine):
        assert w.log_weights == pytest.approx(e.log_weights, rel=1e-12, abs=1e-12)


@pytest.mark.parametrize("rules", [Rules.vietnamese(3), Rules.vietnamese(2), *WILD[:2]],
                         ids=lambda r: f"{r.name}-{r.blank_rule}")
def test_the_judges_worlds_with_a_draw_pile_played_together_end_as_each_played_alone(rules, monkeypatch):
    views = _views(rules, 6, seed=31)
    rounds = [(300, None), (200, {0, 1}), (10, None)]  # (the last too few to play together)
    together = [_worlds(view, number, rounds) for number, view in enumerate(views)]
    monkeypatch.setattr(inference, "_BATCH_FROM", 1 << 30)  # every world played out alone (pile_playout)
    alone = [_worlds(view, number, rounds) for number, view in enumerate(views)]
    assert all(t.results == a.results for t, a in zip(together, alone))
    assert all(t.log_weights == a.log_weights for t, a in zip(together, alone))
