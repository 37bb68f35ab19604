"""A class's pages, drawn on the server in English and Vietnamese (no script: plain forms).

- ``/classes/new``: the form that starts a class (the host key as for tables);
- ``/classes/<id>/teacher?token=``: the join link with its QR code (warned of when it opens on
  this computer only), every student's progress (fetched again every 15 seconds by
  ``static/class_page.js``), a watch link per student, the CSV, and the button that closes the class;
- ``/classes/<id>/watch/<student id>?token=<teacher's token>``: the student's current deal as a
  table's watcher sees it (no hidden tile, never the hands), fetched again every 3 seconds;
- ``/classes/<id>/join?token=``: a name, then the student's own page;
- ``/classes/<id>/student?token=``: the assignment and the student's results;
  ``.../puzzle/<n>`` and ``.../deal/<n>`` play one, drawn from the student's own view only; a
  finished deal's page checks the deal in the student's browser (``static/class_page.js``: the
  fair-deal check of the seat pages, against the commitment it showed before the deal).

A closed class's pages say so (410) to a joining or acting student; a student's requests are
limited as the API's are (429).

Every page is a thin adapter over :class:`~dominoes_widget.sessions.classroom.ClassSession`,
as :mod:`.class_routes` is; the pictures are :func:`~dominoes_widget.words.svg.render_svg` of
the seat's view.
"""

from __future__ import annotations

import json
from html import escape
from typing import Any, Callable
from urllib.parse import quote

from ..sessions.classroom import ClassError, ClassSession, Student
from ..sessions.classroom.refusals import refusal_words, said
from ..sessions.classroom.shapes import ClassDealResult, ClassDealView, ClassDecision, ClassMistakes, ClassPlayed
from ..sessions.classroom.verdicts import UNJUDGED
from ..sessions.classroom.assignment import DUPLICATE_GAMES, FORM_BOTS
from ..sessions.puzzles.cards import LEVELS
from ..studies.puzzles import THEMES
from ..words.catalog import LANGUAGES, Voice, ui_words
from ..words.explanations import bot_label, move_label
from ..engine.views import seat_view
from ..words.svg import render_svg
from .app import _Handler
from .classes import ClassRegistry, think_bots
from .headers import CONTENT_SECURITY_POLICY
from .home_page import LANG_NAMES, _head
from .invitations import loopback_host, loopback_warning, qr_svg
from .page import page_html, preferred_lang, wrong_link_page

__all__ = ["class_page_routes"]

def class_page_routes(kwargs: dict[str, Any]) -> list[tuple[Any, ...]]:
    """The pages' routes (for :func:`~.app.make_app`)."""
    return [
        (r"/classes/new", NewClassPage, kwargs),
        (r"/classes/([\w-]+)/teacher", TeacherPage, kwargs),
        (r"/classes/([\w-]+)/join", JoinPage, kwargs),
        (r"/classes/([\w-]+)/student", StudentPage, kwargs),
        (r"/classes/([\w-]+)/puzzle/(\d{1,4})", PuzzlePage, kwargs),
        (r"/classes/([\w-]+)/deal/(\d{1,4})", DealPage, kwargs),
        (r"/classes/([\w-]+)/watch/([\w-]{1,12})", WatchPage, kwargs),
    ]


def _page(voice: Voice, title: str, body: str, depth: str = "../../", live: bool = False) -> str:
    head = _head(f"{depth}static/table.css") + f"\n<style>{_STYLE}</style>"
    if live:  # the parts marked data-dw-live are fetched again (static/class_page.js); a deal is checked there
        head += f'\n<script type="module" src="{depth}static/class_page.js"></script>'
    header = (f'<header class="dw-home-head"><div class="dw-home-bar"><div><h1>{escape(title)}</h1></div></div>'
              f'</header>\n<main class="dominoes-widget dw-home dw-class">{body}</main>')
    return page_html(voice.lang, escape(title), head, header, icons=depth)


def _error(message: str | None) -> str:
    return f'<p class="dw-form-error" role="alert">{escape(message)}</p>' if message else ""


def _minutes(voice: Voice, seconds: float) -> str:
    return voice("class.minutes", minutes=f"{seconds / 60:.1f}")


def _result(voice: Voice, result: ClassDealResult) -> str:
    return voice("class.points", result=voice(f"class.{result['result']}"), points=result["points"])


class _PageHandler(_Handler):
    def set_default_headers(self) -> None:
        super().set_default_headers()
        # these pages are plain forms: they post to themselves, and to nowhere else
        self.set_header("Content-Security-Policy", CONTENT_SECURITY_POLICY.replace("form-action 'none'",
                                                                                   "form-action 'self'"))

    def html(self, status: int, text: str) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(text)

    def wrong_link(self) -> None:
        self.html(403, wrong_link_page(Voice(preferred_lang(self.request.headers.get("Accept-Language")))))

    def too_large(self) -> bool:
        if len(self.request.body) > self.server.limits.max_body_bytes:
            self.refuse(413, said("refused_too_large", self.page_lang(), most=self.server.limits.max_body_bytes))
            return True
        return False

    def page_lang(self) -> str:
        """The language of the class the address names, else the first of ours the browser asks for."""
        session = self.server.classes.classes.get(self.path_args[0]) if self.path_args else None
        return session.request.lang if session is not None else \
            preferred_lang(self.request.headers.get("Accept-Language"))

    def field(self, name: str) -> str:
        return self.get_body_argument(name, "")[:200]

    def student(self, class_id: str, acting: bool = False) -> tuple[ClassSession, Student, str] | None:
        """The class, the student and their token; else a page saying why not (403 a wrong link,
        429 past the student's request rate, 410 ``acting`` in a closed class)."""
        registry = self.server.classes
        session = registry.get(class_id)
        token = self.get_query_argument("token", None)
        student = session.student_of(token) if session is not None else None
        if session is None or student is None or token is None:
            self.wrong_link()
            return None
        voice = Voice(session.request.lang)
        wait = registry.student_wait(session, student)
        if wait is not None:
            self.set_header("Retry-After", str(wait))
            self.html(429, _page(voice, session.request.name, _error(voice("class.too_often", seconds=wait))
                                 + _back(voice, token, self.depth), depth=self.depth))
            return None
        if acting and registry.is_closed(session):
            self.html(410, _page(voice, session.request.name, _error(voice("class.closed")) + _back(voice, token, self.depth),
                                 depth=self.depth))
            return None
        return session, student, token

    depth = "../../"
    """The way from the page up to the server's root."""

    def started(self, class_id: str) -> set[int]:
        """The deals the asking student has started (none for a wrong link)."""
        session = self.server.classes.get(class_id)
        student = session.student_of(self.get_query_argument("token", None)) if session is not None else None
        return set(student.deals) if student is not None else set()

    def base(self) -> str:
        return self.server.base_url or self.server.link_base(self.request)


class NewClassPage(_PageHandler):
    """``/classes/new``: the form, and its answer (the teacher's page)."""

    def get(self) -> None:
        lang = self.get_query_argument("lang", None)
        self.html(200, new_class_page(Voice(lang if lang in LANGUAGES else
                                            preferred_lang(self.request.headers.get("Accept-Language"))),
                                      self.server.host_key.required))

    def post(self) -> None:
        if self.too_large():
            return
        lang = self.field("lang") if self.field("lang") in LANGUAGES else "en"
        voice = Voice(lang)
        needs_key = self.server.host_key.required
        if not self.server.host_key.admits(f"Bearer {self.field('key')}" if needs_key else None):
            return self.html(401, new_class_page(voice, needs_key, voice("home.key_wrong")))
        wait = self.server.creation.wait(self.request.remote_ip or "")
        if wait is not None:
            self.set_header("Retry-After", str(wait))
            return self.html(429, new_class_page(voice, needs_key, voice("home.too_many", seconds=wait)))
        try:
            session = self.server.classes.create(_request_of(self.field, lang))
        except ClassError as error:
            return self.html(error.status, new_class_page(voice, needs_key, refusal_words(error, lang)))
        self.redirect(ClassRegistry.link(self.base(), session, "teacher", session.teacher), status=303)


def _request_of(field: Callable[[str], str], lang: str) -> dict[str, Any]:
    """A class request from the form's fields (0 puzzles or 0 deals: none)."""
    def whole(name: str) -> int | str:
        text = field(name).strip()
        return int(text) if text.isdigit() and len(text) < 6 else text

    body: dict[str, Any] = {"name": field("name"), "lang": lang}
    count = whole("count")
    if count != 0:
        body["puzzles"] = {"count": count, **{key: field(key) for key in ("game", "theme", "difficulty")
                                              if field(key)}}
    hands = whole("hands")
    if hands != 0:
        body["duplicate"] = {"game": field("duplicate_game"), "hands": hands, "bots": field("bots")}
    return body


def new_class_page(voice: Voice, needs_key: bool, error: str | None = None) -> str:
    """The form that starts a class."""
    t = lambda key, **params: escape(voice(key, **params))  # noqa: E731 - the page's many words

    def options(pairs: list[tuple[str, str]], chosen: str = "") -> str:
        return "".join(f'<option value="{escape(value)}"{" selected" if value == chosen else ""}>{escape(label)}'
                       f'</option>' for value, label in pairs)

    games = options([("", voice("class.any")), ("partnership", voice("class.game_partnership")),
                     ("vietnamese", voice("home.game_vietnamese"))])
    themes = options([("", voice("class.any"))] + [(theme, voice(f"puzzles.theme_{theme}")) for theme in THEMES])
    levels = options([("", voice("class.any"))] + [(name, voice(f"solve.level_{name}")) for name, _, _ in LEVELS])
    duplicate_games = options([(game, voice("home.game_vietnamese") if game == "vietnamese" else voice(f"game.{game}"))
                               for game in DUPLICATE_GAMES])
    bots = options([(bot, bot_label(voice, bot)) for bot in FORM_BOTS])
    langs = options([(code, LANG_NAMES.get(code, code)) for code in LANGUAGES], voice.lang)
    key = (f'<label class="dw-field">{t("home.host_key")} <input type="password" name="key" autocomplete="off">'
           f'</label>') if needs_key else ""
    body = f"""<p>{t("class.new_intro")}</p>{_error(error)}
<form method="post" action="new" class="dw-home-form" id="dw-new-class">
<div class="dw-row"><label class="dw-field">{t("class.name")} <input type="text" name="name" maxlength="60" required></label>
<label class="dw-field">{t("home.language")} <select name="lang">{langs}</select></label></div>
<fieldset><legend>{t("class.puzzles")}</legend><div class="dw-row">
<label class="dw-field">{t("class.count")} <input type="number" name="count" min="0" max="50" value="10"></label>
<label class="dw-field">{t("class.game")} <select name="game">{games}</select></label>
<label class="dw-field">{t("class.theme")} <select name="theme">{themes}</select></label>
<label class="dw-field">{t("class.difficulty")} <select name="difficulty">{levels}</select></label></div></fieldset>
<fieldset><legend>{t("class.duplicate")}</legend><p class="dw-hint">{t("class.duplicate_about")}</p><div class="dw-row">
<label class="dw-field">{t("class.hands")} <input type="number" name="hands" min="0" max="12" value="2"></label>
<label class="dw-field">{t("class.game")} <select name="duplicate_game">{duplicate_games}</select></label>
<label class="dw-field">{t("class.bots")} <select name="bots">{bots}</select></label></div></fieldset>
{key}<div class="dw-submit"><button type="submit" class="dw-primary">{t("class.create")}</button></div>
</form>"""
    return _page(voice, voice("class.start"), body, depth="../")


class TeacherPage(_PageHandler):
    """``/classes/<id>/teacher?token=``: the join link, the progress, the CSV; posting
    ``close`` closes the class."""

    def teacher(self, class_id: str) -> ClassSession | None:
        session = self.server.classes.get(class_id)
        if session is None or not session.is_teacher(self.get_query_argument("token", None)):
            self.wrong_link()
            return None
        self.server.classes.used(session)
        return session

    def get(self, class_id: str) -> None:
        session = self.teacher(class_id)
        if session is None:
            return
        join = ClassRegistry.link(self.base(), session, "join", session.join_token)
        csv = f"../../api/classes/{quote(session.id)}/progress.csv?token={quote(session.teacher)}"
        self.html(200, teacher_page(session, join, csv, closed=self.server.classes.is_closed(session)))

    def post(self, class_id: str) -> None:
        if self.too_large():
            return
        session = self.teacher(class_id)
        if session is None:
            return
        if self.field("close"):
            self.server.classes.close(session)
        self.redirect(f"teacher?token={quote(session.teacher)}", status=303)


def teacher_page(session: ClassSession, join: str, csv: str, closed: bool = False) -> str:
    """The teacher's page: the join link (warned of when it opens on this computer only), the
    progress with a watch link per student, the CSV, and closing the class."""
    voice = Voice(session.request.lang)
    t = lambda key, **params: escape(voice(key, **params))  # noqa: E731
    progress = session.progress()
    deals = len(session.server_seeds)
    head = "".join(f"<th scope=\"col\">{t('class.deal_n', number=n + 1)}</th>" for n in range(deals))
    # each cell names its column (data-label): on a phone the rows stand as cards, the header hidden
    label = lambda key, **params: f' data-label="{t(key, **params)}"'  # noqa: E731
    rows = []
    for row in progress["students"]:
        cells = "".join(f"<td{label('class.deal_n', number=n + 1)}>"
                        f"{escape(_result(voice, row['deals'][str(n)])) if str(n) in row['deals'] else '–'}</td>"
                        for n in range(deals))
        seconds = row["puzzle_seconds"] + row["deal_seconds"]
        rating = t("class.rating_value", rating=row["rating"][0], deviation=2 * row["rating"][1]) \
            if row["rating"] else "–"
        watch = (f'<td{label("class.watch_column")}><a class="dw-watch-link" href="watch/{quote(row["id"])}?token='
                 f'{quote(session.teacher)}" aria-label="{t("class.watch_label", name=row["name"])}">'
                 f'{t("class.watch")}</a></td>' if deals else "")
        rows.append(f"<tr><th scope=\"row\">{escape(row['name'])}</th><td{label('class.answered')}>"
                    f"{row['puzzles_answered']} / {len(session.puzzle_ids)}</td>"
                    f"<td{label('class.first_try')}>{row['first_try_right']}</td>"
                    f'<td class="dw-rating"{label("class.rating")}>{rating}</td>'
                    f'<td{label("class.deals_played")}>{row["deals_finished"]} / {deals}</td>{cells}'
                    f'<td class="dw-mistakes"{label("class.mistakes")}><div>{_mistakes(voice, row["mistakes"])}</div></td>'
                    f'<td{label("class.seconds")}>{escape(_minutes(voice, seconds))}</td>{watch}</tr>')
    table = (f'<table class="dw-progress"><thead><tr><th scope="col">{t("class.student")}</th>'
             f'<th scope="col">{t("class.answered")}</th><th scope="col">{t("class.first_try")}</th>'
             f'<th scope="col">{t("class.rating")}</th><th scope="col">{t("class.deals_played")}</th>{head}'
             f'<th scope="col">{t("class.mistakes")}</th><th scope="col">{t("class.seconds")}</th>'
             + (f'<th scope="col">{t("class.watch_column")}</th>' if deals else "")
             + f'</tr></thead><tbody>{"".join(rows)}</tbody></table>') if rows else f'<p>{t("class.nobody")}</p>'
    host = loopback_host([join])
    warning = loopback_warning(host, voice) if host and not closed else ""
    state = (f'<p class="dw-closed-note" id="dw-closed" role="status">{t("class.closed_teacher")}</p>' if closed else
             f'<form method="post" class="dw-close-form" id="dw-close"><p class="dw-hint">{t("class.close_about")}</p>'
             f'<button type="submit" name="close" value="1">{t("class.close")}</button></form>')
    join_card = "" if closed else f"""{warning}<section class="dw-invite-card" id="dw-join-card"><div class="dw-invite-text">
<h2>{t("class.join_link")}</h2><p>{t("class.join_intro")}</p>
<input class="dw-link" type="text" readonly value="{escape(join)}" aria-label="{t("class.join_link")}"></div>
<div class="dw-qr-box">{qr_svg(join, title=voice("home.qr_title", who=voice("class.join_link")))}</div></section>"""
    body = f"""{join_card}{state if closed else ""}
<h2 id="dw-progress-title">{t("class.progress")}</h2>
<div class="dw-scroll" id="dw-progress" data-dw-live="15" tabindex="0" role="region" aria-labelledby="dw-progress-title">{table}</div>
<p class="dw-hint">{t("class.refreshes")} {t("class.rating_about")} {t("class.judge_about")}</p>
<p><a href="{escape(csv)}" download>{t("class.csv")}</a></p>{"" if closed else state}"""
    return _page(voice, voice("class.teacher_title", name=session.request.name), body, live=True)


def _mistakes(voice: Voice, mistakes: ClassMistakes) -> str:
    """A student's judged mistakes, where each was (deal and move: the teacher sees no tile)."""
    listed = "".join("<li>" + escape(voice("class.mistake_at", deal=at["deal"] + 1, move=at["move"],
                                           mark=voice("class.mark_" + at["mark"]))) + "</li>" for at in mistakes["at"])
    shown = f'<ul class="dw-marks">{listed}</ul>' if listed else (
        escape(voice("class.mistakes_none")) if mistakes["judged"] else "–")
    if mistakes["waiting"]:
        shown += f'<span class="dw-state">{escape(voice("class.judging_more", n=mistakes["waiting"]))}</span>'
    return shown


class WatchPage(_PageHandler):
    """``/classes/<id>/watch/<student id>?token=<teacher's token>``: the student's current deal, watched."""

    depth = "../../../"

    def get(self, class_id: str, student_id: str) -> None:
        session = self.server.classes.get(class_id)
        token = self.get_query_argument("token", None)
        if session is None or not session.is_teacher(token):
            return self.wrong_link()
        self.server.classes.used(session)
        voice = Voice(session.request.lang)
        try:
            student, number, match = session.watched(student_id)
        except ClassError as refused:
            return self.html(refused.status, _page(voice, session.request.name,
                                                   _error(refusal_words(refused, voice.lang)), depth=self.depth))
        self.html(200, watch_page(voice, session, student, number, match))


def watch_page(voice: Voice, session: ClassSession, student: Student, number: int | None, match: Any) -> str:
    """A student's current deal as a watcher sees it: the line, every seat's count, no hand;
    once it is over, its result and still no hand (other students may not have played it)."""
    t = lambda key, **params: escape(voice(key, **params))  # noqa: E731
    if number is None or match is None:
        shown = f'<p id="dw-watch-state">{t("class.watch_none", student=student.name)}</p>'
    elif (result := student.deals[number].result) is not None:
        shown = (f'<p class="dw-verdict" id="dw-watch-state">'
                 f'{t("class.watch_over", number=number + 1, result=_result(voice, result))}</p>')
    else:
        hand = match.hands[-1]
        picture = render_svg(seat_view(hand, None, match.state), seat=None, size=560, lang=voice.lang)
        shown = (f'<p id="dw-watch-state">{t("class.watch_deal", number=number + 1, of=len(session.server_seeds))}'
                 f'</p><div class="dw-picture">{picture}</div>')
    back = f'<p><a href="../teacher?token={quote(session.teacher)}">{t("class.watch_back")}</a></p>'
    body = (f'<div id="dw-watch" data-dw-live="3" aria-live="polite">{shown}</div><p class="dw-hint">{t("class.watch_refreshes")}</p>'
            f'{back}')
    return _page(voice, voice("class.watch_title", student=student.name), body, depth="../../../", live=True)


class JoinPage(_PageHandler):
    """``/classes/<id>/join?token=``: a name, then the student's own page."""

    def get(self, class_id: str) -> None:
        session = self.server.classes.get(class_id)
        if session is None or not session.admits(self.get_query_argument("token", None)):
            return self.wrong_link()
        if self.server.classes.is_closed(session):
            return self.html(410, join_page(session, Voice(session.request.lang)("class.closed"), closed=True))
        self.html(200, join_page(session))

    def post(self, class_id: str) -> None:
        session = self.server.classes.get(class_id)
        token = self.get_query_argument("token", None)
        if session is None or not session.admits(token):
            return self.wrong_link()
        if self.too_large():
            return
        if self.server.classes.is_closed(session):
            return self.html(410, join_page(session, Voice(session.request.lang)("class.closed"), closed=True))
        wait = self.server.joining.wait(self.request.remote_ip or "")
        if wait is not None:
            self.set_header("Retry-After", str(wait))
            return self.html(429, join_page(session, Voice(session.request.lang)("home.too_many", seconds=wait)))
        try:
            student = session.join(token, self.field("name"))
        except ClassError as error:
            return self.html(error.status, join_page(session, refusal_words(error, session.request.lang)))
        self.server.classes.keep(session)
        self.redirect(ClassRegistry.link(self.base(), session, "student", student.token), status=303)


def join_page(session: ClassSession, error: str | None = None, closed: bool = False) -> str:
    voice = Voice(session.request.lang)
    t = lambda key, **params: escape(voice(key, **params))  # noqa: E731
    if closed:
        return _page(voice, voice("class.join_title", name=session.request.name), _error(error))
    body = f"""{_error(error)}<form method="post" class="dw-home-form" id="dw-join">
<label class="dw-field">{t("class.your_name")} <input type="text" name="name" maxlength="60" required autocomplete="name"></label>
<div class="dw-submit"><button type="submit" class="dw-primary">{t("class.join")}</button></div></form>"""
    return _page(voice, voice("class.join_title", name=session.request.name), body)


class StudentPage(_PageHandler):
    """``/classes/<id>/student?token=``: the assignment and the student's own results."""

    def get(self, class_id: str) -> None:
        found = self.student(class_id)
        if found is not None:
            self.html(200, student_page(*found, closed_class=self.server.classes.is_closed(found[0])))


def student_page(session: ClassSession, student: Student, token: str, closed_class: bool = False) -> str:
    voice = Voice(session.request.lang)
    t = lambda key, **params: escape(voice(key, **params))  # noqa: E731
    mine = f"?token={quote(token)}"
    puzzles = []
    for n in range(len(session.puzzle_ids)):
        tried = student.puzzles.get(n)
        state = t("class.to_do") if tried is None else t("class.right" if tried.right else "class.missed")
        puzzles.append(f'<li><a href="puzzle/{n}{mine}">{t("class.puzzle_n", number=n + 1)}</a> '
                       f'<span class="dw-state">{state}</span></li>')
    deals = []
    for n in range(len(session.server_seeds)):
        play = student.deals.get(n)
        state = (t("class.to_do") if play is None else t("class.in_play") if play.result is None
                 else escape(_result(voice, play.result)))
        deals.append(f'<li><a href="deal/{n}{mine}">{t("class.deal_n", number=n + 1)}</a> '
                     f'<span class="dw-state">{state}</span></li>')
    closed = (f'<p class="dw-closed-note" id="dw-closed" role="status">{t("class.closed")}</p>'
              if closed_class else "")
    body = f"""{closed}<p class="dw-hint">{t("class.keep_link")}</p>
{f'<h2>{t("class.puzzles")}</h2><ol class="dw-tasks" id="dw-puzzles">{"".join(puzzles)}</ol>' if puzzles else ""}
{f'<h2>{t("class.duplicate")}</h2><p class="dw-hint">{t("class.duplicate_about")}</p><ol class="dw-tasks" id="dw-deals">{"".join(deals)}</ol>' if deals else ""}"""
    return _page(voice, f"{session.request.name}: {student.name}", body)


def _moves_form(voice: Voice, moves: list[str], form_id: str) -> str:
    buttons = "".join(f'<button type="submit" name="move" value="{escape(move)}" class="dw-move">'
                      f'{escape(move_label(move, voice))}</button>' for move in moves)
    return f'<form method="post" class="dw-moves" id="{form_id}">{buttons}</form>'


class PuzzlePage(_PageHandler):
    """``/classes/<id>/puzzle/<n>?token=``: the puzzle, and once answered, the answer."""

    def get(self, class_id: str, number: str) -> None:
        self.show(class_id, int(number), None)

    def post(self, class_id: str, number: str) -> None:
        if not self.too_large():
            self.show(class_id, int(number), self.field("move"))

    depth = "../../../"

    def show(self, class_id: str, number: int, move: str | None) -> None:
        found = self.student(class_id, acting=move is not None)
        if found is None:
            return
        session, student, token = found
        voice = Voice(session.request.lang)
        error = None
        try:
            if move is not None:
                try:
                    session.answer(student, number, move)
                except ClassError as refused:
                    if refused.status == 404:
                        raise
                    error = refusal_words(refused, voice.lang)
            shown = session.puzzle(student, number)
        except ClassError as refused:
            return self.html(refused.status, _page(voice, voice("class.puzzle_n", number=number + 1),
                                                   _error(refusal_words(refused, voice.lang)) + _back(voice, token), depth="../../../"))
        self.server.classes.keep(session)
        puzzle = session.puzzle_position(number)
        picture = render_svg(puzzle, seat=puzzle.seat, size=560, lang=voice.lang)
        answered = shown.get("answered")
        if answered is None:
            what = (f'<p>{escape(voice("class.answer_prompt"))}</p><p class="dw-hint">{escape(shown["hints"][0])}</p>'
                    + _moves_form(voice, [str(m) for m in puzzle.legal_moves], "dw-answer"))
        else:
            said = (voice("class.answer_right", move=move_label(answered["move"], voice)) if answered["right"] else
                    voice("class.answer_missed", move=move_label(answered["move"], voice),
                          answers=", ".join(move_label(m, voice) for m in answered["answers"])))
            why = "".join(f"<li>{escape(line)}</li>" for line in answered["why"])
            what = f'<p class="dw-verdict" id="dw-verdict">{escape(said)}</p><ul>{why}</ul>'
        body = f'{_error(error)}<div class="dw-picture">{picture}</div>{what}{_back(voice, token)}'
        self.html(200, _page(voice, voice("class.puzzle_n", number=number + 1), body, depth="../../../"))


def _back(voice: Voice, token: str, depth: str = "../../../") -> str:
    up = "" if depth == "../../" else "../"
    return f'<p><a href="{up}student?token={quote(token)}">{escape(voice("class.back"))}</a></p>'


class DealPage(_PageHandler):
    """``/classes/<id>/deal/<n>?token=``: the deal from the student's seat; once over, how the class played it."""

    depth = "../../../"

    async def get(self, class_id: str, number: str) -> None:
        await self.show(class_id, int(number), None)

    async def post(self, class_id: str, number: str) -> None:
        if not self.too_large():
            await self.show(class_id, int(number), self.field("move"))

    async def show(self, class_id: str, number: int, move: str | None) -> None:
        found = self.student(class_id, acting=move is not None or number not in self.started(class_id))
        if found is None:
            return
        session, student, token = found
        voice = Voice(session.request.lang)
        error = None
        await think_bots(self.server, session, student, number)  # before the student's move, then after it
        if move is not None:
            await think_bots(self.server, session, student, number, move)
        try:
            view = session.deal(student, number)
            if move is not None and view["legal_moves"]:
                try:
                    view = session.play(student, number, move)
                except ClassError as refused:
                    error = refusal_words(refused, voice.lang)
        except ClassError as refused:
            return self.html(refused.status, _page(voice, voice("class.deal_n", number=number + 1),
                                                   _error(refusal_words(refused, voice.lang)) + _back(voice, token), depth="../../../"))
        self.server.classes.keep(session)
        seen = session.seat_view(student, number)
        picture = render_svg(seen, seat=view["seat"], size=560, lang=voice.lang)
        record = f"../../../api/classes/{quote(session.id)}/deals/{number}?token={quote(token)}"
        fair = escape(voice("class.fair_note", commitment=view["commitment"][:16] + "…", record="{record}")).replace(
            "{record}", f'<a href="{escape(record)}">{escape(voice("class.record"))}</a>')
        if view["result"] is None:
            what = f'<p>{escape(voice("class.your_move"))}</p>' + _moves_form(voice, view["legal_moves"], "dw-play")
        else:
            what = _class_played(voice, session.class_played(student, number), view["result"])
        dealt = session.dealt_to(number)
        check = _deal_check(voice, session, student, number, view, dealt, record)
        body = (f'{_error(error)}<div class="dw-picture">{picture}</div>{what}{check}'
                f'<p class="dw-hint">{fair}</p>{_back(voice, token)}')
        self.html(200, _page(voice, voice("class.deal_n", number=number + 1), body, depth="../../../",
                             live=True))


CHECK_WORDS = ("fair_checked", "fair_checked_unseeded", "fair_commitment_mismatch", "fair_deal_mismatch",
               "fair_waiting")
"""The seat pages' words for a deal's check (the ``ui`` catalog), reused on a class's deal page."""


def _deal_check(voice: Voice, session: ClassSession, student: Student, number: int, view: ClassDealView,
                dealt: list[str], record: str) -> str:
    """The deal's check (``static/class_page.js`` reads its data): while the deal is played, what
    the student was promised and dealt, for their browser to remember; once it is over, the
    record to check it against, and a place for the verdict."""
    ui = ui_words(voice.lang)
    words = {key: ui[key] for key in CHECK_WORDS}
    data = (f'data-class="{escape(session.id)}" data-student="{escape(student.id)}" data-deal="{number}" '
            f'data-seat="{escape(view["seat"])}" data-commitment="{escape(view["commitment"])}" '
            f'data-dealt="{escape(json.dumps(dealt))}"')
    if view["result"] is None:
        return f'<div id="dw-check" hidden {data}></div>'
    return (f'<section id="dw-check" class="dw-check" {data} data-record="{escape(record)}" '
            f'data-words="{escape(json.dumps(words, ensure_ascii=False))}" '
            f'data-failed="{escape(voice("class.check_failed"))}"><h2>{escape(voice("class.check_title"))}</h2>'
            f'<p class="dw-hint">{escape(voice("class.check_about"))}</p>'
            f'<p class="dw-check-verdict" id="dw-check-verdict" role="status">{escape(voice("class.check_checking"))}'
            f'</p></section>')


def _class_played(voice: Voice, played: ClassPlayed, result: ClassDealResult) -> str:
    t = lambda key, **params: escape(voice(key, **params))  # noqa: E731
    results = "".join(f"<li>{escape(row['name'])}: {escape(_result(voice, row))}</li>" for row in played["results"])
    decisions = []
    for decision in played["decisions"]:
        marks = decision["marks"]
        counts = "; ".join(
            voice("class.chosen_marked", count=count, students=decision["students"], move=move_label(move, voice),
                  mark=voice(f"class.mark_{marks[move]}")) if move in marks and move != decision["played"] else
            voice("class.chosen", count=count, students=decision["students"], move=move_label(move, voice))
            for move, count in sorted(decision["class"].items(), key=lambda item: -item[1]))
        decisions.append(f"<li>{t('class.decision', ply=decision['ply'] + 1, move=move_label(decision['played'], voice))}"
                         f" {escape(counts)}{_judge_said(voice, decision)}</li>")
    live = ' data-dw-live="3"' if played["judging"] else ""
    waiting = f'<p class="dw-hint">{t("class.judging_deal")}</p>' if played["judging"] else ""
    return (f'<p class="dw-verdict" id="dw-result">{escape(_result(voice, result))}</p>'
            f'<section id="dw-class-played"{live}><h2>{t("class.class_played")}</h2><h3>{t("class.results")}</h3>'
            f'<ul>{results}</ul>{waiting}<ol>{"".join(decisions)}</ol></section>')


def _judge_said(voice: Voice, decision: ClassDecision) -> str:
    """The judge's verdicts at one decision: on the move played, and which move was best."""
    if decision["verdict"] is None:
        return f' <span class="dw-judge dw-state">{escape(voice("class.judging"))}</span>' \
            if decision["judging"] else ""
    if decision["verdict"] == UNJUDGED:
        return f' <span class="dw-judge dw-state">{escape(voice("class.unjudged"))}</span>'
    if decision["verdict"] == "unclear" and decision["best"]:
        # the best move is clearly ahead of the one played: only how far behind it is unclear
        said = voice("class.verdict_unclear_best", move=move_label(decision["best"], voice))
    else:
        best = (voice("class.best_clear", move=move_label(decision["best"], voice)) if decision["best"] else
                voice("class.best_equal") if decision["equal"] else voice("class.best_open"))
        mark = voice(f"class.mark_{decision['verdict']}")
        said = f'{voice("class.verdict_yours", mark=mark)} {best}'
    return f' <span class="dw-judge dw-mark-{escape(decision["verdict"])}">{escape(said)}</span>'


_STYLE = """
.dw-class h2 { font-size: 1.15rem; margin: 20px 0 8px; }
.dw-class .dw-invite-card { margin: 0 0 12px; }
.dw-scroll { overflow-x: auto; }
.dw-progress { border-collapse: collapse; min-width: 100%; }
.dw-progress th, .dw-progress td { padding: 6px 10px; text-align: left; border-bottom: 1px solid var(--dw-border); white-space: nowrap; }
.dw-progress thead th { font-size: 0.85em; color: var(--dw-muted); }
.dw-tasks { padding-left: 1.4em; }
.dw-tasks li { margin: 6px 0; }
.dw-state { color: var(--dw-muted); margin-left: 8px; }
.dw-picture svg { max-width: 100%; height: auto; display: block; }
.dw-moves { display: flex; flex-wrap: wrap; gap: 8px; margin: 8px 0 16px; }
.dw-move { font: inherit; padding: 8px 14px; min-height: 44px; border-radius: 8px; border: 1px solid var(--dw-border);
  background: var(--dw-panel); color: var(--dw-fg); cursor: pointer; }
.dw-verdict { font-weight: 600; }
.dw-progress td.dw-mistakes { white-space: normal; min-width: 13em; }
body:has(#dw-progress) :is(.dw-home.dw-class, .dw-home-bar) { max-width: 1280px; }
.dw-marks { margin: 0; padding-left: 1.1em; }
.dw-judge { display: block; margin-top: 2px; }
.dw-mark-inaccuracy, .dw-mark-mistake, .dw-mark-blunder { font-weight: 600; }
.dw-closed-note { padding: 8px 12px; border-left: 4px solid var(--dw-warn); background: var(--dw-panel); }
.dw-close-form { margin: 24px 0 8px; }
.dw-close-form button { font: inherit; padding: 8px 14px; min-height: 44px; border-radius: 8px; cursor: pointer;
  border: 1px solid var(--dw-border); background: var(--dw-panel); color: var(--dw-fg); }
.dw-check { margin: 16px 0; }
.dw-check-verdict.dw-fair-ok { font-weight: 600; }
.dw-check-verdict.dw-fair-warning { color: var(--dw-warn); font-weight: 600; }
@media (max-width: 720px) {
  /* a phone: each student's row is a card, their rating and mistakes first, every value under its column's name */
  .dw-progress, .dw-progress tbody { display: block; }
  .dw-progress thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
  .dw-progress tr { display: flex; flex-direction: column; margin: 0 0 12px; padding: 4px 12px;
    border: 1px solid var(--dw-border); border-radius: 8px; }
  .dw-progress tbody th { font-size: 1.05em; padding: 6px 0; }
  .dw-progress td { display: flex; gap: 12px; padding: 6px 0; border-bottom: none; border-top: 1px solid var(--dw-border);
    white-space: normal; order: 3; }
  .dw-progress td::before { content: attr(data-label); flex: 0 0 40%; color: var(--dw-muted); }
  .dw-progress td.dw-rating { order: 1; }
  .dw-progress td.dw-mistakes { order: 2; min-width: 0; }
}
"""

