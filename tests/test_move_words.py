"""The moves in words that a table keeps from view to view are the words of a view worded
from scratch: over random hands of every game, with undos, every seat's view (another seat's
draws unnamed) and the open hands of a finished hand, in both languages."""

from __future__ import annotations

import random

import pytest

from dominoes_widget.words.catalog import Voice
from dominoes_widget.words.explanations import explain_move, move_label
from dominoes_widget.engine.hand import Hand
from dominoes_widget.engine.rules import Rules
from dominoes_widget.sessions.table.move_words import MoveWords
from dominoes_widget.engine.views import seat_view

GAMES = [Rules.six_love(), Rules.straight_six(), Rules.vietnamese(2), Rules.vietnamese(3, blank_rule="wild"),
         Rules.vietnamese(4, draw_mode="until_playable", drawn_tile_must_play=False)]


def from_scratch(shown, voice):
    return ([str(m) for m in shown.moves],
            [explain_move(shown, i, voice=voice) for i in range(len(shown.moves))],
            [voice("table.move_item", who=voice.name(m.seat), move=move_label(m, voice)) for m in shown.moves])


@pytest.mark.parametrize("rules", GAMES, ids=lambda rules: f"{rules.game}-{len(rules.seats)}")
@pytest.mark.slow  # many random hands
def test_kept_words_equal_words_from_scratch_over_random_hands(rules):
    rng = random.Random(rules.game + str(len(rules.seats)))
    kept = MoveWords()
    checked = 0
    for _ in range(12):
        hand = Hand.dealt(rules, seed=rng.randrange(2**31))
        while True:
            for seat, lang in [(seat, lang) for seat in (*rules.seats, None) for lang in ("en", "vi")]:
                shown = seat_view(hand, seat, open_hands=hand.is_over or seat is None)
                voice = Voice(lang, {"N": "Ana"}, you=seat)
                words = kept.of(shown, voice)
                assert (words.notation, words.sentences, words.items) == from_scratch(shown, voice)
                checked += 1
            if hand.is_over:
                break
            if hand.moves and rng.random() < 0.1:
                hand.pop()  # an undo: the words of the moves taken back go too
            else:
                hand.push(rng.choice(hand.legal_move_list()))
    assert checked > 500


def test_a_view_gets_lists_of_its_own():
    hand = Hand.dealt(Rules.six_love(), seed=3)
    hand.push(hand.legal_move_list()[0])
    kept, voice = MoveWords(), Voice("en", you="N")
    first = kept.of(seat_view(hand, "N"), voice)
    hand.push(hand.legal_move_list()[0])
    kept.of(seat_view(hand, "N"), voice)
    assert len(first.notation) == len(first.sentences) == len(first.items) == 1
