"""The class routes of the table server's JSON API: a thin adapter over
:class:`~dominoes_widget.sessions.classroom.ClassSession` (see docs/table-server.md, "Classes").

- ``POST /api/classes`` (the host key, as for tables): a class from ``{"name", "puzzles",
  "duplicate"}``; answers ``{"id", "teacher", "join"}``, the teacher's and the join link.
- ``POST /api/classes/<id>/students?token=<join token>`` with ``{"name"}``: answers
  ``{"student": link}``, the student's personal link.
- ``GET /api/classes/<id>/progress?token=<teacher's token>``: every student's progress
  (a student's token: 403); ``.../progress.csv``: the same as CSV.
- With a student's token: ``GET /api/classes/<id>/me`` (the assignment, every deal's
  commitment, their own results); ``GET``/``POST /api/classes/<id>/puzzles/<n>`` (the
  puzzle; ``{"move"}`` answers it, the first try only); ``GET``/``POST
  /api/classes/<id>/deals/<n>`` (the deal as their seat sees it, started on first asking;
  ``{"move"}`` plays); ``GET /api/classes/<id>/deals/<n>/class`` (how the class played it,
  once they have finished it).
- With the teacher's token: ``GET /api/classes/<id>/students/<student id>/watch`` (the
  student's current deal as a table's watcher sees it: no hidden tile, and never the hands,
  even once it is over) and ``POST /api/classes/<id>/close`` (the class ends: no new student,
  no move; its results stay readable to the teacher).

A student's requests are limited as a seat's messages are (``Limits.student_rate``: 429 with
``Retry-After``); a closed class answers a join or a student's action 410.

A wrong token, or a class that is not there, is answered 403 alike and changes nothing. A
body is read within the server's limits (size first, then :mod:`.safe_json`) before anything
looks at it; every change is kept in the store before it is answered.
"""

from __future__ import annotations

from typing import Any

from ..sessions.classroom import ClassError, ClassScreen, ClassSession, Student
from ..sessions.classroom.refusals import refusal_words, said
from ..words.catalog import LANGUAGES
from .app import _Handler
from .classes import ClassRegistry, think_bots
from .page import preferred_lang
from .safe_json import JsonLimitError, read_json

__all__ = ["class_routes"]


def class_routes(kwargs: dict[str, Any]) -> list[tuple[Any, ...]]:
    """The routes (for :func:`~.app.make_app`), each handler given ``kwargs`` (the server)."""
    return [
        (r"/api/classes", ClassesHandler, kwargs),
        (r"/api/classes/([\w-]+)/students", StudentsHandler, kwargs),
        (r"/api/classes/([\w-]+)/progress", ProgressHandler, kwargs),
        (r"/api/classes/([\w-]+)/progress\.csv", ProgressCsvHandler, kwargs),
        (r"/api/classes/([\w-]+)/me", StudentHandler, kwargs),
        (r"/api/classes/([\w-]+)/puzzles/(\d{1,4})", PuzzleHandler, kwargs),
        (r"/api/classes/([\w-]+)/deals/(\d{1,4})", DealHandler, kwargs),
        (r"/api/classes/([\w-]+)/deals/(\d{1,4})/class", ClassPlayedHandler, kwargs),
        (r"/api/classes/([\w-]+)/students/([\w-]{1,12})/watch", WatchHandler, kwargs),
        (r"/api/classes/([\w-]+)/close", CloseHandler, kwargs),
    ]


class _ClassHandler(_Handler):
    lang = "en"
    """The language refusals are said in: the class's, once the request names one; before that
    the request's (``?lang=``, else the first of ours its ``Accept-Language`` asks for)."""

    def prepare(self) -> None:
        super().prepare()
        asked = self.get_query_argument("lang", None)
        self.lang = asked if asked in LANGUAGES else preferred_lang(self.request.headers.get("Accept-Language"))

    @property
    def registry(self) -> ClassRegistry:
        return self.server.classes

    def body(self) -> Any:
        """The request's JSON, read within the limits; ``None`` once refused (answered)."""
        limits = self.server.limits
        if len(self.request.body) > limits.max_body_bytes:
            self.say(413, "refused_too_large", most=limits.max_body_bytes)
            return None
        try:
            return read_json(self.request.body or b"null", limits.json)
        except JsonLimitError as error:
            self.answer(400, {"error": said("refused_json", self.lang, problem=said(f"json_{error.key}", self.lang,
                                                                                  **error.params)),
                              "reason": error.key})
            return None

    def session(self, class_id: str) -> ClassSession | None:
        session = self.registry.get(class_id)
        if session is not None:
            self.lang = session.request.lang
        return session

    def say(self, status: int, case: str, **facts: Any) -> None:
        """Refuse with the catalog's ``class.<case>`` words in the class's language."""
        self.refuse(status, said(case, self.lang, **facts))

    def student(self, class_id: str, acting: bool = False) -> tuple[ClassSession, Student] | None:
        """The class and the student whose token the query holds; else answered 403. Answered
        429 past the student's request rate, and, ``acting`` in a closed class, 410."""
        session = self.session(class_id)
        token = self.get_query_argument("token", None)
        student = session.student_of(token) if session is not None else None
        if session is None or student is None:
            self.say(403, "refused_wrong_link")
            return None
        wait = self.registry.student_wait(session, student)
        if wait is not None:
            self.set_header("Retry-After", str(wait))
            self.say(429, "refused_too_often", rate=f"{self.server.limits.student_rate:g}", seconds=wait)
            return None
        if acting and self.registry.is_closed(session):
            self.say(410, "refused_closed")
            return None
        return session, student

    def teacher_session(self, class_id: str) -> ClassSession | None:
        """The class whose teacher's token the query holds; else answered 403 (a student's
        token: 403 saying the page is the teacher's)."""
        session = self.session(class_id)
        token = self.get_query_argument("token", None)
        if session is not None and session.is_teacher(token):
            self.registry.used(session)
            return session
        if session is not None and session.student_of(token) is not None:
            self.say(403, "refused_progress_teachers")
        else:
            self.say(403, "refused_wrong_link")
        return None

    def refused(self, error: ClassError) -> None:
        self.refuse(error.status, refusal_words(error, self.lang))

    def link_base(self) -> str:
        return self.server.base_url or self.server.link_base(self.request)


class ClassesHandler(_ClassHandler):
    """``POST /api/classes``: a new class (the host key, the creation rate, the classes limit)."""

    def post(self) -> None:
        limits = self.server.limits
        if len(self.request.body) > limits.max_body_bytes:
            return self.say(413, "refused_too_large", most=limits.max_body_bytes)
        if not self.server.host_key.admits(self.request.headers.get("Authorization")):
            self.set_header("WWW-Authenticate", 'Bearer realm="tables"')
            return self.say(401, "refused_host_key")
        wait = self.server.creation.wait(self.request.remote_ip or "")
        if wait is not None:
            self.set_header("Retry-After", str(wait))
            return self.say(429, "refused_creation_rate", rate=f"{limits.create_rate:g}", seconds=wait)
        body = self.body()
        if self._finished:
            return
        if isinstance(body, dict) and body.get("lang") in LANGUAGES:
            self.lang = body["lang"]
        try:
            session = self.registry.create(body)
        except ClassError as error:
            return self.refused(error)
        base = self.link_base()
        self.answer(201, {"id": session.id, "teacher": ClassRegistry.link(base, session, "teacher", session.teacher),
                          "join": ClassRegistry.link(base, session, "join", session.join_token)})


class StudentsHandler(_ClassHandler):
    """``POST /api/classes/<id>/students?token=<join token>`` with ``{"name"}``."""

    def post(self, class_id: str) -> None:
        session = self.session(class_id)
        token = self.get_query_argument("token", None)
        if session is None or not session.admits(token):
            return self.say(403, "refused_wrong_join_token")
        if self.registry.is_closed(session):
            return self.say(410, "refused_closed")
        wait = self.server.joining.wait(self.request.remote_ip or "")
        if wait is not None:
            self.set_header("Retry-After", str(wait))
            return self.say(429, "refused_join_rate", rate=f"{self.server.limits.join_rate:g}", seconds=wait)
        body = self.body()
        if self._finished:
            return
        if not isinstance(body, dict) or set(body) - {"name"}:
            return self.say(400, "refused_join_body", example='{"name": "…"}')
        try:
            student = session.join(token, body.get("name"))
        except ClassError as error:
            return self.refused(error)
        self.registry.keep(session)
        self.answer(201, {"student": ClassRegistry.link(self.link_base(), session, "student", student.token)})


class ProgressHandler(_ClassHandler):
    """``GET /api/classes/<id>/progress?token=<teacher's token>`` (``closed``: whether the class has ended)."""

    def get(self, class_id: str) -> None:
        session = self.teacher_session(class_id)
        if session is not None:
            self.answer(200, {**session.view(ClassScreen()), "closed": self.registry.is_closed(session)})


class ProgressCsvHandler(ProgressHandler):
    """``GET /api/classes/<id>/progress.csv?token=<teacher's token>``: one row per student."""

    def get(self, class_id: str) -> None:
        session = self.teacher_session(class_id)
        if session is None:
            return
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.set_header("Content-Disposition", 'attachment; filename="class-progress.csv"')
        self.finish(session.progress_csv())


class StudentHandler(_ClassHandler):
    """``GET /api/classes/<id>/me?token=<student's token>``: the assignment and the student's own results."""

    def get(self, class_id: str) -> None:
        found = self.student(class_id)
        if found is not None:
            session, student = found
            self.answer(200, session.view(ClassScreen(student)))


class _StudentAct(_ClassHandler):
    """A student's request on one numbered item: checked token, then the session's
    :meth:`~ClassSession.handle`; its answer, kept."""

    async def act(self, class_id: str, kind: str, number: str, move_words: str | None = None) -> None:
        """Answer the intent ``{"type": kind, "number": number}``, or its refusal; with
        ``move_words``, the body must be ``{"move": ...}`` (else refused with that catalog case) and
        its move goes with the intent. For a deal, the bots' moves it needs are thought out
        first, off the event loop."""
        found = self.student(class_id)
        if found is None:
            return
        session, student = found
        deal = int(number) if kind in ("deal", "play") else None
        if self.registry.is_closed(session) and (move_words is not None or deal is not None and deal not in student.deals):
            return self.say(410, "refused_closed")  # (what was played stays readable)
        intent: dict[str, Any] = {"type": kind, "number": int(number)}
        if move_words is not None:
            body = self.body()
            if self._finished:
                return
            if not isinstance(body, dict) or set(body) - {"move"}:
                return self.say(400, move_words, example='{"move": "…"}')
            intent["move"] = body.get("move")
        if deal is not None:
            await think_bots(self.server, session, student, deal, intent.get("move"))
        try:
            answered = session.handle(ClassScreen(student), intent)
        except ClassError as error:
            return self.refused(error)
        if kind != "class_played":
            self.registry.keep(session)  # (a puzzle's first showing counts for the time spent)
        self.answer(200, answered)


class PuzzleHandler(_StudentAct):
    """``GET``/``POST /api/classes/<id>/puzzles/<n>?token=<student's token>``."""

    async def get(self, class_id: str, number: str) -> None:
        await self.act(class_id, "puzzle", number)

    async def post(self, class_id: str, number: str) -> None:
        await self.act(class_id, "answer", number, "refused_answer_body")


class DealHandler(_StudentAct):
    """``GET``/``POST /api/classes/<id>/deals/<n>?token=<student's token>``."""

    async def get(self, class_id: str, number: str) -> None:
        await self.act(class_id, "deal", number)

    async def post(self, class_id: str, number: str) -> None:
        await self.act(class_id, "play", number, "refused_move_body")


class ClassPlayedHandler(_StudentAct):
    """``GET /api/classes/<id>/deals/<n>/class?token=<student's token>``: how the class played it."""

    async def get(self, class_id: str, number: str) -> None:
        await self.act(class_id, "class_played", number)


class WatchHandler(_ClassHandler):
    """``GET /api/classes/<id>/students/<student id>/watch?token=<teacher's token>``: the
    student's current deal as a table's watcher sees it."""

    def get(self, class_id: str, student_id: str) -> None:
        session = self.teacher_session(class_id)
        if session is None:
            return
        try:
            self.answer(200, session.watch(student_id))
        except ClassError as error:
            self.refused(error)


class CloseHandler(_ClassHandler):
    """``POST /api/classes/<id>/close?token=<teacher's token>``: the class ends (it stays readable)."""

    def post(self, class_id: str) -> None:
        session = self.teacher_session(class_id)
        if session is None:
            return
        self.registry.close(session)
        self.answer(200, {"id": session.id, "closed": True})
