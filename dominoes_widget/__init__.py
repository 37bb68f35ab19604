"""Play, study and teach partnership and Vietnamese dominoes in Jupyter.

The rules engine (tiles, rules, hands, matches, seat views, records) is plain Python;
the widgets (``Table``, ``Replay``) are imported only when first used.
"""

from __future__ import annotations

from .errors import REASONS, DealError, IllegalMoveError
from .bots import make_bot
from .explain import explain
from .hand import Hand, LegalMoves, Outcome, Termination, deal_tiles, opening_lead, team_of
from .match import Match, MatchError, MatchState, score_hand
from .move import Move, MoveSyntaxError
from .record import Problem, RecordError, read_record, verify_record, write_record
from .rules import Rules, RulesError
from .simulate import simulate
from .svg import render_svg
from .tiles import ALL_TILES, Tile, TileError, tile
from .views import SeatView, seat_view

__version__ = "0.1.0"

__all__ = [
    "ALL_TILES", "DealError", "Hand", "IllegalMoveError", "LegalMoves", "Match", "MatchError", "MatchState",
    "Move", "MoveSyntaxError", "Outcome", "Problem", "REASONS", "RecordError", "Rules", "RulesError",
    "SeatView", "Termination", "Tile", "TileError", "deal_tiles", "explain", "make_bot", "opening_lead", "render_svg", "simulate", "read_record",
    "score_hand", "seat_view", "team_of", "tile", "verify_record", "write_record",
]
# The widgets load on first use (not with ``import *``), so the engine runs without ipywidgets.

_LAZY = {
    "Table": ("widgets.table", "Table"),
    "Replay": ("widgets.replay", "Replay"),
}


def __getattr__(name: str):
    if name in _LAZY:
        from importlib import import_module

        module, attribute = _LAZY[name]
        return getattr(import_module(f".{module}", __name__), attribute)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
