"""The one-file puzzles page in headless Chromium (``Puzzles.to_html()``, ``html --puzzles``):
opened from a file:// URL with every request refused, a puzzle answered WRONG then RIGHT by
clicking tiles, the words checked, the hint in two steps and Next by the keys, and pictures at
a laptop's and a phone's size, light and dark (test-artifacts/puzzles/). axe-core finds no
WCAG 2.2 A/AA fault in the page, nor in the widget in a notebook's light and dark colours."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

import accessibility
import browser_harness as harness
from puzzle_fixture import WRONG_TRIED, fixture_puzzles
from dominoes_widget.widgets.puzzles import Puzzles

pytestmark = pytest.mark.browser

ARTIFACTS = harness.ROOT / "test-artifacts" / "puzzles"
SIZES = {"laptop": (1366, 768), "phone": (390, 844)}


@pytest.fixture(scope="module", autouse=True)
def built():
    harness.ensure_built()


@pytest.fixture(scope="module")
def page_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("puzzles") / "puzzles.html"
    Puzzles(fixture_puzzles()).save_html(path)
    return path


def open_offline(browser, path, viewport, scheme="light"):
    page = browser.new_page(viewport={"width": viewport[0], "height": viewport[1]}, color_scheme=scheme)
    requests: list[str] = []
    errors: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.route("http*://**", lambda route: route.abort())
    page.goto(path.as_uri())
    page.wait_for_selector(".dw-puzzles-widget .dw-hand-tile")
    return page, requests, errors


def click_tile(page, tile: str) -> None:
    # force: a solved puzzle's hand is aria-disabled, and a click on it is answered with why not
    page.locator(f".dw-puzzle-hand button[data-tile='{tile}']").click(force=True)


def feedback(page) -> str:
    return page.locator(".dw-puzzle-feedback").inner_text()


def test_a_puzzle_answered_wrong_then_right_by_clicking_tiles(chromium, page_file):
    page, requests, errors = open_offline(chromium, page_file, SIZES["laptop"])
    try:
        assert page.locator(".dw-puzzle-number").inner_text() == "Puzzle 1 of 3"
        assert page.locator(".dw-puzzle-prompt").inner_text() == "Your move (North): find the best move."
        # the others face down: no tile face on the felt but the line's
        assert page.locator(".dw-seat-tiles .dw-face-down").count() == 5 + 6 + 6
        click_tile(page, "5-6")
        expect(page.locator(".dw-puzzle-feedback")).to_have_text(re.compile(r"^Not the best move: try again\."))
        text = feedback(page)
        assert "points less than 6-2 on the right" in text
        assert page.locator(".dw-puzzle-streak").inner_text() == "Streak: 0"
        assert "dw-tried" in page.locator("button[data-tile='5-6']").get_attribute("class"), "the tile tried is marked"
        click_tile(page, "2-6")
        expect(page.locator(".dw-puzzle-feedback")).to_have_text(re.compile(r"^Right!"))
        text = feedback(page)
        assert "6-2 on the right keeps your partner's 3 open." in text
        assert page.locator(".dw-puzzle-score").inner_text() == "Score: 0", "a wrong try first: no score"
        click_tile(page, "5-6")  # solved: the page's logic refuses, and says so
        expect(page.locator(".dw-puzzle-message")).to_have_text("This puzzle is solved: press Next for another.")
        assert feedback(page).startswith("Right!")
        page.keyboard.press("n")
        expect(page.locator(".dw-puzzle-number")).to_have_text("Puzzle 2 of 3")
        expect(page.locator(".dw-puzzle-feedback")).to_be_hidden()
        page.keyboard.press("h")
        page.keyboard.press("h")
        expect(page.locator(".dw-puzzle-hints li")).to_have_count(2)
        hints = page.locator(".dw-puzzle-hints li").all_inner_texts()
        assert len(hints) == 2 and hints[1].startswith("The move: ")
        assert requests == [page_file.as_uri()], f"the page fetched {requests[1:]}"
        assert not errors, errors
    finally:
        page.close()


def test_the_filters_and_digits_work_in_the_page(chromium, page_file):
    page, _, errors = open_offline(chromium, page_file, SIZES["laptop"])
    try:
        page.select_option(".dw-filter[data-filter='game']", "vietnamese4")
        expect(page.locator(".dw-puzzle-number")).to_have_text("Puzzle 1 of 1")
        page.locator(".dw-puzzles-widget").focus()
        tiles = page.locator(".dw-puzzle-hand button[data-tile]").evaluate_all(
            "(bs) => bs.map((b) => [b.dataset.tile, b.classList.contains('dw-playable')])")
        index = next(i for i, (_, playable) in enumerate(tiles) if playable)
        page.keyboard.press(str(index + 1))
        expect(page.locator(".dw-puzzle-feedback:visible, .dw-puzzle-choice:visible").first).to_be_visible()
        page.select_option(".dw-filter[data-filter='level']", "easy")
        expect(page.locator(".dw-puzzle-empty")).to_have_text("No puzzle matches these filters.")
        assert not errors, errors
    finally:
        page.close()


@pytest.fixture(scope="module")
def builtin_page(tmp_path_factory):
    path = tmp_path_factory.mktemp("builtin") / "builtin.html"
    Puzzles().save_html(path)
    return path


def test_the_game_filter_names_each_game_as_the_header_does_and_shows_the_pile(chromium, builtin_page):
    """The shipped set's page: one choice per game and number of players, each named as the
    puzzles' header names its game, each showing only that game; a Vietnamese puzzle shows the
    pile's count in the felt's corner, as the Table does (with 2 or 3 players: four hold every tile)."""
    from playwright.sync_api import expect

    page, _, errors = open_offline(chromium, builtin_page, SIZES["laptop"])
    try:
        game = page.locator(".dw-filter[data-filter='game']")
        options = game.locator("option").evaluate_all("(os) => os.map((o) => [o.value, o.textContent])")
        assert options == [["", "Any"], ["six_love", "Six Love"], ["straight_six", "Straight Six"],
                           ["vietnamese2", "Vietnamese, 2 players"], ["vietnamese3", "Vietnamese, 3 players"],
                           ["vietnamese4", "Vietnamese, 4 players"]]
        about, pile = page.locator(".dw-puzzle-about"), page.locator(".dw-felt .dw-corner-end .dw-pile")
        for value, label in options[1:]:
            game.select_option(value)
            expect(about).to_contain_text(label)
            count = int(page.locator(".dw-puzzle-number").inner_text().split()[-1])
            for _ in range(min(count, 3)):  # the first few of the game: each is that game's
                assert about.inner_text().split(" · ")[0] == label
                if value in ("vietnamese2", "vietnamese3"):  # four players hold all 28: no pile
                    expect(pile).to_have_text(re.compile(r"^Pile: (\d+|empty)$"))
                else:
                    expect(pile).to_have_count(0)
                number = page.locator(".dw-puzzle-number").inner_text()
                page.keyboard.press("n")
                if count > 1:
                    expect(page.locator(".dw-puzzle-number")).not_to_have_text(number)
            if value == "vietnamese2":
                ARTIFACTS.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(ARTIFACTS / "vietnamese2-pile.png"), full_page=True)
        page.set_viewport_size({"width": SIZES["phone"][0], "height": SIZES["phone"][1]})
        game.select_option("vietnamese3")
        expect(pile).to_be_visible()
        assert page.evaluate(harness.OVERFLOW)["problems"] == [], "the pile's words fit a phone too"
        page.screenshot(path=str(ARTIFACTS / "vietnamese3-pile-phone.png"), full_page=True)
        assert not errors, errors
    finally:
        page.close()


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_pictures_fit_the_screen_and_read_in_both_themes(chromium, page_file, size, scheme):
    page, _, errors = open_offline(chromium, page_file, SIZES[size], scheme)
    try:
        click_tile(page, "5-6")
        page.keyboard.press("h")
        expect(page.locator(".dw-puzzle-hints li")).to_have_count(1)
        harness.still(page)
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"puzzle-{size}-{scheme}.png"), full_page=True)
        accessibility.check(page, f"the puzzles page, a wrong try and a hint, {size}, {scheme}")
        wide = page.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        assert wide[0] <= wide[1], f"sideways scroll: {wide}"
        assert page.evaluate(harness.OVERFLOW)["problems"] == [], "nothing sticks out, no text is cut"
        for selector in (".dw-puzzle-hand", ".dw-puzzle-feedback", ".dw-puzzle-buttons", ".dw-line-box"):
            box = page.locator(selector).bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= SIZES[size][0] + 0.5, selector
        click_tile(page, "2-6")  # solved: the answer is drawn where it goes, with its words
        expect(page.locator("svg.dw-line .dw-ghost")).to_have_count(1)
        label, line = page.locator(".dw-ghost-label").bounding_box(), page.locator(".dw-line-box").bounding_box()
        assert line["x"] <= label["x"] and label["x"] + label["width"] <= line["x"] + line["width"], "the label in the box"
        page.screenshot(path=str(ARTIFACTS / f"puzzle-{size}-{scheme}-solved.png"), full_page=True)
        accessibility.check(page, f"the puzzles page, solved, {size}, {scheme}")
        assert not errors, errors
    finally:
        page.close()


def test_the_vietnamese_page_on_a_phone(chromium, tmp_path):
    path = Puzzles(fixture_puzzles(), lang="vi").save_html(tmp_path / "vi.html")
    page, _, errors = open_offline(chromium, path, SIZES["phone"])
    try:
        click_tile(page, "5-6")
        page.keyboard.press("h")
        expect(page.locator(".dw-puzzle-hints li")).to_have_count(1)
        text = page.locator(".dw-puzzles-widget").inner_text()
        assert "Chưa phải nước tốt nhất: thử lại." in text and "Gợi ý (H)" in text
        for english in ("Puzzle", "Score", "Hint", "Next", "Right!", "Your move", "points less"):
            assert english not in text, english
        wide = page.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        assert wide[0] <= wide[1], f"sideways scroll: {wide}"
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "puzzle-phone-vi.png"), full_page=True)
        assert not errors, errors
    finally:
        page.close()


def test_the_widget_in_a_notebooks_light_and_dark_has_no_accessibility_fault(chromium):
    """The Puzzles widget's front end with a fake kernel (tests/browser_harness.py), in JupyterLab's
    light and dark colours and on a light page in a dark system: a puzzle as it opens, after a
    wrong try and a hint, and solved."""
    page = harness.open_page(chromium, harness.PUZZLES)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        for theme in ("light", "dark", "system-dark"):
            widget = Puzzles(fixture_puzzles())
            harness.reset(page)
            harness.set_theme(page, theme)
            harness.mount(page, {"view": widget.view, "words": widget.words}, width=950)
            accessibility.check(page, f"the Puzzles widget, a puzzle, {theme}")
            wrong = WRONG_TRIED[0]
            right = next(move for move in widget.view["puzzle"]["legal"] if move != wrong)
            assert widget.answer(wrong) is None and widget.hint() is None
            harness.kernel_set(page, "view", widget.view)
            assert page.locator(".dw-puzzle-feedback").is_visible() and page.locator(".dw-puzzle-hints li").count() == 1
            accessibility.check(page, f"the Puzzles widget, a wrong try and a hint, {theme}")
            assert widget.answer(right) is None
            harness.kernel_set(page, "view", widget.view)
            assert page.locator(".dw-puzzle-feedback").inner_text().startswith("Right!")
            accessibility.check(page, f"the Puzzles widget, solved, {theme}")
        assert not errors, errors
    finally:
        page.close()
