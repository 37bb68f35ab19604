"""Learn from your mistakes in headless Chromium: the one-file page (no kernel: js/kit/replay/mistakes.mjs
counts the tries) and the widget's front end talking to a real ``Replay`` (the kernel's drill,
sessions/replay/mistakes.py, counts them). A wrong tile, then a right one; two wrong ones and
the answer; the count at the end; only the mover's tiles face up. Pictures at 1366x768 and
390x844, light and dark, go to test-artifacts/mistakes/, and axe-core finds no WCAG 2.2 A/AA
fault in the drill."""

from __future__ import annotations

import json

import pytest

import accessibility
import browser_harness as harness
from dominoes_widget.sessions.replay.mistakes import exercises
from dominoes_widget.widgets.replay import Replay

pytestmark = pytest.mark.browser

ARTIFACTS = harness.ROOT / "test-artifacts" / "mistakes"
TEN_HANDS = harness.ROOT / "tests" / "data" / "records" / "six_love_10_hands.json"
ANALYSIS = harness.ROOT / "tests" / "data" / "six_love_10_hands.analysis.json"


@pytest.fixture(scope="module")
def replay() -> Replay:
    return Replay(TEN_HANDS, analysis=ANALYSIS)


@pytest.fixture(scope="module")
def south(replay) -> list:
    return exercises(replay.session, "S")


@pytest.fixture(scope="module")
def page_file(replay, tmp_path_factory):
    return replay.save_html(tmp_path_factory.mktemp("page") / "study.html")


def _open(chromium, path, viewport=(1366, 768), theme="light"):
    page = chromium.new_page(viewport={"width": viewport[0], "height": viewport[1]})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.route("http*://**", lambda route: route.abort())
    page.emulate_media(color_scheme=theme)
    page.goto(path.as_uri())
    page.wait_for_function("() => document.querySelector('.dw-replay-widget .dw-say')?.textContent")
    return page, errors


def _wrong(exercise: dict, which: int = 0) -> str:
    """A wrong move of the exercise (``which``: the first, the second...): one it refuses with a reply."""
    return [move for move in exercise["task"]["legal"] if move in exercise["replies"]][which]


def _tile_of(hand: list[str], move: str) -> str:
    written = move.split()[1]
    return next(tile for tile in hand if sorted(tile.split("-")) == sorted(written.split("-")))


def _try(page, exercise: dict, move: str) -> None:
    """Click the move's tile, and its end when the page asks."""
    tile = _tile_of(exercise["task"]["position"]["hands"][exercise["task"]["seat"]], move)
    page.locator(f'.dw-learn-tile[data-tile="{tile}"]').click()
    choice = page.locator(".dw-learn-choice")
    if choice.is_visible():
        parts = move.split()
        end = parts[2] if len(parts) > 2 else "L"
        choice.locator(f'button[data-end="{end}"]').click()


def _feedback(page) -> tuple[str, str]:
    node = page.locator(".dw-learn-feedback")
    return (node.get_attribute("data-kind") or "", node.inner_text()) if node.is_visible() else ("", "")


# Whether each of the drill's parts is wholly inside the window, with the page not scrolled.
IN_VIEW = """(selectors) => ({scrolled: window.scrollY, inside: Object.fromEntries(selectors.map((s) => {
  const r = document.querySelector(s).getBoundingClientRect();
  return [s, r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth];
}))})"""
SEEN_TOGETHER = [".dw-felt", "svg.dw-line", ".dw-learn-tray", ".dw-learn-feedback", ".dw-learn-answer", ".dw-learn-why",
                 ".dw-learn-next"]


def _shows_only_the_movers_tiles(page, exercise: dict) -> None:
    task = exercise["task"]
    tray = page.locator(".dw-learn-tile").evaluate_all("nodes => nodes.map((n) => n.dataset.tile)")
    assert tray == task["position"]["hands"][task["seat"]]
    for seat in ("N", "E", "W"):
        box = page.locator(f'.dw-seat[data-seat="{seat}"] .dw-seat-tiles')
        assert box.get_attribute("data-tiles") == "", f"{seat} face down"
        assert box.locator("svg").count() == task["position"]["hands"][seat]
    assert page.locator('.dw-seat[data-position="bottom"]').get_attribute("data-seat") == task["seat"]
    line = page.locator("svg.dw-line").get_attribute("data-line") or ""
    assert line.split() == [f"{a}-{b}" for a, b in task["position"]["line"]]


def test_the_page_drills_a_wrong_tile_then_a_right_one_and_counts(chromium, page_file, south):
    page, errors = _open(chromium, page_file)
    try:
        button = page.locator(".dw-learn-start")
        assert button.inner_text() == "Learn from your mistakes"
        assert page.locator(".dw-learn-seat").input_value() == "S", "the bottom seat by default"
        button.click()
        assert page.locator(".dw-learn").is_visible() and page.locator(".dw-controls").is_hidden()
        assert page.locator(".dw-move-list").is_hidden(), "the record's moves stay out of sight"
        first = south[0]
        _shows_only_the_movers_tiles(page, first)
        assert page.locator(".dw-learn-heading").inner_text().startswith("Mistake 1 of 5")
        wrong = _wrong(first)
        _try(page, first, wrong)
        label = first["task"]["labels"][first["task"]["legal"].index(wrong)]
        assert _feedback(page) == ("again", f"{label} gives away about {first['replies'][wrong]['loss']} points: try again.")
        assert page.locator(".dw-learn-answer").is_hidden()
        _try(page, first, first["accepted"][0])
        assert _feedback(page)[0] == "solved"
        assert page.locator(".dw-learn-answer").inner_text() == f"The answer: {first['answer']['item']}"
        assert page.locator(".dw-learn-why").inner_text() == first["answer"]["why"]
        assert page.locator(".dw-learn-tile:not([disabled])").count() == 0, "over: nothing more to try"
        page.locator(".dw-learn-next").click()
        second = south[1]
        _shows_only_the_movers_tiles(page, second)
        for which in range(2):
            _try(page, second, _wrong(second, which))
        assert _feedback(page)[0] == "answered"
        assert page.locator(".dw-learn-why").inner_text() == second["answer"]["why"]
        assert page.locator("svg.dw-line .dw-ghost-move").count() == 1, "the answer's tile on the line"
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "page-answered.png"), full_page=True)
        page.locator(".dw-learn-next").click()
        third = south[2]  # 0-1 on the left there: 2.3 to 8.5 points behind, too close to call
        _try(page, third, third["close"][0])
        kind, text = _feedback(page)
        assert kind == "close" and text.startswith("Close: 0-1 on the left may be as good as the best")
        assert page.locator(".dw-learn-answer").inner_text() == f"The answer: {third['answer']['item']}"
        page.screenshot(path=str(ARTIFACTS / "page-close.png"), full_page=True)
        for exercise in south[3:]:
            page.locator(".dw-learn-next").click()
            _try(page, exercise, exercise["accepted"][0])
        page.locator(".dw-learn-next").click()
        assert page.locator(".dw-learn-done").inner_text() == "Solved 4 of 5.", "a close try is not a wrong one"
        page.locator(".dw-learn-stop").click()
        assert page.locator(".dw-learn").is_hidden() and page.locator(".dw-controls").is_visible()
        assert not errors, errors
    finally:
        page.close()


def _relay(page, replay: Replay, replies: list) -> None:
    """Play the kernel: each message the page sent goes to the widget; its answers and its
    ``mistakes`` trait, when it changed (as ipywidgets syncs it), go back to the page."""
    before = json.dumps(replay.mistakes)
    for message in harness.sent(page)[_relay.seen:]:
        replay._on_message(replay, message, [])
        _relay.seen += 1
    for reply in replies:
        page.evaluate("(message) => window.harness.deliver(message)", reply)
    replies.clear()
    if json.dumps(replay.mistakes) != before:
        harness.kernel_set(page, "mistakes", json.loads(json.dumps(replay.mistakes)))
    harness.settle(page)


def test_the_widget_asks_the_kernel_which_counts_and_refuses_garbage(chromium, south):
    replay = Replay(TEN_HANDS, analysis=ANALYSIS)
    replies: list = []
    replay.send = lambda message, buffers=None: replies.append(message)  # type: ignore[method-assign]
    _relay.seen = 0
    page = harness.open_page(chromium, harness.REPLAY, viewport=(1366, 768))
    try:
        harness.mount(page, {**harness.traits(replay), "mistakes": {}}, width=950)
        assert page.locator(".dw-learn-bar").is_hidden(), "no kernel has answered yet"
        page.evaluate("() => window.harness.deliver({type: 'live'})")
        harness.settle(page)
        page.locator(".dw-learn-start").click()
        _relay(page, replay, replies)
        assert replay.mistakes["seat"] == "S" and page.locator(".dw-learn").is_visible()
        first = south[0]
        _shows_only_the_movers_tiles(page, first)
        _try(page, first, _wrong(first))
        assert harness.sent(page)[-1] == {"type": "mistakes_try", "move": _wrong(first), "index": 0}
        _relay(page, replay, replies)
        assert _feedback(page)[0] == "again"
        _try(page, first, first["accepted"][0])
        _relay(page, replay, replies)
        assert _feedback(page)[0] == "solved" and replay.mistakes["solved"] == 1
        page.evaluate("() => window.harness.model.send({type: 'mistakes_try', move: 'S 6-6 L', index: 0})")
        _relay(page, replay, replies)
        assert _feedback(page)[0] == "refused" and "over" in _feedback(page)[1]
        assert replay.mistakes["solved"] == 1 and replay.mistakes["tries"] == 2
        assert "accepted" not in json.dumps(replay.mistakes)
    finally:
        page.close()


# name -> viewport
SIZES = {"1366x768": (1366, 768), "390x844": (390, 844)}


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_pictures_of_the_drill(chromium, page_file, south, size, theme):
    """The page's drill as a person sees it: a try that was wrong, then the answer
    (test-artifacts/mistakes/<size>-<theme>-*.png); nothing sticks out of the widget."""
    page, errors = _open(chromium, page_file, SIZES[size], theme)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    try:
        page.locator(".dw-learn-start").click()
        first = south[0]
        _try(page, first, _wrong(first))
        harness.still(page)
        page.screenshot(path=str(ARTIFACTS / f"{size}-{theme}-again.png"), full_page=True)
        accessibility.check(page, f"the study page's drill, a wrong try, {size}, {theme}")
        _try(page, first, _wrong(first, 1))
        harness.still(page)
        page.screenshot(path=str(ARTIFACTS / f"{size}-{theme}-answer.png"), full_page=True)
        seen = page.evaluate(IN_VIEW, SEEN_TOGETHER)
        assert seen == {"scrolled": 0, "inside": dict.fromkeys(SEEN_TOGETHER, True)}, \
            "the board, the tiles to try and the answer on screen together, with no scrolling"
        accessibility.check(page, f"the study page's drill, the answer, {size}, {theme}")
        found = page.evaluate(harness.OVERFLOW)
        assert found["problems"] == [], found["problems"]
        assert not errors, errors
    finally:
        page.close()


# ---- the Table offers it when the match ends ------------------------------------------------------
@pytest.mark.parametrize("host", ["notebook", "page"])
def test_the_match_over_panel_offers_it_where_a_replay_can_open(chromium, host):
    """In a notebook (a widget manager that draws child widgets) the match-over panel has Learn
    from your mistakes beside New match, which sends {type: "learn"}; a served seat page has none."""
    import frontend_views as views

    page = harness.open_page(chromium, harness.TABLE, viewport=(1366, 768))
    try:
        if host == "notebook":
            page.evaluate("() => { window.harnessManager = {get_model: () => new Promise(() => {})}; }")
        harness.mount_view(page, views.match_over(), width=950)
        button = page.locator(".dw-result-actions .dw-learn")
        if host == "page":
            assert button.is_hidden()
            return
        assert button.is_visible() and button.inner_text() == "Learn from your mistakes"
        assert page.locator(".dw-result-actions .dw-next").is_visible(), "New match stays"
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.locator(".dominoes-widget").screenshot(path=str(ARTIFACTS / "table-match-over.png"))
        button.click()
        assert harness.sent(page)[-1] == {"type": "learn"}
    finally:
        page.close()
