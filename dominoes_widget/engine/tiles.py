"""Tiles of the double-six set, written ``a-b``.

A :class:`Tile` is an ``int`` from 0 (``0-0``) to 27 (``6-6``), so a set of tiles fits in a
28-bit mask and tiles compare and hash as fast as ints. There are exactly 28 tile objects;
``Tile.parse`` and :func:`tile` return them.
"""

from __future__ import annotations

import re
from typing import Callable

from .errors import TileError, excerpt

__all__ = ["Tile", "TileError", "tile", "ALL_TILES", "TILES_WITH", "MASK_WITH", "NUMBER_WORDS"]

NUMBER_WORDS = ("blank", "one", "two", "three", "four", "five", "six")

_TILE_TEXT = re.compile(r"^\s*\[?\s*([0-6])\s*[-:|]\s*([0-6])\s*\]?\s*$")


class Tile(int):
    """One domino of the double-six set; ``str`` gives ``low-high``, e.g. ``4-6``."""

    __slots__ = ()

    @staticmethod
    def parse(text: str) -> "Tile":
        """The tile named by ``text`` (``"6-4"``, ``"4-6"``, ``"6:4"``)."""
        halves = parse_halves(text)
        return tile(*halves)

    @property
    def low(self) -> int:
        return _HALVES[self][0]

    @property
    def high(self) -> int:
        return _HALVES[self][1]

    @property
    def halves(self) -> tuple[int, int]:
        return _HALVES[self]

    @property
    def is_double(self) -> bool:
        return _HALVES[self][0] == _HALVES[self][1]

    @property
    def pips(self) -> int:
        low, high = _HALVES[self]
        return low + high

    def other(self, half: int) -> int:
        """The half opposite ``half`` (which must be on this tile)."""
        low, high = _HALVES[self]
        return high if half == low else low

    def has(self, number: int) -> bool:
        return number in _HALVES[self]

    def written(self, first: int) -> str:
        """The tile written with ``first`` as its first half (``6-4`` vs ``4-6``)."""
        return f"{first}-{self.other(first)}"

    @property
    def label(self) -> str:
        """Words for screen readers and explanations: ``six-four``."""
        low, high = _HALVES[self]
        return f"{NUMBER_WORDS[high]}-{NUMBER_WORDS[low]}"

    def __str__(self) -> str:
        low, high = _HALVES[self]
        return f"{low}-{high}"

    def __repr__(self) -> str:
        return f"Tile.parse({str(self)!r})"

    def __bool__(self) -> bool:
        # a tile is an int (its id), and 0-0's id is 0: without this, ``if tile`` skips the 0-0
        return True

    def __reduce__(self) -> tuple[Callable[[int], Tile], tuple[int]]:
        return (_tile_by_id, (int(self),))


def parse_halves(text: str) -> tuple[int, int]:
    """The two halves of a tile as written, in written order."""
    if not isinstance(text, str):
        raise TileError(f"a tile is written as text like '6-4', not {excerpt(text)}")
    match = _TILE_TEXT.match(text) if len(text) < 40 else None
    if match is None:
        raise TileError(f"{excerpt(text)} is not a tile of the double-six set (write it like '6-4')")
    return int(match.group(1)), int(match.group(2))


def tile(a: int, b: int) -> Tile:
    """The tile with halves ``a`` and ``b`` (in either order)."""
    if not (0 <= a <= 6 and 0 <= b <= 6) or isinstance(a, bool) or isinstance(b, bool):
        raise TileError(f"{a}-{b} is not a tile of the double-six set (halves run 0 to 6)")
    low, high = (a, b) if a <= b else (b, a)
    return ALL_TILES[high * (high + 1) // 2 + low]


def _tile_by_id(value: int) -> Tile:
    return ALL_TILES[value]


_HALVES: list[tuple[int, int]] = [(low, high) for high in range(7) for low in range(high + 1)]
ALL_TILES: tuple[Tile, ...] = tuple(Tile(i) for i in range(28))
"""The 28 tiles, ordered 0-0, 0-1, 1-1, 0-2, … 6-6."""

TILES_WITH: tuple[tuple[Tile, ...], ...] = tuple(
    tuple(t for t in ALL_TILES if number in _HALVES[t]) for number in range(7)
)
"""``TILES_WITH[n]``: the seven tiles that show the number ``n``."""

MASK_WITH: tuple[int, ...] = tuple(sum(1 << t for t in TILES_WITH[n]) for n in range(7))
"""``MASK_WITH[n]``: the bit mask of the tiles that show ``n``."""
