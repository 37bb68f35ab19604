"""Learn from your mistakes (sessions/replay/mistakes.py): which decisions, which moves are
accepted, the tries, the answer, the count, the refusals, and that an exercise shows only
what its seat could see. js/kit/replay/mistakes.cases.json holds cases that js/kit/replay/mistakes.mjs runs too."""

from __future__ import annotations

import copy
import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominoes_widget.studies.analysis import Decision, Judgement, Verdict
from dominoes_widget.sessions.replay.mistakes import (MARKED, MistakesDrill, accepted_moves, exercises, mistakes_book,
                                                      points_behind, try_kind)
from dominoes_widget.sessions.replay.session import ReplaySession

ROOT = Path(__file__).resolve().parent.parent
RECORD = ROOT / "tests" / "data" / "records" / "six_love_10_hands.json"
ANALYSIS = ROOT / "tests" / "data" / "six_love_10_hands.analysis.json"
CASES = ROOT / "js" / "kit" / "replay" / "mistakes.cases.json"
TILE = re.compile(r"\b[0-6]-[0-6]\b")


@pytest.fixture(scope="module")
def replay() -> ReplaySession:
    return ReplaySession(RECORD, analysis=ANALYSIS)


@pytest.fixture(scope="module")
def south(replay) -> list:
    return exercises(replay, "S")


def _judgement(move: str, share: float, *mirrors: str, gap: tuple[float, float] = (0.0, 0.0)) -> Judgement:
    return Judgement(move, share / 100, 0.0, 0.0, 1.0, 0.001, 100, tuple(mirrors), *gap)


# gaps' intervals on the bands' edges and inside them (points behind the best)
EDGES = [-3.0, 0.0, 0.5, 1.9, 2.0, 3.0, 4.9, 5.0, 5.1, 7.0, 9.9, 10.0, 12.0, 19.9, 20.0, 25.0, 60.0]


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.lists(st.tuples(st.sampled_from(EDGES) | st.floats(-5, 80), st.floats(0, 30)), min_size=1, max_size=6))
def test_the_drill_accepts_a_try_exactly_when_the_marks_call_it_good(gaps):
    """Over many judgements: the move the drill accepts is the move the analysis would mark
    good, had it been played (one rule: studies.judge.mark_of); one it refuses is never
    good; one it calls close is too close to call and could be good."""
    best = _judgement("S 6-6 L", 70.0)
    others = [_judgement(f"S {n}-{n} R", 70.0 - (low + width / 2), gap=(low, low + width))
              for n, (low, width) in enumerate(gaps)]
    judgements = (best, *others)
    accepted = accepted_moves(Decision(0, 0, "S", "NS", best.move, judgements))
    for judgement in judgements:
        mark = Decision(0, 0, "S", "NS", judgement.move, judgements).verdict
        kind = try_kind(judgement, best)
        assert (kind == "good") is (mark is Verdict.GOOD) is (judgement.move in accepted), (judgement, mark)
        if kind == "close":
            assert mark is Verdict.UNCLEAR and judgement.gap_low < 5 <= judgement.gap_high
        if kind == "wrong":
            assert mark is not Verdict.GOOD and judgement.gap_low >= 5
            assert points_behind(judgement, best) >= 5, "a refused move is never said to give away under 5 points"


def test_the_examples_drills_accept_what_the_analysis_marks_good(replay):
    """Every legal move of every seat's exercises: tried in the drill, it is solved exactly
    when the analysis marks it good, close when too close to call against good, else wrong
    with the points it gives away."""
    tried = 0
    for seat in ("N", "E", "S", "W"):
        for exercise in exercises(replay, seat):
            task = exercise["task"]
            decision = replay.analysis.decision_at(task["hand"], task["ply"])
            for move in task["legal"]:
                drill = MistakesDrill.for_book({"seats": [seat], "bottom": seat, "exercises": {seat: [exercise]}})
                drill.start(seat)
                status = drill.try_move(move)
                mark = replace(decision, played=move).verdict
                judgement = next(j for j in decision.judgements if move in j.moves)
                assert (status == "solved") is (mark is Verdict.GOOD), (task["hand"], task["ply"], move)
                assert (status == "close") is (mark is Verdict.UNCLEAR and judgement.gap_low < 5)
                if status == "again":
                    reply = drill.view()["reply"]
                    assert reply["loss"] >= 5 and reply["loss"] == points_behind(judgement, decision.best)
                else:
                    assert drill.view()["reply"] is None
                tried += 1
    assert tried > 30


def test_a_try_too_close_to_call_is_not_wrong_it_shows_the_best(replay, south):
    """South, hand 6, move 13: 0-1 on the left is 5.4 points behind, its 99% gap 2.3 to 8.5:
    too close to call, so not refused; the exercise ends showing the best, and counts."""
    exercise = next(e for e in south if (e["task"]["hand"], e["task"]["ply"]) == (5, 12))
    assert exercise["close"] == ["S 0-1 L"] and "S 0-1 L" not in exercise["replies"]
    drill = MistakesDrill.for_replay(replay)
    drill.handle({"type": "mistakes_start", "seat": "S"})
    index = south.index(exercise)
    for _ in range(index):
        drill.handle({"type": "mistakes_try", "move": _right(south[drill.index]), "index": drill.index})
        drill.handle({"type": "mistakes_next"})
    drill.handle({"type": "mistakes_try", "move": "S 0-1 L", "index": index})
    view = drill.view()
    assert view["status"] == "close" and view["answer"] == exercise["answer"] and view["solved"] == index + 1
    assert view["reply"] is None
    assert drill.handle({"type": "mistakes_next"}) == [], "over: Next goes on"


def test_a_refused_try_gives_the_points_it_gives_away(replay, south):
    """South, hand 4, move 9: 1-3 on the left is about 9 points behind (5.9 to 12.0): refused,
    with the number; the best's tile on the other end also says what each end leaves open."""
    first = south[0]
    assert (first["task"]["hand"], first["task"]["ply"]) == (3, 8)
    assert first["replies"]["S 1-3 L"] == {"loss": 9, "note": ""}
    assert first["replies"]["S 6-1 R"]["loss"] == 12
    assert first["replies"]["S 6-1 R"]["note"] == ("1-6 belongs on the left: it leaves 6 open at both ends; "
                                                   "on the right it would leave 1 open at both ends.")
    drill = MistakesDrill.for_replay(replay)
    drill.handle({"type": "mistakes_start", "seat": "S"})
    drill.handle({"type": "mistakes_try", "move": "S 1-3 L", "index": 0})
    assert drill.view()["reply"] == {"loss": 9, "note": ""} and drill.view()["status"] == "again"
    drill.handle({"type": "mistakes_try", "move": "S 6-1 R", "index": 0})
    assert drill.view()["reply"] == first["replies"]["S 6-1 R"] and drill.view()["status"] == "answered"


def test_the_answer_to_the_right_tile_on_the_wrong_end_says_why_the_end_matters(south):
    """South played 0-5 on the left where 5-0 on the right was best: the answer explains the
    end (what each leaves open, the tiles left to play there), not "your heaviest tile"."""
    exercise = next(e for e in south if (e["task"]["hand"], e["task"]["ply"]) == (5, 12))
    why = exercise["answer"]["why"]
    assert "heaviest" not in why
    assert why.startswith("5-0 belongs on the right: it leaves 0 open at both ends, with 1 tile of yours to play "
                          "there; on the left it would leave 5 open at both ends, where none of yours fit.")
    assert why.endswith("In the game 0-5 on the left gave away 26 points of win share.")
    vi = exercises(ReplaySession(RECORD, analysis=ANALYSIS, lang="vi"), "S")
    assert next(e for e in vi if e["task"]["hand"] == 5)["answer"]["why"].startswith("5-0 nên đặt ở đầu phải")


def test_no_little_better_outside_the_good_band(south):
    """The issue's "1-6 is a little better than 1-3" for a 9-point gap: now the number."""
    assert south[0]["answer"]["why"].startswith("1-6 is better than 1-3, by about 9 points.")


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
    return next(m for m in exercise["task"]["legal"] if m in exercise["replies"])


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
         {"type": "mistakes_try", "move": three["close"][0], "index": 2}, {"type": "mistakes_next"},
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
    assert {"trying", "again", "solved", "close", "answered", "done"} <= set(statuses)


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
