"""Finding puzzles in recorded games: decisions where one move, or a few of equal worth, is clearly best.

:func:`find_puzzles` looks at every decision of the records (two or more distinct moves),
from the mover's view only, and keeps those the judge (:mod:`~dominoes_widget.studies.judge`)
places beyond doubt:

- the best moves (those not clearly behind the best) are one move, or moves known to be
  as good as each other (:attr:`~dominoes_widget.studies.judge.Judged.equal_best`);
- every other move gives away at least ``min_gap`` points of win share: its gap's 99%
  interval lies wholly at or above ``min_gap`` (20: a blunder), so right and wrong are far apart;
- the judgement is settled: the judge, asked this question (:attr:`~dominoes_widget.studies.stopping.Question.LEAD`),
  answered it before the budget ran out (it stops at the first move clearly in between);
- and it holds in a second, independent sample: judged again with another seed, the same
  answers and every other move still ``min_gap`` behind.

**The screen.** A full judgement costs about a second; most decisions are close and fail.
So each decision is first judged for one round, then for :data:`SCREEN_ROUNDS` rounds
(prefixes of the full judgement itself: the same seed, the same deals, fewer of them), and
judged in full only when each leaves it possible:

- some move's gap may be ``min_gap`` or more (its interval reaches ``min_gap``): otherwise
  every move is clearly less than ``min_gap`` behind and there is no wrong move to find;
- no move is clearly in between: none lies clearly behind the best (its interval above
  :data:`~dominoes_widget.studies.judge.EQUAL`, so it is no answer) and clearly less than
  ``min_gap - EQUAL`` behind it (so, even measured from a best up to ``EQUAL`` better, it is no
  clear blunder either).

Both tests are at the judge's own 99% level, against the screening round's best; a decision
that fails one could pass the full test only if that sample had erred at that level, so the
screen skips what clearly cannot pass and leaves the rest for the full test to decide. (On
the ten hands of ``notebooks/records/six_love_10_hands.json`` it lets a fifth of the
decisions through, and every puzzle the full test finds without it.)

Each decision is a job for :func:`~dominoes_widget.studies.jobs.run_jobs` (local processes,
any executor, a progress bar); the judge seeds itself from ``seed`` and the position, and the
bots that measure the difficulty from ``seed`` and the puzzle's id, so the same seed finds
the same puzzles on any number of workers.
"""

from __future__ import annotations

import concurrent.futures as cf
import os
import random
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from ..engine.hand import Hand, team_of
from ..engine.match import Match
from ..engine.move import DRAW, LEAD, PLAY, Move
from ..engine.record import Replayed, read_record
from ..engine.views import SeatView, seat_view
from ..words.move_reasons import followers
from .bots import make_bot
from .bots.inference import ANALYSIS_ROLLOUTS
from .jobs import derive_seed, run_jobs
from .judge import EQUAL, Judged, Question, _check_judge, distinct_choices, judge
from .puzzles import Puzzle, PuzzleSet, decision_record, puzzle_id

__all__ = ["find_puzzles", "screen", "passes", "themes_of", "difficulty_of", "TRIES"]

SCREEN_ROUNDS = (1, 4)
"""The screen's rounds of the judge, one test after each (the module's docstring)."""
TRIES = (("greedy", 3), ("strong", 3))
"""The bots that try each puzzle, and how many seeds each: the difficulty is the share that miss."""


@dataclass(frozen=True)
class _Job:
    """One decision to look at, picklable for a worker: the record that stops at it (the puzzle's own)."""

    record: dict[str, Any]
    seed: int
    min_gap: float
    rollouts: int | None


def screen(round_: Judged, min_gap: float = 20.0) -> bool:
    """Whether one round's judgement leaves a puzzle possible (the module's docstring says how)."""
    rest = round_.judgements[1:]
    if not any(j.gap_high >= min_gap for j in rest):
        return False
    return not any(j.gap_low > EQUAL and j.gap_high < min_gap - EQUAL for j in rest)


def passes(judged: Judged, min_gap: float = 20.0) -> frozenset[str] | None:
    """The answers (every move of the best, mirrors included) when ``judged`` makes a puzzle, else ``None``."""
    best = judged.best_moves
    if not judged.settled or len(best) == len(judged.judgements) or not (len(best) == 1 or judged.equal_best):
        return None
    if any(j.gap_low < min_gap for j in judged.judgements if j not in best):
        return None
    return frozenset(m for j in best for m in j.moves)


def _mine(job: _Job) -> Puzzle | None:
    match = read_record(job.record).match
    hand = match.hands[-1]
    seat = str(hand.turn)
    view = seat_view(hand, seat)
    rollouts = job.rollouts
    for rounds in SCREEN_ROUNDS:
        if not screen(judge(view, seed=job.seed, rollouts=rollouts, budget=rounds * (rollouts or ANALYSIS_ROLLOUTS),
                            question=Question.LEAD, lead=job.min_gap), job.min_gap):
            return None
    judged = judge(view, seed=job.seed, rollouts=rollouts, question=Question.LEAD, lead=job.min_gap)
    answers = passes(judged, job.min_gap)
    if answers is None or passes(judge(view, seed=derive_seed(job.seed, "again"), rollouts=rollouts,
                                       question=Question.LEAD, lead=job.min_gap), job.min_gap) != answers:
        return None
    ordered = tuple(m for j in judged.best_moves for m in j.moves)
    id = puzzle_id(view)
    full = seat_view(hand, seat, match.state)
    return Puzzle(id, job.record, seat, ordered, themes_of(hand, full, ordered),
                  difficulty_of(full, ordered, derive_seed(job.seed, "tries", id)), judged.judgements)


def difficulty_of(view: SeatView, answers: Iterable[str], seed: int) -> float:
    """The share of :data:`TRIES` (each bot with its own seeds) that do not choose an answer."""
    wanted = set(answers)
    missed = tries = 0
    for name, count in TRIES:
        for k in range(count):
            bot = make_bot(name, random.Random(derive_seed(seed, name, k)))
            missed += str(bot.choose(view)) not in wanted
            tries += 1
    return missed / tries


# -- themes -------------------------------------------------------------------------------------
def themes_of(hand: Hand, view: SeatView, answers: tuple[str, ...]) -> tuple[str, ...]:
    """The :data:`~dominoes_widget.studies.puzzles.THEMES` of a decision: ``hand`` at it (every
    tile known: only to see whether a move blocks the line), ``view`` the mover's, ``answers`` the best moves."""
    moves = [m for m in view.legal_moves]
    right = [m for m in moves if str(m) in answers]
    wrong = [m for m in moves if str(m) not in answers]
    blocking = {str(m) for m in moves if _blocks(hand, m)}
    found = []
    if any(str(m) in blocking for m in right) or all(_shuts_out(view, m) for m in right):
        found.append("block")
    if view.rules.is_partnership and _keeps_partner(view, right, wrong):
        found.append("partner")
    if blocking:
        found.append("count")
    if view.counts[str(view.seat)] <= 3 or min(view.counts.values()) <= 2:
        found.append("endgame")
    if view.moves and view.moves[-1].seat == view.seat and view.moves[-1].action == DRAW:
        found.append("draw")
    if _sheds_heavy(right, wrong):
        found.append("heavy")
    if len(view.moves) < len(view.rules.seats):
        found.append("opening")
    if _plays_double(right, wrong):
        found.append("double")
    if _keeps_followers(view, right, wrong):
        found.append("follow")
    return tuple(found) or ("deep",)  # no rule of thumb names it: the judge's weighing of the hidden tiles does


def _blocks(hand: Hand, move: Move) -> bool:
    after = hand.copy()
    after.push(move)
    return after.outcome is not None and after.outcome.termination.value == "blocked"


def _ends_after(view: SeatView, move: Move) -> tuple[int, int] | None:
    if move.action == LEAD or (move.action == PLAY and view.ends is None):
        return move.placed
    if move.action != PLAY or view.ends is None or move.second is None:
        return view.ends
    return (move.second, view.ends[1]) if move.end == "L" else (view.ends[0], move.second)


def _opponents(view: SeatView) -> list[str]:
    seat = str(view.seat)
    if view.rules.is_partnership:
        return [s for s in view.rules.seats if team_of(s) != team_of(seat)]
    return [s for s in view.rules.seats if s != seat]


def _shuts_out(view: SeatView, move: Move) -> bool:
    """Whether ``move`` leaves both open ends on numbers an opponent is known to lack."""
    ends = _ends_after(view, move)
    voids = view.voids()
    return ends is not None and move.tile is not None and \
        any(ends[0] in voids.get(s, ()) and ends[1] in voids.get(s, ()) for s in _opponents(view))


def _keeps_partner(view: SeatView, right: list[Move], wrong: list[Move]) -> bool:
    """Whether every answer leaves open a number the partner put on an open end, which some wrong move covers."""
    partner = view.partner
    if view.ends is None or partner is None:
        return False
    theirs = {n for m in view.moves if m.seat == partner and m.placed is not None for n in
              (m.placed if m.action == LEAD else (m.second,))} & set(view.ends)
    for number in theirs:
        if all(number in (_ends_after(view, m) or ()) for m in right) and \
                any(number not in (_ends_after(view, m) or ()) for m in wrong):
            return True
    return False


def _plays_double(right: list[Move], wrong: list[Move]) -> bool:
    """Whether every answer places a double, and some wrong move places a tile that is not one."""
    def double(m: Move) -> bool:
        return m.tile is not None and m.action in (LEAD, PLAY) and m.tile.is_double
    return all(double(m) for m in right) and any(m.tile is not None and m.action in (LEAD, PLAY) and not double(m)
                                                 for m in wrong)


def _keeps_followers(view: SeatView, right: list[Move], wrong: list[Move]) -> bool:
    """Whether every answer leaves the mover as many tiles that follow as any wrong move, and more than some."""
    kept = [followers(view, m) for m in right]
    other = [n for n in (followers(view, m) for m in wrong) if n is not None]
    if not other or any(n is None for n in kept):
        return False
    least = min(n for n in kept if n is not None)
    return least >= max(other) and least > min(other)


def _sheds_heavy(right: list[Move], wrong: list[Move]) -> bool:
    """Whether every answer places the heaviest tile on offer, and some wrong move a lighter one."""
    placing = [m for m in right + wrong if m.tile is not None and m.action != DRAW]
    if not placing or not all(m in placing for m in right):
        return False
    heaviest = max(m.tile.pips for m in placing if m.tile is not None)
    return all(m.tile is not None and m.tile.pips == heaviest for m in right) and \
        any(m.tile is not None and m.tile.pips < heaviest for m in wrong)


# -- finding ------------------------------------------------------------------------------------
def find_puzzles(records: Any, *, seed: int = 0, workers: int | None = None, executor: cf.Executor | None = None,
                 progress: bool = True, min_gap: float = 20.0, rollouts: int | None = None) -> PuzzleSet:
    """The puzzles of ``records`` (see the module's docstring), in the order of the records and their moves.

    ``records``: one record or a list of them (each a dict, JSON text, a path, a
    :class:`Replayed` or a :class:`Match`); a bad one raises its ``RecordError``.
    ``min_gap``: how far behind the best every wrong move must be, in points of win share;
    ``rollouts``: played-out hands per round of the judge (default its own).
    ``workers``/``executor``: as for ``analyse`` (default every local core; ``1`` runs here).
    One position found twice is kept once. Stopped with Ctrl-C, it returns what it found so
    far, with ``interrupted`` set.
    """
    _check_judge("strong", seed, rollouts, None)
    if isinstance(min_gap, bool) or not isinstance(min_gap, (int, float)) or not 0 < min_gap <= 100:
        raise ValueError(f"min_gap: points of win share from 0 to 100, not {min_gap!r}")
    jobs = [job for source in _sources(records) for job in _jobs(_match(source), seed, float(min_gap), rollouts)]
    results, interrupted = run_jobs(_mine, jobs, workers=workers, executor=executor, progress=progress,
                                    unit="decisions", desc="puzzles")
    found: dict[str, Puzzle] = {}
    for index in sorted(results):
        puzzle = results[index]
        if puzzle is not None and puzzle.id not in found:
            found[puzzle.id] = puzzle
    return PuzzleSet(found.values(), interrupted=interrupted)


def _sources(records: Any) -> list[Any]:
    if isinstance(records, (str, bytes, os.PathLike, Mapping, Match, Replayed)):
        return [records]
    return list(records)


def _match(source: Any) -> Match:
    if isinstance(source, Match):
        return source
    if isinstance(source, Replayed):
        return source.match
    return read_record(source).match


def _jobs(match: Match, seed: int, min_gap: float, rollouts: int | None) -> list[_Job]:
    """A job for every decision of ``match`` with two or more distinct moves."""
    jobs = []
    for index, hand in enumerate(match.hands):
        walk = Hand(hand.rules, hand.deal, hand.initial_boneyard, hand.leader, lead_tile=hand.lead_tile,
                    leaders=hand.leaders, _trusted=True)
        start = match.state_before(index)
        for ply, move in enumerate(hand.moves):
            if distinct_choices(seat_view(walk, move.seat)) >= 2:
                jobs.append(_Job(decision_record(hand, ply, start), seed, min_gap, rollouts))
            walk.push_unchecked(move)
    return jobs
