"""A class's refusals in the class's language: a :class:`~.session.ClassError` carries its
``case`` and ``facts``, and the catalogs' ``class.refused_<case>`` entry says it (in English,
much as the error's own message says it). A refusal with no entry of its own keeps its message."""

from __future__ import annotations

from typing import Any

from ...engine.errors import excerpt
from ...words.catalog import Voice
from .assignment import ClassRequestError
from .session import ClassError

__all__ = ["refusal_words", "said"]

AS_THEY_ARE = {"detail", "example", "rate", "problem"}
"""Facts that are the package's own text (a request's check, an example body, a number as the
server writes it), shown as they are (a :class:`~.assignment.ClassRequestError`: its sentence in
the refusal's language); any other fact that is not a whole number or a list is
echoed input, shown cut short and quoted."""


def _shown(name: str, value: Any, lang: str) -> Any:
    if isinstance(value, ClassRequestError):  # a check's own sentence, in the refusal's language
        return value.words(lang)
    if isinstance(value, (list, tuple)):
        return ", ".join(str(item) for item in value)
    if name in AS_THEY_ARE or isinstance(value, int) and not isinstance(value, bool):
        return value
    return excerpt(value, 30)


def refusal_words(error: ClassError, lang: str) -> str:
    """What ``error`` says, in ``lang``."""
    if error.case is None or not Voice(lang).words.has(f"class.refused_{error.case}"):
        return str(error)
    return said(f"refused_{error.case}", lang, **error.facts)


def said(case: str, lang: str, **facts: Any) -> str:
    """The catalog's ``class.<case>`` sentence in ``lang``, its facts shown safely."""
    voice = Voice(lang)
    key = f"class.{case}"
    if not voice.words.has(key):
        raise KeyError(f"no words for {key!r}")
    return voice(key, **{name: _shown(name, value, lang) for name, value in facts.items()})
