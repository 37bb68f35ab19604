"""Moves in record notation: ``E 6-6`` (lead), ``N 6-4 L`` (play), ``S pass``, ``W draw 3-2``."""

from __future__ import annotations

from .errors import IllegalMoveError, MoveSyntaxError, Reason, TileError, excerpt, quoted
from .tiles import Tile, parse_halves, tile

__all__ = ["Move", "MoveSyntaxError", "LEAD", "PLAY", "PASS", "DRAW", "SEAT_NAMES"]

LEAD, PLAY, PASS, DRAW = "lead", "play", "pass", "draw"
SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}


class Move:
    """One move of a hand. ``str`` gives record notation; ``Move.parse`` reads it back.

    ``first`` is the half written first: for a lead the half that becomes the left end,
    for a play the half that touches the line. A draw carries the drawn tile once known.
    """

    __slots__ = ("seat", "action", "tile", "end", "first", "second", "placed", "_key")

    seat: str
    action: str
    tile: Tile | None
    """The tile led or played, or drawn once known; ``None`` for a pass and an unknown draw."""
    end: str | None
    """``L`` or ``R`` for a play, else ``None``."""
    first: int | None
    """The half written first (lead and play), else ``None``."""
    second: int | None
    """The half written second: the new open end after a play, the right end of a lead."""
    placed: tuple[int, int] | None
    """The tile's halves as they lie in the line, left to right (lead and play)."""
    _key: tuple[str, str, Tile | None, str | None, int | None]

    def __init__(self, seat: str, action: str, tile: Tile | None = None, end: str | None = None,
                 first: int | None = None) -> None:
        if seat not in SEAT_NAMES:
            raise MoveSyntaxError(f"unknown seat {seat!r}; seats are N, E, S, W")
        if action not in (LEAD, PLAY, PASS, DRAW):
            raise MoveSyntaxError(f"unknown action {action!r}")
        second: int | None = None
        placed: tuple[int, int] | None = None
        if action in (LEAD, PLAY):
            if tile is None:
                raise MoveSyntaxError(f"a {action} needs a tile")
            if first is None:
                first = tile.high
            elif not tile.has(first):
                raise MoveSyntaxError(f"{tile} has no {first}")
            second = tile.other(first)
            placed = (second, first) if action == PLAY and end == "L" else (first, second)
        else:
            first = None
        if action == PLAY and end not in ("L", "R"):
            raise MoveSyntaxError(f"a play goes on the left (L) or right (R) end, not {end!r}")
        self.seat = seat
        self.action = action
        self.tile = tile
        self.end = end if action == PLAY else None
        self.first = first
        self.second = second
        self.placed = placed
        self._key = (seat, action, tile, self.end, first)

    @classmethod
    def parse(cls, text: str) -> "Move":
        """The move written as ``text`` (record notation)."""
        if not isinstance(text, str):
            raise MoveSyntaxError(f"a move is written as text like 'N 6-4 L', not {excerpt(text)}")
        words = text.split(maxsplit=4) if len(text) < 100 else []
        if len(words) < 2 or words[0] not in SEAT_NAMES:
            raise MoveSyntaxError(
                f"{excerpt(text)} is not a move: write '<seat> <tile> [L|R]', '<seat> pass' or '<seat> draw'"
            )
        seat, action, rest = words[0], words[1], words[2:]
        if action == "pass" and not rest:
            return cls(seat, PASS)
        if action == "draw":
            if not rest:
                return cls(seat, DRAW)
            if len(rest) == 1:
                return cls(seat, DRAW, _parse_tile(rest[0], text))
        elif len(rest) <= 1:
            try:
                first, second = parse_halves(action)
            except TileError:
                raise MoveSyntaxError(f"{excerpt(text)} is not a move: {excerpt(action)} is not a tile or action") from None
            if not rest:
                return cls(seat, LEAD, tile(first, second), first=first)
            if rest[0].upper() in ("L", "R"):
                return cls(seat, PLAY, tile(first, second), rest[0].upper(), first)
        raise MoveSyntaxError(
            f"{excerpt(text)} is not a move: write '<seat> <tile> [L|R]', '<seat> pass' or '<seat> draw'"
        )

    def without_tile(self) -> "Move":
        """The move as other seats see it: a draw hides its tile."""
        return Move(self.seat, DRAW) if self.action == DRAW and self.tile is not None else self

    def __str__(self) -> str:
        if self.action == PASS:
            return f"{self.seat} pass"
        if self.action == DRAW:
            return f"{self.seat} draw" if self.tile is None else f"{self.seat} draw {self.tile}"
        assert self.tile is not None and self.first is not None  # a lead or play names its tile and first half
        written = self.tile.written(self.first)
        return f"{self.seat} {written}" if self.action == LEAD else f"{self.seat} {written} {self.end}"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Move) and self._key == other._key

    def __hash__(self) -> int:
        return hash(self._key)


def _parse_tile(word: str, text: str) -> Tile:
    try:
        return Tile.parse(word)
    except TileError as error:
        raise MoveSyntaxError(f"{excerpt(text)}: {error}") from None


def move_to_make(move: Move | str) -> Move:
    """``move`` as a :class:`Move`: parsed when it is text, refused as a move (``bad_move``,
    :class:`IllegalMoveError`) when the text is not one, as ``Hand.push`` and a table refuse it."""
    if not isinstance(move, str):
        return move
    try:
        return Move.parse(move)
    except MoveSyntaxError:
        raise IllegalMoveError(Reason.BAD_MOVE, "bad_syntax", text=quoted(move)) from None
