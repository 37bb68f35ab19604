"""Who may use a public table server (issue 25): the host key, the creation rate per client,
forwarded headers trusted only behind a proxy, the page's security headers and the
websocket's origin. Each test runs a server on 127.0.0.1 (one binds 0.0.0.0, and sends
nothing to it but on 127.0.0.1).
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
import tornado.httpclient

from dominoes_widget.server.access import CreationGate, HostKey, origin_allowed
from dominoes_widget.server.limits import Limits
from server_harness import ROOT, STOP_WAIT, Clock, Seat, answer, local_server, request
from test_server import TWO_PEOPLE, play_one, run

KEY = "k3y-for-the-tests"


def test_with_a_host_key_setting_up_a_table_needs_it():
    async def scenario():
        async with local_server(host_key=KEY) as (base, server):
            for headers in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": KEY},
                            {"Authorization": f"Basic {KEY}"}, {"Authorization": f"Bearer {KEY}x"}):
                status, text, got = await answer(f"{base}/api/tables", TWO_PEOPLE, headers=headers)
                assert status == 401 and "host key" in text and got["WWW-Authenticate"].startswith("Bearer")
            assert not server.tables
            status, _ = await request(f"{base}/api/tables", TWO_PEOPLE, headers={"Authorization": f"Bearer {KEY}"})
            assert status == 201 and len(server.tables) == 1
    run(scenario)


def test_on_loopback_with_no_key_anyone_there_sets_up_tables():
    async def scenario():
        async with local_server() as (base, server):
            assert server.host_key.key is None
            assert (await request(f"{base}/api/tables", TWO_PEOPLE))[0] == 201
    run(scenario)


def test_a_host_key_is_compared_whole_and_the_scheme_in_any_case():
    key = HostKey("abc")
    assert key.admits("Bearer abc") and key.admits("bearer abc")
    assert not any(key.admits(h) for h in (None, "", "Bearer", "Bearer ab", "Bearer abcd", "abc", "Token abc"))
    assert HostKey(None).admits(None)
    with pytest.raises(ValueError):
        HostKey(" ")


def serve_lines(*options: str, env: dict | None = None) -> list[str]:
    """The first lines ``serve`` prints, then it is stopped."""
    process = subprocess.Popen([sys.executable, "-m", "dominoes_widget", "serve", "--port", "0", *options],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})})
    try:
        assert process.stdout is not None
        first = process.stdout.readline().strip()
        second = process.stdout.readline().strip() if "0.0.0.0" in first or "--host-key" in options else ""
        return [first, second]
    finally:
        process.terminate()
        process.wait(timeout=STOP_WAIT)
        for pipe in (process.stdout, process.stderr):
            if pipe is not None:
                pipe.close()


@pytest.mark.slow  # the server as a process
def test_listening_beyond_loopback_with_no_key_makes_one_and_prints_it_with_the_address():
    first, second = serve_lines("--host", "0.0.0.0")
    assert first.startswith("serving http://0.0.0.0:")
    assert second.startswith("host key: ") and "Authorization: Bearer" in second
    key = second.removeprefix("host key: ").split()[0]
    assert len(key) >= 32
    assert serve_lines("--host", "0.0.0.0")[1].split()[2] != key  # a new one each start


@pytest.mark.slow  # the server as a process
def test_a_key_given_by_the_environment_is_the_key_and_is_not_made_up():
    first, second = serve_lines("--host", "0.0.0.0", env={"DOMINOES_HOST_KEY": KEY})
    assert second.startswith(f"host key: {KEY};") and "made at start" not in second


def test_a_client_over_the_creation_rate_gets_429_with_retry_after_and_others_are_still_served():
    async def scenario():
        clock = Clock()
        limits = Limits(create_rate=6, create_burst=3)
        async with local_server(clock=clock, limits=limits, behind_proxy=True) as (base, server):
            ana = {"X-Forwarded-For": "203.0.113.7"}
            for _ in range(3):
                assert (await request(f"{base}/api/tables", TWO_PEOPLE, headers=ana))[0] == 201
            status, text, got = await answer(f"{base}/api/tables", TWO_PEOPLE, headers=ana)
            assert status == 429 and "creation rate limit" in text and got["Retry-After"] == "10"
            assert len(server.tables) == 3
            bao = {"X-Forwarded-For": "198.51.100.9"}
            assert (await request(f"{base}/api/tables", TWO_PEOPLE, headers=bao))[0] == 201
            assert (await request(f"{base}/api/tables", TWO_PEOPLE, headers={"X-Real-IP": "192.0.2.1"}))[0] == 201
            clock.advance(10)  # one table a minute / 6: a token is back
            assert (await request(f"{base}/api/tables", TWO_PEOPLE, headers=ana))[0] == 201
            assert (await request(f"{base}/api/tables", TWO_PEOPLE, headers=ana))[0] == 429
    run(scenario)


def test_without_behind_proxy_x_forwarded_for_is_ignored():
    async def scenario():
        async with local_server(limits=Limits(create_rate=60, create_burst=2)) as (base, _server):
            statuses = [(await request(f"{base}/api/tables", TWO_PEOPLE,
                                       headers={"X-Forwarded-For": f"10.0.0.{n}", "X-Real-IP": f"10.1.0.{n}"}))[0]
                        for n in range(4)]
            assert statuses == [201, 201, 429, 429]  # one client (127.0.0.1), whatever it claims
    run(scenario)


def test_a_creation_gate_forgets_clients_back_at_a_full_bucket():
    clock = Clock()
    gate = CreationGate(60, 2, clock=clock, max_clients=10)
    for n in range(10):
        assert gate.wait(f"c{n}") is None
    clock.advance(5)
    assert gate.wait("new") is None and len(gate._buckets) <= 10
    assert gate.wait("x") is None and gate.wait("x") is None and gate.wait("x") == 1


def test_links_ignore_a_hostile_host_header_unless_behind_a_proxy():
    async def scenario():
        evil = {"Host": "evil.example"}
        async with local_server() as (base, _server):
            _, made = await request(f"{base}/api/tables", TWO_PEOPLE, headers=evil)
            assert all(link.startswith(f"{base}/tables/") for link in made["seats"].values()), made
        async with local_server(behind_proxy=True) as (base, _server):
            _, made = await request(f"{base}/api/tables", TWO_PEOPLE,
                                    headers={**evil, "X-Forwarded-Proto": "https"})
            assert all(link.startswith("https://evil.example/tables/") for link in made["seats"].values())
        async with local_server(base_url="https://hub.example/p/") as (base, _server):
            _, made = await request(f"{base}/api/tables", TWO_PEOPLE, headers=evil)
            assert all(link.startswith("https://hub.example/p/tables/") for link in made["seats"].values())
    run(scenario)


def test_every_answer_carries_the_security_headers_and_pages_the_policy():
    async def scenario():
        async with local_server() as (base, server):
            _, made = await request(f"{base}/api/tables", TWO_PEOPLE)
            link = made["seats"]["S"]
            token = link.split("token=")[1]
            table_id = made["id"]
            server.store.close_table(server.tables[table_id].as_stored())  # a second table, closed
            addresses = [link, f"{base}/", f"{base}/static/table.js", f"{base}/nothing",
                         f"{base}/api/tables/{table_id}/record?token={token}", f"{base}/tables/{table_id}/seat?token=x",
                         f"{base}/api/tables"]
            for url in addresses:
                status, _, got = await answer(url)
                assert got["X-Content-Type-Options"] == "nosniff", url
                assert got["Referrer-Policy"] == "no-referrer", url
                policy = got["Content-Security-Policy"]
                for part in ("script-src 'self'", "frame-ancestors 'self'", "object-src 'none'", "base-uri 'none'"):
                    assert part in policy, (url, policy)
            del server.tables[table_id]  # the closed table's page, an HTML page of its own
            status, text, got = await answer(link)
            assert status == 404 and "<html" in text and "script-src 'self'" in got["Content-Security-Policy"]
    run(scenario)


def test_a_foreign_origin_cannot_open_a_seat_socket_and_an_allowed_one_or_none_can():
    async def scenario():
        async with local_server(allow_origins=["https://class.example"]) as (base, _server):
            _, made = await request(f"{base}/api/tables", TWO_PEOPLE)
            link = made["seats"]["S"]
            with pytest.raises(tornado.httpclient.HTTPClientError) as refused:
                await Seat.open(link, "S", headers={"Origin": "https://evil.example"})
            assert refused.value.code == 403
            seats = [await Seat.open(made["seats"]["S"], "S", headers={"Origin": base}),  # its own page
                     await Seat.open(made["seats"]["N"], "N", headers={"Origin": "https://class.example"})]
            program = await Seat.open(link, "S")  # no Origin: a program
            for seat in (*seats, program):
                await seat.until(lambda s: s.view)
            await play_one(seats)
            for seat in (*seats, program):
                seat.close()
    run(scenario)


def test_origin_allowed_compares_the_host_and_the_listed_origins():
    assert origin_allowed("http://127.0.0.1:8765", "127.0.0.1:8765", [])
    assert origin_allowed("HTTPS://Hub.Example", "127.0.0.1:8765", ["https://hub.example/user/x/"])
    assert not origin_allowed("http://127.0.0.1:9999", "127.0.0.1:8765", [])
    assert not origin_allowed("null", "127.0.0.1:8765", [])
    assert not origin_allowed("https://hub.example.evil", "127.0.0.1:8765", ["https://hub.example"])


def test_serve_takes_the_limits_as_flags(capsys):
    from dominoes_widget.__main__ import main

    with pytest.raises(SystemExit):
        main(["serve", "--create-rate", "-1"])
    assert "from 0 up" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["serve", "--max-tables", "0"])
    assert "from 1 up" in capsys.readouterr().err


def test_a_404_of_tornado_is_json_with_no_page_of_its_own():
    async def scenario():
        async with local_server() as (base, _server):
            status, body = await request(f"{base}/nothing/at/all?token=secret")
            assert status == 404 and body == {"error": "Not Found"}
    run(scenario)

