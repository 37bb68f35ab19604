"""A class (issue 35, item 2), as a pure session: the teacher's request checked field by field,
students joining by the class's link, a puzzle set where only the first try counts, a
duplicate match where every student gets the same committed deals and the same bots, "how
the class played it" once a deal is finished, the teacher's progress and CSV, and the class
kept and taken up again."""

from __future__ import annotations

import csv
import io
import json

import pytest

from dominoes_widget.engine.errors import DominoesError
from dominoes_widget.engine.fair_deal import commitment_of
from dominoes_widget.engine.record import verify_record
from dominoes_widget.sessions.classroom import ClassError, ClassSession
from dominoes_widget.studies.glicko import Glicko, rate
from dominoes_widget.studies.judge import Question, judge
from dominoes_widget.studies.learner import puzzle_start_rating
from dominoes_widget.studies.puzzles import PuzzleSet
from dominoes_widget.sessions.classroom.session import _card

REQUEST = {"name": "Class 7B", "puzzles": {"count": 3, "game": "six_love", "difficulty": "easy"},
           "duplicate": {"game": "six_love", "hands": 2, "bots": "greedy"}}


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def new_class(request: object = REQUEST, **options) -> ClassSession:
    return ClassSession.create(request, **options)


def play_out(session: ClassSession, student, deal: int, pick=lambda legal: legal[0]) -> dict:
    view = session.deal(student, deal)
    while view["legal_moves"]:
        view = session.play(student, deal, pick(view["legal_moves"]))
    return view


@pytest.mark.parametrize("body, words", [
    (None, "a class request is a JSON object"),
    ({"name": "x", "puzzles": {"count": 1}, "colour": 1}, "unknown field(s) 'colour'"),
    ({"puzzles": {"count": 1}}, "name is text"),
    ({"name": "  ", "puzzles": {"count": 1}}, "name is 1 to 60 characters"),
    ({"name": "a\u0000b", "puzzles": {"count": 1}}, "name holds a control"),
    ({"name": "x"}, 'give "puzzles" or "duplicate"'),
    ({"name": "x", "lang": "fr", "puzzles": {"count": 1}}, "lang: en or vi"),
    ({"name": "x", "puzzles": {"count": 0}}, "puzzles.count is a whole number from 1 to 50"),
    ({"name": "x", "puzzles": {"count": True}}, "puzzles.count is a whole number"),
    ({"name": "x", "puzzles": {"count": 1, "game": "chess"}}, "puzzles.game: one of"),
    ({"name": "x", "puzzles": {"count": 1, "theme": "luck"}}, "puzzles.theme: one of"),
    ({"name": "x", "puzzles": {"count": 1, "difficulty": 3}}, "puzzles.difficulty: one of easy, medium, hard"),
    ({"name": "x", "puzzles": {"count": 50, "theme": "deep"}}, "count is at most"),
    ({"name": "x", "puzzles": [1]}, "puzzles is an object"),
    ({"name": "x", "duplicate": {"hands": 13}}, "duplicate.hands is a whole number from 1 to 12"),
    ({"name": "x", "duplicate": {"game": "go"}}, "duplicate.game: one of"),
    ({"name": "x", "duplicate": {"bots": "clever"}}, "duplicate.bots.E: one of greedy, inference, montecarlo, random, strong"),
    ({"name": "x", "duplicate": {"bots": {"E": 7, "S": "greedy", "W": "greedy"}}}, "duplicate.bots.E: one of"),
    ({"name": "x", "duplicate": {"bots": 7}}, "duplicate.bots is a bot name (greedy, inference"),
    ({"name": "x", "duplicate": {"bots": {"Q": "greedy"}}}, "seat 'Q' is not in play"),
    ({"name": "x", "duplicate": {"bots": {"E": "greedy"}}}, "every seat but one has a bot"),
    ({"name": "x", "duplicate": {"game": "vietnamese", "players": 5}}, "duplicate.players is a whole number"),
    ({"name": "x", "duplicate": {"game": "six_love", "players": 2}}, "played by 4"),
])
def test_every_field_of_a_class_request_is_checked_with_a_clear_error(body, words):
    with pytest.raises(ClassError) as refused:
        new_class(body)
    assert refused.value.status == 400 and words in str(refused.value), str(refused.value)


def test_students_join_with_the_join_token_only_up_to_the_limit():
    session = new_class(max_students=2)
    with pytest.raises(ClassError) as wrong:
        session.join(session.teacher, "Ana")
    assert wrong.value.status == 403 and not session.students
    ana = session.join(session.join_token, " Ana  ")
    assert ana.name == "Ana" and session.student_of(ana.token) is ana and session.student_of("x") is None
    assert not session.is_teacher(ana.token) and session.is_teacher(session.teacher)
    with pytest.raises(ClassError, match="called 'ANA' has joined already"):
        session.join(session.join_token, "ANA")
    session.join(session.join_token, "Bao")
    with pytest.raises(ClassError, match="at most 2 students") as full:
        session.join(session.join_token, "Chi")
    assert full.value.status == 409 and len(session.students) == 2


def test_a_puzzle_shows_no_answer_before_the_first_try_which_alone_counts():
    clock = Clock()
    session = new_class(clock=clock)
    ana = session.join(session.join_token, "Ana")
    card = _card(session.puzzle_ids[0], "en")
    shown = session.puzzle(ana, 0)
    assert "answered" not in shown and "verdicts" not in json.dumps(shown)
    assert card["hints"][1] not in json.dumps(shown)  # the hint that names the move
    right = next(move for move, verdict in card["verdicts"].items() if verdict["right"])
    wrong = next((move for move, verdict in card["verdicts"].items() if not verdict["right"]), None)
    with pytest.raises(ClassError, match="not a legal move"):
        session.answer(ana, 0, "N 9-9")
    clock.now += 42
    answered = session.answer(ana, 0, wrong or right)["answered"]
    assert answered["right"] is (wrong is None) and right in answered["answers"]
    with pytest.raises(ClassError, match="only the first try counts"):
        session.answer(ana, 0, right)
    assert session.puzzle(ana, 0)["answered"] == answered
    session.answer(ana, 1, next(m for m, v in _card(session.puzzle_ids[1], "en")["verdicts"].items() if v["right"]))
    progress = session.progress()["students"][0]
    assert progress["puzzles_answered"] == 2 and progress["first_try_right"] == (1 if wrong else 2)
    assert progress["puzzles"]["0"]["seconds"] == 42.0
    with pytest.raises(ClassError) as missing:
        session.puzzle(ana, 3)
    assert missing.value.status == 404


def test_every_student_plays_the_same_committed_deal_against_the_same_bots():
    session = new_class()
    ana, bao = session.join(session.join_token, "Ana"), session.join(session.join_token, "Bao")
    first_ana, first_bao = session.deal(ana, 1), session.deal(bao, 1)
    assert first_ana["record"]["in_play"] == first_bao["record"]["in_play"]  # same deal, same bots' first moves
    assert "server_seed" not in json.dumps(first_ana)
    one = play_out(session, ana, 1)
    two = play_out(session, bao, 1)
    assert one["record"] == two["record"] and one["result"] == two["result"]  # same moves, same answers
    fair = one["record"]["hands"][0]["fair"]
    assert fair["commitment"] == session.commitments[1] == commitment_of(fair["server_seed"])
    _, problems = verify_record(one["record"])
    assert not problems, problems


def test_how_the_class_played_a_deal_waits_until_the_student_has_finished_it():
    session = new_class()
    ana, bao, chi = (session.join(session.join_token, name) for name in ("Ana", "Bao", "Chi"))
    play_out(session, ana, 0, lambda legal: legal[0])
    play_out(session, bao, 0, lambda legal: legal[-1])
    session.deal(chi, 0)
    with pytest.raises(ClassError, match="once you have finished it") as early:
        session.class_played(chi, 0)
    assert early.value.status == 409
    seen = session.class_played(ana, 0)
    assert [row["name"] for row in seen["results"]] == ["Ana", "Bao"]
    first = seen["decisions"][0]
    assert first["students"] == 2 and sum(first["class"].values()) == 2 and first["played"] in first["class"]
    assert "server_seed" not in json.dumps(seen) and "tiles" not in json.dumps(seen)


def test_the_teacher_sees_progress_and_exports_it_as_csv():
    session = new_class()
    ana = session.join(session.join_token, "=SUM(A1)")
    session.join(session.join_token, "Bao")
    result = play_out(session, ana, 0)["result"]
    progress = session.progress()
    assert [s["name"] for s in progress["students"]] == ["=SUM(A1)", "Bao"]
    assert progress["students"][0]["deals"]["0"]["result"] == result["result"]
    mistakes = progress["students"][0]["mistakes"]
    assert mistakes["judged"] == 0 and mistakes["waiting"] == len(session.take_to_judge())  # not judged yet
    rows = list(csv.reader(io.StringIO(session.progress_csv())))
    assert rows[0][:3] == ["student", "puzzles_answered", "first_try_right"] and rows[0][-2:] == ["deal_1", "deal_2"]
    assert rows[1][0] == "'=SUM(A1)" and rows[1][-2] == f"{result['result']} {result['points']}"
    assert rows[2][0] == "Bao" and rows[2][-2:] == ["", ""]
    assert session.teacher not in json.dumps(progress) and "server_seeds" not in json.dumps(progress)


def test_a_class_kept_mid_deal_goes_on_as_it_would_have():
    clock = Clock()
    session = new_class(clock=clock)
    ana = session.join(session.join_token, "Ana")
    view = session.deal(ana, 0)
    view = session.play(ana, 0, view["legal_moves"][-1])
    kept = ClassSession.from_json(json.loads(json.dumps(session.as_json())), clock=clock)
    again = kept.student_of(ana.token)
    assert again is not None and kept.deal(again, 0) == view
    assert play_out(kept, again, 0) == play_out(session, ana, 0)
    assert kept.progress() == session.progress() and kept.commitments == session.commitments


def test_a_class_follows_the_one_session_contract_and_refuses_as_every_session_does():
    """``view(screen)`` and ``handle(screen, intent)`` as every session; a refusal is a
    ``DominoesError`` whose reason, case and facts say what was refused, and nothing changed."""
    session = new_class()
    ana = session.join(session.join_token, "Ana")
    teacher, student = session.screen_of(session.teacher), session.screen_of(ana.token)
    assert teacher.teacher and student.student is ana and session.screen_of(session.join_token) is None
    assert session.view(teacher) == session.progress() and session.view(student) == session.student_summary(ana)
    view = session.handle(student, {"type": "deal", "number": 0})
    played = session.handle(student, {"type": "play", "number": 0, "move": view["legal_moves"][0]})
    assert played["deal"] == 0 and played["record"] != view["record"]  # the move was made
    assert session.handle(student, {"type": "puzzle", "number": 1})["number"] == 1
    before = json.dumps(session.as_json())
    for screen, intent, status, reason, case, facts in [
        (student, {"type": "fly"}, 400, "bad_message", "bad_intent", {}),
        (student, [1], 400, "bad_message", "bad_intent", {}),
        (teacher, {"type": "deal", "number": 0}, 403, "not_at_screen", "teacher_plays_not", {}),
        (student, {"type": "deal", "number": 9}, 404, "bad_message", "no_such_deal", {"number": 9, "deals": 2}),
        (student, {"type": "puzzle", "number": -1}, 404, "bad_message", "no_such_puzzle", {"puzzles": 3}),
        (student, {"type": "play", "number": 0, "move": "N 9-9"}, 400, "bad_message", "illegal_move", {"number": 0}),
        (student, {"type": "play", "number": 1, "move": "N 6-6"}, 409, "stale", "deal_not_started", {"number": 1}),
        (student, {"type": "class_played", "number": 0}, 409, "stale", "deal_not_finished", {"number": 0}),
    ]:
        with pytest.raises(DominoesError) as refused:
            session.handle(screen, intent)
        error = refused.value
        assert isinstance(error, ClassError) and (error.status, error.reason, error.case) == (status, reason, case)
        assert facts.items() <= error.facts.items(), error.facts
    assert json.dumps(session.as_json()) == before


def judge_now(session: ClassSession, decisions) -> None:
    """What the server's background judge does, here and with a small budget (the verdicts' shape, not their truth)."""
    for decision in decisions:
        session.take_verdict(decision, judge(decision.view, played=decision.move, question=Question.MARK,
                                             rollouts=100, budget=400))


def test_each_students_rating_comes_from_their_first_tries_as_a_learners_does():
    session = new_class({"name": "x", "puzzles": {"count": 4, "game": "partnership"}})
    ana, bao, chi = (session.join(session.join_token, name) for name in ("Ana", "Bao", "Chi"))
    cards = [_card(puzzle_id, "en") for puzzle_id in session.puzzle_ids]
    right = [next(m for m, v in card["verdicts"].items() if v["right"]) for card in cards]
    wrong = [next((m for m, v in card["verdicts"].items() if not v["right"]), None) for card in cards]
    for n in range(4):
        session.answer(ana, n, right[n])
        session.answer(bao, n, wrong[n] or right[n])
    expected = Glicko()
    for n in range(4):
        puzzle = PuzzleSet.builtin().by_id(session.puzzle_ids[n])
        expected = rate(expected, [(puzzle_start_rating(puzzle), 1.0)])
    assert session.rating_of(ana) == expected and session.rating_of(chi) is None
    progress = {row["name"]: row for row in session.progress()["students"]}
    assert progress["Ana"]["rating"] == [round(expected.rating), round(expected.deviation)]
    assert progress["Ana"]["rating"][0] > 1500 and progress["Ana"]["rating"][1] < 350
    if any(wrong):
        assert progress["Bao"]["rating"][0] < progress["Ana"]["rating"][0]
    assert progress["Chi"]["rating"] is None
    rows = {row["student"]: row for row in csv.DictReader(io.StringIO(session.progress_csv()))}
    assert rows["Ana"]["rating"] == str(progress["Ana"]["rating"][0])
    assert rows["Ana"]["rating_deviation"] == str(progress["Ana"]["rating"][1]) and rows["Chi"]["rating"] == ""


def test_the_judges_verdicts_reach_how_the_class_played_it_and_the_teachers_progress():
    session = new_class()
    ana, bao, chi = (session.join(session.join_token, name) for name in ("Ana", "Bao", "Chi"))
    play_out(session, ana, 0, lambda legal: legal[0])
    play_out(session, bao, 0, lambda legal: legal[-1])
    view = session.deal(chi, 0)
    while not session.mistakes_of(chi)["waiting"]:  # Chi is in the middle of deal 0, past a decision
        view = session.play(chi, 0, view["legal_moves"][0])
    assert view["result"] is None
    decisions = session.take_to_judge()
    assert decisions and session.take_to_judge() == []
    seat = session.request.duplicate.seat
    assert all(d.view.seat == seat and d.view.tiles and not hasattr(d.view, "deal") for d in decisions)
    keys = [(d.deal, d.key) for d in decisions]
    assert sorted(keys) == sorted((d.deal, d.key) for d in session.unjudged())  # a restarted class finds the same
    waiting = session.class_played(ana, 0)
    assert waiting["judging"] and all(d["verdict"] is None for d in waiting["decisions"])
    assert session.mistakes_of(ana)["waiting"] > 0 and session.mistakes_of(ana)["judged"] == 0

    judge_now(session, decisions)
    assert session.unjudged() == []
    seen = session.class_played(ana, 0)
    assert not seen["judging"]
    judged = [d for d in seen["decisions"] if d["verdict"] is not None]
    assert judged and all(d["verdict"] in ("good", "inaccuracy", "mistake", "blunder", "unclear") for d in judged)
    for decision in judged:
        assert decision["played"] in decision["marks"] and set(decision["marks"]) <= set(decision["class"])
        if decision["verdict"] in ("mistake", "blunder") and decision["best"] is not None:
            assert decision["best"] != decision["played"]
    progress = {row["name"]: row for row in session.progress()["students"]}
    ana_mistakes = progress["Ana"]["mistakes"]
    assert ana_mistakes["judged"] == len(judged) and ana_mistakes["waiting"] == 0
    assert len(ana_mistakes["at"]) == sum(ana_mistakes[mark] for mark in ("inaccuracy", "mistake", "blunder"))
    assert all(set(at) == {"deal", "move", "mark"} for at in ana_mistakes["at"])  # where, never a tile
    assert progress["Chi"]["mistakes"]["judged"] >= 1  # the teacher sees a deal in play judged
    assert session.student_summary(chi)["mistakes"]["judged"] == 0  # its player does not, until it is over
    header = next(csv.reader(io.StringIO(session.progress_csv())))
    assert header[8:12] == ["decisions_judged", "inaccuracies", "mistakes", "blunders"]
    kept = ClassSession.from_json(json.loads(json.dumps(session.as_json())))
    assert kept.class_played(kept.student_of(ana.token), 0) == seen and kept.unjudged() == []


def conforms(value, shape, where: str = "view") -> None:
    """``value`` has exactly the keys ``shape`` (a TypedDict) declares, nested TypedDicts too."""
    import typing

    if not typing.is_typeddict(shape):
        return
    hints = typing.get_type_hints(shape, include_extras=True)  # (NotRequired: the shape's own optional keys
    optional = {key for key, hint in hints.items() if typing.get_origin(hint) is typing.NotRequired}
    hints = {key: typing.get_args(hint)[0] if key in optional else hint for key, hint in hints.items()}
    required = set(hints) - optional  # are blind to it under `from __future__ import annotations`)
    assert required <= set(value) <= set(hints), (where, sorted(set(value) ^ required))
    for key, hint in hints.items():
        if key not in value:
            continue
        item = value[key]
        if typing.get_origin(hint) is list:
            for one in item:
                conforms(one, typing.get_args(hint)[0], f"{where}.{key}[]")
        elif typing.get_origin(hint) is dict:
            for one in item.values():
                conforms(one, typing.get_args(hint)[1], f"{where}.{key}{{}}")
        elif item is not None:
            inner = [arg for arg in typing.get_args(hint) if typing.is_typeddict(arg)] or [hint]
            conforms(item, inner[0], f"{where}.{key}")


def test_what_a_class_answers_has_the_shapes_declared_beside_it():
    """Every answer of the session has the keys its shape in sessions/classroom/shapes.py names
    (the shapes are the return types mypy checks; this holds them to the answers too)."""
    from dominoes_widget.sessions.classroom import ClassScreen
    from dominoes_widget.sessions.classroom.shapes import (ClassDealView, ClassPlayed, ClassProgress, ClassPuzzleAnswer,
                                                           ClassPuzzleShown, ClassStudentView, ClassWatch)

    session = new_class()
    ana = session.join(session.join_token, "Ana")
    conforms(session.handle(ClassScreen(ana), {"type": "puzzle", "number": 0}), ClassPuzzleShown)
    move = next(iter(_card(session.puzzle_ids[0], "en")["verdicts"]))
    conforms(session.answer(ana, 0, move), ClassPuzzleAnswer)
    conforms(session.puzzle(ana, 0), ClassPuzzleShown)
    conforms(session.deal(ana, 0), ClassDealView)
    conforms(session.watch(ana.id), ClassWatch)
    conforms(play_out(session, ana, 0), ClassDealView)
    judge_now(session, session.take_to_judge())
    played = session.class_played(ana, 0)
    assert played["decisions"] and played["results"]
    conforms(played, ClassPlayed)
    conforms(session.view(ClassScreen()), ClassProgress)
    conforms(session.view(ClassScreen(ana)), ClassStudentView)


def test_every_refusal_of_a_class_has_its_words_in_every_language():
    """Each ClassError case and each refusal the class routes say has a class.refused_<case>
    entry (else it would stay English on a Vietnamese class's pages)."""
    import re
    from pathlib import Path

    from dominoes_widget.words.catalog import LANGUAGES, Words

    package = Path(__file__).resolve().parent.parent / "dominoes_widget"
    sources = [package / "sessions/classroom/session.py", package / "server/classes.py"]
    cases = {case for path in sources for case in re.findall(r'case="([a-z_]+)"', path.read_text())}
    said = set(re.findall(r'"(refused_[a-z_]+)"', (package / "server/class_routes.py").read_text()))
    assert len(cases) >= 15 and len(said) >= 6
    for lang in LANGUAGES:
        words = Words(lang)
        assert [case for case in cases if not words.has(f"class.refused_{case}")] == [], lang
        assert [key for key in said if not words.has(f"class.{key}")] == [], lang
