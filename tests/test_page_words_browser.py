"""Every page speaks its own language, and a phone shows its words whole (issue 36, item 5), in
real Chromium:

- each page of the table server (home, links, seat, watch, "is the deal fair?", wrong link)
  and the one-file pages (a replay, a study with its analysis, puzzles) rendered in Vietnamese holds no English sentence
  of the catalog and no common English word, and in English no Vietnamese letter: words
  hard-coded in a page's script or HTML would show here (text hidden for now, labels for
  screen readers, tooltips and the tab's title included; the language switch, marked with its
  own ``lang``, aside);
- at 390x844 in both languages no text is cut on the home page, the links page and a seat's
  page, the seat page showing each of the status lines the table can say and each notice it
  flashes over them (a refusal and its rule), at their longest.

The server runs as ``python -m dominoes_widget serve`` in a child process on 127.0.0.1.
"""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path
from typing import Any

import pytest

import browser_harness as harness
from puzzle_fixture import fixture_puzzles
from server_harness import play_seat, spawn_server, stop_server
from test_catalogs import ENGLISH_WORDS, VIETNAMESE, english_fragments
from dominoes_widget.studies.bots import bot_names
from dominoes_widget.widgets.puzzles import Puzzles
from dominoes_widget.widgets.replay import Replay
from dominoes_widget.words.catalog import Voice, catalog
from dominoes_widget.words.explanations import bot_label

pytestmark = pytest.mark.browser

ARTIFACTS = harness.ROOT / "test-artifacts" / "words"
PHONE = {"width": 390, "height": 844}
LANGS = ("en", "vi")
TEN_HANDS = harness.ROOT / "tests" / "data" / "records" / "six_love_10_hands.json"
EXAMPLE_ANALYSIS = harness.ROOT / "tests" / "data" / "six_love_10_hands.analysis.json"
FRAGMENTS = english_fragments()
# A seat page's view once the page has one (a link just opened: none yet).
VIEW = "window.dominoesSeat?.get('view') ?? {}"

# Every word a person may read on the page: its text (hidden parts too: they show later), the
# labels screen readers read, tooltips, placeholders and the tab's title. Text inside an
# element of another language (the language switch) and code (<code>) is left aside.
PAGE_WORDS = """() => {
  const lang = document.documentElement.lang;
  const own = (el) => (el.closest('[lang]')?.getAttribute('lang') ?? lang) === lang && !el.closest('code, script, style');
  const found = [document.title];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.textContent.trim() && own(node.parentElement)) found.push(node.textContent.trim());
  }
  for (const el of document.body.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
    if (!own(el)) continue;
    for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
      const value = el.getAttribute(name);
      if (value && value.trim()) found.push(value.trim());
    }
  }
  return found;
}"""

# The visible texts cut short: an element whose own text overflows a box that hides it (an
# ellipsis, a clamped line, a clipped line), and a select whose chosen option is wider than
# the select shows.
CUT_TEXT = """() => {
  const cut = [];
  const canvas = document.createElement('canvas').getContext('2d');
  for (const el of document.body.querySelectorAll('*')) {
    if (!el.checkVisibility({visibilityProperty: true, opacityProperty: false})) continue;
    const style = getComputedStyle(el);
    if (el instanceof HTMLSelectElement) {
      const option = el.selectedOptions[0];
      if (!option) continue;
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;  // the arrow
      if (canvas.measureText(option.text).width > room + 1) cut.push(`select: "${option.text}" in ${room}px`);
      continue;
    }
    const text = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!text || style.overflowY === 'auto' || style.overflowY === 'scroll' ||
        (style.overflowX === 'visible' && style.overflowY === 'visible')) continue;
    if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
      cut.push(`${el.className || el.tagName}: "${el.textContent.slice(0, 60)}" ${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight}`);
  }
  return cut;
}"""


def post(url: str, body: dict) -> dict:
    request = urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=20) as answer:
        return json.loads(answer.read())


def not_its_language(texts: list[str], lang: str) -> list[str]:
    """What in ``texts`` is not in ``lang``: for Vietnamese, English sentences of the catalog and
    common English words; for English, Vietnamese letters."""
    if lang == "en":
        return [text for text in texts if VIETNAMESE.search(text)]
    found = []
    for text in texts:
        found += [f"{fragment!r} in {text!r}" for fragment in FRAGMENTS if fragment in text]
        words = set(re.findall(r"[A-Za-z]+", re.sub(r"\S*[_=()<>./:]\S*", " ", text))) & ENGLISH_WORDS
        found += [f"English {sorted(words)} in {text!r}"] if words else []
    return found


def shoot(page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


@pytest.fixture(scope="module")
def server():
    harness.ensure_built()
    process, base = spawn_server()
    yield base
    stop_server(process)


@pytest.fixture(scope="module")
def tables(server) -> dict[str, dict]:
    """A Vietnamese table for three in each language: Ana at South, a person at North, the
    inference bot at East (its kind's name is the longest)."""
    return {lang: post(f"{server}/api/tables", {"game": "vietnamese", "players": 3, "lang": lang, "bot_delay": 0,
                                                 "bots": {"E": "inference"}, "names": {"S": "Ana"}})
            for lang in LANGS}


def open_seat(page, link: str) -> None:
    page.goto(link)
    # the first hand waits for the players' pages: it is dealt 2 s after the first seed at most
    page.wait_for_function(f"() => ({VIEW}).phase === 'playing' && document.querySelector('.dw-hand .dw-hand-tile')")


# -- each page in its own language ---------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_every_server_page_speaks_only_its_language(chromium, server, tables, lang):
    table = tables[lang]
    context = chromium.new_context(viewport=PHONE, extra_http_headers={"Accept-Language": lang})
    problems: dict[str, list[str]] = {}
    try:
        page = context.new_page()
        pages = {"home": f"{server}/?lang={lang}", "links": table["invite"], "fair": f"{server}/fair?lang={lang}",
                 "wrong-link": f"{server}/tables/{table['id']}/seat?token=not-a-token"}
        for name, url in pages.items():
            page.goto(url)
            texts = page.evaluate(PAGE_WORDS)
            assert page.evaluate("document.documentElement.lang") == lang and len(texts) >= 3, name
            problems[name] = not_its_language(texts, lang)
        # the form's own words, which its script shows: every game, every player count, an error
        page.goto(pages["home"])
        page.locator('input[name="game"][value="vietnamese"]').check()
        for seat in "NESW":
            page.locator(f'select[name="who_{seat}"]').select_option("strong")
        page.locator('button[type="submit"]').click()
        page.locator("#dw-form-error").wait_for()
        problems["home, no person"] = not_its_language(page.evaluate(PAGE_WORDS), lang)
        page.locator('select[name="who_S"]').select_option("human")
        page.locator('input[name="target"]').fill("5000")
        page.locator('button[type="submit"]').click()
        page.wait_for_function("(said) => document.getElementById('dw-form-error').textContent === said",
                               arg=Voice(lang)("home.bad_target"))
        problems["home, a bad target"] = not_its_language(page.evaluate(PAGE_WORDS), lang)
        open_seat(page, table["seats"]["S"])
        problems["seat"] = not_its_language(page.evaluate(PAGE_WORDS), lang)
        shoot(page, f"seat-{lang}")
        page.goto(table["watch"])
        page.wait_for_function(f"() => ({VIEW}).phase === 'playing' && document.querySelector('.dw-watch-banner')?.textContent")
        problems["watch"] = not_its_language(page.evaluate(PAGE_WORDS), lang)
        shoot(page, f"watch-{lang}")
    finally:
        context.close()
    assert {name: found for name, found in problems.items() if found} == {}


@pytest.mark.parametrize("lang", LANGS)
def test_a_hands_end_speaks_only_its_language(chromium, server, lang):
    """The result, the score after it and the buttons on a seat's page; a watcher's page, told the
    next hand starts when a player is ready (it has no Next hand to click), and naming the one
    person by their seat, not "You"."""
    table = post(f"{server}/api/tables", {"game": "vietnamese", "players": 2, "lang": lang, "bot_delay": 0, "seed": 5,
                                          "bots": {"N": "greedy"}})
    context = chromium.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        open_seat(page, table["seats"]["S"])
        watch = context.new_page()
        watch.goto(table["watch"])
        assert play_seat(page) == "hand_over"
        page.locator(".dw-result-title").filter(has_text=re.compile(".")).wait_for()
        watch.wait_for_function(f"() => ({VIEW}).phase === 'hand_over'")
        assert watch.evaluate(f"({VIEW}).status") == Voice(lang)("table.hand_over_watching")
        # the one person is "you" on their own page only: a watcher reads the seat's name
        you, south = Voice(lang)("name.you"), Voice(lang).name("S")
        seen = watch.evaluate(f"((v) => [v.players.S.label, v.result.title, ...v.result.lines])({VIEW})")
        assert seen[0] == south and not any(re.search(rf"\b{you}\b", line) for line in seen), seen
        assert page.evaluate(f"({VIEW}).players.S.label") == you
        problems = {"seat": not_its_language(page.evaluate(PAGE_WORDS), lang),
                    "watch": not_its_language(watch.evaluate(PAGE_WORDS), lang)}
        shoot(page, f"seat-hand-over-{lang}")
        shoot(watch, f"watch-hand-over-{lang}")
    finally:
        context.close()
    assert {name: found for name, found in problems.items() if found} == {}


@pytest.mark.parametrize("lang", LANGS)
def test_the_one_file_pages_speak_only_their_language(chromium, tmp_path, lang):
    harness.ensure_built()
    record = json.loads(TEN_HANDS.read_text())
    record["players"] = {"N": "Ana", "E": "bot:greedy", "S": "Bao", "W": "bot:random"}
    files = {"replay": (Replay(record, lang=lang).save_html(tmp_path / f"replay-{lang}.html", hand=1, step=3),
                        ".dw-replay-widget .dw-say"),
             "study": (Replay(TEN_HANDS, analysis=EXAMPLE_ANALYSIS, lang=lang).save_html(tmp_path / f"study-{lang}.html",
                                                                                         hand=1, step=3),
                       ".dw-replay-widget .dw-say"),
             "puzzles": (Puzzles(fixture_puzzles(), lang=lang).save_html(tmp_path / f"puzzles-{lang}.html"),
                         ".dw-puzzles-widget .dw-hand-tile")}
    problems = {}
    for name, (path, drawn) in files.items():
        page = chromium.new_page(viewport=PHONE)
        try:
            page.route("http*://**", lambda route: route.abort())
            page.goto(Path(path).as_uri())
            page.wait_for_selector(drawn)
            page.wait_for_function("(selector) => document.querySelector(selector)?.textContent !== undefined", arg=drawn)
            texts = page.evaluate(PAGE_WORDS)
            assert page.evaluate("document.documentElement.lang") == lang and len(texts) > 10, name
            problems[name] = not_its_language(texts, lang)
        finally:
            page.close()
    assert {name: found for name, found in problems.items() if found} == {}


def test_the_language_check_finds_english_in_a_vietnamese_page():
    assert not_its_language(["Đến lượt bạn", "Bài dư: 7", "Six Love"], "vi") == []
    assert not_its_language(["Hand over: click Next hand when you are ready"], "vi")
    assert not_its_language(["Ván 1 · score 1-0"], "vi")
    assert not_its_language(["Bàn domino"], "en") and not not_its_language(["Dominoes table"], "en")


# -- nothing cut on a phone ----------------------------------------------------------------------
def status_lines(lang: str) -> list[str]:
    """Every status line the table can say, with its longest names: who is the inference bot
    at a seat, a team, two numbers, a tile."""
    voice = Voice(lang)
    longest_bot = max((bot_label(voice, bot) for bot in bot_names()), key=len)
    who = voice("name.bot", who=voice.name("N"), bot=longest_bot)
    values = {"who": who, "team": voice.team("NS"), "tile": "6-5", "numbers": voice("table.numbers_or", a=5, b=6),
              "button": voice("table.next_hand"), "a": 6, "b": 0, "count": voice("count.hand_win", n=10),
              "ends": voice("ends.two", a=5, b=6), "n": 12, "ply": 12, "of": 40}
    keys = [key for key in catalog("en")["table"] if key.startswith(("your_turn", "to_play", "thinking", "hand_over",
                                                                      "waiting_for", "match_over", "pass_screen",
                                                                      "choosing", "leader_prompt", "looking",
                                                                      "in_progress"))]
    keys += ["match_won_team", "match_won", "match_won_you"]
    lines = []
    for key in keys:
        section = "score" if key.startswith("match_won") else "table"
        lines.append(voice(f"{section}.{key}", **values))
    return lines


# A refusal's case (refusal.*) and the rule it is said with (rule.*), as the table pairs them.
REFUSED = {"fits_neither": "no_match", "fits_other_end": "no_match", "holding_one": "pass_with_playable_tile",
           "holding_more": "pass_with_playable_tile", "draw_holding_one": "draw_with_playable_tile",
           "draw_holding_more": "draw_with_playable_tile", "not_held": "tile_not_in_hand",
           "must_lead_double": "must_lead_deciding_tile", "must_lead_tile": "must_lead_double_six",
           "must_pose": "must_lead_double_six", "must_play_drawn": "must_play_drawn_tile", "no_pile": "draw_not_allowed",
           "pile_empty": "draw_from_empty_boneyard", "wrong_leader_rule": "wrong_leader", "not_your_turn": "not_your_turn",
           "must_draw": "must_draw", "wrong_leader": "wrong_leader", "not_host": "not_host", "stale": "stale",
           "no_takeback": "no_takeback", "hand_over": "hand_over", "choose_end": "choose_end"}


def notices(lang: str) -> list[str]:
    """The notices a seat's page flashes over the status line: what its draw did, and each
    refusal a person can meet there, with the rule behind it (as explain_refusal says them)."""
    voice = Voice(lang, you="S")
    values = {"tile": "6-5", "seat": voice.name("W"), "turn": voice.name("E"), "who": voice.name("E"), "n": 7,
              "tiles": voice.words.listing(["6-5", "5-5", "4-5"]), "leaders": f'{voice.name("N")} / {voice.name("S")}',
              "side": voice("ends.left"), "other_side": voice("ends.right"), "ends": voice("ends.two", a=5, b=6),
              "lacks": voice("ends.lacks_two", a=5, b=6), "move": "S 6-5 L", "numbers": "5, 6", "host": "Ana",
              "rule": voice("score.next_holder66").rstrip("."), "count": 2, "top": "3-4", "speeds": "slow, fast",
              "other": "6-4", "team": voice.team("NS"), "text": "6-9", "a": 5, "b": 6, "left": 5, "right": 6,
              "ply": 12, "of": 40, "code": "no_match", "button": voice("table.next_hand")}
    said = [voice(f"table.{key}", **values) for key in ("drew_fits_must", "drew_fits_may", "drew_no_fit", "took_back")]
    for case, rule in REFUSED.items():
        for key in (f"refusal.{case}", f"refusal.{case}_you"):
            if voice.words.has(key):
                detail = voice(key, **values).rstrip(".")
                said.append(f"{detail[:1].upper()}{detail[1:]}. {voice(f'rule.{rule}')}")
    return said


def test_the_status_lines_and_notices_are_all_tried():
    lines = status_lines("vi")
    assert len(lines) >= 15 and any("Bắc (máy " in line for line in lines), lines
    said = notices("vi")
    assert len(said) >= 25 and all("{" not in line for line in said)


@pytest.mark.parametrize("lang", LANGS)
def test_a_phone_cuts_no_text_on_the_server_pages(chromium, server, tables, lang):
    table = tables[lang]
    context = chromium.new_context(viewport=PHONE)
    cut: dict[str, Any] = {}
    try:
        page = context.new_page()
        page.goto(f"{server}/?lang={lang}")
        cut["home"] = page.evaluate(CUT_TEXT)
        for who in ("human", "inference", "montecarlo"):  # each choice of the form's rows, as the person picks it
            page.locator('select[name="who_N"]').select_option(who)
            cut[f"home, North is {who}"] = page.evaluate(CUT_TEXT)
        shoot(page, f"home-phone-{lang}")
        page.goto(table["invite"])
        cut["links"] = page.evaluate(CUT_TEXT)
        shoot(page, f"links-phone-{lang}")
        open_seat(page, table["seats"]["S"])
        cut["seat"] = page.evaluate(CUT_TEXT)
        for line in status_lines(lang):
            page.evaluate("(text) => window.dominoesSeat.set('view', {...window.dominoesSeat.get('view'), status: text})", line)
            page.wait_for_function("(text) => document.querySelector('.dw-status-text')?.textContent === text", arg=line)
            found = page.evaluate(CUT_TEXT)
            if found:
                cut[f"seat, status {line!r}"] = found
        page.evaluate("(text) => window.dominoesSeat.set('view', {...window.dominoesSeat.get('view'), status: text})",
                      max(status_lines(lang), key=len))
        shoot(page, f"seat-phone-{lang}-longest-status")
        for line in sorted(notices(lang), key=len):  # the longest last, for the picture
            page.evaluate("(text) => window.dominoesSeat.emit('msg:custom', {type: 'refused', message: text}, [])", line)
            page.wait_for_function("(text) => document.querySelector('.dw-notice.dw-visible')?.textContent === text", arg=line)
            found = page.evaluate(CUT_TEXT)
            if found:
                cut[f"seat, notice {line!r}"] = found
        shoot(page, f"seat-phone-{lang}-longest-notice")
    finally:
        context.close()
    assert {name: found for name, found in cut.items() if found} == {}
