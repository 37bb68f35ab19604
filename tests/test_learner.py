"""A remembered learner (dominoes_widget/studies/learner.py): Glicko-2 against Glickman's worked
example, the FSRS review schedule through the ``fsrs`` package, and the learner's file (round
trip, a damaged file, two processes writing at once)."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from dominoes_widget import Learner, LearnerError, PuzzleSet
from dominoes_widget.studies.glicko import Glicko, expected, rate
from dominoes_widget.studies.learner import HINTED, puzzle_start_rating

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=timezone.utc)


@pytest.fixture(scope="module")
def puzzles():
    return PuzzleSet.builtin()


@pytest.fixture
def learner(tmp_path):
    return Learner(tmp_path / "learner.json")


# -- Glicko-2 ----------------------------------------------------------------------------------
def test_glicko2_gives_the_worked_example_of_glickmans_paper():
    """Glickman, "Example of the Glicko-2 system" (2013): a player rated 1500, RD 200, volatility
    0.06, tau 0.5, beats a 1400 (RD 30) and loses to a 1550 (RD 100) and a 1700 (RD 300); the paper
    finds mu' = -0.2069, phi' = 0.8722, sigma' = 0.05999, that is r' = 1464.06 and RD' = 151.52
    (its intermediate figures rounded to four places, so the last digit may differ)."""
    after = rate(Glicko(1500, 200, 0.06), [(Glicko(1400, 30), 1), (Glicko(1550, 100), 0), (Glicko(1700, 300), 0)],
                 tau=0.5)
    assert (after.rating - 1500) / 173.7178 == pytest.approx(-0.2069, abs=1e-4)
    assert after.deviation / 173.7178 == pytest.approx(0.8722, abs=1e-4)
    assert after.volatility == pytest.approx(0.05999, abs=1e-5)
    assert after.rating == pytest.approx(1464.06, abs=0.02) and after.deviation == pytest.approx(151.52, abs=0.01)


def test_glicko2_the_papers_intermediate_expectations():
    player = Glicko(1500, 200, 0.06)
    assert [round(expected(player, o), 3) for o in (Glicko(1400, 30), Glicko(1550, 100), Glicko(1700, 300))] == \
        [0.639, 0.432, 0.303]


def test_a_period_without_games_only_widens_the_deviation():
    after = rate(Glicko(1500, 200, 0.06), [])
    assert after.rating == 1500 and after.deviation == pytest.approx(173.7178 * (0.06**2 + (200 / 173.7178)**2)**0.5)


# -- ratings of tries ----------------------------------------------------------------------------
def test_only_the_first_try_at_a_puzzle_counts(learner, puzzles):
    learner.record_try(puzzles[0], right=False, at=T0)
    after_first = learner.rating
    puzzle_after = learner.puzzle_rating(puzzles[0])
    assert after_first.rating < 1500 and puzzle_after.rating > puzzle_start_rating(puzzles[0]).rating
    entry = learner.record_try(puzzles[0], right=True, at=T0 + timedelta(minutes=5))
    assert not entry["rated"] and learner.rating == after_first and learner.puzzle_rating(puzzles[0]) == puzzle_after
    assert len(learner.history) == 1


def test_a_solve_after_a_hint_counts_less_than_a_clean_one(tmp_path, puzzles):
    clean, hinted, shown = (Learner(tmp_path / f"{n}.json") for n in ("clean", "hinted", "shown"))
    clean.record_try(puzzles[3], right=True, at=T0)
    assert hinted.record_try(puzzles[3], right=True, hints=1, at=T0)["score"] == HINTED
    assert shown.record_try(puzzles[3], right=True, hints=2, at=T0)["score"] == 0
    assert clean.rating.rating > hinted.rating.rating > shown.rating.rating


def test_accuracy_by_theme_and_by_game_counts_clean_first_tries(learner, puzzles):
    learner.record_try(puzzles[0], right=True, at=T0)
    learner.record_try(puzzles[1], right=True, tried_wrong=True, at=T0)
    learner.record_try(puzzles[1], right=True, at=T0 + timedelta(minutes=1))  # not a first try
    by_game = learner.accuracy("game")
    assert (sum(r for r, _ in by_game.values()), sum(t for _, t in by_game.values())) == (1, 2)
    theme = puzzles[0].themes[0]
    assert learner.accuracy("theme")[theme][1] >= 1
    with pytest.raises(ValueError, match="by: 'theme' or 'game'"):
        learner.accuracy("colour")


# -- reviews on the FSRS schedule ---------------------------------------------------------------
def test_a_missed_puzzle_comes_back_on_the_fsrs_schedule(learner, puzzles):
    from fsrs import Card, Rating, Scheduler

    puzzle = puzzles[5]
    learner.record_try(puzzle, right=False, at=T0)
    expect, _ = Scheduler(enable_fuzzing=False).review_card(Card(due=T0), Rating.Again, T0)
    [review] = learner.reviews()
    assert review.kind == "puzzle" and review.puzzle == puzzle and review.due == expect.due
    assert learner.due(T0) == [] and [r.puzzle for r in learner.due(expect.due)] == [puzzle]

    # solved when due: the package's next step, further away; a clean solve never schedules one
    learner.record_try(puzzle, right=True, at=expect.due)
    expect, _ = Scheduler(enable_fuzzing=False).review_card(expect, Rating.Good, expect.due)
    [review] = learner.reviews()
    assert review.due == expect.due and review.reps == 2 and learner.due(expect.due - timedelta(seconds=1)) == []
    learner.record_try(puzzles[6], right=True, at=T0)
    assert len(learner.reviews()) == 1


def test_due_lists_the_longest_overdue_first(learner, puzzles):
    learner.record_try(puzzles[7], right=False, at=T0 + timedelta(minutes=3))
    learner.record_try(puzzles[8], right=False, at=T0)
    assert [r.puzzle for r in learner.due(T0 + timedelta(days=1))] == [puzzles[8], puzzles[7]]
    with pytest.raises(ValueError, match="time zone"):
        learner.due(datetime(2026, 3, 1))


# -- the file --------------------------------------------------------------------------------------
def test_the_file_round_trips_and_is_versioned(tmp_path, puzzles):
    path = tmp_path / "deep" / "me.json"
    learner = Learner(path)
    learner.record_try(puzzles[0], right=False, at=T0)
    learner.record_try(puzzles[1], right=True, hints=1, at=T0)
    learner.record_streak(4)
    again = Learner(path)
    assert again.rating == learner.rating and again.history == learner.history and again.tries == learner.tries
    assert again.reviews() == learner.reviews() and again.best_streak == 4
    data = json.loads(path.read_text())
    assert data["format"] == "dominoes-learner" and data["version"] == 1
    assert sorted(p.name for p in path.parent.iterdir()) == ["me.json", "me.json.lock"]  # no temporary file left


def test_the_default_place_is_the_users_data_folder(monkeypatch, tmp_path):
    import platformdirs

    from dominoes_widget.studies import learner_file

    monkeypatch.setattr(platformdirs, "user_data_dir", lambda *a, **k: str(tmp_path / "data"))
    assert Learner().path == tmp_path / "data" / "progress.json"
    monkeypatch.setattr(learner_file.sys, "platform", "emscripten")
    assert learner_file.default_path() == Path("/drive/dominoes_widget/progress.json")


@pytest.mark.parametrize("damage", [b"{\"format\": \"dominoes-learner\", \"vers", b"\xff\xfe", b"[1, 2]",
                                    b'{"format": "dominoes-learner", "version": 7}',
                                    b'{"format": "dominoes-learner", "version": 1, "rating": [1, 2, 3], '
                                    b'"history": [], "puzzles": {}, "tries": [], "reviews": {}, "moments": {}, '
                                    b'"streak": {"best": 0, "runs": 0}}'])
def test_a_damaged_file_is_named_copied_and_never_written_over(tmp_path, puzzles, damage):
    path = tmp_path / "me.json"
    path.write_bytes(damage)
    with pytest.raises(LearnerError) as error:
        Learner(path)
    message = str(error.value)
    assert message.startswith(str(path)) and "a copy is kept as me.json.damaged-" in message
    assert "Traceback" not in message and "left as it was" in message
    [copy] = tmp_path.glob("me.json.damaged-*")
    assert copy.read_bytes() == damage and path.read_bytes() == damage


def test_a_file_damaged_after_opening_stops_the_next_write_and_keeps_it(tmp_path, puzzles):
    path = tmp_path / "me.json"
    learner = Learner(path)
    learner.record_try(puzzles[0], right=True, at=T0)
    path.write_text('{"format": "dominoes-learner", "version": 1, "tries": "oops"}')
    with pytest.raises(LearnerError, match="missing"):
        learner.record_try(puzzles[1], right=True, at=T0)
    assert "oops" in path.read_text() and list(tmp_path.glob("me.json.damaged-*"))


@pytest.mark.parametrize("call, match", [
    (lambda l, p: l.record_try(p, right="yes"), "right and tried_wrong"),
    (lambda l, p: l.record_try(p, right=True, hints=3), "hints 0, 1 or 2"),
    (lambda l, p: l.record_try("03946bd10af8", right=True), "a Puzzle"),
    (lambda l, p: l.record_streak(-1), "a count of puzzles"),
])
def test_bad_input_is_refused_and_changes_nothing(learner, puzzles, call, match):
    with pytest.raises((ValueError, TypeError), match=match):
        call(learner, puzzles[0])
    assert not learner.path.exists()


@pytest.mark.slow
def test_two_processes_writing_at_once_lose_nothing(tmp_path):
    path = tmp_path / "shared.json"
    script = textwrap.dedent("""
        import sys
        from dominoes_widget import Learner, PuzzleSet
        puzzles = PuzzleSet.builtin()
        learner = Learner(sys.argv[1])
        start = int(sys.argv[2])
        print("ready", flush=True)
        sys.stdin.readline()
        for n in range(start, start + 40):
            learner.record_try(puzzles[n], right=n % 3 == 0)
        learner.record_streak(start)
    """)
    workers = [subprocess.Popen([sys.executable, "-c", script, str(path), str(start)], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, text=True) for start in (0, 40)]
    for worker in workers:
        assert worker.stdout.readline().strip() == "ready"
    for worker in workers:  # both start writing together
        worker.stdin.write("go\n")
        worker.stdin.flush()
    for worker in workers:
        worker.stdin.close()
        assert worker.wait(timeout=120) == 0
    learner = Learner(path)
    assert sorted(t["puzzle"] for t in learner.tries) == sorted(p.id for p in PuzzleSet.builtin()[:80])
    assert len(learner.history) == 80 and len(learner.reviews()) == 80 - len(range(0, 80, 3))
    assert learner.best_streak == 40 and json.loads(path.read_text())["streak"]["runs"] == 2


# -- the dashboard's pictures, without a browser ---------------------------------------------------
def test_the_dashboard_is_five_pictures_of_valid_svg_in_both_languages(learner, puzzles):
    import xml.etree.ElementTree as ET

    learner.record_try(puzzles[0], right=False, at=T0)
    learner.record_try(puzzles[1], right=True, at=T0 + timedelta(hours=1))
    learner.record_streak(2)
    for lang, title in (("en", "Your progress"), ("vi", "Tiến bộ của bạn")):
        view = learner.dashboard(lang=lang).view
        assert view["title"] == title and [c["key"] for c in view["cards"]] == ["rating", "theme", "game", "due", "streak"]
        for card in view["cards"]:
            svg = ET.fromstring(card["svg"])
            assert svg.tag.endswith("svg") and svg.get("aria-label") == card["title"]
        assert ">2<" in view["cards"][4]["svg"]  # the best streak
    assert "<svg" in learner._repr_html_()


def test_the_dashboards_words_are_escaped():
    from dominoes_widget.words.catalog import Voice
    from dominoes_widget.words.dashboard import bars_picture

    svg = bars_picture([("<b>&", 1, 2)], Voice("en"), 'a "title"')
    assert "&lt;b&gt;&amp;" in svg and 'aria-label="a &quot;title&quot;"' in svg


def test_a_review_whose_puzzle_is_damaged_is_named_and_copied(tmp_path, puzzles):
    path = tmp_path / "me.json"
    Learner(path).record_try(puzzles[0], right=False, at=T0)
    data = json.loads(path.read_text())
    data["reviews"][f"puzzle:{puzzles[0].id}"]["puzzle"]["seat"] = "Q"
    path.write_text(json.dumps(data))
    with pytest.raises(LearnerError, match=rf"^{path}, review puzzle:{puzzles[0].id}: 'seat' is 'Q'"):
        Learner(path).due()
    assert json.loads(path.read_text()) == data and list(tmp_path.glob("me.json.damaged-*"))


def test_the_modules_examples_run():
    import doctest

    from dominoes_widget.studies import glicko, learner

    for module in (glicko, learner):
        result = doctest.testmod(module)
        assert result.attempted >= 2 and result.failed == 0


def test_a_system_without_flock_still_keeps_the_file(tmp_path, puzzles, monkeypatch):
    """Pyodide's fcntl has no flock (the Lite site): the change is still read, applied and replaced."""
    import fcntl

    monkeypatch.delattr(fcntl, "flock")
    learner = Learner(tmp_path / "me.json")
    learner.record_try(puzzles[0], right=True, at=T0)
    assert Learner(tmp_path / "me.json").tries == learner.tries and len(learner.tries) == 1
