"""Hostile input to the table server (issue 25): what breaks a limit gets a clear answer
naming it and changes nothing, the socket stays open, and no log line holds a traceback
or a token.

The last test is a fuzz: generated hostile bodies, headers, raw requests and frames
against a server it starts on 127.0.0.1, counted (printed with ``-s`` and written to
``test-artifacts/server_hostile.json``). ``DOMINOES_HOSTILE_ROUNDS`` (default 1) repeats
its generated part with other seeds.
"""

from __future__ import annotations

import asyncio
import collections
import json
import logging
import os
import random
from dataclasses import replace
from pathlib import Path

import pytest

from dominoes_widget.server.limits import Limits
from dominoes_widget.server.safe_json import MAX_DEPTH, MAX_NUMBER_CHARS
from dominoes_widget.sessions.table.snapshot import table_record
from server_harness import WAIT, Clock, Seat, local_server, request
from test_server import TWO_PEOPLE, create, play_one, run

ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"
ROUNDS = int(os.environ.get("DOMINOES_HOSTILE_ROUNDS", "1"))
OPEN_LIMITS = Limits(create_rate=0, message_rate=1e6, message_burst=10**6)
"""The fuzz's server: no rate limits, so that every hostile input reaches the parsers."""


@pytest.fixture()
def server_log(caplog):
    """Every record of tornado's and the package's loggers, from DEBUG up."""
    for name in ("tornado", "dominoes_widget"):
        caplog.set_level(logging.DEBUG, logger=name)
    return caplog


def assert_clean(caplog, tokens) -> None:
    """No traceback, no token and no 5xx in any log line."""
    for record in caplog.records:
        line = record.getMessage()
        assert record.exc_info is None and record.exc_text is None, f"a traceback was logged: {line}"
        assert "Traceback" not in line, line
        assert not any(token in line for token in tokens), f"a token was logged: {line}"
        if record.name == "tornado.access":
            assert not line.startswith("5"), line
    assert "Traceback" not in caplog.text


def tokens_of(answer: dict) -> list[str]:
    return [link.split("token=")[1] for link in answer["seats"].values()]


def state_of(server, table_id: str) -> str:
    table = server.tables[table_id]
    return json.dumps([table_record(table.session), table.session.phase], sort_keys=True, default=str)


async def reply_to(seat: Seat, content) -> dict:
    """Send ``content`` (text, or bytes as a binary frame) and wait for the one answer."""
    before = len(seat.frames)
    if isinstance(content, bytes):
        seat.socket.write_message(content, binary=True)
    else:
        seat.send(content)
    await seat.until(lambda s: len(s.frames) > before)
    return seat.frames[before]


def test_a_deeply_nested_frame_gets_an_error_naming_the_limit_and_the_socket_plays_on(server_log):
    async def scenario():
        async with local_server() as (base, server):
            answer = await create(base)
            seats = [await Seat.open(link, seat) for seat, link in answer["seats"].items()]
            for seat in seats:
                await seat.until(lambda s: s.view)
            before = state_of(server, answer["id"])
            frame = await reply_to(seats[0], "[" * 1020 + "]" * 1020)  # under 2 KB
            assert frame["type"] == "error" and f"deeper than {MAX_DEPTH} levels" in frame["message"]
            frame = await reply_to(seats[0], '{"type": "move", "ply": ' + "9" * 1500 + "}")
            assert frame["type"] == "error" and f"at most {MAX_NUMBER_CHARS}" in frame["message"]
            frame = await reply_to(seats[0], '{"type": "move", "ply": NaN}')
            assert frame["type"] == "error" and "NaN" in frame["message"]
            assert state_of(server, answer["id"]) == before and not seats[0].closed.is_set()
            await play_one(seats)  # the socket still plays
            for seat in seats:
                seat.close()
        assert_clean(server_log, tokens_of(answer))
    run(scenario)


def test_the_error_frame_is_in_the_tables_language():
    async def scenario():
        async with local_server() as (base, _server):
            answer = await create(base, {**TWO_PEOPLE, "lang": "vi"})
            seat = await Seat.open(answer["seats"]["S"], "S")
            await seat.until(lambda s: s.view)
            frame = await reply_to(seat, "[" * 100)
            assert frame["type"] == "error" and "lồng sâu" in frame["message"]
            seat.close()
    run(scenario)


def test_a_binary_frame_is_refused_with_a_reason_and_the_socket_stays_open(server_log):
    async def scenario():
        async with local_server() as (base, server):
            answer = await create(base)
            seats = [await Seat.open(link, seat) for seat, link in answer["seats"].items()]
            for seat in seats:
                await seat.until(lambda s: s.view)
            before = state_of(server, answer["id"])
            frame = await reply_to(seats[0], b'{"type": "move"}')
            assert frame == {"type": "error", "message": "Ignored a binary message: a message is JSON text."}
            assert state_of(server, answer["id"]) == before
            await play_one(seats)
            for seat in seats:
                seat.close()
        assert_clean(server_log, tokens_of(answer))
    run(scenario)


@pytest.mark.parametrize("body, limit", [
    (b"[" * 5000 + b"]" * 5000, f"nested deeper than {MAX_DEPTH} levels (the depth limit)"),
    (b'{"seed": ' + b"7" * 4301 + b"}", f"at most {MAX_NUMBER_CHARS} (the number length limit)"),
    (b'{"seed": Infinity}', "Infinity is not a number JSON allows"),
    (b'{"names": {"S": "' + b"a" * 5000 + b'"}}', "(the string length limit)"),
    (b'{"names": {"S": "\\udc00"}}', "lone surrogate"),
    (b'{"game": "\xff"}', "not UTF-8"),
    (b'{"game": ', "not JSON"),
])
def test_a_hostile_body_gets_400_naming_the_limit_and_sets_up_nothing(body, limit, server_log):
    async def scenario():
        async with local_server() as (base, server):
            status, answer = await request(f"{base}/api/tables", raw=body)
            assert status == 400 and limit in answer["error"], answer
            assert not server.tables
        assert_clean(server_log, [])
    run(scenario)


def test_a_failure_handling_a_message_is_one_log_line_and_the_socket_stays_open(server_log, monkeypatch):
    async def scenario():
        async with local_server() as (base, server):
            answer = await create(base)
            seat = await Seat.open(answer["seats"]["S"], "S")
            await seat.until(lambda s: s.view)
            table = server.tables[answer["id"]]

            def broken(seat_name, content):
                raise RuntimeError(f"secret {answer['seats']['S']}")
            monkeypatch.setattr(table, "intent", broken)
            frame = await reply_to(seat, {"type": "look", "ply": 0})
            assert frame["type"] == "error" and "RuntimeError" in frame["message"]
            monkeypatch.undo()
            assert not seat.closed.is_set()
            frame = await reply_to(seat, {"type": "teleport"})
            assert frame["type"] == "error"
            seat.close()
        failures = [r.getMessage() for r in server_log.records if "a message failed" in r.getMessage()]
        assert failures and "RuntimeError at test_server_hostile.py" in failures[0]
        assert "/tables/" in failures[0] and "?" not in failures[0]
        assert_clean(server_log, tokens_of(answer))
    run(scenario)


# -- the fuzz --------------------------------------------------------------------------------------

def hostile_bodies(rng: random.Random) -> list[bytes]:
    """Table requests that must each be refused (never set up a table)."""
    depth = lambda n: (rng.choice(["[", '{"a":']) * n).encode()  # noqa: E731
    bodies = [depth(rng.randint(MAX_DEPTH + 1, 6000)) for _ in range(40)]
    bodies += [b"[" * n + b"]" * n for n in (17, 100, 1020, 5000)]
    bodies += [b'{"seed": ' + b"9" * rng.randint(MAX_NUMBER_CHARS + 1, 6000) + b"}" for _ in range(30)]
    bodies += [b'{"seed": 1e999}', b'{"players": NaN}', b'{"bot_delay": -Infinity}', b'{"seed": -1e400}']
    wrong = [{"game": ["six_love"]}, {"players": "four"}, {"rules": [1]}, {"bots": "x"}, {"names": 5},
             {"lang": {}}, {"seed": "x"}, {"bot_delay": -1}, {"absent": 3}, {"hints": "yes"}, {"counting": 7},
             {"players": 9}, {"game": "vietnamese", "players": 1}, {"rules": {"target": "x"}},
             {"bots": {"S": "god"}}, {"names": {"Q": "x"}}, {"names": {"S": ["x"]}}, {"lang": "xx"},
             {"seed": 1.5}, {"bot_delay": "x"}, {"absent": {"bot": "greedy", "after": -1}},
             {"rules": {"target": -3}}, {"players": True}, {"names": {"S": ""}}, {"zzz": 1},
             {"game": "six_love", "rules": {"nope": 1}}, {"bots": {s: "greedy" for s in "ESNW"}},
             [], "six_love", 1, None, True, {"absent": {"bot": "greedy", "after": 1e30}},
             {"game": "six_love", "__proto__": {}}, {"rules": {"target": 2 ** 70}}, {"seed": {"a": 1}}]
    bodies += [json.dumps(body).encode() for body in wrong]
    bodies += [json.dumps({**body, "game": "six_love"}).encode() for body in wrong
               if isinstance(body, dict) and set(body) != {"game"}]
    bodies += [b'{"names": {"S": "' + b"x" * rng.randint(1001, 12000) + b'"}}' for _ in range(10)]
    bodies += [json.dumps({"names": {"S": "a"}, "x": list(range(rng.randint(201, 2000)))}).encode()
               for _ in range(10)]
    bodies += [b'{"names": {"S": "\\ud800"}}', b'{"game": "\xff\xfe"}', b"\xc3\x28", b"\x00" * 50,
               b'{"game": "six_love"', b"{,}", b"", b"   ", b"nul", b'{"a": 1, "a": 2, "zz": 3}']
    bodies += [b"x" * rng.randint(16 * 1024 + 1, 60 * 1024) for _ in range(5)]
    bodies += [bytes(rng.randrange(256) for _ in range(rng.randint(1, 400))) for _ in range(40)]
    return bodies


def hostile_frames(rng: random.Random) -> list[str | bytes]:
    """Frames a seat's socket must each answer with one error (or refusal) frame."""
    frames: list[str | bytes] = ["[" * n for n in (17, 200, 1020, 2000)]
    frames += [rng.choice(["[", '{"a":']) * rng.randint(MAX_DEPTH + 1, 400) for _ in range(80)]
    frames += ['{"type": "move", "ply": ' + "9" * rng.randint(MAX_NUMBER_CHARS + 1, 1900) + "}" for _ in range(20)]
    frames += ["9" * 4301, '{"type": "move", "ply": NaN}', '{"type": "move", "ply": Infinity}', "1e999"]
    frames += ["x" * rng.randint(2049, 60_000) for _ in range(10)]  # over the message limit, under the frame cap
    frames += [bytes(rng.randrange(256) for _ in range(rng.randint(1, 300))) for _ in range(50)]
    frames += [b'{"type": "move", "move": "S 6-6 L"}', b"\xff\xfe"]
    wrong = [None, 7, "S 6-6", [], {}, {"type": 3}, {"type": "teleport"}, {"type": "move", "move": ["S", "6-6"]},
             {"type": "move", "move": 66}, {"type": "move", "move": None}, {"type": "move", "move": "S 9-9 L"},
             {"type": "move", "move": "E 6-6 L"}, {"type": "move", "move": "S " + "6" * 300},
             {"type": "choose_leader"}, {"type": "choose_leader", "seat": "Q"},
             {"type": "move", "move": "S draw", "zzz": 1}, {"type": "move", "move": "S pass", "hand": "x"},
             {"type": {"a": 1}}, {"type": "move", "move": "S 6-6 L", "ply": 1e30}, {"a" * 300: 1},
             {str(i): i for i in range(300)}, {"type": "move", "move": "\ud800"}, ["type", "move"]]
    frames += [json.dumps(content) for content in wrong]
    frames += ['{"type": "move", "move": "\\udc00"}', '{"type": "move"', "", " ", "null", "{,}", "\u0000"]
    rng.shuffle(frames)
    return frames


async def raw_exchange(port: int, data: bytes) -> int | None:
    """Send bytes to the port; the answer's status, or ``None`` when it closed without one."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(data)
        await writer.drain()
        line = await asyncio.wait_for(reader.readline(), WAIT)
    except (ConnectionError, OSError):
        return None
    finally:
        writer.close()
    parts = line.split()
    return int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else None


def raw_requests(rng: random.Random, path: str) -> list[bytes]:
    """Requests no HTTP client sends: malformed lines, headers and lengths (to addresses that
    would answer 404 or 403 if they were read)."""
    found = [b"GARBAGE\r\n\r\n", b"GET\r\n\r\n", b"GET /nothing HTTP/9.9\r\nHost: x\r\n\r\n",
             b"GET /nothing HTTP/1.1\r\n\r\n",  # no Host
             b"GET /nothing HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",
             b"GET /nothing HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\n\r\n",
             b"GET /nothing HTTP/1.1\r\nHost: x\r\nX: \x00\x01\r\n\r\n",
             b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n",
             b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999\r\n\r\n",
             b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n",
             b"POST /api/tables HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
             b"GET /" + b"a" * 70_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",
             b"GET /nothing HTTP/1.1\r\nHost: x\r\nX-Big: " + b"b" * 70_000 + b"\r\n\r\n",
             b"GET " + path.encode() + b"%ZZ HTTP/1.1\r\nHost: x\r\n\r\n",
             b"GET " + path.encode() + b"%ff%fe HTTP/1.1\r\nHost: x\r\n\r\n",
             b"GET " + path.encode() + b"x HTTP/1.1\r\nHost: x\r\nX-Leak: token=" + path.split("token=")[1].encode()
             + b"\r\n\r\n"]
    found += [b"GET /nothing HTTP/1.1\r\nHost: x\r\n" + bytes(rng.randrange(1, 256) for _ in range(60)) + b"\r\n\r\n"
              for _ in range(10)]
    return found


@pytest.mark.slow  # hypothesis
def test_fuzz_hostile_bodies_headers_and_frames_get_4xx_or_error_frames_and_change_nothing(server_log, capsys):
    stats: dict = {"bodies": 0, "headers": 0, "raw_requests": 0, "odd_requests": 0, "frames": 0,
                   "frames_closing_the_socket": 0, "flood_frames": 0, "flood_creations": 0,
                   "answers": collections.Counter(), "frame_replies": collections.Counter()}

    async def scenario():
        # the server's clock stands still (the message and creation limits count by it): the flood's
        # counts are the limits' own, however slowly a loaded machine serves them
        async with local_server(limits=OPEN_LIMITS, clock=Clock()) as (base, server):
            answer = await create(base)
            table_id = answer["id"]
            port = int(base.rsplit(":", 1)[1])
            seats = [await Seat.open(link, seat) for seat, link in answer["seats"].items()]
            for seat in seats:
                await seat.until(lambda s: s.view)
            before = state_of(server, table_id)
            south, north = seats
            north_frames = len(north.frames)
            link = answer["seats"]["S"]

            def counted(status: int | None) -> None:
                stats["answers"][str(status)] += 1
                assert status is None or 400 <= status < 500, status

            for round_ in range(ROUNDS):
                rng = random.Random(round_)
                for body in hostile_bodies(rng):  # bodies
                    status, reply = await request(f"{base}/api/tables", raw=body)
                    assert status != 201, body[:200]
                    counted(status)
                    stats["bodies"] += 1
                for _ in range(60):  # headers
                    headers = {rng.choice(["Authorization", "Content-Type", "X-Forwarded-For", "X-Real-IP",
                                           "Host", "Origin", "Cookie", "Accept", "X-" + "h" * 40]):
                               rng.choice(["Bearer", "Bearer " + "k" * 500, "evil.example", "999.1.1.1",
                                           "text/html", "a" * 4000, "1.2.3.4, 5.6.7.8", "\u00e9\u00e8", ""])}
                    status, _ = await request(f"{base}/api/tables", raw=b'{"game": 5}', headers=headers)
                    counted(status)
                    stats["headers"] += 1
                for data in raw_requests(rng, link.removeprefix(base)):  # raw requests
                    counted(await raw_exchange(port, data))
                    stats["raw_requests"] += 1
                paths = [f"/api/tables/{table_id}/record?token=", f"/tables/{table_id}/seat?token=",
                         f"/tables/{table_id}/socket?token=", "/tables/nope/seat?token=", "/api/tables/x/record?token="]
                for _ in range(80):  # bad tokens, odd methods, unknown addresses
                    token = rng.choice(["", "x", "a" * 5000, "%00", "%ff", "..%2f..", tokens_of(answer)[0][:-1],
                                        tokens_of(answer)[0] + "x", "\u00e9"])
                    method = rng.choice(["GET", "GET", "PUT", "DELETE", "PATCH", "OPTIONS", "FOO", "TRACE"])
                    url = base + rng.choice([*paths, "/", "/static/../app.py?token=", "/nothing?token="]) + token
                    status, _ = await request(url, method=method, raw=b"{}" if method in ("PUT", "PATCH") else None)
                    if status == 200:  # only the index and a socket address answer a GET
                        assert method == "GET" and url.split("?")[0] == f"{base}/", url
                        stats["answers"]["200 (the index)"] += 1
                    else:
                        counted(status)
                    stats["odd_requests"] += 1
                for frame in hostile_frames(rng):  # frames
                    reply = await reply_to(south, frame)
                    told = reply["type"] in ("error", "refused") or (reply["type"] == "state"
                                                                     and reply["view"].get("message"))
                    assert told, (frame, reply)  # a refusal, or one written in the sender's own view
                    stats["frame_replies"][reply["type"]] += 1
                    stats["frames"] += 1
                assert not south.closed.is_set()
            for content in (b"x" * 70_000, "y" * 70_000):  # over tornado's frame cap: that socket closes
                doomed = await Seat.open(link, "S")
                await doomed.until(lambda s: s.view)
                doomed.socket.write_message(content, binary=isinstance(content, bytes))
                await asyncio.wait_for(doomed.closed.wait(), WAIT)
                stats["frames_closing_the_socket"] += 1
            doomed = await Seat.open(link, "S")  # invalid UTF-8 in a text frame: the standard closes it
            await doomed.until(lambda s: s.view)
            await doomed.socket.protocol._write_frame(True, 0x1, b'{"type": "\xff"}')
            await asyncio.wait_for(doomed.closed.wait(), WAIT)
            stats["frames_closing_the_socket"] += 1

            assert state_of(server, table_id) == before
            assert len(north.frames) == north_frames  # nothing reached the other seat
            assert list(server.tables) == [table_id]
            assert not south.closed.is_set()
            await play_one(seats)  # both sockets still play

            server.limits = replace(server.limits, message_rate=10, message_burst=20)  # floods, at the real limits
            flooder = await Seat.open(answer["seats"]["N"], "N")
            await flooder.until(lambda s: s.view)
            sent = len(flooder.frames)
            for _ in range(200):
                flooder.send({"type": "teleport"})

            def replies(seat: Seat) -> list[dict]:  # (a state frame may come between them: the others' views)
                return [f for f in seat.frames[sent:] if f.get("type") in ("error", "refused")]

            await flooder.until(lambda s: len(replies(s)) >= 200)
            stats["flood_frames"] = 200
            stats["frame_replies"]["flood: too often"] = sum("too soon" in f.get("message", "") for f in replies(flooder))
            assert stats["frame_replies"]["flood: too often"] == 200 - 20  # all but the burst
            from dominoes_widget.server.access import CreationGate
            server.creation = CreationGate(20, 20, clock=server.clock)
            flood = collections.Counter()
            for _ in range(60):
                status, _ = await request(f"{base}/api/tables", {"zzz": 1})
                flood[status] += 1
            stats["flood_creations"] = 60
            stats["answers"].update({f"{k} (creation flood)": v for k, v in flood.items()})
            assert flood[400] == 20 and flood[429] == 40
            for seat in (*seats, flooder):
                seat.close()
        assert_clean(server_log, tokens_of(answer))

    run_long(scenario)
    stats["log_records"] = len(server_log.records)
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "server_hostile.json").write_text(json.dumps(stats, indent=1) + "\n")
    with capsys.disabled():
        print(f"\nhostile fuzz: {json.dumps(stats)}")
    assert stats["bodies"] > 200 and stats["frames"] > 150


def run_long(scenario):
    asyncio.run(asyncio.wait_for(scenario(), 240))
