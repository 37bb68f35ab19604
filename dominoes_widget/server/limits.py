"""Every limit of the table server, in one place: what one client may ask for, and how often.

A request or message over a limit is refused with a reason naming it and changes nothing;
a browser's connection stays open (a frame over :data:`MAX_FRAME_BYTES`, tornado's own cap,
closes it). :class:`Limits` holds them for one server (``serve`` flags set some); the
module's constants are the defaults.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable

from .connections import BODY_TIMEOUT, HEADER_TIMEOUT, MAX_CONNECTIONS_PER_ADDRESS, MAX_HEADER_BYTES
from .safe_json import JsonLimits

__all__ = ["Limits", "MessageGate", "MAX_MESSAGE_BYTES", "MAX_FRAME_BYTES", "RATE", "BURST", "MAX_TABLES",
           "MAX_BODY_BYTES", "MAX_BROWSERS_PER_SEAT", "MAX_WATCHERS_PER_TABLE", "CREATE_RATE", "CREATE_BURST",
           "HEADER_TIMEOUT", "BODY_TIMEOUT", "MAX_HEADER_BYTES", "MAX_CONNECTIONS_PER_ADDRESS", "MAX_CLASSES",
           "MAX_STUDENTS_PER_CLASS", "JOIN_RATE", "JOIN_BURST", "CLASS_IDLE_DAYS", "CLOSED_CLASS_DAYS",
           "STUDENT_RATE", "STUDENT_BURST"]

MAX_MESSAGE_BYTES = 2048
"""The largest intent read; an intent is under 200 bytes."""
MAX_FRAME_BYTES = 64 * 1024
"""The largest websocket frame received at all; a larger one closes the connection (1009)."""
RATE = 10.0
BURST = 20
"""Messages a second a connection may send on average, and in a burst."""
MAX_TABLES = 5000
"""Tables open at once on one server."""
MAX_BODY_BYTES = 16 * 1024
"""The largest table request (``POST /api/tables``) read; one is under 1 KB."""
MAX_BROWSERS_PER_SEAT = 8
"""Browsers open at once on one seat's link."""
MAX_WATCHERS_PER_TABLE = 50
"""Browsers open at once on one table's watch link (a class watching one game)."""
CREATE_RATE = 20.0
CREATE_BURST = 20
"""Tables one client (one address) may set up a minute on average, and in a burst: one
client cannot fill the server's :data:`MAX_TABLES`."""
MAX_CLASSES = 500
"""Classes one server holds."""
MAX_STUDENTS_PER_CLASS = 60
"""Students one class takes."""
JOIN_RATE = 120.0
JOIN_BURST = 60
"""Students one address may join a minute, and at once: a whole class behind one school's
address joins in one go, and nobody fills a server's classes with names."""
STUDENT_RATE = RATE
STUDENT_BURST = 60
"""Requests a second one student's link may make on average (as a seat's messages), and at
once: a person clicks far slower; a program reading a whole class's deals fits the burst."""
CLASS_IDLE_DAYS = 14.0
"""A class nobody has used (no student's action, no teacher's look) for this long is closed:
a class that meets once a week lives on."""
CLOSED_CLASS_DAYS = 30.0
"""A closed class's results stay readable to its teacher this long, then it is forgotten."""


@dataclass(frozen=True)
class Limits:
    """The limits of one server (defaults: the module's constants)."""

    max_tables: int = MAX_TABLES
    max_body_bytes: int = MAX_BODY_BYTES
    max_message_bytes: int = MAX_MESSAGE_BYTES
    max_frame_bytes: int = MAX_FRAME_BYTES
    message_rate: float = RATE
    message_burst: int = BURST
    max_browsers_per_seat: int = MAX_BROWSERS_PER_SEAT
    max_watchers_per_table: int = MAX_WATCHERS_PER_TABLE
    create_rate: float = CREATE_RATE
    """Tables a minute per client; 0: no limit."""
    create_burst: int = CREATE_BURST
    header_timeout: float = HEADER_TIMEOUT
    """Seconds to send a request's line and headers (:mod:`.connections`)."""
    body_timeout: float = BODY_TIMEOUT
    max_header_bytes: int = MAX_HEADER_BYTES
    max_connections_per_address: int = MAX_CONNECTIONS_PER_ADDRESS
    """Connections one address holds open at once; 0: no limit (behind a proxy, every client
    has the proxy's address: the server then sets none)."""
    json: JsonLimits = field(default_factory=JsonLimits)
    """Depth, number length, string length and entries of the JSON of a request or a message."""
    max_classes: int = MAX_CLASSES
    """Classes one server holds (a class is set up with the host key, as a table)."""
    max_students_per_class: int = MAX_STUDENTS_PER_CLASS
    join_rate: float = JOIN_RATE
    """Students one client (one address) may join a minute on average; 0: no limit."""
    join_burst: int = JOIN_BURST
    student_rate: float = STUDENT_RATE
    """Requests a second one student's link may make on average (as a seat's messages); 0: no limit."""
    student_burst: int = STUDENT_BURST
    class_idle_days: float = CLASS_IDLE_DAYS
    closed_class_days: float = CLOSED_CLASS_DAYS


class MessageGate:
    """A token bucket per connection: ``refusal(size)`` is ``None`` for a message let through,
    else the catalog key and parameters of the reason it is not."""

    def __init__(self, rate: float = RATE, burst: int = BURST, clock: Callable[[], float] = time.monotonic,
                 max_bytes: int = MAX_MESSAGE_BYTES) -> None:
        self.rate = rate
        self.burst = burst
        self.max_bytes = max_bytes
        self._clock = clock
        self._tokens = float(burst)
        self._at = clock()

    def refusal(self, size: int) -> tuple[str, dict[str, object]] | None:
        if size > self.max_bytes:
            return "message.too_large", {"size": size, "limit": self.max_bytes}
        now = self._clock()
        self._tokens = min(float(self.burst), self._tokens + (now - self._at) * self.rate)
        self._at = now
        if self._tokens < 1:
            return "message.too_often", {"rate": f"{self.rate:g}"}
        self._tokens -= 1
        return None
