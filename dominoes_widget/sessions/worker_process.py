"""Worker processes that keep out of their parent's way: :func:`worker_pool` starts them for
whatever thinks off the clicks' path (the table server's bots, the class's judge, a kernel's
background judge).

Each worker is

- started afresh (spawn), not forked: a forked worker would hold every file its parent has open
  (a server's sockets, a browser driver's pipes) as long as it lives, and copy the parent's
  threads' state mid-step;
- deaf to Ctrl-C, which stops the parent, which stops its workers (they must not each print a
  traceback);
- ``niceness`` below its parent's CPU priority (default :data:`BELOW`): where the cores are
  busy, the process people click in comes first;
- ended with its parent, however the parent ends (a SIGKILL included): a thread of the worker
  sees the parent gone within :data:`WATCH_EVERY` seconds and ends it. On Linux, for workers
  started from the main thread, the kernel ends them at once (``PR_SET_PDEATHSIG``); that
  signal comes when the *thread* that started the worker ends, so workers started from another
  thread (a kernel's shared-table server) rely on the watching thread alone.

The multiprocessing resource tracker then ends too (its last client is gone).
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

__all__ = ["worker_pool", "BELOW", "WATCH_EVERY"]

BELOW = 10
"""How much lower a worker's CPU priority is than its parent's, unless asked otherwise."""
WATCH_EVERY = 0.5
"""Seconds between two looks of a worker at whether its parent is still there."""
_PR_SET_PDEATHSIG = 1


def worker_pool(workers: int = 1, *, niceness: int = BELOW, initializer: Callable[..., None] | None = None,
                initargs: tuple[Any, ...] = ()) -> ProcessPoolExecutor:
    """``workers`` worker processes as the module's docstring says, all started now, from this
    thread; each runs ``initializer(*initargs)`` (if given) before its first task, as in
    :class:`~concurrent.futures.ProcessPoolExecutor`."""
    from_main = threading.current_thread() is threading.main_thread()
    pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"), initializer=_begin,
                               initargs=(os.getpid(), niceness, from_main, initializer, initargs))
    for _ in range(workers):  # (a spawning pool starts a worker per task submitted while none is idle)
        pool.submit(os.getpid)
    return pool


def _begin(parent_pid: int, niceness: int, kernel_ends_it: bool, initializer: Callable[..., None] | None,
           initargs: tuple[Any, ...]) -> None:
    """In the worker, before its first task."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if niceness and hasattr(os, "nice"):
        try:
            os.nice(niceness)
        except OSError:
            pass
    _end_with(parent_pid, kernel_ends_it)
    if initializer is not None:
        initializer(*initargs)


def _end_with(parent_pid: int, kernel_ends_it: bool) -> None:
    """End this worker when the process ``parent_pid`` (its parent) ends, however it ends."""
    if kernel_ends_it and sys.platform.startswith("linux"):
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):
            pass  # the watching thread below still ends it
    if os.getppid() != parent_pid:  # it died before the kernel was told to tell
        os._exit(0)
    threading.Thread(target=_watch_parent, args=(parent_pid,), name="dominoes-watch-parent", daemon=True).start()


def _watch_parent(parent_pid: int) -> None:
    while os.getppid() == parent_pid:
        time.sleep(WATCH_EVERY)
    os._exit(0)  # (a worker holds nothing to save: its task's answer has nobody to go to)
