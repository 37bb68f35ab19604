"""Pictures a notebook shows before it is trusted: an SVG as an ``<img>`` with its words as alt text.

A notebook just cloned or downloaded is not trusted. JupyterLab then draws no ``image/svg+xml``
output, and its sanitizer drops an inline ``<svg>`` from ``text/html`` but keeps the words in
it, run together ("…as seen by YouSix Love: You to move…2-43-41-51…"). It keeps an ``<img>``
whose source is a ``data:`` URL, so the pictures in HTML outputs are such images, each with the
picture's own label (its heading and status line) as alt text: the same drawing in every viewer,
trusted or not.

>>> from dominoes_widget import Hand, Rules, render_svg
>>> img = svg_as_img(render_svg(Hand.dealt(Rules.six_love(), seed=1), size=300))
>>> img.startswith('<img src="data:image/svg+xml;base64,') and 'alt="Six Love: ' in img
True
"""

from __future__ import annotations

import base64
import html
import re
from typing import Any

__all__ = ["Picture", "svg_as_img", "svgs_as_imgs"]

_SVG = re.compile(r"<svg\b.*?</svg>", re.S)  # the renderer's pictures never nest
_OPENING = re.compile(r"<svg\b[^>]*>")


def _attribute(opening: str, name: str) -> str | None:
    found = re.search(rf'\s{name}="([^"]*)"', opening)
    return found.group(1) if found else None


def svg_as_img(svg: str) -> str:
    """``svg`` as an ``<img>`` with a ``data:`` URL, its ``aria-label`` as alt text, its size kept.

    The image shrinks with a narrow output area and keeps its proportions.
    """
    opening = _OPENING.match(svg.lstrip())
    if opening is None:
        raise ValueError(f"expected the text of an SVG picture (<svg ...>), not {svg[:40]!r}")
    label = _attribute(opening.group(0), "aria-label") or ""  # escaped as the SVG has it, so fit for alt="…"
    size = "".join(f' {name}="{value}"' for name in ("width", "height")
                   if (value := _attribute(opening.group(0), name)) is not None)
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    return (f'<img src="data:image/svg+xml;base64,{data}" alt="{label}"{size} '
            f'style="max-width:100%;height:auto"/>')


def svgs_as_imgs(markup: str) -> str:
    """``markup`` (HTML) with each inline ``<svg>…</svg>`` drawn as an ``<img>`` by :func:`svg_as_img`."""
    return _SVG.sub(lambda found: svg_as_img(found.group(0)), markup)


class Picture:
    """An SVG picture for a notebook cell, shown in untrusted notebooks too.

    ``Picture(render_svg(hand, seat="S"))`` looks as ``IPython.display.SVG`` does in a trusted
    notebook (JupyterLab draws that as an image too), and the same in one not trusted yet: it
    displays as an ``<img>`` in ``text/html``, which JupyterLab renders untrusted. Its plain text
    is the picture's label. The SVG is not saved a second time as ``image/svg+xml``: the
    notebooks stay small.
    """

    def __init__(self, svg: str) -> None:
        if not isinstance(svg, str):
            raise TypeError(f"Picture() takes the text of an SVG (render_svg(...)), not {type(svg).__name__}")
        self.img = svg_as_img(svg)  # checks that it is an SVG
        self.svg = svg

    @property
    def label(self) -> str:
        """What the picture shows, in words: its heading and status line."""
        opening = _OPENING.match(self.svg.lstrip())
        return html.unescape(_attribute(opening.group(0), "aria-label") or "") if opening else ""

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        return {"text/html": self.img, "text/plain": self.label or "<Picture>"}

    def __repr__(self) -> str:
        return f"<Picture: {self.label}>" if self.label else "<Picture>"
