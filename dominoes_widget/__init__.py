"""Play, study and teach partnership and Vietnamese dominoes in Jupyter.

The rules engine (tiles, rules, hands, matches, seat views, records) is plain Python;
everything is imported on first use, so ``import dominoes_widget.tiles`` loads the tiles
alone and the engine runs without ipywidgets.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

# name -> the module that defines it
_EXPORTS = {
    "ALL_TILES": "tiles", "Tile": "tiles", "tile": "tiles",
    "Reason": "errors", "REASONS": "errors", "DominoesError": "errors", "IllegalMoveError": "errors",
    "DealError": "errors", "RulesError": "errors", "TileError": "errors", "MoveSyntaxError": "errors",
    "RecordError": "errors", "AnalysisError": "errors", "Problem": "errors",
    "Rules": "rules",
    "Move": "move",
    "Hand": "hand", "LegalMoves": "hand", "Outcome": "hand", "Termination": "hand", "WinReason": "hand",
    "deal_tiles": "hand", "opening_lead": "hand", "team_of": "hand",
    "Match": "match", "MatchState": "match", "NextLeader": "match", "LeaderKind": "match", "Deal": "match",
    "score_hand": "match",
    "SeatView": "views", "seat_view": "views",
    "read_record": "record", "verify_record": "record", "write_record": "record",
    "explain": "explanations",
    "render_svg": "svg",
    "make_bot": "bots",
    "simulate": "simulation",
    "analyse": "analysis", "Analysis": "analysis",
    "Table": "widgets.table",
    "Replay": "widgets.replay",
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
    from .bots import make_bot
    from .errors import (REASONS, AnalysisError, DealError, DominoesError, IllegalMoveError, MoveSyntaxError, Problem,
                         Reason, RecordError, RulesError, TileError)
    from .explanations import explain
    from .hand import Hand, LegalMoves, Outcome, Termination, WinReason, deal_tiles, opening_lead, team_of
    from .match import Deal, LeaderKind, Match, MatchState, NextLeader, score_hand
    from .move import Move
    from .record import read_record, verify_record, write_record
    from .rules import Rules
    from .analysis import Analysis, analyse
    from .simulation import simulate
    from .svg import render_svg
    from .tiles import ALL_TILES, Tile, tile
    from .views import SeatView, seat_view
    from .widgets.replay import Replay
    from .widgets.table import Table
