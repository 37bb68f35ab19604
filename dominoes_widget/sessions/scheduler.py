"""When bots move: now, or later on an event loop. Sessions take a scheduler, so tests can
step through bot moves one by one while the widget paces them on the kernel's loop. And
:func:`run_slice`: work done in steps on the loop (a judgement in the browser, which has no
threads), a slice of :data:`SLICE` seconds at a time."""

from __future__ import annotations

import asyncio
import time
from collections import deque
from typing import Callable, Generator, Protocol, TypeVar

__all__ = ["Scheduler", "Pending", "AsyncioScheduler", "ManualScheduler", "NO_DELAY", "SLICE", "run_slice"]

T = TypeVar("T")

SLICE = 0.05
"""Seconds of work in steps (a judgement on the loop) before the loop is handed back: a click
or a cell waits that long at most. A step is far shorter (8 sampled worlds, 1-2 ms in the
browser's Python), and a pause between two steps costs a timer's wait (10 ms or so), so a
step to a turn of the loop left the browser's Python idle most of the time."""


def run_slice(steps: Generator[None, None, T], seconds: float = SLICE) -> T | None:
    """``steps`` run (one at least) until they end or ``seconds`` have passed: what they
    return when they ended, else ``None`` (the rest on a later turn; ``steps`` must not
    return ``None``)."""
    end = time.perf_counter() + seconds
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value
        if time.perf_counter() >= end:
            return None


class Pending(Protocol):
    """A callback waiting to run; ``cancel()`` stops it."""

    def cancel(self) -> None: ...


class Scheduler(Protocol):
    """Runs a callback after ``delay`` seconds, or answers ``None`` when it cannot wait
    (then the caller runs it at once)."""

    def call_later(self, delay: float, callback: Callable[[], None]) -> Pending | None: ...


class AsyncioScheduler:
    """Waits on the running asyncio loop (the kernel's), or not at all when none runs."""

    def call_later(self, delay: float, callback: Callable[[], None]) -> Pending | None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return None
        return loop.call_later(delay, callback)


class _Never:
    def call_later(self, delay: float, callback: Callable[[], None]) -> Pending | None:
        return None


NO_DELAY: Scheduler = _Never()
"""A scheduler that never waits: every bot moves at once."""


class _Queued:
    def __init__(self, queue: deque["_Queued"], delay: float, callback: Callable[[], None]) -> None:
        self.delay = delay
        self.callback = callback
        self.cancelled = False
        self._queue = queue

    def cancel(self) -> None:
        self.cancelled = True


class ManualScheduler:
    """Holds callbacks until a test runs them: ``run_next()`` one, ``run_all()`` until none is left."""

    def __init__(self) -> None:
        self.queue: deque[_Queued] = deque()

    def call_later(self, delay: float, callback: Callable[[], None]) -> Pending | None:
        item = _Queued(self.queue, delay, callback)
        self.queue.append(item)
        return item

    @property
    def waiting(self) -> int:
        """How many callbacks wait (cancelled ones left out)."""
        return sum(not item.cancelled for item in self.queue)

    def run_next(self) -> bool:
        """Run the oldest callback still wanted; False when none waits."""
        while self.queue:
            item = self.queue.popleft()
            if not item.cancelled:
                item.callback()
                return True
        return False

    def run_all(self, limit: int = 10_000) -> int:
        """Run callbacks (and those they schedule) until none waits; how many ran."""
        ran = 0
        while ran < limit and self.run_next():
            ran += 1
        return ran
