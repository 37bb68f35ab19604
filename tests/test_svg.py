"""Positions as pictures: ``render_svg`` and the notebook reprs built on it."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from dominoes_widget import Hand, Match, Rules, read_record, seat_view
from dominoes_widget.words.svg import layout_line, render_match_html, render_record_html, render_svg
from pictures import inline_svgs

SEAT_WORDS = {"N": "North", "E": "East", "S": "South", "W": "West"}

RECORDS = Path(__file__).resolve().parent / "data" / "records"  # copies of shared/records
SVG = "{http://www.w3.org/2000/svg}"


def _replayed(name: str = "six_love_match.json"):
    return read_record(RECORDS / name)


def _parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)  # valid XML, or this raises
    assert root.tag == f"{SVG}svg"
    return root


def _face_up(root: ET.Element) -> list[str]:
    """Tiles drawn face up, by their <title> (hand tiles low-high, line tiles as they lie)."""
    return [g.find(f"{SVG}title").text for g in root.iter(f"{SVG}g") if g.find(f"{SVG}title") is not None]


def _face_down(root: ET.Element) -> int:
    return sum(1 for g in root.iter(f"{SVG}g") if g.find(f"{SVG}title") is None
               and g.find(f"{SVG}circle") is None and len(g.findall(f"{SVG}rect")) == 2)


def _same_tile(text: str) -> str:
    a, b = sorted(int(v) for v in text.split("-"))
    return f"{a}-{b}"


def test_every_tile_shows_once_with_hands_open():
    hand = _replayed().match.hands[0]
    for step in (0, 1, 9, len(hand.moves)):
        root = _parse(render_svg(hand, step=step))
        shown = sorted(_same_tile(t) for t in _face_up(root))
        assert len(shown) == 28 and len(set(shown)) == 28, f"step {step}: each of the 28 tiles once"
        assert _face_down(root) == 0


def test_a_seat_view_hides_the_other_hands():
    hand = _replayed().match.hands[0]
    at = hand.copy()
    while len(at.moves) > 8:
        at.pop()
    root = _parse(render_svg(hand, step=8, seat="S"))
    shown = {_same_tile(t) for t in _face_up(root)}
    mine = {str(t) for t in at.held("S")}
    table = {_same_tile(f"{a}-{b}") for a, b in at.line}
    assert shown == mine | table, "S sees its own tiles and the line, nothing else"
    for seat in ("N", "E", "W"):
        assert not shown & {str(t) for t in at.held(seat)}, f"{seat}'s tiles stay hidden"
    assert _face_down(root) == sum(at.count(s) for s in ("N", "E", "W"))
    text = "".join(root.itertext())
    assert "as seen by South" in text and "(face down)" in text


def test_open_hands_overrides_the_seat_view_and_a_finished_hand_shows_all():
    hand = _replayed().match.hands[0]
    assert _face_down(_parse(render_svg(hand, step=8, seat="S", open_hands=True))) == 0
    assert _face_down(_parse(render_svg(hand, seat="S"))) == 0, "at the end every hand is turned up"
    # no seat and open_hands=False: every hand face down (a spectator's view)
    assert _face_down(_parse(render_svg(hand, step=3, open_hands=False))) == 4 * 7 - 3


def test_a_seat_view_object_renders_the_same_as_seat():
    hand = Hand.dealt(Rules.six_love(), seed=4)
    hand.push(hand.legal_move_list()[0])
    assert render_svg(seat_view(hand, "E")) == render_svg(hand, seat="E")


def test_hidden_draws_stay_hidden():
    replayed = _replayed("vietnamese_3_players.json")
    hand = replayed.match.hands[0]
    svg = render_svg(hand, step=7, seat="S")  # E has just drawn 0-2
    assert "last move by East: draw ·" in svg and 'data-last-move="E draw"' in svg and "0-2" not in svg.split("<title>")[1]
    assert "E draw 0-2" not in svg
    assert 'data-last-move="E draw 0-2"' in render_svg(hand, step=7), "with every hand open the draw shows"
    assert "pile 6" in svg


@pytest.mark.parametrize("size", [200, 360, 520, 900])
def test_sizes(size):
    hand = _replayed().match.hands[0]
    root = _parse(render_svg(hand, step=20, size=size))
    assert float(root.get("width")) == size
    width, height = float(root.get("width")), float(root.get("height"))
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"
    assert 0.3 * size < height < 2.5 * size
    for node in root.iter():
        for attr in ("x", "x1", "x2", "cx"):
            if node.get(attr) is not None:
                assert -0.01 <= float(node.get(attr)) <= width + 0.01, f"{node.tag} {attr} inside the picture"
        if node.tag == f"{SVG}rect" and node.get("width") and node is not root:
            assert float(node.get("x")) + float(node.get("width")) <= width + 0.01
        for attr in ("y", "cy"):
            if node.get(attr) is not None:
                assert -0.01 <= float(node.get(attr)) <= height + 0.01
    with pytest.raises(ValueError):
        render_svg(hand, size=50)


def test_no_scripts_styles_or_external_references():
    svg = render_svg(_replayed().match.hands[2], step=5, caption="<script>alert(1)</script> & more")
    _parse(svg)
    for forbidden in ("<script", "<style", "href=", "url(", "<foreignObject"):
        assert forbidden not in svg
    assert "&lt;script&gt;" in svg


def test_the_turn_ends_and_pile_are_written():
    hand = _replayed().match.hands[0]
    text = "".join(_parse(render_svg(hand, step=3)).itertext())
    at = hand.copy()
    while len(at.moves) > 3:
        at.pop()
    assert f"{SEAT_WORDS[at.turn]} to move" in text
    assert f"ends {at.ends[0]} | {at.ends[1]}" in text
    assert "pile" not in text, "no draw pile in the partnership game"
    end = "".join(_parse(render_svg(hand)).itertext())
    assert "dominoes" in end


def test_step_is_checked():
    hand = _replayed().match.hands[0]
    with pytest.raises(ValueError, match="step"):
        render_svg(hand, step=99)
    with pytest.raises(TypeError):
        render_svg("not a hand")
    with pytest.raises(ValueError, match="seat"):
        render_svg(hand, seat="X")


def test_the_line_layout_fits_and_never_overlaps():
    from itertools import combinations

    line = [(6, 0), (0, 0), (0, 1), (1, 1), (1, 2), (2, 0), (0, 3), (3, 1), (1, 4), (4, 0), (0, 5), (5, 1), (1, 6),
            (6, 2), (2, 2), (2, 3), (3, 3), (3, 4), (4, 2), (2, 5), (5, 3), (3, 6), (6, 4), (4, 4), (4, 5), (5, 5),
            (5, 6), (6, 6)]
    for width in (80, 200, 400, 700):
        for lead in (0, 9, 27):
            places, (bx, by, bw, bh) = layout_line(line, lead, width, 24)
            assert [p.index for p in places] == list(range(28))
            for p in places:
                assert -1e-6 <= p.x and p.x + p.w <= width + 1e-6 and p.y >= -1e-6
                a, b = line[p.index]
                assert sorted(p.halves) == sorted((a, b))
                if a == b:
                    assert p.w < p.h, "doubles lie crosswise"
            for p, q in combinations(places, 2):
                overlap = p.x < q.x + q.w - 1e-6 and q.x < p.x + p.w - 1e-6 and \
                    p.y < q.y + q.h - 1e-6 and q.y < p.y + p.h - 1e-6
                assert not overlap, (width, lead, p, q)
    assert layout_line([], 0, 300, 20) == ([], (0.0, 0.0, 0.0, 0.0))


def test_hand_repr_svg():
    hand = Hand.dealt(Rules.vietnamese(2), seed=2)
    root = _parse(hand._repr_svg_())
    assert len(_face_up(root)) == 14, "two hands of seven, face up"
    assert "pile 14" in "".join(root.itertext())


def test_match_and_record_reprs_are_self_contained_html():
    replayed = _replayed()
    for html in (render_match_html(replayed.match), replayed.match._repr_html_(), render_record_html(replayed),
                 replayed._repr_html_()):
        assert "<svg" not in html, "the picture is an image: untrusted notebooks strip an inline SVG"
        html = inline_svgs(html)
        root = ET.fromstring(html)  # well-formed: the SVG inside plain HTML
        assert "<script" not in html and "<link" not in html and "<style" not in html
        assert root.find(f".//{SVG}svg") is not None, "the last position is drawn"
        rows = root.findall(".//tbody/tr")
        assert len(rows) == 5
        assert "Score" in "".join(root.itertext())
    assert "Players:" in render_record_html(replayed)
    empty = Match(Rules.six_love())
    assert "No hand dealt yet" in empty._repr_html_()


def test_an_unfinished_hand_in_the_match_summary():
    match = Match(Rules.straight_six(), seed=1)
    hand = match.deal(seed=1)
    hand_moves = hand.legal_move_list()
    match.push(hand_moves[0])
    html = render_match_html(match)
    ET.fromstring(html)
    assert "in progress" in html
    assert json.dumps(html)  # plain text, ready for a notebook's JSON


def test_the_module_examples_run():
    import doctest

    from dominoes_widget.words import svg

    result = doctest.testmod(svg)
    assert result.attempted >= 3 and result.failed == 0


def test_match_and_record_summaries_speak_the_language_asked():
    """A Match or a record shown in a notebook, and render_*_html(lang=...), say their titles,
    columns, results and score in that language, seats by name (English only before)."""
    replayed = _replayed()
    english = render_record_html(replayed)
    assert "Record: Six Love: 5 hands" in english and "<th" in english and "Score after" in english
    unfinished = Match(Rules.straight_six(), seed=1)
    unfinished.deal(seed=1)
    unfinished.push(unfinished.hand.legal_move_list()[0])
    assert "in progress (1 move, " in render_match_html(unfinished)
    for html in (render_match_html(replayed.match, lang="vi"), render_record_html(replayed, lang="vi"),
                 render_match_html(unfinished, lang="vi"), render_match_html(Match(Rules.six_love()), lang="vi")):
        ET.fromstring(html)
        text = "".join(ET.fromstring(html).itertext())
        for word in ("Record", "match", "Hand", "Leader", "Moves", "Result", "Score", "hands", "in progress",
                     "No hand", "Players", "North", "South", "wins", "pips"):
            assert word not in text, (word, text[:300])
    assert "Chưa chia ván nào." in render_match_html(Match(Rules.six_love()), lang="vi")
    assert "đang chơi (1 nước, đến lượt" in render_match_html(unfinished, lang="vi")


def test_a_small_pictures_side_seats_are_named_in_its_language():
    """Beside the side seats' tiles a small picture names each seat by one letter: the
    language's letter (Tây, Đông: T, Đ), not the English one."""
    hand = Hand.dealt(Rules.six_love(), seed=1)

    def side_labels(lang):
        texts = ["".join(t.itertext()) for t in ET.fromstring(render_svg(hand, seat="S", size=400, lang=lang)).iter()
                 if t.tag.endswith("text")]
        return [text for text in texts if " · " in text and text.lstrip("▶ ")[:1] in "NESWBĐT"]

    assert side_labels("en") == ["W · 7", "▶ E · 7"]
    assert side_labels("vi") == ["T · 7", "▶ Đ · 7"]
