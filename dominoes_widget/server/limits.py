"""What one browser connection may send: messages no larger than a limit, and not too often.

A message over either limit is refused with a reason and changes nothing; the connection
stays open. (A message over tornado's own cap, :data:`MAX_FRAME_BYTES`, closes it.)
"""

from __future__ import annotations

import time
from typing import Callable

__all__ = ["MessageGate", "MAX_MESSAGE_BYTES", "MAX_FRAME_BYTES", "RATE", "BURST"]

MAX_MESSAGE_BYTES = 2048
"""The largest intent read; an intent is under 200 bytes."""
MAX_FRAME_BYTES = 64 * 1024
RATE = 10.0
BURST = 20
"""Messages a second a connection may send on average, and in a burst."""


class MessageGate:
    """A token bucket per connection: ``refusal(size)`` is ``None`` for a message let through,
    else the catalog key and parameters of the reason it is not."""

    def __init__(self, rate: float = RATE, burst: int = BURST, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._tokens = float(burst)
        self._at = clock()

    def refusal(self, size: int) -> tuple[str, dict[str, object]] | None:
        if size > MAX_MESSAGE_BYTES:
            return "message.too_large", {"size": size, "limit": MAX_MESSAGE_BYTES}
        now = self._clock()
        self._tokens = min(float(self.burst), self._tokens + (now - self._at) * self.rate)
        self._at = now
        if self._tokens < 1:
            return "message.too_often", {"rate": f"{self.rate:g}"}
        self._tokens -= 1
        return None
