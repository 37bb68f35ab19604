"""Tables nobody uses close: the table server lets go of an unfinished table idle for
``idle_hours`` and of a finished match idle for ``finished_hours``, while a browser open at
a table keeps it; a link to a closed table says so, and a wrong token learns nothing.

Time is a clock each test moves by hand; the sweep is called directly (one test lets the
server's own periodic sweep find the table).
"""

from __future__ import annotations

import asyncio
import gc
import json
import sqlite3
import time
import weakref

import pytest
import tornado.websocket

from dominoes_widget.server import MemoryStore, SqliteStore, StoredTable, TableServer
from dominoes_widget.server.app import CLOSED_CODE
from dominoes_widget.server.spec import read_spec
from dominoes_widget.sessions.table.session import Phase
from server_harness import Clock, Seat, free_port, local_server, request, socket_url, spawn_server, stop_server
from test_server import TWO_PEOPLE, create, run

HOUR = 3600.0
HEADS_UP = {"game": "vietnamese", "players": 2, "seed": 4, "rules": {"target": 1}}
"""Two people, no bots, the match over after one hand won: the test moves for both."""


def record_url(link: str) -> str:
    return link.replace("/seat?", "/record?").replace("/tables/", "/api/tables/")


def at(base: str, link: str) -> str:
    """The link on the server at ``base`` (started again on another port)."""
    return f"{base}/tables/{link.split('/tables/', 1)[1]}"


def wrong(link: str) -> str:
    return link[:-1] + ("y" if link.endswith("x") else "x")


def move_for_whoever_is_to_move(table) -> None:
    """A move sent as the browser of the seat to move would send it (no browser is open)."""
    session = table.session
    if session.phase is Phase.HAND_OVER:
        table.intent(next(iter(table.tokens)), {"type": "next_hand"})
        return
    seat = session.hand.turn
    table.intent(seat, {"type": "move", "move": session.view(session.screen_of(seat))["legal"][0]})


def test_an_unused_table_closes_after_the_idle_time_and_not_before_and_its_timers_stop():
    async def scenario():
        clock = Clock()
        async with local_server(clock=clock, idle_hours=24, finished_hours=1) as (base, server):
            answer = await create(base, {**TWO_PEOPLE, "absent": {"bot": "greedy", "after": 600}})
            table = server.tables[answer["id"]]
            while table.session.hand.turn != "N":  # North is to move, with no browser open
                move_for_whoever_is_to_move(table)
            south = await Seat.open(answer["seats"]["S"], "S")
            await south.until(lambda s: s.view)
            south.close()
            await asyncio.wait_for(_until(lambda: not table.connected), 20)
            waiting = table._absent_timer
            assert waiting is not None  # the absent-seat bot waits 600 s for North
            clock.advance(24 * HOUR - 1)
            assert server.sweep() == [] and answer["id"] in server.tables
            clock.advance(1)
            assert server.sweep() == [answer["id"]] and answer["id"] not in server.tables
            assert waiting.cancelled() and table._absent_timer is None
    run(scenario)


def test_a_finished_match_closes_after_its_shorter_time():
    async def scenario():
        clock = Clock()
        async with local_server(clock=clock, idle_hours=24, finished_hours=1) as (base, server):
            over, playing = await create(base, HEADS_UP), await create(base, HEADS_UP)
            table = server.tables[over["id"]]
            for _ in range(200):
                if table.finished:
                    break
                move_for_whoever_is_to_move(table)
            assert table.session.phase is Phase.MATCH_OVER
            clock.advance(HOUR - 1)
            assert server.sweep() == []
            clock.advance(1)
            assert server.sweep() == [over["id"]]
            assert playing["id"] in server.tables  # a match in play waits its day
    run(scenario)


def test_a_browser_open_at_a_table_keeps_it_and_the_idle_time_starts_when_it_leaves():
    async def scenario():
        clock = Clock()
        async with local_server(clock=clock, idle_hours=24) as (base, server):
            answer = await create(base)
            table = server.tables[answer["id"]]
            north = await Seat.open(answer["seats"]["N"], "N")
            await north.until(lambda s: s.view)
            clock.advance(100 * HOUR)
            assert server.sweep() == [] and north.view  # open for days without a move: kept
            north.close()
            await asyncio.wait_for(_until(lambda: not table.connected), 20)
            clock.advance(24 * HOUR - 1)
            assert server.sweep() == []
            clock.advance(1)
            assert server.sweep() == [answer["id"]]
    run(scenario)


def test_a_move_starts_the_idle_time_again():
    async def scenario():
        clock = Clock()
        async with local_server(clock=clock, idle_hours=24) as (base, server):
            answer = await create(base, HEADS_UP)
            table = server.tables[answer["id"]]
            clock.advance(23 * HOUR)
            move_for_whoever_is_to_move(table)
            clock.advance(23 * HOUR)
            assert server.sweep() == []  # 46 hours since it was set up, 23 since its move
            clock.advance(HOUR)
            assert server.sweep() == [answer["id"]]
    run(scenario)


async def _until(condition, step: float = 0.01) -> None:
    while not condition():
        await asyncio.sleep(step)


def test_a_closed_tables_link_says_so_in_its_language_and_a_wrong_token_still_gets_403():
    async def scenario():
        clock = Clock()
        async with local_server(clock=clock, idle_hours=1) as (base, server):
            english, vietnamese = await create(base), await create(base, {**TWO_PEOPLE, "lang": "vi"})
            status, unknown = await request(f"{base}/api/tables/nosuchtable/record?token=whatever")
            assert status == 403
            unknown_page = await request(f"{base}/tables/nosuchtable/seat?token=whatever")
            assert unknown_page[0] == 403
            clock.advance(HOUR)
            assert sorted(server.sweep()) == sorted([english["id"], vietnamese["id"]])

            link = english["seats"]["N"]
            status, page = await request(link)
            assert status == 404 and "This table was closed" in page and "new link" in page
            assert "seat_page.js" not in page  # a page that says so, not a table that reconnects
            status, page = await request(vietnamese["seats"]["S"])
            assert status == 404 and "Bàn chơi này đã đóng" in page and "đường dẫn mới" in page
            status, answer = await request(record_url(link))
            assert status == 404 and answer["reason"] == "table_closed" and "closed" in answer["error"]

            socket = await tornado.websocket.websocket_connect(socket_url(link))
            frame = json.loads(await socket.read_message())
            assert frame["type"] == "closed" and "new link" in frame["message"]
            assert await socket.read_message() is None and socket.close_code == CLOSED_CODE
            socket = await tornado.websocket.websocket_connect(socket_url(vietnamese["seats"]["N"]))
            assert "đường dẫn mới" in json.loads(await socket.read_message())["message"]
            socket.close()

            # a wrong token to a closed table is answered as to a table that never was
            assert await request(record_url(wrong(link))) == (403, unknown)
            for url in (wrong(link), f"{base}/tables/{english['id']}/seat"):
                assert await request(url) == unknown_page
            with pytest.raises(tornado.httpclient.HTTPClientError) as refused:
                await tornado.websocket.websocket_connect(socket_url(wrong(link)))
            assert refused.value.code == 403
    run(scenario)


def test_closing_tables_frees_room_under_max_tables():
    async def scenario():
        clock = Clock()
        async with local_server(clock=clock, idle_hours=1, max_tables=3) as (base, server):
            for _ in range(3):
                await create(base)
            status, answer = await request(f"{base}/api/tables", TWO_PEOPLE)
            assert status == 503 and "3 tables" in answer["error"]
            clock.advance(HOUR)  # no sweep has run yet: a full server sweeps before it refuses
            fresh = await create(base)
            assert list(server.tables) == [fresh["id"]]
            for _ in range(2):
                await create(base)
            swept = server._swept_at
            assert (await request(f"{base}/api/tables", TWO_PEOPLE))[0] == 503
            assert (await request(f"{base}/api/tables", TWO_PEOPLE))[0] == 503
            assert server._swept_at == swept  # the requests of a full server do not sweep again and again
            clock.advance(10)
            assert (await request(f"{base}/api/tables", TWO_PEOPLE))[0] == 503
            assert server._swept_at == clock()
    run(scenario)


def test_the_server_sweeps_on_its_own_loop():
    async def scenario():
        clock = Clock()
        async with local_server(clock=clock, idle_hours=1, sweep_every=0.01) as (base, server):
            answer = await create(base)
            await asyncio.sleep(0.05)
            assert answer["id"] in server.tables
            clock.advance(HOUR)
            await asyncio.wait_for(_until(lambda: answer["id"] not in server.tables), 20)
    run(scenario)


def test_after_a_restart_an_expired_table_stays_closed_and_an_idle_one_goes_on_with_its_idle_time(tmp_path):
    db = tmp_path / "tables.sqlite"
    wall = Clock(1_700_000_000.0)

    async def before():
        async with local_server(store=SqliteStore(db, clock=wall), idle_hours=24) as (base, server):
            old = await create(base, HEADS_UP)
            wall.advance(20 * HOUR)
            recent = await create(base, HEADS_UP)
            move_for_whoever_is_to_move(server.tables[recent["id"]])
            await asyncio.sleep(0)  # the move's record is written at the end of the loop's turn
            return old, recent

    async def after(old, recent):
        clock = Clock()
        async with local_server(store=SqliteStore(db, clock=wall), idle_hours=24, clock=clock) as (base, server):
            assert list(server.tables) == [recent["id"]]  # 5 hours idle: taken up again
            status, answer = await request(record_url(at(base, old["seats"]["S"])))
            assert status == 404 and answer["reason"] == "table_closed"
            status, record = await request(record_url(at(base, recent["seats"]["S"])))
            assert status == 200 and len(record["in_play"]["moves"]) == 1  # S's view of the hand in play
            clock.advance(19 * HOUR - 1)
            assert server.sweep() == []
            clock.advance(1)
            assert server.sweep() == [recent["id"]]  # 24 hours after its move, the restart between

    old, recent = asyncio.run(before())
    wall.advance(5 * HOUR)
    asyncio.run(after(old, recent))
    rows = dict(sqlite3.connect(db).execute("SELECT id, record FROM tables WHERE closed_at IS NOT NULL"))
    assert set(rows) == {old["id"], recent["id"]}
    assert len(json.loads(rows[recent["id"]])["hands"][0]["moves"]) == 1  # the final record is kept


@pytest.mark.slow  # the server as a process
def test_serve_with_a_db_does_not_take_up_a_table_idle_past_idle_hours(tmp_path):
    db = tmp_path / "tables.sqlite"
    port = free_port()
    process, base = spawn_server(db, port, "--idle-hours", "2", "--finished-hours", "0.5")
    try:
        async def set_up():
            return [await create(base, HEADS_UP) for _ in range(2)]
        stale, fresh = asyncio.run(set_up())
    finally:
        stop_server(process)
    with sqlite3.connect(db) as backdate:  # as if the server had been down for a while
        backdate.execute("UPDATE tables SET active_at = ? WHERE id = ?", (time.time() - 3 * HOUR, stale["id"]))
        backdate.execute("UPDATE tables SET active_at = ? WHERE id = ?", (time.time() - 1 * HOUR, fresh["id"]))
    process, base = spawn_server(db, port, "--idle-hours", "2")
    try:
        async def after():
            status, page = await request(stale["seats"]["S"])
            assert status == 404 and "This table was closed" in page
            status, page = await request(fresh["seats"]["S"])
            assert status == 200 and "seat_page.js" in page
        asyncio.run(after())
    finally:
        stop_server(process)


def test_a_memory_store_remembers_the_links_of_its_last_closed_tables_only():
    store = MemoryStore(remember=2)
    for n in range(3):
        store.close_table(StoredTable(f"t{n}", {"lang": "vi"}, {"S": f"key{n}"}))
    assert store.closed_table("t0") is None
    assert store.closed_table("t2").tokens == {"S": "key2"}


def test_a_db_written_before_tables_closed_is_taken_up_with_its_tables_counted_as_just_used(tmp_path):
    db = tmp_path / "old.sqlite"
    with sqlite3.connect(db) as old:
        old.execute("CREATE TABLE tables (id TEXT PRIMARY KEY, spec TEXT NOT NULL, tokens TEXT NOT NULL, "
                    "record TEXT, pending TEXT)")
        old.execute("INSERT INTO tables VALUES ('t1', ?, ?, NULL, NULL)", (json.dumps(HEADS_UP), '{"S": "k"}'))
    store = SqliteStore(db)
    try:
        assert [(t.id, t.idle) for t in store.tables()] == [("t1", 0.0)]
    finally:
        store.close()


def test_a_closed_table_is_freed_at_once_without_waiting_for_a_garbage_collection():
    """A server tunes its collector to run full collections rarely (``tune_gc``): a closed
    table must not wait in reference cycles for one."""
    clock = Clock()
    server = TableServer(MemoryStore(), clock=clock, idle_hours=1)
    table = server.create(read_spec(TWO_PEOPLE))
    for _ in range(4):
        move_for_whoever_is_to_move(table)
    session, table = weakref.ref(table.session), weakref.ref(table)
    gc.disable()
    try:
        clock.advance(HOUR)
        assert len(server.sweep()) == 1
        assert session() is None and table() is None
    finally:
        gc.enable()


def test_a_table_shared_from_a_notebook_is_the_notebooks_and_never_closes_on_the_server():
    from dominoes_widget.server.sharing import kernel_server
    from dominoes_widget.widgets.table import Table

    async def scenario():
        table = Table(seats={"N": "human"}, bots="greedy", bot_delay=0, seed=3)
        links = table.share()
        server, _port = kernel_server()
        server.clock = lambda: time.monotonic() + 1000 * HOUR
        assert server.sweep() == [] and links.table.id in server.tables
        table.close()
    run(scenario)


@pytest.mark.parametrize("hours", ["0", "-1", "soon", "inf"])
def test_serve_refuses_idle_hours_that_are_not_a_positive_number(hours, capsys):
    from dominoes_widget.__main__ import main

    with pytest.raises(SystemExit) as stopped:
        main(["serve", "--idle-hours", hours])
    assert stopped.value.code == 2 and "hours" in capsys.readouterr().err
