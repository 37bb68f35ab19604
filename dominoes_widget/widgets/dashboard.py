"""The learner's dashboard widget (``learner.dashboard()``): the rating over time, accuracy by
theme and by game, what is due and the best streak, as pictures.

One trait, ``view`` (:func:`~dominoes_widget.words.dashboard.dashboard_view`: the words and
the SVG pictures); the browser only shows it. ``refresh()`` draws it again after more tries
(the learner's file may have changed in another kernel too).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..words.catalog import check_language
from ..words.dashboard import dashboard_view

__all__ = ["Dashboard"]

STATIC = Path(__file__).resolve().parent.parent / "static"


class Dashboard(anywidget.AnyWidget):
    """A learner's progress in pictures; ``lang`` "en" or "vi"."""

    _esm = STATIC / "dashboard.js"
    _css = STATIC / "dashboard.css"

    view = traitlets.Dict(help="the dashboard's words and SVG pictures (js/PROTOCOL.md, 'The learner's dashboard')"
                          ).tag(sync=True)

    def __init__(self, learner: Any, *, lang: str = "en") -> None:
        from ..studies.learner import Learner

        if not isinstance(learner, Learner):
            raise TypeError(f"Dashboard: a Learner, not {type(learner).__name__}")
        super().__init__()
        self._learner = learner
        self._lang = check_language(lang)
        self.refresh()

    def refresh(self) -> None:
        """Read the learner's file again and redraw."""
        self._learner.reload()
        self.view = dict(dashboard_view(self._learner, self._lang))
