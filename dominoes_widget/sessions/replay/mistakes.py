"""Learn from your mistakes: one seat's marked moves of an analysed match, tried again.

After a game, the Replay steps through the decisions of ONE seat that the analysis marked
(verdict inaccuracy, mistake or blunder; never ``good`` or a verdict too close to call).
At each the student sees the position as that seat saw it (its own tiles, the line, the
others' tiles face down: the exercise is built from :func:`~dominoes_widget.engine.views.seat_view`
alone) and tries a move:

* the marks' own rule decides (:func:`~dominoes_widget.studies.judge.mark_of`): a move the
  judge marks good (the best, its mirrors, any move known to give away under 5 points) is
  **accepted**;
* a move it cannot tell from good (its gap's interval reaches below 5 points and above) is
  **close**: not called wrong; the exercise ends showing the best;
* any other legal move is **wrong**, with the points it gives away ("0-1 on the left gives
  away about 5 points: try again"; the right tile on the wrong end also says what each end
  leaves open); after :data:`TRIES` wrong tries the exercise shows the **answer** with why
  (the coach's words, and what the move played in the game gave away);
* at the end: "solved k of n" (an exercise counts as solved when a try was accepted or close).

:func:`exercises` precomputes every exercise (the one-file page carries them, and
``js/kit/replay/mistakes.mjs`` counts the tries there with no kernel); :class:`MistakesDrill` is the
same counting in Python, fed the browser's intents (``mistakes_start``, ``mistakes_try``,
``mistakes_next``, ``mistakes_stop``), each checked: a garbled one is refused in words and
changes nothing. Both build the same :class:`~dominoes_widget.sessions.replay.shapes.MistakesView`
(``js/PROTOCOL.md``, "Learn from your mistakes"); a test runs both over the same cases.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from ...engine.errors import DominoesError, excerpt
from ...engine.move import Move
from ...engine.views import seat_view
from ...words.catalog import Voice
from ...words.explanations import move_item, move_label
from ..position import position_payload
from ..protocol import MAX_TEXT
from ..refusals import bad_message
from .shapes import MistakeAnswer, MistakeExercise, MistakeReply, MistakeTask, MistakesBook, MistakesStatus, MistakesView

if TYPE_CHECKING:
    from ...studies.analysis import Decision, Judgement
    from .session import ReplaySession

__all__ = ["TRIES", "MARKED", "try_kind", "exercises", "mistakes_book", "MistakesDrill", "drill_view"]

TRIES = 2
"""Wrong tries before the answer is shown."""
MARKED = frozenset({"inaccuracy", "mistake", "blunder"})
"""The verdicts that make a decision one to learn from."""
INTENTS = frozenset({"mistakes_start", "mistakes_try", "mistakes_next", "mistakes_stop"})
OVER = ("solved", "close", "answered")
"""The statuses of an exercise that is over: the answer shows, Next goes on."""


def try_kind(judgement: Judgement, best: Judgement) -> str:
    """How the drill takes a try of the move judged ``judgement``: ``good`` when the analysis
    would mark it good (:func:`~dominoes_widget.studies.judge.mark_of`, the one rule), ``close``
    when too close to call against good, else ``wrong``."""
    from ...studies.judge import THRESHOLDS, Verdict, mark_of

    mark = mark_of(judgement, best)
    if mark is Verdict.GOOD:
        return "good"
    return "close" if mark is Verdict.UNCLEAR and judgement.gap_low < THRESHOLDS["inaccuracy"] else "wrong"


def accepted_moves(decision: Decision) -> list[str]:
    """The moves (mirrors included) the drill accepts: those marked good."""
    return sorted(m for j in decision.judgements if try_kind(j, decision.best) == "good" for m in j.moves)


def points_behind(judgement: Judgement, best: Judgement) -> int:
    """The points of win share ``judgement``'s move gives away against ``best``, rounded: the
    difference of their shares, kept inside the gap's interval (so a move refused for
    giving away 5 points or more is never said to give away less)."""
    behind = best.share - judgement.share
    return round(min(max(behind, judgement.gap_low), judgement.gap_high)) if judgement is not best else 0


def exercises(replay: ReplaySession, seat: str) -> list[MistakeExercise]:
    """``seat``'s marked decisions of ``replay``'s analysis, in the order played, each as an
    exercise: the position from ``seat``'s view alone, its legal moves, the accepted ones
    and the answer with why. Empty without an analysis."""
    from ...studies.analysis import coach_words

    if replay.analysis is None or replay.replayed is None:
        return []
    voice = replay.voice()
    found: list[MistakeExercise] = []
    decisions = sorted((d for d in replay.analysis.decisions if d.seat == seat and d.verdict.value in MARKED),
                       key=lambda d: (d.hand, d.ply))
    for decision in decisions:
        view = seat_view(replay.position(decision.hand, decision.ply), seat)
        legal = [str(move) for move in view.legal_moves]
        labels = [move_label(move, voice) for move in view.legal_moves]
        best = decision.best
        why = " ".join((coach_words(view, decision.judgements, voice, played=decision.played),
                        voice("analysis.learn_played", played=move_label(decision.played, voice),
                              loss=points_behind(decision.played_judgement, best))))
        task: MistakeTask = {"hand": decision.hand, "ply": decision.ply, "seat": seat,
                             "verdict": decision.verdict.value, "played": decision.played,
                             "played_item": move_item(decision.played, voice), "position": position_payload(view),
                             "legal": legal, "labels": labels}
        answer: MistakeAnswer = {"move": decision.best.move, "item": move_item(decision.best.move, voice),
                                 "why": why[:MAX_TEXT]}
        kinds = {m: (try_kind(j, best), j) for j in decision.judgements for m in j.moves if m in legal}
        replies: dict[str, MistakeReply] = {
            m: {"loss": points_behind(j, best), "note": _end_note(view, best.move, m, voice)[:MAX_TEXT]}
            for m, (kind, j) in kinds.items() if kind == "wrong"}
        found.append({"task": task, "accepted": sorted(m for m, (kind, _) in kinds.items() if kind == "good"),
                      "close": sorted(m for m, (kind, _) in kinds.items() if kind == "close"),
                      "replies": replies, "answer": answer})
    return found


def _end_note(view: Any, best: str, tried: str, voice: Voice) -> str:
    """Why the end matters, when ``tried`` lays the best move's tile on the other end; else ``""``."""
    from ...studies.analysis import end_words

    right, wrong = Move.parse(best), Move.parse(tried)
    if right.tile is None or right.tile != wrong.tile or right.end == wrong.end:
        return ""
    return end_words(view, right, wrong, voice) or ""


def mistakes_book(replay: ReplaySession) -> MistakesBook | None:
    """Every seat's exercises, for the one-file page (``None`` without an analysis)."""
    if replay.analysis is None or replay.replayed is None:
        return None
    seats = list(replay.replayed.match.rules.seats)
    return {"seats": seats, "bottom": replay.viewer, "exercises": {seat: exercises(replay, seat) for seat in seats}}


def drill_view(seat: str | None, found: list[MistakeExercise], index: int, tries: int, status: MistakesStatus,
               tried: str | None, solved: int, coming: str | None = None) -> MistakesView:
    """What the browser draws: the exercise under way (never its accepted moves; the answer
    only once it is over), the tries, what the last wrong try gives away, and the count; with
    ``coming`` (the analysis is still under way: its line) the count is so far. ``{}`` when
    the drill is off."""
    if seat is None:
        return {}  # type: ignore[typeddict-item]
    current = found[index] if index < len(found) else None
    over = status in OVER
    reply = current["replies"].get(tried) if current and tried is not None and status in ("again", "answered") else None
    view: MistakesView = {"seat": seat, "index": index, "total": len(found), "solved": solved, "tries": tries,
                          "status": status, "tried": tried, "reply": reply,
                          "exercise": current["task"] if current else None,
                          "answer": current["answer"] if current and over else None}
    if coming is not None:
        view["coming"] = coming[:MAX_TEXT]
    return view


class MistakesDrill:
    """The try counting of :mod:`this module <.mistakes>`, over the exercises ``exercises_of(seat)``
    gives (:meth:`for_replay`: a replay's analysis; :meth:`for_book`: a book as the page carries it).
    ``ready()`` says whether there is an analysis to learn from yet; ``coming()``, while the
    analysis is still under way, its line ("Judging hand 5 of 10…"), else ``None``: then the
    drill may run out of exercises for now (``waiting``) and takes the later ones as they are
    found (:meth:`refresh`)."""

    def __init__(self, exercises_of: Callable[[str], list[MistakeExercise]], seats: Sequence[str], lang: str, *,
                 ready: Callable[[], bool] = lambda: True, coming: Callable[[], str | None] = lambda: None) -> None:
        self.exercises_of, self.seats, self.lang, self.ready = exercises_of, tuple(seats), lang, ready
        self.coming = coming
        self.seat: str | None = None
        self.found: list[MistakeExercise] = []
        self.index = self.tries = self.solved = 0
        self.status: MistakesStatus = "done"
        self.tried: str | None = None

    @classmethod
    def for_replay(cls, replay: ReplaySession) -> "MistakesDrill":
        seats = replay.replayed.match.rules.seats if replay.replayed is not None else ()
        return cls(lambda seat: exercises(replay, seat), seats, replay.lang,
                   ready=lambda: replay.analysis is not None and replay.replayed is not None, coming=replay.coming)

    @classmethod
    def for_book(cls, book: MistakesBook, lang: str = "en") -> "MistakesDrill":
        return cls(lambda seat: list(book["exercises"].get(seat, [])), book["seats"], lang)

    def view(self) -> MistakesView:
        return drill_view(self.seat, self.found, self.index, self.tries, self.status, self.tried, self.solved,
                          self.coming() if self.seat is not None else None)

    def refresh(self) -> bool:
        """The analysis grew (or ended): take the seat's exercises found since, opening the next
        one if the drill waited for it. Whether a drill runs (its view may have moved)."""
        if self.seat is None:
            return False
        self.found = self.exercises_of(self.seat)  # the same exercises first, the new ones after
        if self.status in ("waiting", "done"):
            self._open()
        return True

    def start(self, seat: str) -> None:
        """Begin (again) with ``seat``'s first marked decision."""
        self.seat, self.found = seat, self.exercises_of(seat)
        self.index = self.solved = 0
        self._open()

    def _open(self) -> None:
        self.tries, self.tried = 0, None
        self.status = "trying" if self.index < len(self.found) else "waiting" if self.coming() else "done"

    def try_move(self, move: str) -> MistakesStatus:
        """Count a try of ``move`` (a legal move of the exercise): ``solved``, ``close``, ``again`` or ``answered``."""
        exercise = self.found[self.index]
        self.tries += 1
        self.tried = move
        if move in exercise["accepted"] or move in exercise["close"]:
            self.status = "solved" if move in exercise["accepted"] else "close"
            self.solved += 1
        else:
            self.status = "answered" if self.tries >= TRIES else "again"
        return self.status

    def next(self) -> None:
        """The next exercise (after one is over), or the end: solved k of n."""
        self.index += 1
        self._open()

    def stop(self) -> None:
        self.seat, self.found, self.status = None, [], "done"

    def handle(self, content: Any) -> list[dict[str, Any]]:
        """One browser intent, checked; the messages to send back (a refusal changes nothing:
        ``mistakes_refused``, saying why, as ``js/PROTOCOL.md`` has it)."""
        refusal = self.refusal(content)
        if refusal is not None:
            return [{"type": "mistakes_refused", "reason": str(refusal.reason), "message": str(refusal)[:MAX_TEXT]}]
        kind = content["type"]
        if kind == "mistakes_start":
            self.start(content["seat"])
        elif kind == "mistakes_try":
            self.try_move(content["move"])
        elif kind == "mistakes_next":
            self.next()
        else:
            self.stop()
        return []

    def refusal(self, content: Any) -> DominoesError | None:
        """Why ``content`` cannot be taken now: a ``bad_message`` :class:`DominoesError` in the
        drill's language; ``None`` when it can."""
        voice = Voice(self.lang)
        if not isinstance(content, Mapping) or content.get("type") not in INTENTS:
            return bad_message("not_intent", voice, text=excerpt(content, 40))
        kind = content["type"]
        if len(content) > 4 or any(not isinstance(key, str) for key in content):
            return bad_message("too_many_fields", voice)
        if kind == "mistakes_start":
            return self._start_refusal(content.get("seat"), voice)
        if kind == "mistakes_stop":
            return None
        if self.seat is None:
            return bad_message("mistakes_off", voice)
        if kind == "mistakes_next":
            return None if self.status in OVER else bad_message("mistakes_not_over", voice)
        return self._try_refusal(content, voice)

    def _start_refusal(self, seat: Any, voice: Voice) -> DominoesError | None:
        if not self.ready():
            return bad_message("mistakes_no_analysis", voice)
        if not isinstance(seat, str) or seat not in self.seats:
            return bad_message("mistakes_bad_seat", voice, text=excerpt(seat, 20), seats=", ".join(self.seats))
        return None

    def _try_refusal(self, content: Mapping[str, Any], voice: Voice) -> DominoesError | None:
        if content.get("index") != self.index or isinstance(content.get("index"), bool):
            return bad_message("mistakes_stale", voice)
        if self.status not in ("trying", "again"):
            return bad_message("mistakes_over", voice)
        move = content.get("move")
        if not isinstance(move, str):
            return bad_message("move_not_text", voice, text=excerpt(move, 20))
        if move not in self.found[self.index]["task"]["legal"]:
            return bad_message("mistakes_not_legal", voice, text=excerpt(move, 20))
        return None
