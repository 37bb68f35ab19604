"""The built Replay front end (dominoes_widget/static/replay.js) in headless Chromium.

The widget renders with a fake model holding the traits a ``Replay`` syncs, with ``data``
v2 (js/PROTOCOL.md: every step's position computed by the engine, here by
tests/frontend_views.py); each test steps like a person (buttons, slider, keys, the moves
list, play/pause) and checks that the page draws exactly the step the data holds, says
each sentence once and keeps its size. Screenshots go to test-artifacts/replay/.
"""

from __future__ import annotations

import pytest

import browser_harness as harness
import frontend_views as views

pytestmark = pytest.mark.browser

ARTIFACTS = harness.ROOT / "test-artifacts" / "replay"
COMMENTS = views.REPLAY_COMMENTS


@pytest.fixture(scope="module")
def data() -> dict:
    return views.replay_data()


@pytest.fixture
def page(chromium, request):
    page = harness.open_page(chromium, harness.REPLAY)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"), full_page=True)
    page.close()
    assert not errors, f"errors in the page: {errors}"


@pytest.fixture
def mounted(page, data):
    harness.mount(page, views.replay_traits(data), width=960)
    return page


def _line(page) -> list[list[int]]:
    text = page.locator("svg.dw-line").get_attribute("data-line") or ""
    return [[int(v) for v in tile.split("-")] for tile in text.split()]


def _seat_tiles(page, seat: str) -> list[str]:
    text = page.locator(f'.dw-seat[data-seat="{seat}"] .dw-seat-tiles').get_attribute("data-tiles") or ""
    return text.split()


def _assert_shows(page, data: dict, hand: int, step: int) -> None:
    """The page draws the step the data holds: line, hands, turn, last tile, sentence."""
    expected = data["hands"][hand]["steps"][step]
    where = f"hand {hand}, step {step}"
    assert _line(page) == expected["line"], where
    for seat in data["seats"]:
        assert _seat_tiles(page, seat) == expected["hands"][seat], f"{seat}'s tiles at {where}"
    turns = page.locator(".dw-seat.dw-turn")
    if expected["turn"]:
        assert turns.count() == 1 and turns.get_attribute("data-seat") == expected["turn"], where
    else:
        assert turns.count() == 0, where
    last = page.locator("svg.dw-line .dw-last")
    assert (last.get_attribute("data-index") if last.count() else None) == \
        (str(expected["last"]) if expected["last"] is not None else None), where
    assert page.locator(".dw-say").inner_text() == expected["say"], where


def _click(page, action: str) -> None:
    page.locator(f'.dw-controls button[data-action="{action}"]').click()
    harness.settle(page)


def _press(page, key: str, times: int = 1) -> None:
    for _ in range(times):
        page.keyboard.press(key)
    harness.settle(page)


def _height(page) -> float:
    return page.locator(".dominoes-widget").bounding_box()["height"]


def test_opens_at_the_deal_with_every_hand_open(mounted, data):
    page = mounted
    corner = page.locator(".dw-corner-start").first.inner_text()
    assert corner == "Six Love\nHand 1 of 5"
    assert page.locator(".dw-line-empty").inner_text() == "No tile played yet"
    for seat, position in {"S": "bottom", "W": "left", "N": "top", "E": "right"}.items():
        box = page.locator(f'.dw-seat[data-seat="{seat}"]')
        assert box.get_attribute("data-position") == position
        assert box.locator(".dw-tile").count() == 7 and box.locator(".dw-face-down").count() == 0
        assert box.locator(".dw-seat-name").inner_text() == data["players"][seat]["label"]
    assert page.locator(".dw-tally").inner_text() == "NS 0 · EW 0"
    assert page.locator('button[data-action="prev"]').is_disabled()
    assert page.locator(".dw-counter").inner_text() == "0 / 26"
    _assert_shows(page, data, 0, 0)


def test_stepping_forward_and_back_updates_the_table_and_the_model(mounted, data):
    page = mounted
    _click(page, "next")
    assert harness.model_position(page) == {"hand": 0, "step": 1}
    assert harness.saved(page)[-1] in ({"hand": 0, "step": 1}, {"step": 1})
    _assert_shows(page, data, 0, 1)
    assert page.locator("svg.dw-line .dw-last").count() == 1, "the tile just played is marked"
    for _ in range(5):
        _click(page, "next")
    _assert_shows(page, data, 0, 6)
    _click(page, "prev")
    _click(page, "prev")
    assert harness.model_position(page) == {"hand": 0, "step": 4}
    _assert_shows(page, data, 0, 4)
    assert page.locator(".dw-counter").inner_text() == "4 / 26"


def test_every_step_shows_the_position_the_data_holds(mounted, data):
    page = mounted
    for hand, hand_data in enumerate(data["hands"]):
        stride = 1 if hand == 0 else 4
        for step in [*range(0, len(hand_data["moves"]), stride), len(hand_data["moves"])]:
            harness.kernel_set(page, "hand", hand)
            harness.kernel_set(page, "step", step)
            _assert_shows(page, data, hand, step)


def test_the_height_never_changes_from_step_to_step(mounted, data):
    page = mounted
    heights = set()
    for hand, step in [(0, 0), (0, 1), (0, 4), (0, 20), (0, 26), (1, 0), (1, 7), (2, 28), (3, 0), (4, 28)]:
        harness.kernel_set(page, "hand", hand)
        harness.kernel_set(page, "step", step)
        heights.add(_height(page))
        heights.add(page.locator(".dw-info").bounding_box()["height"])
    assert len(heights) == 2, f"the widget and its words keep their height: {heights}"


def test_each_sentence_once_and_the_note_with_its_own_step(mounted, data):
    page = mounted
    harness.kernel_set(page, "step", 4)  # move 3 just made: it has a note
    say = data["hands"][0]["steps"][4]["say"]
    info = page.locator(".dw-info").inner_text()
    assert info.count(say) == 1
    assert page.locator(".dw-note").is_visible() and page.locator(".dw-note").inner_text() == COMMENTS["0:3"]
    assert page.locator(".dominoes-widget").inner_text().count(COMMENTS["0:3"]) == 1
    harness.kernel_set(page, "step", 5)
    assert page.locator(".dw-note").is_hidden(), "a note shows with its own move only"
    harness.kernel_set(page, "step", 20)
    assert page.locator(".dw-note").inner_text() == COMMENTS["0:19"]


def test_the_end_of_a_hand_shows_the_result_and_the_new_score(mounted, data):
    page = mounted
    page.locator(".dominoes-widget").focus()
    _press(page, "End")
    assert harness.model_position(page) == {"hand": 0, "step": 26}
    result = page.locator(".dw-info .dw-result")
    assert result.is_visible()
    hand = data["hands"][0]
    assert result.locator(".dw-result-title").inner_text() == hand["result"]["title"]
    text = page.locator(".dominoes-widget").inner_text()
    for sentence in [hand["result"]["title"], hand["steps"][26]["say"], *hand["result"]["lines"]]:
        assert text.count(sentence) == 1, f"said once: {sentence}"
    assert page.locator(".dw-tally").inner_text() == hand["tally_after"]
    assert page.locator(".dw-mark-winner").count() == len(hand["result"]["winners"])
    assert "1" in page.locator(".dw-score-value").all_inner_texts()
    _press(page, "ArrowLeft")
    assert result.is_hidden()
    assert page.locator(".dw-tally").inner_text() == hand["tally_before"], "before the last move the score is as before"


def test_the_match_end_at_the_last_hand(mounted, data):
    page = mounted
    last = len(data["hands"]) - 1
    harness.kernel_set(page, "hand", last)
    harness.kernel_set(page, "step", len(data["hands"][last]["moves"]))
    if data["end"]:
        assert page.locator(".dw-result-match").inner_text() == data["end"]


def test_keys_step_move_by_move_and_hand_by_hand(mounted, data):
    page = mounted
    page.locator(".dominoes-widget").focus()
    _press(page, "ArrowRight", 3)
    assert harness.model_position(page) == {"hand": 0, "step": 3}
    _press(page, "ArrowLeft")
    assert harness.model_position(page) == {"hand": 0, "step": 2}
    _press(page, "PageDown")
    assert harness.model_position(page) == {"hand": 1, "step": 0}
    _press(page, "End")
    moves = len(data["hands"][1]["moves"])
    assert harness.model_position(page) == {"hand": 1, "step": moves}
    _press(page, "ArrowRight")
    assert harness.model_position(page) == {"hand": 2, "step": 0}, "forward from a hand's end: the next deal"
    _press(page, "ArrowLeft")
    assert harness.model_position(page) == {"hand": 1, "step": moves}
    _press(page, "Home")
    assert harness.model_position(page) == {"hand": 1, "step": 0}
    _press(page, "PageUp")
    assert harness.model_position(page) == {"hand": 0, "step": 0}
    _assert_shows(page, data, 0, 0)


def test_slider_hand_picker_and_moves_list(mounted, data):
    page = mounted
    slider = page.locator(".dw-slider")
    assert slider.get_attribute("max") == "26"
    slider.evaluate("(el) => { el.value = '15'; el.dispatchEvent(new Event('input', {bubbles: true})); }")
    harness.settle(page)
    assert harness.model_position(page) == {"hand": 0, "step": 15}
    _assert_shows(page, data, 0, 15)
    options = page.locator(".dw-hand-select option").all_inner_texts()
    assert options[0] == "Hand 1 (26 moves)" and len(options) == len(data["hands"])
    page.locator(".dw-hand-select").select_option("3")
    harness.settle(page)
    assert harness.model_position(page) == {"hand": 3, "step": 0}
    assert slider.get_attribute("max") == str(len(data["hands"][3]["moves"]))
    slider.focus()
    _press(page, "ArrowRight", 2)  # the slider's own keys move it, and the replay follows
    assert harness.model_position(page) == {"hand": 3, "step": 2}
    # The moves list: one short line a move, its sentence as its name; a click goes there.
    items = page.locator(".dw-move-list button")
    assert items.count() == len(data["hands"][3]["moves"]) + 1
    assert items.nth(5).get_attribute("title") == data["hands"][3]["steps"][5]["say"]
    assert page.locator('.dw-move-list button[aria-current="step"]').get_attribute("data-ply") == "2"
    items.nth(5).click()
    harness.settle(page)
    assert harness.model_position(page) == {"hand": 3, "step": 5}


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
    play = page.locator('.dw-controls button[data-action="toggle"]')
    assert play.get_attribute("aria-label") == "Play (space)"
    play.click()
    assert "Pause" in play.inner_text()
    _wait_until(page, lambda: harness.model_position(page)["step"] >= 3, "playing steps on by itself")
    play.click()
    paused_at = harness.model_position(page)
    page.wait_for_timeout(300)
    assert harness.model_position(page) == paused_at, "paused: no more steps"
    assert "Play" in play.inner_text()
    page.locator(".dominoes-widget").focus()
    _press(page, " ")  # space plays
    _wait_until(page, lambda: harness.model_position(page)["step"] > paused_at["step"], "space plays")
    _press(page, " ")  # and pauses
    after_space = harness.model_position(page)
    page.wait_for_timeout(200)
    assert harness.model_position(page) == after_space


def test_playing_runs_across_hands_and_stops_at_the_end(mounted, data):
    page = mounted
    harness.kernel_set(page, "speed", 20.0)
    last = len(data["hands"]) - 1
    moves = len(data["hands"][last]["moves"])
    harness.kernel_set(page, "hand", last)
    harness.kernel_set(page, "step", moves - 2)
    page.locator('.dw-controls button[data-action="toggle"]').click()
    _wait_until(page, lambda: page.locator(".dominoes-widget.dw-playing").count() == 0, "playing stops at the end")
    assert harness.model_position(page) == {"hand": last, "step": moves}
    harness.kernel_set(page, "hand", 0)
    harness.kernel_set(page, "step", len(data["hands"][0]["moves"]) - 1)
    page.locator('.dw-controls button[data-action="toggle"]').click()
    _wait_until(page, lambda: harness.model_position(page)["hand"] >= 1, "play goes on into the next hand")
    page.locator('.dw-controls button[data-action="toggle"]').click()


def test_the_kernel_moves_the_view_and_sets_the_speed(mounted, data):
    page = mounted
    harness.kernel_set(page, "hand", 2)
    harness.kernel_set(page, "step", 7)
    assert page.locator(".dw-hand-select").input_value() == "2"
    assert page.locator(".dw-slider").input_value() == "7"
    _assert_shows(page, data, 2, 7)
    harness.kernel_set(page, "speed", 4.0)
    assert page.locator(".dw-speed").input_value() == "4"
    harness.kernel_set(page, "speed", 3.0)
    assert page.locator(".dw-speed").input_value() == "3"
    assert page.locator(".dw-speed option:checked").inner_text() == "3/s"
    page.locator(".dw-speed").select_option("8")
    assert harness.saved(page)[-1] == {"speed": 8}


def test_rules_panel(mounted):
    page = mounted
    rules = page.locator(".dw-rules")
    rules.locator("summary").click()
    assert "Four players" in rules.locator(".dw-rules-text").inner_text()


def test_a_bad_record_shows_its_problems_and_opens_nothing(page):
    report = [{"hand": 1, "move": 4, "seat": "S", "tile": "6-6", "reason": "no_match",
               "text": "Hand 2, move 5: South cannot play 6-6 there: the ends show 3 and 1."}]
    harness.mount(page, {**views.replay_traits({}), "report": report})
    problems = page.locator(".dw-problems")
    assert problems.is_visible()
    assert "This record did not open." in problems.inner_text()
    assert report[0]["text"] in problems.inner_text()
    assert "no_match" not in problems.inner_text()
    assert page.locator(".dw-board").is_hidden()


def test_the_bottom_seat_is_at_the_bottom(page, data):
    turned = {**data, "bottom": "N"}
    harness.mount(page, views.replay_traits(turned))
    positions = {s: page.locator(f'.dw-seat[data-seat="{s}"]').get_attribute("data-position") for s in "NESW"}
    assert positions == {"N": "bottom", "E": "left", "S": "top", "W": "right"}


def test_vietnamese_three_players_draws_and_pile(page):
    data = views.replay_data("vietnamese_3_players.json", comments={})
    harness.mount(page, views.replay_traits(data))
    assert page.locator('.dw-seat[data-position="left"]').is_hidden(), "three players: nobody on the left"
    first = data["hands"][0]["steps"][0]
    assert page.locator(".dw-pile").inner_text() == f"Pile: {first['pile']}"
    draw = next(i for i, move in enumerate(data["hands"][0]["moves"]) if " draw" in move) + 1
    harness.kernel_set(page, "step", draw)
    assert page.locator(".dw-pile").inner_text() == f"Pile: {data['hands'][0]['steps'][draw]['pile']}"
    _assert_shows(page, data, 0, draw)


def test_the_same_felt_and_tiles_as_the_table(mounted):
    page = mounted
    harness.kernel_set(page, "step", 5)
    assert page.locator(".dw-main").evaluate("el => getComputedStyle(el).backgroundColor") == "rgb(20, 62, 45)"
    face = page.locator("svg.dw-line .dw-tile-body").first.evaluate("el => getComputedStyle(el).fill")
    assert face == "rgb(251, 248, 239)"
    sides = page.locator(".dw-seat .dw-tile-body").evaluate_all(
        "rects => rects.map(r => { const b = r.getBoundingClientRect(); return Math.min(b.width, b.height); })")
    assert min(sides) >= 14, "every hand readable"


def test_cleanup_removes_listeners_and_timers(mounted):
    page = mounted
    page.locator('.dw-controls button[data-action="toggle"]').click()
    page.evaluate("() => window.harness.unmount()")
    assert page.locator(".dominoes-widget").count() == 0
    assert page.evaluate("() => window.harness.model.listenerCount()") == 0
    before = harness.model_position(page)
    page.wait_for_timeout(700)
    assert harness.model_position(page) == before, "no timer runs after cleanup"
