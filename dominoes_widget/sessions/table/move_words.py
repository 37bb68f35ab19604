"""The hand's moves in words, as a seat's view lists them, kept from one view to the next.

Every view lists every move of the hand three ways: in notation, as a sentence
(``explain_move``) and as a short item (``North: 6-4 on the left``). A move's words depend
only on the rules, the moves up to the one after it and whether a drawn tile fitted; the
last move's sentence also tells whose turn follows and how the hand ended. So a view words
again only its last move and the moves after those it shares with the same seat's previous
view: a table worded every seat's whole move list after every move.
"""

from __future__ import annotations

from typing import Any

from ...words.catalog import Voice
from ...words.explanations import explain_move, move_item
from ...engine.move import Move
from ...engine.views import SeatView

__all__ = ["MoveWords", "HandWords"]

MOST_KEPT = 64
"""Seat views kept at once (a table has at most four seats, a few languages and names)."""


class HandWords:
    """One hand's moves so far in words: ``notation``, ``sentences`` and ``items``, one per move."""

    __slots__ = ("moves", "fits", "notation", "sentences", "items")

    def __init__(self) -> None:
        self.moves: tuple[Move, ...] = ()
        self.fits: tuple[bool | None, ...] = ()
        self.notation: list[str] = []
        self.sentences: list[str] = []
        self.items: list[str] = []


class MoveWords:
    """The words of the moves of each seat's view at one table, kept between views."""

    def __init__(self) -> None:
        self._kept: dict[tuple[Any, ...], HandWords] = {}

    def of(self, shown: SeatView, voice: Voice) -> HandWords:
        """The moves of ``shown`` in words (lists of the view's own)."""
        key = (shown.seat, shown.rules, voice.lang, voice.you, tuple(voice.names.items()))
        kept = self._kept.get(key)
        if kept is None:
            if len(self._kept) >= MOST_KEPT:
                self._kept.clear()
            kept = self._kept[key] = HandWords()
        _bring_up_to_date(kept, shown, voice)
        fresh = HandWords()
        fresh.moves, fresh.fits = kept.moves, kept.fits
        fresh.notation, fresh.sentences, fresh.items = list(kept.notation), list(kept.sentences), list(kept.items)
        return fresh


def _bring_up_to_date(words: HandWords, shown: SeatView, voice: Voice) -> None:
    moves, fits = shown.moves, shown.draw_fits
    keep = max(_shared(words, moves, fits) - 1, 0)  # the last shared move's sentence may tell the turn or the ending
    del words.notation[keep:], words.sentences[keep:], words.items[keep:]
    for index in range(keep, len(moves)):
        move = moves[index]
        words.notation.append(str(move))
        words.sentences.append(explain_move(shown, index, voice=voice))
        words.items.append(move_item(move, voice))
    words.moves, words.fits = moves, fits


def _shared(words: HandWords, moves: tuple[Move, ...], fits: tuple[bool | None, ...]) -> int:
    """How many first moves ``words`` worded as they are now (the same moves, the same draws fitting)."""
    known = len(words.moves)
    if known <= len(moves) and moves[:known] == words.moves and fits[:known] == words.fits[:known]:
        return known  # the usual case: moves were added
    shared = 0
    while (shared < known and shared < len(moves) and moves[shared] == words.moves[shared]
           and fits[shared:shared + 1] == words.fits[shared:shared + 1]):
        shared += 1
    return shared
