"""The bots, and the strong (Monte Carlo) bot in particular: legality, knowledge, seeds, strength."""

from __future__ import annotations

import random

import pytest

from dominoes_widget import Hand, Rules, seat_view
from dominoes_widget.bots import BOTS, StrongBot, bot_names, make_bot
from dominoes_widget.bots.strong import WorldSampler, distinct_moves, rollout
from dominoes_widget.hand import team_of
from dominoes_widget.move import DRAW
from dominoes_widget.simulation import simulate
from dominoes_widget.tiles import MASK_WITH

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
    return make_bot(name, seed, **(SMALL if name == "strong" else {}))


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
@pytest.mark.parametrize("name", ["random", "greedy", "strong"])
def test_bots_play_only_legal_moves(preset, name):
    rules = PRESETS[preset]
    hands = 12 if name == "strong" else 60
    for seed in range(hands):
        hand = Hand.dealt(rules, seed)
        bots = {seat: _bot(name, seed * 10 + i) for i, seat in enumerate(hand.seats)}
        play_checked(hand, bots)
        assert hand.is_over


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_mixed_tables_play_legally(preset):
    rules = PRESETS[preset]
    names = ["strong", "greedy", "random", "strong"]
    for seed in range(8):
        hand = Hand.dealt(rules, 1000 + seed)
        bots = {seat: _bot(names[(i + seed) % 4], seed) for i, seat in enumerate(hand.seats)}
        play_checked(hand, bots)


def test_registry_names_the_strong_bot():
    assert {"random", "greedy", "strong", "montecarlo"} <= set(bot_names())
    assert BOTS["montecarlo"] is StrongBot
    bot = make_bot("bot:strong", 3, rollouts=50, max_ms=20)
    assert isinstance(bot, StrongBot) and bot.rollouts == 50 and bot.max_ms == 20
    with pytest.raises(ValueError, match="rollouts"):
        make_bot("strong", 0, rollouts=0)
    with pytest.raises(ValueError, match="max_ms"):
        make_bot("strong", 0, max_ms=-1)
    with pytest.raises(TypeError):
        make_bot("strong", 0, budget=3)


def _moves_of(rules: Rules, seed: int, bot_seed: int, **options) -> list[str]:
    hand = Hand.dealt(rules, seed)
    bots = {seat: make_bot("strong", bot_seed + i, **options) for i, seat in enumerate(hand.seats)}
    play_checked(hand, bots)
    return [str(m) for m in hand.moves]


@pytest.mark.parametrize("rules", [Rules.six_love(), Rules.vietnamese(3)], ids=["six_love", "vietnamese3"])
def test_strong_bot_is_deterministic_for_a_seed(rules):
    for seed in range(3):
        assert _moves_of(rules, seed, 7, rollouts=60) == _moves_of(rules, seed, 7, rollouts=60)


def test_strong_bot_choices_depend_on_its_seed():
    hand = Hand.dealt(Rules.six_love(), 4)
    rng = random.Random(4)
    while len(hand.legal_move_list()) < 2 or hand.ply < 4:
        hand.push(rng.choice(hand.legal_move_list()))
    view = seat_view(hand, hand.turn)
    stats = []
    for seed in range(4):
        bot = make_bot("strong", seed, rollouts=40)
        bot.choose(view)
        stats.append(bot.last_stats["scores"])
    assert len({tuple(sorted(s.items())) for s in stats}) > 1  # different samples, different estimates


def test_time_cap_stops_after_one_world():
    hand = Hand.dealt(Rules.six_love(), 11)
    rng = random.Random(11)
    while len(distinct_moves(seat_view(hand, hand.turn))) < 2:
        hand.push(rng.choice(hand.legal_move_list()))
    bot = make_bot("strong", 1, rollouts=10 ** 7, max_ms=1e-6)
    move = bot.choose(seat_view(hand, hand.turn))
    assert move in hand.legal_moves
    assert bot.last_stats["worlds"] == 1


def test_forced_and_mirror_moves_need_no_rollouts():
    hand = Hand.dealt(Rules.six_love(), 2)
    view = seat_view(hand, hand.turn)  # the 6-6 must be posed: one move
    bot = make_bot("strong", 0)
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
                                         hand.turn, lead_index=hand.lead_index, drawn=hand._drawn, drew=hand._drew)
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
    from dominoes_widget.bots.strong import _scorer

    rules = Rules.six_love()
    for hand in _random_positions(rules, 40, seed=9):
        view = seat_view(hand, hand.turn)
        score = _scorer(view, 0.0)
        rollout(hand, random.Random(1), 0.1)
        outcome = hand.outcome
        expected = 0.0 if outcome.tie else (1.0 if outcome.winner_team == team_of(view.seat) else -1.0)
        assert score(hand) == expected


def test_strong_bot_beats_random_in_a_duplicate_run():
    """Even on a small budget the strong team clearly beats a random one (the seed fixes the run)."""
    results = simulate("six_love", ["strong", "random"], hands=80, seed=0, workers=1, duplicate=True,
                       progress=False, bot_options={"strong": {"rollouts": 60}})
    strong = results.win_rates()[0]
    assert strong["player"] == "strong" and strong["hands"] == 80
    assert strong["win_rate"] >= 0.6, results
    assert strong["ci_low"] > 0.5, results


def test_strong_bot_in_the_vietnamese_game_draws_and_passes_legally():
    rules = Rules.vietnamese(2)
    seen = set()
    for seed in range(10):
        hand = Hand.dealt(rules, seed)
        bots = {seat: make_bot("strong", seed, rollouts=30) for seat in hand.seats}
        play_checked(hand, bots)
        seen |= {m.action for m in hand.moves}
    assert DRAW in seen  # the pile was used
