"""A match: hands in a row, scored by Straight Six, Six Love or the Vietnamese tally.

:class:`MatchState` is the score between hands (RECORD.md's ``start``); :func:`score_hand`
is the scoring state machine of RULES.md in one place; :class:`Match` deals hands with the
right to lead that the state gives and scores each hand as it ends.
"""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Iterable, Mapping

from .errors import DealError, IllegalMoveError, Problem, Reason, excerpt
from .fair_deal import FairSeeds, fair_deal, seed_refused
from .hand import (DOUBLE_SIX, TEAMS, Hand, Outcome, deal_masks, opening_lead_of_masks, other_team, rng_of,
                   team_of)
from .masks import mask_of, tiles_of
from .move import Move
from .rules import Rules
from .tiles import Tile

__all__ = ["Match", "MatchState", "NextLeader", "LeaderKind", "ScoreEvent", "Deal", "score_hand", "TEAMS", "HOLDER66",
           "HIGHEST_DOUBLE"]


class ScoreEvent(enum.Enum):
    """What a hand did to the match score, by RULES.md's state machine (``MatchState.event``)."""

    WON = "won"
    """The winners add the hand's worth (Six Love: the opponents are on 0; Straight Six: 1)."""
    WON_CARRIED = "won_carried"
    """Straight Six with ``accumulate``: 1 for the hand and the tied hands before it."""
    REPLAY_WON = "replay_won"
    """Six Love: a replay of tied deals won, worth one plus the ties."""
    RESET = "reset"
    """Six Love: the team on 0 won while the others had points: back to 0-0."""
    STREAK = "streak"
    """Six Love, ``six_love_break=streak``: the opponents go to 0, the winners take the worth."""
    PLAYOFF_STARTED = "playoff_started"
    """Six Love with ``one_all_playoff``: 1-0 became 1-1 and a play-off follows."""
    PLAYOFF_WON = "playoff_won"
    """The play-off's winner goes to two (plus ties), the loser to 0."""
    TIE_REPLAYED = "tie_replayed"
    """Six Love: a tied hand, replayed with a fresh deal worth one more."""
    TIE_NO_POINTS = "tie_no_points"
    """Straight Six: a tied hand scores nothing."""
    TIE_CARRIED = "tie_carried"
    """Straight Six with ``accumulate``: a tied hand's point goes to the next hand won."""
    HAND_WON = "hand_won"
    """Vietnamese: one more hand won for the winner."""
    NO_WINNER = "no_winner"
    """Vietnamese: nobody won the hand."""


class LeaderKind(enum.Enum):
    """Who leads the next hand, by kind."""

    TEAM = "team"
    """A team: it chooses which partner leads (``who`` is ``NS`` or ``EW``)."""
    SEAT = "seat"
    """One seat, the previous winner of the Vietnamese game (``who``)."""
    DOUBLE_SIX_HOLDER = "holder66"
    """Whoever is dealt the 6-6 poses it."""
    HIGHEST_DOUBLE = "highest_double"
    """The holder of the highest double dealt leads it (Vietnamese first-hand rule)."""


@dataclass(frozen=True)
class NextLeader:
    """Who leads the next hand: a :class:`LeaderKind` and, for a team or a seat, which."""

    kind: LeaderKind
    who: str | None = None

    @staticmethod
    @cache  # one value per team or seat: every hand scored asks for one
    def team(team: str) -> "NextLeader":
        return NextLeader(LeaderKind.TEAM, team)

    @staticmethod
    @cache
    def seat(seat: str) -> "NextLeader":
        return NextLeader(LeaderKind.SEAT, seat)

    @property
    def code(self) -> str:
        """As ``verify`` writes it: ``NS``/``EW``, a seat, ``holder66`` or ``highest_double``."""
        return self.who if self.who is not None else self.kind.value

    def __str__(self) -> str:
        return self.code


HOLDER66 = NextLeader(LeaderKind.DOUBLE_SIX_HOLDER)
HIGHEST_DOUBLE = NextLeader(LeaderKind.HIGHEST_DOUBLE)


@dataclass(frozen=True, init=False)
class MatchState:
    """The match between hands.

    ``score``: per team (partnership) or per seat, hands won (Vietnamese); ``ties``: tied
    deals pending; ``playoff``: a 1-1 play-off is pending; ``last_winner``: the team or seat
    that won the previous hand; ``next_leader``: who leads the next hand (``None`` once
    the match is won); ``winner``: who won the match; ``pip_totals``: per seat, the pips
    left in hand over the hands played (Vietnamese); ``event`` and ``gained``: what the
    hand that led here did to the score, and the points (or hand wins) its winner gained.
    """

    score: Mapping[str, int]
    ties: int = 0
    playoff: bool = False
    last_winner: str | None = None
    next_leader: NextLeader | None = HOLDER66
    winner: str | None = None
    pip_totals: Mapping[str, int] = field(default_factory=dict)
    event: ScoreEvent | None = field(default=None, compare=False)
    gained: int = field(default=0, compare=False)

    def __init__(self, score: Mapping[str, int], ties: int = 0, playoff: bool = False, last_winner: str | None = None,
                 next_leader: NextLeader | None = HOLDER66, winner: str | None = None,
                 pip_totals: Mapping[str, int] | None = None, event: ScoreEvent | None = None, gained: int = 0) -> None:
        # a state is made twice for every hand scored: filling __dict__ at once takes less
        # than half the time of the frozen dataclass's object.__setattr__ per field
        vars(self).update(score=score, ties=ties, playoff=playoff, last_winner=last_winner, next_leader=next_leader,
                          winner=winner, pip_totals={} if pip_totals is None else pip_totals, event=event,
                          gained=gained)

    def _but(self, **changes: Any) -> "MatchState":
        """This state with ``changes``: ``dataclasses.replace`` without its scan of the fields."""
        return MatchState(**(vars(self) | changes))

    @classmethod
    def new(cls, rules: Rules) -> "MatchState":
        if rules.is_partnership:
            return cls({"NS": 0, "EW": 0})
        return cls({seat: 0 for seat in rules.seats}, next_leader=HIGHEST_DOUBLE,
                   pip_totals={seat: 0 for seat in rules.seats})

    @classmethod
    def from_start(cls, rules: Rules, start: Mapping[str, Any]) -> "MatchState":
        """The state a record's ``start`` describes, with who leads next derived from it."""
        if not isinstance(start, Mapping):
            raise ValueError(f"start must be an object with score, ties, playoff and last_winner, not {excerpt(start)}")
        fresh = cls.new(rules)
        score = dict(fresh.score)
        given = start.get("score") or {}
        if not isinstance(given, Mapping):
            raise ValueError(f"start.score must be an object of {' / '.join(score)} → score, not {excerpt(given)}")
        unknown = set(given) - set(score)
        if unknown:
            raise ValueError(f"start.score names {', '.join(sorted(excerpt(k, 8) for k in unknown)[:6])}; "
                             f"expected {', '.join(score)}")
        for key, value in given.items():
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 1000:
                raise ValueError(f"start.score.{key} must be a whole number from 0 to 1000, not {excerpt(value)}")
            score[key] = value
        ties = start.get("ties", 0) or 0
        playoff = start.get("playoff", False)
        last = start.get("last_winner")
        if isinstance(ties, bool) or not isinstance(ties, int) or not 0 <= ties <= 1000:
            raise ValueError(f"start.ties must be a whole number from 0 to 1000, not {excerpt(ties)}")
        if not isinstance(playoff, bool):
            raise ValueError(f"start.playoff must be true or false, not {excerpt(playoff)}")
        _check_reachable(rules, score, ties, playoff)
        if last is not None and (not isinstance(last, str) or last not in score):
            raise ValueError(f"start.last_winner must be one of {', '.join(score)} or null, not {excerpt(last)}")
        state = cls(score, ties, playoff, last, None, _match_winner(rules, score), dict(fresh.pip_totals))
        return state._but(next_leader=next_leader(rules, state))

    def as_start(self) -> dict[str, Any]:
        """This state as a record's ``start`` object."""
        return {"score": dict(self.score), "ties": self.ties, "playoff": self.playoff,
                "last_winner": self.last_winner}

    @property
    def worth(self) -> int:
        """What the next hand is worth in Six Love: one plus the tied deals before it."""
        return 1 + self.ties

    @property
    def is_over(self) -> bool:
        return self.winner is not None


def _check_reachable(rules: Rules, score: Mapping[str, int], ties: int, playoff: bool) -> None:
    """Refuse a start state the rules can never reach (it would score nonsense)."""
    if not rules.is_partnership:
        if ties or playoff:
            raise ValueError("start: the Vietnamese game has no tied deals pending and no play-off")
        return
    one_all = score["NS"] == 1 and score["EW"] == 1
    if playoff and not (rules.scoring == "six_love" and rules.one_all_playoff and one_all):
        raise ValueError("start.playoff: a play-off is pending only at 1-1 in Six Love with one_all_playoff")
    if rules.scoring == "six_love" and score["NS"] and score["EW"] and not (playoff and one_all):
        raise ValueError(f"start.score {score['NS']}-{score['EW']}: in Six Love one team is always on 0 "
                         "(but for 1-1 with a play-off pending)")


def next_leader(rules: Rules, state: MatchState) -> NextLeader | None:
    """Who leads the hand after ``state`` (RULES.md's leading rules, in one place)."""
    if state.winner is not None:
        return None  # no hand follows the one that won the match
    if not rules.is_partnership:
        return NextLeader.seat(state.last_winner) if state.last_winner else HIGHEST_DOUBLE
    zero_zero = not any(state.score.values())
    if rules.scoring == "straight_six":
        return NextLeader.team(state.last_winner) if state.last_winner and not state.ties else HOLDER66
    if state.playoff:
        if rules.playoff_leader == "previous_winner" and state.last_winner and not state.ties:
            return NextLeader.team(state.last_winner)
        return HOLDER66
    if state.ties:
        if zero_zero or rules.replay_leader == "double_six_holder":
            return HOLDER66
        return NextLeader.team(max(state.score, key=state.score.__getitem__))
    if state.last_winner is None:
        return HOLDER66
    if zero_zero and rules.leader_after_reset == "double_six_holder":
        return HOLDER66
    return NextLeader.team(state.last_winner)


def _match_winner(rules: Rules, score: Mapping[str, int]) -> str | None:
    if rules.target is None:
        return None
    if rules.is_partnership:
        for team, other in (("NS", "EW"), ("EW", "NS")):
            if score[team] >= rules.target and (rules.scoring == "straight_six" or score[other] == 0):
                return team
        return None
    leaders = [seat for seat, wins in score.items() if wins >= rules.target]
    return leaders[0] if leaders else None


def score_hand(rules: Rules, state: MatchState, outcome: Outcome) -> MatchState:
    """The match state after a hand ended with ``outcome`` (RULES.md's state machine)."""
    if not rules.is_partnership:
        after = _score_vietnamese(rules, state, outcome)
    elif outcome.tie:
        event = (ScoreEvent.TIE_REPLAYED if rules.scoring == "six_love" else
                 ScoreEvent.TIE_CARRIED if rules.straight_six_tie == "accumulate" else ScoreEvent.TIE_NO_POINTS)
        after = state._but(ties=state.ties + 1, last_winner=None, event=event, gained=0)
    else:
        after = _score_partnership_win(rules, state, str(outcome.winner_team))
    return after._but(next_leader=next_leader(rules, after))


def _score_partnership_win(rules: Rules, state: MatchState, team: str) -> MatchState:
    score = dict(state.score)
    other = other_team(team)
    playoff = False
    if rules.scoring == "straight_six":
        carried = state.ties if rules.straight_six_tie == "accumulate" else 0
        score[team] += 1 + carried
        event = ScoreEvent.WON_CARRIED if carried else ScoreEvent.WON
    elif state.playoff:
        score[team], score[other] = 1 + state.worth, 0
        event = ScoreEvent.PLAYOFF_WON
    elif score[other] == 0:
        score[team] += state.worth
        event = ScoreEvent.REPLAY_WON if state.ties else ScoreEvent.WON
    elif rules.one_all_playoff and state.ties == 0 and score[other] == 1 and score[team] == 0:
        score[team] = 1
        playoff = True
        event = ScoreEvent.PLAYOFF_STARTED
    elif rules.six_love_break == "streak":
        score[team], score[other] = state.worth, 0
        event = ScoreEvent.STREAK
    else:
        score[team] = score[other] = 0
        event = ScoreEvent.RESET
    return state._but(score=score, ties=0, playoff=playoff, last_winner=team, winner=_match_winner(rules, score),
                      event=event, gained=score[team] - state.score[team])


def _score_vietnamese(rules: Rules, state: MatchState, outcome: Outcome) -> MatchState:
    score = dict(state.score)
    pip_totals = {seat: state.pip_totals.get(seat, 0) + outcome.pips[seat] for seat in score}
    seat = outcome.winner_seat
    if seat is None:
        return state._but(last_winner=None, pip_totals=pip_totals, event=ScoreEvent.NO_WINNER, gained=0)
    score[seat] += 1
    return state._but(score=score, last_winner=seat, pip_totals=pip_totals, winner=_match_winner(rules, score),
                      event=ScoreEvent.HAND_WON, gained=1)


@dataclass(frozen=True)
class Deal:
    """A hand dealt but not yet begun: the tiles, the pile, who may lead it and with what.

    ``leaders`` are the seats that may lead (two partners when the lead falls to a team,
    who choose between them); ``lead_tile`` the tile that must be led, if any.
    """

    held: Mapping[str, int]
    """Each seat's tiles as a mask (bit ``t`` for tile ``t``)."""
    boneyard: tuple[Tile, ...]
    leaders: tuple[str, ...]
    lead_tile: Tile | None
    fair: FairSeeds | None = None
    """The seeds the deal was made from, when it was dealt fairly (``fair_deal``)."""

    @property
    def tiles(self) -> dict[str, tuple[Tile, ...]]:
        """Each seat's tiles, in order."""
        return {seat: tiles_of(mask) for seat, mask in self.held.items()}

    @property
    def needs_choice(self) -> bool:
        """Whether a team must choose which partner leads."""
        return len(self.leaders) > 1

    def hand(self, rules: Rules, leader: str | None = None) -> Hand:
        """The hand this deal starts, led by ``leader`` (by default the first who may)."""
        leader = self.leaders[0] if leader is None else leader
        if leader not in self.leaders:
            raise IllegalMoveError(Reason.WRONG_LEADER, "wrong_leader", seat=excerpt(leader, 8) if not
                                   isinstance(leader, str) or len(leader) > 2 else leader, leaders=self.leaders)
        return Hand.from_masks(rules, dict(self.held), self.boneyard, leader, lead_tile=self.lead_tile,
                               leaders=self.leaders)


@cache
def _team_in_turn(turn_order: tuple[str, ...], team: str) -> tuple[str, ...]:
    """A team's seats, in the order of play."""
    return tuple(seat for seat in turn_order if team_of(seat) == team)


class Match:
    """Hands played one after another under one set of rules, and their scoring.

    ``match.deal()`` starts the next hand; ``match.push(move)`` plays on it; when the hand
    ends it is scored and ``match.state`` moves on. ``match.pop()`` undoes moves, scoring
    included. When a team must choose its leader, ``match.prepare()`` deals the hand and
    keeps it ``pending`` until ``match.start(leader)``.

    A provably fair deal (``fair_deal``): ``match.commit()`` draws the next hand's server
    seed and gives its commitment to show; ``match.add_client_seed(seat, seed)`` takes the
    seats' seeds; the next ``prepare``/``deal`` with no deal and no seed deals from them.
    ``match.fair[i]`` holds hand ``i``'s seeds (``None`` for a hand dealt otherwise).
    """

    def __init__(self, rules: Rules | None = None, start: MatchState | Mapping[str, Any] | None = None,
                 seed: int | None = None) -> None:
        self.rules = rules or Rules.six_love()
        if start is None:
            start = MatchState.new(self.rules)
        elif not isinstance(start, MatchState):
            start = MatchState.from_start(self.rules, start)
        self.start_state = start
        self.state = start
        self.hands: list[Hand] = []
        self.pending: Deal | None = None
        self._states_before: list[MatchState] = []
        self.rng = rng_of(seed)
        self.fair: list[FairSeeds | None] = []
        """Per hand, the seeds of its fair deal (``None``: dealt from a seed or given)."""
        self.next_fair: FairSeeds | None = None
        """The next hand's seeds, committed to and not dealt yet (:meth:`commit`)."""

    # -- fair deals ----------------------------------------------------------------------
    def commit(self, seeds: FairSeeds | None = None) -> FairSeeds:
        """Draw the next hand's server seed (or take ``seeds``): its commitment is shown to
        every seat now, the seats add client seeds, and the next deal is made from them."""
        if self.state.is_over:
            raise self._over()
        self.next_fair = seeds if seeds is not None else FairSeeds()
        return self.next_fair

    def add_client_seed(self, seat: str, seed: object) -> None:
        """``seat``'s client seed for the next fair deal; a :class:`DominoesError` (``bad_client_seed``)
        when the seed is malformed, or ``seed_too_late`` when no deal waits for seeds."""
        if self.next_fair is None:
            raise seed_refused(Reason.SEED_TOO_LATE, "no deal waits for seeds now: a client seed counts "
                                                        "between a commitment and its deal")
        if seat not in self.rules.seats:
            raise seed_refused(Reason.BAD_CLIENT_SEED, f"{excerpt(seat, 8)} is not a seat in play")
        self.next_fair.add(seat, seed)

    def _fair_masks(self, seeds: FairSeeds) -> tuple[dict[str, int], list[Tile], tuple[str, ...], Tile | None]:
        """Deal from ``seeds`` (a deal the rules throw back is made again with the next attempt)."""
        assert seeds.server_seed is not None
        while True:
            tiles, pile = fair_deal(seeds.server_seed, len(self.hands), self.rules.seats, seeds.client_seeds,
                                    seeds.attempt)
            held = {seat: mask_of(dealt) for seat, dealt in tiles.items()}
            try:
                leaders, lead_tile = self._lead_rule(held)
            except DealError:
                seeds.attempt += 1
                continue
            seeds.dealt = True
            return held, pile, leaders, lead_tile

    # -- the right to lead -------------------------------------------------------------
    def lead_rule(self, deal: Mapping[str, Iterable[Tile]]) -> tuple[tuple[str, ...], Tile | None]:
        """The seats that may lead a hand with this deal, and the tile that must be led."""
        return self._lead_rule({seat: mask_of(tiles) for seat, tiles in deal.items()})

    def _lead_rule(self, held: Mapping[str, int]) -> tuple[tuple[str, ...], Tile | None]:
        """:meth:`lead_rule` of a deal given as masks."""
        rules, leader = self.rules, self.state.next_leader
        if leader is None:
            raise self._over()
        if leader.kind is LeaderKind.TEAM:
            return _team_in_turn(rules.turn_order, str(leader.who)), None
        if leader.kind is LeaderKind.SEAT:
            return (str(leader.who),), None
        opening = opening_lead_of_masks(rules, held)
        if opening is None:
            raise DealError([Problem(Reason.BAD_DEAL, "no double was dealt and the rules say to redeal")])
        seat, tile = opening
        if rules.is_partnership and tile != DOUBLE_SIX:
            raise DealError([Problem(Reason.BAD_DEAL, "the partnership game deals all 28 tiles, so someone "
                                                      "holds the 6-6")])
        must = None if (rules.is_partnership and rules.sporting) else tile
        return (seat,), must

    # -- hands -------------------------------------------------------------------------
    @property
    def hand(self) -> Hand | None:
        """The hand being played (or the last one played)."""
        return self.hands[-1] if self.hands else None

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    def prepare(self, deal: Mapping[str, Iterable[Tile | str]] | None = None, boneyard: Iterable[Tile | str] = (),
                *, seed: int | random.Random | None = None, fair: FairSeeds | None = None) -> Deal:
        """Deal the next hand without starting it: it stays ``pending`` until :meth:`start`.

        From an explicit deal (``fair``: the seeds it was made from, as a record says), from
        the committed seeds (:meth:`commit`) when no ``seed`` is given, or shuffled (from
        ``seed`` or the match's rng; a shuffle with no double under the redeal rule is
        shuffled again).
        """
        if self.state.is_over:
            raise self._over()
        if self.hands and not self.hands[-1].is_over:
            raise IllegalMoveError(Reason.HAND_IN_PROGRESS, "hand_in_progress")
        if deal is None and seed is None and fair is None:
            fair = self.next_fair
        if deal is None and fair is not None:
            self.next_fair = None
            held, pile, leaders, lead_tile = self._fair_masks(fair)
        elif deal is None:
            rng = self.rng if seed is None else rng_of(seed)
            while True:
                held, pile = deal_masks(self.rules, rng)
                try:
                    leaders, lead_tile = self._lead_rule(held)
                    break
                except DealError:
                    continue
        else:
            probe = Hand(self.rules, deal, boneyard, self.rules.seats[0], leaders=())
            held, pile = probe.dealt_masks, list(probe.initial_boneyard)
            leaders, lead_tile = self._lead_rule(held)
        self.pending = Deal(held, tuple(pile), leaders, lead_tile, fair)
        return self.pending

    def start(self, leader: str | None = None) -> Hand:
        """Begin the pending hand, led by ``leader`` (one of ``pending.leaders``; default the first)."""
        if self.pending is None:
            raise IllegalMoveError(Reason.HAND_IN_PROGRESS, "no_hand")
        hand = self.pending.hand(self.rules, leader)
        self.hands.append(hand)
        self.fair.append(self.pending.fair)
        self.pending = None
        self._states_before.append(self.state)
        return hand

    def deal(self, deal: Mapping[str, Iterable[Tile | str]] | None = None, boneyard: Iterable[Tile | str] = (),
             leader: str | None = None, *, seed: int | random.Random | None = None) -> Hand:
        """Deal and start the next hand (:meth:`prepare` then :meth:`start`).

        ``leader`` picks the partner who leads when the lead falls to a team (default: the
        first of them in turn order). A leader the rules do not allow raises
        :class:`IllegalMoveError` with reason ``wrong_leader``, and nothing is dealt.
        """
        pending = self.prepare(deal, boneyard, seed=seed)
        if leader is not None and leader not in pending.leaders:
            self.pending = None
            pending.hand(self.rules, leader)  # raises wrong_leader
        return self.start(leader)

    def push(self, move: Move | str) -> Move:
        """Play a move on the current hand; a hand that ends is scored at once."""
        if not self.hands:
            raise IllegalMoveError(Reason.BAD_LEAD, "no_hand")
        hand = self.hands[-1]
        if hand.outcome is not None and self.state.is_over:
            raise self._over()
        move = hand.push(move)
        if hand.outcome is not None:
            self.state = score_hand(self.rules, self._states_before[-1], hand.outcome)
        return move

    def push_unchecked(self, move: Move) -> Move:
        """Play a move taken from the hand's legal moves, without checking it again."""
        hand = self.hands[-1]
        move = hand.push_unchecked(move)
        if hand.outcome is not None:
            self.state = score_hand(self.rules, self._states_before[-1], hand.outcome)
        return move

    def pop(self) -> Move:
        """Undo the last move of the current hand (and its scoring)."""
        hand = self.hand
        if hand is None or not hand.moves:
            raise IndexError("no move to undo in the current hand")
        move = hand.pop()
        self.state = self._states_before[-1]
        return move

    def undeal(self) -> Hand:
        """Take back the current hand (it must have no moves): the match is as before it."""
        if not self.hands or self.hands[-1].moves:
            raise IndexError("only a hand with no moves can be taken back")
        self.state = self._states_before.pop()
        self.fair.pop()
        return self.hands.pop()

    def fair_block(self, index: int, reveal: bool = False) -> dict[str, Any] | None:
        """Hand ``index``'s ``fair`` block as a record writes it (``None`` for a hand not dealt
        fairly): the server seed once the hand has ended, or when ``reveal``."""
        seeds = self.fair[index]
        if seeds is None:
            return None
        return seeds.block(self.rules.seats, reveal or self.hands[index].is_over)

    def state_before(self, index: int) -> MatchState:
        """The match state just before hand ``index`` was dealt."""
        return self._states_before[index]

    def state_after(self, index: int) -> MatchState:
        """The match state after hand ``index`` (as it stands, for a hand still being played)."""
        return self._states_before[index + 1] if index + 1 < len(self.hands) else self.state

    def _over(self) -> IllegalMoveError:
        return IllegalMoveError(Reason.MATCH_OVER, "match_over", who=self.state.winner)

    def __repr__(self) -> str:
        score = " ".join(f"{k} {v}" for k, v in self.state.score.items())
        return f"<Match {self.rules.name}: {len(self.hands)} hands, {score}>"

    def _repr_html_(self) -> str:
        from ..words.svg import render_match_html

        return render_match_html(self)
