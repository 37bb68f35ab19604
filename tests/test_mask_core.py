"""The mask core (``dominoes_widget.engine.masks``) and ``Hand`` agree on every position of every game.

Random hands of each game are played to their end with the fast path (``Hand.dealt`` +
``play_out``) and replayed move by move; at every position the legal plays, whether the
seat can play, whether the line is blocked, each seat's count and, at the end, the winner
are worked out three ways: by ``Hand``, by the core on bit masks, and by the rules' plain
words (``Tile.has``, sums of pips) as an oracle neither of them shares. The bots' mask
rollout (``fast_playout``) is held to ``Hand`` playing the same policy.
"""

from __future__ import annotations

import random

import pytest

from dominoes_widget import Hand, Rules
from dominoes_widget.engine import masks
from dominoes_widget.studies.bots.playout import Policy, fast_playout, hand_playout
from dominoes_widget.engine.hand import team_of
from dominoes_widget.engine.move import DRAW, PASS, PLAY
from dominoes_widget.engine.tiles import ALL_TILES, Tile, tile

POSITIONS = 100_000
"""Positions checked per game, its variants taking turns hand by hand."""

GAMES = {
    "partnership": [Rules.six_love(), Rules.straight_six(blocked_rule="lowest_team_total")],
    **{f"vietnamese{n}": [Rules.vietnamese(n, blank_rule=blank, tie_rule=tie)
                          for blank in ("standard", "wild") for tie in ("no_winner", "fewest_tiles")]
       for n in (2, 3, 4)},
}
"""Each game with its variants: the partnership game under both blocked rules, the
Vietnamese game for 2, 3 and 4 players under both blank rules and both tie rules."""


def _naive_fits(tile, end: int, wild: bool) -> bool:
    return tile.has(end) or (wild and end == 0)


def _naive_pips(rules: Rules, tiles) -> int:
    return sum(13 if rules.game == "vietnamese" and t == ALL_TILES[0] else t.pips for t in tiles)


def _check_position(hand: Hand, unplayed: list[int], oracle: bool) -> None:
    """Legal plays, playable and blocked by ``Hand`` and by the core (and, with ``oracle``, by
    the plain rules too); ``unplayed`` counts the tiles out of the line per number."""
    rules, seat = hand.rules, hand.turn
    wild = rules.blank_rule == "wild"
    if seat is None or hand.ends is None:
        return
    left, right = hand.ends
    held = hand.held(seat)
    mine = masks.mask_of(held)
    legal = hand.legal_move_list()
    last = hand.moves[-1]
    drawn = last.tile if last.action == DRAW and last.seat == seat and \
        masks.fitting(1 << last.tile, left, right, wild) else None
    core = masks.plays(mine if drawn is None else 1 << drawn, left, right, wild)
    plays = [(m.tile, m.end, m.first) for m in legal if m.action == PLAY]
    assert sorted(plays) == sorted((t, "LR"[end], half) for t, end, half in core)
    assert hand.has_playable(seat) == bool(masks.fitting(mine, left, right, wild))
    if not core:
        assert [m.action for m in legal] in ([PASS], [DRAW])
    assert not masks.is_blocked(unplayed, left, right, wild=wild)
    if oracle:
        playable = [t for t in held if _naive_fits(t, left, wild) or _naive_fits(t, right, wild)]
        assert masks.tiles_of(masks.fitting(mine, left, right, wild)) == tuple(playable)
        in_line = {tile(a, b) for a, b in hand.line}
        assert unplayed == masks.unplayed_counts(hand.line) == \
            [sum(t.has(n) for t in ALL_TILES if t not in in_line) for n in range(7)]
        assert hand.pips(seat) == masks.pips(mine, rules.double_blank_pips) == _naive_pips(rules, held)


def _check_end(hand: Hand) -> None:
    outcome, rules, seats = hand.outcome, hand.rules, hand.seats
    assert outcome is not None
    left, right = outcome.open_ends
    unplayed = masks.unplayed_counts(hand.line)
    blocked = masks.is_blocked(unplayed, left, right, wild=rules.blank_rule == "wild")
    in_line = {tile(a, b) for a, b in hand.line}
    out = [t for t in ALL_TILES if t not in in_line]
    naive_blocked = not any(_naive_fits(t, left, rules.blank_rule == "wild")
                            or _naive_fits(t, right, rules.blank_rule == "wild") for t in out)
    counts = [_naive_pips(rules, hand.held(s)) for s in seats]
    assert [outcome.pips[s] for s in seats] == counts
    if outcome.termination.value == "domino":
        assert hand.count(outcome.winner_seat) == 0  # (its last tile may block the line too: a domino first)
        return
    assert blocked and naive_blocked
    seat, team, why, lowest = masks.blocked_winner(rules, counts, [hand.count(s) for s in seats], seats)
    assert (outcome.winner_seat, outcome.winner_team, outcome.why, outcome.lowest) == (seat, team, why, lowest)
    assert (seat, team) == _naive_winner(rules, counts, [hand.count(s) for s in seats], seats)


def _naive_winner(rules: Rules, counts, tiles_held, seats):
    """RULES.md's blocked count, read plainly."""
    low = min(counts)
    lowest = [s for s, c in zip(seats, counts) if c == low]
    single = lowest[0] if len(lowest) == 1 else None
    if rules.is_partnership:
        totals = {team: sum(c for s, c in zip(seats, counts) if team_of(s) == team) for team in ("NS", "EW")}
        if rules.blocked_rule == "lowest_team_total":
            if totals["NS"] == totals["EW"]:
                return None, None
            team = min(totals, key=totals.get)
            return (single if single and team_of(single) == team else None), team
        teams = {team_of(s) for s in lowest}
        return (single, teams.pop()) if len(teams) == 1 else (None, None)
    if single:
        return single, None
    if rules.tie_rule == "fewest_tiles":
        held = dict(zip(seats, tiles_held))
        fewest = min(held[s] for s in lowest)
        if sum(held[s] == fewest for s in lowest) == 1:
            return next(s for s in lowest if held[s] == fewest), None
    return None, None


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.slow  # 100,000 positions a game
def test_hand_and_the_mask_core_agree_on_every_position(game):
    rng = random.Random(game)
    positions = hands = 0
    variants = GAMES[game]
    while positions < POSITIONS:
        rules = variants[hands % len(variants)]
        played = Hand.dealt(rules, rng)
        played.play_out(rng)
        replay = Hand(rules, played.deal, played.initial_boneyard, played.leader, lead_tile=played.lead_tile)
        unplayed = [7] * 7
        for move in played.moves:
            _check_position(replay, unplayed, oracle=positions % 16 == 0)
            replay.push(move)
            if move.placed is not None:
                low, high = move.placed
                unplayed[low] -= 1
                unplayed[high] -= low != high
            positions += 1
        _check_end(replay)
        assert replay.outcome == played.outcome
        hands += 1
    assert positions >= POSITIONS


@pytest.mark.parametrize("rules", [Rules.six_love(), Rules.six_love(blocked_rule="lowest_team_total"),
                                   Rules.vietnamese(4), Rules.vietnamese(4, tie_rule="fewest_tiles")],
                         ids=["six_love", "team_total", "vietnamese4", "vietnamese4_fewest"])
def test_the_bots_mask_rollout_ends_as_the_hand_does(rules):
    """``fast_playout`` (masks) and ``hand_playout`` (``Hand``) play one policy to the same end."""
    rng = random.Random(5)
    policy = Policy(sight=(0.0, 0.0))
    order = rules.turn_order
    for _ in range(300):
        hand = Hand.dealt(rules, rng)
        for _ in range(rng.randrange(1, 12)):
            if hand.outcome is None:
                hand.push(rng.choice(hand.legal_move_list()))
        if hand.outcome is not None:
            continue
        held = [masks.mask_of(hand.held(seat)) for seat in order]
        left, right = hand.ends
        final, domino = fast_playout(policy, held, left, right, masks.unplayed_counts(hand.line),
                                     order.index(hand.turn))
        outcome = hand_playout(policy, hand).outcome
        assert [outcome.held_masks[seat] for seat in order] == final
        if domino is not None:
            assert outcome.winner_seat == order[domino] and outcome.why.value == "domino"
        else:
            counts = [masks.pips(m, rules.double_blank_pips) for m in final]
            seat, team, _why, _lowest = masks.blocked_winner(rules, counts, [m.bit_count() for m in final], order)
            assert (outcome.winner_seat, outcome.winner_team) == (seat, team)


def test_plays_on_a_wild_blank_take_any_tile_either_way_round():
    mask = masks.mask_of([Tile.parse("4-6"), Tile.parse("0-0")])
    found = masks.plays(mask, 0, 5, wild=True)
    assert sorted((str(ALL_TILES[t]), end, half) for t, end, half in found) == \
        [("0-0", 0, 0), ("4-6", 0, 4), ("4-6", 0, 6)]
    assert masks.plays(mask, 0, 5) == [(0, 0, 0)]
    assert masks.is_blocked([0] * 7, 0, 5, wild=True) is False
    assert masks.is_blocked([0] * 7, 0, 5) is True
    assert masks.is_blocked([0] * 7, 3, 5, waiting_pile=True) is False


def test_taking_tiles_out_counts_as_the_line_does_and_putting_them_back_undoes_it():
    rng = random.Random(5)
    for _ in range(200):
        line = rng.sample(range(28), rng.randrange(29))
        unplayed = [7] * 7
        for index, t in enumerate(line):
            masks.take_out(unplayed, t)
            assert unplayed == masks.unplayed_counts(masks.HALVES[x] for x in line[:index + 1])
        for t in reversed(line):
            masks.put_back(unplayed, t)
        assert unplayed == [7] * 7
