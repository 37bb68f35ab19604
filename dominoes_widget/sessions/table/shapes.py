"""The Table's view shape and its intents (``js/PROTOCOL.md``, "The Table"): what
:class:`~dominoes_widget.sessions.table.session.TableSession` sends each screen, and what it takes."""

from __future__ import annotations

import enum
from typing import Literal, NotRequired, TypedDict

from ..protocol import Counting, Heading, JudgedMove, Position, ScorePanel

__all__ = ["PresenceMark", "PassWord", "Phase", "Intent", "PlayerInfo", "NoticeKind", "Notice", "LeaderChoice",
           "Cover", "ResultPanel", "Look", "Hint", "SpeedChoice", "FairHand", "FairCommitment", "FairView",
           "TableView", "TABLE_VIEW_KEYS"]


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
    thinking: NotRequired[bool]  # asked before the position was judged: "Thinking…", no moves yet


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
