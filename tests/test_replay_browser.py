"""The built Replay front end (dominoes_widget/static/replay.js) in headless Chromium.

The widget renders with a fake model holding the traits a real ``Replay`` syncs; each test
steps like a person (buttons, slider, keys, play/pause) and checks what is drawn against
the engine. Screenshots go to test-artifacts/replay/.
"""

from __future__ import annotations

import json

import pytest

from dominoes_widget.record import read_record
from dominoes_widget.widgets.replay import Replay

import browser_harness as harness

pytestmark = pytest.mark.browser

RECORDS = harness.RECORDS
ARTIFACTS = harness.ROOT / "test-artifacts" / "replay"
COMMENTS = {
    "0:3": "S starts the blank-four arm.",
    "0:19": "S has no 1 and no 2, so S passes.",
    "1:11": "Both ends show 3: the hand is blocked.",
}


def _record() -> dict:
    record = json.loads((RECORDS / "six_love_match.json").read_text())
    record["comments"] = dict(COMMENTS)
    return record


@pytest.fixture(scope="module")
def replay() -> Replay:
    return Replay(_record())


@pytest.fixture(scope="module")
def browser(chromium):
    return chromium


@pytest.fixture
def page(browser, request):
    page = harness.open_page(browser, harness.REPLAY)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"), full_page=True)
    page.close()
    assert not errors, f"errors in the page: {errors}"


@pytest.fixture
def mounted(page, replay):
    harness.mount(page, harness.traits(replay))
    return page


def _root(page):
    return page.locator(".dwr-root")


def _line(page) -> list[tuple[int, int]]:
    svg = page.locator(".dwr-line-svg")
    if svg.count() == 0:
        return []
    text = svg.get_attribute("data-line") or ""
    return [tuple(int(v) for v in tile.split("-")) for tile in text.split()]


def _hand_tiles(page, seat: str) -> list[str]:
    text = page.locator(f".dwr-seat-{seat} .dwr-tiles").get_attribute("data-tiles") or ""
    return text.split()


def _engine_position(hand: int, step: int):
    match = read_record(_record()).match
    source = match.hands[hand].copy()
    while len(source.moves) > step:
        source.pop()
    return source


def _assert_matches_engine(page, hand: int, step: int) -> None:
    engine = _engine_position(hand, step)
    assert _line(page) == [tuple(pair) for pair in engine.line], f"line at hand {hand}, step {step}"
    for seat in engine.seats:
        assert sorted(_hand_tiles(page, seat)) == sorted(str(t) for t in engine.held(seat)), f"{seat}'s tiles"
    ends = page.locator(".dwr-ends").inner_text()
    if engine.ends:
        assert f"Ends {engine.ends[0]} | {engine.ends[1]}" in ends
    if engine.turn:
        assert page.locator(f".dwr-seat-{engine.turn}").get_attribute("class").count("dwr-turn") == 1


def _click(page, action: str) -> None:
    page.locator(f'.dwr-controls button[data-action="{action}"]').click()
    harness.settle(page)


def _press(page, key: str, times: int = 1) -> None:
    for _ in range(times):
        page.keyboard.press(key)
    harness.settle(page)


def test_opens_at_the_deal_with_every_hand_open(mounted):
    page = mounted
    assert page.locator(".dwr-title").inner_text() == "Six Love"
    assert "Hand 1 of 5" in page.locator(".dwr-where").inner_text()
    assert page.locator(".dwr-line-empty").is_visible()
    for seat in "NESW":
        assert len(_hand_tiles(page, seat)) == 7
        assert page.locator(f".dwr-seat-{seat} .dw-tile").count() == 7
        assert page.locator(f".dwr-seat-{seat} .dw-face-down").count() == 0, "every hand is open"
    assert page.locator(".dwr-notation").inner_text() == "Deal"
    assert "E leads" in page.locator(".dwr-why").inner_text()
    assert page.locator(".dwr-tally").inner_text() == "NS 0 · EW 0"
    assert page.locator('button[data-action="prev"]').is_disabled()
    _assert_matches_engine(page, 0, 0)


def test_stepping_forward_and_back_updates_line_hands_and_model(mounted, replay):
    page = mounted
    _click(page, "next")
    assert harness.model_position(page) == {"hand": 0, "step": 1}
    assert harness.saved(page)[-1] == {"hand": 0, "step": 1} or harness.saved(page)[-1] == {"step": 1}
    assert page.locator(".dwr-notation").inner_text() == "E 6-6"
    assert page.locator(".dwr-why").inner_text() == replay.data["hands"][0]["why"][0]
    assert len(_line(page)) == 1 and len(_hand_tiles(page, "E")) == 6
    assert page.locator(".dwr-line .dwr-last").count() == 1, "the tile just played is marked"
    _assert_matches_engine(page, 0, 1)
    for _ in range(5):
        _click(page, "next")
    _assert_matches_engine(page, 0, 6)
    _click(page, "prev")
    _click(page, "prev")
    assert harness.model_position(page) == {"hand": 0, "step": 4}
    _assert_matches_engine(page, 0, 4)
    assert page.locator(".dwr-counter").inner_text() == "4 / 26"


def test_every_step_of_every_hand_matches_the_engine(mounted, replay):
    page = mounted
    for hand in range(replay.hands):
        for step in range(0, replay.moves_in(hand) + 1, 3):
            harness.kernel_set(page, "hand", hand)
            harness.kernel_set(page, "step", step)
            _assert_matches_engine(page, hand, step)
            assert f"Hand {hand + 1} of 5 · move {step} of {replay.moves_in(hand)}" in page.locator(
                ".dwr-where").inner_text()


def test_the_comment_and_explanation_of_a_move(mounted, replay):
    page = mounted
    harness.kernel_set(page, "step", 4)  # move 3 just made
    assert page.locator(".dwr-notation").inner_text() == replay.data["hands"][0]["moves"][3]
    assert page.locator(".dwr-why").inner_text() == replay.data["hands"][0]["why"][3]
    assert page.locator(".dwr-note").is_visible()
    assert COMMENTS["0:3"] in page.locator(".dwr-note").inner_text()
    harness.kernel_set(page, "step", 5)
    assert page.locator(".dwr-note").is_hidden(), "a comment shows with its own move only"
    harness.kernel_set(page, "step", 20)
    assert "S passes" in page.locator(".dwr-why").inner_text()
    assert COMMENTS["0:19"] in page.locator(".dwr-note").inner_text()


def test_the_end_of_a_hand_shows_the_result_and_the_new_score(mounted, replay):
    page = mounted
    page.locator(".dwr-root").focus()
    _press(page, "End")
    assert harness.model_position(page) == {"hand": 0, "step": 26}
    result = page.locator(".dwr-result")
    assert result.is_visible()
    assert replay.data["hands"][0]["result"]["title"] in result.inner_text()
    assert page.locator(".dwr-score").inner_text() == replay.data["hands"][0]["score"][1]
    assert page.locator(".dwr-tally").inner_text() == "NS 1 · EW 0"
    _press(page, "ArrowLeft")
    assert result.is_hidden()
    assert page.locator(".dwr-tally").inner_text() == "NS 0 · EW 0", "before the last move the score is as before"


def test_keys_step_move_by_move_and_hand_by_hand(mounted, replay):
    page = mounted
    page.locator(".dwr-root").focus()
    _press(page, "ArrowRight", 3)
    assert harness.model_position(page) == {"hand": 0, "step": 3}
    _press(page, "ArrowLeft")
    assert harness.model_position(page) == {"hand": 0, "step": 2}
    _press(page, "PageDown")
    assert harness.model_position(page) == {"hand": 1, "step": 0}
    _press(page, "End")
    assert harness.model_position(page) == {"hand": 1, "step": replay.moves_in(1)}
    _press(page, "ArrowRight")
    assert harness.model_position(page) == {"hand": 2, "step": 0}, "forward from a hand's end: the next deal"
    _press(page, "ArrowLeft")
    assert harness.model_position(page) == {"hand": 1, "step": replay.moves_in(1)}
    _press(page, "Home")
    assert harness.model_position(page) == {"hand": 1, "step": 0}
    _press(page, "PageUp")
    assert harness.model_position(page) == {"hand": 0, "step": 0}
    _assert_matches_engine(page, 0, 0)


def test_slider_and_hand_picker(mounted, replay):
    page = mounted
    slider = page.locator(".dwr-slider")
    assert slider.get_attribute("max") == "26"
    slider.evaluate("(el) => { el.value = '15'; el.dispatchEvent(new Event('input', {bubbles: true})); }")
    harness.settle(page)
    assert harness.model_position(page) == {"hand": 0, "step": 15}
    _assert_matches_engine(page, 0, 15)
    page.locator(".dwr-hand-select").select_option("3")
    harness.settle(page)
    assert harness.model_position(page) == {"hand": 3, "step": 0}
    assert slider.get_attribute("max") == str(replay.moves_in(3))
    assert slider.input_value() == "0"
    slider.focus()
    _press(page, "ArrowRight", 2)  # the slider's own keys move it, and the replay follows
    assert harness.model_position(page) == {"hand": 3, "step": 2}


def _wait_until(page, condition, what: str, timeout_ms: int = 5000) -> None:
    """Poll ``condition`` inside Playwright (so the page keeps running) until it holds."""
    for _ in range(timeout_ms // 50):
        if condition():
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"{what}: still not true after {timeout_ms} ms")


def test_play_and_pause(mounted):
    page = mounted
    harness.kernel_set(page, "speed", 20.0)
    play = page.locator('.dwr-controls button[data-action="toggle"]')
    play.click()
    assert "Pause" in play.inner_text()
    _wait_until(page, lambda: harness.model_position(page)["step"] >= 3, "playing steps on by itself")
    play.click()
    paused_at = harness.model_position(page)
    page.wait_for_timeout(300)
    assert harness.model_position(page) == paused_at, "paused: no more steps"
    assert "Play" in play.inner_text()
    page.locator(".dwr-root").focus()
    _press(page, " ")  # space plays
    _wait_until(page, lambda: harness.model_position(page)["step"] > paused_at["step"], "space plays")
    _press(page, " ")  # and pauses
    after_space = harness.model_position(page)
    assert after_space["step"] > paused_at["step"]
    page.wait_for_timeout(200)
    assert harness.model_position(page) == after_space


def test_playing_runs_across_hands_and_stops_at_the_end(mounted, replay):
    page = mounted
    harness.kernel_set(page, "speed", 20.0)
    harness.kernel_set(page, "hand", 4)
    harness.kernel_set(page, "step", replay.moves_in(4) - 2)
    page.locator('.dwr-controls button[data-action="toggle"]').click()
    _wait_until(page, lambda: page.locator(".dwr-root.dwr-playing").count() == 0, "playing stops at the end")
    assert harness.model_position(page) == {"hand": 4, "step": replay.moves_in(4)}
    assert replay.data["end"] in page.locator(".dwr-result").inner_text()
    harness.kernel_set(page, "hand", 0)
    harness.kernel_set(page, "step", replay.moves_in(0) - 1)
    page.locator('.dwr-controls button[data-action="toggle"]').click()
    _wait_until(page, lambda: harness.model_position(page)["hand"] >= 1, "play goes on into the next hand")
    page.locator('.dwr-controls button[data-action="toggle"]').click()


def test_the_kernel_moves_the_view(mounted):
    page = mounted
    harness.kernel_set(page, "hand", 2)
    harness.kernel_set(page, "step", 7)
    assert page.locator(".dwr-hand-select").input_value() == "2"
    assert page.locator(".dwr-slider").input_value() == "7"
    _assert_matches_engine(page, 2, 7)


def test_rules_panel(mounted, replay):
    page = mounted
    rules = page.locator(".dwr-rules")
    rules.locator("summary").click()
    assert rules.locator(".dwr-rules-text").inner_text().strip() == replay.rules_text.strip()


def test_a_bad_record_shows_its_problems_and_opens_nothing(page):
    record = _record()
    record["hands"][1]["moves"][4] = "S 6-6 R"
    bad = Replay(record)
    assert bad.problems and bad.data == {}
    harness.mount(page, harness.traits(bad))
    problems = page.locator(".dwr-problems")
    assert problems.is_visible()
    assert "did not open" in problems.inner_text()
    assert "hand 1, move 4 (S, 6-6)" in problems.inner_text()
    assert page.locator(".dwr-table").is_hidden()
    assert page.locator(".dwr-controls").is_hidden()


def test_cleanup_removes_listeners_and_timers(mounted):
    page = mounted
    page.locator('.dwr-controls button[data-action="toggle"]').click()
    page.evaluate("() => window.harness.unmount()")
    assert page.evaluate("() => window.harness.model.listenerCount()") == 0
    before = harness.model_position(page)
    page.wait_for_timeout(700)
    assert harness.model_position(page) == before, "no timer runs after cleanup"


def test_vietnamese_draws_and_pile(page):
    replay = Replay(RECORDS / "vietnamese_3_players.json")
    harness.mount(page, harness.traits(replay))
    assert page.locator(".dwr-seat-W").is_hidden(), "three players: no West"
    assert "pile 7" in page.locator(".dwr-ends").inner_text()
    harness.kernel_set(page, "step", 7)  # E drew 0-2
    assert "pile 6" in page.locator(".dwr-ends").inner_text()
    assert "0-2" in _hand_tiles(page, "E")
    match = replay.match
    engine = match.hands[0].copy()
    while len(engine.moves) > 7:
        engine.pop()
    assert _line(page) == [tuple(p) for p in engine.line]
    assert sorted(_hand_tiles(page, "E")) == sorted(str(t) for t in engine.held("E"))
