"""The judge asks only what its caller needs (studies/stopping.py): which moves stay open for
each question, answers that agree with judging every move, fewer hands for it, the same for a seed."""

from __future__ import annotations

from pathlib import Path

import pytest

from dominoes_widget import Hand, read_record, seat_view
from dominoes_widget.studies import judge as judging
from dominoes_widget.studies.judge import Judged, Question, Verdict, judge
from dominoes_widget.studies.mining import passes
from dominoes_widget.studies.stopping import open_moves

ROOT = Path(__file__).resolve().parent.parent
MATCH = ROOT / "tests" / "data" / "records" / "six_love_match.json"
# Decisions of the shared record (hand, ply): close ones, clear ones, a blunder, two and more moves.
PLACES = ((0, 1), (0, 6), (0, 7), (0, 18), (1, 2), (1, 7), (2, 7), (3, 1), (3, 13), (4, 6))


def _position(hand: int, ply: int):
    played = read_record(MATCH).match.hands[hand]
    walk = Hand(played.rules, played.deal, played.initial_boneyard, played.leader, lead_tile=played.lead_tile,
                leaders=played.leaders)
    for move in played.moves[:ply]:
        walk.push(move)
    return seat_view(walk, played.moves[ply].seat), played.moves[ply]


def _hands(judged: Judged) -> int:
    """The played-out hands behind a judgement (each move's samples)."""
    return sum(j.samples for j in judged.judgements)


def test_the_study_page_waits_for_every_move_to_be_placed():
    best = (0.0, 0.0)
    assert open_moves(Question.ALL, [best, (6.0, 9.0), (21.0, 30.0)]) == set()
    assert open_moves(Question.ALL, [best, (6.0, 9.0), (18.0, 24.0)]) == {0, 2}, "a gap across 20 is not placed"
    assert open_moves(Question.ALL, [best, (-1.0, 1.5)]) == set(), "as good as the best"
    assert open_moves(Question.ALL, [best, (-1.0, 3.0)]) == {0, 1}, "neither behind nor known as good"


def test_the_coach_needs_only_the_moves_that_may_still_be_best():
    best = (0.0, 0.0)
    assert open_moves(Question.BEST, [best, (0.5, 7.0), (12.0, 25.0)]) == set(), "every other move clearly behind"
    assert open_moves(Question.BEST, [best, (-1.0, 1.5), (3.0, 25.0)]) == set(), "one as good, the other behind"
    assert open_moves(Question.BEST, [best, (-1.0, 3.0), (3.0, 25.0)]) == {0, 1}


def test_the_analysis_needs_the_played_mark_and_whether_a_move_is_clearly_best():
    best = (0.0, 0.0)
    assert open_moves(Question.MARK, [best, (0.5, 7.0), (12.0, 19.0)], played=1) == {0, 1}, "5 is inside 0.5-7"
    assert open_moves(Question.MARK, [best, (0.5, 7.0), (12.0, 19.0)], played=2) == set(), \
        "another move's mark is not asked"
    assert open_moves(Question.MARK, [best, (0.5, 7.0), (12.0, 25.0)], played=2) == {0, 2}, "20 is inside 12-25"
    assert open_moves(Question.MARK, [best, (-0.5, 4.0), (11.0, 19.0)], played=2) == {0, 1}, "is 0 clearly best?"
    assert open_moves(Question.MARK, [best, (-0.5, 1.0), (8.0, 19.0)], played=2) == {0, 2}, \
        "no move is clearly best (one is as good), but the played one's mark is open"
    assert open_moves(Question.MARK, [best, (-0.5, 1.0), (8.0, 19.0)], played=0) == set()


def test_the_miner_stops_at_the_first_move_in_between():
    best = (0.0, 0.0)
    assert open_moves(Question.LEAD, [best, (3.0, 15.0), (15.0, 40.0)]) == set(), "3-15 behind: no puzzle"
    assert open_moves(Question.LEAD, [best, (-1.0, 1.0), (15.0, 40.0)]) == {0, 2}
    assert open_moves(Question.LEAD, [best, (-1.0, 1.0), (21.0, 40.0)]) == set(), "a puzzle"
    assert open_moves(Question.LEAD, [best, (-1.0, 1.0)]) == set(), "no wrong move: no puzzle"


def test_a_question_that_is_not_one_is_refused():
    view, _ = _position(0, 6)
    with pytest.raises(ValueError, match="question: one of Question.ALL"):
        judge(view, question="mark")  # type: ignore[arg-type]


@pytest.mark.slow  # judges ten positions four times
def test_each_question_agrees_with_judging_every_move_and_costs_fewer_hands():
    """Where judging every move settled, each question's answer is the same, and the analysis's
    and the coach's questions play out fewer hands (small rounds to keep the test quick)."""
    spent = {q: 0 for q in Question}
    for hand, ply in PLACES:
        view, move = _position(hand, ply)
        every = judge(view, rollouts=300, played=move)
        spent[Question.ALL] += _hands(every)
        for question in (Question.MARK, Question.BEST, Question.LEAD):
            asked = judge(view, rollouts=300, played=move, question=question)
            spent[question] += _hands(asked)
            if not (every.settled and asked.settled):
                continue
            where = f"hand {hand} move {ply}, {question.name}"
            if question is Question.MARK:
                assert asked.verdict_of(move) is every.verdict_of(move), where
            if question in (Question.MARK, Question.BEST):
                assert (asked.clear_best is None) == (every.clear_best is None), where
                if asked.clear_best is not None:
                    assert asked.clear_best.moves == every.clear_best.moves, where
            if question is Question.LEAD:
                assert passes(asked) == passes(every), where
    assert spent[Question.MARK] < spent[Question.ALL] and spent[Question.BEST] < spent[Question.ALL], spent


def test_each_question_is_judged_alike_for_a_seed():
    view, move = _position(0, 6)
    for question in Question:
        judging._KEPT.clear()  # (the coach's question would take the analysis's judgement kept before)
        first = judge(view, rollouts=300, budget=900, played=move, question=question)
        judging._KEPT.clear()
        again = judge(view, rollouts=300, budget=900, played=move, question=question)
        assert again is not first and again == first, question
        assert judge(view, rollouts=300, budget=900, played=move, question=question, seed=1) != first, question


def test_the_coach_reuses_what_the_analysis_judged():
    """The hint after the study page's analysis of the same position shows the same figures."""
    view, move = _position(0, 6)
    marked = judge(view, rollouts=300, budget=600, played=move, question=Question.MARK)
    assert judge(view, rollouts=300, budget=600, question=Question.BEST) is marked
    assert judge(view, rollouts=300, budget=600, question=Question.LEAD) is not marked, "the analysis's question says nothing of a lead"
    assert marked.verdict_of(move) in Verdict
