"""Traits the browser may not write: the kernel owns the game, the browser only asks."""

from __future__ import annotations

from typing import Any, Callable, ClassVar, Mapping

from ..engine.errors import DominoesError
from ..sessions.refusals import bad_message
from ..words.catalog import Voice

__all__ = ["GuardedState"]


class GuardedState:
    """Refuses ``update`` messages from the browser except for the traits in ``_browser_writable``.

    ipywidgets applies every ``update`` a front end sends. Here a write to a trait the
    kernel owns, or a value its checker refuses, changes nothing: the kernel's value is
    sent back (so the page shows the truth again) and the page is told why, in an
    ``error`` message with the first refusal's reason (``{type: "error", reason, message}``,
    a session's refusal shape). ``_browser_writable`` maps a trait name to a checker that
    takes the proposed values (all of one message) and returns its refusal, a
    :class:`~dominoes_widget.engine.errors.DominoesError`, or ``None`` to accept.
    """

    _browser_writable: ClassVar[Mapping[str, Callable[[Any, Mapping[str, Any]], DominoesError | None]]] = {}

    def _words(self) -> Voice:
        """The words the page is told why in: the widget's language."""
        return Voice("en")

    def set_state(self, sync_data: Mapping[str, Any]) -> None:
        refused: list[str] = []
        refusals: list[DominoesError] = []
        accepted: dict[str, Any] = {}
        for name, value in sync_data.items():
            check = self._browser_writable.get(name)
            refusal = (bad_message("kept_by_kernel", self._words(), field=str(name)[:40]) if check is None
                       else check(self, sync_data))
            if refusal is None:
                accepted[name] = value
            else:
                refused.append(name)
                refusals.append(refusal)
        # a mixin: set_state, keys, send_state and send come from the widget class it is mixed
        # into (ipywidgets, which ships no types), so the type checker cannot see them here
        if accepted:
            super().set_state(accepted)  # type: ignore[misc]
        if refused:
            known = [name for name in refused if name in self.keys]  # type: ignore[attr-defined]
            if known:
                self.send_state(known)  # type: ignore[attr-defined]
            self.send({"type": "error", "reason": str(refusals[0].reason),  # type: ignore[attr-defined]
                       "message": " ".join(str(refusal) for refusal in refusals)[:500]})
