"""The exercises of the tutorials (sessions/exercise, widgets/exercise): every answer is the engine's,
every reason is the engine's, and a garbled answer is refused with what and where, changing nothing."""

from __future__ import annotations

import pytest

from dominoes_widget import Exercise, Hand, Rules, Tile, read_record
from dominoes_widget.engine.errors import Reason
from dominoes_widget.engine.match import ScoreEvent
from dominoes_widget.engine.masks import WinReason
from dominoes_widget.sessions.exercise import AnswerError, ExerciseSession
from dominoes_widget.sessions.exercise.spec import hand_spec

from pathlib import Path
from pictures import inline_svgs

RECORDS = Path(__file__).resolve().parent / "data" / "records"
VOCABULARY = {r.value for r in Reason} | {w.value for w in WinReason} | {e.value for e in ScoreEvent}


def written(rules, deal, moves):
    hand = Hand(rules, {seat: tiles.split() for seat, tiles in deal.items()})
    for move in moves:
        hand.push(move)
    return hand


LOW_DEAL = {"N": "0-0 0-2 4-4 2-5 3-5 2-6 3-6", "E": "0-1 1-2 2-2 1-3 5-5 1-6 5-6",
            "S": "2-3 0-4 3-4 0-5 1-5 4-6 6-6", "W": "1-1 0-3 3-3 1-4 2-4 4-5 0-6"}
LOW_MOVES = ["S 6-6", "E 6-1 R", "N 6-2 L", "W 2-4 L", "S 4-6 L", "E 1-3 R", "N 3-6 R", "W 6-0 R",
             "S 0-5 R", "E 5-6 R"]


def tiles(text):
    return [Tile.parse(word) for word in text.split()]


@pytest.fixture
def opened():
    """East to move on the ends 5 and 0 (01_partnership's first position)."""
    hand = Hand.dealt(Rules.six_love(), seed=1)
    for move in ["E 6-6", "N 6-5 L", "W 6-3 R", "S 3-0 R"]:
        hand.push(move)
    return hand


def state_of(session):
    return (session.status, session.given, session.tries, session.view())


# -- which tiles may be played ----------------------------------------------------------------
def test_playable_answer_is_the_engines_legal_tiles(opened):
    session = ExerciseSession.playable(opened)
    assert session.answer == {m.tile for m in opened.legal_moves}
    checked = session.check(sorted(str(t) for t in session.answer))
    assert checked.right and "East may play" in checked.why
    assert checked.reasons == ("no_match",)  # the tiles left out do not fit
    assert session.check(list(session.answer)).right  # Tile values work too


def test_a_tile_that_does_not_fit_is_wrong_with_the_engines_refusal(opened):
    session = ExerciseSession.playable(opened)
    wrong = session.check(["3-3", *map(str, session.answer)])
    assert not wrong.right and wrong.reason == "no_match"
    assert "3-3 fits neither end" in wrong.why and "3-3 fits neither end" in wrong.hint
    missing = session.check([])
    assert not missing.right and missing.reason == "pass_with_playable_tile"
    assert "may not pass holding" in missing.why and "3 more tiles fit" not in missing.hint
    assert missing.hint == "4 more tiles fit."
    not_held = session.check(["6-6"])
    assert Reason.TILE_NOT_IN_HAND.value in not_held.reasons


def test_before_the_lead_the_other_tiles_are_refused_by_the_lead_rule():
    session = ExerciseSession.playable(Hand.dealt(Rules.six_love(), seed=1))
    assert session.answer == {Tile.parse("6-6")}
    right = session.check(["6-6"])
    assert right.right and right.why.count("must pose") == 1  # said once, not once per tile
    wrong = session.check(["0-0"])
    assert not wrong.right and wrong.reasons[0] == "must_lead_double_six"


def test_a_seat_with_no_tile_that_fits_answers_none_and_the_engine_says_draw():
    rules = Rules.vietnamese(2)
    hand = Hand.from_position(rules, {"S": tiles("1-2 4-5"), "N": tiles("1-1 5-5 1-6")}, tiles("2-6 0-1"),
                              [(0, 3), (3, 3)], "S")
    session = ExerciseSession.playable(hand)
    assert session.answer == frozenset()
    checked = session.check([])
    assert checked.right and checked.reasons == ("no_match", "must_draw")
    assert "must draw" in checked.why


# -- who wins a blocked hand ------------------------------------------------------------------
def test_blocked_winner_and_why_are_the_outcomes():
    hand = written(Rules.six_love(), LOW_DEAL, LOW_MOVES)
    session = ExerciseSession.blocked(hand)
    assert session.answer == hand.outcome.winner == "EW"
    right, wrong = session.check("EW"), session.check("tie")
    assert right.right and not wrong.right
    assert right.reason == wrong.reason == WinReason.SINGLE_LOWEST.value
    assert "Pips left" in wrong.hint and "East-West" not in wrong.hint.split("Pips left")[0]
    assert [o["value"] for o in session.view()["choices"]["options"]] == ["NS", "EW", "tie"]


def test_blocked_vietnamese_offers_the_seats():
    record = read_record(RECORDS / "vietnamese_2_players_tie.json")
    session = ExerciseSession.blocked(record.match.hands[0])
    assert [o["value"] for o in session.view()["choices"]["options"]] == ["S", "N", "tie"]
    assert session.check(session.kind.wire(session.answer)).right


# -- what a hand is worth -----------------------------------------------------------------------
@pytest.mark.parametrize("index, points, event", [(1, 0, "tie_replayed"), (2, 2, "replay_won"), (3, 0, "reset")])
def test_worth_is_score_hands_gain_with_its_event(index, points, event):
    match = read_record(RECORDS / "six_love_match.json").match
    session = ExerciseSession.worth(match.hands[index], match.state_before(index))
    assert session.answer == points
    assert session.check(points).right and session.check(str(points)).right
    wrong = session.check(points + 1)
    assert not wrong.right and wrong.reason == event and wrong.why


def test_worth_in_straight_six_is_one_a_hand():
    match = read_record(RECORDS / "straight_six_match.json").match
    won = next(i for i, hand in enumerate(match.hands) if not hand.outcome.tie)
    assert ExerciseSession.worth(match.hands[won], match.state_before(won)).answer == 1


# -- may this seat draw --------------------------------------------------------------------------
def test_may_draw_yes_when_stuck_with_a_pile_and_no_when_holding_a_tile_that_fits():
    rules = Rules.vietnamese(2)
    stuck = Hand.from_position(rules, {"S": tiles("1-2 4-5"), "N": tiles("1-1 5-5")}, tiles("2-6"),
                               [(0, 3), (3, 3)], "S")
    session = ExerciseSession.may_draw(stuck)
    assert session.answer is True
    assert session.check("yes").right and session.check(True).right
    assert session.check("no").reason == "must_draw"
    holding = Hand.from_position(rules, {"S": tiles("1-2 3-5"), "N": tiles("1-1 5-5")}, tiles("2-6"),
                                 [(0, 3), (3, 3)], "S")
    refused = ExerciseSession.may_draw(holding)
    assert refused.answer is False
    assert refused.check("yes").reason == "draw_with_playable_tile" and "3-5" in refused.check("yes").why
    partnership = ExerciseSession.may_draw(Hand.dealt(Rules.six_love(), seed=1))
    assert partnership.check("no").right and partnership.check("no").reason in VOCABULARY


# -- bad answers, and the browser's messages --------------------------------------------------
@pytest.mark.parametrize("answer, where", [(42, "answer"), (["6-4", "zz"], "answer[1]"), ([None], "answer[0]"),
                                           ({"a": 1}, "answer")])
def test_a_malformed_tile_answer_names_what_and_where(opened, answer, where):
    session = ExerciseSession.playable(opened)
    with pytest.raises(AnswerError) as raised:
        session.check(answer)
    assert raised.value.reason is Reason.BAD_ANSWER and raised.value.case == where
    assert raised.value.facts == {"kind": "playable", "where": where, "what": raised.value.facts["what"]}
    assert f"playable exercise, {where}:" in str(raised.value)


@pytest.mark.parametrize("message", [None, "answer", {"type": "hack"}, {"type": "answer"},
                                     {"type": "answer", "answer": "north"}, {"type": "answer", "answer": True},
                                     {"type": "answer", "answer": 10**40}])
def test_garbled_messages_change_nothing(message):
    match = read_record(RECORDS / "six_love_match.json").match
    session = ExerciseSession.worth(match.hands[2], match.state_before(2))
    before = state_of(session)
    with pytest.raises(AnswerError):
        session.handle(message)
    assert state_of(session) == before


def test_tries_retry_and_reveal(opened):
    session = ExerciseSession.playable(opened)
    session.handle({"type": "answer", "answer": ["3-3"]})
    view = session.view()
    assert view["status"] == "wrong" and view["given"] == ["3-3"] and view["answer"] is None
    assert any("fits neither end" in line for line in view["feedback"])
    session.handle({"type": "retry"})
    assert session.view()["status"] == "open" and session.view()["feedback"] == []
    session.handle({"type": "reveal"})
    view = session.view()
    assert view["status"] == "shown" and sorted(view["answer"]) == sorted(str(t) for t in session.answer)
    with pytest.raises(AnswerError):  # answered already: try again first
        session.handle({"type": "answer", "answer": []})
    assert session.tries == 1


def test_the_spec_makes_the_same_exercise_again(opened):
    for session in (ExerciseSession.playable(opened, "vi"),
                    ExerciseSession.blocked(written(Rules.six_love(), LOW_DEAL, LOW_MOVES))):
        again = ExerciseSession.from_spec(session.spec())
        assert again.answer == session.answer and again.lang == session.lang
        assert again.question() == session.question()
    position = Hand.from_position(Rules.vietnamese(2, blank_rule="wild"), {"S": tiles("1-2 4-5"), "N": tiles("1-1")},
                                  [], [(0, 3), (3, 3)], "S")
    assert hand_spec(position)["line"] == [[0, 3], [3, 3]]
    assert ExerciseSession.from_spec(ExerciseSession.playable(position).spec()).answer == {Tile.parse("1-2"), Tile.parse("4-5")}


def test_vietnamese_words():
    session = ExerciseSession.blocked(written(Rules.six_love(), LOW_DEAL, LOW_MOVES), "vi")
    assert "Ai thắng" in session.question()
    assert "Đông-Tây" in session.check("EW").why or "Đông" in session.check("EW").why


# -- the widget: a thin adapter ---------------------------------------------------------------------
def test_the_widget_checks_from_python_without_changing_and_answers_the_browser(opened):
    exercise = Exercise.playable(opened)
    shown = dict(exercise.view)
    assert exercise.check([]).right is False and exercise.view == shown
    sent = []
    exercise.send = sent.append
    exercise._on_message(exercise, {"type": "answer", "answer": ["zz"]}, [])
    assert sent and sent[0]["type"] == "error" and "answer[0]" in sent[0]["message"] and exercise.view == shown
    exercise._on_message(exercise, {"type": "answer", "answer": [str(t) for t in exercise.answer]}, [])
    assert exercise.view["status"] == "right" and exercise.view["feedback"]
    exercise.set_state({"view": {"status": "right"}})  # the browser may not write the kernel's traits
    assert exercise.view["question"]
    assert "<svg" in inline_svgs(exercise._repr_mimebundle_()[0]["text/html"])
    assert Exercise.from_spec(exercise.spec).answer == exercise.answer
    with pytest.raises(TypeError):
        Exercise.blocked(opened, colour="red")  # type: ignore[call-arg]


def test_the_blocked_picture_does_not_tell_who_won():
    """The picture's heading (and the label screen readers read) names the game, not the result."""
    match = read_record(RECORDS / "six_love_match.json").match
    picture = ExerciseSession.blocked(match.hands[1]).picture()
    assert "tie" not in picture and "Six Love." in picture


TIE_DEAL = {"N": "1-2 2-3 0-4 1-4 2-4 2-5 5-5", "E": "0-1 2-2 4-4 3-5 2-6 5-6 6-6",
            "S": "0-0 1-1 0-3 3-4 4-5 0-6 1-6", "W": "0-2 1-3 3-3 0-5 1-5 3-6 4-6"}
TIE_MOVES = ["E 6-6", "N pass", "W 6-4 R", "S 6-0 L", "E 0-1 L", "N 1-2 L", "W 2-0 L", "S 0-3 L",
             "E 3-5 L", "N 4-0 R", "W 5-0 L", "S 0-0 L"]


@pytest.mark.parametrize("lang", ["en", "vi"])
def test_the_blocked_picture_hides_the_pip_counts_the_question_asks_for(lang):
    """Every hand shows face up, so the student can count; no seat's total is printed for them."""
    match = read_record(RECORDS / "six_love_match.json").match
    hand = match.hands[1]
    picture = ExerciseSession.blocked(hand, lang).picture()
    assert all(str(tile) in picture for seat in hand.seats for tile in hand.held(seat)), "every tile face up"
    unit = "pips" if lang == "en" else "điểm"
    assert unit not in picture
    assert unit in ExerciseSession.playable(Hand.dealt(Rules.six_love(), seed=1), lang).picture(), \
        "a question about the tiles keeps its seat's count"


def test_a_wrong_pick_is_marked_and_a_right_one_of_the_same_try_is_not(opened):
    session = ExerciseSession.playable(opened)
    session.handle({"type": "answer", "answer": ["3-3", "1-5"]})
    view = session.view()
    assert view["status"] == "wrong" and view["mistaken"] == ["3-3"] and view["answer"] is None
    session.handle({"type": "retry"})
    assert session.view()["mistaken"] == []
    blocked = ExerciseSession.blocked(written(Rules.six_love(), LOW_DEAL, LOW_MOVES))
    blocked.handle({"type": "answer", "answer": "tie"})
    assert blocked.view()["mistaken"] == ["tie"]
    blocked.handle({"type": "retry"})
    blocked.handle({"type": "answer", "answer": "EW"})
    assert blocked.view()["status"] == "right" and blocked.view()["mistaken"] == []


@pytest.mark.parametrize("lang", ["en", "vi"])
def test_a_wrong_try_says_why_it_is_wrong_at_once(lang):
    """The sentence that corrects a pick shows with the wrong try, not only after the right one:
    the rule that decides a blocked hand (in words, never a setting's code), what a hand scores."""
    totals = ExerciseSession.blocked(written(Rules.six_love(blocked_rule="lowest_team_total"), TIE_DEAL, TIE_MOVES),
                                     lang)
    totals.handle({"type": "answer", "answer": "tie"})
    wrong = totals.view()["feedback"]
    totals.handle({"type": "reveal"})
    deciding = totals.view()["feedback"][-1]
    assert deciding in wrong and "58" in deciding and "56" in deciding
    assert not any("blocked_rule" in line or "lowest_team_total" in line for line in wrong)
    match = read_record(RECORDS / "six_love_match.json").match
    worth = ExerciseSession.worth(match.hands[2], match.state_before(2), lang)
    worth.handle({"type": "answer", "answer": 7})
    wrong = worth.view()["feedback"]
    worth.handle({"type": "reveal"})
    assert set(worth.view()["feedback"][1:]) <= set(wrong), "what the hand scores, and why"
