"""A watcher and a player in real browsers (issue 27): a seat's page and the table's watch
link open in two Chromium contexts. Both say who is here by each seat's name, in words
(Ana here, Bao not here yet, the bot nothing), the seat's page counts the watcher, the
watcher's page says it is watching and shows no tile of the hand in play (its view from no
seat, every hand a count), and the moves Ana makes by clicking reach the watcher. Both
pages are saved at 1366x768 and 390x844, light and dark, as test artifacts, and axe-core
finds no WCAG 2.2 A/AA fault in them.

The server runs as ``python -m dominoes_widget serve`` in a child process on 127.0.0.1.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

import accessibility
from browser_harness import still
from server_harness import spawn_server, stop_server
from test_server_browser import ARTIFACTS, VIEW, click_move, post

pytestmark = pytest.mark.browser

SIZES = {"desktop": (1366, 768), "phone": (390, 844)}


@pytest.fixture()
def server():
    process, base = spawn_server()
    yield base
    stop_server(process)


def test_a_watcher_sees_presence_and_the_moves_but_no_tile_in_play(chromium, server):
    answer = post(f"{server}/api/tables", {"game": "vietnamese", "players": 3, "seed": 2, "bot_delay": 0,
                                           "bots": {"E": "greedy"}, "names": {"S": "Ana", "N": "Bao"},
                                           "absent": {"bot": "greedy", "after": 0}})
    assert answer["host"] == "S" and answer["watch"]
    contexts = [chromium.new_context(viewport={"width": 1366, "height": 768}) for _ in range(2)]
    try:
        seat, watch = (context.new_page() for context in contexts)
        seat.goto(answer["seats"]["S"])
        seat.wait_for_function(f"() => ({VIEW}).viewer === 'S'")
        watch.goto(answer["watch"])
        watch.wait_for_function(f"() => ({VIEW}).seats && ({VIEW}).seats.length === 3")
        assert watch.evaluate(VIEW)["viewer"] is None
        seat.wait_for_function(f"() => ({VIEW}).watching === 1")
        expect(seat.locator(".dw-watching")).to_have_text("1 watching")
        for page in (seat, watch):
            presence = {box.get_attribute("data-seat"): box.locator(".dw-presence") for box in
                        page.locator(".dw-seat").all() if box.get_attribute("data-seat")}
            assert presence["S"].inner_text() == "● here"
            assert presence["N"].inner_text() == "○ not here yet"
            assert not presence["E"].is_visible(), "a bot's label says bot already"
        assert "You are watching" in watch.locator(".dw-watch-banner").inner_text()
        assert watch.locator(".dw-hand-tile:not(.dw-face-down-tile)").count() == 0, "the bottom seat's tiles are face down for a watcher"
        assert seat.locator(".dw-speed-select").is_enabled()  # Ana is the host

        moves = 0
        for _ in range(12):  # a few of Ana's moves, each seen by the watcher
            view = seat.evaluate(VIEW)
            if view["phase"] != "playing" or moves == 4:
                break
            if not view["legal"]:
                seat.wait_for_function(f"() => ({VIEW}).legal.length > 0 || ({VIEW}).phase !== 'playing'")
                continue
            done = len(view["moves"])
            click_move(seat, view["legal"][0])
            moves += 1
            watch.wait_for_function(f"() => ({VIEW}).moves.length > {done} || ({VIEW}).phase !== 'playing'")
            shown = watch.evaluate(VIEW)
            if shown["phase"] == "playing":
                assert all(isinstance(held, int) for held in shown["hands"].values()), shown["hands"]
                assert watch.locator(".dw-hand-tile:not(.dw-face-down-tile)").count() == 0
                faces = watch.locator(".dw-seat .dw-seat-tiles .dw-tile:not(.dw-face-down)")
                assert faces.count() == 0, "a seat's tiles face up for a watcher"
        assert moves >= 2
        hidden_draws = [move.split(" draw")[0] + " draw" if " draw" in move else move
                        for move in seat.evaluate(VIEW)["moves"][:2]]  # (a watcher never sees a drawn tile)
        assert watch.evaluate(VIEW)["moves"][:2] == hidden_draws
        assert watch.locator(".dw-speed-select").is_disabled() or not watch.locator(".dw-speed-select").is_visible()

        ARTIFACTS.mkdir(exist_ok=True)
        for scheme in ("light", "dark"):
            for name, (width, height) in SIZES.items():
                for who, page in (("seat", seat), ("watch", watch)):
                    page.emulate_media(color_scheme=scheme)
                    page.set_viewport_size({"width": width, "height": height})
                    still(page)  # the layout follows the new size (drawn in the next frames)
                    page.screenshot(path=str(ARTIFACTS / f"server-{who}-{name}-{scheme}.png"))
                    accessibility.check(page, f"the {who} page, {name}, {scheme}")
    finally:
        for context in contexts:
            context.close()
