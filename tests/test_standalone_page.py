"""The one-file replay page (``dominoes_widget/page.py``, ``js/standalone.js``, js/PROTOCOL.md
"The one-file replay page"): the Replay's front end in ONE HTML file, with no Jupyter, no
kernel and no network.

``Replay.to_html()``/``save_html()`` and ``python -m dominoes_widget html`` write it; the
tests open it in headless Chromium from a ``file://`` URL with every request refused (so
the page must work as a classic script: Chromium blocks ES modules from ``file://``), and
step with the keyboard. They print the 10-hand example's file size and how long the page
takes to open (figures, never asserted). axe-core finds no WCAG 2.2 A/AA fault in the replay
page nor in the study page (``html --analysis``), light and dark, on a laptop and a phone.
"""

from __future__ import annotations

import json
import re
import shutil
import time

import pytest

import accessibility
import browser_harness as harness
import frontend_views as views
from dominoes_widget.__main__ import main
from dominoes_widget.page import page_state, replay_page, script_json, write_page
from dominoes_widget.sessions.replay.session import whole_percent
from dominoes_widget.widgets.replay import Replay
from dominoes_widget.sessions.replay.step_deltas import hand_steps

pytestmark = pytest.mark.browser

ARTIFACTS = harness.ROOT / "test-artifacts" / "standalone"
TEN_HANDS = harness.ROOT / "tests" / "data" / "records" / "six_love_10_hands.json"
# The example's analysis, saved once (analyse(TEN_HANDS, workers=1), about 20 s): a test reads it in no time.
EXAMPLE_ANALYSIS = harness.ROOT / "tests" / "data" / "six_love_10_hands.analysis.json"
# A comment that tries to end the payload's <script>, open an HTML comment and break a line
# the way only U+2028 does in old JavaScript engines.
NASTY = "Watch </script><script>alert(1)</script> and <!--<script> here\u2028and\u2029there"


@pytest.fixture(scope="module", autouse=True)
def built():
    harness.ensure_built()


@pytest.fixture(scope="module")
def payload() -> dict:
    traits = views.replay_traits(hand=0, step=2)
    return {key: traits[key] for key in ("view", "words", "rules_text", "hand", "step", "speed")}


def open_offline(browser, path, *, viewport=(1200, 800)):
    """``path`` opened from its file:// URL with every http(s) request refused; returns
    (page, requests, errors, seconds until the first step was drawn, ms from the navigation's
    start to that draw as the page measured it)."""
    page = browser.new_page(viewport={"width": viewport[0], "height": viewport[1]})
    requests: list[str] = []
    errors: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.route("http*://**", lambda route: route.abort())  # offline: anything fetched fails
    started = time.perf_counter()
    page.goto(path.as_uri())
    drawn = page.wait_for_function(
        "() => document.querySelector('.dw-replay-widget .dw-say')?.textContent && performance.now()", polling="raf")
    seconds = time.perf_counter() - started
    return page, requests, errors, seconds, drawn.json_value()


def counter(page) -> str:
    return page.locator(".dw-counter").inner_text()


def picture_offline_and_clean(page, name, requests, path, errors) -> None:
    """Save the page's picture as ``name``; the page fetched nothing but itself and raised no error."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name), full_page=True)
    assert requests == [path.as_uri()], f"the page fetched {requests[1:]}"
    assert not errors, errors


# ---- the page's text -------------------------------------------------------------------------


def test_script_json_cannot_end_its_element_and_reads_back_the_same():
    value = {"note": NASTY, "say": "a </ b", "list": [1, 2.5, None, True]}
    text = script_json(value)
    assert json.loads(text) == value
    assert "</" not in text and "<!--" not in text and "\u2028" not in text and "\u2029" not in text
    assert text.startswith('{"note":"Watch <\\/script>'), "minified, and </ written <\\/"


def test_the_page_is_one_file_with_nothing_to_fetch(payload):
    page = replay_page(payload, title="A Six Love match")
    assert "<title>A Six Love match</title>" in page
    assert not re.search(r"<script[^>]+src|<link|@import|url\(|https?://(?!www\.w3\.org)", page), \
        "no script, style, font or image from anywhere else"
    assert len(re.findall(r"<script", page)) == 2, "the payload and the classic script, no module"
    assert hand_steps(payload["view"]["hands"][0])[1]["say"] in page
    assert 'lang="en"' in page


def test_replay_to_html_carries_every_trait_and_opens_where_asked():
    replay = Replay.load(harness.RECORDS / "six_love_match.json", bottom="E")
    replay.go(1, 3)
    found = re.search(r'<script type="application/json" id="dominoes-replay">(.*?)</script>', replay.to_html(), re.S)
    state = json.loads(found.group(1))
    assert state == {name: replay.get_state(name)[name] for name in ("view", "words", "rules_text", "report", "hand",
                                                                      "step", "speed")}, "as the widget syncs them"
    assert state["view"]["bottom"] == "E" and (state["hand"], state["step"]) == (1, 3)
    page = replay.to_html(hand=2, step=-1, title="Game 7")
    state = json.loads(re.search(r'id="dominoes-replay">(.*?)</script>', page, re.S).group(1))
    assert (state["hand"], state["step"]) == (2, replay.moves_in(2)), "a negative step counts from the end"
    assert "<title>Game 7</title>" in page
    assert (replay.hand, replay.step) == (1, 3), "the widget itself does not move"
    with pytest.raises(ValueError, match="Hand 9 does not exist"):
        replay.to_html(hand=9)


# ---- the command line ------------------------------------------------------------------------


def test_the_command_line_reports_a_bad_record_as_verify_does(tmp_path, capsys):
    bad = json.loads((harness.RECORDS / "six_love_match.json").read_text())
    bad["hands"][1]["moves"][3] = "E 6-6 L"  # a tile E does not hold, where it happens
    source = tmp_path / "bad.json"
    source.write_text(json.dumps(bad))
    assert main(["html", str(source)]) == 1
    out = capsys.readouterr()
    assert main(["verify", str(source)]) == 1
    assert out.out == capsys.readouterr().out, "the same located problems as verify"
    assert "hand 1" in out.out and "Traceback" not in out.out + out.err
    assert not (tmp_path / "bad.html").exists(), "no page for a record that does not open"
    assert main(["html", str(harness.RECORDS / "six_love_match.json"), "-o", str(tmp_path / "x.html"),
                 "--hand", "7"]) == 2
    assert "Hand 7 does not exist" in capsys.readouterr().err


def test_the_command_line_options_reach_the_page(tmp_path, capsys):
    out = tmp_path / "pages" / "game.html"
    out.parent.mkdir()
    assert main(["html", str(harness.RECORDS / "six_love_match.json"), "-o", str(out), "--hand", "1",
                 "--step", "-1", "--bottom", "N", "--lang", "en", "--title", "Friday's game"]) == 0
    assert f"wrote {out}" in capsys.readouterr().out
    page = out.read_text(encoding="utf-8")
    state = json.loads(re.search(r'id="dominoes-replay">(.*?)</script>', page, re.S).group(1))
    replay = Replay.load(harness.RECORDS / "six_love_match.json")
    assert (state["hand"], state["step"]) == (1, replay.moves_in(1)) and state["view"]["bottom"] == "N"
    assert "<title>Friday&#x27;s game</title>" in page and '<html lang="en">' in page


# ---- in the browser --------------------------------------------------------------------------


def test_the_ten_hand_match_as_one_page_opens_offline_and_steps_with_the_keys(chromium, tmp_path, capsys):
    source = tmp_path / "six_love_10_hands.json"
    shutil.copy(TEN_HANDS, source)
    assert main(["html", str(source), "--hand", "2"]) == 0
    written = source.with_suffix(".html")
    assert f"wrote {written}" in capsys.readouterr().out, "-o defaults to the record's name, next to it"
    data = Replay.load(TEN_HANDS).view
    hand = data["hands"][2]
    size = written.stat().st_size
    page, requests, errors, seconds, in_page = open_offline(chromium, written)
    try:
        with capsys.disabled():
            print(f"\n[one-file replay] six_love_10_hands.html: {size / 1024:.0f} KB ({size} bytes) for "
                  f"{len(data['hands'])} hands, {sum(len(h['deltas']) for h in data['hands'])} positions; "
                  f"opened offline in {seconds * 1000:.0f} ms (first step drawn {in_page:.0f} ms after navigation)")
        root = page.locator(".dominoes-widget.dw-replay-widget")
        assert root.evaluate("el => el === document.activeElement"), "the replay has the keyboard at once"
        assert page.title() == "Six Love: Replay of a recorded match"
        assert page.locator("button.dw-play-here").count() == 1 and not page.locator("button.dw-play-here").is_visible(), \
            "no kernel answers the page: no Play from here"
        assert counter(page) == f"0 / {len(hand['moves'])}" and page.locator(".dw-say").inner_text() == hand_steps(hand)[0]["say"]
        page.keyboard.press("ArrowRight")
        assert page.locator(".dw-say").inner_text() == hand_steps(hand)[1]["say"]
        assert page.locator(".dw-note").inner_text() == hand_steps(hand)[1]["note"], "the record's comment"
        page.keyboard.press("End")
        assert counter(page) == f"{len(hand['moves'])} / {len(hand['moves'])}"
        assert hand["result"]["title"] in page.locator(".dw-result").inner_text(), "and the hand's result"
        page.keyboard.press("PageDown")
        page.keyboard.press("PageDown")
        assert page.locator(".dw-corner-start").first.inner_text().endswith("Hand 5 of 10")
        page.locator(".dw-slider").fill("5")
        assert counter(page).startswith("5 / ")
        page.keyboard.press(" ")  # play: the page steps on its own, like the widget
        page.wait_for_function("() => document.querySelector('.dw-counter').textContent.startsWith('7 / ')")
        page.keyboard.press(" ")
        picture_offline_and_clean(page, "ten-hands-page.png", requests, written, errors)
    finally:
        page.close()


def test_a_large_record_goes_gzipped_and_the_page_unpacks_it_offline(chromium, tmp_path):
    replay = Replay.load(TEN_HANDS)
    path = write_page(tmp_path / "packed.html", replay._page_payload(3, 4), inline_limit=0)
    html = path.read_text(encoding="utf-8")
    state = page_state(html)
    assert '"view_gzip":' in html and state["view"] == replay.view, "packed, and it reads back the same"
    assert len(html) < len(replay.to_html()), "and it is smaller"
    steps = hand_steps(replay.view["hands"][3])
    page, requests, errors, _, _ = open_offline(chromium, path)
    try:
        assert counter(page) == f"4 / {len(steps) - 1}" and page.locator(".dw-say").inner_text() == steps[4]["say"]
        page.keyboard.press("ArrowRight")
        assert page.locator(".dw-say").inner_text() == steps[5]["say"]
        assert requests == [path.as_uri()] and not errors, (requests, errors)
    finally:
        page.close()


def test_a_comment_that_looks_like_html_stays_a_comment(chromium, tmp_path):
    record = json.loads((harness.RECORDS / "six_love_match.json").read_text())
    record["comments"] = {"0:3": NASTY}
    path = Replay(record).save_html(tmp_path / "nasty.html", step=4)
    page, requests, errors, _, _ = open_offline(chromium, path)
    try:
        assert page.locator(".dw-note").inner_text().startswith("Watch </script><script>alert(1)</script> and <!--")
        assert page.locator("script").count() == 2, "no element came out of the comment"
        page.keyboard.press("ArrowLeft")
        assert counter(page).startswith("3 / ")
        assert not errors, errors
    finally:
        page.close()


def test_the_page_draws_into_its_own_element_when_it_has_one(chromium, payload):
    page = chromium.new_page(viewport={"width": 1000, "height": 700})
    try:
        body = replay_page(payload).replace('<div id="dominoes-replay-view"></div>', "").replace(
            '<script type="application/json"', '<main><div id="dominoes-replay-view"></div></main>\n'
                                               '<script type="application/json"')
        page.set_content(body)
        assert page.locator("main #dominoes-replay-view .dw-replay-widget").count() == 1
        page.locator(".dw-replay-widget").focus()
        page.keyboard.press("Home")
        assert counter(page).startswith("0 / ")
    finally:
        page.close()


def test_without_a_view_element_the_replay_goes_after_the_payload(chromium, payload):
    page = chromium.new_page(viewport={"width": 1000, "height": 700})
    try:
        page.set_content(replay_page(payload).replace('<div id="dominoes-replay-view"></div>', ""))
        assert page.locator("#dominoes-replay + #dominoes-replay-view .dw-replay-widget").count() == 1
        assert page.locator(".dw-say").inner_text() == hand_steps(payload["view"]["hands"][0])[2]["say"]
    finally:
        page.close()


def _line_shown(page) -> list[list[int]]:
    text = page.locator("svg.dw-line").get_attribute("data-line") or ""
    return [[int(n) for n in tile.split("-")] for tile in text.split()]


def test_at_every_marked_move_of_the_example_the_best_move_shown_is_that_decisions(chromium, tmp_path):
    """Issue 18: pressing B at a marked move shows THAT decision's better move, on the position
    where it was chosen, with both chances for the mover's side; N walks every marked move."""
    replay = Replay(TEN_HANDS, analysis=EXAMPLE_ANALYSIS)
    data = replay.view
    marked = [(index, mark) for index, hand in enumerate(data["hands"]) for mark in hand["analysis"]["marks"]
              if mark["verdict"] not in ("good", "unclear")]
    assert len(marked) >= 10, "the example's analysis marks many moves"
    path = replay.save_html(tmp_path / "analysed.html")
    page, requests, errors, _, _ = open_offline(chromium, path)
    try:
        assert page.locator(".dw-analysis").is_visible()
        page.locator(".dw-summary-title").click()  # unfold the table per player
        assert page.locator(".dw-summary-title").inner_text() == "Per player"
        rows = page.locator(".dw-summary tbody tr")
        assert rows.all_inner_texts() == ["\t".join(row) for row in data["summary"]["rows"]]
        page.keyboard.press("b")
        for hand, mark in marked:
            page.keyboard.press("n")  # the next marked move
            where = f"hand {hand} move {mark['ply']}"
            assert page.locator(".dw-hand-select").input_value() == str(hand), where
            assert counter(page).startswith(f"{mark['ply'] + 1} / "), where
            assert page.locator(".dw-verdict-text").inner_text() == mark["words"], where
            assert _line_shown(page) == hand_steps(data["hands"][hand])[mark["ply"]]["line"], \
                f"{where}: the line as it was when the move was chosen"
            seat, tile, *end = mark["best"].split()
            ghost = page.locator("svg.dw-line .dw-ghost-move")
            a, b = tile.split("-")
            assert ghost.get_attribute("data-tile") == (f"{b}-{a}" if end == ["L"] else tile), where
            assert ghost.get_attribute("data-end") == (end[0] if end else ""), where
            side = {"NS": "North-South", "EW": "East-West"}[mark["side"]]
            best_shown, shown = whole_percent(mark["best_share"]), whole_percent(mark["share"])
            best_chance, played_chance = f"{side} {best_shown}%", f"{side} {shown}%"
            assert ghost.locator(".dw-ghost-label").text_content() == f"Best: {tile} ({best_chance})", where
            info = page.locator(".dw-best-info").inner_text()
            played_item = data["hands"][hand]["move_items"][mark["ply"]]
            assert info == f"Best: {mark['best_item']} ({best_chance}) · played: {played_item} ({played_chance})", where
            # one point of view: the comment gives the same numbers, and the gap between them as written
            assert f"gives {played_chance};" in mark["words"], where
            assert f"gives {best_shown}% ({best_shown - shown} point" in mark["words"], where
            if mark["side"] == "NS" and mark["ply"] + 1 < len(data["hands"][hand]["moves"]):
                assert page.locator(".dw-strip-value").inner_text().endswith(played_chance), \
                    f"{where}: the strip says the same for the same side"
        page.keyboard.press("n")
        assert counter(page).startswith(f"{marked[-1][1]['ply'] + 1} / "), "after the last marked move, N stays"
        page.keyboard.press("ArrowRight")
        assert page.locator(".dw-best-info").is_hidden(), "no best move where the move just made was not marked"
        # the whole match on the strip: a line where each hand starts, a click jumps to its place
        page.locator(".dw-match-toggle").click()
        assert page.locator("svg.dw-strip .dw-strip-hand").count() == len(data["hands"]) - 1
        fifth = sum(len(hand["moves"]) + 1 for hand in data["hands"][:4]) + 3  # hand 5, step 3
        title = page.locator(f'svg.dw-strip .dw-strip-point[data-step="{fifth}"] title').text_content()
        assert title.startswith("Hand 5 · Move 3: North-South "), "hover: the hand, the move and the chance"
        page.locator(f'svg.dw-strip .dw-strip-hit[data-step="{fifth}"]').dispatch_event("click")
        assert page.locator(".dw-hand-select").input_value() == "4" and counter(page).startswith("3 / ")
        picture_offline_and_clean(page, "analysed-page.png", requests, path, errors)
        accessibility.check(page, "the study page with its table per player open, 1200x800, light")
    finally:
        page.close()


def test_a_page_with_counting_shows_the_bottom_seats_counting_and_steps_with_it(chromium, tmp_path):
    source = harness.RECORDS / "six_love_match.json"
    replay = Replay(source, counting=True)
    steps = hand_steps(replay.view["hands"][0])
    path = replay.save_html(tmp_path / "counted.html", step=21)
    plain = Replay(source).save_html(tmp_path / "plain.html", step=21)
    assert path.stat().st_size > plain.stat().st_size
    page, requests, errors, _, _ = open_offline(chromium, path)
    try:
        panel = page.locator(".dw-side .dw-counting")
        assert panel.is_visible()
        assert panel.locator(".dw-counting-title").inner_text() == "What South can count"
        for step in (21, 22, 23):
            assert counter(page).startswith(f"{step} / ")
            counting = steps[step]["counting"]
            assert panel.locator(".dw-unseen-count").all_inner_texts() == [str(u["count"]) for u in counting["unseen"]]
            assert panel.locator(".dw-counting-words").all_inner_texts() == counting["words"]
            assert panel.locator(".dw-voids li").count() == len(counting["voids"])
            page.keyboard.press("ArrowRight")
        assert any(steps[s]["counting"]["voids"] for s in (21, 22, 23)), "a void shows on the way"
        picture_offline_and_clean(page, "counting-page.png", requests, path, errors)
        for theme in ("light", "dark"):
            page.emulate_media(color_scheme=theme)
            accessibility.check(page, f"the replay page with counting, 1200x800, {theme}")
    finally:
        page.close()
    page, _, errors, _, _ = open_offline(chromium, plain)
    try:
        assert page.locator(".dw-counting").is_hidden(), "no panel on a page built without counting"
        assert not errors, errors
    finally:
        page.close()


def analysed_pages(chromium, tmp_path, size):
    """The ten-hand match with its analysis as a page, opened at ``size`` in the light theme
    and then the dark: (page, requests, errors, path, theme) for each, closed after."""
    path = Replay(TEN_HANDS, analysis=EXAMPLE_ANALYSIS).save_html(tmp_path / "page.html", hand=1, step=3)
    for theme in ("light", "dark"):
        page, requests, errors, _, _ = open_offline(chromium, path, viewport=size)
        try:
            page.emulate_media(color_scheme=theme)
            yield page, requests, errors, path, theme
        finally:
            page.close()


@pytest.mark.parametrize("size", [(1366, 768), (390, 844)], ids=["1366x768", "390x844"])
def test_the_page_fills_the_window_and_keeps_the_keys_after_a_click_anywhere(chromium, tmp_path, size):
    width, height = size
    for page, requests, errors, path, theme in analysed_pages(chromium, tmp_path, size):
        root = page.locator(".dominoes-widget").bounding_box()
        assert root["width"] >= width - 2 * 12 - 2, "as wide as the window"
        if width >= 1000:
            assert root["y"] + root["height"] >= height - 12 - 2, "as tall as the window, the move list with it"
            assert page.locator(".dw-move-list").bounding_box()["height"] >= 150
        else:  # the panels go under the game; the page scrolls
            assert page.locator("svg.dw-line").bounding_box()["width"] <= width
        page.mouse.click(width - 3, 3)  # on the page, outside the replay
        assert page.evaluate("() => document.activeElement === document.body || "
                             "!document.querySelector('.dominoes-widget').contains(document.activeElement)") \
            is False, "the replay has the keys back"
        page.keyboard.press("ArrowRight")
        assert counter(page).startswith("4 / ")
        page.evaluate("() => document.activeElement.blur()")
        page.keyboard.press("ArrowRight")  # nothing focused: the page passes the key on
        assert counter(page).startswith("5 / ")
        picture_offline_and_clean(page, f"page-{width}x{height}-{theme}.png", requests, path, errors)


@pytest.mark.parametrize("size", [(1366, 768), (390, 844)], ids=["1366x768", "390x844"])
def test_the_whole_match_chart_opens_wide_with_hand_lines_hover_and_click_to_jump(chromium, tmp_path, size):
    width, height = size
    hands = len(Replay(TEN_HANDS).view["hands"])
    for page, requests, errors, path, theme in analysed_pages(chromium, tmp_path, size):
        page.locator("button.dw-match-toggle").click()
        chart = page.locator(".dw-wide-chart .dw-strip-box")
        assert chart.evaluate("el => { const r = el.getBoundingClientRect(); "
                              "return r.top >= -1 && r.bottom <= innerHeight + 1; }"), "opened into view (to the pixel)"
        box = chart.bounding_box()
        assert box["width"] >= width - 2 * 12 - 4, "as wide as the page"
        assert box["height"] >= 150, "tall enough to read"
        if width >= 1000:
            assert box["y"] + box["height"] <= height, "on screen with the board, at 1366x768"
        lines = page.locator(".dw-wide-chart .dw-strip-hand")
        assert lines.count() == hands - 1, "a line where each hand starts"
        # hover a point: its hand, move and chance, over the chart
        page.mouse.move(box["x"] + box["width"] * 0.6, box["y"] + box["height"] / 2)
        tip = page.locator(".dw-wide-chart .dw-strip-tip")
        assert tip.is_visible() and "%" in tip.inner_text() and "Hand" in tip.inner_text()
        said = tip.inner_text()  # "Hand 7 · Move 12: North-South 48% · S 6-4"
        hand, moves = said.split(" · ")[0], re.search(r"Move (\d+):", said)
        page.mouse.click(box["x"] + box["width"] * 0.6, box["y"] + box["height"] / 2)
        assert f"{hand} of" in page.locator(".dw-corner-start").first.inner_text(), "a click goes to the hand hovered"
        assert counter(page).startswith(f"{moves.group(1) if moves else 0} / "), "and to its move"
        picture_offline_and_clean(page, f"chart-{width}x{height}-{theme}.png", requests, path, errors)
        accessibility.check(page, f"the study page with the whole match's chart, {width}x{height}, {theme}")
        page.locator("button.dw-match-toggle").click()
        assert page.locator(".dw-wide-chart").is_hidden() and page.locator(".dw-analysis .dw-strip-box").is_visible()


def _cut_seat_names(page) -> list[str]:
    """The seats whose name does not show whole: cut short (an ellipsis, clipped lines), or the
    name, the seat or its tiles spilling out of the seat's row of the felt."""
    return page.evaluate("""() => [...document.querySelectorAll('.dw-seat:not([hidden])')].flatMap((seat) => {
        const name = seat.querySelector('.dw-seat-name');
        const row = seat.parentElement.getBoundingClientRect();
        const cut = name.scrollWidth > name.clientWidth + 1 || name.scrollHeight > name.clientHeight + 1;
        const outside = (box) => box.top < row.top - 1 || box.bottom > row.bottom + 1 || box.left < row.left - 1 || box.right > row.right + 1;
        const spills = [name, seat, ...seat.querySelectorAll('.dw-seat-tile')].some((part) => outside(part.getBoundingClientRect()));
        return cut || spills ? [`${seat.dataset.position}: ${name.textContent}`] : [];
    })""")


@pytest.mark.parametrize("lang", ["en", "vi"])
def test_at_a_phones_width_every_seat_shows_its_whole_name(chromium, tmp_path, lang):
    """Long names ("Alexandra Konstantinopoulou (South)", "East (greedy bot)") wrap on the felt at
    390 px rather than end in "…"; the pictures are saved in both themes."""
    record = json.loads(TEN_HANDS.read_text())
    record["players"] = {"N": "Nguyễn Thị Minh Khai", "E": "bot:greedy", "S": "Alexandra Konstantinopoulou",
                         "W": "bot:random"}
    path = Replay(record, lang=lang).save_html(tmp_path / f"names-{lang}.html", hand=1, step=3)
    for theme in ("light", "dark"):
        page, requests, errors, _, _ = open_offline(chromium, path, viewport=(390, 844))
        try:
            page.emulate_media(color_scheme=theme)
            assert page.locator(".dw-seat:not([hidden])").count() == 4
            assert _cut_seat_names(page) == []
            page.keyboard.press("ArrowRight")  # another seat's turn: its mark shows beside its name
            assert _cut_seat_names(page) == []
            picture_offline_and_clean(page, f"names-390x844-{lang}-{theme}.png", requests, path, errors)
            accessibility.check(page, f"the replay page in {lang}, 390x844, {theme}")
        finally:
            page.close()


STUDY_BOXES = """() => {
  const box = (selector) => { const el = document.querySelector(selector); const r = el.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, height: r.height, scrollHeight: el.scrollHeight, clientHeight: el.clientHeight,
            scrollWidth: el.scrollWidth, clientWidth: el.clientWidth}; };
  const inner = document.querySelector('.dw-side-inner');
  return {side: box('.dw-side'), inner: box('.dw-side-inner'), main: box('.dw-main'), moves: box('.dw-move-list'),
          best: box('.dw-best-info'), said: box('.dw-said'), info: box('.dw-info'),
          innerScrolls: getComputedStyle(inner).overflowY !== 'visible' && inner.scrollHeight > inner.clientHeight + 1};
}"""


@pytest.mark.parametrize("size", [(1366, 768), (390, 844)], ids=["1366x768", "390x844"])
def test_the_study_page_fits_a_phone_and_gives_the_moves_room_on_a_wide_screen(chromium, tmp_path, size):
    """The analysis page (``html --analysis``) at a marked move with the best move shown: on a
    phone the side panels come under the board and flow with the page (no box that scrolls
    inside it) and the best-move line shows whole; on a 1366x768 screen the move list takes
    at least 40% of the window's height; Play and one move forward never look alike."""
    width, height = size
    for page, requests, errors, path, theme in analysed_pages(chromium, tmp_path, size):
        page.keyboard.press("n")  # the next marked move
        page.keyboard.press("b")  # its best move
        assert page.locator(".dw-best-info").is_visible()
        boxes = page.evaluate(STUDY_BOXES)
        best, said = boxes["best"], boxes["said"]
        assert best["scrollWidth"] <= best["clientWidth"], "the best-move line is not cut at its side"
        assert said["scrollHeight"] <= said["clientHeight"] + 1 and best["bottom"] <= boxes["info"]["bottom"] + 1, \
            "nor below: the step's words show whole"
        if width < 700:
            assert boxes["side"]["top"] >= boxes["main"]["bottom"], "the panels are under the board"
            assert not boxes["innerScrolls"] and boxes["side"]["height"] > 260, "they flow with the page"
            assert boxes["moves"]["scrollHeight"] <= boxes["moves"]["clientHeight"] + 1, "the whole move list shows"
        else:
            assert boxes["moves"]["height"] >= 0.4 * height, f"the move list: {boxes['moves']['height']:.0f} px"
        play, forward = page.locator(".dw-play"), page.locator('.dw-step[data-action="next"]')
        assert play.locator(".dw-play-word").is_visible() and play.inner_text().strip() == "Play"
        assert play.get_attribute("aria-label") == "Play (space)" and forward.get_attribute("aria-label") == "Forward one move (→)"
        assert play.locator("svg").inner_html() != forward.locator("svg").inner_html(), "two different glyphs"
        picture_offline_and_clean(page, f"study-{width}x{height}-{theme}.png", requests, path, errors)
        accessibility.check(page, f"the study page with the best move shown, {width}x{height}, {theme}")
        play.click()
        assert play.inner_text().strip() == "Pause" and play.get_attribute("aria-label") == "Pause (space)"
        play.click()
