"""The legal moves of a position: how they are listed from a :class:`Position`'s masks
(:func:`legal_moves`), and the collection a hand offers (``in``, ``len``, groups of mirror moves)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Iterator

from .errors import MoveSyntaxError
from .move import LEAD, PLAY, Move
from .move_tables import DRAWS, LEADS, PASSES, PLAYS_ON, WILD_PLAYS
from .tiles import ALL_TILES, MASK_WITH, Tile

if TYPE_CHECKING:
    from .hand import Hand
    from .position import Position


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


def legal_moves(position: Position) -> tuple[Move, ...]:
    """The moves the seat to move may make at ``position``, in the engine's order (none once the hand is over)."""
    hand = position  # (the name the rest reads: a hand's position is what it reads)
    seat = hand.turn
    if seat is None:
        return ()
    held, left, right = hand.holdings[seat], hand.left, hand.right
    if left is not None and right is not None and hand.drawn is None and not hand.wild:  # most positions
        on_left, on_right = PLAYS_ON[seat]
        plays = on_left[left][held & MASK_WITH[left]] + on_right[right][held & MASK_WITH[right]]
        if plays:
            return plays
    elif left is None:
        if seat not in hand.leaders:
            return ()
        if hand.lead_tile is not None:
            tiles = [hand.lead_tile] if held >> hand.lead_tile & 1 else []
        else:
            tiles = [t for t in ALL_TILES if held >> t & 1]
        return tuple([m for t in tiles for m in LEADS[seat][t]])
    elif hand.drawn is not None:
        moves = _plays_of(hand, seat, hand.drawn)
        return tuple(moves if hand.rules.drawn_tile_must_play else moves + [PASSES[seat]])
    else:
        moves = _plays(hand, seat, held)
        if moves:
            return tuple(moves)
    if hand.pile and not (hand.drew and not hand.rules.draw_mode == "until_playable"):
        return (DRAWS[seat],)
    return (PASSES[seat],)


def _plays(hand: Position, seat: str, held: int) -> list[Move]:
    left, right = hand.left, hand.right
    assert left is not None and right is not None  # plays come after the lead
    if hand.wild and (left == 0 or right == 0):
        return _wild_plays(hand, seat, held)
    on_left, on_right = PLAYS_ON[seat]
    return [*on_left[left][held & MASK_WITH[left]], *on_right[right][held & MASK_WITH[right]]]


def _wild_plays(hand: Position, seat: str, held: int) -> list[Move]:
    moves: list[Move] = []
    for end, value, on_end in (("L", hand.left, PLAYS_ON[seat][0]), ("R", hand.right, PLAYS_ON[seat][1])):
        assert value is not None  # plays come after the lead
        if value == 0:
            moves += [m for t, m in WILD_PLAYS[seat][end] if held >> t & 1]
        else:
            moves += on_end[value][held & MASK_WITH[value]]
    return moves


def _plays_of(hand: Position, seat: str, tile: Tile) -> list[Move]:
    return [m for m in _plays(hand, seat, 1 << tile)]
