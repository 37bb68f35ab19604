"""The Table judges the person's decisions in the background (sessions/background.py,
sessions/table/judging.py): the coach's position as the turn starts, each decision after it is
made. A hint asked early says "Thinking…" and follows; a hint asked later shows at once; Learn
from your mistakes at the match's end judges nothing new; a click is answered while a worker
judges; a table server's tables judge nothing in the background and a flood of hints queues one."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

import pytest

import dominoes_widget.studies.judge as judge_module
from dominoes_widget.sessions.background import SLICES, WORKER, BackgroundJudge
from dominoes_widget.sessions.table.shapes import Phase
from dominoes_widget.sessions.scheduler import ManualScheduler
from dominoes_widget.sessions.table.coach import judge_hint
from dominoes_widget.sessions.table.judging import decision_views, when_learned
from dominoes_widget.sessions.table.session import TableSession, table_options

ROOT = Path(__file__).resolve().parent.parent
RECORD = ROOT / "tests" / "data" / "records" / "six_love_10_hands.json"


def _coached(**options: object) -> TableSession:
    """A table whose person (S) has a real choice on their first turn, the bots answering at once."""
    return TableSession(table_options("partnership", {"seed": 12, "coach": True, "bot_delay": 0, "bots": "greedy",
                                                      **options}))


def _count_judging(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every judgement made in this process from now on (a cached one is not made again)."""
    made: list[str] = []
    real = judge_module._rounds

    def counted(view, *args):  # type: ignore[no-untyped-def]
        made.append(judge_module.position_key(view))
        return real(view, *args)

    monkeypatch.setattr(judge_module, "_rounds", counted)
    return made


def _first_real_choice(session: TableSession) -> None:
    """Play on (the person's first legal move) until the person has two or more distinct moves."""
    from dominoes_widget.studies.judge import distinct_choices
    from dominoes_widget.engine.views import seat_view

    while distinct_choices(seat_view(session.hand, "S")) < 2:
        session.person_moves(session.hand.legal_moves[0])


def test_a_hint_asked_before_its_judgement_says_thinking_and_follows_with_the_coachs_hint(monkeypatch):
    scheduler = ManualScheduler()
    session = _coached()
    _first_real_choice(session)
    session.judge_in_background(BackgroundJudge(SLICES, scheduler, quiet=0))
    assert session.judging.waiting == 1, "the turn's position is queued as the turn starts"
    hint = session.ask_hint()
    assert hint == {"moves": [], "best": None, "words": "Thinking…", "thinking": True}
    assert session.view()["hint"]["words"] == "Thinking…"
    scheduler.run_all()  # the loop judges it, between events
    shown = session.screen.hint
    assert not shown.get("thinking") and len(shown["moves"]) >= 2
    made = _count_judging(monkeypatch)
    assert shown == judge_hint(session, session.screen), "the same hint the coach judges when asked"
    assert made == [], "(judged once: the coach's call finds the judge's kept result)"


def test_the_thinking_words_are_in_both_catalogs():
    scheduler = ManualScheduler()
    session = _coached(lang="vi")
    _first_real_choice(session)
    session.judge_in_background(BackgroundJudge(SLICES, scheduler, quiet=0))
    assert session.ask_hint()["words"] == "Đang tính…"


def test_a_hint_asked_after_the_turns_judgement_shows_at_once_and_judges_nothing(monkeypatch):
    scheduler = ManualScheduler()
    session = _coached()
    _first_real_choice(session)
    session.judge_in_background(BackgroundJudge(SLICES, scheduler, quiet=0))
    scheduler.run_all()  # the person thinks: the position is judged meanwhile
    made = _count_judging(monkeypatch)
    judge_module._KEPT.clear()  # no help from the judge's own memory: the background's result it is
    hint = session.ask_hint()
    assert not hint.get("thinking") and hint["moves"] and made == []


def test_the_turns_position_is_judged_before_an_earlier_decision():
    """The person moved, then their next turn came before the judge got to that move: the
    coach's position goes first (a Hint is the one waited for), the decision after it."""
    scheduler = ManualScheduler()
    session = _coached()
    session.on_learn = lambda seat: None
    _first_real_choice(session)
    session.judge_in_background(BackgroundJudge(SLICES, scheduler, quiet=0))  # this turn's position: being judged
    session.person_moves(session.hand.legal_moves[0])  # the bots answer at once: the next turn
    kinds = [key[0] for key in session.judging.queued]
    assert kinds == ["coach", "coach", "played"], "the turn's position before the move made"
    assert all(job.view.seat == "S" and not job.view.revealed for job in session.judging._queue), \
        "the judge is given the person's seat view alone"


@pytest.mark.slow  # judges the decisions of a hand twice (the second time to compare)
def test_learning_at_the_match_end_takes_the_judged_decisions_and_judges_nothing_new(monkeypatch):
    """Every decision of the person is judged as the match goes; at its end the drill's analysis
    is ready at once, with the figures the analysis of the record gives those decisions."""
    scheduler = ManualScheduler()
    record = json.loads(RECORD.read_text(encoding="utf-8"))
    session = TableSession.from_record(record, 9, 0, seats={"S": "human", "N": "random", "E": "random", "W": "random"},
                                       bot_delay=0)
    session.on_learn = lambda seat: None
    session.judge_in_background(BackgroundJudge(SLICES, scheduler, quiet=0))
    moves = 0
    while session.phase is Phase.PLAYING:
        session.person_moves(session.hand.legal_moves[-1])
        moves += 1
        scheduler.run_all()  # judged while the bots and the person think
    session.phase = Phase.MATCH_OVER  # (the record's last hand, taken as the match)
    decisions = decision_views(session.match, "S")
    assert len(decisions) >= 2
    made = _count_judging(monkeypatch)
    judge_module._KEPT.clear()
    ready = []
    assert when_learned(session, "S", ready.append) == 0, "nothing left to judge"
    assert made == [] and len(ready) == 1
    analysis = ready[0]
    assert [(d.hand, d.ply, d.played) for d in analysis.decisions] == [(h, p, str(m)) for h, p, _, m in decisions]
    # the analysis of the record judges those decisions alike (same seed, same view, same move)
    for decision, (_, _, view, move) in zip(analysis.decisions, decisions):
        again = judge_module.judge(view, played=str(move), question=judge_module.Question.MARK)
        assert decision.judgements == again.judgements


def test_decisions_not_judged_yet_at_the_end_are_judged_first_and_then_the_drill_opens():
    scheduler = ManualScheduler()
    record = json.loads(RECORD.read_text(encoding="utf-8"))
    session = TableSession.from_record(record, 9, 0, seats={"S": "human", "N": "random", "E": "random", "W": "random"},
                                       bot_delay=0)
    session.on_learn = lambda seat: None
    session.judge_in_background(BackgroundJudge(SLICES, scheduler, quiet=0))
    while session.phase is Phase.PLAYING:  # quicker than the judge: nothing judged yet
        session.person_moves(session.hand.legal_moves[-1])
    session.phase = Phase.MATCH_OVER
    ready = []
    decisions = len(decision_views(session.match, "S"))
    assert when_learned(session, "S", ready.append) == decisions and ready == []
    assert [key[0] for key in session.judging.queued] == ["played"] * decisions
    scheduler.run_all()
    assert len(ready) == 1 and len(ready[0].decisions) == decisions


def test_a_click_is_answered_while_a_worker_judges():
    """Judged in a worker process, a position takes the judge's time there; the person's
    click is answered here meanwhile (the judging is still going on when the move is in)."""
    async def play() -> tuple[bool, int]:
        session = _coached()
        _first_real_choice(session)
        judging = BackgroundJudge(WORKER)
        session.judge_in_background(judging)
        judge_module._KEPT.clear()
        assert judging.waiting == 1
        moves_before = len(session.hand.moves)
        answer = session.handle({"type": "move", "move": str(session.hand.legal_moves[0])})
        busy = judging.waiting > 0
        moved = len(session.hand.moves) > moves_before if session.hand else True
        while judging.waiting:
            await asyncio.sleep(0.02)
        assert answer == [] and moved
        return busy, len(judging.results)

    busy, judged = asyncio.run(play())
    assert busy, "the click was answered while the worker was still judging"
    assert judged >= 1


@pytest.mark.slow  # judges a hand's decisions of the person in a worker process
def test_the_tables_learn_button_opens_the_drill_at_once_after_the_match(monkeypatch):
    """The notebook's Table (on a running loop) judges in a worker; when its match is over the
    Learn button opens the Replay's drill from those judgements, within the time a click takes."""
    from dominoes_widget.widgets.table import Table

    record = json.loads(RECORD.read_text(encoding="utf-8"))

    async def play() -> tuple[float, object, int]:
        table = Table.from_record(record, 9, 0, seats={"S": "human", "N": "random", "E": "random", "W": "random"},
                                  bot_delay=0)
        table.send = lambda message, buffers=None: None  # type: ignore[method-assign]
        judging = table.session.judging
        assert judging is not None and judging.where == WORKER
        while table.session.phase is Phase.PLAYING:
            table._on_message(table, {"type": "move", "move": str(table.hand.legal_moves[-1])}, [])
            await asyncio.sleep(0.05)
        table.session.phase = Phase.MATCH_OVER
        while judging.waiting:  # the person reads the result meanwhile
            await asyncio.sleep(0.05)
        made = _count_judging(monkeypatch)
        start = time.perf_counter()
        table._on_message(table, {"type": "learn"}, [])
        took = time.perf_counter() - start
        replay = table.replay
        table.close()
        return took, replay, len(made)

    took, replay, made = asyncio.run(play())
    print(f"learn opened in {took * 1000:.0f} ms")
    assert replay is not None and replay.mistakes.get("seat") == "S"
    assert replay.session.analysis is not None and made == 0


def test_the_persons_move_is_marked_from_the_coachs_judgement_of_its_position(monkeypatch):
    """With the coach on and learning offered, the position the coach judged for the hint is not
    judged again once the person has moved: the mark goes on from the coach's worlds (one
    judgement, its rounds counted from the first), and says what the analysis's question asks."""
    from dominoes_widget.engine.views import seat_view
    from dominoes_widget.studies.judge import Question, position_key

    scheduler = ManualScheduler()
    session = _coached()
    session.on_learn = lambda seat: None
    _first_real_choice(session)
    judge_module._KEPT.clear()
    judge_module._SAMPLINGS.clear()
    started: list[str] = []  # a new judgement of a position: its worlds are dealt from nothing

    class Counted(judge_module.Worlds):
        def __init__(self, bot, view):  # type: ignore[no-untyped-def]
            started.append(position_key(view))
            super().__init__(bot, view)

    monkeypatch.setattr(judge_module, "Worlds", Counted)
    session.judge_in_background(BackgroundJudge(SLICES, scheduler, quiet=0))
    scheduler.run_all()  # the person thinks: the coach's judgement
    view = seat_view(session.hand, "S")
    key = position_key(view)
    move = session.hand.legal_moves[-1]
    session.person_moves(move)
    scheduler.run_all()  # the move's judgement (and the next turn's coach)
    coach = session.judging.results[("coach", key)]
    marked = session.judging.results[("played", key, str(move))]
    assert started.count(key) == 1, "one judgement serves the hint and the mark"
    assert coach.question is Question.BEST and marked.question is Question.MARK
    assert marked.worlds >= coach.worlds and marked.verdict_of(move) is not None
    assert marked.worlds <= judge_module.ROUNDS * 1200 // len(marked.judgements), "the rounds count from the first"


def test_a_table_servers_tables_judge_nothing_in_the_background():
    session = TableSession.served(table_options("partnership", {"seats": {"S": "human", "N": "human"}, "seed": 2}),
                                  ManualScheduler())
    assert session.judging is None


def test_a_flood_of_hint_requests_queues_one_judgement():
    scheduler = ManualScheduler()
    session = _coached()
    _first_real_choice(session)
    session.judge_in_background(BackgroundJudge(SLICES, scheduler, quiet=0))
    for _ in range(200):
        session.handle({"type": "hint"})
    assert session.judging.waiting == 1 and scheduler.waiting == 1


def test_nothing_is_judged_for_a_person_with_no_coach_and_no_learning():
    scheduler = ManualScheduler()
    session = _coached(coach=False)
    session.judge_in_background(BackgroundJudge(SLICES, scheduler, quiet=0))
    _first_real_choice(session)
    session.person_moves(session.hand.legal_moves[0])
    assert session.judging.waiting == 0 and scheduler.waiting == 0


def _played_job(session: TableSession) -> tuple[tuple[str, str], object, str]:
    """A past decision's job, as the Table submits one after the person's move: (key, view, move)."""
    from dominoes_widget.engine.views import seat_view

    view = seat_view(session.hand, "S")
    move = str(view.legal_moves[-1])
    return ("played", judge_module.position_key(view), move), view, move


def _forget_judgements() -> None:
    """The judge's kept judgements and samplings dropped (earlier tests judged these positions)."""
    judge_module._KEPT.clear()
    judge_module._SAMPLINGS.clear()


def _judging_a_past_decision(mode: object, scheduler: ManualScheduler, **options: float):
    """A coached table at the person's first real choice and its background judging (``mode``,
    on ``scheduler``), given a past decision's job, nothing judged yet: (session, judging, key,
    view, move)."""
    _forget_judgements()
    session = _coached()
    _first_real_choice(session)
    judging = BackgroundJudge(mode, scheduler, **options)
    key, view, move = _played_job(session)
    judging.submit(key, view, move)
    return session, judging, key, view, move


def test_on_the_loop_the_coach_starts_at_once_and_a_past_decision_holds_off_while_the_table_is_busy():
    """The Lite site judges on its one loop: the coach's judgement of the turn in play starts as
    the turn starts, busy table or not (a Hint pressed a while in shows at once); a past
    decision's mark, which nobody waits for, holds off until the table has been quiet a while
    (the person thinking), so the clicks and the bots do not wait behind it."""
    scheduler = ManualScheduler()
    session, judging, key, view, move = _judging_a_past_decision(SLICES, scheduler, quiet=3600)
    assert scheduler.run_next() and judging.queued == [key] and judging._running.steps is None, \
        "a past decision: not started, the table was busy just now"
    made = _count_judging(monkeypatch := pytest.MonkeyPatch())
    try:
        session.judge_in_background(judging)  # the person's turn: the coach's position
        coach = judging.queued[0]
        assert coach[0] == "coach" and judging.queued[1:] == [key], "the coach's job first, the past decision after"
        assert scheduler.run_next() and made, "the coach's judgement started at once, without waiting for quiet"
        while judging.result(coach) is None:
            assert scheduler.run_next()
        assert scheduler.run_next() and judging.result(key) is None and judging.queued == [key], \
            "then the past decision waits for quiet again"
    finally:
        monkeypatch.undo()
    assert not session.ask_hint().get("thinking"), "a Hint pressed now shows at once"
    judging.quiet = 0
    scheduler.run_all()
    assert judging.result(key) is not None and judging.waiting == 0


def test_on_the_loop_an_urgent_job_goes_before_a_past_decision_under_way_which_then_goes_on(monkeypatch):
    """A past decision being judged step by step when the coach's job comes pauses after its
    step; the coach's is judged, then the paused one goes on from where it was, and its
    judgement is the one made at once."""
    from dominoes_widget.studies.bots import inference, world_results

    monkeypatch.setattr(world_results, "np", None)  # (as in the browser: steps of a few worlds)
    monkeypatch.setattr(inference, "np", None)
    scheduler = ManualScheduler()
    session, judging, key, view, move = _judging_a_past_decision(SLICES, scheduler, quiet=0, slice_seconds=0)
    for _ in range(3):  # (a step a turn of the loop)
        assert scheduler.run_next()
    paused = judging._running
    assert paused is not None and paused.key == key and paused.steps is not None and judging.result(key) is None
    finished = []
    session.judge_in_background(judging)  # the person's turn: the coach's position
    told = judging.on_judged
    judging.on_judged = lambda judged: (finished.append(judged), told(judged))
    coach = judging.queued[0]
    assert coach[0] == "coach" and judging.queued == [coach, key] and judging._running.key == coach
    scheduler.run_all()
    assert finished == [coach, key], "the coach's judgement first, then the paused one"
    _forget_judgements()
    assert judging.result(key) == judge_module.judge(view, played=move, question=judge_module.Question.MARK), \
        "the judgement paused and gone on with is the one made at once"


def test_on_the_loop_a_click_waits_for_one_slice_of_a_judgement_not_all_of_it(monkeypatch):
    """In the browser (no numpy, one loop) the judging hands the loop back after each slice of
    time (here the shortest: one step of a few worlds): a click that comes mid-judgement is
    answered after one slice, and a judgement nobody waits for then waits for quiet again; the
    judgement is the one made at once."""
    from dominoes_widget.sessions.background import STEP_WORLDS
    from dominoes_widget.studies.bots import inference, world_results

    monkeypatch.setattr(world_results, "np", None)
    monkeypatch.setattr(inference, "np", None)
    scheduler = ManualScheduler()
    session, judging, key, view, move = _judging_a_past_decision(SLICES, scheduler, quiet=0, slice_seconds=0)
    made = _count_judging(monkeypatch)
    steps = 0
    while judging.result(key) is None and steps < 3:
        assert scheduler.run_next()
        steps += 1
    assert judging.result(key) is None and made, "three steps in, the judgement is under way, not done"
    judging.quiet = 3600
    judging.activity()  # a click: answered now, between two steps
    assert scheduler.run_next() and judging.result(key) is None, "after the click it waits for quiet again"
    assert judging.finish() and judging.result(key) is not None
    _forget_judgements()
    assert judging.result(key) == judge_module.judge(view, played=move, question=judge_module.Question.MARK), \
        "the judgement cut into steps is the one made at once"
    assert judging.result(key).worlds > 3 * STEP_WORLDS


def test_on_the_loop_a_turn_judges_for_its_slice_of_time_not_one_step(monkeypatch):
    """A step is a millisecond or two, and a pause between two turns of the loop a timer's wait:
    a turn runs steps until its slice of time is spent, so the browser's Python judges most of
    the time it is given. With a slice longer than the judgement, one turn judges all of it,
    and the judgement is the one made at once."""
    from dominoes_widget.studies.bots import inference, world_results

    monkeypatch.setattr(world_results, "np", None)
    monkeypatch.setattr(inference, "np", None)
    scheduler = ManualScheduler()
    session, judging, key, view, move = _judging_a_past_decision(SLICES, scheduler, quiet=0, slice_seconds=3600)
    assert scheduler.run_next() and judging.result(key) is not None, "one turn, the whole judgement"
    _forget_judgements()
    assert judging.result(key) == judge_module.judge(view, played=move, question=judge_module.Question.MARK)


def test_a_slice_runs_one_step_at_least_and_stops_when_its_time_is_spent_or_the_steps_end():
    from dominoes_widget.sessions.scheduler import run_slice

    taken: list[int] = []

    def steps():  # type: ignore[no-untyped-def]
        for step in range(5):
            taken.append(step)
            yield
        return "judged"

    running = steps()
    assert run_slice(running, 0.0) is None and taken == [0], "no time at all: one step still"
    assert run_slice(running, 3600.0) == "judged" and taken == [0, 1, 2, 3, 4], "the rest, and what they return"


class _HeldPool:
    """A worker pool stand-in whose jobs run in this process, each when the test says."""

    def __init__(self) -> None:
        self.jobs: list[tuple[object, tuple[object, ...], object]] = []

    def submit(self, fn, *args):  # type: ignore[no-untyped-def]
        import concurrent.futures as cf

        future: cf.Future[object] = cf.Future()
        self.jobs.append((fn, args, future))
        return future

    def run_one(self) -> None:
        fn, args, future = self.jobs.pop(0)
        future.set_result(fn(*args))


def test_in_the_worker_an_urgent_job_goes_before_a_past_decision_under_way_which_then_goes_on(monkeypatch):
    """The kernel's worker hands a past decision's judgement back after its round when the
    coach's job comes (it cannot be interrupted from outside), keeps it, and goes on with it
    once the coach's is done: the same judgement as made at once."""
    import threading

    from dominoes_widget.sessions import background

    pool = _HeldPool()
    monkeypatch.setattr(background, "_pool", lambda: pool)
    monkeypatch.setattr(background, "_PAUSE", threading.Event())
    session, judging, key, view, move = _judging_a_past_decision(WORKER, ManualScheduler())
    finished = []
    session.judge_in_background(judging)  # the person's turn: the coach's position
    told = judging.on_judged
    judging.on_judged = lambda judged: (finished.append(judged), told(judged))
    coach = judging.queued[1]  # (the past decision's job is in the worker)
    assert coach[0] == "coach" and background._PAUSE.is_set(), "the worker is asked to hand its job back"
    pool.run_one()  # the past decision: one round, then handed back
    assert key in background._PAUSED and judging.result(key) is None and not background._PAUSE.is_set()
    assert judging.queued == [coach, key] and judging._running is None
    judging._next()
    pool.run_one()  # the coach's
    assert judging.result(coach) is not None and not session.ask_hint().get("thinking")
    judging._next()
    pool.run_one()  # the past decision, on from its round
    assert judging.result(key) is not None and key not in background._PAUSED and finished == [coach, key]
    _forget_judgements()
    assert judging.result(key) == judge_module.judge(view, played=move, question=judge_module.Question.MARK), \
        "the judgement handed back and gone on with is the one made at once"


class _AnsweringPool:
    """A worker pool stand-in that answers every job at once (a made-up judgement), noting each
    position handed to it and how many of the table's views had been sent by then."""

    def __init__(self, views_sent: list[object]) -> None:
        self.views_sent = views_sent
        self.handed: list[tuple[str, int]] = []

    def submit(self, fn, *args):  # type: ignore[no-untyped-def]
        import concurrent.futures as cf

        self.handed.append(("coach" if args[-1] is None else "played", len(self.views_sent)))
        future: cf.Future[object] = cf.Future()
        future.set_result("judged")
        return future


def _learning_table_judged_by(pool: _AnsweringPool, scheduler: ManualScheduler):
    """A coached table offering Learn from your mistakes, at the person's first real choice,
    judging in ``pool`` (a worker stand-in) from then on: (session, judging)."""
    session = _coached()
    session.on_learn = lambda seat: None
    _first_real_choice(session)
    judging = BackgroundJudge(WORKER, scheduler, pool=lambda: pool)  # type: ignore[arg-type,return-value]
    session.judge_in_background(judging)
    return session, judging


def test_in_the_worker_a_clicks_positions_are_handed_over_after_its_view_went_out_the_coachs_first():
    """A click hands the worker nothing while it is answered: the person's decision and the new
    turn's position go to the worker on the loop's next turn, after the view is sent (so the
    click waits for no key, queue or woken thread of the pool), the coach's first, so the
    worker does not start the past decision only to hand it back."""
    views: list[object] = []
    pool, scheduler = _AnsweringPool(views), ManualScheduler()
    session, judging = _learning_table_judged_by(pool, scheduler)  # (its turn's position handed over at once)
    assert pool.handed == [("coach", 0)]
    session.on_change = lambda: views.append(session.view())
    answer = session.handle({"type": "move", "move": str(session.hand.legal_moves[-1])})
    assert answer == [] and views, "the click was answered and its view sent"
    assert pool.handed == [("coach", 0)] and scheduler.waiting == 1, "nothing handed over during the click"
    scheduler.run_all()  # the loop's next turn
    judging.finish()
    sent = len(views)
    assert pool.handed[1:] == [("coach", sent), ("played", sent)], \
        "after the view: the new turn's position first, then the decision just made"
    assert [key[0] for key in judging.results] == ["coach", "coach", "played"]


def test_a_caller_who_waits_gets_the_clicks_positions_handed_over_at_once():
    """``finish`` (the Python API's Hint with ``wait``, a script) does not wait for the loop's next
    turn: the positions a click left for after its view go to the worker first."""
    views: list[object] = []
    pool, scheduler = _AnsweringPool(views), ManualScheduler()
    session, judging = _learning_table_judged_by(pool, scheduler)
    session.handle({"type": "move", "move": str(session.hand.legal_moves[-1])})
    assert judging.finish() and scheduler.waiting == 0
    assert [kind for kind, _ in pool.handed] == ["coach", "coach", "played"]


def test_without_a_worker_the_judging_goes_on_on_the_loop(monkeypatch):
    """A kernel that cannot start a process (or whose worker died) judges on its loop instead."""
    import dominoes_widget.sessions.background as background

    def no_processes():
        raise OSError("no processes here")

    monkeypatch.setattr(background, "_pool", no_processes)
    scheduler = ManualScheduler()
    session = _coached()
    _first_real_choice(session)
    session.judge_in_background(BackgroundJudge(WORKER, scheduler, quiet=0))
    assert session.judging.where == SLICES and session.judging.waiting == 1
    scheduler.run_all()
    assert session.judging.waiting == 0 and not session.ask_hint().get("thinking")


def test_the_python_apis_hint_waits_for_its_position_alone():
    scheduler = ManualScheduler()
    session = _coached()
    session.on_learn = lambda seat: None
    session.judge_in_background(BackgroundJudge(SLICES, scheduler, quiet=3600))
    _first_real_choice(session)
    session.person_moves(session.hand.legal_moves[0])  # a decision made (queued to be judged)
    _first_real_choice(session)  # and a turn whose position is queued first
    assert "played" in [key[0] for key in session.judging.queued]
    hint = session.ask_hint(wait=True)
    assert not hint.get("thinking") and hint["moves"]
    assert "played" in [key[0] for key in session.judging.queued], "the decision is left to the background"


@pytest.mark.slow  # a few paced clicks in each mode
def test_the_benchmark_runs_and_reports_every_mode():
    import importlib.util

    spec = importlib.util.spec_from_file_location("background_judging", ROOT / "benchmarks" / "background_judging.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    figures = asyncio.run(bench.main(3, "greedy", ["off", "worker", "slices"]))
    assert set(figures) == {"off", "worker", "slices"}
    assert all(row["clicks"] == 3 and row["p95_ms"] > 0 for row in figures.values())
    assert figures["off"]["p95_ratio"] == 1.0


@pytest.mark.slow  # a kernel started, a few paced clicks in each mode
def test_the_kernel_benchmark_times_clicks_sent_to_a_real_kernel(monkeypatch):
    import importlib.util

    spec = importlib.util.spec_from_file_location("kernel_clicks", ROOT / "benchmarks" / "kernel_clicks.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    monkeypatch.setattr(bench, "CLICKS_A_MATCH", 6)
    figures = bench.measure(3)
    assert set(figures) == {"off", "worker"}
    assert all(row["clicks"] >= 3 and 0 < row["late_median_ms"] < row["median_ms"] for row in figures.values())
    assert figures["off"]["p95_ratio"] == 1.0
