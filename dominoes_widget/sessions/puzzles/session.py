"""Solving puzzles, with no widget: what the ``Puzzles`` widget and the one-file page show.

A :class:`PuzzleSession` runs over a set of puzzles (a
:class:`~dominoes_widget.studies.puzzles.PuzzleSet`, or any sequence of puzzles): the puzzle
shown, the filters, answers checked with why, a hint in two steps, Next, a streak and a score,
in English or Vietnamese. Every intent from the browser goes through :meth:`handle`, which
refuses anything garbled with a :class:`~dominoes_widget.engine.errors.DominoesError` (its
``case`` the refusal's key, its message the sentence) and changes nothing then. What the browser gets
(:meth:`view`) is built from each puzzle's mover's seat view alone (:mod:`.cards`).
"""

from __future__ import annotations

from typing import Any, Iterable

from ...engine.errors import DominoesError, Reason
from ...words.catalog import Voice, check_language
from ...words.explanations import rules_name
from .shapes import PuzzleCard, PuzzleChoice, PuzzleState
from . import logic
from .cards import LEVELS, game_of, level_of, puzzle_card, theme_label

__all__ = ["PuzzleSession", "WORD_KEYS", "REFUSALS"]

WORD_KEYS = ("right", "wrong", "none_match")
"""The ``solve.*`` words the steps put into the state."""
REFUSALS = ("bad_intent", "not_legal", "solved", "no_hint", "no_puzzle", "bad_filter")
"""The ``solve.*`` sentences that refuse an intent."""


class PuzzleSession:
    """A run over ``puzzles``: ``game``, ``theme`` and ``level`` ("easy", "medium", "hard") filter
    them from the start; ``lang`` is the language of every word shown."""

    def __init__(self, puzzles: Iterable[Any], *, lang: str = "en", game: str | None = None,
                 theme: str | None = None, level: str | None = None) -> None:
        self.lang = check_language(lang)
        self.puzzles = list(puzzles)
        self.voice = Voice(self.lang)
        self.summaries: list[dict[str, Any]] = [{"game": game_of(p), "themes": list(p.themes),
                           "band": level_of(float(p.difficulty))} for p in self.puzzles]
        self.choices = self._choices()
        self.words = {key: self.voice(f"solve.{key}") for key in WORD_KEYS}
        self._cards: dict[int, PuzzleCard] = {}
        filters = {"game": game, "theme": theme, "level": level}
        for name, value in filters.items():
            if value is not None and not any(c["value"] == value for c in self.choices[name]):
                known = ", ".join(c["value"] for c in self.choices[name]) or "none"
                raise ValueError(f"{name}={value!r}: this set has {known}")
        self.state = logic.start(self.summaries, filters)

    def _choices(self) -> dict[str, list[PuzzleChoice]]:
        """The values each filter may take in this set, with their words."""
        games = sorted({s["game"] for s in self.summaries})  # six_love, straight_six, vietnamese2 … 4
        themes = sorted({t for s in self.summaries for t in s["themes"]})
        bands = {s["band"] for s in self.summaries}
        game_words = {s["game"]: rules_name(p.rules, self.voice) for s, p in zip(self.summaries, self.puzzles)}
        return {"game": [{"value": g, "label": game_words.get(g, g)} for g in games],
                "theme": [{"value": t, "label": theme_label(t, self.voice)} for t in themes],
                "level": [{"value": name, "label": self.voice(f"solve.level_{name}")}
                          for name, _, _ in LEVELS if name in bands]}

    def card(self, index: int) -> PuzzleCard:
        """Puzzle ``index``'s card, built when first asked for."""
        if index not in self._cards:
            self._cards[index] = puzzle_card(self.puzzles[index], self.lang)
        return self._cards[index]

    def cards(self) -> list[PuzzleCard]:
        """Every puzzle's card (the one-file page carries them all)."""
        return [self.card(index) for index in range(len(self.puzzles))]

    @property
    def current(self) -> Any:
        """The puzzle shown, or ``None`` when no puzzle matches the filters."""
        order = self.state["order"]
        return self.puzzles[order[self.state["at"]]] if order else None

    def handle(self, intent: Any) -> None:
        """Do what ``intent`` asks (``{"type": "answer", "move": ...}``, ``hint``, ``next``,
        ``filter``); a :class:`DominoesError` says why not (``case``: a key of :data:`REFUSALS`),
        and nothing changed."""
        state, refusal = logic.apply(self.state, intent, self.summaries, self.card, self.choices, self.words)
        if refusal is not None:
            raise DominoesError(Reason.BAD_MESSAGE, self.voice(f"solve.{refusal}"), case=refusal)
        self.state = state

    def _try(self, intent: dict[str, Any]) -> str | None:
        try:
            self.handle(intent)
        except DominoesError as refusal:
            return str(refusal)
        return None

    def answer(self, move: Any) -> str | None:
        """Answer with ``move`` (a move or its text, ``"S 6-4 L"``); ``None`` or why not."""
        return self._try({"type": "answer", "move": str(move)})

    def hint(self) -> str | None:
        return self._try({"type": "hint"})

    def next(self) -> str | None:
        return self._try({"type": "next"})

    def filter(self, **filters: str | None) -> str | None:
        """Change the filters (``game=``, ``theme=``, ``level=``; ``None``: any)."""
        return self._try({"type": "filter", **filters})

    def view(self) -> PuzzleState:
        """What the browser shows now (``js/PROTOCOL.md``, "The Puzzles widget")."""
        return logic.public(self.state, len(self.puzzles), self.card, self.lang, self.choices, self.words)

    def setup(self) -> dict[str, Any]:
        """What the one-file page runs on: every card (verdicts included), the choices, the words
        its steps put into the state, the refusals and the filters to start with
        (``js/PROTOCOL.md``, "The one-file puzzles page")."""
        return {"lang": self.lang, "cards": self.cards(), "choices": self.choices, "words": dict(self.words),
                "refusals": self.refusals(), "filters": dict(self.state["filters"])}

    def refusals(self) -> dict[str, str]:
        """Every refusal's sentence, by key (the one-file page refuses in the browser)."""
        return {key: self.voice(f"solve.{key}") for key in REFUSALS}

