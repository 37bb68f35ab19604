"""A class: a teacher, the students who joined by the class's link, what the teacher assigned,
and what each student did with it. Pure: no I/O, the time from an injected clock.

Every person is known by a secret token: the teacher's, the join token (anyone holding it
may join), and each student's own. The assignment is a puzzle set and/or a duplicate match:
the same deals for every student, at the same seat, against the same bots. Its deals are
committed once, when the class starts, by the fair-deal scheme of RECORD.md
(``dominoes-fair-1`` with no client seeds: one deal for everyone): each student is shown every
commitment on joining, and a deal's server seed in the record of that deal once they have
played it, so they can check the deal was fixed before anyone played.

Hidden information: a student is shown a deal only by playing it (their own seat's view
while it lasts), a puzzle's answers only once they have answered it, and how the class
played a deal only once they have finished it. The teacher sees results, never a tile.
"""

from __future__ import annotations

import csv
import hmac
import io
import random
import secrets
import time
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Iterator, Mapping

from ...engine.errors import DominoesError, Reason, excerpt
from ...engine.fair_deal import FairSeeds, commitment_of, new_server_seed
from ...engine.hand import Hand
from ...engine.match import Match
from ...engine.move import Move
from ...engine.rules import team_of
from ...engine.views import SeatView, seat_view
from ...studies.glicko import Glicko, rate
from ...studies.judge import distinct_choices
from ...studies.learner import puzzle_start_rating
from ...studies.bots import Bot, make_bot
from ...studies.puzzles import PuzzleSet
from ..puzzles.cards import LEVELS, puzzle_card
from ..table.seat_record import in_play, seat_record
from .assignment import ClassRequest, ClassRequestError, check_name, read_class_request
from .shapes import (ClassAnswer, ClassAnswered, ClassAssignment, ClassDealResult, ClassDealView, ClassDecision,
                     ClassMistakes, ClassPlayed, ClassProgress, ClassProgressOf, ClassPuzzleAnswer, ClassPuzzleShown,
                     ClassPuzzleSet, ClassResultRow, ClassStudentProgress, ClassStudentView, ClassWatch)
from .verdicts import MISTAKES, UNJUDGED, Decision, Verdict, decision_key, verdicts_as_json, verdicts_from_json
from .verdicts import position_key as _position_key

__all__ = ["ClassSession", "ClassError", "Student", "MAX_STUDENTS", "FORMAT"]

MAX_STUDENTS = 60
"""Students one class takes by default."""
FORMAT = "dominoes-class"
VERSION = 1
MAX_MOVE = 40
MAX_WALKED = 2 * MAX_STUDENTS * 12
"""Deals played as one student played them whose choices a class keeps (:meth:`ClassSession._choices_of`)."""


class ClassError(DominoesError):
    """A class request refused, as every session refuses (``reason``, ``case``: which situation,
    ``facts``); ``status`` is the HTTP status it is answered with (400 bad input, 403 a token
    that does not open it, 404 nothing there, 409 not now). Nothing was changed."""

    def __init__(self, status: int, message: str, *, case: str | None = None,
                 facts: Mapping[str, Any] | None = None) -> None:
        super().__init__(_REASON_OF_STATUS.get(status, Reason.BAD_MESSAGE), message, case=case, facts=facts)
        self.status = status


_REASON_OF_STATUS = {403: Reason.NOT_AT_SCREEN, 409: Reason.STALE}
"""A refusal's reason by its status: a link that does not open what it asks for is not from the
person at that screen; a request that comes too early or too late is made on another state of
the class; anything else is a message the class does not understand."""


@dataclass(frozen=True)
class ClassScreen:
    """Who is looking at the class: the teacher (``student`` ``None``) or one student."""

    student: Student | None = None

    @property
    def teacher(self) -> bool:
        return self.student is None


INTENTS = ("puzzle", "answer", "deal", "play", "class_played")
"""What a student's screen may ask (:meth:`ClassSession.handle`): each names a ``number``;
``answer`` and ``play`` a ``move`` too."""


@dataclass
class PuzzleTry:
    """A student's first answer to one puzzle (only the first try counts)."""

    move: str
    right: bool
    seconds: float


@dataclass
class DealPlay:
    """A student's play of one deal: every move of the hand so far (the bots' too)."""

    moves: list[str] = field(default_factory=list)
    started: float = 0.0
    seconds: float | None = None
    """Seconds from the deal's first showing to its end (``None`` while it is played)."""
    result: ClassDealResult | None = None
    """``{"result": "won"|"lost"|"tie", "points": N}`` for the student's side, once finished."""


@dataclass
class Student:
    """One student: a name, a personal token, and what they did."""

    id: str
    name: str
    token: str
    joined: float
    opened: dict[int, float] = field(default_factory=dict)
    """When each puzzle (by number) was first shown to them."""
    puzzles: dict[int, PuzzleTry] = field(default_factory=dict)
    deals: dict[int, DealPlay] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "token": self.token, "joined": self.joined,
                "opened": {str(k): v for k, v in self.opened.items()},
                "puzzles": {str(k): [t.move, t.right, t.seconds] for k, t in self.puzzles.items()},
                "deals": {str(k): {"moves": d.moves, "started": d.started, "seconds": d.seconds, "result": d.result}
                          for k, d in self.deals.items()}}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Student":
        return cls(data["id"], data["name"], data["token"], data["joined"],
                   {int(k): v for k, v in data["opened"].items()},
                   {int(k): PuzzleTry(*v) for k, v in data["puzzles"].items()},
                   {int(k): DealPlay(d["moves"], d["started"], d["seconds"], d["result"])
                    for k, d in data["deals"].items()})


@lru_cache(maxsize=1)
def _builtin() -> PuzzleSet:
    return PuzzleSet.builtin()


@lru_cache(maxsize=512)
def _card(puzzle_id: str, lang: str) -> dict[str, Any]:
    return dict(puzzle_card(_builtin().by_id(puzzle_id), lang))


def choose_puzzles(request: ClassRequest, puzzles: PuzzleSet | None = None) -> list[str]:
    """The ids of the puzzles a class's request assigns (the first of the set that match, in order)."""
    assignment = request.puzzles
    if assignment is None:
        return []
    band = next(((low, high) for name, low, high in LEVELS if name == assignment.difficulty), None)
    found = (puzzles or _builtin()).filter(assignment.game, assignment.theme, band)
    if band is not None and band[1] < 1.0:  # the bands are low <= d < high (the last holds 1)
        found = PuzzleSet(p for p in found if p.difficulty < band[1])
    if len(found) < assignment.count:
        raise ClassRequestError("too_few_puzzles", found=len(found))
    return [puzzle.id for puzzle in found[:assignment.count]]


class ClassSession:
    """One class. :meth:`create` starts one from a request; :meth:`from_json` takes one up again."""

    def __init__(self, id: str, request: ClassRequest, teacher: str, join_token: str, puzzle_ids: list[str],
                 server_seeds: list[str], *, created: float, max_students: int = MAX_STUDENTS,
                 clock: Callable[[], float] = time.time) -> None:
        self.id = id
        self.request = request
        self.teacher = teacher
        self.join_token = join_token
        self.puzzle_ids = puzzle_ids
        self.server_seeds = server_seeds
        """Each duplicate deal's server seed: secret until a student has played that deal."""
        self.commitments = [commitment_of(seed) for seed in server_seeds]
        self.created = created
        self.max_students = max_students
        self.clock = clock
        self.students: dict[str, Student] = {}
        self.choices: list[dict[str, dict[str, int]]] = [{} for _ in server_seeds]
        """Per deal: at each position a student chose at (a key of the moves before it), how
        many students played each move."""
        self.verdicts: list[dict[str, Verdict]] = [{} for _ in server_seeds]
        """Per deal: the judge's verdict on each decision judged, by :func:`.verdicts.decision_key`."""
        self._starts: dict[int, Hand] = {}
        self._walked: dict[tuple[int, tuple[str, ...]], list[tuple[int, str, bool]]] = {}
        self.to_judge: list[Decision] = []
        """The decisions made since the caller last took them (:meth:`take_to_judge`), to be judged."""
        self.bot_moves: list[dict[str, str]] = [{} for _ in server_seeds]
        """Per deal: the bots' moves thought out so far, by position (not kept: every student's
        moves are, and a bot chooses the same again from the same seed)."""

    @classmethod
    def create(cls, body: Any, *, max_students: int = MAX_STUDENTS, clock: Callable[[], float] = time.time,
               puzzles: PuzzleSet | None = None) -> "ClassSession":
        """A new class from a request (checked: :class:`ClassError` 400 says what is wrong)."""
        try:
            request = read_class_request(body)
            puzzle_ids = choose_puzzles(request, puzzles)
        except ClassRequestError as error:
            raise ClassError(400, str(error), case="bad_request", facts={"detail": error}) from None
        deals = request.duplicate.hands if request.duplicate else 0
        return cls(secrets.token_urlsafe(9).replace("_", "x").replace("-", "y"), request, secrets.token_urlsafe(18),
                   secrets.token_urlsafe(12), puzzle_ids, [new_server_seed() for _ in range(deals)],
                   created=clock(), max_students=max_students, clock=clock)

    # -- who is asking ---------------------------------------------------------------------
    def is_teacher(self, token: Any) -> bool:
        return _same(token, self.teacher)

    def admits(self, join_token: Any) -> bool:
        return _same(join_token, self.join_token)

    def student_of(self, token: Any) -> Student | None:
        """The student whose personal token ``token`` is (compared in constant time), or ``None``."""
        found = None
        for student in self.students.values():
            if _same(token, student.token):
                found = student
        return found

    def screen_of(self, token: Any) -> ClassScreen | None:
        """The screen ``token`` opens: the teacher's, a student's, or ``None`` (the join token,
        a wrong one)."""
        if self.is_teacher(token):
            return ClassScreen()
        student = self.student_of(token)
        return ClassScreen(student) if student is not None else None

    # -- the one session contract ----------------------------------------------------------
    def view(self, screen: ClassScreen) -> ClassProgress | ClassStudentView:
        """What ``screen`` sees of the class: the teacher every student's progress
        (:meth:`progress`), a student the assignment and their own results (:meth:`student_summary`)."""
        return self.progress() if screen.student is None else self.student_summary(screen.student)

    def handle(self, screen: ClassScreen, intent: Any) -> ClassAnswer:
        """Do what ``intent`` asks for ``screen`` (``{"type": one of :data:`INTENTS`, "number": n,
        "move": …}``) and answer it; a :class:`ClassError` says why not, and nothing changed."""
        if not isinstance(intent, Mapping) or intent.get("type") not in INTENTS:
            raise ClassError(400, f"an intent is an object whose type is one of {', '.join(INTENTS)}, not "
                                  f"{excerpt(intent, 40)}", case="bad_intent", facts={"types": list(INTENTS)})
        kind = intent["type"]
        student = screen.student
        if student is None:
            raise ClassError(403, "the teacher's link shows the class's progress; puzzles and deals are the "
                                  "students'", case="teacher_plays_not")
        if student.id not in self.students or self.students[student.id] is not student:
            raise ClassError(403, "that student is not in this class", case="not_in_class")
        number, move = intent.get("number"), intent.get("move")
        if kind == "puzzle":
            return self.puzzle(student, number)
        if kind == "answer":
            return self.answer(student, number, move)
        if kind == "deal":
            return self.deal(student, number)
        if kind == "play":
            return self.play(student, number, move)
        return self.class_played(student, number)

    def join(self, join_token: Any, name: Any) -> Student:
        """A new student called ``name``, admitted with the class's join token."""
        if not self.admits(join_token):
            raise ClassError(403, "this link's token does not let anyone join that class", case="wrong_join_token")
        try:
            name = check_name(name)
        except ClassRequestError as error:
            raise ClassError(400, str(error), case="bad_name", facts={"detail": error}) from None
        if len(self.students) >= self.max_students:
            raise ClassError(409, f"this class is full: at most {self.max_students} students",
                             case="class_full", facts={"max_students": self.max_students})
        if any(student.name.casefold() == name.casefold() for student in self.students.values()):
            raise ClassError(409, f"a student called {excerpt(name, 30)} has joined already: choose another name",
                             case="name_taken", facts={"name": name})
        student = Student(f"s{len(self.students) + 1}", name, secrets.token_urlsafe(18), self.clock())
        self.students[student.id] = student
        return student

    # -- puzzles -----------------------------------------------------------------------------
    def _puzzle_number(self, number: Any) -> str:
        if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number < len(self.puzzle_ids):
            raise ClassError(404, f"puzzle {excerpt(number, 10)}: this class has {len(self.puzzle_ids)} puzzle(s), "
                                  f"numbered from 0",
                             case="no_such_puzzle", facts={"number": number, "puzzles": len(self.puzzle_ids)})
        return self.puzzle_ids[number]

    def puzzle(self, student: Student, number: Any) -> ClassPuzzleShown:
        """Puzzle ``number`` as the student may see it: the position, and once they have
        answered it, their first answer, the answers and why."""
        card = _card(self._puzzle_number(number), self.request.lang)
        student.opened.setdefault(number, self.clock())
        shown: ClassPuzzleShown = {"number": number, "of": len(self.puzzle_ids), "puzzle": card["view"],
                                   "hints": card["hints"][:1]}
        tried = student.puzzles.get(number)
        if tried is not None:
            shown["answered"] = self._answered(card, number, tried)
        return shown

    def _answered(self, card: Mapping[str, Any], number: int, tried: PuzzleTry) -> ClassAnswered:
        answers = [move for move, verdict in card["verdicts"].items() if verdict["right"]]
        return {"move": tried.move, "right": tried.right, "answers": answers,
                "why": list(card["verdicts"][tried.move]["why"])}

    def puzzle_position(self, number: Any) -> SeatView:
        """Puzzle ``number``'s position as its mover sees it (for a picture)."""
        return _builtin().by_id(self._puzzle_number(number)).view()

    def answer(self, student: Student, number: Any, move: Any) -> ClassPuzzleAnswer:
        """The student's answer to puzzle ``number``: only the first counts (409 after it)."""
        card = _card(self._puzzle_number(number), self.request.lang)
        if number in student.puzzles:
            raise ClassError(409, f"puzzle {number} was answered already: only the first try counts",
                             case="answered_already", facts={"number": number})
        if not isinstance(move, str) or not 0 < len(move) <= MAX_MOVE:
            raise ClassError(400, f"move is a move's notation (at most {MAX_MOVE} characters), not {excerpt(move, 20)}",
                             case="bad_move", facts={"most": MAX_MOVE, "move": move})
        if move not in card["verdicts"]:
            raise ClassError(400, f"{excerpt(move, 20)} is not a legal move in puzzle {number}; the legal moves are "
                                  f"{', '.join(card['verdicts'])}",
                             case="illegal_move",
                             facts={"number": number, "move": move, "legal": list(card["verdicts"])})
        opened = student.opened.setdefault(number, self.clock())
        tried = PuzzleTry(move, bool(card["verdicts"][move]["right"]), round(max(0.0, self.clock() - opened), 1))
        student.puzzles[number] = tried
        return {"number": number, "answered": self._answered(card, number, tried)}

    # -- duplicate deals ---------------------------------------------------------------------
    def _deal_number(self, number: Any) -> int:
        if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number < len(self.server_seeds):
            raise ClassError(404, f"deal {excerpt(number, 10)}: this class has {len(self.server_seeds)} duplicate "
                                  f"deal(s), numbered from 0",
                             case="no_such_deal", facts={"number": number, "deals": len(self.server_seeds)})
        return number

    def _dealt(self, number: int) -> Match:
        """Deal ``number``, no move played: made from its committed server seed, no client seed."""
        duplicate = self.request.duplicate
        assert duplicate is not None
        match = Match(duplicate.rules)
        match.commit(FairSeeds(self.server_seeds[number]))
        match.deal()
        return match

    def _start(self, number: int) -> Hand:
        """Deal ``number``'s hand before its first move (a copy: the deal is made once)."""
        if number not in self._starts:
            self._starts[number] = self._dealt(number).hands[-1]
        return self._starts[number].copy()

    def _match(self, number: int, moves: list[str]) -> Match:
        """Deal ``number`` with ``moves`` played, then the bots' moves up to the student's turn."""
        match, pending = self._replayed(number, moves)
        while pending is not None:
            bot, view, key = pending
            self.bot_moves[number][key] = str(bot.choose(view))
            match, pending = self._replayed(number, moves)
        return match

    def _replayed(self, number: int, moves: list[str]) -> tuple[Match, tuple[Bot, SeatView, str] | None]:
        """Deal ``number`` with ``moves`` and the bots' moves thought out so far played, and the
        bot decision still to think out before the student's turn (``None``: none)."""
        duplicate = self.request.duplicate
        assert duplicate is not None
        match = self._dealt(number)
        for move in moves:
            match.push(move)
        hand = match.hands[-1]
        while not hand.is_over and hand.turn != duplicate.seat:
            seat = hand.turn
            assert seat is not None
            key = _position_key([str(move) for move in hand.moves])
            known = self.bot_moves[number].get(key)
            if known is None:
                bot = make_bot(duplicate.bots[seat], seed=random.Random(_bot_seed(self.id, number, seat, hand.ply)))
                return match, (bot, seat_view(hand, seat), key)
            match.push(known)
        return match, None

    def bot_to_think(self, student: Student, number: Any, move: Any = None) -> tuple[Bot, SeatView, str] | None:
        """The next bot decision that deal ``number`` needs thought out before it can answer the
        student (after ``move``, when it is legal there), as ``(bot, view, position)``, or ``None``.
        The server thinks it out off its event loop and hands the move to :meth:`remember_bot_move`."""
        if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number < len(self.server_seeds):
            return None
        play = student.deals.get(number)
        moves = list(play.moves) if play is not None else []
        match, pending = self._replayed(number, moves)
        if pending is None and isinstance(move, str) and play is not None and play.result is None:
            hand = match.hands[-1]
            try:
                chosen = Move.parse(move)
            except DominoesError:
                return None
            if chosen in hand.legal_move_list():
                _, pending = self._replayed(number, [str(m) for m in hand.moves] + [str(chosen)])
        return pending

    def remember_bot_move(self, number: int, position: str, move: Any) -> None:
        """A bot's move thought out elsewhere for :meth:`bot_to_think`'s ``position``."""
        self.bot_moves[number][position] = str(move)

    def deal(self, student: Student, number: Any) -> ClassDealView:
        """Deal ``number`` as the student sees it, started on first asking: the record so far
        (the deal whole, server seed included, once it has ended), their legal moves, the result."""
        number = self._deal_number(number)
        play = student.deals.get(number)
        if play is None:
            play = student.deals[number] = DealPlay(started=self.clock())
        match = self._match(number, play.moves)
        play.moves = [str(move) for move in match.hands[-1].moves]
        self._finish(student, number, play, match)
        return self._deal_view(number, play, match)

    def seat_view(self, student: Student, number: Any) -> SeatView:
        """Deal ``number`` as the student's seat sees it now (for a picture; 409 before it is started)."""
        number = self._deal_number(number)
        play = student.deals.get(number)
        if play is None:
            raise ClassError(409, f"deal {number} is not started: ask for it first",
                             case="deal_not_started", facts={"number": number})
        duplicate = self.request.duplicate
        assert duplicate is not None
        match = self._match(number, play.moves)
        return seat_view(match.hands[-1], duplicate.seat, match.state)

    def dealt_to(self, number: Any) -> list[str]:
        """The tiles the student's seat is dealt in deal ``number`` (each student's own: the
        deal page shows them for the browser to hold against the deal once it is revealed)."""
        duplicate = self.request.duplicate
        assert duplicate is not None
        return [str(tile) for tile in self._dealt(self._deal_number(number)).hands[-1].deal[duplicate.seat]]

    def watched(self, student_id: Any) -> tuple[Student, int | None, Match | None]:
        """The student ``student_id`` (404: no such student), the deal they play now (the last
        they started; ``None``: none yet) and its match, for the teacher to watch."""
        student = self.students.get(student_id) if isinstance(student_id, str) else None
        if student is None:
            raise ClassError(404, f"this class has no student {excerpt(student_id, 10)}", case="no_such_student",
                             facts={"student": excerpt(student_id, 10)})
        if not student.deals:
            return student, None, None
        number = max(student.deals, key=lambda n: (student.deals[n].started, n))
        return student, number, self._match(number, student.deals[number].moves)

    def watch(self, student_id: Any) -> ClassWatch:
        """A student's current deal as a table's watcher sees it: the tiles on the line, every
        seat's count, draws hidden, the result once it is over (and never the hands, even then:
        the teacher could tell a student who has not played it)."""
        student, number, match = self.watched(student_id)
        shown: ClassWatch = {"student": student.id, "name": student.name, "deal": number,
                             "of": len(self.server_seeds), "result": None, "in_play": None}
        if number is not None and match is not None:
            shown["result"] = student.deals[number].result
            shown["in_play"] = in_play(match, None)
        return shown

    def play(self, student: Student, number: Any, move: Any) -> ClassDealView:
        """The student plays ``move`` in deal ``number``; the bots answer up to their next turn."""
        number = self._deal_number(number)
        play = student.deals.get(number)
        if play is None:
            raise ClassError(409, f"deal {number} is not started: ask for it first",
                             case="deal_not_started", facts={"number": number})
        if play.result is not None:
            raise ClassError(409, f"deal {number} is over", case="deal_over", facts={"number": number})
        if not isinstance(move, str) or not 0 < len(move) <= MAX_MOVE:
            raise ClassError(400, f"move is a move's notation (at most {MAX_MOVE} characters), not {excerpt(move, 20)}",
                             case="bad_move", facts={"most": MAX_MOVE, "move": move})
        match = self._match(number, play.moves)
        hand = match.hands[-1]
        legal = hand.legal_move_list()
        try:
            chosen = Move.parse(move)
        except DominoesError:
            chosen = None
        if chosen is None or chosen not in legal:
            raise ClassError(400, f"{excerpt(move, 20)} is not a legal move now; the legal moves are "
                                  f"{', '.join(map(str, legal))}",
                             case="illegal_move",
                             facts={"number": number, "move": move, "legal": [str(m) for m in legal]})
        if len(legal) > 1:
            counts = self.choices[number].setdefault(_position_key(play.moves), {})
            counts[str(chosen)] = counts.get(str(chosen), 0) + 1
            self._note_decision(number, play.moves, hand, str(chosen))
        match = self._match(number, [*play.moves, str(chosen)])
        play.moves = [str(m) for m in match.hands[-1].moves]
        self._finish(student, number, play, match)
        return self._deal_view(number, play, match)

    def _finish(self, student: Student, number: int, play: DealPlay, match: Match) -> None:
        hand = match.hands[-1]
        if play.result is not None or not hand.is_over:
            return
        duplicate = self.request.duplicate
        assert duplicate is not None and hand.outcome is not None
        rules = duplicate.rules
        side = team_of(duplicate.seat) if rules.is_partnership else duplicate.seat
        outcome = hand.outcome
        won = outcome.winner_team == side if rules.is_partnership else outcome.winner_seat == duplicate.seat
        play.result = {"result": "tie" if outcome.tie else "won" if won else "lost",
                       "points": int(match.state.score.get(side, 0))}
        play.seconds = round(max(0.0, self.clock() - play.started), 1)

    def _deal_view(self, number: int, play: DealPlay, match: Match) -> ClassDealView:
        duplicate = self.request.duplicate
        assert duplicate is not None
        hand = match.hands[-1]
        mine = not hand.is_over and hand.turn == duplicate.seat
        return {"deal": number, "seat": duplicate.seat, "commitment": self.commitments[number],
                "record": seat_record(match, duplicate.seat),
                "legal_moves": [str(move) for move in hand.legal_move_list()] if mine else [],
                "result": play.result}

    def class_played(self, student: Student, number: Any) -> ClassPlayed:
        """How the class played deal ``number``, for a student who has finished it (409 before):
        every finished student's result, and at each of this student's own decisions how many
        students who stood there played each move, and the judge's verdicts there: on the move
        they played (``verdict``), the move that was clearly best (``best``, else ``None``), and
        on each move the class played (``marks``); ``judging`` while some are not in yet."""
        number = self._deal_number(number)
        play = student.deals.get(number)
        if play is None or play.result is None:
            raise ClassError(409, f"deal {number}: how the class played it is shown once you have finished it",
                             case="deal_not_finished", facts={"number": number})
        results = [ClassResultRow(name=other.name, **done) for other in self.students.values()
                   if number in other.deals and (done := other.deals[number].result) is not None]
        verdicts = self.verdicts[number]
        decisions: list[ClassDecision] = []
        for ply, move, judged in self._choices_of(number, play.moves):
            before = play.moves[:ply]
            counts = self.choices[number].get(_position_key(before), {})
            mine = verdicts.get(decision_key(before, move))
            marks = {other: verdicts[decision_key(before, other)].mark for other in counts
                     if decision_key(before, other) in verdicts}
            decisions.append({"ply": ply, "played": move, "class": dict(sorted(counts.items())),
                              "students": sum(counts.values()), "verdict": mine.mark if mine else None,
                              "best": mine.best if mine else None, "equal": mine.equal if mine else None,
                              "marks": dict(sorted(marks.items())),
                              "judging": judged and (mine is None or len(marks) < len(counts))})
        return {"deal": number, "results": results, "decisions": decisions,
                "judging": any(decision["judging"] for decision in decisions)}

    # -- the judge ------------------------------------------------------------------------------
    def _note_decision(self, number: int, before: list[str], hand: Any, move: str) -> None:
        """A student is about to play ``move`` in ``hand``: a decision for the judge, unless it is
        judged already or has only one really different move."""
        duplicate = self.request.duplicate
        assert duplicate is not None
        key = decision_key(before, move)
        if key in self.verdicts[number] or any(d.deal == number and d.key == key for d in self.to_judge):
            return
        view = seat_view(hand, duplicate.seat)  # as the analysis sees a decision: the seat's view alone
        if distinct_choices(view) >= 2:
            self.to_judge.append(Decision(number, key, view, move))

    def take_to_judge(self) -> list[Decision]:
        """The decisions made since last asked, for the caller to have judged (:meth:`take_verdict`)."""
        taken, self.to_judge = self.to_judge, []
        return taken

    def unjudged(self) -> list[Decision]:
        """Every decision any student made that has no verdict yet (a class taken up again)."""
        duplicate = self.request.duplicate
        if duplicate is None:
            return []
        found: dict[tuple[int, str], Decision] = {}
        for student in self.students.values():
            for number, play in student.deals.items():
                hand = self._start(number)
                for ply, move in enumerate(play.moves):
                    key = decision_key(play.moves[:ply], move)
                    if hand.turn == duplicate.seat and key not in self.verdicts[number] \
                            and (number, key) not in found:
                        view = seat_view(hand, duplicate.seat)
                        if distinct_choices(view) >= 2:
                            found[number, key] = Decision(number, key, view, move)
                    hand.push(move)
        return list(found.values())

    def take_verdict(self, decision: Decision, judged: Any) -> None:
        """The judge's answer on ``decision`` (a :class:`~dominoes_widget.studies.judge.Judged`), kept."""
        self.verdicts[decision.deal][decision.key] = Verdict.of(judged, decision.move)

    def not_judged(self, decision: Decision) -> None:
        """The judge could not judge ``decision``: kept as :data:`~.verdicts.UNJUDGED`, so nobody waits for it."""
        self.verdicts[decision.deal][decision.key] = Verdict(UNJUDGED, None, False)

    def rating_of(self, student: Student) -> Glicko | None:
        """The student's Glicko-2 rating from their first tries at the class's puzzles, in the
        order they answered them, as a learner's (each try a game against the puzzle, rated at
        its difficulty; every student saw the same one hint); ``None`` before a first try."""
        if not student.puzzles:
            return None
        rating = Glicko()
        for number, tried in student.puzzles.items():
            puzzle = _builtin().by_id(self.puzzle_ids[number])
            rating = rate(rating, [(puzzle_start_rating(puzzle), 1.0 if tried.right else 0.0)])
        return rating

    def mistakes_of(self, student: Student, finished_only: bool = False) -> ClassMistakes:
        """The judge's verdicts on ``student``'s decisions so far (``finished_only``: in the deals
        they have finished): how many are ``judged`` and ``waiting``, how many of each mistake,
        and where each was (deal and move, no tile)."""
        duplicate = self.request.duplicate
        found: ClassMistakes = {"judged": 0, "waiting": 0, "inaccuracy": 0, "mistake": 0, "blunder": 0, "at": []}
        if duplicate is None:
            return found
        for number, play in sorted(student.deals.items()):
            if finished_only and play.result is None:
                continue
            for ply, move, judged in self._choices_of(number, play.moves):
                verdict = self.verdicts[number].get(decision_key(play.moves[:ply], move))
                if verdict is not None and not verdict.judged:
                    continue
                if verdict is not None:
                    found["judged"] += 1
                    if verdict.is_mistake:
                        found[verdict.mark] += 1  # type: ignore[literal-required]  # (one of MISTAKES)
                        found["at"].append({"deal": number, "move": ply + 1, "mark": verdict.mark})
                elif judged:
                    found["waiting"] += 1
        return found

    def _choices_of(self, number: int, moves: list[str]) -> list[tuple[int, str, bool]]:
        """The student's choices in deal ``number`` played as ``moves``: each ply where their seat
        had more than one legal move, the move, and whether the judge looks at it (two or more
        really different moves). Kept: a finished deal is walked once."""
        key = (number, tuple(moves))
        found = self._walked.get(key)
        if found is None:
            duplicate = self.request.duplicate
            assert duplicate is not None
            hand, found = self._start(number), []
            for ply, move in enumerate(moves):
                if hand.turn == duplicate.seat and len(hand.legal_move_list()) > 1:
                    found.append((ply, move, distinct_choices(seat_view(hand, duplicate.seat)) >= 2))
                hand.push(move)
            if len(self._walked) >= MAX_WALKED:
                del self._walked[next(iter(self._walked))]
            self._walked[key] = found
        return found

    # -- what a student and the teacher see ------------------------------------------------
    def assignment(self) -> ClassAssignment:
        """What the class was given, with every duplicate deal's commitment (no deal, no answer)."""
        puzzles, duplicate = self.request.puzzles, self.request.duplicate
        return {"id": self.id, "name": self.request.name, "lang": self.request.lang,
                "puzzles": len(self.puzzle_ids),
                "puzzle_set": ClassPuzzleSet(count=puzzles.count, game=puzzles.game, theme=puzzles.theme,
                                             difficulty=puzzles.difficulty) if puzzles else None,
                "duplicate": {"game": duplicate.game, "hands": duplicate.hands, "bots": dict(duplicate.bots),
                              "players": duplicate.players, "seat": duplicate.seat,
                              "commitments": list(self.commitments), "scheme": "dominoes-fair-1"}
                if duplicate else None}

    def student_summary(self, student: Student) -> ClassStudentView:
        """A student's own page of the class: the assignment and their own results (the judge's
        verdicts of a deal once they have finished it: none while they play)."""
        return {"class": self.assignment(), "name": student.name, **self._progress_of(student),
                "mistakes": self.mistakes_of(student, finished_only=True)}

    def _progress_of(self, student: Student) -> ClassProgressOf:
        tries = student.puzzles.values()
        finished = {n: play for n, play in sorted(student.deals.items()) if play.result is not None}
        return {"puzzles_answered": len(student.puzzles), "first_try_right": sum(t.right for t in tries),
                "puzzle_seconds": round(sum(t.seconds for t in tries), 1),
                "puzzles": {str(n): {"move": t.move, "right": t.right, "seconds": t.seconds}
                            for n, t in sorted(student.puzzles.items())},
                "deals_finished": len(finished),
                "deals": {str(n): {"result": play.result["result"], "points": play.result["points"],
                                   "seconds": play.seconds} for n, play in finished.items() if play.result},
                "deal_seconds": round(sum(play.seconds or 0.0 for play in finished.values()), 1),
                "rating": _rating_json(self.rating_of(student)), "mistakes": self.mistakes_of(student)}

    def progress(self) -> ClassProgress:
        """The teacher's view: every student's progress, their puzzle rating (``[rating,
        deviation]``, ``None`` before a first try) and the judge's mistakes (:meth:`mistakes_of`)."""
        return {"class": self.assignment(), "max_students": self.max_students,
                "students": [ClassStudentProgress(id=s.id, name=s.name, **self._progress_of(s))
                             for s in self.students.values()]}

    def progress_csv(self) -> str:
        """The teacher's export: one row per student."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\r\n")
        deals = len(self.server_seeds)
        writer.writerow(["student", "puzzles_answered", "first_try_right", "puzzle_seconds", "deals_finished",
                         "deal_seconds", "rating", "rating_deviation", "decisions_judged", "inaccuracies",
                         "mistakes", "blunders", *(f"deal_{n + 1}" for n in range(deals))])
        for student in self.students.values():
            progress = self._progress_of(student)
            cells = []
            for n in range(deals):
                result = progress["deals"].get(str(n))
                cells.append(f"{result['result']} {result['points']}" if result else "")
            rating: list[int] | list[str] = progress["rating"] or ["", ""]
            mistakes = progress["mistakes"]
            writer.writerow([_cell(student.name), progress["puzzles_answered"], progress["first_try_right"],
                             progress["puzzle_seconds"], progress["deals_finished"], progress["deal_seconds"],
                             *rating, mistakes["judged"], mistakes["inaccuracy"], mistakes["mistake"],
                             mistakes["blunder"], *cells])
        return out.getvalue()

    # -- kept and taken up again -------------------------------------------------------------
    def as_json(self) -> dict[str, Any]:
        """Everything the class is, secrets included (for the server's store only)."""
        return {"format": FORMAT, "version": VERSION, "id": self.id, "request": self.request.as_json(),
                "teacher": self.teacher, "join": self.join_token, "puzzle_ids": self.puzzle_ids,
                "server_seeds": self.server_seeds, "created": self.created, "max_students": self.max_students,
                "students": [s.as_json() for s in self.students.values()], "choices": self.choices,
                "verdicts": verdicts_as_json(self.verdicts)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any], clock: Callable[[], float] = time.time) -> "ClassSession":
        """A class as :meth:`as_json` kept it."""
        if data.get("format") != FORMAT or data.get("version") != VERSION:
            raise ValueError(f"not a {FORMAT} version {VERSION}")
        session = cls(data["id"], read_class_request(data["request"]), data["teacher"], data["join"],
                      list(data["puzzle_ids"]), list(data["server_seeds"]), created=data["created"],
                      max_students=data["max_students"], clock=clock)
        for student in data["students"]:
            loaded = Student.from_json(student)
            session.students[loaded.id] = loaded
        session.choices = [dict(choices) for choices in data["choices"]]
        session.verdicts = verdicts_from_json(data.get("verdicts"), len(session.server_seeds))
        return session

    def __iter__(self) -> Iterator[Student]:
        return iter(self.students.values())


def _rating_json(rating: Glicko | None) -> list[int] | None:
    return None if rating is None else [round(rating.rating), round(rating.deviation)]


def _same(token: Any, expected: str) -> bool:
    return isinstance(token, str) and hmac.compare_digest(token[:100].encode("utf-8", "replace"), expected.encode())


def _bot_seed(class_id: str, deal: int, seat: str, ply: int) -> str:
    """The seed of the bot at ``seat`` choosing at ``ply``: the same for every student, and
    after a restart, so the same moves meet the same answers."""
    return f"dominoes-class|{class_id}|{deal}|{seat}|{ply}"


def _cell(text: str) -> str:
    """A name as a CSV cell a spreadsheet will not run as a formula."""
    return f"'{text}" if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text
