"""What should have been played: every decision of a recorded match, judged by the strong bot.

``analyse(record)`` looks at every move where the mover had a real choice (two or more
distinct legal moves), from the mover's seat view only (never the hidden tiles), and asks
the strong bot for each legal move's chance that the mover's side wins the hand (the
team in the partnership game, the player in the Vietnamese game), with its uncertainty.
Each decision gets the move played, the best move, how much the played move gave away
and a verdict:

====================  =============================================================
verdict               the move played gave away, in points of win share
====================  =============================================================
``good``              less than 5 (or no more than the estimates' own noise)
``inaccuracy``        5 to 10
``mistake``           10 to 20
``blunder``           20 or more
====================  =============================================================

*Win share* is the chance of winning plus half the chance of a tie, in percent; a
difference counts only when it is larger than its standard error (the two estimates come
from the same sampled deals, so their difference is steadier than either). The decisions
run on local processes (or any ``concurrent.futures`` executor, a Dask cluster's
included) and each is seeded from ``(seed, hand, move)`` alone, so the same seed gives
the same analysis on any number of workers.

>>> from dominoes_widget import analyse
>>> found = analyse("tests/data/records/six_love_match.json", hands=[0], rollouts=60, workers=1,
...                 progress=False)
>>> found.decisions[0].verdict.value in ("good", "inaccuracy", "mistake", "blunder")
True
"""

from __future__ import annotations

import concurrent.futures as cf
import enum
import json
import math
import os
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Generator, Iterable, Mapping, NoReturn, Sequence

from ..words.catalog import Voice
from ..engine.errors import AnalysisError, DominoesError, MoveSyntaxError, Reason, excerpt
from ..words.explanations import move_label, numbers_lacked
from ..engine.hand import Hand, team_of
from .jobs import run_jobs, run_jobs_async
from .judge import (EQUAL, THRESHOLDS, Z, Judged, Judgement, Question, Rounds, Verdict, _check_judge,
                    distinct_choices, finish_rounds, judge, judge_position, judging, mark_of, verdict_for)
from ..engine.match import Match
from ..engine.move import PLAY, Move
from ..engine.record import Replayed, read_record, write_record
from ..engine.rules import Rules
from ..engine.views import SeatView, seat_view

__all__ = ["analyse", "analyse_async", "plan_analysis", "Analysis", "Decision", "Judgement", "Judged", "Verdict",
           "Question", "THRESHOLDS", "judge",
           "judge_position", "coach_words", "distinct_choices"]

FORMAT = "dominoes-analysis"
VERSION = 2
"""Version 2 keeps each move's gap interval; version 1 files are read with one made from the errors."""


@dataclass(frozen=True)
class Decision:
    """One analysed decision: the position (hand, ply), who moved, and how the move compares."""

    hand: int
    ply: int
    seat: str
    side: str
    played: str
    judgements: tuple[Judgement, ...]

    @property
    def best(self) -> Judgement:
        return self.judgements[0]

    @property
    def played_judgement(self) -> Judgement:
        return next(j for j in self.judgements if self.played in j.moves)

    @property
    def loss(self) -> float:
        """Points of win share the played move gave away against the best (0 when it was the best)."""
        return max(0.0, self.best.share - self.played_judgement.share)

    @property
    def verdict(self) -> Verdict:
        """Good for the best move; else the band its gap's interval lies in, or
        :attr:`~Verdict.UNCLEAR` when it straddles one's edge (see :mod:`~dominoes_widget.studies.judge`)."""
        return mark_of(self.played_judgement, self.best)

    @property
    def clear_best(self) -> Judgement | None:
        """The best move when every other move is clearly behind it, else ``None`` (too close to call)."""
        return Judged(self.judgements, 0, False).clear_best

    def as_row(self) -> dict[str, Any]:
        played = self.played_judgement
        return {"hand": self.hand, "move": self.ply, "seat": self.seat, "side": self.side, "played": self.played,
                "best": self.best.move, "win": round(played.win, 4), "best_win": round(self.best.win, 4),
                "loss": round(self.loss, 2), "verdict": self.verdict.value, "choices": len(self.judgements)}

    def as_json(self) -> dict[str, Any]:
        return {"hand": self.hand, "ply": self.ply, "seat": self.seat, "side": self.side, "played": self.played,
                "moves": [[j.move, round(j.win, 6), round(j.tie, 6), round(j.low, 6), round(j.high, 6),
                           round(j.stderr, 6), j.samples, round(j.gap_low, 3), round(j.gap_high, 3), list(j.mirrors)]
                          for j in self.judgements]}


@dataclass
class Analysis:
    """The decisions of a match, judged; rows for a table, summaries, and ways to keep them."""

    rules: Rules
    decisions: list[Decision]
    settings: dict[str, Any] = field(default_factory=dict)
    interrupted: bool = False
    source: str = field(default="the analysis", compare=False, repr=False)
    """What errors call it: the file it was loaded from, else ``"the analysis"``."""

    def __len__(self) -> int:
        return len(self.decisions)

    def __iter__(self) -> Any:
        return iter(self.decisions)

    @property
    def rows(self) -> list[dict[str, Any]]:
        """One row per decision: hand, move, seat, played, best, win chances, loss, verdict."""
        return [decision.as_row() for decision in self.decisions]

    def to_pandas(self) -> Any:
        """The rows as a pandas DataFrame (pandas must be installed)."""
        import pandas as pd

        return pd.DataFrame(self.rows)

    def mistakes(self, at_least: Verdict = Verdict.INACCURACY) -> list[Decision]:
        """The decisions judged ``at_least`` this bad (never one too close to call)."""
        order = [Verdict.GOOD, Verdict.INACCURACY, Verdict.MISTAKE, Verdict.BLUNDER]
        return [d for d in self.decisions if d.verdict in order and order.index(d.verdict) >= order.index(at_least)]

    def summary(self) -> list[dict[str, Any]]:
        """Per seat: decisions, inaccuracies, mistakes, blunders and the average loss."""
        rows = []
        for seat in self.rules.seats:
            mine = [d for d in self.decisions if d.seat == seat]
            counts = {v.value: sum(d.verdict is v for d in mine) for v in Verdict}
            rows.append({"seat": seat, "decisions": len(mine), **counts,
                         "average_loss": round(sum(d.loss for d in mine) / len(mine), 2) if mine else 0.0})
        return rows

    def summary_lines(self, lang: str = "en") -> list[str]:
        """:meth:`summary` in words, a line per seat ("N: 3 decisions, 0 inaccuracies, 0 mistakes,
        1 blunder, average loss 26.29 points"), each count with its plural from the catalog."""
        words = Voice(lang).words
        return [words("analysis.summary", seat=row["seat"], decisions=words("count.decision", n=row["decisions"]),
                      inaccuracies=words("count.inaccuracy", n=row["inaccuracy"]),
                      mistakes=words("count.mistake", n=row["mistake"]),
                      blunders=words("count.blunder", n=row["blunder"]),
                      loss=words("count.point", n=row["average_loss"]))
                for row in self.summary()]

    @property
    def hands(self) -> list[int]:
        """The hands analysed (0-based)."""
        return list(self.settings.get("hands", sorted({d.hand for d in self.decisions})))

    def decision_at(self, hand: int, ply: int) -> Decision | None:
        """The decision made by move ``ply`` of hand ``hand``, if it was one."""
        for decision in self.decisions:
            if (decision.hand, decision.ply) == (hand, ply):
                return decision
        return None

    def comments(self, voice: Voice | None = None) -> dict[str, str]:
        """Words for every decision that was not good, keyed like a record's comments (``"hand:move"``)."""
        voice = voice or Voice()
        notes = {}
        for d in self.mistakes():
            notes[f"{d.hand}:{d.ply}"] = voice(f"analysis.{d.verdict.value}", played=move_label(d.played, voice),
                                               best=move_label(d.best.move, voice), loss=round(d.loss),
                                               win=round(d.played_judgement.win * 100),
                                               best_win=round(d.best.win * 100))
        return notes

    def as_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "game": self.rules.game, "rules": self.rules.settings(),
                "players": self.rules.players, "settings": self.settings,
                "decisions": [d.as_json() for d in self.decisions]}

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the analysis as a side file (JSON) that ``Replay(record, analysis=path)`` reads."""
        path = Path(path)
        path.write_text(json.dumps(self.as_json(), separators=(",", ":")), encoding="utf-8")
        return path

    @classmethod
    def load(cls, source: str | os.PathLike[str] | Mapping[str, Any]) -> "Analysis":
        """An analysis saved by :meth:`save` (a path or its JSON as a dict).

        Every field is checked: anything wrong raises :class:`~dominoes_widget.engine.errors.AnalysisError`
        naming the file, the place (``decision 3``) and what is wrong.
        """
        if isinstance(source, Mapping):
            return _Reader("the analysis").analysis(source)
        if not isinstance(source, (str, os.PathLike)):
            raise TypeError(f"Analysis.load() takes a path or a dict, not {type(source).__name__}")
        reader = _Reader(str(os.fspath(source)))
        try:
            text = Path(source).read_text(encoding="utf-8")
        except (OSError, ValueError) as error:  # ValueError: not UTF-8, or a NUL in the path
            reader.fail(f"cannot be read: {getattr(error, 'strerror', None) or error}", Reason.UNREADABLE_FILE)
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as error:  # RecursionError: nested too deep
            reader.fail(f"not valid JSON: {error}", Reason.MALFORMED_JSON)
        return reader.analysis(data)

    def check_record(self, match: Match) -> None:
        """Raise :class:`~dominoes_widget.engine.errors.AnalysisError` unless this is an analysis of
        ``match``: the same rules, and every decision a move of it, played as recorded."""
        def other(what: str, place: str | None = None) -> NoReturn:
            raise AnalysisError(Reason.OTHER_RECORD, f"the analysis is of another record: {what}", source=self.source,
                                place=place)

        if self.rules != match.rules:
            other(f"its rules are {self.rules.name}'s, the record's {match.rules.name}'s")
        for number, decision in enumerate(self.decisions):
            hand, ply = decision.hand, decision.ply
            if not 0 <= hand < len(match.hands):
                other(f"the record has no hand {hand} (hands {_span(len(match.hands))})", f"decision {number}")
            moves = match.hands[hand].moves
            if not 0 <= ply < len(moves):
                other(f"hand {hand} has no move {ply} (moves {_span(len(moves))})", f"decision {number}")
            if str(moves[ply]) != decision.played:
                other(f"hand {hand}, move {ply} was {moves[ply]}, not {decision.played}", f"decision {number}")

    def to_html(self, lang: str = "en") -> str:
        """The analysis as an HTML block in ``lang``: per seat the decisions and how they were
        judged, then every mistake and blunder in words, where it was made and what was better."""
        from html import escape

        voice = Voice(lang)
        columns = ("seat", "decisions", "good", "inaccuracy", "mistake", "blunder", "unclear", "average_loss")
        head = "".join(f"<th>{escape(voice(f'analysis.column_{key}'))}</th>" for key in columns)
        body = "".join("<tr>" + "".join(f"<td>{escape(voice.name(row[key]) if key == 'seat' else str(row[key]))}</td>"
                                        for key in columns) + "</tr>" for row in self.summary())
        comments = self.comments(voice)
        marked = "".join("<li>" + escape(voice("analysis.at", hand=d.hand + 1, move=d.ply + 1, who=voice.name(d.seat),
                                               said=comments[f"{d.hand}:{d.ply}"])) + "</li>"
                         for d in self.mistakes(Verdict.MISTAKE))
        count = voice("count.decision", n=len(self.decisions))
        heading = voice("analysis.heading_interrupted" if self.interrupted else "analysis.heading", decisions=count)
        return (f"<div><strong>{escape(heading)}</strong>"
                f'<table style="border-collapse:collapse"><thead><tr>{head}</tr></thead><tbody>{body}</tbody>'
                f"</table>{'<ul>' + marked + '</ul>' if marked else ''}</div>")

    def _repr_html_(self) -> str:
        return self.to_html()


def _span(count: int) -> str:
    """The numbers from 0 of ``count`` things, in words: ``0 to 9``, or ``none``."""
    return f"0 to {count - 1}" if count else "none"


class _Reader:
    """Reads a saved analysis in one pass, checking every field against what
    :meth:`Analysis.as_json` writes; the first fault raises :class:`AnalysisError` with the
    file, the place (``decision 3``) and what is wrong."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.place: str | None = None
        self.version = VERSION

    def fail(self, what: str, reason: Reason = Reason.BAD_ANALYSIS) -> NoReturn:
        raise AnalysisError(reason, what, source=self.source, place=self.place)

    def get(self, data: Mapping[str, Any], key: str, kind: type | tuple[type, ...] | None = None,
            words: str = "") -> Any:
        """``data[key]``, which must be there and, given a ``kind``, be one (``words`` say what that is)."""
        if key not in data:
            self.fail(f"{key!r} is missing")
        return data[key] if kind is None else self.of(data[key], repr(key), kind, words)

    def of(self, value: Any, name: str, kind: type | tuple[type, ...], words: str) -> Any:
        """``value``, which must be a ``kind`` (true and false are no numbers here)."""
        if isinstance(value, bool) or not isinstance(value, kind):
            self.fail(f"{name} must be {words}, not {excerpt(value)}")
        return value

    def count(self, value: Any, name: str) -> int:
        """A whole number, 0 or more."""
        if self.of(value, name, int, "a whole number") < 0:
            self.fail(f"{name} must be 0 or more, not {value}")
        return int(value)

    def chance(self, value: Any, name: str) -> float:
        """A number from 0 to 1."""
        if not 0 <= self.of(value, name, (int, float), "a number") <= 1:  # NaN is refused too
            self.fail(f"{name} must be a chance from 0 to 1, not {excerpt(value)}")
        return float(value)

    def analysis(self, data: Any) -> Analysis:
        if not isinstance(data, Mapping):
            self.fail(f"an analysis is a JSON object, not {'null' if data is None else type(data).__name__}")
        if data.get("format") != FORMAT:
            self.fail(f"not an analysis file: 'format' must be {FORMAT!r}, not {excerpt(data.get('format'))}")
        if type(data.get("version")) is not int or data["version"] not in (1, VERSION):
            self.fail(f"'version' must be 1 or {VERSION}, not {excerpt(data.get('version'))}")
        self.version = data["version"]
        game, given = self.get(data, "game", str, "a game's name"), self.get(data, "rules", Mapping, "an object")
        players = data.get("players")
        if players is not None:
            self.of(players, "'players'", int, "a whole number")
        try:
            rules = Rules.from_settings(game, given, players=players)
        except DominoesError as error:  # an unknown game or setting, a value a setting does not take
            self.fail(f"its rules: {error}")
        settings = self.of(data.get("settings", {}), "'settings'", Mapping, "an object")
        for hand in self.of(settings.get("hands", []), "'hands' of 'settings'", list, "a list"):
            self.count(hand, "a hand of 'settings'")
        decisions: list[Decision] = []
        seen: dict[tuple[int, int], int] = {}
        for number, item in enumerate(self.get(data, "decisions", list, "a list")):
            self.place = f"decision {number}"
            decision = self.decision(item, rules)
            key = (decision.hand, decision.ply)
            if key in seen:
                self.fail(f"hand {key[0]}, move {key[1]} is judged twice (also in decision {seen[key]})")
            seen[key] = number
            decisions.append(decision)
        return Analysis(rules, decisions, dict(settings), source=self.source)

    def decision(self, data: Any, rules: Rules) -> Decision:
        self.of(data, "a decision", Mapping, "a JSON object")
        hand, ply = self.count(self.get(data, "hand"), "'hand'"), self.count(self.get(data, "ply"), "'ply'")
        seat = self.get(data, "seat")
        if seat not in rules.seats:
            self.fail(f"'seat' must be one of {', '.join(rules.seats)}, not {excerpt(seat)}")
        side = team_of(seat) if rules.is_partnership else seat
        if self.get(data, "side") != side:
            self.fail(f"'side' must be {side!r}, {seat}'s side, not {excerpt(data['side'])}")
        played = self.get(data, "played", str, "a move")
        rows = self.get(data, "moves", list, "a list")
        if not rows:
            self.fail("'moves' is empty")
        judgements = tuple(self.judgement(row, f"move {n} of 'moves'", seat) for n, row in enumerate(rows))
        if self.version == 1:
            judgements = _with_gaps(judgements)
        if not any(played in j.moves for j in judgements):
            self.fail(f"the move played, {excerpt(played)}, is not among its judged 'moves'")
        return Decision(hand, ply, seat, side, played, judgements)

    def judgement(self, row: Any, name: str, seat: str) -> Judgement:
        sizes, shape = ((7, 8), "[move, win, tie, low, high, stderr, samples] (and its mirrors)") if self.version == 1 \
            else ((10,), "[move, win, tie, low, high, stderr, samples, gap_low, gap_high, mirrors]")
        if not isinstance(row, list) or len(row) not in sizes:
            self.fail(f"{name} must be {shape}, not {excerpt(row)}")
        move, *numbers, samples = row[:7]
        mirrors = self.of(row[-1], f"the mirrors of {name}", list, "a list of moves") if len(row) in (8, 10) else []
        for written in (move, *mirrors):
            try:
                mover = Move.parse(written).seat
            except MoveSyntaxError as error:
                self.fail(f"{name}: {error}")
            if mover != seat:
                self.fail(f"{name}: {written} is {mover}'s move, not {seat}'s")
        win, tie, low, high, stderr = (self.chance(value, f"{label} of {name}") for value, label in
                                       zip(numbers, ("win", "tie", "low", "high", "stderr")))
        if win + tie > 1 + 1e-6:  # (the file rounds to 6 places)
            self.fail(f"{name}: win {win} and tie {tie} add up to more than 1")
        gaps = [] if self.version == 1 else [self.points(value, f"{label} of {name}")
                                             for value, label in zip(row[7:9], ("gap_low", "gap_high"))]
        if len(gaps) == 2 and gaps[0] > gaps[1]:
            self.fail(f"{name}: gap_low {gaps[0]} is above gap_high {gaps[1]}")
        return Judgement(move, win, tie, low, high, stderr, self.count(samples, f"samples of {name}"), tuple(mirrors),
                         *gaps)

    def points(self, value: Any, name: str) -> float:
        """A gap in points of win share: a number from -100 to 100."""
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not -100 <= value <= 100:
            self.fail(f"{name} must be a number of points from -100 to 100, not {excerpt(value)}")
        return float(value)


def _with_gaps(judgements: tuple[Judgement, ...]) -> tuple[Judgement, ...]:
    """Judgements of a version 1 file (which kept no gaps) with a gap's interval made from their
    standard errors as if unpaired: wider than the judge's own, so marks are not overstated."""
    best = judgements[0]
    return tuple(replace(j, gap_low=max(-100.0, best.share - j.share - half), gap_high=min(100.0, best.share - j.share + half))
                 if n else j for n, j in enumerate(judgements)
                 for half in [100 * Z * math.sqrt(best.stderr ** 2 + j.stderr ** 2)])


@dataclass(frozen=True)
class _Job:
    """One decision to judge, picklable for a worker: the hand's deal and the moves before it."""

    rules: Rules
    deal: dict[str, tuple[str, ...]]
    boneyard: tuple[str, ...]
    leader: str
    lead_tile: str | None
    leaders: tuple[str, ...]
    moves: tuple[str, ...]
    hand: int
    seed: int
    rollouts: int | None
    max_ms: float | None
    bot: str
    played: str
    question: Question = Question.MARK


def _judge(job: _Job) -> tuple[Judgement, ...]:
    return finish_rounds(_judging(job, None)).judgements


def _judging(job: _Job, step: int | None) -> Rounds:
    hand = Hand(job.rules, job.deal, job.boneyard, job.leader, lead_tile=job.lead_tile, leaders=job.leaders)
    for text in job.moves:
        hand.push(text)
    view = seat_view(hand, str(hand.turn))
    return judging(view, seed=job.seed, rollouts=job.rollouts, max_ms=job.max_ms, bot=job.bot, played=job.played,
                   question=job.question, step=step)


def analyse(source: Any, *, hands: Iterable[int] | None = None, seed: int = 0, rollouts: int | None = None,
            max_ms: float | None = None, workers: int | None = None, executor: cf.Executor | None = None,
            progress: bool = True, bot: str = "strong", question: Question = Question.MARK) -> Analysis:
    """Judge every decision of a recorded match (see the module's docstring).

    ``source``: a record (dict, JSON text, path), a :class:`Replayed`, a :class:`Match` or
    ``table.record``. ``hands``: only these hands (0-based). ``rollouts``/``max_ms``: the
    bot's budget per decision (default its analysis budget). ``workers``/``executor``: as
    for ``simulate`` (default every local core; ``workers=1`` runs here). ``question``: what
    the judge settles at each decision (:class:`~dominoes_widget.studies.stopping.Question`):
    by default the played move's mark and whether a move is clearly best; ``Question.ALL``
    places every move, as the study page shows them.
    """
    plan = _plan(source, hands, seed, rollouts, max_ms, bot, question)
    results, interrupted = run_jobs(_judge, plan.jobs, workers=workers, executor=executor, progress=progress,
                                    unit="decisions", desc="analyse")
    return plan.analysis(results, interrupted)


async def analyse_async(source: Any, *, hands: Iterable[int] | None = None, seed: int = 0, rollouts: int | None = None,
                        max_ms: float | None = None, workers: int | None = None, executor: cf.Executor | None = None,
                        bot: str = "strong", callback: Callable[[int, int], None] | None = None,
                        question: Question = Question.MARK) -> Analysis:
    """:func:`analyse` on the running asyncio loop (a notebook kernel's, or Pyodide's): the loop
    stays free while the decisions are judged; ``callback(done, total)`` as each is.

    The same decisions and figures as :func:`analyse` with the same options."""
    plan = _plan(source, hands, seed, rollouts, max_ms, bot, question)
    results = await run_jobs_async(_judge, plan.jobs, workers=workers, executor=executor, unit="decisions",
                                   callback=callback)
    return plan.analysis(results, False)


@dataclass(frozen=True)
class _Plan:
    """The jobs of an analysis, and where each decision is in the match."""

    match: Match
    jobs: list[_Job]
    places: list[tuple[int, int, str, str]]
    settings: dict[str, Any]

    def analysis(self, results: Mapping[int, tuple[Judgement, ...]], interrupted: bool,
                 hands: Sequence[int] | None = None) -> Analysis:
        """The analysis of the decisions judged (``results`` by job number); ``hands``: the
        hands it covers whole, when that is not every hand asked for (an analysis under way)."""
        decisions = []
        for number in sorted(results):
            index, ply, seat, played = self.places[number]
            side = team_of(seat) if self.match.rules.is_partnership else seat
            decisions.append(Decision(index, ply, seat, side, played, results[number]))
        settings = self.settings if hands is None else {**self.settings, "hands": sorted(hands)}
        return Analysis(self.match.rules, decisions, settings, interrupted)

    def judge(self, number: int) -> tuple[Judgement, ...]:
        """Decision ``number`` judged here (as a worker judges it)."""
        return _judge(self.jobs[number])

    def judging(self, number: int, step: int) -> Generator[None, None, tuple[Judgement, ...]]:
        """:meth:`judge` a step of ``step`` worlds at a time (the same judgements), for a loop
        that answers its events between steps (:func:`~dominoes_widget.studies.judge.judging`)."""
        judged = yield from _judging(self.jobs[number], step)
        return judged.judgements

    async def judge_async(self, found: Callable[[int, tuple[Judgement, ...]], None], *, workers: int | None = None,
                          executor: cf.Executor | None = None) -> None:
        """Every decision judged on the running loop, ``found(number, judgements)`` as each
        comes: on workers a decision at a time, in the record's order (so what comes first is
        the first hand), or here in the browser, handing the loop back between decisions."""
        await run_jobs_async(_judge, self.jobs, workers=workers, executor=executor, unit="decisions", chunk_size=1,
                             found=found)


def plan_analysis(source: Any, *, hands: Iterable[int] | None = None, seed: int = 0, rollouts: int | None = None,
                  max_ms: float | None = None, bot: str = "strong", question: Question = Question.MARK) -> _Plan:
    """The decisions :func:`analyse` would judge, with the same options (its ``question`` too),
    in the record's order (hand by hand), to be judged one at a time (``plan.judge(n)``, or
    ``plan.jobs`` on workers) and gathered with ``plan.analysis(results, ...)``: an analysis
    that fills in as it goes."""
    return _plan(source, hands, seed, rollouts, max_ms, bot, question)


def _plan(source: Any, hands: Iterable[int] | None, seed: int, rollouts: int | None, max_ms: float | None,
          bot: str, question: Question = Question.MARK) -> _Plan:
    """Every decision of the record (the hands asked for) with two or more distinct moves, as a job."""
    _check_judge(bot, seed, rollouts, max_ms)
    if not isinstance(question, Question):
        raise ValueError(f"question: one of {', '.join('Question.' + q.name for q in Question)}, not {excerpt(question)}")
    replayed = _replayed(source)
    match = replayed.match
    wanted = _wanted(hands, len(match.hands))
    jobs: list[_Job] = []
    places: list[tuple[int, int, str, str]] = []
    for index, hand in enumerate(match.hands):
        if index not in wanted:
            continue
        walk = Hand(hand.rules, hand.deal, hand.initial_boneyard, hand.leader, lead_tile=hand.lead_tile,
                    leaders=hand.leaders, _trusted=True)
        for ply, move in enumerate(hand.moves):
            view = seat_view(walk, move.seat)
            if distinct_choices(view) >= 2:
                jobs.append(_Job(match.rules, {s: tuple(str(t) for t in ts) for s, ts in hand.deal.items()},
                                 tuple(str(t) for t in hand.initial_boneyard), hand.leader,
                                 str(hand.lead_tile) if hand.lead_tile is not None else None, tuple(hand.leaders),
                                 tuple(str(m) for m in hand.moves[:ply]), index, seed, rollouts, max_ms, bot,
                                 str(move), question))
                places.append((index, ply, move.seat, str(move)))
            walk.push_unchecked(move)
    settings = {"seed": seed, "rollouts": rollouts, "max_ms": max_ms, "bot": bot, "hands": sorted(wanted),
                "question": question.value}
    return _Plan(match, jobs, places, settings)


def _wanted(hands: Any, count: int) -> set[int]:
    """The hands asked for (all when ``None``), each checked to be one of the record's ``count``."""
    if hands is None:
        return set(range(count))
    if isinstance(hands, (str, bytes, Mapping)) or not isinstance(hands, Iterable):
        raise ValueError(f"hands: a list of hand numbers from 0, not {excerpt(hands)}")
    wanted = set()
    for hand in hands:
        if isinstance(hand, bool) or not isinstance(hand, int) or not 0 <= hand < count:
            raise ValueError(f"hands: {excerpt(hand)} is not a hand of this record ({_span(count)})")
        wanted.add(hand)
    return wanted


def _replayed(source: Any) -> Replayed:
    if isinstance(source, Replayed):
        return source
    if isinstance(source, Match):
        return read_record(write_record(source))
    return read_record(source, need_hands=True)


# -- the coach's words ---------------------------------------------------------------------------
def coach_words(view: SeatView, judgements: Sequence[Judgement], voice: Voice,
                played: Move | str | None = None) -> str:
    """Why the best move stands out, in words, when a reason does (the opponents' known voids,
    a tile strictly heavier than every other that fits, a clear margin); how much better it is
    than the next best, in words that fit its band ("a little better" only when the next best
    is good too; never "the moves are close": others may be far behind); which moves are as
    good, or too close to call, when no move is clearly best; with one legal move, that it is
    the only one. Given the move ``played`` instead, when that is the best's tile on the other
    end: why the end matters (what each end leaves open)."""
    best = judgements[0]
    move = Move.parse(best.move)
    if len(view.legal_moves) == 1 or len(judgements) == 1:  # (one move, or mirror images of one)
        return voice("analysis.coach_only", move=move_label(move, voice))
    judged = Judged(tuple(judgements), 0, False)
    if judged.clear_best is None:
        tiles = _listed([_written(Move.parse(j.move), voice) for j in judged.best_moves], voice)
        said = voice("analysis.coach_equal" if judged.equal_best else "analysis.coach_unclear", tiles=tiles)
        return said[:1].upper() + said[1:]
    second = next((j for j in judgements[1:] if j.share < best.share), None)
    margin = best.share - second.share if second is not None else 0.0
    reason = _reason(view, move, voice)
    if reason:
        return reason
    other_end = _other_end(best, played)
    ends = end_words(view, move, other_end, voice) if other_end is not None else None
    if ends:
        return ends
    if _heaviest(view, move) and margin >= 3:
        return voice("analysis.coach_heavy", tile=_written(move, voice))
    if second is None:  # (a clear best with no other move below it: every other is its equal in share)
        return voice("analysis.coach_clear", tile=_written(move, voice), win=round(best.win * 100), margin=0)
    if mark_of(second, best) is Verdict.GOOD:
        said = voice("analysis.coach_close", tile=_written(move, voice), other=_written(Move.parse(second.move), voice))
    elif margin < THRESHOLDS["mistake"]:
        said = voice("analysis.coach_better", tile=_written(move, voice),
                     other=_written(Move.parse(second.move), voice), margin=max(1, round(margin)))
    else:
        return voice("analysis.coach_clear", tile=_written(move, voice), win=round(best.win * 100), margin=round(margin))
    return said[:1].upper() + said[1:]


def _heaviest(view: SeatView, move: Move) -> bool:
    """Whether ``move``'s tile is strictly heavier than every other tile that fits."""
    if move.tile is None:
        return False
    others = {m.tile for m in view.legal_moves if m.tile is not None and m.tile != move.tile}
    return all(move.tile.pips > tile.pips for tile in others)


def _other_end(best: Judgement, played: Move | str | None) -> Move | None:
    """``played`` when it lays the best move's tile on the other end (not a mirror of the best), else ``None``."""
    if played is None:
        return None
    other = Move.parse(played) if isinstance(played, str) else played
    first = Move.parse(best.move)
    if str(other) in best.moves or other.action != PLAY or first.action != PLAY or other.tile != first.tile \
            or other.end == first.end:
        return None
    return other


def _left_open(view: SeatView, move: Move) -> tuple[int, int] | None:
    """The open ends after ``move`` (a play on an end), or ``None``."""
    if move.action != PLAY or view.ends is None or move.second is None:
        return None
    return (move.second, view.ends[1]) if move.end == "L" else (view.ends[0], move.second)


def end_words(view: SeatView, right: Move, wrong: Move, voice: Voice) -> str | None:
    """Why ``right`` and not ``wrong``, the same tile on the other end, in words: what each end
    leaves open, and how many of the seat's other tiles would fit there when that differs in
    ``right``'s favour. ``None`` when they are not two ends of one tile."""
    ends, other = _left_open(view, right), _left_open(view, wrong)
    if ends is None or other is None or right.tile != wrong.tile:
        return None
    side = voice("ends.left") if right.end == "L" else voice("ends.right")
    other_side = voice("ends.left") if wrong.end == "L" else voice("ends.right")
    mine, theirs = _fitting(view, right, ends), _fitting(view, right, other)
    words = {"tile": _written(right, voice), "side": side, "other_side": other_side,
             "open": _open(ends, voice), "other_open": _open(other, voice)}
    if mine > theirs:
        return voice("analysis.coach_end_yours" if theirs else "analysis.coach_end_none", **words,
                     mine=voice("count.tile", n=mine), other_mine=voice("count.tile", n=theirs))
    return voice("analysis.coach_end", **words)


def _fitting(view: SeatView, move: Move, ends: tuple[int, int]) -> int:
    """How many of the seat's tiles, ``move``'s aside, would have an end to go on among ``ends``."""
    return sum(1 for tile in view.tiles if tile != move.tile and set(tile.halves) & set(ends))


def _open(ends: tuple[int, int], voice: Voice) -> str:
    """``5 and 0 open``, or ``0 open at both ends``."""
    left, right = ends
    return voice("analysis.open_same", n=left) if left == right else voice("analysis.open_two", a=left, b=right)


def _reason(view: SeatView, move: Move, voice: Voice) -> str | None:
    """What ``move`` does to an opponent known to lack a number, in words, if anything."""
    if move.action != PLAY or view.ends is None or move.second is None:  # (a play has both)
        return None
    ends = (move.second, view.ends[1]) if move.end == "L" else (view.ends[0], move.second)
    voids = view.voids()
    for seat in _opponents(view):
        lacks = voids.get(seat, set())
        if ends[0] in lacks and ends[1] in lacks:
            return voice("analysis.coach_blocks", who=voice.name(seat), lacks=numbers_lacked(sorted(set(ends)), voice),
                         tile=_written(move, voice))
        if move.second in lacks and move.second not in view.ends:
            return voice("analysis.coach_denies", who=voice.name(seat), n=move.second, tile=_written(move, voice))
    return None


def _listed(items: Sequence[str], voice: Voice) -> str:
    """``a, b and c`` in the voice's language."""
    if len(items) < 2:
        return "".join(items)
    return voice("analysis.list_and", first=", ".join(items[:-1]), last=items[-1])


def _written(move: Move, voice: Voice) -> str:
    """A placed tile as the coach names it (``6-4``); any other move in words (``pass``)."""
    return move.tile.written(move.first) if move.tile is not None and move.first is not None else move_label(move, voice)


def _opponents(view: SeatView) -> list[str]:
    """The seats against the viewer, the next to play first."""
    order = view.rules.turn_order
    start = order.index(view.seat) if view.seat in order else 0
    ring = order[start + 1:] + order[:start]
    if view.rules.is_partnership and view.seat is not None:
        return [s for s in ring if team_of(s) != team_of(view.seat)]
    return list(ring)
