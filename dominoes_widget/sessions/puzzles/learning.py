"""Puzzles for a remembered learner (``Puzzles(learner=...)``): what comes first, and three modes.

* ``"learn"``: the learner's due reviews first (missed puzzles and their own judged
  mistakes), then the puzzles not tried yet, nearest the learner's rating first. The first
  answer to each puzzle is kept (:meth:`~dominoes_widget.studies.learner.Learner.record_try`):
  it rates the learner and reschedules a review.
* ``"streak"``: the puzzles by rising rating; no hints; one wrong move ends the run, and the
  best run is kept. Streak puzzles do not change the rating (as on puzzle sites).
* ``"critical"``: positions from the learner's own analysed games (then the set's): first
  say whether one move is clearly best or the moves are about equal (the judge knows), then,
  when one is best, find it.

Every intent still goes through :class:`~.session.PuzzleSession`'s checks; the extra
intent is ``{"type": "call", "clear": true | false}`` (the critical-moment question).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Iterable

from ...engine.errors import DominoesError, Reason
from .shapes import LearningCall, LearningView, PuzzleState
from .session import PuzzleSession

__all__ = ["LearningSession", "MODES"]

MODES = ("learn", "streak", "critical")
"""The ways ``Puzzles(learner=...)`` serves puzzles."""


def _clear_in_set(puzzle: Any) -> bool:
    """Whether the set's ``puzzle`` has one move (with its mirrors) clearly best."""
    answers = set(puzzle.answers)
    return sum(1 for j in puzzle.moves if answers & set(j.moves)) == 1


class LearningSession(PuzzleSession):
    """A :class:`PuzzleSession` over ``puzzles`` ordered for ``learner`` in ``mode``."""

    def __init__(self, puzzles: Iterable[Any], learner: Any, *, mode: str = "learn", lang: str = "en",
                 game: str | None = None, theme: str | None = None, level: str | None = None,
                 now: datetime | None = None) -> None:
        if mode not in MODES:
            raise ValueError(f"mode: one of {', '.join(MODES)}, not {mode!r}")
        from ...studies.learner import Learner

        if not isinstance(learner, Learner):
            raise TypeError(f"learner: a Learner, not {type(learner).__name__}")
        self.learner = learner
        self.mode = mode
        pool = list(puzzles)
        self.reviews: set[str] = set()
        self.clear: dict[str, bool] = {}
        if mode == "learn":
            due = [review.puzzle for review in learner.due(now)]
            self.reviews = {p.id for p in due}
            rating = learner.rating.rating
            fresh = sorted((p for p in pool if p.id not in self.reviews and not learner.tried(p)),
                           key=lambda p: (abs(learner.puzzle_rating(p).rating - rating), p.id))
            ordered = due + fresh
        elif mode == "streak":
            ordered = sorted(pool, key=lambda p: (learner.puzzle_rating(p).rating, p.id))
        else:
            own = learner.moments()
            self.clear = {m.puzzle.id: m.clear for m in own}
            theirs = [p for p in pool if _clear_in_set(p) and p.id not in self.clear]
            self.clear.update((p.id, True) for p in theirs)
            ordered = [m.puzzle for m in own] + theirs
        super().__init__(ordered, lang=lang, game=game, theme=theme, level=level)
        self._visit = 0  # one per puzzle shown: its first answer is the one kept
        self._kept = -1
        self.run_over = False
        self.last_run = 0
        self.call: LearningCall | None = None
        self.calls = [0, 0]  # critical moments called right, and called

    def handle(self, intent: Any) -> None:
        """As :meth:`PuzzleSession.handle`, with the mode's own refusals and ``{"type": "call", "clear"}``."""
        kind = intent.get("type") if isinstance(intent, dict) else None
        shown = self.current
        if kind == "call":
            self._call(intent)
            return
        if self.mode == "streak" and kind == "hint":
            raise self._refusal("learner.no_hint_streak")
        if self.mode == "streak" and kind == "answer" and self.run_over:
            raise self._refusal("learner.streak_over_next")
        if self.mode == "streak" and kind == "next" and not (self.state["solved"] or self.run_over):
            raise self._refusal("learner.streak_no_skip")
        if self.mode == "critical" and kind == "answer" and shown is not None and self.call is None:
            raise self._refusal("learner.call_first")
        if self.mode == "learn" and kind == "next":
            self._nearest_next()
        hints = self.state["hint"]
        streak = self.state["streak"]
        super().handle(intent)
        if kind in ("next", "filter"):
            self._visit += 1
            self.call = None
            if self.mode == "streak" and self.run_over:
                self.run_over = False
                self.state = {**self.state, "at": 0, "streak": 0, "score": 0}
        elif kind == "answer" and shown is not None and self._kept != self._visit:
            self._kept = self._visit
            right = bool(self.state["feedback"] and self.state["feedback"]["right"])
            if self.mode == "learn":
                self.learner.record_try(shown, right=right, hints=hints, mode="learn")
            elif self.mode == "streak" and not right:
                self.run_over = True
                self.last_run = streak
                self.learner.record_streak(streak)

    def _nearest_next(self) -> None:
        """Put next the due reviews, then the untried puzzle nearest the learner's rating now."""
        order, at = list(self.state["order"]), self.state["at"]
        head, tail = order[:at + 1], order[at + 1:]
        rating = self.learner.rating.rating

        def rank(index: int) -> tuple[int, float, str]:
            puzzle = self.puzzles[index]
            if puzzle.id in self.reviews:
                return (0, 0.0, "")
            return (1 + self.learner.tried(puzzle), abs(self.learner.puzzle_rating(puzzle).rating - rating), puzzle.id)

        self.state = {**self.state, "order": head + sorted(tail, key=rank)}

    def _call(self, intent: dict[str, Any]) -> None:
        """The critical-moment question: ``clear`` True (one move clearly best) or False (about equal)."""
        shown = self.current
        if self.mode != "critical" or shown is None:
            raise self._refusal("solve.bad_intent")
        said = intent.get("clear")
        if not isinstance(said, bool) or set(intent) != {"type", "clear"}:
            raise self._refusal("solve.bad_intent")
        if self.call is not None:
            raise self._refusal("learner.called_already")
        clear = self.clear.get(shown.id, True)
        right = said == clear
        self.calls = [self.calls[0] + right, self.calls[1] + 1]
        verdict = self.voice("learner.call_clear" if clear else "learner.call_equal")
        self.call = {"said": said, "right": right,
                     "text": self.voice("learner.call_right" if right else "learner.call_wrong", verdict=verdict)}
        if not clear:  # nothing to find: every move is as good
            self.state = {**self.state, "solved": True}

    def _refusal(self, key: str) -> DominoesError:
        """The refusal named ``key`` in the catalog (``learner.…`` or ``solve.…``), nothing changed."""
        return DominoesError(Reason.BAD_MESSAGE, self.voice(key), case=key.split(".", 1)[1])

    def view(self) -> PuzzleState:
        shown = super().view()
        feedback = shown["feedback"]
        if self.run_over and feedback is not None:  # no "try again" once the run is over
            shown = {**shown, "feedback": {**feedback, "title": self.voice("learner.streak_missed")}}
        puzzle = shown["puzzle"]
        if self.mode == "critical" and self.call is None and puzzle is not None:  # the question before the move
            shown = {**shown, "puzzle": {**puzzle, "prompt": self.voice("learner.call_question")}}
        return {**shown, "learning": self.learning()}

    def learning(self) -> LearningView:
        """What the page shows of the learner (``js/PROTOCOL.md``, "Puzzles with a learner")."""
        voice = self.voice
        rating = self.learner.rating
        shown = self.current
        return {
            "mode": self.mode,
            "title": voice(f"learner.mode_{self.mode}"),
            "rating": voice("learner.rating", rating=round(rating.rating), range=round(2 * rating.deviation)),
            "review": voice("learner.review") if shown is not None and shown.id in self.reviews else None,
            "due": len(self.reviews),
            "best": voice("learner.best_streak", n=self.learner.best_streak),
            "over": voice("learner.streak_over", n=self.last_run) if self.run_over else None,
            "question": (voice("learner.call_question") if self.mode == "critical" and shown is not None else None),
            "answers": ([{"value": "clear", "label": voice("learner.call_clear_button")},
                         {"value": "equal", "label": voice("learner.call_equal_button")}]
                        if self.mode == "critical" else []),
            "called": self.call,
            "calls": voice("learner.calls", right=self.calls[0], n=self.calls[1]) if self.mode == "critical" else None,
        }
