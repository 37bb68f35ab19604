"""Who is at the screen, and the hot-seat cover between the people who share it."""

from __future__ import annotations

from typing import Sequence

__all__ = ["Screen"]


class Screen:
    """The person whose eyes the browser shows (``at_screen``) and whether a cover hides their
    tiles (``covered``). In hot seat (several people, hands not open) a cover goes up before
    the screen passes to another person and on every new deal."""

    def __init__(self, humans: Sequence[str], open_hands: bool, apart: bool = False) -> None:
        self.humans = tuple(humans)
        self.open_hands = open_hands
        self.apart = apart
        """Each person has a screen of their own (the table server): no cover."""
        self.at_screen: str | None = self.humans[0] if self.humans else None
        self.covered = False

    @property
    def hot_seat(self) -> bool:
        """Several people share this screen and the hands are not open: a cover goes between them."""
        return len(self.humans) > 1 and not self.open_hands and not self.apart

    @property
    def viewer(self) -> str | None:
        """Whose eyes the browser shows: the person at the screen, or nobody under the cover."""
        return None if self.covered else self.at_screen

    def hand_to(self, seat: str, new_deal: bool = False) -> bool:
        """Give the screen to ``seat`` (a cover first in hot seat); whether another person now has it."""
        if self.hot_seat and (new_deal or (self.at_screen is not None and seat != self.at_screen)):
            self.covered = True
        changed = seat != self.at_screen
        self.at_screen = seat
        return changed

    def next_person(self, order: Sequence[str], turn: str | None) -> str | None:
        """The first person to move from ``turn`` on, in turn ``order``."""
        if not self.humans or turn is None:
            return None
        start = list(order).index(turn)
        return next(s for s in [*order[start:], *order[:start]] if s in self.humans)
