"""Protocol-v2 views (js/PROTOCOL.md) for the front-end tests, made with the engine.

The Python sessions will build these views for real; until they do, these stand in for
them: real deals, lines and legal moves from :class:`Hand`, sentences from ``explain``,
and plain words for the rest. Every function returns a fresh dict.

- :data:`WORDS`: the ``[ui]`` words of ``dominoes_widget/locales/en.toml`` (the ``words`` trait);
- Table views: :func:`lead_any_tile`, :func:`choice_of_end`, :func:`vietnamese_draw`,
  :func:`two_players`, :func:`cover`, :func:`choose_leader`, :func:`hand_over`,
  :func:`match_over`, :func:`full_line`, :func:`long_line`, :func:`looking_back`, :func:`with_hint`,
  :func:`with_counting`, :func:`open_hands`;
- Replay data: :func:`replay_data` (a recorded match, step by step, with a note).
"""

from __future__ import annotations

import copy
import json
import tomllib
from functools import cache
from pathlib import Path

from dominoes_widget import Hand, Rules, read_record
from dominoes_widget.explain import describe_rules, explain_move, explain_result
from dominoes_widget.hand import team_of
from dominoes_widget.move import DRAW, LEAD, PLAY, SEAT_NAMES

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "dominoes_widget" / "locales" / "en.toml"
RECORDS = ROOT / "tests" / "data" / "records"
WORDS: dict[str, str] = tomllib.loads(LOCALE.read_text(encoding="utf-8"))["ui"]
TEAM_NAMES = {"NS": "North-South", "EW": "East-West"}
NUMBERS = ["blank", "one", "two", "three", "four", "five", "six"]

# All 28 tiles in one valid line (an Euler trail of the double-six set), led from the 13th.
FULL_LINE = [
    [6, 0], [0, 0], [0, 1], [1, 1], [1, 2], [2, 0], [0, 3], [3, 1], [1, 4], [4, 0], [0, 5], [5, 1], [1, 6], [6, 2],
    [2, 2], [2, 3], [3, 3], [3, 4], [4, 2], [2, 5], [5, 3], [3, 6], [6, 4], [4, 4], [4, 5], [5, 5], [5, 6], [6, 6],
]


def traits(view: dict, *, rules_text: str = "") -> dict:
    """The Table's synced traits for this view."""
    return {"view": view, "words": dict(WORDS), "rules_text": rules_text}


# -- building a view from a hand ---------------------------------------------------------------
def players(rules: Rules, *, people: tuple[str, ...] = ("S",), names: dict | None = None) -> dict:
    names = names or {}
    out = {}
    for seat in rules.seats:
        human = seat in people
        name = names.get(seat, "You" if human and len(people) == 1 else SEAT_NAMES[seat])
        label = name if human else f"{name} (strong bot)"
        out[seat] = {"name": name, "label": label, "human": human,
                     "team": team_of(seat) if rules.is_partnership else None}
    return out


def _last_index(hand: Hand) -> int | None:
    for move in reversed(hand.moves):
        if move.action == LEAD:
            return hand.lead_index
        if move.action == PLAY:
            return 0 if move.end == "L" else len(hand.line) - 1
        return None
    return None


def _passed(hand: Hand) -> list[str]:
    last = {}
    for move in hand.moves:
        last[move.seat] = move.action
    return [seat for seat, action in last.items()
            if action == "pass" or (action == DRAW and hand.turn != seat)]


def _status(hand: Hand, viewer: str | None, names: dict) -> str:
    if hand.turn is None:
        return "The hand is over."
    if hand.turn == viewer:
        legal = [str(m) for m in hand.legal_moves]
        if hand.ends is None:
            return "Your turn: lead any tile." if len(hand.held(viewer)) == len(legal) else "Your turn: lead."
        if legal == [f"{viewer} draw"]:
            return "Your turn: no tile fits, draw from the pile."
        if legal == [f"{viewer} pass"]:
            return "Your turn: no tile fits, pass."
        return "Your turn: play a tile."
    return f"{names[hand.turn]['name']} is thinking…"


def score_panel(rules: Rules, score: dict, *, mine: str | None = "NS", notes: list[str] | None = None) -> dict:
    if rules.is_partnership:
        rows = [{"key": team, "label": TEAM_NAMES[team], "value": str(score.get(team, 0)), "detail": "",
                 "mine": team == mine} for team in ("NS", "EW")]
        default_notes = ["First to 6 while the other side is on love.", "The next hand is worth 1 point."]
    else:
        rows = [{"key": seat, "label": SEAT_NAMES[seat], "value": str(score.get(seat, 0)), "detail": "hands won",
                 "mine": seat == mine} for seat in rules.seats]
        default_notes = ["First to win 3 hands takes the match."]
    return {"title": rules.name, "rows": rows, "notes": default_notes if notes is None else notes}


def view_of(hand: Hand, viewer: str | None, *, bottom: str | None = None, open_hands: bool = False,
            hand_number: int = 0, score: dict | None = None, people: tuple[str, ...] = ("S",)) -> dict:
    """The view ``viewer`` gets of ``hand`` (every hand face up when ``open_hands`` or over)."""
    rules = hand.rules
    names = players(rules, people=people)
    show_all = open_hands or hand.is_over
    hands = {seat: [str(t) for t in hand.held(seat)] if (seat == viewer or show_all) else hand.count(seat)
             for seat in hand.seats}
    moves = [f"{m.seat} draw" if m.action == DRAW and m.seat != viewer and not show_all else str(m)
             for m in hand.moves]
    my_turn = viewer is not None and hand.turn == viewer
    return {
        "v": 2,
        "lang": "en",
        "game": rules.game,
        "title": rules.name,
        "seats": list(hand.seats),
        "bottom": bottom or viewer or "S",
        "players": names,
        "viewer": viewer,
        "hands": hands,
        "pips": {seat: hand.pips(seat) for seat, held in hands.items() if isinstance(held, list)},
        "line": [list(pair) for pair in hand.line],
        "lead": hand.lead_index if hand.line else 0,
        "last": _last_index(hand),
        "ends": list(hand.ends) if hand.ends else None,
        "turn": hand.turn,
        "pile": hand.boneyard_size if rules.has_boneyard else None,
        "passed": _passed(hand),
        "moves": moves,
        "move_words": [explain_move(hand, i) for i in range(len(hand.moves))],
        "legal": [str(m) for m in hand.legal_moves] if my_turn else [],
        "playable": [str(t) for t in hand.playable_tiles(viewer)] if my_turn else [],
        "hand_number": hand_number,
        "hand_label": f"Hand {hand_number + 1}",
        "phase": "hand_over" if hand.is_over else "playing",
        "status": _status(hand, viewer, names),
        "message": None,
        "score": score or score_panel(rules, {"NS": 0, "EW": 0} if rules.is_partnership else {}),
        "leader_choices": [],
        "leader_prompt": "",
        "cover": None,
        "result": None,
        "look": None,
        "can_undo": False,
        "coach": False,
        "hint": None,
        "counting": None,
    }


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
    return view_of(_choice_hand().copy(), "S", hand_number=3,
                   score=score_panel(Rules.six_love(), {"NS": 2, "EW": 1}))


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
    """A new hand of a match: South, whose team won the last hand, leads any tile."""
    hand = Hand.dealt(Rules.six_love(), seed=7, leader="S")
    view = view_of(hand, "S", hand_number=1, score=score_panel(Rules.six_love(), {"NS": 1, "EW": 0}))
    assert len(view["legal"]) >= 7
    return view


@cache
def _vietnamese_hand() -> Hand:
    for seed in range(1, 300):
        hand = Hand.dealt(Rules.vietnamese(players=3), seed=seed)
        try:
            return _play_until(hand, lambda h: h.turn == "S" and [str(m) for m in h.legal_moves] == ["S draw"]
                               and h.boneyard_size >= 4 and any(m.action == DRAW for m in h.moves), limit=40)
        except (AssertionError, IndexError):
            continue
    raise AssertionError("no Vietnamese deal makes South draw")


def vietnamese_draw() -> dict:
    """Vietnamese, 3 players: South must draw from the pile; East's draw shows as a notice."""
    hand = _vietnamese_hand().copy()
    view = view_of(hand, "S", hand_number=2, score=score_panel(hand.rules, {"S": 1, "E": 0, "N": 1}, mine="S"))
    drawer = next(m.seat for m in reversed(hand.moves) if m.action == DRAW)
    view["message"] = {"text": f"{SEAT_NAMES[drawer]} drew a tile from the pile.", "kind": "info", "reason": None,
                       "id": 4}
    return view


def two_players() -> dict:
    """Vietnamese for two: South and North face each other; a 14-tile pile."""
    hand = Hand.dealt(Rules.vietnamese(players=2), seed=3)
    _play_until(hand, lambda h: h.turn == "S" and len(h.moves) >= 2, limit=20)
    return view_of(hand, "S", score=score_panel(hand.rules, {"S": 0, "N": 0}, mine="S"))


def cover() -> dict:
    """Hot seat: the screen passes to North; nobody's tiles show."""
    hand = _choice_hand().copy()
    view = view_of(hand, None, people=("N", "S"))
    view.update(phase="cover", viewer=None, legal=[], playable=[], bottom="N",
                status="Pass the screen to North.",
                hands={seat: hand.count(seat) for seat in hand.seats}, pips={},
                cover={"title": "Pass the screen to North",
                       "hint": "North: click or press Enter to see your tiles."})
    return view


def choose_leader() -> dict:
    """North-South won the last hand: the person picks who leads."""
    rules = Rules.six_love()
    hand = Hand.dealt(rules, seed=11, leader="S")
    view = view_of(hand, "S", hand_number=2, score=score_panel(rules, {"NS": 2, "EW": 0}))
    view.update(phase="choose_leader", turn=None, legal=[], playable=[],
                status="North-South lead this hand.",
                leader_prompt="Your team won the last hand: choose who leads.",
                leader_choices=[{"seat": "S", "label": "I lead"}, {"seat": "N", "label": "North leads"}])
    return view


@cache
def _finished_hand() -> Hand:
    return _play_until(Hand.dealt(Rules.six_love(), seed=5), lambda h: h.is_over)


def hand_over() -> dict:
    """The hand is over: every hand face up, the result beside the final line."""
    hand = _finished_hand().copy()
    rules = hand.rules
    view = view_of(hand, "S", hand_number=2, score=score_panel(rules, {"NS": 1, "EW": 3}))
    title, lines = explain_result(hand)
    winners = [s for s in hand.seats if hand.outcome.winner_team and team_of(s) == hand.outcome.winner_team]
    view.update(phase="hand_over", status="The hand is over: study it, then go on to the next.", legal=[], playable=[],
                result={"title": title, "lines": lines[:3], "winners": winners, "button": "Next hand", "match": None})
    return view


def match_over() -> dict:
    view = hand_over()
    view.update(phase="match_over", score=score_panel(Rules.six_love(), {"NS": 0, "EW": 6}, notes=[]))
    view["result"].update(button="New match", match="East-West win the match 6-0.")
    view["status"] = "The match is over: start a new one when you are ready."
    return view


def full_line(*, viewer_tiles: int = 0) -> dict:
    """All 28 tiles on the line (led from the 13th), South's hand empty: a hand just ended."""
    view = choice_of_end()
    view.update(line=copy.deepcopy(FULL_LINE), lead=13, last=27, ends=[6, 6], legal=[], playable=[],
                hands={"N": 0, "E": 0, "S": [], "W": 0}, pips={"S": 0}, turn="E",
                status="East is thinking…")
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
    return view_of(_long_hand().copy(), "S", hand_number=4, score=score_panel(Rules.six_love(), {"NS": 3, "EW": 4}))


def looking_back(ply: int = 3) -> dict:
    """The person looks back at the position after ``ply`` moves (read-only)."""
    hand = _choice_hand().copy()
    present = len(hand.moves)
    moves = [str(m) for m in hand.moves]
    words = [explain_move(hand, i) for i in range(present)]
    while len(hand.moves) > ply:
        hand.pop()
    view = view_of(hand, "S", hand_number=3)
    view.update(moves=moves, move_words=words, legal=[], playable=[],
                look={"ply": ply, "of": present, "label": f"After move {ply} of {present} (read-only)"},
                status="Your turn: play a tile.")
    return view


def with_hint() -> dict:
    """The coach answered: each legal move's chance to win, the best one marked."""
    view = choice_of_end()
    chances = [0.62, 0.55, 0.41, 0.38, 0.3, 0.27, 0.2]
    moves = []
    for move, win in zip(view["legal"], chances):
        seat, tile, end = move.split()
        side = "left" if end == "L" else "right"
        moves.append({"move": move, "label": f"{tile} on the {side}", "win": win, "low": win - 0.07, "high": win + 0.07})
    view.update(coach=True, can_undo=True, hint={
        "moves": moves, "best": moves[0]["move"],
        "words": f"{moves[0]['label']} keeps both of your long suits open.",
    })
    return view


def with_counting() -> dict:
    view = with_hint()
    view.update(hint=None, counting={
        "title": "What South has not seen",
        "unseen": [{"number": n, "count": c} for n, c in enumerate([3, 2, 4, 1, 3, 2, 0])],
        "voids": [{"seat": "W", "label": "West", "numbers": [3, 5], "since": "since move 7"}],
        "words": ["West has no 3 and no 5 (passed at move 7)."],
    })
    return view


def open_hands(bottom: str = "N") -> dict:
    """A teaching table: every hand face up, seen from ``bottom``; nobody at the screen."""
    hand = _choice_hand().copy()
    view = view_of(hand, None, bottom=bottom, open_hands=True, people=())
    view["status"] = f"{SEAT_NAMES[hand.turn]} to play."
    return view


# -- the Replay's data ------------------------------------------------------------------------
def _steps(hand: Hand, comments: dict, index: int) -> list[dict]:
    """Every position of ``hand``, from the deal to its last move, as the Replay shows it."""
    source = hand.copy()
    moves = list(source.moves)
    while source.moves:
        source.pop()
    steps = []
    for step in range(len(moves) + 1):
        if step:
            source.push(moves[step - 1])
        say = explain_move(source, step - 1) if step else f"Hand {index + 1} is dealt: {SEAT_NAMES[source.turn]} leads."
        steps.append({
            "hands": {seat: [str(t) for t in source.held(seat)] for seat in source.seats},
            "pips": {seat: source.pips(seat) for seat in source.seats},
            "line": [list(pair) for pair in source.line],
            "lead": source.lead_index if source.line else 0,
            "last": _last_index(source),
            "ends": list(source.ends) if source.ends else None,
            "turn": source.turn,
            "pile": source.boneyard_size if source.rules.has_boneyard else None,
            "passed": _passed(source),
            "move": str(moves[step - 1]) if step else None,
            "say": say,
            "note": comments.get(f"{index}:{step - 1}") if step else None,
        })
    return steps


def _tally(rules: Rules, score: dict) -> str:
    return " · ".join(f"{key} {value}" for key, value in score.items())


@cache
def _replay_data(name: str, comments_json: str) -> str:
    comments = json.loads(comments_json)
    replayed = read_record(RECORDS / name)
    match = replayed.match
    rules = match.rules
    hands = []
    for i, hand in enumerate(match.hands):
        before = match.state_before(i)
        after = match.state_before(i + 1) if i + 1 < len(match.hands) else match.state
        result = None
        if hand.is_over:
            title, lines = explain_result(hand, before, after)
            winners = [s for s in hand.seats if (hand.outcome.winner_team and team_of(s) == hand.outcome.winner_team)
                       or s == hand.outcome.winner_seat]
            result = {"title": title, "lines": lines, "winners": winners}
        hands.append({
            "label": f"Hand {i + 1}",
            "moves": [str(m) for m in hand.moves],
            "score_before": score_panel(rules, dict(before.score), mine=None),
            "score_after": score_panel(rules, dict(after.score), mine=None) if hand.is_over else None,
            "tally_before": _tally(rules, dict(before.score)),
            "tally_after": _tally(rules, dict(after.score)) if hand.is_over else None,
            "result": result,
            "steps": _steps(hand, comments, i),
        })
    winner = match.state.winner
    data = {
        "v": 2,
        "lang": "en",
        "game": rules.game,
        "title": rules.name,
        "seats": list(rules.seats),
        "bottom": "S",
        "players": {seat: {"name": SEAT_NAMES[seat], "label": f"{SEAT_NAMES[seat]} (random bot)",
                           "team": team_of(seat) if rules.is_partnership else None} for seat in rules.seats},
        "end": f"{TEAM_NAMES.get(winner, SEAT_NAMES.get(winner, winner))} win the match." if winner else "",
        "hands": hands,
    }
    return json.dumps(data)


REPLAY_COMMENTS = {
    "0:3": "South starts the blank-four arm.",
    "0:19": "South has no 1 and no 2, so South passes.",
}


def replay_data(name: str = "six_love_match.json", comments: dict | None = None) -> dict:
    """A recorded match as the Replay's ``data`` (v2): every step's position and words."""
    return json.loads(_replay_data(name, json.dumps(REPLAY_COMMENTS if comments is None else comments)))


def replay_traits(data: dict | None = None, *, hand: int = 0, step: int = 0, speed: float = 2.0) -> dict:
    data = replay_data() if data is None else data
    rules = Rules.preset("six_love") if data.get("title") == "Six Love" else None
    return {"data": data, "words": dict(WORDS), "rules_text": describe_rules(rules) if rules else "",
            "report": [], "hand": hand, "step": step, "speed": speed}
