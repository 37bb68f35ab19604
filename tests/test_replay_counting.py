"""The Replay's counting panel, kernel side (``Replay(record, counting=True)``, js/PROTOCOL.md).

At every step the panel says what the bottom seat can count there: the tiles it has not
seen per number, which other seats are known to lack which numbers, and the sentences. It
is built from that seat's view alone (``seat_view(position, bottom)``), with the Table's
own builder, so no tile the seat cannot see reaches it: the tests swap the other seats'
hidden tiles and find the same panel.
"""

from __future__ import annotations

import copy
import itertools
import json
from pathlib import Path

import pytest

from dominoes_widget import explain, read_record, seat_view
from dominoes_widget.engine.errors import RecordError
from dominoes_widget.sessions.counting import counting_panel
from dominoes_widget.sessions.replay.session import ReplaySession
from dominoes_widget.engine.tiles import ALL_TILES, Tile
from dominoes_widget.widgets.replay import Replay
from dominoes_widget.sessions.replay.step_deltas import hand_steps

RECORDS = Path(__file__).resolve().parent / "data" / "records"
SIX_LOVE = RECORDS / "six_love_match.json"
VIETNAMESE = RECORDS / "vietnamese_3_players.json"
EXAMPLES = [SIX_LOVE, VIETNAMESE, RECORDS / "straight_six_match.json"]


def _record(path: Path = SIX_LOVE) -> dict:
    return json.loads(path.read_text())


def _steps(data: dict):
    for index, hand in enumerate(data["hands"]):
        for number, step in enumerate(hand_steps(hand)):
            yield index, number, step


# -- on request only ----------------------------------------------------------------------------------
def test_no_counting_unless_asked():
    for data in (Replay(SIX_LOVE).view, ReplaySession(_record()).view()):
        assert not any("counting" in step for _, _, step in _steps(data))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_step_counts_when_asked(path):
    data = Replay(path, counting=True).view
    assert all(set(step["counting"]) == {"title", "unseen", "voids", "words"} for _, _, step in _steps(data))
    plain = Replay(path).view
    for (_, _, counted), (_, _, step) in zip(_steps(data), _steps(plain)):
        assert {k: v for k, v in counted.items() if k != "counting"} == step, "nothing else changes"


def test_load_and_the_session_take_the_option():
    assert Replay.load(SIX_LOVE, counting=True).view == ReplaySession(SIX_LOVE, counting=True).view()


# -- from the bottom seat's view, nothing else ---------------------------------------------------------
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
@pytest.mark.parametrize("bottom", [None, "N"])
def test_each_step_is_the_seat_views_counting(path, bottom):
    session = ReplaySession(path, counting=True, bottom=bottom)
    data = session.view()
    viewer = data["bottom"]
    voice = session.voice()
    labels = {seat: player["label"] for seat, player in data["players"].items()}
    for hand, number, step in _steps(data):
        view = seat_view(session.position(hand, number), viewer)
        assert step["counting"] == counting_panel(view, voice, labels.__getitem__), (hand, number)
        assert step["counting"]["title"] == f"What {voice.name(viewer)} can count"


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_each_step_counts_its_own_position(path):
    """Checked against the engine's position, not the view: the unseen tiles of a number are
    those not in the bottom seat's hand and not on the line; a seat that passed on ends
    ``a|b`` is known to lack both from that move on (no draws in these games' passes)."""
    session = ReplaySession(path, counting=True)
    data = session.view()
    viewer = data["bottom"]
    for hand, number, step in _steps(data):
        position = session.position(hand, number)
        line = {tuple(sorted(pair)) for pair in position.line}
        seen = set(position.held(viewer)) | {t for t in ALL_TILES if tuple(sorted(t.halves)) in line}
        unseen = {n: sum(1 for t in ALL_TILES if t.has(n) and t not in seen) for n in range(7)}
        assert {u["number"]: u["count"] for u in step["counting"]["unseen"]} == unseen, (hand, number)
        voids: dict[str, set[int]] = {}
        for void in step["counting"]["voids"]:
            voids.setdefault(void["seat"], set()).update(void["numbers"])
        assert viewer not in voids, "the viewer's own voids are not counted"
        ends = position.ends_history()
        for ply, move in enumerate(position.moves):
            if move.action == "pass" and move.seat != viewer and ends[ply] is not None \
                    and position.rules.blank_rule != "wild" and not position.rules.has_boneyard:
                assert set(ends[ply]) <= voids.get(move.seat, set()), (hand, number, ply)


def _bottom_view(record: Path, hand: int, step: int, lang: str = "en"):
    session = ReplaySession(read_record(record), lang=lang)
    return seat_view(session.position(hand, step), session.viewer)


def test_each_number_is_given_the_move_that_showed_it():
    """East showed it lacks 1 at move 7 (ends 1|1) and 2 only at move 19; North lacks 1 since
    move 14 and 2 since move 17: each number keeps its own move, in the voids the panel lists
    and in the words explain() says of the view."""
    steps = hand_steps(Replay(VIETNAMESE, counting=True).view["hands"][0])
    assert [(v["seat"], v["numbers"], v["since"]) for v in steps[19]["counting"]["voids"]] == [
        ("E", [1], "since move 7"), ("E", [2], "since move 19"), ("N", [1], "since move 14"), ("N", [2], "since move 17")]
    assert explain(_bottom_view(VIETNAMESE, 0, 18), names={}).splitlines()[-2:] == [
        "East has no 1 (shown at move 7).", "North has no 1 (shown at move 14) and no 2 (shown at move 17)."]
    assert explain(_bottom_view(VIETNAMESE, 0, 19), names={}).splitlines()[-2:] == [
        "East has no 1 (shown at move 7) and no 2 (shown at move 19).",
        "North has no 1 (shown at move 14) and no 2 (shown at move 17)."]
    vi = hand_steps(Replay(VIETNAMESE, counting=True, lang="vi").view["hands"][0])[19]["counting"]
    assert [v["since"] for v in vi["voids"]] == ["từ nước 7", "từ nước 19", "từ nước 14", "từ nước 17"]
    assert "Đông không có số 1 (lộ ra từ nước 7) hay 2 (lộ ra từ nước 19)." in \
        explain(_bottom_view(VIETNAMESE, 0, 19), lang="vi", names={}).splitlines()


def test_the_panel_says_each_fact_once():
    """The voids are listed, so the panel's words are only what the lists do not say (the
    numbers all in sight); 'West has no 0 and no 5' under 'West: zero, five' said it twice."""
    step = hand_steps(Replay(SIX_LOVE, counting=True).view["hands"][0])[23]["counting"]
    assert [(v["seat"], v["numbers"], v["since"]) for v in step["voids"]] == [("W", [0, 5], "since move 23")]
    assert not any("has no" in line for line in step["words"])
    assert "West has no 0 and no 5 (shown at move 23)." in explain(_bottom_view(SIX_LOVE, 0, 23), names={}).splitlines()
    in_sight = [s["counting"]["words"] for hand in Replay(SIX_LOVE, counting=True).view["hands"] for s in hand_steps(hand)]
    assert any(in_sight) and all(line.startswith("Every ") for words in in_sight for line in words)


def _truncated(record: dict, deal: dict, boneyard: list, moves: list) -> dict:
    """The record's first hand with another deal and only its first moves (a hand in progress)."""
    changed = copy.deepcopy(record)
    first = changed["hands"][0]
    first.update(deal=deal, boneyard=boneyard, moves=moves)
    changed["hands"] = [first]
    changed.pop("comments", None)
    return changed


def _hidden_swaps(record: dict, viewer: str, step: int, want: int = 4):
    """Records whose first hand differs only in tiles ``viewer`` cannot see at ``step`` (two
    other seats' tiles swapped, or one with a tile of the pile not yet drawn), and whose first
    ``step`` moves stay legal: (the record, the seat whose hand changed)."""
    hand = record["hands"][0]
    position = read_record(record).match.hands[0].copy()
    while len(position.moves) > step:
        position.pop()
    moves = [str(m) for m in position.moves]
    others = [s for s in hand["deal"] if s != viewer]
    held = {s: [t for t in hand["deal"][s] if Tile.parse(t) in position.held(s)] for s in others}
    drawn = {m.tile for m in position.moves if m.action == "draw"}
    pile = [t for t in hand["boneyard"] if Tile.parse(t) not in drawn]
    between_seats = [((x, a), (y, b)) for x, y in itertools.combinations(others, 2) for a in held[x] for b in held[y]]
    with_the_pile = [((x, a), (None, b)) for x in others for a in held[x] for b in pile]
    for candidates in (between_seats, with_the_pile):
        yield from itertools.islice(_legal_swaps(record, candidates, moves), want)


def _legal_swaps(record: dict, candidates: list, moves: list[str]):
    hand = record["hands"][0]
    for (x, a), (y, b) in candidates:
        deal = copy.deepcopy(hand["deal"])
        boneyard = list(hand["boneyard"])
        deal[x][deal[x].index(a)] = b
        if y is None:
            boneyard[boneyard.index(b)] = a
        else:
            deal[y][deal[y].index(b)] = a
        changed = _truncated(record, deal, boneyard, moves)
        try:
            read_record(changed, need_hands=True)
        except RecordError:
            continue  # a pass or a play before `step` no longer fits the swapped hands
        yield changed, x


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_nothing_hidden_leaks_into_the_counting(path):
    record = _record(path)
    last = len(record["hands"][0]["moves"])
    original = hand_steps(ReplaySession(record, counting=True).view()["hands"][0])
    viewer = "S"
    swaps = 0
    for step in sorted({3, last // 2, last - 1}):
        for changed, seat in _hidden_swaps(record, viewer, step):
            steps = hand_steps(ReplaySession(changed, counting=True).view()["hands"][0])
            assert steps[step]["hands"][seat] != original[step]["hands"][seat], "a hidden hand did change"
            assert steps[step]["hands"][viewer] == original[step]["hands"][viewer]
            for number in range(step + 1):
                assert steps[number]["counting"] == original[number]["counting"], (step, number)
            swaps += 1
    assert swaps >= 3, f"too few legal swaps to test: {swaps}"


# -- words -----------------------------------------------------------------------------------------------
def test_the_heading_names_the_bottom_seat_or_its_player():
    assert hand_steps(Replay(SIX_LOVE, counting=True).view["hands"][0])[0]["counting"]["title"] == "What South can count"
    assert hand_steps(Replay(SIX_LOVE, counting=True, bottom="E").view["hands"][0])[0]["counting"]["title"] == \
        "What East can count"
    record = _record()
    record["players"] = {"N": "Ana", "E": "Bao", "S": "Chi", "W": "bot:greedy"}
    data = Replay(record, counting=True).view
    step = next(s for _, _, s in _steps(data) if s["counting"]["voids"])
    assert step["counting"]["title"] == "What Chi can count"
    assert {v["label"] for v in step["counting"]["voids"]} <= {p["label"] for p in data["players"].values()}


def test_vietnamese_counting():
    data = Replay(VIETNAMESE, counting=True, lang="vi").view
    steps = hand_steps(data["hands"][0])
    assert steps[0]["counting"]["title"] == "Những gì Nam đếm được"
    last = steps[-1]["counting"]
    assert last["voids"] and all(v["since"].startswith("từ nước ") for v in last["voids"])
    assert all(line.startswith("Mọi quân mang số ") for line in last["words"])
