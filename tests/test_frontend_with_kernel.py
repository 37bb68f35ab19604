"""The built front ends against the real Python widgets: what the page sends goes to the
kernel side, and what it answers comes back to the page.

The Table's ``view``, ``words`` and ``rules_text`` traits and its answers to
``move``/``look``/``undo``/``hint``/``counting``/``next_hand``..., and the Replay's ``view``
(every step's position and words), as protocol v2 (js/PROTOCOL.md) has them.
"""

from __future__ import annotations

import pytest

import browser_harness as harness
from dominoes_widget.sessions.replay.step_deltas import hand_steps

pytestmark = pytest.mark.browser


@pytest.fixture
def page(chromium):
    page = harness.open_page(chromium, harness.TABLE)
    yield page
    page.close()


def _python_table():
    """A v2 ``Table`` with no bot delay, its outgoing messages collected."""
    from dominoes_widget.widgets import Table

    table = Table(seed=3, bot_delay=0)
    outbox = []
    table.send = lambda content, buffers=None: outbox.append(content)  # the kernel's answers
    return table, outbox


def _mount(page, table):
    harness.mount(page, {"view": table.view, "words": table.words, "rules_text": table.rules_text})


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
    """Make ``move_text`` with the mouse, as a person would."""
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
    """Click the first legal move until the hand ends; the line follows the kernel's, the
    result shows with its title, and Next hand deals the next hand (or asks who leads)."""
    table, outbox = _python_table()
    _mount(page, table)
    for _ in range(40):
        view = table.view
        if view["phase"] != "playing":
            break
        assert view["legal"], "the person is to move whenever the bots have played"
        _click_for(page, view, view["legal"][0])
        _forward(page, table, outbox)
        assert page.locator("svg.dw-line .dw-tile").count() == len(table.view["line"])
    assert table.view["phase"] in ("hand_over", "match_over")
    assert table.view["result"]["title"] in page.locator(".dw-result").inner_text()
    page.locator(".dw-next").click()
    _forward(page, table, outbox)
    assert table.view["hand_number"] == 1 or table.view["phase"] == "choose_leader"


def test_a_refusal_from_the_python_table_shows_in_the_status_line(page):
    """The first lead must be the 6-6: any other tile is refused, in the kernel's words."""
    table, outbox = _python_table()
    _mount(page, table)
    other = next(t for t in table.view["hands"]["S"] if t != "6-6")
    page.locator(f'.dw-hand-tile[data-tile="{other}"]').click()
    _forward(page, table, outbox)
    notice = page.locator(".dw-notice")
    assert "dw-visible" in notice.get_attribute("class")
    assert notice.inner_text() == table.view["message"]["text"] != ""


def test_look_back_and_take_back_against_the_python_table(page):
    """A move-list click shows the earlier position the kernel sends; Back to the game
    returns; Take back (with takeback on) undoes the person's last move."""
    from dominoes_widget.widgets import Table

    table = Table(seed=3, bot_delay=0, takeback=True)
    outbox = []
    table.send = lambda content, buffers=None: outbox.append(content)
    _mount(page, table)
    view = table.view
    _click_for(page, view, view["legal"][0])
    _forward(page, table, outbox)
    page.locator('.dw-move-list button[data-ply="1"]').click()
    _forward(page, table, outbox)
    assert table.view["look"]["ply"] == 1
    assert page.locator("svg.dw-line .dw-tile").count() == 1
    page.get_by_role("button", name=table.words["back_to_game"]).click()
    _forward(page, table, outbox)
    assert table.view["look"] is None
    moves = len(table.view["moves"])
    page.locator(".dw-undo").click()
    _forward(page, table, outbox)
    assert len(table.view["moves"]) < moves


def test_the_replay_steps_through_the_python_replay_data(chromium):
    """Every third step of every hand of a record: the page draws the kernel's line and
    hands (data v2), and says the step's sentence."""
    from dominoes_widget.widgets.replay import Replay

    replay = Replay(harness.RECORDS / "six_love_match.json")
    page = harness.open_page(chromium, harness.REPLAY)
    try:
        harness.mount(page, harness.traits(replay))
        for hand, hand_data in enumerate(replay.view["hands"]):
            for step in range(0, len(hand_data["moves"]) + 1, 3):
                harness.kernel_set(page, "hand", hand)
                harness.kernel_set(page, "step", step)
                expected = hand_steps(hand_data)[step]
                line = page.locator("svg.dw-line").get_attribute("data-line")
                assert line == " ".join(f"{a}-{b}" for a, b in expected["line"])
                assert page.locator(".dw-say").inner_text() == expected["say"]
    finally:
        page.close()
