"""Small puzzles made from real positions, for the Puzzles session, widget and page tests.

:func:`make_puzzle` deals a hand, plays the first legal move until the seat to move has a real
choice, judges that position with a small budget (a few milliseconds) and makes a
:class:`~dominoes_widget.studies.puzzles.Puzzle` of it, its best move the answer;
:func:`fixture_puzzles` is a :class:`~dominoes_widget.studies.puzzles.PuzzleSet` of three;
:func:`answer_wrong_then_right` answers the first of them by clicking, in any front end.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from dominoes_widget import Match, Rules, seat_view, write_record
from dominoes_widget.engine.hand import group_moves
from dominoes_widget.studies.judge import judge
from dominoes_widget.studies.puzzles import Puzzle, PuzzleSet, puzzle_id


@lru_cache(maxsize=None)
def make_puzzle(game: str = "six_love", seed: int = 1, plies: int = 5, themes: tuple[str, ...] = ("partner",),
                difficulty: float = 0.5) -> Puzzle:
    rules = Rules.preset(game)
    match = Match(rules, seed=seed)
    hand = match.deal(seed=seed)
    while True:
        choices = group_moves(hand.legal_move_tuple(), hand.ends) if hand.ends else []
        if hand.ply >= plies and len(choices) >= 2:
            break
        match.push(hand.legal_move_list()[0])
    seat = hand.turn
    judged = judge(seat_view(hand, seat), seed=seed, rollouts=40, budget=40)
    answers = tuple(m for j in judged.judgements[:1] for m in j.moves)
    return Puzzle(puzzle_id(seat_view(hand, seat)), write_record(match), seat, answers, themes, difficulty,
                  judged.judgements)


def fixture_puzzles() -> PuzzleSet:
    """Three puzzles: two partnership ones and a Vietnamese one, of three difficulties."""
    return PuzzleSet([make_puzzle("six_love", 1, 5, ("partner",), 0.2),
            make_puzzle("six_love", 3, 6, ("block", "count"), 0.5),
            make_puzzle("vietnamese4", 2, 6, ("block",), 0.8)])


# The first fixture puzzle as a person answers it: a tile that is not the answer, then the answer.
WRONG_TILE, RIGHT_TILE = "5-6", "2-6"
WRONG_TRIED = ["N 6-5 R"]  # the kernel's ``state["tried"]`` after the wrong click


def answer_wrong_then_right(widget: Any) -> None:
    """In a shown Puzzles widget of :func:`fixture_puzzles` (a Playwright locator): click the
    wrong tile, then the answer, and see the kernel's words after each."""
    from playwright.sync_api import expect

    expect(widget.locator(".dw-puzzle-number")).to_have_text("Puzzle 1 of 3", timeout=60_000)
    feedback = widget.locator(".dw-puzzle-feedback")
    widget.locator(f".dw-puzzle-hand button[data-tile='{WRONG_TILE}']").click()
    expect(feedback).to_contain_text("Not the best move: try again.")
    expect(feedback).to_contain_text("points less than 6-2 on the right")
    widget.locator(f".dw-puzzle-hand button[data-tile='{RIGHT_TILE}']").click()
    expect(feedback).to_contain_text("Right!")
    expect(feedback).to_contain_text("6-2 on the right keeps your partner's 3 open.")


# The intents of the shared cases (tests/data/puzzle_cases.json): every step of a run, and garbage.
CASE_INTENTS: list[Any] = [
    {"type": "hint"}, {"type": "hint"}, {"type": "hint"},
    "wrong", "right", "right",
    {"type": "next"}, "wrong", "wrong", "right",
    {"type": "next"}, "right",
    {"type": "next"}, {"type": "next"}, "right",
    {"type": "filter", "theme": "block"}, "right", {"type": "next"},
    {"type": "filter", "game": "vietnamese4", "theme": None}, {"type": "filter", "level": "easy"},
    {"type": "hint"}, {"type": "next"}, {"type": "answer", "move": "S 6-6"},
    {"type": "filter", "game": None, "level": None}, {"type": "answer", "move": "S 9-9 L"},
    {"type": "filter", "level": "impossible"}, {"type": "filter", "game": 3},
    None, 7, [], "hint", {"type": "sing"}, {"type": "answer"}, {"type": "answer", "move": 12},
    {"type": "answer", "move": "x" * 41}, {}, {"type": None},
]


def shared_cases(lang: str = "en") -> dict:
    """The cases the Python steps and js/kit/puzzles/puzzle_logic.mjs must agree on: the page's setup
    (every card, the choices, the words) and, for each intent, the refusal and the view after it.
    "right" and "wrong" in :data:`CASE_INTENTS` become an answer and another legal move of the
    puzzle shown."""
    from dominoes_widget.engine.errors import DominoesError
    from dominoes_widget.sessions.puzzles import PuzzleSession

    session = PuzzleSession(fixture_puzzles(), lang=lang)
    setup = session.setup()
    steps = []
    for intent in CASE_INTENTS:
        if intent in ("right", "wrong"):
            card = session.card(session.state["order"][session.state["at"]])
            intent = {"type": "answer", "move": next(m for m, v in card["verdicts"].items()
                                                     if v["right"] == (intent == "right"))}
        try:
            session.handle(intent)
            refusal = None
        except DominoesError as refused:
            refusal = refused.case
        steps.append({"intent": intent, "refusal": refusal, "view": session.view()})
    return {"setup": setup, "steps": steps}
