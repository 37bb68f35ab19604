"""The server's home page and a table's links page (issue 27.1), over HTTP against a server
the test starts on 127.0.0.1: the form drawn from the rules, JSON kept for programs, the
links page with a QR code per seat, reachable only with the table's invite token, and the
same links in a notebook's ``share()``. The pages in a browser: test_server_home_browser.py.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import segno

from dominoes_widget.words.catalog import Voice
from dominoes_widget.server.home_page import form_facts, home_page
from dominoes_widget.server.invitations import Invitation, invitation_html, invite_token, qr_svg
from server_harness import answer, local_server, request
from test_server import TWO_PEOPLE, run


class _Elements(HTMLParser):
    """The start tags of a page, as (tag, attributes) pairs; it fails on nothing, so ``errors``
    counts what a strict reader would trip on (an unclosed ``<svg>``, say)."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


def tags(html: str) -> list[tuple[str, dict[str, str | None]]]:
    parser = _Elements()
    parser.feed(html)
    return parser.tags


def test_the_home_page_is_a_form_in_the_browsers_language_and_json_stays_for_programs():
    async def scenario():
        async with local_server() as (base, server):
            status, html, headers = await answer(f"{base}/", headers={"Accept": "text/html,*/*"})
            assert status == 200 and headers["Content-Type"].startswith("text/html")
            assert "Content-Security-Policy" in headers and headers["Referrer-Policy"] == "no-referrer"
            assert '<html lang="en">' in html and "Start the table" in html
            assert ('script', {'type': 'module', 'src': 'static/home_page.js'}) in tags(html)
            assert any(tag == "link" and attrs.get("rel") == "icon" for tag, attrs in tags(html))

            vi = (await answer(f"{base}/", headers={"Accept-Language": "vi-VN,vi;q=0.9,en;q=0.5"}))[1]
            assert '<html lang="vi">' in vi and "Mở bàn" in vi
            assert '<html lang="vi">' in (await answer(f"{base}/?lang=vi"))[1]
            assert '<html lang="en">' in (await answer(f"{base}/?lang=xx", headers={"Accept-Language": "en"}))[1]

            status, body = await request(f"{base}/", headers={"Accept": "application/json"})
            assert status == 200 and body["server"] == "dominoes_widget table server" and body["tables"] == 0
            assert (await request(f"{base}/api/tables", TWO_PEOPLE))[0] == 201
            status, body = await request(f"{base}/api/status")
            assert status == 200 and body["tables"] == 1 and body["needs_key"] is False
            for name in ("home_page.js", "invite_page.js"):
                assert (await answer(f"{base}/static/{name}"))[0] == 200
    run(scenario)


def test_the_form_offers_what_the_rules_allow():
    facts = form_facts("en")
    games = {game["id"]: game for game in facts["games"]}
    assert set(games) == {"six_love", "straight_six", "vietnamese"}
    assert games["vietnamese"]["players"] == [2, 3, 4] and games["six_love"]["players"] == [4]
    assert games["vietnamese"]["seats"]["2"] == ["S", "N"] and games["vietnamese"]["seats"]["3"] == ["S", "E", "N"]
    assert games["six_love"]["target"] == 6 and games["vietnamese"]["target"] is None
    assert {"strong", "greedy", "random"} <= {bot["id"] for bot in facts["bots"]}
    html = home_page("en", needs_key=False)
    selects = [attrs["name"] for tag, attrs in tags(html) if tag == "select"]
    assert selects == ["players", "lang", "who_N", "who_E", "who_S", "who_W"]
    assert re.search(r'id="dw-key"[^>]* hidden', html)
    assert not re.search(r'id="dw-key"[^>]* hidden', home_page("en", needs_key=True))


def test_a_new_table_answers_its_links_page_which_only_its_invite_token_opens():
    async def scenario():
        async with local_server() as (base, server):
            status, made = await request(f"{base}/api/tables", {**TWO_PEOPLE, "names": {"S": "Ana <b>", "N": "Bao"}})
            assert status == 201 and set(made["seats"]) == {"N", "S"}
            table = server.tables[made["id"]]
            assert made["invite"] == f"{base}/tables/{table.id}/invite?token={invite_token(table.id, table.tokens)}"
            assert not any(token in made["invite"] for token in table.tokens.values())

            status, html, headers = await answer(made["invite"])
            assert status == 200 and headers["Cache-Control"] == "no-store"
            assert "Content-Security-Policy" in headers
            for seat, link in made["seats"].items():
                assert html.count(f'value="{link.replace("&", "&amp;")}"') == 1, seat
            assert "Ana &lt;b&gt;" in html and "<b>" not in html.split("<body>")[1].split("Ana")[0][-50:]
            assert html.count('class="dw-qr"') == 3 and html.count('class="dw-copy"') == 3  # two seats, the watch link
            assert f'value="{made["watch"].replace("&", "&amp;")}"' in html
            record = re.search(r'<a href="([^"]+)"[^>]*>record \(JSON\)</a>', html).group(1).replace("&amp;", "&")
            status, watched = await request(record)
            assert status == 200 and watched["format"] == "dominoes-record" and watched["in_play"]["seat"] is None
            assert "http" not in re.sub(r'(value|href|data-copy)="[^"]*"', "", html.split("<main")[1]).replace(
                "http://www.w3.org/2000/svg", ""), "nothing is loaded from another address"

            wrong = made["invite"][:-4] + "abcd"
            for url in (wrong, made["invite"].split("?")[0], made["invite"].replace(table.id, "nope"),
                        made["invite"] + "é", made["seats"]["S"].replace("/seat?", "/invite?")):
                status, text, _ = await answer(url)
                assert status == 403 and "does not open a table" in text, url
    run(scenario)


def dark_modules(svg: str) -> set[tuple[int, int]]:
    """The dark modules an SVG QR code draws, read back from its path ("M2 2.5h7m2 0h1..."):
    each ``h`` is a run of modules on the row the pen is on."""
    path = re.search(r'<path stroke="#000" d="([^"]+)"', svg).group(1)
    x = y = 0.0
    dark: set[tuple[int, int]] = set()
    for command, numbers in re.findall(r"([MmHh])([-\d. ]+)", path.replace("-", " -")):
        values = [float(v) for v in numbers.split()]
        if command == "M":
            x, y = values
        elif command == "m":
            x, y = x + values[0], y + values[1]
        else:
            dark.update((int(y - 0.5), int(x) + i) for i in range(int(values[0])))
            x += values[0]
    return dark


def test_each_qr_code_reads_back_as_its_link():
    link = "http://192.168.1.20:8765/tables/abc/seat?token=0123456789abcdef"
    svg = qr_svg(link, title="North")
    assert svg.startswith("<svg") and "<title>North</title>" in svg
    code = segno.make(link, error="m", micro=False)
    expected = {(row + 2, column + 2) for row, line in enumerate(code.matrix) for column, bit in enumerate(line) if bit}
    assert dark_modules(svg) == expected
    assert dark_modules(qr_svg(link + "x")) != expected


def test_share_in_a_notebook_shows_the_same_links_and_qr_codes():
    voice = Voice("vi")
    invitation = Invitation.of("Six Love", {"N": "http://h/tables/t/seat?token=a", "E": "http://h/tables/t/seat?token=b"},
                               voice, {"N": "Bao"})
    html = invitation_html(invitation, voice, copy_buttons=False, intro="Bạn chơi Nam ở đây.")
    assert [link.label for link in invitation.seats] == ["Bao (Bắc)", voice.name("E")]
    assert html.count('class="dw-qr"') == 2 and "dw-copy" not in html and "Bạn chơi Nam ở đây." in html


def test_a_table_started_with_a_host_key_says_so_on_the_home_page():
    async def scenario():
        async with local_server(host_key="the-key") as (base, server):
            html = (await answer(f"{base}/"))[1]
            assert not re.search(r'id="dw-key"[^>]* hidden', html)
            assert (await request(f"{base}/api/status"))[1]["needs_key"] is True
    run(scenario)
