"""The notebook widgets: ``Table`` to play, ``Replay`` to step through records, ``Puzzles`` to solve."""

from __future__ import annotations

__all__ = ["Table", "Replay", "Puzzles"]


def __getattr__(name: str):
    if name == "Table":
        from .table import Table

        return Table
    if name == "Replay":
        from .replay import Replay

        return Replay
    if name == "Puzzles":
        from .puzzles import Puzzles

        return Puzzles
    raise AttributeError(name)
