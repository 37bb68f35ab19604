"""The Replay's view shape (``js/PROTOCOL.md``, "The Replay"): the whole record, position by position,
as :class:`~dominoes_widget.sessions.replay.session.ReplaySession` builds it, and Learn from your
mistakes' view and book."""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

from ..protocol import Counting, Heading, JudgedMove, Position, ScorePanel

__all__ = ["ReplayPlayer", "ReplayStep", "ReplayResult", "AnalysisMark", "ReplayAnalysis", "ReplayFair",
           "ReplayHand", "AnalysisSummary", "ReplayData", "ReplayWireHand", "ReplayWire", "ProblemInfo",
           "MistakeTask", "MistakeAnswer", "MistakeReply", "MistakeExercise", "MistakesBook", "MistakesStatus", "MistakesView"]


class ReplayPlayer(TypedDict):
    name: str
    label: str
    team: str | None


class ReplayStep(Position):
    """One step of a replayed hand: its position (every hand face up) and its words."""

    move: str | None
    say: str
    note: str | None
    counting: NotRequired[Counting]  # only when the replay was asked for counting


class ReplayResult(TypedDict):
    title: str
    lines: list[str]
    winners: list[str]


class AnalysisMark(TypedDict):
    ply: int
    side: str  # the mover's side: its team in a partnership game, else its seat (win, best_win are its chances)
    verdict: str
    loss: float
    played: str
    best: str
    best_item: str  # the best move in short words, as the move list says the played one
    win: float
    best_win: float
    share: float  # the mover's side's share (percent: a win 100, a tie 50) after the move, as the strip has it
    best_share: float  # the same after the best move
    words: str
    clear_best: bool  # whether every other move is clearly behind the best (else no move is called best)
    moves: list[JudgedMove]  # every distinct move, best first


class ReplayAnalysis(TypedDict):
    sides: list[str]
    strip: dict[str, list[float | None]]
    marks: list[AnalysisMark]


class ReplayFair(TypedDict):
    """What the browser needs to recheck a fairly dealt hand (RECORD.md, "Provably fair deals"):
    the record's ``fair`` block, the deal (seat → tiles) and the pile, top first."""

    block: dict[str, Any]
    deal: dict[str, list[str]]
    boneyard: list[str]


class ReplayHand(TypedDict, total=False):
    label: str
    moves: list[str]
    move_items: list[str]  # each move in short words, as the Table's move list says it
    score_before: ScorePanel
    score_after: ScorePanel | None
    tally_before: str
    tally_after: str | None
    result: ReplayResult | None
    deltas: list[dict[str, Any]]  # the ReplaySteps, each as its change from the one before (step_deltas)
    analysis: ReplayAnalysis
    fair: ReplayFair  # a hand dealt fairly: the page rechecks its deal and says so


class AnalysisSummary(TypedDict):
    """Per player, with an analysis: a title, the column heads and one row of cells per player."""

    title: str
    head: list[str]  # short ("?!"), with ``titles`` in full ("inaccuracies") for a tooltip
    titles: list[str]
    rows: list[list[str]]


class ReplayData(Heading):
    """The Replay's ``view`` trait (its data): the whole record, position by position."""

    players: dict[str, ReplayPlayer]
    end: str
    hands: list[ReplayHand]
    summary: NotRequired[AnalysisSummary]  # only with an analysis


class ReplayWireHand(TypedDict, total=False):
    """A hand of :class:`ReplayWire`: its texts and panels as indices into ``shared``, its steps' changes as lists."""

    label: str
    moves: list[int]
    move_items: list[int]
    score_before: int
    score_after: int | None
    tally_before: int
    tally_after: int | None
    result: int | None
    deltas: list[list[Any]]  # [mask, value, ...]: bit i of mask says step_keys[i] is there
    analysis: ReplayAnalysis
    fair: ReplayFair  # as it is


class ReplayWire(Heading):
    """The Replay's ``view`` trait as it travels (``sessions/replay/wire.py``): each repeated value once."""

    players: dict[str, ReplayPlayer]
    end: str
    shared: list[Any]
    step_keys: list[str]
    shared_keys: list[str]
    hands: list[ReplayWireHand]
    summary: NotRequired[AnalysisSummary]


class ProblemInfo(TypedDict):
    """One problem of a bad record, for the Replay's ``report`` trait."""

    hand: int | None
    move: int | None
    seat: str | None
    tile: str | None
    reason: str
    text: str
    detail: str


class MistakeTask(TypedDict):
    """One marked decision to try again, as its seat saw it (``sessions/replay/mistakes.py``)."""

    hand: int
    ply: int
    seat: str
    verdict: str
    played: str
    played_item: str
    position: Position
    legal: list[str]
    labels: list[str]


class MistakeAnswer(TypedDict):
    """The best move of a decision, in words, and why."""

    move: str
    item: str
    why: str


class MistakeReply(TypedDict):
    """What a wrong try gives away, in points of win share, and, for the best move's tile on
    the other end, why the end matters (else ``""``)."""

    loss: int
    note: str


class MistakeExercise(TypedDict):
    """A task with what the drill needs to count its tries: the accepted moves, those too close
    to call against good, the replies to the wrong ones, and the answer."""

    task: MistakeTask
    accepted: list[str]
    close: list[str]
    replies: dict[str, MistakeReply]
    answer: MistakeAnswer


class MistakesBook(TypedDict):
    """Every seat's exercises, for the one-file page (its ``mistakes_book``)."""

    seats: list[str]
    bottom: str
    exercises: dict[str, list[MistakeExercise]]


MistakesStatus = Literal["trying", "again", "solved", "close", "answered", "waiting", "done"]
"""Where a drill's exercise stands: asked, one wrong try, accepted, too close to call (not wrong),
answered after two, waiting for the analysis under way to find the next, or the drill done."""


class MistakesView(TypedDict):
    """The drill under way, as the browser draws it (the Replay's ``mistakes`` trait; ``{}`` when off)."""

    seat: str
    index: int
    total: int
    solved: int
    tries: int
    status: MistakesStatus
    tried: str | None
    reply: MistakeReply | None
    exercise: MistakeTask | None
    answer: MistakeAnswer | None
    coming: NotRequired[str]
    """While the analysis is under way: its line ("Judging hand 5 of 10…"); the count is so far."""
