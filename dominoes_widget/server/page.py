"""The page a seat's link opens: the Table's front end, fed by the seat's websocket
(``static/seat_page.js``, built from ``js/seat_page.js``)."""

from __future__ import annotations

from html import escape

__all__ = ["seat_page"]


def seat_page(lang: str, title: str, seat: str) -> str:
    """The HTML of a seat's page; its files are found next to it (``../../static/``), so the
    page works behind a proxy that serves the server under a path."""
    return f"""<!doctype html>
<html lang="{escape(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>{escape(title)} · {escape(seat)}</title>
<link rel="stylesheet" href="../../static/table.css">
<style>
body {{ margin: 0; padding: 12px; font-family: system-ui, sans-serif; color-scheme: light dark; }}
#dominoes-seat.dw-offline {{ opacity: 0.6; }}  /* the socket dropped: it reconnects on its own */
</style>
</head>
<body>
<div id="dominoes-seat" data-seat="{escape(seat)}"></div>
<script type="module" src="../../static/seat_page.js"></script>
</body>
</html>
"""
