"""The ``Puzzles`` widget: find the best move in positions from real games.

``Puzzles()`` opens the built-in set; ``Puzzles(set_or_path, game=..., theme=..., level=...,
difficulty=(lo, hi), lang=...)`` a :class:`~dominoes_widget.studies.puzzles.PuzzleSet`, a
saved set's path or any list of puzzles. The run is a
:class:`~dominoes_widget.sessions.puzzles.PuzzleSession`: the widget only passes it the
page's intents (``{"type": "answer", "move": ...}``, ``hint``, ``next``, ``filter``) and
sends its view back (the ``view`` trait); a refused intent changes nothing and the page is told why. The
browser gets the mover's view of each puzzle and never a verdict before it answers. Pure
Python and an ES module: it runs in JupyterLab, Notebook 7, Voilà, marimo and JupyterLite.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Iterable, Mapping

from ..engine.errors import excerpt
from ..sessions.puzzles import PuzzleSession
from ..sessions.puzzles.learning import LearningSession
from ..words.catalog import Voice, ui_words
from .session_widget import SessionWidget

__all__ = ["Puzzles", "open_set"]

STATIC = Path(__file__).resolve().parent.parent / "static"


def open_set(source: Any = None, *, difficulty: tuple[float, float] | None = None) -> list[Any]:
    """The puzzles of ``source``: the built-in set (``None``), a saved set's path, a set or a list;
    only those whose difficulty lies in ``difficulty`` (``(lo, hi)``, both included) when given."""
    from ..studies.puzzles import Puzzle, PuzzleSet

    if source is None or isinstance(source, (str, os.PathLike)):
        source = PuzzleSet.builtin() if source is None else PuzzleSet.load(source)
    if isinstance(source, (bytes, Mapping)) or not isinstance(source, Iterable):
        raise TypeError(f"puzzles: a puzzle set, the path of one or a list of puzzles, not {excerpt(source)}")
    puzzles = list(source)
    stranger = next((n for n, p in enumerate(puzzles) if not isinstance(p, Puzzle)), None)
    if stranger is not None:
        raise TypeError(f"puzzles: a list of puzzles, but item {stranger} is {excerpt(puzzles[stranger])}")
    if difficulty is not None:
        if (not isinstance(difficulty, (tuple, list)) or len(difficulty) != 2
                or not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in difficulty)
                or not 0 <= difficulty[0] <= difficulty[1] <= 1):
            raise ValueError(f"difficulty: a (low, high) range within 0 to 1, not {excerpt(difficulty)}")
        low, high = difficulty
        puzzles = [p for p in puzzles if low <= float(p.difficulty) <= high]
    return puzzles


class Puzzles(SessionWidget):
    """Domino puzzles: the position as the mover sees it; click the best move (a tile, and its
    end when both fit). Right or wrong, it says why; Hint (H) says what to look at, then the
    move; Next (N) goes on; a streak and a score count the puzzles solved at the first try.
    With ``learner=Learner()`` the learner's due reviews come first, then puzzles near their
    rating, each first try kept; ``mode="streak"`` (rising difficulty, one miss ends it) and
    ``mode="critical"`` (say whether one move is clearly best, then find it) are the other ways.
    Filters by game (``game="six_love"``, ``"straight_six"``, ``"vietnamese2"`` … ``"vietnamese4"``: one per
    game and number of players the set holds), theme and difficulty; ``lang`` "en" or "vi"."""

    _esm = STATIC / "puzzles.js"
    _css = STATIC / "puzzles.css"
    def __init__(self, puzzles: Any = None, *, game: str | None = None, theme: str | None = None,
                 level: str | None = None, difficulty: tuple[float, float] | None = None, lang: str = "en",
                 learner: Any = None, mode: str = "learn") -> None:
        chosen = open_set(puzzles, difficulty=difficulty)
        if learner is None:
            if mode != "learn":
                raise ValueError(f"mode={mode!r} needs a learner: Puzzles(learner=Learner(), mode=...)")
            session: PuzzleSession = PuzzleSession(chosen, lang=lang, game=game, theme=theme, level=level)
        else:
            session = LearningSession(chosen, learner, mode=mode, lang=lang, game=game, theme=theme, level=level)
        super().__init__(session)
        self.words = ui_words(self._session.lang)
        self._refresh()

    def _words(self) -> Voice:
        return self._session.voice

    @property
    def session(self) -> PuzzleSession:
        return self._session

    @property
    def puzzle(self) -> Any:
        """The puzzle shown (``None`` when none matches the filters)."""
        return self._session.current

    def _do(self, intent: Any) -> str | None:
        refusal = self._intent(intent)
        return None if refusal is None else str(refusal)

    @property
    def learning(self) -> dict[str, Any]:
        """What the page shows of the learner (the view's ``learning``); empty without one."""
        return dict(self.view.get("learning", {}))

    def answer(self, move: Any) -> str | None:
        """Answer with ``move`` (``"S 6-4 L"`` or a move); ``None``, or why it was refused."""
        return self._do({"type": "answer", "move": str(move)})

    def call(self, clear: bool) -> str | None:
        """"Critical moment?" mode: say whether one move is ``clear``-ly best (``True``) or the
        moves are about equal (``False``); ``None``, or why it was refused."""
        return self._do({"type": "call", "clear": clear})

    def hint(self) -> str | None:
        return self._do({"type": "hint"})

    def next(self) -> str | None:
        return self._do({"type": "next"})

    def filter(self, **filters: str | None) -> str | None:
        """``game=`` (``six_love``, ``straight_six``, ``vietnamese2`` … ``vietnamese4``), ``theme=``,
        ``level=`` ("easy", "medium", "hard"); ``None`` for any."""
        return self._do({"type": "filter", **filters})

    def to_html(self, *, title: str | None = None) -> str:
        """Every puzzle of this widget as ONE offline HTML page that checks answers in the browser."""
        from ..page import puzzles_page

        return puzzles_page(self._session, title=title)

    def save_html(self, path: str | os.PathLike[str], *, title: str | None = None) -> Path:
        """Write :meth:`to_html` to ``path`` (UTF-8) and return the path."""
        path = Path(path)
        path.write_text(self.to_html(title=title), encoding="utf-8")
        return path
