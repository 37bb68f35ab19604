"""The Table under a storm of browser messages: a hypothesis state machine (issue 8).

Every game and seating (one person, hot seat, bots only, open hands, takeback, a leader
choice) is played with bots on a running asyncio loop, by a "browser" that mixes legal
clicks, clicks of the wrong seat or an earlier position, and garbage. After every step:

- no synced view, message or static picture holds a tile the seat at the screen may not
  know (its own tiles, the line, and every hand once the hand is over or open);
- a message refused or rejected as garbage changes nothing but the notice it shows;
- the table always has something to offer (a move, a choice, a cover, a next hand).

``DOMINOES_FUZZ_EXAMPLES`` (default 30) sets how many tables the run plays; the numbers
of matches, messages and views checked are written to ``test-artifacts/fuzz-table.json``.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule, run_state_machine_as_test

from dominoes_widget.sessions.table.session import TableSession, table_options
from dominoes_widget.widgets.table import Table
from pictures import inline_svgs

pytestmark = pytest.mark.slow  # a hypothesis state machine

EXAMPLES = int(os.environ.get("DOMINOES_FUZZ_EXAMPLES", "30"))
STEPS = int(os.environ.get("DOMINOES_FUZZ_STEPS", "60"))
ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"
TILE = re.compile(r"(?<![\w.-])([0-6])-([0-6])(?![\w.-])")
# Rules in words name the 6-6 without saying who holds it.
RULE_PHRASES = re.compile(r"holder of the 6-6|6-6 holder|the 6-6 itself|pos(?:e|es|ed) the 6-6")
FIVE_LOVE_TIE = {"score": {"NS": 5, "EW": 0}, "ties": 1}
SETUPS = [
    ("six_love", {"target": 2}),
    ("six_love", {"seats": {"N": "human"}, "target": 2}),  # partners at one screen
    ("straight_six", {"seats": {"E": "human"}, "target": 2}),  # opponents at one screen
    ("six_love", {"seats": {"S": "greedy"}, "target": 2}),  # bots only
    ("six_love", {"takeback": True, "start": FIVE_LOVE_TIE}),
    ("six_love", {"seats": {"N": "human", "E": "human"}, "start": FIVE_LOVE_TIE}),
    ("straight_six", {"open_hands": True, "seats": {"N": "human", "E": "human", "W": "human"}, "target": 2}),
    ("vietnamese", {"players": 2, "seats": {"N": "human"}, "target": 2}),
    ("vietnamese", {"players": 3, "target": 2, "counting": True}),
    ("vietnamese", {"players": 4, "takeback": True, "target": 2}),
    ("vietnamese", {"players": 3, "blank_rule": "wild", "drawn_tile_must_play": False, "seats": {"E": "human"},
                    "draw_mode": "until_playable", "target": 2}),
]
STATS = {"tables": 0, "matches": 0, "hands": 0, "messages": 0, "refused": 0, "views": 0, "pictures": 0}

garbage = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=30)
    | st.just("S " + "6" * 5000) | st.integers(min_value=10**50, max_value=10**60),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=8,
)
intent_types = st.sampled_from(["move", "choose_leader", "next_hand", "new_match", "uncover", "look", "undo", "hint",
                                "counting", "go_on", "speed", "teleport", ""])


def canonical(a: str, b: str) -> str:
    return f"{min(a, b)}-{max(a, b)}"


def tiles_in(text: str) -> set[str]:
    return {canonical(a, b) for a, b in TILE.findall(RULE_PHRASES.sub("", text))}


class TableMachine(RuleBasedStateMachine):
    """One table, one browser, bots on an event loop."""

    @initialize(setup=st.sampled_from(SETUPS), seed=st.integers(0, 10_000))
    def open_table(self, setup, seed):
        game, options = setup
        self.loop = asyncio.new_event_loop()
        self.views: list[dict] = []
        self.sent: list[dict] = []

        loop = self.loop

        class OnTheLoop:
            """Bot moves wait on the running loop, one loop turn each (not a timer: the run
            must not depend on how fast the machine is)."""

            def call_later(self, delay, callback):
                return loop.call_soon(callback)

        async def make() -> Table:
            options_ = table_options(game, {"seed": seed, "bots": "greedy", "bot_delay": 0.5, **options})
            return Table(_session=TableSession(options_, OnTheLoop()))

        self.table = self.loop.run_until_complete(make())
        self.table.observe(lambda change: self.views.append(change["new"]), "view")
        self.table.send = lambda message, buffers=None: self.sent.append(message)
        self.views.append(self.table.view)
        self.hands_seen: set[tuple[int, int]] = set()
        STATS["tables"] += 1

    def teardown(self):
        table = getattr(self, "table", None)
        if table is not None:
            STATS["matches"] += 1
            STATS["hands"] += len(self.hands_seen)
            table.close()
            self.loop.run_until_complete(asyncio.sleep(0))
            self.loop.close()

    # -- sending -------------------------------------------------------------------------------
    def deliver(self, content, check: bool = False) -> dict | None:
        """Hand ``content`` to the widget inside the loop, as the kernel does; with ``check``,
        a refusal must leave the game as it was (compared within the same loop step, so a
        bot moving on its timer is not mistaken for a change)."""
        before = len(self.sent)

        async def run() -> None:
            state = self.snapshot() if check else None
            self.table._on_message(self.table, content, [])
            reply = self.sent[-1] if len(self.sent) > before else None
            if check and reply is not None and reply["type"] in ("refused", "error"):
                STATS["refused"] += 1
                assert self.snapshot() == state, f"{content!r} was refused but changed the game"

        self.loop.run_until_complete(run())
        STATS["messages"] += 1
        allowed = self.allowed(self.view)
        for message in self.sent[before:]:
            leaked = tiles_in(json.dumps(message)) - allowed
            assert not leaked, f"a message shows {leaked}: {message}"
        return self.sent[-1] if len(self.sent) > before else None

    def snapshot(self) -> tuple:
        session = self.table.session
        hand = session.match.hand
        return (hand.state_key() if hand is not None else None, len(session.match.hands), session.match.state,
                session.phase, session.screen.covered, session.screen.seat, session.screen.looking, session.match.pending,
                session.screen.counting)

    def deliver_checked(self, content) -> None:
        """Send a message that may be refused: a refusal changes nothing but the notice."""
        self.deliver(content, check=True)

    @property
    def view(self) -> dict:
        return self.table.view

    def token(self) -> dict:
        return {"hand": self.view["hand_number"], "ply": len(self.view["moves"])}

    # -- the browser's clicks -------------------------------------------------------------------
    @rule(turns=st.integers(1, 4))
    def let_the_bots_move(self, turns=1):
        for _ in range(turns):
            self.loop.run_until_complete(asyncio.sleep(0))

    @precondition(lambda self: self.view["legal"] and self.view["look"] is None)
    @rule(data=st.data())
    def play_a_legal_move(self, data):
        move = data.draw(st.sampled_from(self.view["legal"]))
        plies = len(self.table.match.hand.moves)
        reply = self.deliver({"type": "move", "move": move, **self.token()})
        assert reply is None, f"a legal move was refused: {move} → {reply}"
        assert len(self.table.match.hands[self.view["hand_number"]].moves) > plies or self.view["phase"] != "playing" \
            or self.table.match.hand.moves

    @rule(data=st.data(), clicks=st.integers(1, 40))
    def play_on(self, data, clicks):
        """A person who knows what to do: many legal clicks in a row, bots moving between them."""
        for _ in range(clicks):
            view = self.view
            if view["look"] is not None:
                self.deliver({"type": "look", "ply": None})
            elif view["phase"] == "cover":
                self.deliver({"type": "uncover"})
            elif view["phase"] == "playing" and view["legal"]:
                self.deliver({"type": "move", "move": data.draw(st.sampled_from(view["legal"])), **self.token()})
            elif view["phase"] == "choose_leader" and view["leader_choices"]:
                self.deliver({"type": "choose_leader", "seat": view["leader_choices"][0]["seat"]})
            elif view["phase"] == "hand_over":
                self.deliver({"type": "next_hand"})
            elif view["phase"] == "match_over":
                self.deliver({"type": "new_match"})
                STATS["matches"] += 1
            else:
                self.let_the_bots_move()

    @rule(data=st.data())
    def click_a_tile_of_the_hand_anywhere(self, data):
        view = self.view
        seat = view["viewer"] or data.draw(st.sampled_from(view["seats"]))
        held = view["hands"].get(seat)
        tile = data.draw(st.sampled_from(held)) if isinstance(held, list) and held else "6-6"
        end = data.draw(st.sampled_from(["L", "R", ""]))
        self.deliver_checked({"type": "move", "move": f"{seat} {tile} {end}".strip(), **self.token()})

    @rule(data=st.data())
    def click_for_another_seat(self, data):
        seat = data.draw(st.sampled_from(["N", "E", "S", "W"]))
        action = data.draw(st.sampled_from(["pass", "draw", "0-0 L", "6-6", "3-4 R", "draw 0-1"]))
        self.deliver_checked({"type": "move", "move": f"{seat} {action}", **self.token()})

    @rule()
    def click_on_an_earlier_position(self):
        if self.view["legal"]:
            token = self.token()
            self.deliver_checked({"type": "move", "move": self.view["legal"][0], "hand": token["hand"],
                                  "ply": token["ply"] - 1})

    @rule()
    def lift_the_cover(self):
        self.deliver({"type": "uncover"})

    @rule(data=st.data())
    def choose_a_leader(self, data):
        choices = [c["seat"] for c in self.view["leader_choices"]] or ["N", "E", "S", "W"]
        self.deliver_checked({"type": "choose_leader", "seat": data.draw(st.sampled_from(choices + ["Z"]))})

    @rule(kind=st.sampled_from(["next_hand", "new_match"]))
    def next_hand_or_new_match(self, kind):
        self.deliver_checked({"type": kind})

    @rule(ply=st.one_of(st.none(), st.integers(-2, 40)))
    def look_back(self, ply):
        self.deliver_checked({"type": "look", "ply": ply})

    @rule()
    def take_back(self):
        self.deliver_checked({"type": "undo"})

    @rule(speed=st.sampled_from(["slow", "normal", "fast", "instant", "warp"]))
    def change_the_speed(self, speed):
        self.deliver_checked({"type": "speed", "speed": speed})

    @rule()
    def go_on(self):
        self.deliver({"type": "go_on"})

    @rule(show=st.booleans())
    def counting(self, show):
        self.deliver({"type": "counting", "show": show})

    @rule(kind=intent_types, extra=st.dictionaries(st.sampled_from(["move", "seat", "ply", "hand", "show", "x"]),
                                                   garbage, max_size=3))
    def send_garbage_intent(self, kind, extra):
        self.deliver_checked({"type": kind, **extra})

    @rule(content=garbage)
    def send_garbage(self, content):
        self.deliver_checked(content)

    # -- what must always hold -------------------------------------------------------------------
    @invariant()
    def nothing_hidden_reaches_the_browser(self):
        if not hasattr(self, "table"):
            return
        truth = self.table.session.match
        for view in self.views:
            self.check_view(view)
            STATS["views"] += 1
        self.hands_seen.add((id(self.table.match), self.view["hand_number"]))
        self.views = self.views[-1:]
        allowed = self.allowed(self.view)
        html = inline_svgs(self.table._repr_mimebundle_()[0]["text/html"])
        STATS["pictures"] += 1
        leaked = tiles_in(html) - allowed
        assert not leaked, f"the picture shows {leaked} in phase {self.view['phase']}"
        assert truth is self.table.match

    def allowed(self, view: dict) -> set[str]:
        session = self.table.session
        shown = {canonical(str(a), str(b)) for a, b in view["line"]}
        hand = session.match.hand
        if hand is not None:
            shown |= {canonical(str(a), str(b)) for a, b in hand.line}
        over = view["phase"] in ("hand_over", "match_over") or session.open_hands
        if over and hand is not None:  # the hands are turned face up at the end: every tile is known
            shown |= {str(t) for s in hand.seats for t in hand.held(s)}
        viewer = view["viewer"]
        for seat, held in view["hands"].items():
            if isinstance(held, list):
                assert seat == viewer or over, f"{seat}'s tiles are face up for {viewer} ({view['phase']})"
                shown |= {canonical(*t.split("-")) for t in held}
        if viewer is not None and hand is not None and session.match.pending is None:
            shown |= {str(t) for t in hand.held(viewer)}
        return shown

    def check_view(self, view: dict) -> None:
        leaked = tiles_in(json.dumps(view)) - self.allowed(view)
        assert not leaked, f"the view shows {leaked} to {view['viewer']} in phase {view['phase']}"
        offers = (view["legal"] or view["leader_choices"] or view["phase"] in ("cover", "hand_over", "match_over")
                  or view["turn"] not in (view["viewer"], None) or view["look"] is not None
                  or view["phase"] == "choose_leader")
        assert offers, f"the table offers nothing: {view['status']}"


def test_the_table_holds_under_a_storm_of_messages():
    run_state_machine_as_test(TableMachine, settings=settings(
        max_examples=EXAMPLES, stateful_step_count=STEPS, deadline=None, derandomize=True,
        suppress_health_check=list(HealthCheck)))
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "fuzz-table.json").write_text(json.dumps(STATS, indent=1))
    print(f"\nfuzzed tables: {STATS}")
    assert STATS["messages"] > EXAMPLES * 10 and STATS["refused"] > 0
