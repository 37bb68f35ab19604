"""The people's decisions judged while the match goes on (``sessions.background``), so nobody waits.

- The coach: when a person's turn starts (coach on, not in hot seat) their position is judged
  at once, first of all; a Hint pressed later shows straight away, and one pressed before
  the judgement is in says "Thinking…" and shows when it comes.
- Learn from your mistakes (offered by a notebook's table): each decision a person made is
  judged after the move, as the analysis judges it, so when the match ends the drill has
  nothing (or only the last move) left to judge.

Every position is the person's seat view: the judging sees what that seat sees. A table
server's tables judge nothing in the background (they are given no judge), and a notebook's
table shared with other pages judges at most one position per turn for its coach.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Hashable, Protocol

from ...engine.hand import Hand, team_of
from ...engine.views import SeatView, seat_view
from .shapes import Hint, Phase
from .coach import CoachedTable, coach_hint, coach_view

if TYPE_CHECKING:
    from ...engine.match import Match
    from ...engine.move import Move
    from ...studies.analysis import Analysis, Decision
    from ...studies.judge import Judged
    from ..background import BackgroundJudge
    from .screen import SeatScreen

__all__ = ["JudgingTable", "turn_started", "person_moving", "person_moved", "hint_now", "hints_judged",
           "when_learned", "decision_views"]


class JudgingTable(CoachedTable, Protocol):
    """What background judging reads of a table."""

    @property
    def judging(self) -> BackgroundJudge | None: ...

    @property
    def humans(self) -> list[str]: ...

    @property
    def on_learn(self) -> Callable[[str], None] | None: ...

    def all_screens(self) -> list[SeatScreen]: ...

    def changed(self) -> None: ...


def _coach_key(view: SeatView) -> Hashable:
    from ...studies.judge import position_key

    return ("coach", position_key(view))


def _played_key(view: SeatView, move: str) -> Hashable:
    from ...studies.judge import position_key

    return ("played", position_key(view), move)


def turn_started(session: JudgingTable) -> None:
    """A person's turn with the coach on: their position is judged first of all (the judge
    keeps it; asked again, it is judged once). Positions of earlier turns waiting for the coach
    are dropped."""
    judging, hand = session.judging, session.hand
    if judging is None or hand is None or session.phase is not Phase.PLAYING or hand.turn not in session.humans \
            or not session.options.coach or session.hot_seat:
        return
    turn = (len(hand.moves), str(hand.moves[-1]) if hand.moves else None)
    noted = judging.noted
    if isinstance(noted, tuple) and noted[0] is hand and noted[1:] == turn:  # (asked on every change)
        return
    judging.noted = (hand, *turn)
    view = seat_view(hand, hand.turn, session.match.state)
    if not view.legal_moves:
        return
    key = _coach_key(view)
    if judging.busy_with(key) or judging.result(key) is not None:
        return
    judging.drop(lambda other: not (isinstance(other, tuple) and other[0] == "coach"))
    judging.submit(key, view, urgent=True)


def person_moving(session: JudgingTable, move: Move) -> SeatView | None:
    """Before a person's move: the position to judge it in once it is made (``None``: no
    judging, or nothing to learn from here)."""
    hand = session.hand
    if session.judging is None or session.on_learn is None or hand is None or hand.turn != move.seat:
        return None
    return seat_view(hand, move.seat)  # as the analysis sees a decision: the seat's view, no match state


def person_moved(session: JudgingTable, view: SeatView | None, move: Move) -> None:
    """After a person's move made in ``view``: it is judged when the coach's work is done (if
    the person had a real choice), handed over once the click is answered."""
    judging = session.judging
    if judging is not None and view is not None:
        judging.after_event(lambda: _judge_played(judging, view, str(move)))


def _judge_played(judging: BackgroundJudge, view: SeatView, move: str) -> None:
    from ...studies.judge import distinct_choices

    if distinct_choices(view) >= 2:
        judging.submit(_played_key(view, move), view, move)


def hint_now(session: JudgingTable, screen: SeatScreen) -> Hint:
    """The coach's hint for ``screen`` if its position is judged; else "Thinking…", the
    position judged first of all, and the hint shown when it is in (:func:`hints_judged`)."""
    judging = session.judging
    assert judging is not None
    view = coach_view(session, screen)  # refused here, in words, when no hint can be given
    key = _coach_key(view)
    judged = judging.result(key)
    if judged is not None:
        return coach_hint(session, screen, view, judged)
    judging.submit(key, view, urgent=True, asked=True)
    return {"moves": [], "best": None, "words": session.voice(screen)("ui.hint_thinking"), "thinking": True}


def hints_judged(session: JudgingTable) -> bool:
    """A judgement came in: every screen whose hint says "Thinking…" gets its hint if its
    position is the one judged. Whether a screen changed."""
    from ...studies.analysis import coach_words  # noqa: F401  (loaded now, between events, not by a Hint's click)

    shown = False
    for screen in session.all_screens():
        if screen.hint is not None and screen.hint.get("thinking"):
            try:
                hint = hint_now(session, screen)
            except Exception:  # noqa: BLE001 - the position is gone (a move, a look back): no hint
                screen.hint, shown = None, True
                continue
            if not hint.get("thinking"):
                screen.hint, shown = hint, True
    return shown


def decision_views(match: Match, seat: str) -> list[tuple[int, int, SeatView, Move]]:
    """``seat``'s decisions of ``match`` as the analysis finds them (two or more distinct
    moves): hand, ply, the seat's view before the move, and the move."""
    from ...studies.judge import distinct_choices

    found = []
    for index, hand in enumerate(match.hands):
        walk = _start_of(hand)
        for ply, move in enumerate(hand.moves):
            if move.seat == seat:
                view = seat_view(walk, seat)
                if distinct_choices(view) >= 2:
                    found.append((index, ply, view, move))
            walk.push_unchecked(move)
    return found


def _start_of(hand: Hand) -> Hand:
    start = hand.copy()
    while start.moves:
        start.pop()
    return start


def when_learned(session: JudgingTable, seat: str, ready: Callable[[Analysis], None]) -> int:
    """``ready(analysis)`` with ``seat``'s decisions of the match judged, at once when the
    background judged them all, else once the rest are in (first of all); how many were left."""
    from ...studies.analysis import Analysis, Decision

    judging = session.judging
    assert judging is not None
    match = session.match
    decisions = decision_views(match, seat)
    keys = [_played_key(view, str(move)) for _, _, view, move in decisions]
    missing = [n for n, key in enumerate(keys) if judging.result(key) is None]

    def assemble() -> None:
        side = team_of(seat) if match.rules.is_partnership else seat
        judged = [judging.results[key] for key in keys]
        settings = {"seed": 0, "rollouts": None, "max_ms": None, "bot": "strong",
                    "hands": list(range(len(match.hands)))}
        ready(Analysis(match.rules, [Decision(index, ply, seat, side, str(move), result.judgements)
                                     for (index, ply, _, move), result in zip(decisions, judged)], settings))

    if not missing:
        assemble()
        return 0
    left = set(missing)

    def judged_one(number: int) -> Callable[[Judged], None]:
        def then(_: Judged) -> None:
            left.discard(number)
            if not left:
                assemble()
        return then

    for number in missing:
        _, _, view, move = decisions[number]
        judging.submit(keys[number], view, str(move), urgent=True, asked=True, then=judged_one(number))
    return len(missing)
