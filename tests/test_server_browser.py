"""The table server in real browsers (issue 20): a table with two people and two bots set
up through the API, a whole hand played by clicking in two Chromium contexts (one per
person, each opening only its own link; North closes its browser mid-hand and opens the
link again in a new one), and the record verifies. The page keeps working under the
server's Content-Security-Policy (nothing it needs is refused; the waits pass functions,
as a string would be an eval the policy forbids).

The server runs as ``python -m dominoes_widget serve`` in a child process on 127.0.0.1.
"""

from __future__ import annotations

import json
import sqlite3
import time
import urllib.request
from pathlib import Path

import pytest

from dominoes_widget.engine.record import verify_record
from dominoes_widget.words.catalog import Voice
from server_harness import free_port, spawn_server, stop_server

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"
# The seat page's view; until the page has one (a link just opened), an empty one with every
# field the waits below read, so a wait waits instead of failing on a missing field.
VIEW = "Object.assign({viewer: null, phase: null, moves: [], legal: [], hands: {}, leader_choices: []}, window.dominoesSeat?.get('view') ?? {})"


def post(url: str, body: dict) -> dict:
    request = urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=20) as answer:
        return json.loads(answer.read())


def click_move(page, move: str) -> None:
    """Make ``move`` with the mouse, as the person does: the tile, then the end when asked."""
    seat, action, *end = move.split()
    if action in ("pass", "draw"):
        page.locator(f"button.dw-{action}").click()
        return
    a, b = action.split("-")
    page.locator(f'.dw-hand-tile[data-tile="{min(a, b)}-{max(a, b)}"]').click()
    choice = page.locator(f'.dw-choice button[data-end="{end[0]}"]') if end else None
    if choice is not None and choice.is_visible():
        choice.click()


@pytest.fixture()
def server():
    process, base = spawn_server()
    yield base
    stop_server(process)


def test_two_people_play_a_whole_hand_by_clicking_in_two_browsers(chromium, server):
    answer = post(f"{server}/api/tables", {"game": "six_love", "seed": 4, "bots": {"E": "greedy", "W": "greedy"},
                                           "bot_delay": 0, "names": {"S": "Ana", "N": "Bao"}})
    assert set(answer["seats"]) == {"S", "N"}
    contexts = {seat: chromium.new_context(viewport={"width": 1100, "height": 800}) for seat in answer["seats"]}
    pages = {}
    blocked: list[str] = []  # what the page's Content-Security-Policy refused: nothing it needs
    try:
        for seat, context in contexts.items():
            page = context.new_page()
            page.on("console", lambda message: blocked.append(message.text)
                    if "Content Security Policy" in message.text else None)
            page.goto(answer["seats"][seat])
            page.wait_for_function(f"() => ({VIEW}).viewer === '{seat}'")
            assert page.locator(".dw-hand .dw-hand-tile").count() == 7  # the seat's own tiles, drawn
            pages[seat] = page
        clicks, reopened = 0, False
        for _ in range(40):
            view = pages["S"].evaluate(VIEW)
            if view["phase"] != "playing":
                break
            if clicks == 3 and not reopened:  # North closes the browser and opens the link again, in a new one
                contexts["N"].close()
                contexts["N"] = chromium.new_context(viewport={"width": 1100, "height": 800})
                pages["N"] = contexts["N"].new_page()
                pages["N"].goto(answer["seats"]["N"])
                pages["N"].wait_for_function(f"() => ({VIEW}).moves.length === {len(view['moves'])}")
                assert pages["N"].evaluate(VIEW)["hands"]["N"] == north_tiles_before
                reopened = True
            mover = view["turn"]
            page = pages[mover]
            page.wait_for_function(f"() => ({VIEW}).legal.length > 0 && ({VIEW}).moves.length === {len(view['moves'])}")
            mine = page.evaluate(VIEW)
            done = len(mine["moves"])
            click_move(page, mine["legal"][0])
            clicks += 1
            for each in pages.values():  # both browsers show the move
                each.wait_for_function(f"() => ({VIEW}).moves.length > {done} || ({VIEW}).phase !== 'playing'")
            north_tiles_before = pages["N"].evaluate(VIEW)["hands"]["N"]
        for seat, page in pages.items():
            page.wait_for_function(f"() => ['hand_over', 'match_over'].includes(({VIEW}).phase)")
            page.locator(".dw-result").wait_for(state="visible")
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"server-seat-{seat}.png"))
        assert reopened  # the hand went on in North's new browser
        assert not blocked, blocked
        token = answer["seats"]["N"].split("token=")[1]
        with urllib.request.urlopen(f"{server}/api/tables/{answer['id']}/record?token={token}", timeout=20) as got:
            record = json.loads(got.read())
        summaries, problems = verify_record(record)
        assert not problems and summaries[0]["end"] is not None
        assert sum(m.split()[0] in ("S", "N") for m in record["hands"][0]["moves"]) == clicks
    finally:
        for context in contexts.values():
            context.close()


def test_a_page_open_when_its_table_closes_reconnects_and_says_so(chromium, tmp_path):
    """The server is down longer than the idle time (its file says the table was last used two
    hours ago); started again, it closes the table, and the page open at it, reconnecting on
    its own, shows the message in the table's language instead of the table (that it then
    stops reconnecting: js/kit/table/socket_model.test.mjs)."""
    db, port = tmp_path / "tables.sqlite", free_port()
    process, base = spawn_server(db, port, "--idle-hours", "1")
    context = chromium.new_context(viewport={"width": 900, "height": 700})
    try:
        answer = post(f"{base}/api/tables", {"game": "vietnamese", "players": 2, "lang": "vi"})
        page = context.new_page()
        page.goto(answer["seats"]["S"])
        page.wait_for_function(f"() => ({VIEW}).viewer === 'S'")
        stop_server(process)
        with sqlite3.connect(db) as backdate:
            backdate.execute("UPDATE tables SET active_at = ?", (time.time() - 2 * 3600,))
        process, _ = spawn_server(db, port, "--idle-hours", "1")
        alert = page.locator("#dominoes-seat .dw-closed")
        alert.wait_for(state="visible")
        assert "đường dẫn mới" in alert.inner_text()
        assert page.locator(".dw-hand-tile").count() == 0
        page.screenshot(path=str(ARTIFACTS / "server-closed-open-page.png"))
        other = context.new_page()
        other.goto(answer["seats"]["S"])  # the link opened anew: the server's page says so
        assert "Bàn chơi này đã đóng" in other.locator("h1").inner_text()
        other.screenshot(path=str(ARTIFACTS / "server-closed-link.png"))
    finally:
        context.close()
        stop_server(process)


def test_a_click_while_the_connection_is_down_says_it_was_not_sent(chromium, tmp_path):
    """The server stops under an open seat page: a click made then is not lost without a word,
    the page says it was not sent; once the page has reconnected on its own, the click plays."""
    db, port = tmp_path / "tables.sqlite", free_port()
    process, base = spawn_server(db, port)
    context = chromium.new_context(viewport={"width": 1100, "height": 800})
    try:
        answer = post(f"{base}/api/tables", {"game": "vietnamese", "players": 2, "seed": 3, "bot_delay": 0,
                                             "bots": {"N": "greedy"}})
        page = context.new_page()
        page.goto(answer["seats"]["S"])
        page.wait_for_function(f"() => ({VIEW}).legal.length > 0")
        view = page.evaluate(VIEW)
        move, done = view["legal"][0], len(view["moves"])
        stop_server(process)
        page.locator("#dominoes-seat.dw-offline").wait_for()
        click_move(page, move)
        notice = page.locator(".dw-notice.dw-visible")
        notice.wait_for()
        assert notice.inner_text() == Voice("en")("ui.not_sent_offline")
        assert page.evaluate(VIEW)["moves"] == view["moves"]
        page.wait_for_function("() => getComputedStyle(document.querySelector('.dw-notice')).opacity === '1'")
        page.screenshot(path=str(ARTIFACTS / "server-click-offline.png"))
        page.set_viewport_size({"width": 390, "height": 844})
        page.emulate_media(color_scheme="dark")
        page.screenshot(path=str(ARTIFACTS / "server-click-offline-narrow-dark.png"), full_page=True)
        process, _ = spawn_server(db, port)
        page.locator("#dominoes-seat:not(.dw-offline)").wait_for()
        page.wait_for_function(f"() => ({VIEW}).legal.length > 0 && ({VIEW}).moves.length === {done}")
        click_move(page, move)
        page.wait_for_function(f"() => ({VIEW}).moves.length > {done}")
        assert page.evaluate(VIEW)["moves"][done] == move
    finally:
        context.close()
        stop_server(process)


def test_the_tab_says_your_turn_with_its_icon_and_no_request_fails(chromium, server):
    """A person in another tab sees their turn come: the tab's title and icon change while the
    seat must act, and go back when it has moved; the page asks for nothing that is missing
    (the browser's own favicon request included)."""
    answer = post(f"{server}/api/tables", {"game": "vietnamese", "players": 2, "seed": 3, "bot_delay": 0,
                                           "bots": {"N": "greedy"}, "names": {"S": "Ana"}})
    context = chromium.new_context(viewport={"width": 1000, "height": 760})
    failed = []
    try:
        page = context.new_page()
        page.on("response", lambda response: failed.append(response.url) if response.status >= 400 else None)
        page.on("console", lambda message: failed.append(message.text) if message.type == "error" else None)
        page.goto(answer["seats"]["S"])
        page.wait_for_function(f"() => ({VIEW}).viewer === 'S' && ({VIEW}).legal.length > 0")
        page.wait_for_function("() => document.title === 'Your turn - Dominoes'")
        assert page.locator('link[rel="icon"]').get_attribute("href").endswith("favicon-turn.svg")
        assert page.evaluate("fetch('/favicon.ico').then(r => r.status + ' ' + r.headers.get('content-type'))") \
            == "200 image/svg+xml"
        view = page.evaluate(VIEW)
        done = len(view["moves"])
        click_move(page, view["legal"][0])
        page.wait_for_function(f"() => ({VIEW}).moves.length > {done}")
        # greedy answers at once: either it is S's turn again, or the tab is back to the table's name
        page.wait_for_function(f"() => (({VIEW}).legal.length > 0) === (document.title === 'Your turn - Dominoes')")
        assert not failed, f"requests that failed, console errors: {failed}"
    finally:
        context.close()
