"""The bots, and the Monte Carlo bots in particular: legality, knowledge, seeds, strength.

``strong`` is the inference bot (tests/test_bots_inference.py has its own tests);
``montecarlo`` the bot it replaced, kept unchanged for comparison.
"""

from __future__ import annotations

import random

import pytest

from dominoes_widget import Hand, Rules, seat_view
from dominoes_widget.studies.bots import BOTS, InferenceBot, MonteCarloBot, StrongBot, bot_names, make_bot
from dominoes_widget.studies.bots.montecarlo import WorldSampler, distinct_moves, rollout
from dominoes_widget.engine.hand import team_of
from dominoes_widget.engine.move import DRAW
from dominoes_widget.studies.simulation import simulate
from dominoes_widget.engine.tiles import MASK_WITH

PRESETS = {
    "six_love": Rules.six_love(),
    "straight_six": Rules.straight_six(),
    "sporting": Rules.six_love(sporting=True, blocked_rule="lowest_team_total", direction="clockwise"),
    "vietnamese2": Rules.vietnamese(2),
    "vietnamese3": Rules.vietnamese(3),
    "vietnamese4": Rules.vietnamese(4),
    "vietnamese3_wild": Rules.vietnamese(3, blank_rule="wild", tie_rule="fewest_tiles"),
    "vietnamese2_until": Rules.vietnamese(2, draw_mode="until_playable", drawn_tile_must_play=False),
    "vietnamese2_exhaust": Rules.vietnamese(2, block_detection="exhaust_boneyard", no_double_fallback="redeal"),
}
SMALL = {"rollouts": 24}  # a small budget keeps the legality sweeps quick


def _bot(name: str, seed: int):
    return make_bot(name, seed, **(SMALL if name in ("strong", "montecarlo") else {}))


def play_checked(hand: Hand, bots: dict) -> Hand:
    """Play to the end, asking the bots at every turn and checking each answer is legal."""
    while hand.outcome is None:
        view = seat_view(hand, hand.turn)
        move = bots[hand.turn].choose(view)
        assert move in view.legal_moves, (move, view.legal_moves)
        assert move in hand.legal_moves
        hand.push(move)  # the checked path: an illegal move would raise
    return hand


@pytest.mark.parametrize("preset", sorted(PRESETS))
# the thinking bots' games take seconds: they run in the slow tier
@pytest.mark.parametrize("name", ["random", "greedy", pytest.param("strong", marks=pytest.mark.slow),
                                  pytest.param("montecarlo", marks=pytest.mark.slow)])
def test_bots_play_only_legal_moves(preset, name):
    rules = PRESETS[preset]
    hands = 12 if name in ("strong", "montecarlo") else 60
    for seed in range(hands):
        hand = Hand.dealt(rules, seed)
        bots = {seat: _bot(name, seed * 10 + i) for i, seat in enumerate(hand.seats)}
        play_checked(hand, bots)
        assert hand.is_over


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.slow  # whole hands of thinking bots
def test_mixed_tables_play_legally(preset):
    rules = PRESETS[preset]
    names = ["strong", "greedy", "montecarlo", "strong"]
    for seed in range(8):
        hand = Hand.dealt(rules, 1000 + seed)
        bots = {seat: _bot(names[(i + seed) % 4], seed) for i, seat in enumerate(hand.seats)}
        play_checked(hand, bots)


def test_registry_names_the_strong_bot():
    assert {"random", "greedy", "strong", "inference", "montecarlo"} <= set(bot_names())
    assert BOTS["strong"] is BOTS["inference"] is InferenceBot is StrongBot
    assert BOTS["montecarlo"] is MonteCarloBot
    for name, cls in (("bot:strong", InferenceBot), ("montecarlo", MonteCarloBot)):
        bot = make_bot(name, 3, rollouts=50, max_ms=20)
        assert isinstance(bot, cls) and bot.rollouts == 50 and bot.max_ms == 20
        with pytest.raises(ValueError, match="rollouts"):
            make_bot(name, 0, rollouts=0)
        with pytest.raises(ValueError, match="max_ms"):
            make_bot(name, 0, max_ms=-1)
        with pytest.raises(TypeError):
            make_bot(name, 0, budget=3)


MONTECARLO_REFERENCE = {
    # moves of hands where every seat is ``montecarlo`` (rollouts=40, seat i seeded 100 + 10 * deal + i),
    # recorded before the inference bot was added: the old bot must keep playing exactly so
    ("six_love", 0): "W_6-6 S_6-5_L E_6-4_R N_5-2_L W_2-4_L S_4-1_L E_4-5_R N_1-3_L W_3-2_L S_5-5_R E_5-3_R "
                     "N_2-0_L W_3-6_R S_0-3_L E_6-2_R N_2-2_R W_3-4_L S_pass E_2-1_R N_4-4_L W_1-5_R S_5-0_R "
                     "E_0-6_R N_4-0_L W_0-1_L",
    ("six_love", 1): "E_6-6 N_6-2_L W_6-3_R S_3-0_R E_2-5_L N_0-4_R W_5-3_L S_4-2_R E_3-3_L N_2-2_R W_3-2_L "
                     "S_pass E_pass N_pass W_2-0_L S_0-5_L E_5-4_L N_4-1_L W_1-1_L S_1-3_L E_3-4_L N_pass W_4-6_L "
                     "S_6-0_L E_0-0_L N_0-1_L W_1-2_L",
    ("vietnamese3", 0): "N_5-5 S_5-2_L E_5-4_R N_4-1_R S_2-2_L E_1-1_R N_1-6_R S_2-0_L E_0-6_L N_6-5_L "
                        "S_draw_1-5 S_5-1_L E_1-2_L N_draw_2-3 N_2-3_L S_3-1_L E_6-2_R N_draw_0-1 N_1-0_L S_0-0_L "
                        "E_draw_3-4 N_0-5_L S_draw_3-6 E_5-3_L N_3-3_L S_3-6_L E_6-4_L N_draw_2-4 N_4-2_L",
    ("wild2", 1): "N_6-6 S_6-1_L N_1-5_L S_6-2_R N_5-2_L S_2-2_L N_draw_1-3 N_draw_0-6 N_draw_0-3 N_draw_2-4 "
                  "N_pass S_draw_5-5 S_draw_4-4 S_draw_0-5 S_draw_0-2 S_pass N_2-4_L S_4-1_L N_1-3_L S_2-0_R "
                  "N_0-0_R S_5-5_R N_3-3_L S_5-0_R N_5-4_R S_4-0_R N_4-3_R S_draw_2-3 S_pass N_3-0_L S_4-4_L "
                  "N_draw_1-1 N_draw_3-6 N_3-6_R S_6-5_R N_draw_4-6 N_4-6_L S_draw_3-5 S_5-3_R N_6-0_L S_2-3_L",
}
MONTECARLO_DEFAULT_CHOICES = [  # one default-budget montecarlo bot (seed 5) along a random game (deal 21)
    "E 6-2 L", "N 2-0 R", "W 3-3 R", "S 6-0 L", "E 6-3 L", "N 4-1 L", "W 2-2 R", "S 1-3 L", "E 3-6 L",
    "N 2-0 R", "W 0-5 R", "S 1-5 L", "E 1-1 L", "E 5-2 R", "N 5-4 L", "W 5-5 R", "N 0-4 R", "W 0-5 L"]
REFERENCE_RULES = {"six_love": Rules.six_love(), "vietnamese3": Rules.vietnamese(3),
                   "wild2": Rules.vietnamese(2, blank_rule="wild", draw_mode="until_playable",
                                             drawn_tile_must_play=False)}


@pytest.mark.parametrize("key", sorted(MONTECARLO_REFERENCE), ids=lambda key: f"{key[0]}-{key[1]}")
def test_montecarlo_bot_plays_as_before(key):
    name, deal = key
    hand = Hand.dealt(REFERENCE_RULES[name], deal)
    bots = {s: make_bot("montecarlo", 100 + deal * 10 + i, rollouts=40) for i, s in enumerate(hand.seats)}
    while hand.outcome is None:
        hand.push(bots[hand.turn].choose(seat_view(hand, hand.turn)))
    assert " ".join(str(m).replace(" ", "_") for m in hand.moves) == MONTECARLO_REFERENCE[key]


def test_montecarlo_bot_default_budget_chooses_as_before():
    hand = Hand.dealt(Rules.six_love(), 21)
    rng = random.Random(21)
    bot = make_bot("montecarlo", 5)
    choices = []
    while hand.outcome is None:
        view = seat_view(hand, hand.turn)
        if len(view.legal_moves) > 1:
            choices.append(str(bot.choose(view)))
        hand.push(rng.choice(hand.legal_move_list()))
    assert choices == MONTECARLO_DEFAULT_CHOICES


def _moves_of(rules: Rules, seed: int, bot_seed: int, **options) -> list[str]:
    hand = Hand.dealt(rules, seed)
    bots = {seat: make_bot("montecarlo", bot_seed + i, **options) for i, seat in enumerate(hand.seats)}
    play_checked(hand, bots)
    return [str(m) for m in hand.moves]


@pytest.mark.parametrize("rules", [Rules.six_love(), Rules.vietnamese(3)], ids=["six_love", "vietnamese3"])
@pytest.mark.slow  # whole hands of thinking bots
def test_montecarlo_bot_is_deterministic_for_a_seed(rules):
    for seed in range(3):
        assert _moves_of(rules, seed, 7, rollouts=60) == _moves_of(rules, seed, 7, rollouts=60)


def test_montecarlo_bot_choices_depend_on_its_seed():
    hand = Hand.dealt(Rules.six_love(), 4)
    rng = random.Random(4)
    while len(hand.legal_move_list()) < 2 or hand.ply < 4:
        hand.push(rng.choice(hand.legal_move_list()))
    view = seat_view(hand, hand.turn)
    stats = []
    for seed in range(4):
        bot = make_bot("montecarlo", seed, rollouts=40)
        bot.choose(view)
        stats.append(bot.last_stats["scores"])
    assert len({tuple(sorted(s.items())) for s in stats}) > 1  # different samples, different estimates


def test_time_cap_stops_after_one_world():
    hand = Hand.dealt(Rules.six_love(), 11)
    rng = random.Random(11)
    while len(distinct_moves(seat_view(hand, hand.turn))) < 2:
        hand.push(rng.choice(hand.legal_move_list()))
    bot = make_bot("montecarlo", 1, rollouts=10 ** 7, max_ms=1e-6)
    move = bot.choose(seat_view(hand, hand.turn))
    assert move in hand.legal_moves
    assert bot.last_stats["worlds"] == 1
    bot = make_bot("strong", 1, rollouts=10 ** 7, max_ms=1e-6)
    move = bot.choose(seat_view(hand, hand.turn))
    assert move in hand.legal_moves
    assert bot.last_estimates[0].samples == 1


def test_forced_and_mirror_moves_need_no_rollouts():
    hand = Hand.dealt(Rules.six_love(), 2)
    view = seat_view(hand, hand.turn)  # the 6-6 must be posed: one move
    bot = make_bot("montecarlo", 0)
    assert bot.choose(view) == view.legal_moves[0]
    assert bot.last_stats["worlds"] == 0
    # after 6-6 is posed both ends show 6: a 6-x tile on the left or the right is one choice
    hand.push(view.legal_moves[0])
    view = seat_view(hand, hand.turn)
    tiles = {m.tile for m in view.legal_moves}
    assert len(distinct_moves(view)) == len(tiles)


def _random_positions(rules: Rules, count: int, seed: int = 0):
    rng = random.Random(seed)
    found = 0
    game = 0
    while found < count:
        game += 1
        hand = Hand.dealt(rules, rng.randrange(10 ** 6))
        stop = rng.randrange(1, 30)
        while hand.outcome is None and hand.ply < stop:
            hand.push(rng.choice(hand.legal_move_list()))
        if hand.outcome is None:
            found += 1
            yield hand


@pytest.mark.parametrize("rules", [Rules.six_love(), Rules.vietnamese(2), Rules.vietnamese(3),
                                   Rules.vietnamese(3, blank_rule="wild")],
                         ids=["six_love", "vietnamese2", "vietnamese3", "wild"])
def test_sampled_worlds_agree_with_the_view(rules):
    """Every sampled world deals exactly the unseen tiles, in the right numbers, honouring the voids."""
    honoured = total = 0
    for hand in _random_positions(rules, 60, seed=rules.players + len(rules.blank_rule)):
        seat = hand.turn
        view = seat_view(hand, seat)
        sampler = WorldSampler(view)
        voids = view.voids()
        # the truth is one consistent world, so the voids of the other seats are facts about it
        for other, numbers in voids.items():
            if other == seat:
                continue  # the seat may hold a tile it has just drawn, which fits
            for number in numbers:
                assert not any(t.has(number) for t in hand.held(other)), (other, number)
        for draw in range(5):
            held, pile = sampler.sample(random.Random(draw))
            assert sorted(held[seat]) == sorted(view.tiles)
            assert {s: len(t) for s, t in held.items()} == view.counts
            assert len(pile) == view.boneyard_size
            dealt = [t for s, tiles in held.items() if s != seat for t in tiles] + pile
            assert sorted(dealt) == sorted(view.unseen_tiles())
            for other, numbers in voids.items():
                if other == seat:
                    continue
                total += 1
                banned = 0
                for number in numbers:
                    banned |= MASK_WITH[number]
                honoured += not any(banned >> t & 1 for t in held[other])
    assert honoured == total  # with voids drawn from a real deal, a consistent world always exists


def test_from_position_plays_on_like_the_real_hand():
    """The engine addition bots use: a hand rebuilt at a position continues exactly as the original."""
    for rules in (Rules.six_love(), Rules.vietnamese(2), Rules.vietnamese(3, blank_rule="wild"),
                  Rules.vietnamese(2, draw_mode="until_playable", drawn_tile_must_play=False)):
        for hand in _random_positions(rules, 40, seed=5):
            rebuilt = Hand.from_position(rules, {s: hand.held(s) for s in hand.seats}, hand.boneyard, hand.line,
                                         hand.turn, lead_index=hand.lead_index, drawn=hand.drawn, drew=hand.drew)
            assert rebuilt.ends == hand.ends and rebuilt.boneyard == hand.boneyard
            assert rebuilt.legal_move_list() == hand.legal_move_list()
            twin = rebuilt.copy()
            rng = random.Random(hand.ply)
            while hand.outcome is None:
                move = rng.choice(hand.legal_move_list())
                assert move in rebuilt.legal_moves
                hand.push(move)
                rebuilt.push(move)
                twin.push(move)
            assert rebuilt.outcome == hand.outcome == twin.outcome
            while rebuilt.moves:
                rebuilt.pop()
            assert rebuilt.held("S") == sorted(twin.deal["S"])


def test_rollout_finishes_hands():
    rng = random.Random(0)
    for seed in range(50):
        hand = rollout(Hand.dealt(Rules.vietnamese(3), seed), rng, 0.2)
        assert hand.is_over


def test_partner_domino_counts_as_a_win():
    """The strong bot scores from its team's side: a position where the partner's domino wins."""
    from dominoes_widget.studies.bots.montecarlo import _scorer

    rules = Rules.six_love()
    for hand in _random_positions(rules, 40, seed=9):
        view = seat_view(hand, hand.turn)
        score = _scorer(view, 0.0)
        rollout(hand, random.Random(1), 0.1)
        outcome = hand.outcome
        expected = 0.0 if outcome.tie else (1.0 if outcome.winner_team == team_of(view.seat) else -1.0)
        assert score(hand) == expected


@pytest.mark.slow  # a duplicate match of Monte Carlo bots
def test_montecarlo_bot_beats_random_in_a_duplicate_run():
    """Even on a small budget the Monte Carlo team clearly beats a random one (the seed fixes the run)."""
    results = simulate("six_love", ["montecarlo", "random"], hands=80, seed=0, workers=1, duplicate=True,
                       progress=False, bot_options={"montecarlo": {"rollouts": 60}})
    strong = results.win_rates()[0]
    assert strong["player"] == "montecarlo" and strong["hands"] == 80
    assert strong["win_rate"] >= 0.6, results
    assert strong["ci_low"] > 0.5, results


@pytest.mark.parametrize("name", ["strong", "montecarlo"])
@pytest.mark.slow  # whole hands of thinking bots
def test_monte_carlo_bots_in_the_vietnamese_game_draw_and_pass_legally(name):
    rules = Rules.vietnamese(2)
    seen = set()
    for seed in range(10):
        hand = Hand.dealt(rules, seed)
        bots = {seat: make_bot(name, seed, rollouts=30) for seat in hand.seats}
        play_checked(hand, bots)
        seen |= {m.action for m in hand.moves}
    assert DRAW in seen  # the pile was used


@pytest.mark.parametrize("preset", ["six_love", "vietnamese3_wild", "vietnamese2_until"])
def test_greedy_bot_draws_among_its_heaviest_tiles_as_rng_choice_does(preset):
    """The greedy bot's tie-break is ``rng.choice`` written out for speed: the same seed must
    pick the same tile, every time, as ``rng.choice`` over the heaviest plays."""
    from dominoes_widget.studies.bots.base import heaviness

    rules = PRESETS[preset]
    for deal in range(40):
        hand = Hand.dealt(rules, deal)
        bot, twin = make_bot("greedy", deal), random.Random(deal)
        while hand.outcome is None:
            view = seat_view(hand, hand.turn)
            plays = [m for m in view.legal_moves if m.tile is not None and m.action in ("lead", "play")]
            best = max(map(heaviness, plays), default=None)
            expected = twin.choice([m for m in plays if heaviness(m) == best]) if plays else view.legal_moves[0]
            assert bot.choose(view) is expected
            hand.push(expected)
