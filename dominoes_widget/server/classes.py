"""The classes a table server holds (:class:`ClassRegistry`): made from a teacher's request,
kept in the server's store after every change, taken up again on start, and found by id.

A store keeps classes when it offers ``add_class(id, data)``, ``save_class(id, data)`` and
``classes()`` (the kept ones' data): :class:`~.store.SqliteStore` does, in the same file as
the tables; :class:`~.store.MemoryStore` keeps them nowhere.

The students' decisions in the duplicate deals are judged in the background
(:class:`~dominoes_widget.sessions.background.BackgroundJudge`, in a worker process below the
event loop's priority): a request only hands its new decisions over, never waits for a verdict,
and each verdict is kept as it comes in. A class taken up again has what was not judged before
the restart judged when it is first asked for.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Callable
from urllib.parse import quote

from ..sessions.background import BackgroundJudge, _yield_cpu
from ..sessions.classroom import ClassError, ClassSession
from ..sessions.classroom.verdicts import Decision
from .bot_pool import _start_worker
from .limits import MAX_CLASSES, MAX_STUDENTS_PER_CLASS

__all__ = ["ClassRegistry"]

log = logging.getLogger(__name__)

class ClassRegistry:
    """The classes of one server: at most ``max_classes``, each of at most ``max_students``."""

    def __init__(self, store: Any, max_classes: int = MAX_CLASSES, max_students: int = MAX_STUDENTS_PER_CLASS,
                 clock: Callable[[], float] = time.time, judging: BackgroundJudge | None = None) -> None:
        self.store = store
        self.judging = judging
        """Where the decisions are judged (default: a :class:`BackgroundJudge` made when first needed)."""
        self._resumed: set[str] = set()
        self._workers: ProcessPoolExecutor | None = None
        self.max_classes = max_classes
        self.max_students = max_students
        self.clock = clock
        self.classes: dict[str, ClassSession] = {}
        kept = getattr(store, "classes", None)
        for data in kept() if kept is not None else ():
            try:
                session = ClassSession.from_json(data, clock=clock)
            except Exception:  # noqa: BLE001 - one bad row must not keep every other class down
                log.error("a kept class could not be taken up again")
                continue
            self.classes[session.id] = session

    def create(self, body: Any) -> ClassSession:
        """A new class from a request (a :class:`ClassError` says why not), kept at once."""
        if len(self.classes) >= self.max_classes:
            raise ClassError(503, f"this server holds {self.max_classes} classes already")
        session = ClassSession.create(body, max_students=self.max_students, clock=self.clock)
        self.classes[session.id] = session
        self._resumed.add(session.id)
        add = getattr(self.store, "add_class", None)
        if add is not None:
            add(session.id, session.as_json())
        return session

    def get(self, class_id: str) -> ClassSession | None:
        """The class ``class_id`` (on its first asking after a restart, its unjudged decisions go to the judge)."""
        session = self.classes.get(class_id)
        if session is not None and class_id not in self._resumed:
            self._resumed.add(class_id)
            self._judge(session, session.unjudged())
        return session

    def keep(self, session: ClassSession) -> None:
        """Write the class as it is now (after a change, before it is answered); its new decisions go to the judge."""
        self._save(session)
        self._judge(session, session.take_to_judge())

    def _save(self, session: ClassSession) -> None:
        save = getattr(self.store, "save_class", None)
        if save is not None:
            save(session.id, session.as_json())

    def _judge(self, session: ClassSession, decisions: list[Decision]) -> None:
        if not decisions:
            return
        if self.judging is None:
            self.judging = BackgroundJudge(pool=self._worker)
        for decision in decisions:
            key = ("class", session.id, decision.deal, decision.key)
            self.judging.submit(key, decision.view, decision.move, then=self._verdict(session, decision, key))

    def _verdict(self, session: ClassSession, decision: Decision, key: object) -> Callable[[Any], None]:
        def then(judged: Any) -> None:
            assert self.judging is not None
            self.judging.results.pop(key, None)  # kept in the class from now on
            session.take_verdict(decision, judged)
            if self.classes.get(session.id) is session:
                self._save(session)
        return then

    def _worker(self) -> ProcessPoolExecutor:
        """The judge's worker process: started afresh (it holds none of the server's sockets),
        below the server's priority, and ending with the server, however it ends (as the bots' do)."""
        if self._workers is None:
            self._workers = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"),
                                                initializer=_start_judge, initargs=(os.getpid(),))
        return self._workers

    def close(self) -> None:
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


def _start_judge(server_pid: int) -> None:
    """In the judge's worker: end with the server, and give way to it for the CPU."""
    _start_worker(server_pid)
    _yield_cpu()
