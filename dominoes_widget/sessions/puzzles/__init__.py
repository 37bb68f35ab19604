"""Puzzles on screen: a run over a set of puzzles (:class:`PuzzleSession`), each puzzle's card
built from the mover's view (:mod:`.cards`), and the steps both the widget and the one-file
page take (:mod:`.logic`)."""

from .session import PuzzleSession

__all__ = ["PuzzleSession"]
