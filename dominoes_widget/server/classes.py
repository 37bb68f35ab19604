"""The classes a table server holds (:class:`ClassRegistry`): made from a teacher's request,
kept in the server's store after every change, taken up again on start, and found by id.

A store keeps classes when it offers ``add_class(id, data)``, ``save_class(id, data)`` and
``classes()`` (the kept ones' data): :class:`~.store.SqliteStore` does, in the same file as
the tables; :class:`~.store.MemoryStore` keeps them nowhere.
"""

from __future__ import annotations

import logging
import time
from typing import Any, Callable
from urllib.parse import quote

from ..sessions.classroom import ClassError, ClassSession
from .limits import MAX_CLASSES, MAX_STUDENTS_PER_CLASS

__all__ = ["ClassRegistry"]

log = logging.getLogger(__name__)

class ClassRegistry:
    """The classes of one server: at most ``max_classes``, each of at most ``max_students``."""

    def __init__(self, store: Any, max_classes: int = MAX_CLASSES, max_students: int = MAX_STUDENTS_PER_CLASS,
                 clock: Callable[[], float] = time.time) -> None:
        self.store = store
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
        add = getattr(self.store, "add_class", None)
        if add is not None:
            add(session.id, session.as_json())
        return session

    def get(self, class_id: str) -> ClassSession | None:
        return self.classes.get(class_id)

    def keep(self, session: ClassSession) -> None:
        """Write the class as it is now (after a change, before it is answered)."""
        save = getattr(self.store, "save_class", None)
        if save is not None:
            save(session.id, session.as_json())

    @staticmethod
    def link(base: str, session: ClassSession, page: str, token: str) -> str:
        """The address of one of the class's pages (``teacher``, ``join``, ``student``) with its token."""
        return f"{base.rstrip('/')}/classes/{quote(session.id)}/{page}?token={quote(token)}"
