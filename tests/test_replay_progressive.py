"""A Replay's analysis as it comes (issue 37, "never wait for it"): the session judges the
record decision by decision on a scheduler's turns, its hands' marks appear hand by hand, and
Learn from your mistakes starts at the seat's first mistake found while the rest is judged.

Driven by a manual scheduler, one decision a turn, with the real judge on a small budget."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from dominoes_widget import Replay, analyse
from dominoes_widget.sessions.replay.session import ReplaySession
from dominoes_widget.sessions.replay.judging import judging_words
from dominoes_widget.sessions.scheduler import ManualScheduler
from dominoes_widget.words.catalog import Voice

RECORD = Path(__file__).resolve().parent / "data" / "records" / "six_love_match.json"
OPTIONS = {"hands": [0, 1, 2], "rollouts": 40}
"""Three hands, 38 decisions: West's blunders at hand 0 move 6 and hand 1 move 11 are its only marks."""


@pytest.fixture(scope="module")
def whole():
    """The same analysis made at once, to compare with the one that comes piece by piece."""
    return analyse(RECORD, workers=1, progress=False, **OPTIONS)


def _session() -> tuple[ReplaySession, ManualScheduler, list[set[str]]]:
    session = ReplaySession(RECORD)
    told: list[set[str]] = []
    session.on_change = told.append
    scheduler = ManualScheduler()
    session.start_analysis(scheduler, **OPTIONS)
    return session, scheduler, told


def _analysed_hands(session: ReplaySession) -> list[int]:
    return [index for index, hand in enumerate(session.view()["hands"]) if hand.get("analysis")]


def test_marks_appear_hand_by_hand_and_end_as_the_whole_analysis(whole):
    session, scheduler, told = _session()
    run = session.run
    assert run.total == len(whole) and scheduler.waiting == 1, "one decision a turn, none judged yet"
    assert _analysed_hands(session) == [] and session.analysing()["text"] == "Judging hand 1 of 3…"
    shown: list[list[int]] = [[]]
    bars: list[tuple[int, int]] = []
    while scheduler.run_next():
        assert len(session.analysis.decisions) == run.judged, "the analysis holds what is judged, in order"
        hands = _analysed_hands(session)
        if hands != shown[-1]:
            shown.append(hands)
            assert {"view"} <= told[-1], "the widget is told when a hand's analysis comes"
        if session.analysing():
            bars.append((session.analysing()["hand"], session.analysing()["done"]))
        if hands == [0]:  # hand 0's marks are there while hand 1 is judged
            mark = session.view()["hands"][0]["analysis"]["marks"]
            assert any(m["verdict"] == "blunder" and m["ply"] == 6 for m in mark)
            assert "Judging hand 2 of 3" in session.analysing()["text"]
    assert shown == [[], [0], [0, 1], [0, 1, 2]]
    assert [hand for hand, _ in bars] == sorted(hand for hand, _ in bars), "hand 1, then 2, then 3"
    assert [done for _, done in bars] == list(range(1, len(whole))), "one more decision each turn"
    assert session.analysing() == {} and run.finished
    assert session.analysis.as_json()["decisions"] == whole.as_json()["decisions"], \
        "piece by piece, the same judgements as the whole analysis (the judge is seeded per decision)"
    assert session.view()["summary"] == ReplaySession(RECORD, analysis=whole).view()["summary"]


def test_learn_from_mistakes_starts_at_the_first_mistake_found_while_the_rest_is_judged():
    session, scheduler, told = _session()
    drill = session.drill
    assert drill.handle({"type": "mistakes_start", "seat": "W"}) == [], "an analysis under way will do"
    view = drill.view()
    assert view["status"] == "waiting" and view["exercise"] is None and view["total"] == 0
    assert view["coming"] == "Judging hand 1 of 3…"
    while drill.view()["status"] == "waiting":
        assert scheduler.run_next()
    view = drill.view()
    assert view["status"] == "trying" and view["exercise"]["hand"] == 0 and view["exercise"]["ply"] == 6
    assert {"mistakes"} <= told[-1], "the widget is told the drill moved"
    assert not session.run.finished and view["coming"].startswith("Judging hand 1 of 3"), \
        "the drill started before the analysis ended"
    assert view["total"] == 1, "one found so far"
    wrong = next(m for m in view["exercise"]["legal"] if m != session.analysis.decisions[-1].best.move
                 and m not in drill.found[0]["accepted"] and m not in drill.found[0]["close"])
    for _ in range(2):
        drill.handle({"type": "mistakes_try", "move": wrong, "index": 0})
    assert drill.view()["status"] == "answered" and drill.view()["answer"]["move"]
    drill.handle({"type": "mistakes_next"})
    assert drill.view()["status"] == "waiting", "no second mistake yet: the drill waits for it"
    while drill.view()["status"] == "waiting":
        assert scheduler.run_next()
    view = drill.view()
    assert (view["index"], view["total"], view["exercise"]["hand"], view["exercise"]["ply"]) == (1, 2, 1, 11), \
        "the later mistake joined the drill as it was found"
    assert not session.run.finished and view["coming"].startswith("Judging hand")
    scheduler.run_all()
    view = drill.view()
    assert "coming" not in view and view["total"] == 2 and view["status"] == "trying"
    drill.handle({"type": "mistakes_try", "move": drill.found[1]["accepted"][0], "index": 1})
    drill.handle({"type": "mistakes_next"})
    assert drill.view()["status"] == "done" and drill.view()["solved"] == 1, "solved 1 of 2, once all is judged"


def test_a_drill_that_runs_out_while_judging_ends_when_the_analysis_does():
    session, scheduler, _ = _session()
    session.drill.start("N")  # North has no mark in these hands
    assert session.drill.view()["status"] == "waiting"
    scheduler.run_all()
    view = session.drill.view()
    assert view["status"] == "done" and view["total"] == 0 and "coming" not in view


def test_the_drill_refuses_a_try_while_it_waits_and_changes_nothing():
    session, scheduler, _ = _session()
    session.drill.start("W")
    before = session.drill.view()
    [refusal] = session.handle({"type": "mistakes_try", "move": "W 6-6 L", "index": 0})
    assert refusal["type"] == "mistakes_refused" and refusal["message"]
    assert session.drill.view() == before


def test_a_judge_that_fails_says_so_in_the_bar_and_judges_no_more(monkeypatch):
    session, scheduler, _ = _session()
    scheduler.run_next()
    import dominoes_widget.studies.analysis as analysis_module

    monkeypatch.setattr(analysis_module, "_judge", _raise_memory_error)
    assert scheduler.run_next()
    bar = session.analysing()
    assert bar["failed"] and bar["text"] == "The analysis stopped: out of memory" and bar["done"] == 1
    assert scheduler.waiting == 0 and session.coming() is None


def _raise_memory_error(_number: int) -> None:
    raise MemoryError("out of memory")


def test_a_stopped_analysis_judges_no_more_and_keeps_what_it_judged():
    session, scheduler, _ = _session()
    for _ in range(3):
        scheduler.run_next()
    session.stop_analysis()
    assert scheduler.run_all() == 0 and len(session.analysis.decisions) == 3


def test_the_bar_says_the_hand_being_judged_in_words():
    assert judging_words(Voice("en"), 5, 10, None) == "Judging hand 5 of 10…"
    assert judging_words(Voice("en"), 5, 10, 12.2) == "Judging hand 5 of 10… about 13 s left"
    assert judging_words(Voice("vi"), 5, 10, 95) == "Đang phân tích ván 5 / 10… còn khoảng 1 phút 35 giây"


def test_the_replay_widget_is_told_as_the_session_judges():
    """The widget only carries the session's views onto its traits: here a drill started with
    ``learn=`` before anything is judged, fed by a manual scheduler."""
    record = json.loads(RECORD.read_text())
    replay = Replay(record)
    session = replay.session
    session.on_change = replay._show
    scheduler = ManualScheduler()
    session.start_analysis(scheduler, **OPTIONS)
    replay.learn("W")
    assert replay.mistakes["status"] == "waiting" and replay.mistakes["coming"] == "Judging hand 1 of 3…"
    while replay.mistakes["status"] == "waiting":
        scheduler.run_next()
    assert replay.mistakes["exercise"]["ply"] == 6 and not session.run.finished
    assert replay.analysing["text"].startswith("Judging hand 1 of 3")
    scheduler.run_all()
    assert replay.analysing == {} and all(hand.get("analysis") for hand in replay.view["hands"][:3])


@pytest.mark.slow  # a pool of workers
def test_analysis_true_in_a_notebook_starts_the_drill_before_the_analysis_ends(monkeypatch):
    """In a kernel (a running loop) ``Replay(record, analysis=True, learn=seat)`` shows the
    board at once and the drill waits for the seat's first mistake, which comes while the
    rest is judged on the workers."""
    import dominoes_widget.studies.analysis as analysis_module

    plan = analysis_module.plan_analysis
    monkeypatch.setattr(analysis_module, "plan_analysis", lambda source, **_: plan(source, **OPTIONS))
    record = json.loads(RECORD.read_text())
    record["hands"] = record["hands"][:3]

    async def main() -> tuple[dict, dict, Replay]:
        replay = Replay(record, analysis=True, learn="W")
        first = dict(replay.mistakes)
        seen: dict = {}
        while not replay.analysis_task.done():
            if replay.mistakes.get("exercise") and not seen:
                seen = {"mistakes": dict(replay.mistakes), "analysing": dict(replay.analysing)}
            await asyncio.sleep(0.01)
        await replay.analysis_task
        return first, seen, replay

    first, seen, replay = asyncio.run(main())
    assert first["status"] == "waiting" and first["coming"].startswith("Judging hand 1 of 3")
    assert seen["mistakes"]["status"] == "trying" and seen["mistakes"]["coming"].startswith("Judging hand")
    assert seen["analysing"]["done"] < seen["analysing"]["total"], "the drill started before the analysis ended"
    assert replay.analysing == {} and "coming" not in replay.mistakes


def test_in_the_browser_a_turn_judges_for_a_slice_and_the_analysis_comes_out_the_same(monkeypatch):
    """The browser's loop (no numpy) judges steps of a few worlds for a slice of time a turn, not
    a whole decision, so a try in the drill waits one slice; however it is cut, the analysis is
    the one made at once."""
    import dominoes_widget.studies.judge as judge_module
    from dominoes_widget.studies.bots import inference, world_results

    monkeypatch.setattr(world_results, "np", None)
    monkeypatch.setattr(inference, "np", None)
    options = {"hands": [0], "rollouts": 40}
    judge_module._KEPT.clear()  # (what earlier tests judged with numpy)
    at_once = analyse(RECORD, workers=1, progress=False, **options)

    def turns_taken(slice_seconds: float) -> int:
        judge_module._KEPT.clear()  # (judged again, not found)
        session = ReplaySession(RECORD)
        run = session.start_analysis(None, **options)
        scheduler = ManualScheduler()
        run.run_here(scheduler, step=3, slice_seconds=slice_seconds)
        turns = 0
        while scheduler.run_next():
            turns += 1
        assert run.finished and session.analysis.decisions == at_once.decisions
        return turns

    steps = turns_taken(0.0)  # a step a turn
    assert steps > 2 * len(at_once), f"{steps} turns for {len(at_once)} decisions: steps, not decisions"
    assert turns_taken(3600.0) == len(at_once)  # a slice longer than any decision: a decision a turn
