"""The Puzzles session (dominoes_widget/sessions/puzzles/): answers checked with why, a hint in
two steps, Next, the streak and the score, filters, garbled intents refused with nothing
changed, and nothing the mover cannot see in what the browser gets."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from puzzle_fixture import CASE_INTENTS, fixture_puzzles, make_puzzle, shared_cases
from dominoes_widget.engine.errors import DominoesError, Reason
from dominoes_widget.engine.tiles import ALL_TILES
from dominoes_widget.sessions.puzzles import PuzzleSession
from dominoes_widget.sessions.puzzles.session import REFUSALS
from dominoes_widget.sessions.puzzles import logic
from dominoes_widget.studies.puzzles import PuzzleSet
from dominoes_widget.words.catalog import Voice
from dominoes_widget.words.explanations import rules_name
from dominoes_widget.words.move_reasons import move_facts, why_sentence

CASES = Path(__file__).resolve().parent / "data" / "puzzle_cases.json"


@pytest.fixture
def session() -> PuzzleSession:
    return PuzzleSession(fixture_puzzles())


def moves_of(session: PuzzleSession, right: bool) -> list[str]:
    card = session.card(session.state["order"][session.state["at"]])
    return [move for move, verdict in card["verdicts"].items() if verdict["right"] == right]


def test_a_right_answer_says_so_with_why_and_scores(session):
    answer = moves_of(session, True)[0]
    assert session.answer(answer) is None
    view = session.view()
    assert view["solved"] and view["feedback"]["right"] and view["feedback"]["title"] == "Right!"
    assert view["feedback"]["why"][0].startswith("6-2 on the right")
    assert re.match(r"It wins \d+%", view["feedback"]["why"][1])
    assert (view["score"], view["streak"]) == (1, 1)
    assert "solved" in session.answer(answer)  # once solved, answers are refused until Next


def test_a_wrong_answer_says_why_it_is_worse_and_ends_the_streak(session):
    wrong = moves_of(session, False)[0]
    assert session.answer(wrong) is None
    view = session.view()
    assert not view["solved"] and view["feedback"]["right"] is False
    assert view["feedback"]["title"] == "Not the best move: try again."
    assert "points less than 6-2 on the right" in " ".join(view["feedback"]["why"])
    assert view["tried"] == [wrong] and view["streak"] == 0
    session.answer(moves_of(session, True)[0])
    assert session.view()["solved"] and session.view()["score"] == 0, "solved after a wrong try: no score"


def test_the_hint_comes_in_two_steps_what_to_look_at_then_the_move(session):
    assert session.view()["hints"] == []
    assert session.hint() is None
    assert session.view()["hints"] == ["Which numbers has your partner shown? South opened 3."]
    assert session.hint() is None
    assert session.view()["hints"][1] == "The move: 6-2 on the right."
    before = session.view()
    assert session.hint() == "Both hints are showing already."
    assert session.view() == before
    session.answer(moves_of(session, True)[0])
    assert session.view()["score"] == 0, "the move shown, then played: no score"


def test_next_goes_round_and_the_streak_counts_clean_solves(session):
    for expected in (1, 2, 3):
        assert session.view()["number"] == len(session.view()["hints"]) + expected
        session.answer(moves_of(session, True)[0])
        assert session.view()["streak"] == expected
        session.next()
    view = session.view()
    assert view["number"] == 1 and view["feedback"] is None and not view["solved"], "round to the first again"
    assert (view["score"], view["streak"]) == (3, 3)


def test_filters_by_game_theme_and_level(session):
    assert session.filter(game="vietnamese4") is None
    assert session.view()["count"] == 1 and session.view()["puzzle"]["game"] == "vietnamese4"
    assert session.filter(game=None, theme="block") is None and session.view()["count"] == 2
    assert session.filter(level="easy") is None
    view = session.view()
    assert view["count"] == 0 and view["puzzle"] is None and view["empty"] == "No puzzle matches these filters."
    assert session.next() == "No puzzle matches these filters: change them first."
    assert [c["value"] for c in view["choices"]["level"]] == ["easy", "medium", "hard"]
    assert [c["label"] for c in view["choices"]["game"]] == ["Six Love", "Vietnamese, 4 players"]
    assert [c["value"] for c in view["choices"]["game"]] == ["six_love", "vietnamese4"]
    with pytest.raises(ValueError, match="theme='chess'"):
        PuzzleSession(fixture_puzzles(), theme="chess")


@pytest.mark.parametrize("intent", [None, 7, "hint", [], {}, {"type": "sing"}, {"type": None}, {"type": "answer"},
                                    {"type": "answer", "move": 12}, {"type": "answer", "move": "S 9-9 L"},
                                    {"type": "answer", "move": "x" * 500}, {"type": "filter", "game": "chess"},
                                    {"type": "filter", "level": ["easy"]}])
def test_a_garbled_intent_is_refused_in_a_sentence_and_nothing_changes(session, intent):
    session.hint()
    session.answer(moves_of(session, False)[0])
    before, view = json.dumps(session.state), session.view()
    with pytest.raises(DominoesError) as refused:
        session.handle(intent)
    said = str(refused.value)
    assert refused.value.reason is Reason.BAD_MESSAGE and refused.value.case in REFUSALS
    assert said.endswith(".") and len(said) < 120
    assert json.dumps(session.state) == before and session.view() == view


@pytest.mark.parametrize("lang", ["en", "vi"])
def test_the_game_filter_offers_each_game_of_the_set_named_as_the_table_names_it(lang):
    """One choice per game and number of players the shipped set holds, each labelled with the
    title its puzzles show (the Table's header), and each choice shows only that game's puzzles."""
    builtin = PuzzleSet.builtin()
    session = PuzzleSession(builtin, lang=lang)
    voice = Voice(lang)
    held = {rules_name(p.rules, voice) for p in builtin}
    labels = [c["label"] for c in session.choices["game"]]
    assert len(labels) == len(set(labels)) == len(held) == 5 and set(labels) == held
    assert labels[:2] == ["Six Love", "Straight Six"]
    for choice in session.choices["game"]:
        assert session.filter(game=choice["value"]) is None
        shown = {session.card(i)["view"]["title"] for i in session.state["order"]}
        expected = sum(rules_name(p.rules, voice) == choice["label"] for p in builtin)
        assert shown == {choice["label"]} and session.view()["count"] == expected
    assert session.filter(game="vietnamese") == Voice(lang)("solve.bad_filter")


def hidden_tiles(puzzle) -> set[str]:
    hand = puzzle.hand()
    seen = set(puzzle.view().tiles) | puzzle.view().played_tiles()
    return {str(t) for t in ALL_TILES if t not in seen} | {f"{t.high}-{t.low}" for t in ALL_TILES if t not in seen}


@pytest.mark.parametrize("lang", ["en", "vi"])
def test_no_tile_the_mover_cannot_see_reaches_the_browser(lang):
    session = PuzzleSession(fixture_puzzles(), lang=lang)
    for index, puzzle in enumerate(session.puzzles):
        others = {str(t) for seat in puzzle.rules.seats if seat != puzzle.seat for t in puzzle.hand().held_tuple(seat)}
        assert others and others <= {t for t in hidden_tiles(puzzle) if t[0] <= t[2]}
        # what the widget syncs, and what the one-file page carries (verdicts and hints too)
        for text in (json.dumps(session.view()), json.dumps(session.card(index))):
            found = {t for t in hidden_tiles(puzzle) if re.search(rf"(?<![\d-]){t}(?![\d-])", text)}
            assert found == set(), f"puzzle {index}: {found} the mover cannot see"
        hands = session.card(index)["view"]["hands"]
        assert all(isinstance(hands[s], int) for s in puzzle.rules.seats if s != puzzle.seat)
        session.next()


def test_the_words_of_a_move_say_what_it_keeps_and_gives_away():
    puzzle = make_puzzle("six_love", 1, 5, ("partner",), 0.2)
    view, voice = puzzle.view(), Voice("en", you=puzzle.seat)
    assert move_facts(view, "N 6-2 R").keeps_partner == (3,)
    assert why_sentence(view, "N 6-2 R", voice, right=True) == "6-2 on the right keeps your partner's 3 open."
    assert why_sentence(view, "N 6-2 R", Voice("vi", you="N"), right=True) == "6-2 ở đầu phải: giữ số 3 của đồng đội."


def test_vietnamese_words_throughout():
    session = PuzzleSession(fixture_puzzles(), lang="vi")
    session.hint()
    session.answer(moves_of(session, False)[0])
    text = json.dumps(session.view(), ensure_ascii=False)
    assert "Chưa phải nước tốt nhất" in text and "Đồng đội đã mở" in text
    for english in ("Right!", "try again", "Which numbers", "points less"):
        assert english not in text


def test_the_shared_cases_file_is_what_the_session_does_now():
    """js/kit/puzzles/puzzle_logic.test.mjs runs the same file: if this fails, write it again with
    ``python -c "import json, puzzle_fixture as f; ..."`` (see tests/puzzle_fixture.py)."""
    assert json.loads(CASES.read_text(encoding="utf-8")) == json.loads(json.dumps(shared_cases()))


def test_the_python_steps_give_the_shared_cases_on_the_files_own_cards():
    cases = json.loads(CASES.read_text(encoding="utf-8"))
    setup = cases["setup"]
    cards = setup["cards"]
    summaries = [{"game": c["game"], "themes": c["themes"], "band": c["band"]} for c in cards]
    state = logic.start(summaries, setup["filters"])
    for step in cases["steps"]:
        after, refusal = logic.apply(state, step["intent"], summaries, cards.__getitem__, setup["choices"],
                                     setup["words"])
        assert refusal == step["refusal"]
        state = after
        assert logic.public(state, len(cards), cards.__getitem__, setup["lang"], setup["choices"],
                            setup["words"]) == step["view"]
    assert len(cases["steps"]) == len(CASE_INTENTS)
