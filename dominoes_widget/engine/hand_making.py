"""The ways a :class:`~dominoes_widget.engine.hand.Hand` is made: the position at the deal,
a deal at random, a position given directly, and a copy.

``Hand``'s constructors (``Hand(...)``, ``Hand.dealt``, ``Hand.from_masks``,
``Hand.from_position``, ``Hand.copy``) call these; every hand's attributes are set in one
place, :func:`set_up`, in the same order.
"""

from __future__ import annotations

import random
from collections import deque
from typing import TYPE_CHECKING, Iterable, Mapping, TypedDict

from .dealing import deal_masks, opening_lead_of_masks, rng_of
from .errors import DealError, Problem, Reason, excerpt
from .masks import unplayed_counts
from .rules import Rules
from .tiles import Tile

if TYPE_CHECKING:
    from .hand import Hand


class LeadOptions(TypedDict, total=False):
    """The lead keywords :meth:`Hand.dealt` passes on to :class:`Hand`."""

    lead_tile: Tile | str | None
    leaders: Iterable[str] | None


def set_up(hand: Hand, rules: Rules, held: dict[str, int], pile: Iterable[Tile], leader: str | None,
           lead_tile: Tile | str | None, leaders: Iterable[str] | None) -> None:
    """Set ``hand`` at the deal: ``held`` each seat's tiles as a mask, ``pile`` the draw pile (top first)."""
    # (a hand keeps at most 30 attribute names, the most CPython shares between instances:
    # one more and every attribute read of every hand takes the slow path; a test holds it)
    hand.rules = rules
    hand.seats = rules.seats
    hand._dealt = held
    hand.initial_boneyard = tuple(pile)
    if leader is None:
        opening = opening_lead_of_masks(rules, held)
        if opening is None:
            raise DealError([Problem(Reason.BAD_DEAL, "no double was dealt and the rules say to redeal")])
        leader, default_tile = opening
        if lead_tile is None and not (rules.is_partnership and rules.sporting):
            lead_tile = default_tile
    if leader not in hand.seats:
        raise DealError([Problem(Reason.BAD_LEADER, f"leader {excerpt(leader)} is not a seat in play "
                                                    f"({', '.join(hand.seats)})")])
    hand.leader = leader
    hand.lead_tile = Tile.parse(lead_tile) if isinstance(lead_tile, str) else lead_tile
    hand.leaders = frozenset(leaders) if leaders is not None else rules.seat_set
    hand._next_seat = rules.next_seat
    hand._wild = rules.blank_rule == "wild"

    hand._held = held.copy()
    hand._pile = list(reversed(hand.initial_boneyard))  # the top of the pile is last
    hand._unplayed_with = [7] * 7
    hand.line = deque()
    hand.turn = leader
    hand.moves = []
    hand._stack = []  # per move: (ends before it, turn, drawn, drew, outcome, lead_index)
    hand.left = hand.right = None
    hand.lead_index = 0
    hand.outcome = None
    hand._drawn = None
    hand._drew = False
    hand._origin = None
    hand._offered = ()
    hand._unstacked = None
    hand._deal = None
    hand._history_start = None


def dealt_at_random(cls: type[Hand], rules: Rules, seed: int | random.Random | None, leader: str | None,
                    lead_options: LeadOptions) -> Hand:
    """:meth:`Hand.dealt`: a hand dealt from ``seed``, dealt again while the rules ask a redeal."""
    rng = seed if isinstance(seed, random.Random) else rng_of(seed)
    while True:
        held, pile = deal_masks(rules, rng)
        lead_tile = lead_options.get("lead_tile")
        lead_tile = Tile.parse(lead_tile) if isinstance(lead_tile, str) else lead_tile
        if leader is None:
            opening = opening_lead_of_masks(rules, held)
            if opening is None:
                continue  # no double, and the rules say to redeal
            leader, tile_led = opening
            if "lead_tile" not in lead_options and not (rules.is_partnership and rules.sporting):
                lead_tile = tile_led
        return cls.from_masks(rules, held, pile, leader, lead_tile=lead_tile, leaders=lead_options.get("leaders"))


def at_position(cls: type[Hand], rules: Rules, held: Mapping[str, Iterable[Tile]], boneyard: Iterable[Tile],
                line: Iterable[tuple[int, int]], turn: str, lead_index: int, leader: str | None,
                drawn: Tile | None, drew: bool) -> Hand:
    """:meth:`Hand.from_position`: a hand at a position given directly (the tiles trusted)."""
    line = tuple(line)
    hand = cls(rules, held, boneyard, leader or turn, _trusted=True)
    hand._origin = (hand.deal, hand.initial_boneyard, line, turn, lead_index, leader, drawn, drew)
    hand._unplayed_with = unplayed_counts(line)
    hand.line.extend(line)
    if line:
        hand.left, hand.right = line[0][0], line[-1][1]
    hand.lead_index = lead_index
    hand.turn = turn
    hand._drawn = drawn
    hand._drew = drew
    return hand


def copy_of(hand: Hand) -> Hand:
    """:meth:`Hand.copy`: the same start (a deal, or a position given directly) and the same moves made again."""
    cls = type(hand)
    if hand._origin is not None:
        deal, pile, line, turn, lead_index, leader, drawn, drew = hand._origin
        twin = cls.from_position(hand.rules, deal, pile, line, turn, lead_index=lead_index, leader=leader,
                                 drawn=drawn, drew=drew)
    else:
        twin = cls(hand.rules, hand.deal, hand.initial_boneyard, hand.leader, lead_tile=hand.lead_tile,
                   leaders=hand.leaders)
    for move in hand.moves:
        twin._apply(move)
    return twin
