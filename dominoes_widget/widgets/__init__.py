"""The notebook widgets: ``Table`` to play, ``Replay`` to step through records, ``Exercise`` to answer a question,
``Puzzles`` to solve."""

from __future__ import annotations

__all__ = ["Table", "Replay", "Exercise", "Puzzles"]


def __getattr__(name: str):
    if name == "Table":
        from .table import Table

        return Table
    if name == "Replay":
        from .replay import Replay

        return Replay
    if name == "Exercise":
        from .exercise import Exercise

        return Exercise
    if name == "Puzzles":
        from .puzzles import Puzzles

        return Puzzles
    raise AttributeError(name)
