"""The classes a table server holds (:class:`ClassRegistry`): made from a teacher's request,
kept in the server's store after every change, taken up again on start, and found by id.

A class ends when its teacher closes it or once nobody has used it for
:data:`~.limits.CLASS_IDLE_DAYS`: a closed class takes no new student and no student's move,
and its results stay readable to the teacher for :data:`~.limits.CLOSED_CLASS_DAYS`, then it
is forgotten. Only open classes count towards the server's ``max_classes``. Each student's
requests pass a token bucket of their own (``Limits.student_rate``), as a seat's messages do.

A store keeps classes when it offers ``add_class(id, data)``, ``save_class(id, data)`` and
``classes()`` (the kept ones' data), and forgets one with ``remove_class(id)``:
:class:`~.store.SqliteStore` does, in the same file as the tables; :class:`~.store.MemoryStore`
keeps them nowhere.

The students' decisions in the duplicate deals are judged in the background
(:class:`~dominoes_widget.sessions.background.BackgroundJudge`, in a worker process below the
event loop's priority): a request only hands its new decisions over, never waits for a verdict,
and each verdict is kept as it comes in. A class taken up again has what was not judged before
the restart judged when it is first asked for.
"""

from __future__ import annotations

import asyncio
import logging
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Callable
from urllib.parse import quote

from ..sessions.background import BackgroundJudge
from ..sessions.classroom import ClassError, ClassSession, Student
from ..sessions.classroom.verdicts import Decision
from ..sessions.worker_process import worker_pool
from .access import CreationGate
from .limits import CLASS_IDLE_DAYS, CLOSED_CLASS_DAYS, MAX_CLASSES, MAX_STUDENTS_PER_CLASS

__all__ = ["ClassRegistry", "think_bots"]

log = logging.getLogger(__name__)

DAY = 86400.0


class ClassRegistry:
    """The classes of one server: at most ``max_classes`` open, each of at most ``max_students``.

    ``student_gate`` limits each student's requests (:meth:`student_wait`); ``idle_days`` and
    ``closed_days`` say when :meth:`sweep` closes a class and when it forgets a closed one,
    as ``clock`` (wall time, the same after a restart) counts."""

    def __init__(self, store: Any, max_classes: int = MAX_CLASSES, max_students: int = MAX_STUDENTS_PER_CLASS,
                 clock: Callable[[], float] = time.time, judging: BackgroundJudge | None = None, *,
                 student_gate: CreationGate | None = None, idle_days: float = CLASS_IDLE_DAYS,
                 closed_days: float = CLOSED_CLASS_DAYS) -> None:
        self.store = store
        self.judging = judging
        """Where the decisions are judged (default: a :class:`BackgroundJudge` made when first needed)."""
        self._resumed: set[str] = set()
        self._workers: ProcessPoolExecutor | None = None
        self.max_classes = max_classes
        self.max_students = max_students
        self.clock = clock
        self.student_gate = student_gate
        self.idle_after = idle_days * DAY
        self.closed_kept = closed_days * DAY
        self.classes: dict[str, ClassSession] = {}
        self.active_at: dict[str, float] = {}
        """When each class was last used (a student's request or the teacher's)."""
        self.closed_at: dict[str, float] = {}
        """When each closed class was closed."""
        kept = getattr(store, "classes", None)
        for data in kept() if kept is not None else ():
            try:
                session = ClassSession.from_json(data, clock=clock)
            except Exception:  # noqa: BLE001 - one bad row must not keep every other class down
                log.error("a kept class could not be taken up again")
                continue
            self.classes[session.id] = session
            lasting = data.get("lasting") if isinstance(data.get("lasting"), dict) else {}
            self.active_at[session.id] = float(lasting.get("active_at") or session.created)
            if lasting.get("closed_at") is not None:
                self.closed_at[session.id] = float(lasting["closed_at"])

    @property
    def open_count(self) -> int:
        return len(self.classes) - len(self.closed_at)

    def create(self, body: Any) -> ClassSession:
        """A new class from a request (a :class:`ClassError` says why not), kept at once."""
        if self.open_count >= self.max_classes:
            self.sweep()
        if self.open_count >= self.max_classes:
            raise ClassError(503, f"this server holds {self.max_classes} classes already (open ones: a closed class "
                                  f"does not count)", case="too_many_classes", facts={"most": self.max_classes})
        session = ClassSession.create(body, max_students=self.max_students, clock=self.clock)
        self.classes[session.id] = session
        self._resumed.add(session.id)
        self.active_at[session.id] = self.clock()
        add = getattr(self.store, "add_class", None)
        if add is not None:
            add(session.id, self._kept(session))
        return session

    def get(self, class_id: str) -> ClassSession | None:
        """The class ``class_id`` (on its first asking after a restart, its unjudged decisions go to the judge)."""
        session = self.classes.get(class_id)
        if session is not None and class_id not in self._resumed:
            self._resumed.add(class_id)
            self._judge(session, session.unjudged())
        return session

    def is_closed(self, session: ClassSession) -> bool:
        return session.id in self.closed_at

    def used(self, session: ClassSession) -> None:
        """Someone used the class now (it is not idle)."""
        self.active_at[session.id] = self.clock()

    def keep(self, session: ClassSession) -> None:
        """Write the class as it is now (after a change, before it is answered); its new decisions go to the judge."""
        self.used(session)
        self._save(session)
        self._judge(session, session.take_to_judge())

    def _save(self, session: ClassSession) -> None:
        save = getattr(self.store, "save_class", None)
        if save is not None:
            save(session.id, self._kept(session))

    def _kept(self, session: ClassSession) -> dict[str, Any]:
        return {**session.as_json(), "lasting": {"active_at": self.active_at.get(session.id),
                                                 "closed_at": self.closed_at.get(session.id)}}

    def close(self, session: ClassSession) -> None:
        """Close the class now (the teacher's choice, or :meth:`sweep`'s); kept closed."""
        if session.id not in self.closed_at:
            self.closed_at[session.id] = self.clock()
            self.keep(session)

    def sweep(self) -> tuple[list[str], list[str]]:
        """Close every open class idle for ``idle_days`` and forget every class closed for
        ``closed_days``: ``(closed ids, forgotten ids)``."""
        now = self.clock()
        idle = [session for session in self.classes.values() if session.id not in self.closed_at
                and now - self.active_at.get(session.id, session.created) >= self.idle_after]
        for session in idle:
            self.close(session)
        gone = [class_id for class_id, closed in self.closed_at.items() if now - closed >= self.closed_kept]
        remove = getattr(self.store, "remove_class", None)
        for class_id in gone:
            del self.classes[class_id], self.closed_at[class_id]
            self.active_at.pop(class_id, None)
            self._resumed.discard(class_id)
            if remove is not None:
                remove(class_id)
        if idle or gone:
            log.info("closed %d idle classes, forgot %d closed long ago", len(idle), len(gone))
        return [session.id for session in idle], gone

    def student_wait(self, session: ClassSession, student: Student) -> int | None:
        """``None`` when the student may act now (a token taken), else the seconds to wait."""
        if self.student_gate is None:
            return None
        return self.student_gate.wait(f"{session.id}/{student.id}")

    def _judge(self, session: ClassSession, decisions: list[Decision]) -> None:
        if not decisions:
            return
        if self.judging is None:
            self.judging = BackgroundJudge(pool=self._worker)
        for decision in decisions:
            key = ("class", session.id, decision.deal, decision.key)
            self.judging.submit(key, decision.view, decision.move, then=self._verdict(session, decision, key),
                                failed=self._not_judged(session, decision, key))

    def _verdict(self, session: ClassSession, decision: Decision, key: object) -> Callable[[Any], None]:
        def then(judged: Any) -> None:
            assert self.judging is not None
            self.judging.results.pop(key, None)  # kept in the class from now on
            session.take_verdict(decision, judged)
            if self.classes.get(session.id) is session:
                self._save(session)
        return then

    def _not_judged(self, session: ClassSession, decision: Decision, key: object) -> Callable[[str], None]:
        def failed(_error: str) -> None:  # (logged once by the judge)
            assert self.judging is not None
            self.judging.failed.pop(key, None)  # kept in the class from now on
            session.not_judged(decision)
            if self.classes.get(session.id) is session:
                self._save(session)
        return failed

    def _worker(self) -> ProcessPoolExecutor:
        """The judge's worker process (:func:`~dominoes_widget.sessions.worker_process.worker_pool`:
        it holds none of the server's sockets, thinks below the server's priority, and ends with it)."""
        if self._workers is None:
            self._workers = worker_pool(1)
        return self._workers

    def shutdown(self) -> None:
        """Judge nothing more (what is not judged yet is judged when the class is next taken up)."""
        if self.judging is not None:
            self.judging.close()
        if self._workers is not None:
            self._workers.shutdown(wait=False, cancel_futures=True)
            self._workers = None

    @staticmethod
    def link(base: str, session: ClassSession, page: str, token: str) -> str:
        """The address of one of the class's pages (``teacher``, ``join``, ``student``) with its token."""
        return f"{base.rstrip('/')}/classes/{quote(session.id)}/{page}?token={quote(token)}"


async def think_bots(server: Any, session: ClassSession, student: Student, number: Any, move: Any = None) -> None:
    """Think out, off the event loop (the server's thinker: its bot workers), the bots' moves
    deal ``number`` needs before it answers ``student`` (after ``move``); the session then
    replays them at once. A slow bot (``strong``) then never holds up the other students."""
    for _ in range(MAX_BOT_THOUGHTS):
        pending = session.bot_to_think(student, number, move)
        if pending is None:
            return
        bot, view, position = pending
        answered: asyncio.Future[Any] = asyncio.get_running_loop().create_future()

        def answer(chosen: Any, answered: asyncio.Future[Any] = answered) -> None:
            if not answered.done():
                answered.set_result(chosen)

        server.thinker.think(bot, view, answer)
        session.remember_bot_move(number, position, await answered)


MAX_BOT_THOUGHTS = 200
"""More bot moves than any hand has (a bound, not a limit a hand meets)."""
