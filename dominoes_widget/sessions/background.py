"""Positions judged in the background, off the clicks' path, their results kept for whoever asks.

A :class:`BackgroundJudge` takes positions (a seat view, and the move played there when the
caller asks about it) and judges each with :func:`~dominoes_widget.studies.judge.judge`
where no click waits for it:

- :data:`WORKER` (CPython): in one worker process shared by the process's tables. A thread
  would not do: the judge is pure Python, and a thread judging holds the GIL the click
  handlers need. A click's positions go to the worker once the click is answered
  (:meth:`BackgroundJudge.after_event`), so the click waits for no key, queue or thread of the
  pool woken to send them.
- :data:`SLICES` (Python in the browser, which has no threads or processes): on the event
  loop, through a scheduler, in slices of :data:`~.scheduler.SLICE` seconds, each steps of
  :data:`STEP_WORLDS` worlds (or a round of the judge's stopping rule, whichever ends first:
  :func:`~dominoes_widget.studies.judge.judging`), with the loop handed back for
  :data:`STEP_PAUSE` seconds between two slices. An urgent job (the coach's, for the turn in
  play) starts at once; the others (a past decision's mark) once the table has been quiet for
  :data:`QUIET` seconds (the person is thinking), or at once when somebody waits for them. A
  click that comes while a position is being judged waits for one slice at most, not the whole
  judgement; after it a job nobody waits for waits for quiet again.

Jobs run one at a time per judge, the urgent first (the coach's, for the turn in play); a
position asked twice is judged once. An urgent job never waits behind one that is not: that
one pauses (on the loop after its slice, in the worker after its round), and goes on from
where it was once the urgent work is done, so its judgement is the one made at once. Nothing
is judged unless a caller submits it, and a caller submits only seat views: the judging sees
what the seat sees, no more.
"""

from __future__ import annotations

import asyncio
import atexit
import concurrent.futures as cf
import logging
import time
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Hashable, Literal

from ..studies.jobs import IN_BROWSER
from .scheduler import SLICE, AsyncioScheduler, Pending, Scheduler, run_slice

if TYPE_CHECKING:
    from ..engine.views import SeatView
    from ..studies.judge import Judged, Rounds

__all__ = ["BackgroundJudge", "Where", "WORKER", "SLICES", "HERE_BY_DEFAULT", "STEP_WORLDS"]

log = logging.getLogger(__name__)

Where = Literal["worker", "slices"]
WORKER: Where = "worker"
"""Judge in a worker process (CPython)."""
SLICES: Where = "slices"
"""Judge on the event loop, a slice of a judgement at a time between events (Pyodide)."""
HERE_BY_DEFAULT: Where = SLICES if IN_BROWSER else WORKER
"""Where this Python judges in the background."""

QUIET = 1.0
"""Seconds without a change at the table before a judgement that is neither urgent nor waited
for starts on the loop (:data:`SLICES`): a past decision's mark waits, the coach's does not."""
STEP_WORLDS = 8
"""Worlds sampled (each played out with every move still open) in one step on the loop
(:data:`SLICES`): a millisecond or two in the browser's Python; a slice
(:data:`~.scheduler.SLICE`) is as many steps as fit. The judgement is the same however it is cut."""
STEP_PAUSE = 0.005
"""Seconds the loop rests between two slices: Pyodide runs a zero delay as an immediate task, and
a chain of them keeps the kernel's incoming messages (a click) waiting behind the judgement."""

_POOL: cf.ProcessPoolExecutor | None = None
_PAUSE: PauseFlag | None = None
"""Set (by the kernel) when an urgent job waits behind the worker's job: the worker hands that
job back after its round (:func:`judge_in_rounds`). Shared with the worker (:class:`PauseFlag`)."""


def _pool() -> cf.ProcessPoolExecutor:
    """The one worker process every background judge of this process shares (started when first
    needed): :func:`~.worker_process.worker_pool`'s, holding none of this process's open files (a
    browser driver's pipes, a server's socket), below its priority, and ending with it. It keeps
    the pause flag :data:`_PAUSE` this process sets."""
    global _POOL, _PAUSE
    if _POOL is None:
        import multiprocessing

        from .worker_process import worker_pool

        _PAUSE = PauseFlag(multiprocessing.get_context("spawn"))
        _POOL = worker_pool(1, initializer=_keep_pause, initargs=(_PAUSE,))
        atexit.register(_POOL.shutdown, wait=False, cancel_futures=True)  # (not left to the teardown of modules)
    return _POOL


class PauseFlag:
    """A flag the kernel sets and its worker reads after each round, shared without a lock: a
    ``multiprocessing.Event`` locks on every look, and the worker, below the kernel's priority,
    could be put aside while holding that lock, leaving a click's ``set()`` waiting for it."""

    def __init__(self, context: Any) -> None:
        self._byte = context.RawValue("b", 0)

    def set(self) -> None:
        self._byte.value = 1

    def clear(self) -> None:
        self._byte.value = 0

    def is_set(self) -> bool:
        return bool(self._byte.value)


def _keep_pause(pause: Any) -> None:
    """In the worker: the kernel's pause flag kept."""
    global _PAUSE
    _PAUSE = pause


def judge_view(view: SeatView, played: str | None) -> Judged:
    """What a worker runs: ``view`` judged as :func:`~dominoes_widget.studies.judge.judge` does
    for every caller (seed 0, the default budget), naming ``played`` among its mirrors; asking
    the analysis's question of a played move (its mark), the coach's of a position to move in."""
    from ..studies.judge import Question, judge

    return judge(view, played=played, question=Question.BEST if played is None else Question.MARK)


_PAUSED: dict[Hashable, Rounds] = {}
"""In the worker: the judgements handed back half done (:func:`judge_in_rounds`), by key."""
_KEEP_PAUSED = 16


def judge_in_rounds(key: Hashable, view: SeatView, played: str | None) -> Judged | None:
    """What the kernel's worker runs: :func:`judge_view`, a round at a time, going on from where
    ``key``'s judgement was handed back if it was; ``None`` (the judgement kept here) when the
    kernel asked for the worker meanwhile (:data:`_PAUSE`), so an urgent job goes first. The
    rounds are the same however they are cut, so the judgement is the one made at once."""
    from ..studies.judge import Question, judging

    rounds = _PAUSED.pop(key, None)
    if rounds is None:
        rounds = judging(view, played=played, question=Question.BEST if played is None else Question.MARK)
    while True:
        try:
            next(rounds)
        except StopIteration as done:
            return done.value
        if _PAUSE is not None and _PAUSE.is_set():
            _PAUSED[key] = rounds
            if len(_PAUSED) > _KEEP_PAUSED:
                del _PAUSED[next(iter(_PAUSED))]
            return None


def judging_view(view: SeatView, played: str | None, step: int = STEP_WORLDS) -> Rounds:
    """:func:`judge_view` a step of ``step`` worlds at a time (the same judgement), for the loop."""
    from ..studies.judge import Question, judging

    return judging(view, played=played, question=Question.BEST if played is None else Question.MARK, step=step)


@dataclass
class _Job:
    key: Hashable
    view: SeatView
    played: str | None
    urgent: bool
    asked: bool = False
    """Somebody waits for it (a Hint pressed, the drill opening): judged without waiting for quiet."""
    steps: Rounds | None = None
    """On the loop: the judgement under way, a step at a time."""
    waiters: list[Callable[[Judged], None]] = field(default_factory=list)
    failers: list[Callable[[str], None]] = field(default_factory=list)
    """Told (the error's name) when the judge could not judge it."""


class BackgroundJudge:
    """Judges submitted positions where no click waits (see the module's docstring).

    ``where``: :data:`WORKER` or :data:`SLICES` (default: what this Python can do);
    ``scheduler``: the loop the slices (and the worker's answers) come back on;
    ``on_judged(key)`` is called on that loop when a position's judgement is in;
    ``quiet``: the seconds of :data:`QUIET` (on the loop);
    ``slice_seconds``: seconds of judging on each turn of the loop (:data:`~.scheduler.SLICE`; 0: a step);
    ``pool``: the worker processes (:data:`WORKER`) it judges in (default: the one this process's
    tables share; a server gives its own, which ends with it).
    """

    def __init__(self, where: Where = HERE_BY_DEFAULT, scheduler: Scheduler | None = None,
                 on_judged: Callable[[Hashable], None] | None = None, quiet: float = QUIET,
                 slice_seconds: float = SLICE, pool: Callable[[], cf.Executor] | None = None) -> None:
        if where not in (WORKER, SLICES):
            raise ValueError(f"where: {WORKER!r} or {SLICES!r}, not {where!r}")
        self.where = where
        self.scheduler = scheduler or AsyncioScheduler()
        self.on_judged = on_judged
        self.quiet = quiet
        self.slice_seconds = slice_seconds
        self._pool = pool or _pool
        self.results: dict[Hashable, Judged] = {}
        """Every judgement in, by the key it was submitted with."""
        self.failed: dict[Hashable, str] = {}
        """The positions the judge could not judge (the error's name); their ``failed`` callers are told."""
        self._queue: deque[_Job] = deque()
        self._running: _Job | None = None
        self._handle: cf.Future[Judged | None] | Pending | None = None
        self._closed = False
        self._quiet_since = time.monotonic()
        self.noted: Hashable = None
        """What a caller noted it has submitted last (the Table: the turn whose position it gave)."""
        self._after: dict[Hashable, Callable[[], None]] = {}
        self._after_handle: Pending | None = None
        self._holding = False

    # -- asking -------------------------------------------------------------------------------
    def submit(self, key: Hashable, view: SeatView, played: str | None = None, *, urgent: bool = False,
               asked: bool = False, then: Callable[[Judged], None] | None = None,
               failed: Callable[[str], None] | None = None) -> None:
        """Judge ``view`` (asking about ``played``) under ``key``, unless it is judged or queued
        already; ``urgent`` jobs go before the rest; ``asked``: somebody waits for it (on the
        loop it starts without waiting for quiet); ``then(judged)`` when it is in;
        ``failed(error name)`` if the judge could not judge it (then is never called)."""
        if self._closed:
            return
        if key in self.results:
            if then is not None:
                then(self.results[key])
            return
        job = self._find(key)
        if job is None:
            job = _Job(key, view, played, urgent)
            if urgent:
                self._queue.appendleft(job)
            else:
                self._queue.append(job)
        elif urgent and job is not self._running and not job.urgent:
            self._queue.remove(job)
            job.urgent = True
            self._queue.appendleft(job)
        if then is not None:
            job.waiters.append(then)
        if failed is not None:
            job.failers.append(failed)
        if asked and not job.asked:
            job.asked = True
            if job is self._running and self.where == SLICES and self._handle is not None:
                self._handle.cancel()  # waiting for quiet: judged now instead
                self._handle = self.scheduler.call_later(0.0, lambda: self._run_slice(job))
        if urgent:
            self._make_way(job)
        self._next()

    def after_event(self, callback: Callable[[], None], once: Hashable = None) -> None:
        """``callback()`` (which submits positions) once the event under way (a click) is answered
        and its view sent: in the worker (:data:`WORKER`) on the loop's next turn, so that the
        click does not wait for the positions' keys, the queue, and the pool's threads woken to
        send them; at once on the loop (:data:`SLICES`) or with no loop. ``once``: one callback
        under that name until then. The positions the callbacks submit go to the worker together,
        the urgent first."""
        if self._closed:
            return
        if self.where != WORKER:
            callback()
            return
        self._after.setdefault(object() if once is None else once, callback)
        if self._after_handle is None:
            self._after_handle = self.scheduler.call_later(0.0, self._run_after)
            if self._after_handle is None:
                self._run_after()

    def _run_after(self) -> None:
        self._after_handle = None
        callbacks, self._after = list(self._after.values()), {}
        self._holding = True  # (each submits; the worker starts on the first urgent one, after them all)
        try:
            for callback in callbacks:
                callback()
        finally:
            self._holding = False
        self._next()

    def activity(self) -> None:
        """Something happened at the table (a click, a bot's move): on the loop, judgements
        nobody waits for hold off until it has been quiet a while."""
        self._quiet_since = time.monotonic()

    def result(self, key: Hashable) -> Judged | None:
        """The judgement submitted under ``key``, if it is in."""
        self._collect()
        return self.results.get(key)

    def busy_with(self, key: Hashable) -> bool:
        """Whether ``key`` is being judged or waits its turn."""
        return self._find(key) is not None

    @property
    def queued(self) -> list[Hashable]:
        """The keys being judged and waiting, in the order they are judged."""
        return [job.key for job in ([self._running] if self._running is not None else []) + list(self._queue)]

    @property
    def waiting(self) -> int:
        """How many positions are being judged or wait."""
        return len(self._queue) + (self._running is not None)

    def drop(self, keep: Callable[[Hashable], bool]) -> None:
        """Forget the waiting jobs whose key ``keep`` refuses; the one being judged finishes, no
        longer urgent (an urgent job submitted next goes first: :meth:`submit`)."""
        self._queue = deque(job for job in self._queue if keep(job.key))
        running = self._running
        if running is not None and not keep(running.key):
            running.urgent = False

    def finish(self, timeout: float | None = None, until: Callable[[], bool] | None = None) -> bool:
        """Judge what is submitted now, in this thread's time (a script, or a caller of the
        Python API who waits), the urgent first, all of it or ``until()`` is true; ``False``
        if ``timeout`` seconds passed first."""
        self._flush_after()
        while (self._running is not None or self._queue) and not self._closed and not (until and until()):
            job, handle = self._running, self._handle
            if job is None:
                self._start(self._queue.popleft(), at_once=True)
                continue
            if isinstance(handle, cf.Future):
                try:
                    handle.result(timeout)
                except cf.TimeoutError:
                    return False
                except Exception:  # noqa: BLE001 - told by _collect, below
                    pass
                self._collect()
            else:  # a slice waiting for the loop: judge it here instead
                if handle is not None:
                    handle.cancel()
                self._run_slice(job, now=True)
        return True

    def close(self) -> None:
        """Judge nothing more for this caller (a job in a worker is left to finish there)."""
        self._closed = True
        self._queue.clear()
        self._after.clear()
        if self._after_handle is not None:
            self._after_handle.cancel()
            self._after_handle = None
        if self._handle is not None and not isinstance(self._handle, cf.Future):
            self._handle.cancel()
        self._running = self._handle = None

    # -- the work -----------------------------------------------------------------------------
    def _flush_after(self) -> None:
        """The callbacks waiting for the event's end (:meth:`after_event`) run now (a caller waits)."""
        if self._after_handle is not None:
            self._after_handle.cancel()
            self._run_after()

    def _find(self, key: Hashable) -> _Job | None:
        if self._running is not None and self._running.key == key:
            return self._running
        return next((job for job in self._queue if job.key == key), None)

    def _make_way(self, job: _Job) -> None:
        """Urgent ``job`` waits behind a job that is not: that one pauses (on the loop now, between
        two slices; in the worker after its round) and goes on after the urgent jobs, from where it was."""
        running = self._running
        if running is None or running is job or running.urgent:
            return
        if self.where == SLICES:
            if self._handle is not None:
                self._handle.cancel()
            self._running = self._handle = None
            self._requeue(running)
        elif self._pool is _pool and _PAUSE is not None:  # (a pool of the caller's cannot be asked)
            _PAUSE.set()

    def _requeue(self, job: _Job) -> None:
        """``job``, paused, waits again: after the urgent jobs, first of the rest."""
        ahead = next((n for n, other in enumerate(self._queue) if not other.urgent), len(self._queue))
        self._queue.insert(ahead, job)

    def _next(self) -> None:
        self._collect()
        if self._running is None and self._queue and not self._closed and not self._holding:
            self._start(self._queue.popleft())

    def _start(self, job: _Job, at_once: bool = False) -> None:
        self._running = job
        if self.where == SLICES:
            self._handle = None if at_once else self.scheduler.call_later(
                0.0 if job.asked or job.urgent else self.quiet, lambda: self._run_slice(job))
            return
        try:
            if self._pool is _pool:  # (the kernel's worker: a job it can hand back half done)
                future = self._pool().submit(judge_in_rounds, job.key, job.view, job.played)
            else:
                future = self._pool().submit(judge_view, job.view, job.played)
        except Exception as error:  # noqa: BLE001 - no worker here (or it broke): judged on the loop
            self._fail(job, error, worker=True)
            return
        self._handle = future
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no loop: the answer is picked up when asked for (result, finish)
        future.add_done_callback(lambda _: _call_soon(loop, self._next))

    def _run_slice(self, job: _Job, now: bool = False) -> None:
        if self._running is not job:
            return
        quiet = time.monotonic() - self._quiet_since
        if not (now or job.asked or job.urgent) and quiet < self.quiet:  # the table is busy: later
            self._handle = self.scheduler.call_later(self.quiet - quiet, lambda: self._run_slice(job))
            if self._handle is not None:
                return
        from ..studies.judge import finish_rounds

        try:
            if job.steps is None:
                job.steps = judging_view(job.view, job.played)
            judged = finish_rounds(job.steps) if now else run_slice(job.steps, self.slice_seconds)
            if judged is None:
                self._handle = self.scheduler.call_later(STEP_PAUSE, lambda: self._run_slice(job))
                if self._handle is not None:
                    return  # the loop answers its events; the next slice after
                judged = finish_rounds(job.steps)  # (no loop to come back on)
        except Exception as error:  # noqa: BLE001
            self._fail(job, error)
            return
        self._done(job, judged)
        self._next()

    def _collect(self) -> None:
        """Take a worker's answer in, if it came."""
        job, handle = self._running, self._handle
        if job is None or not isinstance(handle, cf.Future) or not handle.done():
            return
        if _PAUSE is not None and self._pool is _pool:
            _PAUSE.clear()  # (asked for, and now free)
        try:
            judged = handle.result()
        except Exception as error:  # noqa: BLE001
            self._fail(job, error, worker=isinstance(error, _broken_pool_error()))
            return
        if judged is None:  # handed back half done, so that an urgent job goes first: it goes on after
            self._running = self._handle = None
            self._requeue(job)
            return
        self._done(job, judged)

    def _done(self, job: _Job, judged: Judged) -> None:
        self._running = self._handle = None
        self.results[job.key] = judged
        for then in job.waiters:
            then(judged)
        if self.on_judged is not None:
            self.on_judged(job.key)

    def _fail(self, job: _Job, error: BaseException, worker: bool = False) -> None:
        """``worker``: the worker failed (it could not start, or died): this judge goes on on the
        loop, the job first. Else the judgement itself failed: it is dropped (and logged)."""
        global _POOL
        self._running = self._handle = None
        if worker and self.where == WORKER:
            log.warning("the judging worker failed (%s): judging on the event loop instead", type(error).__name__)
            if isinstance(error, _broken_pool_error()):
                _POOL = None  # another table starts a new worker
            self.where = SLICES
            self._queue.appendleft(job)
            self._next()
            return
        name = type(error).__name__
        log.error("background judging failed on a position: %s: %s", name, error)
        self.failed[job.key] = name
        for failed in job.failers:
            failed(name)
        self._next()


def _broken_pool_error() -> type[BaseException]:
    """The error of a worker pool whose process died (its module is loaded with the first pool)."""
    from concurrent.futures.process import BrokenProcessPool

    return BrokenProcessPool


def _call_soon(loop: asyncio.AbstractEventLoop, callback: Callable[[], None]) -> None:
    """``callback`` on ``loop``, from the worker's answering thread (nothing once the loop is closed)."""
    try:
        loop.call_soon_threadsafe(callback)
    except RuntimeError:
        pass
