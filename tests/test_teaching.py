"""Teaching positions on the Table: from a record at a chosen step, or from a deal written by hand.

Everything is fed through the Python API (``play``/``pass_``/``draw``) and the browser's
intents; the position, the score and the refusals (in words, with their reason code) are
checked.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dominoes_widget import IllegalMoveError, RecordError, read_record, verify_record
from dominoes_widget.words.explanations import explain, explain_refusal
from dominoes_widget.widgets.table import Table

RECORDS = Path(__file__).resolve().parent / "data" / "records"
SIX_LOVE = RECORDS / "six_love_match.json"
VIETNAMESE = RECORDS / "vietnamese_3_players.json"

# "What would you play here?": Six Love at 5-0 with one tied deal pending, S to move on ends 0|6.
DEAL = {
    "N": "0-0 1-1 0-2 1-3 3-5 2-6 6-6".split(),
    "E": "2-2 0-3 2-4 4-4 1-5 5-5 3-6".split(),
    "S": "0-1 1-4 3-4 2-5 4-5 0-6 4-6".split(),
    "W": "1-2 2-3 3-3 0-4 0-5 1-6 5-6".split(),
}
MOVES = ["S 6-4", "E 6-3 L", "N 3-5 L", "W 5-6 L", "S 4-5 R", "E 5-5 R", "N 6-6 L", "W 6-1 L",
         "S 5-2 R", "E 1-5 L", "N 2-6 R", "W 5-0 L"]
FIVE_LOVE_TIE_PENDING = {"score": {"NS": 5, "EW": 0}, "ties": 1}


def refusal(action) -> IllegalMoveError:
    with pytest.raises(IllegalMoveError) as caught:
        action()
    return caught.value


def people(**options) -> Table:
    """A table where every seat is played from Python and no bot moves on its own."""
    options.setdefault("seats", {s: "human" for s in "NESW"})
    options.setdefault("open_hands", True)
    options.setdefault("bot_delay", 0)
    return Table(**options)


# -- from a record ---------------------------------------------------------------------------
def test_from_record_opens_at_the_chosen_hand_and_step_with_the_match_state_before_it():
    replayed = read_record(SIX_LOVE)
    original = replayed.match.hands[2]  # the replay of the tied hand 1: worth 2, NS lead it
    table = Table.from_record(SIX_LOVE, hand=2, step=5, bot_delay=0)

    state = table.state
    assert state["moves"] == [str(m) for m in original.moves[:5]]
    assert state["leader"] == original.leader == "N"
    assert state["score"] == {"NS": 1, "EW": 0}
    assert state["ties"] == 1 and "Next hand is worth 2 points." in table.view["score"]["notes"]
    assert state["turn"] == original.moves[5].seat
    played = {str(m.tile) for m in original.moves[:5]}
    for seat in "NESW":  # each seat holds its deal less what it has played
        assert set(state["hands"][seat]) == {str(t) for t in original.deal[seat]} - played
    assert table.rules == replayed.match.rules
    assert table.phase == "playing"


def test_from_record_is_for_teaching_every_seat_a_person_and_every_hand_open():
    table = Table.from_record(SIX_LOVE, hand=0, step=3, bot_delay=0)
    assert set(table.seat_kinds.values()) == {"human"}
    assert table.open_hands
    view = table.view
    assert all(isinstance(tiles, list) for tiles in view["hands"].values()), "every hand is shown face up"
    assert view["phase"] == "playing", "no hot-seat cover with open hands"
    assert view["viewer"] == table.hand.turn and view["legal"], "the seat to move can play at once"


def test_playing_on_from_a_record_position_reproduces_the_recorded_hand():
    replayed = read_record(SIX_LOVE)
    original = replayed.match.hands[2]
    table = Table.from_record(SIX_LOVE, hand=2, step=10, bot_delay=0)
    for move in original.moves[10:]:
        words = str(move).split()
        if words[1] == "pass":
            table.pass_()
        else:
            table.play(words[1], words[2])
    assert table.phase == "hand_over"
    assert table.hand.outcome == original.outcome
    assert table.state["score"] == dict(replayed.match.state_before(3).score) == {"NS": 3, "EW": 0}

    record = table.record  # the teaching table's own record starts from the recorded match state
    summaries, problems = verify_record(record)
    assert problems == []
    assert record["start"]["score"] == {"NS": 1, "EW": 0} and record["start"]["ties"] == 1
    assert record["hands"][0]["moves"] == [str(m) for m in original.moves]
    assert summaries[0]["score_after"] == {"NS": 3, "EW": 0}


def test_a_record_position_at_the_last_step_shows_the_result():
    replayed = read_record(SIX_LOVE)
    last = len(replayed.match.hands[1].moves)
    table = Table.from_record(SIX_LOVE, hand=1, step=last, bot_delay=0)
    assert table.phase == "hand_over"
    assert table.last_result["tie"] is True
    result = table.view["result"]
    assert result["title"] == "Blocked: a tie"
    assert any("worth 2" in line for line in result["lines"]), result["lines"]


def test_from_record_position_refuses_moves_with_the_reason_in_words():
    table = Table.from_record(SIX_LOVE, hand=0, step=1, bot_delay=0)  # after E 6-6: N to move on 6|6
    before = table.state
    assert before["turn"] == "N"

    error = refusal(lambda: table.play("0-1", "L"))
    assert error.reason == "no_match"
    words = explain_refusal(error)
    assert "0-1 fits neither end: both ends show 6" in words and "(reason: no_match)" in words
    assert "must show the number of the open end" in words

    error = refusal(lambda: table.pass_())
    assert error.reason == "pass_with_playable_tile"
    words = explain(error)
    assert "N may not pass holding" in words and "6-6" not in words.split("holding")[1].split(".")[0]
    assert "(reason: pass_with_playable_tile)" in words

    error = refusal(lambda: table.draw())
    assert error.reason == "draw_not_allowed" and "no draw pile" in explain(error)

    error = refusal(lambda: table.play("4-6", "L", seat="S"))
    assert error.reason == "not_your_turn" and "It is N's turn, not S's" in explain(error)

    error = refusal(lambda: table.play("1-2", "L"))
    assert error.reason == "tile_not_in_hand" and "N does not hold 1-2" in explain(error)
    assert table.state == before, "a refused move changes nothing"


def test_the_browser_is_told_why_a_move_is_refused():
    table = Table.from_record(SIX_LOVE, hand=0, step=1, bot_delay=0)
    sent = []
    table.send = lambda message, buffers=None: sent.append(message)
    table._on_message(table, {"type": "move", "move": "N 0-1 L"}, [])
    assert sent[-1]["type"] == "refused" and sent[-1]["reason"] == "no_match"
    assert "fits neither end" in sent[-1]["message"] and "no_match" not in sent[-1]["message"], "plain words"
    assert table.view["message"]["text"] == sent[-1]["message"] and table.view["message"]["reason"] == "no_match"


def test_vietnamese_record_position_after_a_drawn_tile_that_fits():
    original = read_record(VIETNAMESE).match.hands[0]
    step = [str(m) for m in original.moves].index("E draw 2-6") + 1
    table = Table.from_record(VIETNAMESE, step=step, bot_delay=0)
    assert table.state["turn"] == "E"
    assert [str(m) for m in table.legal_moves] == ["E 2-6 R"]
    assert table.state["boneyard"] == original.boneyard_size + 1  # 1-3 is still in the pile

    error = refusal(lambda: table.pass_())
    assert error.reason == "must_play_drawn_tile"
    assert "E drew 2-6, which fits, and must play it now" in explain(error)
    error = refusal(lambda: table.play("4-6", "R"))
    assert error.reason == "must_play_drawn_tile"
    table.play("2-6", "R")
    assert table.state["ends"] == [1, 6] and table.state["turn"] == "N"


def test_vietnamese_record_position_where_the_pile_must_be_used():
    table = Table.from_record(VIETNAMESE, step=6, bot_delay=0)  # E holds no 1: E must draw
    error = refusal(lambda: table.pass_())
    assert error.reason == "must_draw" and "(reason: must_draw)" in explain(error)
    assert str(table.draw()) == "E draw 0-2"
    assert table.state["turn"] == "N", "0-2 does not fit the 1s: the turn passes"


def test_from_record_takes_table_options_and_bots_play_on():
    table = Table.from_record(SIX_LOVE, hand=0, step=2, seats={"W": "greedy", "S": "greedy", "E": "greedy"},
                              open_hands=False, bot_delay=0)
    assert table.state["moves"][:2] == ["E 6-6", "N 6-0 L"]
    assert table.seat_kinds["N"] == "human" and not table.open_hands
    view = table.view
    assert view["viewer"] == "N"
    assert isinstance(view["hands"]["E"], int), "with open hands off, the others' tiles are hidden"
    assert table.hand.turn == "N" or table.hand.is_over, "the bots have played up to N's turn"
    assert len(table.state["moves"]) > 2


def test_from_record_accepts_a_dict_and_json_text():
    data = json.loads(SIX_LOVE.read_text(encoding="utf-8"))
    assert Table.from_record(data, hand=4, step=2, bot_delay=0).state["moves"] == data["hands"][4]["moves"][:2]
    text = json.dumps(data)
    assert Table.from_record(text, hand=3, bot_delay=0).state["score"] == {"NS": 3, "EW": 0}


def test_from_record_of_a_table_record():
    table = people(seed=3)
    for _ in range(4):
        table.play(str(table.legal_moves[0]).split()[1], *str(table.legal_moves[0]).split()[2:])
    again = Table.from_record(table.record, step=2, bot_delay=0)
    assert again.state["moves"] == table.state["moves"][:2]


@pytest.mark.parametrize(
    "kwargs, error",
    [
        ({"hand": 5}, ValueError),
        ({"hand": -1}, ValueError),
        ({"step": 1000}, ValueError),
        ({"step": -1}, ValueError),
        ({"scoring": "straight_six"}, TypeError),
        ({"start": {"score": {"NS": 1, "EW": 0}}}, TypeError),
        ({"deal": DEAL}, TypeError),
        ({"colour": "red"}, TypeError),
    ],
)
def test_from_record_rejects_bad_positions_and_options(kwargs, error):
    with pytest.raises(error):
        Table.from_record(SIX_LOVE, **kwargs)


def test_from_record_of_a_bad_record_raises_with_the_problems():
    data = json.loads(SIX_LOVE.read_text(encoding="utf-8"))
    data["hands"][0]["moves"][1] = "N 1-2 L"
    with pytest.raises(RecordError) as caught:
        Table.from_record(data)
    assert caught.value.problems[0].reason == "tile_not_in_hand"


def test_new_match_on_a_teaching_table_starts_the_position_again():
    table = Table.from_record(SIX_LOVE, hand=2, step=4, bot_delay=0)
    first = table.state
    table.play(*str(table.legal_moves[0]).split()[1:])
    table.new_match()
    assert table.state == first


# -- from a deal written by hand -------------------------------------------------------------
def test_a_hand_written_deal_with_the_match_state_five_love_one_tie_pending():
    table = people(deal=DEAL, start=FIVE_LOVE_TIE_PENDING, moves=MOVES)
    state = table.state
    assert state["score"] == {"NS": 5, "EW": 0} and state["ties"] == 1
    assert "Next hand is worth 2 points." in table.view["score"]["notes"]
    assert state["turn"] == "S" and state["ends"] == [0, 6]
    assert state["hands"]["S"] == ["0-1", "1-4", "3-4", "0-6"]
    assert sorted(str(m) for m in table.legal_moves) == ["S 0-1 L", "S 0-6 L", "S 6-0 R"]
    assert table.state["leader"] == "S", "the leader is the seat of the first move"


def test_what_would_you_play_here_blocking_wins_the_match():
    table = people(deal=DEAL, start=FIVE_LOVE_TIE_PENDING, moves=MOVES)
    table.play("0-6", "L")  # both ends 6 and every 6 is out: blocked
    assert table.phase == "match_over"
    assert table.state["score"] == {"NS": 7, "EW": 0} and table.match_winner == "NS"
    result = table.view["result"]
    assert result["title"] == "Blocked: North is lowest, North-South win", "players by name, not seat letter"
    text = "\n".join(result["lines"])
    assert "North 8" in text and "North alone has the fewest pips (8)" in text
    assert "replay worth 2" in text and "North-South win the match" in text
    with pytest.raises(IllegalMoveError) as caught:
        table.next_hand()
    assert caught.value.reason == "match_over"


def test_what_would_you_play_here_the_other_choice_plays_on():
    table = people(deal=DEAL, start=FIVE_LOVE_TIE_PENDING, moves=MOVES)
    table.play("6-0", "R")
    assert table.phase == "playing" and table.state["ends"] == [0, 0]


def test_a_hand_written_deal_waits_for_the_team_to_choose_its_leader():
    table = people(deal=DEAL, start=FIVE_LOVE_TIE_PENDING)
    assert table.phase == "choose_leader"
    assert [c["seat"] for c in table.view["leader_choices"]] == ["S", "N"]
    error = refusal(lambda: table.choose_leader("E"))
    assert error.reason == "wrong_leader" and "(reason: wrong_leader)" in explain(error)
    table.choose_leader("N")
    assert table.state["turn"] == "N" and table.legal_moves


def test_a_hand_written_deal_refuses_a_leader_the_rules_do_not_allow():
    with pytest.raises(IllegalMoveError) as caught:
        people(deal=DEAL, start=FIVE_LOVE_TIE_PENDING, leader="E")
    assert caught.value.reason == "wrong_leader"
    assert "North-South lead the next hand" in explain(caught.value)
    with pytest.raises(IllegalMoveError) as caught:  # a new match: the holder of the 6-6 (N) poses
        people(deal=DEAL, leader="S")
    assert caught.value.reason == "wrong_leader" and "holder of the 6-6" in explain(caught.value)


def test_hand_written_moves_are_checked():
    with pytest.raises(IllegalMoveError) as caught:
        people(deal=DEAL, start=FIVE_LOVE_TIE_PENDING, moves=["S 6-4", "E 0-0 L"])
    assert caught.value.reason == "tile_not_in_hand"
    with pytest.raises(IllegalMoveError) as caught:
        people(deal=DEAL, moves=["N 2-6"])  # a new match: N holds the 6-6 and must pose it
    assert caught.value.reason == "must_lead_double_six"


def test_a_hand_written_deal_in_the_vietnamese_game():
    deal = {"S": "0-0 1-1 2-3 1-4 3-4 1-5 1-6".split(), "E": "2-2 3-3 2-4 0-5 3-5 4-6 6-6".split(),
            "N": "0-1 1-2 0-4 2-5 4-5 5-5 3-6".split()}
    pile = "0-2 0-3 0-6 4-4 5-6 2-6 1-3".split()
    table = Table("vietnamese", players=3, seats={s: "human" for s in "SEN"}, deal=deal, boneyard=pile,
                  start={"score": {"S": 2, "E": 0, "N": 1}, "last_winner": "S"}, bot_delay=0)
    state = table.state
    assert state["score"] == {"S": 2, "E": 0, "N": 1}
    assert state["turn"] == "S" and state["boneyard"] == 7
    table.play("1-1")  # the previous winner leads any tile
    assert state["turn"] == "S" and table.state["turn"] == "E"
    error = refusal(lambda: table.pass_())
    assert error.reason == "must_draw"


def test_a_table_opened_at_a_later_recorded_hand_is_numbered_as_in_the_record():
    record = json.loads((RECORDS / "six_love_match.json").read_text())
    assert Table.from_record(record, hand=1).view["hand_label"] == "Hand 2"
    assert Table.from_record(record, hand=0).view["hand_label"] == "Hand 1"
