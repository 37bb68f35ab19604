"""Game records (RECORD.md, version 1): write a match, read one back, verify one.

Reading never half-loads: :func:`read_record` returns the whole match replayed under its
rules, or raises :class:`RecordError` listing every problem with where it is.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import Any, Mapping

from .errors import DealError, IllegalMoveError
from .hand import Hand, Outcome
from .match import Match, MatchState
from .move import Move, MoveSyntaxError
from .rules import SEATS_BY_PLAYERS, GAMES, Rules, RulesError

__all__ = ["Problem", "RecordError", "Replayed", "write_record", "read_record", "verify_record",
           "load_json", "hand_summary"]

FORMAT = "dominoes-record"
VERSION = 1


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a record: where (hand, move, seat, tile) and what."""

    reason: str
    message: str
    hand: int | None = None
    move: int | None = None
    seat: str | None = None
    tile: str | None = None

    def as_json(self) -> dict:
        return {"hand": self.hand, "move": self.move, "reason": self.reason, "message": self.message,
                "seat": self.seat, "tile": self.tile}

    def __str__(self) -> str:
        where = "record"
        if self.hand is not None:
            where = f"hand {self.hand}"
            if self.move is not None:
                where += f", move {self.move}"
        return f"{where}: {self.message} [{self.reason}]"


class RecordError(ValueError):
    """A record that cannot be replayed; ``problems`` lists everything wrong with it."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        shown = "\n".join(f"  {p}" for p in problems[:20])
        more = f"\n  … and {len(problems) - 20} more" if len(problems) > 20 else ""
        super().__init__(f"the record has {len(problems)} problem(s):\n{shown}{more}")


@dataclass
class Replayed:
    """A record replayed: the match, the players' names and the comments."""

    match: Match
    players: dict[str, str] = field(default_factory=dict)
    comments: dict[str, str] = field(default_factory=dict)
    summaries: list[dict] = field(default_factory=list)

    def _repr_html_(self) -> str:
        from .svg import render_record_html  # pictures load on first use

        return render_record_html(self)


# -- writing ------------------------------------------------------------------------------
def write_record(match: Match, players: Mapping[str, str] | None = None,
                 comments: Mapping[str, str] | None = None) -> dict:
    """The match as a RECORD.md record (a JSON-ready dict); an unfinished hand is included."""
    rules = match.rules
    record: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": rules.game,
        "rules": rules.settings(),
        "seats": list(rules.seats),
        "players": dict(players or {}),
    }
    if match.start != MatchState.new(rules):
        record["start"] = match.start.as_start()
    hands = []
    for index, hand in enumerate(match.hands):
        entry = {
            "deal": {seat: [str(t) for t in hand.deal[seat]] for seat in hand.seats},
            "boneyard": [str(t) for t in hand.initial_boneyard],
            "leader": hand.leader,
            "moves": [str(m) for m in hand.moves],
        }
        if hand.outcome is not None:
            entry["result"] = outcome_json(hand.outcome)
        hands.append(entry)
    record["hands"] = hands
    if comments:
        record["comments"] = dict(comments)
    return record


def outcome_json(outcome: Outcome) -> dict:
    """A hand's ``result`` as records write it."""
    return {"end": outcome.termination.value, "winner_seat": outcome.winner_seat,
            "winner_team": outcome.winner_team, "tie": outcome.tie, "pips": dict(outcome.pips)}


# -- reading and verifying ----------------------------------------------------------------
def load_json(source: str | bytes | os.PathLike | Mapping) -> Any:
    """A record's JSON from a dict, JSON text, or a file path; ``RecordError`` if malformed."""
    if isinstance(source, Mapping):
        return source
    if isinstance(source, os.PathLike) or (isinstance(source, str) and not source.lstrip().startswith("{")):
        try:
            with open(source, encoding="utf-8") as file:
                text = file.read()
        except (OSError, UnicodeDecodeError) as error:
            raise RecordError([Problem("unreadable_file", f"cannot read {os.fspath(source)!r}: {error}")]) from None
    else:
        text = source.decode("utf-8") if isinstance(source, bytes) else source
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError([Problem("malformed_json", f"not valid JSON: {error.msg} at line {error.lineno}, "
                                                     f"column {error.colno}")]) from None


def read_record(source: str | bytes | os.PathLike | Mapping) -> Replayed:
    """The match a record describes, replayed move by move; ``RecordError`` if anything is wrong."""
    replayed, problems = _replay(load_json(source))
    if problems:
        raise RecordError(problems)
    return replayed


def verify_record(source: str | bytes | os.PathLike | Mapping) -> tuple[list[dict], list[Problem]]:
    """The ``verify`` report: one summary per hand, and every problem found."""
    try:
        data = load_json(source)
    except RecordError as error:
        return [], error.problems
    replayed, problems = _replay(data)
    return (replayed.summaries if replayed else []), problems


def hand_summary(index: int, hand: Hand, state: MatchState) -> dict:
    """A hand's line of the ``verify`` report."""
    outcome = hand.outcome
    partnership = hand.rules.is_partnership
    return {
        "hand": index,
        "end": outcome.termination.value if outcome else None,
        "winner_seat": outcome.winner_seat if outcome else None,
        "winner_team": outcome.winner_team if outcome else None,
        "tie": outcome.tie if outcome else False,
        "pips": dict(outcome.pips) if outcome else {s: hand.pips(s) for s in hand.seats},
        "open_ends": list(hand.ends) if hand.ends else None,
        "score_after": dict(state.score),
        "ties_after": state.ties if partnership else None,
        "playoff_pending_after": state.playoff,
        "next_leader": state.next_leader,
        "match_winner": state.winner,
        "boneyard_left": hand.boneyard_size,
    }


def _replay(data: Any) -> tuple[Replayed | None, list[Problem]]:
    problems: list[Problem] = []
    header = _read_header(data, problems)
    if header is None:
        return None, problems
    rules, start = header
    try:
        match = Match(rules, start)
    except (ValueError, TypeError) as error:
        return None, problems + [Problem("bad_start", f"start: {error}")]
    players = data.get("players") or {}
    comments = data.get("comments") or {}
    if not isinstance(players, dict):
        problems.append(Problem("bad_players", "players must be an object of seat → name"))
        players = {}
    if not isinstance(comments, dict):
        problems.append(Problem("bad_comments", "comments must be an object of \"hand:move\" → text"))
        comments = {}
    replayed = Replayed(match, {k: str(v) for k, v in players.items()}, {str(k): str(v) for k, v in comments.items()})
    hands = data.get("hands")
    if not isinstance(hands, list):
        problems.append(Problem("bad_hands", "hands must be a list"))
        return replayed, problems
    scoring_ok = True
    for index, entry in enumerate(hands):
        is_last = index == len(hands) - 1
        ok = _replay_hand(match, index, entry, is_last, scoring_ok, problems)
        if ok and scoring_ok:  # after a broken hand the match state is unknown: no summary
            replayed.summaries.append(hand_summary(index, match.hand, match.state))
        scoring_ok = scoring_ok and ok
    _check_comments(replayed, hands, problems)
    return replayed, problems


def _read_header(data: Any, problems: list[Problem]) -> tuple[Rules, Any] | None:
    if not isinstance(data, dict):
        problems.append(Problem("bad_record", "a record is a JSON object"))
        return None
    if data.get("format") != FORMAT:
        problems.append(Problem("bad_format", f"format must be {FORMAT!r}, not {data.get('format')!r}"))
    if type(data.get("version")) is not int or data.get("version") != VERSION:
        problems.append(Problem("bad_version", f"version must be {VERSION}, not {data.get('version')!r}"))
    game = data.get("game")
    if game not in GAMES:
        problems.append(Problem("bad_game", f"game must be one of {', '.join(GAMES)}, not {game!r}"))
        return None
    seats = data.get("seats")
    by_seats = {tuple(sorted(v)): n for n, v in SEATS_BY_PLAYERS.items()}
    players = by_seats.get(tuple(sorted(seats))) if isinstance(seats, list) and all(isinstance(s, str) for s in seats) else None
    if players is None or (game == "partnership" and players != 4) or len(set(seats)) != len(seats):
        allowed = "N, E, S, W" if game == "partnership" else "S, N / S, E, N / N, E, S, W"
        problems.append(Problem("bad_seats", f"seats {seats!r} are not the seats of a {game} game ({allowed})"))
        return None
    settings = data.get("rules", {})
    if not isinstance(settings, dict):
        problems.append(Problem("bad_rules", "rules must be an object of setting → value"))
        return None
    try:
        rules = Rules.from_settings(game, settings, players=players)
    except RulesError as error:
        problems.append(Problem("unknown_setting" if "unknown setting" in str(error) else "bad_setting", str(error)))
        return None
    start = data.get("start")
    if start is not None and not isinstance(start, dict):
        problems.append(Problem("bad_start", "start must be an object"))
        return None
    if problems:
        return None
    return rules, start


def _replay_hand(match: Match, index: int, entry: Any, is_last: bool, scoring_ok: bool,
                 problems: list[Problem]) -> bool:
    """Replay one hand onto the match; False if it has a problem (later hands are not scored)."""
    found = len(problems)
    if not isinstance(entry, dict):
        problems.append(Problem("bad_hand", "a hand is an object with deal, boneyard, leader and moves", index))
        return False
    if match.is_over and scoring_ok:
        problems.append(Problem("match_over", f"hand {index} is played after {match.state.winner} won the match",
                                index, 0))
        return False
    deal, boneyard, leader, moves = (entry.get(k) for k in ("deal", "boneyard", "leader", "moves"))
    if not isinstance(deal, dict):
        problems.append(Problem("bad_deal", "deal must be an object of seat → tiles", index))
        return False
    if leader not in match.rules.seats:
        problems.append(Problem("bad_leader", f"leader {leader!r} is not a seat in play", index, seat=str(leader)))
        return False
    if not isinstance(moves, list):
        problems.append(Problem("bad_moves", "moves must be a list of strings", index))
        return False
    try:
        if scoring_ok:
            hand = match.deal(deal, boneyard or [], leader)
            if leader not in hand.leaders:
                allowed = " or ".join(sorted(hand.leaders))
                problems.append(Problem("wrong_leader", f"{leader} may not lead hand {index}; {allowed} may", index, 0,
                                        leader))
                return False
        else:  # the match state is unknown after a broken hand: check the moves alone
            hand = Hand(match.rules, deal, boneyard or [], leader, leaders=match.rules.seats)
            match = _Detached(hand)
    except DealError as error:
        for text in error.problems:
            problems.append(Problem(_deal_reason(text), f"deal: {text}", index))
        return False
    for number, text in enumerate(moves):
        if hand.is_over:
            extra = len(moves) - number
            problems.append(Problem("hand_over", f"{text!r} is written after the hand ended"
                                    + (f" (and {extra - 1} more moves)" if extra > 1 else ""), index, number,
                                    _seat_of(text)))
            break
        try:
            move = Move.parse(text)
        except MoveSyntaxError as error:
            problems.append(Problem("bad_move", str(error), index, number, _seat_of(text)))
            break
        try:
            match.push(move)
        except IllegalMoveError as error:
            problems.append(Problem(error.reason, error.message, index, number, move.seat,
                                    str(move.tile) if move.tile is not None else None))
            break
    else:
        if not hand.is_over and not is_last:
            problems.append(Problem("hand_unfinished", "the moves stop before the hand has ended", index,
                                    len(moves)))
    if len(problems) == found and hand.outcome is not None and "result" in entry:
        _check_result(entry["result"], hand.outcome, index, problems)
    return len(problems) == found


class _Detached:
    """Pushes moves onto a lone hand, for hands after a broken one."""

    def __init__(self, hand: Hand) -> None:
        self.hand = hand

    def push(self, move: Move) -> Move:
        return self.hand.push(move)


def _check_result(result: Any, outcome: Outcome, index: int, problems: list[Problem]) -> None:
    if not isinstance(result, dict):
        problems.append(Problem("wrong_result", "result must be an object", index))
        return
    expected = outcome_json(outcome)
    for key, value in result.items():
        if key not in expected:
            problems.append(Problem("wrong_result", f"result has an unknown field {key!r}", index))
        elif value != expected[key]:
            problems.append(Problem("wrong_result", f"result.{key} is {json.dumps(value)}, but the rules give "
                                                    f"{json.dumps(expected[key])}", index))


def _check_comments(replayed: Replayed, hands: list, problems: list[Problem]) -> None:
    for key in replayed.comments:
        hand_text, _, move_text = key.partition(":")
        if not (hand_text.isdigit() and move_text.isdigit()):
            problems.append(Problem("bad_comment", f"comment key {key!r} is not \"<hand>:<move>\""))
            continue
        hand, move = int(hand_text), int(move_text)
        if hand >= len(hands):
            problems.append(Problem("bad_comment", f"comment {key!r} names a hand the record does not have", hand))
            continue
        moves = hands[hand].get("moves") if isinstance(hands[hand], dict) else None
        if isinstance(moves, list) and move >= len(moves):
            problems.append(Problem("bad_comment", f"comment {key!r} names move {move}, but hand {hand} has "
                                                   f"{len(moves)} moves (0 to {len(moves) - 1})", hand, move))


def _deal_reason(text: str) -> str:
    if "twice" in text:
        return "duplicate_tile"
    if "missing" in text:
        return "missing_tile"
    if "is dealt" in text or "boneyard has" in text:
        return "wrong_hand_size"
    return "bad_deal"


def _seat_of(text: Any) -> str | None:
    return text.split()[0] if isinstance(text, str) and text.split() else None

