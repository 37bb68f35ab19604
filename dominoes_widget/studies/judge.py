"""The judge: every distinct legal move of a position, judged from the mover's view, honest about its noise.

One function, :func:`judge`, judges for everything that marks or ranks moves: the
analysis and its study page, the Table's coach, learning from mistakes and the puzzles.

The strong bot plays every distinct move out in the same sampled deals of the tiles the
mover cannot see, so two moves compare deal by deal: the *gap* of a move is how many
points of win share (a win 100, a tie 50) it gives away against the best one, with a 99%
interval from those paired results. The judge samples in rounds (``rollouts`` played-out
hands a round, shared among the moves) until every move's place is known (what the study
page asks; the other callers ask less, below):

- its gap lies inside one band: under 5 points (good), 5 to 10 (an inaccuracy, ``?!``),
  10 to 20 (a mistake, ``?``), 20 or more (a blunder, ``??``);
- and it is either clearly behind the best (its interval above 0) or clearly as good
  (within :data:`EQUAL` points).

It stops there, or when the budget runs out (:data:`ROUNDS` rounds, 19,200 played-out hands at the
default round): then what is not known stays unknown. A move whose gap straddles a band's
edge gets no mark (:attr:`Verdict.UNCLEAR`, "too close to call"), and no move is called
best while another is not clearly behind it.

Each caller asks its :class:`~dominoes_widget.studies.stopping.Question`, and the judge
samples only until that is answered: the analysis asks the played move's mark and whether
some move is clearly best (:attr:`Question.MARK`), the coach the best move
(:attr:`Question.BEST`), the miner whether one answer leads every other move by 20 points
(:attr:`Question.LEAD`), and the study page every move's place (:attr:`Question.ALL`, the
default). A move whose samples can no longer change the answer is no longer played out, and
each round plays its worlds out with the moves still open alone (:func:`~dominoes_widget.studies.stopping.open_moves`).
At the Table the analysis's question of the person's move goes on from the worlds the coach's
judged for that position, instead of judging it again (``_CONTINUES``).

The judge is deterministic: its random source is seeded from ``seed`` and the position
as the mover sees it, so the coach, the study page and a puzzle judge one position alike.
"""

from __future__ import annotations

import enum
import math
import random
import time
from dataclasses import dataclass
from typing import Generator

from ..engine.errors import excerpt
from ..engine.hand import checked_seed, group_moves
from ..engine.move import Move
from ..engine.views import SeatView
from .bots import BOTS, InferenceBot, make_bot
from .bots.base import check_budget
from .bots.inference import Worlds
from .jobs import derive_seed
from .stopping import EQUAL, LEAD_GAP, Question, open_moves

__all__ = ["judge", "judging", "finish_rounds", "Rounds", "judge_position", "Judged", "Judgement", "Verdict", "Question", "THRESHOLDS", "EQUAL", "ROUNDS",
           "Z", "verdict_for", "mark_of", "position_key", "distinct_choices"]

THRESHOLDS = {"inaccuracy": 5.0, "mistake": 10.0, "blunder": 20.0}
"""Points of win share a move must give away to be an inaccuracy, a mistake, a blunder."""
ROUNDS = 16
"""The judge's budget: at most this many rounds of ``rollouts`` played-out hands."""
Z = 2.576
"""The width of the gaps' intervals, in standard errors (99%)."""


class Verdict(enum.Enum):
    """How a played move compares with the best one."""

    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"
    UNCLEAR = "unclear"
    """Too close to call: the gap's interval straddles a band's edge when the budget ran out."""


_BANDS = (Verdict.GOOD, Verdict.INACCURACY, Verdict.MISTAKE, Verdict.BLUNDER)


def verdict_for(gap_low: float, gap_high: float) -> Verdict:
    """The mark of a move whose gap (points behind the best) lies in ``[gap_low, gap_high]``:
    the band that holds the whole interval, else :attr:`Verdict.UNCLEAR`."""
    edges = tuple(THRESHOLDS.values())
    low, high = sum(gap_low >= e for e in edges), sum(gap_high >= e for e in edges)
    return _BANDS[low] if low == high else Verdict.UNCLEAR


@dataclass(frozen=True)
class Judgement:
    """One legal move's estimate: chances for the mover's side, and their uncertainty.

    ``low``/``high`` are the 95% interval of ``win``; ``gap_low``/``gap_high`` the 99%
    interval of the points of win share the move gives away against the best move of its
    position (``0, 0`` for the best itself). ``mirrors`` are the legal moves equivalent to
    ``move`` (:func:`~dominoes_widget.engine.hand.equivalent`: the same tile leaving the same
    open ends), judged with it and listed once.
    """

    move: str
    win: float
    tie: float
    low: float
    high: float
    stderr: float
    samples: int
    mirrors: tuple[str, ...] = ()
    gap_low: float = 0.0
    gap_high: float = 0.0

    @property
    def moves(self) -> tuple[str, ...]:
        """The move and its mirrors."""
        return (self.move, *self.mirrors)

    @property
    def share(self) -> float:
        """The expected share of the hand in percent: a win counts 100, a tie 50."""
        return 100 * (self.win + self.tie / 2)

    @property
    def settled(self) -> bool:
        """Whether this move's place is known: its gap inside one band, and either clearly
        behind the best or clearly as good."""
        return verdict_for(self.gap_low, self.gap_high) is not Verdict.UNCLEAR and \
            (self.gap_low > 0 or self.gap_high < EQUAL)


@dataclass(frozen=True)
class Judged:
    """A position judged: every distinct move, best first, and what the samples could tell."""

    judgements: tuple[Judgement, ...]
    worlds: int
    """The sampled deals every move was played out in."""
    settled: bool
    """Whether :attr:`question` was answered before the budget ran out (for :attr:`Question.ALL`:
    every move's place known)."""
    question: Question = Question.ALL
    """What the judge was asked: it sampled until that was answered (the other moves' places may be open)."""

    @property
    def best(self) -> Judgement:
        """The move with the highest estimate (called best only if :attr:`clear_best`)."""
        return self.judgements[0]

    @property
    def best_moves(self) -> tuple[Judgement, ...]:
        """The moves not clearly behind the best: the best, those as good, and those too close to tell."""
        return tuple(j for j in self.judgements if j.gap_low <= 0 or j.gap_high < EQUAL)

    @property
    def clear_best(self) -> Judgement | None:
        """The best move when every other move is clearly behind it, else ``None``."""
        best = self.best_moves
        return best[0] if len(best) == 1 else None

    @property
    def equal_best(self) -> bool:
        """Whether the moves in :attr:`best_moves` are known to be as good as each other."""
        return all(j.gap_high < EQUAL for j in self.best_moves)

    def judgement_of(self, move: Move | str) -> Judgement:
        """The judgement of ``move`` (or of a move it mirrors)."""
        text = str(move)
        found = next((j for j in self.judgements if text in j.moves), None)
        if found is None:
            raise ValueError(f"{excerpt(text)} is not a legal move of this position "
                             f"({', '.join(m for j in self.judgements for m in j.moves)})")
        return found

    def verdict_of(self, move: Move | str) -> Verdict:
        """The mark ``move`` earns (:func:`mark_of`)."""
        return mark_of(self.judgement_of(move), self.best)


def mark_of(judgement: Judgement, best: Judgement) -> Verdict:
    """The mark a move earns against the best move of its position: good for the best itself,
    else its gap's band (:func:`verdict_for`). The analysis marks played moves with it, and
    learning from mistakes accepts a try exactly when it is good."""
    if judgement is best or judgement.move == best.move:
        return Verdict.GOOD
    return verdict_for(judgement.gap_low, judgement.gap_high)


def distinct_choices(view: SeatView) -> int:
    """How many really different moves the seat to move has (mirror images counted once)."""
    return len(group_moves(view.legal_moves, view.ends))


def position_key(view: SeatView) -> str:
    """The position as the mover sees it, as text: the judge's seed comes from it, so any
    two callers judging one position (the coach, a study page, a puzzle) sample alike."""
    rules = view.rules
    settings = sorted(rules.settings().items())
    return "|".join(str(part) for part in (
        rules.game, settings, len(rules.seats), view.seat, view.leader, view.lead_index,
        " ".join(str(t) for t in sorted(view.tiles)), " ".join(str(m) for m in view.moves), view.boneyard_size))


def judge(view: SeatView, *, seed: int = 0, rollouts: int | None = None, budget: int | None = None,
          max_ms: float | None = None, bot: str = "strong", played: Move | str | None = None,
          question: Question = Question.ALL, lead: float = LEAD_GAP) -> Judged:
    """Every distinct legal move of ``view``'s seat judged until ``question`` is answered
    (see the module's docstring; :attr:`Question.MARK` asks the mark of ``played``,
    :attr:`Question.LEAD` whether an answer leads every other move by ``lead`` points).

    ``rollouts``: played-out hands a round (default the bot's analysis budget, 1,200);
    ``budget``: at most this many in all (default :data:`ROUNDS` rounds); ``max_ms`` stops
    sampling after that many milliseconds (the verdicts then depend on the machine's
    speed). Equivalent moves are judged once, as the first of them, or as ``played`` when
    it is one of them, the others its ``mirrors``.
    """
    return finish_rounds(judging(view, seed=seed, rollouts=rollouts, budget=budget, max_ms=max_ms, bot=bot,
                                 played=played, question=question, lead=lead))


def judging(view: SeatView, *, seed: int = 0, rollouts: int | None = None, budget: int | None = None,
            max_ms: float | None = None, bot: str = "strong", played: Move | str | None = None,
            question: Question = Question.ALL, lead: float = LEAD_GAP, step: int | None = None) -> Rounds:
    """:func:`judge` a step at a time: a generator that yields between rounds of sampling (and
    within a round after every ``step`` worlds, when given, where that leaves the sums alike:
    without numpy, as in the browser) and returns the same :class:`Judged` as :func:`judge`.
    For a loop that must answer its events between steps; :func:`finish_rounds` runs the rest
    at once. The arguments are checked here, before the first step."""
    _check_judge(bot, seed, rollouts, max_ms)
    if not isinstance(question, Question):
        raise ValueError(f"question: one of {', '.join('Question.' + q.name for q in Question)}, not {excerpt(question)}")
    if budget is not None:
        check_budget(budget, None, "budget")
    if step is not None:
        check_budget(step, None, "step")
    played_text = None if played is None else str(Move.parse(played) if isinstance(played, str) else played)
    return _judging(view, seed, rollouts, budget, max_ms, bot, played_text, question, lead, step)


Rounds = Generator[None, None, Judged]
"""A judgement under way (:func:`judging`): each step one round of sampling, its value the :class:`Judged`."""


def finish_rounds(rounds: Rounds) -> Judged:
    """What a judgement under way returns, its remaining rounds run now."""
    while True:
        try:
            next(rounds)
        except StopIteration as done:
            return done.value


def _judging(view: SeatView, seed: int, rollouts: int | None, budget: int | None, max_ms: float | None, bot: str,
             played_text: str | None, question: Question, lead: float, step: int | None = None) -> Rounds:
    if max_ms is not None:  # (a time cap: the result depends on the machine, so it is not kept)
        judged, _ = yield from _rounds(view, seed, rollouts, budget, max_ms, bot, played_text, question, lead)
        return judged
    key = (position_key(view), seed, rollouts, budget, bot, played_text, lead, question)
    found = _KEPT.pop(key, None) or _answering(key)
    if found is None:
        sampled = key[:5]  # (the position and the sampling: the same worlds whatever the question)
        sampling = _SAMPLINGS.pop(sampled, None) if question in _CONTINUES else None
        found, sampling = yield from _rounds(view, seed, rollouts, budget, None, bot, played_text, question, lead,
                                             step, sampling)
        if question in _CONTINUED:
            _SAMPLINGS[sampled] = sampling
            if len(_SAMPLINGS) > _KEEP_SAMPLINGS:
                del _SAMPLINGS[next(iter(_SAMPLINGS))]
    _KEPT[key] = found
    if len(_KEPT) > _KEEP:
        del _KEPT[next(iter(_KEPT))]
    return found


_KEEP = 256
_KEPT: dict[tuple[object, ...], Judged] = {}
"""The positions judged last in this process (the coach asks again what a study page judged)."""

_CONTINUED = (Question.BEST,)
_CONTINUES = (Question.MARK,)
"""At the Table the coach judges the person's position (:attr:`Question.BEST`) and, once the
person has moved, the analysis's question is asked of it (:attr:`Question.MARK`): that judgement
goes on from the coach's worlds (often it is answered by them already) instead of starting
again, and the hint and the mark come from one judgement. The rounds, and so the looks at the
intervals, are counted from the first: at most :data:`ROUNDS` in all."""
_KEEP_SAMPLINGS = 4
_SAMPLINGS: dict[tuple[object, ...], _Sampling] = {}
"""The coach's last judgements' worlds, kept to be gone on with (each taken once)."""

_ANSWERED_BY = {Question.BEST: (Question.ALL, Question.MARK), Question.LEAD: (Question.ALL,)}
"""The questions whose judgements answer another's too (:attr:`Question.MARK` says whether a move is clearly best)."""


def _answering(key: tuple[object, ...]) -> Judged | None:
    """A kept judgement of the same position and sampling whose question answers ``key``'s, if any:
    so the coach's hint agrees with the study page that judged the position before."""
    *same, _played, _lead, question = key
    wider = _ANSWERED_BY.get(question, ())  # type: ignore[call-overload]
    return next((found for kept, found in reversed(_KEPT.items())
                 if kept[-1] in wider and list(kept[:len(same)]) == same), None)


def judge_position(view: SeatView, *, seed: int = 0, rollouts: int | None = None, max_ms: float | None = None,
                   bot: str = "strong", played: Move | str | None = None,
                   question: Question = Question.ALL) -> tuple[Judgement, ...]:
    """:func:`judge`'s judgements alone: every distinct legal move, best first."""
    return judge(view, seed=seed, rollouts=rollouts, max_ms=max_ms, bot=bot, played=played,
                 question=question).judgements


@dataclass
class _Sampling:
    """A judgement's worlds and the rounds it has left, kept so that another question can go on from them."""

    worlds: Worlds
    per_round: int
    rounds_left: int


def _rounds(view: SeatView, seed: int, rollouts: int | None, budget: int | None, max_ms: float | None, bot: str,
            played: str | None, question: Question, lead: float = LEAD_GAP, step: int | None = None,
            sampling: _Sampling | None = None) -> Generator[None, None, tuple[Judged, _Sampling]]:
    """``view`` judged until ``question`` is answered, yielding between rounds (and every ``step``
    worlds within one; not with ``max_ms``): from nothing, or going on from ``sampling`` (the same
    position's worlds and rounds left), which it changes."""
    if sampling is None:
        judge_bot = make_bot(bot, random.Random(derive_seed(seed, "judge", position_key(view))))
        assert isinstance(judge_bot, InferenceBot)  # _check_judge names a bot that evaluates
        rollouts = judge_bot.analysis_rollouts if rollouts is None else rollouts
        budget = ROUNDS * rollouts if budget is None else max(budget, rollouts)
        worlds = Worlds(judge_bot, view)
        sampling = _Sampling(worlds, max(1, rollouts // len(worlds.groups)), max(1, budget // rollouts))
    worlds, per_round = sampling.worlds, sampling.per_round
    deadline = None if max_ms is None else time.perf_counter() + max_ms / 1000
    playing: set[int] | None = None  # every move at first; then the moves still open
    group_of = {str(m): index for index, group in enumerate(worlds.groups) for m in group}
    judgements: tuple[Judgement, ...] = ()
    still: set[int] = set()
    if worlds.count:  # going on: perhaps answered already
        judgements, still = _answer(worlds, played, question, lead)
        playing = {group_of[judgements[n].move] for n in still}
    cut = step if step is not None and deadline is None and worlds.cut_alike else per_round
    while (still or not worlds.count) and sampling.rounds_left:
        for first in range(0, per_round, cut):
            if first:
                yield
            worlds.add(min(cut, per_round - first), deadline, playing)
        sampling.rounds_left -= 1
        judgements, still = _answer(worlds, played, question, lead)
        if not still or (deadline is not None and time.perf_counter() > deadline):
            break
        if sampling.rounds_left:
            yield  # (a caller on an event loop answers its events here)
        playing = {group_of[judgements[n].move] for n in still}
    return Judged(judgements, worlds.count, not still, question), sampling


def _answer(worlds: Worlds, played: str | None, question: Question, lead: float
            ) -> tuple[tuple[Judgement, ...], set[int]]:
    """The judgements from the worlds so far, and the moves (by rank) still open for ``question``."""
    judgements = _judgements(worlds, played)
    at = next((n for n, j in enumerate(judgements) if played in j.moves), None)
    return judgements, open_moves(question, [(j.gap_low, j.gap_high) for j in judgements], at, lead)


def _judgements(worlds: Worlds, played: str | None) -> tuple[Judgement, ...]:
    """One judgement per distinct move, best first, each with its gap's interval against the best."""
    estimates = worlds.estimates()
    group_of = {move: index for index, group in enumerate(worlds.groups) for move in group}
    best = group_of[estimates[0].move]
    judged = []
    seen: set[int] = set()
    for estimate in estimates:  # best first; equivalent moves share one estimate
        index = group_of[estimate.move]
        if index in seen:
            continue
        seen.add(index)
        low, high = _gap_interval(worlds, best, index)
        group = worlds.groups[index]
        move = next((m for m in group if str(m) == played), group[0])
        judged.append(Judgement(str(move), estimate.win, estimate.tie, estimate.interval[0], estimate.interval[1],
                                estimate.stderr, estimate.samples, tuple(str(m) for m in group if m != move),
                                low, high))
    return tuple(judged)


def _gap_interval(worlds: Worlds, best: int, index: int) -> tuple[float, float]:
    """The 99% interval, in points, of what move ``index`` gives away against move ``best``,
    from their results deal by deal (a weighted mean and its standard error)."""
    if index == best:
        return 0.0, 0.0
    gap = worlds.paired_gap(best, index)
    half = Z * math.sqrt(gap.variance)
    return max(-100.0, 100 * (gap.mean - half)), min(100.0, 100 * (gap.mean + half))  # (a gap is never more than 100)


def _check_judge(bot: object, seed: object, rollouts: object, max_ms: object) -> None:
    """Refuse, naming the argument, a judge that is not a bot that evaluates moves, a seed
    that is not a whole number, and a budget that is not one."""
    if not isinstance(bot, str) or bot.removeprefix("bot:") not in BOTS:
        raise ValueError(f"bot: the bot that judges the moves, by name ('strong'), not {excerpt(bot)}")
    if not issubclass(BOTS[bot.removeprefix("bot:")], InferenceBot):
        raise ValueError(f"bot: the {bot!r} bot cannot judge moves (it has no evaluate()): judge with 'strong'")
    checked_seed(seed, whole=True)
    check_budget(1 if rollouts is None else rollouts, max_ms)
