"""The mask core: the rules of play on bit masks of tiles, for :class:`~dominoes_widget.engine.hand.Hand` and the bots.

A set of tiles is an ``int`` with bit ``t`` set for the tile whose id is ``t`` (0-0 is bit
0, 6-6 bit 27). This module holds, once, every rule a hand or a rollout needs on such
masks: which tiles fit an open end and how each plays (:func:`fitting`, :func:`plays`),
when the line is blocked (:func:`is_blocked`), what a hand counts (:func:`pips`, the 0-0
counting ``Rules.double_blank_pips``) and who wins a blocked hand (:func:`blocked_winner`).
``Hand`` and the bots call it; nothing under ``bots/`` decides a rule.

Hot loops may read the tables (:data:`HALVES`, :data:`EXPOSES`, :data:`MASK_WITH`) directly;
they are data, and the rules that read them are the functions here.
"""

from __future__ import annotations

import enum
from typing import Iterable, Sequence

from .rules import Rules, team_of
from .tiles import ALL_TILES, MASK_WITH, Tile

__all__ = ["WinReason", "HALVES", "PIPS", "EXPOSES", "MASK_WITH", "ALL_MASK", "mask_of", "tiles_of", "fits",
           "fitting", "plays", "unplayed_counts", "unplayed_in", "take_out", "put_back", "is_dead", "is_blocked", "pips", "pips_by_seat", "blocked_winner",
           "BlockedResult"]

HALVES: tuple[tuple[int, int], ...] = tuple(t.halves for t in ALL_TILES)
"""``HALVES[t]``: tile ``t``'s halves, low first."""
PIPS: tuple[int, ...] = tuple(t.pips for t in ALL_TILES)
"""``PIPS[t]``: tile ``t``'s pips (the 0-0 counts 0 here; :func:`pips` applies the rules)."""
EXPOSES: tuple[tuple[int, ...], ...] = tuple(tuple(t.other(n) if t.has(n) else -1 for n in range(7))
                                             for t in ALL_TILES)
"""``EXPOSES[t][n]``: the half tile ``t`` shows when its ``n`` touches the line (-1 where it has no ``n``)."""
ALL_MASK = (1 << 28) - 1
"""Every tile of the set."""
_BITS = [1 << t for t in range(28)]

_PIPS_BY_CHUNK = [[sum(PIPS[7 * chunk + i] for i in range(7) if bits >> i & 1) for bits in range(128)]
                  for chunk in range(4)]
"""Pip totals of tile masks, seven tiles at a time."""
_TILES_BY_CHUNK = [[tuple(ALL_TILES[7 * chunk + i] for i in range(7) if bits >> i & 1) for bits in range(128)]
                   for chunk in range(4)]
"""The tiles of a mask, seven tiles at a time."""


class WinReason(enum.Enum):
    """Why a hand went the way it did: who won it and by which rule, or why nobody did."""

    DOMINO = "domino"
    """``winner_seat`` played its last tile."""
    SINGLE_LOWEST = "single_lowest"
    """Blocked: ``winner_seat`` alone has the lowest count."""
    PARTNERS_LOWEST = "partners_lowest"
    """Blocked: the lowest count is shared, by partners only, so their team wins."""
    TEAM_TOTAL = "team_total"
    """Blocked, ``blocked_rule=lowest_team_total``: the team with the lower total wins."""
    FEWEST_TILES = "fewest_tiles"
    """Blocked, Vietnamese, ``tie_rule=fewest_tiles``: of the seats tied on the lowest count,
    ``winner_seat`` holds the fewest tiles."""
    TIE_ACROSS_TEAMS = "tie_across_teams"
    """Blocked: the lowest count is shared across both teams, a tie."""
    TIE_TEAM_TOTAL = "tie_team_total"
    """Blocked, ``lowest_team_total``: equal team totals, a tie."""
    TIE_NO_WINNER = "tie_no_winner"
    """Blocked, Vietnamese: seats tie for the lowest count and nobody wins the hand (under
    ``fewest_tiles``, they also hold as many tiles)."""


# -- masks and tiles ---------------------------------------------------------------------
def mask_of(tiles: Iterable[int]) -> int:
    """The mask of some tiles (each tile once)."""
    return sum(map(_BITS.__getitem__, tiles))


def tiles_of(mask: int) -> tuple[Tile, ...]:
    """The tiles of a mask, in order."""
    chunks = _TILES_BY_CHUNK
    return (*chunks[0][mask & 127], *chunks[1][mask >> 7 & 127], *chunks[2][mask >> 14 & 127], *chunks[3][mask >> 21])


# -- fits and plays ------------------------------------------------------------------------
def fits(tile: int, end: int, wild: bool = False) -> bool:
    """Whether ``tile`` can touch an open end showing ``end`` (a blank end takes any tile when ``wild``)."""
    return HALVES[tile][0] == end or HALVES[tile][1] == end or (wild and end == 0)


def fitting(held: int, left: int | None, right: int | None, wild: bool = False) -> int:
    """The tiles of ``held`` that fit an open end (every tile before the lead, ``left`` ``None``)."""
    if left is None or right is None:
        return held
    if wild and (left == 0 or right == 0):
        return held
    return held & (MASK_WITH[left] | MASK_WITH[right])


def plays(held: int, left: int, right: int, wild: bool = False) -> list[tuple[int, int, int]]:
    """Every play of ``held`` on the open ends, as ``(tile, end, touching half)`` with end 0
    the left and 1 the right: left-end plays first, tiles in order. A double, or a tile on an
    end showing one of its halves, touches with that half; on a wild blank end any tile plays
    with either half touching. Both ends are listed even when they show one number."""
    found: list[tuple[int, int, int]] = []
    for end, value in ((0, left), (1, right)):
        if wild and value == 0:
            for tile in tiles_of(held):
                low, high = HALVES[tile]
                found += [(tile, end, half) for half in ((low,) if low == high else (low, high))]
            continue
        for tile in tiles_of(held & MASK_WITH[value]):
            found.append((tile, end, value))
    return found


# -- the line and its block ----------------------------------------------------------------
def unplayed_counts(line: Iterable[tuple[int, int]]) -> list[int]:
    """``counts[n]``: how many of the seven tiles showing ``n`` are not in ``line`` (pairs of halves)."""
    counts = [7] * 7
    for first, second in line:
        counts[first] -= 1
        if second != first:
            counts[second] -= 1
    return counts


def unplayed_in(out: int) -> list[int]:
    """``counts[n]``: how many of the tiles of ``out`` (a mask) show ``n`` (every tile out of
    the line, it is what :func:`unplayed_counts` counts)."""
    return [(out & MASK_WITH[n]).bit_count() for n in range(7)]


def take_out(unplayed: list[int], tile: int) -> None:
    """``tile`` goes into the line: each number it shows has one tile fewer out of the line
    (``unplayed`` as :func:`unplayed_counts` gives it, changed in place)."""
    low, high = HALVES[tile]
    unplayed[low] -= 1
    if high != low:
        unplayed[high] -= 1


def put_back(unplayed: list[int], tile: int) -> None:
    """Undo :func:`take_out`: ``tile`` is out of the line again."""
    low, high = HALVES[tile]
    unplayed[low] += 1
    if high != low:
        unplayed[high] += 1


def is_dead(unplayed: Sequence[int], left: int, right: int) -> bool:
    """Whether no tile left anywhere shows either end's number (the test a rollout makes
    after each play in games without a pile or wild blanks)."""
    return unplayed[left] == 0 and unplayed[right] == 0


def is_blocked(unplayed: Sequence[int], left: int, right: int, *, wild: bool = False,
               waiting_pile: bool = False) -> bool:
    """Whether the line is blocked: no tile still out of the line can ever touch an open end.

    ``wild``: a blank end takes any tile, so a line with one is never blocked. ``waiting_pile``:
    the rules wait for the draw pile to empty before a hand blocks (``exhaust_boneyard``) and
    it still holds tiles.
    """
    if waiting_pile or (wild and (left == 0 or right == 0)):
        return False
    return is_dead(unplayed, left, right)


# -- counting and the blocked winner ---------------------------------------------------------
def pips(mask: int, double_blank_pips: int = 0) -> int:
    """A mask's count as the blocked count scores it, the 0-0 counting ``double_blank_pips``
    (``Rules.double_blank_pips``, which says what the rules make of it)."""
    chunks = _PIPS_BY_CHUNK
    total = chunks[0][mask & 127] + chunks[1][mask >> 7 & 127] + chunks[2][mask >> 14 & 127] + chunks[3][mask >> 21]
    return total + double_blank_pips if mask & 1 else total


def pips_by_seat(held: dict[str, int], double_blank_pips: int = 0) -> dict[str, int]:
    """:func:`pips` of each seat's mask."""
    return {seat: pips(mask, double_blank_pips) for seat, mask in held.items()}


BlockedResult = tuple[str | None, str | None, WinReason, tuple[str, ...]]
"""``(winner seat, winner team, why, lowest seats)``: a tie when both winners are ``None``."""


def blocked_winner(rules: Rules, counts: Sequence[int], tiles_held: Sequence[int], seats: Sequence[str]
                   ) -> BlockedResult:
    """Who wins a blocked hand, by RULES.md's blocked count.

    ``counts[i]`` is seat ``seats[i]``'s count (:func:`pips`, so the 0-0 already counts as
    the rules say) and ``tiles_held[i]`` how many tiles it holds. The winner seat is the one
    alone on the lowest count (or, Vietnamese ``fewest_tiles``, alone on the fewest tiles
    among the lowest); the team is named in the partnership game only.
    """
    lowest_count = min(counts)
    lowest = tuple(seat for seat, count in zip(seats, counts) if count == lowest_count)
    single = lowest[0] if len(lowest) == 1 else None
    if rules.is_partnership:
        if rules.blocked_rule == "lowest_team_total":
            totals = {"NS": 0, "EW": 0}
            for seat, count in zip(seats, counts):
                totals[team_of(seat)] += count
            if totals["NS"] == totals["EW"]:
                return None, None, WinReason.TIE_TEAM_TOTAL, lowest
            team = "NS" if totals["NS"] < totals["EW"] else "EW"
            # RECORD.md's winner_seat is the seat alone on the lowest count; named when its team won
            return (single if single and team_of(single) == team else None), team, WinReason.TEAM_TOTAL, lowest
        teams = {team_of(seat) for seat in lowest}
        if len(teams) > 1:
            return None, None, WinReason.TIE_ACROSS_TEAMS, lowest
        return single, teams.pop(), (WinReason.SINGLE_LOWEST if single else WinReason.PARTNERS_LOWEST), lowest
    if single is not None:
        return single, None, WinReason.SINGLE_LOWEST, lowest
    if rules.tie_rule == "fewest_tiles":
        held = {seat: n for seat, n in zip(seats, tiles_held)}
        fewest = min(held[seat] for seat in lowest)
        holders = [seat for seat in lowest if held[seat] == fewest]
        if len(holders) == 1:
            return holders[0], None, WinReason.FEWEST_TILES, lowest
    return None, None, WinReason.TIE_NO_WINNER, lowest
