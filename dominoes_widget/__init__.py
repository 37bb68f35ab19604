"""Play, study and teach partnership and Vietnamese dominoes in Jupyter.

The rules engine (tiles, rules, hands, matches, seat views, records) is plain Python;
everything is imported on first use, so ``import dominoes_widget.engine.tiles`` loads the tiles
alone and the engine runs without ipywidgets.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

# name -> the module that defines it
_EXPORTS = {
    "ALL_TILES": "engine.tiles", "Tile": "engine.tiles", "tile": "engine.tiles",
    "Reason": "engine.errors", "REASONS": "engine.errors", "DominoesError": "engine.errors", "IllegalMoveError": "engine.errors",
    "DealError": "engine.errors", "RulesError": "engine.errors", "TileError": "engine.errors", "MoveSyntaxError": "engine.errors",
    "RecordError": "engine.errors", "AnalysisError": "engine.errors", "PuzzleError": "engine.errors", "LearnerError": "engine.errors", "Problem": "engine.errors",
    "Rules": "engine.rules",
    "Move": "engine.move",
    "Hand": "engine.hand", "LegalMoves": "engine.hand", "Outcome": "engine.hand", "Termination": "engine.hand", "WinReason": "engine.hand",
    "deal_tiles": "engine.hand", "opening_lead": "engine.hand", "team_of": "engine.hand",
    "Match": "engine.match", "MatchState": "engine.match", "NextLeader": "engine.match", "LeaderKind": "engine.match", "Deal": "engine.match",
    "score_hand": "engine.match",
    "SeatView": "engine.views", "seat_view": "engine.views",
    "read_record": "engine.record", "verify_record": "engine.record", "write_record": "engine.record",
    "explain": "words.explanations",
    "render_svg": "words.svg", "Picture": "words.picture",
    "make_bot": "studies.bots",
    "simulate": "studies.simulation",
    "analyse": "studies.analysis", "Analysis": "studies.analysis",
    "Learner": "studies.learner",
    "Puzzle": "studies.puzzles", "PuzzleSet": "studies.puzzles", "find_puzzles": "studies.mining",
    "Table": "widgets.table",
    "Replay": "widgets.replay",
    "Exercise": "widgets.exercise",
    "Puzzles": "widgets.puzzles",
}

__all__ = sorted(name for name, module in _EXPORTS.items() if not module.startswith("widgets"))


def __getattr__(name: str) -> Any:
    if name == "__version__":  # the one version, pyproject.toml's, as installed
        from importlib.metadata import PackageNotFoundError, version

        try:
            return version("dominoes_widget")
        except PackageNotFoundError:  # a source tree that was never installed
            return "0+unknown"
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value  # later look-ups skip this function
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_EXPORTS])


if TYPE_CHECKING:  # for type checkers and editors: the same names, imported eagerly
    from .studies.bots import make_bot
    from .engine.errors import (REASONS, AnalysisError, DealError, DominoesError, IllegalMoveError, MoveSyntaxError, Problem,
                         PuzzleError, LearnerError, Reason, RecordError, RulesError, TileError)
    from .words.explanations import explain
    from .words.picture import Picture
    from .engine.hand import Hand, LegalMoves, Outcome, Termination, WinReason, deal_tiles, opening_lead, team_of
    from .engine.match import Deal, LeaderKind, Match, MatchState, NextLeader, score_hand
    from .engine.move import Move
    from .engine.record import read_record, verify_record, write_record
    from .engine.rules import Rules
    from .studies.analysis import Analysis, analyse
    from .studies.learner import Learner
    from .studies.mining import find_puzzles
    from .studies.puzzles import Puzzle, PuzzleSet
    from .studies.simulation import simulate
    from .words.svg import render_svg
    from .engine.tiles import ALL_TILES, Tile, tile
    from .engine.views import SeatView, seat_view
    from .widgets.exercise import Exercise
    from .widgets.puzzles import Puzzles
    from .widgets.replay import Replay
    from .widgets.table import Table
