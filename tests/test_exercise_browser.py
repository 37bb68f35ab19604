"""The built Exercise front end (dominoes_widget/static/exercise.js) in headless Chromium, with a fake
model standing in for the kernel (tests/browser_harness.py): a click picks tiles and Check sends the
answer; the kernel's verdict, hint and reasons are drawn; a garbled message's error shows. A
screenshot of each look (1366x768 and 390x844, light and dark) goes to test-artifacts/exercise/,
and axe-core finds no WCAG 2.2 A/AA fault in any of them."""

from __future__ import annotations

import pytest

import accessibility
import browser_harness as harness
from dominoes_widget import Hand, Rules, read_record
from dominoes_widget.sessions.exercise import ExerciseSession
from dominoes_widget.words.catalog import ui_words

pytestmark = pytest.mark.slow
ARTIFACTS = harness.ROOT / "test-artifacts" / "exercise"
SIZES = {"laptop": (1366, 768), "phone": (390, 844)}


@pytest.fixture(scope="module")
def page(chromium):
    page = harness.open_page(chromium, harness.EXERCISE)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    page.close()
    assert not errors, f"errors in the page: {errors}"


def playable(lang="en"):
    hand = Hand.dealt(Rules.six_love(), seed=1)
    for move in ["E 6-6", "N 6-5 L", "W 6-3 R", "S 3-0 R"]:
        hand.push(move)
    return ExerciseSession.playable(hand, lang)


def mount(page, session, size="laptop", theme="light"):
    harness.reset(page)
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    harness.set_theme(page, theme)
    harness.mount(page, {"view": session.view(), "words": ui_words(session.lang), "spec": session.spec()},
                  width=width - 24)


def shoot(page, name):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def test_tiles_are_picked_and_check_sends_them_then_the_verdict_shows(page):
    session = playable()
    mount(page, session)
    tiles = page.locator(".dw-ex-tile")
    assert tiles.count() == len(session.kind.hand.held("E"))
    tiles.nth(0).click()
    assert tiles.nth(0).get_attribute("aria-pressed") == "true"
    page.get_by_role("button", name="Check").click()
    sent = page.evaluate("() => window.harness.sent()")
    picked = session.kind.hand.held("E")[0]
    assert sent == [{"type": "answer", "answer": [str(picked)]}]
    session.handle(sent[0])
    page.evaluate("view => window.harness.model.kernelSet('view', view)", session.view())
    harness.settle(page)
    verdict = page.locator(".dw-ex-verdict").inner_text()
    assert verdict in ("Right!", "Not quite.")
    assert page.locator(".dw-ex-feedback li").count() >= 1
    assert page.get_by_role("button", name="Try again").is_visible()


def test_a_garbled_message_error_is_shown_and_nothing_else_changes(page):
    session = playable()
    mount(page, session)
    page.evaluate("() => window.harness.deliver({type: 'error', message: 'playable exercise, answer[0]: bad'})")
    assert "answer[0]" in page.locator(".dw-ex-error").inner_text()
    assert page.locator(".dw-ex-verdict").inner_text() == ""


def test_try_again_empties_the_number_box(page):
    """A number answered wrong, then Try again: the box is empty and open again, and Check waits
    for a new number (the kernel forgot the old one)."""
    match = read_record(harness.ROOT / "tests" / "data" / "records" / "six_love_match.json").match
    session = ExerciseSession.worth(match.hands[2], match.state_before(2))
    mount(page, session)
    box = page.locator(".dw-ex-number")
    box.fill("7")
    page.get_by_role("button", name="Check").click()
    for message in harness.sent(page):
        session.handle(message)
    assert session.status == "wrong"
    page.evaluate("view => window.harness.model.kernelSet('view', view)", session.view())
    harness.settle(page)
    assert box.input_value() == "7", "the wrong number stays while its hint shows"
    page.get_by_role("button", name="Try again").click()
    session.handle(harness.sent(page)[-1])
    page.evaluate("view => window.harness.model.kernelSet('view', view)", session.view())
    harness.settle(page)
    assert (box.input_value(), box.is_enabled()) == ("", True)
    assert page.get_by_role("button", name="Check").is_disabled()


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("theme", ["light", "dark", "system-dark"])
def test_the_looks(page, size, theme):
    """Each kind, answered wrong (the hint), right, and shown (the answer and why), at both sizes,
    in JupyterLab's light and dark and on a light page in a dark system; nothing is wider than the
    screen, and axe-core finds no fault."""
    wrong = playable()
    wrong.handle({"type": "answer", "answer": ["3-3"]})
    mount(page, wrong, size, theme)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= SIZES[size][0]
    shoot(page, f"playable_wrong_{size}_{theme}")
    accessibility.check(page, f"the Exercise, answered wrong, {size}, {theme}")
    match = read_record(harness.ROOT / "tests" / "data" / "records" / "six_love_match.json").match
    worth = ExerciseSession.worth(match.hands[2], match.state_before(2), "vi")
    worth.handle({"type": "reveal"})
    mount(page, worth, size, theme)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= SIZES[size][0]
    shoot(page, f"worth_shown_vi_{size}_{theme}")
    accessibility.check(page, f"the Exercise, its answer shown, in Vietnamese, {size}, {theme}")
    blocked = ExerciseSession.blocked(match.hands[1])
    mount(page, blocked, size, theme)
    page.get_by_role("button", name="Nobody: a tie").click()
    assert page.get_by_role("button", name="Check").is_enabled()
    shoot(page, f"blocked_open_{size}_{theme}")
    accessibility.check(page, f"the Exercise, a choice picked, {size}, {theme}")
    blocked.handle({"type": "answer", "answer": blocked.answer})
    assert blocked.status == "right"
    mount(page, blocked, size, theme)
    assert page.locator(".dw-ex-verdict").inner_text() == "Right!"
    accessibility.check(page, f"the Exercise, answered right, {size}, {theme}")
    missed = ExerciseSession.blocked(match.hands[1])
    missed.handle({"type": "answer", "answer": "NS"})
    mount(page, missed, size, theme)
    shoot(page, f"blocked_wrong_{size}_{theme}")
    accessibility.check(page, f"the Exercise, a choice marked wrong, {size}, {theme}")
    drawn = at_step_7("vi")
    mount(page, drawn, size, theme)
    shoot(page, f"may_draw_open_vi_{size}_{theme}")


def at_step_7(lang):
    """03_vietnamese's exercise: Bắc (North) to move at step 7 of the 3-player record, in ``lang``."""
    played = read_record(harness.ROOT / "tests" / "data" / "records" / "vietnamese_3_players.json").match.hands[0]
    hand = Hand(played.rules, played.deal, played.initial_boneyard, played.leader)
    for move in played.moves[:7]:
        hand.push(move)
    return ExerciseSession.may_draw(hand, lang)


def test_a_wrong_pick_is_marked_on_its_tile_with_why_beside_it(page):
    """Checked and wrong: the tile that may not be played carries a cross (and says so to a screen
    reader), the tile of the same try that may be played is not marked, and the refusal shows."""
    session = playable()
    mount(page, session)
    page.locator(".dw-ex-tile[aria-label='double three']").click()
    page.locator(".dw-ex-tile[aria-label='one-five']").click()
    page.get_by_role("button", name="Check").click()
    for message in harness.sent(page):
        session.handle(message)
    page.evaluate("view => window.harness.model.kernelSet('view', view)", session.view())
    harness.settle(page)
    wrong = page.locator(".dw-ex-tile.dw-ex-wrong")
    assert wrong.count() == 1 and wrong.get_attribute("aria-label") == "double three: wrong"
    assert wrong.locator(".dw-ex-cross").is_visible()
    assert page.locator(".dw-ex-tile.dw-ex-answer").count() == 0, "the answer stays hidden"
    assert "3-3 fits neither end" in page.locator(".dw-ex-feedback").inner_text()
    shoot(page, "playable_wrong_marked")
    blocked = ExerciseSession.blocked(read_record(harness.ROOT / "tests" / "data" / "records" /
                                                  "six_love_match.json").match.hands[1])
    blocked.handle({"type": "answer", "answer": "NS"})
    mount(page, blocked)
    assert page.locator(".dw-ex-wrong-option").inner_text() == "✗ North-South"


# Every <text> of the exercise's picture inside the picture: the right edge of its box within the
# viewBox (the SVG clips what lies beyond, as it cut a Vietnamese subtitle at "Bắ").
CUT_TEXT = """
() => [...document.querySelectorAll('.dw-ex-picture svg')].flatMap((svg) => {
  const width = svg.viewBox.baseVal.width;
  return [...svg.querySelectorAll('text')].filter((t) => { const b = t.getBBox(); return b.x < -0.5 || b.x + b.width > width + 0.5; })
    .map((t) => `${t.textContent} (${Math.round(t.getBBox().x + t.getBBox().width)} of ${width})`);
})
"""


@pytest.mark.parametrize("lang", ["en", "vi"])
def test_no_word_of_an_exercise_picture_is_cut(page, lang):
    match = read_record(harness.ROOT / "tests" / "data" / "records" / "six_love_match.json").match
    sessions = [playable(lang), at_step_7(lang), ExerciseSession.blocked(match.hands[1], lang),
                ExerciseSession.worth(match.hands[2], match.state_before(2), lang)]
    for session in sessions:
        mount(page, session, "phone")
        assert page.locator(".dw-ex-picture svg text").count() > 3
        assert page.evaluate(CUT_TEXT) == [], session.kind.name
    shoot(page, f"worth_picture_{lang}_phone")
