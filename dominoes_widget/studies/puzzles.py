"""Puzzles: positions from real games where one move (or a few of equal worth) is clearly best.

A :class:`Puzzle` is a decision as the mover saw it, kept as a RECORD.md record that stops
at the decision: the hand as its only hand, with the match state it had before it as the
record's ``start``, so that ``read_record`` replays it and ``verify`` finds nothing wrong
but that the last hand is unfinished (which RECORD.md allows). Its ``answers`` are the
legal moves the judge (:mod:`~dominoes_widget.studies.judge`) found best, every mirror
image included; its ``moves`` every distinct move's judged chances, best first, so a page
can say what each move is worth without judging again.

A :class:`PuzzleSet` is a list of them, saved as one JSON file (gzipped when its name ends
in ``.gz``); ``PuzzleSet.builtin()`` is the set the package ships, mined from bot games by
``scripts/make_builtin_puzzles.py`` with :func:`~dominoes_widget.studies.mining.find_puzzles`.

>>> from dominoes_widget import PuzzleSet
>>> puzzles = PuzzleSet.builtin()
>>> puzzle = puzzles[0]
>>> puzzle.view().turn == puzzle.seat and all(puzzle.is_answer(move) for move in puzzle.answers)
True
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, Iterable, Iterator, Mapping, NoReturn, Sequence, overload

from ..engine.errors import MoveSyntaxError, PuzzleError, Reason, RecordError, excerpt
from ..engine.hand import Hand, group_moves
from ..engine.match import MatchState
from ..engine.move import Move
from ..engine.record import Replayed, read_record
from ..engine.rules import Rules
from ..engine.views import SeatView, seat_view
from .analysis import _Reader
from .judge import Judgement, position_key

__all__ = ["Puzzle", "PuzzleSet", "THEMES", "puzzle_id", "decision_record", "MAX_PUZZLE_BYTES", "MAX_PUZZLES"]

FORMAT = "dominoes-puzzles"
VERSION = 1
THEMES = ("block", "partner", "count", "endgame", "draw", "heavy", "opening", "double", "follow", "deep")
"""What a puzzle teaches (``puzzles.theme_<name>`` in the catalogs says it in words):

``block``: the answer shuts out an opponent (leaves ends he is known to lack, or blocks the
line); ``partner``: it keeps open the number the partner played; ``count``: a move that blocks
the line is on offer, so the pips decide; ``endgame``: few tiles are left in a hand;
``draw``: the Vietnamese game, just after a draw; ``heavy``: the answer sheds the heaviest
tile; ``opening``: one of the hand's first moves; ``double``: the answer plays a double where
another move would keep it; ``follow``: the answer leaves the mover more tiles that fit the open
ends than another move does; ``deep``: none of these says it: the answer is found as the judge
finds it, by weighing the tiles the others may hold (every puzzle has at least one theme)."""
MAX_PUZZLE_BYTES = 64 * 1024 * 1024
"""A puzzle file larger than this (unpacked) is refused unread."""
MAX_PUZZLES = 100_000
"""A file with more puzzles than this is refused."""
BUILTIN = Path(__file__).resolve().parent.parent / "data" / "puzzles.json.gz"


def puzzle_id(view: SeatView) -> str:
    """A position's stable name: 12 hex digits of a hash of the position as the mover sees it
    (:func:`~dominoes_widget.studies.judge.position_key`), so one position mined from two
    games is one puzzle."""
    return hashlib.blake2b(position_key(view).encode(), digest_size=6).hexdigest()


def decision_record(hand: Hand, ply: int, start: MatchState) -> dict[str, Any]:
    """A RECORD.md record that stops before move ``ply`` of ``hand``: the hand as its only
    hand (deal, pile, leader and the moves before the decision) and ``start``, the match
    state before it, as the record's ``start`` (left out for a new match)."""
    rules = hand.rules
    record: dict[str, Any] = {"format": "dominoes-record", "version": 1, "game": rules.game,
                              "rules": rules.settings(), "seats": list(rules.seats), "players": {}}
    if start.as_start() != MatchState.new(rules).as_start():
        record["start"] = start.as_start()
    record["hands"] = [{"deal": {seat: [str(t) for t in hand.deal[seat]] for seat in hand.seats},
                        "boneyard": [str(t) for t in hand.initial_boneyard], "leader": hand.leader,
                        "moves": [str(m) for m in hand.moves[:ply]]}]
    return record


@dataclass(frozen=True)
class Puzzle:
    """A decision to find: the record up to it, the seat to move, the answers and what each move is worth.

    ``difficulty``: the share (0 to 1) of tries by the greedy and the strong bots, with
    several seeds each, that missed the answer. ``moves``: every distinct move's judgement
    (win share, 95% range of the win chance, the gap's 99% interval), best first.
    """

    id: str
    record: dict[str, Any]
    seat: str
    answers: tuple[str, ...]
    themes: tuple[str, ...]
    difficulty: float
    moves: tuple[Judgement, ...]

    def __post_init__(self) -> None:  # rounded as files keep them, so a set saved and loaded is equal
        object.__setattr__(self, "difficulty", round(float(self.difficulty), 4))
        object.__setattr__(self, "moves", tuple(_rounded(j) for j in self.moves))

    def __hash__(self) -> int:
        return hash(self.id)

    @property
    def game(self) -> str:
        """The rules' game: ``partnership`` or ``vietnamese``."""
        return str(self.record["game"])

    @property
    def rules(self) -> Rules:
        return self._replayed.match.rules

    @property
    def start(self) -> MatchState:
        """The match state before the hand (the score the seat plays at)."""
        return self._replayed.match.state

    @cached_property
    def _replayed(self) -> Replayed:
        return read_record(self.record)

    def hand(self) -> Hand:
        """The hand at the decision, every tile known (a fresh copy each call)."""
        return self._replayed.match.hands[-1].copy()

    def view(self) -> SeatView:
        """The decision as :attr:`seat` sees it, with the match state."""
        return seat_view(self._replayed.match.hands[-1], self.seat, self.start)

    def is_answer(self, move: Move | str) -> bool:
        """Whether ``move`` (a :class:`Move` or its notation) is one of the answers."""
        try:
            text = str(Move.parse(move) if isinstance(move, str) else move)
        except MoveSyntaxError:
            return False
        return text in self.answers

    def as_json(self) -> dict[str, Any]:
        return {"id": self.id, "seat": self.seat, "answers": list(self.answers), "themes": list(self.themes),
                "difficulty": self.difficulty, "moves": [_row(j) for j in self.moves],
                "record": self.record}

    def __repr__(self) -> str:
        return (f"<Puzzle {self.id} {self.game} {self.seat} to move: {', '.join(self.answers)}"
                f" ({', '.join(self.themes) or 'no theme'}; difficulty {self.difficulty:.2f})>")


def _rounded(j: Judgement) -> Judgement:
    move, win, tie, low, high, stderr, samples, gap_low, gap_high, mirrors = _row(j)
    return Judgement(move, win, tie, low, high, stderr, samples, tuple(mirrors), gap_low, gap_high)


def _row(j: Judgement) -> list[Any]:
    """A judgement as analysis files write it (version 2), a little more rounded."""
    return [j.move, round(j.win, 4), round(j.tie, 4), round(j.low, 4), round(j.high, 4), round(j.stderr, 5),
            j.samples, round(j.gap_low, 2), round(j.gap_high, 2), list(j.mirrors)]


class PuzzleSet(Sequence[Puzzle]):
    """Puzzles in order: saved and loaded as one JSON file, filtered by game, theme and difficulty."""

    def __init__(self, puzzles: Iterable[Puzzle] = (), *, source: str = "the puzzles", interrupted: bool = False) -> None:
        self.puzzles = tuple(puzzles)
        self.source = source
        self.interrupted = interrupted
        """Whether the search that found these was stopped (Ctrl-C) before every decision was judged."""

    def __len__(self) -> int:
        return len(self.puzzles)

    def __iter__(self) -> Iterator[Puzzle]:
        return iter(self.puzzles)

    @overload
    def __getitem__(self, index: int) -> Puzzle: ...

    @overload
    def __getitem__(self, index: slice) -> "PuzzleSet": ...

    def __getitem__(self, index: int | slice) -> "Puzzle | PuzzleSet":
        if isinstance(index, slice):
            return PuzzleSet(self.puzzles[index], source=self.source)
        return self.puzzles[index]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PuzzleSet) and self.puzzles == other.puzzles

    def __repr__(self) -> str:
        games = ", ".join(f"{n} {game}" for game, n in self.counts("game").items())
        return f"<PuzzleSet of {len(self)} puzzles ({games or 'none'})>"

    def by_id(self, id: str) -> Puzzle:
        """The puzzle called ``id``; ``KeyError`` when there is none."""
        found = next((p for p in self.puzzles if p.id == id), None)
        if found is None:
            raise KeyError(id)
        return found

    def counts(self, by: str = "game") -> dict[str, int]:
        """How many puzzles of each ``game`` or (``by="theme"``) of each theme."""
        if by not in ("game", "theme"):
            raise ValueError(f"by: 'game' or 'theme', not {excerpt(by)}")
        found: dict[str, int] = {}
        for puzzle in self.puzzles:
            for key in ((puzzle.game,) if by == "game" else puzzle.themes):
                found[key] = found.get(key, 0) + 1
        return found

    def filter(self, game: str | None = None, themes: Iterable[str] | str | None = None,
               difficulty: tuple[float, float] | None = None) -> "PuzzleSet":
        """The puzzles of ``game`` (``partnership``/``vietnamese``) with any of ``themes``
        and a difficulty from ``difficulty[0]`` to ``difficulty[1]`` (both included)."""
        wanted = _checked_filter(game, themes, difficulty)
        return PuzzleSet((p for p in self.puzzles if _fits(p, *wanted)), source=self.source)

    def as_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "puzzles": [p.as_json() for p in self.puzzles]}

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the set as JSON (gzipped when the name ends in ``.gz``)."""
        path = Path(path)
        data = json.dumps(self.as_json(), separators=(",", ":"), ensure_ascii=False).encode()
        path.write_bytes(gzip.compress(data, 9, mtime=0) if path.name.endswith(".gz") else data)
        return path

    @classmethod
    def load(cls, source: str | os.PathLike[str] | Mapping[str, Any]) -> "PuzzleSet":
        """A set saved by :meth:`save` (a path, gzipped or not, or its JSON as a dict).

        Every field is checked, each puzzle's record replayed: anything wrong raises
        :class:`~dominoes_widget.engine.errors.PuzzleError` naming the file, the place
        (``puzzle 3``) and what is wrong.
        """
        if isinstance(source, Mapping):
            return _PuzzleReader("the puzzles").puzzle_set(source)
        if not isinstance(source, (str, os.PathLike)):
            raise TypeError(f"PuzzleSet.load() takes a path or a dict, not {type(source).__name__}")
        reader = _PuzzleReader(str(os.fspath(source)))
        return reader.puzzle_set(reader.json(Path(source)))

    @classmethod
    def builtin(cls) -> "PuzzleSet":
        """The puzzles the package ships (mined from bot games of both games)."""
        global _BUILTIN
        if _BUILTIN is None:
            _BUILTIN = cls.load(BUILTIN)
        return _BUILTIN


_BUILTIN: PuzzleSet | None = None


def _checked_filter(game: Any, themes: Any, difficulty: Any) -> tuple[str | None, set[str] | None,
                                                                        tuple[float, float] | None]:
    if game is not None and game not in ("partnership", "vietnamese"):
        raise ValueError(f"game: 'partnership' or 'vietnamese' (or None), not {excerpt(game)}")
    if isinstance(themes, str):
        themes = (themes,)
    wanted = None if themes is None else set(themes)
    if wanted is not None and not wanted <= set(THEMES):
        raise ValueError(f"themes: some of {', '.join(THEMES)}, not {excerpt(sorted(map(str, wanted - set(THEMES))))}")
    if difficulty is not None:
        if (not isinstance(difficulty, (tuple, list)) or len(difficulty) != 2
                or not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in difficulty)):
            raise ValueError(f"difficulty: a (low, high) range from 0 to 1, not {excerpt(difficulty)}")
        difficulty = (float(difficulty[0]), float(difficulty[1]))
    return game, wanted, difficulty


def _fits(puzzle: Puzzle, game: str | None, themes: set[str] | None, difficulty: tuple[float, float] | None) -> bool:
    return ((game is None or puzzle.game == game) and (themes is None or bool(themes & set(puzzle.themes)))
            and (difficulty is None or difficulty[0] <= puzzle.difficulty <= difficulty[1]))


class _PuzzleReader(_Reader):
    """Reads a puzzle file in one pass (the analysis reader's checks of fields and judgements);
    the first fault raises :class:`PuzzleError` with the file, the place and what is wrong."""

    def fail(self, what: str, reason: Reason = Reason.BAD_PUZZLES) -> NoReturn:
        raise PuzzleError(reason, what, source=self.source, place=self.place)

    def json(self, path: Path) -> Any:
        """The file's JSON, unpacked when gzipped; refused unread when too large."""
        try:
            if path.stat().st_size > MAX_PUZZLE_BYTES:
                self.fail(f"larger than {MAX_PUZZLE_BYTES // 2**20} MB: not a puzzle file", Reason.UNREADABLE_FILE)
            with path.open("rb") as file:
                data = file.read(MAX_PUZZLE_BYTES + 1)
            if data[:2] == b"\x1f\x8b":
                with gzip.open(path, "rb") as file:
                    data = file.read(MAX_PUZZLE_BYTES + 1)
            if len(data) > MAX_PUZZLE_BYTES:
                self.fail(f"larger than {MAX_PUZZLE_BYTES // 2**20} MB unpacked: not a puzzle file",
                          Reason.UNREADABLE_FILE)
            text = data.decode("utf-8")
        except (OSError, ValueError, EOFError) as error:  # ValueError: not UTF-8, a NUL in the path; a broken gzip
            self.fail(f"cannot be read: {getattr(error, 'strerror', None) or error}", Reason.UNREADABLE_FILE)
        try:
            return json.loads(text)
        except (ValueError, RecursionError) as error:  # RecursionError: nested too deep
            self.fail(f"not valid JSON: {excerpt(str(error), 120)}", Reason.MALFORMED_JSON)

    def puzzle_set(self, data: Any) -> PuzzleSet:
        if not isinstance(data, Mapping):
            self.fail(f"a puzzle set is a JSON object, not {'null' if data is None else type(data).__name__}")
        if data.get("format") != FORMAT:
            self.fail(f"not a puzzle file: 'format' must be {FORMAT!r}, not {excerpt(data.get('format'))}")
        if type(data.get("version")) is not int or data["version"] != VERSION:
            self.fail(f"'version' must be {VERSION}, not {excerpt(data.get('version'))}")
        items = self.get(data, "puzzles", list, "a list")
        if len(items) > MAX_PUZZLES:
            self.fail(f"{len(items)} puzzles: at most {MAX_PUZZLES} are read")
        puzzles: list[Puzzle] = []
        seen: dict[str, int] = {}
        for number, item in enumerate(items):
            self.place = f"puzzle {number}"
            puzzle = self.puzzle(item)
            if puzzle.id in seen:
                self.fail(f"the id {puzzle.id!r} is also puzzle {seen[puzzle.id]}'s")
            seen[puzzle.id] = number
            puzzles.append(puzzle)
        return PuzzleSet(puzzles, source=self.source)

    def puzzle(self, data: Any) -> Puzzle:
        self.of(data, "a puzzle", Mapping, "a JSON object")
        unknown = sorted(str(k) for k in data if k not in _FIELDS)
        if unknown:
            self.fail(f"unknown field {excerpt(unknown[0], 24)} (a puzzle holds {', '.join(_FIELDS)})")
        record = self.get(data, "record", Mapping, "a game record (an object)")
        view = self.position(record, self.get(data, "seat", str, "a seat"))
        id = self.get(data, "id", str, "the position's id")
        if id != puzzle_id(view):
            self.fail(f"'id' is {excerpt(id)}, but the position's is {puzzle_id(view)!r}")
        themes = tuple(self.get(data, "themes", list, "a list of themes"))
        for theme in themes:
            if theme not in THEMES or themes.count(theme) > 1:
                self.fail(f"{excerpt(theme)} is {'named twice' if theme in THEMES else 'not a theme'} in 'themes' "
                          f"(the themes are {', '.join(THEMES)})")
        difficulty = self.chance(self.get(data, "difficulty"), "'difficulty'")
        moves = self.judged(self.get(data, "moves", list, "a list"), view)
        answers = self.answers(self.get(data, "answers", list, "a list of moves"), moves)
        return Puzzle(id, dict(record), view.seat or "", answers, themes, difficulty, moves)

    def position(self, record: Mapping[str, Any], seat: str) -> SeatView:
        """The decision the record stops at, as ``seat`` sees it: the record must replay, its
        last hand be unfinished and ``seat`` be the one to move."""
        try:
            replayed = read_record(record, need_hands=True)
        except RecordError as error:
            self.fail(f"'record' cannot be replayed: {error.problems[0]}")
        hand = replayed.match.hands[-1]
        if hand.is_over:
            self.fail("the last hand of 'record' has ended: a puzzle's record stops at the decision")
        if hand.turn != seat:
            self.fail(f"'seat' is {excerpt(seat)}, but {hand.turn} is to move when the record stops")
        return seat_view(hand, seat, replayed.match.state)

    def judged(self, rows: list[Any], view: SeatView) -> tuple[Judgement, ...]:
        """The judgements of ``rows``: every legal move once, each with its mirrors, best first."""
        seat = str(view.seat)
        if not rows:
            self.fail("'moves' is empty")
        moves = tuple(self.judgement(row, f"move {n} of 'moves'", seat) for n, row in enumerate(rows))
        groups = sorted(sorted(map(str, group)) for group in group_moves(view.legal_moves, view.ends))
        if sorted(sorted(j.moves) for j in moves) != groups:
            self.fail(f"'moves' must judge each legal move once, with its mirrors: "
                      f"{excerpt(' / '.join(', '.join(g) for g in groups), 200)}")
        if moves[0].gap_low or moves[0].gap_high or any(a.share < b.share - 1e-6 for a, b in zip(moves, moves[1:])):
            self.fail("'moves' must be best first: the best with no gap, then by win share")
        return moves

    def answers(self, answers: list[Any], moves: tuple[Judgement, ...]) -> tuple[str, ...]:
        """The answers: whole groups of mirrored moves, the best among them, and not every move."""
        if not all(isinstance(a, str) for a in answers):  # checked first: a list or an object cannot go in a set
            self.fail(f"'answers' must be moves written as text, not {excerpt(answers)}")
        given = set(answers)
        if len(given) != len(answers):
            self.fail(f"'answers' must be moves, each once, not {excerpt(answers)}")
        chosen = [j for j in moves if given & set(j.moves)]
        if not chosen or chosen[0] is not moves[0] or {m for j in chosen for m in j.moves} != given:
            self.fail(f"'answers' must be the best of 'moves' with their mirrors, not {excerpt(answers)}")
        if len(chosen) == len(moves):
            self.fail("every legal move is an answer: that is no puzzle")
        return tuple(answers)


_FIELDS = ("id", "seat", "answers", "themes", "difficulty", "moves", "record")
