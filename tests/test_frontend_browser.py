"""The built Table front end (dominoes_widget/static/table.js) in headless Chromium, without Jupyter.

Each test renders the widget with a fake model, a protocol-v2 view (js/PROTOCOL.md, made by
tests/frontend_views.py with the engine) and the English words, clicks and types like a
person, and checks what is drawn and what the widget sends. A screenshot of each test goes
to test-artifacts/frontend/.
"""

from __future__ import annotations

import re

import pytest

import browser_harness as harness
import frontend_views as views

pytestmark = pytest.mark.browser

ARTIFACTS = harness.ROOT / "test-artifacts" / "frontend"
IVORY = "rgb(251, 248, 239)"  # palette.json's tile_face


# ---- fixtures -------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def shared_page(chromium):
    page = harness.open_page(chromium, harness.TABLE)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    yield page
    page.close()


@pytest.fixture
def page(shared_page, request):
    """The module's page, blank again for each test; its screenshot is saved after the test."""
    harness.reset(shared_page)
    shared_page.errors.clear()
    yield shared_page
    snapshot(shared_page, request.node.name)
    assert not shared_page.errors, f"errors in the page: {shared_page.errors}"


def snapshot(page, name):
    harness.still(page)  # fades finished: the picture shows the drawing, not a frame of a fade
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def mount(page, view, *, width=960, rules_text="", words=None):
    harness.mount_view(page, view, width=width, rules_text=rules_text, words=words)


def move_sent(move: str, view: dict) -> dict:
    """The message a move click sends: the move and the position it was made in."""
    return {"type": "move", "move": move, "hand": view["hand_number"], "ply": len(view["moves"])}


def tile_name(tile: str) -> str:
    a, b = (views.NUMBERS[int(v)] for v in tile.split("-"))
    return f"double {a}" if a == b else f"{a}-{b}"


def hand_tile(page, tile):
    return page.locator(f'.dw-hand button[data-tile="{tile}"]')


def hand_labels(page) -> list[str]:
    return page.locator(".dw-hand-tile").evaluate_all("buttons => buttons.map(b => b.getAttribute('aria-label'))")


def focused(page) -> dict:
    return page.evaluate("() => ({label: document.activeElement?.getAttribute('aria-label'),"
                         " tile: document.activeElement?.dataset?.tile ?? null})")


def deliver(page, message):
    page.evaluate("m => window.harness.deliver(m)", message)


def root_height(page) -> float:
    return page.locator(".dominoes-widget").bounding_box()["height"]


def seat_box(page, seat):
    return page.locator(f'.dw-seat[data-seat="{seat}"]')


# ---- drawing --------------------------------------------------------------------------------

def test_draws_seats_line_hand_score_and_moves(page):
    view = views.choice_of_end()
    mount(page, view)
    for seat, position in {"S": "bottom", "W": "left", "N": "top", "E": "right"}.items():
        box = seat_box(page, seat)
        assert box.get_attribute("data-position") == position
        assert box.locator(".dw-seat-name").inner_text() == view["players"][seat]["label"]
    # Others' hands face down, as many as the view counts; the viewer's in the tray.
    for seat in "NEW":
        assert seat_box(page, seat).locator(".dw-face-down").count() == view["hands"][seat]
    assert seat_box(page, "S").locator(".dw-seat-tiles").is_hidden()
    assert page.locator(".dw-hand .dw-hand-tile").count() == len(view["hands"]["S"])
    assert "dw-turn" in seat_box(page, "S").get_attribute("class")
    assert seat_box(page, "S").locator(".dw-mark-turn").inner_text() == "to play"
    assert f"{view['pips']['S']} pips" in seat_box(page, "S").locator(".dw-seat-count").inner_text()
    # The line, its pips, and the tile the last move placed.
    line = page.locator("svg.dw-line")
    assert line.locator(".dw-tile").count() == len(view["line"])
    assert line.locator(".dw-pip").count() == sum(a + b for a, b in view["line"])
    assert line.locator(".dw-last").get_attribute("data-index") == str(view["last"])
    left, right = (views.NUMBERS[v] for v in view["ends"])
    assert line.get_attribute("aria-label") == f"Line of play: {len(view['line'])} tiles, open ends {left} and {right}"
    # Corners, score, moves in words, status; no pile in the partnership game.
    assert page.locator(".dw-corner-start").first.inner_text() == f"{view['title']}\n{view['hand_label']}"
    assert page.locator(".dw-pile").count() == 0
    score = page.locator(".dw-score").inner_text()
    assert "Six Love" in score and "North-South" in score and view["hand_label"] in score
    items = page.locator(".dw-move-list button")
    assert items.count() == len(view["moves"]) + 1
    assert items.first.inner_text() == "Deal"
    first = view["moves"][0].split()
    assert items.nth(1).inner_text() == f"{view['players'][first[0]]['name']}: lead {first[1]}", "the lead, in words"
    assert items.nth(1).get_attribute("title") == view["move_words"][0], "and in the kernel's words"
    assert items.last.get_attribute("aria-current") == "step"
    assert page.locator(".dw-status-text").inner_text() == view["status"]
    assert page.locator(".dw-draw").evaluate("b => getComputedStyle(b).visibility") == "hidden"


def test_tiles_are_named_in_words(page):
    view = views.choice_of_end()
    mount(page, view)
    assert hand_labels(page) == [tile_name(t) for t in view["hands"]["S"]]
    assert "double blank" in hand_labels(page)


def test_no_hidden_tile_is_drawn_face_up(page):
    view = views.choice_of_end()
    mount(page, view)
    hidden = sum(view["hands"][s] for s in "NEW")
    assert page.locator(".dw-seat .dw-face-down").count() == hidden
    assert page.locator(".dw-seat .dw-pip").count() == 0, "no other seat shows a pip"
    assert page.locator(".dw-seat .dw-tile:not(.dw-face-down)").count() == 0


def test_a_missing_word_shows_its_key(page):
    words = dict(views.WORDS)
    del words["pass"]
    mount(page, views.choice_of_end(), words=words)
    assert page.locator(".dw-pass").inner_text() == "pass"
    assert page.locator(".dw-draw").text_content() == "Draw"


def test_reason_codes_never_show_as_text(page):
    view = views.choice_of_end()
    view["message"] = {"text": "It is not your turn.", "kind": "refused", "reason": "not_your_turn", "id": 3}
    mount(page, view)
    deliver(page, {"type": "refused", "reason": "no_match", "message": "5-1 fits neither end."})
    text = page.locator(".dominoes-widget").inner_text()
    assert "no_match" not in text and "not_your_turn" not in text and "reason" not in text
    assert page.locator(".dw-notice").get_attribute("title") == "no_match"


# ---- playing ---------------------------------------------------------------------------------

def test_click_on_a_tile_with_one_move_sends_it(page):
    view = views.choice_of_end()
    both, one, _ = views.choice_tiles(view)
    mount(page, view)
    assert "dw-playable" in hand_tile(page, one).get_attribute("class")
    hand_tile(page, one).click()
    move = next(m for m in view["legal"] if sorted(m.split()[1].split("-")) == sorted(one.split("-")))
    assert harness.sent(page) == [move_sent(move, view)]


def test_a_click_no_kernel_answers_says_playing_needs_a_kernel(page):
    view = views.choice_of_end()
    _, one, _ = views.choice_tiles(view)
    mount(page, view)
    status = page.locator(".dw-status")
    assert "dw-my-turn" in status.get_attribute("class")
    hand_tile(page, one).click()
    assert len(harness.sent(page)) == 1
    # Nothing answers (an exported page): after a few seconds the status line says why.
    page.wait_for_function("() => document.querySelector('.dw-status').classList.contains('dw-no-kernel')",
                           timeout=60_000)
    assert page.locator(".dw-status-text").inner_text() == views.WORDS["no_kernel"]
    assert "dw-my-turn" not in status.get_attribute("class"), "it no longer pretends it is your turn"
    snapshot(page, "no-kernel")
    # A kernel that was only slow: its answer brings the game back.
    harness.set_view(page, {**view, "status": "North to play"})
    assert page.locator(".dw-status-text").inner_text() == "North to play"
    assert "dw-no-kernel" not in status.get_attribute("class")


def legal_for(view, tile, end):
    return next(m for m in view["legal"] if m.endswith(f" {end}")
                and sorted(m.split()[1].split("-")) == sorted(tile.split("-")))


def test_a_tile_that_fits_both_ends_asks_which_end(page):
    view = views.choice_of_end()
    both, _, _ = views.choice_tiles(view)
    mount(page, view)
    height = root_height(page)
    hand_tile(page, both).click()
    assert harness.sent(page) == []
    assert page.locator("svg.dw-line .dw-slot").count() == 2
    assert page.locator("svg.dw-line .dw-end-tile").count() == 2
    choice = page.locator(".dw-choice")
    assert choice.is_visible() and "on which end" in choice.inner_text()
    assert root_height(page) == height, "the choice lives in the status line: nothing moves"
    snapshot(page, "choosing-an-end")
    page.locator('svg.dw-line .dw-slot[data-end="L"]').click()
    assert harness.sent(page) == [move_sent(legal_for(view, both, "L"), view)]
    assert page.locator("svg.dw-line .dw-slot").count() == 0
    assert choice.is_hidden()


def test_end_choice_by_key_and_escape_cancels(page):
    view = views.choice_of_end()
    both, _, _ = views.choice_tiles(view)
    mount(page, view)
    hand_tile(page, both).click()
    page.keyboard.press("Escape")
    assert page.locator("svg.dw-line .dw-slot").count() == 0
    assert page.locator(".dw-choice").is_hidden()
    assert harness.sent(page) == []
    hand_tile(page, both).click()
    page.keyboard.press("r")
    assert harness.sent(page) == [move_sent(legal_for(view, both, "R"), view)]


def test_end_choice_by_button(page):
    view = views.choice_of_end()
    both, _, _ = views.choice_tiles(view)
    mount(page, view)
    hand_tile(page, both).click()
    right = views.NUMBERS[view["ends"][1]]
    page.locator(".dw-choice").get_by_role("button", name=f"Right ({right})").click()
    assert harness.sent(page) == [move_sent(legal_for(view, both, "R"), view)]


def test_on_a_wild_blank_end_the_person_picks_which_half_touches(page):
    view = views.choice_of_end()
    view.update(ends=[0, view["ends"][1]], legal=["S 0-5 L", "S 5-0 L"], playable=["5-5"])
    view["hands"]["S"] = ["0-5", "1-1"]
    mount(page, view)
    hand_tile(page, "0-5").click()
    choice = page.locator(".dw-choice")
    assert "Which half of blank-five touches the left end?" in choice.inner_text()
    assert page.locator("svg.dw-line .dw-slot").count() == 1
    choice.get_by_role("button", name="five against the end").click()
    assert harness.sent(page) == [move_sent("S 5-0 L", view)]


def test_a_tile_with_no_legal_move_still_sends_a_move(page):
    view = views.choice_of_end()
    _, _, neither = views.choice_tiles(view)
    mount(page, view)
    assert "dw-unplayable" in hand_tile(page, neither).get_attribute("class")
    hand_tile(page, neither).click()
    [sent] = harness.sent(page)
    seat, tile, end = sent["move"].split()
    assert (sent["type"], seat, sorted(tile), end) == ("move", "S", sorted(neither), "L"), \
        "sent for the kernel to refuse in its words"


def test_the_lead_of_any_tile(page):
    view = views.lead_any_tile()
    mount(page, view)
    assert page.locator(".dw-line-empty").inner_text() == "No tile played yet"
    tile = view["hands"]["S"][2]
    hand_tile(page, tile).click()
    [sent] = harness.sent(page)
    assert sent["move"] in view["legal"] and sorted(sent["move"].split()[1]) == sorted(tile)


def test_pass_and_draw_come_from_legal_and_keep_the_focus_in_the_hand(page):
    view = views.choice_of_end()
    mount(page, view)
    assert page.locator(".dw-pass").is_disabled()
    passing = {**view, "legal": ["S pass"], "playable": []}
    harness.set_view(page, passing)
    page.locator(".dw-pass").click()
    assert harness.sent(page) == [move_sent("S pass", passing)]
    assert focused(page)["tile"] is not None, "the focus goes back to the hand"
    viet = views.vietnamese_draw()
    harness.set_view(page, viet)
    assert page.locator(".dw-pass").is_disabled()
    assert page.locator(".dw-draw").is_visible() and page.locator(".dw-draw").is_enabled()
    page.locator(".dw-draw").click()
    assert harness.sent(page)[-1] == move_sent("S draw", viet)
    assert focused(page)["tile"] is not None
    # The next view: the drawn tile arrived, still S to move; the focus stays in the hand.
    drawn = {**viet, "hands": {**viet["hands"], "S": viet["hands"]["S"] + ["4-4"]}, "pile": viet["pile"] - 1}
    harness.set_view(page, drawn)
    assert focused(page)["tile"] is not None
    harness.set_view(page, {**viet, "legal": [], "turn": "E", "status": "East is thinking…"})
    assert page.locator(".dw-draw").is_disabled()


def test_keyboard_arrows_move_along_the_hand_and_enter_plays(page):
    view = views.choice_of_end()
    both, one, _ = views.choice_tiles(view)
    tiles = view["hands"]["S"]
    mount(page, view)
    hand_tile(page, tiles[0]).focus()
    page.keyboard.press("ArrowRight")
    assert focused(page)["tile"] == tiles[1]
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert focused(page)["tile"] == tiles[-1], "wraps around"
    page.keyboard.press("Home")
    assert focused(page)["tile"] == tiles[0]
    assert page.locator('.dw-hand-tile[tabindex="0"]').count() == 1, "one tab stop for the whole hand"
    page.keyboard.press("End")
    hand_tile(page, one).focus()
    page.keyboard.press("Enter")
    assert len(harness.sent(page)) == 1
    hand_tile(page, both).focus()
    page.keyboard.press(" ")
    page.keyboard.press("l")
    assert harness.sent(page)[-1] == move_sent(legal_for(view, both, "L"), view)


def test_focus_stays_in_the_hand_when_the_view_changes(page):
    view = views.choice_of_end()
    tiles = view["hands"]["S"]
    mount(page, view)
    hand_tile(page, tiles[1]).focus()
    harness.set_view(page, {**view, "hands": {**view["hands"], "S": tiles[1:]}})
    assert focused(page)["tile"] == tiles[2], "the tile now in that place"


def test_notices_show_in_the_status_line_once_per_id(page):
    view = views.vietnamese_draw()
    mount(page, view)
    height = root_height(page)
    notice = page.locator(".dw-notice")
    assert notice.inner_text() == view["message"]["text"]
    assert "dw-visible" in notice.get_attribute("class")
    assert root_height(page) == height
    # The same notice (same id) in the next view does not flash again.
    page.evaluate("() => document.querySelector('.dw-notice').classList.remove('dw-visible')")
    harness.set_view(page, {**view, "status": "Still your turn."})
    assert "dw-visible" not in notice.get_attribute("class")
    harness.set_view(page, {**view, "message": {**view["message"], "text": "Another notice.", "id": 5}})
    assert notice.inner_text() == "Another notice." and "dw-visible" in notice.get_attribute("class")
    # The kernel's custom messages too, in the same place.
    deliver(page, {"type": "refused", "reason": "no_match", "message": "6-5 fits neither end."})
    assert notice.inner_text() == "6-5 fits neither end." and notice.get_attribute("data-kind") == "refused"
    deliver(page, {"type": "error", "message": "Unknown message."})
    assert notice.inner_text() == "Unknown message." and notice.get_attribute("data-kind") == "error"
    status, box = page.locator(".dw-status").bounding_box(), notice.bounding_box()
    assert box["width"] == status["width"] and abs(box["y"] - status["y"]) <= 1 \
        and box["height"] >= status["height"] - 1, "the notice lies over the status line"
    assert root_height(page) == height


def test_the_last_move_is_highlighted(page):
    view = views.choice_of_end()
    mount(page, view)
    last = page.locator("svg.dw-line .dw-last")
    assert last.count() == 1
    assert last.locator(".dw-tile-body").evaluate("r => getComputedStyle(r).stroke") == "rgb(244, 163, 0)"
    harness.set_view(page, {**view, "last": None})
    assert page.locator("svg.dw-line .dw-last").count() == 0


def test_a_new_tile_fades_in(page):
    view = views.choice_of_end()
    mount(page, view)
    assert page.locator("svg.dw-line .dw-new").count() == 0
    right = view["ends"][1]
    longer = {**view, "line": view["line"] + [[right, 4]], "ends": [view["ends"][0], 4],
              "moves": view["moves"] + [f"S {right}-4 R"], "last": len(view["line"])}
    harness.set_view(page, longer)
    assert page.locator("svg.dw-line .dw-new").count() == 1
    assert page.locator("svg.dw-line .dw-tile").count() == len(view["line"]) + 1


# ---- looking back, takeback, the coach, counting -------------------------------------------------

def test_the_move_list_looks_back_and_a_control_returns(page):
    view = views.choice_of_end()
    mount(page, view)
    page.locator('.dw-move-list button[data-ply="3"]').click()
    assert harness.sent(page) == [{"type": "look", "ply": 3}]
    page.locator(".dw-move-list button").last.click()
    assert len(harness.sent(page)) == 1, "the present position is no look back"
    looking = views.looking_back(3)
    harness.set_view(page, looking)
    assert page.locator(".dw-look").is_visible()
    assert page.locator(".dw-look-text").inner_text() == looking["look"]["label"]
    assert page.locator('.dw-move-list button[aria-current="step"]').get_attribute("data-ply") == "3"
    assert page.locator("svg.dw-line .dw-tile").count() == 3
    assert "dw-looking" in page.locator(".dw-main").get_attribute("class")
    snapshot(page, "looking-back")
    # Read-only: tiles and Pass send nothing.
    assert hand_tile(page, looking["hands"]["S"][0]).get_attribute("aria-disabled") == "true"
    hand_tile(page, looking["hands"]["S"][0]).click(force=True)
    assert page.locator(".dw-pass").is_disabled()
    assert harness.sent(page) == [{"type": "look", "ply": 3}]
    page.get_by_role("button", name="Back to the game").click()
    assert harness.sent(page)[-1] == {"type": "look", "ply": None}
    page.locator(".dw-hand").focus()
    page.keyboard.press("Escape")
    assert harness.sent(page)[-1] == {"type": "look", "ply": None}
    harness.set_view(page, view)
    assert page.locator(".dw-look").is_hidden()


def test_take_back_only_when_the_view_allows_it(page):
    view = views.choice_of_end()
    mount(page, view)
    undo = page.locator(".dw-undo")
    assert undo.evaluate("b => getComputedStyle(b).visibility") == "hidden"
    box = page.locator(".dw-pass").bounding_box()
    harness.set_view(page, {**view, "can_undo": True})
    assert undo.is_visible() and undo.inner_text() == "Take back"
    assert page.locator(".dw-pass").bounding_box() == box, "buttons keep their places"
    undo.click()
    assert harness.sent(page) == [{"type": "undo"}]


def test_hint_button_and_the_coach_answer(page):
    view = views.with_hint()
    mount(page, {**view, "hint": None})
    button = page.locator(".dw-hint")
    button.click()
    assert harness.sent(page) == [{"type": "hint"}]
    assert (button.inner_text(), button.get_attribute("aria-busy"), button.is_disabled()) == ("Thinking…", "true", True), \
        "the judge takes a second or two: the button says it is at work"
    harness.set_view(page, view)
    assert (button.inner_text(), button.get_attribute("aria-busy"), button.is_disabled()) == ("Hint", None, True), \
        "answered; asking again at this position would give the same hint"
    coach = page.locator(".dw-coach")
    assert coach.is_visible()
    assert view["hint"]["words"] in coach.inner_text()
    rows = coach.locator(".dw-hint-move")
    assert rows.count() == len(view["hint"]["moves"])
    assert "best" in rows.first.inner_text() and "62%" in rows.first.inner_text()
    best_tile = view["hint"]["best"].split()[1]
    best = page.locator(".dw-hand-tile.dw-best")
    assert best.count() == 1
    assert sorted(best.get_attribute("data-tile")) == sorted(best_tile)
    assert best.locator(".dw-hint-badge").inner_text() == "62%"
    assert "62% to win" in best.get_attribute("aria-label")


def test_the_counting_panel_toggles_and_shows(page):
    view = views.with_hint()
    mount(page, {**view, "hint": None})
    toggle = page.locator(".dw-counting-toggle")
    assert toggle.get_attribute("aria-pressed") == "false"
    toggle.click()
    assert harness.sent(page) == [{"type": "counting", "show": True}]
    counting = views.with_counting()
    harness.set_view(page, counting)
    assert toggle.get_attribute("aria-pressed") == "true"
    panel = page.locator(".dw-counting")
    assert panel.locator(".dw-unseen").count() == 7
    assert panel.locator(".dw-unseen-count").all_inner_texts() == [str(u["count"])
                                                                     for u in counting["counting"]["unseen"]]
    void = counting["counting"]["voids"][0]
    assert void["label"] in panel.inner_text()
    assert ", ".join(views.NUMBERS[n] for n in void["numbers"]) in panel.inner_text()
    assert panel.locator(".dw-voids li").all_inner_texts() == [
        f"{v['label']} {', '.join(views.NUMBERS[n] for n in v['numbers'])} ({v['since']})"
        for v in counting["counting"]["voids"]], "one line per void, each with its own move"
    assert all(line in panel.inner_text() for line in counting["counting"]["words"])
    toggle.click()
    assert harness.sent(page)[-1] == {"type": "counting", "show": False}


def test_no_coach_no_hint_or_counting(page):
    mount(page, views.choice_of_end())
    assert page.locator(".dw-hint").evaluate("b => getComputedStyle(b).visibility") == "hidden"
    assert page.locator(".dw-counting").is_hidden()
    assert page.locator(".dw-coach").is_hidden()


# ---- phases ----------------------------------------------------------------------------------

def test_hand_over_keeps_the_line_and_every_hand_in_sight(page):
    view = views.hand_over()
    mount(page, view)
    result = page.locator(".dw-result")
    assert result.is_visible()
    assert view["result"]["title"] in result.inner_text()
    assert view["result"]["lines"][0] in result.inner_text()
    # The result sits in the tray, not over the line.
    line_box = page.locator(".dw-line-box").bounding_box()
    result_box = result.bounding_box()
    assert result_box["y"] >= line_box["y"] + line_box["height"]
    # Every hand face up on the felt, the viewer's too; winners marked.
    for seat in "NESW":
        held = view["hands"][seat]
        assert seat_box(page, seat).locator(".dw-tile:not(.dw-face-down)").count() == len(held)
    assert page.locator(".dw-mark-winner").count() == len(view["result"]["winners"])
    assert page.locator("svg.dw-line .dw-tile").count() == len(view["line"])
    page.get_by_role("button", name="Next hand").click()
    assert harness.sent(page) == [{"type": "next_hand"}]
    harness.set_view(page, views.lead_any_tile())
    assert result.is_hidden()


def test_match_over_and_new_match(page):
    view = views.match_over()
    mount(page, view)
    result = page.locator(".dw-result")
    assert view["result"]["match"] in result.inner_text()
    page.get_by_role("button", name="New match").click()
    assert harness.sent(page) == [{"type": "new_match"}]


def test_the_result_button_stays_where_pass_was(page):
    mount(page, views.choice_of_end())
    actions = page.locator(".dw-actions").bounding_box()
    height = root_height(page)
    harness.set_view(page, views.hand_over())
    assert page.locator(".dw-actions").bounding_box() == actions
    assert root_height(page) == height, "no layout shift when the hand ends"
    button = page.locator(".dw-next").bounding_box()
    assert actions["x"] <= button["x"] and button["x"] + button["width"] <= actions["x"] + actions["width"]


def test_choose_leader_buttons_send_the_seat(page):
    view = views.choose_leader()
    mount(page, view)
    assert page.locator(".dw-status-text").inner_text() == view["leader_prompt"]
    buttons = page.locator(".dw-leader-actions button")
    assert buttons.all_inner_texts() == [choice["label"] for choice in view["leader_choices"]] == ["You lead",
                                                                                                    "North leads"]
    buttons.nth(1).click()
    assert harness.sent(page) == [{"type": "choose_leader", "seat": "N"}]


def test_cover_hides_everything_is_inert_and_sends_uncover(page):
    view = views.cover()
    mount(page, view)
    cover = page.locator(".dw-cover")
    assert cover.is_visible()
    assert view["cover"]["title"] in cover.inner_text() and view["cover"]["hint"] in cover.inner_text()
    assert page.locator(".dw-tile:not(.dw-face-down)").count() - page.locator("svg.dw-line .dw-tile").count() == 0
    assert page.locator(".dw-hand-tile").count() == 0
    root = page.locator(".dominoes-widget").bounding_box()
    assert cover.bounding_box() == root, "the cover lies over the whole widget"
    assert page.locator(".dw-board").evaluate("board => board.inert")
    moves = page.locator(".dw-move-list button").first.bounding_box()
    on_top = page.evaluate("([x, y]) => document.elementFromPoint(x, y).closest('.dw-cover') !== null",
                           [moves["x"] + 5, moves["y"] + 5])
    assert on_top, "the cover is what a click under it reaches"
    snapshot(page, "cover-up")
    cover.focus()
    page.keyboard.press("Tab")
    assert not page.evaluate("() => document.querySelector('.dw-board').contains(document.activeElement)"), \
        "the keyboard cannot reach under the cover"
    assert harness.sent(page) == []
    cover.focus()
    page.keyboard.press("Enter")
    assert harness.sent(page) == [{"type": "uncover"}]
    cover.click()
    assert harness.sent(page)[-1] == {"type": "uncover"}
    north = views.choice_of_end()
    harness.set_view(page, north)
    assert cover.is_hidden()
    assert not page.locator(".dw-board").evaluate("board => board.inert")


def test_rules_panel_shows_rules_text(page):
    mount(page, views.choice_of_end(), rules_text="Partnership dominoes.\nSix Love: first to 6.")
    rules = page.locator(".dw-rules")
    assert rules.locator("summary").inner_text() == "Rules"
    rules.locator("summary").click()
    assert "Six Love: first to 6." in rules.locator(".dw-rules-text").inner_text()
    page.evaluate("() => window.harness.model.kernelSet('rules_text', 'Vietnamese rules.')")
    assert rules.locator(".dw-rules-text").inner_text() == "Vietnamese rules."


# ---- seats round the table -------------------------------------------------------------------

def test_vietnamese_three_players_pile_and_places(page):
    view = views.vietnamese_draw()
    mount(page, view)
    assert {s: seat_box(page, s).get_attribute("data-position") for s in "SEN"} == \
        {"S": "bottom", "E": "right", "N": "top"}
    assert page.locator('.dw-seat[data-position="left"]').is_hidden()
    assert page.locator(".dw-pile").inner_text() == f"Pile: {view['pile']}"
    # The empty left place keeps its room: the line stays in the middle column.
    felt = page.locator(".dw-felt").bounding_box()
    line = page.locator(".dw-line-box").bounding_box()
    assert abs((line["x"] + line["width"] / 2) - (felt["x"] + felt["width"] / 2)) < 2


def test_two_players_face_each_other(page):
    view = views.two_players()
    mount(page, view)
    assert seat_box(page, "N").get_attribute("data-position") == "top"
    assert "dw-no-sides" in page.locator(".dw-felt").get_attribute("class")
    assert page.locator(".dw-pile").inner_text() == f"Pile: {view['pile']}"


def test_an_open_table_seen_from_north(page):
    view = views.open_hands("N")
    mount(page, view)
    assert {s: seat_box(page, s).get_attribute("data-position") for s in "NESW"} == \
        {"N": "bottom", "E": "left", "S": "top", "W": "right"}
    for seat in "ESW":
        tiles = seat_box(page, seat).locator(".dw-tile")
        assert tiles.count() == len(view["hands"][seat]) and seat_box(page, seat).locator(".dw-face-down").count() == 0
    assert hand_labels(page) == [tile_name(t) for t in view["hands"]["N"]], "the bottom seat's tiles in the tray"
    # Readable: the short side of every other seat's tile is at least 14 px.
    sides = page.locator(".dw-seat .dw-tile-body").evaluate_all(
        "rects => rects.map(r => { const b = r.getBoundingClientRect(); return Math.min(b.width, b.height); })")
    assert min(sides) >= 14, sides
    # Nobody at the screen: North's tiles show in the tray, and clicks send nothing.
    hand_tile(page, view["hands"]["N"][0]).click(force=True)
    assert harness.sent(page) == []


# ---- the line: size and layout ------------------------------------------------------------------

@pytest.mark.parametrize("width", [960, 640, 420])
def test_a_28_tile_line_stays_within_its_box(page, width):
    mount(page, views.full_line(), width=width)
    box = page.locator(".dw-line-box").bounding_box()
    tiles = page.locator("svg.dw-line .dw-tile-body").evaluate_all(
        "rects => rects.map(r => { const b = r.getBoundingClientRect(); return [b.left, b.right, b.top, b.bottom]; })")
    assert len(tiles) == 28
    for left, right, top, bottom in tiles:
        assert box["x"] - 0.5 <= left and right <= box["x"] + box["width"] + 0.5
        assert box["y"] - 0.5 <= top and bottom <= box["y"] + box["height"] + 0.5
    assert page.locator("svg.dw-line .dw-pip").count() == 8 * 21  # each number 0-6 is on 8 tiles
    widget = page.locator(".dominoes-widget").bounding_box()
    assert widget["width"] <= width


def test_the_line_is_laid_out_again_when_the_cell_resizes(page):
    mount(page, views.full_line(), width=960)
    wide = page.locator("svg.dw-line .dw-tile-body").first.bounding_box()
    page.evaluate("() => { document.getElementById('widget').style.width = '520px'; }")
    page.wait_for_function("() => document.querySelector('.dw-line-box').getBoundingClientRect().width < 400")
    harness.settle(page)
    narrow = page.locator("svg.dw-line .dw-tile-body").first.bounding_box()
    assert min(narrow["width"], narrow["height"]) < min(wide["width"], wide["height"]), "smaller tiles"
    box = page.locator(".dw-line-box").bounding_box()
    right = page.locator("svg.dw-line .dw-tile-body").evaluate_all(
        "rects => Math.max(...rects.map(r => r.getBoundingClientRect().right))")
    assert right <= box["x"] + box["width"] + 0.5


def test_the_tiles_grow_back_for_a_short_line(page):
    mount(page, views.full_line())
    small = page.locator("svg.dw-line .dw-tile-body").first.bounding_box()
    harness.set_view(page, views.lead_any_tile() | {"line": [[6, 6]], "lead": 0, "ends": [6, 6], "last": 0})
    big = page.locator("svg.dw-line .dw-tile-body").first.bounding_box()
    assert min(big["width"], big["height"]) > min(small["width"], small["height"])


# ---- lifecycle and themes ----------------------------------------------------------------------

def test_cleanup_removes_the_dom_and_every_listener(page):
    mount(page, views.vietnamese_draw())
    page.evaluate("() => window.harness.unmount()")
    assert page.locator(".dominoes-widget").count() == 0
    assert page.evaluate("() => window.harness.model.listenerCount()") == 0


def _luminance(css_colour: str) -> float:
    """0 (black) to 1 (white): the mean of the channels of rgb(...) or color(srgb ...)."""
    channels = [float(c) for c in re.findall(r"[\d.]+", css_colour.removeprefix("color(srgb"))[:3]]
    return sum(channels) / 3 if css_colour.startswith("color(") else sum(channels) / (3 * 255)


def _panel_colours(page) -> tuple[float, float]:
    """The luminance of a side panel's background and text."""
    panel = page.locator(".dw-score")
    return (_luminance(panel.evaluate("el => getComputedStyle(el).backgroundColor")),
            _luminance(panel.evaluate("el => getComputedStyle(el).color")))


def _tile_face(page, where: str) -> str:
    return page.locator(f"{where} .dw-tile-body").first.evaluate("el => getComputedStyle(el).fill")


def test_dark_jupyterlab_theme_reads_well_and_tiles_stay_ivory(page):
    harness.set_theme(page, "dark")
    view = views.choice_of_end()
    mount(page, view)
    hand_tile(page, views.choice_tiles(view)[0]).click()  # show the end choice too
    assert page.locator(".dominoes-widget").evaluate("el => getComputedStyle(el).colorScheme") == "dark"
    background, text = _panel_colours(page)
    assert background < 0.2 and text > 0.8
    assert _tile_face(page, "svg.dw-line") == IVORY


def test_light_theme_without_jupyterlab_variables_uses_system_colours(page):
    mount(page, views.hand_over())
    assert page.locator(".dominoes-widget").evaluate("el => getComputedStyle(el).colorScheme") == "light dark"
    background, text = _panel_colours(page)
    assert background > 0.85 and text < 0.2


def test_dark_system_theme_without_jupyterlab_variables(page):
    page.emulate_media(color_scheme="dark")
    mount(page, views.hand_over())
    background, text = _panel_colours(page)
    assert background < 0.2 and text > 0.8
    assert _tile_face(page, ".dw-seat") == IVORY


def test_the_felt_is_the_palette_green_in_every_theme(page):
    felts = []
    for theme in ("light", "dark"):
        harness.set_theme(page, theme)
        mount(page, views.choice_of_end())
        felts.append(page.locator(".dw-main").evaluate("el => getComputedStyle(el).backgroundColor"))
    assert felts[0] == felts[1] == "rgb(20, 62, 45)"  # palette.json's felt_edge


def test_focus_rings_are_visible(page):
    view = views.choice_of_end()
    mount(page, view)
    hand_tile(page, view["hands"]["S"][0]).focus()
    page.keyboard.press("ArrowRight")  # keyboard focus: :focus-visible applies
    style = page.evaluate("() => { const s = getComputedStyle(document.activeElement); "
                          "return [s.outlineStyle, parseFloat(s.outlineWidth)]; }")
    assert style[0] == "solid" and style[1] >= 2


# ---- following the game (issue 17) -----------------------------------------------------------------

def test_the_recap_names_every_move_since_your_last_and_each_seat_its_last_turn(page):
    view = views.choice_of_end()
    mount(page, view)
    mine = max(i for i, move in enumerate(view["moves"]) if move.startswith("S "))
    since = view["moves"][mine + 1:]
    assert since, "the others moved after South"
    recap = page.locator(".dw-recap").inner_text()
    assert recap == view["recap"]
    for move in since:
        seat, tile = move.split()[:2]
        name = {"N": "North", "E": "East", "W": "West"}[seat]
        assert f"{name} played {tile}" in recap or f"{name} passed" in recap
    for seat, words in view["seat_moves"].items():
        assert page.locator(f'.dw-seat[data-seat="{seat}"] .dw-mark-last').inner_text() == words


def test_when_you_must_pass_the_tiles_dim_and_pass_is_the_main_button(page):
    view = views.must_pass()
    mount(page, view)
    assert "dw-stuck" in page.locator(".dw-hand").get_attribute("class")
    assert "dw-primary" in page.locator(".dw-pass").get_attribute("class")
    assert page.locator(".dw-status-text").inner_text().startswith("Your turn: no tile shows ")
    page.locator(".dw-pass").click()
    assert harness.sent(page)[-1]["move"] == "S pass"


def test_a_new_hand_is_announced_and_a_click_goes_on(page):
    view = views.announced()
    mount(page, view)
    announce = page.locator(".dw-announce")
    assert announce.is_visible()
    assert announce.inner_text().startswith("Hand 2: ")
    page.locator(".dw-go-on").click()
    assert {"type": "go_on"} in harness.sent(page)


def test_the_speed_control_sends_the_speed_chosen(page):
    view = views.choice_of_end()
    mount(page, view)
    select = page.locator(".dw-speed-select")
    assert select.input_value() == view["speed"]
    select.select_option("fast")
    assert harness.sent(page)[-1] == {"type": "speed", "speed": "fast"}


def test_the_selected_tile_is_marked_while_its_end_is_chosen(page):
    view = views.choice_of_end()
    mount(page, view)
    both = views.choice_tiles(view)[0]
    hand_tile(page, both).click()
    assert "dw-selected" in hand_tile(page, both).get_attribute("class")
    page.keyboard.press("Escape")
    assert "dw-selected" not in hand_tile(page, both).get_attribute("class")


def _a_bot_move_later(view: dict, *, animate: bool) -> dict:
    """``view`` after West put one more tile on the right (drawn only: no rule is checked here)."""
    on_line = {tuple(sorted(pair)) for pair in view["line"]}
    a, b = next((a, b) for a in range(7) for b in range(a, 7) if (a, b) not in on_line)
    return {**view, "line": view["line"] + [[a, b]], "last": len(view["line"]), "moves": view["moves"] + [f"W {a}-{b} R"],
            "move_words": view["move_words"] + ["West plays."], "move_items": view["move_items"] + ["West: a tile"],
            "animate": animate, "legal": [], "playable": [], "turn": "W"}


def test_a_paced_bot_tile_glides_in_from_its_seat_unless_motion_is_reduced(page):
    view = {**views.choice_of_end(), "animate": True}
    mount(page, view)
    harness.set_view(page, _a_bot_move_later(view, animate=True))
    tile = page.locator("svg.dw-line .dw-new")
    assert tile.count() == 1
    assert page.locator("svg.dw-line").get_attribute("data-from") == "left", "West sits on the left"
    assert tile.evaluate("t => getComputedStyle(t).animationName") == "dw-glide"
    dx = tile.evaluate("t => parseFloat(t.style.getPropertyValue('--dw-glide'))")
    assert dx < 0, "it starts to the left, on West's seat"
    page.emulate_media(reduced_motion="reduce")
    try:
        assert tile.evaluate("t => getComputedStyle(t).animationName") == "none"
    finally:
        page.emulate_media(reduced_motion="no-preference")


def test_bots_moving_at_once_draw_no_glide(page):
    view = {**views.choice_of_end(), "animate": False}
    mount(page, view)
    harness.set_view(page, _a_bot_move_later(view, animate=False))
    assert page.locator("svg.dw-line").get_attribute("data-from") is None
    assert page.locator("svg.dw-line .dw-new").evaluate("t => getComputedStyle(t).animationName") != "dw-glide"
