"""A match: hands in a row, scored by Straight Six, Six Love or the Vietnamese tally.

:class:`MatchState` is the score between hands (RECORD.md's ``start``); :func:`score_hand`
is the scoring state machine of RULES.md in one place; :class:`Match` deals hands with the
right to lead that the state gives and scores each hand as it ends.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Iterable, Mapping

from .errors import DealError, IllegalMoveError
from .hand import DOUBLE_SIX, Hand, Outcome, deal_tiles, opening_lead, team_of
from .move import Move
from .rules import Rules
from .tiles import Tile

__all__ = ["Match", "MatchState", "MatchError", "score_hand", "TEAMS", "HOLDER66", "HIGHEST_DOUBLE"]

TEAMS = ("NS", "EW")
HOLDER66 = "holder66"
HIGHEST_DOUBLE = "highest_double"


class MatchError(ValueError):
    """A request the match cannot honour (for example a hand after the match is won)."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(f"{message} [{reason}]")
        self.reason = reason
        self.message = message


@dataclass(frozen=True)
class MatchState:
    """The match between hands.

    ``score``: per team (partnership) or per seat, hands won (Vietnamese); ``ties``: tied
    deals pending; ``playoff``: a 1-1 play-off is pending; ``last_winner``: the team or seat
    that won the previous hand; ``next_leader``: ``NS``/``EW`` (that team picks its leader),
    ``holder66``, a seat, or ``highest_double``; ``winner``: who won the match.
    """

    score: Mapping[str, int]
    ties: int = 0
    playoff: bool = False
    last_winner: str | None = None
    next_leader: str = HOLDER66
    winner: str | None = None
    pip_totals: Mapping[str, int] = field(default_factory=dict)

    @classmethod
    def new(cls, rules: Rules) -> "MatchState":
        if rules.is_partnership:
            return cls({"NS": 0, "EW": 0})
        return cls({seat: 0 for seat in rules.seats}, next_leader=HIGHEST_DOUBLE,
                   pip_totals={seat: 0 for seat in rules.seats})

    @classmethod
    def from_start(cls, rules: Rules, start: Mapping) -> "MatchState":
        """The state a record's ``start`` describes, with who leads next derived from it."""
        if not isinstance(start, Mapping):
            raise ValueError(f"start must be an object with score, ties, playoff and last_winner, not {start!r}")
        fresh = cls.new(rules)
        score = dict(fresh.score)
        given = start.get("score") or {}
        if not isinstance(given, Mapping):
            raise ValueError(f"start.score must be an object of {' / '.join(score)} → score, not {given!r}")
        unknown = set(given) - set(score)
        if unknown:
            raise ValueError(f"start.score names {', '.join(sorted(unknown))}; expected {', '.join(score)}")
        for key, value in given.items():
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"start.score.{key} must be a whole number of at least 0, not {value!r}")
            score[key] = value
        ties = start.get("ties", 0) or 0
        playoff = start.get("playoff", False)
        last = start.get("last_winner")
        if isinstance(ties, bool) or not isinstance(ties, int) or ties < 0:
            raise ValueError(f"start.ties must be a whole number of at least 0, not {ties!r}")
        if not isinstance(playoff, bool):
            raise ValueError(f"start.playoff must be true or false, not {playoff!r}")
        _check_reachable(rules, score, ties, playoff)
        if last is not None and (not isinstance(last, str) or last not in score):
            raise ValueError(f"start.last_winner must be one of {', '.join(score)} or null, not {last!r}")
        state = cls(score, ties, playoff, last, fresh.next_leader, None, dict(fresh.pip_totals))
        return replace(state, next_leader=_leader_from_start(rules, state), winner=_match_winner(rules, score))

    def as_start(self) -> dict:
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


def _leader_from_start(rules: Rules, state: MatchState) -> str:
    if not rules.is_partnership:
        return state.last_winner or HIGHEST_DOUBLE
    zero_zero = not any(state.score.values())
    if rules.scoring == "straight_six":
        return state.last_winner if state.last_winner and not state.ties else HOLDER66
    if state.playoff:
        if rules.playoff_leader == "previous_winner" and state.last_winner and not state.ties:
            return state.last_winner
        return HOLDER66
    if state.ties:
        if zero_zero or rules.replay_leader == "double_six_holder":
            return HOLDER66
        return max(state.score, key=state.score.get)
    if state.last_winner is None:
        return HOLDER66
    if zero_zero and rules.leader_after_reset == "double_six_holder":
        return HOLDER66
    return state.last_winner


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
        return _score_vietnamese(rules, state, outcome)
    score = dict(state.score)
    if outcome.tie:
        ties = state.ties + 1
        if rules.scoring == "straight_six":
            leader = HOLDER66
        elif state.playoff or not any(score.values()) or rules.replay_leader == "double_six_holder":
            leader = HOLDER66
        else:
            leader = max(score, key=score.get)
        return replace(state, ties=ties, last_winner=None, next_leader=leader)
    team = outcome.winner_team
    other = "EW" if team == "NS" else "NS"
    leader, playoff = team, False
    if rules.scoring == "straight_six":
        score[team] += 1 + (state.ties if rules.straight_six_tie == "accumulate" else 0)
    else:
        worth = state.worth
        if state.playoff:
            score[team], score[other] = 1 + worth, 0
        elif score[other] == 0:
            score[team] += worth
        elif rules.one_all_playoff and state.ties == 0 and score[other] == 1 and score[team] == 0:
            score[team] = 1
            playoff = True
            leader = HOLDER66 if rules.playoff_leader == "double_six_holder" else team
        elif rules.six_love_break == "streak":
            score[team], score[other] = worth, 0
        else:
            score[team] = score[other] = 0
            if rules.leader_after_reset == "double_six_holder":
                leader = HOLDER66
    return replace(state, score=score, ties=0, playoff=playoff, last_winner=team, next_leader=leader,
                   winner=_match_winner(rules, score))


def _score_vietnamese(rules: Rules, state: MatchState, outcome: Outcome) -> MatchState:
    score = dict(state.score)
    pip_totals = {seat: state.pip_totals.get(seat, 0) + outcome.pips[seat] for seat in score}
    seat = outcome.winner_seat
    if seat is None:
        return replace(state, last_winner=None, next_leader=HIGHEST_DOUBLE, pip_totals=pip_totals)
    score[seat] += 1
    return replace(state, score=score, last_winner=seat, next_leader=seat, pip_totals=pip_totals,
                   winner=_match_winner(rules, score))


def _winner_words(winner: str | None) -> str:
    return {"NS": "North-South", "EW": "East-West"}.get(winner, winner)


class Match:
    """Hands played one after another under one set of rules, and their scoring.

    ``match.deal()`` starts the next hand; ``match.push(move)`` plays on it; when the hand
    ends it is scored and ``match.state`` moves on. ``match.pop()`` undoes moves, scoring
    included.
    """

    def __init__(self, rules: Rules | None = None, start: MatchState | Mapping | None = None,
                 seed: int | None = None) -> None:
        self.rules = rules or Rules.six_love()
        if start is None:
            start = MatchState.new(self.rules)
        elif not isinstance(start, MatchState):
            start = MatchState.from_start(self.rules, start)
        self.start = start
        self.state = start
        self.hands: list[Hand] = []
        self._states_before: list[MatchState] = []
        self.rng = random.Random(seed)

    # -- the right to lead -------------------------------------------------------------
    def lead_rule(self, deal: Mapping[str, Iterable[Tile]]) -> tuple[tuple[str, ...], Tile | None]:
        """The seats that may lead a hand with this deal, and the tile that must be led."""
        rules, leader = self.rules, self.state.next_leader
        if leader in TEAMS:
            return tuple(s for s in rules.turn_order if team_of(s) == leader), None
        if leader in (HOLDER66, HIGHEST_DOUBLE):
            opening = opening_lead(rules, deal)
            if opening is None:
                raise DealError(["no double was dealt and the rules say to redeal"])
            seat, tile = opening
            if rules.is_partnership and tile != DOUBLE_SIX:
                raise DealError(["the partnership game deals all 28 tiles, so someone holds the 6-6"])
            must = None if (rules.is_partnership and rules.sporting) else tile
            return (seat,), must
        return (leader,), None

    # -- hands -------------------------------------------------------------------------
    @property
    def hand(self) -> Hand | None:
        """The hand being played (or the last one played)."""
        return self.hands[-1] if self.hands else None

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    def deal(self, deal: Mapping[str, Iterable[Tile | str]] | None = None, boneyard: Iterable[Tile | str] = (),
             leader: str | None = None, *, seed: int | random.Random | None = None) -> Hand:
        """Start the next hand: from an explicit deal, or shuffled (from ``seed`` or the match's rng).

        ``leader`` picks the partner who leads when the lead falls to a team (default: the
        first of them in turn order). A leader the rules do not allow raises ``IllegalMoveError``
        with reason ``wrong_leader``.
        """
        if self.state.is_over:
            raise MatchError("match_over", f"the match is over: {_winner_words(self.state.winner)} won it")
        if self.hands and not self.hands[-1].is_over:
            raise MatchError("hand_in_progress", "the current hand has not ended yet")
        if deal is None:
            rng = seed if isinstance(seed, random.Random) else (random.Random(seed) if seed is not None else self.rng)
            while True:
                deal, boneyard = deal_tiles(self.rules, rng)
                try:
                    leaders, lead_tile = self.lead_rule(deal)
                    break
                except DealError:
                    continue  # no double dealt under the redeal rule: shuffle again
        else:
            probe = Hand(self.rules, deal, boneyard, self.rules.seats[0], leaders=())
            deal, boneyard = probe.deal, probe.initial_boneyard
            leaders, lead_tile = self.lead_rule(deal)
        if leader is None:
            leader = leaders[0]
        hand = Hand(self.rules, deal, boneyard, leader, lead_tile=lead_tile, leaders=leaders, _trusted=True)
        self.hands.append(hand)
        self._states_before.append(self.state)
        return hand

    def push(self, move: Move | str) -> Move:
        """Play a move on the current hand; a hand that ends is scored at once."""
        hand = self.hand
        if hand is None:
            raise IllegalMoveError("bad_lead", "no hand has been dealt yet")
        if self.state.is_over and hand.is_over:
            raise IllegalMoveError("match_over", f"the match is over: {_winner_words(self.state.winner)} won it")
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
        return self.hands.pop()

    def state_before(self, index: int) -> MatchState:
        """The match state just before hand ``index`` was dealt."""
        return self._states_before[index]

    def __repr__(self) -> str:
        score = " ".join(f"{k} {v}" for k, v in self.state.score.items())
        return f"<Match {self.rules.name}: {len(self.hands)} hands, {score}>"

    def _repr_html_(self) -> str:
        from .svg import render_match_html

        return render_match_html(self)
