"""The notebook widgets: ``Table`` to play, ``Replay`` to step through records, ``Exercise`` to answer a question."""

from __future__ import annotations

__all__ = ["Table", "Replay", "Exercise"]


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
    raise AttributeError(name)
