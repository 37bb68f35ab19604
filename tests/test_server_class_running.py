"""Running a class on the table server (issue 35, the class server's remaining parts), on real
servers on 127.0.0.1: the teacher watches a student's deal with no hidden tile, a duplicate match
with strong bots gives every student the same bots (thought out on the bot workers, once per
position), a finished deal's record lets a student check it against the commitment shown
before, each student's link is rate limited, a class closes (by its teacher or idle) and then
refuses joins and moves but stays readable and kept, and the teacher's page warns of a join
link that opens on this computer only."""

from __future__ import annotations

import asyncio
import hashlib
import re
from html import unescape

from dominoes_widget.engine.views import seat_view
from dominoes_widget.server.bot_pool import BotPool
from dominoes_widget.server.classes import ClassRegistry
from dominoes_widget.server.limits import Limits
from dominoes_widget.server.store import MemoryStore
from server_harness import Clock, answer, local_server, request
from test_fuzz_table import tiles_in
from test_server import run
from test_server_classes import api, join, play_deal, start_class, token_of

DUPLICATE = {"name": "7B", "duplicate": {"game": "six_love", "hands": 1, "bots": "greedy"}}
DAY = 86400.0


def page(base: str, class_id: str, route: str, token: str) -> str:
    return f"{base}/classes/{class_id}/{route}?token={token}"


def test_the_teacher_watches_a_students_deal_and_sees_no_hidden_tile():
    async def scenario():
        async with local_server() as (base, server):
            started = await start_class(base, DUPLICATE, headers={})
            class_id, teacher = started["id"], token_of(started["teacher"])
            ana = await join(base, started, "Ana")
            watch = api(base, class_id, "students/s1/watch", teacher)
            status, nothing_yet = await request(watch)
            assert status == 200 and nothing_yet["deal"] is None and nothing_yet["in_play"] is None
            status, view = await request(api(base, class_id, "deals/0", ana))
            status, view = await request(api(base, class_id, "deals/0", ana), {"move": view["legal_moves"][0]})
            session = server.classes.get(class_id)
            hand = session._match(0, session.students["s1"].deals[0].moves).hands[-1]
            on_line = tiles_in(" ".join(str(move) for move in seat_view(hand, None).moves))
            held = {str(tile) for tile in seat_view(hand, session.request.duplicate.seat).tiles}
            assert on_line and held

            status, watched = await request(watch)
            assert status == 200 and watched["deal"] == 0 and watched["name"] == "Ana"
            assert watched["in_play"]["tiles"] == [] and sum(watched["in_play"]["held"].values()) > 0
            assert tiles_in(str(watched)) <= on_line  # the line, never a tile in a hand
            status, text, _ = await answer(page(base, class_id, "watch/s1", teacher))
            assert status == 200 and "<svg" in text and tiles_in(unescape(text)) <= on_line
            status, teacher_page, _ = await answer(page(base, class_id, "teacher", teacher))
            assert 'href="watch/s1?token=' in teacher_page  # a watch link per student

            for wrong, expected in ((ana, 403), ("nope", 403)):
                assert (await request(api(base, class_id, "students/s1/watch", wrong)))[0] == expected
                assert (await answer(page(base, class_id, "watch/s1", wrong)))[0] == expected
            assert (await request(api(base, class_id, "students/s7/watch", teacher)))[0] == 404

            await play_deal(base, class_id, ana, 0)  # over: its result, and still no hand
            status, over = await request(watch)
            assert over["result"] is not None and over["in_play"] is None and not tiles_in(str(over))
            status, text, _ = await answer(page(base, class_id, "watch/s1", teacher))
            assert status == 200 and "dw-watch-state" in text and "<svg" not in text and not tiles_in(unescape(text))
    run(scenario)


def test_a_duplicate_match_with_strong_bots_gives_every_student_the_same_bots_thought_out_once():
    pool = BotPool(1, threads=True)  # off the event loop, as `serve` thinks with worker processes

    async def scenario():
        async with local_server(thinker=pool) as (base, server):
            body = {"name": "7B", "duplicate": {"game": "six_love", "hands": 1,
                                                "bots": {"E": "strong", "S": "bot:greedy", "W": "strong"}}}
            started = await start_class(base, body, headers={})
            class_id = started["id"]
            ana, bao = await join(base, started, "Ana"), await join(base, started, "Bao")
            status, me = await request(api(base, class_id, "me", ana))
            assert me["class"]["duplicate"]["bots"] == {"E": "strong", "S": "greedy", "W": "strong"}
            first = await play_deal(base, class_id, ana, 0)
            thought = pool.decisions
            assert thought > 0  # the strong bots' moves came from the pool
            second = await play_deal(base, class_id, bao, 0)
            assert second["record"] == first["record"]  # the same moves met the same answers
            assert pool.decisions == thought  # each position thought out once, for everyone
    try:
        run(scenario)
    finally:
        pool.close()


def test_a_finished_deals_record_holds_the_seed_of_the_commitment_shown_before_it_was_played():
    async def scenario():
        async with local_server() as (base, server):
            started = await start_class(base, DUPLICATE, headers={})
            ana = await join(base, started, "Ana")
            status, me = await request(api(base, started["id"], "me", ana))
            promised = me["class"]["duplicate"]["commitments"][0]
            status, in_play = await request(api(base, started["id"], "deals/0", ana))
            assert in_play["record"]["in_play"]["fair"].get("server_seed") is None
            status, text, _ = await answer(page(base, started["id"], "deal/0", ana))
            assert f'data-commitment="{promised}"' in text and 'id="dw-check"' in text  # remembered by the page
            finished = await play_deal(base, started["id"], ana, 0)
            fair = finished["record"]["hands"][0]["fair"]
            assert fair["commitment"] == promised
            assert hashlib.sha256(bytes.fromhex(fair["server_seed"])).hexdigest() == promised
            status, text, _ = await answer(page(base, started["id"], "deal/0", ana))
            assert "Check this deal" in text and 'data-record="' in text and "fair_checked" in unescape(text)
    run(scenario)


def test_each_students_link_is_rate_limited_and_another_student_is_not_held_up():
    clock = Clock()

    async def scenario():
        limits = Limits(student_rate=1.0, student_burst=3)
        async with local_server(clock=clock, limits=limits) as (base, server):
            started = await start_class(base, DUPLICATE, headers={})
            ana, bao = await join(base, started, "Ana"), await join(base, started, "Bao")
            for _ in range(3):
                assert (await request(api(base, started["id"], "me", ana)))[0] == 200
            status, refused, headers = await answer(api(base, started["id"], "deals/0", ana))
            assert status == 429 and headers["Retry-After"] == "1" and "student rate limit" in refused
            assert 0 not in server.classes.get(started["id"]).students["s1"].deals  # nothing changed
            status, text, _ = await answer(page(base, started["id"], "deal/0", ana))
            assert status == 429 and "Too many requests from this link" in text
            assert (await request(api(base, started["id"], "me", bao)))[0] == 200
            clock.advance(1.0)
            assert (await request(api(base, started["id"], "deals/0", ana)))[0] == 200
    run(scenario)


def test_a_closed_class_refuses_joins_and_moves_keeps_its_results_and_frees_its_place(tmp_path):
    db = tmp_path / "classes.sqlite"
    clock = Clock(1_000_000.0)

    async def before():
        async with local_server(db, class_clock=clock, limits=Limits(max_classes=1)) as (base, server):
            started = await start_class(base, DUPLICATE, headers={})
            class_id, teacher = started["id"], token_of(started["teacher"])
            ana = await join(base, started, "Ana")
            status, view = await request(api(base, class_id, "deals/0", ana))
            assert (await request(api(base, class_id, "close", ana), {}))[0] == 403  # the teacher's only
            status, closed = await request(api(base, class_id, "close", teacher), {})
            assert status == 200 and closed["closed"] is True
            status, refused = await request(api(base, class_id, "students", token_of(started["join"])), {"name": "Bao"})
            assert status == 410 and "closed" in refused["error"]
            status, text, _ = await answer(page(base, class_id, "join", token_of(started["join"])))
            assert status == 410 and "This class is closed" in text and "<form" not in text
            status, refused = await request(api(base, class_id, "deals/0", ana), {"move": view["legal_moves"][0]})
            assert status == 410
            assert (await answer(page(base, class_id, "deal/0", ana), raw=b"move=x"))[0] == 410
            assert (await request(api(base, class_id, "deals/0", ana)))[0] == 200  # what was played stays readable
            assert (await request(api(base, class_id, "me", ana)))[0] == 200
            status, progress = await request(api(base, class_id, "progress", teacher))
            assert status == 200 and progress["closed"] is True and progress["students"][0]["name"] == "Ana"
            assert (await answer(api(base, class_id, "progress.csv", teacher)))[0] == 200
            status, text, _ = await answer(page(base, class_id, "teacher", teacher))
            assert "This class is closed" in text and "dw-join-card" not in text
            assert (await request(f"{base}/api/classes", DUPLICATE))[0] == 201  # a closed class frees its place
            return started

    started = asyncio.run(before())

    async def after_a_restart():
        async with local_server(db, class_clock=clock, limits=Limits(max_classes=5)) as (base, server):
            class_id, teacher = started["id"], token_of(started["teacher"])
            status, progress = await request(api(base, class_id, "progress", teacher))
            assert status == 200 and progress["closed"] is True  # kept closed
            other = next(session for session in server.classes.classes.values() if session.id != class_id)
            clock.advance(13 * DAY)
            server.sweep()
            assert not server.classes.is_closed(other)
            clock.advance(1 * DAY)  # 14 days without anyone: closed
            server.sweep()
            assert server.classes.is_closed(other)
            clock.advance(30 * DAY)  # and forgotten 30 days after closing, here and in the store
            server.sweep()
            assert (await request(api(base, class_id, "progress", teacher)))[0] == 403
            assert server.classes.classes == {}
    asyncio.run(after_a_restart())

    async def forgotten_in_the_file():
        async with local_server(db, class_clock=clock) as (base, server):
            assert server.classes.classes == {}
    asyncio.run(forgotten_in_the_file())


def test_a_forgotten_class_leaves_nothing_of_itself_in_the_registry():
    clock = Clock(1_000_000.0)
    registry = ClassRegistry(MemoryStore(), clock=clock)
    made = registry.create(DUPLICATE)
    kept = registry.create(DUPLICATE)
    assert registry.get(made.id) is made and registry.get(kept.id) is kept
    registry.close(made)
    clock.advance(13 * DAY)
    registry.used(kept)
    clock.advance(30 * DAY)  # closed 43 days ago: forgotten; the other was used 30 days ago: closed, kept
    assert registry.sweep() == ([kept.id], [made.id])
    held = [registry.classes, registry.active_at, registry.closed_at, registry._resumed]
    assert [made.id in place for place in held] == [False] * 4  # (a server running for months must not grow)
    assert [kept.id in place for place in held] == [True] * 4


def test_the_teachers_page_warns_of_a_join_link_on_this_computer_only():
    async def scenario():
        async with local_server() as (base, server):
            for lang, says, how in (("en", "open on this computer only (127.0.0.1)", "--host 0.0.0.0"),
                                    ("vi", "127.0.0.1", "--host 0.0.0.0")):
                started = await start_class(base, {**DUPLICATE, "lang": lang}, headers={})
                status, text, _ = await answer(started["teacher"])
                warning = re.search(r'<div class="dw-loopback".*?</div>', text, re.S)
                said = unescape(re.sub(r"<[^>]+>", "", warning[0])) if warning else ""
                assert status == 200 and says in said and how in said and "--host-key" in said
        async with local_server(base_url="http://192.168.1.20:8765") as (base, server):
            started = await start_class(base, DUPLICATE, headers={})
            status, text, _ = await answer(started["teacher"].replace("http://192.168.1.20:8765", base))
            assert status == 200 and "dw-join-card" in text and 'class="dw-loopback"' not in text
    run(scenario)
