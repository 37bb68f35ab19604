"""Analysis of recorded matches, the coach at the table, and the replay's analysis (issue 12)."""

from __future__ import annotations

import concurrent.futures as cf
import json
from dataclasses import replace
from pathlib import Path

import pytest

from dominoes_widget import IllegalMoveError, Rules, analyse, read_record, seat_view
from dominoes_widget.studies.analysis import (_with_gaps, verdict_for, THRESHOLDS, Analysis, Decision, Judgement, Verdict, coach_words,
                                      distinct_choices, judge_position)
from dominoes_widget.words.catalog import Voice
from dominoes_widget.engine.hand import Hand, equivalent
from dominoes_widget.engine.move import Move
from dominoes_widget.widgets.replay import Replay
from dominoes_widget.widgets.table import Table

RECORDS = Path(__file__).resolve().parent / "data" / "records"
SIX_LOVE = RECORDS / "six_love_match.json"
QUICK = {"rollouts": 60, "progress": False}


@pytest.fixture(scope="module")
def first_hand() -> Analysis:
    return analyse(SIX_LOVE, hands=[0], workers=1, seed=3, **QUICK)


def test_every_decision_with_a_real_choice_is_judged_from_the_movers_view(first_hand):
    hand = read_record(SIX_LOVE).match.hands[0]
    expected = []
    walk = hand.copy()
    while walk.moves:
        walk.pop()
    for ply, move in enumerate(hand.moves):
        if distinct_choices(seat_view(walk, move.seat)) >= 2:
            expected.append(ply)
        walk.push(move)
    assert [d.ply for d in first_hand.decisions] == expected and expected
    for decision in first_hand.decisions:
        legal = {str(m) for m in seat_view(_at(hand, decision.ply), decision.seat).legal_moves}
        assert {m for j in decision.judgements for m in j.moves} == legal, "every legal move is judged"
        assert len(decision.judgements) == distinct_choices(seat_view(_at(hand, decision.ply), decision.seat)), \
            "mirror images once"
        assert decision.played in legal and decision.side in ("NS", "EW")
        assert all(0 <= j.low <= j.win <= j.high <= 1 and 0 <= j.tie <= 1 for j in decision.judgements)
        assert decision.best.share >= max(j.share for j in decision.judgements) - 1e-9
        assert decision.loss >= 0


def _at(hand, ply):
    walk = hand.copy()
    while len(walk.moves) > ply:
        walk.pop()
    return walk


@pytest.mark.slow  # analyses, on worker processes too
def test_the_same_seed_gives_the_same_analysis_on_any_number_of_workers(first_hand):
    again = analyse(SIX_LOVE, hands=[0], workers=2, seed=3, **QUICK)
    assert again.rows == first_hand.rows
    with cf.ThreadPoolExecutor(2) as pool:
        threaded = analyse(SIX_LOVE, hands=[0], executor=pool, seed=3, **QUICK)
    assert threaded.rows == first_hand.rows
    other = analyse(SIX_LOVE, hands=[0], workers=1, seed=4, **QUICK)
    assert other.rows != first_hand.rows, "another seed samples other deals"


def _decision(best: float, played: float, stderr: float = 0.005) -> Decision:
    """A decision whose gap's interval is made from the standard errors, as for a version 1 file."""
    return Decision(0, 3, "S", "NS", "S 1-2 L", _with_gaps((
        Judgement("S 3-4 R", best, 0.0, best - 0.01, best + 0.01, stderr, 500),
        Judgement("S 1-2 L", played, 0.0, played - 0.01, played + 0.01, stderr, 500))))


@pytest.mark.parametrize("gap, verdict", [(0.02, Verdict.GOOD), (0.07, Verdict.INACCURACY),
                                          (0.15, Verdict.MISTAKE), (0.30, Verdict.BLUNDER)])
def test_verdicts_follow_the_stated_thresholds(gap, verdict):
    assert THRESHOLDS == {"inaccuracy": 5.0, "mistake": 10.0, "blunder": 20.0}
    decision = _decision(0.6, 0.6 - gap)
    assert decision.verdict is verdict and decision.loss == pytest.approx(100 * gap)


def test_a_loss_within_the_estimates_noise_is_too_close_to_call_and_no_mistake():
    noisy = _decision(0.6, 0.48, stderr=0.1)
    assert noisy.verdict is Verdict.UNCLEAR
    assert Analysis(Rules.six_love(), [noisy]).mistakes() == []


@pytest.mark.parametrize("low, high, verdict", [(-1.0, 4.9, Verdict.GOOD), (4.0, 6.0, Verdict.UNCLEAR),
                                                (5.0, 9.9, Verdict.INACCURACY), (9.0, 11.0, Verdict.UNCLEAR),
                                                (10.0, 19.0, Verdict.MISTAKE), (19.5, 20.5, Verdict.UNCLEAR),
                                                (20.0, 60.0, Verdict.BLUNDER)])
def test_a_mark_needs_the_whole_interval_of_the_gap_inside_its_band(low, high, verdict):
    assert verdict_for(low, high) is verdict


@pytest.mark.slow  # analyses, on worker processes too
def test_rows_summaries_comments_and_a_side_file(first_hand, tmp_path):
    rows = first_hand.rows
    assert rows and set(rows[0]) == {"hand", "move", "seat", "side", "played", "best", "win", "best_win", "loss",
                                      "verdict", "choices"}
    frame = first_hand.to_pandas()
    assert len(frame) == len(rows)
    assert sum(row["decisions"] for row in first_hand.summary()) == len(first_hand)
    for key, words in first_hand.comments().items():
        hand, ply = map(int, key.split(":"))
        assert first_hand.decision_at(hand, ply).verdict is not Verdict.GOOD and words
    path = first_hand.save(tmp_path / "game.analysis.json")
    loaded = Analysis.load(path).rows
    assert [{k: v for k, v in r.items() if k != "loss"} for r in loaded] == \
        [{k: v for k, v in r.items() if k != "loss"} for r in rows]
    assert all(abs(a["loss"] - b["loss"]) < 0.02 for a, b in zip(loaded, rows))
    assert "<table" in first_hand._repr_html_()


def test_the_comments_name_moves_in_words():
    """'Blunder: 1-2 L wins …' was the record's notation: the comments say the moves in words."""
    analysis = Analysis(Rules.six_love(), [_decision(0.6, 0.3)])
    assert analysis.comments() == {"0:3": "Blunder: 1-2 on the left wins 30% of the time; "
                                          "3-4 on the right wins 60% (30 points better)."}
    assert analysis.comments(Voice("vi")) == {"0:3": "Nước sai nặng: 1-2 ở đầu trái thắng 30% số lần; "
                                                     "3-4 ở đầu phải thắng 60% (hơn 30 điểm)."}


def test_the_summary_lines_count_in_the_singular_and_plural():
    """The shell's summary ('1 blunders' it used to say) counts with the catalog's plurals."""
    one_each = [_decision(0.6, 0.6 - gap) for gap in (0.07, 0.15, 0.30)]
    analysis = Analysis(Rules.six_love(), one_each + [_decision(0.6, 0.6)])
    assert analysis.summary_lines()[2] == \
        "S: 4 decisions, 1 inaccuracy, 1 mistake, 1 blunder, average loss 13.0 points"
    assert analysis.summary_lines()[0] == "N: 0 decisions, 0 inaccuracies, 0 mistakes, 0 blunders, average loss 0.0 points"
    assert analysis.summary_lines("vi")[2] == \
        "S: 4 quyết định, 1 nước chưa chính xác, 1 nước sai, 1 nước sai nặng, trung bình mất 13.0 điểm"


def test_the_replay_shows_an_analysis_and_refuses_one_of_another_record(first_hand, tmp_path):
    path = first_hand.save(tmp_path / "game.analysis.json")
    replay = Replay(SIX_LOVE, analysis=path)
    hand = replay.view["hands"][0]
    analysis = hand["analysis"]
    assert analysis["sides"] == ["NS", "EW"]
    for side in analysis["sides"]:
        strip = analysis["strip"][side]
        assert len(strip) == len(hand["moves"]) + 1 and all(p is None or 0 <= p <= 100 for p in strip)
    outcome = replay.match.hands[0].outcome
    assert analysis["strip"][outcome.winner_team][-1] == 100.0, "the strip ends with the result"
    assert [m["ply"] for m in analysis["marks"]] == [d.ply for d in first_hand.decisions]
    assert "analysis" not in replay.view["hands"][1], "only the hands analysed"
    with pytest.raises(ValueError, match="another record"):
        Replay(RECORDS / "straight_six_match.json", analysis=path)


def test_the_coach_judges_the_position_from_the_persons_seat():
    table = Table(coach=True, bot_delay=0, seed=5, bots="greedy")
    while table.turn != "S" or len(table.legal_moves) < 2:
        move = table.legal_moves[0]
        table.play(str(move.tile) if move.tile else None, move.end) if move.action != "pass" else table.pass_()
        if table.phase != "playing":
            table.next_hand()
    hint = table.hint()
    assert table.view["hint"] == hint and table.view["coach"]
    hinted = [Move.parse(m["move"]) for m in hint["moves"]]
    ends = table.hand.ends
    assert all(sum(equivalent(move, h, ends) for h in hinted) == 1 for move in table.legal_moves), \
        "each legal move is hinted once, as itself or as its mirror image"
    assert len(hinted) == len(table.hand.legal_moves.distinct()) and hint["best"] == hint["moves"][0]["move"]
    assert hint["words"] and all(m["label"] for m in hint["moves"])
    best = hint["moves"][0]
    table.play(best["move"].split()[1], best["move"].split()[2] if len(best["move"].split()) > 2 else None)
    assert table.view["hint"] is None, "a hint is for the position it was asked in"


def test_the_coach_answers_a_forced_pass_and_only_a_bot_that_judges_is_asked():
    table = Table(coach=True, bot_delay=0, seed=5, bots="greedy")
    for _ in range(400):
        if table.phase != "playing":
            table.next_hand()
        elif [m.action for m in table.legal_moves] == ["pass"]:
            break
        else:
            move = table.legal_moves[0]
            table.play(str(move.tile), move.end)
    hint = table.hint()
    assert [m["move"] for m in hint["moves"]] == ["S pass"] and hint["best"] == "S pass"
    assert hint["words"] == "Only one move: pass.", "said plainly, never as notation ('S pass')"
    with pytest.raises(ValueError, match="cannot judge moves"):
        judge_position(seat_view(table.match.hand, "S"), bot="greedy")


def _to_forced(table: Table, action: str) -> Table:
    """Plays the first legal move until the person's only move is ``action``."""
    for _ in range(400):
        acts = [m.action for m in table.legal_moves]
        if table.phase != "playing":
            table.next_hand()
        elif acts == [action]:
            return table
        elif acts[0] == "draw":
            table.draw()
        elif acts[0] == "pass":
            table.pass_()
        else:
            table.play(str(table.legal_moves[0].tile), table.legal_moves[0].end)
    raise AssertionError(f"no forced {action}")


def test_the_coach_says_plainly_when_there_is_one_move():
    """One legal move is not 'close' to another: the coach names it, in words."""
    assert _to_forced(Table(coach=True, bot_delay=0, seed=2, bots="greedy"), "pass").hint()["words"] == \
        "Only one move: pass."
    assert _to_forced(Table(coach=True, bot_delay=0, seed=2, bots="greedy", lang="vi"), "pass").hint()["words"] == \
        "Chỉ có một nước đi: đứng."
    drawing = _to_forced(Table("vietnamese", players=2, coach=True, bot_delay=0, seed=5, bots="greedy"), "draw")
    assert drawing.hint()["words"] == "Only one move: draw."
    viet = _to_forced(Table("vietnamese", players=2, coach=True, bot_delay=0, seed=5, bots="greedy", lang="vi"), "draw")
    assert viet.hint()["words"] == "Chỉ có một nước đi: bốc."


def test_the_coachs_words_never_hold_notation():
    """A pass or a draw judged best among several moves is named in words too ('pass', not 'S pass')."""
    view = seat_view(_to_forced(Table(coach=True, bot_delay=0, seed=2, bots="greedy"), "pass").match.hand, "S")
    view = replace(view, legal_moves=(Move.parse("S pass"), Move.parse("S 6-4 L")))  # as if a keep-or-play choice
    judgements = [Judgement("S pass", 0.5, 0.0, 0.4, 0.6, 0.01, 10),
                  Judgement("S 6-4 L", 0.49, 0.0, 0.4, 0.6, 0.01, 10, gap_low=0.5, gap_high=2.5)]
    assert coach_words(view, judgements, Voice("en")) == "Pass is a little better than 6-4."
    assert coach_words(view, judgements, Voice("vi")) == "Đứng nhỉnh hơn 6-4 một chút."
    as_good = [judgements[0], replace(judgements[1], gap_high=1.5)]
    assert coach_words(view, as_good, Voice("en")) == "Pass and 6-4 are as good as each other."
    unsure = [judgements[0], replace(judgements[1], gap_low=-1.0, gap_high=4.0)]
    assert coach_words(view, unsure, Voice("en")) == "Too close to call between pass and 6-4."
    assert coach_words(view, unsure, Voice("vi")) == "Khó phân định giữa đứng và 6-4."


def test_no_coach_in_hot_seat_or_when_it_is_not_your_turn():
    hot = Table(seats={"N": "human"}, coach=True, bot_delay=0, seed=5, bots="greedy")
    assert not hot.view["coach"]
    with pytest.raises(IllegalMoveError) as refused:
        hot.hint()
    assert refused.value.reason == "no_coach"
    plain = Table(bot_delay=0, seed=5, bots="greedy")
    with pytest.raises(IllegalMoveError):
        plain.hint()
    waiting = Table(coach=True, bot_delay=0, seed=5, bots="greedy")
    waiting.look(0)
    with pytest.raises(IllegalMoveError):
        waiting.hint()


def test_analysis_of_the_vietnamese_game_judges_each_player():
    rules = Rules.vietnamese(3)
    from dominoes_widget import Match, write_record

    match = Match(rules, seed=2)
    hand = match.deal()
    while not hand.is_over:
        match.push(hand.legal_move_list()[-1])
    found = analyse(write_record(match), workers=1, **QUICK)
    assert found.decisions and {d.side for d in found.decisions} <= set(rules.seats)
    assert all(d.side == d.seat for d in found.decisions)


def test_the_coach_answers_when_the_only_tile_that_fits_is_the_0_0():
    """The 0-0 is tile number 0: a hint once failed when it was the only playable tile."""
    from dominoes_widget.engine.tiles import ALL_TILES

    south = ["0-0", "1-1", "1-2", "1-3", "1-4", "2-2", "2-3"]
    east = ["0-5", "0-1", "0-2", "0-3", "0-4", "0-6", "1-5"]
    rest = [str(t) for t in ALL_TILES if str(t) not in south + east]
    table = Table(bot_delay=0, bots="greedy", coach=True, seed=1, leader="E", moves=["E 0-5"],
                  deal={"S": south, "E": east, "N": rest[:7], "W": rest[7:14]},
                  start={"score": {"NS": 0, "EW": 1}, "ties": 0, "playoff": False, "last_winner": "EW"})
    assert table.view["legal"] == ["S 0-0 L"]
    hint = table.hint()
    assert hint["best"] == "S 0-0 L" and hint["words"]



# -- a bad side file: one clear error naming the file, the place and what is wrong ---------------------
def _in_decision_3(edit):
    """A spoiler that edits decision 3 of the saved JSON."""
    def spoil(data: dict) -> dict:
        edit(data["decisions"][3])
        return data
    return spoil


def _without(key):
    def spoil(data: dict) -> dict:
        del data[key]
        return data
    return spoil


def _drop_played(decision: dict) -> None:
    decision["moves"] = [row for row in decision["moves"] if row[0] != decision["played"]]


# kind: (the file's text, or how its JSON is spoiled; the place named; what the message says; the reason)
BAD_SIDE_FILES = {
    "missing": (None, None, "cannot be read: No such file or directory", "unreadable_file"),
    "not JSON": ("hello", None, "not valid JSON: Expecting value", "malformed_json"),
    "an array": (lambda data: [data], None, "an analysis is a JSON object, not list", "bad_analysis"),
    "no game": (_without("game"), None, "'game' is missing", "bad_analysis"),
    "empty moves": (_in_decision_3(lambda d: d.update(moves=[])), "decision 3", "'moves' is empty", "bad_analysis"),
    "played not judged": (_in_decision_3(_drop_played), "decision 3", "is not among its judged 'moves'",
                          "bad_analysis"),
    "hand not a number": (_in_decision_3(lambda d: d.update(hand="x")), "decision 3",
                          "'hand' must be a whole number, not 'x'", "bad_analysis"),
    "ply -1": (_in_decision_3(lambda d: d.update(ply=-1)), "decision 3", "'ply' must be 0 or more, not -1",
               "bad_analysis"),
    "a chance above 1": (_in_decision_3(lambda d: d["moves"][0].__setitem__(1, 1.5)), "decision 3",
                         "win of move 0 of 'moves' must be a chance from 0 to 1, not 1.5", "bad_analysis"),
    "a hand the record lacks": (_in_decision_3(lambda d: d.update(hand=99)), "decision 3",
                                "the record has no hand 99 (hands 0 to 4)", "other_record"),
    "a move the hand lacks": (_in_decision_3(lambda d: d.update(ply=999)), "decision 3",
                              "has no move 999 (moves 0 to", "other_record"),
}
TRACEBACK_KINDS = (KeyError, IndexError, StopIteration, AttributeError, FileNotFoundError)


def _spoiled(first_hand: Analysis, tmp_path: Path, kind: str) -> Path:
    spoil = BAD_SIDE_FILES[kind][0]
    path = tmp_path / "game.analysis.json"
    if isinstance(spoil, str):
        path.write_text(spoil)
    elif spoil is not None:
        path.write_text(json.dumps(spoil(first_hand.as_json())))
    return path


@pytest.mark.parametrize("kind", list(BAD_SIDE_FILES))
def test_a_bad_side_file_gives_one_error_naming_the_file_and_the_place(first_hand, tmp_path, kind):
    from dominoes_widget.sessions.replay.session import ReplaySession

    _, place, what, reason = BAD_SIDE_FILES[kind]
    path = _spoiled(first_hand, tmp_path, kind)
    where = str(path) if place is None else f"{path}, {place}"
    for open_it in (lambda: Replay(SIX_LOVE, analysis=path), lambda: Replay.load(SIX_LOVE, analysis=str(path)),
                    lambda: ReplaySession(SIX_LOVE, analysis=path)):
        with pytest.raises(ValueError) as raised:
            open_it()
        error = raised.value
        assert not isinstance(error, TRACEBACK_KINDS)
        assert str(error).startswith(f"{where}: ") and what in str(error), str(error)
        assert str(error).endswith(f"[{reason}]") and str(error.reason) == reason
        assert type(error).__name__ == "AnalysisError" and error.__cause__ is None


def test_a_side_file_given_as_a_dict_is_checked_the_same_way(first_hand):
    data = first_hand.as_json()
    data["decisions"][3]["moves"] = []
    with pytest.raises(ValueError, match=r"^the analysis, decision 3: 'moves' is empty \[bad_analysis\]$"):
        Analysis.load(data)
    with pytest.raises(ValueError, match=r"^the analysis, decision 3: 'moves' is empty"):
        Replay(SIX_LOVE, analysis=data)


@pytest.mark.parametrize("hands, words", [([99], "hands: 99 is not a hand of this record (0 to 4)"),
                                          ([-1], "hands: -1 is not a hand of this record (0 to 4)"),
                                          ([0, True], "hands: True is not a hand of this record (0 to 4)"),
                                          (["0"], "hands: '0' is not a hand of this record (0 to 4)"),
                                          ("0", "hands: a list of hand numbers from 0, not '0'"),
                                          (3, "hands: a list of hand numbers from 0, not 3")])
def test_analyse_refuses_a_hand_the_record_does_not_have(hands, words):
    with pytest.raises(ValueError) as raised:
        analyse(SIX_LOVE, hands=hands, workers=1, **QUICK)
    assert str(raised.value) == words


def test_the_analysis_shows_itself_in_words_in_its_language():
    """In a notebook an analysis shows a table per seat and its mistakes in words (the record's
    notation, 'S played S 1-2 L', and English under lang="vi" were what it showed before)."""
    analysis = Analysis(Rules.six_love(), [_decision(0.6, 0.3), _decision(0.6, 0.58)])
    english = analysis._repr_html_()
    assert english == analysis.to_html("en")
    assert "Analysis of 2 decisions" in english and "<th>Average loss (points)</th>" in english
    assert "<td>South</td><td>2</td><td>1</td><td>0</td><td>0</td><td>1</td>" in english
    assert ("<li>Hand 1, move 4, South: Blunder: 1-2 on the left wins 30% of the time; "
            "3-4 on the right wins 60% (30 points better).</li>") in english
    assert "S 1-2 L" not in english and "S 3-4 R" not in english
    vietnamese = analysis.to_html("vi")
    assert "Phân tích 2 quyết định" in vietnamese and "<td>Nam</td>" in vietnamese
    assert "Ván 1, nước 4, Nam: Nước sai nặng: 1-2 ở đầu trái" in vietnamese
    for word in ("Analysis", "decisions", "Seat", "Blunder", "South", "left", "points"):
        assert word not in vietnamese, word
    interrupted = Analysis(Rules.six_love(), [], interrupted=True).to_html()
    assert "Analysis of 0 decisions (interrupted" in interrupted and "<ul>" not in interrupted


@pytest.mark.parametrize("options, words", [
    ({"bot": None}, "bot: the bot that judges the moves, by name ('strong'), not None"),
    ({"bot": "greedy"}, "bot: the 'greedy' bot cannot judge moves (it has no evaluate()): judge with 'strong'"),
    ({"seed": "x"}, "seed must be a whole number, not 'x'"),
    ({"seed": 1.5}, "seed must be a whole number, not 1.5"),
    ({"max_ms": float("nan")}, "max_ms must be a positive number of milliseconds (or None), not nan"),
    ({"max_ms": float("inf")}, "max_ms must be a positive number of milliseconds (or None), not inf"),
])
def test_analyse_refuses_a_bad_judge_seed_or_time_cap_by_name(options, words):
    with pytest.raises(ValueError) as raised:
        analyse(SIX_LOVE, hands=[0], workers=1, **{**QUICK, **options})
    assert str(raised.value) == words
    view = seat_view(Hand.dealt(seed=1), "N")
    with pytest.raises(ValueError, match=words.split(":")[0].split(" must")[0]):
        judge_position(view, **{k: v for k, v in options.items()})


def test_mirror_image_moves_are_judged_once_as_the_move_played():
    # 6-6 posed: any 6-x on the left or the right leaves the same ends, one move in a mirror
    deal = {"N": "6-6 6-4 6-1 2-2 3-3 0-1 0-2", "E": "5-6 4-4 1-1 0-3 0-4 0-5 1-2",
            "S": "0-6 2-6 3-6 1-3 1-4 1-5 2-3", "W": "0-0 2-4 2-5 3-4 3-5 4-5 5-5"}
    hand = Hand(Rules.six_love(), {seat: tiles.split() for seat, tiles in deal.items()})
    hand.push("N 6-6")
    hand.push("W pass")
    view = seat_view(hand, "S")
    assert len(view.legal_moves) == 6 and distinct_choices(view) == 3
    judged = judge_position(view, seed=1, rollouts=30, played="S 6-3 R")
    assert len(judged) == 3
    assert sorted(m for j in judged for m in j.moves) == sorted(str(m) for m in view.legal_moves)
    three = next(j for j in judged if "6-3" in j.move)
    assert three.move == "S 6-3 R" and three.mirrors == ("S 6-3 L",)
    decision = Decision(0, 2, "S", "NS", "S 6-3 L", judged)
    assert decision.played_judgement is three
    loaded = Analysis.load(Analysis(Rules.six_love(), [decision], {}).as_json()).decisions[0]
    assert [(j.move, j.mirrors) for j in loaded.judgements] == [(j.move, j.mirrors) for j in judged]


def _coach_view(ends=None, legal=None, tiles=None):
    """South to move in a fresh table's first hand (ends 6 and 3), with ends, legal moves or tiles replaced."""
    from dominoes_widget.engine.tiles import Tile

    view = seat_view(Table(coach=True, bot_delay=0, seed=2, bots="greedy").match.hand, "S")
    changes = {"ends": ends, "legal_moves": legal and tuple(Move.parse(m) for m in legal),
               "tiles": tiles and tuple(Tile.parse(t) for t in tiles)}
    return replace(view, **{k: v for k, v in changes.items() if v is not None})


def _judged(*moves):
    """Judgements, best first: (move, share, gap_low, gap_high)."""
    return [Judgement(m, share / 100, 0.0, 0.0, 1.0, 0.01, 100, gap_low=low, gap_high=high)
            for m, share, low, high in moves]


@pytest.mark.parametrize("gap, said", [
    ((1.0, 4.0), "6-1 is a little better than 3-0."),
    ((0.5, 4.9), "6-1 is a little better than 3-0."),
    ((3.0, 9.0), "6-1 is better than 3-0, by about 6 points."),
    ((5.5, 9.5), "6-1 is better than 3-0, by about 8 points."),
    ((12.0, 20.0), "6-1 wins about 60% of the time, 16 points more than anything else."),
])
def test_the_coachs_words_fit_the_band_of_the_next_best(gap, said):
    """"A little better" only when the next best is good too (its gap known under 5 points)."""
    view = _coach_view()
    low, high = gap
    judgements = _judged(("S 6-1 L", 60.0, 0, 0), ("S 3-0 R", 60.0 - (low + high) / 2, low, high),
                         ("S 6-4 L", 20.0, 35.0, 45.0))
    assert coach_words(view, judgements, Voice("en")) == said


def test_heaviest_only_of_a_tile_strictly_heavier_than_the_others_that_fit():
    """3-0 beside 1-2 (both 3 pips) is not "your heaviest"; beside 1-1 (2 pips) it is."""
    tied = _coach_view(ends=(3, 1), legal=("S 3-0 L", "S 1-2 R"), tiles=("0-3", "1-2", "5-5"))
    judgements = _judged(("S 3-0 L", 60.0, 0, 0), ("S 1-2 R", 52.0, 6.0, 10.0))
    assert "heaviest" not in coach_words(tied, judgements, Voice("en"))
    assert coach_words(tied, judgements, Voice("en")) == "3-0 is better than 1-2, by about 8 points."
    lighter = _coach_view(ends=(3, 1), legal=("S 3-0 L", "S 1-1 R"), tiles=("0-3", "1-1", "5-5"))
    judgements = _judged(("S 3-0 L", 60.0, 0, 0), ("S 1-1 R", 52.0, 6.0, 10.0))
    assert coach_words(lighter, judgements, Voice("en")) == "3-0 is your heaviest tile that fits: lay it down while you can."
    assert "nặng điểm nhất" not in coach_words(tied, judgements, Voice("vi"))


def test_the_coach_says_why_the_end_matters_when_the_tile_was_right():
    """Given the move played, the best's tile on the other end: what each end leaves open, and
    how many of the seat's other tiles fit there when that is in the best's favour."""
    wrong_end = _coach_view(ends=(6, 4), legal=("S 6-4 L", "S 4-6 R"), tiles=("4-6", "0-3", "4-4", "1-4", "2-2"))
    judgements = _judged(("S 6-4 L", 60.0, 0, 0), ("S 4-6 R", 45.0, 10.0, 20.0))
    said = coach_words(wrong_end, judgements, Voice("en"), played="S 4-6 R")
    assert said == ("6-4 belongs on the left: it leaves 4 open at both ends, with 2 tiles of yours to play there; "
                    "on the right it would leave 6 open at both ends, where none of yours fit.")
    assert coach_words(wrong_end, judgements, Voice("en")) == "6-4 is your heaviest tile that fits: lay it down while you can."
    assert coach_words(wrong_end, judgements, Voice("vi"), played="S 4-6 R").startswith("6-4 nên đặt ở đầu trái")
    # another tile played: the usual words
    other = _judged(("S 6-4 L", 60.0, 0, 0), ("S 4-6 R", 45.0, 10.0, 20.0), ("S 4-4 R", 30.0, 25.0, 35.0))
    assert coach_words(wrong_end, other, Voice("en"), played="S 4-4 R").startswith("6-4 is your heaviest")
