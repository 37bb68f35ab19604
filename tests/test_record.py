"""Game records (RECORD.md v1): write → read gives the same match; verify finds every problem."""

from __future__ import annotations

import contextlib
import copy
import io
import json
from pathlib import Path

import pytest

from dominoes_widget import Match, RecordError, Rules, read_record, verify_record, write_record

from engine_helpers import LEADER_LOWEST, blocked_deal, blocked_moves, play, play_match

RECORDS = Path(__file__).resolve().parent / "data" / "records"  # copies of shared/records
EXAMPLES = sorted(p.name.removesuffix(".verify.jsonl") for p in RECORDS.glob("*.verify.jsonl"))  # the shared ones


def example(name: str) -> dict:
    return json.loads((RECORDS / f"{name}.json").read_text())


def expected_report(name: str) -> list[dict]:
    return [json.loads(line) for line in (RECORDS / f"{name}.verify.jsonl").read_text().splitlines() if line]


def same_match(a: Match, b: Match) -> None:
    assert a.rules == b.rules
    assert a.start_state == b.start_state
    assert a.state == b.state
    assert len(a.hands) == len(b.hands)
    for x, y in zip(a.hands, b.hands):
        assert (x.deal, x.initial_boneyard, x.leader, x.moves) == (y.deal, y.initial_boneyard, y.leader, y.moves)
        assert x.outcome == y.outcome
        assert x.state_key() == y.state_key()


# -- write → read ------------------------------------------------------------------------------
@pytest.mark.parametrize("rules, start", [
    (Rules.six_love(), None),
    (Rules.six_love(one_all_playoff=True, six_love_break="streak", sporting=True), None),
    (Rules.straight_six(straight_six_tie="accumulate", direction="clockwise"), {"score": {"NS": 4, "EW": 5},
                                                                                "ties": 1}),
    (Rules.vietnamese(2, draw_mode="until_playable", target=3), None),
    (Rules.vietnamese(3, blank_rule="wild", drawn_tile_must_play=False, target=3), None),
    (Rules.vietnamese(4, target=2), None),
])
def test_write_then_read_gives_the_same_match(rules, start):
    match = play_match(rules, seed=11, start=start, max_hands=8)
    record = write_record(match, players={"N": "Ana", "S": "bot:greedy"}, comments={"0:1": "a note"})
    text = json.dumps(record)
    replayed = read_record(text)
    same_match(match, replayed.match)
    assert replayed.players == {"N": "Ana", "S": "bot:greedy"}
    assert replayed.comments == {"0:1": "a note"}
    assert write_record(replayed.match, replayed.players, replayed.comments) == record
    summaries, problems = verify_record(text)
    assert problems == [] and len(summaries) == len(match.hands)


def test_a_record_has_the_fields_of_record_md():
    match = play_match(Rules.vietnamese(3), seed=2, max_hands=1)
    record = write_record(match)
    assert record["format"] == "dominoes-record" and record["version"] == 1
    assert record["game"] == "vietnamese" and record["seats"] == ["S", "E", "N"]
    hand = record["hands"][0]
    assert set(hand) == {"deal", "boneyard", "leader", "moves", "result"}
    assert len(hand["boneyard"]) == 7 and all(len(hand["deal"][s]) == 7 for s in "SEN")
    assert all(m.split()[1] != "draw" or len(m.split()) == 3 for m in hand["moves"])  # draws name their tile
    assert "start" not in record  # absent means a new match


def test_an_unfinished_last_hand_is_written_and_read_back():
    match = Match(Rules.six_love())
    match.deal(blocked_deal("S", LEADER_LOWEST))
    play(match, *blocked_moves("S")[:4])
    record = write_record(match)
    assert "result" not in record["hands"][0]
    replayed = read_record(record)
    same_match(match, replayed.match)
    summaries, problems = verify_record(record)
    assert problems == [] and summaries[0]["end"] is None


def test_a_start_state_is_written_and_read_back():
    match = Match(Rules.six_love(), {"score": {"NS": 5, "EW": 0}, "ties": 1})
    assert write_record(match)["start"] == {"score": {"NS": 5, "EW": 0}, "ties": 1, "playoff": False,
                                             "last_winner": None}
    assert read_record(write_record(match)).match.start_state == match.start_state


# -- verify on the shared examples ---------------------------------------------------------------
@pytest.mark.parametrize("name", EXAMPLES)
def test_verify_gives_the_example_records_reports(name):
    summaries, problems = verify_record(RECORDS / f"{name}.json")
    assert problems == []
    assert summaries == expected_report(name)


@pytest.mark.parametrize("name", EXAMPLES)
def test_example_records_read_and_write_back_unchanged_in_substance(name):
    data = example(name)
    replayed = read_record(data)
    again = write_record(replayed.match)
    for ours, theirs in zip(again["hands"], data["hands"]):
        assert ours["moves"] == theirs["moves"]
        assert ours["leader"] == theirs["leader"]
        assert {s: sorted(t) for s, t in ours["deal"].items()} == {s: sorted(t) for s, t in theirs["deal"].items()}
        assert ours["boneyard"] == theirs["boneyard"]  # the pile keeps its order: top first
    assert verify_record(again) == verify_record(data)


# -- bad records ----------------------------------------------------------------------------------
def _problem(record, reason, hand=None, move=None):
    summaries, problems = verify_record(record)
    assert problems, "the record should have been refused"
    assert summaries == [] or problems
    reasons = [(p.reason, p.hand, p.move) for p in problems]
    assert (reason, hand, move) in reasons, reasons
    with pytest.raises(RecordError) as error:
        read_record(record)
    assert error.value.problems == problems
    return next(p for p in problems if (p.reason, p.hand, p.move) == (reason, hand, move))


def _edited(name, edit):
    data = copy.deepcopy(example(name))
    edit(data)
    return data


def test_malformed_json():
    problem = _problem('{"format": "dominoes-record", "hands": [', "malformed_json")
    assert "line 1" in problem.message


def test_a_record_that_is_not_an_object():
    _problem(b"[1, 2]", "bad_record")


def test_unknown_setting():
    problem = _problem(_edited("six_love_match", lambda d: d["rules"].update(spinners=True)), "unknown_setting")
    assert "'spinners'" in problem.message and "one_all_playoff" in problem.message


def test_a_setting_value_the_setting_does_not_take():
    _problem(_edited("six_love_match", lambda d: d["rules"].update(scoring="seven_love")), "bad_setting")


def test_a_setting_of_the_other_game():
    _problem(_edited("vietnamese_3_players", lambda d: d["rules"].update(scoring="six_love")), "bad_setting")


def test_wrong_format_version_game_and_seats():
    _problem(_edited("six_love_match", lambda d: d.update(format="pgn")), "bad_format")
    _problem(_edited("six_love_match", lambda d: d.update(version=2)), "bad_version")
    _problem(_edited("six_love_match", lambda d: d.update(game="chess")), "bad_game")
    _problem(_edited("six_love_match", lambda d: d.update(seats=["N", "S"])), "bad_seats")


def test_duplicate_tile():
    def edit(d):
        d["hands"][1]["deal"]["N"][0] = "6-6"  # E holds the 6-6 too; N's 0-1 is now missing
    problem = _problem(_edited("six_love_match", edit), "duplicate_tile", 1)
    assert "6-6" in problem.message
    _problem(_edited("six_love_match", edit), "missing_tile", 1)


def test_missing_tile_and_wrong_hand_size():
    def edit(d):
        d["hands"][2]["deal"]["W"].pop()
    problem = _problem(_edited("six_love_match", edit), "wrong_hand_size", 2)
    assert "W is dealt 6 tiles" in problem.message
    _problem(_edited("six_love_match", edit), "missing_tile", 2)


def test_wrong_pile_size():
    _problem(_edited("vietnamese_3_players", lambda d: d["hands"][0]["boneyard"].pop()), "wrong_hand_size", 0)


def test_illegal_move_with_its_reason_and_place():
    """RECORD.md: where it is (hand, move number, seat, tile) and the reason code."""
    def edit(d):
        d["hands"][1]["moves"][3] = "W 5-5 L"
    problem = _problem(_edited("six_love_match", edit), "tile_not_in_hand", 1, 3)
    assert (problem.seat, problem.tile) == ("W", "5-5")
    assert "W 5-5 L" in problem.message


def test_illegal_pass_and_draw_in_a_record():
    _problem(_edited("six_love_match", lambda d: d["hands"][0]["moves"].__setitem__(1, "N pass")),
             "pass_with_playable_tile", 0, 1)
    _problem(_edited("vietnamese_3_players", lambda d: d["hands"][0]["moves"].__setitem__(6, "E draw 4-4")),
             "bad_draw", 0, 6)
    _problem(_edited("vietnamese_3_players", lambda d: d["hands"][0]["moves"].__setitem__(1, "N draw")),
             "draw_with_playable_tile", 0, 1)


def test_a_leader_the_rules_do_not_allow_is_a_problem_of_move_0():
    """RECORD.md: a seat that may not lead is reported as move 0, reason wrong_leader."""
    def edit(d):
        d["hands"][1]["leader"] = "E"
        d["hands"][1]["moves"][0] = "E 6-6"
    _problem(_edited("six_love_match", edit), "wrong_leader", 1, 0)


def test_the_first_hand_must_pose_the_6_6():
    def edit(d):
        d["hands"][0]["moves"][0] = "E 5-5"
    _problem(_edited("six_love_match", edit), "must_lead_double_six", 0, 0)


def test_a_move_after_the_end():
    problem = _problem(_edited("six_love_match", lambda d: d["hands"][0]["moves"].append("E pass")),
                       "hand_over", 0, 26)
    assert "after the hand ended" in problem.message


def test_a_hand_that_stops_before_its_end_is_only_allowed_last():
    _problem(_edited("six_love_match", lambda d: d["hands"][0]["moves"].pop()), "hand_unfinished", 0, 25)


def test_wrong_result():
    def edit(d):
        d["hands"][0]["result"] = {"end": "domino", "winner_seat": "E", "winner_team": "EW", "tie": False}
    problem = _problem(_edited("six_love_match", edit), "wrong_result", 0)
    assert "winner_seat" in problem.message


def test_a_correct_result_is_accepted():
    summaries = verify_record(example("straight_six_match"))[0]
    def edit(d):
        for entry, summary in zip(d["hands"], summaries):
            entry["result"] = {k: summary[k] for k in ("end", "winner_seat", "winner_team", "tie", "pips")}
    assert verify_record(_edited("straight_six_match", edit))[1] == []


def test_a_hand_after_the_match_is_won():
    def edit(d):
        d["start"] = {"score": {"NS": 5, "EW": 0}}
    # hand 0: E poses the 6-6 and N dominoes for N-S at 5-0: 6-0 wins; hand 1 comes after the end
    problem = _problem(_edited("six_love_match", edit), "match_over", 1, 0)
    assert "NS" in problem.message


def test_a_bad_start_state():
    _problem(_edited("six_love_match", lambda d: d.update(start={"score": {"NS": -2}})), "bad_start")
    _problem(_edited("six_love_match", lambda d: d.update(start={"score": [1, 0]})), "bad_start")


def test_bad_comment_keys():
    _problem(_edited("six_love_match", lambda d: d.update(comments={"zero": "x"})), "bad_comment")
    _problem(_edited("six_love_match", lambda d: d.update(comments={"9:0": "x"})), "bad_comment", 9)


def test_problems_in_several_hands_are_all_reported_and_later_hands_are_still_checked():
    def edit(d):
        d["hands"][1]["deal"]["N"][0] = "6-6"
        d["hands"][3]["moves"][2] = "E pass"
    summaries, problems = verify_record(_edited("six_love_match", edit))
    assert {p.hand for p in problems} == {1, 3}
    assert ("not_your_turn", 3, 2) in [(p.reason, p.hand, p.move) for p in problems]


@pytest.mark.parametrize("edit", [
    lambda d: d["hands"][0].update(deal=[1, 2]),
    lambda d: d["hands"][0].update(boneyard=5),
    lambda d: d["hands"][0].update(leader=["N"]),
    lambda d: d["hands"][0].update(moves=[1, None]),
    lambda d: d["hands"][0].update(result=[1]),
    lambda d: d["hands"][0]["deal"].update(N=None),
    lambda d: d["hands"].__setitem__(0, "hand"),
    lambda d: d.update(hands={}),
    lambda d: d.update(rules=[]),
    lambda d: d.update(start={"last_winner": ["NS"]}),
    lambda d: d.update(players=["x"]),
])
def test_odd_shapes_are_problems_not_exceptions(edit):
    """RECORD.md: nothing raises a traceback at the user."""
    summaries, problems = verify_record(_edited("straight_six_match", edit))
    assert problems


def _six_love_example() -> dict:
    return json.loads((RECORDS / "six_love_match.json").read_text())


@pytest.mark.parametrize("moves", ["as written", "none yet"])
def test_a_leader_the_rules_do_not_allow_is_wrong_leader_at_move_0(moves):
    """RECORD.md: a seat that may not lead is reported at move 0, whatever the moves say."""
    record = _six_love_example()
    record["hands"] = record["hands"][:1]
    record["hands"][0]["leader"] = "N"  # E holds the 6-6 and must pose it
    if moves == "none yet":
        record["hands"][0]["moves"] = []
    summaries, problems = verify_record(record)
    assert [(p.hand, p.move, p.reason) for p in problems] == [(0, 0, "wrong_leader")]


def test_a_comment_on_a_move_the_hand_does_not_have_is_a_problem():
    record = _six_love_example()
    record["comments"] = {"0:3": "fine", "0:999": "nowhere"}
    _, problems = verify_record(record)
    assert [(p.hand, p.move, p.reason) for p in problems] == [(0, 999, "bad_comment")]


def test_version_must_be_the_number_1():
    record = _six_love_example()
    record["version"] = True
    _, problems = verify_record(record)
    assert problems and problems[0].reason == "bad_version"


# -- fields an audit found accepted though malformed -------------------------------------------
def _set_seats(seats):
    return lambda d: d.update(seats=seats)


@pytest.mark.parametrize("name, edit, reason, hand, field", [
    pytest.param("six_love_match", lambda d: d["players"].update(N=5), "bad_players", None, "players.N",
                 id="a name that is not text"),
    pytest.param("six_love_match", lambda d: d["players"].update(Z="x"), "bad_players", None, "players.Z",
                 id="a seat that is no seat"),
    pytest.param("vietnamese_3_players", lambda d: d.update(players={"S": "Ana", "W": "Bao"}), "bad_players",
                 None, "players.W", id="a seat not in this game"),
    pytest.param("six_love_match", lambda d: d.update(players=[]), "bad_players", None, "players",
                 id="players that are not an object"),
    pytest.param("six_love_match", lambda d: d["hands"][0].update(result={}), "wrong_result", 0,
                 "hands[0].result", id="an empty result"),
    pytest.param("straight_six_match", lambda d: d["hands"][2].update(result={"end": "blocked"}), "wrong_result",
                 2, "hands[2].result", id="a result without its winner, tie and pips"),
    pytest.param("six_love_match", _set_seats(["S", "E", "N", "W"]), "bad_seats", None, "seats",
                 id="partnership seats out of order"),
    pytest.param("vietnamese_3_players", _set_seats(["S", "N", "E"]), "bad_seats", None, "seats",
                 id="three Vietnamese seats out of order"),
])
def test_a_malformed_field_is_one_problem_where_it_is(name, edit, reason, hand, field, tmp_path):
    """RECORD.md/RULES.md: players name seats in play, a result holds what the rules give, seats
    come in the order records list them; each entry point reports the one problem, located."""
    from dominoes_widget.__main__ import main
    from dominoes_widget.widgets.replay import Replay
    from dominoes_widget.widgets.table import Table

    record = _edited(name, edit)
    problem = _problem(record, reason, hand)
    assert verify_record(record)[1] == [problem]
    assert (problem.field, problem.move) == (field, None)
    assert field in problem.message
    replay = Replay(record)
    assert not replay.ok and replay.problems == [problem]
    with pytest.raises(RecordError) as error:
        Table.from_record(record, bot_delay=0)
    assert error.value.problems == [problem]
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["verify", str(path), "--json"]) == 1
    assert [json.loads(line) for line in out.getvalue().splitlines()] == [problem.as_json()]
    assert problem.as_json()["field"] == field
