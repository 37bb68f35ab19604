"""Puzzles with a learner in headless Chromium with the real kernel side fed what the page sends
(tests/browser_harness.py): the "Critical moment?" question answered by a click, a review's mark,
and the end of a streak; at a laptop's and a phone's size, light and dark (screenshots in
test-artifacts/learner/), with no WCAG 2.2 A/AA fault found by axe-core."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

import accessibility
import browser_harness as harness
from dominoes_widget import Learner, PuzzleSet
from dominoes_widget.widgets.puzzles import Puzzles

pytestmark = pytest.mark.browser

ARTIFACTS = harness.ROOT / "test-artifacts" / "learner"
SIZES = {"laptop": (1366, 768), "phone": (390, 844)}


@pytest.fixture(scope="module", autouse=True)
def built():
    harness.ensure_built()


def traits(widget) -> dict:
    return {"view": widget.view, "words": widget.words}


def relay(page, widget) -> None:
    """What the page sent, done by the widget in the kernel, and its traits sent back."""
    for intent in harness.sent(page):
        widget._do(intent)
    page.evaluate("() => { window.harness.model.sent.length = 0; }")
    harness.kernel_set(page, "view", widget.view)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_critical_moment_question_is_asked_and_answered_by_a_click(chromium, tmp_path, size, scheme):
    width, height = SIZES[size]
    learner = Learner(tmp_path / "progress.json")
    widget = Puzzles(PuzzleSet.builtin(), learner=learner, mode="critical")
    widget.send = lambda message: None
    page = harness.open_page(chromium, harness.PUZZLES, viewport=(width, height))
    try:
        harness.set_theme(page, scheme)
        harness.mount(page, traits(widget), width=width - 24)
        question = page.locator(".dw-learn-call")
        assert question.is_visible() and "clearly best" in question.inner_text()
        assert page.locator(".dw-learn-mode").inner_text() == "Critical moment?"
        page.get_by_role("button", name="One move is clearly best").click()
        assert harness.sent(page) == [{"type": "call", "clear": True}]
        relay(page, widget)
        said = page.locator(".dw-learn-called")
        assert said.inner_text() == "Right: one move is clearly best here. Find it."
        assert page.get_by_role("button", name="One move is clearly best").is_disabled()
        assert page.locator(".dw-learn-best").inner_text() == "Called right: 1 of 1"
        harness.still(page)
        page.screenshot(path=str(ARTIFACTS / f"critical-{size}-{scheme}.png"), full_page=True)
        accessibility.check(page, f"Puzzles, Critical moment?, {size}, {scheme}")
    finally:
        page.close()


def test_a_review_is_marked_and_a_streaks_end_is_said(chromium, tmp_path):
    learner = Learner(tmp_path / "progress.json")
    puzzles = PuzzleSet.builtin()
    learner.record_try(puzzles[3], right=False, at=datetime(2026, 1, 1, tzinfo=timezone.utc))
    widget = Puzzles(puzzles, learner=learner)
    page = harness.open_page(chromium, harness.PUZZLES, viewport=SIZES["laptop"])
    try:
        harness.mount(page, traits(widget), width=1340)
        assert page.locator(".dw-learn-review").inner_text() == "Review: you missed this one before."
        assert page.locator(".dw-learn-rating").inner_text().startswith("Rating ")
        assert page.locator(".dw-learn-call").is_hidden()
        page.screenshot(path=str(ARTIFACTS / "review-laptop-light.png"), full_page=True)

        streak = Puzzles(puzzles, learner=learner, mode="streak")
        streak.send = lambda message: None
        harness.mount(page, traits(streak), width=1340)
        wrong = next(str(m) for m in streak.puzzle.view().legal_moves if str(m) not in streak.puzzle.answers)
        streak._do({"type": "answer", "move": wrong})
        harness.kernel_set(page, "view", streak.view)
        assert page.locator(".dw-learn-over").inner_text() == "The streak ends after 0 solved. Press Next to start again."
        harness.still(page)
        page.screenshot(path=str(ARTIFACTS / "streak-over-laptop-light.png"), full_page=True)
    finally:
        page.close()


def test_the_one_file_page_has_no_learner_parts(chromium):
    page = harness.open_page(chromium, harness.PUZZLES, viewport=SIZES["laptop"])
    try:
        widget = Puzzles(PuzzleSet.builtin()[:3])
        harness.mount(page, {"state": widget.view, "words": widget.words}, width=1340)
        assert page.locator(".dw-learn-bar").is_hidden() and page.locator(".dw-learn-call").is_hidden()
    finally:
        page.close()
