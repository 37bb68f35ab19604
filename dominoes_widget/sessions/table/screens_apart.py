"""A table whose people each have a screen of their own (the table server's seats).

With screens apart there is no hot-seat cover: each person's browser shows that seat's
view, and what one person was told (a notice, a hint, a look back) stays on their screen.
A table can also take up a match where a stored record stopped.
"""

from __future__ import annotations

import random
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Iterator, Protocol

from ...engine.errors import excerpt
from ...engine.match import Match
from ..protocol import Hint, Notice, Phase, TableView

if TYPE_CHECKING:
    from ...engine.match import Deal
    from ...engine.rules import Rules
    from .bot_turns import BotTurns
    from .screen import Screen

__all__ = ["set_apart", "view_for", "handle_for", "seen_by", "take_up", "ApartTable", "Told"]

Told = tuple[Notice | None, Hint | None, int | None, bool]
"""What the person at the screen was told and chose to see: notice, hint, look back, counting."""


class ApartTable(Protocol):
    """What screens apart read of a table, and the changes they ask of it."""

    @property
    def humans(self) -> list[str]: ...

    @property
    def screen(self) -> Screen: ...

    @property
    def rules(self) -> Rules: ...

    @property
    def rng(self) -> random.Random: ...

    @property
    def bots(self) -> BotTurns: ...

    def handle(self, content: Any) -> list[dict[str, Any]]: ...

    def view(self) -> TableView: ...

    def deal(self, first: bool, leader: str | None = None, prepared: Deal | None = None) -> None: ...

    def part_screens(self) -> None: ...

    def forget_told(self) -> None: ...

    def told(self) -> Told: ...

    def retell(self, told: Told) -> None: ...

    def set_counting(self, show: bool) -> None: ...

    def adopt(self, match: Match) -> None: ...

    def set_phase(self, phase: Phase) -> None: ...


def set_apart(session: ApartTable) -> None:
    """From now on every person at ``session`` has a screen of their own: no cover."""
    session.part_screens()


def handle_for(session: ApartTable, seat: str, content: Any) -> list[dict[str, Any]]:
    """``session.handle`` for the person at ``seat``'s own screen. That seat becomes the one
    at the screen: the notice, hint and look back that follow are theirs."""
    if seat not in session.humans:
        raise ValueError(f"seat {excerpt(seat)} is not a person's")
    if seat != session.screen.at_screen:
        session.screen.at_screen = seat
        session.forget_told()
    return session.handle(content)


def view_for(session: ApartTable, seat: str | None, counting: bool | None = None) -> TableView:
    """The view of ``seat``'s own screen, with the notice, hint and look back only when it was
    the last to act; ``counting`` shows or hides its counting panel (default: the table's).
    ``seat=None`` is a watcher's screen: no seat's eyes, every hand in play face down."""
    with seen_by(session, seat, counting):
        return session.view()


@contextmanager
def seen_by(session: ApartTable, seat: str | None, counting: bool | None = None) -> Iterator[None]:
    """Within it, what the screen shows (``view``, the static picture) is ``seat``'s own screen."""
    screen = session.screen
    saved, told = (screen.at_screen, screen.covered), session.told()
    if seat != screen.at_screen:
        session.forget_told()
    screen.at_screen, screen.covered = seat, False
    if counting is not None:
        session.set_counting(counting)
    try:
        yield
    finally:
        screen.at_screen, screen.covered = saved
        session.retell(told)


def take_up(session: ApartTable, match: Match) -> None:
    """Go on with ``match`` where it stopped (a record read back): its hands stay played."""
    session.adopt(match)
    match.rng = random.Random(session.rng.randrange(2**32))
    hand = match.hand
    if match.pending is not None:  # stopped while a leader was being chosen
        session.deal(first=False, prepared=match.pending)
    elif hand is None:
        session.set_phase(Phase.PLAYING)
        session.deal(first=True)
    elif hand.is_over:
        session.set_phase(Phase.MATCH_OVER if match.is_over else Phase.HAND_OVER)
    else:
        session.set_phase(Phase.PLAYING)
        first = session.screen.next_person(session.rules.turn_order, hand.turn)
        if first is not None:
            session.screen.hand_to(first)
        session.bots.advance(match)  # the bots to move play now, or wait on the scheduler
