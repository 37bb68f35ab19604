"""Words that are right for who reads them, in both languages (issue 36, item 5), without a browser:

- one word per concept in Vietnamese (the pile is "bài dư", the game "domino", a seat "ghế",
  a link "đường dẫn", a record "bản ghi"), and every bot kind has its own name in every catalog;
- a watcher, who has no Next hand button, is not told to click it; a notebook's table of bots,
  which has one, still is;
- a new hand's score names each side;
- the links page's title and a seat page's tab speak the table's language;
- links that only this machine can open (loopback) come with a warning saying how to serve on
  the network, with the CLI's real options; links on the network come with none.
"""

from __future__ import annotations

import asyncio
import re
import subprocess
from html import unescape
import sys

import pytest

from dominoes_widget.server.home_page import home_page, invite_page
from dominoes_widget.server.invitations import (SERVE_ON_NETWORK, SHARE_ON_NETWORK, Invitation, invitation_html,
                                               loopback_host)
from dominoes_widget.server.page import seat_page
from dominoes_widget.sessions.scheduler import ManualScheduler
from dominoes_widget.sessions.table.follow import announcement
from dominoes_widget.sessions.table.session import TableSession, table_options
from dominoes_widget.studies.bots import bot_names
from dominoes_widget.words.catalog import LANGUAGES, Voice, catalog
from dominoes_widget.words.explanations import bot_label
from server_harness import Seat, local_server, request

# The Vietnamese words a concept had besides the one kept, which the catalog must not use again.
REJECTED = {
    "the draw pile (bài dư)": ["nọc"],
    "the game (domino)": ["đô-mi-nô"],
    "a seat (ghế)": ["chỗ ngồi", "chỗ {seat}", "các chỗ", "một chỗ", "chỗ đó", '"chỗ"'],
    "a link (đường dẫn)": ["đường link", "liên kết"],
    "a record (bản ghi)": ["biên bản"],
    "a tile (quân)": ["quân bài", "quân cờ", "con bài"],
}


def vi_texts() -> list[tuple[str, str]]:
    """Every Vietnamese entry as ``(section.key, text)``, plural forms one by one."""
    found = []
    for section, entries in catalog("vi").items():
        for key, entry in entries.items():
            for text in entry.values() if isinstance(entry, dict) else [entry]:
                found.append((f"{section}.{key}", text))
    return found


# -- one word per concept ------------------------------------------------------------------------
@pytest.mark.parametrize("concept", sorted(REJECTED))
def test_the_vietnamese_catalog_says_each_concept_one_way(concept):
    used = [(key, text) for key, text in vi_texts()
            for word in REJECTED[concept] if word in f'"{text}"'.lower() or word in text.lower()]
    assert used == [], f"{concept}: {used}"


def test_the_kept_words_are_the_ones_the_catalog_uses():
    texts = " ".join(text.lower() for _, text in vi_texts())
    assert texts.count("bài dư") > 20 and texts.count("domino") > 5 and texts.count("ghế") > 10
    assert catalog("vi")["home"]["title"] == "Domino"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_bot_kind_has_a_name_of_its_own(lang):
    voice = Voice(lang)
    names = {bot: bot_label(voice, bot) for bot in bot_names()}
    assert all(bot in catalog(lang)["name"] for bot in names), "a bot named by the fallback, with its code name"
    assert len(set(names.values())) == len(names), names
    if lang == "vi":
        assert names["inference"] == "máy suy luận"
        assert not any(re.search(r"[a-z]{5,}", name) and bot in name for bot, name in names.items()), names


# -- a watcher's words ---------------------------------------------------------------------------
def test_a_watcher_is_not_told_to_click_a_button_it_does_not_have():
    async def scenario():
        async with local_server() as (base, _server):
            created = (await request(f"{base}/api/tables", {"game": "vietnamese", "players": 2, "seed": 7,
                                                             "bot_delay": 0, "lang": "vi"}))[1]
            seats = [await Seat.open(link, seat) for seat, link in created["seats"].items()]
            watcher = await Seat.open(created["watch"], "watcher")
            await watcher.until(lambda s: s.view.get("phase") == "playing")
            while watcher.view["phase"] == "playing":
                mover = await seats[0].until(lambda _: next((s for s in seats if s.view.get("legal")), None)
                                             or watcher.view["phase"] != "playing")
                if mover is True or not isinstance(mover, Seat):
                    break
                view = mover.view
                mover.send({"type": "move", "move": view["legal"][0], "hand": view["hand_number"],
                            "ply": len(view["moves"])})
                await mover.until(lambda s: len(s.view["moves"]) > len(view["moves"]) or s.view["phase"] != "playing")
            await watcher.until(lambda s: s.view["phase"] == "hand_over")
            person = await seats[0].until(lambda s: s.view["phase"] == "hand_over" and s)
            vi = Voice("vi")
            assert watcher.view["status"] == vi("table.hand_over_watching")
            assert vi("table.next_hand") not in watcher.view["status"] and watcher.view["can_set_table"] is False
            assert vi("table.next_hand") in person.view["status"], "a player has the button, and is told so"
            for each in (*seats, watcher):
                each.close()

    asyncio.run(scenario())


def test_a_notebooks_table_of_bots_offers_next_hand_and_says_so():
    scheduler = ManualScheduler()
    session = TableSession(table_options("six_love", {"bots": "greedy", "bot_delay": 0, "seed": 3,
                                                      "seats": {"S": "greedy"}}), scheduler)
    scheduler.run_all()
    view = session.view()
    assert view["phase"] == "hand_over" and view["viewer"] is None
    assert view["can_set_table"] is True, "the page shows its Next hand button"
    assert view["status"] == "Hand over: click Next hand when you are ready"


# -- the score names each side -------------------------------------------------------------------
@pytest.mark.parametrize("lang, teams", [("en", ("North-South", "East-West")), ("vi", ("Bắc-Nam", "Đông-Tây"))])
def test_a_new_hands_score_names_each_team(lang, teams):
    scheduler = ManualScheduler()
    session = TableSession(table_options("six_love", {"bots": "greedy", "bot_delay": 0, "seed": 3,
                                                      "seats": {"S": "greedy"}}), scheduler)
    scheduler.run_all()
    session.next_hand()
    said = announcement(session.match, 1, Voice(lang))
    winners = session.match.hands[0].outcome.winner_team
    first, second = teams if winners == "NS" else teams[::-1]
    assert said.endswith(f"{first} 1, {second} 0"), said


# -- the links page and the seat page in the table's language ------------------------------------
def test_the_links_page_and_the_seat_tab_speak_the_tables_language():
    async def scenario():
        async with local_server() as (base, _server):
            created = (await request(f"{base}/api/tables", {"game": "vietnamese", "players": 3, "lang": "vi",
                                                             "bots": {"E": "inference"}}))[1]
            status, page = (await request(created["invite"]))
            assert status == 200 and "Domino Việt Nam, 3 người chơi" in page and "Vietnamese" not in page
            status, page = (await request(created["seats"]["S"]))
            title = re.search(r"<title>(.*?)</title>", page).group(1)
            assert title == "Domino Việt Nam, 3 người chơi · Nam", title

    asyncio.run(scenario())


def test_a_seat_pages_tab_names_the_seat_in_words():
    assert "<title>Six Love · South</title>" in seat_page("en", "Six Love", "S")


# -- links on loopback ---------------------------------------------------------------------------
@pytest.mark.parametrize("url, host", [
    ("http://127.0.0.1:8765/tables/x/seat?token=t", "127.0.0.1"),
    ("http://localhost:8765/tables/x/seat?token=t", "localhost"),
    ("http://[::1]:8765/tables/x/seat?token=t", "::1"),
    ("http://127.0.0.2:80/", "127.0.0.2"),
    ("http://192.168.1.20:8765/tables/x/seat?token=t", None),
    ("http://10.0.0.5/", None),
    ("https://dominoes.example.org/tables/x/seat?token=t", None),
    ("http://my-laptop.local:8765/", None),
])
def test_loopback_links_are_told_apart(url, host):
    assert loopback_host([url]) == host


def codes(html: str) -> list[str]:
    """The text of each <code> of ``html``, as a reader copies it."""
    return [unescape(re.sub(r"<[^>]+>", "", code)) for code in re.findall(r"<code>(.*?)</code>", html)]


def invitation(base: str) -> Invitation:
    return Invitation.of("Six Love", {"N": f"{base}/tables/t/seat?token=a"}, Voice("en"), {},
                         watch=f"{base}/tables/t/watch?token=w")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_links_on_loopback_warn_and_say_how_to_serve_on_the_network(lang):
    voice = Voice(lang)
    page = invite_page(lang, invitation("http://127.0.0.1:8765"))
    assert 'class="dw-loopback"' in page
    assert voice("home.loopback_warning", host="127.0.0.1") in page
    assert codes(page) == [SERVE_ON_NETWORK, "--host-key"]
    home = home_page(lang, needs_key=False, links_at="http://127.0.0.1:8765")
    assert voice("home.loopback_home", host="127.0.0.1") in home and codes(home) == [SERVE_ON_NETWORK, "--host-key"]
    notebook = invitation_html(invitation("http://127.0.0.1:8765"), voice, notebook=True)
    assert "dw-loopback" in notebook and codes(notebook) == [SHARE_ON_NETWORK]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_links_on_the_network_carry_no_warning(lang):
    assert 'class="dw-loopback"' not in invite_page(lang, invitation("http://192.168.1.20:8765"))
    assert 'class="dw-loopback"' not in home_page(lang, needs_key=True, links_at="http://192.168.1.20:8765")
    assert 'class="dw-loopback"' not in home_page(lang, needs_key=True)


def test_the_warnings_command_is_the_clis_own():
    helped = subprocess.run([sys.executable, "-m", "dominoes_widget", "serve", "--help"], capture_output=True,
                            text=True, check=True).stdout
    for option in ("--host", "--host-key"):
        assert re.search(rf"{option}\b", helped), option
    assert SERVE_ON_NETWORK.startswith("python -m dominoes_widget serve --host ")
    assert SHARE_ON_NETWORK == 'table.share(host="0.0.0.0")'
    from dominoes_widget.widgets.table import Table
    import inspect
    assert "host" in inspect.signature(Table.share).parameters


def test_a_server_on_loopback_warns_on_its_pages():
    async def scenario():
        async with local_server() as (base, _server):
            for lang in LANGUAGES:
                status, home = await request(f"{base}/?lang={lang}")
                assert status == 200 and Voice(lang)("home.loopback_home", host="127.0.0.1") in home
            created = (await request(f"{base}/api/tables", {"game": "six_love", "lang": "vi"}))[1]
            status, page = await request(created["invite"])
            assert status == 200 and Voice("vi")("home.loopback_warning", host="127.0.0.1") in page

    asyncio.run(scenario())
