"""One hand of dominoes: the deal, the line of play, the moves, and how the hand ended.

A :class:`Hand` keeps a move stack and a snapshot stack (python-chess's push/pop), so
``pop`` undoes the last move exactly. ``legal_moves`` lists what the seat to move may
do; ``push`` applies a move or raises :class:`IllegalMoveError` with the RULES.md reason
and changes nothing.
"""

from __future__ import annotations

import enum
import random
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence, TypedDict, TypeGuard, Unpack, cast

from .errors import DealError, IllegalMoveError, MoveSyntaxError, Problem, Problems, Reason, TileError, excerpt, quoted
from .masks import (ALL_MASK, WinReason, blocked_winner, fits, fitting, is_blocked, mask_of, pips, pips_by_seat, plays,
                    tiles_of, unplayed_counts, unplayed_in)
from .move import DRAW, LEAD, PASS, PLAY, Move
from .rules import TEAMS, Rules, other_team, partner_of, team_of
from .tiles import ALL_TILES, MASK_WITH, TILES_WITH, Tile

__all__ = ["Hand", "Outcome", "Termination", "WinReason", "LegalMoves", "deal_tiles", "deal_masks", "opening_lead",
           "opening_lead_of_masks", "team_of",
           "TEAMS", "partner_of", "other_team", "equivalent", "group_moves", "checked_seed", "rng_of"]

HAND_SIZE = 7
DOUBLE_SIX = ALL_TILES[27]
DOUBLE_BLANK = ALL_TILES[0]


class Termination(enum.Enum):
    """How a hand ended."""

    DOMINO = "domino"
    BLOCKED = "blocked"


@dataclass(frozen=True, init=False)
class Outcome:
    """How a hand ended, who won it and why: every fact a sentence or picture needs.

    ``winner_seat`` is the seat that dominoed or alone holds the lowest blocked count;
    ``winner_team`` the partnership team that won (``None`` in the Vietnamese game and on
    a tie); ``pips`` each seat's count as the blocked count scores it (the 0-0 counts
    ``Rules.double_blank_pips``); ``why`` the rule that decided it; ``lowest`` the seats
    sharing the lowest count of a blocked hand; ``held`` the tiles left in each hand;
    ``team_totals`` each team's count (partnership) and ``tile_counts`` how many tiles
    each seat holds.
    """

    termination: Termination
    winner_seat: str | None
    winner_team: str | None
    tie: bool
    pips: dict[str, int]
    open_ends: tuple[int, int]
    why: WinReason = WinReason.DOMINO
    lowest: tuple[str, ...] = ()
    held_masks: dict[str, int] = field(default_factory=dict, compare=False, repr=False)

    def __init__(self, termination: Termination, winner_seat: str | None, winner_team: str | None, tie: bool,
                 pips: dict[str, int], open_ends: tuple[int, int], why: WinReason = WinReason.DOMINO,
                 lowest: tuple[str, ...] = (), held_masks: dict[str, int] | None = None) -> None:
        # every hand of every rollout ends in an Outcome: filling __dict__ one field at a time
        # takes a third of the time of the frozen dataclass's object.__setattr__ per field
        fields = vars(self)
        fields["termination"] = termination
        fields["winner_seat"] = winner_seat
        fields["winner_team"] = winner_team
        fields["tie"] = tie
        fields["pips"] = pips
        fields["open_ends"] = open_ends
        fields["why"] = why
        fields["lowest"] = lowest
        fields["held_masks"] = {} if held_masks is None else held_masks

    @property
    def winner(self) -> str | None:
        """The team (partnership) or seat (Vietnamese) that won the hand, if any."""
        return self.winner_team or self.winner_seat

    @property
    def held(self) -> dict[str, tuple[Tile, ...]]:
        """The tiles left in each hand."""
        return {seat: tiles_of(mask) for seat, mask in self.held_masks.items()}

    @property
    def tile_counts(self) -> dict[str, int]:
        """How many tiles each seat holds at the end."""
        return {seat: mask.bit_count() for seat, mask in self.held_masks.items()}

    @property
    def team_totals(self) -> dict[str, int]:
        """Each partnership team's count (empty in the Vietnamese game)."""
        partnership = self.winner_team is not None or self.why in (WinReason.TIE_ACROSS_TEAMS, WinReason.TIE_TEAM_TOTAL)
        if not partnership:
            return {}
        return {team: sum(n for seat, n in self.pips.items() if team_of(seat) == team) for team in TEAMS}

    @property
    def winning_seats(self) -> tuple[str, ...]:
        """The seats that won: the winning team's two, or the one winner; none on a tie."""
        if self.winner_team is not None:
            return tuple(seat for seat in self.pips if team_of(seat) == self.winner_team)
        return (self.winner_seat,) if self.winner_seat else ()


_DOMINO, _BLOCKED, _BY_DOMINO = Termination.DOMINO, Termination.BLOCKED, WinReason.DOMINO
"""For the end of every hand (an enum member looked up on its class costs 0.1 µs in Python 3.11)."""


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


class LeadOptions(TypedDict, total=False):
    """The lead keywords :meth:`Hand.dealt` passes on to :class:`Hand`."""

    lead_tile: Tile | str | None
    leaders: Iterable[str] | None


_Ends = tuple[int, int]
_Snapshot = tuple[_Ends | None, str | None, Tile | None, bool, Outcome | None, int]
"""What a move changes besides the tiles: (ends before it, turn, drawn, drew, outcome, lead_index)."""
_Origin = tuple[dict[str, tuple[Tile, ...]], tuple[Tile, ...], tuple[_Ends, ...], str, int, str | None, Tile | None,
                bool]
"""The position a hand built by ``from_position`` starts from: its arguments after ``rules``."""


class Hand:
    """A hand from the deal to its end.

    ``leader`` is the seat that makes the first move (by default, the one the first-hand
    rule names). ``lead_tile`` is the tile that must be led, if any; ``leaders`` the seats
    that may lead (a seat outside them is refused with ``wrong_leader``).
    """

    # Every hand sets all of its attributes when it is made, in the same order (see _set_up):
    # CPython then reads each attribute of every hand from one place, where a class default
    # that some hands shadow and others not would keep its look-ups from specializing
    left: int | None
    right: int | None
    lead_index: int
    outcome: Outcome | None
    _drawn: Tile | None  # a drawn tile that fits and is waiting to be played
    _drew: bool  # the seat to move has drawn this turn
    _origin: _Origin | None  # the position a hand built by from_position starts from
    _offered: tuple[Move, ...]  # the legal moves last listed, while the position stands
    _unstacked: tuple[int, int, int, int] | None
    """Set by plain plays and passes, which leave their snapshots to :meth:`_snapshots`: (the
    index of the first of them, the ends and the lead index before it)."""
    _deal: dict[str, tuple[Tile, ...]] | None  # worked out from _dealt when first read
    _history_start: "tuple[tuple[tuple[int, int], ...], dict[str, int], int, int, str] | None"

    def __init__(
        self,
        rules: Rules,
        deal: Mapping[str, Iterable[Tile | str]],
        boneyard: Iterable[Tile | str] = (),
        leader: str | None = None,
        *,
        lead_tile: Tile | str | None = None,
        leaders: Iterable[str] | None = None,
        _trusted: bool = False,
    ) -> None:
        tiles: Mapping[str, Iterable[Tile]]
        pile: Iterable[Tile]
        if _trusted:
            # deal_tiles, a Match's deal, from_position and replays pass tiles, never their
            # names, and skip the check; the types cannot follow the flag, so casts say it
            # (the types are quoted: a subscripted Mapping costs time to build at each call)
            tiles, pile = cast("Mapping[str, Iterable[Tile]]", deal), cast("Iterable[Tile]", boneyard)
        else:
            tiles, pile = _checked_deal(rules, deal, boneyard)
        if _trusted and _all_tuples(tiles, rules.seats):
            dealt = dict(tiles)  # deal_tiles' sorted tuples
        else:
            dealt = {seat: tuple(sorted(tiles[seat])) for seat in rules.seats}
        self._set_up(rules, {seat: mask_of(tiles) for seat, tiles in dealt.items()}, pile, leader, lead_tile, leaders)
        self._deal = dealt

    def _set_up(self, rules: Rules, held: dict[str, int], pile: Iterable[Tile], leader: str | None,
                lead_tile: Tile | str | None, leaders: Iterable[str] | None) -> None:
        """The position at the deal: ``held`` each seat's tiles as a mask, ``pile`` the draw pile (top first)."""
        # (a hand keeps at most 30 attribute names, the most CPython shares between instances:
        # one more and every attribute read of every hand takes the slow path; a test holds it)
        self.rules = rules
        self.seats: tuple[str, ...] = rules.seats
        self._dealt = held
        self.initial_boneyard: tuple[Tile, ...] = tuple(pile)
        if leader is None:
            opening = opening_lead_of_masks(rules, held)
            if opening is None:
                raise DealError([Problem(Reason.BAD_DEAL, "no double was dealt and the rules say to redeal")])
            leader, default_tile = opening
            if lead_tile is None and not (rules.is_partnership and rules.sporting):
                lead_tile = default_tile
        if leader not in self.seats:
            raise DealError([Problem(Reason.BAD_LEADER, f"leader {excerpt(leader)} is not a seat in play "
                                                        f"({', '.join(self.seats)})")])
        self.leader = leader
        self.lead_tile: Tile | None = Tile.parse(lead_tile) if isinstance(lead_tile, str) else lead_tile
        self.leaders = frozenset(leaders) if leaders is not None else rules.seat_set
        self._next_seat = rules.next_seat
        self._wild = rules.blank_rule == "wild"

        self._held = held.copy()
        self._pile = list(reversed(self.initial_boneyard))  # the top of the pile is last
        self._unplayed_with = [7] * 7
        self.line: deque[tuple[int, int]] = deque()
        self.turn: str | None = leader
        self.moves: list[Move] = []
        self._stack: list[_Snapshot] = []  # per move: (ends before it, turn, drawn, drew, outcome, lead_index)
        self.left = self.right = None
        self.lead_index = 0
        self.outcome = None
        self._drawn = None
        self._drew = False
        self._origin = None
        self._offered = ()
        self._unstacked = None
        self._deal = None
        self._history_start = None

    @property
    def dealt_masks(self) -> dict[str, int]:
        """:attr:`deal` with each seat's tiles as a mask (bit ``t`` for tile ``t``)."""
        return dict(self._dealt)

    @property
    def deal(self) -> dict[str, tuple[Tile, ...]]:
        """The tiles dealt to each seat, in order (for a hand built by :meth:`from_position`,
        what each seat held there)."""
        if self._deal is None:  # a hand dealt at random keeps its masks until asked
            self._deal = {seat: tiles_of(mask) for seat, mask in self._dealt.items()}
        return self._deal

    # -- construction ------------------------------------------------------------------
    @classmethod
    def dealt(cls, rules: Rules | None = None, seed: int | random.Random | None = None, leader: str | None = None,
              **lead_options: Unpack[LeadOptions]) -> "Hand":
        """A hand dealt at random from ``seed`` (an int or a ``random.Random``)."""
        rules = rules or Rules.six_love()
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

    @classmethod
    def from_masks(cls, rules: Rules, held: dict[str, int], boneyard: Iterable[Tile], leader: str, *,
                   lead_tile: Tile | None = None, leaders: Iterable[str] | None = None) -> "Hand":
        """A hand dealt as :func:`deal_masks` deals: ``held`` each seat's tiles as a mask
        (trusted, not checked; the hand keeps the dict), ``boneyard`` the pile, top first."""
        hand = cls.__new__(cls)
        hand._set_up(rules, held, boneyard, leader, lead_tile, leaders)
        return hand

    @classmethod
    def from_position(cls, rules: Rules, held: Mapping[str, Iterable[Tile]], boneyard: Iterable[Tile],
                      line: Iterable[tuple[int, int]], turn: str, *, lead_index: int = 0,
                      leader: str | None = None, drawn: Tile | None = None, drew: bool = False) -> "Hand":
        """A hand at a position given directly, without the moves that led to it.

        Bots use this to play out deals of the unseen tiles that they sample: ``held`` is
        what each seat holds now, ``boneyard`` the draw pile (top first), ``line`` the
        tiles on the table as ``(left half, right half)`` pairs from left to right (as
        :attr:`line` and ``SeatView.line`` give them; empty before the lead), ``turn`` the
        seat to move, ``drawn`` a tile ``turn`` has just drawn that fits (it must be played
        now) and ``drew`` whether ``turn`` has drawn this turn. The tiles are trusted, not
        checked. The new hand's ``deal`` and ``initial_boneyard`` are this position's
        holdings and pile, its move history starts here (``pop`` stops at this position),
        and before the lead any tile may be led by ``turn``.
        """
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

    def copy(self) -> "Hand":
        """An independent copy of the position with its full move history."""
        if self._origin is not None:
            twin = Hand.from_position(self.rules, *self._origin[:4], lead_index=self._origin[4],
                                      leader=self._origin[5], drawn=self._origin[6], drew=self._origin[7])
            for move in self.moves:
                twin._apply(move)
            return twin
        twin = Hand(self.rules, self.deal, self.initial_boneyard, self.leader,
                    lead_tile=self.lead_tile, leaders=self.leaders)
        for move in self.moves:
            twin._apply(move)
        return twin

    # -- what a seat holds -------------------------------------------------------------
    def held(self, seat: str) -> list[Tile]:
        """The tiles ``seat`` holds now, in order."""
        return [*tiles_of(self._held[seat])]

    def held_tuple(self, seat: str) -> tuple[Tile, ...]:
        """The tiles ``seat`` holds now, in order, as a tuple."""
        return tiles_of(self._held[seat])

    def held_mask(self, seat: str) -> int:
        """The tiles ``seat`` holds now, as a mask (bit ``t`` for tile ``t``)."""
        return self._held[seat]

    def count(self, seat: str) -> int:
        """How many tiles ``seat`` holds."""
        return self._held[seat].bit_count()

    def holds(self, seat: str, tile: Tile) -> bool:
        return bool(self._held[seat] >> tile & 1)

    @property
    def boneyard(self) -> list[Tile]:
        """The draw pile, top (next drawn) first."""
        return self._pile[::-1]

    @property
    def boneyard_size(self) -> int:
        return len(self._pile)

    def pips(self, seat: str) -> int:
        """``seat``'s count as the blocked count scores it (0-0 is 13 in the Vietnamese game)."""
        return pips(self._held[seat], self.rules.double_blank_pips)

    def counts(self) -> dict[str, int]:
        """How many tiles each seat holds."""
        held = self._held
        return dict(zip(held, map(int.bit_count, held.values())))

    @property
    def ends(self) -> tuple[int, int] | None:
        """The open ends ``(left, right)``, or ``None`` before the lead."""
        left, right = self.left, self.right
        return None if left is None or right is None else (left, right)

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def ply(self) -> int:
        return len(self.moves)

    @property
    def last_placed(self) -> int | None:
        """The index in :attr:`line` of the tile the last move placed (``None`` after a pass or draw)."""
        return last_placed(self.moves, self.lead_index, len(self.line))

    def passed(self) -> tuple[str, ...]:
        """Seats whose last action this hand was a pass, or a draw that did not fit (a mark)."""
        return passed_seats(self.moves, self.seats, self.turn)

    def draw_fitted(self, index: int) -> bool | None:
        """Whether the tile drawn by move ``index`` fitted an open end (``None`` for other moves)."""
        return self._fitted(self.moves[index], self._snapshots()[index][0])

    def draw_fits(self) -> tuple[bool | None, ...]:
        """:meth:`draw_fitted` of every move, in one pass."""
        return tuple([self._fitted(move, entry[0]) if move.action == DRAW else None
                      for move, entry in zip(self.moves, self._snapshots())])

    def _fitted(self, move: Move, ends: tuple[int, int] | None) -> bool | None:
        if move.action != DRAW or move.tile is None:
            return None
        return ends is not None and (self._fits_end(move.tile, ends[0]) or self._fits_end(move.tile, ends[1]))

    def ends_before(self, index: int) -> tuple[int, int] | None:
        """The open ends just before move ``index`` was made."""
        return self._snapshots()[index][0]

    def ends_history(self) -> tuple[tuple[int, int] | None, ...]:
        """The open ends just before each move, in order."""
        return tuple([entry[0] for entry in self._snapshots()])

    @property
    def history_start(self) -> tuple[tuple[tuple[int, int], ...], dict[str, int], int, int, str]:
        """Where :attr:`moves` starts from, as every seat sees it: the line (empty unless the
        hand was built by :meth:`from_position`), how many tiles each seat held, the lead
        index, the size of the pile and the leader."""
        # kept in a plain attribute: functools.cached_property writes through __dict__, which
        # turns off CPython's fast attribute access for the rest of the hand (15 µs a hand)
        if self._history_start is None:
            line, lead_index = (self._origin[2], self._origin[4]) if self._origin is not None else ((), 0)
            self._history_start = (line, {seat: mask.bit_count() for seat, mask in self._dealt.items()}, lead_index,
                                   len(self.initial_boneyard), self.leader)
        return self._history_start

    # -- legal moves -------------------------------------------------------------------
    @property
    def legal_moves(self) -> "LegalMoves":
        """The moves the seat to move may make, as a collection (``in``, ``len``, iteration)."""
        return LegalMoves(self)

    def legal_move_list(self) -> list[Move]:
        """The legal moves as a fresh list (the fast path used by bots and simulation)."""
        moves = self._legal_moves()
        self._offered = moves  # push() accepts one of these, until the position changes, unchecked
        return list(moves)

    def legal_move_tuple(self) -> tuple[Move, ...]:
        """The legal moves as a tuple (listed once per position, as :meth:`legal_move_list` lists them)."""
        if not self._offered:
            self._offered = self._legal_moves()
        return self._offered

    def _legal_moves(self) -> tuple[Move, ...]:
        seat = self.turn
        if seat is None:
            return ()
        held, left, right = self._held[seat], self.left, self.right
        if left is not None and right is not None and self._drawn is None and not self._wild:  # most positions
            on_left, on_right = _PLAYS_ON[seat]
            plays = on_left[left][held & MASK_WITH[left]] + on_right[right][held & MASK_WITH[right]]
            if plays:
                return plays
        elif left is None:
            if seat not in self.leaders:
                return ()
            if self.lead_tile is not None:
                tiles = [self.lead_tile] if held >> self.lead_tile & 1 else []
            else:
                tiles = [t for t in ALL_TILES if held >> t & 1]
            return tuple([m for t in tiles for m in _LEADS[seat][t]])
        elif self._drawn is not None:
            moves = self._plays_of(seat, self._drawn)
            return tuple(moves if self.rules.drawn_tile_must_play else moves + [_PASS[seat]])
        else:
            moves = self._plays(seat, held)
            if moves:
                return tuple(moves)
        if self._pile and not (self._drew and not self.rules.draw_mode == "until_playable"):
            return (_DRAW[seat],)
        return (_PASS[seat],)

    def _plays(self, seat: str, held: int) -> list[Move]:
        left, right = self.left, self.right
        assert left is not None and right is not None  # plays come after the lead
        if self._wild and (left == 0 or right == 0):
            return self._wild_plays(seat, held)
        on_left, on_right = _PLAYS_ON[seat]
        return [*on_left[left][held & MASK_WITH[left]], *on_right[right][held & MASK_WITH[right]]]

    def _wild_plays(self, seat: str, held: int) -> list[Move]:
        moves: list[Move] = []
        for end, value, on_end in (("L", self.left, _PLAYS_ON[seat][0]), ("R", self.right, _PLAYS_ON[seat][1])):
            assert value is not None  # plays come after the lead
            if value == 0:
                moves += [m for t, m in _WILD_PLAYS[seat][end] if held >> t & 1]
            else:
                moves += on_end[value][held & MASK_WITH[value]]
        return moves

    def _plays_of(self, seat: str, tile: Tile) -> list[Move]:
        return [m for m in self._plays(seat, 1 << tile)]

    def has_playable(self, seat: str) -> bool:
        """Whether ``seat`` holds a tile that fits an open end now."""
        return bool(fitting(self._held[seat], self.left, self.right, self._wild))

    def playable_tiles(self, seat: str) -> list[Tile]:
        """The tiles of ``seat`` that fit an open end (any tile before the lead)."""
        return [t for t in self.held(seat) if self.fits(t)]

    def fits(self, tile: Tile) -> bool:
        """Whether ``tile`` can touch an open end (every tile fits before the lead)."""
        left, right = self.left, self.right
        if left is None or right is None:
            return True
        return self._fits_end(tile, left) or self._fits_end(tile, right)

    def _fits_end(self, tile: Tile, end: int) -> bool:
        return fits(tile, end, self._wild)

    # -- making and unmaking moves -----------------------------------------------------
    def push(self, move: Move | str) -> Move:
        """Make ``move`` (a :class:`Move` or its notation) and return it as recorded.

        An illegal move raises :class:`IllegalMoveError` and leaves the hand unchanged.
        A play written with its halves the wrong way round is accepted where only one
        half can touch. A draw is recorded with the tile drawn.
        """
        for offered in self._offered:  # listed as legal at this very position: nothing left to check
            if offered is move:  # ('in' would call Move.__eq__ on each move listed before it)
                return self._apply(move)
        if isinstance(move, str):
            text = move
            try:
                move = Move.parse(text)
            except MoveSyntaxError:
                raise IllegalMoveError(Reason.BAD_MOVE, "bad_syntax", text=quoted(text)) from None
        return self._apply(self._check(move))

    def push_unchecked(self, move: Move) -> Move:
        """Make a move taken from :meth:`legal_move_list` without checking it again."""
        return self._apply(move)

    def play_out(self, rng: random.Random, choose: Callable[[list[Move]], Move] | None = None) -> Outcome:
        """Finish the hand with uniformly random legal moves, or with ``choose(legal_moves)``.

        The fast path for rollouts and simulation: moves come from :meth:`legal_move_list`
        and are made without checking them again. Returns the outcome.
        """
        legal, apply = self._legal_moves, self._apply
        if choose is None:
            uniform = rng.random
            # first whatever _legal_moves handles beyond plain plays and passes: the lead, a
            # drawn tile, wild blanks, a pile
            while self.turn is not None and (self._wild or self._pile or self.left is None or self._drawn is not None):
                moves = legal()
                apply(moves[int(uniform() * len(moves))])
            if self.turn is not None:
                self._play_out_plainly(uniform)
        else:
            while self.turn is not None:
                apply(choose(list(legal())))
        assert self.outcome is not None  # the hand ends (turn None) only in _finish, which sets it
        return self.outcome

    def _play_out_plainly(self, uniform: Callable[[], float]) -> None:
        """:meth:`play_out`'s common case, once led with every tile dealt and blanks standard:
        plays and passes only, made here as :meth:`_apply` makes them (the same moves and
        line; their snapshots for :meth:`pop` are worked out when first asked), with the
        position in local names and each play's effects looked up."""
        self._offered = ()
        held, masks, passes, steps_on, next_seat = self._held, MASK_WITH, _PASS, _STEPS_ON, self._next_seat
        moves, line = self.moves.append, self.line
        seat, left, right, lead_index = self.turn, self.left, self.right, self.lead_index
        assert seat is not None and left is not None and right is not None  # led, and not over
        if self._unstacked is None:  # (else the moves before are plain plays and passes whose snapshots wait too)
            self._unstacked = (len(self.moves), left, right, lead_index)  # the snapshots are left to _snapshots
        out = sum(held.values())  # the tiles not in the line: all held, with the pile empty
        while True:
            mine, (on_left, on_right) = held[seat], steps_on[seat]
            steps = on_left[left][mine & masks[left]] + on_right[right][mine & masks[right]]
            if not steps:
                moves(passes[seat])
                seat = next_seat[seat]
                continue
            move, bit, opened, placed, on_the_left = steps[int(uniform() * len(steps))]
            if on_the_left:
                left = opened
                line.appendleft(placed)
                lead_index += 1
            else:
                right = opened
                line.append(placed)
            mine ^= bit
            held[seat] = mine
            out ^= bit
            moves(move)
            # the end of the hand: a domino, or masks.is_dead (no tile out of the line shows an
            # open end), which is masks.is_blocked without wild blanks or a pile
            if not mine or not (out & masks[left] or out & masks[right]):
                self.left, self.right, self.lead_index = left, right, lead_index
                self._unplayed_with[:] = unplayed_in(out)
                self._finish(None if mine else seat)
                return
            seat = next_seat[seat]

    def pop(self) -> Move:
        """Undo the last move exactly and return it."""
        if not self.moves:
            raise IndexError("pop from a hand with no moves")
        stack = self._snapshots()  # (before the move leaves the list: its snapshot may be worked out from it)
        move = self.moves.pop()
        self._offered = ()
        ends, self.turn, self._drawn, self._drew, self.outcome, self.lead_index = stack.pop()
        self.left, self.right = ends or (None, None)
        seat, tile = move.seat, move.tile
        if move.action == DRAW:
            assert tile is not None  # a draw is recorded with the tile drawn
            self._held[seat] &= ~(1 << tile)
            self._pile.append(tile)
        elif move.action in (LEAD, PLAY):
            assert tile is not None  # a lead or play names its tile
            self._held[seat] |= 1 << tile
            low, high = tile.halves
            self._unplayed_with[low] += 1
            if high != low:
                self._unplayed_with[high] += 1
            if move.end == "L":
                self.line.popleft()
            else:
                self.line.pop()
        return move

    def _snapshots(self) -> list[_Snapshot]:
        """The snapshot stack, one entry per move, those of play_out's loop worked out now."""
        if self._unstacked is not None:
            start, left, right, lead_index = self._unstacked
            self._unstacked = None
            for move in self.moves[start:]:  # plays and passes: the seat to move made them, nothing drawn
                self._stack.append(((left, right), move.seat, None, False, None, lead_index))
                if move.action == PLAY:
                    assert move.second is not None  # a play opens its second half
                    if move.end == "L":
                        left, lead_index = move.second, lead_index + 1
                    else:
                        right = move.second
        return self._stack

    def _apply(self, move: Move) -> Move:
        self._offered = ()
        seat, action, drew = move.seat, move.action, self._drew
        left, right = self.left, self.right
        if drew or left is None or right is None or action == LEAD or action == DRAW:
            if self._unstacked is not None:
                self._snapshots()
            self._stack.append((None if left is None or right is None else (left, right), self.turn, self._drawn,
                                drew, self.outcome, self.lead_index))
        elif self._unstacked is None:  # a plain play or pass by the seat to move: its snapshot is left to _snapshots
            self._unstacked = (len(self.moves), left, right, self.lead_index)
        if action == PLAY or action == LEAD:
            tile, placed = move.tile, move.placed
            assert tile is not None and placed is not None  # a lead or play names its tile and place
            # its halves as they lie in the line, left to right: a lead opens both ends, a
            # play on the left opens its left half, a play on the right its right half
            left_half, right_half = placed
            held = self._held[seat] ^ 1 << tile
            self._held[seat] = held
            unplayed = self._unplayed_with
            unplayed[left_half] -= 1
            if right_half != left_half:
                unplayed[right_half] -= 1
            end = move.end
            if end == "L":
                self.left = left = left_half
                self.line.appendleft(placed)
                self.lead_index += 1
            elif end == "R":
                self.right = right = right_half
                self.line.append(placed)
            else:  # the lead
                self.left, self.right = left, right = placed
                self.line.append(placed)
            if drew:
                self._drawn = None
                self._drew = False
            self.moves.append(move)
            assert left is not None and right is not None  # set by the lead
            if not held:
                self._finish(seat)
            elif unplayed[left] == 0 and unplayed[right] == 0 and self._is_blocked():  # (a quick first test)
                self._finish(None)
            else:
                self.turn = self._next_seat[seat]
            return move
        if action == PASS:
            self.moves.append(move)
            self._drawn = None
            self._drew = False
            self.turn = self._next_seat[seat]
            return move
        # a draw: take the top of the pile
        tile = self._pile.pop()
        if move.tile is None:
            move = Move(seat, DRAW, tile)
        self._held[seat] |= 1 << tile
        self.moves.append(move)
        self._drew = True
        assert left is not None and right is not None  # a draw comes after the lead
        if self._fits_end(tile, left) or self._fits_end(tile, right):
            self._drawn = tile
        elif self.rules.draw_mode == "until_playable" and self._pile:
            pass  # the same seat draws again
        else:
            self._drew = False
            self.turn = self._next_seat[seat]
            if self.rules.block_detection == "exhaust_boneyard" and self._is_blocked():
                self._finish(None)
        return move

    def _is_blocked(self) -> bool:
        """No unplayed tile anywhere can ever be placed on either end."""
        left, right = self.left, self.right
        assert left is not None and right is not None  # only asked after the lead
        return is_blocked(self._unplayed_with, left, right, wild=self._wild,
                          waiting_pile=self.rules.block_detection == "exhaust_boneyard" and bool(self._pile))

    def _finish(self, domino_seat: str | None) -> None:
        """End the hand: ``domino_seat`` played its last tile, or (``None``) the line is blocked."""
        self.turn = None
        self._drawn = None
        self._drew = False
        masks = dict(self._held)
        counts = pips_by_seat(masks, self.rules.double_blank_pips)
        left, right = self.left, self.right
        assert left is not None and right is not None  # a hand ends on a play or a draw, after the lead
        ends = (left, right)
        if domino_seat is not None:
            team = team_of(domino_seat) if self.rules.is_partnership else None
            self.outcome = Outcome(_DOMINO, domino_seat, team, False, counts, ends, _BY_DOMINO, (), masks)
            return
        seats = self.seats
        seat, team, why, lowest = blocked_winner(self.rules, [counts[s] for s in seats],
                                                 [masks[s].bit_count() for s in seats], seats)
        self.outcome = Outcome(_BLOCKED, seat, team, seat is None and team is None, counts, ends, why, lowest, masks)

    # -- checking a move ---------------------------------------------------------------
    def _check(self, move: Move) -> Move:
        """The move as it will be recorded, or :class:`IllegalMoveError` with its reason."""
        if move.seat not in self._held:
            raise self._refuse(Reason.NOT_YOUR_TURN, move, "not_in_game")
        if self.outcome is not None:
            raise self._refuse(Reason.HAND_OVER, move, "hand_over")
        seat, action = move.seat, move.action
        leading = self.left is None
        if leading != (action == LEAD):
            raise self._refuse(Reason.BAD_LEAD, move, "lead_first" if leading else "already_led")
        if seat != self.turn:
            last = self.moves[-1] if self.moves else None
            if action == DRAW and last is not None and last.seat == seat and last.action == DRAW:
                raise self._refuse(Reason.NOT_YOUR_TURN, move, "drew_already")
            raise self._refuse(Reason.NOT_YOUR_TURN, move, "not_your_turn", turn=self.turn)
        if leading:
            return self._check_lead(move)
        if action == PLAY:
            return self._check_play(move)
        if action == PASS:
            return self._check_pass(move)
        return self._check_draw(move)

    def _check_lead(self, move: Move) -> Move:
        seat, tile = move.seat, move.tile
        assert tile is not None  # a lead names its tile
        if seat not in self.leaders:
            raise self._refuse(Reason.WRONG_LEADER, move, "wrong_leader", leaders=tuple(sorted(self.leaders)))
        if not self.holds(seat, tile):
            raise self._refuse(Reason.TILE_NOT_IN_HAND, move, "not_held")
        if self.lead_tile is not None and tile != self.lead_tile:
            if self.rules.is_partnership:
                raise self._refuse(Reason.MUST_LEAD_DOUBLE_SIX, move, "must_pose")
            raise self._refuse(Reason.MUST_LEAD_DECIDING_TILE, move,
                               "must_lead_double" if self.lead_tile.is_double else "must_lead_tile",
                               tile=self.lead_tile)
        return move

    def _check_play(self, move: Move) -> Move:
        seat, tile = move.seat, move.tile
        assert tile is not None  # a play names its tile
        if self._drawn is not None and tile != self._drawn:
            raise self._refuse(Reason.MUST_PLAY_DRAWN_TILE, move, "must_play_drawn", tile=self._drawn)
        if not self._held[seat] >> tile & 1:  # holds(), inlined: every checked play asks
            raise self._refuse(Reason.TILE_NOT_IN_HAND, move, "not_held")
        end_value = self.left if move.end == "L" else self.right
        assert end_value is not None  # _check sends a play here only after the lead
        if self._wild and end_value == 0:
            return move
        if move.first == end_value:
            return move
        if tile.has(end_value):  # written the other way round
            end = move.end
            assert end is not None  # a play names its end
            return _PLAYS[seat][tile][end][end_value]
        other_value = self.right if move.end == "L" else self.left
        assert other_value is not None  # both ends are open after the lead
        if self._fits_end(tile, other_value):
            raise self._refuse(Reason.NO_MATCH, move, "fits_other_end", n=end_value,
                               side="left" if move.end == "L" else "right",
                               other_side="right" if move.end == "L" else "left", other=other_value)
        raise self._refuse(Reason.NO_MATCH, move, "fits_neither")

    def _check_pass(self, move: Move) -> Move:
        if self._drawn is not None:
            if self.rules.drawn_tile_must_play:
                raise self._refuse(Reason.MUST_PLAY_DRAWN_TILE, move, "must_play_drawn", tile=self._drawn)
            return move
        self._refuse_if_playable(move, Reason.PASS_WITH_PLAYABLE_TILE, "holding")
        if self._pile:
            raise self._refuse(Reason.MUST_DRAW, move, "must_draw", n=len(self._pile))
        return move

    def _check_draw(self, move: Move) -> Move:
        if not self.rules.has_boneyard:
            raise self._refuse(Reason.DRAW_NOT_ALLOWED, move, "no_pile")
        if self._drawn is not None:
            if self.rules.draw_mode == "until_playable":
                raise self._refuse(Reason.MUST_PLAY_DRAWN_TILE, move, "must_play_drawn", tile=self._drawn)
            raise self._refuse(Reason.NOT_YOUR_TURN, move, "drew_already")
        self._refuse_if_playable(move, Reason.DRAW_WITH_PLAYABLE_TILE, "draw_holding")
        if not self._pile:
            raise self._refuse(Reason.DRAW_FROM_EMPTY_BONEYARD, move, "pile_empty")
        if move.tile is not None and move.tile != self._pile[-1]:
            raise self._refuse(Reason.BAD_DRAW, move, "bad_draw", top=str(self._pile[-1]))
        return move

    def _refuse_if_playable(self, move: Move, reason: Reason, case: str) -> None:
        if self.has_playable(move.seat):
            fitting = tuple(self.playable_tiles(move.seat))
            raise self._refuse(reason, move, f"{case}_{'one' if len(fitting) == 1 else 'more'}", tiles=fitting)

    def _refuse(self, reason: Reason, move: Move, case: str, **facts: Any) -> IllegalMoveError:
        return IllegalMoveError(reason, case, move, ply=len(self.moves), ends=self.ends, **facts)

    # -- display -----------------------------------------------------------------------
    def __repr__(self) -> str:
        ends = "-" if self.left is None else f"{self.left}|{self.right}"
        state = f"{self.outcome.termination.value}" if self.outcome else f"turn={self.turn}"
        return f"<Hand {self.rules.name} ply={len(self.moves)} ends={ends} {state}>"

    def _repr_svg_(self) -> str:
        from ..words.svg import render_position

        return render_position(self)

    def state_key(self) -> tuple[object, ...]:
        """A value equal for equal positions (used to check that undo is exact)."""
        return (tuple(sorted(self._held.items())), tuple(self._pile), tuple(self.line), self.left,
                self.right, self.turn, tuple(self.moves), self.outcome, self._drawn, self._drew,
                self.lead_index, tuple(self._unplayed_with))


class LegalMoves:
    """The legal moves of a position: iterable, supports ``in``, ``len``, ``bool`` and ``count``."""

    __slots__ = ("_hand", "_moves")

    def __init__(self, hand: Hand) -> None:
        self._hand = hand
        self._moves = hand.legal_move_list()

    def __iter__(self) -> Iterator[Move]:
        return iter(self._moves)

    def __len__(self) -> int:
        return len(self._moves)

    def count(self) -> int:
        return len(self._moves)

    def __bool__(self) -> bool:
        return bool(self._moves)

    def __contains__(self, move: object) -> bool:
        if isinstance(move, str):
            try:
                move = Move.parse(move)
            except MoveSyntaxError:
                return False
        return move in self._moves

    def __getitem__(self, index: int) -> Move:
        return self._moves[index]

    def groups(self) -> list[list[Move]]:
        """The moves in classes of equivalent moves (:func:`equivalent`), in order of first appearance."""
        return group_moves(self._moves, self._hand.ends)

    def distinct(self) -> list[Move]:
        """One move of each class of equivalent moves (:func:`equivalent`): the first listed."""
        return [group[0] for group in group_moves(self._moves, self._hand.ends)]

    def __repr__(self) -> str:
        return f"<LegalMoves at {len(self._hand.moves)}: {', '.join(str(m) for m in self._moves)}>"


def mirror_key(move: Move, ends: tuple[int, int] | None) -> tuple[object, ...]:
    """A value equal for equivalent moves at open ends ``ends`` (see :func:`equivalent`)."""
    if move.action == LEAD:
        return (move.tile, frozenset((move.first, move.second)))
    if move.action == PLAY and ends is not None and move.second is not None:  # (a play always has both)
        left, right = ends
        after = (move.second, right) if move.end == "L" else (left, move.second)
        return (move.tile, min(after), max(after))
    return (move.action,)


def equivalent(a: Move, b: Move, ends: tuple[int, int] | None) -> bool:
    """Whether two moves of the seat to move, at open ends ``ends`` (``None`` before the lead),
    are one move seen in a mirror: the same tile leaving the same open ends.

    With both ends showing one number (6-6 posed), a 6-4 played on the left or on the right
    leaves ends 4 and 6 either way; a lead written either way round (``6-4`` or ``4-6``) is
    one lead. The positions they give differ only by left and right, so every later fact
    (legal moves, blocks, counts) is the same.
    """
    return mirror_key(a, ends) == mirror_key(b, ends)


def group_moves(moves: Iterable[Move], ends: tuple[int, int] | None) -> list[list[Move]]:
    """``moves`` (of one seat at open ends ``ends``) in classes of :func:`equivalent` moves,
    in order of first appearance: :meth:`LegalMoves.groups`, for a hand or a seat view's moves."""
    groups: dict[tuple[object, ...], list[Move]] = {}
    for move in moves:
        groups.setdefault(mirror_key(move, ends), []).append(move)
    return list(groups.values())


# -- interned moves: legal-move generation hands these out without allocating ----------
_Leads = dict[str, dict[Tile, list[Move]]]
"""``_LEADS[seat][tile]``: the leads of ``tile`` (a double once, else with either half first)."""
_Plays = dict[str, dict[Tile, dict[str, dict[int, Move]]]]
"""``_PLAYS[seat][tile][end][half]``: ``tile`` played on ``end`` with ``half`` touching."""


def _build_moves() -> tuple[_Leads, _Plays, dict[str, Move], dict[str, Move]]:
    leads: _Leads = {}
    plays: _Plays = {}
    passes: dict[str, Move] = {}
    draws: dict[str, Move] = {}
    for seat in "NESW":
        passes[seat] = Move(seat, PASS)
        draws[seat] = Move(seat, DRAW)
        leads[seat] = {}
        plays[seat] = {}
        for t in ALL_TILES:
            low, high = t.halves
            leads[seat][t] = [Move(seat, LEAD, t, first=high)] + ([] if low == high else [Move(seat, LEAD, t, first=low)])
            plays[seat][t] = {end: {half: Move(seat, PLAY, t, end, half) for half in {low, high}} for end in "LR"}
    return leads, plays, passes, draws


_LEADS, _PLAYS, _PASS, _DRAW = _build_moves()
def _plays_by_subset(seat: str, end: str, number: int) -> dict[int, tuple[Move, ...]]:
    """For every subset of the tiles showing ``number`` (as a bit mask), the plays they allow."""
    side = 0 if end == "L" else 1
    table: dict[int, tuple[Move, ...]] = {}
    for subset in range(1 << len(TILES_WITH[number])):
        mask = sum(1 << t for i, t in enumerate(TILES_WITH[number]) if subset >> i & 1)
        table[mask] = tuple(_PLAYS[seat][ALL_TILES[t]][end][half]
                            for t, on, half in plays(mask, number, number) if on == side)
    return table


_PLAYS_ON = {seat: tuple([_plays_by_subset(seat, end, n) for n in range(7)] for end in "LR") for seat in "NESW"}
"""``_PLAYS_ON[seat][0 for left, 1 for right][n][held & MASK_WITH[n]]``: the plays on an end
showing ``n`` (both ends' tables of a seat in one lookup, for the move loops)."""
_Step = tuple[Move, int, int, tuple[int, int], bool]


def _step(move: Move) -> _Step:
    tile, second, placed = move.tile, move.second, move.placed
    assert tile is not None and second is not None and placed is not None  # a play names all three
    return (move, 1 << tile, second, placed, move.end == "L")


_STEPS_ON = {seat: tuple([{subset: tuple(_step(m) for m in plays) for subset, plays in _PLAYS_ON[seat][side][n].items()}
                          for n in range(7)] for side in (0, 1))
             for seat in "NESW"}
"""``_STEPS_ON``: :data:`_PLAYS_ON`'s plays with what they change, ``(move, tile's bit, the
number it opens, its halves as placed, whether it goes on the left)``, for :meth:`Hand._play_out_plainly`."""
_WILD_PLAYS = {seat: {end: tuple((ALL_TILES[t], _PLAYS[seat][ALL_TILES[t]][end][half])
                                 for t, on, half in plays(ALL_MASK, 0, 0, wild=True) if on == (end == "R"))
                      for end in "LR"}
               for seat in "NESW"}
"""Every play on a wild blank end, as (tile, play) pairs: any tile, either half touching."""


def passed_seats(moves: Sequence[Move], seats: tuple[str, ...], turn: str | None) -> tuple[str, ...]:
    """Seats whose last action was a pass, or a draw that did not fit (a mark): :meth:`Hand.passed`."""
    last: dict[str, str] = {}
    unseen = len(seats)
    for move in reversed(moves):  # from the end: stops once every seat is seen
        if move.seat not in last:
            last[move.seat] = move.action
            unseen -= 1
            if not unseen:
                break
    # a drawn tile that fits is played next, so a draw left as the last action did not fit
    marked = [seat for seat, action in last.items() if action == PASS or (action == DRAW and seat != turn)]
    if len(marked) < 2:
        return tuple(marked)
    return tuple(seat for seat in seats if seat in marked)


def last_placed(moves: Sequence[Move], lead_index: int, line_length: int) -> int | None:
    """The index in the line of the tile the last move placed (``None`` after a pass or draw)."""
    if not moves:
        return None
    move = moves[-1]
    if move.action == LEAD:
        return lead_index
    if move.action == PLAY:
        return 0 if move.end == "L" else line_length - 1
    return None


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

