"""The headers every answer of the table server carries, so that a seat's page, public on
the internet, runs only the server's own scripts, is framed by no other site, and passes
its link (the seat's key) to nobody.

The seat page loads ``static/table.js`` and ``static/seat_page.js`` from the server, sets
styles inline (the Table draws with ``style`` attributes), draws SVG with ``data:`` images
and talks to its own websocket (``'self'`` covers ``ws:``/``wss:`` of the same host).
"""

from __future__ import annotations

from typing import Protocol

__all__ = ["CONTENT_SECURITY_POLICY", "SECURITY_HEADERS", "add_security_headers"]

CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'self'",
])
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",  # the link is the key: never pass it on
}


class _Answer(Protocol):
    def set_header(self, name: str, value: str) -> None: ...


def add_security_headers(answer: _Answer) -> None:
    """Set :data:`SECURITY_HEADERS` on an answer (a tornado handler)."""
    for name, value in SECURITY_HEADERS.items():
        answer.set_header(name, value)
