"""The learner's dashboard (learner.dashboard()) in headless Chromium with a fake kernel
(tests/browser_harness.py): its five pictures drawn at a laptop's and a phone's size, light and
dark (screenshots in test-artifacts/dashboard/), in English and Vietnamese, nothing wider than
the screen, and no WCAG 2.2 A/AA fault found by axe-core."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

import accessibility
import browser_harness as harness
from dominoes_widget import Learner, PuzzleSet

pytestmark = pytest.mark.browser

ARTIFACTS = harness.ROOT / "test-artifacts" / "dashboard"
SIZES = {"laptop": (1366, 768), "phone": (390, 844)}


@pytest.fixture(scope="module")
def learner(tmp_path_factory):
    """A learner with a few weeks of puzzles: rated tries in both games, misses coming back
    now and later, and three streak runs."""
    made = Learner(tmp_path_factory.mktemp("dashboard") / "progress.json")
    puzzles = PuzzleSet.builtin()
    start = datetime.now(timezone.utc) - timedelta(days=20)
    for n, puzzle in enumerate(list(puzzles)[::9][:24]):
        right = n % 3 != 1
        made.record_try(puzzle, right=right, hints=1 if n % 5 == 0 else 0, at=start + timedelta(hours=19 * n))
    for run in (3, 9, 5):
        made.record_streak(run)
    return made


@pytest.fixture(scope="module", autouse=True)
def built():
    harness.ensure_built()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_dashboard_draws_its_pictures_on_a_laptop_and_a_phone_light_and_dark(chromium, learner, size, scheme):
    width, height = SIZES[size]
    page = harness.open_page(chromium, harness.DASHBOARD, viewport=(width, height))
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        harness.set_theme(page, scheme)
        view = learner.dashboard().view
        harness.mount(page, {"view": view}, width=width - 24)
        cards = page.locator(".dw-dash-card")
        assert cards.count() == 5
        for n in range(5):
            svg = cards.nth(n).locator("svg")
            assert svg.is_visible() and svg.bounding_box()["height"] > 40
        assert page.locator(".dw-dash-rating polyline").count() == 1
        assert page.locator(".dw-dash-theme rect.dw-dash-bar").count() >= 3
        assert page.locator(".dw-dash-streak .dw-dash-big").text_content() == "9"
        assert page.locator(".dw-dash-title").inner_text() == "Your progress"
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
        page.screenshot(path=str(ARTIFACTS / f"dashboard-{size}-{scheme}.png"), full_page=True)
        accessibility.check(page, f"the learner's dashboard, {size}, {scheme}")
        assert not errors, errors
    finally:
        page.close()


def test_the_dashboard_in_vietnamese_on_a_phone(chromium, learner):
    page = harness.open_page(chromium, harness.DASHBOARD, viewport=SIZES["phone"])
    try:
        harness.mount(page, {"view": learner.dashboard(lang="vi").view}, width=366)
        assert page.locator(".dw-dash-title").inner_text() == "Tiến bộ của bạn"
        assert page.locator(".dw-dashboard").get_attribute("lang") == "vi"
        assert "Chuỗi dài nhất" in page.locator(".dw-dash-streak h4").inner_text()
        page.screenshot(path=str(ARTIFACTS / "dashboard-phone-vi.png"), full_page=True)
    finally:
        page.close()


def test_a_new_learners_dashboard_says_what_starts_it(chromium, tmp_path):
    page = harness.open_page(chromium, harness.DASHBOARD)
    try:
        harness.mount(page, {"view": Learner(tmp_path / "new.json").dashboard().view}, width=900)
        assert "your first try at a puzzle starts your rating" in page.locator(".dw-dash-rating").inner_text()
        assert page.locator(".dw-dash-theme").inner_text().endswith("No first tries yet.")
    finally:
        page.close()
