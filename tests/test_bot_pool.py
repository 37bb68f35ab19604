"""Bots off the event loop (issue 25, part 4): served tables' bots think in worker processes
(``server.bot_pool.BotPool``), so one table's bot never holds up another table's people.

The served tests run a real server on 127.0.0.1 in this process (``server_harness``); a
``GatedBot`` blocks in its worker until the test opens its gate, so what happens while a bot
thinks is checked by order, never by timings.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import time
from pathlib import Path
from typing import Any, Callable

import psutil
import pytest

from dominoes_widget.studies.bots import GreedyBot, make_bot
from dominoes_widget.engine.move import Move
from dominoes_widget.server.bot_pool import BotPool
from dominoes_widget.sessions.scheduler import ManualScheduler
from dominoes_widget.sessions.table.session import TableSession, table_options
from dominoes_widget.engine.views import SeatView, seat_view
from server_harness import WAIT, Seat, local_server, request, spawn_server, stop_server

pytestmark = pytest.mark.slow  # bots in worker processes

GATE_LIMIT = 60.0
"""A gated bot gives up waiting after this long, so that a broken test fails instead of hanging."""


class GatedBot(GreedyBot):
    """A greedy bot that notes its process id in ``log`` and waits, before each move, until
    the file ``gate`` exists."""

    name = "gated"
    quick = False  # (thinks in a worker, unlike the greedy bot it is)

    def __init__(self, gate: Path, log: Path, seed: int = 0) -> None:
        super().__init__(make_bot("greedy", seed).rng)
        self.gate = str(gate)
        self.log = str(log)

    def choose(self, view: SeatView) -> Move:
        with open(self.log, "a") as log:
            log.write(f"{os.getpid()}\n")
        waited_since = time.monotonic()
        while not os.path.exists(self.gate) and time.monotonic() - waited_since < GATE_LIMIT:
            time.sleep(0.01)
        return super().choose(view)


def pids(log: Path) -> list[int]:
    return [int(line) for line in log.read_text().split()] if log.exists() else []


async def until(condition: Callable[[], Any], timeout: float = WAIT) -> Any:
    """Wait (polling the event loop) until ``condition()`` is true; its value."""
    deadline = time.monotonic() + timeout
    while not (found := condition()):
        assert time.monotonic() < deadline, "the condition never came true"
        await asyncio.sleep(0.01)
    return found


def run(scenario):
    asyncio.run(asyncio.wait_for(scenario(), 120))


async def create(base: str, body: dict) -> dict:
    status, answer = await request(f"{base}/api/tables", body)
    assert status == 201, answer
    return answer


async def play_to_the_end(seats: list[Seat], phase: str = "match_over") -> None:
    """The people play their first legal move (and go on to the next hand) until ``phase`` (or
    the match is over)."""
    done = lambda view: view.get("phase") in (phase, "match_over")  # noqa: E731
    while True:
        await seats[0].until(lambda s: done(s.view) or s.view.get("phase") == "hand_over"
                             or any(x.view.get("legal") or x.view.get("leader_choices") for x in seats))
        view = seats[0].view
        if done(view):
            return
        chooser = next((s for s in seats if s.view.get("leader_choices")), None)
        if chooser is not None:  # the people's team won: its first choice leads
            chosen = chooser.view
            chooser.send({"type": "choose_leader", "seat": chosen["leader_choices"][0]["seat"]})
            await chooser.until(lambda s: s.view is not chosen and not s.view.get("leader_choices"))
            continue
        mover = next((s for s in seats if s.view.get("legal")), None)
        if mover is None:
            seats[0].send({"type": "next_hand"})
            await seats[0].until(lambda s: s.view["hand_number"] != view["hand_number"] or done(s.view))
            continue
        view = mover.view
        mover.send({"type": "move", "move": view["legal"][0], "hand": view["hand_number"], "ply": len(view["moves"])})
        await mover.until(lambda s: s.view is not view and (len(s.view["moves"]) != len(view["moves"])
                                                            or s.view["hand_number"] != view["hand_number"]))


def test_strong_bots_at_a_served_table_think_in_worker_processes():
    pool = BotPool(1)

    async def scenario():
        async with local_server(thinker=pool) as (base, server):
            answer = await create(base, {"game": "six_love", "bots": {"N": "strong", "E": "strong", "W": "strong"},
                                         "bot_delay": 0, "seed": 5, "rules": {"target": 1}})
            seat = await Seat.open(answer["seats"]["S"], "S")
            await play_to_the_end([seat], "hand_over")
            bot_moves = [move for move in seat.view["moves"] if not move.startswith("S")]
            seat.close()
        return bot_moves

    bot_moves = run_value(scenario)
    assert bot_moves and pool.decisions == len(bot_moves)  # every bot move was chosen by a worker
    assert pool.worker_pids and os.getpid() not in pool.worker_pids
    assert pool._executor is None  # the server's close stopped the workers


def run_value(scenario):
    return asyncio.run(asyncio.wait_for(scenario(), 120))


def gated_table(server, answer: dict, seat: str, gate: Path, log: Path) -> None:
    """Give the served table's ``seat`` a gated bot (its id is in the seat's link)."""
    table_id = answer["seats"]["S"].split("/tables/")[1].split("/")[0]
    server.tables[table_id].session.bots.bots[seat] = GatedBot(gate, log)


def test_another_tables_person_is_answered_while_a_bot_thinks(tmp_path):
    gate, log = tmp_path / "gate", tmp_path / "log"
    pool = BotPool(1)

    async def scenario():
        async with local_server(thinker=pool) as (base, server):
            with_bot = await create(base, {"game": "six_love", "bots": {"N": "greedy", "E": "greedy", "W": "greedy"},
                                           "bot_delay": 0, "seed": 1})
            people = await create(base, {"game": "six_love", "players": 4, "seed": 2})
            gated_table(server, with_bot, "E", gate, log)
            waiting = await Seat.open(with_bot["seats"]["S"], "S")
            await waiting.until(lambda s: s.view.get("legal") or s.view.get("phase") == "hand_over")
            if not waiting.view.get("legal"):
                pytest.fail("the scenario never came (the deal gave the person no move before E): pick another seed")
            view = waiting.view
            waiting.send({"type": "move", "move": view["legal"][0], "hand": view["hand_number"], "ply": len(view["moves"])})
            await until(lambda: pids(log))  # E thinks in its worker, and waits at the gate
            plies = len(view["moves"]) + 1
            others = [await Seat.open(link, seat) for seat, link in people["seats"].items()]
            mover = await others[0].until(lambda _: next((s for s in others if s.view.get("legal")), None))
            before = mover.view
            mover.send({"type": "move", "move": before["legal"][0], "hand": before["hand_number"], "ply": len(before["moves"])})
            await mover.until(lambda s: len(s.view["moves"]) > len(before["moves"]))
            assert not gate.exists() and len(pids(log)) == 1  # answered while E was still thinking
            assert len(waiting.view["moves"]) == plies and waiting.view["turn"] == "E"
            gate.touch()
            await waiting.until(lambda s: len(s.view["moves"]) > plies)
            assert waiting.view["moves"][plies].startswith("E")
            for seat in [waiting, *others]:
                seat.close()

    run(scenario)
    assert pids(log) and os.getpid() not in pids(log)


def test_a_killed_worker_is_replaced_and_the_table_plays_its_match_to_the_end(tmp_path, caplog):
    gate, log = tmp_path / "gate", tmp_path / "log"
    pool = BotPool(1)

    async def scenario():
        async with local_server(thinker=pool) as (base, server):
            answer = await create(base, {"game": "six_love", "bots": {"N": "greedy", "E": "greedy", "W": "greedy"},
                                         "bot_delay": 0, "seed": 4, "rules": {"target": 2}})
            gated_table(server, answer, "E", gate, log)
            seat = await Seat.open(answer["seats"]["S"], "S")
            playing = asyncio.ensure_future(play_to_the_end([seat]))
            first = (await until(lambda: pids(log)))[0]
            os.kill(first, signal.SIGKILL)  # as the OOM killer would
            await until(lambda: len(pids(log)) > 1)  # the decision is made again, in a new worker
            gate.touch()
            await asyncio.wait_for(playing, 60)
            seat.close()
            return first, seat.view

    with caplog.at_level(logging.INFO, logger="dominoes_widget"):
        killed, view = run_value(scenario)
    assert view["phase"] == "match_over"
    assert pool.replaced == 1 and killed not in pids(log)[1:] and len(pool.worker_pids - {killed}) == 1
    warnings = [r.getMessage() for r in caplog.records if r.name.endswith("bot_pool")]
    assert warnings == ["a bot worker process stopped; its pool is replaced and the move thought out again"]
    assert not any(r.exc_info for r in caplog.records)


class HeldThinker:
    """Keeps each thought's answer for the test to give (or not) later."""

    ahead = True

    def __init__(self) -> None:
        self.asked: list[tuple[Any, SeatView, Callable[[Move], None]]] = []
        self.cancelled = 0

    def think(self, bot, view, answer):
        self.asked.append((bot, view, answer))
        thinker = self

        class Thought:
            def cancel(self) -> None:
                thinker.cancelled += 1

        return Thought()


def test_an_answer_that_comes_after_the_table_moved_on_is_never_played():
    thinker = HeldThinker()
    scheduler = ManualScheduler()
    options = table_options("six_love", {"seats": {"S": "human"}, "bots": "greedy", "seed": 4, "bot_delay": 0.5,
                                         "takeback": True, "leader": "S"})
    session = TableSession(options, scheduler, thinker=thinker)
    for bot in session.bots.bots.values():
        bot.quick = False  # thought out ahead, as a strong bot is
    assert session.hand is not None and session.hand.turn == "S"
    session.play(str(session.hand.legal_move_list()[0].tile))
    assert len(thinker.asked) == 1 and session.bots.thinking  # E thinks during the pause
    bot, view, stale = thinker.asked[0]
    scheduler.run_all()  # the pause is over: the move waits for its answer
    assert len(session.hand.moves) == 1
    session.handle({"type": "undo"})  # the person takes their move back meanwhile
    assert thinker.cancelled == 1 and not session.bots.thinking
    stale(bot.choose(view))
    assert len(session.hand.moves) == 0 and session.hand.turn == "S"
    session.play(str(session.hand.legal_move_list()[-1].tile))
    bot, view, fresh = thinker.asked[1]
    stale(bot.choose(thinker.asked[0][1]))  # the old answer once more: still dropped
    scheduler.run_all()
    assert len(session.hand.moves) == 1
    fresh(bot.choose(view))
    assert len(session.hand.moves) >= 2 and session.hand.moves[1].seat == "E"


def test_a_result_dropped_by_its_table_leaves_the_bot_as_it_was(tmp_path):
    gate, log = tmp_path / "gate", tmp_path / "log"
    pool = BotPool(1)
    session = TableSession(table_options("six_love", {"seats": {"S": "human"}, "bots": "greedy", "seed": 2}))
    hand = session.hand
    assert hand is not None
    view = seat_view(hand, hand.turn, session.match.state)

    async def scenario():
        gated = GatedBot(gate, log, seed=9)
        before = gated.rng.getstate()
        answers: list[Move] = []
        first = pool.think(gated, view, answers.append)
        await until(lambda: pids(log))
        first.cancel()  # (the table moved on while the worker thinks)
        gate.touch()
        other = GatedBot(gate, log, seed=1)
        pool.think(other, view, answers.append)
        await until(lambda: answers)  # one worker answers in order: the first thought came back before
        assert len(answers) == 1  # the second thought's only
        assert gated.rng.getstate() == before
        pool.close()

    run(scenario)


def moves_of(session: TableSession) -> list[str]:
    return [str(move) for hand in session.match.hands for move in hand.moves]


def test_the_same_seed_gives_the_same_moves_inline_and_through_the_pool():
    options = table_options("six_love", {"seats": {"S": "human"}, "bots": "strong", "seed": 11, "bot_delay": 0,
                                         "target": 1})
    inline = TableSession(options)
    while inline.phase.value == "playing":
        inline.person_moves(str(inline.hand.legal_move_list()[0]))
    pool = BotPool(1)

    async def scenario():
        served = TableSession(options, thinker=pool)
        while True:
            await until(lambda: not served.bots.thinking)
            if served.phase.value != "playing":
                return served
            served.person_moves(str(served.hand.legal_move_list()[0]))

    served = run_value(scenario)
    pool.close()
    assert pool.decisions > 0 and moves_of(served) == moves_of(inline)
    assert served.bots.bots["N"].rng.getstate() == inline.bots.bots["N"].rng.getstate()


def test_serve_runs_its_bots_in_worker_processes_and_stops_them_on_sigterm():
    process, base = spawn_server(None, 0, "--bot-workers", "2")
    try:
        server = psutil.Process(process.pid)

        async def scenario():
            answer = await create(base, {"game": "six_love", "bots": {"N": "strong", "E": "strong", "W": "strong"},
                                         "bot_delay": 0, "seed": 5, "rules": {"target": 1}})
            seat = await Seat.open(answer["seats"]["S"], "S")
            await play_to_the_end([seat], "hand_over")
            seat.close()

        run(scenario)
        workers = server.children(recursive=True)
        assert len([w for w in workers if "python" in w.name().lower()]) >= 2  # (and spawn's tracker)
        process.terminate()
        _out, errors = process.communicate(timeout=WAIT)
    finally:
        if process.poll() is None:
            stop_server(process, kill=True)
    assert process.returncode == 0 and "Traceback" not in errors
    _gone, alive = psutil.wait_procs(workers, timeout=WAIT)
    assert not alive  # the workers stopped with the server
