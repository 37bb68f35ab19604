"""Dealing a hand: the seed, the shuffled deal, who leads the first hand, and a deal given
by hand checked tile by tile."""

from __future__ import annotations

import random
from typing import Iterable, Mapping, TypeGuard

from .errors import DealError, Problem, Problems, Reason, TileError, excerpt
from .masks import mask_of, tiles_of
from .rules import Rules
from .tiles import ALL_TILES, Tile


HAND_SIZE = 7


def checked_seed(seed: object, name: str = "seed", *, whole: bool = False) -> int | random.Random | None:
    """``seed`` when it is a whole number, a ``random.Random`` or ``None`` (a fresh one), or
    with ``whole`` a whole number only; anything else (text, a float, NaN, a bool) is refused
    with a ``ValueError`` naming ``name``."""
    if isinstance(seed, int) and not isinstance(seed, bool):
        return seed
    if not whole and (seed is None or isinstance(seed, random.Random)):
        return seed
    kinds = "a whole number" if whole else "a whole number, a random.Random or None"
    raise ValueError(f"{name} must be {kinds}, not {excerpt(seed)}")


def rng_of(seed: object, name: str = "seed") -> random.Random:
    """The random source ``seed`` names (see :func:`checked_seed`): itself when it is one."""
    checked = checked_seed(seed, name)
    return checked if isinstance(checked, random.Random) else random.Random(checked)


_SEAT_SLICES = [slice(start, start + HAND_SIZE) for start in range(0, 4 * HAND_SIZE, HAND_SIZE)]
"""Where each seat's tiles lie in the shuffled set."""


_BITS = [1 << t for t in ALL_TILES]


def deal_tiles(rules: Rules, seed: int | random.Random | None = None
               ) -> tuple[dict[str, tuple[Tile, ...]], list[Tile]]:
    """A shuffled deal: 7 tiles for each seat and the draw pile (top first).

    The same integer seed gives the same deal on every machine.
    """
    held, pile = deal_masks(rules, seed)
    return {seat: tiles_of(mask) for seat, mask in held.items()}, pile


def deal_masks(rules: Rules, seed: int | random.Random | None = None) -> tuple[dict[str, int], list[Tile]]:
    """:func:`deal_tiles`' deal with each seat's tiles as a mask (bit ``t`` for tile ``t``)."""
    rng = seed if isinstance(seed, random.Random) else rng_of(seed)
    bits = _shuffled(_BITS, rng)  # the tiles' bits, in the order the tiles are shuffled
    seats = rules.seats
    return ({seat: sum(bits[cut]) for seat, cut in zip(seats, _SEAT_SLICES)},
            [ALL_TILES[bit.bit_length() - 1] for bit in bits[len(seats) * HAND_SIZE:]])


def opening_lead(rules: Rules, deal: Mapping[str, Iterable[Tile]]) -> tuple[str, Tile] | None:
    """The seat that leads a hand by the first-hand rule, and the tile it must pose.

    Partnership: the 6-6 holder and the 6-6. Vietnamese: the holder of the highest double
    dealt, or with no double the holder of the highest tile (``no_double_fallback``); ``None``
    when the deal must be redealt.
    """
    return opening_lead_of_masks(rules, {seat: mask_of(tiles) for seat, tiles in deal.items()})


_DOUBLES_HIGH_FIRST = [(double, 1 << double) for double in (ALL_TILES[n * (n + 1) // 2 + n] for n in range(6, -1, -1))]


def opening_lead_of_masks(rules: Rules, held: Mapping[str, int]) -> tuple[str, Tile] | None:
    """:func:`opening_lead` of a deal given as masks."""
    for double, bit in _DOUBLES_HIGH_FIRST:
        for seat, mask in held.items():
            if mask & bit:
                return seat, double
    if rules.no_double_fallback == "redeal":
        return None
    holder = {t: seat for seat, mask in held.items() for t in tiles_of(mask)}
    highest = max(holder, key=lambda t: (t.pips, t.high))
    return holder[highest], highest


_SHUFFLE_STEPS = [(i, i + 1, (i + 1).bit_length()) for i in reversed(range(1, len(ALL_TILES)))]


def _shuffled(items: list[int], rng: random.Random) -> list[int]:
    """A copy of the 28 ``items`` shuffled by ``rng.shuffle``, its steps written out for a
    ``random.Random`` (the same swaps from the same random bits, without two calls per swap)."""
    items = items.copy()
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return items
    getrandbits = rng.getrandbits
    for i, n, k in _SHUFFLE_STEPS:  # random.shuffle: j = randbelow(i + 1), by rejection on k bits
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]
    return items


def _all_tuples(deal: Mapping[str, Iterable[Tile]], seats: tuple[str, ...]
                ) -> TypeGuard[Mapping[str, tuple[Tile, ...]]]:
    """Whether each seat's tiles come as a tuple (deal_tiles' sorted tuples, kept as they are)."""
    for seat in seats:  # (a loop: a generator costs more than the test, at every deal)
        if type(deal[seat]) is not tuple:
            return False
    return True


def _checked_deal(rules: Rules, deal: Mapping[str, Iterable[Tile | str]], boneyard: Iterable[Tile | str]
                  ) -> tuple[dict[str, list[Tile]], list[Tile]]:
    """The deal's tiles, or :class:`DealError` listing every problem with its seat and tile."""
    problems = Problems()
    tiles: dict[str, list[Tile]] = {}
    if not isinstance(deal, Mapping) or set(deal) != set(rules.seats):
        named = ", ".join(excerpt(seat, 8) for seat in list(deal)[:6]) if isinstance(deal, Mapping) else excerpt(deal)
        problems.append(Problem(Reason.BAD_DEAL, f"the deal names seats {named}; the seats in play are "
                                                 f"{', '.join(rules.seats)}"))
        deal = deal if isinstance(deal, Mapping) else {}
    for seat in rules.seats:
        tiles[seat] = _tiles(deal.get(seat, ()), f"{seat}'s hand", problems, seat)
        if seat in deal and len(tiles[seat]) != HAND_SIZE:
            problems.append(Problem(Reason.WRONG_HAND_SIZE, f"{seat} is dealt {_length(deal[seat])} tiles, "
                                                            f"not {HAND_SIZE}", seat=seat))
    pile = _tiles(boneyard, "the boneyard", problems, None)
    expected_pile = 28 - HAND_SIZE * len(rules.seats)
    if len(pile) != expected_pile:
        problems.append(Problem(Reason.WRONG_HAND_SIZE, f"the boneyard has {_length(boneyard)} tiles, "
                                                        f"not {expected_pile}"))
    seen: dict[Tile, str] = {}
    for place, group in [*tiles.items(), ("boneyard", pile)]:
        for t in group:
            if t in seen:
                problems.append(Problem(Reason.DUPLICATE_TILE, f"{t} is dealt twice ({seen[t]} and {place})",
                                        seat=place if place in rules.seats else None, tile=str(t)))
            seen[t] = place
    missing = [str(t) for t in ALL_TILES if t not in seen]
    if missing:
        problems.append(Problem(Reason.MISSING_TILE, f"tiles missing from the deal: {', '.join(missing)}",
                                tile=missing[0]))
    if problems:
        raise DealError(problems)
    return tiles, pile


def _tiles(items: Iterable[Tile | str], where: str, problems: Problems, seat: str | None) -> list[Tile]:
    """The tiles named by ``items``; what is not a tile becomes a problem. A list longer
    than the whole set is not read tile by tile (its size alone is the problem)."""
    if isinstance(items, (str, bytes)) or not isinstance(items, Iterable):
        problems.append(Problem(Reason.BAD_DEAL, f"{where} should be a list of tiles, not {excerpt(items)}",
                                seat=seat))
        return []
    items = list(items) if not isinstance(items, (list, tuple)) else items
    if len(items) > len(ALL_TILES):
        return []
    tiles = []
    for item in items:
        if isinstance(item, Tile):
            tiles.append(item)
            continue
        try:
            tiles.append(Tile.parse(item))
        except TileError as error:
            problems.append(Problem(Reason.BAD_TILE, f"{where}: {error}", seat=seat, tile=excerpt(item, 12)))
    return tiles


def _length(items: object) -> int | str:
    return len(items) if isinstance(items, (list, tuple)) else "no list of"
