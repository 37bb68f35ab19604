"""The pages a seat's link opens: the Table's front end, fed by the seat's websocket
(``static/seat_page.js``, built from ``js/seat_page.js``), or, once the table was closed,
a sentence saying so."""

from __future__ import annotations

from html import escape

from ..words.catalog import Voice
from ..page import html_page

__all__ = ["seat_page", "closed_page", "wrong_link_page", "watch_full_page", "fair_page", "preferred_lang", "page_html"]

_STYLE = """:root { color-scheme: light dark; }  /* the page around the table follows a dark system theme too */
body { margin: 0; padding: 12px; font-family: system-ui, sans-serif; background: Canvas; color: CanvasText; }
.dw-closed { max-width: 34rem; margin: 12vh auto 0; padding: 1rem 1.5rem; border: 1px solid #8884;
             border-radius: 10px; font-size: 1.05rem; line-height: 1.5; }
.dw-closed h1 { margin: 0 0 0.5rem; font-size: 1.4rem; }
.dw-closed p { margin: 0; }
.dw-fair-page { margin-top: 4vh; max-width: 40rem; }
.dw-fair-page h2 { font-size: 1.1rem; margin: 1rem 0 0.3rem; }
.dw-fair-page ul { margin: 0; padding-left: 1.3rem; }"""


def seat_page(lang: str, title: str, seat: str | None) -> str:
    """The HTML of a seat's page (``seat=None``: a watcher's); its files are found next to it
    (``../../static/``), so the page works behind a proxy that serves the server under a path."""
    head = """<link rel="stylesheet" href="../../static/table.css">
<style>
#dominoes-seat.dw-offline { opacity: 0.6; }  /* the socket dropped: it reconnects on its own */
.dw-watch-banner { margin: 0 0 8px; font-size: 0.95rem; opacity: 0.85; }  /* a watcher's page */
.dw-fair { margin: 6px 4px 0; font-size: 0.85rem; line-height: 1.4; opacity: 0.9; }
.dw-fair ul { list-style: none; margin: 0 0 2px; padding: 0; }
.dw-fair-ok { color: light-dark(#1b5e20, #a5d6a7); }
.dw-fair-warning { color: light-dark(#b71c1c, #ef9a9a); font-weight: 600; }
.dw-fair-note { margin: 0 0 2px; font-style: italic; }
.dw-fair a { color: inherit; }
</style>"""
    mark = f'data-seat="{escape(seat)}"' if seat is not None else 'data-watch="true"'
    body = f"""<div id="dominoes-seat" {mark}></div>
<aside id="dominoes-fair" class="dw-fair" hidden><ul class="dw-fair-list"></ul><p class="dw-fair-note" hidden></p>
<a href="../../fair" target="_blank" rel="noopener"></a></aside>
<script type="module" src="../../static/seat_page.js"></script>"""
    who = Voice(lang).name(seat) if seat is not None else Voice(lang)("message.watch_title")
    return page_html(lang, f"{escape(title)} · {escape(who)}", f"<style>{_STYLE}</style>\n{head}", body,
                     icons="../../")


def closed_page(voice: Voice) -> str:
    """The HTML a link to a closed table opens: a sentence saying so, in the table's language."""
    return _message_page(voice, "table_closed", "dominoes-closed")


def wrong_link_page(voice: Voice) -> str:
    """The HTML a wrong or cut-short link opens: what to do, and nothing about any table."""
    return _message_page(voice, "wrong_link", "dominoes-wrong-link")


def watch_full_page(voice: Voice, most: int) -> str:
    """The HTML a watch link opens while ``most`` watchers are at its table already."""
    title = escape(voice("message.watch_full_title"))
    return page_html(voice.lang, title, f"<style>{_STYLE}</style>", f"""<main class="dw-closed"><h1>{title}</h1>
<p id="dominoes-watch-full">{escape(voice("message.watch_full", most=most))}</p></main>""", icons="../../")


def fair_page(voice: Voice) -> str:
    """The HTML of "How do I know the deal is fair?": what the check proves and what it does not."""
    def say(key: str) -> str:
        return escape(voice(f"fair_page.{key}"))

    def listed(prefix: str, count: int) -> str:
        return "".join(f"<li>{say(f'{prefix}_{n}')}</li>" for n in range(1, count + 1))

    title = say("title")
    return page_html(voice.lang, title, f"<style>{_STYLE}</style>", f"""<main class="dw-closed dw-fair-page"><h1>{title}</h1>
<p>{say("intro")}</p>
<h2>{say("proves_title")}</h2><ul>{listed("proves", 3)}</ul>
<h2>{say("limits_title")}</h2><ul>{listed("limits", 5)}</ul></main>""", icons="")


def preferred_lang(accept_language: str | None) -> str:
    """The page language a browser asks for first among ours (``Accept-Language``), else English."""
    for part in (accept_language or "")[:200].split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in ("en", "vi"):
            return code
    return "en"


def _message_page(voice: Voice, key: str, element_id: str) -> str:
    title = escape(voice(f"message.{key}_title"))
    return page_html(voice.lang, title, f"<style>{_STYLE}</style>", f"""<main class="dw-closed"><h1>{title}</h1>
<p id="{element_id}">{escape(voice(f"message.{key}"))}</p></main>""", icons="../../")


def page_html(lang: str, title: str, head: str, body: str, *, icons: str) -> str:
    """A page of the server: ``title``, ``head`` and ``body`` are HTML already escaped;
    ``icons`` is the way from the page's address to the server's root, where the tab's icons
    are (``"../../"`` from ``/tables/<id>/seat``): the seat page swaps them on a turn."""
    icon = (f'<link rel="icon" type="image/svg+xml" href="{escape(icons)}favicon.svg" '
            f'data-turn="{escape(icons)}favicon-turn.svg">')
    return html_page(lang, title, f"{icon}\n{head}", body, meta='<meta name="referrer" content="no-referrer">')
