"""Small helpers shared by the engine tests: fixed deals written as text, and bot matches."""

from __future__ import annotations

import random

from dominoes_widget import Hand, Match, Rules, Tile, seat_view
from dominoes_widget.studies.bots import make_bot
from dominoes_widget.engine.match import TEAMS

__all__ = ["tiles", "deal", "hand_with", "play", "play_match", "random_hand", "tiles_everywhere"]


def tiles(text: str) -> list[Tile]:
    """``"0-1 2-2"`` → the tiles, in written order."""
    return [Tile.parse(word) for word in text.split()]


def deal(**seats: str) -> dict[str, list[Tile]]:
    """A deal written seat by seat: ``deal(N="6-6 5-5 …", E="…")``."""
    return {seat: tiles(text) for seat, text in seats.items()}


def hand_with(rules: Rules, seats: dict[str, str], pile: str = "", **options) -> Hand:
    """A hand from a deal written as text (the draw pile top first)."""
    return Hand(rules, deal(**seats), tiles(pile), **options)


def play(hand_or_match, *moves: str) -> None:
    """Push moves written in record notation, in order."""
    for move in moves:
        hand_or_match.push(move)


def tiles_everywhere(hand: Hand) -> list[Tile]:
    """Every tile in the hands, on the table and in the pile (each should appear once)."""
    held = [t for seat in hand.seats for t in hand.held(seat)]
    table = [m.tile for m in hand.moves if m.action in ("lead", "play")]
    return held + table + hand.boneyard


def random_hand(rules: Rules, rng: random.Random, *, check: bool = True) -> Hand:
    """A hand dealt from ``rng`` and played to its end with random legal moves."""
    hand = Hand.dealt(rules, rng)
    while not hand.is_over:
        move = rng.choice(hand.legal_move_list())
        hand.push(move) if check else hand.push_unchecked(move)
    return hand


def play_match(rules: Rules, seed: int, bots: tuple[str, ...] = ("greedy", "random"), max_hands: int = 60,
               start=None) -> Match:
    """A match between bots that see only their seat views, until it is won (or ``max_hands``).

    Partnership: ``bots[0]`` plays N-S and ``bots[1]`` E-W; Vietnamese: the bots by seat, in turn.
    When the lead falls to a team, the team's bot picks the partner who leads.
    """
    rng = random.Random(seed)
    match = Match(rules, start, seed=rng.randrange(2**32))
    if rules.is_partnership:
        by_team = {team: make_bot(name, rng.randrange(2**32)) for team, name in zip(TEAMS, bots)}
        players = {seat: by_team["NS" if seat in "NS" else "EW"] for seat in rules.seats}
    else:
        players = {seat: make_bot(bots[i % len(bots)], rng.randrange(2**32)) for i, seat in enumerate(rules.seats)}
    for _ in range(max_hands):
        if match.is_over:
            break
        hand = match.deal()
        leaders, _ = match.lead_rule(hand.deal)
        if len(leaders) > 1:
            bot = players[leaders[0]]
            choice = bot.choose_leader(leaders, {s: seat_view(hand, s, match.state) for s in leaders})
            if choice != hand.leader:
                match.undeal()
                hand = match.deal(hand.deal, hand.initial_boneyard, choice)
        while not hand.is_over:
            seat = hand.turn
            view = seat_view(hand, seat, match.state)
            match.push(players[seat].choose(view))
    return match


# -- a partnership hand that blocks ---------------------------------------------------------
# The leader poses the 6-6 and ten plays put all seven sixes on the table with 6|6 showing.
# Written for S leading (S, E, N, W in anticlockwise order); ``blocked_hand`` turns it to any
# leader. The leader and the next seat then hold 4 more tiles each, the other two 5 each.
CHAIN = ["S 6-6", "E 6-1 L", "N 6-3 R", "W 1-2 L", "S 3-4 R", "E 2-6 L", "N 4-6 R", "W 6-0 L", "S 0-5 L", "E 5-6 L"]
_CHAIN_BASE = {"S": "6-6 3-4 0-5", "E": "1-6 2-6 5-6", "N": "3-6 4-6", "W": "1-2 0-6"}
_ORDER = ("S", "E", "N", "W")

# Extra tiles by role (leader, next, leader's partner, last) and what the block gives.
LEADER_LOWEST = ("0-0 0-1 0-2 1-1", "0-3 0-4 1-3 1-4", "3-3 3-5 4-4 4-5 5-5", "1-5 2-2 2-3 2-4 2-5")
OPPONENTS_TIE = ("0-0 0-3 1-4 2-2", "0-1 0-2 1-1 2-5", "3-3 3-5 4-4 4-5 5-5", "0-4 1-3 1-5 2-3 2-4")
LAST_LOWEST = ("1-1 1-4 2-4 2-5", "1-3 3-3 3-5 4-4", "0-2 0-4 1-5 2-2 4-5", "0-0 0-1 0-3 2-3 5-5")


def _rotation(leader: str) -> dict[str, str]:
    shift = _ORDER.index(leader)
    return {seat: _ORDER[(i + shift) % 4] for i, seat in enumerate(_ORDER)}


def blocked_deal(leader: str, extras: tuple[str, str, str, str]) -> dict[str, list[Tile]]:
    """The blocking deal with ``leader`` holding the 6-6 and ``extras`` by role."""
    turn = _rotation(leader)
    return {turn[seat]: tiles(f"{_CHAIN_BASE[seat]} {extra}") for seat, extra in zip(_ORDER, extras)}


def blocked_moves(leader: str) -> list[str]:
    turn = _rotation(leader)
    return [f"{turn[m[0]]}{m[1:]}" for m in CHAIN]
