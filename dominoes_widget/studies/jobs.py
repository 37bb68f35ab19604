"""Running many independent jobs on local processes or any ``concurrent.futures`` executor.

:func:`run_jobs` is what ``simulate`` and ``analyse`` share: chunks of jobs go to a
process pool (every core by default), to ``workers=1`` in this process, or to any
executor (a thread pool, a Dask cluster's ``Client.get_executor()``); a progress bar
shows (tqdm's when installed, else a text line); Ctrl-C returns what finished. Python in
the browser (Pyodide, JupyterLite) has no processes or threads: there every job runs here.
:func:`run_jobs_async` does the same on a running asyncio loop (a notebook kernel's), so the
kernel stays free between jobs: it starts no thread of its own.
"""

from __future__ import annotations

import asyncio
import concurrent.futures as cf
import hashlib
import os
import sys
import time
import warnings
from typing import Any, Callable, Generic, Sequence, TypeVar

__all__ = ["run_jobs", "run_jobs_async", "derive_seed", "Progress", "IN_BROWSER", "runnable_here", "check_count"]

IN_BROWSER = sys.platform == "emscripten"
"""Python in the browser (Pyodide): no process pools, no threads, no Dask."""

Job = TypeVar("Job")
Result = TypeVar("Result")


def derive_seed(seed: int, *parts: Any) -> int:
    """A 64-bit seed from ``seed`` and ``parts`` (the same on every machine and process)."""
    text = "/".join(str(p) for p in (seed, *parts)).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


class Progress:
    """tqdm's bar (``tqdm.auto``: a widget in notebooks) when installed, else a text line."""

    def __init__(self, total: int, unit: str, enabled: bool, desc: str = "") -> None:
        self.bar: Any = None
        self.enabled = enabled
        self.total = total
        self.done = 0
        self.unit = unit
        self.desc = desc
        self.start = time.perf_counter()
        self.shown = 0.0
        if not enabled:
            return
        try:
            from tqdm.auto import tqdm
        except ImportError:
            return
        if IN_BROWSER:
            tqdm.monitor_interval = 0  # its monitor is a thread, which the browser cannot start
        self.bar = tqdm(total=total, unit=unit, desc=desc, leave=True)

    def update(self, count: int) -> None:
        self.done += count
        if not self.enabled:
            return
        if self.bar is not None:
            self.bar.update(count)
            return
        now = time.perf_counter()
        if now - self.shown >= 0.2 or self.done >= self.total:
            self.shown = now
            rate = self.done / max(now - self.start, 1e-9)
            width = 30
            filled = int(width * self.done / max(self.total, 1))
            sys.stderr.write(f"\r{self.desc} [{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} "
                             f"{self.unit} ({rate:.1f}/s)")
            sys.stderr.flush()

    def close(self) -> None:
        if not self.enabled:
            return
        if self.bar is not None:
            self.bar.close()
        else:
            sys.stderr.write("\n")
            sys.stderr.flush()


def check_count(name: str, value: object) -> None:
    """Refuse a ``workers`` or ``chunk_size`` that is not a whole number of at least 1 (or ``None``)."""
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
        raise ValueError(f"{name} must be a whole number of at least 1 (or None), not {value!r}")


def runnable_here(workers: int | None, executor: cf.Executor | None,
                  unit: str = "jobs", stacklevel: int = 2) -> tuple[int | None, cf.Executor | None]:
    """``workers`` and ``executor`` as this Python can use them: in the browser, ``(1, None)``
    (with a warning when more workers or an executor were asked for, placed as if the caller
    warned with ``stacklevel``), elsewhere unchanged."""
    if not IN_BROWSER:
        return workers, executor
    if executor is not None or (workers or 1) > 1:
        warnings.warn(f"Python in the browser has no processes or threads, so the {unit} run here, "
                      "one after another.", RuntimeWarning, stacklevel=stacklevel + 1)
    return 1, None


def _ignore_interrupts() -> None:
    """Worker processes leave Ctrl-C to the parent, which keeps the finished jobs."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _run_chunk(function: Callable[[Job], Result], jobs: Sequence[Job]) -> list[Result]:
    return [function(job) for job in jobs]


class _Run(Generic[Result]):
    """What :func:`run_jobs` and :func:`run_jobs_async` share: their arguments checked, where the
    jobs run (``here``, or in chunks on ``pool()``), and the results as they come in, counted
    on the bar and told to ``callback``."""

    def __init__(self, total: int, workers: int | None, executor: cf.Executor | None, unit: str,
                 chunk_size: int | None, largest_chunk: int, progress: bool, desc: str,
                 callback: Callable[[int, int], None] | None,
                 found: Callable[[int, Result], None] | None = None) -> None:
        check_count("workers", workers)
        check_count("chunk_size", chunk_size)
        workers, executor = runnable_here(workers, executor, unit, stacklevel=3)  # the runner's caller
        if executor is None and workers is None:
            workers = os.cpu_count() or 1
        self.total = total
        self.workers = workers
        self.executor = executor
        self.slots = workers if workers is not None else max(2, os.cpu_count() or 1)
        """How many chunks run at once."""
        self.chunk_size = chunk_size or max(1, min(largest_chunk, total // (self.slots * 8) or 1))
        self.results: dict[int, Result] = {}
        self.callback = callback
        self.found = found
        self.bar = Progress(total, unit, progress, desc)  # (shown once the arguments are known good)

    @property
    def here(self) -> bool:
        """The jobs run in this process, one after another."""
        return self.executor is None and self.workers == 1

    def pool(self) -> tuple[cf.Executor, bool]:
        """Where the chunks go, and whether it is this run's own pool (to shut down after)."""
        if self.executor is not None:
            return self.executor, False
        return cf.ProcessPoolExecutor(max_workers=self.workers, initializer=_ignore_interrupts), True

    def record(self, first: int, values: list[Result]) -> None:
        """The results of the jobs from ``first`` on."""
        for offset, value in enumerate(values):
            self.results[first + offset] = value
            if self.found is not None:
                self.found(first + offset, value)
        self.bar.update(len(values))
        if self.callback is not None:
            self.callback(len(self.results), self.total)


def run_jobs(function: Callable[[Job], Result], jobs: Sequence[Job], *, workers: int | None = None,
             executor: cf.Executor | None = None, progress: bool = True, unit: str = "jobs", desc: str = "",
             chunk_size: int | None = None,
             callback: Callable[[int, int], None] | None = None) -> tuple[dict[int, Result], bool]:
    """``function(job)`` for every job: the results by job index, and whether it was interrupted.

    ``function`` and the jobs must pickle for a process pool or a cluster. ``workers``:
    local processes (default every core; ``1`` runs here); ``executor``: any executor
    instead; ``chunk_size``: jobs sent at a time (default from the jobs and workers).
    ``callback(done, total)`` is called as jobs finish.
    """
    run: _Run[Result] = _Run(len(jobs), workers, executor, unit, chunk_size, 200, progress, desc, callback)
    interrupted = False
    try:
        if run.here:
            for index, job in enumerate(jobs):
                run.record(index, [function(job)])
        else:
            pool, own = run.pool()
            try:
                interrupted = _run_chunks(pool, function, jobs, run.chunk_size, 2 * run.slots, run.record)
            finally:
                if own:
                    pool.shutdown(wait=not interrupted, cancel_futures=True)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        run.bar.close()
    return run.results, interrupted and len(run.results) < run.total


def _run_chunks(pool: cf.Executor, function: Callable[[Job], Result], jobs: Sequence[Job], chunk_size: int,
                window: int, record: Callable[[int, list[Result]], None]) -> bool:
    """Submit chunks, at most ``window`` at a time; ``True`` when interrupted."""
    chunks = iter([(first, jobs[first:first + chunk_size]) for first in range(0, len(jobs), chunk_size)])
    pending: dict[cf.Future[list[Result]], int] = {}
    try:
        for first, chunk in chunks:
            pending[pool.submit(_run_chunk, function, chunk)] = first
            if len(pending) >= window:
                break
        while pending:
            done, _ = cf.wait(pending, return_when=cf.FIRST_COMPLETED)
            for future in done:
                first = pending.pop(future)
                record(first, future.result())
                for next_first, chunk in chunks:
                    pending[pool.submit(_run_chunk, function, chunk)] = next_first
                    break
    except KeyboardInterrupt:
        for future in pending:
            future.cancel()
        return True
    return False


async def run_jobs_async(function: Callable[[Job], Result], jobs: Sequence[Job], *, workers: int | None = None,
                         executor: cf.Executor | None = None, progress: bool = False, unit: str = "jobs",
                         desc: str = "", chunk_size: int | None = None,
                         callback: Callable[[int, int], None] | None = None,
                         found: Callable[[int, Result], None] | None = None) -> dict[int, Result]:
    """:func:`run_jobs` on the running asyncio loop: ``function(job)`` for every job, by job index.

    The same arguments, checked the same way (the bar is off by default). Run here
    (``workers=1``, and always in the browser) a job at a time, handing the loop back between
    jobs; else chunks go to the pool and the loop waits on them (no thread of this module's).
    ``callback(done, total)`` is called before the first job and as jobs finish, and
    ``found(index, result)`` with each result as it comes (what is under way can show it).
    """
    # chunks of at most 8 jobs: the callback (a notebook's progress) hears often
    run: _Run[Result] = _Run(len(jobs), workers, executor, unit, chunk_size, 8, progress, desc, callback, found)
    try:
        run.record(0, [])  # the total, before the first job
        if run.here:
            for index, job in enumerate(jobs):
                run.record(index, [function(job)])
                await asyncio.sleep(0)  # the kernel answers its messages between jobs
            return run.results
        pool, own = run.pool()
        size = run.chunk_size
        try:
            pending = {asyncio.wrap_future(pool.submit(_run_chunk, function, jobs[first:first + size])): first
                       for first in range(0, run.total, size)}
            while pending:
                done, _ = await asyncio.wait(pending, return_when=asyncio.FIRST_COMPLETED)
                for future in done:
                    run.record(pending.pop(future), future.result())
        finally:
            if own:
                pool.shutdown(wait=False, cancel_futures=True)
        return run.results
    finally:
        run.bar.close()
