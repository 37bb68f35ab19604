"""Who thinks out a bot's move: the session itself, at once (``INLINE``), or something off
the event loop that answers later (the table server's worker processes, ``server.bot_pool``).

:class:`~dominoes_widget.sessions.table.bot_turns.BotTurns` asks its thinker for each bot move and
plays the answer only if the table is still where it was when it asked.
"""

from __future__ import annotations

from typing import Callable, Protocol

from ...studies.bots import Bot
from ...engine.move import Move
from ...engine.views import SeatView

__all__ = ["Thinker", "Thought", "InlineThinker", "INLINE"]


class Thought(Protocol):
    """A bot move being thought out; ``cancel()`` drops it (its answer never comes)."""

    def cancel(self) -> None: ...


class Thinker(Protocol):
    """Chooses bots' moves. ``ahead``: whether a move is thought out while the table's pacing
    waits (off the event loop), rather than once it is due."""

    ahead: bool

    def think(self, bot: Bot, view: SeatView, answer: Callable[[Move], None]) -> Thought | None:
        """Start choosing ``bot``'s move in ``view``; ``answer(move)`` is called with it (and the
        bot's random source has moved on, as if ``bot.choose(view)`` had run here). ``None``
        when the answer was given at once."""
        ...


class InlineThinker:
    """``bot.choose(view)`` right here, once the move is due: the widget's way, synchronous
    and the same moves for the same seed."""

    ahead = False

    def think(self, bot: Bot, view: SeatView, answer: Callable[[Move], None]) -> Thought | None:
        answer(bot.choose(view))
        return None


INLINE: Thinker = InlineThinker()
"""The thinker of every session that is given none."""
