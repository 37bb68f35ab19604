"""How a hand ended: domino or blocked, who won it and why, and every seat's count."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from .masks import WinReason, blocked_winner, pips_by_seat, tiles_of
from .rules import TEAMS, Rules, team_of
from .tiles import Tile


class Termination(enum.Enum):
    """How a hand ended."""

    DOMINO = "domino"
    BLOCKED = "blocked"


@dataclass(frozen=True, init=False)
class Outcome:
    """How a hand ended, who won it and why: every fact a sentence or picture needs.

    ``winner_seat`` is the seat that dominoed or alone holds the lowest blocked count;
    ``winner_team`` the partnership team that won (``None`` in the Vietnamese game and on
    a tie); ``pips`` each seat's count as the blocked count scores it (the 0-0 counts
    ``Rules.double_blank_pips``); ``why`` the rule that decided it; ``lowest`` the seats
    sharing the lowest count of a blocked hand; ``held`` the tiles left in each hand;
    ``team_totals`` each team's count (partnership) and ``tile_counts`` how many tiles
    each seat holds.
    """

    termination: Termination
    winner_seat: str | None
    winner_team: str | None
    tie: bool
    pips: dict[str, int]
    open_ends: tuple[int, int]
    why: WinReason = WinReason.DOMINO
    lowest: tuple[str, ...] = ()
    held_masks: dict[str, int] = field(default_factory=dict, compare=False, repr=False)

    def __init__(self, termination: Termination, winner_seat: str | None, winner_team: str | None, tie: bool,
                 pips: dict[str, int], open_ends: tuple[int, int], why: WinReason = WinReason.DOMINO,
                 lowest: tuple[str, ...] = (), held_masks: dict[str, int] | None = None) -> None:
        # every hand of every rollout ends in an Outcome: filling __dict__ one field at a time
        # takes a third of the time of the frozen dataclass's object.__setattr__ per field
        fields = vars(self)
        fields["termination"] = termination
        fields["winner_seat"] = winner_seat
        fields["winner_team"] = winner_team
        fields["tie"] = tie
        fields["pips"] = pips
        fields["open_ends"] = open_ends
        fields["why"] = why
        fields["lowest"] = lowest
        fields["held_masks"] = {} if held_masks is None else held_masks

    @property
    def winner(self) -> str | None:
        """The team (partnership) or seat (Vietnamese) that won the hand, if any."""
        return self.winner_team or self.winner_seat

    @property
    def held(self) -> dict[str, tuple[Tile, ...]]:
        """The tiles left in each hand."""
        return {seat: tiles_of(mask) for seat, mask in self.held_masks.items()}

    @property
    def tile_counts(self) -> dict[str, int]:
        """How many tiles each seat holds at the end."""
        return {seat: mask.bit_count() for seat, mask in self.held_masks.items()}

    @property
    def team_totals(self) -> dict[str, int]:
        """Each partnership team's count (empty in the Vietnamese game)."""
        partnership = self.winner_team is not None or self.why in (WinReason.TIE_ACROSS_TEAMS, WinReason.TIE_TEAM_TOTAL)
        if not partnership:
            return {}
        return {team: sum(n for seat, n in self.pips.items() if team_of(seat) == team) for team in TEAMS}

    @property
    def winning_seats(self) -> tuple[str, ...]:
        """The seats that won: the winning team's two, or the one winner; none on a tie."""
        if self.winner_team is not None:
            return tuple(seat for seat in self.pips if team_of(seat) == self.winner_team)
        return (self.winner_seat,) if self.winner_seat else ()


_DOMINO, _BLOCKED, _BY_DOMINO = Termination.DOMINO, Termination.BLOCKED, WinReason.DOMINO
"""For the end of every hand (an enum member looked up on its class costs 0.1 µs in Python 3.11)."""


def outcome_at_end(rules: Rules, seats: tuple[str, ...], masks: dict[str, int], ends: tuple[int, int],
                   domino_seat: str | None) -> Outcome:
    """How a hand ends with ``masks`` left in the seats' hands and ``ends`` open: ``domino_seat``
    played its last tile, or (``None``) the line is blocked and the lowest count wins."""
    counts = pips_by_seat(masks, rules.double_blank_pips)
    if domino_seat is not None:
        team = team_of(domino_seat) if rules.is_partnership else None
        return Outcome(_DOMINO, domino_seat, team, False, counts, ends, _BY_DOMINO, (), masks)
    seat, team, why, lowest = blocked_winner(rules, [counts[s] for s in seats],
                                             [masks[s].bit_count() for s in seats], seats)
    return Outcome(_BLOCKED, seat, team, seat is None and team is None, counts, ends, why, lowest, masks)
