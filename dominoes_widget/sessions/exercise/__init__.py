"""Exercises for the tutorials: a question about an engine position whose answer the engine
computes, checked with the engine's own reasons (``kinds``), the position written as data
(``spec``), and one exercise on screen (``session``)."""

from .kinds import KINDS, AnswerError, Checked
from .session import ExerciseSession

__all__ = ["ExerciseSession", "Checked", "AnswerError", "KINDS"]
