"""One hand of dominoes: the deal, the line of play, the moves, and how the hand ended.

A :class:`Hand` keeps a move stack and a snapshot stack (python-chess's push/pop), so
``pop`` undoes the last move exactly. ``legal_moves`` lists what the seat to move may
do; ``push`` applies a move or raises :class:`IllegalMoveError` with the RULES.md reason
and changes nothing.

A hand is a :class:`~dominoes_widget.engine.position.Position` (plain public fields: what
each seat holds, the pile, the line, whose turn) with its history and ``push``/``pop`` on top.
The rules read the position alone: its legal moves (``legal_moves``, from the tables of
``move_tables``), why a move is refused (``move_checks``); how it ended is ``outcome``, the
deal ``dealing``. No other module touches a hand's private attributes.
"""

from __future__ import annotations

import random
from collections import deque
from functools import partial
from typing import Callable, Iterable, Mapping, TypedDict, Unpack, cast

from .dealing import (HAND_SIZE, _all_tuples, _checked_deal, _shuffled, checked_seed, deal_masks, deal_tiles,
                      opening_lead, opening_lead_of_masks, rng_of)
from .errors import DealError, Problem, Reason, excerpt
from .hand_history import last_placed, passed_seats
from .legal_moves import LegalMoves, equivalent, group_moves, mirror_key
from .legal_moves import legal_moves as legal_moves_at
from .masks import WinReason, fits, is_blocked, mask_of, pips, put_back, take_out, tiles_of, unplayed_counts, unplayed_in
from .move import DRAW, LEAD, PASS, PLAY, Move, move_to_make
from .move_checks import check_move
from .move_tables import PASSES, STEPS_ON
from .outcome import Outcome, Termination, outcome_at_end
from .position import Position
from .rules import TEAMS, Rules, other_team, partner_of, team_of
from .tiles import ALL_TILES, MASK_WITH, Tile

__all__ = ["Hand", "Outcome", "Termination", "WinReason", "LegalMoves", "deal_tiles", "deal_masks", "opening_lead",
           "opening_lead_of_masks", "team_of",
           "Position", "TEAMS", "partner_of", "other_team", "equivalent", "group_moves", "checked_seed", "rng_of",
           "HAND_SIZE", "DOUBLE_SIX", "DOUBLE_BLANK", "mirror_key", "passed_seats", "last_placed",
           "_shuffled", "_checked_deal", "_all_tuples"]

DOUBLE_SIX = ALL_TILES[27]
DOUBLE_BLANK = ALL_TILES[0]


_Ends = tuple[int, int]
_Snapshot = tuple[_Ends | None, str | None, Tile | None, bool, Outcome | None, int]
"""What a move changes besides the tiles: (ends before it, turn, drawn, drew, outcome, lead_index)."""
_Origin = tuple[dict[str, tuple[Tile, ...]], tuple[Tile, ...], tuple[_Ends, ...], str, int, str | None, Tile | None,
                bool]
"""The position a hand built by ``from_position`` starts from: its arguments after ``rules``."""


class LeadOptions(TypedDict, total=False):
    """The lead keywords :meth:`Hand.dealt` passes on to :class:`Hand`."""

    lead_tile: Tile | str | None
    leaders: Iterable[str] | None


class Hand(Position):
    """A hand from the deal to its end.

    ``leader`` is the seat that makes the first move (by default, the one the first-hand
    rule names). ``lead_tile`` is the tile that must be led, if any; ``leaders`` the seats
    that may lead (a seat outside them is refused with ``wrong_leader``).
    """

    # Every hand sets all of its attributes when it is made, in the same order (see _set_up):
    # CPython then reads each attribute of every hand from one place, where a class default that
    # some hands shadow and others not would keep its look-ups from specializing. The position's
    # fields are declared on Position; the history's here.
    initial_boneyard: tuple[Tile, ...]
    leader: str
    moves: list[Move]
    outcome: Outcome | None
    _dealt: dict[str, int]
    _stack: list[_Snapshot]  # per move: (ends before it, turn, drawn, drew, outcome, lead_index)
    _origin: _Origin | None  # the position a hand built by from_position starts from
    _offered: tuple[Move, ...]  # the legal moves last listed, while the position stands
    _unstacked: tuple[int, int, int, int] | None
    """Set by plain plays and passes, which leave their snapshots to :meth:`_snapshots`: (the
    index of the first of them, the ends and the lead index before it)."""
    _deal: dict[str, tuple[Tile, ...]] | None  # worked out from _dealt when first read
    _history_start: "tuple[tuple[tuple[int, int], ...], dict[str, int], int, int, str] | None"

    __eq__ = object.__eq__  # a hand is itself: two hands at equal positions are still two hands
    __hash__ = object.__hash__  # type: ignore[assignment]  # (Position's is None: a position is compared by value)

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

    # -- construction (the work is done in hand_making) ----------------------------------
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
            first = leader
            if first is None:
                opening = opening_lead_of_masks(rules, held)
                if opening is None:
                    continue  # no double, and the rules say to redeal
                first, tile_led = opening
                if "lead_tile" not in lead_options and not (rules.is_partnership and rules.sporting):
                    lead_tile = tile_led
            return cls.from_masks(rules, held, pile, first, lead_tile=lead_tile, leaders=lead_options.get("leaders"))

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
        hand.unplayed = unplayed_counts(line)
        hand.line.extend(line)
        if line:
            hand.left, hand.right = line[0][0], line[-1][1]
        hand.lead_index = lead_index
        hand.turn = turn
        hand.drawn = drawn
        hand.drew = drew
        return hand

    def copy(self) -> "Hand":
        """An independent copy of the position with its full move history."""
        cls = type(self)
        if self._origin is not None:
            deal, pile, line, turn, lead_index, leader, drawn, drew = self._origin
            twin = cls.from_position(self.rules, deal, pile, line, turn, lead_index=lead_index, leader=leader,
                                     drawn=drawn, drew=drew)
        else:
            twin = cls(self.rules, self.deal, self.initial_boneyard, self.leader, lead_tile=self.lead_tile,
                       leaders=self.leaders)
        for move in self.moves:
            twin._apply(move)
        return twin

    def restore(self, snapshot: Position) -> None:
        """Refused: a hand's position moves with its history, by :meth:`push` and :meth:`pop`."""
        raise TypeError("a Hand moves by push and pop; restore a plain Position (Hand.snapshot() gives one)")

    def _set_up(self, rules: Rules, held: dict[str, int], pile: Iterable[Tile], leader: str | None,
                lead_tile: Tile | str | None, leaders: Iterable[str] | None) -> None:
        """Set the hand at the deal: ``held`` each seat's tiles as a mask, ``pile`` the draw pile (top first)."""
        # (a hand keeps at most 30 attribute names, the most CPython shares between instances:
        # one more and every attribute read of every hand takes the slow path; a test holds it)
        self.rules = rules
        self.seats = rules.seats
        self._dealt = held
        self.initial_boneyard = tuple(pile)
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
        self.lead_tile = Tile.parse(lead_tile) if isinstance(lead_tile, str) else lead_tile
        self.leaders = frozenset(leaders) if leaders is not None else rules.seat_set
        self.next_seat = rules.next_seat
        self.wild = rules.blank_rule == "wild"

        self.holdings = held.copy()
        self.pile = list(reversed(self.initial_boneyard))  # the top of the pile is last
        self.unplayed = [7] * 7
        self.line = deque()
        self.turn = leader
        self.moves = []
        self._stack = []  # per move: (ends before it, turn, drawn, drew, outcome, lead_index)
        self.left = self.right = None
        self.lead_index = 0
        self.outcome = None
        self.drawn = None
        self.drew = False
        self._origin = None
        self._offered = ()
        self._unstacked = None
        self._deal = None
        self._history_start = None

    # -- what a seat holds -------------------------------------------------------------
    def held(self, seat: str) -> list[Tile]:
        """The tiles ``seat`` holds now, in order."""
        return [*tiles_of(self.holdings[seat])]

    def held_tuple(self, seat: str) -> tuple[Tile, ...]:
        """The tiles ``seat`` holds now, in order, as a tuple."""
        return tiles_of(self.holdings[seat])

    def held_mask(self, seat: str) -> int:
        """The tiles ``seat`` holds now, as a mask (bit ``t`` for tile ``t``)."""
        return self.holdings[seat]

    def count(self, seat: str) -> int:
        """How many tiles ``seat`` holds."""
        return self.holdings[seat].bit_count()

    @property
    def boneyard(self) -> list[Tile]:
        """The draw pile, top (next drawn) first."""
        return self.pile[::-1]

    @property
    def boneyard_size(self) -> int:
        return len(self.pile)

    def pips(self, seat: str) -> int:
        """``seat``'s count as the blocked count scores it (0-0 is 13 in the Vietnamese game)."""
        return pips(self.holdings[seat], self.rules.double_blank_pips)

    def counts(self) -> dict[str, int]:
        """How many tiles each seat holds."""
        held = self.holdings
        return dict(zip(held, map(int.bit_count, held.values())))

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def ply(self) -> int:
        return len(self.moves)

    # -- legal moves -------------------------------------------------------------------
    @property
    def legal_moves(self) -> "LegalMoves":
        """The moves the seat to move may make, as a collection (``in``, ``len``, iteration)."""
        return LegalMoves(self)

    def legal_move_list(self) -> list[Move]:
        """The legal moves as a fresh list (the fast path used by bots and simulation)."""
        moves = legal_moves_at(self)
        self._offered = moves  # push() accepts one of these, until the position changes, unchecked
        return list(moves)

    def legal_move_tuple(self) -> tuple[Move, ...]:
        """The legal moves as a tuple (listed once per position, as :meth:`legal_move_list` lists them)."""
        if not self._offered:
            self._offered = legal_moves_at(self)
        return self._offered

    def _fits_end(self, tile: Tile, end: int) -> bool:
        return fits(tile, end, self.wild)

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
        return self._apply(check_move(self, move_to_make(move), self.moves))

    def push_unchecked(self, move: Move) -> Move:
        """Make a move taken from :meth:`legal_move_list` without checking it again."""
        return self._apply(move)

    def play_out(self, rng: random.Random, choose: Callable[[list[Move]], Move] | None = None) -> Outcome:
        """Finish the hand with uniformly random legal moves, or with ``choose(legal_moves)``.

        The fast path for rollouts and simulation: moves come from :meth:`legal_move_list`
        and are made without checking them again. Returns the outcome.
        """
        legal, apply = partial(legal_moves_at, self), self._apply
        if choose is None:
            uniform = rng.random
            # first whatever legal_moves_at handles beyond plain plays and passes: the lead, a
            # drawn tile, wild blanks, a pile
            while self.turn is not None and (self.wild or self.pile or self.left is None or self.drawn is not None):
                moves = legal()
                apply(moves[int(uniform() * len(moves))])
            if self.turn is not None:
                _play_out_plainly(self, uniform)
        else:
            while self.turn is not None:
                apply(choose(list(legal())))
        assert self.outcome is not None  # the hand ends (turn None) only in _finish, which sets it
        return self.outcome

    def pop(self) -> Move:
        """Undo the last move exactly and return it."""
        if not self.moves:
            raise IndexError("pop from a hand with no moves")
        stack = self._snapshots()  # (before the move leaves the list: its snapshot may be worked out from it)
        move = self.moves.pop()
        self._offered = ()
        ends, self.turn, self.drawn, self.drew, self.outcome, self.lead_index = stack.pop()
        self.left, self.right = ends or (None, None)
        seat, tile = move.seat, move.tile
        if move.action == DRAW:
            assert tile is not None  # a draw is recorded with the tile drawn
            self.holdings[seat] &= ~(1 << tile)
            self.pile.append(tile)
        elif move.action in (LEAD, PLAY):
            assert tile is not None  # a lead or play names its tile
            self.holdings[seat] |= 1 << tile
            put_back(self.unplayed, tile)
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
        seat, action, drew = move.seat, move.action, self.drew
        left, right = self.left, self.right
        if drew or left is None or right is None or action == LEAD or action == DRAW:
            if self._unstacked is not None:
                self._snapshots()
            self._stack.append((None if left is None or right is None else (left, right), self.turn, self.drawn,
                                drew, self.outcome, self.lead_index))
        elif self._unstacked is None:  # a plain play or pass by the seat to move: its snapshot is left to _snapshots
            self._unstacked = (len(self.moves), left, right, self.lead_index)
        if action == PLAY or action == LEAD:
            tile, placed = move.tile, move.placed
            assert tile is not None and placed is not None  # a lead or play names its tile and place
            # its halves as they lie in the line, left to right: a lead opens both ends, a
            # play on the left opens its left half, a play on the right its right half
            left_half, right_half = placed
            held = self.holdings[seat] ^ 1 << tile
            self.holdings[seat] = held
            unplayed = self.unplayed
            take_out(unplayed, tile)
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
                self.drawn = None
                self.drew = False
            self.moves.append(move)
            assert left is not None and right is not None  # set by the lead
            if not held:
                self._finish(seat)
            elif unplayed[left] == 0 and unplayed[right] == 0 and self._is_blocked():  # (a quick first test)
                self._finish(None)
            else:
                self.turn = self.next_seat[seat]
            return move
        if action == PASS:
            self.moves.append(move)
            self.drawn = None
            self.drew = False
            self.turn = self.next_seat[seat]
            return move
        return self._apply_draw(move)

    def _apply_draw(self, move: Move) -> Move:
        """A draw: take the top of the pile; the seat plays it, draws again or the turn passes."""
        seat, left, right = move.seat, self.left, self.right
        tile = self.pile.pop()
        if move.tile is None:
            move = Move(seat, DRAW, tile)
        self.holdings[seat] |= 1 << tile
        self.moves.append(move)
        self.drew = True
        assert left is not None and right is not None  # a draw comes after the lead
        if self._fits_end(tile, left) or self._fits_end(tile, right):
            self.drawn = tile
        elif self.rules.draw_mode == "until_playable" and self.pile:
            pass  # the same seat draws again
        else:
            self.drew = False
            self.turn = self.next_seat[seat]
            if self.rules.block_detection == "exhaust_boneyard" and self._is_blocked():
                self._finish(None)
        return move

    def _is_blocked(self) -> bool:
        """No unplayed tile anywhere can ever be placed on either end."""
        left, right = self.left, self.right
        assert left is not None and right is not None  # only asked after the lead
        return is_blocked(self.unplayed, left, right, wild=self.wild,
                          waiting_pile=self.rules.block_detection == "exhaust_boneyard" and bool(self.pile))

    def _finish(self, domino_seat: str | None) -> None:
        """End the hand: ``domino_seat`` played its last tile, or (``None``) the line is blocked."""
        self.turn = None
        self.drawn = None
        self.drew = False
        left, right = self.left, self.right
        assert left is not None and right is not None  # a hand ends on a play or a draw, after the lead
        self.outcome = outcome_at_end(self.rules, self.seats, dict(self.holdings), (left, right), domino_seat)

    # -- what happened so far, as every seat may read it ------------------------------------
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

    # -- display -----------------------------------------------------------------------
    def __repr__(self) -> str:
        ends = "-" if self.left is None else f"{self.left}|{self.right}"
        state = f"{self.outcome.termination.value}" if self.outcome else f"turn={self.turn}"
        return f"<Hand {self.rules.name} ply={len(self.moves)} ends={ends} {state}>"

    def _repr_svg_(self) -> str:
        from ..words.svg import render_position

        return render_position(self)

    def _repr_html_(self) -> str:
        """The same picture as an image, which untrusted notebooks show too."""
        from ..words.svg import render_position_image

        return render_position_image(self)

    def state_key(self) -> tuple[object, ...]:
        """A value equal for equal positions (used to check that undo is exact)."""
        return (tuple(sorted(self.holdings.items())), tuple(self.pile), tuple(self.line), self.left,
                self.right, self.turn, tuple(self.moves), self.outcome, self.drawn, self.drew,
                self.lead_index, tuple(self.unplayed))


def _play_out_plainly(hand: Hand, uniform: Callable[[], float]) -> None:
    """:meth:`play_out`'s common case, once led with every tile dealt and blanks standard:
    plays and passes only, made here as :meth:`_apply` makes them (the same moves and
    line; their snapshots for :meth:`pop` are worked out when first asked), with the
    position in local names and each play's effects looked up."""
    hand._offered = ()
    held, masks, passes, steps_on, next_seat = hand.holdings, MASK_WITH, PASSES, STEPS_ON, hand.next_seat
    moves, line = hand.moves.append, hand.line
    seat, left, right, lead_index = hand.turn, hand.left, hand.right, hand.lead_index
    assert seat is not None and left is not None and right is not None  # led, and not over
    if hand._unstacked is None:  # (else the moves before are plain plays and passes whose snapshots wait too)
        hand._unstacked = (len(hand.moves), left, right, lead_index)  # the snapshots are left to _snapshots
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
            hand.left, hand.right, hand.lead_index = left, right, lead_index
            hand.unplayed[:] = unplayed_in(out)
            hand._finish(None if mine else seat)
            return
        seat = next_seat[seat]
