"""A class on the table server: the teacher's assignment (a puzzle set, a duplicate match),
the students who joined, and what each did (:class:`ClassSession`); the request checked
field by field (:mod:`.assignment`)."""

from .assignment import ClassRequest, ClassRequestError, read_class_request
from .session import ClassError, ClassScreen, ClassSession, Student

__all__ = ["ClassSession", "ClassError", "ClassScreen", "Student", "ClassRequest", "ClassRequestError", "read_class_request"]
