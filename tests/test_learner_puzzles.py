"""Puzzles with a remembered learner (sessions/puzzles/learning.py): due reviews first, then
puzzles near the learner's rating; the Streak mode; the "Critical moment?" mode; and the
learner's own judged mistakes from a Replay with analysis, by the person's seat."""

from __future__ import annotations

import dataclasses
from datetime import datetime, timezone

import pytest

from dominoes_widget import Learner, PuzzleSet, read_record
from dominoes_widget.studies.analysis import Analysis, Decision
from dominoes_widget.studies.judge import judge
from dominoes_widget.engine.views import seat_view
from dominoes_widget.widgets.puzzles import Puzzles

RECORD = "tests/data/records/six_love_match.json"
LONG_AGO = datetime(2026, 1, 1, tzinfo=timezone.utc)


@pytest.fixture(scope="module")
def puzzles():
    return PuzzleSet.builtin()


@pytest.fixture
def learner(tmp_path):
    return Learner(tmp_path / "learner.json")


def wrong_move(puzzle) -> str:
    return next(str(m) for m in puzzle.view().legal_moves if str(m) not in puzzle.answers)


def quiet(widget):
    widget.sent = []
    widget.send = widget.sent.append
    return widget


# -- due first, then near the rating -----------------------------------------------------------------
def test_due_reviews_come_first_then_puzzles_near_the_rating(learner, puzzles):
    missed = puzzles[40]
    learner.record_try(missed, right=False, at=LONG_AGO)  # due long since
    widget = quiet(Puzzles(puzzles, learner=learner))
    assert widget.puzzle == missed and widget.learning["review"] and widget.learning["due"] == 1
    assert widget.answer(missed.answers[0]) is None
    assert learner.due() == [] and learner.reviews()[0].reps == 2  # solved: rescheduled further on

    widget.next()
    rating = learner.rating.rating
    distance = abs(learner.puzzle_rating(widget.puzzle).rating - rating)
    untried = [p for p in puzzles if not learner.tried(p)]
    assert distance == min(abs(learner.puzzle_rating(p).rating - rating) for p in untried)
    assert widget.learning["review"] is None and not learner.tried(widget.puzzle)


def test_only_the_first_answer_to_a_puzzle_is_kept_and_rates(learner, puzzles):
    widget = quiet(Puzzles(puzzles, learner=learner))
    shown = widget.puzzle
    widget.answer(wrong_move(shown))
    after = learner.rating
    widget.answer(shown.answers[0])  # solved on the second try: no second rating
    assert learner.rating == after and after.rating < 1500
    assert [(t["puzzle"], t["score"], t["rated"]) for t in learner.tries] == [(shown.id, 0.0, True)]
    assert [r.puzzle for r in learner.reviews()] == [shown]
    assert widget.learning["rating"].startswith(f"Rating {round(after.rating)} ± ")


def test_a_hint_then_a_solve_scores_half(learner, puzzles):
    widget = quiet(Puzzles(puzzles, learner=learner))
    widget.hint()
    widget.answer(widget.puzzle.answers[0])
    assert learner.tries[0]["score"] == 0.5


def test_a_mode_needs_a_learner_and_a_known_name(puzzles, learner):
    with pytest.raises(ValueError, match="needs a learner"):
        Puzzles(puzzles, mode="streak")
    with pytest.raises(ValueError, match="mode: one of learn, streak, critical"):
        Puzzles(puzzles, learner=learner, mode="blitz")
    with pytest.raises(TypeError, match="learner: a Learner"):
        Puzzles(puzzles, learner="me.json")


# -- Streak ----------------------------------------------------------------------------------------
def test_a_streak_rises_in_difficulty_has_no_hints_and_one_miss_ends_it(learner, puzzles):
    widget = quiet(Puzzles(puzzles, learner=learner, mode="streak"))
    ratings = []
    for _ in range(3):
        ratings.append(learner.puzzle_rating(widget.puzzle).rating)
        assert widget.hint() is not None and widget.view["hints"] == []  # refused
        assert widget.next() is not None  # no skipping an unsolved puzzle
        assert widget.answer(widget.puzzle.answers[0]) is None
        widget.next()
    assert ratings == sorted(ratings) and widget.view["streak"] == 3
    widget.answer(wrong_move(widget.puzzle))
    assert widget.learning["over"] == "The streak ends after 3 solved. Press Next to start again."
    assert widget.view["feedback"]["title"] == "Not the best move: the streak ends here."
    assert learner.best_streak == 3 and widget.learning["best"] == "Best streak: 3"
    assert widget.answer(widget.puzzle.answers[0]) is not None  # over: nothing more counts
    assert learner.rating.rating == 1500 and learner.tries == []  # a streak does not rate
    widget.next()
    assert widget.learning["over"] is None and widget.view["number"] == 1 and widget.view["streak"] == 0
    widget.answer(wrong_move(widget.puzzle))
    assert Learner(learner.path).best_streak == 3  # a shorter run keeps the best


# -- the learner's own mistakes, and critical moments -------------------------------------------------------
def _rejudged(decision: Decision, best: str, spread: float) -> Decision:
    """``decision`` with ``best``'s group first and every other move ``spread`` points behind it."""
    groups = sorted(decision.judgements, key=lambda j: best not in j.moves)
    top = groups[0]
    rows = [dataclasses.replace(top, win=0.8, tie=0.0, low=0.75, high=0.85, gap_low=0.0, gap_high=0.0)]
    for j in groups[1:]:
        rows.append(dataclasses.replace(j, win=0.8 - spread / 100, tie=0.0, low=0.7 - spread / 100,
                                        high=0.9 - spread / 100, gap_low=spread - 1 if spread > 2 else -1.0,
                                        gap_high=spread + 1 if spread > 2 else 1.5))
    return dataclasses.replace(decision, judgements=tuple(rows))


@pytest.fixture(scope="module")
def analysed():
    """The record's first hand judged quickly, two of North's decisions made plain: a blunder
    (the move played 25 points behind another) and one where every move is about equal."""
    match = read_record(RECORD).match
    hand = match.hands[0]
    decisions = []
    walk = hand.copy()
    while walk.moves:
        walk.pop()
    for ply, move in enumerate(hand.moves):
        view = seat_view(walk, move.seat)
        judged = judge(view, seed=ply, rollouts=20, budget=20)
        if move.seat == "N" and len(judged.judgements) >= 2:
            decisions.append(Decision(0, ply, "N", "NS", str(move), judged.judgements))
        walk.push(move)
    blunder, equal = decisions[:2]
    other = next(j.move for j in blunder.judgements if blunder.played not in j.moves)
    decisions = [_rejudged(blunder, other, 25.0), _rejudged(equal, equal.played, 0.0)]
    return Analysis(match.rules, decisions)


def test_a_replays_judged_mistakes_of_the_persons_seat_come_back_first(learner, puzzles, analysed):
    from dominoes_widget.widgets.replay import Replay

    replay = Replay(RECORD, analysis=analysed, learn="N")
    assert learner.add_mistakes(replay) == 1
    assert learner.add_mistakes(replay) == 0  # the same mistake once
    [review] = learner.reviews()
    assert review.kind == "mistake" and review.puzzle.seat == "N" and analysed.decisions[0].played not in \
        review.puzzle.answers
    widget = quiet(Puzzles(puzzles, learner=learner))
    assert widget.puzzle == review.puzzle and widget.learning["review"]
    assert widget.answer(analysed.decisions[0].played) is None and not widget.view["feedback"]["right"]
    assert learner.reviews()[0].reps == 1 and Learner(learner.path).reviews()[0].puzzle == review.puzzle
    assert learner.rating.rating == 1500 and learner.tries[0]["rated"] is False  # one's own mistakes do not rate
    with pytest.raises(ValueError, match="seat 'Q' is not one of"):
        learner.add_mistakes(replay, "Q")


def test_no_mistakes_for_a_seat_that_made_none(learner, analysed):
    from dominoes_widget.widgets.replay import Replay

    assert learner.add_mistakes(Replay(RECORD, analysis=analysed), "E") == 0 and learner.reviews() == []


def test_critical_moment_first_the_call_then_the_move(learner, puzzles, analysed):
    learner.add_mistakes(read_record(RECORD), "N", analysis=analysed)
    moments = learner.moments()
    assert sorted(m.clear for m in moments) == [False, True]
    widget = quiet(Puzzles(puzzles, learner=learner, mode="critical"))
    assert widget.learning["question"] and [a["value"] for a in widget.learning["answers"]] == ["clear", "equal"]
    shown = widget.puzzle
    assert widget.view["puzzle"]["prompt"] == widget.learning["question"]  # asked beside the hand too
    clear = next(m.clear for m in moments if m.puzzle.id == shown.id)
    assert widget.answer(shown.answers[0]) == ("First say whether one move is clearly best or the moves are "
                                                "about equal.")
    assert widget.call(not clear) is None
    assert widget.learning["called"]["right"] is False and widget.learning["calls"] == "Called right: 0 of 1"
    assert widget.call(clear) is not None  # asked once
    assert widget.view["puzzle"]["prompt"].startswith("Your move")
    if clear:
        assert widget.answer(shown.answers[0]) is None and widget.view["solved"]
    else:
        assert widget.view["solved"]
    widget.next()
    second = widget.puzzle
    assert widget.call(next(m.clear for m in moments if m.puzzle.id == second.id)) is None
    assert widget.learning["called"]["right"] and widget.learning["calls"] == "Called right: 1 of 2"
    widget.next()  # then the set's puzzles, each with one move clearly best
    assert widget.call(True) is None and widget.learning["called"]["right"]


@pytest.mark.parametrize("intent", [{"type": "call"}, {"type": "call", "clear": "yes"},
                                    {"type": "call", "clear": True, "extra": 1}])
def test_a_garbled_call_is_refused_and_changes_nothing(learner, puzzles, intent):
    widget = quiet(Puzzles(puzzles, learner=learner, mode="critical"))
    before = dict(widget.learning)
    widget._on_message(widget, intent, [])
    assert widget.learning == before and widget.sent[0]["type"] == "error"
    assert quiet(Puzzles(puzzles, learner=learner)).call(True) is not None  # no question outside the mode


def test_the_learner_speaks_vietnamese(learner, puzzles):
    widget = quiet(Puzzles(puzzles, learner=learner, mode="streak", lang="vi"))
    assert widget.learning["title"] == "Chuỗi thắng" and widget.hint() == "Chuỗi thắng không có gợi ý: một nước sai là kết thúc."


def test_a_tables_mistakes_are_those_of_the_person_at_the_screen(learner, analysed):
    from dominoes_widget import Table

    moves = len(read_record(RECORD).match.hands[0].moves)
    table = Table.from_record(RECORD, hand=0, step=moves)
    assert table.session.screen.seat == "S"
    assert learner.add_mistakes(table, analysis=analysed) == 0  # South made none of the two
    assert learner.add_mistakes(table, "N", analysis=analysed) == 1
    assert [r.kind for r in learner.reviews()] == ["mistake"]
