"""The ``Replay`` widget, kernel side: opening records, the hand/step traits, positions
computed by the engine, bad records, and the size of what is synced to the browser."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

import pytest
import traitlets

from dominoes_widget import Match, Rules, read_record, write_record
from dominoes_widget.engine.errors import DominoesError
from dominoes_widget.words.catalog import Voice
from dominoes_widget.words.explanations import describe_rules, explain_move
from dominoes_widget.sessions.table.move_words import MoveWords
from dominoes_widget.sessions.replay.session import ReplaySession
from dominoes_widget.engine.views import seat_view
from dominoes_widget.widgets.replay import Replay
from dominoes_widget.sessions.replay.wire import is_packed, unpack_data
from dominoes_widget.sessions.replay.step_deltas import hand_steps
from pictures import inline_svgs

RECORDS = Path(__file__).resolve().parent / "data" / "records"  # copies of shared/records
SIX_LOVE = RECORDS / "six_love_match.json"


def _record(name: str = "six_love_match.json") -> dict:
    return json.loads((RECORDS / name).read_text())


def _engine_at(record: dict, hand: int, step: int):
    source = read_record(record).match.hands[hand].copy()
    while len(source.moves) > step:
        source.pop()
    return source


# -- opening ------------------------------------------------------------------------------------
@pytest.mark.parametrize("how", ["dict", "json_text", "path_str", "path", "replayed", "match"])
def test_opens_a_record_given_in_any_form(how):
    record = _record()
    source = {
        "dict": lambda: record,
        "json_text": lambda: json.dumps(record),
        "path_str": lambda: str(SIX_LOVE),
        "path": lambda: SIX_LOVE,
        "replayed": lambda: read_record(record),
        "match": lambda: read_record(record).match,
    }[how]()
    replay = Replay(source)
    assert replay.ok and not replay.problems and replay.report == []
    assert replay.hands == 5
    assert (replay.hand, replay.step) == (0, 0)
    assert replay.rules_text == describe_rules(Rules.six_love(), Voice("en"))
    assert replay.view["hands"][0]["moves"] == record["hands"][0]["moves"]
    assert isinstance(replay.record, dict)
    assert {seat: sorted(tiles) for seat, tiles in replay.record["hands"][0]["deal"].items()} == \
        {seat: sorted(tiles) for seat, tiles in record["hands"][0]["deal"].items()}


def test_load_reads_a_file():
    replay = Replay.load(SIX_LOVE, hand=2, step=3)
    assert (replay.hand, replay.step) == (2, 3)
    with pytest.raises(TypeError):
        Replay.load({"not": "a path"})


@pytest.mark.slow  # analyses or many widgets
def test_a_table_record_replays():
    from dominoes_widget.widgets.table import Table

    table = Table(seats={"S": "greedy"}, bot_delay=0, seed=3)  # bots only: the first hand plays out
    assert table.hand.is_over
    replay = Replay(table.record)
    assert replay.ok and replay.position.ply == 0
    replay.go(0, -1)
    assert replay.position.state_key() == table.match.hands[0].copy().state_key()


def test_unknown_options_are_refused():
    with pytest.raises(TypeError):
        Replay(_record(), player="S")
    with pytest.raises(TypeError):
        Replay(42)


# -- hand and step ---------------------------------------------------------------------------
def test_step_and_hand_set_from_python_move_the_position():
    record = _record()
    replay = Replay(record)
    replay.step = 5
    assert replay.position.state_key() == _engine_at(record, 0, 5).state_key()
    assert str(replay.move) == record["hands"][0]["moves"][4]
    replay.hand = 2
    assert replay.step == 0, "a hand set from Python opens at its deal"
    replay.step = replay.moves_in()
    assert replay.position.is_over
    replay.go(4, -1)
    assert (replay.hand, replay.step) == (4, replay.moves_in(4))


def test_observers_see_the_browser_step():
    replay = Replay(_record())
    seen = []
    replay.observe(lambda change: seen.append((change["name"], change["new"])), names=["hand", "step"])
    replay.set_state({"hand": 3, "step": 9})  # what a browser message does
    assert (replay.hand, replay.step) == (3, 9), "the browser's hand and step are kept together"
    assert ("hand", 3) in seen and ("step", 9) in seen
    replay.set_state({"step": 10})
    assert replay.step == 10
    replay.set_state({"hand": 1})  # a hand alone from the browser keeps a step that fits
    assert (replay.hand, replay.step) == (1, 10)
    replay.set_state({"hand": 0, "step": 20})
    assert (replay.hand, replay.step) == (0, 20)


@pytest.mark.slow  # analyses or many widgets
def test_out_of_range_values_are_refused_at_the_trait_layer():
    replay = Replay(_record())
    with pytest.raises(traitlets.TraitError, match="Step 27 is outside hand 0"):
        replay.step = 27
    with pytest.raises(traitlets.TraitError, match="Hand 5 does not exist"):
        replay.hand = 5
    with pytest.raises(traitlets.TraitError):
        replay.step = -1
    with pytest.raises(traitlets.TraitError):
        replay.speed = 0
    with pytest.raises(ValueError):
        replay.go(1, 99)
    assert (replay.hand, replay.step) == (0, 0), "a refused value changes nothing"


@pytest.mark.parametrize("name", ["six_love_match.json", "straight_six_match.json", "vietnamese_3_players.json"])
def test_position_is_the_engines_hand_after_those_moves(name):
    record = _record(name)
    replay = Replay(record)
    for hand in range(replay.hands):
        for step in range(replay.moves_in(hand) + 1):
            replay.go(hand, step)
            position = replay.position
            expected = _engine_at(record, hand, step)
            assert position.state_key() == expected.state_key(), (hand, step)
    # a fresh copy each time: computing on it does not move the replay
    replay.go(0, 3)
    position = replay.position
    position.push(position.legal_move_list()[0])
    assert replay.position.ply == 3


def test_the_match_score_as_of_the_moment():
    replay = Replay(_record())
    match = replay.match
    replay.go(1, 0)
    assert replay.match_state == match.state_before(1)
    replay.go(1, replay.moves_in(1))
    assert replay.match_state == match.state_before(2), "at the end of a hand: the score after it"
    replay.go(4, -1)
    assert replay.match_state == match.state


def test_comments_and_explanations_follow_the_step():
    record = _record()
    record["comments"] = {"0:3": "S starts the blank-four arm.", "2:0": "The lead."}
    replay = Replay(record)
    replay.step = 4
    assert replay.comment == "S starts the blank-four arm."
    replay.step = 3
    assert replay.comment is None
    steps = hand_steps(replay.view["hands"][0])
    assert [i for i, step in enumerate(steps) if step["note"]] == [4]
    assert steps[4]["note"] == "S starts the blank-four arm."
    assert hand_steps(replay.view["hands"][2])[1]["note"] == "The lead."
    hand = replay.match.hands[0]
    last = len(hand.moves)
    voice = replay.session.voice()
    assert [step["say"] for step in steps[1:last]] == [explain_move(hand, i, voice=voice) for i in range(last - 1)]
    assert steps[last]["say"] == explain_move(hand, last - 1, ending=False, voice=voice), "the result tells the end"
    assert steps[0]["say"] == "Hand 1 is dealt: East leads."
    assert steps[1]["say"].startswith("East leads 6-6"), "players by name, not by seat letter"


def test_each_hand_carries_positions_scores_and_result():
    record = _record()
    replay = Replay(record)
    first = replay.view["hands"][0]
    assert len(hand_steps(first)) == len(first["moves"]) + 1
    assert hand_steps(first)[0]["turn"] == "E" and hand_steps(first)[-1]["turn"] is None
    assert first["tally_before"] == "NS 0 · EW 0" and first["tally_after"] == "NS 1 · EW 0"
    assert first["score_before"]["title"] == "Six Love"
    assert [row["value"] for row in first["score_after"]["rows"]] == ["1", "0"]
    assert first["result"]["title"] and first["result"]["winners"]
    tie = replay.view["hands"][1]
    assert "tie" in tie["result"]["title"].lower() and tie["result"]["winners"] == []
    assert "1 tied deal pending: replayed with a fresh deal." in tie["score_after"]["notes"]
    for step, data in enumerate(hand_steps(first)):  # every position is the engine's
        engine = _engine_at(record, 0, step)
        assert data["line"] == [list(pair) for pair in engine.line]
        assert data["hands"] == {s: [str(t) for t in engine.held(s)] for s in engine.seats}
        assert data["pips"] == {s: engine.pips(s) for s in engine.seats}
        assert data["last"] == engine.last_placed and data["passed"] == list(engine.passed())


def test_an_unfinished_last_hand_has_no_result():
    match = Match(Rules.six_love(), seed=5)
    hand = match.deal(seed=5)
    for _ in range(6):
        match.push(hand.legal_move_list()[0])
    replay = Replay(write_record(match))
    assert replay.ok
    last = replay.view["hands"][-1]
    assert last["result"] is None and last["tally_after"] is None and last["score_after"] is None
    replay.step = 6
    assert replay.position.ply == 6 and not replay.position.is_over


# -- bad records ------------------------------------------------------------------------------------
def _illegal_move_record() -> dict:
    record = _record()
    record["hands"][1]["moves"][4] = "S 6-6 R"
    return record


@pytest.mark.parametrize("source, reason, hand, move", [
    ("{ not json", "malformed_json", None, None),
    ("/no/such/record.json", "unreadable_file", None, None),
    (lambda: {**_record(), "rules": {"scoring": "six_love", "colour": "red"}}, "unknown_setting", None, None),
    (_illegal_move_record, "tile_not_in_hand", 1, 4),
])
def test_a_bad_record_opens_nothing_and_reports_where(source, reason, hand, move):
    source = source() if callable(source) else source
    replay = Replay(source)  # no exception
    assert not replay.ok
    assert replay.view == {}
    assert replay.position is None and replay.match is None and replay.hands == 0
    problem = next(p for p in replay.problems if p.reason == reason)
    assert (problem.hand, problem.move) == (hand, move)
    assert {"hand": hand, "move": move, "reason": reason} == {k: replay.report[replay.problems.index(problem)][k]
                                                              for k in ("hand", "move", "reason")}
    assert "bad record" in repr(replay)
    with pytest.raises(ValueError, match="did not open"):
        replay.go(0, 0)


def test_a_bad_record_keeps_its_json_for_fixing():
    record = _illegal_move_record()
    replay = Replay(record)
    assert replay.record == record


# -- what goes to the browser -------------------------------------------------------------------------
def test_the_synced_payload_is_compact():
    replay = Replay(SIX_LOVE)
    text = json.dumps(replay.view, separators=(",", ":"))
    moves = sum(len(h["moves"]) for h in replay.view["hands"])
    per_move = len(text) / moves
    print(f"\nsynced payload of {SIX_LOVE.name}: {len(text)} bytes for 5 hands, {moves} moves "
          f"({per_move:.0f} bytes a move; the record file itself is {SIX_LOVE.stat().st_size} bytes)")
    assert len(text) < 90_000
    assert per_move < 300, "a step costs its change and its sentence, little else"
    # nothing but what the browser needs
    assert set(replay.view) == {"v", "lang", "game", "title", "seats", "bottom", "players", "hands", "end"}
    assert set(replay.view["hands"][0]) == {"label", "moves", "move_items", "score_before", "score_after",
                                            "tally_before", "tally_after", "result", "deltas"}
    assert ReplaySession(_record()).view() == replay.view


def test_the_widget_state_holds_the_whole_record_once():
    replay = Replay(SIX_LOVE)
    state = replay.get_state()
    assert is_packed(state["view"]) and unpack_data(state["view"]) == replay.view, "it travels packed, losing nothing"
    assert state["hand"] == 0 and state["step"] == 0
    assert "static/replay.js" not in json.dumps(state)  # the code itself, not a path
    assert state["_esm"].strip(), "the bundled front end travels with the widget state"


def test_the_module_examples_run():
    import doctest

    from dominoes_widget.widgets import replay

    result = doctest.testmod(replay)
    assert result.attempted >= 5 and result.failed == 0


def test_viewers_without_widgets_get_a_picture_of_the_position():
    import xml.etree.ElementTree as ET

    record = _record()
    record["comments"] = {"0:3": "S starts the blank-four arm."}
    replay = Replay(record, step=4)
    data, _metadata = replay._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data, "notebooks with widgets still get the widget"
    html = inline_svgs(data["text/html"])
    root = ET.fromstring(html)
    assert root.find(".//{http://www.w3.org/2000/svg}svg") is not None
    assert "move 4 of 26" in html and "S starts the blank-four arm." in html
    assert "<script" not in html
    bad, _ = Replay("{ not json")._repr_mimebundle_()
    assert "did not open" in bad["text/html"] and 'data-reason="malformed_json"' in bad["text/html"]
    assert "The record: the text is not valid JSON" in bad["text/html"]


def test_a_hand_saved_with_its_steps_whole_still_reads():
    """Notebooks saved before the steps were sent as changes hold each hand's ``steps`` whole."""
    replay = Replay(SIX_LOVE)
    steps = hand_steps(replay.view["hands"][1])
    old = {k: v for k, v in replay.view["hands"][1].items() if k != "deltas"} | {"steps": steps}
    assert hand_steps(old) == steps
    assert len(json.dumps(replay.view["hands"][1]["deltas"])) * 2 < len(json.dumps(steps)), "half the size or less"


def test_with_an_analysis_the_data_has_a_table_per_player_from_analysis_summary():
    from dominoes_widget.studies.analysis import Analysis

    saved = Path(__file__).resolve().parent / "data" / "six_love_10_hands.analysis.json"
    record = Path(__file__).resolve().parent / "data" / "records" / "six_love_10_hands.json"
    summary = Replay(record, analysis=saved).view["summary"]
    rows = Analysis.load(saved).summary()
    assert summary["title"] == "Per player" and len(summary["head"]) == 5
    assert [row[1:] for row in summary["rows"]] == [
        [str(r["inaccuracy"]), str(r["mistake"]), str(r["blunder"]), f"{r['average_loss']:.1f}"] for r in rows]
    assert summary["rows"][0][0].startswith("North"), "players by their labels, in seat order"
    assert "summary" not in Replay(record).view, "only with an analysis"
    vi = Replay(record, analysis=saved, lang="vi").view["summary"]
    assert vi["title"] == "Theo người chơi"


@pytest.mark.slow  # analyses or many widgets
def test_analysis_true_analyses_with_a_progress_bar(capfd):
    record = json.loads(SIX_LOVE.read_text())
    record["hands"] = record["hands"][:1]
    replay = Replay(record, analysis=True)
    assert replay.view["hands"][0]["analysis"]["marks"]
    err = capfd.readouterr().err
    decisions = len(replay.session.analysis)
    assert f"{decisions}/{decisions}" in err and "decisions" in err, "decisions done out of the total"


def test_play_from_here_opens_a_table_at_the_position_with_you_in_the_movers_seat():
    replay = Replay(SIX_LOVE, hand=1, step=5)
    mover = replay.position.turn
    table = replay.play_from_here(bots="greedy", bot_delay=0)
    try:
        assert table.turn == mover, "your turn, at once"
        assert table.view["bottom"] == mover and table.view["viewer"] == mover, "drawn at the bottom, seeing as the mover"
        session = table._session
        assert [str(m) for m in session.hand.moves] == [str(m) for m in replay.position.moves]
        assert session.hand.deal == replay.position.deal, "the hand's own deal"
        assert session.match.state_before(0).score == replay.match.state_before(1).score, "and its match score"
        assert set(session.humans) == {mover}
    finally:
        table.close()
    replay.go(1, -1)
    with pytest.raises(ValueError, match=f"Nobody is to move at step {replay.step} of hand 1") as refused:
        replay.play_from_here()
    assert (refused.value.reason, refused.value.case) == ("nobody_to_move", "nobody_to_move_at")


def _heard(replay: Replay) -> list[dict]:
    """What the widget sends to its page, from now on."""
    sent: list[dict] = []
    replay.send = sent.append  # type: ignore[method-assign]
    return sent


def test_the_play_from_here_button_opens_a_table_under_the_board_and_closes_it():
    replay = Replay(SIX_LOVE, hand=1, step=5)
    sent = _heard(replay)
    replay._on_message(replay, {"type": "hello"}, [])
    assert sent == [{"type": "live"}], "a kernel answers: the page shows the button"
    replay._on_message(replay, {"type": "play_here", "hand": 1, "step": 4}, [])
    table = replay.table
    assert table is not None and table.comm is not None
    mover = replay.session.position(1, 4).turn
    assert table.turn == mover and table.view["viewer"] == mover, "the position the page showed, you to move"
    assert [str(m) for m in table.session.hand.moves] == [str(m) for m in replay.session.position(1, 4).moves]
    state = replay.get_state(["table"])
    assert state["table"] == f"IPY_MODEL_{table.model_id}", "the page finds the Table's model by its id"
    replay._on_message(replay, {"type": "play_here", "hand": 0, "step": 0}, [])
    assert table.comm is None, "a second table replaces (and closes) the first"
    second = replay.table
    replay._on_message(replay, {"type": "close_table"}, [])
    assert replay.table is None and second.comm is None


@pytest.mark.parametrize("content", [
    {"type": "play_here", "hand": 1, "step": -1},
    {"type": "play_here", "hand": 99, "step": 0},
    {"type": "play_here", "hand": "1", "step": 0},
])
def test_play_from_here_where_there_is_no_position_is_refused_with_a_reason(content):
    replay = Replay(SIX_LOVE)
    sent = _heard(replay)
    replay._on_message(replay, content, [])
    assert replay.table is None
    assert [(m["type"], m["reason"]) for m in sent] == [("refused", "no_position")] and sent[0]["message"]


def test_play_from_here_at_a_finished_hand_says_nobody_is_to_move():
    replay = Replay(SIX_LOVE, lang="vi")
    sent = _heard(replay)
    last = replay.moves_in(0)
    replay._on_message(replay, {"type": "play_here", "hand": 0, "step": last}, [])
    assert replay.table is None
    said = f"Ở bước {last} của ván 0 không ai phải đi: ván đã kết thúc. Hãy tới một thế bài của ván đang chơi."
    assert sent == [{"type": "refused", "reason": "nobody_to_move", "message": said}]


@pytest.mark.parametrize("ask, reason, case, facts, words", [
    (lambda r: r.go(9), "no_position", "no_such_hand", {"hand": 9, "last": 4}, "Hand 9 does not exist"),
    (lambda r: r.go(1, 99), "no_position", "no_such_step", {"step": 99, "hand": 1}, "Step 99 is outside hand 1"),
    (lambda r: r.go("1"), "no_position", "not_whole_number", {"field": "hand", "text": "'1'"}, "hand must be a whole"),
    (lambda r: r.play_from_here(hand=0, step=-1), "nobody_to_move", "nobody_to_move_at", {"hand": 0, "step": 26},
     "Nobody is to move at step 26 of hand 0"),
    (lambda r: r.to_html(hand=2, step=-99), "no_position", "no_such_step", {"hand": 2}, "outside hand 2"),
])
def test_the_python_api_refuses_with_a_dominoes_error_naming_what_and_where(ask, reason, case, facts, words):
    """A refused position is a DominoesError (still a ValueError): its reason, its case (the words'
    key), the facts that fill them; and nothing moved."""
    replay = Replay(SIX_LOVE, hand=1, step=3)
    with pytest.raises(DominoesError) as refused:
        ask(replay)
    assert isinstance(refused.value, ValueError)
    assert (refused.value.reason, refused.value.case) == (reason, case)
    assert facts.items() <= refused.value.facts.items() and words in str(refused.value)
    assert (replay.hand, replay.step, replay.table) == (1, 3, None), "a refusal changes nothing"


def test_a_trait_set_from_python_is_refused_as_a_trait_error_and_a_dominoes_error():
    replay = Replay(SIX_LOVE, hand=1, step=3, lang="vi")
    for name, value, reason, case in (("hand", 5, "no_position", "no_such_hand"),
                                      ("step", 99, "no_position", "no_such_step"),
                                      ("speed", 0, "bad_speed", "bad_speed_value")):
        with pytest.raises(traitlets.TraitError) as refused:
            setattr(replay, name, value)
        assert isinstance(refused.value, DominoesError) and (refused.value.reason, refused.value.case) == (reason, case)
        assert re.search(r"[ăâđêôơư]", str(refused.value)), f"in Vietnamese: {refused.value}"
    assert (replay.hand, replay.step, replay.speed) == (1, 3, 2.0), "nothing changed"
    with pytest.raises(traitlets.TraitError, match="from 0.25 to 20.0, not 0"):
        Replay(SIX_LOVE, speed=0)


def test_a_seat_or_a_record_the_replay_does_not_have_is_refused_by_reason():
    with pytest.raises(DominoesError) as refused:
        Replay(SIX_LOVE, bottom="Q")
    assert (refused.value.reason, refused.value.case) == ("no_such_seat", "no_such_seat")
    assert str(refused.value) == "There is no seat 'Q' in this game: the seats in play are N, E, S, W."
    bad = Replay('{"format": "dominoes-record", "version": 1, "game": "chess"}')
    for ask in (lambda: bad.go(0), lambda: bad.play_from_here()):
        with pytest.raises(DominoesError) as refused:
            ask()
        assert refused.value.reason == "record_not_open" and refused.value.facts == {"problems": 1}


def test_the_pages_writes_are_refused_in_a_sessions_shape_and_change_nothing():
    """hand, step and speed written by the page: a bad value is sent back and the page told why
    with the reason, as every session refuses ({type: "error", reason, message})."""
    replay = Replay(SIX_LOVE, hand=1, step=3)
    sent = _heard(replay)
    for update, reason in (({"hand": 9}, "no_position"), ({"hand": 0, "step": 999}, "no_position"),
                           ({"speed": 100}, "bad_speed"), ({"view": {}}, "bad_message")):
        sent.clear()
        replay.set_state(update)
        refusals = [m for m in sent if m.get("type") == "error"]
        assert [m["reason"] for m in refusals] == [reason] and refusals[0]["message"], (update, sent)
        assert (replay.hand, replay.step, replay.speed) == (1, 3, 2.0), update


def _one_hand() -> dict:
    record = json.loads(SIX_LOVE.read_text())
    record["hands"] = record["hands"][:1]
    return record


async def _analysed_on_the_loop(record: dict) -> tuple[Replay, list[dict], int]:
    """A Replay made with analysis=True inside a running loop: it, the bar's values as they came,
    and how many turns another task had while the analysis ran."""
    replay = Replay(record, analysis=True)
    assert replay.analysis_task is not None
    assert "analysis" not in replay.view["hands"][0] or not replay.view["hands"][0]["analysis"], \
        "the board comes at once, the analysis after"
    assert replay.view["hands"][0]["moves"], "with its moves to step through meanwhile"
    bars: list[dict] = [dict(replay.analysing)]
    replay.observe(lambda change: bars.append(change["new"]), "analysing")
    turns = 0

    async def other_work() -> None:
        nonlocal turns
        while not replay.analysis_task.done():
            turns += 1
            await asyncio.sleep(0)

    await asyncio.gather(replay.analysis_task, other_work())
    return replay, bars, turns


@pytest.mark.slow  # analyses or many widgets
def test_analysis_true_in_a_notebook_shows_the_board_first_with_a_bar_then_the_analysis():
    replay, bars, turns = asyncio.run(_analysed_on_the_loop(_one_hand()))
    analysis = replay.analysis_task.result()
    total = len(analysis)
    assert total > 2 and replay.session.analysis is analysis
    assert replay.view["hands"][0]["analysis"]["marks"] is not None, "the analysis filled in"
    assert bars[0] == {"done": 0, "total": total, "hand": 1, "hands": 1, "text": "Judging hand 1 of 1…"}
    assert any("left" in bar.get("text", "") for bar in bars[1:-1]), "then the time left"
    assert [bar["done"] for bar in bars[:-1]] == sorted(bar["done"] for bar in bars[:-1])
    assert bars[-1] == {} and replay.analysing == {}, "the bar goes when done"
    assert turns > 1, "the loop stayed free for other work while it analysed"


def test_an_analysis_that_stops_says_so_in_the_bar(monkeypatch):
    import dominoes_widget.studies.analysis as analysis_module

    async def failing(_plan, _found, **_options):
        raise MemoryError("out of memory")

    monkeypatch.setattr(analysis_module._Plan, "judge_async", failing)

    async def main() -> Replay:
        replay = Replay(_one_hand(), analysis=True)
        with pytest.raises(MemoryError):
            await replay.analysis_task
        return replay

    replay = asyncio.run(main())
    assert replay.analysing["failed"] and replay.analysing["text"] == "The analysis stopped: out of memory"
    assert replay.analysing["total"] == len(replay.session.run.plan.jobs) > 2


def test_closing_a_replay_stops_its_analysis(monkeypatch):
    """A Replay closed while it analyses (a Table's Learn pressed again, the Table closed) stops
    the analysis: nothing goes on judging for a widget nobody sees."""
    import dominoes_widget.studies.analysis as analysis_module

    started = []

    async def endless(_plan, _found, **_options):
        started.append(True)
        await asyncio.Event().wait()  # as an analysis on the workers, until stopped

    monkeypatch.setattr(analysis_module._Plan, "judge_async", endless)

    async def main() -> Replay:
        replay = Replay(_one_hand(), analysis=True)
        while not started:
            await asyncio.sleep(0)
        replay.close()
        with pytest.raises(asyncio.CancelledError):
            await replay.analysis_task
        return replay

    replay = asyncio.run(main())
    assert replay.analysis_task.cancelled() and replay.analysing["done"] == 0
    assert replay.session.run.stopped, "and the session judges no more"


@pytest.mark.parametrize("lang", ["en", "vi"])
@pytest.mark.parametrize("name", ["six_love_match.json", "vietnamese_3_players.json"])
def test_the_move_list_words_each_move_as_the_tables_list_does(lang, name):
    """The Replay's move list says "North: 6-4 on the left", in the Table's words, not in signs."""
    session = ReplaySession(_record(name), lang=lang)
    data = session.view()
    voice = session.voice()
    for index, hand in enumerate(data["hands"]):
        end = session.position(index, session.moves_in(index))
        assert hand["move_items"] == MoveWords().of(seat_view(end, end.rules.seats[0]), voice).items
    first = data["hands"][0]["move_items"]
    assert all("◀" not in item and "▶" not in item for item in first)
    on_the_left = {"en": " on the left", "vi": " ở đầu trái"}[lang]
    assert any(item.endswith(on_the_left) for item in first), first
