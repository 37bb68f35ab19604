"""The Puzzles widget (dominoes_widget/widgets/puzzles.py) without a browser: the messages the
front end would send, what it gets back, and what it may not touch; and the command line's
one-file puzzles page (``python -m dominoes_widget html --puzzles SET``)."""

from __future__ import annotations

import json
import re
import threading
from pathlib import Path

import pytest

from puzzle_fixture import fixture_puzzles
from dominoes_widget.__main__ import main
from dominoes_widget.page import puzzles_page_state
from dominoes_widget.sessions.puzzles import PuzzleSession
from dominoes_widget.widgets.puzzles import STATIC, Puzzles


@pytest.fixture
def widget():
    made = Puzzles(fixture_puzzles())
    made.sent = []
    made.send = made.sent.append  # what would go to the browser
    return made


def say(widget, content):
    widget._on_message(widget, content, [])


def right_move(widget) -> str:
    return widget.puzzle.answers[0]


def test_a_click_on_the_answer_is_checked_in_the_kernel_and_the_state_says_why(widget):
    say(widget, {"type": "answer", "move": right_move(widget)})
    assert widget.view["feedback"]["right"] and widget.view["score"] == 1
    assert widget.view["feedback"]["why"] and widget.sent == []


def test_hint_next_and_filters_go_through_the_session(widget):
    say(widget, {"type": "hint"})
    say(widget, {"type": "hint"})
    assert len(widget.view["hints"]) == 2
    say(widget, {"type": "next"})
    assert widget.view["number"] == 2 and widget.view["hints"] == []
    say(widget, {"type": "filter", "game": "vietnamese4"})
    assert widget.view["count"] == 1 and widget.puzzle.rules.game == "vietnamese"


@pytest.mark.parametrize("content", [None, "next", 5, {"type": "answer", "move": "N 9-9 L"}, {"type": "delete"},
                                     {"type": "filter", "theme": "<script>"}, {"type": "answer", "move": ["a"]}])
def test_a_garbled_message_is_refused_in_words_and_nothing_changes(widget, content):
    before = json.dumps(widget.view)
    say(widget, content)
    assert json.dumps(widget.view) == before
    assert len(widget.sent) == 1 and widget.sent[0]["type"] == "error" and widget.sent[0]["message"].endswith(".")


def test_the_browser_cannot_write_the_state(widget):
    before = json.dumps(widget.view)
    widget.set_state({"view": {"score": 99, "solved": True}})
    assert json.dumps(widget.view) == before
    assert widget.sent[-1]["type"] == "error"


def test_the_synced_state_holds_no_verdict_before_an_answer(widget):
    synced = json.dumps({name: widget.get_state()[name] for name in ("view", "words")})
    card = widget.session.card(widget.session.state["order"][0])
    assert "verdicts" not in synced and "It wins" not in synced
    assert all(why not in synced for verdict in card["verdicts"].values() for why in verdict["why"])


def test_vietnamese_labels_and_words():
    made = Puzzles(fixture_puzzles(), lang="vi")
    assert made.words["puzzle_hint"] == "Gợi ý (H)"
    assert made.view["puzzle"]["prompt"].startswith("Lượt của bạn")


def test_options_are_checked():
    with pytest.raises(TypeError):
        Puzzles(fixture_puzzles(), colour="red")
    with pytest.raises(ValueError, match="level='impossible'"):
        Puzzles(fixture_puzzles(), level="impossible")
    assert Puzzles(fixture_puzzles(), difficulty=(0.4, 1.0)).view["total"] == 2


@pytest.mark.parametrize("puzzles, said", [(5, "not 5"), ({"id": "x"}, "not {'id': 'x'}"),
                                           (["S 6-6"], "item 0 is 'S 6-6'"),
                                           ([*fixture_puzzles(), None], "item 3 is None")])
def test_what_is_not_a_set_of_puzzles_is_named(puzzles, said):
    """A number was "'int' object is not iterable", a list of texts an AttributeError."""
    with pytest.raises(TypeError, match=rf"^puzzles: .*{re.escape(said)}$"):
        Puzzles(puzzles)


@pytest.mark.parametrize("difficulty", [0.5, "hard", (0.5,), ("a", "b"), (0.8, 0.2), (0, 2), (True, 1)])
def test_a_difficulty_that_is_no_range_is_named(difficulty):
    """A bare number or a text was "cannot unpack non-iterable", two texts a comparison TypeError."""
    with pytest.raises(ValueError, match=r"^difficulty: a \(low, high\) range within 0 to 1, not "):
        Puzzles(fixture_puzzles(), difficulty=difficulty)


def test_it_runs_where_python_has_no_threads_marimo_and_lite_alike():
    """No thread, no process, no timer: the kernel only answers messages. The front end is one
    ES module with a default export's render (what anywidget needs in every host)."""
    before = set(threading.enumerate())  # (an earlier test's threads may end meanwhile: only new ones count)
    made = Puzzles(fixture_puzzles())
    made.answer(made.puzzle.answers[0])
    made.next()
    assert set(threading.enumerate()) - before == set()
    bundle = (STATIC / "puzzles.js").read_text(encoding="utf-8")
    assert "export {" in bundle and "render" in bundle and "require(" not in bundle


def test_to_html_carries_every_card_and_the_words(widget):
    state = puzzles_page_state(widget.to_html())
    assert len(state["setup"]["cards"]) == 3 and state["words"]["puzzle_next"] == "Next (N)"
    assert set(state["setup"]["refusals"]) >= {"bad_intent", "not_legal"}


# -- the command line -------------------------------------------------------------------------------
def test_a_bad_set_file_is_named_in_one_line_with_no_traceback(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "not puzzles"}', encoding="utf-8")
    for path in (bad, tmp_path / "missing.json"):
        assert main(["html", "--puzzles", str(path)]) == 2
        err = capsys.readouterr().err
        assert err.startswith("error: ") and str(path) in err and "Traceback" not in err and err.count("\n") == 1
    assert main(["html"]) == 2
    assert "--puzzles" in capsys.readouterr().err


def test_the_command_line_writes_the_set_as_one_page(tmp_path, capsys):
    source = fixture_puzzles().save(tmp_path / "set.json.gz")
    out = tmp_path / "page.html"
    assert main(["html", "--puzzles", str(source), "-o", str(out), "--lang", "vi"]) == 0
    assert "wrote" in capsys.readouterr().out
    state = puzzles_page_state(out.read_text(encoding="utf-8"))
    assert len(state["setup"]["cards"]) == 3 and state["setup"]["lang"] == "vi"
    assert state["setup"]["cards"] == PuzzleSession(fixture_puzzles(), lang="vi").cards(), "precomputed in Python"
    assert main(["html", "--puzzles", str(source)]) == 0 and (tmp_path / "set.json.html").exists() is False
    assert (tmp_path / "set.html").exists()


def test_puzzles_with_no_set_opens_the_builtin_one():
    from dominoes_widget.studies.puzzles import BUILTIN

    assert Path(BUILTIN).exists(), f"the built-in set {BUILTIN} ships with the package"
    made = Puzzles()
    assert made.view["total"] > 0 and made.view["puzzle"] is not None


def test_the_shipped_widget_filters_each_game_and_sends_the_pile_of_a_vietnamese_puzzle():
    widget = Puzzles(lang="vi")
    games = [c["value"] for c in widget.view["choices"]["game"]]
    assert games == ["six_love", "straight_six", "vietnamese2", "vietnamese3", "vietnamese4"]
    say(widget, {"type": "filter", "game": "vietnamese2"})
    puzzle = widget.view["puzzle"]
    assert puzzle["title"] == "Domino Việt Nam, 2 người chơi" and puzzle["pile"] == widget.puzzle.view().boneyard_size
    say(widget, {"type": "filter", "game": "straight_six"})
    assert widget.view["puzzle"]["title"] == "Straight Six" and widget.view["puzzle"]["pile"] is None
