"""The one-file replay page of a fair table's record rechecks every hand's deal in the browser
(js/kit/replay/replay_fair.mjs) and says "deal checked" for the hand shown; a tampered record (a server
seed changed, a deal's tile swapped) says the warning. Opened from file:// with every request
refused. Pictures at 1366x768 and 390x844, light and dark, go to test-artifacts/replay-fair/;
axe-core finds no WCAG 2.2 A/AA fault in them."""

from __future__ import annotations

import json

import pytest

import accessibility
import browser_harness as harness
from dominoes_widget.words.catalog import Voice
from replay_fair_records import fair_record, seed_changed, tile_swapped
from test_standalone_page import open_offline

pytestmark = pytest.mark.browser

ARTIFACTS = harness.ROOT / "test-artifacts" / "replay-fair"
LINE = ".dw-replay-widget .dw-fair-line"


@pytest.fixture(scope="module", autouse=True)
def built():
    harness.ensure_built()


@pytest.fixture(scope="module")
def record() -> dict:
    return fair_record()


def _page_of(tmp_path, record: dict, name: str, lang: str = "en"):
    source = tmp_path / f"{name}.json"
    source.write_text(json.dumps(record), encoding="utf-8")
    from dominoes_widget.__main__ import main

    assert main(["html", str(source), "--lang", lang]) == 0
    return source.with_suffix(".html")


def _line_at(page, hand: int) -> tuple[str, str]:
    """The check's line once hand ``hand`` is shown and its check is done: (text, kind)."""
    page.locator(".dw-hand-select").select_option(str(hand))
    page.wait_for_function(f"() => document.querySelector('{LINE}').textContent.startsWith('Hand {hand + 1}:')"
                           f" || document.querySelector('{LINE}').textContent.startsWith('Ván {hand + 1}:')")
    line = page.locator(LINE)
    return line.inner_text(), line.get_attribute("data-kind")


def test_every_hand_of_a_fair_record_says_its_deal_was_checked(chromium, tmp_path, record):
    path = _page_of(tmp_path, record, "fair")
    page, requests, errors, _, _ = open_offline(chromium, path)
    try:
        words = Voice("en").words
        for hand in range(len(record["hands"])):
            text, kind = _line_at(page, hand)
            seeded = any(record["hands"][hand]["fair"]["client_seeds"].values())
            assert text == words(f"ui.fair_checked{'' if seeded else '_unseeded'}", hand=hand + 1) and kind == "ok"
        assert requests == [path.as_uri()] and not errors
    finally:
        page.close()


@pytest.mark.parametrize("tamper", ["seed_changed", "tile_swapped"])
def test_a_tampered_record_shows_the_warning_for_its_hand_alone(chromium, tmp_path, record, tamper):
    tampered = {"seed_changed": seed_changed, "tile_swapped": tile_swapped}[tamper](record)
    path = _page_of(tmp_path, tampered, tamper)
    page, requests, errors, _, _ = open_offline(chromium, path)
    try:
        words = Voice("en").words
        key = "fair_commitment_mismatch" if tamper == "seed_changed" else "fair_deal_mismatch"
        assert _line_at(page, 0) == (words(f"ui.{key}", hand=1), "warning")
        assert _line_at(page, 1)[1] == "ok", "the other hand still checks"
        assert not errors
    finally:
        page.close()


def test_a_record_without_fair_blocks_shows_no_line(chromium, tmp_path, record):
    plain = json.loads(json.dumps(record))
    for hand in plain["hands"]:
        del hand["fair"]
    path = _page_of(tmp_path, plain, "plain")
    page, _, errors, _, _ = open_offline(chromium, path)
    try:
        assert page.locator(LINE).count() == 1 and not page.locator(LINE).is_visible()
        assert not page.locator(".dw-info").evaluate("el => el.classList.contains('dw-with-fair')")
        assert not errors
    finally:
        page.close()


@pytest.mark.parametrize("size", [(1366, 768), (390, 844)], ids=["laptop", "phone"])
def test_the_line_keeps_the_layout_in_light_and_dark(chromium, tmp_path, record, size):
    """The line is kept for every hand, so the controls stay put from hand to hand and step to
    step, a warning included; pictures of a checked hand at its end and of a warning."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    paths = {"checked": _page_of(tmp_path, record, "fair"),
             "warning": _page_of(tmp_path, seed_changed(record, hand=1), "warning", lang="vi")}
    for name, path in paths.items():
        for theme in ("light", "dark"):
            page, _, errors, _, _ = open_offline(chromium, path, viewport=size)
            try:
                page.emulate_media(color_scheme=theme)
                places = []
                for hand in range(len(record["hands"])):
                    _line_at(page, hand)
                    page.locator(".dw-replay-widget").focus()  # the keys step the replay, not the picker
                    for key in ("Home", "End"):
                        page.keyboard.press(key)
                        places.append(page.locator(".dw-controls").bounding_box())
                        places.append(page.locator(LINE).bounding_box()["y"])
                assert all(place == places[0] for place in places[0::2]), "the controls never move"
                if size[0] > 1000:
                    assert all(y == places[1] for y in places[1::2]), "nor the line"
                    line = page.locator(LINE).bounding_box()
                    info = page.locator(".dw-info").bounding_box()
                    assert info["y"] <= line["y"] and line["y"] + line["height"] <= info["y"] + info["height"]
                page.screenshot(path=str(ARTIFACTS / f"{name}-{size[0]}x{size[1]}-{theme}.png"))
                accessibility.check(page, f"the replay page of a fair record, {name}, {size[0]}x{size[1]}, {theme}")
                assert not errors
            finally:
                page.close()
