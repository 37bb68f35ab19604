"""The one way a widget is built: a session's view in the ``view`` trait, the page's intents to the session.

Every widget (``Table``, ``Replay``, ``Puzzles``, ``Exercise``) is a :class:`SessionWidget`
over a session that has ``view()`` and ``handle(intent)``. The widget syncs ``session.view()``
into ``view``, passes each message from the page to ``session.handle``, sends back the
messages the session answers with, and answers a refusal (a
:class:`~dominoes_widget.engine.errors.DominoesError`) in one shape:
``{"type": "error", "reason": code, "message": why}``, having changed nothing. Each widget adds
only its Python API.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

import anywidget
import traitlets

from ..engine.errors import DominoesError
from .guarded import GuardedState

__all__ = ["SessionWidget", "refusal_message", "MAX_REFUSAL"]

MAX_REFUSAL = 500
"""A refusal's sentence is cut to this many characters on its way to the page."""


def refusal_message(error: DominoesError) -> dict[str, Any]:
    """The message a refusal sends the page: its reason code and its sentence."""
    return {"type": "error", "reason": str(error.reason), "message": str(error)[:MAX_REFUSAL]}


class SessionWidget(GuardedState, anywidget.AnyWidget):
    """A widget over ``session``: ``view`` is what the page shows, ``words`` its labels.

    Subclasses set ``_esm``/``_css``, call ``super().__init__(session)`` and add their
    Python API; :meth:`_intent` is the one path from an intent to the session, for the page's
    messages and the Python API alike.
    """

    _refresh_after_intent = True
    """Whether to show the view after each intent; ``False`` for a session that says when it changed."""

    view = traitlets.Dict(help="what the page shows (js/PROTOCOL.md)").tag(sync=True)
    words = traitlets.Dict(help="the page's labels, in the widget's language").tag(sync=True)

    def __init__(self, session: Any, **traits: Any) -> None:
        super().__init__(**traits)
        self._session = session
        self.on_msg(self._on_message)

    @property
    def session(self) -> Any:
        """The session behind the widget: the game, run or exercise, with no widget."""
        return self._session

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        self._intent(content)

    def _intent(self, intent: Any) -> DominoesError | None:
        """Pass ``intent`` to the session; send its replies, or its refusal (then returned), and show its view."""
        try:
            replies = self._handle(intent)
        except DominoesError as error:
            self.send(refusal_message(error))
            return error
        for reply in replies or ():
            self.send(reply)
        if self._refresh_after_intent:
            self._refresh()
        return None

    def _handle(self, intent: Any) -> Iterable[Mapping[str, Any]] | None:
        """The session's answer to ``intent``: the messages to send back (``None``: none)."""
        result: Iterable[Mapping[str, Any]] | None = self._session.handle(intent)
        return result

    def _refresh(self) -> None:
        """Show the session's view."""
        self.view = dict(self._session.view())
