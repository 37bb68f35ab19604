"""Tiles of the double-six set and move notation (RULES.md table; RECORD.md move notation)."""

from __future__ import annotations

import pickle

import pytest

from dominoes_widget import ALL_TILES, Move, MoveSyntaxError, Tile, TileError, tile
from dominoes_widget.engine.tiles import MASK_WITH, TILES_WITH


# -- the set ------------------------------------------------------------------------------
def test_double_six_set_has_28_distinct_tiles_from_0_0_to_6_6():
    """RULES.md: the double-six set, 28 tiles, 0-0 … 6-6."""
    assert len(ALL_TILES) == 28
    assert len({str(t) for t in ALL_TILES}) == 28
    assert str(ALL_TILES[0]) == "0-0" and str(ALL_TILES[-1]) == "6-6"
    assert {t.halves for t in ALL_TILES} == {(a, b) for b in range(7) for a in range(b + 1)}


def test_each_number_shows_on_exactly_seven_tiles():
    """RULES.md: a blocked line shows a number all seven of whose tiles are on the table."""
    for number in range(7):
        assert len(TILES_WITH[number]) == 7
        assert all(t.has(number) for t in TILES_WITH[number])
        assert MASK_WITH[number] == sum(1 << t for t in TILES_WITH[number])


# -- parsing ------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["6-4", "4-6", "6:4", "[6|4]", " 4 - 6 "])
def test_tile_text_in_either_order_names_the_same_tile(text):
    """RECORD.md: tiles are written a-b; either half may come first."""
    assert Tile.parse(text) is tile(4, 6)
    assert str(Tile.parse(text)) == "4-6"


def test_tile_halves_pips_and_doubles():
    t = Tile.parse("6-4")
    assert (t.low, t.high, t.pips, t.is_double) == (4, 6, 10, False)
    assert t.other(6) == 4 and t.other(4) == 6
    assert t.written(6) == "6-4" and t.written(4) == "4-6"
    assert Tile.parse("0-0").pips == 0 and Tile.parse("0-0").is_double
    assert Tile.parse("6-4").label == "six-four"


def test_tile_repr_round_trips_and_str_is_the_notation():
    """STYLE.md 5: values whose repr round-trips; str() is the notation."""
    for t in ALL_TILES:
        assert eval(repr(t)) is t
        assert Tile.parse(str(t)) is t
        assert pickle.loads(pickle.dumps(t)) is t


@pytest.mark.parametrize("text", ["7-1", "6-", "66", "", "six-four", "6-4-2", "-1-3"])
def test_bad_tile_text_is_refused_naming_the_text(text):
    with pytest.raises(TileError) as error:
        Tile.parse(text)
    assert repr(text) in str(error.value)
    assert isinstance(error.value, ValueError)


@pytest.mark.parametrize("value", [None, 64, ("6", "4")])
def test_a_tile_must_be_written_as_text(value):
    with pytest.raises(TileError, match="text"):
        Tile.parse(value)


@pytest.mark.parametrize("halves", [(7, 1), (-1, 3), (True, 2)])
def test_halves_outside_0_to_6_are_refused(halves):
    with pytest.raises(TileError, match="double-six"):
        tile(*halves)


# -- move notation -------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text, action, end, first",
    [
        ("E 6-6", "lead", None, 6),
        ("E 6-4", "lead", None, 6),
        ("E 4-6", "lead", None, 4),
        ("N 6-4 L", "play", "L", 6),
        ("N 4-6 R", "play", "R", 4),
        ("S pass", "pass", None, None),
        ("W draw", "draw", None, None),
        ("W draw 2-3", "draw", None, None),
    ],
)
def test_move_notation_round_trips(text, action, end, first):
    """RECORD.md: '<seat> <tile>' leads, '<seat> <tile> L|R' plays (first half touches), pass, draw."""
    move = Move.parse(text)
    assert (move.action, move.end, move.first) == (action, end, first)
    assert str(move) == text
    assert eval(repr(move)) == move
    assert Move.parse(str(move)) == move


def test_a_lead_written_6_4_leaves_6_left_and_4_right():
    """RECORD.md: 'a lead; the tile as written gives the left and right open ends'."""
    move = Move.parse("E 6-4")
    assert (move.first, move.second) == (6, 4)


def test_a_written_draw_carries_the_tile_and_the_hidden_form_does_not():
    move = Move.parse("W draw 3-2")
    assert move.tile is tile(2, 3)
    assert str(move) == "W draw 2-3"  # the drawn tile has no orientation
    assert str(move.without_tile()) == "W draw"


@pytest.mark.parametrize(
    "text",
    ["X 6-6", "N", "N 6-6 X", "N 6-7 L", "N pass now", "N draw 9-9", "N play 6-6", "6-6 N", "", "N 6-6 L R"],
)
def test_bad_move_text_is_refused(text):
    with pytest.raises(MoveSyntaxError):
        Move.parse(text)


def test_move_text_must_be_a_string():
    with pytest.raises(MoveSyntaxError, match="text"):
        Move.parse(["N", "pass"])


def test_every_tile_is_true_even_the_0_0():
    assert all(bool(tile) for tile in ALL_TILES) and Tile.parse("0-0") == 0
