"""The Table's browser intents (``js/PROTOCOL.md``): each from one screen, checked, then passed
to the session.

What is the whole table's (:data:`TABLE_SETTINGS`: the bots' speed) only its host changes
(the session's ``host``); anyone else is refused with ``not_host``. What is a screen's own
(its notice, hint, look back and counting panel) changes that screen alone.

Nothing a browser sends can raise out of :func:`answer` or change the game unless it is a
legal request from the person at the screen.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Callable, Mapping, Protocol

from ...engine.errors import DominoesError, IllegalMoveError, MoveSyntaxError, Reason, excerpt
from ...words.explanations import explain_refusal
from ...engine.move import DRAW, Move
from .learn import learn_seat
from .look_back import TakebackTable, look, undo
from ..protocol import MAX_TEXT
from ..refusals import bad_message
from .shapes import Intent, Phase

if TYPE_CHECKING:
    from ...engine.hand import Hand
    from ...words.catalog import Voice
    from .shapes import Hint, NoticeKind
    from .screen import SeatScreen

__all__ = ["answer", "read_intent", "MAX_MESSAGE_TEXT", "TABLE_SETTINGS", "UNREADABLE"]

log = logging.getLogger(__name__)

TABLE_SETTINGS = frozenset({Intent.SPEED})
"""The intents that change the table for everyone at it: only its host sends them. (Hints
and the coach are set when the table is set up; counting's toggle is each screen's own.)"""
MAX_MESSAGE_TEXT = 200
"""A browser message whose texts are longer than this is refused unread."""
UNREADABLE = frozenset({Reason.BAD_MESSAGE, Reason.BAD_CLIENT_SEED, Reason.SEED_TOO_LATE})
"""The refusals answered with an ``error`` in the words ``message.<case>`` (a ``bad_message``, and
a seed refused); the reason is sent with it but for ``bad_message``, as ``js/PROTOCOL.md`` has it."""


class IntentTable(TakebackTable, Protocol):
    """What the intents read of a table (and what :mod:`look_back` does), and what they ask of it."""

    @property
    def phase(self) -> Phase: ...

    @property
    def host(self) -> str | None: ...

    @property
    def names(self) -> dict[str, str]: ...

    @property
    def leader_choices(self) -> tuple[str, ...]: ...

    @property
    def on_learn(self) -> Callable[[str], None] | None: ...

    def may_set_table(self, screen: SeatScreen) -> bool: ...

    def voice(self, screen: SeatScreen | None = None) -> Voice: ...

    def tell(self, screen: SeatScreen, text: str, kind: NoticeKind, reason: Reason | None = None) -> None: ...

    def changed(self) -> None: ...

    def uncover(self, screen: SeatScreen | None = None) -> None: ...

    def add_seed_from(self, screen: SeatScreen, seed: object) -> None: ...

    def choose_leader(self, seat: object) -> None: ...

    def next_hand(self, leader: str | None = None) -> None: ...

    def new_match_when_seeded(self) -> None: ...

    def ask_hint(self, screen: SeatScreen | None = None) -> Hint: ...

    def hand_for_move(self) -> Hand: ...

    def person_moves(self, move: Move | str) -> Move: ...


def answer(session: IntentTable, screen: SeatScreen, content: Any) -> list[dict[str, Any]]:
    """Answer one browser message from ``screen``; the messages to send back (a refusal or an error)."""
    try:
        _handle(session, screen, content)
    except IllegalMoveError as refusal:
        text = explain_refusal(refusal, session.voice(screen), with_code=False)
        session.tell(screen, text, "refused", refusal.reason)
        session.changed()
        return [{"type": "refused", "reason": str(refusal.reason), "message": text[:MAX_TEXT]}]
    except DominoesError as error:
        if error.reason in UNREADABLE:  # a message the table cannot read, or a seed it cannot take
            reply = {"type": "error", "message": session.voice(screen)(f"message.{error.case}", **error.facts)[:MAX_TEXT]}
            return [reply if error.reason is Reason.BAD_MESSAGE else reply | {"reason": str(error.reason)}]
        return _failed(session, screen, error)
    except Exception as error:  # noqa: BLE001 - a garbled message must never raise into the kernel
        return _failed(session, screen, error)
    return []


def _failed(session: IntentTable, screen: SeatScreen, error: Exception) -> list[dict[str, Any]]:
    log.error("a table message failed", exc_info=error)
    return [{"type": "error", "message": session.voice(screen)("message.failed", error=type(error).__name__)}]


def _handle(session: IntentTable, screen: SeatScreen, content: Any) -> None:
    intent = read_intent(content)
    if intent is Intent.LEARN:
        _learn(session, screen, content)
        return
    if intent is Intent.UNCOVER:
        session.uncover(screen)
        return
    if intent is Intent.SEED:  # a page's seed for the next deal shows nothing: taken under a cover too
        session.add_seed_from(screen, content.get("seed"))  # a seed refused says why (its case is its reason)
        return
    if screen.covered:  # under the cover nothing but lifting it is accepted, and nothing is echoed
        raise IllegalMoveError(Reason.NOT_AT_SCREEN, "covered")
    if intent in TABLE_SETTINGS and not session.may_set_table(screen):
        host = session.host or ""
        raise IllegalMoveError(Reason.NOT_HOST, "not_host", host=session.names.get(host, host))
    if intent is Intent.MOVE:
        _browser_move(session, screen, content)
    elif intent is Intent.CHOOSE_LEADER:
        if session.phase is not Phase.CHOOSE_LEADER:
            raise IllegalMoveError(Reason.HAND_IN_PROGRESS, "leader_chosen")
        if screen.seat not in session.leader_choices:
            raise IllegalMoveError(Reason.WRONG_LEADER, "not_leading_team")
        session.choose_leader(content.get("seat"))
    elif intent is Intent.NEXT_HAND:
        if session.phase is Phase.MATCH_OVER:
            raise IllegalMoveError(Reason.MATCH_OVER, "match_over", who=session.match.state.winner)
        if session.phase is not Phase.HAND_OVER:  # a repeated click after the hand was dealt
            raise IllegalMoveError(Reason.HAND_IN_PROGRESS, "next_dealt")
        session.next_hand()
    elif intent is Intent.NEW_MATCH:
        if session.phase is not Phase.MATCH_OVER:  # offered only at the end; a double click lands here
            raise IllegalMoveError(Reason.HAND_IN_PROGRESS, "new_match_started")
        session.new_match_when_seeded()
    elif intent is Intent.LOOK:
        look(session, screen, content.get("ply"))
    elif intent is Intent.UNDO:
        undo(session, screen)
    elif intent is Intent.HINT:
        session.ask_hint(screen)
    elif intent is Intent.GO_ON:
        session.bots.go_on(session.match)
    elif intent is Intent.SPEED:
        session.bots.set_speed(content.get("speed"), session.match)
        session.changed()
    elif intent is Intent.COUNTING:
        screen.counting = bool(content.get("show"))  # this screen's panel alone
        session.changed()


def _learn(session: IntentTable, screen: SeatScreen, content: Mapping[str, Any]) -> None:
    """Learn from your mistakes, where a notebook offers it (``on_learn``): for the person at
    ``screen``, once the match is over. A served seat page has no such button."""
    if session.on_learn is None:
        raise bad_message("unknown_type", text=excerpt(content["type"], 20))
    seat, problem = learn_seat(session, screen)
    if problem is not None or seat is None:
        raise bad_message(problem or "learn_no_person")
    session.on_learn(seat)


def read_intent(content: Any) -> Intent:
    """The intent a browser message asks for, its size checked; a ``bad_message`` :class:`DominoesError` if unreadable."""
    if not isinstance(content, Mapping) or not isinstance(content.get("type"), str):
        raise bad_message("not_intent", text=excerpt(content, 40))
    _check_size(content)
    try:
        return Intent(content["type"])
    except ValueError:
        raise bad_message("unknown_type", text=excerpt(content["type"], 20)) from None


def _check_size(content: Mapping[str, Any]) -> None:
    if len(content) > 12:
        raise bad_message("too_many_fields")
    seed = content.get("type") == Intent.SEED  # a seed's own limits say what is wrong with it
    for key, value in content.items():
        if not isinstance(key, str) or len(key) > 40:
            raise bad_message("strange_field")
        if isinstance(value, str) and len(value) > MAX_MESSAGE_TEXT and not (seed and key == "seed"):
            raise bad_message("field_too_long", field=excerpt(key, 20), length=len(value))
        if isinstance(value, (list, dict)):
            raise bad_message("field_not_plain", field=excerpt(key, 20))


def _browser_move(session: IntentTable, screen: SeatScreen, content: Mapping[str, Any]) -> None:
    if screen.looking is not None:
        raise IllegalMoveError(Reason.STALE, "looking")
    _check_fresh(session, content)
    text = content.get("move")
    if not isinstance(text, str):
        raise bad_message("move_not_text", text=excerpt(text, 20))
    try:
        move = Move.parse(text)
    except MoveSyntaxError:
        raise bad_message("bad_notation", text=excerpt(text, 20)) from None
    if move.action == DRAW and move.tile is not None:
        # a person draws blind; naming a tile would make the refusal reveal the pile's top
        raise bad_message("draw_names_tile")
    if move.seat != screen.seat:
        # no echo of the move: it may name a tile of a seat that is no longer at the screen
        raise IllegalMoveError(Reason.NOT_AT_SCREEN, "not_at_screen")
    hand = session.hand_for_move()
    if hand.turn != move.seat:
        raise IllegalMoveError(Reason.NOT_YOUR_TURN, "not_your_turn", seat=move.seat, turn=hand.turn)
    session.person_moves(move)  # parsed once, here


def _check_fresh(session: IntentTable, content: Mapping[str, Any]) -> None:
    """Refuse an intent made on an earlier position (a double click that arrives a turn late)."""
    if content.get("hand") is None and content.get("ply") is None:
        return
    hand = session.match.hand
    current = (len(session.match.hands) - 1, len(hand.moves) if hand is not None else 0)
    if (content.get("hand"), content.get("ply")) != current:
        raise IllegalMoveError(Reason.STALE, "stale")
