"""Pictures that an untrusted notebook shows: each display bundle's HTML holds the picture as an
``<img>`` of the SVG (which JupyterLab's sanitizer keeps) with its words as alt text, and no inline
``<svg>`` (which it strips, running the words together). tests/e2e/test_untrusted_lab.py opens
saved notebooks untrusted in real JupyterLab."""

from __future__ import annotations

import base64
import html
import re
from pathlib import Path

import pytest

from dominoes_widget import Exercise, Hand, Picture, Rules, render_svg
from dominoes_widget.widgets.replay import Replay
from dominoes_widget.widgets.table import Table
from pictures import inline_svgs

RECORDS = Path(__file__).resolve().parent / "data" / "records"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
IMG = re.compile(r'<img src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)" alt="([^"]*)"[^>]*/>')


def images(markup: str) -> list[tuple[str, str]]:
    """(the SVG, the alt text) of each picture in ``markup``."""
    return [(base64.b64decode(data).decode(), html.unescape(alt)) for data, alt in IMG.findall(markup)]


def label_of(svg: str) -> str:
    return html.unescape(re.search(r'<svg[^>]*\saria-label="([^"]*)"', svg).group(1))


def test_a_picture_shows_as_an_image_with_its_words():
    hand = Hand.dealt(Rules.six_love(), seed=1)
    svg = render_svg(hand, seat="S", size=380)
    data = Picture(svg)._repr_mimebundle_()
    assert "<svg" not in data["text/html"]
    [(shown, alt)] = images(data["text/html"])
    assert shown == svg and alt == label_of(svg)
    assert alt.startswith("Six Love: ") and "as seen by South" in alt
    assert 'width="380"' in data["text/html"] and "max-width:100%" in data["text/html"]
    assert data["text/plain"] == alt and set(data) == {"text/html", "text/plain"}


def test_a_picture_refuses_what_is_no_svg():
    with pytest.raises(TypeError, match="render_svg"):
        Picture(Hand.dealt(Rules.six_love(), seed=1))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="SVG"):
        Picture("<div>not a picture</div>")


def test_a_hand_shows_as_an_image_too():
    hand = Hand.dealt(Rules.vietnamese(2), seed=2)
    [(shown, alt)] = images(hand._repr_html_())
    assert shown == hand._repr_svg_() and alt == label_of(shown)


@pytest.mark.parametrize("make", [
    lambda: Table(bot_delay=0, seed=3),
    lambda: Table("vietnamese", players=3, lang="vi", bot_delay=0, seed=5),
    lambda: Replay(RECORDS / "six_love_match.json", hand=1, step=4),
    lambda: Exercise.playable(Hand.dealt(Rules.six_love(), seed=1)),
], ids=["table", "table-vi", "replay", "exercise"])
def test_a_widgets_saved_picture_is_an_image_with_words_beside_it(make):
    widget = make()
    data, _metadata = widget._repr_mimebundle_()
    assert WIDGET_VIEW in data, "a running notebook still gets the widget itself"
    saved = data["text/html"]
    assert "<svg" not in saved and "</text>" not in saved
    [(shown, alt)] = images(saved)
    assert alt == label_of(shown) and alt
    assert inline_svgs(saved) == widget._static_html(), "the same picture as before, as an image"
    words = html.unescape(re.sub(r"<[^>]+>", " ", saved)).split()
    assert len(words) >= 5, f"words beside the picture: {words}"


def test_the_module_example_runs():
    import doctest

    from dominoes_widget.words import picture

    result = doctest.testmod(picture)
    assert result.attempted and not result.failed
