"""A remembered learner: a rating, the puzzles and mistakes that come back, the progress so far.

``Learner(path=None)`` keeps one learner's history in one file (:mod:`.learner_file`: by
default in the user's data folder, in the JupyterLite site in the browser's storage).

* **Ratings** (:mod:`.glicko`): the learner and each puzzle have a Glicko-2 rating; a
  puzzle's first try is a game between them. Only the first try at a puzzle counts; solved
  at once scores 1, solved after the first hint (what to look at) :data:`HINTED`, anything
  else 0 (a wrong move first, or the move shown). Tries at one's own mistakes do not rate.
* **Reviews** on an FSRS schedule (the ``fsrs`` package): a puzzle not solved cleanly, and
  each of the learner's own judged mistakes (:meth:`Learner.add_mistakes`, from a ``Table``
  match or a ``Replay`` with analysis, by the person's seat), come back when due;
  :meth:`Learner.due` lists what is due now, and every later try reschedules it.
* **Critical moments**: the learner's analysed decisions where one move was clearly best or
  the moves were about equal (the judge knows which), for the Puzzles widget's "Critical
  moment?" mode.
* **Streaks**: the best run of the Streak mode.

>>> import tempfile, pathlib
>>> learner = Learner(pathlib.Path(tempfile.mkdtemp()) / "me.json")
>>> puzzle = PuzzleSet.builtin()[0]
>>> entry = learner.record_try(puzzle, right=False)
>>> learner.rating.rating < 1500, [review.puzzle.id for review in learner.reviews()] == [puzzle.id]
(True, True)
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import TYPE_CHECKING, Any, Mapping

from ..engine.errors import excerpt
from .glicko import Glicko, rate
from .learner_file import LearnerFile, default_path, empty
from .puzzles import Puzzle, PuzzleSet, decision_record, puzzle_id

if TYPE_CHECKING:
    from .analysis import Analysis

__all__ = ["Learner", "Review", "Moment", "HINTED", "puzzle_start_rating", "game_played"]

HINTED = 0.5
"""The score of a first try solved after the first hint (a clean solve scores 1)."""
MARKED = ("inaccuracy", "mistake", "blunder")
"""The verdicts that make a decision one of the learner's mistakes."""
MAX_TRIES_KEPT = 20_000
"""The file keeps the newest this many tries (the ratings and reviews keep everything)."""


def puzzle_start_rating(puzzle: Puzzle) -> Glicko:
    """A puzzle's rating before anyone tried it: from its difficulty (0: 1000, 1: 2000)."""
    return Glicko(1000 + 1000 * float(puzzle.difficulty), 250.0, 0.06)


def game_played(puzzle: Puzzle) -> str:
    """The puzzle's game as the Puzzles filter names it: ``six_love``, ``straight_six``, ``vietnamese2`` … 4."""
    rules = puzzle.rules
    return f"vietnamese{rules.players}" if rules.game == "vietnamese" else str(rules.scoring)


def _now() -> datetime:
    return datetime.now(timezone.utc)


def _when(value: datetime | None) -> datetime:
    when = value or _now()
    if when.tzinfo is None:
        raise ValueError(f"at: a datetime with its time zone (datetime.now(timezone.utc)), not {excerpt(when)}")
    return when.astimezone(timezone.utc)


@dataclass(frozen=True)
class Review:
    """Something to try again: a ``puzzle`` missed (``kind="puzzle"``) or one of the learner's
    own mistakes (``kind="mistake"``, the position where it was made), due at ``due``."""

    key: str
    kind: str
    puzzle: Puzzle
    due: datetime
    reps: int


@dataclass(frozen=True)
class Moment:
    """A decision from a real game of the learner's: ``clear`` when one move was clearly best
    (``puzzle.answers`` are it and its mirrors), else the moves were about equal (every move answers)."""

    puzzle: Puzzle
    clear: bool


def _scheduler() -> Any:
    from fsrs import Scheduler

    return Scheduler(enable_fuzzing=False)


class Learner:
    """One learner's history in one file: ``Learner()`` (the default place) or ``Learner(path)``."""

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        if path is not None and not isinstance(path, (str, os.PathLike)):
            raise TypeError(f"Learner(path): a file's path or None, not {excerpt(path)}")
        self._file = LearnerFile(default_path() if path is None else path, _check)
        self._puzzles: dict[str, Puzzle] = {}
        self._data = self._file.read()  # a damaged file fails here, before anything is written

    def __repr__(self) -> str:
        return f"<Learner {self.rating} ({len(self._data['tries'])} tries, {len(self.due())} due) at {self.path}>"

    @property
    def path(self) -> Any:
        return self._file.path

    def reload(self) -> None:
        """Read the file again (another kernel may have written to it)."""
        self._data = self._file.read()

    # -- what the learner knows -------------------------------------------------------------
    @property
    def rating(self) -> Glicko:
        """The learner's Glicko-2 rating (``.rating``, ``.deviation``, ``.volatility``)."""
        row = self._data["rating"]
        return Glicko() if row is None else Glicko.from_json(row)

    def puzzle_rating(self, puzzle: Puzzle) -> Glicko:
        """``puzzle``'s rating as this learner's tries left it."""
        row = self._data["puzzles"].get(puzzle.id)
        return puzzle_start_rating(puzzle) if row is None else Glicko.from_json(row)

    @property
    def history(self) -> list[tuple[datetime, float, float]]:
        """The rating after each rated try: ``(when, rating, deviation)``, oldest first."""
        return [(datetime.fromisoformat(at), r, rd) for at, r, rd in self._data["history"]]

    @property
    def tries(self) -> list[dict[str, Any]]:
        """Every try kept: ``at``, ``puzzle`` (its id), ``game``, ``themes``, ``score``, ``rated``, ``mode``."""
        return [dict(t) for t in self._data["tries"]]

    @property
    def best_streak(self) -> int:
        return int(self._data["streak"]["best"])

    @property
    def runs(self) -> int:
        """How many Streak runs were finished."""
        return int(self._data["streak"]["runs"])

    def tried(self, puzzle: Puzzle) -> bool:
        """Whether ``puzzle`` had its (rated) first try already."""
        return puzzle.id in self._data["puzzles"]

    def accuracy(self, by: str = "theme") -> dict[str, tuple[int, int]]:
        """First tries solved cleanly, and first tries, by ``theme`` or by ``game``."""
        if by not in ("theme", "game"):
            raise ValueError(f"by: 'theme' or 'game', not {excerpt(by)}")
        found: dict[str, list[int]] = {}
        for entry in self._data["tries"]:
            if not entry["rated"]:
                continue
            for key in (entry["themes"] if by == "theme" else [entry["game"]]):
                counts = found.setdefault(key, [0, 0])
                counts[0] += entry["score"] == 1
                counts[1] += 1
        return {key: (right, total) for key, (right, total) in sorted(found.items())}

    def due(self, now: datetime | None = None) -> list[Review]:
        """What is due for review at ``now`` (default: now), the longest overdue first."""
        when = _when(now)
        found = [review for review in self.reviews() if review.due <= when]
        return sorted(found, key=lambda r: r.due)

    def reviews(self) -> list[Review]:
        """Every puzzle and mistake on the schedule, due or not."""
        return [Review(key, item["kind"], self._review_puzzle(key, item["puzzle"]),
                       datetime.fromisoformat(item["card"]["due"]), int(item["reps"]))
                for key, item in self._data["reviews"].items()]

    def _review_puzzle(self, key: str, data: Mapping[str, Any]) -> Puzzle:
        """The puzzle a review keeps, checked once (a key's puzzle never changes)."""
        from ..engine.errors import PuzzleError

        if key not in self._puzzles:
            try:
                self._puzzles[key] = _puzzle(data, self.path, key)
            except PuzzleError as error:
                self._file.fail(error.what, place=f"review {key}")
        return self._puzzles[key]

    def moments(self) -> list[Moment]:
        """The critical moments kept from the learner's analysed games."""
        return [Moment(_puzzle(item["puzzle"], self.path, key, check=False), bool(item["clear"]))
                for key, item in self._data["moments"].items()]

    # -- what changes it ----------------------------------------------------------------------
    def record_try(self, puzzle: Puzzle, *, right: bool, hints: int = 0, tried_wrong: bool = False,
                   mode: str = "puzzles", at: datetime | None = None) -> dict[str, Any]:
        """Keep a try at ``puzzle``: ``right`` when it was solved, ``hints`` shown before (0, 1 or 2:
        the move itself), ``tried_wrong`` when a wrong move came first. The first try rates the
        learner and the puzzle; a try that was not clean puts it on the review schedule, and any
        try at a puzzle already on it reschedules it. The try as kept."""
        if not isinstance(puzzle, Puzzle):
            raise TypeError(f"record_try: a Puzzle, not {excerpt(puzzle)}")
        if hints not in (0, 1, 2) or not isinstance(right, bool) or not isinstance(tried_wrong, bool):
            raise ValueError(f"record_try: right and tried_wrong are True or False, hints 0, 1 or 2 "
                             f"(not {excerpt(right)}, {excerpt(tried_wrong)}, {excerpt(hints)})")
        when = _when(at)
        score = 0.0 if (not right or tried_wrong or hints >= 2) else (HINTED if hints else 1.0)

        def edit(data: dict[str, Any]) -> dict[str, Any]:
            # a first try rates; one's own mistakes do not (their difficulty is a guess from the loss)
            rated = puzzle.id not in data["puzzles"] and f"mistake:{puzzle.id}" not in data["reviews"]
            if rated:
                player = Glicko() if data["rating"] is None else Glicko.from_json(data["rating"])
                opponent = puzzle_start_rating(puzzle)
                data["rating"] = rate(player, [(opponent, score)]).as_json()
                data["puzzles"][puzzle.id] = rate(opponent, [(player, 1 - score)]).as_json()
                data["history"].append([when.isoformat(), *data["rating"][:2]])
            entry = {"at": when.isoformat(), "puzzle": puzzle.id, "game": game_played(puzzle), "themes": list(puzzle.themes),
                     "score": score, "rated": rated, "mode": str(mode)}
            data["tries"] = [*data["tries"], entry][-MAX_TRIES_KEPT:]
            _review(data, puzzle, score, when)
            return entry

        self._data, entry = self._file.change(edit)
        return dict(entry)

    def record_streak(self, length: int) -> int:
        """Keep a finished Streak run of ``length`` puzzles; the best streak."""
        if not isinstance(length, int) or isinstance(length, bool) or length < 0:
            raise ValueError(f"record_streak: a count of puzzles, not {excerpt(length)}")

        def edit(data: dict[str, Any]) -> None:
            data["streak"] = {"best": max(int(data["streak"]["best"]), length), "runs": int(data["streak"]["runs"]) + 1}

        self._data, _ = self._file.change(edit)
        return self.best_streak

    def add_mistakes(self, source: Any, seat: str | None = None, *, analysis: Any = None,
                     at: datetime | None = None) -> int:
        """Put the mistakes ``seat`` made in ``source`` on the review schedule, and keep its critical
        moments: ``source`` is a ``Replay`` with its analysis (``seat`` default: the seat it
        learns for, else the one at the bottom), a finished ``Table`` match (``seat`` default: the
        person at the screen; analysed now unless ``analysis`` is given) or a record (a dict or a
        path) with its ``analysis``. How many mistakes are new on the schedule."""
        replayed, analysis, seat = _game_of(source, seat, analysis)
        if analysis is None:
            raise ValueError("add_mistakes: the game has no analysis yet (Replay(record, analysis=True), "
                             "or pass analysis=)")
        if seat not in replayed.match.rules.seats:
            raise ValueError(f"add_mistakes: seat {excerpt(seat)} is not one of {', '.join(replayed.match.rules.seats)}")
        analysis.check_record(replayed.match)
        mistakes, moments = _from_analysis(replayed.match, analysis, seat)
        when = _when(at)

        def edit(data: dict[str, Any]) -> int:
            added = 0
            for puzzle in mistakes:
                key = f"mistake:{puzzle.id}"
                if key not in data["reviews"]:
                    data["reviews"][key] = _new_review("mistake", puzzle, when)
                    added += 1
            for moment in moments:
                data["moments"].setdefault(moment.puzzle.id, {"clear": moment.clear, "puzzle": moment.puzzle.as_json()})
            return added

        self._data, added = self._file.change(edit)
        return int(added)

    def dashboard(self, lang: str = "en") -> Any:
        """A widget that draws the rating over time, accuracy by theme and by game, what is due
        and the best streak (``lang`` "en" or "vi")."""
        from ..widgets.dashboard import Dashboard

        return Dashboard(self, lang=lang)

    def _repr_html_(self) -> str:
        from ..words.dashboard import dashboard_html, dashboard_view

        return dashboard_html(dashboard_view(self))


# -- reviews (FSRS) -----------------------------------------------------------------------------
def _new_review(kind: str, puzzle: Puzzle, when: datetime) -> dict[str, Any]:
    from fsrs import Card

    card = Card(due=when)
    return {"kind": kind, "puzzle": puzzle.as_json(), "card": card.to_dict(), "reps": 0}


def _review(data: dict[str, Any], puzzle: Puzzle, score: float, when: datetime) -> None:
    """Reschedule ``puzzle`` (a missed puzzle or a mistake) after a try scoring ``score``; a
    puzzle not solved cleanly and not on the schedule yet goes on it."""
    from fsrs import Card, Rating

    key = next((k for k in (f"mistake:{puzzle.id}", f"puzzle:{puzzle.id}") if k in data["reviews"]), None)
    if key is None:
        if score == 1:
            return
        key = f"puzzle:{puzzle.id}"
        data["reviews"][key] = _new_review("puzzle", puzzle, when)
    item = data["reviews"][key]
    grade = Rating.Good if score == 1 else Rating.Hard if score > 0 else Rating.Again
    card, _log = _scheduler().review_card(Card.from_dict(item["card"]), grade, when)
    item["card"] = card.to_dict()
    item["reps"] = int(item["reps"]) + 1


# -- reading what the file keeps ------------------------------------------------------------------
def _puzzle(data: Mapping[str, Any], path: Any, key: str, check: bool = True) -> Puzzle:
    from .puzzles import _PuzzleReader

    if check:
        reader = _PuzzleReader(str(path))
        reader.place = f"review {key}"
        return reader.puzzle(data)
    from .judge import Judgement

    moves = tuple(Judgement(m, w, t, lo, hi, se, n, tuple(mi), gl, gh) for m, w, t, lo, hi, se, n, gl, gh, mi
                  in data["moves"])
    return Puzzle(data["id"], data["record"], data["seat"], tuple(data["answers"]), tuple(data["themes"]),
                  data["difficulty"], moves)


def _check(data: dict[str, Any], file: LearnerFile) -> None:
    """Every field of a learner file in range (the puzzles in it are checked when read)."""
    fields = empty()
    unknown = sorted(str(k) for k in data if k not in fields)
    if unknown:
        file.fail(f"unknown field {excerpt(unknown[0], 24)} (a learner file holds {', '.join(fields)})")
    for name, value in fields.items():
        if name not in data:
            file.fail(f"the field {name!r} is missing")
        if name == "rating":
            if data[name] is not None:
                _checked(lambda: Glicko.from_json(data[name]), file, "'rating'")
            continue
        if type(data[name]) is not type(value):
            file.fail(f"{name!r} must be a JSON {'object' if isinstance(value, dict) else 'list'}, not {excerpt(data[name])}")
    for key, row in data["puzzles"].items():
        _checked(lambda: Glicko.from_json(row), file, f"puzzle {key}'s rating")
    for n, row in enumerate(data["history"]):
        _checked(lambda: (datetime.fromisoformat(row[0]), Glicko.from_json([row[1], row[2], 0.06]))
                 if isinstance(row, list) and len(row) == 3 else _raise(), file, f"history {n}")
    for n, entry in enumerate(data["tries"]):
        if (not isinstance(entry, dict) or not isinstance(entry.get("puzzle"), str)
                or not isinstance(entry.get("themes"), list) or not isinstance(entry.get("game"), str)
                or entry.get("score") not in (0, HINTED, 1) or not isinstance(entry.get("rated"), bool)):
            file.fail("a try is {at, puzzle, game, themes, score (0, 0.5 or 1), rated, mode}", place=f"try {n}")
    for key, item in data["reviews"].items():
        if (not isinstance(item, dict) or item.get("kind") not in ("puzzle", "mistake")
                or not isinstance(item.get("card"), dict) or not isinstance(item.get("puzzle"), dict)
                or type(item.get("reps")) is not int):
            file.fail("a review is {kind, puzzle, card, reps}", place=f"review {key}")
        _checked(lambda: datetime.fromisoformat(item["card"]["due"]), file, f"review {key}'s due time")
    for key, item in data["moments"].items():
        if not isinstance(item, dict) or not isinstance(item.get("clear"), bool) or not isinstance(item.get("puzzle"), dict):
            file.fail("a critical moment is {clear, puzzle}", place=f"moment {key}")
    streak = data["streak"]
    if not all(type(streak.get(k)) is int and streak[k] >= 0 for k in ("best", "runs")):
        file.fail("'streak' is {best, runs}, two counts")


def _raise() -> Any:
    raise ValueError("not [time, rating, deviation]")


def _checked(read: Any, file: LearnerFile, place: str) -> None:
    try:
        read()
    except (ValueError, TypeError, KeyError) as error:
        file.fail(f"{error}", place=place)


# -- the learner's own games ---------------------------------------------------------------------
def _game_of(source: Any, seat: str | None, analysis: Any) -> tuple[Any, "Analysis | None", str]:
    """The replayed match, its analysis and the seat of the person whose mistakes they are."""
    from ..engine.record import Replayed, read_record
    from .analysis import Analysis, analyse

    if hasattr(source, "session") and hasattr(source.session, "analysis"):  # a Replay
        replayed = source.replayed
        if replayed is None:
            raise ValueError("add_mistakes: the Replay's record has problems and cannot be replayed")
        found = analysis if analysis is not None else source.session.analysis
        seat = seat or getattr(source, "_learn", None) or source.session.bottom
        return replayed, Analysis.load(found) if isinstance(found, (str, os.PathLike, Mapping)) else found, str(seat)
    if hasattr(source, "record") and hasattr(source, "session") and hasattr(source.session, "screen"):  # a Table
        replayed = read_record(source.record)
        seat = seat or source.session.screen.seat or replayed.match.rules.seats[0]
        if analysis is None:
            analysis = analyse(replayed, progress=False)
        return replayed, Analysis.load(analysis) if isinstance(analysis, (str, os.PathLike, Mapping)) else analysis, str(seat)
    replayed = source if isinstance(source, Replayed) else read_record(source)
    if seat is None:
        raise ValueError("add_mistakes: with a record, say whose mistakes: seat=")
    if isinstance(analysis, (str, os.PathLike, Mapping)):
        analysis = Analysis.load(analysis)
    return replayed, analysis, seat


def _from_analysis(match: Any, analysis: "Analysis", seat: str) -> tuple[list[Puzzle], list[Moment]]:
    """``seat``'s marked decisions as puzzles (the answers: the moves not clearly behind the
    best), and its critical moments (one move clearly best, or every move about equal)."""
    from ..engine.hand import Hand
    from ..engine.views import seat_view
    from .judge import Judged
    from .mining import themes_of

    mistakes: list[Puzzle] = []
    moments: list[Moment] = []
    for decision in analysis.decisions:
        if decision.seat != seat:
            continue
        source = match.hands[decision.hand]
        start = match.state_before(decision.hand)
        hand = Hand(source.rules, source.deal, source.initial_boneyard, source.leader, lead_tile=source.lead_tile,
                    leaders=source.leaders, _trusted=True)
        for move in source.moves[:decision.ply]:
            hand.push_unchecked(move)
        view = seat_view(hand, seat, start)
        judged = Judged(decision.judgements, 0, False)
        best = judged.best_moves
        answers = tuple(m for j in best for m in j.moves)
        record = decision_record(source, decision.ply, start)
        themes = themes_of(hand, view, answers) if len(best) < len(decision.judgements) else ()
        puzzle = Puzzle(puzzle_id(view), record, seat, answers, themes, _difficulty(decision.loss),
                        decision.judgements)
        if decision.verdict.value in MARKED and len(best) < len(decision.judgements):
            mistakes.append(puzzle)
        if judged.clear_best is not None:
            moments.append(Moment(puzzle, True))
        elif len(best) == len(decision.judgements) and judged.equal_best:
            moments.append(Moment(puzzle, False))
    return mistakes, moments


def _difficulty(loss: float) -> float:
    """A mistake's difficulty: the more it gave away, the plainer it should have been."""
    return round(max(0.1, min(0.9, 0.9 - loss / 50)), 4)
