"""A griffe extension for the docs site: Sphinx roles in docstrings read as Markdown.

The package's docstrings name other objects the Sphinx way (``:class:`~dominoes_widget.hand.Hand```).
MkDocs would show the role as text; this turns each into a code span, and into a link to
the API reference when it names something ``from dominoes_widget import ...`` offers.
The source stays as it is. Loaded by mkdocs.yml (mkdocstrings' ``extensions`` option).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import griffe

ROLE = re.compile(r":(?:class|func|meth|attr|data|mod|exc|obj):`(~?)([^`]+)`")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's package
import dominoes_widget  # noqa: E402  (loads no module but its __init__)

PUBLIC = frozenset({*dominoes_widget.__all__, "Table", "Replay"})
"""The names the API reference shows, each at ``dominoes_widget.<name>`` (docs/api/*.md;
tests/test_docs.py checks that each is there)."""


def markdown(text: str) -> str:
    """``text`` with every Sphinx role written as a Markdown code span or link."""

    def one(found: re.Match[str]) -> str:
        short, target = found.group(1), found.group(2).lstrip(".")
        last = target.rsplit(".", 1)[-1]
        shown = last if short else target
        if last in PUBLIC and (target == last or target.startswith("dominoes_widget.")):
            return f"[`{shown}`][dominoes_widget.{last}]"
        return f"`{shown}`"

    return ROLE.sub(one, text)


class SphinxRoles(griffe.Extension):
    """Rewrites the roles of every docstring once the package is loaded."""

    def on_object(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = markdown(obj.docstring.value)
