"""Every widget is built one way (widgets/session_widget.py): the session's view in a trait named
``view``, the page's messages to ``session.handle``, and a refusal answered in one shape."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from puzzle_fixture import fixture_puzzles
from dominoes_widget import Exercise, Puzzles, Replay, Table
from dominoes_widget.engine.errors import DominoesError, Reason
from dominoes_widget.engine.hand import Hand
from dominoes_widget.engine.rules import Rules
from dominoes_widget.sessions.replay.wire import unpack_data
from dominoes_widget.widgets.session_widget import SessionWidget

RECORD = Path(__file__).resolve().parent / "data" / "records" / "six_love_match.json"


def _widgets():
    return {"table": lambda: Table(bot_delay=0, seed=3),
            "replay": lambda: Replay(RECORD),
            "puzzles": lambda: Puzzles(fixture_puzzles()),
            "exercise": lambda: Exercise.playable(Hand.dealt(Rules.six_love(), seed=1))}


def _listening(widget):
    widget.sent = []
    widget.send = widget.sent.append  # what would go to the browser
    return widget


@pytest.mark.parametrize("name", sorted(_widgets()))
def test_every_widget_syncs_its_sessions_view_in_a_trait_named_view(name):
    widget = _widgets()[name]()
    try:
        assert isinstance(widget, SessionWidget)
        synced = widget.get_state()
        assert {"view", "words"} <= set(synced)
        assert not {"data", "state", "exercise"} & set(synced), "the old trait names are gone"
        view = unpack_data(synced["view"]) if name == "replay" else synced["view"]
        assert json.dumps(view, sort_keys=True) == json.dumps(dict(widget.session.view()), sort_keys=True)
    finally:
        widget.close()


@pytest.mark.parametrize(("name", "garbled", "reason"), [
    ("puzzles", {"type": "answer", "move": "N 9-9 L"}, Reason.BAD_MESSAGE),
    ("puzzles", {"type": "hack"}, Reason.BAD_MESSAGE),
    ("exercise", {"type": "answer", "answer": ["zz"]}, Reason.BAD_ANSWER),
    ("exercise", None, Reason.BAD_ANSWER),
])
def test_a_refusal_is_answered_in_one_shape_and_changes_nothing(name, garbled, reason):
    widget = _listening(_widgets()[name]())
    before = json.dumps(widget.view, sort_keys=True)
    widget._on_message(widget, garbled, [])
    assert json.dumps(widget.view, sort_keys=True) == before
    assert len(widget.sent) == 1
    reply = widget.sent[0]
    assert set(reply) == {"type", "reason", "message"} and reply["type"] == "error"
    assert reply["reason"] == str(reason) and reply["message"]
    widget.close()


def test_each_session_refuses_with_a_dominoes_error_carrying_reason_case_and_facts():
    exercise = Exercise.playable(Hand.dealt(Rules.six_love(), seed=1)).session
    with pytest.raises(DominoesError) as bad_answer:
        exercise.handle({"type": "answer", "answer": ["6-4", "zz"]})
    assert (bad_answer.value.reason, bad_answer.value.case) == (Reason.BAD_ANSWER, "answer[1]")
    assert bad_answer.value.facts["kind"] == "playable"
    puzzles = Puzzles(fixture_puzzles()).session
    puzzles.handle({"type": "hint"})
    puzzles.handle({"type": "hint"})
    with pytest.raises(DominoesError) as no_hint:
        puzzles.handle({"type": "hint"})
    assert (no_hint.value.reason, no_hint.value.case) == (Reason.BAD_MESSAGE, "no_hint")
    assert str(no_hint.value) == puzzles.voice("solve.no_hint")


@pytest.mark.parametrize(("garbled", "case", "facts", "words"), [
    ({"type": "teleport"}, "unknown_type", {"text": "'teleport'"}, "Ignored a message of an unknown kind: 'teleport'."),
    ({"type": "move", "move": "S 9-9 L"}, "bad_notation", {"text": "'S 9-9 L'"}, "Could not read the move 'S 9-9 L'."),
    ({"type": "move", "move": "S draw 3-4"}, "draw_names_tile", {}, "A draw names no tile: send '<seat> draw'."),
])
def test_the_table_refuses_an_unreadable_message_with_a_dominoes_error_in_the_same_words(garbled, case, facts, words):
    from dominoes_widget.sessions.table.intents import _browser_move, read_intent

    table = _listening(Table(bot_delay=0, seed=3))
    session = table.session
    with pytest.raises(DominoesError) as refused:
        if read_intent(garbled) == "move":
            _browser_move(session, session.screen, garbled)
    assert (refused.value.reason, refused.value.case, refused.value.facts) == (Reason.BAD_MESSAGE, case, facts)
    before = json.dumps(table.view, sort_keys=True)
    table._on_message(table, garbled, [])
    assert table.sent == [{"type": "error", "message": words}], "the page is told as before, in the catalog's words"
    assert json.dumps(table.view, sort_keys=True) == before
    table.close()


def test_the_replays_drill_refuses_with_a_dominoes_error_and_the_page_is_told_as_before():
    replay = _listening(Replay(RECORD))  # no analysis: nothing to learn from yet
    with pytest.raises(DominoesError) as no_analysis:
        replay.learn("S")
    assert (no_analysis.value.reason, no_analysis.value.case) == (Reason.BAD_MESSAGE, "mistakes_no_analysis")
    refusal = replay.session.drill.refusal({"type": "mistakes_start", "seat": "Q"})
    assert (refusal.reason, refusal.case) == (Reason.BAD_MESSAGE, "mistakes_no_analysis")
    off = replay.session.drill.refusal({"type": "mistakes_next"})
    assert (off.case, off.facts, str(off)) == ("mistakes_off", {}, "Learn from your mistakes is not open: start it first.")
    before = json.dumps(replay.view, sort_keys=True)
    replay._on_message(replay, {"type": "mistakes_next"}, [])
    assert replay.sent == [{"type": "mistakes_refused", "reason": "bad_message", "message": str(off)}], \
        "the page is told in the same words, with the reason"
    assert json.dumps(replay.view, sort_keys=True) == before
    replay.close()
