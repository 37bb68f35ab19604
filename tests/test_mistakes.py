"""Learn from your mistakes (sessions/replay/mistakes.py): which decisions, which moves are
accepted, the tries, the answer, the count, the refusals, and that an exercise shows only
what its seat could see. js/kit/replay/mistakes.cases.json holds cases that js/kit/replay/mistakes.mjs runs too."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest

from dominoes_widget.studies.analysis import Decision, Judgement, Verdict
from dominoes_widget.sessions.replay.mistakes import (ACCEPT_WITHIN, MARKED, MistakesDrill, accepted_moves, exercises,
                                                      mistakes_book)
from dominoes_widget.sessions.replay.session import ReplaySession

ROOT = Path(__file__).resolve().parent.parent
RECORD = ROOT / "notebooks" / "records" / "six_love_10_hands.json"
ANALYSIS = ROOT / "tests" / "data" / "six_love_10_hands.analysis.json"
CASES = ROOT / "js" / "kit" / "replay" / "mistakes.cases.json"
TILE = re.compile(r"\b[0-6]-[0-6]\b")


@pytest.fixture(scope="module")
def replay() -> ReplaySession:
    return ReplaySession(RECORD, analysis=ANALYSIS)


@pytest.fixture(scope="module")
def south(replay) -> list:
    return exercises(replay, "S")


def _judgement(move: str, share: float, *mirrors: str) -> Judgement:
    return Judgement(move, share / 100, 0.0, 0.0, 1.0, 0.001, 100, tuple(mirrors))


def test_a_move_within_three_and_a_half_points_of_the_best_is_accepted():
    decision = Decision(0, 3, "S", "NS", "S 1-1 R", (
        _judgement("S 6-4 L", 60.0, "S 6-4 R"), _judgement("S 5-5 L", 56.5), _judgement("S 2-3 R", 56.4),
        _judgement("S 1-1 R", 40.0)))
    assert ACCEPT_WITHIN == 3.5
    assert accepted_moves(decision) == ["S 5-5 L", "S 6-4 L", "S 6-4 R"]


def test_only_the_seats_marked_decisions_are_exercises(replay, south):
    marked = [d for d in replay.analysis.decisions if d.seat == "S" and d.verdict.value in MARKED]
    assert [(e["task"]["hand"], e["task"]["ply"]) for e in south] == sorted((d.hand, d.ply) for d in marked)
    assert len(south) == 5
    assert all(e["task"]["verdict"] in MARKED and e["task"]["seat"] == "S" for e in south)
    assert {Verdict.GOOD.value} & {e["task"]["verdict"] for e in south} == set()
    for exercise in south:
        task = exercise["task"]
        assert set(exercise["accepted"]) <= set(task["legal"]) and exercise["accepted"]
        assert exercise["answer"]["move"] in exercise["accepted"]
        assert len(task["labels"]) == len(task["legal"])
        assert task["position"]["turn"] == "S"


def _tiles_in(value) -> set[str]:
    return set(TILE.findall(json.dumps(value)))


def _seen(exercise: dict) -> set[str]:
    """The tiles the mover may know of: its own, and those on the line (either way round)."""
    position = exercise["task"]["position"]
    own = set(position["hands"][exercise["task"]["seat"]])
    line = {f"{a}-{b}" for a, b in position["line"]}
    return {t for tile in own | line for t in (tile, tile[::-1])}


@pytest.mark.parametrize("seat", ["N", "E", "S", "W"])
def test_no_tile_of_another_seat_is_in_the_exercises(replay, seat):
    found = exercises(replay, seat)
    assert found, f"{seat} has marked decisions in the example"
    for exercise in found:
        hands = exercise["task"]["position"]["hands"]
        assert all(isinstance(hands[other], int) for other in hands if other != seat), "the others face down"
        assert set(exercise["task"]["position"]["pips"]) == {seat}
        assert _tiles_in(exercise) <= _seen(exercise), (exercise["task"]["hand"], exercise["task"]["ply"])
        position = replay.position(exercise["task"]["hand"], exercise["task"]["ply"])
        hidden = {str(t) for other in position.seats if other != seat for t in position.held_tuple(other)}
        hidden |= {t[::-1] for t in hidden}
        assert not _tiles_in(exercise) & hidden


def _wrong(exercise: dict) -> str:
    return next(m for m in exercise["task"]["legal"] if m not in exercise["accepted"])


def _right(exercise: dict) -> str:
    return exercise["accepted"][0]


def test_try_again_then_the_answer_after_two_wrong_tries(replay, south):
    drill = MistakesDrill.for_replay(replay)
    assert drill.handle({"type": "mistakes_start", "seat": "S"}) == []
    view = drill.view()
    assert (view["status"], view["index"], view["total"], view["tries"]) == ("trying", 0, 5, 0)
    assert view["answer"] is None and "accepted" not in json.dumps(view)
    assert drill.handle({"type": "mistakes_try", "move": _wrong(south[0]), "index": 0}) == []
    assert (drill.view()["status"], drill.view()["tries"], drill.view()["answer"]) == ("again", 1, None)
    drill.handle({"type": "mistakes_try", "move": _wrong(south[0]), "index": 0})
    view = drill.view()
    assert view["status"] == "answered" and view["answer"] == south[0]["answer"] and view["solved"] == 0
    assert "points of win share" in view["answer"]["why"]


def test_an_accepted_move_solves_it_and_the_end_counts_k_of_n(replay, south):
    drill = MistakesDrill.for_replay(replay)
    drill.handle({"type": "mistakes_start", "seat": "S"})
    for index, exercise in enumerate(south):
        if index % 3 == 0:
            drill.handle({"type": "mistakes_try", "move": _right(exercise), "index": index})
        elif index % 3 == 1:
            drill.handle({"type": "mistakes_try", "move": _wrong(exercise), "index": index})
            drill.handle({"type": "mistakes_try", "move": _right(exercise), "index": index})
        else:
            for _ in range(2):
                drill.handle({"type": "mistakes_try", "move": _wrong(exercise), "index": index})
        assert drill.view()["status"] == ("answered" if index % 3 == 2 else "solved")
        drill.handle({"type": "mistakes_next"})
    view = drill.view()
    assert (view["status"], view["solved"], view["total"], view["exercise"]) == ("done", 4, 5, None)


GARBLED = [None, "mistakes_try", [], {"type": 3}, {"type": "mistakes_jump"}, {"type": "mistakes_start", "seat": "X"},
           {"type": "mistakes_start", "seat": ["S"]}, {"type": "mistakes_try", "move": ["S 6-4 L"], "index": 0},
           {"type": "mistakes_try", "move": "S 6-6 L", "index": 0}, {"type": "mistakes_try", "move": "nonsense", "index": 0},
           {"type": "mistakes_try", "move": "S 3-4 R", "index": 1}, {"type": "mistakes_try", "move": "S 3-4 R"},
           {"type": "mistakes_try", "move": "S 3-4 R", "index": True}, {"type": "mistakes_next"},
           {"type": "mistakes_try", "move": "S 3-4 R", "index": 0, "a": 1, "b": 2}]


@pytest.mark.parametrize("content", GARBLED, ids=range(len(GARBLED)))
def test_a_garbled_intent_is_refused_in_words_and_changes_nothing(replay, content):
    drill = MistakesDrill.for_replay(replay)
    drill.handle({"type": "mistakes_start", "seat": "S"})
    before = copy.deepcopy(drill.view())
    replies = drill.handle(content)
    assert len(replies) == 1 and replies[0]["type"] == "mistakes_refused" and replies[0]["message"]
    assert drill.view() == before


def test_no_try_before_starting_nor_after_the_answer_and_none_without_analysis(replay, south):
    drill = MistakesDrill.for_replay(replay)
    assert drill.view() == {}
    assert drill.handle({"type": "mistakes_try", "move": _right(south[0]), "index": 0})[0]["type"] == "mistakes_refused"
    drill.handle({"type": "mistakes_start", "seat": "S"})
    drill.handle({"type": "mistakes_try", "move": _right(south[0]), "index": 0})
    refused = drill.handle({"type": "mistakes_try", "move": _right(south[0]), "index": 0})
    assert refused and drill.view()["solved"] == 1
    drill.handle({"type": "mistakes_stop"})
    assert drill.view() == {}
    bare = MistakesDrill.for_replay(ReplaySession(RECORD))
    assert "analysis" in bare.handle({"type": "mistakes_start", "seat": "S"})[0]["message"]
    assert mistakes_book(ReplaySession(RECORD)) is None


def test_refusals_in_vietnamese(replay):
    vi = MistakesDrill.for_replay(ReplaySession(RECORD, analysis=ANALYSIS, lang="vi"))
    assert vi.handle({"type": "mistakes_next"})[0]["message"].startswith("Chế độ học từ lỗi")


def test_the_book_holds_every_seats_exercises(replay):
    book = mistakes_book(replay)
    assert book["seats"] == ["N", "E", "S", "W"] and book["bottom"] == "S"
    assert [len(book["exercises"][s]) for s in book["seats"]] == [len(exercises(replay, s)) for s in book["seats"]]


# -- the cases js/kit/replay/mistakes.mjs runs too ------------------------------------------------------------
def _cases(replay: ReplaySession) -> dict:
    """A book of South's first three exercises and runs of intents over it, each intent with
    whether it is refused and the view after it (as the Python drill makes them)."""
    found = exercises(replay, "S")[:3]
    book = {"seats": ["N", "E", "S", "W"], "bottom": "S", "exercises": {"S": found, "N": []}}
    one, two, three = found
    runs = [
        [{"type": "mistakes_next"}, {"type": "mistakes_start", "seat": "S"}, {"type": "mistakes_next"},
         {"type": "mistakes_try", "move": _wrong(one), "index": 0},
         {"type": "mistakes_try", "move": _right(one), "index": 1},
         {"type": "mistakes_try", "move": "S 9-9 L", "index": 0},
         {"type": "mistakes_try", "move": _right(one), "index": 0},
         {"type": "mistakes_try", "move": _right(one), "index": 0}, {"type": "mistakes_next"},
         {"type": "mistakes_try", "move": _wrong(two), "index": 1},
         {"type": "mistakes_try", "move": _wrong(two), "index": 1}, {"type": "mistakes_next"},
         {"type": "mistakes_try", "move": _right(three), "index": 2}, {"type": "mistakes_next"},
         {"type": "mistakes_next"}, {"type": "mistakes_stop"}],
        [{"type": "mistakes_start", "seat": "E"}, {"type": "mistakes_start", "seat": "N"}, "garbled",
         {"type": "mistakes_start", "seat": "S", "x": 1, "y": 2, "z": 3}],
    ]
    played = []
    for intents in runs:
        drill = MistakesDrill.for_book(book)
        steps = []
        for intent in intents:
            refused = bool(drill.handle(intent))
            steps.append({"intent": intent, "refused": refused, "view": drill.view()})
        played.append(steps)
    return {"book": book, "runs": played}


def test_the_shared_cases_are_the_python_drills(replay):
    """js/kit/replay/mistakes.test.mjs runs these same intents through js/kit/replay/mistakes.mjs and expects these
    views; a change to the drill's rules shows here first (write the file again with
    ``DOMINOES_WRITE_CASES=1``)."""
    import os

    cases = json.loads(json.dumps(_cases(replay)))
    if os.environ.get("DOMINOES_WRITE_CASES"):
        CASES.write_text(json.dumps(cases, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    assert json.loads(CASES.read_text(encoding="utf-8")) == cases
    statuses = [step["view"].get("status") for step in cases["runs"][0]]
    assert {"trying", "again", "solved", "answered", "done"} <= set(statuses)


# -- the Replay widget, a thin adapter of the drill ------------------------------------------------
def _widget(**options):
    from dominoes_widget.widgets.replay import Replay

    replay = Replay(RECORD, analysis=ANALYSIS, **options)
    sent: list = []
    replay.send = lambda message, buffers=None: sent.append(message)  # type: ignore[method-assign]
    return replay, sent


def test_the_replay_passes_the_intents_to_the_drill_and_shows_its_view(south):
    replay, sent = _widget()
    assert replay.mistakes == {}
    replay._on_message(replay, {"type": "mistakes_start", "seat": "S"}, [])
    assert replay.mistakes["seat"] == "S" and replay.mistakes["status"] == "trying" and sent == []
    replay._on_message(replay, {"type": "mistakes_try", "move": _wrong(south[0]), "index": 0}, [])
    assert replay.mistakes["status"] == "again"
    before = dict(replay.mistakes)
    replay._on_message(replay, {"type": "mistakes_try", "move": "S 6-6 L", "index": 0}, [])
    assert sent[-1]["type"] == "mistakes_refused" and replay.mistakes == before
    replay.set_state({"mistakes": {"seat": "S", "solved": 99}})  # a browser's write: refused, kept by the kernel
    assert replay.mistakes == before
    assert (replay.hand, replay.step) == (0, 0), "the replay itself does not move"


def test_learn_starts_the_drill_for_a_seat_and_the_page_carries_every_seats_exercises(replay):
    widget, _ = _widget(learn="E")
    assert widget.mistakes["seat"] == "E" and widget.mistakes["total"] == len(exercises(replay, "E"))
    widget.learn()
    assert widget.mistakes["seat"] == "S", "the bottom seat by default"
    from dominoes_widget.widgets.replay import Replay

    with pytest.raises(ValueError, match="no analysis"):
        Replay(RECORD).learn("S")
    found = re.search(r'<script type="application/json" id="dominoes-replay">(.*?)</script>', widget.to_html(), re.S)
    book = json.loads(found.group(1))["mistakes_book"]
    assert book == json.loads(json.dumps(mistakes_book(replay)))
    plain = re.search(r'id="dominoes-replay">(.*?)</script>', Replay(RECORD).to_html(), re.S)
    assert "mistakes_book" not in json.loads(plain.group(1))


# -- the Table offers it when the match ends -------------------------------------------------------
def test_the_table_refuses_to_learn_before_the_match_ends_and_learns_for_its_person_after(monkeypatch):
    from functools import partial

    import dominoes_widget.studies.analysis as analysis
    from dominoes_widget.sessions.table.shapes import Phase
    from dominoes_widget.sessions.table.learn import learn_seat
    from dominoes_widget.widgets.replay import Replay
    from dominoes_widget.widgets.table import Table

    record = json.loads(RECORD.read_text(encoding="utf-8"))
    last = record["hands"][0]
    table = Table.from_record(record, 0, len(last["moves"]), seats={"S": "human", "N": "random", "E": "random",
                                                                    "W": "random"}, bot_delay=0)
    sent: list = []
    table.send = lambda message, buffers=None: sent.append(message)  # type: ignore[method-assign]
    assert learn_seat(table.session, table.session.screen) == (None, "learn_not_over")
    table._on_message(table, {"type": "learn"}, [])
    assert sent[-1] == {"type": "error", "message": "Learn from your mistakes opens when the match is over."}
    assert table.replay is None
    table.session.phase = Phase.MATCH_OVER  # (the record's first hand, taken as the match)
    assert learn_seat(table.session, table.session.screen) == ("S", None)
    monkeypatch.setattr(analysis, "analyse", partial(analysis.analyse, rollouts=30, workers=1))
    table._on_message(table, {"type": "learn"}, [])
    replay = table.replay
    assert isinstance(replay, Replay) and replay.session.viewer == "S"
    assert replay.mistakes.get("seat") == "S", "the drill is on for the person's seat"
    assert replay.session.analysis is not None
    table.close()
