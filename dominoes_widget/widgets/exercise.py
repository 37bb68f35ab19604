"""The ``Exercise`` widget: a question about a position, answered in the browser, checked by the engine.

A thin adapter over :class:`~dominoes_widget.sessions.exercise.ExerciseSession`: the ``view``
trait is the session's view (the question, the picture, the choices, the last try and what it
says), ``spec`` the position as data; the browser sends ``answer``, ``retry`` and ``reveal``
messages, and a garbled one is answered with an ``error`` message, changing nothing.
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any, Mapping

import traitlets

from ..engine.hand import Hand
from ..engine.match import MatchState
from ..sessions.exercise import Checked, ExerciseSession
from ..words.catalog import Voice, ui_words
from .session_widget import SessionWidget
from .static_picture import StaticPicture

__all__ = ["Exercise"]

STATIC = Path(__file__).resolve().parent.parent / "static"
WORDS = ("exercise", "number_", "tile_")
"""The ui words the page uses (its labels, and tiles named for screen readers): each exercise a
notebook saves keeps its own copy."""


class Exercise(StaticPicture, SessionWidget):
    """An exercise for a tutorial, whose answer the engine computes.

    Made from a position: :meth:`playable` (which tiles may the seat to move play?),
    :meth:`blocked` (who wins this blocked hand?), :meth:`worth` (how many points do this hand's
    winners score?) and :meth:`may_draw` (may the seat to move draw?). ``lang`` is ``"en"`` or
    ``"vi"``. In the notebook the student answers and presses Check; from Python,
    ``exercise.check(answer)`` says whether an answer is right, and why, and changes nothing.
    """

    _esm = STATIC / "exercise.js"
    _css = STATIC / "exercise.css"

    spec = traitlets.Dict().tag(sync=True)

    def __init__(self, *, _session: ExerciseSession) -> None:
        super().__init__(_session)
        self.words = {key: text for key, text in ui_words(_session.lang).items() if key.startswith(WORDS)}
        self.spec = _session.spec()
        self._refresh()

    @classmethod
    def playable(cls, hand: Hand, *, lang: str = "en") -> "Exercise":
        """Which tiles may the seat to move in ``hand`` play? Answer: a list of tiles (``[]``: none)."""
        return cls(_session=ExerciseSession.playable(hand, lang))

    @classmethod
    def blocked(cls, hand: Hand, *, lang: str = "en") -> "Exercise":
        """Who wins ``hand``, which ended blocked? Answer: ``"NS"``, ``"EW"``, a seat (Vietnamese) or ``"tie"``."""
        return cls(_session=ExerciseSession.blocked(hand, lang))

    @classmethod
    def worth(cls, hand: Hand, before: MatchState, *, lang: str = "en") -> "Exercise":
        """How many points do the winners of the finished ``hand`` score, the match being at ``before``?"""
        return cls(_session=ExerciseSession.worth(hand, before, lang))

    @classmethod
    def may_draw(cls, hand: Hand, *, lang: str = "en") -> "Exercise":
        """May the seat to move in ``hand`` draw from the pile now? Answer: ``"yes"``/``"no"`` (or a bool)."""
        return cls(_session=ExerciseSession.may_draw(hand, lang))

    @classmethod
    def from_spec(cls, spec: Mapping[str, Any]) -> "Exercise":
        """The exercise a widget's ``spec`` describes (a saved notebook keeps it)."""
        return cls(_session=ExerciseSession.from_spec(spec))

    # -- the Python API ------------------------------------------------------------------------
    @property
    def session(self) -> ExerciseSession:
        return self._session

    @property
    def kind(self) -> str:
        return self._session.kind.name

    @property
    def question(self) -> str:
        return self._session.question()

    @property
    def answer(self) -> Any:
        """The right answer, computed by the engine."""
        return self._session.answer

    def check(self, answer: Any) -> Checked:
        """Whether ``answer`` is right (``.right``) and why (``.why``, the engine's reasons; ``.reason``
        its code). Changes nothing, on the page or here."""
        return self._session.check(answer)

    def _words(self) -> Voice:
        return self._session.voice

    def __repr__(self) -> str:
        return f"<Exercise {self.kind}: {self.question}>"

    def _static_html(self) -> str:
        session, voice = self._session, self._session.voice
        choices = self.view.get("choices", {})
        labels = (choices.get("tiles") or [option["label"] for option in choices.get("options", [])])
        listed = voice("exercise.choices", choices=", ".join(labels)) if labels else ""
        parts = [f"<p><strong>{escape(session.question())}</strong></p>", session.picture(),
                 f"<p>{escape(listed)}</p>" if listed else "", f"<p><em>{escape(voice('exercise.static_note'))}</em></p>"]
        return f'<div class="dominoes-exercise" lang="{session.lang}">{"".join(parts)}</div>'
