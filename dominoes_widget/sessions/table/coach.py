"""The Table's coach: an estimate of each legal move of the person to move (``Table(coach=True)``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, Sequence

from ...engine.errors import IllegalMoveError, Reason
from ...words.explanations import move_label
from ...engine.hand import group_moves
from ...engine.views import SeatView, seat_view
from ..judged import judged_move
from .shapes import Hint, Phase

if TYPE_CHECKING:
    from ...studies.analysis import Judged, Judgement
    from ...engine.hand import Hand
    from ...engine.match import Match
    from ...words.catalog import Voice
    from .options import TableOptions
    from .screen import SeatScreen

__all__ = ["judge_hint", "coach_view", "coach_hint", "ask_hint", "CoachedTable"]


class CoachedTable(Protocol):
    """What the coach reads of a table (it changes nothing: the session keeps the hint)."""

    @property
    def options(self) -> TableOptions: ...

    @property
    def hot_seat(self) -> bool: ...

    @property
    def hand(self) -> Hand | None: ...

    @property
    def phase(self) -> Phase: ...

    @property
    def match(self) -> Match: ...

    def voice(self, screen: SeatScreen | None = None) -> Voice: ...


class HintedTable(Protocol):
    """A table that keeps the coach's hint (:func:`ask_hint`)."""

    def ask_hint(self) -> Hint: ...


def judge_hint(session: CoachedTable, screen: SeatScreen) -> Hint:
    """The coach's estimate of each legal move of the person to move, at ``screen`` (the screen keeps it).

    The judge (:func:`~dominoes_widget.studies.judge.judge`) judges the position from the
    person's seat view only (what that seat may know), as the study page does: the two
    never disagree. A move is called best only when every other is clearly behind it. Never
    in hot seat, where the coach would speak to whoever holds the screen.
    """
    from ...studies.analysis import Question, judge  # the bots load on first use

    view = coach_view(session, screen)
    return coach_hint(session, screen, view, judge(view, question=Question.BEST))


def coach_view(session: CoachedTable, screen: SeatScreen) -> SeatView:
    """The position the coach judges for ``screen``: its person's seat view, on their turn;
    refused (``no_coach``, ``no_coach_now``) when no hint can be given there."""
    if not session.options.coach or session.hot_seat:
        raise IllegalMoveError(Reason.NO_COACH, "no_coach")
    hand = session.hand
    viewer = screen.viewer
    if hand is None or viewer is None or hand.turn != viewer or session.phase is not Phase.PLAYING \
            or screen.looking is not None:
        raise IllegalMoveError(Reason.NO_COACH, "no_coach_now", seat=viewer)
    return seat_view(hand, viewer, session.match.state)


def coach_hint(session: CoachedTable, screen: SeatScreen, view: SeatView, judged: Judged) -> Hint:
    """The hint for ``screen`` from ``view`` judged (by :func:`judge_hint`, or in the background)."""
    from ...studies.analysis import coach_words

    judgements = _one_per_choice(view, judged.judgements)
    voice = session.voice(screen)
    clear = judged.clear_best
    return {"moves": [judged_move(j, move_label(j.move, voice)) for j in judgements],
            "best": clear.move if clear is not None else None, "words": coach_words(view, judgements, voice)}


def _one_per_choice(view: SeatView, judgements: Sequence[Judgement]) -> list[Judgement]:
    """The judgements with mirror-image moves listed once (the first, best judged, stands for them)."""
    choice = {str(move): str(group[0]) for group in group_moves(view.legal_moves, view.ends) for move in group}
    kept: dict[str, Judgement] = {}
    for judgement in judgements:
        kept.setdefault(choice.get(judgement.move, judgement.move), judgement)
    return list(kept.values())


def ask_hint(session: HintedTable) -> Hint:
    """The coach's hint, kept by the screen: :meth:`TableSession.ask_hint`, for callers of the old name."""
    return session.ask_hint()
