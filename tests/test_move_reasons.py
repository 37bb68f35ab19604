"""What a puzzle's move does, in words (dominoes_widget/words/move_reasons.py), from the mover's
view: the partner's numbers kept or covered, an opponent left nothing to play or a number it
has shown, the hand blocked or kept open, the heaviest tile, a draw; and the judged chance.
English and Vietnamese."""

from __future__ import annotations

import pytest

from dominoes_widget import Match, Rules, seat_view
from dominoes_widget.words.catalog import Voice
from dominoes_widget.words.move_reasons import chance_words, move_facts, why_sentence


def view_at(game: str, seed: int, ply: int):
    """The mover's view after ``ply`` moves, each the first legal one, of a seeded hand."""
    match = Match(Rules.preset(game), seed=seed)
    hand = match.deal(seed=seed)
    while hand.ply < ply:
        match.push(hand.legal_move_list()[0])
    return seat_view(hand, hand.turn)


CASES = [  # game, seed, ply, move, right, counting, English, Vietnamese
    ("six_love", 0, 17, "S 5-0 L", True, False,
     "5-0 on the left keeps your partner's 0 open, leaves West nothing to play (West has no 0) and leaves East none "
     "of the numbers East has shown.",
     "5-0 ở đầu trái: giữ số 0 của đồng đội, khiến Tây không còn quân để đi (Tây không có 0) và không để lại cho "
     "Đông số nào Đông đã đi."),
    ("six_love", 0, 3, "N 1-3 L", False, False,
     "1-3 on the left covers your partner's 1 and leaves a 6 for West, who has shown 6s.",
     "1-3 ở đầu trái: lấp số 1 của đồng đội và để lại số 6 cho Tây, người đã đi số 6."),
    ("six_love", 0, 1, "S 6-5 L", True, True,
     "6-5 on the left plays your heaviest tile (6-5, 11 pips).",
     "6-5 ở đầu trái: đi quân nặng nhất (6-5, 11 điểm)."),
    ("six_love", 0, 1, "S 6-1 L", False, True,
     "6-1 on the left keeps 6-5 (11 pips) in your hand.",
     "6-1 ở đầu trái: giữ lại 6-5 (11 điểm) trên tay."),
    ("six_love", 3, 17, "N 4-2 R", False, False,
     "4-2 on the right blocks the hand now, with 25 pips still in your hand.",
     "4-2 ở đầu phải: chặn ván ngay, khi bạn còn 25 điểm trên tay."),
    ("six_love", 3, 17, "N 4-2 R", True, False,
     "4-2 on the right blocks the hand: no tile is left that fits either end, so the pips are counted now.",
     "4-2 ở đầu phải: chặn ván vì không còn quân nào vừa hai đầu, nên tính điểm ngay."),
    ("six_love", 3, 17, "N 2-4 L", True, False,
     "2-4 on the left keeps the hand open while you hold 25 pips and leaves West none of the numbers West has shown.",
     "2-4 ở đầu trái: giữ ván tiếp diễn khi bạn còn 25 điểm trên tay và không để lại cho Tây số nào Tây đã đi."),
    ("vietnamese2", 0, 8, "S draw", True, False,
     "Draw takes a tile from the pile, as none fits.",
     "Bốc: lấy một quân từ bài dư, vì không quân nào vừa."),
]


@pytest.mark.parametrize(("game", "seed", "ply", "move", "right", "counting", "english", "vietnamese"), CASES)
def test_a_move_in_words(game, seed, ply, move, right, counting, english, vietnamese):
    view = view_at(game, seed, ply)
    assert move in [str(m) for m in view.legal_moves]
    for lang, expected in (("en", english), ("vi", vietnamese)):
        said = why_sentence(view, move, Voice(lang, you=view.seat), right=right, counting=counting)
        assert said[:1].upper() + said[1:] == expected


def test_a_blocked_hand_is_counted_from_what_the_mover_sees():
    view = view_at("six_love", 3, 17)
    assert move_facts(view, "N 4-2 R").shuts and not move_facts(view, "N 2-4 L").shuts


def test_the_facts_come_from_the_view_alone():
    view = view_at("six_love", 0, 17)
    facts = move_facts(view, "S 5-0 L")
    assert facts.ends == (0, 0) and facts.blocks == (("W", (0,)),)
    assert view.voids()["W"] >= {0}, "West showed it: the fact is public"


def test_the_chance_in_words():
    voice = Voice("en")
    assert chance_words(voice, 78.4, right=True, gap=21.6) == "It wins 78%; every other move at least 22 points less."
    assert chance_words(voice, 78.4, right=True, gap=0.2) == "It wins 78%."
    assert chance_words(voice, 40, right=False, gap=25, best="6-4 on the left") == \
        "It wins 40%: 25 points less than 6-4 on the left."
    assert chance_words(Voice("vi"), 40, right=False, gap=25, best="6-4 ở đầu trái") == \
        "Nước này thắng 40%: kém 6-4 ở đầu trái 25 điểm."


@pytest.mark.parametrize("lang", ["en", "vi"])
def test_every_wrong_answer_of_the_shipped_puzzles_says_why(lang):
    """Over the whole shipped set: each wrong move's verdict starts with a reason, never the bare
    "is not the best move here", and names the better move or what the move gives away."""
    from dominoes_widget.sessions.puzzles.cards import puzzle_card
    from dominoes_widget.studies.puzzles import PuzzleSet

    voice = Voice(lang)
    bare = voice("reasons.plain_wrong", move="").strip(" .")
    wrong = 0
    for puzzle in PuzzleSet.builtin():
        for move, verdict in puzzle_card(puzzle, lang)["verdicts"].items():
            if verdict["right"]:
                continue
            wrong += 1
            first = verdict["why"][0]
            assert bare not in first and len(first) > len(move) + 12, (puzzle.id, move, first)
    assert wrong > 300


def test_a_wrong_move_with_nothing_against_it_says_what_the_answer_does_instead():
    from dominoes_widget.studies.puzzles import PuzzleSet

    puzzle = PuzzleSet.builtin().by_id("a04132111b13")  # 4-5 on the left or 6-5 on the right: the same pips
    view = puzzle.view()
    said = why_sentence(view, "E 6-5 R", Voice("en", you=view.seat), right=False, best=puzzle.answers[0])
    assert said == ("6-5 on the right leaves the ends 4 and 5, where 4-5 on the left leaves 5 and 6: played out "
                    "over the tiles the others may hold, those ends win less often.")
    said = why_sentence(view, "E 6-5 R", Voice("vi", you=view.seat), right=False, best=puzzle.answers[0])
    assert said.startswith("6-5 ở đầu phải: để lại hai đầu 4 và 5, trong khi 4-5 ở đầu trái để lại 5 và 6")
