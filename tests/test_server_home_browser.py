"""The home page and a table's links page in real Chromium (issue 27.1): a table started by
filling in the form (Vietnamese for three, one bot), the links page it leads to with a copy
button and a QR code per person, a seat opened from it; the host key asked once and
remembered by the browser; and screenshots at 1366×768 and 390×844, light and dark, where
axe-core finds no WCAG 2.2 A/AA fault in either page.

The server runs as ``python -m dominoes_widget serve`` in a child process on 127.0.0.1.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import accessibility
from server_harness import spawn_server, stop_server

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"
SIZES = {"wide": {"width": 1366, "height": 768}, "narrow": {"width": 390, "height": 844}}
KEY = "the-key-of-this-test-server"


@pytest.fixture()
def server():
    process, base = spawn_server()
    yield base
    stop_server(process)


@pytest.fixture()
def keyed_server():
    process, base = spawn_server(None, 0, "--host-key", KEY)
    yield base
    stop_server(process)


def shoot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def visible_seats(page) -> list[str]:
    return page.eval_on_selector_all("tr[data-seat]", "rows => rows.filter(r => !r.hidden).map(r => r.dataset.seat)")


def test_a_host_starts_a_table_from_the_form_and_hands_out_the_links(chromium, server):
    context = chromium.new_context(viewport=SIZES["wide"])
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server)
    refused: list[str] = []
    try:
        page = context.new_page()
        page.on("console", lambda m: refused.append(m.text) if m.type == "error" else None)
        page.goto(f"{server}/")
        assert visible_seats(page) == ["N", "E", "S", "W"]
        assert not page.locator("#dw-players-field").is_visible()
        assert page.locator('input[name="target"]').input_value() == "6"
        shoot(page, "home-wide-light")

        page.locator('input[name="game"][value="vietnamese"]').check()
        assert page.locator("#dw-players-field").is_visible()
        assert page.locator('input[name="target"]').input_value() == ""  # Vietnamese plays on by default
        page.locator('select[name="players"]').select_option("3")
        assert sorted(visible_seats(page)) == ["E", "N", "S"]
        page.locator('select[name="who_E"]').select_option("human")
        page.locator('select[name="who_N"]').select_option("greedy")
        page.locator('input[name="name_S"]').fill("Ana")
        page.locator('input[name="name_E"]').fill("Bao")
        page.locator('button[type="submit"]').click()
        page.wait_for_url("**/invite?token=*")

        assert page.locator(".dw-invite-seat h2").all_inner_texts() == ["Ana (South)", "Bao (East)"]
        assert page.locator(".dw-invite-watch h2").inner_text().startswith("Watch")
        assert page.locator(".dw-invite-card svg.dw-qr").count() == 3
        assert page.locator(".dw-qr").first.bounding_box()["width"] >= 120  # big enough for a phone's camera
        links = page.locator("input.dw-link").evaluate_all("inputs => inputs.map(i => i.value)")
        assert all("/tables/" in link and "token=" in link for link in links) and "/watch?" in links[2]
        shoot(page, "invite-wide-light")

        page.locator(".dw-invite-card").nth(1).locator("button.dw-copy").click()
        page.locator("#dw-copied").filter(has_text="Link copied.").wait_for()
        assert page.evaluate("navigator.clipboard.readText()") == links[1]

        with context.expect_page() as opened:
            page.locator(".dw-invite-card").first.locator("a.dw-open").click()
        seat = opened.value
        seat.wait_for_function("() => window.dominoesSeat && window.dominoesSeat.get('view').viewer === 'S'")
        # the first hand waits for the players' pages: Ana's page seeds it, and it is dealt once Bao's
        # page has had its 2 seconds to add a seed too
        seat.wait_for_function("() => document.querySelectorAll('.dw-hand .dw-hand-tile').length === 7")
        assert not refused, refused
    finally:
        context.close()


def test_the_form_says_what_is_wrong_before_and_after_asking(chromium, server):
    context = chromium.new_context(viewport=SIZES["wide"])
    try:
        page = context.new_page()
        page.goto(f"{server}/")
        for seat in ("N", "E", "S", "W"):
            page.locator(f'select[name="who_{seat}"]').select_option("strong")
        page.locator('button[type="submit"]').click()
        assert page.locator("#dw-form-error").inner_text() == "At least one seat must be a person's."
        page.locator('select[name="who_S"]').select_option("human")
        page.locator('input[name="target"]').fill("5000")
        page.locator('button[type="submit"]').click()
        # said by the page in its words, before asking: the server would answer in English, for programs
        page.locator("#dw-form-error").filter(has_text="The target is a whole number from 1 to 1000").wait_for()
        assert page.url == f"{server}/"
    finally:
        context.close()


def test_the_host_key_is_asked_once_and_remembered(chromium, keyed_server):
    context = chromium.new_context(viewport=SIZES["wide"])
    try:
        page = context.new_page()
        page.goto(f"{keyed_server}/")
        key = page.locator('input[name="key"]')
        assert key.is_visible() and key.input_value() == ""
        page.locator('button[type="submit"]').click()
        page.locator("#dw-form-error").filter(has_text="needs its host key").wait_for()
        key.fill("not-the-key")
        page.locator('button[type="submit"]').click()
        page.locator("#dw-form-error").filter(has_text="not this server's").wait_for()
        key.fill(KEY)
        page.locator('button[type="submit"]').click()
        page.wait_for_url("**/invite?token=*")
        page.goto(f"{keyed_server}/")
        assert page.locator('input[name="key"]').input_value() == KEY  # remembered by this browser
    finally:
        context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", ["wide", "narrow"])
def test_the_pages_fit_the_screen(chromium, server, size, scheme):
    context = chromium.new_context(viewport=SIZES[size], color_scheme=scheme)
    try:
        page = context.new_page()
        page.goto(f"{server}/?lang={'vi' if size == 'narrow' else 'en'}")
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")  # no sideways scroll
        if (size, scheme) != ("wide", "light"):
            shoot(page, f"home-{size}-{scheme}")
        accessibility.check(page, f"the home page, {size}, {scheme}")
        page.locator('button[type="submit"]').click()
        page.wait_for_url("**/invite?token=*")
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        box = page.locator(".dw-qr").first.bounding_box()
        assert box["width"] >= 120 and box["x"] >= 0 and box["x"] + box["width"] <= SIZES[size]["width"]
        if (size, scheme) != ("wide", "light"):
            shoot(page, f"invite-{size}-{scheme}")
        accessibility.check(page, f"the links page, {size}, {scheme}")
    finally:
        context.close()
