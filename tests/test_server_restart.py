"""Nothing lost (issue 20): a table server killed mid-hand (SIGKILL) and started again on
the same ``--db`` takes up every table at the same position, with the same links."""

from __future__ import annotations

import asyncio

import pytest

from dominoes_widget.engine.record import verify_record
from dominoes_widget.engine.tiles import Tile
from server_harness import Seat, free_port, request, spawn_server, stop_server

pytestmark = pytest.mark.slow  # servers as processes, killed and started again

FOUR_PEOPLE = {"game": "six_love", "seed": 11, "names": {"S": "Ana", "W": "Bao", "N": "Chi", "E": "Dung"}}
TWO_PEOPLE_TWO_BOTS = {"game": "vietnamese", "players": 4, "seed": 5, "bot_delay": 0,
                       "bots": {"E": "greedy", "W": "random"}}


async def open_all(links: dict[str, str]) -> list[Seat]:
    seats = [await Seat.open(link, seat) for seat, link in links.items()]
    for seat in seats:
        await seat.until(lambda s: s.view)
    return seats


async def play(seats: list[Seat], moves: int) -> None:
    for _ in range(moves):
        mover = await seats[0].until(lambda _: next((s for s in seats if s.view.get("legal")), None))
        view = mover.view
        mover.send({"type": "move", "move": view["legal"][0], "hand": view["hand_number"], "ply": len(view["moves"])})
        for seat in seats:
            await seat.until(lambda s: len(s.view["moves"]) > len(view["moves"]) or s.view["phase"] != "playing")


def record_url(answer: dict, seat: str) -> str:
    link = answer["seats"][seat]
    return link.replace("/seat?", "/record?").replace("/tables/", "/api/tables/")


def test_a_server_killed_mid_hand_resumes_every_table_at_the_same_position_with_the_same_links(tmp_path):
    db = tmp_path / "tables.sqlite"
    port = free_port()
    process, base = spawn_server(db, port)
    try:
        async def before_the_kill():
            answers = [(await request(f"{base}/api/tables", body))[1] for body in (FOUR_PEOPLE, TWO_PEOPLE_TWO_BOTS)]
            states = []
            for answer, moves in zip(answers, (6, 3)):
                seats = await open_all(answer["seats"])
                await play(seats, moves)
                states.append({s.seat: s.view for s in seats})
                for seat in seats:
                    seat.close()
            records = [{seat: (await request(record_url(answer, seat)))[1] for seat in answer["seats"]}
                       for answer in answers]
            return answers, states, records

        answers, states, records = asyncio.run(before_the_kill())
        # each seat's record holds the hand in play as that seat sees it
        assert all(record["in_play"]["moves"] and record["in_play"]["seat"] == seat and not record["hands"]
                   for by_seat in records for seat, record in by_seat.items())
    finally:
        stop_server(process, kill=True)

    process, again = spawn_server(db, port)
    try:
        assert again == base

        async def after_the_restart():
            for answer, state, record in zip(answers, states, records):
                for seat in answer["seats"]:
                    status, resumed = await request(record_url(answer, seat))
                    assert status == 200 and resumed == record[seat]  # the same links open the same table
                seats = await open_all(answer["seats"])
                for seat in seats:
                    before = state[seat.seat]
                    for key in ("moves", "line", "hands", "turn", "hand_number", "score", "legal"):
                        assert seat.view[key] == before[key], (seat.seat, key)
                await play(seats, 2)  # and the game goes on
                status, record = await request(record_url(answer, seats[0].seat))
                summaries, problems = verify_record(record)
                assert not problems and len(record["in_play"]["moves"]) >= len(state[seats[0].seat]["moves"]) + 2
                for seat in seats:
                    seat.close()

        asyncio.run(after_the_restart())
    finally:
        stop_server(process)


def test_serve_links_start_with_the_base_url_a_proxy_gives():
    process, base = spawn_server(None, 0, "--base-url", "https://hub.example.org/user/ana/proxy/8765/")
    try:
        status, answer = asyncio.run(request(f"{base}/api/tables", {"game": "vietnamese", "players": 2}))
        assert status == 201
        assert all(link.startswith(f"https://hub.example.org/user/ana/proxy/8765/tables/{answer['id']}/seat?token=")
                   for link in answer["seats"].values())
    finally:
        stop_server(process)


def test_serve_on_a_port_already_taken_says_so_and_exits_2():
    import subprocess
    import sys

    process, base = spawn_server()
    try:
        port = base.rsplit(":", 1)[1]
        second = subprocess.run([sys.executable, "-m", "dominoes_widget", "serve", "--port", port],
                                capture_output=True, text=True, timeout=60)
        assert second.returncode == 2 and second.stderr.startswith("error: ") and "Traceback" not in second.stderr
        assert "serving" not in second.stdout
    finally:
        stop_server(process)


def test_a_server_killed_while_a_team_chooses_its_leader_resumes_with_the_same_deal(tmp_path):
    db = tmp_path / "tables.sqlite"
    port = free_port()
    process, base = spawn_server(db, port)
    try:
        async def to_the_leader_choice():
            status, answer = await request(f"{base}/api/tables", FOUR_PEOPLE)
            seats = await open_all(answer["seats"])
            while seats[0].view["phase"] == "playing":
                await play(seats, 1)
            seats[0].send({"type": "next_hand"})
            for seat in seats:
                await seat.until(lambda s: s.view["phase"] == "choose_leader")
            views = {s.seat: s.view for s in seats}
            for seat in seats:
                seat.close()
            return answer, views

        answer, views = asyncio.run(to_the_leader_choice())
        choosers = [seat for seat, view in views.items() if view["leader_choices"]]
        assert len(choosers) == 2  # the partners who won choose which of them leads
    finally:
        stop_server(process, kill=True)

    process, _ = spawn_server(db, port)
    try:
        async def after_the_restart():
            seats = await open_all(answer["seats"])
            for seat in seats:
                before = views[seat.seat]
                assert seat.view["phase"] == "choose_leader"
                for key in ("hands", "hand_number", "score", "leader_choices"):
                    assert seat.view[key] == before[key], (seat.seat, key)  # the same deal, the same choice
            chooser = next(s for s in seats if s.seat == choosers[0])
            chooser.send({"type": "choose_leader", "seat": chooser.seat})
            await chooser.until(lambda s: s.view["phase"] == "playing")
            await play(seats, 2)
            _, record = await request(record_url(answer, chooser.seat))
            summaries, problems = verify_record(record)
            assert not problems and len(record["hands"]) == 1 and record["in_play"]["leader"] == chooser.seat
            played = [str(Tile.parse(m.split()[1])) for m in record["in_play"]["moves"]
                      if m.startswith(f"{chooser.seat} ") and m.split()[1] not in ("draw", "pass")]
            dealt = sorted(record["in_play"]["tiles"] + played)  # the chooser's own tiles, as dealt
            assert dealt == sorted(views[chooser.seat]["hands"][chooser.seat])
            for seat in seats:
                seat.close()

        asyncio.run(after_the_restart())
    finally:
        stop_server(process)
