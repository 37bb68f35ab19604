"""The seven findings of the outside audit (issue 8), each kept closed by its own test.

Every test drives only what a user or a browser can reach: the widgets, their messages
and pictures, the record reader, ``verify``.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from dominoes_widget import RecordError, read_record, verify_record
from dominoes_widget.widgets.replay import Replay
from dominoes_widget.widgets.table import Table
from pictures import inline_svgs

RECORDS = Path(__file__).resolve().parent / "data" / "records"
TILE = re.compile(r"(?<![\w.-])([0-6])-([0-6])(?![\w.-])")


def canonical(a: str, b: str) -> str:
    return f"{min(a, b)}-{max(a, b)}"


def tiles_in(text: str) -> set[str]:
    return {canonical(a, b) for a, b in TILE.findall(text)}


def visible_tiles(view: dict) -> set[str]:
    """Every tile the synced view shows face up: the line and the face-up hands."""
    shown = {canonical(str(a), str(b)) for a, b in view["line"]}
    for held in view["hands"].values():
        if isinstance(held, list):
            shown |= {canonical(*t.split("-")) for t in held}
    return shown


def picture(widget) -> str:
    bundle = widget._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    return inline_svgs(data["text/html"])


class Browser:
    """Stands in for the front end: sends intents, keeps what the kernel sends back."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.messages: list[dict] = []
        table.send = lambda message, buffers=None: self.messages.append(message)

    def send(self, **content) -> dict | None:
        before = len(self.messages)
        self.table._on_message(self.table, content, [])
        return self.messages[-1] if len(self.messages) > before else None

    def move(self, text: str) -> dict | None:
        view = self.table.view
        return self.send(type="move", move=text, hand=view["hand_number"], ply=len(view["moves"]))


def play_until(table: Table, done, rng: random.Random, limit: int = 3000) -> None:
    browser = Browser(table)
    for _ in range(limit):
        if done(table):
            return
        view = table.view
        if view["phase"] == "cover":
            browser.send(type="uncover")
        elif view["phase"] == "playing" and view["legal"]:
            browser.move(rng.choice(view["legal"]))
        elif view["phase"] == "choose_leader" and view["leader_choices"]:
            browser.send(type="choose_leader", seat=view["leader_choices"][0]["seat"])
        elif view["phase"] == "hand_over":
            browser.send(type="next_hand")
        elif view["phase"] == "match_over":
            browser.send(type="new_match")
        else:
            raise AssertionError(f"the table waits with nothing to do: {view['status']}")
    raise AssertionError("the awaited moment never came")


# -- 1. the static picture shows exactly what the synced view shows ---------------------------------
@pytest.mark.parametrize("options", [
    {"game": "vietnamese", "players": 2, "seats": {"N": "human"}},  # hot seat: a person's draw
    {"game": "vietnamese", "players": 3, "bots": "greedy"},  # a bot's draw
    {"game": "vietnamese", "players": 3, "seats": {"S": "greedy"}, "bots": "greedy"},  # bots only
])
@pytest.mark.slow  # processes or a million faults
def test_finding_1_the_static_picture_never_shows_a_tile_the_screen_may_not_see(options):
    """Bots move one at a time on a running event loop; the picture is checked at every step."""
    options = dict(options)
    game = options.pop("game")
    counts = {"checked": 0, "draws": 0}

    async def play(seed: int) -> None:
        table = Table(game, seed=seed, bot_delay=0.001, target=1, **options)
        rng = random.Random(seed)
        browser = Browser(table)
        for _ in range(600):
            view = table.view
            leaked = tiles_in(picture(table)) - visible_tiles(view)
            assert not leaked, f"the picture shows {leaked} ({view['phase']}, viewer {view['viewer']})"
            counts["checked"] += 1
            counts["draws"] += sum(m.split()[1] == "draw" for m in view["moves"][-1:])
            if view["phase"] == "cover":
                browser.send(type="uncover")
            elif view["phase"] == "playing" and view["legal"]:
                browser.move(rng.choice(view["legal"]))
            elif view["phase"] != "playing":
                break
            await asyncio.sleep(0.002)

    for seed in range(8):
        asyncio.run(play(seed))
    assert counts["checked"] > 40 and counts["draws"] > 0


# -- 2. every deal in hot seat starts covered ----------------------------------------------------------
def test_finding_2_a_new_deal_in_hot_seat_starts_under_the_cover():
    table = Table("straight_six", seats={"N": "human"}, bots="greedy", bot_delay=0, seed=3, target=2)
    rng = random.Random(1)
    browser = Browser(table)
    deals = 0
    for _ in range(3000):
        view = table.view
        if view["phase"] == "hand_over":
            browser.send(type="next_hand")
        elif view["phase"] == "match_over":
            if deals >= 4:
                break
            browser.send(type="new_match")
        else:
            play_step(browser, rng)
            continue
        deals += 1
        view = table.view
        assert view["phase"] == "cover", "the next person's tiles are not shown before the cover is lifted"
        assert view["viewer"] is None and all(isinstance(n, int) for n in view["hands"].values())
        assert view["cover"]["title"].startswith("Pass the screen to ")
    assert deals >= 4


def play_step(browser: Browser, rng: random.Random) -> None:
    view = browser.table.view
    if view["phase"] == "cover":
        browser.send(type="uncover")
    elif view["phase"] == "playing" and view["legal"]:
        browser.move(rng.choice(view["legal"]))
    elif view["phase"] == "choose_leader":
        browser.send(type="choose_leader", seat=view["leader_choices"][0]["seat"])


# -- 3. only the leading team's person at the screen chooses the leader ----------------------------------
def test_finding_3_the_other_team_cannot_choose_the_leader():
    table = Table(seats={"E": "human"}, bots="greedy", bot_delay=0, seed=4,
                  start={"score": {"NS": 1, "EW": 0}, "last_winner": "NS"})
    browser = Browser(table)
    assert table.phase == "cover" and table.view["cover"]["title"] == "Pass the screen to South"
    reply = browser.send(type="choose_leader", seat="N")  # under the cover: only uncovering is accepted
    assert reply["type"] == "refused" and table.hand is None and table.match.pending is not None
    browser.send(type="uncover")
    assert table.view["viewer"] == "S" and [c["seat"] for c in table.view["leader_choices"]] == ["S", "N"]
    browser.send(type="choose_leader", seat="N")
    assert table.hand is not None and table.hand.leader == "N"

    other = Table(seats={"E": "human"}, bots="greedy", bot_delay=0, seed=4,
                  start={"score": {"NS": 0, "EW": 1}, "last_winner": "EW"})
    assert other.view["cover"]["title"] == "Pass the screen to East", "the choice goes to the leading team"
    browser = Browser(other)
    assert browser.send(type="choose_leader", seat="W")["type"] == "refused"
    assert other.hand is None


# -- 4. every phase displays ----------------------------------------------------------------------------
def test_finding_4_a_table_waiting_for_its_leader_choice_displays():
    table = Table(bot_delay=0, seed=2, start={"score": {"NS": 5, "EW": 0}, "ties": 1})
    assert table.phase == "choose_leader"
    html = picture(table)
    assert "<svg" in html and "application/vnd.jupyter.widget-view+json" in table._repr_mimebundle_()[0]


def test_finding_4_every_phase_displays():
    seen = set()
    for seats in ({}, {"N": "human"}):
        table = Table("straight_six", seats=seats, bots="greedy", bot_delay=0, seed=1, target=2)
        rng = random.Random(2)
        browser = Browser(table)
        for _ in range(3000):
            seen.add(table.phase)
            assert "<svg" in picture(table), table.phase
            if table.phase == "match_over":
                break
            if table.phase == "hand_over":
                browser.send(type="next_hand")
            else:
                play_step(browser, rng)
    assert seen == {"playing", "cover", "choose_leader", "hand_over", "match_over"}


# -- 5. bad records: one located problem, no traceback, from every entry point -------------------------
BAD_TEXTS = {
    "huge_integer": '{"format": "dominoes-record", "version": ' + "9" * 5000 + "}",
    "deep_nesting": "[" * 5000 + "]" * 5000,
    "array": "[1, 2, 3]",
    "null": "null",
    "number": "42",
}


def _good() -> dict:
    return json.loads((RECORDS / "six_love_match.json").read_text())


def _entry_points(source, tmp_path: Path) -> dict:
    """What each entry point makes of ``source`` (JSON text, bytes or a dict)."""
    results = {}
    results["verify_record"] = verify_record(source)[1]
    try:
        read_record(source)
        results["read_record"] = []
    except RecordError as error:
        results["read_record"] = error.problems
    replay = Replay(source)
    results["Replay"] = replay.problems
    assert replay.view == {} and "did not open" in picture(replay)
    try:
        Table.from_record(source)
        results["Table.from_record"] = []
    except RecordError as error:
        results["Table.from_record"] = error.problems
    path = tmp_path / "record.json"
    path.write_bytes(source if isinstance(source, bytes) else json.dumps(source).encode()
                     if isinstance(source, dict) else source.encode())
    results["Replay.load"] = Replay.load(path).problems
    cli = subprocess.run([sys.executable, "-m", "dominoes_widget", "verify", str(path), "--json"],
                         capture_output=True, text=True, timeout=120)
    assert "Traceback" not in cli.stderr + cli.stdout and cli.returncode == 1
    results["verify CLI"] = [json.loads(line) for line in cli.stdout.splitlines()]
    return results


@pytest.mark.parametrize("name", sorted(BAD_TEXTS))
@pytest.mark.slow  # processes or a million faults
def test_finding_5_unreadable_json_is_one_problem_everywhere(name, tmp_path):
    for where, problems in _entry_points(BAD_TEXTS[name], tmp_path).items():
        assert len(problems) == 1, (where, problems)


def test_finding_5_a_comment_key_with_unicode_digits(tmp_path):
    record = _good()
    record["comments"] = {"0:²": "superscript two is not a move number"}
    for where, problems in _entry_points(record, tmp_path).items():
        assert [str(p["reason"] if isinstance(p, dict) else p.reason) for p in problems] == ["bad_comment"], where


@pytest.mark.slow  # processes or a million faults
def test_finding_5_bytes_that_are_not_utf8(tmp_path):
    text = json.dumps(_good()).encode()
    bad = text[:40] + b"\xff\xfe" + text[40:]
    for where, problems in _entry_points(bad, tmp_path).items():
        assert len(problems) == 1 and str(problems[0]["reason"] if isinstance(problems[0], dict)
                                          else problems[0].reason) == "unreadable_file", where


def test_finding_5_a_path_with_a_nul_byte():
    assert [str(p.reason) for p in verify_record("records/a\x00b.json")[1]] == ["unreadable_file"]
    with pytest.raises(RecordError):
        read_record("records/a\x00b.json")
    assert [str(p.reason) for p in Replay.load("records/a\x00b.json").problems] == ["unreadable_file"]


def test_finding_5_a_record_with_no_hands():
    record = {**_good(), "hands": []}
    summaries, problems = verify_record(record)
    assert summaries == [] and problems == [], "a match not started yet is a good record"
    assert [str(p.reason) for p in Replay(record).problems] == ["no_hands"]
    with pytest.raises(RecordError) as error:
        Table.from_record(record)
    assert [str(p.reason) for p in error.value.problems] == ["no_hands"]


# -- 6. the browser cannot write what the kernel owns ------------------------------------------------
def test_finding_6_browser_writes_to_kernel_owned_traits_are_refused():
    replay = Replay(RECORDS / "six_love_match.json")
    sent, resent = [], []
    replay.send = lambda message, buffers=None: sent.append(message)
    replay.send_state = lambda key=None: resent.append(key)
    data = replay.view
    for update in ({"hand": 99}, {"step": -3}, {"step": "4"}, {"hand": None}, {"speed": 0}, {"speed": "fast"},
                   {"view": {}}, {"report": [1]}, {"rules_text": "x"}, {"hand": 1, "step": 999}):
        replay.set_state(update)  # what ipywidgets does with an `update` from the browser
        assert (replay.hand, replay.step, replay.speed) == (0, 0, 2.0) and replay.view is data
        assert sent[-1]["type"] == "error" and len(sent[-1]["message"]) <= 500
    assert resent and all(resent)
    replay.set_state({"hand": 1, "step": 4})  # what the browser may set is still set
    assert (replay.hand, replay.step) == (1, 4)

    table = Table(bot_delay=0, seed=1)
    table.send = lambda message, buffers=None: sent.append(message)
    view = table.view
    table.set_state({"view": {"hands": {}}})
    assert table.view == view and sent[-1]["type"] == "error"


# -- 7. no amplification: echoes are cut, problems capped, the browser's share bounded -------------------
def test_finding_7_a_huge_move_text_is_not_echoed_back():
    table = Table(bot_delay=0, seed=1)
    browser = Browser(table)
    reply = browser.send(type="move", move="S " + "6" * 10_000_000)
    assert reply["type"] == "error" and len(json.dumps(reply)) < 1000
    assert len(json.dumps(table.view)) < 20_000


@pytest.mark.slow  # processes or a million faults
def test_finding_7_a_million_faults_are_reported_in_a_hundred_lines(tmp_path):
    record = _good()
    record["hands"][0]["deal"]["N"] = ["0-0"] * 1_000_000
    record["comments"] = {f"x{i}": "bad key" for i in range(5000)}
    path = tmp_path / "big.json"
    path.write_text(json.dumps(record))
    summaries, problems = verify_record(path)
    assert len(problems) <= 101 and str(problems[-1].reason) == "too_many_problems"
    cli = subprocess.run([sys.executable, "-m", "dominoes_widget", "verify", str(path)], capture_output=True,
                         text=True, timeout=300)
    assert cli.returncode == 1 and len(cli.stdout.splitlines()) <= 101 and "more problem" in cli.stdout
    replay = Replay(path)
    assert len(replay.report) <= 101 and len(json.dumps(replay.report)) < 60_000
    assert len(picture(replay)) < 60_000
