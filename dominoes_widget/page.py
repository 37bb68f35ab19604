"""The one-file replay page: a replay as ONE self-contained HTML file.

The page holds, inline, the Replay's styles (``static/replay.css``), its front end as a
classic script (``static/standalone.js``, which runs the widget's own ``render`` over a
stand-in for the model) and the Replay's traits as a JSON payload: its ``view`` (the whole
record, every position, every sentence), the ``words``, the ``rules_text`` and where
to open. It fetches nothing, so it opens from a ``file://`` URL, offline, in any browser
(see ``js/PROTOCOL.md``, "The one-file replay page").

``Replay.to_html()`` / ``Replay.save_html(path)`` and
``python -m dominoes_widget html game.json`` write it.
"""

from __future__ import annotations

import base64
import gzip
import json
import os
import re
from collections.abc import Mapping
from html import escape
from pathlib import Path
from typing import Any

from .sessions.replay.wire import pack_data, unpack_data

__all__ = ["PAYLOAD_KEYS", "INLINE_LIMIT", "replay_page", "puzzles_page", "puzzles_page_state", "html_page", "script_json", "write_page", "page_state"]

STATIC = Path(__file__).resolve().parent / "static"
PAYLOAD_KEYS = ("view", "words", "rules_text", "report", "hand", "step", "speed", "mistakes_book")
"""The Replay's traits the page carries (and, with an analysis, every seat's exercises for Learn
from your mistakes, ``sessions/replay/mistakes.py``); the script gives any missing one its default."""

INLINE_LIMIT = 256 * 1024
"""A record's ``view`` up to this size (JSON, in bytes) stays readable in the page; above it,
it goes gzipped, in base64, as ``view_gzip`` (a 1,200-hand record: 7.7 MB of JSON, 1 MB so)."""

PAGE_STYLE = ("html { color-scheme: light dark; } "
              "body { margin: 0; padding: 12px; background: Canvas; color: CanvasText; "
              "font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; } "
              # the page is the replay's alone: it takes the window's width, and its line of play
              # the height the rest leaves (the felt's rows, the words, the controls and the margins: 286 px)
              "#dominoes-replay-view .dominoes-widget { max-width: none; "
              "--dw-line-height: max(276px, calc(100vh - 286px)); } "
              # with the whole match's chart open under the board, the line gives it its height
              "#dominoes-replay-view .dominoes-widget.dw-chart-wide { --dw-wide-chart-height: max(150px, 24vh); "
              "--dw-line-height: max(200px, calc(100vh - 294px - var(--dw-wide-chart-height))); }")


def script_json(value: Any) -> str:
    """``value`` as minified JSON that can sit inside ``<script type="application/json">``.

    ``</`` is written ``<\\/`` (so ``</script>`` in a comment cannot end the element),
    ``<!--`` as ``\\u003c!--`` (it would switch the HTML parser into its escaped script
    state) and U+2028/U+2029 as ``\\u2028``/``\\u2029``. All of them occur only inside
    JSON strings, where these escapes read back as the same text.
    """
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return (text.replace("</", "<\\/").replace("<!--", "\\u003c!--")
            .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))


def _inline(name: str, closing: str) -> str:
    """A built file of ``static/``, checked to be safe inside its element."""
    path = STATIC / name
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise FileNotFoundError(f"{path} is missing: build the front end (npm run build, or pip install .)") from None
    if re.search(f"</{closing}|<!--", text, re.IGNORECASE):
        raise RuntimeError(f"{path} holds </{closing} or <!--, which would end the page's <{closing}> early")
    return text


def replay_page(payload: Mapping[str, Any], *, title: str | None = None, inline_limit: int = INLINE_LIMIT) -> str:
    """The page's HTML for ``payload``, a Replay's traits (:data:`PAYLOAD_KEYS`; others are ignored).

    A ``view`` larger than ``inline_limit`` bytes of JSON is stored gzipped (the page's
    script unpacks it with the browser's ``DecompressionStream``).

    ``title`` is the page's title; by default the rules' name and the words' name for a
    replay ("Six Love: Replay of a recorded match").
    """
    state = {key: payload[key] for key in PAYLOAD_KEYS if key in payload}
    data = state.get("view") or {}
    words = state.get("words") or {}
    state["view"] = wire = pack_data(data)  # as the widget syncs it (sessions/replay/wire.py)
    packed = json.dumps(wire, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode("utf-8")
    if len(packed) > inline_limit:
        del state["view"]
        state["view_gzip"] = base64.b64encode(gzip.compress(packed, compresslevel=9, mtime=0)).decode("ascii")
    if title is None:
        title = ": ".join(part for part in (data.get("title"), words.get("replay")) if part) or "Replay"
    lang = data.get("lang") or "en"
    css = _inline("replay.css", "style")
    script = _inline("standalone.js", "script")
    head = f"""<style>{PAGE_STYLE}</style>
<style>
{css}</style>"""
    body = f"""<div id="dominoes-replay-view"></div>
<script type="application/json" id="dominoes-replay">{script_json(state)}</script>
<script>
{script}</script>"""
    return html_page(lang, escape(title), head, body, meta='<meta name="generator" content="dominoes_widget">')


def html_page(lang: str, title: str, head: str, body: str, *, meta: str = "") -> str:
    """A page of this package (the one-file replay, the table server's): ``title``, ``head``,
    ``body`` and ``meta`` (tags beside the charset and viewport) are HTML already escaped."""
    return f"""<!doctype html>
<html lang="{escape(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
{meta}
<title>{title}</title>
{head}
</head>
<body>
{body}
</body>
</html>
"""


def write_page(path: str | os.PathLike[str], payload: Mapping[str, Any], *, title: str | None = None,
               inline_limit: int = INLINE_LIMIT) -> Path:
    """Write :func:`replay_page` to ``path`` (UTF-8); the path written."""
    path = Path(path)
    path.write_text(replay_page(payload, title=title, inline_limit=inline_limit), encoding="utf-8")
    return path


def page_state(html: str) -> dict[str, Any]:
    """The Replay's traits a page holds (its ``view`` unzipped when it was stored gzipped, and read
    back from its packed form)."""
    found = re.search(r'<script type="application/json" id="dominoes-replay">(.*?)</script>', html, re.DOTALL)
    if found is None:
        raise ValueError("not a replay page: it has no dominoes-replay payload")
    state: dict[str, Any] = json.loads(found.group(1))
    if "view_gzip" in state:
        state["view"] = json.loads(gzip.decompress(base64.b64decode(state.pop("view_gzip"))))
    if "view" in state:
        state["view"] = unpack_data(state["view"])
    return state


PUZZLES_STYLE = ("html { color-scheme: light dark; } "
                 "body { margin: 0; padding: 8px; background: Canvas; color: CanvasText; "
                 "font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; } "
                 "#dominoes-puzzles-view .dominoes-widget { max-width: 1100px; margin: 0 auto; }")


def puzzles_page(session: Any, *, title: str | None = None) -> str:
    """The one-file puzzles page of ``session`` (a :class:`~dominoes_widget.sessions.puzzles.PuzzleSession`):
    every puzzle's card precomputed here, the front end (``static/puzzles.css``, ``static/puzzle_page.js``)
    inline, and the answers checked in the browser by the same steps as the session's."""
    from .words.catalog import ui_words

    state = {"setup": session.setup(), "words": ui_words(session.lang)}
    words = state["words"]
    title = title or words.get("puzzles", "Puzzles")
    head = f"""<style>{PUZZLES_STYLE}</style>
<style>
{_inline("puzzles.css", "style")}</style>"""
    body = f"""<div id="dominoes-puzzles-view"></div>
<script type="application/json" id="dominoes-puzzles">{script_json(state)}</script>
<script>
{_inline("puzzle_page.js", "script")}</script>"""
    return html_page(session.lang, escape(title), head, body, meta='<meta name="generator" content="dominoes_widget">')


def puzzles_page_state(html: str) -> dict[str, Any]:
    """The payload a puzzles page holds: ``{"setup": ..., "words": ...}``."""
    found = re.search(r'<script type="application/json" id="dominoes-puzzles">(.*?)</script>', html, re.DOTALL)
    if found is None:
        raise ValueError("not a puzzles page: it has no dominoes-puzzles payload")
    return json.loads(found.group(1))
