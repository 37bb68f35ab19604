"""The Puzzles widget's view shape (``js/PROTOCOL.md``, "The Puzzles widget"): the run's state
and each puzzle as its mover sees it, as :class:`~dominoes_widget.sessions.puzzles.session.PuzzleSession`
builds them."""

from __future__ import annotations

from typing import NotRequired, TypedDict

from ..protocol import Position

__all__ = ["LearningView", "LearningCall", "PuzzleMoveItem", "PuzzleView", "PuzzleVerdict", "PuzzleCard", "PuzzleChoice", "PuzzleFeedback",
           "PuzzleState"]


class PuzzleMoveItem(TypedDict):
    move: str
    label: str


class PuzzleView(Position):
    """One puzzle as the browser draws it, from the mover's seat view alone."""

    id: str
    game: str
    title: str
    seat: str
    order: list[str]
    players: dict[str, str]
    you: str
    said: list[str]
    legal: list[str]
    items: list[PuzzleMoveItem]
    prompt: str
    themes: list[str]
    level: str


class PuzzleVerdict(TypedDict):
    right: bool
    why: list[str]


class PuzzleCard(TypedDict):
    """A puzzle for the Puzzles session and the one-file page: its view, hints and each legal move's verdict."""

    id: str
    game: str
    themes: list[str]
    difficulty: float
    band: str
    view: PuzzleView
    hints: list[str]
    verdicts: dict[str, PuzzleVerdict]


class PuzzleChoice(TypedDict):
    value: str
    label: str


class PuzzleFeedback(TypedDict):
    move: str
    label: str
    right: bool
    title: str
    why: list[str]


class PuzzleState(TypedDict):
    """The Puzzles widget's ``view`` trait (and the one-file page's): what is shown now."""

    v: int
    lang: str
    filters: dict[str, str | None]
    choices: dict[str, list[PuzzleChoice]]
    total: int
    count: int
    number: int
    puzzle: PuzzleView | None
    hints: list[str]
    feedback: PuzzleFeedback | None
    tried: list[str]
    solved: bool
    streak: int
    score: int
    empty: str | None
    learning: NotRequired[LearningView]  # only with a learner (``Puzzles(learner=...)``)


class LearningCall(TypedDict):
    said: bool
    right: bool
    text: str


class LearningView(TypedDict):
    """What the Puzzles page shows of a learner, in its view's ``learning`` (``Puzzles(learner=...)``)."""

    mode: str
    title: str
    rating: str
    review: str | None
    due: int
    best: str
    over: str | None
    question: str | None
    answers: list[PuzzleChoice]
    called: LearningCall | None
    calls: str | None
