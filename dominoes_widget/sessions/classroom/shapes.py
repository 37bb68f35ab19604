"""The class's view shapes (docs/table-server.md, "Classes"): what
:class:`~dominoes_widget.sessions.classroom.session.ClassSession` answers the teacher
(:class:`ClassProgress`) and a student (:class:`ClassStudentView`, :class:`ClassPuzzleShown`,
:class:`ClassDealView`, :class:`ClassPlayed`), and the teacher watching a student (:class:`ClassWatch`).
The JSON API answers them as they are."""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from ..puzzles.shapes import PuzzleView

__all__ = ["ClassPuzzleSet", "ClassDuplicate", "ClassAssignment", "ClassMistakeAt", "ClassMistakes",
           "ClassPuzzleTry", "ClassDealResult", "ClassResultRow", "ClassDealDone", "ClassProgressOf", "ClassStudentProgress",
           "ClassProgress", "ClassStudentView", "ClassAnswered", "ClassPuzzleShown", "ClassPuzzleAnswer",
           "ClassDealView", "ClassDecision", "ClassPlayed", "ClassWatch", "ClassAnswer"]


class ClassPuzzleSet(TypedDict):
    count: int
    game: str | None
    theme: str | None
    difficulty: str | None


class ClassDuplicate(TypedDict):
    """The duplicate match assigned: its deals' commitments (no deal)."""

    game: str
    hands: int
    bots: dict[str, str]
    players: int
    seat: str
    commitments: list[str]
    scheme: str


class ClassAssignment(TypedDict):
    """What the class was given."""

    id: str
    name: str
    lang: str
    puzzles: int
    puzzle_set: ClassPuzzleSet | None
    duplicate: ClassDuplicate | None


class ClassMistakeAt(TypedDict):
    deal: int
    move: int
    mark: str


class ClassMistakes(TypedDict):
    """The judge's verdicts on a student's decisions: how many judged and waiting, each mistake's count, where."""

    judged: int
    waiting: int
    inaccuracy: int
    mistake: int
    blunder: int
    at: list[ClassMistakeAt]


class ClassPuzzleTry(TypedDict):
    move: str
    right: bool
    seconds: float


class ClassDealResult(TypedDict):
    """A finished deal's result for the student's side."""

    result: str  # won, lost or tie
    points: int


class ClassResultRow(ClassDealResult):
    """A finished student's result in how the class played a deal."""

    name: str


class ClassDealDone(ClassDealResult):
    seconds: float | None


class ClassProgressOf(TypedDict):
    """One student's progress."""

    puzzles_answered: int
    first_try_right: int
    puzzle_seconds: float
    puzzles: dict[str, ClassPuzzleTry]
    deals_finished: int
    deals: dict[str, ClassDealDone]
    deal_seconds: float
    rating: list[int] | None  # [rating, deviation], None before a first try
    mistakes: ClassMistakes


class ClassStudentProgress(ClassProgressOf):
    id: str
    name: str


# A key named "class" needs TypedDict's functional form (a class body cannot name it).
ClassProgress = TypedDict("ClassProgress", {"class": ClassAssignment, "max_students": int,
                                            "students": list[ClassStudentProgress]})
ClassProgress.__doc__ = """The teacher's view: the assignment and every student's progress."""

ClassStudentView = TypedDict("ClassStudentView", {
    "class": ClassAssignment, "name": str, "puzzles_answered": int, "first_try_right": int,
    "puzzle_seconds": float, "puzzles": dict[str, ClassPuzzleTry], "deals_finished": int,
    "deals": dict[str, ClassDealDone], "deal_seconds": float, "rating": list[int] | None,
    "mistakes": ClassMistakes})
ClassStudentView.__doc__ = """A student's own page of the class: their progress (``mistakes``: in
the deals they have finished)."""


class ClassAnswered(TypedDict):
    move: str
    right: bool
    answers: list[str]
    why: list[str]


class ClassPuzzleShown(TypedDict):
    """A puzzle as the student may see it; ``answered`` once they have."""

    number: int
    of: int
    puzzle: PuzzleView
    hints: list[str]
    answered: NotRequired[ClassAnswered]


class ClassPuzzleAnswer(TypedDict):
    number: int
    answered: ClassAnswered


class ClassDealView(TypedDict):
    """A duplicate deal as the student's seat sees it: its record so far, their legal moves, the result."""

    deal: int
    seat: str
    commitment: str
    record: dict[str, Any]
    legal_moves: list[str]
    result: ClassDealResult | None


ClassDecision = TypedDict("ClassDecision", {
    "ply": int, "played": str, "class": dict[str, int], "students": int, "verdict": str | None,
    "best": str | None, "equal": bool | None, "marks": dict[str, str], "judging": bool})
ClassDecision.__doc__ = """One of the student's decisions: how many students who stood there played
each move (``class``), and the judge's verdicts there (``verdict``: "unjudged" when the judge failed on it)."""


class ClassPlayed(TypedDict):
    """How the class played a deal, for a student who finished it."""

    deal: int
    results: list[ClassResultRow]  # every finished student's, in the order they joined
    decisions: list[ClassDecision]
    judging: bool


class ClassWatch(TypedDict):
    """A student's current deal as a table's watcher sees it (never the hands)."""

    student: str
    name: str
    deal: int | None
    of: int
    result: ClassDealResult | None
    in_play: dict[str, Any] | None


ClassAnswer = ClassPuzzleShown | ClassPuzzleAnswer | ClassDealView | ClassPlayed
"""What :meth:`~.session.ClassSession.handle` answers, by the intent's type."""
