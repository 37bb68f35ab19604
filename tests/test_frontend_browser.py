"""The built front end (dominoes_widget/static/table.js) in headless Chromium, without Jupyter.

Each test renders the widget with a fake model and a sample ``view`` (js/PROTOCOL.md),
clicks and types like a person, and checks what is drawn and what the widget sends.
A screenshot of each test goes to test-artifacts/.
"""

from __future__ import annotations

import copy

import pytest

import browser_harness as harness

pytestmark = pytest.mark.browser

ARTIFACTS = harness.ROOT / "test-artifacts"

# All 28 tiles in one valid line (an Euler trail of the double-six set).
FULL_LINE = [
    [6, 0], [0, 0], [0, 1], [1, 1], [1, 2], [2, 0], [0, 3], [3, 1], [1, 4], [4, 0], [0, 5], [5, 1], [1, 6], [6, 2],
    [2, 2], [2, 3], [3, 3], [3, 4], [4, 2], [2, 5], [5, 3], [3, 6], [6, 4], [4, 4], [4, 5], [5, 5], [5, 6], [6, 6],
]

PLAYERS = {
    "N": {"name": "North (greedy)", "kind": "bot:greedy", "team": "NS"},
    "E": {"name": "East (greedy)", "kind": "bot:greedy", "team": "EW"},
    "S": {"name": "You", "kind": "human", "team": "NS"},
    "W": {"name": "West (strong)", "kind": "bot:strong", "team": "EW"},
}

# South to move on ends 4 | 2: six-four fits the left end only, two-four fits both.
PARTNERSHIP = {
    "game": "partnership",
    "seats": ["N", "E", "S", "W"],
    "players": PLAYERS,
    "viewer": "S",
    "hands": {"S": ["6-4", "2-4", "1-3", "5-5", "0-0", "3-3"], "N": 6, "E": 6, "W": 6},
    "line": [[4, 1], [1, 6], [6, 6], [6, 2]],
    "lead": 2,
    "ends": [4, 2],
    "turn": "S",
    "boneyard": 0,
    "passed": ["E", "N", "W"],
    "moves": ["E 6-6", "N 6-1 L", "W 6-2 R", "S 1-4 L", "E pass", "N pass", "W pass"],
    "legal": ["S 4-6 L", "S 4-2 L", "S 2-4 R"],
    "playable": ["6-4", "2-4"],
    "hints": True,
    "score": {"kind": "straight_six", "NS": 2, "EW": 1, "target": 6, "ties": 0},
    "hand_number": 3,
    "phase": "playing",
    "leader_choices": [],
    "result": None,
    "message": "",
    "status": "Your turn",
}

VIETNAMESE = {
    "game": "vietnamese",
    "seats": ["S", "E", "N"],
    "players": {
        "S": {"name": "You", "kind": "human", "team": None},
        "E": {"name": "East (greedy)", "kind": "bot:greedy", "team": None},
        "N": {"name": "North (greedy)", "kind": "bot:greedy", "team": None},
    },
    "viewer": "S",
    "hands": {"S": ["1-2", "0-3", "1-4", "2-3", "0-1", "1-3", "2-4"], "E": 6, "N": 7},
    "line": [[5, 5]],
    "lead": 0,
    "ends": [5, 5],
    "turn": "S",
    "boneyard": 7,
    "passed": [],
    "moves": ["E 5-5"],
    "legal": ["S draw"],
    "playable": [],
    "hints": True,
    "score": {"kind": "tally", "target": None, "wins": {"S": 1, "E": 0, "N": 2}, "pips": {"S": 30, "E": 12, "N": 8}},
    "hand_number": 3,
    "phase": "playing",
    "leader_choices": [],
    "result": None,
    "message": "",
    "status": "Your turn: draw a tile",
}


def partnership(**changes) -> dict:
    return {**copy.deepcopy(PARTNERSHIP), **changes}


def vietnamese(**changes) -> dict:
    return {**copy.deepcopy(VIETNAMESE), **changes}


def hand_over_view() -> dict:
    hands = {"N": ["6-5", "4-3"], "E": ["5-3", "0-2"], "S": ["5-5", "1-3"], "W": []}
    return partnership(
        phase="hand_over", turn=None, legal=[], playable=[], hands=hands, status="Hand over",
        result={
            "title": "W dominoes: East-West win the hand",
            "lines": ["West played the last tile.", "Straight Six: East-West 2, North-South 2."],
            "pips": {"N": 18, "E": 10, "S": 14, "W": 0},
            "hands": hands,
        },
    )


# ---- fixtures ---------------------------------------------------------------------------

@pytest.fixture(scope="module")
def browser(chromium):
    return chromium


@pytest.fixture(scope="module")
def shared_page(browser):
    page = harness.open_page(browser, harness.TABLE)
    yield page
    page.close()


@pytest.fixture
def page(shared_page, request):
    """The module's page, blank again for each test; its screenshot is saved after the test."""
    harness.reset(shared_page)
    yield shared_page
    snapshot(shared_page, request.node.name)


def snapshot(page, name):
    page.wait_for_timeout(300)  # let fades finish before the picture
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"frontend-{name}.png"), full_page=True)


def move_sent(move: str, view: dict | None = None) -> dict:
    """The message a move click sends: the move and the position it was made in."""
    view = view or partnership()
    return {"type": "move", "move": move, "hand": view["hand_number"], "ply": len(view["moves"])}


def hand_tile(page, label):
    return page.get_by_role("button", name=label, exact=True)


def hand_labels(page) -> list[str]:
    return page.locator(".dw-hand-tile").evaluate_all("buttons => buttons.map(b => b.getAttribute('aria-label'))")


def focused_label(page) -> str | None:
    return page.evaluate("() => document.activeElement?.getAttribute('aria-label')")


# ---- drawing ----------------------------------------------------------------------------

def test_draws_seats_hand_line_score_and_moves(page):
    harness.mount_view(page, partnership())
    for seat, name in [("N", "North (greedy)"), ("E", "East (greedy)"), ("S", "You"), ("W", "West (strong)")]:
        seat_box = page.locator(f".dw-seat-{seat}")
        assert seat_box.is_visible()
        assert seat_box.locator(".dw-seat-name").inner_text() == name
    assert page.locator(".dw-seat-N .dw-seat-team").inner_text() == "North-South"
    # Others' hands face down, one tile each; the viewer's hand face up at the bottom.
    assert page.locator(".dw-seat-E .dw-face-down").count() == 6
    assert page.locator(".dw-seat-S .dw-tile").count() == 0
    assert page.locator(".dw-hand .dw-hand-tile").count() == 6
    # Turn highlight and passed marks.
    assert "dw-turn" in page.locator(".dw-seat-S").get_attribute("class")
    for seat in "ENW":
        assert page.locator(f".dw-seat-{seat} .dw-mark-passed").inner_text() == "passed"
    # The line: four tiles with their pips (4+1 + 1+6 + 6+6 + 6+2 = 32).
    assert page.locator("svg.dw-line .dw-tile").count() == 4
    assert page.locator("svg.dw-line .dw-pip").count() == 32
    assert page.locator("svg.dw-line").get_attribute("aria-label") == "Line of play: 4 tiles, open ends four and two"
    # Score, moves, status; no draw pile in the partnership game.
    score = page.locator(".dw-score").inner_text()
    assert "Straight Six" in score and "Hand 4" in score and "North-South" in score
    assert page.locator(".dw-move-list li").count() == 7
    assert page.locator(".dw-move-list li").first.get_attribute("title") == "East (greedy) leads double six"
    assert page.locator(".dw-status").inner_text() == "Your turn"
    assert page.locator(".dw-boneyard").is_hidden()
    assert page.locator(".dw-draw").is_hidden()


def test_vietnamese_three_players_draw_pile_and_tally(page):
    harness.mount_view(page, vietnamese())
    assert page.locator(".dw-seat-W").is_hidden()
    assert page.locator(".dw-seat-E").is_visible() and page.locator(".dw-seat-N").is_visible()
    assert page.locator(".dw-seat-E .dw-seat-team").is_hidden()
    assert page.locator(".dw-boneyard").inner_text() == "Draw pile: 7"
    rows = page.locator(".dw-score-row").all_inner_texts()
    assert [row.split("\n")[:2] for row in rows] == [["You", "1"], ["East (greedy)", "0"], ["North (greedy)", "2"]]
    assert "8 pips" in rows[2]
    assert "play on" in page.locator(".dw-score-notes").inner_text()


def test_six_love_panel_shows_pending_ties_worth_and_playoff(page):
    score = {"kind": "six_love", "NS": 1, "EW": 1, "target": 6, "ties": 1, "worth": 2, "playoff": True}
    harness.mount_view(page, partnership(score=score))
    text = page.locator(".dw-score").inner_text()
    assert "Six Love" in text
    assert "1 tied deal pending" in text
    assert "worth 2 points" in text
    assert "Play-off hand" in text


def test_aria_labels_read_tiles_in_words(page):
    harness.mount_view(page, partnership())
    assert hand_labels(page) == ["six-four", "two-four", "one-three", "double five", "double blank", "double three"]
    assert hand_tile(page, "six-four").count() == 1


# ---- playing ----------------------------------------------------------------------------

def test_click_on_a_playable_tile_sends_its_move(page):
    harness.mount_view(page, partnership())
    assert "dw-playable" in hand_tile(page, "six-four").get_attribute("class")
    hand_tile(page, "six-four").click()
    assert harness.sent(page) == [move_sent("S 4-6 L")]


def test_tile_that_fits_both_ends_asks_which_end(page):
    harness.mount_view(page, partnership())
    hand_tile(page, "two-four").click()
    assert harness.sent(page) == []
    slots = page.locator("svg.dw-line .dw-slot")
    assert slots.count() == 2
    assert page.locator("svg.dw-line .dw-end-tile").count() == 2
    assert "which end" in page.locator(".dw-choice").inner_text()
    snapshot(page, "choosing-an-end")
    page.locator('svg.dw-line .dw-slot[data-end="L"]').click()
    assert harness.sent(page) == [move_sent("S 4-2 L")]
    assert page.locator("svg.dw-line .dw-slot").count() == 0


def test_end_choice_by_key_and_escape_cancels(page):
    harness.mount_view(page, partnership())
    hand_tile(page, "two-four").click()
    page.keyboard.press("Escape")
    assert page.locator("svg.dw-line .dw-slot").count() == 0
    assert page.locator(".dw-choice").is_hidden()
    assert harness.sent(page) == []
    hand_tile(page, "two-four").click()
    page.keyboard.press("r")
    assert harness.sent(page) == [move_sent("S 2-4 R")]


def test_end_choice_by_button(page):
    harness.mount_view(page, partnership())
    hand_tile(page, "two-four").click()
    page.locator(".dw-choice").get_by_role("button", name="Right (two)").click()
    assert harness.sent(page) == [move_sent("S 2-4 R")]


def test_with_hints_a_tile_that_does_not_fit_still_sends_a_move(page):
    harness.mount_view(page, partnership())
    assert "dw-unplayable" in hand_tile(page, "one-three").get_attribute("class")
    hand_tile(page, "one-three").click()
    assert harness.sent(page) == [move_sent("S 1-3 L")]


def test_pass_and_draw_buttons_follow_legal(page):
    harness.mount_view(page, partnership())
    assert page.locator(".dw-pass").is_disabled()
    harness.set_view(page, partnership(legal=["S pass"], playable=[]))
    assert page.locator(".dw-pass").is_enabled()
    page.locator(".dw-pass").click()
    harness.set_view(page, vietnamese())
    assert page.locator(".dw-pass").is_disabled()
    assert page.locator(".dw-draw").is_visible() and page.locator(".dw-draw").is_enabled()
    page.locator(".dw-draw").click()
    harness.set_view(page, vietnamese(legal=[], turn="E", status="East (greedy) is thinking…"))
    assert page.locator(".dw-draw").is_disabled()
    assert harness.sent(page) == [move_sent("S pass"), move_sent("S draw", vietnamese())]


def test_keyboard_arrows_move_along_the_hand_and_enter_plays(page):
    harness.mount_view(page, partnership())
    hand_tile(page, "six-four").focus()
    page.keyboard.press("ArrowRight")
    assert focused_label(page) == "two-four"
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert focused_label(page) == "double three", "wraps around"
    page.keyboard.press("Home")
    assert focused_label(page) == "six-four"
    # One tab stop for the whole hand (roving tabindex).
    assert page.locator('.dw-hand-tile[tabindex="0"]').count() == 1
    page.keyboard.press("Enter")
    assert harness.sent(page) == [move_sent("S 4-6 L")]
    page.keyboard.press("ArrowRight")
    page.keyboard.press(" ")
    page.keyboard.press("l")
    assert harness.sent(page)[-1] == move_sent("S 4-2 L")


def test_focus_stays_in_the_hand_when_the_view_changes(page):
    harness.mount_view(page, partnership())
    hand_tile(page, "two-four").focus()
    harness.set_view(page, partnership(hands={**PARTNERSHIP["hands"], "S": ["2-4", "1-3", "5-5"]}))
    assert focused_label(page) == "one-three"


def test_refused_and_error_messages_show_near_the_hand(page):
    harness.mount_view(page, partnership())
    page.evaluate("m => window.harness.deliver(m)",
                  {"type": "refused", "reason": "no_match", "message": "1-3 does not fit the left end (4)."})
    flash = page.locator(".dw-flash")
    assert flash.inner_text() == "1-3 does not fit the left end (4)."
    assert "dw-visible" in flash.get_attribute("class")
    assert flash.get_attribute("data-kind") == "refused"
    page.evaluate("m => window.harness.deliver(m)", {"type": "error", "message": "unknown message type 'x'"})
    assert flash.inner_text() == "unknown message type 'x'"
    # The flash sits just above the hand.
    flash_box, hand_box = flash.bounding_box(), page.locator(".dw-hand").bounding_box()
    assert 0 <= hand_box["y"] - (flash_box["y"] + flash_box["height"]) < 60


def test_view_message_shows_once(page):
    harness.mount_view(page, partnership(message="It is East's turn, not yours."))
    assert page.locator(".dw-flash").inner_text() == "It is East's turn, not yours."


# ---- phases -----------------------------------------------------------------------------

def test_hand_over_shows_the_result_and_next_hand_sends_next_hand(page):
    harness.mount_view(page, hand_over_view())
    panel = page.locator(".dw-phase-panel")
    assert panel.is_visible()
    text = panel.inner_text()
    assert "W dominoes: East-West win the hand" in text
    assert "West played the last tile." in text
    assert "18 pips" in text
    # Every hand face up: 2 + 2 + 2 + 0 tiles.
    assert panel.locator(".dw-result-hand").count() == 4
    assert panel.locator(".dw-tile:not(.dw-face-down)").count() == 6
    snapshot(page, "result-panel")
    panel.get_by_role("button", name="Next hand").click()
    assert harness.sent(page) == [{"type": "next_hand"}]
    harness.set_view(page, partnership())
    assert panel.is_hidden()


def test_match_over_panel_and_new_match(page):
    view = hand_over_view()
    view.update(phase="match_over", score={"kind": "straight_six", "NS": 6, "EW": 4, "target": 6, "ties": 0},
                status="North-South win the match")
    harness.mount_view(page, view)
    panel = page.locator(".dw-phase-panel")
    assert panel.locator("h2").inner_text() == "Match over"
    assert "North-South 6 · East-West 4" in panel.inner_text()
    panel.get_by_role("button", name="New match").click()
    assert harness.sent(page) == [{"type": "new_match"}]


def test_choose_leader_buttons_send_the_seat(page):
    view = partnership(phase="choose_leader", leader_choices=["N", "S"], line=[], ends=None, turn=None,
                       legal=[], playable=[], moves=[], passed=[], status="North-South lead this hand")
    harness.mount_view(page, view)
    panel = page.locator(".dw-phase-panel")
    assert panel.get_by_role("button").count() == 2
    panel.get_by_role("button", name="North (greedy) leads").click()
    assert harness.sent(page) == [{"type": "choose_leader", "seat": "N"}]
    assert page.locator("svg.dw-line").get_attribute("aria-label").startswith("Line of play: empty")


def test_cover_hides_the_table_and_a_click_sends_uncover(page):
    hands = {"N": 6, "E": 6, "S": 6, "W": 6}
    view = partnership(phase="cover", viewer=None, hands=hands, legal=[], playable=[], turn="N",
                       status="Pass the screen to North")
    harness.mount_view(page, view)
    cover = page.locator(".dw-cover")
    assert cover.is_visible()
    assert "Pass the screen to North" in cover.inner_text()
    assert page.locator(".dw-hand-tile").count() == 0
    # The cover lies over the whole widget.
    cover_box, table_box = cover.bounding_box(), page.locator(".dw-table").bounding_box()
    assert cover_box["x"] <= table_box["x"] and cover_box["y"] <= table_box["y"]
    assert cover_box["x"] + cover_box["width"] >= table_box["x"] + table_box["width"]
    assert cover_box["y"] + cover_box["height"] >= table_box["y"] + table_box["height"]
    assert page.locator(".dw-board").evaluate("board => board.inert")
    snapshot(page, "cover-up")
    cover.click()
    assert harness.sent(page) == [{"type": "uncover"}]
    harness.set_view(page, partnership())
    assert cover.is_hidden()
    assert page.locator(".dw-hand-tile").count() == 6


def test_rules_panel_shows_rules_text(page):
    harness.mount_view(page, partnership(), rules_text="Partnership dominoes.\nStraight Six: first to 6.")
    rules = page.locator(".dw-rules")
    assert rules.get_attribute("open") is None
    rules.locator("summary").click()
    assert "Straight Six: first to 6." in rules.locator(".dw-rules-text").inner_text()
    page.evaluate("() => window.harness.model.set('rules_text', 'Vietnamese rules.')")
    assert rules.locator(".dw-rules-text").inner_text() == "Vietnamese rules."


# ---- the line: layout, size and animation ---------------------------------------------

@pytest.mark.parametrize("width", [900, 560, 360])
def test_a_28_tile_line_stays_within_the_element_width(page, width):
    harness.mount_view(page, partnership(line=FULL_LINE, lead=13, ends=[6, 6], legal=[], playable=[]), width=width)
    widget_box = page.locator("#widget").bounding_box()
    svg_box = page.locator("svg.dw-line").bounding_box()
    assert svg_box["width"] <= widget_box["width"]
    assert svg_box["x"] >= widget_box["x"] and svg_box["x"] + svg_box["width"] <= widget_box["x"] + widget_box["width"]
    tile_boxes = page.locator("svg.dw-line .dw-tile").evaluate_all(
        "tiles => tiles.map(t => { const r = t.getBoundingClientRect(); return [r.left, r.right, r.top, r.bottom]; })")
    assert len(tile_boxes) == 28
    for left, right, top, bottom in tile_boxes:
        assert svg_box["x"] - 0.5 <= left and right <= svg_box["x"] + svg_box["width"] + 0.5
        assert svg_box["y"] - 0.5 <= top and bottom <= svg_box["y"] + svg_box["height"] + 0.5
    assert page.locator("svg.dw-line .dw-pip").count() == 8 * 21  # each number 0-6 is on 8 tiles


def test_line_is_laid_out_again_when_the_element_resizes(page):
    harness.mount_view(page, partnership(line=FULL_LINE, lead=13, ends=[6, 6]), width=900)
    wide = page.locator("svg.dw-line").bounding_box()
    page.evaluate("() => { document.getElementById('widget').style.width = '400px'; }")
    page.wait_for_function("() => document.querySelector('svg.dw-line').getBoundingClientRect().width < 400")
    narrow = page.locator("svg.dw-line").bounding_box()
    assert narrow["width"] < wide["width"]
    aspect = lambda box: box["height"] / box["width"]  # noqa: E731
    assert aspect(narrow) > aspect(wide), "the snake grows in height instead"


def test_a_new_tile_fades_in(page):
    harness.mount_view(page, partnership())
    assert page.locator("svg.dw-line .dw-new").count() == 0
    longer = partnership(line=PARTNERSHIP["line"] + [[2, 4]], ends=[4, 4], moves=PARTNERSHIP["moves"] + ["S 2-4 R"])
    harness.set_view(page, longer)
    assert page.locator("svg.dw-line .dw-new").count() == 1
    assert page.locator("svg.dw-line .dw-tile").count() == 5


def test_cleanup_removes_the_dom_and_every_listener(page):
    harness.mount_view(page, partnership())
    page.evaluate("() => window.harness.unmount()")
    assert page.locator(".dominoes-widget").count() == 0
    assert page.evaluate("() => window.harness.model.listenerCount()") == 0


# ---- themes -----------------------------------------------------------------------------

DARK_JUPYTERLAB = {
    "--jp-layout-color0": "#111111",
    "--jp-layout-color1": "#1b1b1b",
    "--jp-layout-color2": "#2a2a2a",
    "--jp-layout-color3": "#3a3a3a",
    "--jp-ui-font-color0": "#ffffff",
    "--jp-ui-font-color1": "#e6e6e6",
    "--jp-ui-font-color2": "#a8a8a8",
    "--jp-border-color1": "#555555",
    "--jp-brand-color1": "#4f9be8",
    "--jp-warn-color1": "#f0a030",
    "--jp-error-color1": "#f06060",
}


def _luminance(css_colour: str) -> float:
    channels = [float(c) for c in css_colour[css_colour.index("(") + 1:-1].replace(",", " ").split()[:3]]
    return sum(channels) / (3 * 255)


def test_dark_jupyterlab_theme_reads_well_and_tiles_stay_ivory(page):
    page.evaluate("vars => { for (const [k, v] of Object.entries(vars)) document.body.style.setProperty(k, v); "
                  "document.body.dataset.jpThemeLight = 'false'; }", DARK_JUPYTERLAB)
    harness.mount_view(page, partnership())
    hand_tile(page, "two-four").click()  # show the end choice too
    root = page.locator(".dominoes-widget")
    background = root.evaluate("el => getComputedStyle(el).backgroundColor")
    text = root.evaluate("el => getComputedStyle(el).color")
    assert _luminance(background) < 0.2 and _luminance(text) > 0.8
    face = page.locator("svg.dw-line .dw-tile-body").first.evaluate("el => getComputedStyle(el).fill")
    assert face == "rgb(251, 246, 230)"
    assert root.evaluate("el => getComputedStyle(el).colorScheme") == "dark"


def test_light_theme_without_jupyterlab_variables_uses_system_colours(page):
    harness.mount_view(page, hand_over_view())
    root = page.locator(".dominoes-widget")
    assert _luminance(root.evaluate("el => getComputedStyle(el).backgroundColor")) > 0.9
    assert root.evaluate("el => getComputedStyle(el).colorScheme") == "light dark"


def test_focus_ring_is_visible_on_hand_tiles(page):
    harness.mount_view(page, partnership())
    hand_tile(page, "six-four").focus()
    page.keyboard.press("ArrowRight")  # keyboard focus: :focus-visible applies
    outline = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
    assert outline == "solid"


def test_dark_system_theme_without_jupyterlab_variables(page):
    page.emulate_media(color_scheme="dark")
    harness.mount_view(page, hand_over_view())
    root = page.locator(".dominoes-widget")
    assert _luminance(root.evaluate("el => getComputedStyle(el).backgroundColor")) < 0.2
    assert _luminance(root.evaluate("el => getComputedStyle(el).color")) > 0.8
    face = page.locator(".dw-phase-panel .dw-tile-body").first.evaluate("el => getComputedStyle(el).fill")
    assert face == "rgb(251, 246, 230)"


# ---- with the kernel side: the Python Table's own views and answers ---------------------

def _python_table():
    widgets = pytest.importorskip("dominoes_widget.widgets")
    table = widgets.Table(seed=3, bot_delay=0)
    outbox = []
    table.send = lambda content, buffers=None: outbox.append(content)  # the kernel's answers
    return table, outbox


def _forward(page, table, outbox):
    """Hand what the page sent to the Python widget, then show its new view and answers."""
    for message in harness.sent(page):
        table._handle_custom_msg(message, [])  # what the comm does with a custom message
    page.evaluate("() => { window.harness.model.sent.length = 0; }")
    for answer in outbox:
        page.evaluate("m => window.harness.deliver(m)", answer)
    outbox.clear()
    harness.set_view(page, table.view)


def _click_for(page, view, move_text):
    """Make `move_text` with the mouse, as a person would."""
    seat, action, *rest = move_text.split()
    if action in ("pass", "draw"):
        page.locator(f".dw-{action}").click()
        return
    a, b = action.split("-")
    tile = next(t for t in view["hands"][seat] if sorted(t.split("-")) == sorted([a, b]))
    page.locator(f'.dw-hand-tile[data-tile="{tile}"]').click()
    if page.locator(".dw-choice").is_visible():
        page.keyboard.press(rest[0].lower())


def test_plays_a_whole_hand_against_the_python_table(page):
    table, outbox = _python_table()
    harness.mount_view(page, table.view, rules_text=table.rules_text)
    assert "Six Love" in page.locator(".dw-rules-text").text_content()
    for _ in range(40):
        view = table.view
        if view["phase"] != "playing":
            break
        assert view["legal"], "the person is to move whenever the bots have played"
        _click_for(page, view, view["legal"][0])
        _forward(page, table, outbox)
        assert page.locator("svg.dw-line .dw-tile").count() == len(table.view["line"])
    assert table.view["phase"] in ("hand_over", "match_over")
    assert page.locator(".dw-phase-panel").is_visible()
    assert table.view["result"]["title"] in page.locator(".dw-phase-panel").inner_text()
    snapshot(page, "python-table-hand-over")
    page.locator(".dw-phase-panel .dw-primary").click()
    _forward(page, table, outbox)
    assert table.view["hand_number"] == 1 or table.view["phase"] == "choose_leader"


def test_a_refusal_from_the_python_table_shows_by_the_hand(page):
    table, outbox = _python_table()
    harness.mount_view(page, table.view)
    # The first lead must be the 6-6: any other tile is refused by the kernel.
    other = next(t for t in table.view["hands"]["S"] if t != "6-6")
    page.locator(f'.dw-hand-tile[data-tile="{other}"]').click()
    _forward(page, table, outbox)
    flash = page.locator(".dw-flash")
    assert "dw-visible" in flash.get_attribute("class")
    assert flash.inner_text() == table.view["message"] != ""
