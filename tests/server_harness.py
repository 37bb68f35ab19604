"""Helpers for the table server's tests and benchmark: a server in this process or in a
child process (``python -m dominoes_widget serve``), scripted websocket seats, and a person
playing on a seat page in the browser (:func:`play_seat`).

Used by ``tests/test_server*.py``, the browser tests of served pages and ``benchmarks/server_load.py``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, AsyncIterator, Callable

import tornado.httpclient
import tornado.websocket

ROOT = Path(__file__).resolve().parent.parent
WAIT = 20.0
"""The longest any test waits for a frame it expects (a condition, never a fixed sleep)."""
DEAL_KEY = b"the test servers' deal key"
"""The secret the servers the tests start key seeded tables with (a server makes its own
otherwise), so that a seed deals the same in every run."""
STOP_WAIT = 60.0
"""The longest a test waits for a server to exit once told to: it bounds a hang only (on two
loaded cores a server still starting its bot workers took over 10 s to end)."""


def socket_url(link: str) -> str:
    """The websocket address of a seat's link or a watch link (as js/seat_page.js computes it)."""
    return link.replace("http://", "ws://", 1).replace("/seat?", "/socket?", 1).replace("/watch?", "/socket?", 1)


async def request(url: str, body: Any = None, method: str | None = None,
                  raw: bytes | None = None, headers: dict[str, str] | None = None) -> tuple[int, Any]:
    """``(status, JSON body)`` of a request; a body makes it a POST."""
    status, text, _ = await answer(url, body, method, raw, headers)
    try:
        return status, json.loads(text)
    except json.JSONDecodeError:
        return status, text


async def answer(url: str, body: Any = None, method: str | None = None, raw: bytes | None = None,
                 headers: dict[str, str] | None = None) -> tuple[int, str, Any]:
    """``(status, text, headers)`` of a request; a body makes it a POST."""
    client = tornado.httpclient.AsyncHTTPClient()
    data = raw if raw is not None else (json.dumps(body) if body is not None else None)
    response = await client.fetch(url, method=method or ("POST" if data is not None else "GET"), body=data,
                                  headers=headers, raise_error=False, allow_nonstandard_methods=True)
    return response.code, response.body.decode(errors="replace") if response.body else "", response.headers


async def until(condition: Callable[[], Any], what: str, timeout: float = WAIT) -> Any:
    """Wait (the loop running meanwhile) until ``condition()``, about the server's own state, is
    true; its value."""
    deadline = time.monotonic() + timeout
    while not (found := condition()):
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not within {timeout} s")
        await asyncio.sleep(0.01)
    return found


class Clock:
    """A clock the test moves by hand (``clock.advance(seconds)``), for a server's idle times."""

    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@contextlib.asynccontextmanager
async def local_server(db: str | Path | None = None, **options: Any) -> AsyncIterator[tuple[str, Any]]:
    """A table server in this process on a free port: ``(base URL, TableServer)``; ``options``
    go to :class:`~dominoes_widget.server.TableServer` (``clock``, ``idle_hours`` ...;
    ``deal_key=None``: the store's own, not :data:`DEAL_KEY`)."""
    from dominoes_widget.server import MemoryStore, SqliteStore, TableServer, start

    options.setdefault("deal_key", DEAL_KEY)
    store = options.pop("store", None) or (SqliteStore(db) if db else MemoryStore())
    table_server, http, port = start("127.0.0.1", 0, server=TableServer(store, **options))
    try:
        yield f"http://127.0.0.1:{port}", table_server
    finally:
        http.stop()
        await http.close_all_connections()
        table_server.close()


class Seat:
    """One browser at one seat: every frame it receives, in order (parsed).

    As a seat page does, it sends a client seed while the table's first hand waits for the
    players' seeds (phase ``dealing``), unless opened with ``first_seed=False``; later
    commitments get a seed only when the test sends one.
    """

    def __init__(self, socket: tornado.websocket.WebSocketClientConnection, seat: str,
                 first_seed: bool = True) -> None:
        self.socket = socket
        self.seat = seat
        self.first_seed = first_seed
        self._seeded: set[str] = set()
        self.frames: list[dict[str, Any]] = []
        self.view: dict[str, Any] = {}
        self.closed = asyncio.Event()
        self._arrived = asyncio.Event()
        self._reader = asyncio.ensure_future(self._read())

    @classmethod
    async def open(cls, link: str, seat: str = "", headers: dict[str, str] | None = None,
                   first_seed: bool = True) -> "Seat":
        target = tornado.httpclient.HTTPRequest(socket_url(link), headers=headers)
        socket = await tornado.websocket.websocket_connect(target)
        socket.protocol.set_nodelay(True)  # as browsers do: a small frame goes out at once
        return cls(socket, seat, first_seed)

    async def _read(self) -> None:
        while True:
            text = await self.socket.read_message()
            if text is None:
                self.closed.set()
                self._arrived.set()
                return
            frame = json.loads(text)
            if frame.get("type") == "state":
                self.view = frame["view"]
                self._seed_first_hand()
            self.frames.append(frame)
            self._arrived.set()

    def _seed_first_hand(self) -> None:
        upcoming = (self.view.get("fair") or {}).get("next")
        if (self.first_seed and self.view.get("phase") == "dealing" and self.view.get("viewer") and upcoming
                and not upcoming.get("my_seed") and upcoming["commitment"] not in self._seeded):
            self._seeded.add(upcoming["commitment"])
            self.send({"type": "seed", "seed": f"harness-{self.seat or 'x'}"})

    def send(self, content: Any) -> None:
        self.socket.write_message(content if isinstance(content, str) else json.dumps(content))

    async def until(self, condition: Callable[["Seat"], Any], timeout: float = WAIT) -> Any:
        """Wait until ``condition(self)`` is true (re-checked on every frame); its value."""
        deadline = time.monotonic() + timeout
        while True:
            found = condition(self)
            if found:
                return found
            if self.closed.is_set():
                raise AssertionError(f"seat {self.seat}'s socket closed while waiting")
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"seat {self.seat}: nothing came within {timeout} s; last view "
                                     f"{self.view.get('status')!r}")
            self._arrived.clear()
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._arrived.wait(), left)

    def messages(self, kind: str) -> list[dict[str, Any]]:
        return [f for f in self.frames if f.get("type") == kind]

    def close(self) -> None:
        self.socket.close()
        self._reader.cancel()


def spawn_server(db: str | Path | None = None, port: int = 0, *options: str,
                 **popen: Any) -> tuple[subprocess.Popen, str]:
    """``python -m dominoes_widget serve`` in a child process: ``(process, base URL)`` once it
    printed its ``serving`` line (``port=0``: a free port); ``popen`` goes to ``Popen``
    (``stderr=`` a file, ``preexec_fn=`` ...). It keys seeded tables with :data:`DEAL_KEY`."""
    command = [sys.executable, "-m", "dominoes_widget", "serve", "--port", str(port), *options]
    command += ["--db", str(db)] if db else []
    process = subprocess.Popen(command, **{"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, "text": True,
                                           "env": {**os.environ, "PYTHONPATH": str(ROOT),
                                                   "DOMINOES_DEAL_KEY": DEAL_KEY.decode()}, **popen})
    assert process.stdout is not None
    line = process.stdout.readline().strip()
    if not line.startswith("serving http://"):
        process.kill()
        raise AssertionError(f"the server said {line!r}; stderr: {process.stderr.read() if process.stderr else ''}")
    return process, line.removeprefix("serving ").rstrip("/")


def free_port() -> int:
    """A port of 127.0.0.1 nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def stop_server(process: subprocess.Popen, kill: bool = False) -> None:
    """Stop a server from :func:`spawn_server`: SIGTERM, or SIGKILL with ``kill`` (as a crash)."""
    if kill:
        process.kill()
    else:
        process.terminate()
    process.wait(timeout=STOP_WAIT)
    for pipe in (process.stdout, process.stderr):
        if pipe is not None:
            pipe.close()


# A person at a seat page who plays the first legal move (or picks the first leader) at each of
# their turns. Each position is answered once, and no sooner than ``pace_ms`` after the last answer:
# a person cannot click faster, and the server drops messages over its rate (10 a second), so a
# loop that answered the same position twice, or raced a bot at bot_delay 0, lost its own move.
# It stops at a refusal or an error said to the page, or when no new position comes for ``wait_ms``.
_PLAY_SEAT = """async ({hand, paceMs, waitMs}) => {
  const model = window.dominoesSeat;
  const position = (v) => JSON.stringify([v.hand_number, v.phase, v.moves?.length, v.turn, v.legal,
                                          v.leader_choices?.length]);
  let said = null;
  const hear = (message) => { if (message?.type === 'refused' || message?.type === 'error') said = message; };
  model.on('msg:custom', hear);
  let answered = null, answeredAt = -Infinity;
  try {
    for (let step = 0; step < 2000; step++) {
      const view = model.get('view') ?? {};
      const over = view.phase === 'hand_over' || view.phase === 'match_over';
      if (over && (hand === null || view.hand_number === hand)) return view.phase;
      const here = position(view);
      const moved = new Promise((resolve) => {  // a new position, or words said to the page
        const check = () => { if (said || position(model.get('view') ?? {}) !== here) done(true); };
        const done = (seen) => { clearTimeout(timer); model.off('change:view', check); model.off('msg:custom', check);
                                 resolve(seen); };
        const timer = setTimeout(() => done(false), waitMs);
        model.on('change:view', check);
        model.on('msg:custom', check);
      });
      const intent = view.legal?.length
        ? {type: 'move', move: view.legal[0], hand: view.hand_number, ply: view.moves.length}
        : view.leader_choices?.length ? {type: 'choose_leader', seat: view.leader_choices[0].seat} : null;
      if (intent && answered !== here) {
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, answeredAt + paceMs - performance.now())));
        answered = here;
        answeredAt = performance.now();
        model.send(intent);
      }
      if (!await moved) return `no new position for ${waitMs / 1000} s after ${view.moves?.length} moves in ${view.phase}: ${view.status}`;
      if (said) return `the page was told (${said.reason ?? said.type}): ${said.message}`;
    }
    return 'unfinished after 2000 positions';
  } finally {
    model.off('msg:custom', hear);
  }
}"""


def play_seat(page: Any, hand: int | None = None, pace_ms: int = 110, wait_ms: int = 30_000) -> str:
    """The person at ``page``'s seat (``window.dominoesSeat``) plays the first legal move at each
    turn until a hand ends (``hand``: that hand): its phase then, else what stopped it."""
    return page.evaluate(_PLAY_SEAT, {"hand": hand, "paceMs": pace_ms, "waitMs": wait_ms})

