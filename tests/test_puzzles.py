"""Puzzles (studies/puzzles.py) and finding them in games (studies/mining.py)."""

from __future__ import annotations

import copy
import gzip
import json
from pathlib import Path

import pytest

from dominoes_widget import Puzzle, PuzzleError, PuzzleSet, find_puzzles, read_record, verify_record
from dominoes_widget.__main__ import main
from dominoes_widget.engine.hand import equivalent
from dominoes_widget.engine.move import Move
from dominoes_widget.studies import puzzles as puzzles_module
from dominoes_widget.studies.judge import judge
from dominoes_widget.studies.mining import passes, screen
from dominoes_widget.studies.mining import themes_of
from dominoes_widget.studies.puzzles import THEMES
from dominoes_widget.words.move_reasons import followers
from dominoes_widget.words.catalog import Voice

ROOT = Path(__file__).resolve().parent.parent
TEN_HANDS = ROOT / "tests" / "data" / "records" / "six_love_10_hands.json"


@pytest.fixture(scope="module")
def builtin() -> PuzzleSet:
    return PuzzleSet.builtin()


def sample(puzzles: PuzzleSet, count: int) -> list[Puzzle]:
    """``count`` puzzles spread over the set by a fixed rule: sorted by id, every n-th."""
    ordered = sorted(puzzles, key=lambda p: p.id)
    step = max(1, len(ordered) // count)
    return ordered[::step][:count]


def test_the_builtin_set_has_200_puzzles_of_both_games(builtin):
    counts = builtin.counts("game")
    assert len(builtin) >= 200
    assert counts["partnership"] >= 60 and counts["vietnamese"] >= 60, counts
    assert len({p.id for p in builtin}) == len(builtin)
    assert {t for p in builtin for t in p.themes} <= set(THEMES)


def test_a_puzzles_record_reads_back_and_stops_at_the_decision(builtin):
    for puzzle in sample(builtin, 12):
        summaries, problems = verify_record(puzzle.record)
        assert problems == [] and summaries[-1]["end"] is None, "only the last hand is unfinished"
        match = read_record(puzzle.record).match
        assert len(match.hands) == 1 and match.hands[-1].turn == puzzle.seat
        assert puzzle.hand().turn == puzzle.seat == puzzle.view().turn == puzzle.view().seat
        assert puzzle.rules == match.rules and puzzle.game == match.rules.game


def test_the_answers_are_legal_moves_and_every_mirror_of_one_is_one(builtin):
    for puzzle in builtin:
        view = puzzle.view()
        legal = {str(m): m for m in view.legal_moves}
        assert set(puzzle.answers) <= set(legal), puzzle
        for answer in puzzle.answers:
            mirrors = {text for text, move in legal.items() if equivalent(move, legal[answer], view.ends)}
            assert mirrors <= set(puzzle.answers), puzzle
        assert set(legal) - set(puzzle.answers), "some move is wrong"
        assert {m for j in puzzle.moves for m in j.moves} == set(legal)
        assert puzzle.moves[0].move in puzzle.answers and 0 <= puzzle.difficulty <= 1
        assert all(puzzle.is_answer(a) and puzzle.is_answer(Move.parse(a)) for a in puzzle.answers)
        assert not puzzle.is_answer(next(m for m in legal if m not in puzzle.answers))
        assert not puzzle.is_answer("not a move")


def test_every_shipped_puzzle_has_a_theme_and_the_miners_own(builtin):
    """A theme for each (``deep`` when no rule of thumb names the answer), and exactly the themes
    the miner's ``themes_of`` gives the position (``make_builtin_puzzles.py --retheme`` writes them)."""
    assert all(puzzle.themes for puzzle in builtin), [p.id for p in builtin if not p.themes]
    assert all(puzzle.themes == themes_of(puzzle.hand(), puzzle.view(), puzzle.answers) for puzzle in builtin)
    deep = [p for p in builtin if "deep" in p.themes]
    assert deep and all(p.themes == ("deep",) for p in deep), "deep only where nothing else says it"


def test_the_themes_double_and_follow_say_what_the_answer_does(builtin):
    for puzzle in builtin:
        view = puzzle.view()
        right = [m for m in view.legal_moves if str(m) in puzzle.answers]
        wrong = [m for m in view.legal_moves if str(m) not in puzzle.answers]
        if "double" in puzzle.themes:
            assert all(m.tile is not None and m.tile.is_double for m in right)
            assert any(m.tile is not None and not m.tile.is_double for m in wrong)
        if "follow" in puzzle.themes:
            kept = min(followers(view, m) for m in right)
            others = [followers(view, m) for m in wrong]
            assert kept >= max(others) and kept > min(others)


def test_the_themes_have_words_in_every_language():
    for lang in ("en", "vi"):
        voice = Voice(lang)
        assert len({voice(f"puzzles.theme_{theme}") for theme in THEMES}) == len(THEMES)


@pytest.mark.parametrize("name", ["set.json", "set.json.gz"])
def test_a_set_saved_and_loaded_is_the_same(builtin, tmp_path, name):
    some = builtin[:5]
    path = some.save(tmp_path / name)
    assert (path.read_bytes()[:2] == b"\x1f\x8b") == name.endswith(".gz")
    again = PuzzleSet.load(path)
    assert again == some and again.source == str(path) and list(again) == list(some)
    assert PuzzleSet.load(some.as_json()) == some


def test_filters(builtin):
    viet = builtin.filter(game="vietnamese")
    assert viet and all(p.game == "vietnamese" for p in viet)
    assert len(viet) + len(builtin.filter(game="partnership")) == len(builtin)
    blocks = builtin.filter(themes=["block"])
    assert blocks and all("block" in p.themes for p in blocks)
    assert builtin.filter(themes="block") == blocks
    easy = builtin.filter(difficulty=(0, 0.2))
    assert all(p.difficulty <= 0.2 for p in easy) and len(easy) < len(builtin)
    assert builtin.filter(game="vietnamese", themes=["draw"]) == viet.filter(themes="draw")
    assert builtin.by_id(blocks[0].id) is blocks[0]
    for bad in ({"game": "chess"}, {"themes": ["tactics"]}, {"difficulty": (0.5,)}, {"difficulty": "hard"}):
        with pytest.raises(ValueError):
            builtin.filter(**bad)


def _spoiled(builtin: PuzzleSet, spoil) -> dict:
    data = copy.deepcopy(builtin[:3].as_json())
    spoil(data)
    return data


def _puzzle_1(**fields):
    def spoil(data: dict) -> None:
        data["puzzles"][1].update(fields)
    return spoil


def _drop_last_move(data: dict) -> None:
    data["puzzles"][1]["record"]["hands"][0]["moves"].pop()


BAD_FILES = {  # kind: (how the JSON is spoiled, the end of the message)
    "not puzzles": (lambda data: data.update(format="dominoes-record"),
                    ": not a puzzle file: 'format' must be 'dominoes-puzzles', not 'dominoes-record' [bad_puzzles]"),
    "version 2": (lambda data: data.update(version=2), ": 'version' must be 1, not 2 [bad_puzzles]"),
    "difficulty 2": (_puzzle_1(difficulty=2), ", puzzle 1: 'difficulty' must be a chance from 0 to 1, not 2 "
                                              "[bad_puzzles]"),
    "unknown theme": (_puzzle_1(themes=["tactics"]), ", puzzle 1: 'tactics' is not a theme in 'themes' (the themes "
                                                     "are block, partner, count, endgame, draw, heavy, opening, double, "
                                                     "follow, deep) "
                                                     "[bad_puzzles]"),
    "wrong id": (_puzzle_1(id="000000000000"), ", puzzle 1: 'id' is '000000000000', but the position's is"),
    "no answers": (_puzzle_1(answers=[]), ", puzzle 1: 'answers' must be the best of 'moves' with their mirrors"),
    "record moved on": (_drop_last_move, ", puzzle 1: 'seat' is"),
    "unknown field": (_puzzle_1(hint="x"), ", puzzle 1: unknown field 'hint'"),
}


@pytest.mark.parametrize("kind", list(BAD_FILES))
def test_a_bad_file_gives_one_error_naming_the_file_and_the_place(builtin, tmp_path, kind):
    spoil, said = BAD_FILES[kind]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(_spoiled(builtin, spoil)))
    with pytest.raises(PuzzleError) as caught:
        PuzzleSet.load(path)
    assert str(caught.value).startswith(f"{path}{said}")
    assert caught.value.source == str(path)


def _row_0(index: int, value):
    def spoil(data: dict) -> None:
        data["puzzles"][1]["moves"][0][index] = value
    return spoil


WRONG_TYPES = [  # (the field, how puzzle 1 is spoiled): a value of a type the field never holds
    *[("id", _puzzle_1(id=value)) for value in (None, 7, ["x"], {"id": "x"})],
    *[("seat", _puzzle_1(seat=value)) for value in (None, 2, ["S"], {"S": 1})],
    *[("answers", _puzzle_1(answers=value)) for value in ("S 6-6", {"S 6-6": 1}, [{"move": "S 6-6"}], [["S 6-6"]],
                                                          [7], [None])],
    *[("themes", _puzzle_1(themes=value)) for value in ("block", {"block": 1}, [{"theme": "block"}], [["block"]], [3])],
    *[("difficulty", _puzzle_1(difficulty=value)) for value in ("0.5", None, True, [0.5], {"value": 0.5})],
    *[("moves", _puzzle_1(moves=value)) for value in ({}, "S 6-6", [None], [{"move": "S 6-6"}])],
    *[("moves", _row_0(index, value)) for index, value in ((0, {"move": "x"}), (1, "0.5"), (6, 2.5), (9, {}),
                                                           (9, [{"move": "x"}]))],
    *[("record", _puzzle_1(record=value)) for value in ([], "x", None, 5)],
    ("record", lambda data: data["puzzles"][1]["record"].update(hands={"0": {}})),
]


@pytest.mark.parametrize("field, spoil", WRONG_TYPES, ids=[f"{field}-{n}" for n, (field, _) in enumerate(WRONG_TYPES)])
def test_a_field_of_the_wrong_type_is_named_and_nothing_is_loaded(builtin, tmp_path, field, spoil):
    """An object where the answers' moves go was a bare TypeError (unhashable type: 'dict')."""
    data = _spoiled(builtin, spoil)
    given = copy.deepcopy(data)
    with pytest.raises(PuzzleError) as caught:
        PuzzleSet.load(data)
    assert caught.value.place == "puzzle 1" and f"'{field}'" in caught.value.what, str(caught.value)
    assert data == given, "the file's JSON is left as it was"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(PuzzleError, match=rf"^{path}, puzzle 1: .*'{field}'.*\[bad_puzzles\]$"):
        PuzzleSet.load(path)
    assert PuzzleSet.load(builtin[:3].as_json()) == builtin[:3], "a good set still loads whole after it"


def test_the_html_command_names_a_puzzle_field_of_the_wrong_type(builtin, tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(_spoiled(builtin, _puzzle_1(answers=[{"move": "S 6-6"}]))))
    assert main(["html", "--puzzles", str(path), "-o", str(tmp_path / "page.html")]) == 2
    out, err = capsys.readouterr()
    assert err.startswith(f"error: {path}, puzzle 1: 'answers' must be moves written as text") and "Traceback" not in err
    assert not out and not (tmp_path / "page.html").exists()


def test_a_file_too_large_or_not_json_is_refused_unread(tmp_path, monkeypatch):
    path = tmp_path / "big.json.gz"
    path.write_bytes(gzip.compress(b" " * 2000))
    monkeypatch.setattr(puzzles_module, "MAX_PUZZLE_BYTES", 1000)
    with pytest.raises(PuzzleError, match=r"big\.json\.gz: larger than 0 MB unpacked: not a puzzle file"):
        PuzzleSet.load(path)
    path.write_text("hello")
    with pytest.raises(PuzzleError, match=r"big\.json\.gz: not valid JSON"):
        PuzzleSet.load(path)
    with pytest.raises(PuzzleError, match=r"nowhere\.json: cannot be read"):
        PuzzleSet.load(tmp_path / "nowhere.json")


def test_the_screen_and_the_test_of_a_judgement(builtin):
    puzzle = builtin[0]
    judged = judge(puzzle.view(), seed=0, budget=1)
    assert passes(judged) in (None, frozenset(puzzle.answers)) and isinstance(screen(judged), bool)


# -- finding puzzles ------------------------------------------------------------------------------
def _hands(path: Path, first: int, last: int) -> dict:
    """Hands ``first`` to ``last`` of a record, with the match state before them as its start."""
    replayed = read_record(path)
    record = json.loads(path.read_text())
    record["hands"] = record["hands"][first:last + 1]
    record["start"] = replayed.match.state_before(first).as_start()
    record.pop("comments", None)  # (keyed by the whole record's hands)
    return record


@pytest.mark.slow  # judges dozens of decisions, on worker processes too
def test_find_puzzles_is_deterministic_and_the_same_on_any_number_of_workers():
    record = _hands(TEN_HANDS, 1, 1)
    here = find_puzzles(record, seed=0, workers=1, progress=False)
    assert len(here) >= 1
    assert find_puzzles([record], seed=0, workers=2, progress=False) == here
    for puzzle in here:
        assert puzzle.record["start"] == record["start"] and passes(judge(puzzle.view(), seed=0)) == set(puzzle.answers)


@pytest.mark.slow  # judges eight positions in full
def test_a_sample_of_the_shipped_puzzles_judged_again_with_a_new_seed(builtin):
    for puzzle in sample(builtin, 8):
        judged = judge(puzzle.view(), seed=20261203)
        assert passes(judged) == set(puzzle.answers), puzzle
        assert all(j.gap_low >= 20 for j in judged.judgements if not set(j.moves) & set(puzzle.answers)), puzzle


def test_the_cli_names_a_bad_record_and_shows_no_traceback(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "dominoes-record", "version": 1, "game": "chess"}))
    assert main(["puzzles", str(TEN_HANDS), str(bad), "-o", str(tmp_path / "set.json"), "--no-progress"]) == 1
    out, err = capsys.readouterr()
    assert err.startswith(f"{bad}: record: game must be one of partnership, vietnamese, not 'chess' [bad_game]")
    assert not out and not (tmp_path / "set.json").exists()
    assert main(["puzzles", str(tmp_path / "nowhere.json"), "-o", str(tmp_path / "set.json")]) == 1
    assert "nowhere.json: record: cannot read" in capsys.readouterr().err


def test_the_cli_says_it_cannot_write_the_set_before_searching(tmp_path, capsys, monkeypatch):
    """A folder as the output was found out only after minutes of searching."""
    def never(*args, **kwargs):
        raise AssertionError("searched for puzzles it could not write")

    monkeypatch.setattr("dominoes_widget.studies.mining.find_puzzles", never)
    for output, why in ((tmp_path, "it is a folder"), (tmp_path / "no" / "set.json", f"there is no folder {tmp_path / 'no'}")):
        assert main(["puzzles", str(TEN_HANDS), "-o", str(output), "--no-progress"]) == 2
        out, err = capsys.readouterr()
        assert err == f"error: cannot write {output}: {why}\n" and not out


@pytest.mark.slow  # mines a hand
def test_the_cli_writes_a_set_that_loads(tmp_path, capsys):
    source = tmp_path / "hand.json"
    source.write_text(json.dumps(_hands(TEN_HANDS, 1, 1)))
    assert main(["puzzles", str(source), "-o", str(tmp_path / "set.json.gz"), "--workers", "1", "--no-progress"]) == 0
    found = PuzzleSet.load(tmp_path / "set.json.gz")
    assert capsys.readouterr().out == f"found {len(found)} puzzles ({len(found)} partnership); wrote {tmp_path / 'set.json.gz'}\n"
    assert found == find_puzzles(source, workers=1, progress=False)


def test_an_interrupted_search_keeps_what_it_found_and_says_so(tmp_path, capsys, monkeypatch):
    """Ctrl-C while mining: the set holds the puzzles found so far, is marked interrupted, and the
    command writes it, says it was cut short and exits 130."""
    from dominoes_widget.studies import mining

    judged: list[object] = []

    def stopped_after_two(job):
        if len(judged) == 2:
            raise KeyboardInterrupt
        judged.append(job)
        return None

    monkeypatch.setattr(mining, "_mine", stopped_after_two)
    source = tmp_path / "hand.json"
    source.write_text(json.dumps(_hands(TEN_HANDS, 1, 1)))
    part = find_puzzles(source, workers=1, progress=False)
    assert part.interrupted and len(part) == 0 and len(judged) == 2
    judged.clear()
    assert main(["puzzles", str(source), "-o", str(tmp_path / "set.json"), "--workers", "1", "--no-progress"]) == 130
    assert capsys.readouterr().out == ("interrupted: not every decision was judged; found 0 puzzles; "
                                       f"wrote {tmp_path / 'set.json'}\n")
    assert len(PuzzleSet.load(tmp_path / "set.json")) == 0
