"""How the front ends fit the screens people use, in headless Chromium (issue 10).

A notebook's output area is a box inside the JupyterLab window: at 1366x768 (the most
common laptop) with the side panels open it is about 950 px wide and 600 px tall below
the toolbar; at 1400x1000 about 1000 x 830; a narrow cell is 900 px or less. Each test
puts the widget in such a box and checks the boxes of what a player needs at once (the
line of play and its tiles, the hand, Pass and Draw) against it, at any line length,
then saves a picture of it in light and dark: test-artifacts/look/<widget>-<size>-<theme>.png.
axe-core finds no WCAG 2.2 A/AA fault in any state of the Table or the Replay, light or dark.
"""

from __future__ import annotations

from contextlib import contextmanager

import pytest

import accessibility
import browser_harness as harness
import frontend_views as views

pytestmark = pytest.mark.browser

ARTIFACTS = harness.ROOT / "test-artifacts" / "look"


# name -> (viewport, the output area's box: left, top, width, height)
SIZES = {
    "1366x768": ((1366, 768), (372, 110, 950, 600)),
    "1400x1000": ((1400, 1000), (372, 120, 1000, 830)),
    "900": ((1280, 800), (40, 60, 900, 600)),
    "640": ((1280, 800), (40, 60, 640, 600)),
    "460": ((1280, 800), (40, 60, 460, 640)),
    "390x844": ((390, 844), (0, 0, 390, 844)),  # a phone (Voilà, the one-file page)
}
THEMES = ("light", "dark")
# The Python side's views a player sees most: a short line, a long one, all 28 tiles.
TABLE_VIEWS = {"mid-hand": views.choice_of_end, "long-line": views.long_line, "28-tiles": views.full_line}

OUTPUT_AREA_CSS = """
#widget { position: absolute; box-sizing: border-box; overflow: auto; padding: 4px 6px;
          border-left: 1px solid var(--jp-border-color2, #ddd); }
body { background: var(--jp-layout-color0, Canvas); }
"""


_PAGES: dict[tuple[str, str], object] = {}
"""The module's pages, one per widget and size, opened on first use: every test resets and
places its widget itself (opening a page per test was a good part of the file's time)."""


@pytest.fixture(scope="module", autouse=True)
def _close_pages(chromium):  # (closed before the browser is)
    yield
    while _PAGES:
        _PAGES.popitem()[1].close()


@contextmanager
def _opened(chromium, widget, size):
    """A page with ``widget``'s harness at ``size``'s viewport, blank; no error may happen in it."""
    page = _PAGES.get((widget.name, size))
    if page is None:
        viewport, _area = SIZES[size]
        page = harness.open_page(chromium, widget, viewport=viewport)
        page.add_style_tag(content=OUTPUT_AREA_CSS)
        page.errors = []
        page.on("pageerror", lambda error: page.errors.append(str(error)))
        _PAGES[widget.name, size] = page
    harness.reset(page)
    page.errors.clear()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    yield page
    assert not page.errors, f"errors in the page: {page.errors}"


def _place(page, size):
    """Make #widget the output area's box (the harness sets only its width)."""
    _viewport, (left, top, width, height) = SIZES[size]
    page.evaluate("([l, t, w, h]) => Object.assign(document.getElementById('widget').style, "
                  "{left: l + 'px', top: t + 'px', width: w + 'px', height: h + 'px'})", [left, top, width, height])
    harness.settle(page)
    return {"x": left, "y": top, "width": width, "height": height}


def _mount_table(page, size, view, theme):
    harness.reset(page)
    harness.set_theme(page, theme)
    harness.mount_view(page, view, width=SIZES[size][1][2], rules_text="Six Love: first to 6 while the other side is on love.")
    return _place(page, size)


def _inside(box, area, what, slack=0.5):
    assert box is not None, f"{what} is not drawn"
    assert area["x"] - slack <= box["x"] and box["x"] + box["width"] <= area["x"] + area["width"] + slack, \
        f"{what} sticks out sideways: {box} in {area}"
    assert area["y"] - slack <= box["y"] and box["y"] + box["height"] <= area["y"] + area["height"] + slack, \
        f"{what} is out of sight: {box} in {area}"


def _boxes(page, selector):
    return page.locator(selector).evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect(); return {x: r.x, y: r.y, width: r.width, height: r.height}; })")


def _check_table_fits(page, area, view, size):
    """The line, its tiles, the hand and Pass/Draw all in the area, with no scrolling."""
    scroll = page.evaluate("() => { const w = document.getElementById('widget'); "
                           "return [w.scrollTop, w.scrollLeft, w.scrollWidth - w.clientWidth]; }")
    assert scroll == [0, 0, 0], f"scrolled or wider than the area: {scroll}"
    _inside(page.locator("svg.dw-line").bounding_box(), area, "the line's box")
    line_box = page.locator(".dw-line-box").bounding_box()
    tiles = _boxes(page, "svg.dw-line .dw-tile-body")
    assert len(tiles) == len(view["line"])
    for i, tile in enumerate(tiles):
        _inside(tile, line_box, f"line tile {i}")
        assert min(tile["width"], tile["height"]) >= 10, f"line tile {i} is tiny at {size}: {tile}"
    hand = _boxes(page, ".dw-hand .dw-hand-tile")
    assert len(hand) == len(view["hands"][view["viewer"] or "S"])
    for i, tile in enumerate(hand):
        _inside(tile, area, f"hand tile {i}")
    for button in (".dw-pass", ".dw-draw"):
        _inside(page.locator(button).bounding_box(), area, button)
    return line_box, tiles


@pytest.mark.parametrize("size", list(SIZES))
def test_the_table_shows_line_hand_and_buttons_at_once(chromium, size):
    with _opened(chromium, harness.TABLE, size) as page:
        figures = []
        for name, make in TABLE_VIEWS.items():
            view = make()
            for theme in THEMES:
                area = _mount_table(page, size, view, theme)
                line_box, tiles = _check_table_fits(page, area, view, size)
                root = page.locator(".dominoes-widget").bounding_box()
                short = min(min(t["width"], t["height"]) for t in tiles)
                figures.append(f"{name}/{theme}: widget {root['width']:.0f}x{root['height']:.0f}, line box "
                               f"{line_box['width']:.0f}x{line_box['height']:.0f}, line tile short side {short:.1f}")
                page.screenshot(path=str(ARTIFACTS / f"table-{size}-{name}-{theme}.png"))
        print(f"\n{size}: " + "\n  ".join(figures))


@pytest.mark.parametrize("size", ["1366x768", "1400x1000", "900"])
def test_the_table_keeps_its_size_whatever_happens(chromium, size):
    with _opened(chromium, harness.TABLE, size) as page:
        area = _mount_table(page, size, views.choice_of_end(), "light")
        heights = {"playing": page.locator(".dominoes-widget").bounding_box()["height"]}
        both = views.choice_tiles(views.choice_of_end())[0]
        page.locator(f'.dw-hand button[data-tile="{both}"]').click()
        heights["choosing an end"] = page.locator(".dominoes-widget").bounding_box()["height"]
        page.keyboard.press("Escape")
        page.evaluate("m => window.harness.deliver(m)",
                      {"type": "refused", "reason": "no_match", "message": "0-0 fits neither end: the ends show 5 and 6."})
        heights["a notice"] = page.locator(".dominoes-widget").bounding_box()["height"]
        for name, make in (("looking back", views.looking_back), ("hand over", views.hand_over),
                           ("match over", views.match_over), ("choose leader", views.choose_leader),
                           ("with hint", views.with_hint), ("counting", views.with_counting),
                           ("Vietnamese", views.vietnamese_draw), ("two players", views.two_players)):
            harness.set_view(page, make())
            heights[name] = page.locator(".dominoes-widget").bounding_box()["height"]
        assert len(set(heights.values())) == 1, heights
        assert heights["playing"] <= area["height"]


@pytest.mark.parametrize("size", ["1366x768", "1400x1000"])
def test_other_seats_tiles_are_readable(chromium, size):
    with _opened(chromium, harness.TABLE, size) as page:
        for name, make in (("open-hands", lambda: views.open_hands("N")), ("hand-over", views.hand_over)):
            for theme in THEMES:
                area = _mount_table(page, size, make(), theme)
                sides = [min(b["width"], b["height"]) for b in _boxes(page, ".dw-seat .dw-tile-body")]
                assert sides and min(sides) >= 14, f"{name}: seat tiles' short sides {sorted(set(sides))}"
                for box in _boxes(page, ".dw-seat:not([hidden])"):
                    _inside(box, area, "a seat")
                page.screenshot(path=str(ARTIFACTS / f"table-{size}-{name}-{theme}.png"))


@pytest.mark.parametrize("size", ["1366x768", "1400x1000", "900"])
def test_hot_seat_north_sits_at_the_bottom_after_the_cover(chromium, size):
    """North lifted the cover: North's seat and tiles are at the bottom, South's at the top."""
    with _opened(chromium, harness.TABLE, size) as page:
        view = views.north_after_cover()
        for theme in THEMES:
            area = _mount_table(page, size, view, theme)
            _check_table_fits(page, area, view, size)
            places = {s: page.locator(f'.dw-seat[data-seat="{s}"]').get_attribute("data-position") for s in "NS"}
            assert places == {"N": "bottom", "S": "top"}, places
            labels = page.locator(".dw-hand .dw-hand-tile").evaluate_all("els => els.map(e => e.dataset.tile)")
            assert labels == view["hands"]["N"], "North's own tiles in the tray"
            page.screenshot(path=str(ARTIFACTS / f"table-{size}-hot-seat-north-{theme}.png"))


def test_the_hand_over_result_leaves_the_line_in_sight(chromium):
    with _opened(chromium, harness.TABLE, "1366x768") as page:
        for theme in THEMES:
            area = _mount_table(page, "1366x768", views.match_over(), theme)
            line = page.locator(".dw-line-box").bounding_box()
            result = page.locator(".dw-result").bounding_box()
            _inside(result, area, "the result")
            _inside(page.locator(".dw-next").bounding_box(), area, "New match")
            assert result["y"] >= line["y"] + line["height"], "the result is under the line, not over it"
            page.screenshot(path=str(ARTIFACTS / f"table-1366x768-match-over-{theme}.png"))


def test_the_cover_and_looking_back_pictures(chromium):
    with _opened(chromium, harness.TABLE, "1366x768") as page:
        for name, make in (("cover", views.cover), ("looking-back", views.looking_back), ("hint", views.with_hint),
                           ("counting", views.with_counting), ("vietnamese", views.vietnamese_draw)):
            for theme in THEMES:
                _mount_table(page, "1366x768", make(), theme)
                harness.still(page)
                page.screenshot(path=str(ARTIFACTS / f"table-1366x768-{name}-{theme}.png"))


@pytest.mark.parametrize("size", ["1366x768", "1400x1000", "900", "640"])
def test_the_replay_fits_with_its_controls(chromium, size):
    with _opened(chromium, harness.REPLAY, size) as page:
        data = views.replay_data()
        for theme in THEMES:
            harness.reset(page)
            harness.set_theme(page, theme)
            harness.mount(page, views.replay_traits(data, hand=0, step=len(data["hands"][0]["moves"])),
                          width=SIZES[size][1][2])
            area = _place(page, size)
            for selector in ("svg.dw-line", ".dw-info", ".dw-controls", ".dw-slider"):
                _inside(page.locator(selector).bounding_box(), area, selector)
            for tile in _boxes(page, ".dw-seat .dw-tile-body"):
                _inside(tile, area, "a seat's tile")
            page.screenshot(path=str(ARTIFACTS / f"replay-{size}-{theme}.png"))
            accessibility.check(page, f"the Replay at the end of a hand, {size}, {theme}")


# Every state of the Table a player meets, for axe-core.
ACCESSIBILITY_VIEWS = {"choice of end": views.choice_of_end, "must pass": views.must_pass,
                       "Vietnamese draw": views.vietnamese_draw, "announced": views.announced, "cover": views.cover,
                       "choose leader": views.choose_leader, "hand over": views.hand_over,
                       "match over": views.match_over, "looking back": views.looking_back, "hint": views.with_hint,
                       "counting": views.with_counting, "open hands": lambda: views.open_hands("N")}


@pytest.mark.parametrize("size, themes", [("1366x768", ("light", "dark", "system-dark")), ("390x844", ("light",))])
def test_every_state_of_the_table_has_no_accessibility_fault(chromium, size, themes):
    """axe-core (WCAG 2.2 A and AA) in each state, the end choice open and a refusal's notice
    too: on a laptop in JupyterLab's light and dark and on a light page in a dark system; on a
    phone, where the targets and the scrolling boxes change but not the colours, in light."""
    with _opened(chromium, harness.TABLE, size) as page:
        for theme in themes:
            for name, make in ACCESSIBILITY_VIEWS.items():
                view = make()
                _mount_table(page, size, view, theme)
                accessibility.check(page, f"the Table, {name}, {size}, {theme}")
                if name == "choice of end":
                    both = views.choice_tiles(view)[0]
                    page.locator(f'.dw-hand button[data-tile="{both}"]').click()
                    assert page.locator(".dw-choice").is_visible()
                    accessibility.check(page, f"the Table, choosing an end, {size}, {theme}")
                    page.keyboard.press("Escape")
                    page.evaluate("m => window.harness.deliver(m)", {
                        "type": "refused", "reason": "no_match", "message": "0-0 fits neither end: the ends show 5 and 6."})
                    assert page.locator(".dw-notice").is_visible()
                    accessibility.check(page, f"the Table, a refusal's notice, {size}, {theme}")


SMALL_VIEWS = {"mid-hand": views.choice_of_end, "must-pass": views.must_pass, "vietnamese": views.vietnamese_draw,
               "hand-over": views.hand_over, "announced": views.announced, "hint": views.with_hint}


@pytest.mark.parametrize("size", ["900", "390x844"])
def test_small_screens_cut_nothing_off(chromium, size):
    """At 900 px and on a phone every part of the Table stays inside the widget and no text is cut
    short (a status, a seat's name, the recap); the pictures are for the eye."""
    with _opened(chromium, harness.TABLE, size) as page:
        problems = {}
        for name, make in SMALL_VIEWS.items():
            for theme in THEMES:
                area = _mount_table(page, size, make(), theme)
                found = page.evaluate(harness.OVERFLOW)
                page.screenshot(path=str(ARTIFACTS / f"table-{size}-{name}-{theme}.png"), full_page=True)
                assert found["width"] <= area["width"] + 0.5, f"{name}: the widget is wider than the screen"
                if found["problems"]:
                    problems[f"{name}/{theme}"] = found["problems"]
        assert problems == {}, f"at {size}: {problems}"
