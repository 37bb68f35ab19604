"""A table's provably fair deals (``fair_deal``): the next hand's commitment made as the hand
before it ends, the seats' client seeds taken until the deal, a short bounded wait for the
pages still to send theirs, and the ``fair`` part of each seat's view.

Server seeds come from :mod:`secrets`; a table given ``seed=`` draws them from that seed
instead, so its deals can be played again. A notebook's such table draws them from the seed
alone, and its view says they are not secret; a table server's is given its key as well
(``key``): its seeds are keyed with it (:func:`~dominoes_widget.engine.fair_deal.keyed_server_seed`),
the same for the same seed on that server, and secret to everyone else.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Callable, Protocol

from ...engine.fair_deal import SCHEME, FairSeeds, keyed_server_seed, server_seed_from
from ...engine.match import Match
from .shapes import FairCommitment, FairHand, FairView
from ..scheduler import Pending

if TYPE_CHECKING:
    from .bot_turns import BotTurns

__all__ = ["FairDealer", "fair_view", "SEED_WAIT"]

SEED_WAIT = 2.0
"""At a served table, a deal waits at most this many seconds for the client seeds of the people
whose pages send them, then deals with what it has; the first hand, from the first seed that
comes (see docs/fair-deals.md)."""


class FairDealer:
    """Makes a table's commitments, holds a deal back for the seeds still to come, then deals.

    ``waiting_for`` (set by the table server) names the seats whose pages are expected to
    send a seed for the next deal; while one has not, the deal waits up to ``wait`` seconds
    on the session's scheduler, never longer. A notebook's table (no ``waiting_for``) deals
    at once. A served table's first deal waits instead for every person's seat (``seats``
    of :meth:`deal_when_seeded`), from the first seed on.
    """

    def __init__(self, seed: int | None, wait: float = 0.0, key: bytes | None = None, drawn: int = 0) -> None:
        self.seed = seed
        self.key = key if seed is not None else None
        """The table server's secret the seeded server seeds are keyed with (``None``: a notebook's)."""
        self.rng = random.Random(f"dominoes-fair-deal|{seed}") if seed is not None and key is None else None
        self.drawn = drawn
        """Server seeds drawn so far (a keyed table's next is the ``drawn``-th; kept across restarts)."""
        self.wait = wait
        self.waiting_for: Callable[[Match], set[str]] | None = None
        self._held: tuple[Pending, Callable[[], None]] | None = None
        self._seats: set[str] | None = None

    @property
    def secret(self) -> bool:
        """False at a table given ``seed=`` with no key: its server seeds follow from that seed."""
        return self.rng is None

    @property
    def seeded(self) -> bool:
        """Whether the table was given ``seed=``: its deals can be played again."""
        return self.seed is not None

    def seeds(self) -> FairSeeds:
        """A new hand's seeds: a server seed from :mod:`secrets`, or from the table's seed
        (keyed with :attr:`key` when there is one)."""
        self.drawn += 1
        if self.key is not None:
            return FairSeeds(keyed_server_seed(self.key, self.seed, self.drawn - 1))
        if self.rng is None:
            return FairSeeds()
        return FairSeeds(server_seed_from(self.rng), secret=False)

    def commit(self, match: Match) -> None:
        """Make the next hand's commitment now (once), so pages can send their seeds before the
        deal; after the match's last hand it is kept for the first hand of a new match."""
        if match.next_fair is None:
            match.next_fair = self.seeds()  # (``commit`` refuses after the match: set it as the carry-over)

    @property
    def holding(self) -> bool:
        """Whether a deal waits for seeds."""
        return self._held is not None

    def deal_when_seeded(self, session: SeededTable, deal: Callable[[], None],
                         seats: set[str] | None = None) -> None:
        """Run ``deal`` once every awaited seat (``seats``, or ``waiting_for``'s) has sent its
        seed, or after ``wait`` seconds."""
        if self._held is not None:
            return  # a second click while the deal waits
        self._seats = seats
        if self._missing(session.match) and self.wait > 0:
            pending = session.bots.scheduler.call_later(self.wait, self._release)
            if pending is not None:
                self._held = (pending, deal)
                return
        self._seats = None
        deal()

    def seed_added(self, session: SeededTable) -> None:
        """A seed came: deal now if it was the last one awaited."""
        if self._held is not None and not self._missing(session.match):
            self._held[0].cancel()
            self._release()

    def cancel(self) -> None:
        """Forget a deal waiting for seeds (the table closes, or a new match starts)."""
        if self._held is not None:
            self._held[0].cancel()
            self._held = None
        self._seats = None

    def _release(self) -> None:
        held, self._held = self._held, None
        self._seats = None
        if held is not None:
            held[1]()

    def _missing(self, match: Match) -> set[str]:
        seeds = match.next_fair
        if seeds is None:
            return set()
        if self._seats is not None:
            return self._seats - set(seeds.client_seeds)
        if self.waiting_for is None:
            return set()
        return self.waiting_for(match) - set(seeds.client_seeds)


class SeededTable(Protocol):
    """What the dealer reads of a table while a deal waits for seeds."""

    @property
    def match(self) -> Match: ...

    @property
    def bots(self) -> BotTurns: ...


class FairTable(Protocol):
    """What :func:`fair_view` reads of a table."""

    @property
    def match(self) -> Match: ...

    @property
    def fair(self) -> FairDealer: ...


def fair_view(session: FairTable, viewer: str | None) -> FairView | None:
    """The ``fair`` part of ``viewer``'s view: the hand shown (its seed once it has ended) and
    the commitment waiting for seeds, with the seed the viewer's page sent for each."""
    match = session.match
    current: FairHand | None = None
    index = len(match.hands) - 1
    seeds = match.pending.fair if match.pending is not None else match.fair[index] if index >= 0 else None
    if match.pending is not None:
        index += 1
    if seeds is not None:
        ended = match.pending is None and match.hands[index].is_over
        current = {"hand": index, "scheme": SCHEME, "commitment": seeds.commitment, "attempt": seeds.attempt,
                   "client_seeds": dict(seeds.client_seeds), "my_seed": _mine(seeds, viewer),
                   "server_seed": seeds.server_seed if ended else None}
    upcoming: FairCommitment | None = None
    if match.next_fair is not None and match.pending is None:
        over = match.is_over
        upcoming = {"hand": 0 if over else len(match.hands), "commitment": match.next_fair.commitment,
                    "my_seed": _mine(match.next_fair, viewer)}
    if current is None and upcoming is None:
        return None
    secret = all(s.secret for s in (seeds, match.next_fair) if s is not None) and session.fair.secret
    return {"secret": secret, "current": current, "next": upcoming}


def _mine(seeds: FairSeeds, viewer: Any) -> str | None:
    return seeds.client_seeds.get(viewer) if isinstance(viewer, str) else None
