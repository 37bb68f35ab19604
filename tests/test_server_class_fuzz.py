"""The leak fuzz of the class routes (issue 35, item 2): no answer of a class gives anyone
what they may not know yet, however the students, the teacher and strangers interleave.

Classes of each duplicate game, with puzzles, are used by several students at once on a real
server on 127.0.0.1: every route (their own page, puzzles, deals, moves, how the class played
a deal, the teacher's progress and CSV, joining), JSON and pages alike (a page's pictures name
every tile they show face up), with good and bad input, tokens mixed up, the judge's verdicts on the students' decisions
coming in between the requests.
Every answer is checked, when it comes, against what its asker may know at that moment:

- of a duplicate deal a student has not finished: only their own seat's view (their tiles,
  the tiles on the line), never its server seed; of a deal they have finished, anything;
- of a puzzle they have not answered: no answer (neither the answers, nor a verdict, nor the
  hint that names the move);
- the teacher: results, never a tile of a deal or a server seed, but watching a student's deal
  in play, the tiles on its line (as a table's watcher sees it);
- nobody: another person's token; a stranger (a wrong token): nothing but a refusal.

No log line holds a token, a tile or a seed. A planted leak must be reported.
"""

from __future__ import annotations

import asyncio
import base64
import html
import json
import logging
import random
import re
from typing import Any
from unittest import mock
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest

from dominoes_widget.engine.record import write_record
from dominoes_widget.engine.views import seat_view
from dominoes_widget.sessions.classroom import session as class_session
from dominoes_widget.server import class_pages
from dominoes_widget.server.limits import Limits
from dominoes_widget.sessions.classroom.session import ClassSession, _card
from dominoes_widget.sessions.table.seat_record import in_play
from dominoes_widget.words.svg import render_svg
from server_harness import answer, local_server, request
from test_fuzz_table import tiles_in
from test_server_classes import quick_judge

pytestmark = pytest.mark.slow  # hundreds of requests to real servers, per set-up

STEPS = 220
SETUPS = [
    {"name": "A", "puzzles": {"count": 3, "game": "partnership"}, "duplicate": {"game": "six_love", "hands": 2}},
    {"name": "B", "puzzles": {"count": 2, "game": "vietnamese"},
     "duplicate": {"game": "vietnamese", "players": 2, "hands": 2, "bots": "random"}},
    {"name": "C", "puzzles": {"count": 2}, "duplicate": {"game": "vietnamese", "players": 3, "hands": 1}},
]
GARBAGE = [None, 7, "x", [], {}, {"move": 7}, {"move": "N 9-9"}, {"move": "S " + "6" * 60}, {"move": "E draw"},
           {"move": "N pass"}, {"name": "Eve"}, {"move": "W 6-6", "admin": 1}]


def token_of(link: str) -> str:
    return parse_qs(urlsplit(link).query)["token"][0]


class Asker:
    """The class's people and what each may know, read from the server's own class."""

    def __init__(self, base: str, session: ClassSession, teacher: str, join: str) -> None:
        self.base, self.session, self.teacher, self.join = base, session, teacher, join
        self.students: dict[str, str] = {}  # token → name
        self.leaks: list[str] = []
        self.answers = 0

    @property
    def tokens(self) -> set[str]:
        return {self.teacher, self.join, *self.students}

    def url(self, route: str, token: str) -> str:
        return f"{self.base}/api/classes/{self.session.id}/{route}?token={token}"

    def page(self, route: str, token: str) -> str:
        return f"{self.base}/classes/{self.session.id}/{route}?token={token}"

    def seeds_hidden_from(self, token: str | None) -> set[str]:
        student = self.session.student_of(token) if token else None
        return {seed for number, seed in enumerate(self.session.server_seeds)
                if student is None or number not in student.deals or student.deals[number].result is None}

    def deal_tiles_seen(self, token: str, number: int) -> set[str] | None:
        """The tiles a student may know of deal ``number`` now (``None``: any, it is finished)."""
        student = self.session.student_of(token)
        play = student.deals.get(number) if student else None
        if play is not None and play.result is not None:
            return None
        if play is None:
            return set()
        seat = self.session.request.duplicate.seat
        match = self.session._match(number, play.moves)
        hand = match.hands[-1]
        view = seat_view(hand, seat)
        return {str(t) for t in hand.deal[seat]} | {str(t) for t in view.tiles} | tiles_in(
            " ".join(str(m) for m in view.moves))

    def check(self, who: str, route: str, token: str, status: int, body: Any) -> None:
        self.answers += 1
        text = html.unescape(body) if isinstance(body, str) else json.dumps(body, ensure_ascii=False)
        where = f"{route} for {who} ({status})"
        found: list[str] = []
        own = token if token in self.students or token == self.teacher else None
        others = [t for t in self.tokens if t != own and t != self.join and t in text]
        found += ["another person's token"] if others else []
        found += [f"the unrevealed server seed {s[:8]}…" for s in self.seeds_hidden_from(own if own != self.teacher
                                                                                            else None) if s in text]
        if status >= 400 or who == "a stranger":
            echoed = set()
            if own in self.students and route.startswith(("deals/", "puzzles/")):
                echoed = tiles_in(text) & self.allowed_tiles(own, route)
            leaked = tiles_in(text) - echoed
            found += [f"a refusal holds {sorted(leaked)}"] if leaked else []
        elif who == "the teacher":
            tries = {t.move for s in self.session.students.values() for t in s.puzzles.values()}
            watched = self.line_tiles(route.split("/")[1]) if route.startswith("students/") else set()
            leaked = tiles_in(text) - tiles_in(" ".join(tries)) - watched
            found += [f"the teacher was sent {sorted(leaked)}"] if leaked else []
        elif route.startswith("deals/"):
            number = int(route.split("/")[1])
            seen = self.deal_tiles_seen(token, number)
            if seen is not None:
                leaked = tiles_in(text) - seen
                found += [f"deal {number} before it was finished: {sorted(leaked)}"] if leaked else []
        elif route.startswith("puzzles/"):
            found += self.puzzle_leaks(token, int(route.split("/")[1]), text)
        elif route == "me":
            tries = {t.move for t in self.session.student_of(token).puzzles.values()}
            leaked = tiles_in(text) - tiles_in(" ".join(tries))
            found += [f"their page holds {sorted(leaked)}"] if leaked else []
        self.leaks += [f"{where}: {leak}" for leak in found]

    def next_deal(self, token: str) -> int:
        """The first deal the student has not finished (the first, for a stranger)."""
        student = self.session.student_of(token)
        plays = student.deals if student is not None else {}
        return next((n for n in range(len(self.session.server_seeds))
                     if n not in plays or plays[n].result is None), 0)

    def line_tiles(self, student_id: str) -> set[str]:
        """The tiles a watcher of the student's current deal sees: those on its line while it is
        played (none once it is over: its hands stay hidden)."""
        student = self.session.students.get(student_id)
        if student is None or not student.deals:
            return set()
        number = max(student.deals, key=lambda n: (student.deals[n].started, n))
        if student.deals[number].result is not None:
            return set()
        hand = self.session._match(number, student.deals[number].moves).hands[-1]
        return tiles_in(" ".join(str(m) for m in seat_view(hand, None).moves))

    def allowed_tiles(self, token: str, route: str) -> set[str]:
        """What a refusal on ``route`` may name: the student's own legal moves there."""
        number = int(route.split("/")[1])
        if route.startswith("deals/"):
            return self.deal_tiles_seen(token, number) or set() if number < len(self.session.server_seeds) else set()
        if number < len(self.session.puzzle_ids):
            return tiles_in(json.dumps(_card(self.session.puzzle_ids[number], "en")["view"]))
        return set()

    def puzzle_leaks(self, token: str, number: int, text: str) -> list[str]:
        student = self.session.student_of(token)
        if number >= len(self.session.puzzle_ids) or number in student.puzzles:
            return []
        card = _card(self.session.puzzle_ids[number], "en")
        secrets = [card["hints"][1], *(why for v in card["verdicts"].values() if v["right"] for why in v["why"])]
        found = [f"puzzle {number} before it was answered: {secret[:40]!r}" for secret in secrets if secret in text]
        return found + ([f"puzzle {number}'s answers before it was answered"] if '"answers"' in text else [])


class SeededSecrets:
    """The class's secrets (its id, tokens and deals' server seeds) drawn from one seed: a run is
    the same run every time. With secret ones, the deals, and so how far the students got, changed
    from run to run: one run in a few finished no deal of the two-player Vietnamese class."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(f"class fuzz {seed}")

    def token_urlsafe(self, size: int) -> str:
        return base64.urlsafe_b64encode(self.rng.randbytes(size)).decode().rstrip("=")

    def server_seed(self) -> str:
        return self.rng.randbytes(32).hex()


async def use_a_class(setup: dict, seed: int, steps: int, leaks: list[str], stats: dict[str, int],
                      judging: Any = None) -> None:
    seeded = SeededSecrets(seed)
    with mock.patch.object(class_session, "secrets", seeded), \
            mock.patch.object(class_session, "new_server_seed", seeded.server_seed):
        await _use_a_class(setup, seed, steps, leaks, stats, judging)


async def _use_a_class(setup: dict, seed: int, steps: int, leaks: list[str], stats: dict[str, int],
                       judging: Any = None) -> None:
    rng = random.Random(seed)
    # (each student's request rate is not limited here: the fuzz asks faster than a person, and
    # a refusal by the clock would make its run depend on the machine's speed)
    async with local_server(limits=Limits(student_rate=0)) as (base, server):
        server.classes.judging = judging  # the judge's verdicts come in between the requests
        status, started = await request(f"{base}/api/classes", setup)
        assert status == 201, started
        session = server.classes.get(started["id"])
        asker = Asker(base, session, token_of(started["teacher"]), token_of(started["join"]))
        for name in ("Ana", "Bao", "Chi")[:rng.randint(2, 3)]:
            status, joined = await request(asker.url("students", asker.join), {"name": name})
            asker.students[token_of(joined["student"])] = name
        deals, puzzles = len(session.server_seeds), len(session.puzzle_ids)
        for step in range(steps):
            if judging is not None and step == steps // 2:
                judging.finish()  # every decision so far judged: the rest of the fuzz meets the verdicts
            roll = rng.random()
            students = list(asker.students)
            token = rng.choice(students)
            who = asker.students[token]
            if roll < 0.05:
                token, who = rng.choice([("wrong-token", "a stranger"), (asker.join, "a stranger"),
                                         (asker.teacher, "the teacher")])
            if roll < 0.1:
                route = rng.choice(["me", "puzzles/0", "deals/0", "deals/0/class", "progress", "progress.csv"])
            elif roll < 0.2:
                watched = rng.choice([*session.students, "s9"])
                route = rng.choice(["progress", "progress.csv", f"students/{watched}/watch"])
                token, who = asker.teacher, "the teacher"
            elif roll < 0.25:
                route = "me"
            elif roll < 0.45:
                route = f"puzzles/{rng.randrange(puzzles + 1)}"
            elif roll < 0.9:
                # mostly the first deal the student has not finished, as a student plays them in turn
                # (at random, few deals came to their end)
                route = f"deals/{rng.choice([asker.next_deal(token)] * 2 + [rng.randrange(deals + 1)])}"
            else:
                route = f"deals/{rng.randrange(deals)}/class"
            body = None
            if route.startswith(("deals/", "puzzles/")) and not route.endswith("/class") and rng.random() < 0.6:
                body = rng.choice(GARBAGE) if rng.random() < 0.2 else {"move": await legal_move(asker, token, route,
                                                                                                  rng)}
            if roll > 0.98:
                route, body = "students", rng.choice([{"name": "Dan"}, {"name": ""}, {"name": 7}, None])
                token = rng.choice([asker.join, asker.teacher, token])
            if route.endswith("/watch") and rng.random() < 0.4:  # the watch page beside it
                await use_a_page(asker, who, route, token, None, stats, page=f"watch/{route.split('/')[1]}")
                continue
            if rng.random() < 0.3 and route.split("/")[0] in PAGES and not route.endswith("/class"):
                await use_a_page(asker, who, route, token, body, stats)
                continue
            raw = json.dumps(body).encode() if body is not None or rng.random() < 0.1 else None
            status, answer = await request(asker.url(route, token), raw=raw)
            if route == "students" and status == 201:
                asker.students[token_of(answer["student"])] = "joined"
                continue
            asker.check(who, route, token, status, answer)
            stats["answers"] += 1
            stats["refused"] += status >= 400
        stats["finished"] += sum(1 for s in session.students.values() for p in s.deals.values() if p.result)
        stats["verdicts"] += sum(len(verdicts) for verdicts in session.verdicts)
        leaks += asker.leaks


PAGES = {"me": "student", "progress": "teacher", "puzzles": "puzzle", "deals": "deal"}
"""The page beside each JSON route, checked as its route is."""


async def use_a_page(asker: Asker, who: str, route: str, token: str, body: Any, stats: dict[str, int],
                     page: str | None = None) -> None:
    head, _, rest = route.partition("/")
    page = page or PAGES[head] + (f"/{rest}" if rest else "")
    form = urlencode({"move": body["move"]}) if isinstance(body, dict) and isinstance(body.get("move"), str) else None
    status, text, _ = await answer(asker.page(page, token), raw=form.encode() if form is not None else None)
    asker.check(who, route, token, status, text)
    stats["answers"] += 1
    stats["pages"] += 1
    stats["refused"] += status >= 400


async def legal_move(asker: Asker, token: str, route: str, rng: random.Random) -> str:
    status, shown = await request(asker.url(route, token))
    if status != 200:
        return "N 6-6"
    moves = shown.get("legal_moves") or [item["move"] for item in (shown.get("puzzle") or {}).get("items", [])]
    return rng.choice(moves) if moves else "N 6-6"


def logged_leaks(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [line for line in (r.getMessage() for r in caplog.records)
            if "token=" in line and "token=…" not in line or tiles_in(line) or re.search(r"[0-9a-f]{64}", line)]


@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: s["duplicate"]["game"] + str(s["duplicate"].get("players", 4)))
def test_no_class_answer_gives_anyone_what_they_may_not_know_yet(setup, caplog, monkeypatch):
    caplog.set_level(logging.INFO)
    leaks: list[str] = []
    stats = {"answers": 0, "refused": 0, "finished": 0, "pages": 0, "verdicts": 0}
    asyncio.run(use_a_class(setup, 1, STEPS, leaks, stats, quick_judge(monkeypatch)))
    assert not leaks, leaks[:5]
    assert stats["finished"] >= 1 and stats["refused"] >= 5, stats  # the fuzz reached finished deals and refusals
    assert stats["verdicts"] >= 1, stats  # and the judge's verdicts
    assert not logged_leaks(caplog), logged_leaks(caplog)[:5]
    print(f"\n{stats}")


def _whole_deal(self, number, play, match):
    """A planted leak: the deal view carries the whole record, every seat's tiles and the seed."""
    view = original_deal_view(self, number, play, match)
    view["record"] = write_record(match)
    return view


def _answers_at_once(self, student, number):
    """A planted leak: a puzzle shows its answers before the student has answered."""
    shown = original_puzzle(self, student, number)
    card = _card(self.puzzle_ids[number], self.request.lang)
    shown["answers"] = [move for move, verdict in card["verdicts"].items() if verdict["right"]]
    return shown


def _whole_hand(self, student, number):
    """A planted leak: a deal's page draws the hand itself, every seat's tiles face up."""
    return self._match(number, student.deals[number].moves).hands[-1]


def _watched_hand(self, student_id):
    """A planted leak: the teacher watches a deal with the student's own tiles shown."""
    shown = original_watch(self, student_id)
    student, number, match = self.watched(student_id)
    if shown["in_play"] is not None:
        shown["in_play"] = in_play(match, self.request.duplicate.seat)
    return shown


def _open_pictures(position, **options):
    return render_svg(position, **{**options, "seat": None})


def _mistakes_with_moves(self, student, finished_only=False):
    """A planted leak: the teacher's list of mistakes names the moves judged (tiles)."""
    found = original_mistakes_of(self, student, finished_only)
    if not finished_only:
        found["at"] += [{"move": key.split("|")[1]} for verdicts in self.verdicts for key in verdicts]
    return found


original_deal_view = ClassSession._deal_view
original_mistakes_of = ClassSession.mistakes_of
original_puzzle = ClassSession.puzzle
original_watch = ClassSession.watch


@pytest.mark.parametrize("plants, kind", [
    ([(class_session.ClassSession, "_deal_view", _whole_deal)], "deal"),
    ([(class_session.ClassSession, "puzzle", _answers_at_once)], "puzzle"),
    ([(class_session.ClassSession, "seat_view", _whole_hand), (class_pages, "render_svg", _open_pictures)], "deal"),
    ([(class_session.ClassSession, "mistakes_of", _mistakes_with_moves)], "teacher"),
    ([(class_session.ClassSession, "watch", _watched_hand)], "watch"),
], ids=["whole_deal", "puzzle_answers", "open_picture", "verdicts_to_the_teacher", "watched_hand"])
def test_a_planted_leak_in_the_class_routes_is_reported(plants, kind, monkeypatch):
    for owner, name, plant in plants:
        monkeypatch.setattr(owner, name, plant)
    leaks: list[str] = []
    stats = {"answers": 0, "refused": 0, "finished": 0, "pages": 0, "verdicts": 0}
    asyncio.run(use_a_class(SETUPS[0], 2, 120, leaks, stats, quick_judge(monkeypatch)))
    assert leaks and all(kind in leak for leak in leaks), leaks[:5]
    print(f"\n{len(leaks)} leaks reported, e.g. {leaks[0]}")
