"""No seat of a served table ever receives another seat's hidden tiles (issue 20).

Tables of every game, with people at several seats (and bots at others), are played by
"browsers" at every seat at once: legal moves, moves for another seat or an earlier
position, leader choices, look backs, counting panels, next hands, and garbage. Every
frame sent to every seat is checked, when it is sent, against what that seat may know:
its own tiles, the line, and every hand once the hand is over. The answers a seat gets
to its own messages may also name the tiles that message named (an echo is no leak).

Every HTTP answer is checked too (issue 25), against a real server on 127.0.0.1, for every
seat at random moments of every set-up: a seat's record holds the finished hands whole and
of the hand in play only that seat's tiles, the moves with the others' draws hidden, and no
tile of the pile; the seat page, the static files, ``/`` and every refusal hold no tile at
all; and no log line holds a tile or a token. A planted leak must be reported.

A watcher (the watch link, issue 27) is checked the same way, as seat ``None``: every frame
and its record hold no tile of the hand in play but those on the line (every hand once it
has ended), and anything it sends is refused and changes nothing.
What a screen shows of its own person's doing is theirs alone (issue 34): a seat's view shows a
notice only of what it was told, a look back only at a ply it asked for, a counting panel only
when it opened its own, however the seats' messages interleave; a watcher's, none of them.
The server seed of a fair deal is as secret as the tiles until its hand has ended: no frame,
answer or log line holds a seed not yet revealed (the next deal's, the pending deal's, or the
seed of the hand in play), while the browsers send client seeds as the seat page does.

``DOMINOES_SERVER_FUZZ_TABLES`` (default 4 per set-up) sets how many tables each set-up plays
(half as many for the HTTP answers).
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import random
import re
from urllib.parse import parse_qs, urlsplit

import pytest
import tornado.httpclient

from dominoes_widget.engine.match import Match
from dominoes_widget.engine.move import LEAD, PLAY
from dominoes_widget.engine.record import write_record
from dominoes_widget.server import app
from dominoes_widget.server.shared_table import SharedTable
from dominoes_widget.server.spec import read_spec
from dominoes_widget.server.store import MemoryStore
from dominoes_widget.sessions.scheduler import ManualScheduler
from dominoes_widget.sessions.table import seat_record as seat_record_module
from server_harness import local_server
from test_fuzz_table import canonical, tiles_in

TABLES = int(os.environ.get("DOMINOES_SERVER_FUZZ_TABLES", "4"))
STEPS = 260
SETUPS = [
    {"game": "six_love", "rules": {"target": 2}},  # four people
    {"game": "six_love", "bots": {"E": "greedy", "W": "greedy"}, "rules": {"target": 2}},  # partners vs bots
    {"game": "straight_six", "bots": {"N": "random"}, "rules": {"target": 2}},
    {"game": "vietnamese", "players": 2, "rules": {"target": 2}},
    {"game": "vietnamese", "players": 3, "bots": {"E": "greedy"}, "rules": {"target": 2, "draw_mode": "until_playable"}},
    {"game": "vietnamese", "players": 4, "rules": {"target": 2, "blank_rule": "wild", "drawn_tile_must_play": False}},
]
GARBAGE = [None, 7, "S 6-6", [], {"type": 3}, {"type": "teleport"}, {"type": "move", "move": ["S", "6-6"]},
           {"type": "move", "move": "S " + "6" * 300}, {"type": "look", "ply": "x"}, {"type": "choose_leader"},
           {"type": "move", "move": "N draw 6-6"}, {"type": "hint"}, {"type": "undo"}, {"type": "new_match"},
           {"type": "seed"}, {"type": "seed", "seed": "bad seed"}, {"type": "seed", "seed": "x" * 65},
           {"type": "seed", "seed": 7}, {"type": "seed", "seed": "ok_seed-1"}]


def unrevealed_seeds(match: Match) -> set[str]:
    """The server seeds nobody may see yet: of every hand not ended, the pending deal, the next deal."""
    seeds = [s for s, hand in zip(match.fair, match.hands) if s is not None and not hand.is_over]
    seeds += [s for s in (match.pending.fair if match.pending else None, match.next_fair) if s is not None]
    return {s.server_seed for s in seeds if s.server_seed}


def seed_leaks(text: str, match: Match) -> list[str]:
    return [f"the unrevealed server seed {seed[:8]}…" for seed in unrevealed_seeds(match) if seed in text]


class Browser:
    """One seat's browser: checks every frame it is sent against the seat's knowledge then."""

    def __init__(self, table: SharedTable, seat: str | None, stats: dict[str, int]) -> None:
        self.table, self.seat, self.stats = table, seat, stats
        self.view: dict = {}
        self.frames = 0
        self.refusals: set[str] = set()
        """The refusals this seat's own messages were answered with: its screen's notices."""
        self.drew = False
        self.plies: set[int] = set()
        """The plies this seat asked to look back at since it last went back to the game."""
        self.counting = False
        self.acting = False
        self.deferred: list[dict] = []

    def deliver(self, text: str) -> None:
        frame = json.loads(text)
        assert set(frame) <= {"type", "view", "words", "rules_text", "message", "reason"}
        # the words and the rules in words are the same for every seat and every deal
        self.check(frame.get("view", frame) if frame["type"] == "state" else frame)
        if frame["type"] == "state":
            self.view = frame["view"]
            if self.acting:  # what this seat's own message told it is known once it is answered
                self.deferred.append(frame["view"])
            else:
                self.check_own_screen(frame["view"])
            held = frame["view"]["hands"]
            over = frame["view"]["phase"] in ("hand_over", "match_over")
            for seat, tiles in held.items():
                assert seat == self.seat or over or isinstance(tiles, int), f"{seat}'s tiles face up for {self.seat}"
            assert self.seat is not None or frame["view"]["viewer"] is None, "a watcher sees from a seat"
        self.stats["frames"] += 1
        self.frames += 1

    def allowed(self) -> set[str]:
        match = self.table.session.match
        if match.pending is not None:
            return {str(t) for t in match.pending.tiles[self.seat]} if self.seat is not None else set()
        hand = match.hand
        known = {canonical(str(a), str(b)) for a, b in hand.line}
        if self.seat is not None:
            known |= {str(t) for t in hand.held(self.seat)}
        if hand.is_over:
            known |= {str(t) for seat in hand.seats for t in hand.held(seat)}
        return known

    def check(self, frame: dict, echo: set[str] = frozenset()) -> None:
        leaked = tiles_in(json.dumps(frame)) - self.allowed() - echo
        assert not leaked, f"seat {self.seat} was sent {leaked}: {json.dumps(frame)[:400]}"
        seeds = seed_leaks(json.dumps(frame), self.table.session.match)
        assert not seeds, f"seat {self.seat} was sent {seeds}"
        self.stats["fair_views"] = self.stats.get("fair_views", 0) + bool(frame.get("fair"))

    def check_own_screen(self, view: dict) -> None:
        """The view shows this seat's own notice, look back and counting panel, never another's."""
        notice, look = view["message"], view["look"]
        if self.seat is None:
            assert notice is None and look is None and view["hint"] is None, f"a watcher was shown {notice or look}"
            assert view["counting"] is None, "a watcher was shown a counting panel"
            return
        if notice is not None:
            mine = notice["text"] in self.refusals if notice["kind"] == "refused" else self.drew
            assert mine, f"seat {self.seat} was shown another screen's notice: {notice}"
        assert look is None or look["ply"] in self.plies, f"seat {self.seat} was shown another screen's look back: {look}"
        assert view["counting"] is None or self.counting, f"seat {self.seat} was shown another screen's counting panel"
        assert view["hint"] is None, f"seat {self.seat} was shown a hint it never asked for"

    def snapshot(self) -> tuple:
        session = self.table.session
        hand = session.match.hand
        return (len(session.match.hands), hand.state_key() if hand is not None else None, session.phase,
                session.match.pending, session.match.state)

    def act(self, rng: random.Random) -> None:
        view = self.view
        choice = rng.random()
        waiting = (view.get("fair") or {}).get("next")
        if waiting and waiting["my_seed"] is None and rng.random() < 0.7:  # as the seat page does
            content = {"type": "seed", "seed": f"{self.seat}{rng.getrandbits(64):x}"}
        elif choice < 0.55 and view.get("legal"):
            content = {"type": "move", "move": rng.choice(view["legal"]), "hand": view["hand_number"],
                       "ply": len(view["moves"])}
        elif choice < 0.65 and view.get("leader_choices"):
            content = {"type": "choose_leader", "seat": rng.choice(view["leader_choices"])["seat"]}
        elif choice < 0.75 and view.get("phase") in ("hand_over", "match_over"):
            content = {"type": "next_hand" if view["phase"] == "hand_over" else "new_match"}
        elif choice < 0.82:
            tile = f"{rng.randint(0, 6)}-{rng.randint(0, 6)}"
            seat = rng.choice(view.get("seats") or ["S"])
            content = {"type": "move", "move": f"{seat} {tile} {rng.choice('LR')}"}
        elif choice < 0.88:
            content = {"type": "look", "ply": rng.choice([None, 0, 1, 3, 50])}
        elif choice < 0.92:
            content = {"type": "counting", "show": rng.random() < 0.5}
        else:
            content = rng.choice(GARBAGE)
        before = self.snapshot()
        self.expect(content)
        self.acting = True
        try:
            replies = self.table.intent(self.seat, content) if self.seat is not None else self.table.watcher_intent(content)
        finally:
            self.acting = False
        echo = tiles_in(json.dumps(content))
        for reply in replies:
            self.check(reply, echo)
            self.refusals.add(reply["message"])
            self.stats["refused"] += 1
            assert self.snapshot() == before, f"{content!r} was refused but changed the game"
        deferred, self.deferred = self.deferred, []
        for view in deferred:
            self.check_own_screen(view)
        self.stats["messages"] += 1

    def expect(self, content: object) -> None:
        """What this seat's message may change on its own screen."""
        if not isinstance(content, dict):
            return
        if content.get("type") == "counting":
            self.counting = bool(content.get("show"))
        elif content.get("type") == "look":
            ply = content.get("ply")
            if ply is None:
                self.plies.clear()
            elif isinstance(ply, int):
                self.plies.add(ply)
        elif content.get("type") == "move" and str(content.get("move")).endswith("draw"):
            self.drew = True


@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: f"{s['game']}-{s.get('players', 4)}-{len(s.get('bots', {}))}bots")
@pytest.mark.slow  # whole matches over websockets
def test_no_seat_is_ever_sent_another_seats_hidden_tiles(setup):
    stats = {"frames": 0, "messages": 0, "refused": 0, "hands": 0}
    for seed in range(TABLES):
        rng = random.Random(seed)
        table = SharedTable.create(read_spec({**setup, "seed": seed, "bot_delay": 0}), MemoryStore())
        browsers = [Browser(table, seat, stats) for seat in table.tokens]
        for browser in browsers:
            table.join(browser.seat, browser)
        watchers = [Browser(table, None, stats) for _ in range(2)]
        watching = random.Random(-seed - 1)
        table.join_watching(watchers[0])
        matches = {}  # every match the table played (a new match starts from hand 0 again)
        for step in range(STEPS):
            movers = [b for b in browsers if b.view.get("legal") or b.view.get("leader_choices")]
            (rng.choice(movers) if movers and rng.random() < 0.6 else rng.choice(browsers)).act(rng)
            matches[id(table.session.match)] = table.session.match
            if watching.random() < 0.1:  # (a random source of its own: the people's games stay as they were)
                watching.choice([w for w in watchers if w.view] or watchers[:1]).act(watching)
            if step == STEPS // 3:  # a watcher comes in mid-game
                table.join_watching(watchers[1])
        stats["hands"] += sum(len(match.hands) for match in matches.values())
        stats["watcher_frames"] = stats.get("watcher_frames", 0) + sum(w.frames for w in watchers)
        table.close()
    print(f"\n{setup['game']}: {stats}")
    assert stats["frames"] > TABLES * 100 and stats["refused"] > 0 and stats["hands"] > TABLES
    assert stats["watcher_frames"] > TABLES * 20


# -- every HTTP answer ---------------------------------------------------------------------------
HTTP_TABLES = max(1, TABLES // 2)
HTTP_STEPS = 160
STATIC_FILES = ("table.js", "table.css", "seat_page.js")


def record_leaks(record: dict, match: Match, seat: str | None) -> list[str]:
    """What a seat's record holds that the seat may not know, worked out from the engine's hands
    alone: only finished hands whole, and of the hand in play the seat's own deal, the tiles
    placed and the tiles it drew itself, in the first ``len(in_play.moves)`` moves (a watcher,
    ``seat=None``: only the tiles placed)."""
    leaks = []
    hands = record.get("hands", [])
    whole = write_record(match)["hands"]
    for index, entry in enumerate(hands):
        if index >= len(match.hands) or not match.hands[index].is_over:
            leaks.append(f"hand {index} is sent whole before it has ended")
        elif entry != whole[index]:
            leaks.append(f"hand {index} is not the finished hand as played")
    allowed: set[str] = set()
    in_play = record.get("in_play")
    if isinstance(in_play, dict):
        index, shown = len(hands), in_play.get("moves", [])
        if index < len(match.hands):
            hand = match.hands[index]
            dealt, moves = hand.deal[seat] if seat is not None else (), hand.moves[:len(shown)]
        elif match.pending is not None and not shown:
            dealt, moves = match.pending.tiles[seat] if seat is not None else (), []
        else:
            return leaks + [f"in_play names hand {index}, which is not dealt"]
        allowed = {str(t) for t in dealt} | {str(m.tile) for m in moves if m.tile is not None
                                             and (m.action in (LEAD, PLAY) or m.seat == seat)}
        if shown != [str(m if m.seat == seat else m.without_tile()) for m in moves]:
            leaks.append(f"in_play's moves are not the moves as {seat} sees them: {shown}")
    rest = {key: value for key, value in record.items() if key != "hands"}
    leaked = tiles_in(json.dumps(rest)) - allowed
    if leaked:
        leaks.append(f"{sorted(leaked)} outside the finished hands")
    return leaks + seed_leaks(json.dumps(record), match)


async def fetch(url: str, method: str = "GET") -> tuple[int, bytes]:
    response = await tornado.httpclient.AsyncHTTPClient().fetch(url, method=method, raise_error=False,
                                                                allow_nonstandard_methods=True)
    return response.code, response.body or b""


class Routes:
    """Every route of one served table, asked as each seat (and as nobody), each answer checked."""

    def __init__(self, base: str, table: SharedTable, links: dict[str, str], leaks: list[str],
                 watch: str | None = None) -> None:
        self.base, self.table, self.leaks = base, table, leaks
        self.tokens: dict[str | None, str] = {seat: parse_qs(urlsplit(link).query)["token"][0]
                                              for seat, link in links.items()}
        if watch is not None:  # the watcher asks as seat None
            self.tokens[None] = parse_qs(urlsplit(watch).query)["token"][0]
        self.answers = 0
        self.in_play = 0
        """How many records held a hand in play."""
        self.choosing = 0
        """How many held a deal whose leader was still to choose."""

    def urls(self, seat: str | None) -> list[tuple[str, str]]:
        table, token = f"{self.base}/api/tables/{self.table.id}", self.tokens[seat]
        page = f"{self.base}/tables/{self.table.id}"
        own = f"{page}/seat?token={token}" if seat is not None else f"{page}/watch?token={token}"
        return [("record", f"{table}/record?token={token}"), ("page", own), ("refused", f"{page}/watch?token={token}x"),
                ("socket", f"{page}/socket?token={token}"), ("refused", f"{table}/record?token={token}x"),
                ("refused", f"{table}/record"), ("refused", f"{page}/seat?token=x"),
                ("index", f"{self.base}/"), ("refused", f"{self.base}/api/tables"),
                ("refused", f"{self.base}/static/replay.js"), ("refused", f"{self.base}/static/../record.py"),
                *[("static", f"{self.base}/static/{name}") for name in STATIC_FILES]]

    async def ask(self, seat: str | None, kind: str, url: str) -> None:
        match = self.table.session.match
        status, body = await fetch(url)
        assert self.table.session.match is match  # (only the test's people start a new match)
        self.answers += 1
        self.in_play += kind == "record" and b'"in_play"' in body
        self.choosing += kind == "record" and b'"leader": null' in body
        where = f"{kind} {urlsplit(url).path} for {seat or 'a watcher'}"
        if kind == "record" and status == 200:
            found = record_leaks(json.loads(body), match, seat)
        elif kind == "static" and status == 200:  # the same bytes for every seat at every moment
            found = [] if body == (app.STATIC / urlsplit(url).path.rsplit("/", 1)[1]).read_bytes() else ["changed"]
        else:
            found = [f"{sorted(leaked)}" for leaked in [tiles_in(body.decode("utf-8", "replace"))] if leaked]
        found += [] if kind == "record" else seed_leaks(body.decode("utf-8", "replace"), match)
        self.leaks += [f"{where}: {leak}" for leak in found]
        assert status in (200, 400, 403, 404, 405), f"{where}: status {status}"

    async def ask_one(self, rng: random.Random) -> None:
        """One seat asks one route: its record half the time, else any route."""
        seat = rng.choice(list(self.tokens))
        urls = self.urls(seat)
        await self.ask(seat, *(urls[0] if rng.random() < 0.5 else rng.choice(urls)))

    async def ask_all(self) -> None:
        for seat in self.tokens:
            for kind, url in self.urls(seat):
                await self.ask(seat, kind, url)


async def play_and_ask(setup: dict, seed: int, steps: int, leaks: list[str], stats: dict[str, int],
                       tokens: set[str] | None = None) -> None:
    """One table served on 127.0.0.1: its people act at random (bots play on the server's loop) and
    at random moments a seat asks a route; every answer's leaks go to ``leaks``."""
    rng = random.Random(seed)
    async with local_server() as (base, server):
        status, created = await fetch_json(f"{base}/api/tables", {**setup, "seed": seed, "bot_delay": 0})
        assert status == 201 and not tiles_in(json.dumps(created))
        table = server.tables[created["id"]]
        # the table's timers (a deal's wait for the seeds, the first deal's for the people) end between
        # the people's acts, at random, never while a route answers: a real 2-s wait could end during an
        # answer on a loaded machine, and the answer would then be of a match the test did not check it by
        timers = ManualScheduler()
        table.session.bots.scheduler = timers
        waits = random.Random(-seed - 1)  # (a random source of its own: the people act as they did)
        routes = Routes(base, table, created["seats"], leaks, created["watch"])
        if tokens is not None:
            tokens |= set(routes.tokens.values())
        browsers = [Browser(table, seat, stats) for seat in table.tokens]
        for browser in browsers:
            table.join(browser.seat, browser)
        watcher = Browser(table, None, stats)  # its frames are checked as they come
        table.join_watching(watcher)
        await routes.ask_all()
        for step in range(steps):
            movers = [b for b in browsers if b.view.get("legal") or b.view.get("leader_choices")]
            if movers or rng.random() < 0.3:
                (rng.choice(movers) if movers and rng.random() < 0.7 else rng.choice(browsers)).act(rng)
            if rng.random() < 0.35:
                await routes.ask_one(rng)
            elif rng.random() < 0.5:
                await asyncio.sleep(0)  # the bots take their turns
            if timers.waiting and waits.random() < 0.05:
                timers.run_next()  # a wait is over
                stats["waits_over"] = stats.get("waits_over", 0) + 1
            if step % 60 == 59:
                await routes.ask_all()
        await routes.ask_all()
        stats["answers"] += routes.answers
        stats["in_play"] += routes.in_play
        stats["watcher_frames"] = stats.get("watcher_frames", 0) + watcher.frames
        stats["choosing"] = stats.get("choosing", 0) + routes.choosing
        stats["hands"] += len(table.session.match.hands)


async def fetch_json(url: str, body: dict) -> tuple[int, dict]:
    status, text = await fetch_body(url, json.dumps(body).encode())
    return status, json.loads(text)


async def fetch_body(url: str, body: bytes) -> tuple[int, bytes]:
    response = await tornado.httpclient.AsyncHTTPClient().fetch(url, method="POST", body=body, raise_error=False)
    return response.code, response.body or b""


def logged_leaks(caplog: pytest.LogCaptureFixture, tokens: set[str]) -> list[str]:
    lines = [record.getMessage() for record in caplog.records]
    return [line for line in lines if tiles_in(line) or any(token in line for token in tokens)
            or re.search(r"[0-9a-f]{64}", line)]


@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: f"{s['game']}-{s.get('players', 4)}-{len(s.get('bots', {}))}bots")
@pytest.mark.slow  # whole matches over websockets
def test_no_http_answer_or_log_line_gives_a_seat_another_seats_hidden_tiles(setup, caplog):
    caplog.set_level(logging.DEBUG)
    leaks: list[str] = []
    tokens: set[str] = set()
    stats = {"frames": 0, "messages": 0, "refused": 0, "hands": 0, "answers": 0, "in_play": 0}
    for seed in range(HTTP_TABLES):
        asyncio.run(play_and_ask(setup, seed, HTTP_STEPS, leaks, stats, tokens))
    print(f"\n{setup['game']}: {stats}")
    assert not leaks, leaks[:5]
    assert caplog.records and not logged_leaks(caplog, tokens), logged_leaks(caplog, tokens)[:5]
    assert stats["answers"] > HTTP_TABLES * 100 and stats["in_play"] > HTTP_TABLES * 5 and stats["hands"] > HTTP_TABLES


def _whole_record(match, seat, players=None, comments=None):
    return write_record(match, players, comments)  # what the route answered before issue 25


def _with_another_seats_tile(match, seat, players=None, comments=None):
    record = seat_record_module.seat_record(match, seat, players, comments)
    hand = match.hand
    if "in_play" in record and hand is not None and not hand.is_over:
        other = next(s for s in hand.seats if s != seat and hand.held(s))
        record["in_play"]["tiles"].append(str(hand.held(other)[0]))
    return record


def _with_the_server_seed(match, seat, players=None, comments=None):
    record = seat_record_module.seat_record(match, seat, players, comments)
    if "in_play" in record and match.hand is not None and not match.hand.is_over and match.fair[-1]:
        record["in_play"]["fair"]["server_seed"] = match.fair[-1].server_seed
    return record


def _with_the_pile(match, seat, players=None, comments=None):
    record = seat_record_module.seat_record(match, seat, players, comments)
    hand = match.hand
    if "in_play" in record and hand is not None and not hand.is_over:
        drawn = sum(1 for m in hand.moves if m.action == "draw")
        record["in_play"]["pile"] = [str(t) for t in hand.initial_boneyard[drawn:]]
    return record


@pytest.mark.parametrize("plant, setup", [(_whole_record, SETUPS[3]), (_with_another_seats_tile, SETUPS[1]),
                                          (_with_the_pile, SETUPS[4]), (_with_the_server_seed, SETUPS[0])],
                         ids=["whole", "other_tile", "pile", "server_seed"])
@pytest.mark.slow  # whole matches over websockets
def test_a_planted_leak_in_the_record_route_is_reported(plant, setup, monkeypatch):
    monkeypatch.setattr(app, "seat_record", plant)
    leaks: list[str] = []
    stats = {"frames": 0, "messages": 0, "refused": 0, "hands": 0, "answers": 0, "in_play": 0}
    asyncio.run(play_and_ask(setup, 0, 60, leaks, stats))
    assert leaks and all(leak.startswith("record ") for leak in leaks), leaks[:5]
    print(f"\n{len(leaks)} leaks reported, e.g. {leaks[0]}")


def _watcher_reads_a_seat(match, seat, players=None, comments=None):
    """The watch token's record as a seat's: the watcher reads that seat's tiles."""
    return seat_record_module.seat_record(match, seat or match.rules.seats[0], players, comments)


def test_a_planted_leak_in_the_watchers_record_is_reported(monkeypatch):
    monkeypatch.setattr(app, "seat_record", _watcher_reads_a_seat)
    leaks: list[str] = []
    stats = {"frames": 0, "messages": 0, "refused": 0, "hands": 0, "answers": 0, "in_play": 0}
    asyncio.run(play_and_ask(SETUPS[3], 0, 60, leaks, stats))
    assert leaks and all(leak.startswith("record ") and leak.split(":")[0].endswith("for a watcher")
                         for leak in leaks), leaks[:5]
    print(f"\n{len(leaks)} leaks reported, e.g. {leaks[0]}")


def test_screens_sharing_what_their_people_were_told_are_reported(monkeypatch):
    """One screen served to every seat in turn, what its last person was told left on it (the
    notice, a look back, the counting panel): the check of each seat's own screen tells."""
    from dominoes_widget.sessions.table.session import TableSession

    def one_screen(self, seat):
        self.screen.seat = seat
        return self.screen

    monkeypatch.setattr(TableSession, "screen_of", one_screen)
    with pytest.raises(AssertionError, match="another screen's|a watcher was shown"):
        test_no_seat_is_ever_sent_another_seats_hidden_tiles(SETUPS[0])


def test_a_planted_leak_in_the_watchers_frames_is_reported(monkeypatch):
    """Watchers sent the view of the seat to move, with ``viewer`` blanked: only the check of
    every tile in the frame can tell."""
    def seats_view(self, seat):
        session = self.session
        if seat is not None:
            return session.view(session.screen_of(seat))
        hand = session.match.hand
        shown = session.view(session.screen_of(hand.turn if hand is not None and hand.turn else session.humans[0]))
        return {**shown, "viewer": None, "hands": {s: len(t) if isinstance(t, list) else t
                                                   for s, t in shown["hands"].items()}}

    monkeypatch.setattr(SharedTable, "_view", seats_view)
    with pytest.raises(AssertionError, match="was sent"):
        test_no_seat_is_ever_sent_another_seats_hidden_tiles(SETUPS[3])
