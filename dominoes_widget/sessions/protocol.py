"""The shapes every session's view shares, written once (``js/PROTOCOL.md`` describes them in words).

Every view is built by a session from the engine's facts (a seat view, an outcome, a
match state) and the words for them; the front ends only draw these. Each session's own
view shape is declared beside it: ``sessions/table/shapes.py``, ``sessions/replay/shapes.py``,
``sessions/puzzles/shapes.py`` and ``sessions/exercise/session.py``; here are the parts they
share (a position as drawn, the heading, the score panel, the counting panel, a judged move).
"""

from __future__ import annotations

from typing import TypedDict

__all__ = ["PROTOCOL_VERSION", "MAX_TEXT", "ScoreRow", "ScorePanel", "UnseenCount", "KnownVoid", "Counting",
           "Position", "Heading", "JudgedMove"]


PROTOCOL_VERSION = 2

MAX_TEXT = 500
"""The longest text the kernel sends in a notice or a message."""

Tiles = list[str]

LineTile = list[int]


class ScoreRow(TypedDict):
    key: str
    label: str
    value: str
    detail: str
    mine: bool


class ScorePanel(TypedDict):
    title: str
    rows: list[ScoreRow]
    notes: list[str]


class UnseenCount(TypedDict):
    number: int
    count: int


class KnownVoid(TypedDict):
    seat: str
    label: str
    numbers: list[int]
    since: str


class Counting(TypedDict):
    title: str
    unseen: list[UnseenCount]
    voids: list[KnownVoid]
    words: list[str]


class Position(TypedDict):
    """One position as drawn: the part the Table's view and every Replay step share."""

    hands: dict[str, Tiles | int]
    pips: dict[str, int]
    line: list[LineTile]
    lead: int
    last: int | None
    ends: list[int] | None
    turn: str | None
    pile: int | None
    passed: list[str]


class Heading(TypedDict):
    """What both widgets' data open with: the protocol version, the language, the game and its
    name, the seats in play and the one drawn at the bottom."""

    v: int
    lang: str
    game: str
    title: str
    seats: list[str]
    bottom: str


class JudgedMove(TypedDict):
    """One judged move (sessions/judged.py): its win chance with a 95% interval, its share of the
    hand (a tie counts half) with that interval, and its gap to the best (points of win share,
    a 99% interval: the judge's, studies/judge.py). The coach and the study page send the same."""

    move: str
    label: str
    win: float
    low: float
    high: float
    share: float
    share_low: float
    share_high: float
    gap_low: float
    gap_high: float
