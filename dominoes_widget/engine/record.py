"""Game records (RECORD.md, version 1): write a match, read one back, verify one.

Reading never half-loads: :func:`read_record` returns the whole match replayed under its
rules, or raises :class:`RecordError` listing every problem with where it is.

A record one seat saved mid-hand (the table server's) holds the finished hands whole and
the hand in play apart, under ``in_play``, as that seat sees it (:data:`IN_PLAY_KEYS`);
reading checks what can be checked of it without the deal, and replays no move of it.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from .errors import (DealError, IllegalMoveError, MoveSyntaxError, Problem, Problems, RecordError, Reason,
                     RulesError, excerpt)
from .fair_deal import fair_problems, read_fair
from .hand import Hand, Outcome
from .match import Match, MatchState
from .move import Move
from .rules import GAMES, SEATS_BY_PLAYERS, Rules
from .tiles import Tile

__all__ = ["Problem", "RecordError", "Replayed", "write_record", "read_record", "verify_record",
           "load_json", "hand_summary", "outcome_json", "MAX_RECORD_BYTES", "IN_PLAY_KEYS", "IN_PLAY_OPTIONAL"]

FORMAT = "dominoes-record"
VERSION = 1
MAX_RECORD_BYTES = 32 * 1024 * 1024
"""A record file larger than this is refused unread (a real match is a few kilobytes)."""
IN_PLAY_KEYS = ("seat", "leader", "tiles", "held", "boneyard_left", "moves")
"""The fields of a record's ``in_play``: the seat that saw it (``null``: a watcher), the leader (``null`` while a
team chooses), that seat's tiles, every seat's tile count, the pile's size, and the moves
with the other seats' draws written ``draw``; and, for a hand dealt fairly, ``fair``: its
commitment and client seeds, never its server seed."""
IN_PLAY_OPTIONAL = ("fair",)
_COMMENT_KEY = re.compile(r"^([0-9]{1,6}):([0-9]{1,6})$", re.ASCII)


@dataclass
class Replayed:
    """A record replayed: the match, the players' names and the comments."""

    match: Match
    players: dict[str, str] = field(default_factory=dict)
    comments: dict[str, str] = field(default_factory=dict)
    summaries: list[dict[str, Any]] = field(default_factory=list)

    def _repr_html_(self) -> str:
        from ..words.svg import render_record_html  # pictures load on first use

        return render_record_html(self)


# -- writing ------------------------------------------------------------------------------
def write_record(match: Match, players: Mapping[str, str] | None = None,
                 comments: Mapping[str, str] | None = None, *, unrevealed_seeds: bool = False) -> dict[str, Any]:
    """The match as a RECORD.md record (a JSON-ready dict); an unfinished hand is included.

    A hand dealt fairly carries its ``fair`` block, with the server seed once the hand has
    ended; ``unrevealed_seeds`` writes it for the hand in play too (the table server's own
    store, which takes a table up again after a restart: never an answer to anyone).
    """
    rules = match.rules
    record: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": rules.game,
        "rules": rules.settings(),
        "seats": list(rules.seats),
        "players": dict(players or {}),
    }
    if match.start_state != MatchState.new(rules):
        record["start"] = match.start_state.as_start()
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
        fair = match.fair_block(index, reveal=unrevealed_seeds)
        if fair is not None:
            entry["fair"] = fair
        hands.append(entry)
    record["hands"] = hands
    if comments:
        record["comments"] = dict(comments)
    return record


def outcome_json(outcome: Outcome) -> dict[str, Any]:
    """A hand's ``result`` as records write it."""
    return {"end": outcome.termination.value, "winner_seat": outcome.winner_seat,
            "winner_team": outcome.winner_team, "tie": outcome.tie, "pips": dict(outcome.pips)}


# -- reading and verifying ----------------------------------------------------------------
def load_json(source: str | bytes | os.PathLike[str] | Mapping[str, Any]) -> Any:
    """A record's JSON from a dict, JSON text, UTF-8 bytes or a file path.

    Anything that cannot be read (a missing or unreadable file, bytes that are not UTF-8,
    text that is not JSON, a number too long or nesting too deep to read) raises
    :class:`RecordError` with one problem saying what and where.
    """
    if isinstance(source, Mapping) or source is None or isinstance(source, (list, bool, int, float)):
        return source  # JSON already read: a value that is no object is reported as such ("not list")
    if isinstance(source, (bytes, bytearray)):
        text = _decoded(bytes(source), "the record")
    elif isinstance(source, os.PathLike) or (isinstance(source, str) and not source.lstrip().startswith(("{", "["))):
        text = _read_file(source)
    elif isinstance(source, str):
        text = source
    else:
        raise RecordError([Problem(Reason.BAD_RECORD, f"a record is a dict, JSON text or a file path, "
                                                      f"not {type(source).__name__}")])
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError([Problem(Reason.MALFORMED_JSON, f"not valid JSON: {error.msg} at line {error.lineno}, "
                                                          f"column {error.colno}")]) from None
    except RecursionError:
        raise RecordError([Problem(Reason.MALFORMED_JSON, "not readable JSON: the nesting is too deep")]) from None
    except ValueError as error:  # e.g. an integer of thousands of digits
        raise RecordError([Problem(Reason.MALFORMED_JSON, f"not readable JSON: {excerpt(str(error), 120)}")]) from None


def _read_file(path: str | os.PathLike[str]) -> str:
    name = excerpt(os.fspath(path), 120)
    try:
        if os.path.getsize(path) > MAX_RECORD_BYTES:
            raise RecordError([Problem(Reason.UNREADABLE_FILE, f"{name} is larger than "
                                                               f"{MAX_RECORD_BYTES // 2**20} MB: not a game record")])
        with open(path, "rb") as file:
            data = file.read()
    except (OSError, ValueError) as error:  # ValueError: a path with a NUL byte
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        raise RecordError([Problem(Reason.UNREADABLE_FILE, f"cannot read {name}: {reason}")]) from None
    return _decoded(data, name)


def _decoded(data: bytes, name: str) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise RecordError([Problem(Reason.UNREADABLE_FILE, f"{name} is not UTF-8 text (byte {error.start} "
                                                           f"cannot be read)")]) from None


DEAL_CHECKS = (Reason.FAIR_COMMITMENT_MISMATCH, Reason.DEAL_NOT_FROM_SEED)
"""The problems of a fair deal that does not check out: the rules' replay goes on past them."""


def read_record(source: str | bytes | os.PathLike[str] | Mapping[str, Any], *, need_hands: bool = False,
                check_deals: bool = True) -> Replayed:
    """The match a record describes, replayed move by move; ``RecordError`` if anything is wrong.

    ``need_hands``: a record with no hand yet is a problem too (``no_hands``), for
    callers that show a hand. ``check_deals=False``: a fair deal that does not check out
    (:data:`DEAL_CHECKS`) is no problem here, for a caller that checks and shows it itself
    (the replay's page rechecks every deal in the browser and warns).
    """
    replayed, problems = _replay(load_json(source))
    if not check_deals and not problems.left_out:
        problems = Problems(p for p in problems if p.reason not in DEAL_CHECKS)
    if replayed is not None and not problems and need_hands and not replayed.match.hands:
        problems.append(Problem(Reason.NO_HANDS, "the record has no hand yet: there is nothing to show"))
    if problems or replayed is None:
        raise RecordError(problems)
    return replayed


def verify_record(source: str | bytes | os.PathLike[str] | Mapping[str, Any]) -> tuple[list[dict[str, Any]],
                                                                                    list[Problem]]:
    """The ``verify`` report: one summary per hand, and every problem found (at most 100, then a count)."""
    try:
        data = load_json(source)
    except RecordError as error:
        return [], error.problems
    replayed, problems = _replay(data)
    return (replayed.summaries if replayed else []), problems.report()


def hand_summary(index: int, hand: Hand, state: MatchState) -> dict[str, Any]:
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
        "next_leader": state.next_leader.code if state.next_leader is not None else None,
        "match_winner": state.winner,
        "boneyard_left": hand.boneyard_size,
    }


def _replay(data: Any) -> tuple[Replayed | None, Problems]:
    problems = Problems()
    header = _read_header(data, problems)
    if header is None:
        return None, problems
    rules, start = header
    try:
        match = Match(rules, start)
    except (ValueError, TypeError) as error:
        problems.append(Problem(Reason.BAD_START, f"start: {error}", field="start"))
        return None, problems
    players = _read_players(data, rules.seats, problems)
    comments = data.get("comments") or {}
    if not isinstance(comments, dict):
        problems.append(Problem(Reason.BAD_COMMENTS, "comments must be an object of \"hand:move\" → text",
                                field="comments"))
        comments = {}
    replayed = Replayed(match, players, {str(k): _as_text(v) for k, v in comments.items()})
    hands = data.get("hands")
    if not isinstance(hands, list):
        problems.append(Problem(Reason.BAD_HANDS, "hands must be a list", field="hands"))
        return replayed, problems
    scoring_ok = True
    for index, entry in enumerate(hands):
        is_last = index == len(hands) - 1
        ok = _replay_hand(match, index, entry, is_last, scoring_ok, problems)
        if ok and scoring_ok:  # after a broken hand the match state is unknown: no summary
            replayed.summaries.append(hand_summary(index, match.hands[-1], match.state))
        scoring_ok = scoring_ok and ok
    if "in_play" in data:
        _check_in_play(data["in_play"], match, len(hands), scoring_ok, problems)
    _check_comments(replayed, hands, problems)
    return replayed, problems


def _read_players(data: dict[str, Any], seats: tuple[str, ...], problems: Problems) -> dict[str, str]:
    """``players`` (optional): each key a seat in play, each name text; a problem for each that is not."""
    if "players" not in data:
        return {}
    players = data["players"]
    if not isinstance(players, dict):
        shown = "null" if players is None else excerpt(players)
        problems.append(Problem(Reason.BAD_PLAYERS, f"players must be an object of seat → name, not {shown}",
                                field="players"))
        return {}
    names = {}
    for seat, name in players.items():
        where = f"players.{_key(seat)}"
        if seat not in seats:
            problems.append(Problem(Reason.BAD_PLAYERS, f"{where} names no seat of this game (its seats are "
                                                        f"{', '.join(seats)})", field=where))
        elif not isinstance(name, str):
            problems.append(Problem(Reason.BAD_PLAYERS, f"{where}: a player's name is text, not {excerpt(name)}",
                                    seat=seat, field=where))
        else:
            names[seat] = name
    return names


def _key(key: Any) -> str:
    """An object key as a field name shows it: as written when short and printable."""
    return key if isinstance(key, str) and len(key) <= 24 and key.isprintable() else excerpt(key, 24)


def _read_header(data: Any, problems: Problems) -> tuple[Rules, Any] | None:
    if not isinstance(data, dict):
        kind = "null" if data is None else type(data).__name__
        problems.append(Problem(Reason.BAD_RECORD, f"a record is a JSON object, not {kind}"))
        return None
    if data.get("format") != FORMAT:
        problems.append(Problem(Reason.BAD_FORMAT, f"format must be {FORMAT!r}, not {excerpt(data.get('format'))}",
                                field="format"))
    if type(data.get("version")) is not int or data.get("version") != VERSION:
        problems.append(Problem(Reason.BAD_VERSION, f"version must be {VERSION}, not {excerpt(data.get('version'))}",
                                field="version"))
    game = data.get("game")
    if not isinstance(game, str) or game not in GAMES:
        problems.append(Problem(Reason.BAD_GAME, f"game must be one of {', '.join(GAMES)}, not {excerpt(game)}",
                                field="game"))
        return None
    seats = data.get("seats")
    # RULES.md fixes the seats of each game and the order records list them in
    allowed = [list(v) for n, v in SEATS_BY_PLAYERS.items() if game == "vietnamese" or n == 4]
    if seats not in allowed:
        listed = " / ".join(json.dumps(v) for v in allowed)
        same = [v for v in allowed if isinstance(seats, list) and len(seats) == len(v)
                and all(isinstance(s, str) for s in seats) and sorted(seats) == sorted(v)]
        what = (f"seats {json.dumps(seats)} are out of order: records list them as {json.dumps(same[0])}" if same
                else f"seats {excerpt(seats)} are not the seats of a {game} game ({listed})")
        problems.append(Problem(Reason.BAD_SEATS, what, field="seats"))
        return None
    players = len(seats)
    settings = data.get("rules", {})
    if not isinstance(settings, dict):
        problems.append(Problem(Reason.BAD_RULES, "rules must be an object of setting → value", field="rules"))
        return None
    try:
        rules = Rules.from_settings(game, settings, players=players)
    except RulesError as error:
        problems.append(Problem(error.reason, str(error),
                                field=f"rules.{_key(error.setting)}" if error.setting is not None else "rules"))
        return None
    start = data.get("start")
    if start is not None and not isinstance(start, dict):
        problems.append(Problem(Reason.BAD_START, "start must be an object", field="start"))
        return None
    if problems:
        return None
    return rules, start


def _replay_hand(match: Match, index: int, entry: Any, is_last: bool, scoring_ok: bool,
                 problems: Problems) -> bool:
    """Replay one hand onto the match; False if it has a problem (later hands are not scored)."""
    found = problems.found
    shape = _hand_shape_problem(match, index, entry, scoring_ok)
    if shape is not None:
        problems.append(shape)
        return False
    started = _start_hand(match, index, entry, scoring_ok, problems)
    if started is None:
        return False
    hand, target = started
    moves = entry["moves"]
    _push_moves(hand, target, moves, index, is_last, problems)
    if problems.found == found and "result" in entry:
        if hand.outcome is None:
            problems.append(Problem(Reason.WRONG_RESULT, f"hands[{index}].result: the hand has not ended, so it "
                                                         "can have no result yet", index, len(moves),
                                    field=f"hands[{index}].result"))
        else:
            _check_result(entry["result"], hand.outcome, index, problems)
    ok = problems.found == found
    if "fair" in entry:  # a deal not from its seeds is reported, and the rules' replay goes on
        problems.extend(fair_problems(entry["fair"], index, match.rules.seats, hand.deal, hand.initial_boneyard,
                                      hand.is_over))
    return ok


def _hand_shape_problem(match: Match, index: int, entry: Any, scoring_ok: bool) -> Problem | None:
    """What is wrong with a hand's entry before its deal is looked at (its fields' types, a match
    already won), or ``None``."""
    if not isinstance(entry, dict):
        return Problem(Reason.BAD_HAND, "a hand is an object with deal, boneyard, leader and moves", index)
    if match.is_over and scoring_ok:
        return Problem(Reason.MATCH_OVER, f"hand {index} is played after {match.state.winner} won the match",
                       index, 0)
    deal, boneyard, leader, moves = (entry.get(k) for k in ("deal", "boneyard", "leader", "moves"))
    if not isinstance(deal, dict):
        return Problem(Reason.BAD_DEAL, "deal must be an object of seat → tiles", index)
    if not isinstance(leader, str) or leader not in match.rules.seats:
        return Problem(Reason.BAD_LEADER, f"leader {excerpt(leader, 12)} is not a seat in play", index,
                       seat=excerpt(leader, 12))
    if not isinstance(moves, list):
        return Problem(Reason.BAD_MOVES, "moves must be a list of strings", index)
    if boneyard is not None and not isinstance(boneyard, list):
        return Problem(Reason.BAD_DEAL, f"boneyard must be a list of tiles, not {excerpt(boneyard)}", index)
    return None


def _start_hand(match: Match, index: int, entry: dict[str, Any], scoring_ok: bool,
                problems: Problems) -> tuple[Hand, Match | _Detached] | None:
    """The hand dealt as ``entry`` says, and where its moves are pushed: the match while it is
    scored, else the hand alone; ``None`` after reporting a bad deal or leader."""
    deal, boneyard, leader = entry["deal"], entry.get("boneyard") or [], entry["leader"]
    seeds = read_fair(entry["fair"], match.rules.seats)[0] if "fair" in entry else None
    try:
        if not scoring_ok:  # the match state is unknown after a broken hand: check the moves alone
            hand = Hand(match.rules, deal, boneyard, leader, leaders=match.rules.seats)
            return hand, _Detached(hand)
        pending = match.prepare(deal, boneyard, fair=seeds)
        if leader not in pending.leaders:
            match.pending = None
            allowed = " or ".join(sorted(pending.leaders))
            problems.append(Problem(Reason.WRONG_LEADER, f"{leader} may not lead hand {index}; {allowed} may",
                                    index, 0, leader))
            if "fair" in entry:
                problems.extend(fair_problems(entry["fair"], index, match.rules.seats, pending.tiles,
                                              pending.boneyard, finished=False))
            return None
        return match.start(leader), match
    except DealError as error:
        for problem in error.problems:
            problems.append(Problem(problem.reason, f"deal: {problem.message}", index, seat=problem.seat,
                                    tile=problem.tile))
        return None


def _push_moves(hand: Hand, target: Match | _Detached, moves: list[Any], index: int, is_last: bool,
                problems: Problems) -> None:
    """Push a hand's moves onto ``target``, reporting the first that is malformed or illegal, or
    written after the end, and a hand that stops early unless it is the record's last."""
    for number, text in enumerate(moves):
        if hand.is_over:
            extra = len(moves) - number
            problems.append(Problem(Reason.HAND_OVER, f"{excerpt(text, 24)} is written after the hand ended"
                                    + (f" (and {extra - 1} more moves)" if extra > 1 else ""), index, number,
                                    _seat_of(text)))
            return
        try:
            move = Move.parse(text)
        except MoveSyntaxError as error:
            problems.append(Problem(Reason.BAD_MOVE, str(error), index, number, _seat_of(text)))
            return
        try:
            target.push(move)
        except IllegalMoveError as error:
            problems.append(Problem(error.reason, error.message, index, number, move.seat,
                                    str(move.tile) if move.tile is not None else None))
            return
    if not hand.is_over and not is_last:
        problems.append(Problem(Reason.HAND_UNFINISHED, "the moves stop before the hand has ended", index,
                                len(moves)))


def _check_in_play(in_play: Any, match: Match, index: int, scoring_ok: bool, problems: Problems) -> None:
    """``in_play``: a hand in play as one seat saw it, after the finished hands; each field well formed."""
    def problem(what: str, key: str | None = None, move: int | None = None, seat: str | None = None,
                tile: str | None = None) -> None:
        problems.append(Problem(Reason.BAD_IN_PLAY, f"in_play{'.' + key if key else ''}: {what}", index, move,
                                seat, tile, field=f"in_play.{key}" if key else "in_play"))

    if not isinstance(in_play, dict):
        return problem(f"a hand in play is an object of {', '.join(IN_PLAY_KEYS)}, not {excerpt(in_play)}")
    unknown = [_key(k) for k in in_play if k not in IN_PLAY_KEYS + IN_PLAY_OPTIONAL]
    missing = [k for k in IN_PLAY_KEYS if k not in in_play]
    if unknown or missing:
        return problem(f"it holds {', '.join(IN_PLAY_KEYS)}" + (f"; unknown: {', '.join(unknown)}" if unknown else "")
                       + (f"; missing: {', '.join(missing)}" if missing else ""))
    if scoring_ok and match.hands and not match.hands[-1].is_over:
        return problem(f"hand {index - 1} has not ended, so no other hand is in play")
    if scoring_ok and match.is_over:
        return problem(f"{match.state.winner} has won the match, so no hand is in play")
    seats = match.rules.seats
    seat, leader, tiles, held, left, moves = (in_play[k] for k in IN_PLAY_KEYS)
    if seat is not None and (not isinstance(seat, str) or seat not in seats):
        return problem(f"{excerpt(seat, 12)} is not a seat in play ({', '.join(seats)}), nor null (a watcher)",
                       "seat")
    if leader is not None and (not isinstance(leader, str) or leader not in seats):
        return problem(f"{excerpt(leader, 12)} is not a seat in play, nor null (a leader still to choose)", "leader")
    own = _in_play_tiles(tiles, problem)
    if own is None:
        return
    if "fair" in in_play:
        seeds, _, malformed = read_fair(in_play["fair"], seats)
        if malformed is not None or seeds is None:
            return problem(str(malformed), "fair")
        if seeds.server_seed is not None:
            return problem("a hand in play never shows its server seed (it is revealed once the hand has ended)",
                           "fair")
    if (not isinstance(held, dict) or sorted(held) != sorted(seats)
            or not all(type(n) is int and 0 <= n <= 28 for n in held.values())):
        return problem(f"an object of every seat in play → its number of tiles, not {excerpt(held)}", "held")
    if seat is None and own:
        return problem("a watcher (seat null) holds no tiles", "tiles")
    if seat is not None and held[seat] != len(own):
        return problem(f"{seat} holds {len(own)} tiles, but held.{seat} is {held[seat]}", "held", seat=seat)
    if type(left) is not int or not 0 <= left <= 28 - 7 * len(seats):
        return problem(f"the pile's size is 0 to {28 - 7 * len(seats)}, not {excerpt(left)}", "boneyard_left")
    if not isinstance(moves, list):
        return problem("moves must be a list of strings", "moves")
    if moves and leader is None:
        return problem("a hand with moves has its leader", "leader")
    _check_in_play_moves(moves, seats, seat, leader, own, problem)


def _check_in_play_moves(moves: list[Any], seats: tuple[str, ...], seat: str | None, leader: str | None,
                         own: set[Tile], problem: Callable[..., None]) -> None:
    """``in_play.moves``: each a move of a seat in play, led by the leader, no tile placed twice
    or placed while still in ``seat``'s own tiles; the first problem is reported."""
    placed: set[Tile] = set()
    for number, text in enumerate(moves):
        try:
            move = Move.parse(text) if isinstance(text, str) else None
        except MoveSyntaxError as error:
            return problem(str(error), "moves", number, _seat_of(text))
        if move is None or move.seat not in seats:
            return problem(f"{excerpt(text, 24)} is not a move of a seat in play", "moves", number, _seat_of(text))
        if number == 0 and (move.seat != leader or move.action != "lead"):
            return problem(f"the first move is {leader}'s lead, not {excerpt(text, 24)}", "moves", 0, move.seat)
        if move.placed is not None and move.tile is not None:
            if move.tile in placed or move.tile in own:
                where = "was played before" if move.tile in placed else f"is still in {seat}'s tiles"
                return problem(f"{move.tile} {where}", "moves", number, move.seat, str(move.tile))
            placed.add(move.tile)


def _in_play_tiles(tiles: Any, problem: Any) -> set[Tile] | None:
    """``in_play.tiles``: the seat's own tiles, each once; ``None`` after reporting a problem."""
    if not isinstance(tiles, list) or len(tiles) > 28:
        problem(f"a list of tiles, not {excerpt(tiles)}", "tiles")
        return None
    own: set[Tile] = set()
    for text in tiles:
        try:
            tile = Tile.parse(text) if isinstance(text, str) else None
        except ValueError:
            tile = None
        if tile is None or tile in own:
            problem(f"{excerpt(text, 12)} is {'written twice' if tile in own else 'not a tile'}", "tiles",
                    tile=excerpt(text, 12))
            return None
        own.add(tile)
    return own


class _Detached:
    """Pushes moves onto a lone hand, for hands after a broken one."""

    def __init__(self, hand: Hand) -> None:
        self.hand = hand

    def push(self, move: Move) -> Move:
        return self.hand.push(move)


def _check_result(result: Any, outcome: Outcome, index: int, problems: Problems) -> None:
    """RECORD.md: a result, when present, equals what the rules give: every field, each right."""
    where = f"hands[{index}].result"
    if not isinstance(result, dict):
        problems.append(Problem(Reason.WRONG_RESULT, f"{where} must be an object", index, field=where))
        return
    expected = outcome_json(outcome)
    for key, value in result.items():
        if key not in expected:
            problems.append(Problem(Reason.WRONG_RESULT, f"{where} has an unknown field {excerpt(key, 24)}", index,
                                    field=where))
        elif value != expected[key]:
            problems.append(Problem(Reason.WRONG_RESULT, f"{where}.{key} is {excerpt(json.dumps(value))}, but the "
                                                         f"rules give {json.dumps(expected[key])}", index,
                                    field=f"{where}.{key}"))
    missing = [key for key in expected if key not in result]
    if missing:
        holds = f"a result holds {', '.join(expected)}, as the rules give them"
        what = f"{where} is empty: {holds}" if not result else f"{where} lacks {', '.join(missing)}: {holds}"
        problems.append(Problem(Reason.WRONG_RESULT, what, index, field=where))


def _check_comments(replayed: Replayed, hands: list[Any], problems: Problems) -> None:
    for key in replayed.comments:
        found = _COMMENT_KEY.match(key)
        if found is None:
            problems.append(Problem(Reason.BAD_COMMENT, f"comment key {excerpt(key, 24)} is not \"<hand>:<move>\""))
            continue
        hand, move = int(found.group(1)), int(found.group(2))
        if hand >= len(hands):
            problems.append(Problem(Reason.BAD_COMMENT, f"comment {key!r} names a hand the record does not have",
                                    hand))
            continue
        moves = hands[hand].get("moves") if isinstance(hands[hand], dict) else None
        if isinstance(moves, list) and move >= len(moves):
            problems.append(Problem(Reason.BAD_COMMENT, f"comment {key!r} names move {move}, but hand {hand} has "
                                                        f"{len(moves)} moves (0 to {len(moves) - 1})", hand, move))


def _as_text(value: Any) -> str:
    """A name or comment as text (a record may hold any JSON value there)."""
    return value if isinstance(value, str) else excerpt(value)


def _seat_of(text: Any) -> str | None:
    if not isinstance(text, str):
        return None
    words = text[:8].split()
    return words[0] if words and words[0] in ("N", "E", "S", "W") else None
