"""The one error vocabulary: every reason code, and the exceptions that carry one.

:class:`Reason` lists each code the package raises or reports: the refusals of RULES.md,
the record reader's problems, an analysis side file's, and the table's own refusals. Every
exception here carries structured fields (a reason, a seat, a tile, where) and builds its
message from them, so no module ever reads another's message text.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from .refusals import english_detail

__all__ = ["Reason", "DominoesError", "IllegalMoveError", "DealError", "RulesError", "TileError",
           "MoveSyntaxError", "RecordError", "StudyFileError", "AnalysisError", "PuzzleError", "Problem", "Problems", "REASONS", "excerpt",
           "quoted", "MAX_PROBLEMS"]

MAX_PROBLEMS = 100
"""A report lists at most this many problems, then says how many more there were."""


class Reason(enum.StrEnum):
    """A reason code, as RULES.md and records write it, with its kind and rule.

    ``kind`` is ``"move"`` (a refusal of RULES.md), ``"record"`` (something wrong in a
    game record), ``"table"`` (a request the table cannot honour now) or ``"replay"`` (a
    position or a setting a replay does not have); ``rule`` says why in the words of
    RULES.md's table.
    """

    kind: str
    rule: str

    def __new__(cls, code: str, kind: str, rule: str) -> "Reason":
        member = str.__new__(cls, code)
        member._value_ = code
        member.kind = kind
        member.rule = rule
        return member

    # -- RULES.md: illegal moves --------------------------------------------------------
    BAD_LEAD = "bad_lead", "move", "the first move is not a lead, or a later move is written as a lead"
    WRONG_LEADER = "wrong_leader", "move", "this seat may not make the first move of this hand"
    MUST_LEAD_DOUBLE_SIX = "must_lead_double_six", "move", "the 6-6 holder must pose the 6-6 here (tournament play)"
    MUST_LEAD_DECIDING_TILE = ("must_lead_deciding_tile", "move",
                               "the deciding double (or fallback tile) must be led")
    NOT_YOUR_TURN = "not_your_turn", "move", "another seat is to move (also: a second draw in one turn)"
    TILE_NOT_IN_HAND = "tile_not_in_hand", "move", "the seat does not hold that tile"
    NO_MATCH = "no_match", "move", "the tile cannot touch that end (or the named touching half does not fit)"
    PASS_WITH_PLAYABLE_TILE = "pass_with_playable_tile", "move", "passing while holding a tile that fits"
    MUST_DRAW = "must_draw", "move", "passing while the draw pile has tiles"
    DRAW_WITH_PLAYABLE_TILE = "draw_with_playable_tile", "move", "drawing while holding a tile that fits"
    DRAW_NOT_ALLOWED = "draw_not_allowed", "move", "drawing in a game without a draw pile"
    DRAW_FROM_EMPTY_BONEYARD = "draw_from_empty_boneyard", "move", "drawing from an empty pile"
    MUST_PLAY_DRAWN_TILE = ("must_play_drawn_tile", "move",
                            "the tile just drawn fits, so it (and only it) must be played now")
    HAND_OVER = "hand_over", "move", "the hand has already ended"
    MATCH_OVER = "match_over", "move", "the match has already been won"
    # -- moves and tiles as written ------------------------------------------------------
    BAD_MOVE = "bad_move", "record", "the text is not a move in record notation"
    BAD_TILE = "bad_tile", "record", "the text is not a tile of the double-six set"
    BAD_DRAW = "bad_draw", "record", "the tile a draw names is not the top of the pile"
    # -- records ---------------------------------------------------------------------------
    UNREADABLE_FILE = "unreadable_file", "record", "the file cannot be read as UTF-8 text"
    MALFORMED_JSON = "malformed_json", "record", "the text is not valid JSON"
    BAD_RECORD = "bad_record", "record", "a record is a JSON object"
    BAD_FORMAT = "bad_format", "record", "format must be 'dominoes-record'"
    BAD_VERSION = "bad_version", "record", "version must be 1"
    BAD_GAME = "bad_game", "record", "game must be partnership or vietnamese"
    BAD_SEATS = "bad_seats", "record", "the seats are not those of the game, or not in the order records list them"
    BAD_RULES = "bad_rules", "record", "rules must be an object of setting names and values"
    UNKNOWN_SETTING = "unknown_setting", "record", "a setting RULES.md does not name"
    BAD_SETTING = "bad_setting", "record", "a value the setting does not take"
    BAD_START = "bad_start", "record", "the start state is malformed or cannot be reached"
    BAD_PLAYERS = "bad_players", "record", "players must map seats in play to names written as text"
    BAD_COMMENTS = "bad_comments", "record", "comments must be an object keyed \"<hand>:<move>\""
    BAD_COMMENT = "bad_comment", "record", "a comment key names no move of the record"
    BAD_HANDS = "bad_hands", "record", "hands must be a list"
    NO_HANDS = "no_hands", "record", "the record has no hand to show yet"
    BAD_HAND = "bad_hand", "record", "a hand is an object with deal, boneyard, leader and moves"
    BAD_DEAL = "bad_deal", "record", "the deal is not the 28 tiles dealt 7 to each seat"
    DUPLICATE_TILE = "duplicate_tile", "record", "a tile is dealt twice"
    MISSING_TILE = "missing_tile", "record", "a tile is missing from the deal"
    WRONG_HAND_SIZE = "wrong_hand_size", "record", "a seat is not dealt 7 tiles, or the pile has the wrong size"
    BAD_LEADER = "bad_leader", "record", "the leader is not a seat in play"
    BAD_MOVES = "bad_moves", "record", "moves must be a list of strings"
    WRONG_RESULT = "wrong_result", "record", "the result written differs from what the rules give"
    HAND_UNFINISHED = "hand_unfinished", "record", "a hand other than the last stops before its end"
    BAD_IN_PLAY = "bad_in_play", "record", "in_play is not a hand in play as one seat sees it"
    BAD_FAIR = "bad_fair", "record", "a hand's fair block is not the one RECORD.md describes"
    FAIR_COMMITMENT_MISMATCH = ("fair_commitment_mismatch", "record",
                                "the revealed server seed is not the one the commitment was made for")
    DEAL_NOT_FROM_SEED = "deal_not_from_seed", "record", "the deal or the pile is not the one the seeds make"
    FAIR_SEED_MISSING = "fair_seed_missing", "record", "a hand has ended but its server seed is not revealed"
    TOO_MANY_PROBLEMS = "too_many_problems", "record", "the report stops after the first problems"
    # -- analysis side files -------------------------------------------------------------------
    BAD_ANALYSIS = "bad_analysis", "record", "an analysis file is the JSON object `analyse` writes, each field in range"
    OTHER_RECORD = "other_record", "record", "the analysis is of another record: its rules or its moves differ"
    # -- puzzle sets -------------------------------------------------------------------------
    BAD_PUZZLES = "bad_puzzles", "record", "a puzzle file is the JSON object `PuzzleSet.save` writes, each field in range"
    # -- a learner's file -----------------------------------------------------------------------
    BAD_LEARNER = "bad_learner", "record", "a learner file is the JSON object `Learner` writes, each field in range"
    # -- the table ---------------------------------------------------------------------------
    STALE = "stale", "table", "the click was made on an earlier position"
    CHOOSE_END = "choose_end", "table", "the tile fits both ends, so the end must be named"
    HAND_IN_PROGRESS = "hand_in_progress", "table", "a hand is played to its end before the next is dealt"
    CHOOSE_LEADER = "choose_leader", "table", "the leading team must first choose who leads"
    NOT_AT_SCREEN = "not_at_screen", "table", "the request is not from the person at the screen"
    NO_TAKEBACK = "no_takeback", "table", "there is no move of yours to take back here"
    NO_COACH = "no_coach", "table", "hints are not offered at this table"
    NOT_HOST = "not_host", "table", "only the table's host changes a setting that is the whole table's"
    WATCHING = "watching", "table", "a watcher sees the table but makes no move at it"
    BAD_MESSAGE = "bad_message", "table", "the browser sent a message the table does not understand"
    BAD_CLIENT_SEED = "bad_client_seed", "table", "a client seed is 1 to 64 characters of A-Z, a-z, 0-9, _ and -"
    SEED_TOO_LATE = "seed_too_late", "table", "the hand was dealt already: a client seed counts only before the deal"
    BAD_ANSWER = "bad_answer", "table", "the answer is not one the exercise takes (a tile, a choice, a number, yes or no)"
    # -- the replay --------------------------------------------------------------------------
    NO_POSITION = "no_position", "replay", "the record has no such hand, or the hand no such step"
    RECORD_NOT_OPEN = "record_not_open", "replay", "the record did not open: its problems say why"
    NOBODY_TO_MOVE = "nobody_to_move", "replay", "the hand has ended there: nobody is to move"
    BAD_SPEED = "bad_speed", "replay", "a replay steps a number of moves per second, within its range"
    NO_SUCH_SEAT = "no_such_seat", "replay", "the seat named is not one of the seats in play"


REASONS: dict[str, str] = {reason.value: reason.rule for reason in Reason if reason.kind == "move"}
"""RULES.md's reason codes with what each means."""


def quoted(text: str, limit: int = 40) -> str:
    """``text`` in quotes, cut to ``limit`` characters (``'S zz'``, ``'xxxx…'``): input echoed
    back inside a sentence in any language, with no English of its own."""
    return repr(text[:limit]) + ("…" if len(text) > limit else "")


def excerpt(value: Any, limit: int = 60) -> str:
    """``repr(value)`` cut to about ``limit`` characters, for echoing input back safely."""
    if isinstance(value, (str, bytes)) and len(value) > limit:
        return f"{value[:limit]!r}… ({len(value)} characters in all)"
    if isinstance(value, (list, tuple, dict)) and len(value) > limit:
        return f"a {type(value).__name__} of {len(value)} items"
    if isinstance(value, int) and value.bit_length() > 4 * limit:
        return f"a whole number of {value.bit_length()} bits"
    try:
        text = repr(value)
    except (RecursionError, ValueError):  # nested too deep, or a number inside too long to print
        return f"a {type(value).__name__} too deep or too long to show"
    return text if len(text) <= limit else f"{text[:limit]}…"


class DominoesError(ValueError):
    """Anything the package refuses, in one shape: ``reason`` (a :class:`Reason`), ``case`` (which
    of the reason's situations, a key its words are found by, or ``None``) and ``facts`` (what
    else the words need: the seat, the tile, where). Every session refuses with one; nothing
    was changed."""

    reason: Reason
    case: str | None
    facts: dict[str, Any]

    def __init__(self, reason: Reason | str, message: str, *, case: str | None = None,
                 facts: Mapping[str, Any] | None = None) -> None:
        super().__init__(message)
        # Reason(code) looks a member up by its code; mypy checks the call against the
        # three-argument __new__ that only builds the members when the class is made
        self.reason = Reason(reason)  # type: ignore[call-arg]
        self.case = case
        self.facts = dict(facts or {})


class IllegalMoveError(DominoesError):
    """A move or action the rules refuse; nothing was changed.

    The fields say what and where: ``reason`` (a :class:`Reason`), ``case`` (which of the
    reason's situations, a key of the catalog's ``refusal`` section), ``move`` (the move
    refused, if any), ``seat`` and ``tile`` what it names, ``ply`` how many moves the hand
    had and ``ends`` its open ends at the time, and ``facts`` whatever else the words
    need (the tiles that fit, the seats that may lead …). The message is built from them,
    in English, when it is first read; :func:`~dominoes_widget.explain` says it in any
    language.
    """

    case: str

    def __init__(self, reason: Reason | str, case: str, move: Any = None, *, seat: str | None = None,
                 tile: Any = None, ply: int | None = None, ends: tuple[int, int] | None = None,
                 **facts: Any) -> None:
        self.move = move
        self.seat = seat if seat is not None else getattr(move, "seat", None)
        self.tile = tile if tile is not None else getattr(move, "tile", None)
        self.ply = ply
        self.ends = ends
        super().__init__(reason, case, case=case, facts=facts)

    @property
    def detail(self) -> str:
        """What is wrong, in English ("it is E's turn, not S's"), built by the engine itself."""
        return english_detail(self.case, self.seat, self.tile, self.ends, self.facts)

    @property
    def message(self) -> str:
        """The whole message: the move, where, and the detail."""
        if self.move is None or self.ply is None:
            return self.detail
        ends = "before the lead" if self.ends is None else f"ends {self.ends[0]}|{self.ends[1]}"
        return f"{self.move} refused at move {self.ply} ({ends}): {self.detail}"

    def __str__(self) -> str:
        return f"{self.message} [{self.reason}]"


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a record or a deal: what (``reason``, ``message``) and where.

    Where: ``hand`` and ``move`` (from 0), the ``seat`` and ``tile`` concerned, and
    ``field``, the record field at fault when it is not a move ("seats", "players.N",
    "hands[0].result").
    """

    reason: Reason
    message: str
    hand: int | None = None
    move: int | None = None
    seat: str | None = None
    tile: str | None = None
    field: str | None = None

    def as_json(self) -> dict[str, Any]:
        return {"hand": self.hand, "move": self.move, "reason": str(self.reason), "message": self.message,
                "seat": self.seat, "tile": self.tile, "field": self.field}

    def __str__(self) -> str:
        where = "record"
        if self.hand is not None:
            where = f"hand {self.hand}"
            if self.move is not None:
                where += f", move {self.move}"
        return f"{where}: {self.message} [{self.reason}]"


class Problems(list[Problem]):
    """A list of problems that keeps the first :data:`MAX_PROBLEMS` and counts the rest.

    ``report()`` gives what it kept and, when some were left out, one last problem saying
    how many; so a record with a million faults is reported in a hundred lines.
    """

    def __init__(self, problems: Iterable[Problem] = ()) -> None:
        super().__init__()
        self.left_out = 0
        for problem in problems:
            self.append(problem)

    def append(self, problem: Problem) -> None:
        if problem.reason is Reason.TOO_MANY_PROBLEMS:
            return
        if len(self) < MAX_PROBLEMS:
            super().append(problem)
        else:
            self.left_out += 1

    def extend(self, problems: Iterable[Problem]) -> None:
        for problem in problems:
            self.append(problem)

    @property
    def found(self) -> int:
        """How many problems were found, kept or not."""
        return len(self) + self.left_out

    def report(self) -> list[Problem]:
        """The problems kept, and a last one saying how many more there were."""
        if not self.left_out:
            return list(self)
        return [*self, Problem(Reason.TOO_MANY_PROBLEMS, f"… and {self.left_out} more problem(s), not listed")]


class _ProblemsError(DominoesError):
    """An error listing problems: ``problems`` holds at most :data:`MAX_PROBLEMS` of them."""

    def __init__(self, problems: Iterable[Problem], summary: str) -> None:
        self.problems = problems.report() if isinstance(problems, Problems) else Problems(problems).report()
        shown = "\n".join(f"  {self._line(p)}" for p in self.problems[:20])
        more = f"\n  … and {len(self.problems) - 20} more" if len(self.problems) > 20 else ""
        super().__init__(self.problems[0].reason if self.problems else Reason.BAD_RECORD,
                         f"{summary} ({len(self.problems)} problem(s)):\n{shown}{more}")


    @staticmethod
    def _line(problem: Problem) -> str:
        return str(problem)


class DealError(_ProblemsError):
    """A deal that is not the 28 tiles dealt 7 to each seat, each tile once."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        super().__init__(problems, "the deal is wrong")

    @staticmethod
    def _line(problem: Problem) -> str:
        return f"{problem.message} [{problem.reason}]"


class RecordError(_ProblemsError):
    """A record that cannot be replayed; ``problems`` lists what is wrong, with where."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        super().__init__(problems, "the record cannot be replayed")


class RulesError(DominoesError):
    """An unknown setting, a value a setting does not take, or a bad game or player count.

    ``setting`` names the setting concerned, if any.
    """

    def __init__(self, reason: Reason | str, message: str, setting: str | None = None) -> None:
        super().__init__(reason, message)
        self.setting = setting


class TileError(DominoesError):
    """Text that does not name a tile of the double-six set."""

    def __init__(self, message: str) -> None:
        super().__init__(Reason.BAD_TILE, message)


class MoveSyntaxError(DominoesError):
    """Text that is not a move in record notation."""

    def __init__(self, message: str) -> None:
        super().__init__(Reason.BAD_MOVE, message)


class StudyFileError(DominoesError):
    """A file a study wrote (an analysis, a puzzle set) that cannot be read, or does not fit.

    ``source`` names the file (``"the analysis"`` for one given as a dict or an object),
    ``place`` where in it the fault is (``"decision 3"``, ``"puzzle 3"``), or ``None`` for the
    whole file, and ``what`` says what is wrong; the message is ``"<source>, <place>: <what> [<reason>]"``.
    """

    def __init__(self, reason: Reason | str, what: str, *, source: str = "the file",
                 place: str | None = None) -> None:
        self.source, self.place, self.what = source, place, what
        where = source if place is None else f"{source}, {place}"
        super().__init__(reason, f"{where}: {what} [{reason}]")


class LearnerError(StudyFileError):
    """A learner's file that cannot be read (the fields of :class:`StudyFileError`); the file is
    left as it was and a copy of it kept beside it (the message names both)."""

    def __init__(self, reason: Reason | str, what: str, *, source: str = "the learner file",
                 place: str | None = None) -> None:
        super().__init__(reason, what, source=source, place=place)


class AnalysisError(StudyFileError):
    """An analysis side file that cannot be read, or that is not of the record it is shown with
    (the fields of :class:`StudyFileError`)."""

    def __init__(self, reason: Reason | str, what: str, *, source: str = "the analysis",
                 place: str | None = None) -> None:
        super().__init__(reason, what, source=source, place=place)


class PuzzleError(StudyFileError):
    """A puzzle set that cannot be read: a file :meth:`PuzzleSet.save
    <dominoes_widget.studies.puzzles.PuzzleSet.save>` did not write, or a puzzle in it that does
    not hold together (the fields of :class:`StudyFileError`; ``place`` is ``"puzzle 3"``)."""

    def __init__(self, reason: Reason | str, what: str, *, source: str = "the puzzles",
                 place: str | None = None) -> None:
        super().__init__(reason, what, source=source, place=place)
