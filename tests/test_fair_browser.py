"""Provably fair deals on a real seat page (Chromium, the server as ``python -m dominoes_widget
serve`` on 127.0.0.1): the page sends its own seed for the next deal, and when a hand ends it
rechecks the deal in the browser and says "deal checked" under the table. Screenshots at
1366x768 and 390x844, light and dark, go to test-artifacts/."""

from __future__ import annotations

import json
import urllib.request

import pytest

from dominoes_widget.engine.record import verify_record
from server_harness import play_seat, spawn_server, stop_server
from test_server_browser import ARTIFACTS, VIEW, post

pytestmark = pytest.mark.browser



def get(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=20) as answer:
        return json.loads(answer.read())


@pytest.fixture()
def server():
    process, base = spawn_server()
    yield base
    stop_server(process)


def test_the_seat_page_seeds_the_next_deal_and_says_each_deal_was_checked(chromium, server):
    answer = post(f"{server}/api/tables", {"game": "six_love", "bots": {"E": "greedy", "W": "greedy", "N": "greedy"},
                                           "bot_delay": 0, "rules": {"target": 3}})
    link = answer["seats"]["S"]
    context = chromium.new_context(viewport={"width": 1366, "height": 768})
    try:
        page = context.new_page()
        page.goto(link)
        page.wait_for_function(f"() => ({VIEW}).viewer === 'S'")
        assert play_seat(page, 0) in ("hand_over", "match_over")
        badge = page.locator("#dominoes-fair li")
        badge.first.wait_for()
        # hand 1 waited for the page's seed (the only person's): dealt from it, checked, no caveat
        assert badge.first.inner_text() == "Hand 1: deal checked ✓"
        first = get(link.replace("/tables/", "/api/tables/").replace("/seat?", "/record?"))["hands"][0]["fair"]
        assert set(first["client_seeds"]) == {"S"}
        assert page.locator("#dominoes-fair a").get_attribute("href").endswith("/fair?lang=en")
        # the next deal's commitment is on screen: the page sent its seed by itself
        page.wait_for_function(f"() => ({VIEW}).fair.next && ({VIEW}).fair.next.my_seed")
        mine = page.evaluate(f"({VIEW}).fair.next.my_seed")
        ended = page.evaluate(f"({VIEW}).hand_number")
        page.locator('button[data-send*="next_hand"], button[data-send*="new_match"]').click()
        # the next hand is on screen, dealt with the page's seed (the ended hand's block had one too)
        page.wait_for_function(f"(ended) => {{ const v = {VIEW}; return v.hand_number > ended"
                               " && v.fair && v.fair.current && v.fair.current.hand === v.hand_number"
                               " && v.fair.current.client_seeds.S; }", arg=ended)
        assert play_seat(page, page.evaluate(f"({VIEW}).hand_number")) in ("hand_over", "match_over")
        page.wait_for_function("() => document.querySelectorAll('#dominoes-fair li').length >= 2")
        texts = page.locator("#dominoes-fair li").all_inner_texts()
        assert texts[0].endswith("deal checked ✓") and "Hand 2" in texts[0], texts
        assert page.locator("#dominoes-fair .dw-fair-warning").count() == 0
        record = get(link.replace("/tables/", "/api/tables/").replace("/seat?", "/record?"))
        assert record["hands"][1]["fair"]["client_seeds"] == {"S": mine}
        assert verify_record(record)[1] == []
        ARTIFACTS.mkdir(exist_ok=True)
        for width, height in ((1366, 768), (390, 844)):
            page.set_viewport_size({"width": width, "height": height})
            for theme in ("light", "dark"):
                page.emulate_media(color_scheme=theme)
                page.locator("#dominoes-fair").scroll_into_view_if_needed()
                page.screenshot(path=str(ARTIFACTS / f"fair-deal-{width}x{height}-{theme}.png"), full_page=True)
        fair = context.new_page()
        fair.goto(f"{server}/fair?lang=vi")
        assert "Điều nó không chứng minh" in fair.inner_text("main")
        fair.screenshot(path=str(ARTIFACTS / "fair-page-vi.png"), full_page=True)
    finally:
        context.close()


def test_a_new_table_waits_for_the_players_pages_before_its_first_deal(chromium, server):
    answer = post(f"{server}/api/tables", {"game": "six_love", "bots": {"E": "greedy", "W": "greedy"},
                                           "bot_delay": 0, "rules": {"target": 3}})
    context = chromium.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.goto(answer["seats"]["S"])  # N has not opened its link: the deal waits (2 s at most)
        # while it waits, the status line says so and no tile is drawn anywhere
        page.wait_for_function("() => document.body.innerText.includes('Waiting for the players')"
                               " && document.querySelectorAll('.dw-tile').length === 0")
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "fair-first-deal-waiting-390x844-light.png"), full_page=True)
        page.wait_for_function(f"() => ({VIEW}).phase === 'playing' || ({VIEW}).phase === 'choose_leader'")
        page.wait_for_function("() => document.querySelectorAll('.dw-tile').length > 0")  # South's tiles, dealt
        record = get(answer["seats"]["S"].replace("/tables/", "/api/tables/").replace("/seat?", "/record?"))
        assert record["in_play"]["fair"]["client_seeds"].keys() == {"S"}
    finally:
        context.close()
