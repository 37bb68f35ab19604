"""One screen of a table: whose eyes it shows, its hot-seat cover, and what its person was told."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .shapes import Hint, Notice

__all__ = ["SeatScreen", "next_person"]


@dataclass
class SeatScreen:
    """A screen and what it shows: the person whose eyes it is (``seat``; ``None``: a watcher's),
    whether a hot-seat cover hides their tiles (``covered``), and what its person was told and
    chose to see (the ``notice``, the coach's ``hint``, the ply ``looking`` back at, the
    ``counting`` panel open). A notebook's table has one screen its people pass round; a served
    table has one per person (and one for its watchers), so what one person is told stays theirs.
    """

    seat: str | None
    counting: bool = False
    covered: bool = False
    notice: Notice | None = None
    hint: Hint | None = None
    looking: int | None = None

    @property
    def at_screen(self) -> str | None:
        """The person at the screen (``seat``), under the cover too."""
        return self.seat

    @at_screen.setter
    def at_screen(self, seat: str | None) -> None:
        self.seat = seat

    @property
    def viewer(self) -> str | None:
        """Whose eyes the screen shows: its person, or nobody under the cover."""
        return None if self.covered else self.seat

    def forget(self) -> None:
        """What the screen's person was told (the notice, the hint, a look back) is over."""
        self.notice, self.hint, self.looking = None, None, None


def next_person(humans: Sequence[str], order: Sequence[str], turn: str | None) -> str | None:
    """The first of ``humans`` to move from ``turn`` on, in turn ``order``."""
    if not humans or turn is None:
        return None
    start = list(order).index(turn)
    return next(s for s in [*order[start:], *order[:start]] if s in humans)
