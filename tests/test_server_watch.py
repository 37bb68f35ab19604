"""Presence, the host's settings and watchers at a served table (issue 27, parts 2 and 3),
against a real server on 127.0.0.1 started by each test.

- Presence: every screen shows each seat as here, never (its link never opened), left or
  bot, and how many watch; a seat that had opened its link is "left" after a restart on
  the same ``--db``, not "never".
- Host-only settings: the bots' speed is the host's; anyone else is refused ``not_host``
  and nothing changes; their view says ``can_set_table: false``.
- Watchers: the watch link's page, socket and record show no tile of the hand in play
  that is not on the line (every hand face up once it ended); a watcher's moves are
  refused ``watching``; at most ``max_watchers_per_table`` at once (then 429); a wrong
  watch token opens the friendly wrong-link page (403).
"""

from __future__ import annotations

import asyncio
import json
from urllib.parse import parse_qs, urlsplit

import pytest
import tornado.httpclient

from dominoes_widget.engine.record import verify_record
from dominoes_widget.server.limits import Limits
from server_harness import Seat, answer, free_port, local_server, request, spawn_server, stop_server
from test_fuzz_table import canonical, tiles_in

TWO_PEOPLE = {"game": "vietnamese", "players": 2, "seed": 7, "bot_delay": 0, "names": {"S": "Ana", "N": "Bao"}}
PEOPLE_AND_BOTS = {"game": "vietnamese", "players": 4, "seed": 5, "bot_delay": 0,
                   "bots": {"E": "greedy", "W": "random"}}


def record_url(link: str) -> str:
    """The record route of a seat's or the watch link."""
    path = urlsplit(link)
    table = path.path.split("/")[2]
    return f"{path.scheme}://{path.netloc}/api/tables/{table}/record?{path.query}"


def token_of(link: str) -> str:
    return parse_qs(urlsplit(link).query)["token"][0]


def with_token(link: str, token: str) -> str:
    return link.split("?token=")[0] + f"?token={token}"


async def opened(link: str, name: str) -> Seat:
    seat = await Seat.open(link, name)
    await seat.until(lambda s: s.view)
    return seat


def on_line(view: dict) -> set[str]:
    return {canonical(str(a), str(b)) for a, b in view["line"]}


def hidden_for_watchers(view: dict) -> list[str]:
    """What a watcher's view shows of the hand in play that it may not: a hand face up, or a
    tile anywhere in it but on the line (and every tile once the hand has ended)."""
    if view["phase"] in ("hand_over", "match_over"):
        return []
    problems = [f"{seat}'s hand is face up" for seat, held in view["hands"].items() if not isinstance(held, int)]
    leaked = tiles_in(json.dumps(view)) - on_line(view)
    return problems + ([f"tiles {sorted(leaked)} off the line"] if leaked else [])


async def play_moves(seats: list[Seat], moves: int) -> None:
    """The people to move play their first legal move, ``moves`` times (bots answer on the server)."""
    for _ in range(moves):
        mover = await seats[0].until(lambda _: next((s for s in seats if s.view.get("legal")), None))
        view = mover.view
        mover.send({"type": "move", "move": view["legal"][0], "hand": view["hand_number"], "ply": len(view["moves"])})
        await mover.until(lambda s: len(s.view["moves"]) > len(view["moves"]) or s.view["phase"] != "playing")


# -- presence ------------------------------------------------------------------------------------
def test_presence_goes_from_never_to_here_to_left_on_every_screen_and_counts_watchers():
    async def scenario():
        async with local_server() as (base, server):
            status, created = await request(f"{base}/api/tables", PEOPLE_AND_BOTS)
            assert status == 201 and set(created["seats"]) == {"S", "N"}
            south = await opened(created["seats"]["S"], "S")
            assert south.view["presence"] == {"S": "here", "N": "never", "E": "bot", "W": "bot"}
            assert south.view["watching"] == 0
            north = await opened(created["seats"]["N"], "N")
            assert north.view["presence"]["N"] == "here" and north.view["presence"]["S"] == "here"
            await south.until(lambda s: s.view["presence"]["N"] == "here")  # pushed to the others
            north.close()
            await south.until(lambda s: s.view["presence"]["N"] == "left")
            watchers = [await opened(created["watch"], f"watcher {n}") for n in range(3)]
            await south.until(lambda s: s.view["watching"] == 3)
            assert watchers[-1].view["presence"] == {"S": "here", "N": "left", "E": "bot", "W": "bot"}
            watchers[0].close()
            await south.until(lambda s: s.view["watching"] == 2)
            await watchers[1].until(lambda s: s.view["watching"] == 2)
            for each in (south, *watchers[1:]):
                each.close()

    asyncio.run(scenario())


def test_a_seat_that_had_opened_its_link_has_left_after_a_restart_and_the_watch_link_still_works(tmp_path):
    db, port = tmp_path / "tables.sqlite", free_port()
    process, base = spawn_server(db, port)
    try:
        async def before():
            created = (await request(f"{base}/api/tables", TWO_PEOPLE))[1]
            north = await opened(created["seats"]["N"], "N")
            assert north.view["presence"] == {"S": "never", "N": "here"}
            north.close()
            return created

        created = asyncio.run(before())
        stop_server(process)
        process, _ = spawn_server(db, port)

        async def after():
            south = await opened(created["seats"]["S"], "S")
            assert south.view["presence"] == {"S": "here", "N": "left"}  # not "never": N came before
            watcher = await opened(created["watch"], "watcher")
            assert watcher.view["viewer"] is None and watcher.view["presence"] == {"S": "here", "N": "left"}
            await south.until(lambda s: s.view["watching"] == 1)
            status, record = await request(record_url(created["watch"]))
            assert status == 200 and record["in_play"]["seat"] is None
            watcher.close()
            south.close()

        asyncio.run(after())
    finally:
        stop_server(process)


# -- the host's settings --------------------------------------------------------------------------
def test_only_the_host_changes_the_bots_speed_and_the_others_are_refused_with_not_host():
    async def scenario():
        async with local_server() as (base, server):
            status, created = await request(f"{base}/api/tables", {**PEOPLE_AND_BOTS, "bot_delay": 0.6,
                                                                   "names": {"N": "Ana", "S": "Bao"}})
            assert status == 201 and created["host"] == "N"  # the first person's seat, in the order of seats
            table = server.tables[created["id"]]
            host = await opened(created["seats"]["N"], "N")
            other = await opened(created["seats"]["S"], "S")
            assert host.view["can_set_table"] is True and other.view["can_set_table"] is False
            before = (table.session.bots.delay, host.view["speed"], other.view["speed"])
            other.send({"type": "speed", "speed": "instant"})
            refusal = await other.until(lambda s: next(iter(s.messages("refused")), None))
            assert refusal["reason"] == "not_host" and "Ana" in refusal["message"]  # who may: the host, by name
            assert (table.session.bots.delay, host.view["speed"], other.view["speed"]) == before == (0.6, "normal", "normal")
            host.send({"type": "speed", "speed": "fast"})
            await other.until(lambda s: s.view["speed"] == "fast")
            assert table.session.bots.delay == 0.25 and not host.messages("refused")
            host.close()
            other.close()

    asyncio.run(scenario())


def test_the_request_names_the_host_and_a_seat_that_is_no_person_s_is_refused():
    async def scenario():
        async with local_server() as (base, server):
            status, created = await request(f"{base}/api/tables", {**PEOPLE_AND_BOTS, "host": "S"})
            assert status == 201 and created["host"] == "S"
            south = await opened(created["seats"]["S"], "S")
            north = await opened(created["seats"]["N"], "N")
            assert south.view["can_set_table"] is True and north.view["can_set_table"] is False
            tables = len(server.tables)
            for host in ("E", "X", 3, ["N"]):  # a bot's seat, no seat, not a seat at all
                status, refused = await request(f"{base}/api/tables", {**PEOPLE_AND_BOTS, "host": host})
                assert status == 400 and refused["error"].startswith("host:"), refused
            assert len(server.tables) == tables
            south.close()
            north.close()

    asyncio.run(scenario())


# -- watchers -------------------------------------------------------------------------------------
def test_a_watcher_sees_no_tile_in_play_off_the_line_cannot_move_and_sees_every_hand_once_it_ends():
    async def scenario():
        async with local_server() as (base, server):
            created = (await request(f"{base}/api/tables", {**TWO_PEOPLE, "rules": {"target": 1}}))[1]
            table = server.tables[created["id"]]
            seats = [await opened(link, seat) for seat, link in created["seats"].items()]
            watcher = await opened(created["watch"], "watcher")
            assert watcher.view["viewer"] is None and watcher.view["legal"] == []
            assert watcher.view["can_set_table"] is False
            assert "words" in watcher.frames[0] and watcher.view["phase"] == "playing"
            problems: list[str] = []
            records = 0
            while True:
                view = watcher.view
                problems += hidden_for_watchers(view)
                if view["phase"] != "playing":
                    break
                mover = next((s for s in seats if s.view.get("legal")), None)
                if mover is None:
                    await seats[0].until(lambda _: any(s.view.get("legal") for s in seats)
                                         or seats[0].view["phase"] != "playing")
                    continue
                move = mover.view["legal"][0]
                if len(view["moves"]) % 3 == 0:  # (a few: a socket sends at most 20 messages at once)
                    state = (len(table.session.match.hands), table.session.match.hand.state_key())
                    refusals = len(watcher.messages("refused"))
                    watcher.send({"type": "move", "move": move, "hand": view["hand_number"], "ply": len(view["moves"])})
                    refusal = await watcher.until(lambda s: len(s.messages("refused")) > refusals
                                                  and s.messages("refused")[-1])
                    assert refusal["reason"] == "watching" and not tiles_in(refusal["message"])
                    assert (len(table.session.match.hands), table.session.match.hand.state_key()) == state
                status, record = await request(record_url(created["watch"]))
                records += 1
                assert status == 200 and record["in_play"]["seat"] is None and record["in_play"]["tiles"] == []
                assert not any(" draw " in m for m in record["in_play"]["moves"]), "a draw names its tile"
                assert not tiles_in(json.dumps(record["in_play"])) - on_line(view) - tiles_in(" ".join(
                    m for m in record["in_play"]["moves"])), record["in_play"]
                assert not verify_record(record)[1]
                done = len(view["moves"])
                mover.send({"type": "move", "move": move, "hand": view["hand_number"], "ply": done})
                await watcher.until(lambda s: len(s.view["moves"]) > done or s.view["phase"] != "playing")
            for frame in watcher.frames:  # every frame it was ever sent, not only the last
                if frame["type"] == "state":
                    problems += hidden_for_watchers(frame["view"])
            assert not problems, problems[:5]
            assert records > 3
            await watcher.until(lambda s: s.view["phase"] in ("hand_over", "match_over"))
            assert all(isinstance(held, list) for held in watcher.view["hands"].values()), "the hand ended: face up"
            status, record = await request(record_url(created["watch"]))
            assert status == 200 and len(record["hands"]) == 1 and "in_play" not in record
            watcher.send({"type": "new_match"})
            await watcher.until(lambda s: s.messages("refused")[-1]["reason"] == "watching")
            assert table.session.match.is_over  # nothing a watcher sends moves the table on
            for each in (*seats, watcher):
                each.close()

    asyncio.run(scenario())


def test_watchers_over_the_limit_get_429_and_a_place_frees_when_one_leaves():
    async def scenario():
        async with local_server(limits=Limits(max_watchers_per_table=2)) as (base, server):
            created = (await request(f"{base}/api/tables", TWO_PEOPLE))[1]
            first, second = [await opened(created["watch"], f"watcher {n}") for n in range(2)]
            with pytest.raises(tornado.httpclient.HTTPClientError) as refused:
                await Seat.open(created["watch"], "third")
            assert refused.value.code == 429
            status, page, _ = await answer(created["watch"])
            assert status == 429 and 'id="dominoes-watch-full"' in page and "2" in page
            assert not tiles_in(page)
            first.close()
            table = server.tables[created["id"]]
            await second.until(lambda s: s.view["watching"] == 1)
            assert len(table.watchers) == 1
            third = await opened(created["watch"], "third")
            assert third.view["watching"] == 2
            status, page, _ = await answer(created["watch"])
            assert status == 429
            second.close()
            third.close()

    asyncio.run(scenario())


def test_a_wrong_watch_token_opens_the_friendly_wrong_link_page_and_nothing_else():
    async def scenario():
        async with local_server() as (base, server):
            created = (await request(f"{base}/api/tables", TWO_PEOPLE))[1]
            watch = created["watch"]
            assert watch.startswith(f"{base}/tables/{created['id']}/watch?token=")
            assert token_of(watch) not in {token_of(link) for link in created["seats"].values()}
            for wrong in (token_of(watch)[:-1], token_of(watch) + "x", "", token_of(created["seats"]["S"]) + "x"):
                status, page, _ = await answer(with_token(watch, wrong))
                assert status == 403 and 'id="dominoes-wrong-link"' in page
                assert created["id"] not in page and (not wrong or wrong not in page), "it says nothing of the table"
                status, body = await request(record_url(with_token(watch, wrong)))
                assert status == 403 and "error" in body
                with pytest.raises(tornado.httpclient.HTTPClientError) as refused:
                    await Seat.open(with_token(watch, wrong), "wrong")
                assert refused.value.code == 403
            seat_link_as_watch = watch.split("?")[0] + "?token=" + token_of(created["seats"]["S"])
            status, page, _ = await answer(seat_link_as_watch)
            assert status == 403, "a seat's token is not a watch token"
            status, page, _ = await answer(watch)
            assert status == 200 and 'data-watch="true"' in page and not tiles_in(page)
            assert not server.tables[created["id"]].watchers

    asyncio.run(scenario())
