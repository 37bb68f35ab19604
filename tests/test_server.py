"""The table server (issue 20): tables set up by API, seats played over websockets by
secret links, tokens, limits, absent seats, several browsers on one link.

Each test runs a server in this process on a free port of 127.0.0.1, and stops it.
"""

from __future__ import annotations

import asyncio
import json

import pytest

from dominoes_widget.engine.record import verify_record
from dominoes_widget.server.shared_table import SharedTable
from dominoes_widget.server.spec import read_spec
from dominoes_widget.server.limits import BURST, MAX_MESSAGE_BYTES
from dominoes_widget.sessions.table.snapshot import table_record
from server_harness import Seat, local_server, request

TWO_PEOPLE = {"game": "six_love", "bots": {"E": "greedy", "W": "greedy"}, "bot_delay": 0, "seed": 3,
              "names": {"S": "Ana", "N": "Bao"}}


def run(scenario):
    asyncio.run(asyncio.wait_for(scenario(), 60))


async def create(base: str, body=TWO_PEOPLE) -> dict:
    status, answer = await request(f"{base}/api/tables", body)
    assert status == 201, answer
    return answer


def to_move(seats: list[Seat]) -> Seat | None:
    return next((s for s in seats if s.view.get("legal")), None)


async def play_one(seats: list[Seat]) -> str:
    """The seat to move plays its first legal move; every seat sees it."""
    mover = await seats[0].until(lambda _: to_move(seats))
    view = mover.view
    move = view["legal"][0]
    plies = len(view["moves"])
    mover.send({"type": "move", "move": move, "hand": view["hand_number"], "ply": plies})
    for seat in seats:
        await seat.until(lambda s: len(s.view["moves"]) > plies or s.view["hand_number"] > view["hand_number"])
    return move


def test_every_game_of_the_request_sets_up_with_its_players():
    async def scenario():
        async with local_server() as (base, server):
            for body, seats in [({"game": "six_love", "players": 4}, "ESNW"), ({"game": "straight_six"}, "ESNW"),
                                ({"game": "vietnamese", "players": 2, "bots": {"N": "random"}}, "S"),
                                ({"game": "vietnamese", "players": 3, "rules": {"draw_mode": "until_playable"}},
                                 "ENS")]:
                answer = await create(base, body)
                assert sorted(answer["seats"]) == sorted(seats)
                rules = server.tables[answer["id"]].session.rules
                assert rules.game == ("vietnamese" if body["game"] == "vietnamese" else "partnership")
    run(scenario)


def test_a_table_is_set_up_with_one_link_per_person_and_serves_its_page_and_bundle():
    async def scenario():
        async with local_server() as (base, _server):
            answer = await create(base)
            assert set(answer["seats"]) == {"S", "N"}  # the seats without a bot
            tokens = {link.split("token=")[1] for link in answer["seats"].values()}
            assert len(tokens) == 2 and all(len(t) >= 32 for t in tokens)
            status, page = await request(answer["seats"]["N"])
            assert status == 200 and "seat_page.js" in page and "table.css" in page
            for name in ("table.js", "table.css", "seat_page.js"):
                assert (await request(f"{base}/static/{name}"))[0] == 200
            assert (await request(f"{base}/static/replay.js"))[0] == 404
    run(scenario)


@pytest.mark.parametrize("body, words", [
    ({"game": "chess"}, "game"),
    ({"game": "six_love", "bots": {"N": "strong", "E": "strong", "S": "strong", "W": "strong"}}, "at least one person"),
    ({"game": "six_love", "bots": {"X": "strong"}}, "not in play"),
    ({"game": "six_love", "bots": {"N": "genius"}}, "not 'human' or a bot"),
    ({"game": "vietnamese", "players": 7}, "players"),
    ({"game": "straight_six", "players": 3}, "always 4 players"),
    ({"game": "six_love", "rules": {"sporting": "maybe"}}, "sporting"),
    ({"game": "six_love", "colour": "red"}, "unknown field"),
    ([1, 2], "JSON object"),
])
def test_a_bad_table_request_is_answered_400_with_what_is_wrong(body, words):
    async def scenario():
        async with local_server() as (base, server):
            status, answer = await request(f"{base}/api/tables", body)
            assert status == 400 and words in answer["error"], answer
            assert not server.tables
            status, answer = await request(f"{base}/api/tables", raw=b"{not json")
            assert status == 400 and "JSON" in answer["error"]
    run(scenario)


def test_a_wrong_or_missing_token_gets_403_and_changes_nothing():
    async def scenario():
        async with local_server() as (base, _server):
            answer = await create(base)
            table, link = answer["id"], answer["seats"]["S"]
            token = link.split("token=")[1]
            _, before = await request(f"{base}/api/tables/{table}/record?token={token}")
            wrong = [f"token={token[:-1]}{'y' if token.endswith('x') else 'x'}", "token=", "", f"token={token[:8]}"]
            for query in wrong:
                assert (await request(f"{base}/api/tables/{table}/record?{query}"))[0] == 403
                assert (await request(f"{base}/tables/{table}/seat?{query}"))[0] == 403
                with pytest.raises(tornado_error()) as refused:
                    await Seat.open(f"{base}/tables/{table}/seat?{query}")
                assert refused.value.code == 403
            assert (await request(f"{base}/api/tables/nosuchtable/record?token={token}"))[0] == 403
            _, after = await request(f"{base}/api/tables/{table}/record?token={token}")
            assert after == before
    run(scenario)


def test_a_wrong_link_opens_a_page_that_says_what_to_do_in_the_browsers_language():
    """A person with a cut-short or old link reads what to do (403, HTML, en or vi as the browser
    asks), and learns nothing about the table: not its game, its language or its names."""
    import tornado.httpclient

    async def scenario():
        async with local_server() as (base, _server):
            answer = await create(base, {"game": "vietnamese", "players": 2, "lang": "vi", "names": {"S": "Zorro"}})
            table, token = answer["id"], answer["seats"]["S"].split("token=")[1]
            client = tornado.httpclient.AsyncHTTPClient()
            for query, accept, words in ((f"token={token[:10]}", "vi-VN,vi;q=0.9,en;q=0.5", "Đường dẫn này"),
                                         ("token=", "en-GB,en;q=0.9", "This link does not open a table"),
                                         ("", "de-DE", "This link does not open a table")):
                got = await client.fetch(f"{base}/tables/{table}/seat?{query}", raise_error=False,
                                         headers={"Accept-Language": accept})
                page = got.body.decode()
                assert got.code == 403 and got.headers["Content-Type"].startswith("text/html")
                assert words in page and "Zorro" not in page and "Vietnamese" not in page, page
            unknown = await client.fetch(f"{base}/tables/nosuchtable/seat?token={token}", raise_error=False)
            assert unknown.code == 403 and "This link does not open a table" in unknown.body.decode()
    run(scenario)


def tornado_error():
    import tornado.httpclient

    return tornado.httpclient.HTTPClientError


def test_two_people_play_a_hand_over_websockets_and_the_record_verifies():
    async def scenario():
        async with local_server() as (base, _server):
            answer = await create(base)
            seats = [await Seat.open(answer["seats"][s], s) for s in ("S", "N")]
            for seat in seats:
                first = await seat.until(lambda s: s.frames)
                assert first[0]["type"] == "state" and first[0]["words"] and first[0]["rules_text"]
                assert seat.view["viewer"] == seat.seat
                assert isinstance(seat.view["hands"][seat.seat], list)  # its own tiles, face up
                other = "N" if seat.seat == "S" else "S"
                assert isinstance(seat.view["hands"][other], int)  # the partner's face down
            while seats[0].view["phase"] == "playing":
                await play_one(seats)
            await seats[1].until(lambda s: s.view["phase"] in ("hand_over", "match_over"))
            token = answer["seats"]["N"].split("token=")[1]
            status, record = await request(f"{base}/api/tables/{answer['id']}/record?token={token}")
            assert status == 200 and record["players"]["S"] == "Ana" and record["players"]["E"] == "bot:greedy"
            summaries, problems = verify_record(record)
            assert not problems and summaries[0]["end"] is not None
            for seat in seats:
                seat.close()
    run(scenario)


def test_a_seat_acts_only_for_itself():
    async def scenario():
        async with local_server() as (base, _server):
            answer = await create(base)
            south, north = [await Seat.open(answer["seats"][s], s) for s in ("S", "N")]
            mover = await south.until(lambda _: to_move([south, north]))
            idle = north if mover is south else south
            await idle.until(lambda s: s.view)
            move = mover.view["legal"][0].replace(mover.seat, idle.seat, 1)
            idle.send({"type": "move", "move": move})
            refusal = await idle.until(lambda s: s.messages("refused"))
            assert refusal[0]["reason"] in ("not_at_screen", "not_your_turn")
            assert mover.view["legal"]  # still the mover's turn
            assert not mover.messages("refused")  # the refusal went to the seat that sent it only
            for seat in (south, north):
                seat.close()
    run(scenario)


def test_several_browsers_on_one_link_see_the_same_seat_and_a_reopened_link_goes_on():
    async def scenario():
        async with local_server() as (base, _server):
            answer = await create(base, {**TWO_PEOPLE, "bots": {"E": "greedy", "W": "greedy", "N": "greedy"}})
            link = answer["seats"]["S"]
            first, second = await Seat.open(link, "S"), await Seat.open(link, "S")
            await first.until(lambda s: s.view.get("legal"))
            await second.until(lambda s: s.view.get("legal"))
            view = first.view
            first.send({"type": "move", "move": view["legal"][0], "hand": view["hand_number"],
                        "ply": len(view["moves"])})
            for seat in (first, second):
                await seat.until(lambda s: len(s.view["moves"]) > len(view["moves"]))
            await second.until(lambda s: s.view == first.view)
            first.close()
            moved = list(second.view["moves"])
            again = await Seat.open(link, "S")  # the browser closed and opened the link again
            await again.until(lambda s: s.view)
            assert again.view["moves"] == moved and again.view["hands"]["S"] == second.view["hands"]["S"]
            for seat in (second, again):
                seat.close()
    run(scenario)


def test_a_message_too_large_or_too_frequent_is_refused_with_a_reason_and_changes_nothing():
    async def scenario():
        async with local_server() as (base, server):
            answer = await create(base)
            south = await Seat.open(answer["seats"]["S"], "S")
            await south.until(lambda s: s.view)
            table = server.tables[answer["id"]]
            before = table_record(table.session)
            south.send({"type": "look", "ply": 0, "padding": "x" * MAX_MESSAGE_BYTES})
            error = await south.until(lambda s: s.messages("error"))
            assert "bytes" in error[0]["message"]
            south.send("not json at all")
            await south.until(lambda s: len(s.messages("error")) >= 2)
            for _ in range(BURST + 10):
                south.send({"type": "counting", "show": False})
            await south.until(lambda s: any("a second" in e["message"] for e in s.messages("error")))
            assert table_record(table.session) == before
            south.close()
    run(scenario)


def test_by_default_nobody_moves_for_an_absent_person():
    async def scenario():
        async with local_server() as (base, server):
            answer = await create(base)
            table = server.tables[answer["id"]]
            south = await Seat.open(answer["seats"]["S"], "S")
            await south.until(lambda s: s.view)
            while table.session.hand.turn != "N":  # South plays until North's turn comes
                await play_one([south])
            assert south.view["turn"] == "N" and table._awaited() == "N"
            assert table.spec.absent is None and table._absent_timer is None  # no bot will ever move for North
            south.close()
    run(scenario)


def test_an_absent_seat_bot_moves_for_a_person_with_no_browser_after_the_set_wait():
    async def scenario():
        async with local_server() as (base, server):
            answer = await create(base, {**TWO_PEOPLE, "absent": {"bot": "greedy", "after": 0.05}})
            token = answer["seats"]["S"].split("token=")[1]
            south = await Seat.open(answer["seats"]["S"], "S")
            # South plays; North never opens its link; the absent-seat bot moves for North.
            await south.until(lambda s: s.view)
            while south.view["phase"] == "playing":
                await south.until(lambda s: s.view.get("legal") or s.view.get("phase") != "playing")
                if south.view["legal"]:
                    await play_one([south])
            _, record = await request(f"{base}/api/tables/{answer['id']}/record?token={token}")
            moves = [m for hand in record["hands"] for m in hand["moves"]]
            assert any(m.startswith("N ") for m in moves), moves
            assert server.tables[answer["id"]].spec.absent.after == 0.05
            south.close()
    run(scenario)


def test_each_screen_has_its_own_counting_panel():
    async def scenario():
        async with local_server() as (base, _server):
            answer = await create(base)
            south, north = [await Seat.open(answer["seats"][s], s) for s in ("S", "N")]
            await north.until(lambda s: s.view)
            south.send({"type": "counting", "show": True})
            await south.until(lambda s: s.view.get("counting"))
            assert "What you can count" in json.dumps(south.view["counting"]) or south.view["counting"]["title"]
            assert north.view.get("counting") is None
            for seat in (south, north):
                seat.close()
    run(scenario)


def test_the_access_log_never_holds_a_token(caplog):
    async def scenario():
        async with local_server() as (base, _server):
            answer = await create(base)
            await request(answer["seats"]["S"])
            await request(f"{base}/api/tables/{answer['id']}/record?token=wrong")
            return answer

    with caplog.at_level("INFO", logger="tornado.access"):
        answer = asyncio.run(scenario())
    logged = "\n".join(record.getMessage() for record in caplog.records)
    assert f"/tables/{answer['id']}/seat" in logged and "403" in logged
    assert "token" not in logged


def test_with_a_db_a_move_is_written_before_any_seat_is_shown_it(tmp_path):
    import sqlite3

    db = tmp_path / "tables.sqlite"

    async def scenario():
        async with local_server(db) as (base, _server):
            answer = await create(base)
            seats = [await Seat.open(answer["seats"][s], s) for s in ("S", "N")]
            for _ in range(3):
                move = await play_one(seats)
                seen = seats[0].view["moves"]
                (record,), = sqlite3.connect(db).execute("SELECT record FROM tables WHERE id = ?", (answer["id"],))
                stored = json.loads(record)["hands"][-1]["moves"]
                assert stored[:len(seen)] == seen and move in stored
            for seat in seats:
                seat.close()
    run(scenario)


def test_a_sqlite_store_on_an_event_loop_answers_when_each_record_is_committed_and_closes_with_none_lost(tmp_path):
    """On an event loop the records handed over in one turn of the loop are written together
    at its end: each write's future is done once another connection reads the record, and a
    store closed with writes still waiting writes them first."""
    import sqlite3

    from dominoes_widget.server.store import SqliteStore, StoredTable

    db = tmp_path / "tables.sqlite"
    store = SqliteStore(db)
    for n in range(5):
        store.add(StoredTable(f"t{n}", {}, {"S": "key"}))

    def stored(table_id):
        (record,), = sqlite3.connect(db).execute("SELECT record FROM tables WHERE id = ?", (table_id,))
        return json.loads(record) if record else None

    async def scenario():
        written = [store.save_record(f"t{n}", {"hands": [n]}) for n in range(5)]
        assert all(isinstance(w, asyncio.Future) for w in written)
        await asyncio.gather(*written)
        assert [stored(f"t{n}") for n in range(5)] == [{"hands": [n]} for n in range(5)]
        last = store.save_record("t0", {"hands": ["last"]})
        store.close()  # before the loop hears that it is written
        assert stored("t0") == {"hands": ["last"]}
        await last
    run(scenario)


class LaterStore:
    """A store that answers each write with a future the test completes (an asyncio database client)."""

    def __init__(self):
        self.writes = []

    def add(self, table):
        pass

    def save_record(self, table_id, record, pending=None):
        written = asyncio.get_running_loop().create_future()
        self.writes.append((record, written))
        return written

    def tables(self):
        return iter(())


class FrameBrowser:
    """A browser at a seat of a SharedTable driven directly: the frames it was sent."""

    def __init__(self):
        self.frames = []

    def deliver(self, text):
        self.frames.append(json.loads(text))

    @property
    def views(self):
        return [frame["view"] for frame in self.frames]


def test_a_store_that_writes_later_holds_the_move_back_until_it_is_written():
    """A store may answer a write with an awaitable (an asyncio database client): the table
    shows the move to no seat, a browser joining meanwhile included, until it is written."""
    async def scenario():
        store = LaterStore()
        table = SharedTable.create(read_spec({**TWO_PEOPLE, "bots": {}}), store)
        south, late = FrameBrowser(), FrameBrowser()
        table.join("S", south)
        view = south.views[-1]
        mover = view["turn"]
        table.intent(mover, {"type": "move", "move": table.session.view(table.session.screen_of(mover))["legal"][0]})
        await asyncio.sleep(0)
        record, written = store.writes[-1]
        assert len(record["hands"][0]["moves"]) == 1
        assert south.views[-1]["moves"] == view["moves"]  # not shown yet
        table.join("N", late)
        assert not late.views  # nor to a browser that joins meanwhile
        written.set_result(None)
        for _ in range(3):
            await asyncio.sleep(0)
        assert len(south.views[-1]["moves"]) == 1 and late.views[-1]["moves"] == south.views[-1]["moves"]
        table.close()
    run(scenario)


def test_a_joining_browser_has_its_seats_view_built_once_and_sent_once(monkeypatch):
    """A browser joining a seat, at a quiet moment or while a move is being written, is sent
    that seat's view in one frame (with the words), built once."""
    built = []
    real_view = SharedTable._view

    def counted_view(table, seat):
        built.append(seat)
        return real_view(table, seat)

    monkeypatch.setattr(SharedTable, "_view", counted_view)

    async def scenario():
        store = LaterStore()
        table = SharedTable.create(read_spec({**TWO_PEOPLE, "bots": {}}), store)
        south, late = FrameBrowser(), FrameBrowser()
        table.join("S", south)  # a quiet moment
        assert built == ["S"] and len(south.frames) == 1 and "words" in south.frames[0]
        mover = south.frames[0]["view"]["turn"]
        table.intent(mover, {"type": "move", "move": table.session.view(table.session.screen_of(mover))["legal"][0]})
        table.join("N", late)  # while the move is being written
        built.clear()
        store.writes[-1][1].set_result(None)
        for _ in range(3):
            await asyncio.sleep(0)
        assert sorted(built) == ["N", "S"], "each seat's view built once"
        assert len(late.frames) == 1 and "words" in late.frames[0] and len(late.frames[0]["view"]["moves"]) == 1
        assert len(south.frames) == 2
        table.flush(force=True)  # nothing changed: nobody is sent the same view again
        assert len(late.frames) == 1 and len(south.frames) == 2
        table.close()
    run(scenario)


def test_each_seats_screen_shows_what_its_own_person_did_whatever_order_the_views_are_built_in():
    """Two people's screens at one served table: one opened its counting panel, the other was
    refused a move. Each view shows only its own, and building them in any order gives the same."""
    from dominoes_widget.server.store import MemoryStore

    table = SharedTable.create(read_spec({**TWO_PEOPLE, "bots": {}}), MemoryStore())
    session = table.session
    session.deal_waiting_hand()
    mover = session.match.hand.turn
    other = next(seat for seat in table.tokens if seat != mover)
    assert table.intent(mover, {"type": "counting", "show": True}) == []
    refused = table.intent(other, {"type": "move", "move": f"{other} pass"})
    assert refused and refused[0]["type"] == "refused"
    seats = [mover, other, None]
    views = {seat: session.view(session.screen_of(seat)) for seat in seats}
    assert {seat: session.view(session.screen_of(seat)) for seat in reversed(seats)} == views
    assert views[mover]["counting"] is not None and views[mover]["message"] is None
    assert views[other]["counting"] is None and views[other]["message"]["text"] == refused[0]["message"]
    assert views[None]["counting"] is None and views[None]["message"] is None
