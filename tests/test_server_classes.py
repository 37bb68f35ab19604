"""A class on the table server (issue 35, item 2), through its JSON API on 127.0.0.1: a teacher
starts a class with the host key, students join by the join link and get their own, play the
puzzles and the duplicate deals, and the teacher reads the progress as JSON and CSV. Every
field is checked, the limits hold before parsing, a wrong token changes nothing, and no
answer or log line holds a traceback."""

from __future__ import annotations

import asyncio
import csv
import io
import json
import logging
import re
from urllib.parse import parse_qs, urlsplit

import pytest

from dominoes_widget.server.class_pages import _judge_said
from dominoes_widget.server.limits import Limits
from dominoes_widget.sessions.background import SLICES, BackgroundJudge
from dominoes_widget.studies.judge import Question, judge, judging
from dominoes_widget.words.catalog import Voice
from server_harness import answer, local_server, request
from test_server import run

KEY = "class-key-for-the-tests"
AUTH = {"Authorization": f"Bearer {KEY}"}
CLASS = {"name": "Lớp 7B", "puzzles": {"count": 2, "game": "vietnamese", "difficulty": "medium"},
         "duplicate": {"game": "six_love", "hands": 2, "bots": "greedy"}}


def token_of(link: str) -> str:
    return parse_qs(urlsplit(link).query)["token"][0]


def api(base: str, class_id: str, route: str, token: str) -> str:
    return f"{base}/api/classes/{class_id}/{route}?token={token}"


async def start_class(base: str, body: dict = CLASS, headers: dict = AUTH) -> dict:
    status, started = await request(f"{base}/api/classes", body, headers=headers)
    assert status == 201, started
    return started


async def join(base: str, started: dict, name: str) -> str:
    status, joined = await request(api(base, started["id"], "students", token_of(started["join"])), {"name": name})
    assert status == 201, joined
    return token_of(joined["student"])


async def play_deal(base: str, class_id: str, token: str, number: int) -> dict:
    status, view = await request(api(base, class_id, f"deals/{number}", token))
    assert status == 200, view
    while view["legal_moves"]:
        status, view = await request(api(base, class_id, f"deals/{number}", token), {"move": view["legal_moves"][0]})
        assert status == 200, view
    return view


def test_a_teacher_starts_a_class_students_join_and_play_and_the_teacher_reads_the_progress():
    async def scenario():
        async with local_server(host_key=KEY) as (base, server):
            status, text, _ = await answer(f"{base}/api/classes", CLASS)
            assert status == 401 and "host key" in text and not server.classes.classes
            started = await start_class(base)
            assert set(started) == {"id", "teacher", "join"}
            assert started["teacher"].startswith(f"{base}/classes/{started['id']}/teacher?token=")
            assert started["join"].startswith(f"{base}/classes/{started['id']}/join?token=")
            ana, bao = await join(base, started, "Ana"), await join(base, started, "Bảo")
            class_id, teacher = started["id"], token_of(started["teacher"])

            status, me = await request(api(base, class_id, "me", ana))
            assert status == 200 and me["name"] == "Ana" and me["class"]["puzzles"] == 2
            assert len(me["class"]["duplicate"]["commitments"]) == 2
            status, puzzle = await request(api(base, class_id, "puzzles/0", ana))
            assert status == 200 and "answered" not in puzzle
            move = puzzle["puzzle"]["items"][0]["move"]
            status, answered = await request(api(base, class_id, "puzzles/0", ana), {"move": move})
            assert status == 200 and answered["answered"]["move"] == move and answered["answered"]["answers"]
            status, again = await request(api(base, class_id, "puzzles/0", ana), {"move": move})
            assert status == 409 and "only the first try counts" in again["error"]
            finished = await play_deal(base, class_id, ana, 0)
            assert finished["result"]["result"] in ("won", "lost", "tie")
            status, early = await request(api(base, class_id, "deals/0/class", bao))
            assert status == 409 and "finished" in early["error"]
            status, seen = await request(api(base, class_id, "deals/0/class", ana))
            assert status == 200 and [row["name"] for row in seen["results"]] == ["Ana"]

            status, progress = await request(api(base, class_id, "progress", teacher))
            assert status == 200 and [s["name"] for s in progress["students"]] == ["Ana", "Bảo"]
            assert progress["students"][0]["puzzles_answered"] == 1 and progress["students"][0]["deals_finished"] == 1
            status, refused = await request(api(base, class_id, "progress", ana))
            assert status == 403 and "teacher's" in refused["error"]
            for route in ("progress", "progress.csv", "me", "puzzles/0", "deals/0", "deals/0/class"):
                status, wrong = await request(api(base, class_id, route, "not-a-token"))
                assert status == 403 and "does not open that class" in wrong["error"], route
            status, text, headers = await answer(api(base, class_id, "progress.csv", teacher))
            assert status == 200 and headers["Content-Type"].startswith("text/csv")
            rows = list(csv.reader(io.StringIO(text)))
            assert [row[0] for row in rows] == ["student", "Ana", "Bảo"] and rows[1][-2] != ""
            status, text, _ = await answer(api(base, class_id, "progress.csv", bao))
            assert status == 403 and "student" not in text.split("\n")[0].split(",")
    run(scenario)


@pytest.mark.parametrize("body, status, words", [
    ({**CLASS, "puzzles": {"count": 99}}, 400, "puzzles.count is a whole number from 1 to 50"),
    ({**CLASS, "duplicate": {"bots": "clever"}}, 400, "duplicate.bots.E: one of greedy, inference, montecarlo"),
    ({"name": "x"}, 400, 'give "puzzles" or "duplicate"'),
    ([1, 2], 400, "a class request is a JSON object"),
])
def test_a_bad_class_request_is_refused_naming_what_and_where(body, status, words):
    async def scenario():
        async with local_server() as (base, server):
            got, refused = await request(f"{base}/api/classes", body)
            assert got == status and words in refused["error"] and not server.classes.classes
    run(scenario)


def test_a_vietnamese_class_refuses_in_vietnamese_on_its_pages_and_in_its_api():
    async def scenario():
        async with local_server() as (base, server):
            started = await start_class(base, {**CLASS, "lang": "vi"}, headers={})
            class_id, ana = started["id"], await join(base, started, "Ana")
            students = api(base, class_id, "students", token_of(started["join"]))
            status, taken = await request(students, {"name": "ana"})
            assert status == 409 and set(taken) == {"error"}
            assert taken["error"] == "đã có học sinh tên 'ana' vào lớp: hãy chọn tên khác"
            status, refused = await request(students, {"name": "Bảo", "admin": True})
            assert status == 400 and "không gì khác" in refused["error"]
            status, wrong = await request(api(base, class_id, "me", "not-a-token"))
            assert status == 403 and wrong["error"] == "mã của đường dẫn này không mở được lớp đó"
            status, puzzle = await request(api(base, class_id, "puzzles/0", ana))
            move = puzzle["puzzle"]["items"][0]["move"]
            await request(api(base, class_id, "puzzles/0", ana), {"move": move})
            status, again = await request(api(base, class_id, "puzzles/0", ana), {"move": move})
            assert status == 409 and "chỉ lần thử đầu tiên được tính" in again["error"]
            status, nothing = await request(api(base, class_id, "deals/9", ana))
            assert status == 404 and nothing["error"].startswith("ván 9: lớp này có 2 ván")

            form = {"Content-Type": "application/x-www-form-urlencoded"}
            status, text, _ = await answer(f"{base}/classes/{class_id}/join?token={token_of(started['join'])}",
                                           raw=b"name=ANA", headers=form)
            assert status == 409 and "đã có học sinh tên &#x27;ANA&#x27; vào lớp" in text and "has joined" not in text
            status, text, _ = await answer(f"{base}/classes/{class_id}/deal/9?token={ana}")
            assert status == 404 and "ván 9: lớp này có 2 ván" in text and "duplicate deal" not in text
    run(scenario)


def test_the_refusals_before_a_class_exists_speak_the_requests_language():
    english = ("host key", "limit", "the body", "class request", "is a whole number", "not ", "try again")

    def vietnamese(refused: dict) -> str:
        said = refused["error"]
        assert not any(words in said for words in english), said  # no English left inside, the details included
        return said

    async def scenario():
        limits = Limits(max_body_bytes=2000, create_rate=6, create_burst=2, join_rate=6, join_burst=1)
        async with local_server(host_key=KEY, limits=limits) as (base, server):
            vi = {"Accept-Language": "vi-VN,vi;q=0.9,en;q=0.5"}
            status, refused = await request(f"{base}/api/classes", {**CLASS, "lang": "vi"}, headers=vi)
            assert status == 401 and vietnamese(refused).startswith("muốn lập lớp cần khóa của máy chủ này")
            status, refused = await request(f"{base}/api/classes?lang=vi", CLASS)  # the request names its language
            assert status == 401 and vietnamese(refused).startswith("muốn lập lớp cần khóa")
            status, refused = await request(f"{base}/api/classes", CLASS)
            assert status == 401 and refused["error"].startswith("starting a class needs this server's host key")
            keyed = {**AUTH, **vi}
            status, refused = await request(f"{base}/api/classes", raw=b"{" + b" " * 3000 + b"}", headers=keyed)
            assert status == 413 and vietnamese(refused) == "một yêu cầu dài nhiều nhất 2000 byte (giới hạn kích thước)"
            status, refused = await request(f"{base}/api/classes", raw=b"[" * 40 + b"]" * 40, headers=keyed)
            assert status == 400 and refused["reason"] == "too_deep"
            assert vietnamese(refused).startswith("phần thân yêu cầu: lồng sâu quá")
            status, refused = await request(f"{base}/api/classes", {**CLASS, "lang": "vi",
                                                                     "puzzles": {"count": 0}}, headers=AUTH)
            assert status == 400 and vietnamese(refused) == \
                "yêu cầu lập lớp chưa đúng: puzzles.count là số nguyên từ 1 đến 50, không phải 0"
            status, refused = await request(f"{base}/api/classes", {**CLASS, "lang": "vi"}, headers=keyed)
            assert status == 429 and vietnamese(refused).startswith("một máy khách lập nhiều nhất 6 bàn hoặc lớp mỗi phút")
            assert server.classes.classes == {}  # nothing was made

        async with local_server(limits=limits) as (base, server):
            started = await start_class(base, {**CLASS, "lang": "vi"}, headers={})
            students = api(base, started["id"], "students", token_of(started["join"]))
            status, refused = await request(students, {"name": "a" * 61})
            assert status == 400 and vietnamese(refused) == "không dùng được tên đó: name dài từ 1 đến 60 ký tự, không phải 61"
            status, refused = await request(students, {"name": "Ana"})  # the join rate's one token was taken
            assert status == 429 and vietnamese(refused).startswith("một máy khách cho vào lớp nhiều nhất 6 học sinh")
            status, text, _ = await answer(f"{base}/classes/{started['id']}/join?token={token_of(started['join'])}",
                                           raw=b"name=" + b"x" * 3000)
            assert status == 413 and vietnamese(json.loads(text)).startswith("một yêu cầu dài nhiều nhất 2000 byte")
            assert server.classes.get(started["id"]).students == {}
    run(scenario)


def test_the_limits_hold_before_anything_is_parsed():
    async def scenario():
        limits = Limits(max_body_bytes=2000, max_classes=1, max_students_per_class=2)
        async with local_server(limits=limits) as (base, server):
            status, refused = await request(f"{base}/api/classes", raw=b"{" + b" " * 3000 + b"}")
            assert status == 413 and "body size limit" in refused["error"]
            status, refused = await request(f"{base}/api/classes", raw=b"[" * 40 + b"]" * 40)
            assert status == 400 and refused["reason"] == "too_deep"
            status, refused = await request(f"{base}/api/classes", raw=b'{"name": "\xff"}')
            assert status == 400 and refused["reason"] == "not_utf8"
            started = await start_class(base, headers={})
            status, full = await request(f"{base}/api/classes", CLASS)
            assert status == 503 and "1 classes already" in full["error"]
            students = api(base, started["id"], "students", token_of(started["join"]))
            for name, expected, words in ((None, 400, "name is text"), ("a" * 61, 400, "1 to 60 characters"),
                                          ("Ana", 201, ""), ("ana", 409, "has joined already"), ("Bao", 201, ""),
                                          ("Chi", 409, "at most 2 students")):
                status, got = await request(students, {"name": name})
                assert status == expected and words in json.dumps(got, ensure_ascii=False), (name, got)
            status, got = await request(students, {"name": "Dan", "admin": True})
            assert status == 400 and "nothing else" in got["error"]
            status, got = await request(api(base, started["id"], "students", token_of(started["teacher"])),
                                        {"name": "Eve"})
            assert status == 403 and len(server.classes.get(started["id"]).students) == 2
    run(scenario)


def test_no_class_answer_or_log_line_holds_a_traceback(caplog):
    caplog.set_level(logging.DEBUG)

    async def scenario():
        async with local_server() as (base, server):
            started = await start_class(base, headers={})
            ana = await join(base, started, "Ana")
            garbage = [None, 7, "x", [], {"move": 7}, {"move": "N " + "6" * 300}, {"move": "N 9-9"}, {"moves": 1}]
            for route in ("puzzles/0", "puzzles/9", "deals/0", "deals/9", "deals/1"):
                for body in garbage:
                    status, got = await request(api(base, started["id"], route, ana), raw=json.dumps(body).encode())
                    assert status in (400, 404, 409) and "Traceback" not in json.dumps(got), (route, body, got)
            status, got = await request(api(base, started["id"], "puzzles/99999", ana))
            assert status == 404
    run(scenario)
    assert not [r for r in caplog.records if "Traceback" in r.getMessage() or r.exc_info]


@pytest.mark.slow  # servers as processes, one killed and started again
def test_a_class_survives_its_server_killed_mid_class(tmp_path):
    from server_harness import free_port, spawn_server, stop_server

    db = tmp_path / "classes.sqlite"
    port = free_port()
    process, base = spawn_server(db, port)
    try:
        async def before_the_kill():
            started = await start_class(base, headers={})
            ana, bao = await join(base, started, "Ana"), await join(base, started, "Bao")
            class_id = started["id"]
            status, puzzle = await request(api(base, class_id, "puzzles/1", ana))
            move = puzzle["puzzle"]["items"][0]["move"]
            assert (await request(api(base, class_id, "puzzles/1", ana), {"move": move}))[0] == 200
            await play_deal(base, class_id, bao, 0)
            status, view = await request(api(base, class_id, "deals/0", ana))
            status, view = await request(api(base, class_id, "deals/0", ana), {"move": view["legal_moves"][-1]})
            assert status == 200 and view["legal_moves"]  # Ana is in the middle of deal 0
            progress = (await request(api(base, class_id, "progress", token_of(started["teacher"]))))[1]
            return started, ana, bao, view, progress

        started, ana, bao, view, progress = asyncio.run(before_the_kill())
    finally:
        stop_server(process, kill=True)

    process, again = spawn_server(db, port)
    try:
        assert again == base

        async def after_the_restart():
            class_id, teacher = started["id"], token_of(started["teacher"])
            def unjudged(shown: dict) -> dict:  # (the judge goes on in the background meanwhile)
                return {**shown, "students": [{k: v for k, v in s.items() if k != "mistakes"} for s in shown["students"]]}

            now = (await request(api(base, class_id, "progress", teacher)))[1]
            assert unjudged(now) == unjudged(progress)  # the same links
            status, resumed = await request(api(base, class_id, "deals/0", ana))
            assert status == 200 and resumed == view  # at the same position
            finished = await play_deal(base, class_id, ana, 0)  # and it goes on
            assert finished["result"] is not None
            status, seen = await request(api(base, class_id, "deals/0/class", ana))
            assert status == 200 and [row["name"] for row in seen["results"]] == ["Ana", "Bao"]  # in the order they joined
            assert seen["decisions"][0]["students"] == 2  # what Bao chose before the kill still counts
            status, again = await request(api(base, class_id, "puzzles/1", ana))
            assert again["answered"]["move"] == progress["students"][0]["puzzles"]["1"]["move"]
            chi = await join(base, started, "Chi")
            assert (await request(api(base, class_id, "me", chi)))[0] == 200

        asyncio.run(after_the_restart())
    finally:
        stop_server(process)


def quick_judge(monkeypatch) -> BackgroundJudge:
    """The server's background judge on this loop with a small budget (the glue under test, not the judge)."""
    from dominoes_widget.sessions import background

    def judge_view(view, played):
        return judge(view, played=played, question=Question.MARK, rollouts=100, budget=400)

    def judging_view(view, played, step=background.STEP_WORLDS):
        return judging(view, played=played, question=Question.MARK, rollouts=100, budget=400, step=step)

    monkeypatch.setattr(background, "judge_view", judge_view)
    monkeypatch.setattr(background, "judging_view", judging_view)  # (the loop's judging, in steps)
    return BackgroundJudge(SLICES)


def test_the_judge_looks_at_the_decisions_in_the_background_and_a_restart_goes_on(tmp_path, monkeypatch):
    """A move is answered before its decision is judged; the verdicts reach the student who
    finished the deal and the teacher; a class taken up again has the rest judged."""
    db = tmp_path / "classes.sqlite"

    async def before():
        async with local_server(db) as (base, server):
            server.classes.judging = quick_judge(monkeypatch)
            started = await start_class(base, {**CLASS, "puzzles": None})
            ana, bao = await join(base, started, "Ana"), await join(base, started, "Bảo")
            class_id, teacher = started["id"], token_of(started["teacher"])
            await play_deal(base, class_id, ana, 0)
            waiting = server.classes.judging.waiting
            assert waiting > 0  # the moves were answered with their decisions still waiting for the judge
            status, seen = await request(api(base, class_id, "deals/0/class", ana))
            assert status == 200 and seen["judging"] and all(d["verdict"] is None for d in seen["decisions"])
            server.classes.judging.finish()
            status, seen = await request(api(base, class_id, "deals/0/class", ana))
            assert status == 200 and not seen["judging"]
            assert [d["verdict"] is not None for d in seen["decisions"]].count(True) == waiting
            status, progress = await request(api(base, class_id, "progress", teacher))
            assert progress["students"][0]["mistakes"]["judged"] == waiting
            status, me = await request(api(base, class_id, "me", ana))
            assert me["mistakes"] == progress["students"][0]["mistakes"]
            server.classes.judging.close()  # the server stops before Bảo's decisions are judged
            status, view = await request(api(base, class_id, "deals/0", bao))
            while view["legal_moves"]:  # Bảo plays other moves than Ana
                status, view = await request(api(base, class_id, "deals/0", bao), {"move": view["legal_moves"][-1]})
            return started, bao, seen

    started, bao, seen = asyncio.run(before())

    async def after():
        async with local_server(db) as (base, server):
            server.classes.judging = quick_judge(monkeypatch)
            class_id = started["id"]
            status, mine = await request(api(base, class_id, "deals/0/class", bao))
            assert status == 200 and mine["judging"]
            assert server.classes.judging.waiting > 0  # taken up again, the rest went to the judge
            server.classes.judging.finish()
            status, mine = await request(api(base, class_id, "deals/0/class", bao))
            assert not mine["judging"] and any(d["verdict"] for d in mine["decisions"])
            judged = [d for d in mine["decisions"] if d["verdict"]]  # (a choice between mirror moves is not judged)
            assert all(set(d["marks"]) == set(d["class"]) for d in judged)  # Ana's moves judged too

    asyncio.run(after())


def test_a_decision_the_judge_fails_on_is_not_judging_for_ever(monkeypatch, caplog):
    """The judge raises on every decision: each is marked not judged ("could not judge"), the
    student's page stops refreshing, the failure is logged once a decision, and no answer or
    log line holds a traceback."""
    from dominoes_widget.sessions import background

    def broken_judge(view, played):
        raise RuntimeError("the judge broke")

    monkeypatch.setattr(background, "judge_view", broken_judge)
    monkeypatch.setattr(background, "judging_view", broken_judge)  # (the loop's judging, in steps)
    caplog.set_level(logging.DEBUG)
    judged: dict[str, int] = {}

    async def scenario():
        async with local_server() as (base, server):
            server.classes.judging = BackgroundJudge(SLICES)
            started = await start_class(base, {**CLASS, "puzzles": None, "lang": "vi"}, headers={})
            ana = await join(base, started, "Ana")
            class_id = started["id"]
            await play_deal(base, class_id, ana, 0)
            waiting = server.classes.judging.waiting
            assert waiting > 0
            status, text, _ = await answer(f"{base}/classes/{class_id}/deal/0?token={ana}")
            assert status == 200 and 'data-dw-live="3"' in text  # still judging: the part refreshes
            server.classes.judging.finish()
            status, seen = await request(api(base, class_id, "deals/0/class", ana))
            assert status == 200 and not seen["judging"] and "Traceback" not in json.dumps(seen)
            assert [d["verdict"] for d in seen["decisions"]].count("unjudged") == waiting
            assert not server.classes.judging.failed  # kept in the class, not in the judge
            status, text, _ = await answer(f"{base}/classes/{class_id}/deal/0?token={ana}")
            assert status == 200 and "data-dw-live" not in text
            assert "Máy chấm không chấm được nước đi này." in text and "Traceback" not in text
            status, me = await request(api(base, class_id, "me", ana))
            assert me["mistakes"]["waiting"] == 0 and me["mistakes"]["judged"] == 0
            judged["failed"] = waiting

    run(scenario)
    failures = [r for r in caplog.records if "background judging failed" in r.getMessage()]
    assert len(failures) == judged["failed"] and all("the judge broke" in r.getMessage() for r in failures)
    assert not [r for r in caplog.records if "Traceback" in r.getMessage() or r.exc_info]


@pytest.mark.parametrize("lang, says, never", [
    ("en", "The judge on your move: 3-6 on the right was best; how much your move gave away against it is too close "
           "to call.", "clearly"),
    ("vi", "Máy chấm về nước của bạn: 3-6 ở đầu phải là nước hay nhất; nước của bạn mất bao nhiêu so với nó thì khó "
           "phân định.", "rõ ràng")])
def test_a_move_too_close_to_call_behind_a_clearly_best_one_is_told_without_contradicting_itself(lang, says, never):
    # the best move is clearly ahead of the one played; only how far behind it the played one is cannot be told
    decision = {"ply": 3, "played": "S 1-2 L", "class": {"S 1-2 L": 1, "S 3-6 R": 1}, "students": 2,
                "verdict": "unclear", "best": "S 3-6 R", "equal": False, "marks": {}, "judging": False}
    said = re.sub(r"<[^>]+>", "", _judge_said(Voice(lang), decision)).strip()
    assert said == says and never not in said
    mistaken = {**decision, "verdict": "mistake"}  # a marked move still hears that the best was clearly best
    assert never in _judge_said(Voice(lang), mistaken)
