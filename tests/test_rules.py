"""Rules as data: presets, every named setting of RULES.md, errors, and the turn order."""

from __future__ import annotations

import pytest

from dominoes_widget import Hand, Rules, RulesError
from dominoes_widget.engine.rules import SETTINGS

from engine_helpers import hand_with, play

PARTNERSHIP_ONLY = {"sporting", "blocked_rule", "scoring", "straight_six_tie", "six_love_break", "replay_leader",
                    "leader_after_reset", "one_all_playoff", "playoff_leader"}
VIETNAMESE_ONLY = {"no_double_fallback", "drawn_tile_must_play", "draw_mode", "block_detection", "tie_rule", "blank_rule"}
BOTH = {"direction", "target"}

# RULES.md, setting by setting: the values it names, the default first.
RULES_MD_SETTINGS = {
    "direction": ("anticlockwise", "clockwise"),
    "sporting": (False, True),
    "blocked_rule": ("lowest_individual", "lowest_team_total"),
    "scoring": ("six_love", "straight_six"),
    "straight_six_tie": ("no_points", "accumulate"),
    "six_love_break": ("reset", "streak"),
    "replay_leader": ("seed", "double_six_holder"),
    "leader_after_reset": ("previous_winner", "double_six_holder"),
    "one_all_playoff": (False, True),
    "playoff_leader": ("double_six_holder", "previous_winner"),
    "no_double_fallback": ("highest_tile", "redeal"),
    "drawn_tile_must_play": (True, False),
    "draw_mode": ("one", "until_playable"),
    "blank_rule": ("standard", "wild"),
    "block_detection": ("dead_ends", "exhaust_boneyard"),
    "tie_rule": ("no_winner", "fewest_tiles"),
}


# -- presets ------------------------------------------------------------------------------
def test_six_love_preset_is_the_partnership_game_scored_six_love_to_6():
    rules = Rules.six_love()
    assert (rules.game, rules.players, rules.scoring, rules.target) == ("partnership", 4, "six_love", 6)
    assert rules.seats == ("N", "E", "S", "W")
    assert not rules.has_boneyard and rules.is_partnership
    assert rules.name == "Six Love"
    assert Rules() == rules == Rules.preset("six_love")


def test_straight_six_preset():
    rules = Rules.straight_six()
    assert (rules.game, rules.scoring, rules.target) == ("partnership", "straight_six", 6)
    assert rules.name == "Straight Six" and rules == Rules.preset("straight_six")


@pytest.mark.parametrize("players, seats, pile", [(2, ("S", "N"), True), (3, ("S", "E", "N"), True),
                                                  (4, ("N", "E", "S", "W"), False)])
def test_vietnamese_presets_seat_2_3_4_players_with_a_pile_below_4(players, seats, pile):
    """RULES.md: Vietnamese seats 2 players S, N; 3 players S, E, N; 4 players N, E, S, W."""
    rules = Rules.vietnamese(players)
    assert (rules.game, rules.players, rules.seats, rules.has_boneyard) == ("vietnamese", players, seats, pile)
    assert rules.target is None  # RULES.md: Vietnamese target default none (play on)
    assert rules == Rules.preset(f"vietnamese{players}")
    assert rules.name == f"Vietnamese, {players} players"


def test_unknown_preset_lists_the_presets():
    with pytest.raises(RulesError) as error:
        Rules.preset("seven_love")
    for name in ("six_love", "straight_six", "vietnamese2", "vietnamese3", "vietnamese4"):
        assert name in str(error.value)


def test_presets_take_settings():
    assert Rules.preset("straight_six", straight_six_tie="accumulate").straight_six_tie == "accumulate"
    assert Rules.vietnamese(3, draw_mode="until_playable").draw_mode == "until_playable"


# -- every setting by name ------------------------------------------------------------------
def test_the_engine_knows_exactly_the_settings_of_rules_md():
    assert set(SETTINGS) == set(RULES_MD_SETTINGS) | {"target"}
    for name, values in RULES_MD_SETTINGS.items():
        assert SETTINGS[name].values == values, name
    assert {n for n, s in SETTINGS.items() if s.games == ("partnership",)} == PARTNERSHIP_ONLY
    assert {n for n, s in SETTINGS.items() if s.games == ("vietnamese",)} == VIETNAMESE_ONLY
    assert {n for n, s in SETTINGS.items() if len(s.games) == 2} == BOTH


@pytest.mark.parametrize("game", ["partnership", "vietnamese"])
def test_absent_settings_take_their_defaults_the_first_value_in_rules_md(game):
    rules = Rules.from_settings(game, players=None if game == "partnership" else 3)
    for name, values in RULES_MD_SETTINGS.items():
        if game in SETTINGS[name].games:
            assert getattr(rules, name) == values[0], name
    assert rules.target == (6 if game == "partnership" else None)


@pytest.mark.parametrize(
    "game, name, value",
    [(g, n, v) for n, vs in RULES_MD_SETTINGS.items() for v in vs
     for g in ("partnership", "vietnamese") if g in SETTINGS[n].games],
)
def test_every_setting_is_chosen_by_name(game, name, value):
    """RECORD.md: setting names and values exactly as in RULES.md."""
    rules = Rules.from_settings(game, {name: value}, players=4 if game == "partnership" else 3)
    assert getattr(rules, name) == value
    assert rules.settings()[name] == value
    assert Rules.from_settings(game, rules.settings(), players=rules.players) == rules
    assert rules.with_settings(**{name: value}) == rules


@pytest.mark.parametrize("game, target", [("partnership", 3), ("partnership", 11), ("vietnamese", 5)])
def test_target_setting(game, target):
    assert Rules.from_settings(game, {"target": target}).target == target


def test_changed_settings_only():
    rules = Rules.six_love(one_all_playoff=True, direction="clockwise")
    assert rules.settings(changed_only=True) == {"one_all_playoff": True, "direction": "clockwise"}


# -- errors ---------------------------------------------------------------------------------
def test_unknown_setting_is_refused_listing_the_valid_names():
    with pytest.raises(RulesError) as error:
        Rules.from_settings("partnership", {"spinners": True})
    assert "'spinners'" in str(error.value)
    for name in SETTINGS:
        assert name in str(error.value)


@pytest.mark.parametrize(
    "name, value, allowed",
    [("scoring", "seven_love", ["'six_love'", "'straight_six'"]),
     ("direction", "left", ["'anticlockwise'", "'clockwise'"]),
     ("sporting", "yes", ["false", "true"]),
     ("sporting", 1, ["false", "true"]),
     ("blocked_rule", None, ["'lowest_individual'", "'lowest_team_total'"])],
)
def test_a_value_a_setting_does_not_take_is_refused_listing_the_valid_ones(name, value, allowed):
    with pytest.raises(RulesError) as error:
        Rules.from_settings("partnership", {name: value})
    assert f"'{name}'" in str(error.value)
    for word in allowed:
        assert word in str(error.value)


@pytest.mark.parametrize("value", [0, -1, "6", 2.5, True])
def test_target_must_be_a_whole_number_of_at_least_1(value):
    with pytest.raises(RulesError, match="target"):
        Rules.from_settings("partnership", {"target": value})


@pytest.mark.parametrize("game, name", [("partnership", "draw_mode"), ("partnership", "tie_rule"),
                                        ("vietnamese", "scoring"), ("vietnamese", "sporting")])
def test_a_setting_of_the_other_game_is_refused(game, name):
    with pytest.raises(RulesError, match=f"'{name}' does not apply to the {game} game"):
        Rules.from_settings(game, {name: SETTINGS[name].values[0]})


def test_bad_game_and_player_counts_are_refused():
    with pytest.raises(RulesError, match="unknown game"):
        Rules.from_settings("mexican_train")
    with pytest.raises(RulesError, match="2, 3 or 4"):
        Rules.vietnamese(5)
    with pytest.raises(RulesError, match="exactly 4"):
        Rules(game="partnership", players=3)


# -- turn order -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "rules, order",
    [(Rules.six_love(), ("S", "E", "N", "W")),
     (Rules.six_love(direction="clockwise"), ("S", "W", "N", "E")),
     (Rules.vietnamese(4), ("S", "E", "N", "W")),
     (Rules.vietnamese(3), ("S", "E", "N")),
     (Rules.vietnamese(3, direction="clockwise"), ("S", "N", "E")),
     (Rules.vietnamese(2), ("S", "N"))],
)
def test_turn_order(rules, order):
    """RULES.md: anticlockwise S → E → N → W; Vietnamese 3 players S → E → N."""
    assert rules.turn_order == order


# A partnership deal: N holds every double; W every blank and 1-2.
DOUBLES_TO_N = dict(N="0-0 1-1 2-2 3-3 4-4 5-5 6-6", W="0-1 0-2 0-3 0-4 0-5 0-6 1-2",
                    S="1-3 1-4 1-5 1-6 2-3 2-4 2-5", E="2-6 3-4 3-5 3-6 4-5 4-6 5-6")


def _turns(hand: Hand) -> list[str]:
    seen = [hand.turn]
    while len(seen) < 5:
        move = hand.legal_move_list()[0]
        hand.push(move)
        seen.append(hand.turn)
    return seen


def test_anticlockwise_play_goes_to_the_right_hand_neighbour():
    """RULES.md: S → E → N → W → S. N leads the 6-6, so W, S, E, N follow."""
    hand = hand_with(Rules.six_love(), DOUBLES_TO_N)
    assert _turns(hand) == ["N", "W", "S", "E", "N"]


def test_clockwise_play():
    hand = hand_with(Rules.six_love(direction="clockwise"), DOUBLES_TO_N)
    assert _turns(hand) == ["N", "E", "S", "W", "N"]


def test_vietnamese_two_players_alternate():
    hand = hand_with(Rules.vietnamese(2), dict(S="6-6 0-6 1-6 2-6 3-6 4-6 5-6", N="0-0 0-1 0-2 0-3 0-4 0-5 1-1"),
                     "1-2 1-3 1-4 1-5 2-2 2-3 2-4 2-5 3-3 3-4 3-5 4-4 4-5 5-5")
    play(hand, "S 6-6", "N draw 1-2")  # the draw does not fit: the turn passes
    assert hand.turn == "S"
    play(hand, "S 6-0 L")
    assert hand.turn == "N"


def test_vietnamese_three_players_play_s_e_n():
    hand = hand_with(Rules.vietnamese(3), dict(S="6-6 0-6 1-6 2-6 3-6 4-6 5-6", E="0-0 0-1 0-2 0-3 0-4 0-5 1-1",
                                               N="1-2 1-3 1-4 1-5 2-2 2-3 2-4"),
                     "2-5 3-3 3-4 3-5 4-4 4-5 5-5")
    assert hand.turn == "S"
    play(hand, "S 6-6")
    assert hand.turn == "E"
    play(hand, "E draw")
    assert hand.turn == "N"
    play(hand, "N draw")
    assert hand.turn == "S"
