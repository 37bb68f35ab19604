"""``seat_view`` works out the line, the counts, the ends before each move and the seat's tiles
from the moves when first read: held here to what ``Hand`` says at the moment the view is
made, in every game, from dealt hands and from positions built by ``Hand.from_position``, and
after the hand has moved on or been taken back."""

from __future__ import annotations

import dataclasses
import pickle
import random

import pytest

from dominoes_widget import Hand, Rules, SeatView, seat_view
from dominoes_widget.engine.move import DRAW

GAMES = [Rules.six_love(), Rules.straight_six()] + [
    Rules.vietnamese(players, blank_rule=blank) for players in (2, 3, 4) for blank in ("standard", "wild")]

FROM_MOVES = ("tiles", "counts", "line", "lead_index", "ends", "ends_before", "boneyard_size", "leader", "revealed",
              "outcome", "draw_fits")


def _facts(hand: Hand, seat: str | None) -> dict[str, object]:
    """The fields that follow from the moves, as the hand gives them now."""
    over = hand.outcome is not None
    return {"tiles": hand.held_tuple(seat) if seat is not None else (), "counts": hand.counts(),
            "line": tuple(hand.line), "lead_index": hand.lead_index, "ends": hand.ends,
            "ends_before": hand.ends_history(), "boneyard_size": hand.boneyard_size, "leader": hand.leader,
            "revealed": {s: tuple(hand.held(s)) for s in hand.seats} if over else {}, "outcome": hand.outcome,
            "draw_fits": tuple(hand.draw_fitted(i) if m.action == DRAW else None for i, m in enumerate(hand.moves))
            if hand.rules.has_boneyard else ()}


def _midway(rules: Rules, rng: random.Random) -> Hand:
    """A position some moves into a dealt hand, rebuilt by ``from_position`` (its history starts there)."""
    hand = Hand.dealt(rules, rng)
    for _ in range(rng.randrange(1, 8)):
        if hand.is_over:
            break
        hand.push(rng.choice(hand.legal_move_list()))
    if hand.is_over or hand.ends is None:
        return Hand.dealt(rules, rng)
    return Hand.from_position(rules, {s: hand.held(s) for s in hand.seats}, hand.boneyard, hand.line,
                              hand.turn, lead_index=hand.lead_index, drawn=hand.drawn, drew=hand.drew)


@pytest.mark.parametrize("rules", GAMES, ids=lambda r: f"{r.game}{r.players}-{r.blank_rule}")
@pytest.mark.slow  # whole matches of bots
def test_fields_from_moves_are_the_hands_at_the_moment_of_the_view(rules: Rules) -> None:
    rng = random.Random(16)
    for number in range(60):
        hand = Hand.dealt(rules, rng) if number % 2 else _midway(rules, rng)
        taken: list[tuple[SeatView, dict[str, object]]] = []
        while True:
            for seat in (*hand.seats, None):
                view = seat_view(hand, seat)
                if rng.random() < 0.5:  # read now, or only after the hand has moved on
                    assert {name: getattr(view, name) for name in FROM_MOVES} == _facts(hand, seat)
                taken.append((view, _facts(hand, seat)))
            opened = seat_view(hand, "N", open_hands=True)
            assert opened.revealed == {s: hand.held_tuple(s) for s in hand.seats}
            assert opened.counts == hand.counts() and opened.tiles == hand.held_tuple("N")
            if hand.is_over:
                break
            hand.push(rng.choice(hand.legal_move_list()))
            if rng.random() < 0.1 and len(hand.moves) > 1:
                hand.pop()
        for view, facts in taken:
            assert {name: getattr(view, name) for name in FROM_MOVES} == facts


def test_a_view_equals_one_built_field_by_field_and_survives_copying() -> None:
    rules = Rules.vietnamese(3)
    hand = Hand.dealt(rules, 4)
    for _ in range(9):
        hand.push(random.Random(5).choice(hand.legal_move_list()))
    view = seat_view(hand, "S")
    eager = SeatView(seat="S", rules=rules, tiles=hand.held_tuple("S"), counts=hand.counts(), line=tuple(hand.line),
                     lead_index=hand.lead_index, ends=hand.ends,
                     moves=tuple(m if m.seat == "S" else m.without_tile() for m in hand.moves),
                     ends_before=hand.ends_history(), boneyard_size=hand.boneyard_size, turn=hand.turn,
                     legal_moves=view.legal_moves, leader=hand.leader,
                     draw_fits=tuple(hand.draw_fitted(i) if m.action == DRAW else None
                                     for i, m in enumerate(hand.moves)))
    assert seat_view(hand, "S") == eager and eager == seat_view(hand, "S")
    assert pickle.loads(pickle.dumps(seat_view(hand, "S"))) == eager
    assert dataclasses.replace(seat_view(hand, "S"), outcome=None) == eager
    assert repr(seat_view(hand, "S")) == repr(eager)


def test_a_view_holds_nothing_the_seat_may_not_see() -> None:
    hand = Hand.dealt(Rules.vietnamese(2), 7)
    hidden = set(hand.held("N")) | set(hand.boneyard)
    view = seat_view(hand, "S")
    held = [value for value in vars(view).values()]
    assert not any(isinstance(value, Hand) for value in held)
    assert not hidden & set(view.tiles) and not hidden & {m.tile for m in view.moves}


def test_an_unknown_attribute_is_still_an_attribute_error() -> None:
    view = seat_view(Hand.dealt(Rules.six_love(), 1), "N")
    with pytest.raises(AttributeError, match="no attribute 'tilez'"):
        view.tilez  # type: ignore[attr-defined]


def test_a_view_of_a_hand_with_draws_walks_its_snapshots_once(monkeypatch):
    """``draw_fits`` comes from one pass over the hand's snapshots, not one look-up per draw."""
    rng = random.Random(8)
    for deal in range(50):  # a hand some draws into its play
        hand = Hand.dealt(Rules.vietnamese(2), deal)
        while hand.outcome is None and sum(m.action == DRAW for m in hand.moves) < 4:
            hand.push(rng.choice(hand.legal_move_list()))
        if hand.outcome is None:
            break
    assert sum(m.action == DRAW for m in hand.moves) >= 4
    walks = []
    snapshots = Hand._snapshots
    monkeypatch.setattr(Hand, "_snapshots", lambda self: walks.append(1) or snapshots(self))
    view = seat_view(hand, hand.turn)
    assert len(walks) == 1
    assert view.draw_fits == tuple(hand.draw_fitted(i) if m.action == DRAW else None
                                   for i, m in enumerate(hand.moves))
