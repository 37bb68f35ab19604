"""The notebook widgets: ``Table`` to play, ``Replay`` to step through records."""

from __future__ import annotations

__all__ = ["Table", "Replay"]


def __getattr__(name: str):
    if name == "Table":
        from .table import Table

        return Table
    if name == "Replay":
        from .replay import Replay

        return Replay
    raise AttributeError(name)
