"""A table whose people each have a screen of their own (the table server's seats).

With screens apart there is no hot-seat cover: each person's browser shows that seat's
view, and what one person was told (a notice, a hint, a look back) stays on their screen.
A table can also take up a match where a stored record stopped.
"""

from __future__ import annotations

import random
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Iterator

from ...engine.errors import excerpt
from ...engine.match import Match
from ..protocol import Phase, TableView

if TYPE_CHECKING:
    from .session import TableSession

__all__ = ["set_apart", "view_for", "handle_for", "seen_by", "take_up"]


def set_apart(session: TableSession) -> None:
    """From now on every person at ``session`` has a screen of their own: no cover."""
    session.screens_apart = True
    session.screen.apart = True
    session.screen.covered = False


def handle_for(session: TableSession, seat: str, content: Any) -> list[dict[str, Any]]:
    """``session.handle`` for the person at ``seat``'s own screen. That seat becomes the one
    at the screen: the notice, hint and look back that follow are theirs."""
    if seat not in session.humans:
        raise ValueError(f"seat {excerpt(seat)} is not a person's")
    if seat != session.screen.at_screen:
        session.screen.at_screen = seat
        session.notice, session.hint, session.looking = None, None, None
    return session.handle(content)


def view_for(session: TableSession, seat: str | None, counting: bool | None = None) -> TableView:
    """The view of ``seat``'s own screen, with the notice, hint and look back only when it was
    the last to act; ``counting`` shows or hides its counting panel (default: the table's).
    ``seat=None`` is a watcher's screen: no seat's eyes, every hand in play face down."""
    with seen_by(session, seat, counting):
        return session.view()


@contextmanager
def seen_by(session: TableSession, seat: str | None, counting: bool | None = None) -> Iterator[None]:
    """Within it, what the screen shows (``view``, the static picture) is ``seat``'s own screen."""
    screen = session.screen
    saved = screen.at_screen, screen.covered, session.notice, session.hint, session.looking, session.show_counting
    if seat != screen.at_screen:
        session.notice, session.hint, session.looking = None, None, None
    screen.at_screen, screen.covered = seat, False
    if counting is not None:
        session.show_counting = counting
    try:
        yield
    finally:
        (screen.at_screen, screen.covered, session.notice, session.hint, session.looking,
         session.show_counting) = saved


def take_up(session: TableSession, match: Match) -> None:
    """Go on with ``match`` where it stopped (a record read back): its hands stay played."""
    session.match = match
    match.rng = random.Random(session.rng.randrange(2**32))
    session.looking = None
    hand = match.hand
    if match.pending is not None:  # stopped while a leader was being chosen
        session.deal(first=False, prepared=match.pending)
    elif hand is None:
        session.phase = Phase.PLAYING
        session.deal(first=True)
    elif hand.is_over:
        session.phase = Phase.MATCH_OVER if match.is_over else Phase.HAND_OVER
    else:
        session.phase = Phase.PLAYING
        first = session.screen.next_person(session.rules.turn_order, hand.turn)
        if first is not None:
            session.screen.hand_to(first)
        session.bots.advance(match)  # the bots to move play now, or wait on the scheduler
