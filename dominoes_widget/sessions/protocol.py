"""The shapes the browser receives, written once (``js/PROTOCOL.md`` describes them in words).

Every view is built by a session from the engine's facts (a seat view, an outcome, a
match state) and the words for them; the front ends only draw these.
"""

from __future__ import annotations

import enum
from typing import Any, Literal, NotRequired, TypedDict

__all__ = ["Phase", "Intent", "TableView", "PlayerInfo", "Notice", "NoticeKind", "ScorePanel", "ScoreRow",
           "LeaderChoice", "Cover", "ResultPanel", "Look", "Hint", "JudgedMove", "Counting", "UnseenCount", "KnownVoid", "ReplayData",
           "ReplayHand", "ReplayFair", "ReplayStep", "ReplayWire", "ReplayWireHand", "ReplayPlayer", "ReplayResult", "ProblemInfo", "ReplayAnalysis",
           "AnalysisMark", "AnalysisSummary", "SpeedChoice", "Heading", "Position", "TABLE_VIEW_KEYS",
           "FairView", "FairHand", "FairCommitment", "MistakeTask", "MistakeAnswer", "MistakeExercise",
           "MistakesBook", "MistakesView", "MistakesStatus",
           "PROTOCOL_VERSION", "MAX_TEXT", "PresenceMark",
           "PuzzleView", "PuzzleMoveItem", "PuzzleVerdict", "PuzzleCard", "PuzzleChoice", "PuzzleFeedback", "PuzzleState"]

PROTOCOL_VERSION = 2
MAX_TEXT = 500
"""The longest text the kernel sends in a notice or a message."""

Tiles = list[str]
LineTile = list[int]
PhaseName = Literal["dealing", "playing", "choose_leader", "hand_over", "match_over", "cover"]
PresenceMark = Literal["here", "never", "left", "bot"]
"""Who is at a served table's seat (``sessions.table.presence``)."""
PassWord = Literal["pass", "pass_keep"]
"""The ``words`` key the Pass button shows: ``pass_keep`` when a pass keeps the tile just drawn."""


class Phase(enum.StrEnum):
    """What the table waits for."""

    DEALING = "dealing"
    """A served table's first hand is committed, and waits for the players' pages' seeds."""
    PLAYING = "playing"
    CHOOSE_LEADER = "choose_leader"
    HAND_OVER = "hand_over"
    MATCH_OVER = "match_over"


class Intent(enum.StrEnum):
    """The messages the browser sends (``type``)."""

    MOVE = "move"
    CHOOSE_LEADER = "choose_leader"
    NEXT_HAND = "next_hand"
    NEW_MATCH = "new_match"
    UNCOVER = "uncover"
    LOOK = "look"
    UNDO = "undo"
    HINT = "hint"
    COUNTING = "counting"
    GO_ON = "go_on"
    SPEED = "speed"
    SEED = "seed"
    LEARN = "learn"


class PlayerInfo(TypedDict):
    name: str
    label: str
    human: bool
    team: str | None


NoticeKind = Literal["refused", "error", "info"]


class Notice(TypedDict):
    text: str
    kind: NoticeKind
    reason: str | None
    id: int


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


class LeaderChoice(TypedDict):
    seat: str
    label: str


class Cover(TypedDict):
    title: str
    hint: str


class ResultPanel(TypedDict):
    title: str
    lines: list[str]
    winners: list[str]
    button: str
    match: str | None


class Look(TypedDict):
    ply: int
    of: int
    label: str


class Hint(TypedDict):
    moves: list[JudgedMove]
    best: str | None  # None when no move is clearly best (the words say which are too close to call)
    words: str


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


class SpeedChoice(TypedDict):
    key: str
    label: str


class FairHand(TypedDict):
    """A hand dealt fairly (RECORD.md's ``fair`` block, as the view shows it)."""

    hand: int
    scheme: str
    commitment: str
    attempt: int
    client_seeds: dict[str, str]
    my_seed: str | None
    server_seed: str | None  # only once the hand has ended


class FairCommitment(TypedDict):
    """The next deal's commitment, waiting for the seats' client seeds."""

    hand: int
    commitment: str
    my_seed: str | None


class FairView(TypedDict):
    secret: bool
    current: FairHand | None
    next: FairCommitment | None


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


class TableView(Heading, Position):
    """The ``view`` trait of the Table."""

    players: dict[str, PlayerInfo]
    viewer: str | None
    moves: list[str]
    move_words: list[str]
    move_items: list[str]
    legal: list[str]
    pass_word: PassWord
    playable: list[str]
    hand_number: int
    hand_label: str
    phase: PhaseName
    status: str
    message: Notice | None
    score: ScorePanel
    leader_choices: list[LeaderChoice]
    leader_prompt: str
    cover: Cover | None
    result: ResultPanel | None
    look: Look | None
    can_undo: bool
    coach: bool
    hint: Hint | None
    recap: str
    seat_moves: dict[str, str]
    holding: bool
    announce: str
    animate: bool
    speed: str | None
    speeds: list[SpeedChoice]
    counting: Counting | None
    presence: dict[str, PresenceMark]
    watching: int
    can_set_table: bool
    fair: FairView | None


TABLE_VIEW_KEYS = frozenset(TableView.__annotations__)


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
    """The ``data`` trait of the Replay: the whole record, position by position."""

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
    """The ``data`` trait as it travels (``sessions/replay/wire.py``): each repeated value once."""

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


class MistakeExercise(TypedDict):
    """A task with what the drill needs to count its tries: the accepted moves and the answer."""

    task: MistakeTask
    accepted: list[str]
    answer: MistakeAnswer


class MistakesBook(TypedDict):
    """Every seat's exercises, for the one-file page (its ``mistakes_book``)."""

    seats: list[str]
    bottom: str
    exercises: dict[str, list[MistakeExercise]]


MistakesStatus = Literal["trying", "again", "solved", "answered", "waiting", "done"]
"""Where a drill's exercise stands: asked, one wrong try, accepted, answered after two, waiting
for the analysis under way to find the next, or the drill done."""


class MistakesView(TypedDict):
    """The drill under way, as the browser draws it (the Replay's ``mistakes`` trait; ``{}`` when off)."""

    seat: str
    index: int
    total: int
    solved: int
    tries: int
    status: MistakesStatus
    tried: str | None
    exercise: MistakeTask | None
    answer: MistakeAnswer | None
    coming: NotRequired[str]
    """While the analysis is under way: its line ("Judging hand 5 of 10…"); the count is so far."""
# -- the Puzzles widget and page ----------------------------------------------------------------
class PuzzleMoveItem(TypedDict):
    move: str
    label: str


class PuzzleView(Position):
    """One puzzle as the browser draws it, from the mover's seat view alone."""

    id: str
    game: str
    title: str
    seat: str
    order: list[str]
    players: dict[str, str]
    you: str
    said: list[str]
    legal: list[str]
    items: list[PuzzleMoveItem]
    prompt: str
    themes: list[str]
    level: str


class PuzzleVerdict(TypedDict):
    right: bool
    why: list[str]


class PuzzleCard(TypedDict):
    """A puzzle for the Puzzles session and the one-file page: its view, hints and each legal move's verdict."""

    id: str
    game: str
    themes: list[str]
    difficulty: float
    band: str
    view: PuzzleView
    hints: list[str]
    verdicts: dict[str, PuzzleVerdict]


class PuzzleChoice(TypedDict):
    value: str
    label: str


class PuzzleFeedback(TypedDict):
    move: str
    label: str
    right: bool
    title: str
    why: list[str]


class PuzzleState(TypedDict):
    """The Puzzles widget's ``state`` trait (and the one-file page's): what is shown now."""

    v: int
    lang: str
    filters: dict[str, str | None]
    choices: dict[str, list[PuzzleChoice]]
    total: int
    count: int
    number: int
    puzzle: PuzzleView | None
    hints: list[str]
    feedback: PuzzleFeedback | None
    tried: list[str]
    solved: bool
    streak: int
    score: int
    empty: str | None
