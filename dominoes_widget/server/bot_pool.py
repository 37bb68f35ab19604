"""Bots that think off the table server's event loop, so a strong bot never delays another
table's messages: a :class:`~dominoes_widget.sessions.table.thinker.Thinker` over worker processes
(``serve --bot-workers N``) or, in a notebook's kernel (``Table.share()``), one thread.

Each decision sends the bot (with its random source, about 4 kB pickled) and the seat view
of the bot's own seat to a worker (a ``quick`` bot, ``greedy`` or ``random``, chooses
faster than it is sent and chooses here), which answers the move and the bot as it is after
choosing; the table's bot takes that state over, so the moves are the same for a seed as
when the session chooses them itself. A decision dropped by its table leaves the bot as
it was. A worker process that dies (the OOM killer, a kill) breaks the whole pool: a new
pool replaces it and the decision is made again there, or here as a last resort.

The workers are :func:`~dominoes_widget.sessions.worker_process.worker_pool`'s: started afresh,
and ending with their server, whatever ended the server (a SIGKILL included). They think at the
server's own priority: a person waits for a bot's move.
"""

from __future__ import annotations

import asyncio
import logging
import os
import pickle
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Callable

from ..studies.bots import Bot
from ..engine.move import Move
from ..engine.views import SeatView
from ..sessions.worker_process import worker_pool

__all__ = ["BotPool", "default_workers"]

log = logging.getLogger(__name__)

TRIES = 2
"""Pools a decision is tried in before it is made on the event loop instead."""


def default_workers() -> int:
    """The cores less one (the event loop's), at least 1."""
    return max(1, (os.cpu_count() or 1) - 1)


def decide(bot: Bot, view: SeatView) -> tuple[Move, Bot, int]:
    """In a worker: the bot's move, the bot after choosing it, and the worker's process id."""
    return bot.choose(view), bot, os.getpid()


def _decide_on_copy(bot: Bot, view: SeatView) -> tuple[Move, Bot, int]:
    # A thread shares the table's bot: it thinks on a copy, as a process does.
    return decide(pickle.loads(pickle.dumps(bot, pickle.HIGHEST_PROTOCOL)), view)


class _Thought:
    """One decision under way; ``cancel()`` drops its answer."""

    def __init__(self, bot: Bot, view: SeatView, answer: Callable[[Move], None],
                 loop: asyncio.AbstractEventLoop) -> None:
        self.bot = bot
        self.view = view
        self.answer = answer
        self.loop = loop
        self.tries = 0
        self.cancelled = False
        self.future: Future | None = None

    def cancel(self) -> None:
        self.cancelled = True
        if self.future is not None:
            self.future.cancel()  # (one not started yet never runs)


class BotPool:
    """Chooses bots' moves in ``workers`` worker processes (default :func:`default_workers`),
    or with ``threads=True`` in one thread of this process (a notebook's kernel: no process
    to start, and a bot class defined in the notebook works). The answers come back on the
    event loop that asked. :meth:`close` stops the workers."""

    ahead = True

    def __init__(self, workers: int | None = None, *, threads: bool = False) -> None:
        if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int) or workers < 1):
            raise ValueError(f"workers must be a whole number of at least 1, not {workers!r}")
        self.workers = 1 if threads and workers is None else workers or default_workers()
        self.threads = threads
        self.decisions = 0
        """Decisions answered by a worker."""
        self.worker_pids: set[int] = set()
        """The process ids that answered them (this process's own, with threads)."""
        self.replaced = 0
        """Pools replaced after a worker died."""
        self._executor: Executor | None = None
        self._closed = False

    def _pool(self) -> Executor:
        if self._executor is None:
            if self.threads:
                self._executor = ThreadPoolExecutor(self.workers, thread_name_prefix="bot")
            else:
                self._executor = worker_pool(self.workers, niceness=0)
        return self._executor

    def start(self) -> None:
        """Start the workers now rather than at the first decision."""
        self._pool()

    def think(self, bot: Bot, view: SeatView, answer: Callable[[Move], None]) -> _Thought | None:
        """Send the decision to a worker (see :class:`~dominoes_widget.sessions.table.thinker.Thinker`);
        with no event loop running, or once closed, choose here and now."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is None or self._closed or bot.quick:  # (a quick bot costs less than sending it)
            answer(bot.choose(view))
            return None
        thought = _Thought(bot, view, answer, loop)
        self._submit(thought)
        return thought

    def _submit(self, thought: _Thought) -> None:
        while thought.tries < TRIES and not self._closed:
            thought.tries += 1
            pool = self._pool()
            try:
                future = pool.submit(_decide_on_copy if self.threads else decide, thought.bot, thought.view)
            except (BrokenProcessPool, RuntimeError):  # broken while idle, or shut down meanwhile
                self._replace(pool)
                continue
            thought.future = future
            future.add_done_callback(lambda done: self._back(thought, pool, done))
            return
        self._here(thought, "no worker could take it")

    def _back(self, thought: _Thought, pool: Executor, future: Future) -> None:
        """(In the pool's thread) hand the outcome to the event loop that asked."""
        try:
            thought.loop.call_soon_threadsafe(self._arrived, thought, pool, future)
        except RuntimeError:  # that loop is closed: nobody waits for the answer
            pass

    def _arrived(self, thought: _Thought, pool: Executor, future: Future) -> None:
        if thought.cancelled or future.cancelled():
            return
        error = future.exception()
        if error is None:
            move, bot, pid = future.result()
            thought.bot.__dict__.update(vars(bot))  # its random source moved on as it would have here
            self.decisions += 1
            self.worker_pids.add(pid)
            thought.answer(move)
        elif isinstance(error, BrokenProcessPool) and not self._closed:
            log.warning("a bot worker process stopped; its pool is replaced and the move thought out again")
            self._replace(pool)
            self._submit(thought)
        else:
            self._here(thought, type(error).__name__)

    def _here(self, thought: _Thought, why: str) -> None:
        log.warning("a bot's move is chosen on the event loop: %s", why)
        try:
            move = thought.bot.choose(thought.view)
        except Exception as error:  # noqa: BLE001 - logged without its traceback (no path, no state)
            log.error("a bot could not choose a move: %s", type(error).__name__)
            return
        thought.answer(move)

    def _replace(self, pool: Executor) -> None:
        if self._executor is pool:  # the first of the broken pool's decisions to come back replaces it
            self._executor = None
            self.replaced += 1
            pool.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Stop the workers (a decision under way is finished first; its answer is dropped).
        Decisions asked for later are made inline."""
        self._closed = True
        if self._executor is not None:
            self._executor.shutdown(wait=True, cancel_futures=True)
            self._executor = None

    def __repr__(self) -> str:
        kind = "thread" if self.threads else "process"
        return f"<BotPool {self.workers} {kind}{'s' if self.workers > 1 else ''}, {self.decisions} decisions>"
