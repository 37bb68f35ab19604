"""A hand's position as plain data: what each seat holds, the pile, the line and its open ends,
whose turn it is and whether a drawn tile waits to be played.

:class:`Position` is what the rules read to say what may be played next
(:func:`~dominoes_widget.engine.legal_moves.legal_moves`) and whether a move is allowed
(:func:`~dominoes_widget.engine.move_checks.check_move`). Its fields are public, as
python-chess's ``BaseBoard`` masks are; a :class:`~dominoes_widget.engine.hand.Hand` is a
position with its history and ``push``/``pop`` on top. ``snapshot`` and ``restore`` copy a
position out and back.
"""

from __future__ import annotations

from collections import deque
from typing import Iterable, Mapping

from .masks import fits, fitting, mask_of, tiles_of, unplayed_counts
from .rules import Rules
from .tiles import Tile


class Position:
    """A hand's position: every seat's tiles as a mask (bit ``t`` for tile ``t``), the pile, the line.

    ``holdings`` each seat's tiles as a mask; ``pile`` the draw pile with its top **last**;
    ``unplayed`` per pip, how many tiles out of the line show it; ``line`` the tiles on the
    table as ``(left half, right half)`` pairs from left to right; ``left``/``right`` the open
    ends (``None`` before the lead); ``turn`` the seat to move (``None`` once the hand is over);
    ``lead_index`` the index in ``line`` of the tile led; ``leaders`` the seats that may lead and
    ``lead_tile`` the tile that must be led, if any; ``drawn`` a drawn tile that fits and waits to
    be played; ``drew`` whether the seat to move has drawn this turn. ``wild`` and ``next_seat``
    are read from the rules once, for speed.
    """

    rules: Rules
    seats: tuple[str, ...]
    lead_tile: Tile | None
    leaders: frozenset[str]
    next_seat: dict[str, str]
    wild: bool
    holdings: dict[str, int]
    pile: list[Tile]
    unplayed: list[int]
    line: deque[tuple[int, int]]
    turn: str | None
    left: int | None
    right: int | None
    lead_index: int
    drawn: Tile | None
    drew: bool

    def __init__(self, rules: Rules, held: Mapping[str, Iterable[Tile] | int], turn: str | None, *,
                 pile: Iterable[Tile] = (), line: Iterable[tuple[int, int]] = (), lead_index: int = 0,
                 leaders: Iterable[str] | None = None, lead_tile: Tile | None = None,
                 drawn: Tile | None = None, drew: bool = False) -> None:
        """A position given directly: ``held`` each seat's tiles (or their mask), ``pile`` the
        draw pile **top first** (as ``Hand.boneyard`` gives it), ``line`` the tiles on the table."""
        self.rules = rules
        self.seats = rules.seats
        self.lead_tile = lead_tile
        self.leaders = frozenset(leaders) if leaders is not None else rules.seat_set
        self.next_seat = rules.next_seat
        self.wild = rules.blank_rule == "wild"
        self.holdings = {seat: tiles if isinstance(tiles, int) else mask_of(tiles) for seat, tiles in held.items()}
        self.pile = list(pile)[::-1]
        line = tuple(line)
        self.unplayed = unplayed_counts(line)
        self.line = deque(line)
        self.turn = turn
        self.left, self.right = (line[0][0], line[-1][1]) if line else (None, None)
        self.lead_index = lead_index
        self.drawn = drawn
        self.drew = drew

    # -- reading the position ----------------------------------------------------------------
    @property
    def ends(self) -> tuple[int, int] | None:
        """The open ends ``(left, right)``, or ``None`` before the lead."""
        left, right = self.left, self.right
        return None if left is None or right is None else (left, right)

    def holds(self, seat: str, tile: Tile) -> bool:
        """Whether ``seat`` holds ``tile``."""
        return bool(self.holdings[seat] >> tile & 1)

    def fits(self, tile: Tile) -> bool:
        """Whether ``tile`` can touch an open end (every tile fits before the lead)."""
        left, right = self.left, self.right
        if left is None or right is None:
            return True
        return fits(tile, left, self.wild) or fits(tile, right, self.wild)

    def has_playable(self, seat: str) -> bool:
        """Whether ``seat`` holds a tile that fits an open end now."""
        return bool(fitting(self.holdings[seat], self.left, self.right, self.wild))

    def playable_tiles(self, seat: str) -> list[Tile]:
        """The tiles of ``seat`` that fit an open end (any tile before the lead)."""
        return [t for t in tiles_of(self.holdings[seat]) if self.fits(t)]

    # -- copying it out and back ---------------------------------------------------------------
    def snapshot(self) -> Position:
        """This position as a new, independent :class:`Position` (a hand's too, without its history)."""
        copy = Position.__new__(Position)
        copy._copy_from(self)
        return copy

    def restore(self, snapshot: Position) -> None:
        """Set this position to ``snapshot``'s; the two stay independent afterwards."""
        self._copy_from(snapshot)

    def _copy_from(self, other: Position) -> None:
        self.rules, self.seats, self.lead_tile, self.leaders = other.rules, other.seats, other.lead_tile, other.leaders
        self.next_seat, self.wild = other.next_seat, other.wild
        self.holdings, self.pile, self.unplayed = dict(other.holdings), list(other.pile), list(other.unplayed)
        self.line = deque(other.line)
        self.turn, self.left, self.right, self.lead_index = other.turn, other.left, other.right, other.lead_index
        self.drawn, self.drew = other.drawn, other.drew

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]  # a position changes: equal by value, not hashable

    def _key(self) -> tuple[object, ...]:
        return (self.rules, self.lead_tile, self.leaders, tuple(sorted(self.holdings.items())), tuple(self.pile),
                tuple(self.unplayed), tuple(self.line), self.turn, self.left, self.right, self.lead_index,
                self.drawn, self.drew)

    def __repr__(self) -> str:
        ends = "-" if self.left is None else f"{self.left}|{self.right}"
        held = " ".join(f"{seat}:{mask.bit_count()}" for seat, mask in self.holdings.items())
        return f"<Position ends={ends} turn={self.turn} held {held} pile={len(self.pile)}>"
