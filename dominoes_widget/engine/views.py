"""What one seat may know: its own tiles, the others' tile counts, the table and the history.

Bots and the browser get a :class:`SeatView` and nothing else, so hidden tiles cannot
leak through them.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from .hand import Hand, Outcome, last_placed, partner_of, passed_seats, team_of
from . import masks
from .match import MatchState
from .move import DRAW, LEAD, PASS, PLAY, Move
from .rules import Rules
from .tiles import ALL_TILES, Tile

__all__ = ["SeatView", "seat_view"]


@dataclass(frozen=True, init=False)
class SeatView:
    """The position as ``seat`` sees it (``seat`` is ``None`` for a spectator, who sees no hand).

    ``moves`` is the whole history of the hand with other seats' drawn tiles hidden;
    ``ends_before[i]`` the open ends when move ``i`` was made; ``legal_moves`` is empty
    unless ``seat`` is to move. ``revealed`` holds every hand once the hand is over (the
    tiles are turned face up for the count) or when the hands are open; ``pips`` the
    counted pips of every hand the seat sees; ``passed`` the seats whose last action was a
    pass (or a draw that did not fit); ``last_placed`` the index in ``line`` of the tile
    the last move placed; ``draw_fits[i]`` whether the tile drawn by move ``i`` fitted (a
    public fact: the drawer then plays it, or passes to keep it), ``None`` for other moves.
    A view made by :func:`seat_view` works out the fields that follow from its moves (the
    line, ends, counts, tiles...) when first read; it is the same value either way.
    """

    seat: str | None
    rules: Rules
    tiles: tuple[Tile, ...]
    counts: dict[str, int]
    line: tuple[tuple[int, int], ...]
    lead_index: int
    ends: tuple[int, int] | None
    moves: tuple[Move, ...]
    ends_before: tuple[tuple[int, int] | None, ...]
    boneyard_size: int
    turn: str | None
    legal_moves: tuple[Move, ...]
    leader: str
    outcome: Outcome | None = None
    match: MatchState | None = None
    revealed: dict[str, tuple[Tile, ...]] = field(default_factory=dict)
    draw_fits: tuple[bool | None, ...] = ()

    def __init__(self, seat: str | None, rules: Rules, tiles: tuple[Tile, ...], counts: dict[str, int],
                 line: tuple[tuple[int, int], ...], lead_index: int, ends: tuple[int, int] | None,
                 moves: tuple[Move, ...], ends_before: tuple[tuple[int, int] | None, ...], boneyard_size: int,
                 turn: str | None, legal_moves: tuple[Move, ...], leader: str, outcome: Outcome | None = None,
                 match: MatchState | None = None, revealed: dict[str, tuple[Tile, ...]] | None = None,
                 draw_fits: tuple[bool | None, ...] = ()) -> None:
        # a view is made for every decision a bot takes: filling __dict__ at once takes a
        # third of the time of the frozen dataclass's object.__setattr__ per field
        vars(self).update(seat=seat, rules=rules, tiles=tiles, counts=counts, line=line, lead_index=lead_index,
                          ends=ends, moves=moves, ends_before=ends_before, boneyard_size=boneyard_size, turn=turn,
                          legal_moves=legal_moves, leader=leader, outcome=outcome, match=match,
                          revealed={} if revealed is None else revealed, draw_fits=draw_fits)

    if not TYPE_CHECKING:  # (hidden from the type checker, which would let any name through)
        def __getattr__(self, name: str) -> Any:
            """A field :func:`seat_view` left to be worked out from the moves when first read."""
            if name in _FROM_MOVES and "_start" in vars(self):
                _fill_from_moves(self)
                return vars(self)[name]
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    # Facts that follow from the fields above, worked out by the engine's own functions
    # when first asked (a bot asks for none of them, a picture for all).
    @cached_property
    def pips(self) -> dict[str, int]:
        """The counted pips of every hand this view sees (the 0-0 as the rules count it)."""
        seen = self.revealed or ({self.seat: self.tiles} if self.seat is not None else {})
        return {seat: masks.pips(masks.mask_of(tiles), self.rules.double_blank_pips) for seat, tiles in seen.items()}

    @cached_property
    def passed(self) -> tuple[str, ...]:
        """The seats whose last action was a pass, or a draw that did not fit."""
        return passed_seats(self.moves, self.rules.seats, self.turn)

    @cached_property
    def last_placed(self) -> int | None:
        """The index in ``line`` of the tile the last move placed (``None`` after a pass or draw)."""
        return last_placed(self.moves, self.lead_index, len(self.line))

    @property
    def partner(self) -> str | None:
        """The partner's seat in the partnership game."""
        if not self.rules.is_partnership or self.seat is None:
            return None
        return partner_of(self.seat)

    @property
    def team(self) -> str | None:
        return team_of(self.seat) if self.rules.is_partnership and self.seat is not None else None

    def draw_fitted(self, index: int) -> bool | None:
        """Whether move ``index``, a draw, brought a tile that fitted (``None`` for other moves)."""
        return self.draw_fits[index] if index < len(self.draw_fits) else None

    def kept_drawn(self, index: int) -> bool:
        """Whether move ``index`` is a pass that kept the tile its seat had just drawn, which fitted."""
        move = self.moves[index]
        return (move.action == PASS and index > 0 and self.moves[index - 1].seat == move.seat
                and bool(self.draw_fitted(index - 1)))

    @property
    def may_keep_drawn(self) -> bool:
        """Whether the seat to move has just drawn a tile that fits and may keep it (setting
        ``drawn_tile_must_play`` off): a pass now keeps that tile. A public fact, as ``draw_fits``."""
        last = len(self.moves) - 1
        return (not self.rules.drawn_tile_must_play and last >= 0 and self.moves[last].seat == self.turn
                and bool(self.draw_fitted(last)))

    def hand_of(self, seat: str) -> tuple[Tile, ...] | None:
        """``seat``'s tiles when this view sees them face up, else ``None``."""
        if seat in self.revealed:
            return self.revealed[seat]
        return self.tiles if seat == self.seat else None

    def played_tiles(self) -> set[Tile]:
        """The tiles on the table."""
        return {m.tile for m in self.moves if m.action in (LEAD, PLAY) and m.tile is not None}

    def unseen_tiles(self) -> list[Tile]:
        """Tiles this seat cannot see: in other hands or the draw pile."""
        visible = self.played_tiles() | set(self.tiles)
        return [t for t in ALL_TILES if t not in visible]

    def voids(self) -> dict[str, set[int]]:
        """Numbers each other seat is known not to hold, from its passes and draws.

        A seat that passed or drew on ends ``a|b`` held no ``a`` and no ``b``; a draw that
        did not fit keeps that knowledge, but a later draw may bring back older numbers.
        """
        return {seat: set(numbers) for seat, numbers in self.voids_since().items()}

    def voids_since(self) -> dict[str, dict[int, int]]:
        """For each seat, the numbers it is known not to hold and the move that showed it."""
        known: dict[str, dict[int, int]] = {s: {} for s in self.counts}
        wild = self.rules.blank_rule == "wild"
        for index, (move, ends) in enumerate(zip(self.moves, self.ends_before)):
            if ends is None or move.action not in (PASS, DRAW) or (wild and 0 in ends):
                continue
            if move.action == PASS and self.kept_drawn(index):  # it holds the drawn tile, which shows one of these
                known[move.seat] = {}
            elif move.action == DRAW:
                known[move.seat] = {number: known[move.seat].get(number, index) if number in known[move.seat]
                                    else index for number in ends}
            else:
                for number in ends:
                    known[move.seat].setdefault(number, index)
        return known

    def unseen_counts(self) -> dict[int, int]:
        """For each number 0-6, how many tiles showing it this seat has not seen."""
        unseen = self.unseen_tiles()
        return {number: sum(1 for t in unseen if t.has(number)) for number in range(7)}


_FROM_MOVES = frozenset({"tiles", "counts", "line", "lead_index", "ends", "ends_before", "boneyard_size", "leader",
                         "revealed"})
"""The fields :func:`seat_view` leaves to :func:`_fill_from_moves` (a bot reads few of them)."""


def seat_view(hand: Hand, seat: str | None, match: MatchState | None = None, *,
              open_hands: bool = False) -> SeatView:
    """What ``seat`` may know of ``hand`` (every hand when ``open_hands`` is on).

    ``seat=None`` is a spectator: no hand face up (but every hand once the hand is over or
    with ``open_hands``) and every draw hidden.
    """
    rules = hand.rules
    has_boneyard = rules.has_boneyard
    if open_hands or not has_boneyard:  # only draws hide anything
        moves = tuple(hand.moves)
    else:
        moves = tuple(m if m.seat == seat else m.without_tile() for m in hand.moves)
    turn = hand.turn
    view = SeatView.__new__(SeatView)
    # a view is made for every decision a bot takes: its fields go into __dict__ one by one
    # (the quickest way in CPython), but those that follow from the moves and where the hand
    # started (the line, ends, counts, pile, the seat's tiles...) are worked out when first
    # read, from what the seat sees
    fields = vars(view)
    fields["seat"] = seat
    fields["rules"] = rules
    fields["moves"] = moves
    fields["turn"] = turn
    fields["match"] = match
    fields["legal_moves"] = hand.legal_move_tuple() if seat is not None and turn == seat else ()
    fields["_start"] = (hand.history_start, hand.held_mask(seat) if seat is not None else 0)
    if hand.outcome is not None or open_hands:
        fields["outcome"] = hand.outcome
        fields["revealed"] = {s: hand.held_tuple(s) for s in hand.seats}
    if has_boneyard:
        fields["draw_fits"] = hand.draw_fits()
    return view


def _fill_from_moves(view: SeatView) -> None:
    """Work out the fields of ``_FROM_MOVES``: the moves laid out again from where the hand's
    history starts, as :class:`Hand` lays them (a parity test holds the two equal)."""
    fields = vars(view)
    (start_line, start_counts, lead_index, pile, leader), held = fields.pop("_start")
    line = deque(start_line)
    counts = dict(start_counts)
    ends = (start_line[0][0], start_line[-1][1]) if start_line else None
    ends_before: list[tuple[int, int] | None] = []
    for move in view.moves:
        ends_before.append(ends)
        action, placed = move.action, move.placed
        if placed is not None:  # a lead or a play
            counts[move.seat] -= 1
            if action == LEAD or ends is None:
                line.append(placed)
                ends = placed
            elif move.end == "L":
                line.appendleft(placed)
                ends = (placed[0], ends[1])
                lead_index += 1
            else:
                line.append(placed)
                ends = (ends[0], placed[1])
        elif action == DRAW:
            counts[move.seat] += 1
            pile -= 1
    fields.update(tiles=masks.tiles_of(held), counts=counts, line=tuple(line), lead_index=lead_index, ends=ends,
                  ends_before=tuple(ends_before), boneyard_size=pile, leader=leader)
    fields.setdefault("revealed", {})
