"""Following the game at the table (issue 17): every move since your last one named in words,
each seat's last turn, a new hand announced before its first move, no question whose answer
changes nothing, why you must pass or draw, the move list in words, and the bots' speed."""

from __future__ import annotations

import pytest

from dominoes_widget.words.catalog import Voice
from dominoes_widget.engine.hand import Hand, group_moves
from dominoes_widget.engine.move import Move
from dominoes_widget.engine.rules import Rules
from dominoes_widget.sessions.table.follow import recap_words, seat_moves
from dominoes_widget.sessions.scheduler import ManualScheduler
from dominoes_widget.sessions.table.session import TableSession, table_options
from dominoes_widget.engine.views import seat_view
from dominoes_widget.widgets.table import Table

from engine_helpers import hand_with, tiles

NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}


def said(move: Move) -> str:
    """What the recap must say of one move, worked out here from the record notation."""
    who = NAMES[move.seat]
    if move.action == "pass":
        return f"{who} passed"
    if move.action == "draw":
        return f"{who} drew a tile"
    written = move.tile.written(move.first)
    if move.action == "lead":
        return f"{who} led {written}"
    return f"{who} played {written} on the {'left' if move.end == 'L' else 'right'}"


def my_move(table: Table) -> None:
    legal = table.view["legal"]
    table._on_message(table, {"type": "move", "move": legal[0]}, [])


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_after_your_move_the_table_names_every_move_since_your_last_turn(seed):
    table = Table(bots="greedy", bot_delay=0, seed=seed)
    for _ in range(4):
        if table.view["phase"] != "playing" or not table.view["legal"]:
            break
        my_move(table)
        moves = table.hand.moves
        mine = max(i for i, m in enumerate(moves) if m.seat == "S")
        since = [said(m) for m in moves[mine + 1:]]
        recap = table.view["recap"]
        if since:
            assert recap == "Since your last move: " + "; ".join(since)
            assert all(NAMES[m.seat] in recap for m in moves[mine + 1:])
        else:
            assert recap == ""


def test_before_your_first_move_the_recap_opens_with_the_hand():
    table = Table(bots="greedy", bot_delay=0, seed=11, start={"score": {"NS": 1, "EW": 0}})
    recap = table.view["recap"]
    assert recap.startswith("Hand 1: ")
    opening = [said(m) for m in table.hand.moves]
    if opening:
        assert recap.endswith("; ".join(opening))


def test_a_hot_seat_player_taking_the_screen_is_told_what_happened_since_their_last_turn():
    table = Table(bots="greedy", bot_delay=0, seed=4, seats={"N": "human"})
    for _ in range(12):
        view = table.view
        if view["phase"] == "cover":
            table._on_message(table, {"type": "uncover"}, [])
            view = table.view
            viewer = view["viewer"]
            moves = table.hand.moves
            mine = [i for i, m in enumerate(moves) if m.seat == viewer]
            if mine:
                since = moves[mine[-1] + 1:]
                assert since, "the others moved in between"
                assert view["recap"] == "Since your last move: " + "; ".join(said(m) for m in since)
                return
        elif view["phase"] == "playing" and view["legal"]:
            my_move(table)
        else:
            break
    pytest.fail("the screen never passed between the people")


def test_each_seat_shows_its_last_turn_until_its_next():
    table = Table(bots="greedy", bot_delay=0, seed=2)
    my_move(table)
    view = table.view
    assert view["turn"] not in view["seat_moves"]
    for seat, words in view["seat_moves"].items():
        last = [m for m in table.hand.moves if m.seat == seat][-1]
        expected = "passed" if last.action == "pass" else last.tile.written(last.first)
        assert words == expected


def test_vietnamese_seats_that_drew_are_not_called_standing_while_the_pile_has_tiles():
    rules = Rules.vietnamese(2)
    table = Table(game="vietnamese", players=2, bots="greedy", bot_delay=0, lang="vi",
                  deal={"S": tiles("6-6 0-0 0-1 0-2 1-1 1-2 2-2"), "N": tiles("3-3 3-4 3-5 4-4 4-5 5-5 0-3")},
                  boneyard=tiles("0-4 6-5 6-4 6-3 6-2 6-1 6-0 2-3 2-4 2-5 1-3 1-4 1-5 0-5"), leader="S")
    assert rules.has_boneyard
    table.play("6-6")  # North holds no 6: draws 0-4 (no fit), then 6-5 (fits) and plays it
    north = table.view["seat_moves"].get("N", "")
    assert north.startswith("bốc "), north
    assert "đứng" not in north
    assert "bốc" in table.view["recap"]


def test_a_new_hand_is_announced_and_its_first_moves_wait():
    scheduler = ManualScheduler()
    session = TableSession(table_options("six_love", {"bots": "greedy", "bot_delay": 0.5, "seed": 3,
                                                      "seats": {"S": "greedy"}}), scheduler)
    scheduler.run_all()
    assert session.phase.value == "hand_over"
    winners = session.match.hands[0].outcome.winner_team
    session.next_hand()
    view = session.view()
    assert view["holding"] is True
    team, other = {"NS": ("North-South", "East-West"), "EW": ("East-West", "North-South")}[winners]
    assert view["announce"] == f"Hand 2: {team} lead (they won hand 1); score: {team} 1, {other} 0"  # each side named
    assert len(session.match.hand.moves) == 0, "nothing is played while the hand is announced"
    assert session.handle({"type": "go_on"}) == []
    assert session.view()["holding"] is False
    scheduler.run_next()
    assert len(session.match.hand.moves) == 1, "then the first moves follow, one by one"


def test_the_announcement_holds_for_a_moment_then_goes_on_by_itself():
    scheduler = ManualScheduler()
    session = TableSession(table_options("six_love", {"bots": "greedy", "bot_delay": 0.5, "seed": 3,
                                                      "seats": {"S": "greedy"}}), scheduler)
    scheduler.run_all()
    session.next_hand()
    assert scheduler.queue[-1].delay == pytest.approx(1.5)
    scheduler.run_next()
    assert session.bots.holding is False


# -- no question whose answer changes nothing -------------------------------------------------------
def test_group_moves_groups_mirror_images_only():
    double_ends = [Move.parse("S 6-3 L"), Move.parse("S 6-3 R"), Move.parse("S 6-2 L"), Move.parse("S 6-2 R")]
    assert group_moves(double_ends, (6, 6)) == [double_ends[:2], double_ends[2:]]
    different = [Move.parse("S 6-3 L"), Move.parse("S 3-6 R")]
    assert group_moves(different, (6, 3)) == [[different[0]], [different[1]]], "3|3 and 6|6 differ"
    leads = [Move.parse("S 6-4"), Move.parse("S 4-6")]
    assert group_moves(leads, None) == [leads]
    passing = [Move.parse("S pass")]
    assert group_moves(passing, (1, 2)) == [[passing[0]]]


def test_group_moves_agree_with_the_engine_on_the_ends_left():
    for seed in range(40):
        hand = Hand.dealt(Rules.vietnamese(3, blank_rule="wild"), seed=seed)
        while not hand.is_over:
            legal = hand.legal_move_list()
            for group in group_moves(legal, hand.ends):
                after = set()
                for move in group:
                    hand.push(move)
                    after.add(tuple(sorted(hand.ends)) if hand.ends else None)
                    hand.pop()
                assert len(after) == 1, f"{group} leave different ends"
            hand.push(legal[seed % len(legal)])


def test_a_tile_that_fits_both_ends_the_same_way_is_played_at_once():
    hand = Hand(Rules.six_love(), {"N": tiles("6-6 0-0 0-1 0-2 0-3 0-4 0-5"), "W": tiles("1-1 1-2 1-3 1-4 1-5 2-2 3-4"),
                                   "S": tiles("6-3 6-2 2-3 2-4 2-5 3-3 0-6"), "E": tiles("1-6 3-5 4-4 4-5 4-6 5-5 5-6")},
                leader="N")
    session = TableSession(table_options("six_love", {"deal": hand.deal, "leader": "N", "moves": ["N 6-6", "W pass"],
                                                      "bots": "greedy", "bot_delay": 0}))
    view = session.view()
    assert view["ends"] == [6, 6] and view["turn"] == "S"
    for tile in ("6-3", "6-2"):
        assert sum(move.split()[1] == tile for move in view["legal"]) == 1, "one move per mirror-image pair"
    assert session.play("6-3").end in ("L", "R"), "no end needed"


def test_the_coach_lists_mirror_image_moves_once():

    hand = Hand(Rules.six_love(), {"N": tiles("6-6 0-0 0-1 0-2 0-3 0-4 0-5"), "W": tiles("1-1 1-2 1-3 1-4 1-5 2-2 3-4"),
                                   "S": tiles("6-3 6-2 2-3 2-4 2-5 3-3 0-6"), "E": tiles("1-6 3-5 4-4 4-5 4-6 5-5 5-6")},
                leader="N")
    session = TableSession(table_options("six_love", {"deal": hand.deal, "leader": "N", "moves": ["N 6-6", "W pass"],
                                                      "bots": "greedy", "bot_delay": 0, "coach": True, "seed": 1}))
    listed = [Move.parse(m["move"]) for m in session.ask_hint()["moves"]]
    tiles_listed = [str(m.tile) for m in listed]
    assert sorted(tiles_listed) == ["0-6", "2-6", "3-6"], listed


# -- passing and drawing ------------------------------------------------------------------------------
def test_when_you_must_pass_the_status_says_which_numbers_no_tile_shows():
    for seed in range(60):
        table = Table(bots="greedy", bot_delay=0, seed=seed)
        for _ in range(7):
            view = table.view
            if view["phase"] != "playing" or not view["legal"]:
                break
            if view["legal"] == ["S pass"]:
                left, right = view["ends"]
                numbers = str(left) if left == right else f"{left} or {right}"
                assert view["status"] == f"Your turn: no tile shows {numbers}: pass"
                return
            my_move(table)
    pytest.fail("no pass came up")


def test_the_move_list_is_in_words():
    table = Table(bots="greedy", bot_delay=0, seed=5)
    my_move(table)
    view = table.view
    for move, item in zip(table.hand.moves, view["move_items"]):
        who = "You" if move.seat == "S" else NAMES[move.seat]
        if move.action == "play":
            side = "left" if move.end == "L" else "right"
            assert item == f"{who}: {move.tile.written(move.first)} on the {side}"
        elif move.action == "lead":
            assert item == f"{who}: lead {move.tile.written(move.first)}"
        else:
            assert item == f"{who}: pass"


# -- the bots' speed ----------------------------------------------------------------------------------
def test_the_speed_control_paces_the_bots():
    table = Table(bots="greedy", bot_delay=0.6, seed=1)
    assert table.view["speed"] == "normal"
    assert [s["key"] for s in table.view["speeds"]] == ["slow", "normal", "fast", "instant"]
    assert table.view["animate"] is True
    table._on_message(table, {"type": "speed", "speed": "instant"}, [])
    assert table.view["speed"] == "instant" and table.view["animate"] is False
    assert table.session.bots.delay == 0
    sent = []
    table.send = lambda message, buffers=None: sent.append(message)
    table._on_message(table, {"type": "speed", "speed": "warp"}, [])
    assert sent and sent[0]["type"] == "refused"
    assert table.view["speed"] == "instant"
    assert Table(bots="greedy", bot_speed="fast").session.bots.delay == 0.25
    for bad in ("warp", ["fast"], 2):
        with pytest.raises(ValueError, match="bot_speed"):
            Table(bot_speed=bad)


def test_a_table_of_people_offers_no_speed():
    assert Table(seats={"N": "human", "E": "human", "W": "human"}, bot_delay=0).view["speeds"] == []


def test_vietnamese_words_keep_dung_for_standing_with_an_empty_pile():
    """Notebook 03 and RULES.md: đứng is standing with an empty pile; a pass with the pile left keeps a drawn tile."""
    from dominoes_widget.words.catalog import Voice, ui_words

    vi = Voice("vi")
    assert "đứng" in vi("follow.passed") and "đứng" in vi("follow.seat_passed")
    for key in ("follow.kept", "follow.seat_kept", "follow.drew_one", "follow.seat_drew", "move.pass_keeps"):
        assert "đứng" not in vi(key, n=2, who="Bắc", tile="6-5"), key
    words = ui_words("vi")
    assert "đứng" not in words["pass_keep"].lower() and words["pass"] == "Đứng"


def test_a_pass_that_keeps_the_last_tile_of_the_pile_is_said_to_keep_it():
    """N draws the whole pile; its last tile, 5-6, fits and N keeps it: the pile is empty, but the
    pass kept a tile all the same."""
    rules = Rules.vietnamese(2, draw_mode="until_playable", drawn_tile_must_play=False)
    hand = hand_with(rules, {"S": "6-6 0-6 1-6 2-6 3-6 4-6 0-0", "N": "0-1 0-2 0-3 0-4 0-5 1-1 1-2"},
                     "2-2 1-3 2-3 3-3 1-4 2-4 3-4 4-4 1-5 2-5 3-5 4-5 5-5 5-6")
    for text in ["S 6-6", *["N draw"] * 14, "N pass"]:
        hand.push(text)
    shown = seat_view(hand, "S")
    assert shown.boneyard_size == 0
    voice = Voice("en")
    assert seat_moves(shown, voice)["N"] == "drew 14, kept, passed"
    assert recap_words(shown, voice) == "North drew 14 tiles and kept the tile drawn and passed"
