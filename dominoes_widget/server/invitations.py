"""The invitation to a table: each seat's link with a copy button and a QR code for a phone.

The links page a host reaches after starting a table from the home page, and the links
``table.share()`` shows in a notebook, are this one picture. Its address carries an
*invite token* made from every seat's token (:func:`invite_token`): whoever holds it could
open every seat anyway, and it needs no column of its own in the store.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from dataclasses import dataclass
from html import escape
from typing import Iterable, Mapping
from urllib.parse import urlsplit

import segno

from ..words.catalog import Voice
from .access import is_loopback

__all__ = ["Invitation", "SeatLink", "invite_token", "qr_svg", "invitation_html", "loopback_host", "loopback_warning",
           "SERVE_ON_NETWORK", "SHARE_ON_NETWORK", "NOTEBOOK_STYLE"]

SERVE_ON_NETWORK = "python -m dominoes_widget serve --host 0.0.0.0"
"""The command that serves tables to the other machines of the network (with a host key)."""
SHARE_ON_NETWORK = 'table.share(host="0.0.0.0")'
"""The same from a notebook."""

_INVITE_KEY = b"dominoes-invite-1"


def invite_token(table_id: str, tokens: Mapping[str, str]) -> str:
    """The token of a table's links page: a keyed hash of all its seat tokens (hex, 32 digits).
    It reveals no seat's token, and changes if any of them does."""
    message = "|".join([table_id, *(f"{seat}={tokens[seat]}" for seat in sorted(tokens))])
    return hmac.new(_INVITE_KEY, message.encode(), hashlib.sha256).hexdigest()[:32]


def qr_svg(url: str, *, title: str = "") -> str:
    """A QR code of ``url`` as an inline SVG element: dark modules on white, whatever the page's
    theme (a phone's camera reads it in both), sized by the page (``viewBox``, no width)."""
    code = segno.make(url, error="m", micro=False)
    svg = code.svg_inline(scale=1, border=2, dark="#000", light="#fff", omitsize=True,
                          svgclass="dw-qr", lineclass=None, title=title or None)
    return str(svg)


@dataclass(frozen=True)
class SeatLink:
    """One person's seat on an invitation: ``label`` says whose it is (``"Ana (South)"``)."""

    seat: str
    label: str
    url: str


@dataclass(frozen=True)
class Invitation:
    """What a host hands out: each person's seat link, the watch link and the record link."""

    title: str
    seats: tuple[SeatLink, ...]
    watch: str | None = None
    record: str | None = None

    @classmethod
    def of(cls, title: str, links: Mapping[str, str], voice: Voice, names: Mapping[str, str],
           *, watch: str | None = None, record: str | None = None) -> "Invitation":
        """The invitation of ``links`` (seat → URL), labelled with the seats' names in ``voice``."""
        def label(seat: str) -> str:
            name = names.get(seat)
            return voice("name.named", who=name, seat=voice.name(seat)) if name else voice.name(seat)
        return cls(title, tuple(SeatLink(seat, label(seat), url) for seat, url in links.items()), watch, record)


def loopback_host(urls: Iterable[str]) -> str | None:
    """The host of the first of ``urls`` that only this machine can open (``127.0.0.1``,
    ``localhost``, ``::1``), else ``None``: a phone scanning such a link reaches nothing."""
    for url in urls:
        host = urlsplit(url).hostname
        if host and is_loopback(host):
            return host
    return None


def loopback_warning(host: str, voice: Voice, *, notebook: bool = False, before_links: bool = False) -> str:
    """HTML saying the links open on this machine only, and how to serve them on the network
    (``notebook``: the notebook's ``share``, else the ``serve`` command with its host key;
    ``before_links``: said of the links a table started here will get)."""
    said = voice("home.loopback_home" if before_links else "home.loopback_warning", host=host)
    how = voice("home.loopback_how_notebook" if notebook else "home.loopback_how", command="\x00", option="\x01")
    codes = {"\x00": SHARE_ON_NETWORK if notebook else SERVE_ON_NETWORK, "\x01": "--host-key"}
    # the words are escaped, the command and the option set in <code>, broken only between words
    parts = [_code(codes[part]) if part in codes else escape(part) for part in re.split("([\x00\x01])", how)]
    return f'<div class="dw-loopback" role="note"><p>{escape(said)}</p><p>{"".join(parts)}</p></div>'


def _code(text: str) -> str:
    return "<code>" + " ".join(f'<span class="dw-nowrap">{escape(word)}</span>' for word in text.split(" ")) + "</code>"


def invitation_html(invitation: Invitation, voice: Voice, *, copy_buttons: bool = True,
                    intro: str | None = None, notebook: bool = False) -> str:
    """The invitation as HTML (a ``<section>``): a card per seat with its link, a copy button
    (``copy_buttons``; a page's script makes them work) and a QR code, then the watch and record
    links; links only this machine can open come with a warning saying how to serve on the
    network (``notebook``: from a notebook). Every text is escaped; the QR codes are made here,
    nothing is loaded from outside."""
    cards = "".join(_card(voice, "seat", link.label, link.url, copy_buttons, link.seat)
                    for link in invitation.seats)
    extra = ""
    if invitation.watch:
        extra += _card(voice, "watch", voice("home.watch_link"), invitation.watch, copy_buttons, "watch")
    if invitation.record:
        extra += (f'<p class="dw-invite-record">{escape(voice("home.record_link_intro"))} '
                  f'<a href="{escape(invitation.record)}" target="_blank" rel="noreferrer">'
                  f'{escape(voice("home.record_link"))}</a></p>')
    intro_html = f'<p class="dw-invite-intro">{escape(intro)}</p>' if intro else ""
    host = loopback_host([link.url for link in invitation.seats] + [invitation.watch or ""])
    warning = loopback_warning(host, voice, notebook=notebook) if host else ""
    return (f'<section class="dw-invitation" aria-label="{escape(voice("home.links_title"))}">{intro_html}{warning}'
            f'<ul class="dw-invite-cards">{cards}</ul>{extra}</section>')


def _card(voice: Voice, kind: str, label: str, url: str, copy_button: bool, key: str) -> str:
    button = (f'<button type="button" class="dw-copy" data-copy="{escape(url)}">{escape(voice("home.copy"))}</button>'
              if copy_button else "")
    qr = qr_svg(url, title=voice("home.qr_title", who=label))
    tag = "li" if kind == "seat" else "div"
    return (f'<{tag} class="dw-invite-card dw-invite-{kind}" data-seat="{escape(key)}">'
            f'<div class="dw-invite-text"><h2>{escape(label)}</h2>'
            f'<input class="dw-link" type="text" readonly value="{escape(url)}" aria-label="{escape(voice("home.link_of", who=label))}">'
            f'<div class="dw-invite-actions">{button}'
            f'<a class="dw-open" href="{escape(url)}" target="_blank" rel="noreferrer">{escape(voice("home.open"))}</a></div></div>'
            f'<div class="dw-qr-box">{qr}</div></{tag}>')



NOTEBOOK_STYLE = """.dw-invitation .dw-invite-cards { list-style: none; margin: 0; padding: 0; display: grid; gap: 10px;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 380px), 1fr)); }
.dw-invitation .dw-invite-card { display: flex; gap: 10px; align-items: center; padding: 10px;
  border: 1px solid var(--jp-border-color1, #8886); border-radius: 8px; }
.dw-invitation .dw-invite-text { flex: 1; min-width: 0; display: flex; flex-direction: column; gap: 6px; }
.dw-invitation h2 { margin: 0; font-size: 1em; }
.dw-invitation .dw-link { width: 100%; font-family: var(--jp-code-font-family, monospace); font-size: 0.85em; }
.dw-invitation .dw-qr-box { flex: none; width: 120px; height: 120px; }
.dw-invitation .dw-qr { width: 100%; height: 100%; }
.dw-invitation .dw-loopback { margin: 0 0 10px; padding: 6px 10px; border-left: 4px solid var(--jp-warn-color1, #e08600); }
.dw-invitation .dw-loopback p { margin: 4px 0; }
.dw-invitation .dw-loopback .dw-nowrap { white-space: nowrap; }"""
"""The invitation's look in a notebook, where the server's page style is not loaded."""
