"""A hand's position as one plain value (engine/position.py): the rules read it alone, it copies
out and back, and no module but hand.py touches a hand's private attributes."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from dominoes_widget.engine.errors import IllegalMoveError, Reason
from dominoes_widget.engine.hand import Hand
from dominoes_widget.engine.legal_moves import legal_moves
from dominoes_widget.engine.move import Move
from dominoes_widget.engine.move_checks import check_move
from dominoes_widget.engine.position import Position
from dominoes_widget.engine.rules import Rules

PACKAGE = Path(__file__).resolve().parent.parent / "dominoes_widget"
VARIANTS = [Rules.six_love(), Rules.vietnamese(2), Rules.vietnamese(3, blank_rule="wild"),
            Rules.vietnamese(2, draw_mode="until_playable", drawn_tile_must_play=False)]


def _positions(rules: Rules, seeds: range = range(12)):
    """Hands part-way through, at every ply of a random game."""
    rng = random.Random(7)
    for seed in seeds:
        hand = Hand.dealt(rules, seed)
        while hand.turn is not None:
            yield hand
            hand.push(rng.choice(hand.legal_move_list()))


def _plain(hand: Hand) -> Position:
    """The hand's position built again from its public facts, as a caller with no hand would."""
    return Position(hand.rules, {seat: hand.held(seat) for seat in hand.seats}, hand.turn, pile=hand.boneyard,
                    line=hand.line, lead_index=hand.lead_index, leaders=hand.leaders, lead_tile=hand.lead_tile,
                    drawn=hand.drawn, drew=hand.drew)


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: r.name)
def test_a_plain_position_has_the_hands_legal_moves_and_refusals(rules):
    for hand in _positions(rules):
        position = _plain(hand)
        assert position == hand.snapshot(), "a snapshot is the position, field for field"
        assert legal_moves(position) == tuple(hand.legal_move_list())
        for tile in (hand.held(hand.turn) or [])[:3]:
            for end in ("L", "R"):
                move = Move.parse(f"{hand.turn} {tile} {end}") if hand.ends else Move.parse(f"{hand.turn} {tile}")
                try:
                    expected = check_move(hand, move, hand.moves)
                except IllegalMoveError as refused:
                    with pytest.raises(IllegalMoveError) as caught:
                        check_move(position, move)
                    assert (caught.value.reason, caught.value.case) == (refused.reason, refused.case)
                else:
                    assert check_move(position, move) == expected


def test_a_snapshot_is_independent_and_restores_exactly():
    hand = Hand.dealt(Rules.vietnamese(2), 3)
    hand.push(hand.legal_move_list()[0])
    before = hand.snapshot()
    kept = before.snapshot()
    rng = random.Random(1)
    while hand.turn is not None:
        hand.push(rng.choice(hand.legal_move_list()))
    assert before == kept, "playing on does not reach a snapshot taken before"
    assert hand.snapshot() != before
    later = hand.snapshot()
    later.restore(before)
    assert later == before and later.holdings is not before.holdings and later.pile is not before.pile
    assert legal_moves(later) == legal_moves(kept)


def test_a_hand_moves_only_by_push_and_pop():
    hand = Hand.dealt(Rules.six_love(), 1)
    with pytest.raises(TypeError, match="push and pop"):
        hand.restore(hand.snapshot())
    assert hand == hand and hand != Hand.dealt(Rules.six_love(), 1), "hands are themselves, not equal by value"
    assert len({hand, hand.copy()}) == 2, "a hand stays hashable"


def test_check_move_on_a_position_says_the_hand_is_over_and_what_was_held():
    hand = Hand.dealt(Rules.six_love(), 2)
    hand.play_out(random.Random(0))
    with pytest.raises(IllegalMoveError) as over:
        check_move(hand.snapshot(), Move.parse("S pass"))
    assert over.value.reason is Reason.HAND_OVER
    assert legal_moves(hand.snapshot()) == ()


HAND_PRIVATE = {name for name in vars(Hand).get("__annotations__", {}) if name.startswith("_")} | {
    name for name in vars(Hand) if name.startswith("_") and not name.startswith("__")}


def test_the_hands_private_attributes_are_its_own():
    """No module but engine/hand.py reads or writes a hand's private attributes (they were set
    from three sibling modules); the rules read the public Position."""
    assert {"_stack", "_origin", "_offered", "_apply", "_snapshots"} <= HAND_PRIVATE
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path == PACKAGE / "engine" / "hand.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr in HAND_PRIVATE and not (
                    isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno} .{node.attr}")
    assert found == []
