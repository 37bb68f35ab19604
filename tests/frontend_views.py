"""Protocol-v2 views (js/PROTOCOL.md) for the front-end tests, made by the real sessions.

Each Table view is what a :class:`TableSession` sends for a real position (set up with a
deal and the moves that lead to it), each Replay payload what a :class:`ReplaySession`
sends for an example record. Two are patched where no game can reach them: a line of all
28 tiles, and the coach's answer. Every function returns a fresh dict.

- :data:`WORDS`: the ``[ui]`` words of ``dominoes_widget/words/locales/en.toml`` (the ``words`` trait);
- Table views: :func:`lead_any_tile`, :func:`choice_of_end`, :func:`vietnamese_draw`,
  :func:`two_players`, :func:`cover`, :func:`north_after_cover`, :func:`choose_leader`, :func:`hand_over`,
  :func:`match_over`, :func:`full_line`, :func:`long_line`, :func:`looking_back`, :func:`with_hint`,
  :func:`with_counting`, :func:`open_hands`;
- Replay data: :func:`replay_data` (a recorded match, step by step, with a note),
  :func:`replay_data_with_analysis` (the same with the analysis ``Replay(record, analysis=...)`` sends).
"""

from __future__ import annotations

import copy
import json
from functools import cache
from pathlib import Path
from typing import Any

from dominoes_widget import Hand, Rules
from dominoes_widget.words.catalog import Voice, ui_words
from dominoes_widget.words.explanations import describe_rules
from dominoes_widget.engine.move import DRAW
from dominoes_widget.sessions.replay.session import ReplaySession
from dominoes_widget.sessions.table.look_back import look
from dominoes_widget.sessions.table.session import TableSession, table_options

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ROOT / "tests" / "data" / "records"
WORDS: dict[str, str] = ui_words("en")
NUMBERS = ["blank", "one", "two", "three", "four", "five", "six"]

# All 28 tiles in one valid line (an Euler trail of the double-six set), led from the 13th.
# No real hand gets there (the hand ends when a player is out), but the layout must hold it.
FULL_LINE = [
    [6, 0], [0, 0], [0, 1], [1, 1], [1, 2], [2, 0], [0, 3], [3, 1], [1, 4], [4, 0], [0, 5], [5, 1], [1, 6], [6, 2],
    [2, 2], [2, 3], [3, 3], [3, 4], [4, 2], [2, 5], [5, 3], [3, 6], [6, 4], [4, 4], [4, 5], [5, 5], [5, 6], [6, 6],
]


def traits(view: dict, *, rules_text: str = "") -> dict:
    """The Table's synced traits for this view."""
    return {"view": view, "words": dict(WORDS), "rules_text": rules_text}


def session_at(hand: Hand, *, game: str = "six_love", seats: dict | None = None, start: dict | None = None,
               **options: Any) -> TableSession:
    """A table whose first hand is ``hand``'s deal, after ``hand``'s moves (bots: greedy)."""
    settings = {"players": hand.rules.players} if hand.rules.game == "vietnamese" else {}
    chosen = table_options(game, {
        "deal": {s: list(t) for s, t in hand.deal.items()}, "boneyard": list(hand.initial_boneyard),
        "leader": hand.leader, "moves": [str(m) for m in hand.moves], "bots": "greedy", "bot_delay": 0,
        "seats": seats or {}, "start": start, **settings, **options})
    return TableSession(chosen)


def _play_until(hand: Hand, stop, *, limit: int = 200) -> Hand:
    """Play the first legal move until ``stop(hand)`` holds."""
    for _ in range(limit):
        if stop(hand):
            return hand
        hand.push(hand.legal_move_list()[0])
    raise AssertionError("the position was never reached")


def _fits_both_ends(hand: Hand, seat: str) -> bool:
    if hand.turn != seat or hand.ends is None:
        return False
    ends_by_tile: dict[str, set] = {}
    for move in hand.legal_moves:
        if move.end:
            ends_by_tile.setdefault(str(move.tile), set()).add(move.end)
    return any(len(ends) == 2 for ends in ends_by_tile.values()) and len(ends_by_tile) >= 2


# -- the Table's views ---------------------------------------------------------------------------
@cache
def _choice_hand() -> Hand:
    for seed in range(1, 200):
        hand = Hand.dealt(Rules.six_love(), seed=seed)
        try:
            return _play_until(hand, lambda h: _fits_both_ends(h, "S") and len(h.moves) >= 5, limit=30)
        except (AssertionError, IndexError):
            continue
    raise AssertionError("no deal gives South a choice of end")


def choice_of_end() -> dict:
    """Mid-hand, South to move: one tile fits both ends, another one end only."""
    return session_at(_choice_hand(), start={"score": {"NS": 2, "EW": 0}}).view()


def choice_tiles(view: dict) -> tuple[str, str, str | None]:
    """(a tile that fits both ends, a tile that fits one end, a tile that fits neither)."""
    ends: dict[str, set] = {}
    for move in view["legal"]:
        seat, tile, *end = move.split()
        key = "-".join(sorted(tile.split("-")))
        ends.setdefault(key, set()).update(end)
    held = {"-".join(sorted(t.split("-"))): t for t in view["hands"]["S"]}
    both = next(held[k] for k, e in ends.items() if len(e) == 2)
    one = next(held[k] for k, e in ends.items() if len(e) == 1)
    neither = next((t for k, t in held.items() if k not in ends), None)
    return both, one, neither


def lead_any_tile() -> dict:
    """A later hand of a match: South, whose team won the last hand, leads any tile."""
    hand = Hand.dealt(Rules.six_love(), seed=7, leader="S", leaders=("S", "N"))
    view = session_at(hand, start={"score": {"NS": 1, "EW": 0}, "last_winner": "NS"}).view()
    assert len(view["legal"]) >= 7
    return view


@cache
def _vietnamese_hand() -> Hand:
    for seed in range(1, 300):
        hand = Hand.dealt(Rules.vietnamese(players=3), seed=seed)
        try:
            return _play_until(hand, lambda h: h.turn == "S" and [str(m) for m in h.legal_moves] == ["S draw"]
                               and h.boneyard_size >= 4 and any(m.action == DRAW and m.seat == "S" for m in h.moves)
                               and h.moves[-1].seat != "S", limit=40)
        except (AssertionError, IndexError):
            continue
    raise AssertionError("no Vietnamese deal makes South draw")


def vietnamese_draw() -> dict:
    """Vietnamese, 3 players: South must draw from the pile; a notice is showing."""
    session = session_at(_vietnamese_hand(), game="vietnamese", start={"score": {"S": 1, "E": 0, "N": 1}})
    session.tell(session.screen, "North drew a tile from the pile.", "info")
    return session.view()


@cache
def _pass_hand() -> Hand:
    for seed in range(1, 400):
        hand = Hand.dealt(Rules.six_love(), seed=seed)
        try:
            return _play_until(hand, lambda h: h.turn == "S" and [str(m) for m in h.legal_moves] == ["S pass"], limit=24)
        except (AssertionError, IndexError):
            continue
    raise AssertionError("South never has to pass")


def must_pass() -> dict:
    """South holds no tile that fits: the tiles are dimmed, Pass is the main button, the status says why."""
    view = session_at(_pass_hand(), start={"score": {"NS": 0, "EW": 2}}).view()
    assert view["legal"] == ["S pass"], view["legal"]
    return view


def announced() -> dict:
    """A new hand is announced: its first moves wait (a paced table, hand 2)."""
    from dominoes_widget.sessions.scheduler import ManualScheduler

    scheduler = ManualScheduler()
    session = TableSession(table_options("six_love", {"bots": "greedy", "bot_delay": 0.5, "seed": 3,
                                                      "seats": {"S": "greedy"}}), scheduler)
    scheduler.run_all()
    session.next_hand()
    view = session.view()
    assert view["holding"], "the hand is announced"
    return view


def two_players() -> dict:
    """Vietnamese for two: South and North face each other; a 14-tile pile."""
    hand = Hand.dealt(Rules.vietnamese(players=2), seed=3)
    _play_until(hand, lambda h: h.turn == "S" and len(h.moves) >= 2, limit=20)
    return session_at(hand, game="vietnamese").view()


def cover() -> dict:
    """Hot seat: the screen passes to North; nobody's tiles show."""
    hand = _play_until(_choice_hand().copy(), lambda h: h.turn == "N")
    view = session_at(hand, seats={"N": "human"}).view()
    assert view["phase"] == "cover"
    return view


def north_after_cover() -> dict:
    """Hot seat: North took the screen and lifted the cover; the table turns to North."""
    hand = _play_until(_choice_hand().copy(), lambda h: h.turn == "N")
    session = session_at(hand, seats={"N": "human"})
    session.uncover()
    view = session.view()
    assert view["phase"] == "playing" and view["viewer"] == "N", (view["phase"], view["viewer"])
    return view


def choose_leader() -> dict:
    """North-South won the last hand: the person picks who leads."""
    session = TableSession(table_options("six_love", {"seed": 11, "bots": "greedy", "bot_delay": 0,
                                                      "start": {"score": {"NS": 2, "EW": 0}, "last_winner": "NS"}}))
    view = session.view()
    assert view["phase"] == "choose_leader"
    return view


@cache
def _finished_hand() -> Hand:
    for seed in range(5, 400):
        hand = _play_until(Hand.dealt(Rules.six_love(), seed=seed), lambda h: h.is_over)
        if hand.outcome.winner_team == "EW":
            return hand
    raise AssertionError("East-West never win")


def hand_over() -> dict:
    """The hand is over: every hand face up, the result beside the final line."""
    return session_at(_finished_hand(), start={"score": {"NS": 0, "EW": 3}}).view()


def match_over() -> dict:
    view = session_at(_finished_hand(), start={"score": {"NS": 0, "EW": 5}}).view()
    assert view["phase"] == "match_over"
    return view


def full_line(*, viewer_tiles: int = 0) -> dict:
    """All 28 tiles on the line (led from the 13th), South's hand empty (patched: no game gets there)."""
    view = choice_of_end()
    view.update(line=copy.deepcopy(FULL_LINE), lead=13, last=27, ends=[6, 6], legal=[], playable=[],
                hands={"N": 0, "E": 0, "S": [], "W": 0}, pips={"S": 0}, turn="E",
                status="East (greedy bot) is thinking…")
    return view


@cache
def _long_hand() -> Hand:
    for seed in range(1, 400):
        hand = Hand.dealt(Rules.six_love(), seed=seed)
        try:
            return _play_until(hand, lambda h: h.turn == "S" and len(h.line) >= 19 and not h.is_over
                               and len(h.legal_move_list()) >= 2, limit=40)
        except (AssertionError, IndexError):
            continue
    raise AssertionError("no deal reaches a long line with South to move")


def long_line() -> dict:
    """Late in a hand: a line of 20-odd tiles, South to move with a choice of end."""
    return session_at(_long_hand(), start={"score": {"NS": 3, "EW": 0}}).view()


def looking_back(ply: int = 3) -> dict:
    """The person looks back at the position after ``ply`` moves (read-only)."""
    session = session_at(_choice_hand())
    look(session, session.screen, ply)
    return session.view()


def with_hint() -> dict:
    """The coach answered: each legal move's chance to win, the best one marked (patched in)."""
    view = session_at(_choice_hand(), coach=True, takeback=True).view()
    chances = [0.62, 0.55, 0.41, 0.38, 0.3, 0.27, 0.2]
    moves = []
    for move, win in zip(view["legal"], chances):
        seat, tile, end = move.split()
        side = "left" if end == "L" else "right"
        moves.append({"move": move, "label": f"{tile} on the {side}", "win": win, "low": win - 0.07,
                      "high": win + 0.07})
    view.update(can_undo=True, hint={"moves": moves, "best": moves[0]["move"],
                                     "words": f"{moves[0]['label']} keeps both of your long suits open."})
    return view


def with_counting() -> dict:
    hand = _play_until(_vietnamese_hand().copy(), lambda h: any(m.action == "pass" or (m.action == DRAW and m.seat != "S")
                                                               for m in h.moves) and h.turn == "S")
    view = session_at(hand, game="vietnamese", counting=True).view()
    assert view["counting"]["voids"], "someone is known to lack a number"
    return view


def open_hands(bottom: str = "N") -> dict:
    """A teaching table: every hand face up, seen from ``bottom``; every seat a person."""
    return session_at(_choice_hand(), seats={s: "human" for s in "NESW"}, open_hands=True, bottom=bottom).view()


# -- the Replay's data ------------------------------------------------------------------------
REPLAY_COMMENTS = {
    "0:3": "South starts the blank-four arm.",
    "0:19": "South has no 1 and no 2, so South passes.",
}


@cache
def _replay_data(name: str, comments_json: str, counting: bool, bottom: str | None) -> str:
    record = json.loads((RECORDS / name).read_text())
    comments = json.loads(comments_json)
    if comments:
        record["comments"] = comments
    return json.dumps(ReplaySession(record, counting=counting, bottom=bottom).view())


def replay_data(name: str = "six_love_match.json", comments: dict | None = None, *, counting: bool = False,
                bottom: str | None = None) -> dict:
    """A recorded match as the Replay's ``view`` (v2): every step's position and words; with
    ``counting``, each step's counting panel for the ``bottom`` seat."""
    return json.loads(_replay_data(name, json.dumps(REPLAY_COMMENTS if comments is None else comments), counting,
                                   bottom))


@cache
def _analysed_data(name: str, hands: tuple[int, ...] | None, rollouts: int) -> str:
    from dominoes_widget import analyse

    record = json.loads((RECORDS / name).read_text())
    analysis = analyse(record, hands=hands, rollouts=rollouts, workers=1, progress=False, seed=0)
    return json.dumps(ReplaySession(record, analysis=analysis).view())


def replay_data_with_analysis(name: str = "six_love_match.json", *, hands: tuple[int, ...] | None = None,
                              rollouts: int = 100) -> dict:
    """A recorded match as the Replay's ``view`` with an analysis (js/PROTOCOL.md): per analysed
    hand ``analysis: {sides, strip, marks}``; ``hands`` only these hands (the others carry none).
    A small budget keeps it quick; the same seed gives the same marks every run."""
    return json.loads(_analysed_data(name, hands, rollouts))


def flagged(data: dict, hand: int) -> list[dict]:
    """The marks of a hand's analysis with a sign: not ``good``, not too close to call."""
    return [mark for mark in data["hands"][hand]["analysis"]["marks"] if mark["verdict"] not in ("good", "unclear")]


def replay_traits(data: dict | None = None, *, hand: int = 0, step: int = 0, speed: float = 2.0) -> dict:
    data = replay_data() if data is None else data
    rules = Rules.preset("six_love") if data.get("title") == "Six Love" else None
    return {"view": data, "words": dict(WORDS), "rules_text": describe_rules(rules, Voice("en")) if rules else "",
            "report": [], "hand": hand, "step": step, "speed": speed}

