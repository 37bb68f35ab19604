"""No seat of a served table ever receives another seat's hidden tiles (issue 20).

Tables of every game, with people at several seats (and bots at others), are played by
"browsers" at every seat at once: legal moves, moves for another seat or an earlier
position, leader choices, look backs, counting panels, next hands, and garbage. Every
frame sent to every seat is checked, when it is sent, against what that seat may know:
its own tiles, the line, and every hand once the hand is over. The answers a seat gets
to its own messages may also name the tiles that message named (an echo is no leak).

``DOMINOES_SERVER_FUZZ_TABLES`` (default 4 per set-up) sets how many tables each set-up plays.
"""

from __future__ import annotations

import json
import os
import random

import pytest

from dominoes_widget.server.shared_table import SharedTable
from dominoes_widget.server.spec import read_spec
from dominoes_widget.server.store import MemoryStore
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
           {"type": "move", "move": "N draw 6-6"}, {"type": "hint"}, {"type": "undo"}, {"type": "new_match"}]


class Browser:
    """One seat's browser: checks every frame it is sent against the seat's knowledge then."""

    def __init__(self, table: SharedTable, seat: str, stats: dict[str, int]) -> None:
        self.table, self.seat, self.stats = table, seat, stats
        self.view: dict = {}

    def deliver(self, text: str) -> None:
        frame = json.loads(text)
        assert set(frame) <= {"type", "view", "words", "rules_text", "message", "reason"}
        # the words and the rules in words are the same for every seat and every deal
        self.check(frame.get("view", frame) if frame["type"] == "state" else frame)
        if frame["type"] == "state":
            self.view = frame["view"]
            held = frame["view"]["hands"]
            over = frame["view"]["phase"] in ("hand_over", "match_over")
            for seat, tiles in held.items():
                assert seat == self.seat or over or isinstance(tiles, int), f"{seat}'s tiles face up for {self.seat}"
        self.stats["frames"] += 1

    def allowed(self) -> set[str]:
        match = self.table.session.match
        if match.pending is not None:
            return {str(t) for t in match.pending.tiles[self.seat]}
        hand = match.hand
        known = {canonical(str(a), str(b)) for a, b in hand.line} | {str(t) for t in hand.held(self.seat)}
        if hand.is_over:
            known |= {str(t) for seat in hand.seats for t in hand.held(seat)}
        return known

    def check(self, frame: dict, echo: set[str] = frozenset()) -> None:
        leaked = tiles_in(json.dumps(frame)) - self.allowed() - echo
        assert not leaked, f"seat {self.seat} was sent {leaked}: {json.dumps(frame)[:400]}"

    def snapshot(self) -> tuple:
        session = self.table.session
        hand = session.match.hand
        return (len(session.match.hands), hand.state_key() if hand is not None else None, session.phase,
                session.match.pending, session.match.state)

    def act(self, rng: random.Random) -> None:
        view = self.view
        choice = rng.random()
        if choice < 0.55 and view.get("legal"):
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
        replies = self.table.intent(self.seat, content)
        echo = tiles_in(json.dumps(content))
        for reply in replies:
            self.check(reply, echo)
            self.stats["refused"] += 1
            assert self.snapshot() == before, f"{content!r} was refused but changed the game"
        self.stats["messages"] += 1


@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: f"{s['game']}-{s.get('players', 4)}-{len(s.get('bots', {}))}bots")
def test_no_seat_is_ever_sent_another_seats_hidden_tiles(setup):
    stats = {"frames": 0, "messages": 0, "refused": 0, "hands": 0}
    for seed in range(TABLES):
        rng = random.Random(seed)
        table = SharedTable.create(read_spec({**setup, "seed": seed, "bot_delay": 0}), MemoryStore())
        browsers = [Browser(table, seat, stats) for seat in table.tokens]
        for browser in browsers:
            table.join(browser.seat, browser)
        for _ in range(STEPS):
            movers = [b for b in browsers if b.view.get("legal") or b.view.get("leader_choices")]
            (rng.choice(movers) if movers and rng.random() < 0.6 else rng.choice(browsers)).act(rng)
        stats["hands"] += len(table.session.match.hands)
        table.close()
    print(f"\n{setup['game']}: {stats}")
    assert stats["frames"] > TABLES * 100 and stats["refused"] > 0 and stats["hands"] > TABLES
