"""Who may do what on the table server: the host key that guards setting up tables, how
often one client may set them up, and which pages may open a seat's websocket.

A seat's link is the key to its seat (:mod:`.shared_table`); setting up a table needs the
host key when the server has one (``serve --host-key``, or one made at start when it
listens beyond loopback). One client is one address: the socket's peer, or, behind a
proxy the host names (``serve --behind-proxy``), the address the proxy forwards.
"""

from __future__ import annotations

import hmac
import ipaddress
import math
import secrets
import time
from typing import Callable, Iterable
from urllib.parse import urlsplit

__all__ = ["HostKey", "CreationGate", "new_host_key", "is_loopback", "origin_of", "origin_allowed",
           "MAX_CLIENTS_KEPT"]

MAX_CLIENTS_KEPT = 10_000
"""Clients whose creation rate is remembered at once; beyond it the ones back at a full
bucket are forgotten (they would be let in anyway), then the longest known."""


def new_host_key() -> str:
    """A fresh host key: 192 random bits, URL-safe text."""
    return secrets.token_urlsafe(24)


def is_loopback(host: str) -> bool:
    """Whether ``host`` (an address to listen on) is reachable from this machine only."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class HostKey:
    """The key that sets up tables (``None``: anyone who reaches the server may)."""

    def __init__(self, key: str | None) -> None:
        if key is not None and not key.strip():
            raise ValueError("a host key is some text, not an empty one")
        self.key = key

    @property
    def required(self) -> bool:
        """Whether setting up a table needs the key."""
        return self.key is not None

    def admits(self, authorization: str | None) -> bool:
        """Whether an ``Authorization`` header's value carries the key (``Bearer KEY``),
        compared in constant time."""
        if self.key is None:
            return True
        scheme, _, given = (authorization or "").partition(" ")
        return scheme.lower() == "bearer" and hmac.compare_digest(given.strip().encode(), self.key.encode())


class CreationGate:
    """A token bucket per client: ``per_minute`` tables a minute on average, ``burst`` at once.

    ``wait(client)`` takes a token and is ``None``, or is the whole seconds until one is there
    (a ``Retry-After``). ``per_minute=0`` lets everything in.
    """

    def __init__(self, per_minute: float, burst: int, clock: Callable[[], float] = time.monotonic,
                 max_clients: int = MAX_CLIENTS_KEPT) -> None:
        self.rate = per_minute / 60.0
        self.burst = max(1, burst)
        self.clock = clock
        self.max_clients = max_clients
        self._buckets: dict[str, tuple[float, float]] = {}  # client → (tokens, when counted)

    def wait(self, client: str) -> int | None:
        if self.rate <= 0:
            return None
        now = self.clock()
        tokens, at = self._buckets.get(client, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - at) * self.rate)
        if tokens < 1:
            self._buckets[client] = (tokens, now)
            return max(1, math.ceil((1 - tokens) / self.rate))
        self._buckets[client] = (tokens - 1, now)
        if len(self._buckets) > self.max_clients:
            self._forget(now)
        return None

    def _forget(self, now: float) -> None:
        full = [client for client, (tokens, at) in self._buckets.items()
                if tokens + (now - at) * self.rate >= self.burst]
        for client in full:
            del self._buckets[client]
        for client in list(self._buckets)[: max(0, len(self._buckets) - self.max_clients)]:
            del self._buckets[client]


def origin_of(url: str) -> str:
    """The origin (``scheme://host:port``, lower case) of an address."""
    parts = urlsplit(url.strip())
    return f"{parts.scheme}://{parts.netloc}".lower()


def origin_allowed(origin: str, host: str, own: Iterable[str]) -> bool:
    """Whether a websocket may be opened from a page of ``origin``: one the request's
    ``host`` serves (the seat page's own), or one of ``own`` (the links' base, the origins
    the host allowed)."""
    origin = origin.strip().lower()
    netloc = urlsplit(origin).netloc
    return bool(netloc) and (netloc == host.lower() or origin in {origin_of(o) for o in own})
