"""``python -m dominoes_widget verify FILE [--json]`` (RECORD.md, section verify)."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from dominoes_widget.__main__ import main
from dominoes_widget.sessions.replay.step_deltas import hand_steps

RECORDS = Path(__file__).resolve().parent / "data" / "records"  # copies of shared/records
EXAMPLES = sorted(p.name.removesuffix(".verify.jsonl") for p in RECORDS.glob("*.verify.jsonl"))  # the shared ones
ROOT = Path(__file__).resolve().parent.parent


def run_cli(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    return subprocess.run([sys.executable, "-m", "dominoes_widget", *args], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=60)


def write(tmp_path: Path, name: str, data) -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return str(path)


def edited(name: str, edit) -> dict:
    data = copy.deepcopy(json.loads((RECORDS / f"{name}.json").read_text()))
    edit(data)
    return data


@pytest.mark.parametrize("name", EXAMPLES)
@pytest.mark.slow  # the CLI as a process
def test_verify_json_prints_exactly_the_example_report(name):
    """shared/records: NAME.verify.jsonl is the expected `verify --json` output."""
    result = run_cli("verify", str(RECORDS / f"{name}.json"), "--json")
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    expected = (RECORDS / f"{name}.verify.jsonl").read_text()
    assert [json.loads(line) for line in result.stdout.splitlines()] == \
        [json.loads(line) for line in expected.splitlines()]
    assert result.stdout.strip() == expected.strip()


def test_verify_text_prints_one_line_per_hand(capsys):
    assert main(["verify", str(RECORDS / "six_love_match.json")]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 5
    assert lines[0].startswith("hand 0: domino, N wins for NS; pips N 0 E 4 S 10 W 11; ends 3|2; score NS 1 EW 0")
    assert "tie" in lines[1] and "tied deals pending 1" in lines[1] and "next lead NS" in lines[1]


def test_verify_text_vietnamese(capsys):
    assert main(["verify", str(RECORDS / "vietnamese_3_players.json")]) == 0
    assert capsys.readouterr().out.strip() == (
        "hand 0: blocked, S wins; pips S 11 E 21 N 22; ends 1|1; score S 1 E 0 N 0; next lead S")


BAD = {
    "malformed_json": ('{"format": "dominoes-record", ', None, None),
    "unknown_setting": (edited("six_love_match", lambda d: d["rules"].update(spinners=True)), None, None),
    "duplicate_tile": (edited("six_love_match", lambda d: d["hands"][2]["deal"]["S"].__setitem__(0, "6-6")), 2, None),
    "missing_tile": (edited("straight_six_match", lambda d: d["hands"][1]["deal"]["E"].pop()), 1, None),
    "wrong_hand_size": (edited("straight_six_match", lambda d: d["hands"][1]["deal"]["E"].pop()), 1, None),
    "no_match": (edited("straight_six_match", lambda d: d["hands"][3]["moves"].__setitem__(1, "S 2-5 L")), 3, 1),
    "hand_over": (edited("straight_six_match", lambda d: d["hands"][2]["moves"].append("S pass")), 2, 19),
    "wrong_result": (edited("vietnamese_3_players", lambda d: d["hands"][0].update(
        result={"end": "blocked", "winner_seat": "E"})), 0, None),
}


@pytest.mark.parametrize("reason", sorted(BAD))
def test_verify_json_reports_a_bad_record_with_exit_1_and_its_place(tmp_path, capsys, reason):
    data, hand, move = BAD[reason]
    path = write(tmp_path, f"{reason}.json", data)
    assert main(["verify", path, "--json"]) == 1
    problems = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert {"hand": hand, "move": move, "reason": reason}.items() <= next(
        p for p in problems if p["reason"] == reason).items()
    assert all({"hand", "move", "reason", "message"} <= set(p) for p in problems)


def test_verify_text_reports_the_place_and_the_reason(tmp_path, capsys):
    data, _, _ = BAD["no_match"]
    assert main(["verify", write(tmp_path, "bad.json", data)]) == 1
    out = capsys.readouterr().out
    assert out.startswith("hand 3, move 1: ") and out.rstrip().endswith("[no_match]")
    assert "S 2-5 L" in out


@pytest.mark.parametrize("reason", ["malformed_json", "unknown_setting", "no_match"])
@pytest.mark.slow  # the CLI as a process
def test_verify_never_shows_a_traceback(tmp_path, reason):
    """RECORD.md: nothing raises a traceback at the user."""
    data, _, _ = BAD[reason]
    path = write(tmp_path, f"{reason}.json", data)
    for extra in ((), ("--json",)):
        result = run_cli("verify", path, *extra)
        assert result.returncode == 1
        assert "Traceback" not in result.stdout + result.stderr
        assert reason in result.stdout


MALFORMED_FIELDS = {  # a field of a record written wrong, beyond the moves: the reason html reports
    "bad_fair": (edited("six_love_match", lambda d: d["hands"][0].update(fair={"scheme": "x"})), 0),
    "bad_players": (edited("six_love_match", lambda d: d.update(players=[1])), None),
    "bad_start": (edited("six_love_match", lambda d: d.update(start={"score": "x"})), None),
    "bad_comments": (edited("six_love_match", lambda d: d.update(comments=["0:1"])), None),
    "wrong_result": (edited("six_love_match", lambda d: d["hands"][0].update(result=[1])), 0),
    "bad_hand": (edited("six_love_match", lambda d: d["hands"].__setitem__(1, ["S 6-6"])), 1),
    "bad_deal": (edited("six_love_match", lambda d: d["hands"][1].update(deal=7)), 1),
    "bad_in_play": (edited("six_love_match", lambda d: d.update(in_play={"seat": {"S": 1}})), 5),
    **{reason: (data, hand) for reason, (data, hand, _) in BAD.items()},
}


@pytest.mark.parametrize("reason", sorted(MALFORMED_FIELDS))
def test_html_reports_a_bad_record_as_verify_does_and_writes_no_page(tmp_path, capsys, reason):
    data, hand = MALFORMED_FIELDS[reason]
    path = write(tmp_path, f"{reason}.json", data)
    page = tmp_path / "page.html"
    assert main(["html", path, "-o", str(page)]) == 1
    out, err = capsys.readouterr()
    where = "record" if hand is None else f"hand {hand}"
    assert any(line.startswith(where) and line.endswith(f"[{reason}]") for line in out.splitlines()), out
    assert "Traceback" not in out + err and not page.exists()
    assert main(["verify", path]) == 1
    assert capsys.readouterr().out == out


@pytest.mark.parametrize("text, kind", [("[]", "list"), ("null", "null"), ("7", "int")])
def test_a_file_of_json_that_is_no_object_is_named_alike_by_html_and_verify(tmp_path, capsys, text, kind):
    """html said "a record is a dict, JSON text or a file path, not NoneType" of a file holding null."""
    path = write(tmp_path, "record.json", text)
    for command in ("html", "verify"):
        assert main([command, path]) == 1
        assert capsys.readouterr().out == f"record: a record is a JSON object, not {kind} [bad_record]\n"


def test_verify_a_missing_file(tmp_path, capsys):
    assert main(["verify", str(tmp_path / "nowhere.json"), "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["reason"] == "unreadable_file"


def _page_state(path: Path) -> dict:
    """The Replay's traits that a one-file page carries (js/PROTOCOL.md, "The one-file replay page")."""
    from dominoes_widget.page import page_state

    return page_state(path.read_text(encoding="utf-8"))  # its data read back from the packed form


def test_html_counting_puts_the_bottom_seats_counting_on_the_page(tmp_path, capsys):
    from dominoes_widget.widgets.replay import Replay

    source = RECORDS / "vietnamese_3_players.json"
    plain, counted = tmp_path / "plain.html", tmp_path / "counted.html"
    assert main(["html", str(source), "-o", str(plain)]) == 0
    assert main(["html", str(source), "-o", str(counted), "--counting", "--bottom", "E", "--lang", "vi"]) == 0
    assert f"wrote {counted}" in capsys.readouterr().out
    steps = [s for hand in _page_state(plain)["view"]["hands"] for s in hand_steps(hand)]
    assert not any("counting" in step for step in steps), "no counting unless asked"
    data = _page_state(counted)["view"]
    assert data == Replay(source, counting=True, bottom="E", lang="vi").view
    assert all(step["counting"]["title"] == "Những gì Đông đếm được" for hand in data["hands"] for step in hand_steps(hand))


# ---- html --analysis and analyse --hand: a bad input is one line on stderr and exit 2 ---------------------
def _side_file() -> dict:
    """A small, good analysis side file of six_love_match's first hand (judged by hand, not by the bot)."""
    from dominoes_widget import read_record
    from dominoes_widget.engine.hand import team_of

    replayed = read_record(RECORDS / "six_love_match.json")
    decisions = [{"hand": 0, "ply": ply, "seat": move.seat, "side": team_of(move.seat), "played": str(move),
                  "moves": [[str(move), 0.5, 0.0, 0.4, 0.6, 0.05, 100]]}
                 for ply, move in enumerate(replayed.match.hands[0].moves[:5])]
    return {"format": "dominoes-analysis", "version": 1, "game": replayed.match.rules.game,
            "rules": replayed.match.rules.settings(), "players": 4, "settings": {"hands": [0]},
            "decisions": decisions}


def _decision_3(**fields):
    def spoil(data: dict) -> dict:
        data["decisions"][3].update(fields)
        return data
    return spoil


BAD_SIDE_FILES = {  # kind: (the file's text, or how its JSON is spoiled; the end of the message)
    "missing": (None, ": cannot be read: No such file or directory [unreadable_file]"),
    "not JSON": ("hello", ": not valid JSON: Expecting value: line 1 column 1 (char 0) [malformed_json]"),
    "an array": (lambda data: [data], ": an analysis is a JSON object, not list [bad_analysis]"),
    "no game": (lambda data: {k: v for k, v in data.items() if k != "game"}, ": 'game' is missing [bad_analysis]"),
    "empty moves": (_decision_3(moves=[]), ", decision 3: 'moves' is empty [bad_analysis]"),
    "played not judged": (_decision_3(played="S 6-6 L"),
                          ", decision 3: the move played, 'S 6-6 L', is not among its judged 'moves' [bad_analysis]"),
    "hand not a number": (_decision_3(hand="x"), ", decision 3: 'hand' must be a whole number, not 'x' [bad_analysis]"),
    "ply -1": (_decision_3(ply=-1), ", decision 3: 'ply' must be 0 or more, not -1 [bad_analysis]"),
}


def _bad_side_file(tmp_path: Path, kind: str) -> str:
    spoil = BAD_SIDE_FILES[kind][0]
    path = tmp_path / "game.analysis.json"
    if spoil is not None:
        path.write_text(spoil if isinstance(spoil, str) else json.dumps(spoil(_side_file())))
    return str(path)


def test_html_takes_a_good_side_file(tmp_path, capsys):
    side = write(tmp_path, "game.analysis.json", _side_file())
    assert main(["html", str(RECORDS / "six_love_match.json"), "-o", str(tmp_path / "page.html"),
                 "--analysis", side]) == 0
    assert "wrote" in capsys.readouterr().out


@pytest.mark.parametrize("kind", list(BAD_SIDE_FILES))
def test_html_reports_a_bad_side_file_with_its_place_and_exit_2(tmp_path, capsys, kind):
    side = _bad_side_file(tmp_path, kind)
    page = tmp_path / "page.html"
    assert main(["html", str(RECORDS / "six_love_match.json"), "-o", str(page), "--analysis", side]) == 2
    out, err = capsys.readouterr()
    assert err == f"error: {side}{BAD_SIDE_FILES[kind][1]}\n" and not out
    assert not page.exists()


@pytest.mark.parametrize("kind", ["missing", "played not judged"])
@pytest.mark.slow  # the CLI as a process
def test_html_never_shows_a_traceback_for_a_bad_side_file(tmp_path, kind):
    side = _bad_side_file(tmp_path, kind)
    result = run_cli("html", str(RECORDS / "six_love_match.json"), "-o", str(tmp_path / "page.html"),
                     "--analysis", side)
    assert result.returncode == 2 and "Traceback" not in result.stdout + result.stderr
    assert result.stderr == f"error: {side}{BAD_SIDE_FILES[kind][1]}\n"


@pytest.mark.slow  # the CLI as a process
def test_analyse_reports_a_hand_the_record_does_not_have_with_exit_2(tmp_path):
    result = run_cli("analyse", str(RECORDS / "six_love_match.json"), "--hand", "99", "-o", str(tmp_path / "a.json"),
                     "--no-progress")
    assert result.returncode == 2 and "Traceback" not in result.stdout + result.stderr
    assert result.stderr == "error: hands: 99 is not a hand of this record (0 to 4)\n"
    assert not (tmp_path / "a.json").exists()


@pytest.mark.slow  # the CLI as a process
def test_html_analysis_without_a_file_analyses_first_and_keeps_the_side_file(tmp_path, capsys):
    record = json.loads((RECORDS / "six_love_match.json").read_text())
    record["hands"] = record["hands"][:1]  # one hand: analysed in a few seconds
    source = tmp_path / "game.json"
    source.write_text(json.dumps(record))
    assert main(["html", str(source), "--analysis"]) == 0
    out = capsys.readouterr()
    side = tmp_path / "game.analysis.json"
    assert "analysing game.json first" in out.err and f"wrote {side}" in out.out
    data = _page_state(tmp_path / "game.html")["view"]
    assert data["hands"][0]["analysis"]["marks"], "the page carries the analysis"
    side_made = side.stat().st_mtime_ns
    assert main(["html", str(source), "--analysis", "-o", str(tmp_path / "again.html")]) == 0
    assert "analysing" not in capsys.readouterr().err, "the side file is read the next time"
    assert side.stat().st_mtime_ns == side_made


def test_serve_refuses_a_tornado_without_every_security_fix(monkeypatch, capsys):
    import tornado

    import dominoes_widget.server

    def serve(*args, **kwargs):
        raise AssertionError("a server was started on the old tornado")

    monkeypatch.setattr(dominoes_widget.server, "serve", serve)
    monkeypatch.setattr(tornado, "version_info", (6, 5, 10, 0))
    monkeypatch.setattr(tornado, "version", "6.5.10")
    assert main(["serve", "--port", "0"]) == 2
    out, err = capsys.readouterr()
    assert err == ("error: the table server needs tornado 6.6.1 or later, which has every security fix of tornado 6; "
                   "this is tornado 6.5.10: pip install -U 'tornado>=6.6.1'\n") and not out


VERIFY_THEN_MODULES = """
import contextlib, io, json, sys
from dominoes_widget.__main__ import main
with contextlib.redirect_stdout(io.StringIO()):
    code = main(["verify", sys.argv[1], "--json"])
print(json.dumps({"code": code, "server": sorted(m for m in sys.modules if m.startswith("dominoes_widget.server")),
                  "tornado": "tornado" in sys.modules}))
"""


def test_verify_imports_no_server_code():
    """``verify`` runs once per record in scripts and CI: it loads the engine, never the table
    server (and its tornado), whose import took most of each call's half second of CPU."""
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    done = subprocess.run([sys.executable, "-c", VERIFY_THEN_MODULES, str(RECORDS / "six_love_match.json")],
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"code": 0, "server": [], "tornado": False}


def test_serve_help_still_names_every_limit(capsys):
    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    said = capsys.readouterr().out
    for option in ("--header-timeout", "--body-timeout", "--max-connections-per-address", "--create-rate",
                   "--max-tables", "--message-rate"):
        assert option in said, option
