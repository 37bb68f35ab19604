"""The worker processes the package thinks in (``sessions.worker_process.worker_pool``): below
their parent's priority, deaf to Ctrl-C, and gone once their parent is gone however it ended (a
SIGKILL included), the kernel's background judge's as the server's; one started from a thread
that has ended still works."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from dominoes_widget.sessions.worker_process import BELOW, worker_pool

ROOT = Path(__file__).resolve().parent.parent
WAIT = 30.0
"""Seconds a worker may take to notice its parent gone, on a loaded machine (it takes about
:data:`~dominoes_widget.sessions.worker_process.WATCH_EVERY`, or none with the kernel's signal)."""


def niceness_and_ctrl_c() -> tuple[int, bool]:
    """In a worker: its niceness, and whether it ignores Ctrl-C."""
    return os.nice(0), signal.getsignal(signal.SIGINT) == signal.SIG_IGN


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie (dead, not yet reaped by init) is gone too
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[1][0] != "Z"
    except (OSError, IndexError):
        return True


def gone_within(pid: int, seconds: float) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if not alive(pid):
            return True
        time.sleep(0.05)
    return not alive(pid)


def test_a_worker_thinks_below_its_parents_priority_and_leaves_ctrl_c_to_it():
    pool = worker_pool(1)
    try:
        niceness, ignores = pool.submit(niceness_and_ctrl_c).result(timeout=WAIT)
    finally:
        pool.shutdown()
    assert niceness == min(19, os.nice(0) + BELOW) and ignores
    pool = worker_pool(1, niceness=0)  # the bots': a person waits for their moves
    try:
        assert pool.submit(niceness_and_ctrl_c).result(timeout=WAIT) == (os.nice(0), True)
    finally:
        pool.shutdown()


def test_a_pool_started_from_a_thread_that_has_ended_still_works():
    made = []

    def start() -> None:
        pool = worker_pool(1)
        made.append((pool, pool.submit(os.getpid).result(timeout=WAIT)))  # the worker is at work: then this ends

    starter = threading.Thread(target=start)
    starter.start()
    starter.join()
    pool, worker = made[0]
    try:
        assert pool.submit(os.getpid).result(timeout=WAIT) == worker  # not killed with the thread that started it
    finally:
        pool.shutdown()


PARENT = {
    "a worker pool's": "from dominoes_widget.sessions.worker_process import worker_pool\n"
                       "pool = worker_pool(1)\n",
    "the background judge's": "from dominoes_widget.sessions.background import _pool\n"
                              "pool = _pool()\n",
    "the background judge's, started from a thread": (
        "import os, threading\n"
        "from dominoes_widget.sessions.background import _pool\n"
        "starter = threading.Thread(target=lambda: _pool().submit(os.getpid).result()); starter.start(); starter.join()\n"
        "pool = _pool()\n"),
}


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
@pytest.mark.parametrize("started", PARENT)
def test_no_worker_outlives_its_parent_killed(started):
    script = PARENT[started] + "import os, sys, time\nprint(pool.submit(os.getpid).result(), flush=True)\ntime.sleep(600)\n"
    parent = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        worker = int(parent.stdout.readline())
        assert alive(worker)
    finally:
        parent.kill()
        parent.wait()
    outlived = not gone_within(worker, WAIT)
    if outlived:
        os.kill(worker, signal.SIGKILL)  # (left by this test: ended by it)
    assert not outlived, f"{started} worker {worker} outlived its parent"


def pause_is_set() -> bool:
    """In the background judge's worker: whether the kernel's pause flag (kept by its initializer) is set."""
    from dominoes_widget.sessions import background

    return background._PAUSE is not None and background._PAUSE.is_set()


def test_the_background_judges_worker_sees_the_pause_its_kernel_sets():
    from dominoes_widget.sessions import background

    pool = background._pool()
    assert pool.submit(pause_is_set).result(timeout=WAIT) is False
    background._PAUSE.set()
    try:
        assert pool.submit(pause_is_set).result(timeout=WAIT) is True  # the same event, not a copy
    finally:
        background._PAUSE.clear()
