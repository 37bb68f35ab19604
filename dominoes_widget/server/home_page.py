"""The server's home page (``/``): a short form that starts a table, and the links page it
leads to (``/tables/<id>/invite?token=``), in English and Vietnamese.

The form is drawn here from the rules' own facts (the games, the seats in play for each
number of players, the bots); ``static/home_page.js`` only shows the seats in play, sends
the request to ``POST /api/tables`` and goes to the links page; the server checks it.
"""

from __future__ import annotations

from html import escape
from typing import Any

from ..studies.bots import bot_names
from ..words.catalog import LANGUAGES, Voice
from ..words.explanations import bot_label
from ..sessions.table.options import HUMAN, table_options
from .invitations import Invitation, invitation_html, loopback_host, loopback_warning
from ..words.svg import FELT, FELT_EDGE, INK, INK_DIM
from ..page import script_json
from .page import page_html

__all__ = ["form_facts", "home_page", "invite_page", "LANG_NAMES"]

LANG_NAMES = {"en": "English", "vi": "Tiếng Việt"}
"""Each catalog's language in its own words (the language switch)."""
ALL_SEATS = ("N", "E", "S", "W")
DEFAULT_BOT = "strong"
PERSON_SEAT = "S"


def form_facts(lang: str) -> dict[str, Any]:
    """What the form offers, from the rules: each game's player counts and seats in play,
    the bots, the languages. The page's script reads it to show the seats in play."""
    voice = Voice(lang)
    games = []
    for game, counts in (("six_love", (4,)), ("straight_six", (4,)), ("vietnamese", (2, 3, 4))):
        seats = {str(n): list(table_options(game, {"players": n} if game == "vietnamese" else {}).rules.seats)
                 for n in counts}
        games.append({"id": game, "players": list(counts), "seats": seats,
                      "target": table_options(game, {}).rules.target})
    bots = [{"id": name, "label": bot_label(voice, name)} for name in bot_names()]
    return {"games": games, "bots": bots, "langs": list(LANGUAGES), "person": HUMAN,
            "default_bot": DEFAULT_BOT, "person_seat": PERSON_SEAT}


def home_page(lang: str, *, needs_key: bool, links_at: str | None = None) -> str:
    """The HTML of the home page in ``lang``; ``needs_key``: the server asks for its host key;
    ``links_at``: the address the tables' links will start with (one on loopback is warned of)."""
    voice = Voice(lang)
    facts = form_facts(lang)
    t = lambda key, **params: escape(voice(f"home.{key}", **params))  # noqa: E731 - the page's many words
    game_choices = "".join(
        f'<label class="dw-choice"><input type="radio" name="game" value="{g["id"]}"'
        f'{" checked" if g["id"] == "six_love" else ""}> <span><b>{escape(_game_name(voice, g["id"]))}</b>'
        f'<small>{t("game_" + g["id"] + "_about")}</small></span></label>' for g in facts["games"])
    players = "".join(f'<option value="{n}"{" selected" if n == 4 else ""}>{n}</option>' for n in (2, 3, 4))
    who_options = (f'<option value="{HUMAN}">{t("person")}</option>'
                   + "".join(f'<option value="{escape(b["id"])}">{escape(b["label"])}</option>' for b in facts["bots"]))
    rows = "".join(_seat_row(voice, seat, who_options) for seat in ALL_SEATS)
    langs = "".join(f'<option value="{code}" lang="{code}"{" selected" if code == lang else ""}>{escape(LANG_NAMES.get(code, code))}</option>'
                    for code in LANGUAGES)
    current = ' aria-current="page"'
    switch = " · ".join(f'<a href="?lang={code}" hreflang="{code}" lang="{code}"{current if code == lang else ""}>'
                        f'{escape(LANG_NAMES.get(code, code))}</a>' for code in LANGUAGES)
    body = f"""<header class="dw-home-head"><div class="dw-home-bar"><div><h1>{t("title")}</h1><p>{t("tagline")}</p></div>
<nav class="dw-langs" aria-label="{t("language")}">{switch}</nav></div></header>
<main class="dominoes-widget dw-home">
{_loopback_note(voice, links_at)}<form id="dw-new-table" class="dw-home-form" novalidate>
<fieldset class="dw-games"><legend>{t("game")}</legend>{game_choices}</fieldset>
<div class="dw-row">
<label class="dw-field" id="dw-players-field" hidden>{t("players")} <select name="players">{players}</select></label>
<label class="dw-field">{t("target")} <input type="number" name="target" min="1" max="1000" step="1" inputmode="numeric" value="6"
 aria-describedby="dw-target-hint"></label>
<label class="dw-field">{t("language")} <select name="lang">{langs}</select></label>
</div>
<p class="dw-hint" id="dw-target-hint" data-partnership="{t("target_hint_partnership")}" data-vietnamese="{t("target_hint_vietnamese")}">{t("target_hint_partnership")}</p>
<fieldset class="dw-seats"><legend>{t("seats")}</legend>
<p class="dw-hint">{t("seats_hint")}</p>
<table><thead><tr><th scope="col">{t("seat")}</th><th scope="col">{t("who")}</th><th scope="col">{t("name")}</th></tr></thead>
<tbody>{rows}</tbody></table></fieldset>
<div class="dw-key" id="dw-key"{"" if needs_key else " hidden"}>
<label class="dw-field">{t("host_key")} <input type="password" name="key" autocomplete="off" spellcheck="false"></label>
<p class="dw-hint">{t("host_key_hint")}</p></div>
<div class="dw-submit"><button type="submit" class="dw-primary">{t("start")}</button>
<p class="dw-form-error" id="dw-form-error" role="alert" hidden></p></div>
</form>
<noscript><p class="dw-form-error">{t("needs_script")}</p></noscript>
<p class="dw-home-foot">{t("foot")}</p>
<p class="dw-home-class"><a href="classes/new?lang={escape(lang)}" id="dw-start-class">{escape(voice("class.start"))}</a>: {escape(voice("class.start_about"))}</p>
</main>
<script type="application/json" id="dw-home-facts">{script_json({**facts, "needs_key": needs_key, "words": _form_words(voice)})}</script>
<script type="module" src="static/home_page.js"></script>"""
    return page_html(lang, t("title"), _head("static/table.css"), body, icons="")


def _loopback_note(voice: Voice, links_at: str | None) -> str:
    host = loopback_host([links_at]) if links_at else None
    return loopback_warning(host, voice, before_links=True) + "\n" if host else ""


def _game_name(voice: Voice, game: str) -> str:
    # the game's name with no count of players: the form asks for it next
    return voice("home.game_vietnamese") if game == "vietnamese" else voice(f"game.{game}")


def _seat_row(voice: Voice, seat: str, who_options: str) -> str:
    kind = HUMAN if seat == PERSON_SEAT else DEFAULT_BOT
    who = who_options.replace(f'value="{kind}"', f'value="{kind}" selected', 1)
    seat_name = escape(voice.name(seat))
    return (f'<tr data-seat="{seat}"><th scope="row">{seat_name}</th>'
            f'<td><select name="who_{seat}" aria-label="{escape(voice("home.who_of", seat=voice.name(seat)))}">{who}</select></td>'
            f'<td><input type="text" name="name_{seat}" maxlength="24" placeholder="{seat_name}" autocomplete="off"'
            f' aria-label="{escape(voice("home.name_of", seat=voice.name(seat)))}"></td></tr>')


def _form_words(voice: Voice) -> dict[str, str]:
    keys = ("starting", "start", "key_needed", "key_wrong", "too_many", "server_full", "failed", "offline",
            "one_person", "bad_target", "target_hint_partnership", "target_hint_vietnamese")
    placeholders = {"seconds": "{seconds}", "error": "{error}"}  # the page's script fills them
    return {key: voice(f"home.{key}", **placeholders) for key in keys}


def invite_page(lang: str, invitation: Invitation) -> str:
    """The links page of a table: each seat's link with a copy button and a QR code."""
    voice = Voice(lang)
    t = lambda key, **params: escape(voice(f"home.{key}", **params))  # noqa: E731
    body = f"""<header class="dw-home-head"><div class="dw-home-bar"><div><h1>{t("links_title")}</h1>
<p>{escape(invitation.title)}</p></div></div></header>
<main class="dominoes-widget dw-home dw-invite">
{invitation_html(invitation, voice, intro=voice("home.links_intro"))}
<p class="dw-home-foot"><a href="../../?lang={escape(lang)}">{t("another")}</a></p>
<span id="dw-copied" class="dw-copied" role="status" data-copied="{t("copied")}" data-copy-failed="{t("copy_failed")}"></span>
</main>
<script type="module" src="../../static/invite_page.js"></script>"""
    return page_html(lang, t("links_title"), _head("../../static/table.css"), body, icons="../../")


def _head(stylesheet: str) -> str:
    felt = (f"--dw-felt: {FELT}; --dw-felt-edge: {FELT_EDGE}; --dw-text-on-felt: {INK}; "
            f"--dw-text-on-felt-dim: {INK_DIM}")
    return f'<link rel="stylesheet" href="{stylesheet}">\n<style>:root {{ {felt}; }}\n{_STYLE}</style>'


_STYLE = """
:root { color-scheme: light dark; }
body { margin: 0; background: Canvas; color: CanvasText; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
.dw-home { margin: 0 auto; padding: 0 16px 32px; max-width: 880px; font-size: 15px; }
.dw-home [hidden] { display: none !important; }
.dw-home-head { margin: 0 0 20px; background: var(--dw-felt); color: var(--dw-text-on-felt);
  border-bottom: 4px solid var(--dw-felt-edge); }
.dw-home-bar { display: flex; flex-wrap: wrap; gap: 8px 24px; align-items: end; justify-content: space-between;
  max-width: 880px; margin: 0 auto; padding: 20px 16px 16px; box-sizing: border-box; }
.dw-home-head h1 { margin: 0; font-size: 1.6rem; }
.dw-home-head p { margin: 4px 0 0; color: var(--dw-text-on-felt-dim); }
.dw-langs a { color: var(--dw-text-on-felt); }
.dw-langs a[aria-current] { font-weight: 700; text-decoration: none; }
.dw-home fieldset { margin: 0 0 16px; padding: 12px 14px; border: 1px solid var(--dw-border); border-radius: 10px; }
.dw-home legend { padding: 0 6px; font-weight: 600; }
.dw-games { display: grid; grid-template-columns: repeat(auto-fit, minmax(220px, 1fr)); gap: 8px; }
.dw-choice { display: flex; gap: 8px; align-items: start; padding: 8px 10px; border: 1px solid var(--dw-border);
  border-radius: 8px; cursor: pointer; }
.dw-choice:has(input:checked) { border-color: var(--dw-accent); background: var(--dw-accent-soft); }
.dw-choice span { display: flex; flex-direction: column; gap: 2px; }
.dw-choice small { color: var(--dw-muted); }
.dw-row { display: flex; flex-wrap: wrap; gap: 12px 20px; }
.dw-field { display: flex; flex-direction: column; gap: 4px; font-weight: 600; }
.dw-home input, .dw-home select, .dw-home button { font: inherit; }
.dw-home input[type=text], .dw-home input[type=password], .dw-home input[type=number], .dw-home select {
  padding: 6px 8px; border: 1px solid var(--dw-border); border-radius: 6px; background: var(--dw-bg); color: var(--dw-fg);
  min-height: 36px; }
.dw-home input[type=number] { width: 7em; }
.dw-hint { margin: 6px 0 12px; color: var(--dw-muted); font-size: 0.92em; }
.dw-seats table { width: 100%; border-collapse: collapse; }
.dw-seats th, .dw-seats td { padding: 4px 6px 4px 0; text-align: left; }
.dw-seats thead th { font-size: 0.85em; color: var(--dw-muted); font-weight: 600; }
.dw-seats tbody th { font-weight: 600; white-space: nowrap; }
.dw-seats select, .dw-seats input { width: 100%; }
.dw-submit { display: flex; flex-wrap: wrap; align-items: center; gap: 12px; }
.dw-primary, .dw-copy { --dw-fill: color-mix(in srgb, var(--dw-accent) 78%, #000);
  padding: 8px 18px; min-height: 40px; border-radius: 8px; border: 1px solid var(--dw-fill);
  background: var(--dw-fill); color: #fff; font-weight: 600; cursor: pointer; }
.dw-primary[disabled] { opacity: 0.6; cursor: progress; }
.dw-form-error { margin: 0; padding: 8px 12px; border-left: 4px solid var(--dw-error); background: var(--dw-panel); }
.dw-home-foot { margin-top: 24px; color: var(--dw-muted); font-size: 0.92em; }
.dw-invite-intro { margin: 0 0 16px; }
.dw-loopback { margin: 0 0 16px; padding: 8px 12px; border-left: 4px solid var(--dw-warn); background: var(--dw-panel);
  overflow-wrap: break-word; }
.dw-loopback p { margin: 4px 0; }
.dw-loopback code { font-family: var(--dw-code-font); font-size: 0.92em; }
.dw-loopback .dw-nowrap { white-space: nowrap; }
.dw-invite-cards { list-style: none; margin: 0; padding: 0; display: grid; gap: 12px;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 400px), 1fr)); }
.dw-invite-card { display: flex; gap: 12px; align-items: center; justify-content: space-between; padding: 12px;
  border: 1px solid var(--dw-border); border-radius: 10px; background: var(--dw-panel); }
.dw-invite-watch { margin-top: 12px; }
.dw-invite-text { flex: 1; min-width: 0; display: flex; flex-direction: column; gap: 8px; }
.dw-invite-text h2 { margin: 0; font-size: 1.05rem; }
.dw-link { width: 100%; font-family: var(--dw-code-font); font-size: 0.8em; }
.dw-invite-actions { display: flex; gap: 12px; align-items: center; }
.dw-qr-box { flex: none; width: 132px; height: 132px; }
.dw-qr { display: block; width: 100%; height: 100%; border-radius: 4px; }
.dw-copied { display: block; min-height: 1.4em; margin-top: 8px; color: var(--dw-muted); }
.dw-invite-record { margin-top: 16px; }
@media (max-width: 520px) {
  .dw-home { font-size: 16px; }
  .dw-invite-card { flex-direction: column; align-items: stretch; }
  .dw-qr-box { align-self: center; width: 180px; height: 180px; }
  .dw-seats thead { display: none; }
  /* a seat's row: its name and who plays it side by side, the player's name under them, so
     that "A person (gets a link)" shows whole */
  .dw-seats table, .dw-seats tbody { display: block; }
  .dw-seats tbody tr { display: grid; grid-template-columns: 3.4em minmax(0, 1fr); gap: 6px 8px; align-items: center; padding: 4px 0; }
  .dw-seats tbody td:last-child { grid-column: 2; }
  .dw-seats th, .dw-seats td { padding: 0; }
  .dw-home fieldset.dw-seats { padding: 10px; }
}
"""
