"""A seat's record (issue 25): the finished hands whole, and of the hand in play (or the deal
whose leader is still to choose) only what the seat sees; ``verify``, ``Replay`` and ``html``
read it and report a garbled ``in_play`` as a problem in words, never a traceback."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from html import escape
from pathlib import Path

import pytest

from dominoes_widget import Match, Rules, verify_record, write_record
from dominoes_widget.__main__ import main
from dominoes_widget.sessions.table.seat_record import seat_record
from dominoes_widget.widgets.replay import Replay
from dominoes_widget.widgets.table import Table
from test_fuzz_table import tiles_in


def played(match: Match, moves: int, seed: int = 0) -> Match:
    """``match`` after ``moves`` random legal moves of its current hand (dealt if need be)."""
    if match.hand is None or match.hand.is_over:
        match.deal(seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if match.hand.is_over:
            break
        match.push(rng.choice(match.hand.legal_move_tuple()))
    return match


def finish(match: Match, seed: int = 0) -> Match:
    return played(match, 200, seed)


def test_a_vietnamese_hand_in_play_shows_the_seat_its_tiles_the_counts_and_hides_the_pile_and_others_draws():
    match = played(Match(Rules.vietnamese(players=2), seed=1), 12, seed=1)
    hand = match.hand
    assert not hand.is_over and any(m.action == "draw" and m.seat == "N" for m in hand.moves)
    record = seat_record(match, "S", {"S": "Ana", "N": "bot:greedy"})
    assert record["hands"] == [] and record["players"]["N"] == "bot:greedy"
    in_play = dict(record["in_play"])
    assert in_play == {"seat": "S", "leader": hand.leader, "tiles": [str(t) for t in hand.held("S")],
                       "held": {"S": len(hand.held("S")), "N": len(hand.held("N"))},
                       "boneyard_left": hand.boneyard_size,
                       "moves": [str(m.without_tile() if m.seat == "N" else m) for m in hand.moves]}
    assert "N draw" in in_play["moves"]
    hidden = {str(t) for t in hand.held("N")} | {str(t) for t in hand.initial_boneyard}
    seen = {str(t) for t in hand.deal["S"]} | {str(m.tile) for m in hand.moves
                                               if m.tile is not None and (m.action != "draw" or m.seat == "S")}
    assert not (tiles_in(json.dumps(record)) & (hidden - seen))
    assert verify_record(record) == ([], [])


def test_finished_hands_are_whole_and_the_hand_in_play_apart():
    match = finish(Match(Rules.six_love(target=3), seed=2))
    played(match, 5, seed=3)
    whole = write_record(match, comments={"0:1": "a note", "1:2": "on the hand in play"})
    record = seat_record(match, "E", comments={"0:1": "a note", "1:2": "on the hand in play"})
    assert record["hands"] == whole["hands"][:1] and record["comments"] == {"0:1": "a note"}
    assert record["in_play"]["seat"] == "E" and len(record["in_play"]["moves"]) == 5
    summaries, problems = verify_record(record)
    assert not problems and [s["hand"] for s in summaries] == [0]


def test_a_deal_whose_leader_is_still_to_choose_shows_only_the_seats_own_tiles():
    match = finish(Match(Rules.six_love(target=3), seed=4))
    pending = match.prepare(seed=5)
    assert pending.needs_choice  # the team that won chooses which partner leads
    record = seat_record(match, "N")
    own = {str(t) for t in pending.tiles["N"]}
    in_play = dict(record["in_play"])
    assert set(in_play.pop("tiles")) == own
    assert in_play == {"seat": "N", "leader": None, "held": {s: 7 for s in "NESW"}, "boneyard_left": 0, "moves": []}
    finished = {t for hand in record["hands"] for tiles in hand["deal"].values() for t in tiles}
    assert tiles_in(json.dumps(in_play)) == set() and len(finished) == 28
    assert verify_record(record)[1] == []


def test_a_match_with_no_hand_dealt_has_nothing_in_play():
    assert "in_play" not in seat_record(Match(Rules.six_love()), "S")


GARBLED = [  # (what makes a seat's in_play garbled, what the problem line says)
    (lambda in_play: [1], "a hand in play is an object"),
    (lambda in_play: {"seat": "S"}, "missing: leader"),
    (lambda in_play: {**in_play, "x": 1}, "unknown: x"),
    (lambda in_play: {**in_play, "seat": "Q"}, "in_play.seat"),
    (lambda in_play: {**in_play, "leader": 7}, "in_play.leader"),
    (lambda in_play: {**in_play, "tiles": ["9-9"]}, "not a tile"),
    (lambda in_play: {**in_play, "tiles": "6-6"}, "a list of tiles"),
    (lambda in_play: {**in_play, "held": {"S": "x"}}, "in_play.held"),
    (lambda in_play: {**in_play, "boneyard_left": -1}, "in_play.boneyard_left"),
    (lambda in_play: {**in_play, "moves": "S 6-6"}, "moves must be a list"),
    (lambda in_play: {**in_play, "moves": in_play["moves"][:1] + [4]}, "is not a move"),
    (lambda in_play: {**in_play, "moves": in_play["moves"][:1] + ["S nonsense"]}, "in_play.moves"),
    (lambda in_play: {**in_play, "moves": in_play["moves"] * 2}, "was played before"),
]


@pytest.mark.parametrize("garble, message", GARBLED, ids=[m for _, m in GARBLED])
def test_a_garbled_in_play_is_a_problem_line_not_a_traceback(garble, message, tmp_path, capsys):
    match = played(Match(Rules.vietnamese(players=2), seed=1), 4, seed=1)
    record = seat_record(match, "S")
    record["in_play"] = garble(record["in_play"])
    _, problems = verify_record(record)
    assert problems and all(p.reason == "bad_in_play" for p in problems), problems
    assert message in str(problems[0]) and problems[0].hand == 0
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    assert main(["verify", str(path)]) == 1
    out = capsys.readouterr().out
    assert "bad_in_play" in out and "Traceback" not in out


def garbled_record(garble) -> dict:
    match = played(Match(Rules.vietnamese(players=2), seed=1), 4, seed=1)
    record = seat_record(match, "S")
    record["in_play"] = garble(record["in_play"])
    return record


@pytest.mark.parametrize("garble, message", GARBLED, ids=[m for _, m in GARBLED])
def test_a_garbled_in_play_opens_a_replay_that_says_so_in_its_language(garble, message):
    """It was a KeyError ("no words for 'rule.bad_in_play'") in every language."""
    record = garbled_record(garble)
    for lang, where in (("en", "Hand 1"), ("vi", "Ván 1")):
        replay = Replay(record, lang=lang)
        assert not replay.ok and [p["reason"] for p in replay.report] == ["bad_in_play"]
        line = replay.report[0]
        assert line["text"].startswith(where) and message in line["detail"] and "in_play" in line["detail"], line
        assert escape(line["text"]) in replay._repr_mimebundle_()[0]["text/html"]


@pytest.mark.parametrize("garble, message", GARBLED, ids=[m for _, m in GARBLED])
def test_html_reports_a_garbled_in_play_with_where_and_writes_no_page(garble, message, tmp_path, capsys):
    path, page = tmp_path / "record.json", tmp_path / "record.html"
    path.write_text(json.dumps(garbled_record(garble)))
    assert main(["html", str(path), "-o", str(page)]) == 1
    out, err = capsys.readouterr()
    assert out.startswith("hand 0") and "in_play" in out and message in out and out.rstrip().endswith("[bad_in_play]"), out
    assert "Traceback" not in out + err and not page.exists()


@pytest.mark.slow  # the CLI as a process
def test_html_on_a_garbled_in_play_shows_no_traceback(tmp_path):
    """The audit's case: ``python -m dominoes_widget html`` printed a KeyError's traceback."""
    root = Path(__file__).resolve().parent.parent
    path = tmp_path / "record.json"
    path.write_text(json.dumps(garbled_record(lambda in_play: {**in_play, "seat": "Q"})))
    env = {**os.environ, "PYTHONPATH": str(root) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    for lang in ("en", "vi"):
        result = subprocess.run([sys.executable, "-m", "dominoes_widget", "html", str(path), "--lang", lang],
                                capture_output=True, text=True, env=env, cwd=root, timeout=120)
        assert "Traceback" not in result.stdout + result.stderr
        assert result.returncode == 1 and "in_play.seat: 'Q' is not a seat in play" in result.stdout, result
        assert not path.with_suffix(".html").exists()


def test_in_play_after_an_unfinished_hand_or_a_won_match_is_a_problem():
    match = played(Match(Rules.vietnamese(players=2), seed=1), 4, seed=1)
    record = write_record(match)
    record["in_play"] = seat_record(match, "S")["in_play"]
    problems = verify_record(record)[1]
    assert [p.reason for p in problems] == ["bad_in_play"] and "has not ended" in problems[0].message


def test_the_notebooks_own_record_is_whole_and_has_no_in_play():
    table = Table(game="vietnamese", players=2, bots="greedy", bot_delay=0, seed=3)
    record = table.record
    assert "in_play" not in record and record == write_record(table.session.match, record["players"])
    assert record["hands"][-1]["boneyard"]  # the notebook holds all, the pile included
    table.close()
