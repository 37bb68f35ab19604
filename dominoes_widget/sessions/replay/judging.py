"""A Replay's analysis as it comes: its decisions judged in the record's order, shown hand by hand.

Nobody waits for the whole match. An :class:`AnalysisRun` judges the decisions of
:func:`~dominoes_widget.studies.analysis.plan_analysis` one by one (here, each on its own turn
of a :class:`~dominoes_widget.sessions.scheduler.Scheduler`; or on workers, in order) and
keeps the session's ``analysis`` equal to the decisions judged so far from the first on:

- a hand's marks and strip appear once every decision of that hand is judged;
- Learn from your mistakes takes each of the seat's mistakes as soon as it is judged, and
  says "Judging hand 5 of 10…" while the rest comes (``coming``);
- ``progress()`` is the bar under the board: decisions judged, of the total, and that line.
"""

from __future__ import annotations

import asyncio
import math
import time
from typing import TYPE_CHECKING, Any, Callable

from ...words.catalog import Voice
from ...studies.jobs import IN_BROWSER
from ..scheduler import SLICE, AsyncioScheduler, Pending, Scheduler, run_slice

if TYPE_CHECKING:
    from ...studies.analysis import Analysis, Judgement
    from .session import ReplaySession

__all__ = ["AnalysisRun", "judging_words"]

REDRAW_EVERY = 0.25
"""Seconds between two updates of the bar (a hand judged, and the end, always show at once)."""
BROWSER_PAUSE = 0.01
"""Seconds the browser's Python rests between two slices of the judging. Pyodide runs a zero delay as an
immediate task, and a chain of them kept the kernel's incoming messages (a cell, a try in the
drill) waiting until the whole analysis was done; with the kernel idle for a moment between
two slices they are answered there."""
BROWSER_STEP = 8
"""Worlds the browser's Python samples in one step (a millisecond or two; a round of the judge's
stopping rule ends a step too); a turn of the loop runs as many steps as fit in a slice
(:data:`~dominoes_widget.sessions.scheduler.SLICE`): a try in the drill waits that long at
most, not a whole decision's judgement."""


class AnalysisRun:
    """``session``'s record analysed decision by decision (``plan``: ``plan_analysis``'s);
    ``changed(parts)`` is told which of the session's views moved: ``"view"`` (a hand's
    analysis came), ``"analysing"`` (the bar), ``"mistakes"`` (the drill)."""

    def __init__(self, session: ReplaySession, plan: Any, changed: Callable[[set[str]], None]) -> None:
        self.session = session
        self.plan = plan
        self.changed = changed
        self.results: dict[int, tuple[Judgement, ...]] = {}
        self.judged = 0
        """How many decisions are judged from the first on (what the session's analysis holds)."""
        self.hands_done: list[int] = []
        self.failed: str | None = None
        self.stopped = False
        self.started = time.perf_counter()
        self.shown = 0.0
        self._pending: Pending | None = None
        self.on_end: Callable[[BaseException | None], None] | None = None
        """Called once when the run ends: with ``None`` when every decision is judged, else the error."""
        self._publish()

    # -- where it is ---------------------------------------------------------------------------
    @property
    def total(self) -> int:
        return len(self.plan.jobs)

    @property
    def finished(self) -> bool:
        return self.judged >= self.total

    @property
    def hands(self) -> list[int]:
        """The hands asked for, in order."""
        return list(self.plan.settings["hands"])

    def judging_hand(self) -> int | None:
        """The hand being judged (the first with a decision still to judge), or ``None`` when done."""
        return None if self.finished else self.plan.places[self.judged][0]

    def progress(self, voice: Voice) -> dict[str, Any]:
        """The bar: ``{done, total, hand, hands, text}`` while it runs (``hand`` counted from 1
        among the hands asked for), with ``failed`` when it stopped; ``{}`` when done."""
        if self.finished and self.failed is None:
            return {}
        done = len(self.results)
        hand = self.judging_hand()
        number = self.hands.index(hand) + 1 if hand is not None else len(self.hands)
        if self.failed is not None:
            text = voice("message.analysis_failed", error=self.failed)
        else:
            elapsed = time.perf_counter() - self.started
            left = elapsed / done * (self.total - done) if done else None
            text = judging_words(voice, number, len(self.hands), left)
        view: dict[str, Any] = {"done": done, "total": self.total, "hand": number, "hands": len(self.hands),
                                "text": text}
        if self.failed is not None:
            view["failed"] = True
        return view

    def coming(self, voice: Voice) -> str | None:
        """While decisions are still to judge, the bar's line ("Judging hand 5 of 10…"); else ``None``."""
        if self.finished or self.failed is not None or self.stopped:
            return None
        return str(self.progress(voice)["text"])

    # -- what comes in -------------------------------------------------------------------------
    def found(self, number: int, judgements: tuple[Judgement, ...]) -> None:
        """Decision ``number`` judged: the session's analysis grows when it extends the judged run."""
        if self.stopped:
            return
        self.results[number] = judgements
        before = self.judged
        while self.judged in self.results:
            self.judged += 1
        parts = set()
        if self.judged > before:
            parts |= self._publish()
        now = time.perf_counter()
        if parts or self.finished or now - self.shown >= REDRAW_EVERY:
            self.shown = now
            parts.add("analysing")
        if parts:
            self.changed(parts)
        if self.finished:
            self._end(None)

    def _publish(self) -> set[str]:
        """The session's analysis set to the judged run; which views that moved."""
        current = self.judging_hand()
        done = [hand for hand in self.hands if current is None or hand < current]
        analysis: Analysis = self.plan.analysis({n: self.results[n] for n in range(self.judged)}, False, done)
        self.session.analysis = analysis
        parts = {"mistakes"} if self.session.drill.refresh() else set()
        if done != self.hands_done:
            self.hands_done = done
            parts.add("view")
        return parts

    def fail(self, error: BaseException) -> None:
        """The run stopped on ``error``: the bar says so, in words, where the person looks."""
        self.failed = str(error)[:200] or type(error).__name__
        self.changed({"analysing", "mistakes"} if self.session.drill.refresh() else {"analysing"})
        self._end(error)

    def _end(self, error: BaseException | None) -> None:
        if self.session.drill.refresh():
            self.changed({"mistakes"})
        end, self.on_end = self.on_end, None
        if end is not None:
            end(error)

    # -- who judges ----------------------------------------------------------------------------
    def run_here(self, scheduler: Scheduler, pause: float = 0.0, step: int | None = None,
                 slice_seconds: float = SLICE) -> None:
        """Judge the decisions in this process, one on each turn of ``scheduler``, ``pause``
        seconds apart (the kernel's loop answers the page in between: in the browser there are
        no threads); with ``step``, steps of that many worlds (or a round of the judge's
        stopping rule) for ``slice_seconds`` on each turn instead of a whole decision, so an
        event waits one slice at most. A scheduler that cannot wait (no loop) judges them all now."""
        under_way: list[Any] = []  # the decision being judged a step at a time: [number, its steps]

        def turn() -> None:
            self._pending = None
            if self.stopped or self.finished or self.failed is not None:
                return
            try:
                if step is None:
                    number = self._next_number()
                    judgements = self.plan.judge(number)
                else:
                    if not under_way:
                        number = self._next_number()
                        under_way[:] = [number, self.plan.judging(number, step)]
                    number, steps = under_way
                    judgements = run_slice(steps, slice_seconds)
                    if judgements is None:
                        schedule()
                        return
                    under_way.clear()
            except Exception as error:  # (the run ends; the error goes to whoever waits on it)
                self.fail(error)
                return
            self.found(number, judgements)
            schedule()

        def schedule() -> None:
            if not (self.stopped or self.finished or self.failed is not None):
                self._pending = scheduler.call_later(pause, turn)
                if self._pending is None:
                    turn()

        schedule()

    def _next_number(self) -> int:
        return next(n for n in range(self.judged, self.total) if n not in self.results)

    async def judge_all(self) -> None:
        """Every decision judged on the running loop, until done (or cancelled: then it stops).
        In the browser (no threads) here, a step of :data:`BROWSER_STEP` worlds on each of the
        loop's turns, so the page stays answered in between; elsewhere on workers, every core."""
        try:
            if IN_BROWSER:
                ended: asyncio.Future[None] = asyncio.get_running_loop().create_future()

                def end(error: BaseException | None) -> None:
                    if not ended.done():
                        ended.set_exception(error) if error is not None else ended.set_result(None)

                self.on_end = end
                if self.finished:
                    end(None)
                self.run_here(AsyncioScheduler(), BROWSER_PAUSE, BROWSER_STEP)
                await ended
            else:
                await self.run_on_workers()
        finally:
            self.stop()

    async def run_on_workers(self, workers: int | None = None, executor: Any = None) -> None:
        """Judge the decisions on workers (a process pool by default, every core), in order; in
        the browser, here, a decision at a time between the loop's turns."""
        try:
            await self.plan.judge_async(self.found, workers=workers, executor=executor)
        except Exception as error:
            self.fail(error)
            raise

    def stop(self) -> None:
        """Judge no more (the widget closed): what is judged stays."""
        self.stopped = True
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None


def judging_words(voice: Voice, hand: int, hands: int, seconds_left: float | None) -> str:
    """The analysis under way, quietly: the hand being judged of the hands, and the time left
    once there is a rate to tell it by."""
    if seconds_left is None:
        return voice("message.judging_hand", hand=hand, hands=hands)
    seconds = max(1, math.ceil(seconds_left))
    left = (voice("message.time_seconds", s=seconds) if seconds < 60
            else voice("message.time_minutes", m=seconds // 60, s=seconds % 60))
    return voice("message.judging_hand_left", hand=hand, hands=hands, left=left)
