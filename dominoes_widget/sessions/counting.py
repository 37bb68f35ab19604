"""The counting panel of both widgets: what one seat can count, built from its seat view alone.

The Table shows it to the person at the screen, the Replay to its bottom seat at every step.
Both pass a :class:`~dominoes_widget.engine.views.SeatView`, so a tile that seat cannot see never
reaches the panel: the unseen counts and the known voids are the view's own facts.
"""

from __future__ import annotations

from typing import Callable

from ..words.catalog import Voice
from ..words.explanations import counting_words
from ..engine.views import SeatView
from .protocol import Counting

__all__ = ["counting_panel"]


def counting_panel(view: SeatView, voice: Voice, label: Callable[[str], str]) -> Counting:
    """The panel for ``view``'s seat, headed with that seat's name ("What South can count", or
    "What you can count" when ``voice`` speaks to it): unseen tiles per number, the other seats'
    known voids (each named by ``label(seat)``, with the move that showed it: a seat that showed
    it lacks numbers at two moves has two entries) and the sentences the lists do not say
    (which numbers are all in sight): the voids in sentences are ``explain(view)``'s."""
    assert view.seat is not None, "a spectator counts nothing"
    counted = counting_words(view, voice)
    return {"title": voice.say("table.counting_for", who=view.seat),
            "unseen": [{"number": n, "count": c} for n, c in counted.unseen],
            "voids": [{"seat": s, "label": label(s), "numbers": numbers, "since": voice("table.since", n=since + 1)}
                      for s, numbers, since in counted.voids],
            "words": counted.in_sight}
