"""One exercise on screen, with no widget: its question, the student's tries, and what the browser shows.

:class:`ExerciseSession` holds a :mod:`kind <.kinds>` (the question and the engine's answer) and
where the student is: ``open`` (not answered yet), ``wrong`` (the last try was wrong: its hint
shows), ``right``, or ``shown`` (the answer was revealed). ``check`` answers from Python and
changes nothing; ``handle`` takes the browser's messages (``answer``, ``retry``, ``reveal``) and
refuses a garbled one with a :class:`~dominoes_widget.engine.errors.DominoesError` (reason
``bad_answer``), changing nothing.
"""

from __future__ import annotations

from typing import Any, Mapping, TypedDict

from ...engine.hand import Hand
from ...engine.match import MatchState
from ...words.catalog import Voice, check_language
from ...words.svg import render_svg
from .kinds import KINDS, BlockedWinner, Checked, Kind, MayDraw, Playable, Worth, bad_answer
from .spec import hand_from_spec, state_from_spec

__all__ = ["ExerciseSession", "ExerciseView", "PICTURE_SIZE"]

PICTURE_SIZE = 400
"""The width of the position's picture in px (the page scales it down on a narrow screen)."""


class ExerciseView(TypedDict):
    """The Exercise widget's ``view`` trait, as js/PROTOCOL.md ("The Exercise") shows it."""

    kind: str
    lang: str
    question: str
    picture: str
    choices: dict[str, Any]
    status: str
    tries: int
    given: Any
    mistaken: list[Any]
    answer: Any
    feedback: list[str]


class ExerciseSession:
    """An exercise and the student's progress on it."""

    def __init__(self, kind: Kind, lang: str = "en") -> None:
        self.kind = kind
        self.lang = check_language(lang)
        self.voice = Voice(self.lang)
        self.status = "open"
        self.given: Any = None  # the last answer tried, as read
        self.tries = 0
        self._picture: str | None = None

    # -- making one ---------------------------------------------------------------------------
    @classmethod
    def playable(cls, hand: Hand, lang: str = "en") -> "ExerciseSession":
        return cls(Playable(hand), lang)

    @classmethod
    def blocked(cls, hand: Hand, lang: str = "en") -> "ExerciseSession":
        return cls(BlockedWinner(hand), lang)

    @classmethod
    def worth(cls, hand: Hand, before: MatchState, lang: str = "en") -> "ExerciseSession":
        return cls(Worth(hand, before), lang)

    @classmethod
    def may_draw(cls, hand: Hand, lang: str = "en") -> "ExerciseSession":
        return cls(MayDraw(hand), lang)

    @classmethod
    def from_spec(cls, spec: Mapping[str, Any]) -> "ExerciseSession":
        """The exercise :meth:`spec` wrote (a saved notebook's widget keeps it)."""
        name = spec.get("kind")
        if name not in KINDS:
            raise ValueError(f"spec.kind must be one of {', '.join(KINDS)}, not {name!r}"[:200])
        hand = hand_from_spec(spec)
        kind = Worth(hand, state_from_spec(spec)) if name == "worth" else KINDS[name](hand)
        return cls(kind, spec.get("lang", "en"))

    def spec(self) -> dict[str, Any]:
        """The exercise as JSON data: its kind, its language and its position."""
        return {**self.kind.spec(), "lang": self.lang}

    # -- answers ----------------------------------------------------------------------------------
    @property
    def answer(self) -> Any:
        """The right answer, as the engine gives it."""
        return self.kind.answer

    def question(self) -> str:
        return self.kind.question(self.voice)

    def check(self, answer: Any) -> Checked:
        """Whether ``answer`` is right, and why; changes nothing (a ``bad_answer``
        :class:`~dominoes_widget.engine.errors.DominoesError` if it is not an answer this exercise takes)."""
        return self.kind.check(self.kind.read(answer), self.voice)

    def answer_words(self) -> str:
        return self.voice("exercise.answer", answer=self.kind.said(self.answer, self.voice))

    # -- the browser's tries -------------------------------------------------------------------
    def handle(self, message: Any) -> None:
        """Apply one message from the browser: ``{"type": "answer", "answer": ...}``, ``{"type":
        "retry"}`` or ``{"type": "reveal"}``. A garbled one raises a ``bad_answer`` DominoesError, changing nothing."""
        kind = self.kind.name
        if not isinstance(message, Mapping) or message.get("type") not in ("answer", "retry", "reveal"):
            raise bad_answer(kind, "message", "expected {type: answer, answer}, {type: retry} or {type: reveal}")
        action = message["type"]
        if action == "answer":
            if "answer" not in message:
                raise bad_answer(kind, "message", "an answer message carries its answer")
            if self.status in ("right", "shown"):
                raise bad_answer(kind, "message", "the answer is already shown: try again first")
            given = self.kind.read(message["answer"])  # may raise: nothing changed yet
            checked = self.kind.check(given, self.voice)
            self.given, self.tries = given, self.tries + 1
            self.status = "right" if checked.right else "wrong"
        elif action == "retry":
            self.status, self.given = "open", None
        else:
            self.status = "shown"

    # -- what the browser shows ------------------------------------------------------------------
    def picture(self) -> str:
        if self._picture is None:
            self._picture = render_svg(self.kind.hand, seat=self.kind.picture_seat(), size=PICTURE_SIZE, lang=self.lang,
                                       title=self.kind.picture_title(self.voice), pips=self.kind.picture_pips())
        return self._picture

    def view(self) -> ExerciseView:
        """What the browser draws: the question, the picture, the choices, the student's last try and
        what it says (the hint of a wrong try, with why it is wrong; the answer and the engine's whole why
        once right or shown); ``mistaken``: what of the last try is wrong, for the page to mark."""
        feedback: list[str] = []
        answer = None
        if self.status == "wrong":
            feedback = self.kind.check(self.given, self.voice).hint.splitlines()
        elif self.status in ("right", "shown"):
            checked = self.kind.check(self.kind.answer, self.voice)
            feedback = [self.answer_words(), *checked.why.splitlines()]
            answer = self.kind.wire(self.kind.answer)
        return {
            "kind": self.kind.name, "lang": self.lang, "question": self.question(), "picture": self.picture(),
            "choices": self.kind.choices(self.voice), "status": self.status, "tries": self.tries,
            "given": None if self.given is None else self.kind.wire(self.given),
            "mistaken": [] if self.given is None or self.status == "open" else self.kind.mistaken(self.given),
            "answer": answer,
            "feedback": feedback,
        }
