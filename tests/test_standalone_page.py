"""The one-file replay page (js/standalone.js, js/PROTOCOL.md "The one-file replay page"):
the Replay's front end in a plain HTML page, with no Jupyter, no kernel and no network.

The test writes the page as the Python side will: the styles (static/replay.css), the
script (static/standalone.js) and the record (a JSON payload) all inline, opens it in
headless Chromium from a ``file://`` URL with every request refused, and steps with the
keyboard.
"""

from __future__ import annotations

import html
import json

import pytest

import browser_harness as harness
import frontend_views as views

pytestmark = pytest.mark.browser

ARTIFACTS = harness.ROOT / "test-artifacts" / "standalone"


def replay_page(payload: dict, *, title: str = "Replay") -> str:
    """One self-contained HTML page holding the replay of ``payload``."""
    harness.ensure_built()
    css = (harness.STATIC / "replay.css").read_text(encoding="utf-8")
    script = (harness.STATIC / "standalone.js").read_text(encoding="utf-8")
    # JSON inside <script>: "</" would end the element early.
    data = json.dumps(payload, ensure_ascii=False).replace("</", "<\\/")
    return f"""<!doctype html>
<html lang="{html.escape(payload.get("data", {}).get("lang", "en"))}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)}</title>
<style>body {{ margin: 0; padding: 16px; font-family: system-ui, sans-serif; }}</style>
<style>{css}</style>
</head>
<body>
<script type="application/json" id="dominoes-replay">{data}</script>
<script>{script}</script>
</body>
</html>
"""


@pytest.fixture(scope="module")
def payload() -> dict:
    traits = views.replay_traits(hand=0, step=2)
    return {key: traits[key] for key in ("data", "words", "rules_text", "hand", "step", "speed")}


@pytest.fixture
def page_file(tmp_path, payload):
    path = tmp_path / "replay.html"
    path.write_text(replay_page(payload, title="A Six Love match"), encoding="utf-8")
    return path


def test_the_page_is_one_file_with_nothing_to_fetch(payload):
    page = replay_page(payload)
    assert "<script src" not in page and "<link" not in page and "import " not in page.split("<script>")[1][:200]
    assert payload["data"]["hands"][0]["steps"][1]["say"] in page


def test_the_page_opens_where_the_payload_says_and_steps_with_the_keyboard(chromium, page_file, payload):
    page = chromium.new_page(viewport={"width": 1200, "height": 800})
    requests: list[str] = []

    def refuse(route):
        requests.append(route.request.url)
        route.abort()

    page.route("http*://**", refuse)  # no network: anything fetched fails
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(page_file.as_uri())
        root = page.locator(".dominoes-widget.dw-replay-widget")
        root.wait_for(timeout=10_000)
        steps = payload["data"]["hands"][0]["steps"]
        say = page.locator(".dw-say")
        assert say.inner_text() == steps[2]["say"], "opens at the payload's hand and step"
        assert root.evaluate("el => el === document.activeElement"), "the replay has the keyboard at once"
        page.keyboard.press("ArrowRight")
        assert say.inner_text() == steps[3]["say"]
        page.keyboard.press("ArrowRight")
        assert say.inner_text() == steps[4]["say"]
        assert page.locator(".dw-note").inner_text() == views.REPLAY_COMMENTS["0:3"]
        assert len(page.locator("svg.dw-line").get_attribute("data-line").split()) == len(steps[4]["line"])
        page.keyboard.press("End")
        last = len(payload["data"]["hands"][0]["moves"])
        assert page.locator(".dw-counter").inner_text() == f"{last} / {last}"
        assert payload["data"]["hands"][0]["result"]["title"] in page.locator(".dw-result").inner_text()
        page.keyboard.press("PageDown")
        assert page.locator(".dw-corner-start").first.inner_text().endswith("Hand 2 of 5")
        page.keyboard.press("ArrowLeft")
        assert page.locator(".dw-counter").inner_text() == f"{last} / {last}", "back to the end of hand 1"
        page.locator('.dw-controls button[data-action="next"]').click()
        assert page.locator(".dw-counter").inner_text().startswith("0 / ")
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "replay-page.png"), full_page=True)
        assert requests == [], f"the page fetched {requests}"
        assert not errors, errors
    finally:
        page.close()


def test_the_page_draws_into_its_own_element_when_it_has_one(chromium, payload):
    page = chromium.new_page(viewport={"width": 1000, "height": 700})
    try:
        body = replay_page(payload).replace('<script type="application/json"',
                                            '<main><div id="dominoes-replay-view"></div></main>\n<script type="application/json"')
        page.set_content(body)
        assert page.locator("main #dominoes-replay-view .dw-replay-widget").count() == 1
        page.locator(".dw-replay-widget").focus()
        page.keyboard.press("Home")
        assert page.locator(".dw-counter").inner_text().startswith("0 / ")
    finally:
        page.close()
