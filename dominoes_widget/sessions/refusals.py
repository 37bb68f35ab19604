"""A message from the page that a session cannot take, as every session refuses: a
:class:`~dominoes_widget.engine.errors.DominoesError`.

Its ``case`` names its words (``message.<case>`` in the catalogs) and its ``facts`` fill them, so
whoever answers the page can say it in the language of the screen it came from.
"""

from __future__ import annotations

from typing import Any

from ..engine.errors import DominoesError, Reason
from ..words.catalog import Voice

__all__ = ["bad_message", "refused"]


def refused(reason: Reason, case: str, voice: Voice | None = None, **facts: Any) -> DominoesError:
    """A refusal for ``reason``: the words ``message.<case>`` filled with ``facts``, its text in
    ``voice``'s language (English when ``None``); nothing was changed."""
    text = (voice or Voice())(f"message.{case}", **facts)
    return DominoesError(reason, text, case=case, facts=facts)


def bad_message(case: str, voice: Voice | None = None, **facts: Any) -> DominoesError:
    """A ``bad_message`` refusal (:func:`refused`): a message the session cannot read."""
    return refused(Reason.BAD_MESSAGE, case, voice, **facts)
