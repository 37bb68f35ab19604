"""How the table server takes connections, so that slow or greedy clients cannot take it down.

- A client has :data:`HEADER_TIMEOUT` seconds to send a request's line and headers (a kept-alive
  connection as long to start its next request), and :data:`BODY_TIMEOUT` seconds to send its
  body; then its connection is closed. A websocket, once upgraded, is no longer a request: no
  timeout applies to it.
- One address holds at most :data:`MAX_CONNECTIONS_PER_ADDRESS` connections at once (websockets
  included); a connection over it is answered 503 and closed at once.
- At start the soft limit of open files is raised to the hard one (:func:`raise_file_limit`).
- When ``accept()`` fails (no file descriptor left: ``EMFILE``), the failure is logged once,
  without a traceback; the listening socket rests a moment (the connections waiting stay in
  the queue) and the failures are counted, with a summary while they last and when they end.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import socket
import time
from typing import Any, Callable, Iterable

import tornado.httpserver
from tornado.ioloop import IOLoop
from tornado.iostream import IOStream

__all__ = ["GuardedHTTPServer", "Tally", "raise_file_limit", "HEADER_TIMEOUT", "BODY_TIMEOUT",
           "MAX_HEADER_BYTES", "MAX_CONNECTIONS_PER_ADDRESS", "SUMMARY_EVERY"]

log = logging.getLogger(__name__)

HEADER_TIMEOUT = 5.0
"""Seconds a client has to send a request's line and headers (or, kept alive, to start the next)."""
BODY_TIMEOUT = 10.0
"""Seconds a client has to send a request's body (a table request is under 1 KB)."""
MAX_HEADER_BYTES = 32 * 1024
"""The largest request line and headers read (a browser's are a few KB)."""
MAX_CONNECTIONS_PER_ADDRESS = 128
"""Connections one address may hold open at once: a class of 50 behind one address, each with a
websocket and a page loading, fits; one client cannot hold the server's file descriptors."""
SUMMARY_EVERY = 60.0
"""Seconds between two log lines about a failure that keeps repeating."""
QUIET = 2.0
"""Seconds without a failure after which a run of failures has ended (an accept may work
between two that fail, while the file descriptors are at their limit)."""
REST_FIRST, REST_MOST = 0.05, 1.0
"""Seconds the listening socket rests after a failed accept: doubled at each failure in a row."""
_REFUSAL = b"too many connections from one address (the server's limit)\n"
REFUSED = (b"HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n"
           b"Content-Length: %d\r\n\r\n%s" % (len(_REFUSAL), _REFUSAL))
"""What a connection over the per-address limit is sent before it is closed."""


class Tally:
    """A failure that may repeat thousands of times a second: logged the first time, then
    counted, with a summary at most every ``every`` seconds while it lasts and one when it ends."""

    def __init__(self, what: str, every: float = SUMMARY_EVERY, clock: Callable[[], float] = time.monotonic) -> None:
        self.what = what
        self.every = every
        self.clock = clock
        self.total = 0
        """Failures counted since the server started."""
        self.count = 0
        """Failures in the present run of them (0: none is under way)."""
        self._since = 0.0
        self._reported = 0.0
        self._reported_count = 0
        self.last = float("-inf")
        """When the last failure came (``clock`` seconds)."""

    def failed(self, first: str) -> None:
        """One more failure; ``first`` is the line logged when it starts a run of them."""
        now = self.clock()
        self.total += 1
        if self.count == 0:
            self._since = self._reported = now
            self._reported_count = 0
            log.warning("%s; the next are counted, not logged", first)
        self.count += 1
        self.last = now
        if now - self._reported >= self.every:
            log.warning("%s: %d more in the last %.0f s", self.what, self.count - self._reported_count - 1,
                        now - self._reported)
            self._reported, self._reported_count = now, self.count - 1

    def ended(self) -> None:
        """The failures stopped: say how many there were."""
        if self.count:
            log.warning("%s stopped: %d in %.1f s", self.what, self.count, self.clock() - self._since)
            self.count = 0


class GuardedHTTPServer(tornado.httpserver.HTTPServer):
    """Tornado's HTTP server with a cap per address on open connections (``max_per_address``,
    0: none) and an accept loop that rests instead of spinning when ``accept()`` fails."""

    def initialize(self, *args: Any, max_per_address: int = MAX_CONNECTIONS_PER_ADDRESS,
                   **kwargs: Any) -> None:
        super().initialize(*args, **kwargs)
        self.max_per_address = max_per_address
        self.accept_failures = Tally("failed accept() calls")
        self.refusals = Tally("connections refused over the per-address limit")
        self._open: dict[str, list[IOStream]] = {}
        self._accepted = 0
        self._ending: object | None = None

    # -- the cap per address ------------------------------------------------------------------------
    def handle_stream(self, stream: IOStream, address: Any) -> Any:
        if self.max_per_address:
            host = str(address[0]) if isinstance(address, tuple) and address else ""
            still = [held for held in self._open.get(host, ()) if not held.closed()]
            if len(still) >= self.max_per_address:
                self._open[host] = still
                self.refusals.failed(f"refused a connection from {host}: it holds {len(still)} "
                                     "(the per-address limit, --max-connections-per-address)")
                with contextlib.suppress(OSError):
                    stream.socket.send(REFUSED)
                stream.close()
                return None
            still.append(stream)
            self._open[host] = still
            self._accepted += 1
            if self._accepted % 1024 == 0:
                self._forget_closed()
        return super().handle_stream(stream, address)

    def _forget_closed(self) -> None:
        for host in list(self._open):
            still = [held for held in self._open[host] if not held.closed()]
            if still:
                self._open[host] = still
            else:
                del self._open[host]

    def open_connections(self, host: str) -> int:
        """Connections ``host`` holds open now."""
        return sum(not held.closed() for held in self._open.get(host, ()))

    # -- accepting ------------------------------------------------------------------------------------
    def add_sockets(self, sockets: Iterable[socket.socket]) -> None:
        # As tornado's own, with an accept handler that rests on a failure (tornado's raises,
        # and the loop logs a traceback and calls it again at once, as long as the failure lasts).
        for sock in sockets:
            self._sockets[sock.fileno()] = sock
            self._handlers[sock.fileno()] = self._accept_on(sock)

    def _accept_on(self, sock: socket.socket) -> Callable[[], None]:
        loop = IOLoop.current()
        state: dict[str, Any] = {"removed": False, "listening": True, "timer": None, "rest": REST_FIRST}

        def accept(fd: Any, events: int) -> None:
            for _ in range(128):  # (tornado's batch: other callbacks run between two batches)
                if state["removed"]:
                    return
                try:
                    connection, address = sock.accept()
                except BlockingIOError:
                    return
                except ConnectionAbortedError:
                    continue
                except OSError as error:
                    self._rest(error, loop, sock, state, accept)
                    return
                if self.accept_failures.count:
                    state["rest"] = REST_FIRST
                    self._end_failures_when_quiet(loop)
                self._handle_connection(connection, address)

        def remove() -> None:
            state["removed"] = True
            if state["timer"] is not None:
                loop.remove_timeout(state["timer"])
            if state["listening"]:
                loop.remove_handler(sock)

        loop.add_handler(sock, accept, IOLoop.READ)
        return remove

    def _end_failures_when_quiet(self, loop: IOLoop) -> None:
        """An accept worked after some failed: once none failed for :data:`QUIET` seconds, say
        how many did."""
        if self._ending is not None:
            return

        def look() -> None:
            quiet = time.monotonic() - self.accept_failures.last
            if quiet >= QUIET or not self.accept_failures.count:
                self._ending = None
                self.accept_failures.ended()
            else:
                self._ending = loop.call_later(QUIET - quiet, look)

        self._ending = loop.call_later(QUIET, look)

    def _rest(self, error: OSError, loop: IOLoop, sock: socket.socket, state: dict[str, Any],
              accept: Callable[[Any, int], None]) -> None:
        name = errno.errorcode.get(error.errno or 0, "an error")
        self.accept_failures.failed(f"accept() failed: {name} ({error.strerror}); new connections wait in the "
                                    "queue until it works again")
        loop.remove_handler(sock)
        state["listening"] = False

        def listen_again() -> None:
            state["timer"] = None
            if not state["removed"]:
                state["listening"] = True
                loop.add_handler(sock, accept, IOLoop.READ)

        state["timer"] = loop.call_later(state["rest"], listen_again)
        state["rest"] = min(REST_MOST, state["rest"] * 2)


def raise_file_limit() -> int | None:
    """Raise this process's soft limit of open files to its hard limit (at most 65,536 when
    the hard one is unlimited); the soft limit now (``None``: no such limit on this system)."""
    try:
        import resource
    except ImportError:  # Windows
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = 65_536 if hard == resource.RLIM_INFINITY else hard
    if soft != resource.RLIM_INFINITY and soft < want:
        for target in (want, 10_240):  # (macOS refuses more than OPEN_MAX)
            try:
                resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
                return target
            except (ValueError, OSError):
                continue
    return soft
