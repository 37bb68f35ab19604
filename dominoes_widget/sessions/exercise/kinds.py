"""The kinds of exercise: each builds its question from an engine position, asks the engine for the
right answer, and checks an answer with the engine's own reasons.

- :class:`Playable`: which tiles may the seat to move play? (``Hand.legal_moves``; a tile left
  out is refused by ``check_move`` with its ``Reason``: ``no_match``, ``must_lead_double_six`` …)
- :class:`BlockedWinner`: who wins this blocked hand? (``Outcome.winner`` and ``Outcome.why``)
- :class:`Worth`: how many points do this hand's winners score? (``score_hand``: ``MatchState.gained``
  and its ``ScoreEvent``)
- :class:`MayDraw`: may the seat to move draw? (``check_move`` on a draw: allowed, or refused with
  ``draw_with_playable_tile``, ``draw_not_allowed`` …)

Nothing here decides a rule: the answers and the reasons are the engine's, the sentences the
words floor's (``explain_refusal``, ``explain_result``, ``score_line``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ...engine.errors import DominoesError, IllegalMoveError, Reason, TileError, excerpt
from ...engine.hand import Hand, Termination
from ...engine.match import MatchState, score_hand
from ...engine.move import DRAW, LEAD, PASS, PLAY, Move
from ...engine.move_checks import check_move
from ...engine.tiles import Tile
from ...words.catalog import Voice
from ...words.explanations import explain_refusal, explain_result, refusal_detail, rules_name, score_line
from .spec import hand_spec

__all__ = ["Checked", "AnswerError", "bad_answer", "Kind", "Playable", "BlockedWinner", "Worth", "MayDraw", "KINDS"]


@dataclass(frozen=True)
class Checked:
    """An answer checked: ``right``, and ``why`` in the engine's reasons (every line of it).

    ``reasons`` are the engine's codes behind ``why`` (a :class:`Reason`, a ``WinReason`` or a
    ``ScoreEvent`` value), ``reason`` the first of them; ``hint`` is what a wrong try shows: the
    facts to look at again and why the pick is wrong (a refused tile's refusal; the count or the
    scoring that decides, which names the answer when there is no other way to say it).
    """

    right: bool
    why: str
    reasons: tuple[str, ...] = ()
    hint: str = ""

    @property
    def reason(self) -> str:
        return self.reasons[0] if self.reasons else ""


def bad_answer(kind: str, where: str, what: str) -> DominoesError:
    """An answer the exercise does not take (reason ``bad_answer``): nothing was checked and nothing
    changed. ``case`` is the place in the answer (``"answer[2]"``, ``"message"``); ``facts`` hold
    ``kind`` (the exercise), ``where`` and ``what`` is wrong; the message says all three."""
    return DominoesError(Reason.BAD_ANSWER, f"{kind} exercise, {where}: {what} [{Reason.BAD_ANSWER}]",
                         case=where, facts={"kind": kind, "where": where, "what": what})


AnswerError = DominoesError
"""The error a garbled answer raises: a :class:`DominoesError` with reason ``bad_answer``
(:func:`bad_answer`); the name is kept for code that catches it."""


def refused(hand: Hand, move: Move) -> IllegalMoveError | None:
    """The engine's refusal of ``move`` in ``hand`` (``check_move``; nothing is played), or ``None``."""
    try:
        check_move(hand, move, hand.moves)
    except IllegalMoveError as error:
        return error
    return None


def _lines(*parts: str) -> str:
    return "\n".join(part for part in parts if part)


class Kind:
    """One exercise: a question about ``hand`` whose answer the engine gives."""

    name: ClassVar[str]

    def __init__(self, hand: Hand) -> None:
        self.hand = hand.copy()  # the exercise's own: nothing the caller does later changes it

    @property
    def answer(self) -> Any:
        raise NotImplementedError

    def read(self, raw: Any) -> Any:
        """``raw`` as this kind's answer, or a ``bad_answer`` :class:`DominoesError` saying what and where."""
        raise NotImplementedError

    def check(self, given: Any, voice: Voice) -> Checked:
        raise NotImplementedError

    def question(self, voice: Voice) -> str:
        raise NotImplementedError

    def choices(self, voice: Voice) -> dict[str, Any]:
        """What the browser offers: ``{"type": "tiles", "tiles": [...]}``, ``{"type": "options",
        "options": [{"value", "label"}]}`` or ``{"type": "number", "min", "max"}``."""
        raise NotImplementedError

    def wire(self, value: Any) -> Any:
        """An answer as the browser writes it (JSON)."""
        return value

    def said(self, value: Any, voice: Voice) -> str:
        """An answer in words."""
        return str(value)

    def mistaken(self, given: Any) -> list[Any]:
        """The parts of ``given`` the engine says are wrong, as the browser writes them (the page
        marks them): the whole answer when it is not the right one."""
        return [] if given == self.answer else [self.wire(given)]

    def picture_seat(self) -> str | None:
        """The seat the picture is drawn for (``None``: every hand open)."""
        return None

    def picture_pips(self) -> bool:
        """Whether the picture prints each seat's pip count (not when the count is the question)."""
        return True

    def picture_title(self, voice: Voice) -> str | None:
        """The picture's first line (``None``: the picture's own, the rules and whose turn it is)."""
        return None

    def spec(self) -> dict[str, Any]:
        return {"kind": self.name, **hand_spec(self.hand)}

    def _bad(self, where: str, what: str) -> DominoesError:
        return bad_answer(self.name, where, what)

    def _option(self, raw: Any, options: tuple[str, ...]) -> str:
        if not isinstance(raw, str) or raw not in options:
            raise self._bad("answer", f"expected one of {', '.join(options)}, not {excerpt(raw)}")
        return raw


class _SeatToMove(Kind):
    """A question to the seat to move in a hand still being played; the picture is drawn as it sees it."""

    def __init__(self, hand: Hand) -> None:
        if hand.is_over:
            raise ValueError(f"the hand is over: a {self.name} exercise asks the seat to move")
        super().__init__(hand)
        self.seat = str(self.hand.turn)

    def picture_seat(self) -> str | None:
        return self.seat


class Playable(_SeatToMove):
    """Which tiles may the seat to move play now? The answer is a set of tiles (empty: none)."""

    name = "playable"

    def __init__(self, hand: Hand) -> None:
        super().__init__(hand)
        self._answer = frozenset(m.tile for m in self.hand.legal_moves if m.action in (LEAD, PLAY) and m.tile is not None)

    @property
    def answer(self) -> frozenset[Tile]:
        return self._answer

    def read(self, raw: Any) -> frozenset[Tile]:
        if isinstance(raw, (str, Tile)):
            raw = [raw]
        if not isinstance(raw, (list, tuple, set, frozenset)) or len(raw) > 28:
            raise self._bad("answer", f"expected a list of tiles such as ['6-4'] (empty: none), not {excerpt(raw)}")
        tiles = set()
        for index, item in enumerate(raw):
            if isinstance(item, Tile):
                tiles.add(item)
                continue
            try:
                tiles.add(Tile.parse(item))
            except (TileError, TypeError, AttributeError):
                raise self._bad(f"answer[{index}]", f"{excerpt(item)} is not a tile of the double-six set") from None
        return frozenset(tiles)

    def refusal(self, tile: Tile) -> IllegalMoveError | None:
        """The engine's refusal of playing ``tile`` now (on the left end, or as the lead)."""
        hand = self.hand
        return refused(hand, Move(self.seat, LEAD, tile) if hand.ends is None else Move(self.seat, PLAY, tile, "L"))

    def _pass_refusal(self) -> IllegalMoveError | None:
        return refused(self.hand, Move(self.seat, PASS))

    def check(self, given: frozenset[Tile], voice: Voice) -> Checked:
        wrong = sorted(given - self._answer)
        missed = self._answer - given
        if not wrong and not missed:
            return self._right(voice)
        refusals = [error for error in map(self.refusal, wrong) if error is not None]
        said = [explain_refusal(error, voice, with_code=False) for error in refusals]
        missed_words = voice.words("exercise.missed", n=len(missed)) if missed else ""
        full, because = "", tuple[str, ...]()
        if missed and self.hand.ends is not None:  # passing is refused, naming the tiles that fit
            passing = self._pass_refusal()
            if passing is not None:
                full, because = explain_refusal(passing, voice, with_code=False), (str(passing.reason),)
        elif missed:  # before the lead: what may be led, and why the others may not
            right = self._right(voice)
            full, because = right.why, right.reasons
        reasons = tuple(dict.fromkeys([str(error.reason) for error in refusals] + list(because)))
        return Checked(False, _lines(*said, full), reasons, _lines(*said, missed_words))

    def _right(self, voice: Voice) -> Checked:
        who = voice.name(self.seat)
        if self._answer:
            head = voice("exercise.may_play", who=who, tiles=voice.words.listing([str(t) for t in sorted(self._answer)]))
        else:
            head = voice("exercise.none_fits", who=who)
        others = [tile for tile in self.hand.held(self.seat) if tile not in self._answer]
        refusals = [error for error in map(self.refusal, others) if error is not None]
        details = list(dict.fromkeys(_sentence(refusal_detail(error, voice)) for error in refusals))
        passing = self._pass_refusal() if not self._answer else None  # none fits: what the rules say to do
        after = explain_refusal(passing, voice, with_code=False) if passing is not None else ""
        reasons = tuple(dict.fromkeys([str(error.reason) for error in refusals] + ([str(passing.reason)] if passing else [])))
        return Checked(True, _lines(head, *details, after), reasons)

    def question(self, voice: Voice) -> str:
        return voice("exercise.playable", who=voice.name(self.seat))

    def choices(self, voice: Voice) -> dict[str, Any]:
        return {"type": "tiles", "tiles": [str(t) for t in self.hand.held(self.seat)]}

    def wire(self, value: frozenset[Tile]) -> list[str]:
        return [str(t) for t in sorted(value)]

    def mistaken(self, given: frozenset[Tile]) -> list[str]:
        """The tiles picked that may not be played (a tile left out is no tile to mark)."""
        return self.wire(given - self._answer)

    def said(self, value: frozenset[Tile], voice: Voice) -> str:
        return voice.words.listing(self.wire(value)) if value else voice("exercise.none")


def _sentence(text: str) -> str:
    text = text.rstrip(".")
    return f"{text[:1].upper()}{text[1:]}."


class BlockedWinner(Kind):
    """Who wins this blocked hand: a team (partnership), a seat (Vietnamese), or ``"tie"``."""

    name = "blocked"

    def __init__(self, hand: Hand) -> None:
        outcome = hand.outcome
        if outcome is None or outcome.termination is not Termination.BLOCKED:
            raise ValueError("a blocked-hand exercise needs a hand that ended blocked")
        super().__init__(hand)
        self.outcome = outcome
        self._answer = outcome.winner or "tie"

    @property
    def answer(self) -> str:
        return self._answer

    def _options(self) -> tuple[str, ...]:
        rules = self.hand.rules
        return ("NS", "EW", "tie") if rules.is_partnership else (*rules.seats, "tie")

    def read(self, raw: Any) -> str:
        return self._option(raw, self._options())

    def check(self, given: str, voice: Voice) -> Checked:
        title, lines = explain_result(self.hand, voice=voice)
        why = self.outcome.why.value
        # a wrong pick is corrected at once: the count, and the rule that decides it
        return Checked(given == self._answer, _lines(title, *lines), (why,), _lines(*lines))

    def question(self, voice: Voice) -> str:
        return voice("exercise.blocked")

    def picture_title(self, voice: Voice) -> str | None:
        return rules_name(self.hand.rules, voice)  # the picture's own heading would say who won

    def picture_pips(self) -> bool:
        return False  # the student counts them: the tiles are all face up

    def said(self, value: str, voice: Voice) -> str:
        if value == "tie":
            return voice("exercise.tie" if self.hand.rules.is_partnership else "exercise.no_winner")
        return voice.team(value) if value in ("NS", "EW") else voice.name(value)

    def choices(self, voice: Voice) -> dict[str, Any]:
        return {"type": "options", "options": [{"value": v, "label": self.said(v, voice)} for v in self._options()]}


class Worth(Kind):
    """How many points do the winners of this finished hand score, from the match state ``before`` it?"""

    name = "worth"

    def __init__(self, hand: Hand, before: MatchState) -> None:
        if hand.outcome is None or not hand.rules.is_partnership:
            raise ValueError("a worth exercise needs a finished hand of the partnership game")
        super().__init__(hand)
        self.before = before
        self.after = score_hand(hand.rules, before, hand.outcome)

    @property
    def answer(self) -> int:
        return self.after.gained

    def read(self, raw: Any) -> int:
        if isinstance(raw, str) and raw.strip().isdigit():
            raw = int(raw.strip())
        if isinstance(raw, bool) or not isinstance(raw, int) or not 0 <= raw <= 99:
            raise self._bad("answer", f"expected a whole number of points from 0 to 99, not {excerpt(raw)}")
        return raw

    def check(self, given: int, voice: Voice) -> Checked:
        own = len(explain_result(self.hand, voice=voice)[1])
        _title, lines = explain_result(self.hand, self.before, self.after, voice, with_score=False)
        scoring = lines[own:] if self.after.winner else lines[own:-1]  # what the hand did, not who leads next
        # a wrong number is corrected at once: the score before, and what the hand scores and why
        hint = _lines(score_line(self.hand.rules, self.before, voice), *scoring)
        return Checked(given == self.answer, _lines(*scoring), (self.after.event.value,) if self.after.event else (), hint)

    def question(self, voice: Voice) -> str:
        title, _lines_ = explain_result(self.hand, voice=voice)
        return voice("exercise.worth", score=score_line(self.hand.rules, self.before, voice), result=title.rstrip("."))

    def said(self, value: int, voice: Voice) -> str:
        return voice.words.count("point", value)

    def choices(self, voice: Voice) -> dict[str, Any]:
        return {"type": "number", "min": 0, "max": 99}

    def spec(self) -> dict[str, Any]:
        return {**super().spec(), "start": self.before.as_start()}


class MayDraw(_SeatToMove):
    """May the seat to move draw now? The answer is ``True`` or ``False`` (``"yes"``/``"no"``)."""

    name = "may_draw"

    def __init__(self, hand: Hand) -> None:
        super().__init__(hand)
        self.refused = refused(self.hand, Move(self.seat, DRAW))
        # allowed: the pass is refused instead (must_draw), the engine's reason for drawing
        self.because = self.refused or refused(self.hand, Move(self.seat, PASS))

    @property
    def answer(self) -> bool:
        return self.refused is None

    def read(self, raw: Any) -> bool:
        if isinstance(raw, bool):
            return raw
        return self._option(raw, ("yes", "no")) == "yes"

    def check(self, given: bool, voice: Voice) -> Checked:
        because = self.because
        why = explain_refusal(because, voice, with_code=False) if because is not None else ""
        reasons = (str(because.reason),) if because is not None else ()
        return Checked(given == self.answer, why, reasons, why)

    def question(self, voice: Voice) -> str:
        return voice("exercise.may_draw", who=voice.name(self.seat))

    def wire(self, value: bool) -> str:
        return "yes" if value else "no"

    def said(self, value: bool, voice: Voice) -> str:
        return voice(f"exercise.{self.wire(value)}")

    def choices(self, voice: Voice) -> dict[str, Any]:
        return {"type": "options", "options": [{"value": v, "label": voice(f"exercise.{v}")} for v in ("yes", "no")]}


KINDS: dict[str, type[Kind]] = {kind.name: kind for kind in (Playable, BlockedWinner, Worth, MayDraw)}
