"""The game controller behind the ``Table`` widget, with no widget in it.

A :class:`TableSession` holds a match, who sits where (people or bots), the hot-seat
cover, the leader choice, the pacing of bot moves (through an injected scheduler) and the
person's requests. It answers browser intents (``handle``) and Python calls (``play``,
``pass_`` …) alike, checks every one against the engine, and builds the browser's view
from the seat view of the person at the screen, and nothing else.
"""

from __future__ import annotations

import enum
import logging
import random
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator, Mapping

from ..bots import Bot, bot_names, make_bot
from ..errors import IllegalMoveError, MoveSyntaxError, Reason, TileError, excerpt, quoted
from ..catalog import Voice, check_language
from ..explanations import (explain_move, explain_refusal, explain_result, hand_label,
                            match_winner_words, move_label, player_label, rules_name, score_panel_words)
from ..hand import Hand, LegalMoves, team_of
from ..jobs import derive_seed
from ..match import Deal, Match, MatchState
from ..move import DRAW, LEAD, PASS, PLAY, Move
from ..record import outcome_json, read_record, write_record
from ..rules import SETTINGS, Rules
from ..tiles import Tile
from ..views import SeatView, seat_view
from .counting import counting_panel
from .protocol import (MAX_TEXT, PROTOCOL_VERSION, Cover, Hint, Look, Notice, NoticeKind,
                       PlayerInfo, ResultPanel, ScorePanel, ScoreRow, TableView)
from .scheduler import NO_DELAY, Pending, Scheduler

__all__ = ["TableSession", "TableOptions", "Phase", "Intent", "HUMAN", "OPTIONS", "table_options"]

log = logging.getLogger(__name__)

HUMAN = "human"
DEFAULT_BOT = "strong"
OPTIONS = ("game", "rules", "players", "seats", "bots", "names", "open_hands", "hints", "bot_delay", "seed", "start",
           "deal", "boneyard", "leader", "moves", "takeback", "coach", "counting", "bottom", "lang")
"""The keyword options of ``Table()`` besides the rules settings."""
MAX_MESSAGE_TEXT = 200
"""A browser message whose texts are longer than this is refused unread."""
HINT_ROLLOUTS = 600
HINT_MS = 250.0
"""The coach's budget for one hint: played-out hands, and a time cap in milliseconds."""


class Phase(enum.StrEnum):
    """What the table waits for."""

    PLAYING = "playing"
    CHOOSE_LEADER = "choose_leader"
    HAND_OVER = "hand_over"
    MATCH_OVER = "match_over"


class Intent(enum.StrEnum):
    """The messages the browser sends (``type``)."""

    MOVE = "move"
    CHOOSE_LEADER = "choose_leader"
    NEXT_HAND = "next_hand"
    NEW_MATCH = "new_match"
    UNCOVER = "uncover"
    LOOK = "look"
    UNDO = "undo"
    HINT = "hint"
    COUNTING = "counting"


@dataclass(frozen=True)
class TableOptions:
    """A table's options, checked: see ``Table()`` for their meaning."""

    rules: Rules
    kinds: dict[str, str]
    names: dict[str, str] = field(default_factory=dict)
    open_hands: bool = False
    hints: bool = True
    takeback: bool = False
    coach: bool = False
    counting: bool = False
    bot_delay: float = 0.6
    seed: int | None = None
    start: MatchState | Mapping[str, Any] | None = None
    deal: Mapping[str, Iterable[Tile | str]] | None = None
    boneyard: Iterable[Tile | str] = ()
    leader: str | None = None
    moves: tuple[str, ...] = ()
    bottom: str | None = None
    lang: str = "en"


def table_options(game: str = "partnership", options: Mapping[str, Any] | None = None) -> TableOptions:
    """Check ``Table()``'s keyword options: a ``TypeError`` names unknown ones, a ``ValueError`` bad values."""
    options = dict(options or {})
    unknown = [k for k in options if k not in OPTIONS and k not in SETTINGS]
    if unknown:
        raise TypeError(f"Table() got unexpected keyword argument(s) {', '.join(map(repr, unknown))}; "
                        f"options are {', '.join(OPTIONS)} and the rules settings {', '.join(SETTINGS)}")
    rules = _rules_from(options.pop("game", game), options)
    kinds = _seat_kinds(rules, options.get("seats"), options.get("bots") or DEFAULT_BOT)
    names = _names(rules, options.get("names"))
    bottom = options.get("bottom")
    if bottom is not None and bottom not in rules.seats:
        raise ValueError(f"bottom={excerpt(bottom)}: the seats in play are {', '.join(rules.seats)}")
    delay = options.get("bot_delay", 0.6)
    if isinstance(delay, bool) or not isinstance(delay, (int, float)) or not 0 <= delay <= 60:
        raise ValueError(f"bot_delay is seconds between bot moves, from 0 to 60, not {excerpt(delay)}")
    seed = options.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise ValueError(f"seed must be a whole number, not {excerpt(seed)}")
    lang = check_language(options.get("lang", "en"))
    return TableOptions(
        rules=rules, kinds=kinds, names=names, open_hands=bool(options.get("open_hands", False)),
        hints=bool(options.get("hints", True)), takeback=bool(options.get("takeback", False)),
        coach=bool(options.get("coach", False)), counting=bool(options.get("counting", False)),
        bot_delay=float(delay), seed=seed, start=options.get("start"), deal=options.get("deal"),
        boneyard=tuple(options.get("boneyard") or ()), leader=options.get("leader"),
        moves=tuple(str(m) for m in options.get("moves") or ()), bottom=bottom, lang=lang)


class TableSession:
    """A match at a table: people and bots, the screen, and what the browser is shown.

    ``on_change`` (set by the widget) is called after every change; ``handle(message)``
    answers a browser intent and returns the messages to send back; ``view()`` is the
    browser's view (``sessions.protocol.TableView``).
    """

    def __init__(self, options: TableOptions, scheduler: Scheduler = NO_DELAY, match: Match | None = None) -> None:
        self.options = options
        self.rules = options.rules
        self.kinds = dict(options.kinds)
        self.open_hands = options.open_hands
        self.scheduler = scheduler
        self.comments: dict[str, str] = {}
        self.on_change: Callable[[], None] | None = None
        self.humans = [s for s in self.rules.turn_order if self.kinds[s] == HUMAN]
        voice = Voice(options.lang)
        self.names = {seat: options.names.get(seat) or (voice("name.you") if self.humans == [seat]
                                                         else voice.name(seat)) for seat in self.rules.seats}
        """What each seat is called: its player's name, "You" for the one person, or the seat."""
        self._rng = random.Random(options.seed)
        self._bots: dict[str, Bot] = {seat: make_bot(kind, self._rng.randrange(2**32))
                                      for seat, kind in self.kinds.items() if kind != HUMAN}
        self._pending_bot: Pending | None = None
        self._notice: Notice | None = None
        self._notices = 0
        self.show_counting = options.counting
        self.hint: Hint | None = None
        self.screens_apart = False
        """Every person has a screen of their own (a table server's seats): no cover; see :meth:`view_for`."""
        if match is None:
            self.new_match()
        else:
            self._go_on(match)

    @classmethod
    def from_record(cls, record: Any, hand: int = 0, step: int = 0, scheduler: Scheduler = NO_DELAY,
                    **options: Any) -> "TableSession":
        """A table at a position of a recorded game: see ``Table.from_record``."""
        for fixed in ("game", "rules", "players", "start", "deal", "boneyard", "leader", "moves"):
            if fixed in options:
                raise TypeError(f"Table.from_record() takes {fixed!r} from the record")
        settings = [k for k in options if k in SETTINGS]
        if settings:
            raise TypeError(f"Table.from_record() plays under the record's rules; drop {', '.join(map(repr, settings))}")
        replayed = read_record(record, need_hands=True)
        match = replayed.match
        if isinstance(hand, bool) or not isinstance(hand, int) or not 0 <= hand < len(match.hands):
            raise ValueError(f"hand {excerpt(hand)}: the record has hands 0 to {len(match.hands) - 1}")
        played = match.hands[hand]
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= len(played.moves):
            raise ValueError(f"step {excerpt(step)}: hand {hand} has moves 0 to {len(played.moves)} "
                             "(step n opens after its first n moves)")
        options.setdefault("open_hands", True)
        options["seats"] = {**{seat: HUMAN for seat in match.rules.seats}, **(options.get("seats") or {})}
        if "names" not in options:  # the record's names of people (bots keep the table's names)
            options["names"] = {s: n for s, n in replayed.players.items() if n and not n.startswith("bot:")}
        setup = {"rules": match.rules, "start": match.state_before(hand), "deal": dict(played.deal),
                 "boneyard": list(played.initial_boneyard), "leader": played.leader,
                 "moves": [str(m) for m in played.moves[:step]]}
        return cls(table_options(match.rules.game, {**options, **setup}), scheduler)

    # -- who is where ------------------------------------------------------------------------
    @property
    def hot_seat(self) -> bool:
        """Several people share the screen and the hands are not open: a cover goes between them."""
        return len(self.humans) > 1 and not self.open_hands and not self.screens_apart

    @property
    def match(self) -> Match:
        return self._match

    @property
    def hand(self) -> Hand | None:
        return self._match.hand if self._match.pending is None else None

    @property
    def viewer(self) -> str | None:
        """Whose eyes the browser shows: the person at the screen, or nobody under the cover."""
        return None if self.covered else self.at_screen

    @property
    def legal_moves(self) -> LegalMoves | tuple[()]:
        hand = self.hand
        return hand.legal_moves if hand is not None else ()

    # -- starting matches and hands -------------------------------------------------------------
    def new_match(self) -> None:
        """A new match with the same players and rules."""
        self._cancel_bot()
        self._match = Match(self.rules, self.options.start)
        self._match.rng = random.Random(self._rng.randrange(2**32))
        self.phase = Phase.PLAYING
        self.at_screen: str | None = self.humans[0] if self.humans else None
        self.covered = False
        self.looking: int | None = None
        self._deal(first=True)

    def _go_on(self, match: Match) -> None:
        """Take up ``match`` where it stopped (a record read back): its hands stay played."""
        self._match = match
        match.rng = random.Random(self._rng.randrange(2**32))
        self.at_screen = self.humans[0] if self.humans else None
        self.covered = False
        self.looking = None
        hand = match.hand
        if match.pending is not None:
            self._deal(first=False, prepared=match.pending)
        elif hand is None:
            self.phase = Phase.PLAYING
            self._deal(first=True)
        elif hand.is_over:
            self.phase = Phase.MATCH_OVER if match.is_over else Phase.HAND_OVER
        else:
            self.phase = Phase.PLAYING
            first = self._next_person(hand)
            if first is not None:
                self._screen_to(first)
            self._advance()  # the bots to move play now, or wait on the scheduler

    def next_hand(self, leader: str | None = None) -> None:
        """Deal the next hand (``leader``: the partner who leads when the lead falls to a team)."""
        if self._match.is_over:
            raise self._match._over()
        if self.phase is not Phase.HAND_OVER:
            raise IllegalMoveError(Reason.HAND_IN_PROGRESS, "hand_in_progress")
        self._deal(first=False, leader=leader)

    def _deal(self, first: bool, leader: str | None = None, prepared: Deal | None = None) -> None:
        options = self.options
        moves: tuple[str, ...] = ()
        if prepared is not None:  # dealt already (a match taken up while its leader was being chosen)
            pending = prepared
        elif first and options.deal is not None:
            pending = self._match.prepare(options.deal, options.boneyard)
            leader = leader or options.leader
            moves = options.moves
            if leader is None and moves:
                leader = moves[0].split()[0] if moves[0].split() else None
        else:
            pending = self._match.prepare()
        self.looking = None
        self.hint = None
        self._notice = None
        if leader is None and pending.needs_choice:
            people = [s for s in pending.leaders if s in self.humans]
            if people:
                chooser = self.at_screen if self.at_screen in people else people[0]
                self.phase = Phase.CHOOSE_LEADER
                self._screen_to(chooser, new_deal=True)
                self._changed()
                return
            preview = pending.hand(self.rules)
            views = {s: seat_view(preview, s, self._match.state) for s in pending.leaders}
            leader = self._bots[pending.leaders[0]].choose_leader(pending.leaders, views)
        self._begin(leader, moves)

    def _begin(self, leader: str | None, moves: Iterable[str] = (), new_deal: bool = True) -> None:
        try:
            hand = self._match.start(leader)
        except IllegalMoveError:
            pending = self._match.pending
            self._match.pending = None  # nothing is dealt after a refused set-up
            raise IllegalMoveError(Reason.WRONG_LEADER, "wrong_leader_rule", seat=leader,
                                   leaders=pending.leaders if pending else (),
                                   next_leader=self._match.state.next_leader) from None
        for move in moves:  # a set-up position: its moves are played before anyone moves
            self._match.push(move)
        self.phase = Phase.PLAYING
        if hand.turn is not None:
            first = self._next_person(hand)
            if first is not None:
                self._screen_to(first, new_deal=new_deal)
        self._advance()

    def _next_person(self, hand: Hand) -> str | None:
        """The first person to move from here on, in turn order."""
        if not self.humans or hand.turn is None:
            return None
        order = self.rules.turn_order
        start = order.index(hand.turn)
        return next(s for s in order[start:] + order[:start] if s in self.humans)

    def _screen_to(self, seat: str, new_deal: bool = False) -> None:
        """Hand the screen to ``seat``; in hot seat a cover goes up first (and on every new deal)."""
        if self.hot_seat and (new_deal or (self.at_screen is not None and seat != self.at_screen)):
            self.covered = True
        if seat != self.at_screen:
            self._notice = None  # what one person was told is not for the next
            self.hint = None
        self.at_screen = seat

    # -- the leader choice -------------------------------------------------------------------------
    @property
    def leader_choices(self) -> tuple[str, ...]:
        pending = self._match.pending
        return pending.leaders if self.phase is Phase.CHOOSE_LEADER and pending is not None else ()

    def choose_leader(self, seat: str) -> None:
        """The leading team's people pick which partner leads."""
        self._choose_leader(seat)

    def _choose_leader(self, seat: object) -> None:
        """:meth:`choose_leader` with whatever a browser sent as the seat: anything else than a
        seat of the leading team is refused."""
        if self.phase is not Phase.CHOOSE_LEADER:
            raise IllegalMoveError(Reason.HAND_IN_PROGRESS, "leader_chosen")
        if not isinstance(seat, str) or seat not in self.leader_choices:
            raise IllegalMoveError(Reason.WRONG_LEADER, "leader_choice", seat=excerpt(seat, 8) if not
                                   isinstance(seat, str) or len(seat) > 2 else seat, leaders=self.leader_choices)
        self._begin(seat, new_deal=False)  # the deal was covered for the chooser already

    # -- moves --------------------------------------------------------------------------------------
    def play(self, tile: str | Tile, end: str | None = None, *, seat: str | None = None) -> Move:
        """Play ``tile`` (touching half first) for the person to move; ``end`` ``L``/``R`` when it fits both."""
        hand = self._hand_for_move()
        seat = seat or hand.turn
        text = str(tile)
        if hand.ends is None:
            return self._person_moves(f"{seat} {text}")
        if end is None:
            end = self._only_end(hand, str(seat), text)
        return self._person_moves(f"{seat} {text} {end}")

    def pass_(self, *, seat: str | None = None) -> Move:
        hand = self._hand_for_move()
        return self._person_moves(f"{seat or hand.turn} pass")

    def draw(self, *, seat: str | None = None) -> Move:
        hand = self._hand_for_move()
        return self._person_moves(f"{seat or hand.turn} draw")

    def _hand_for_move(self) -> Hand:
        if self.phase is Phase.CHOOSE_LEADER:
            raise IllegalMoveError(Reason.CHOOSE_LEADER, "choose_leader_first")
        hand = self.hand
        if hand is None or self.phase is not Phase.PLAYING:
            reason = Reason.MATCH_OVER if self.phase is Phase.MATCH_OVER else Reason.HAND_OVER
            raise IllegalMoveError(reason, "no_move_match_over" if reason is Reason.MATCH_OVER else "no_move_hand_over")
        return hand

    def _only_end(self, hand: Hand, seat: str, text: str) -> str:
        try:
            tile = Tile.parse(text)
        except TileError:
            raise IllegalMoveError(Reason.BAD_MOVE, "not_a_tile", text=quoted(text)) from None
        ends = [m.end for m in hand.legal_move_list() if m.action == PLAY and m.tile == tile and m.seat == seat]
        if len(set(ends)) == 1 or (ends and hand.left == hand.right):
            return str(ends[0])  # one end, or two ends showing the same number: the same play either way
        if not ends:
            return "L"  # let the engine say why it does not fit
        raise IllegalMoveError(Reason.CHOOSE_END, "choose_end", tile=tile, left=hand.left, right=hand.right)

    def _person_moves(self, text: str) -> Move:
        try:
            move = Move.parse(text)
        except MoveSyntaxError:
            raise IllegalMoveError(Reason.BAD_MOVE, "bad_syntax", text=quoted(text)) from None
        if self.kinds.get(move.seat) != HUMAN:
            raise IllegalMoveError(Reason.NOT_YOUR_TURN, "bot_seat", seat=move.seat)
        played = self._match.push(move)
        self.covered = False  # the person who moved is at the screen
        self.at_screen = move.seat
        self.looking = None
        self.hint = None
        self._notice = None
        if played.action == DRAW and played.tile is not None:
            fits = bool(self._match.hand and self._match.hand.draw_fitted(len(self._match.hand.moves) - 1))
            key = "table.drew_no_fit" if not fits else \
                "table.drew_fits_must" if self.rules.drawn_tile_must_play else "table.drew_fits_may"
            self._tell(self.voice()(key, tile=str(played.tile)), "info")
        self._advance()
        return played

    def _advance(self) -> None:
        """Let bots move (now, or paced through the scheduler), then hand the screen on."""
        hand = self._match.hand
        while hand is not None and not hand.is_over and self.kinds[str(hand.turn)] != HUMAN:
            if self.options.bot_delay > 0:
                pending = self.scheduler.call_later(self.options.bot_delay, self._bot_step)
                if pending is not None:
                    self._pending_bot = pending
                    self._changed()
                    return
            self._play_bot()
        self._after_turn()

    def _bot_step(self) -> None:
        self._pending_bot = None
        try:
            hand = self._match.hand
            if hand is not None and not hand.is_over and self.kinds[str(hand.turn)] != HUMAN:
                self._play_bot()
            self._advance()
        except Exception:  # a timer callback must never take the kernel down
            log.exception("a bot move failed")

    def _play_bot(self) -> None:
        hand = self._match.hand
        assert hand is not None and hand.turn is not None
        seat = hand.turn
        self._match.push(self._bots[seat].choose(seat_view(hand, seat, self._match.state)))

    def _after_turn(self) -> None:
        hand = self._match.hand
        if hand is None:
            return
        if hand.is_over:
            self.covered = False  # the hands are turned face up for everyone
            self.phase = Phase.MATCH_OVER if self._match.is_over else Phase.HAND_OVER
        elif hand.turn in self.humans and hand.turn != self.at_screen:
            self._screen_to(str(hand.turn))
        self._changed()

    def _cancel_bot(self) -> None:
        if self._pending_bot is not None:
            self._pending_bot.cancel()
            self._pending_bot = None

    # -- the person's requests ------------------------------------------------------------------------
    def uncover(self) -> None:
        """Hot seat: lift the cover so the person at the screen sees their tiles."""
        if self.covered:
            self.covered = False
            self._notice = None
            self._changed()

    @property
    def can_undo(self) -> bool:
        """Whether :meth:`undo` would take a move back now."""
        hand = self._match.hand
        if not (self.options.takeback and len(self.humans) == 1 and not self.covered and hand is not None
                and self._match.pending is None):
            return False
        set_up = len(self.options.moves) if len(self._match.hands) == 1 else 0  # a set-up position stays
        return any(m.seat in self.humans for m in hand.moves[set_up:])

    def undo(self) -> Move:
        """Take back the person's last move of this hand (and the bots' moves after it)."""
        if not self.can_undo:
            if not self.options.takeback:
                raise IllegalMoveError(Reason.NO_TAKEBACK, "no_takeback")
            raise IllegalMoveError(Reason.NO_TAKEBACK, "nothing_to_take_back")
        self._cancel_bot()
        hand = self._match.hand
        assert hand is not None
        while True:
            move = self._match.pop()
            if move.seat in self.humans:
                break
        self.phase = Phase.PLAYING
        self.looking = None
        self.hint = None
        # in words, never naming a drawn tile (move_label says only "draw")
        voice = self.voice()
        self._tell(voice("table.took_back", move=move_label(move, voice)), "info")
        self._changed()
        return move

    def look(self, ply: int | None) -> None:
        """Look back at the position after ``ply`` moves of this hand (``None``: back to the game)."""
        hand = self.hand
        if ply is not None:
            if hand is None or isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply <= len(hand.moves):
                moves = len(hand.moves) if hand is not None else 0
                raise IllegalMoveError(Reason.BAD_MESSAGE, "look_range", n=moves)
            if ply == len(hand.moves):
                ply = None
        self.looking = ply
        self._changed()

    def set_counting(self, show: bool) -> None:
        self.show_counting = bool(show)
        self._changed()

    # -- browser intents ---------------------------------------------------------------------------------
    def handle(self, content: Any) -> list[dict[str, Any]]:
        """Answer one browser message; the messages to send back (a refusal or an error).

        Nothing a browser sends can raise out of here or change the game unless it is a
        legal request from the person at the screen.
        """
        try:
            self._handle(content)
        except IllegalMoveError as refusal:
            text = explain_refusal(refusal, self.voice(), with_code=False)
            self._tell(text, "refused", refusal.reason)
            self._changed()
            return [{"type": "refused", "reason": str(refusal.reason), "message": text[:MAX_TEXT]}]
        except _BadMessage as error:
            return [{"type": "error", "message": self.voice()(f"message.{error.key}", **error.params)[:MAX_TEXT]}]
        except Exception as error:  # noqa: BLE001 - a garbled message must never raise into the kernel
            log.exception("a table message failed")
            return [{"type": "error", "message": self.voice()("message.failed", error=type(error).__name__)}]
        return []

    def _handle(self, content: Any) -> None:
        if not isinstance(content, Mapping) or not isinstance(content.get("type"), str):
            raise _BadMessage("not_intent", text=excerpt(content, 40))
        _check_size(content)
        try:
            intent = Intent(content["type"])
        except ValueError:
            raise _BadMessage("unknown_type", text=excerpt(content["type"], 20)) from None
        if intent is Intent.UNCOVER:
            self.uncover()
            return
        if self.covered:  # under the cover nothing but lifting it is accepted, and nothing is echoed
            raise IllegalMoveError(Reason.NOT_AT_SCREEN, "covered")
        if intent is Intent.MOVE:
            self._browser_move(content)
        elif intent is Intent.CHOOSE_LEADER:
            if self.phase is not Phase.CHOOSE_LEADER:
                raise IllegalMoveError(Reason.HAND_IN_PROGRESS, "leader_chosen")
            if self.at_screen not in self.leader_choices:
                raise IllegalMoveError(Reason.WRONG_LEADER, "not_leading_team")
            self._choose_leader(content.get("seat"))
        elif intent is Intent.NEXT_HAND:
            if self.phase is Phase.MATCH_OVER:
                raise IllegalMoveError(Reason.MATCH_OVER, "match_over", who=self._match.state.winner)
            if self.phase is not Phase.HAND_OVER:  # a repeated click after the hand was dealt
                raise IllegalMoveError(Reason.HAND_IN_PROGRESS, "next_dealt")
            self.next_hand()
        elif intent is Intent.NEW_MATCH:
            if self.phase is not Phase.MATCH_OVER:  # offered only at the end; a double click lands here
                raise IllegalMoveError(Reason.HAND_IN_PROGRESS, "new_match_started")
            self.new_match()
        elif intent is Intent.LOOK:
            self.look(content.get("ply"))
        elif intent is Intent.UNDO:
            self.undo()
        elif intent is Intent.HINT:
            self.ask_hint()
        elif intent is Intent.COUNTING:
            self.set_counting(bool(content.get("show")))

    def _browser_move(self, content: Mapping[str, Any]) -> None:
        if self.looking is not None:
            raise IllegalMoveError(Reason.STALE, "looking")
        self._check_fresh(content)
        text = content.get("move")
        if not isinstance(text, str):
            raise _BadMessage("move_not_text", text=excerpt(text, 20))
        try:
            move = Move.parse(text)
        except MoveSyntaxError as error:
            raise _BadMessage("bad_notation", text=excerpt(text, 20)) from None
        if move.action == DRAW and move.tile is not None:
            # a person draws blind; naming a tile would make the refusal reveal the pile's top
            raise _BadMessage("draw_names_tile")
        if move.seat != self.at_screen:
            # no echo of the move: it may name a tile of a seat that is no longer at the screen
            raise IllegalMoveError(Reason.NOT_AT_SCREEN, "not_at_screen")
        hand = self._hand_for_move()
        if hand.turn != move.seat:
            raise IllegalMoveError(Reason.NOT_YOUR_TURN, "not_your_turn", seat=move.seat, turn=hand.turn)
        self._person_moves(text)

    def _check_fresh(self, content: Mapping[str, Any]) -> None:
        """Refuse an intent made on an earlier position (a double click that arrives a turn late)."""
        if content.get("hand") is None and content.get("ply") is None:
            return
        hand = self._match.hand
        current = (len(self._match.hands) - 1, len(hand.moves) if hand is not None else 0)
        if (content.get("hand"), content.get("ply")) != current:
            raise IllegalMoveError(Reason.STALE, "stale")

    # -- the coach ---------------------------------------------------------------------------------------
    def ask_hint(self) -> Hint:
        """The coach's estimate of each legal move of the person to move (``Table(coach=True)``).

        The strong bot judges the position from the person's seat view only (what that
        seat may know), within about a quarter of a second; never in hot seat, where
        it would speak to whoever holds the screen.
        """
        from ..analysis import coach_words, judge_position  # the bots load on first use

        if not self.options.coach or self.hot_seat:
            raise IllegalMoveError(Reason.NO_COACH, "no_coach")
        hand = self.hand
        viewer = self.viewer
        if hand is None or viewer is None or hand.turn != viewer or self.phase is not Phase.PLAYING \
                or self.looking is not None:
            raise IllegalMoveError(Reason.NO_COACH, "no_coach_now", seat=viewer)
        view = seat_view(hand, viewer, self._match.state)
        seed = derive_seed(self.options.seed or 0, "hint", len(self._match.hands), len(hand.moves))
        judgements = judge_position(view, seed=seed, rollouts=HINT_ROLLOUTS, max_ms=HINT_MS)
        voice = self.voice()
        self.hint = {"moves": [{"move": j.move, "label": move_label(j.move, voice), "win": round(j.win, 3),
                                "low": round(j.low, 3), "high": round(j.high, 3)} for j in judgements],
                     "best": judgements[0].move, "words": coach_words(view, judgements, voice)}
        self._changed()
        return self.hint

    # -- notices -----------------------------------------------------------------------------------------
    def _tell(self, text: str, kind: NoticeKind, reason: Reason | None = None) -> None:
        self._notices += 1
        self._notice = {"text": text[:MAX_TEXT], "kind": kind,
                        "reason": str(reason) if reason is not None else None, "id": self._notices}

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change()

    # -- screens of their own (the table server) ---------------------------------------------------------
    def handle_for(self, seat: str, content: Any) -> list[dict[str, Any]]:
        """:meth:`handle` for the person at ``seat``'s own screen (``screens_apart``).

        That seat becomes the one at the screen: the notice, hint and look back that follow
        are theirs (another seat acting ends them).
        """
        if seat not in self.humans:
            raise ValueError(f"seat {excerpt(seat)} is not a person's")
        if seat != self.at_screen:
            self._screen_to(seat)
            self.looking = None
        return self.handle(content)

    def view_for(self, seat: str, counting: bool | None = None) -> TableView:
        """The view of ``seat``'s own screen (``screens_apart``): :meth:`view` as that seat sees it,
        with the notice, hint and look back only when it was the last to act; ``counting``
        shows or hides its counting panel (default: the table's setting)."""
        with self.seen_by(seat, counting):
            return self.view()

    @contextmanager
    def seen_by(self, seat: str, counting: bool | None = None) -> Iterator[None]:
        """Within it, what the screen shows (:meth:`view`, :meth:`static_html`) is ``seat``'s own screen."""
        saved = self.at_screen, self.covered, self._notice, self.hint, self.looking, self.show_counting
        if seat != self.at_screen:
            self._notice, self.hint, self.looking = None, None, None
        self.at_screen, self.covered = seat, False
        self.show_counting = self.show_counting if counting is None else counting
        try:
            yield
        finally:
            self.at_screen, self.covered, self._notice, self.hint, self.looking, self.show_counting = saved

    # -- what the browser sees ---------------------------------------------------------------------------
    def screen_view(self) -> SeatView:
        """The seat view the browser shows: the person at the screen's (nobody's under the cover),
        at the position being looked at."""
        match = self._match
        pending = match.pending
        open_hands = self.open_hands
        if pending is not None:
            position = pending.hand(self.rules)
        else:
            assert match.hand is not None
            position = match.hand
            if self.looking is not None:
                open_hands = open_hands or position.is_over  # once a hand is over every tile is known
                position = position.copy()
                while len(position.moves) > self.looking:
                    position.pop()
        return seat_view(position, self.viewer, match.state, open_hands=open_hands)

    def voice(self) -> Voice:
        """The table's words, naming each seat and speaking to the person at the screen as "you"."""
        return Voice(self.options.lang, self.names, you=self.viewer)

    def view(self) -> TableView:
        """The browser's view (``js/PROTOCOL.md``), built from :meth:`screen_view` alone."""
        shown = self.screen_view()
        rules, match = self.rules, self._match
        voice = self.voice()
        viewer = self.viewer
        choosing = self.phase is Phase.CHOOSE_LEADER
        people_turn = (viewer is not None and shown.turn == viewer and self.phase is Phase.PLAYING
                       and self.looking is None and not choosing)
        legal = list(shown.legal_moves) if people_turn else []
        hands: dict[str, list[str] | int] = {}
        for seat in rules.seats:
            tiles = shown.hand_of(seat)
            hands[seat] = [str(t) for t in tiles] if tiles is not None else shown.counts[seat]
        hand_index = len(match.hands) - (0 if choosing else 1)
        live = match.hand if not choosing else None
        moves_total = len(live.moves) if live is not None else 0
        look: Look | None = None
        if self.looking is not None:
            key = "table.look_deal" if self.looking == 0 else "table.look_move"
            look = {"ply": self.looking, "of": moves_total, "label": voice(key, ply=self.looking, of=moves_total)}
        return {
            "v": PROTOCOL_VERSION,
            "lang": self.options.lang,
            "game": rules.game,
            "title": rules_name(rules, voice),
            "seats": list(rules.seats),
            "bottom": self._bottom(),
            "players": {s: self._player(s, voice) for s in rules.seats},
            "viewer": viewer,
            "hands": hands,
            "pips": dict(shown.pips),
            "line": [list(pair) for pair in shown.line],
            "lead": shown.lead_index,
            "last": shown.last_placed,
            "ends": list(shown.ends) if shown.ends else None,
            "turn": None if choosing else shown.turn,
            "pile": shown.boneyard_size if rules.has_boneyard else None,
            "passed": list(shown.passed),
            "moves": [str(m) for m in shown.moves],
            "move_words": [explain_move(shown, i, voice=voice) for i in range(len(shown.moves))],
            "legal": [str(m) for m in legal],
            "playable": sorted({str(m.tile) for m in legal if m.tile is not None}) if self.options.hints else [],
            "hand_number": hand_index,
            "hand_label": hand_label(hand_index, voice),
            "phase": "cover" if self.covered else self.phase.value,
            "status": self._status(shown, voice),
            "message": self._notice,
            "score": self._score(voice),
            "leader_choices": [{"seat": s, "label": voice.say("table.leads", s)} for s in self.leader_choices]
            if viewer in self.leader_choices else [],
            "leader_prompt": self._leader_prompt(voice) if choosing and viewer in self.leader_choices else "",
            "cover": self._cover(voice),
            "result": self._result(voice) if live is not None and live.is_over else None,
            "look": look,
            "can_undo": self.can_undo,
            "coach": self.options.coach and not self.hot_seat,
            "hint": self.hint,
            "counting": counting_panel(shown, voice, lambda seat: self.label(seat, voice))
            if self.show_counting and viewer is not None else None,
        }

    def _bottom(self) -> str:
        if self.options.bottom is not None:
            return self.options.bottom
        if self.at_screen is not None:
            return self.at_screen
        return "S" if "S" in self.rules.seats else self.rules.seats[0]

    def label(self, seat: str, voice: Voice | None = None) -> str:
        """What the table calls a seat's player: ``You``, ``Ana``, ``North (strong bot)``."""
        kind = self.kinds[seat]
        return player_label(voice or self.voice(), seat, None if kind == HUMAN else kind)

    def _player(self, seat: str, voice: Voice) -> PlayerInfo:
        return {"name": voice.name(seat), "label": self.label(seat, voice), "human": self.kinds[seat] == HUMAN,
                "team": team_of(seat) if self.rules.is_partnership else None}

    def _leader_prompt(self, voice: Voice) -> str:
        if not self.rules.is_partnership or self.viewer is None:
            return voice("table.leader_prompt_plain")
        return voice("table.leader_prompt", team=voice.team(team_of(self.viewer)))

    def _status(self, shown: SeatView, voice: Voice) -> str:
        """The one status line: whose turn, and what the person at the screen can do."""
        pending = self._match.pending
        if self.covered and self.at_screen is not None:
            return voice("table.pass_screen", who=self.names[self.at_screen])
        if self.phase is Phase.MATCH_OVER:
            return match_winner_words(self.rules, self._match.state, voice) or voice("table.match_over")
        if self.phase is Phase.HAND_OVER:
            return voice("table.hand_over", button=voice("table.next_hand"))
        if self.phase is Phase.CHOOSE_LEADER and pending is not None:
            team = voice.team(team_of(pending.leaders[0])) if self.rules.is_partnership else ""
            if self.at_screen in pending.leaders:
                return voice.say("table.choosing", str(self.at_screen), team=team)
            return voice("table.choosing_team", team=team)
        if self.looking is not None:
            return voice("table.looking")
        if shown.turn is None:
            return ""
        if self.viewer is None or shown.turn != self.viewer:
            key = "table.to_play" if self.kinds[shown.turn] == HUMAN else "table.thinking"
            return voice(key, who=self.label(shown.turn, voice))
        return self._your_turn(shown, voice)

    def _your_turn(self, shown: SeatView, voice: Voice) -> str:
        legal = shown.legal_moves
        last = shown.moves[-1] if shown.moves else None
        if last is not None and last.seat == shown.seat and last.action == DRAW and last.tile is not None \
                and shown.draw_fitted(len(shown.moves) - 1):
            return voice("table.your_turn_drawn", tile=str(last.tile))
        if len(legal) == 1 and legal[0].action == DRAW:
            return voice("table.your_turn_draw")
        if len(legal) == 1 and legal[0].action == PASS:
            return voice("table.your_turn_pass")
        if shown.ends is None:
            tiles = {m.tile for m in legal if m.action == LEAD}
            if len(tiles) == 1:
                return voice("table.your_turn_pose", tile=str(next(iter(tiles))))
            return voice("table.your_turn_lead_any")
        return voice("table.your_turn")

    def _score(self, voice: Voice) -> ScorePanel:
        title, rows, notes = score_panel_words(self.rules, self._match.state, voice)
        viewer = self.at_screen
        mine = {viewer, team_of(viewer) if viewer and self.rules.is_partnership else None} - {None}
        return {"title": title, "notes": notes,
                "rows": [ScoreRow(key=key, label=label, value=value, detail=detail, mine=key in mine)
                         for key, label, value, detail in rows]}

    def _cover(self, voice: Voice) -> Cover | None:
        if not self.covered or self.at_screen is None:
            return None
        name = self.names[self.at_screen]
        hint = "table.cover_hint_choosing" if self.phase is Phase.CHOOSE_LEADER else "table.cover_hint"
        return {"title": voice("table.pass_screen", who=name), "hint": voice(hint, who=name)}

    def _result(self, voice: Voice) -> ResultPanel:
        match = self._match
        index = len(match.hands) - 1
        hand = match.hands[index]
        assert hand.outcome is not None
        title, lines = explain_result(hand, match.state_before(index), match.state_after(index), voice,
                                      with_score=False)
        over = match.is_over
        return {"title": title, "lines": lines, "winners": list(hand.outcome.winning_seats),
                "button": voice("table.new_match") if over else voice("table.next_hand"),
                "match": match_winner_words(self.rules, match.state, voice) if over else None}

    # -- records and snapshots ------------------------------------------------------------------------
    @property
    def record(self) -> dict[str, Any]:
        """Everything played so far as a RECORD.md game record."""
        players = {s: (self.names[s] if k == HUMAN else f"bot:{k}") for s, k in self.kinds.items()}
        return write_record(self._match, players, self.comments)

    @property
    def state(self) -> dict[str, Any]:
        """A snapshot of the game for Python: phase, turn, line, ends, every hand, score and moves."""
        hand = self.hand
        state = self._match.state
        return {
            "game": self.rules.game,
            "phase": self.phase.value,
            "hand_number": len(self._match.hands) - 1,
            "turn": hand.turn if hand else None,
            "leader": hand.leader if hand else None,
            "line": [list(pair) for pair in hand.line] if hand else [],
            "ends": list(hand.ends) if hand and hand.ends else None,
            "hands": {s: [str(t) for t in hand.held(s)] for s in hand.seats} if hand else {},
            "boneyard": hand.boneyard_size if hand else 0,
            "moves": [str(m) for m in hand.moves] if hand else [],
            "score": dict(state.score),
            "ties": state.ties,
            "playoff": state.playoff,
            "next_leader": state.next_leader.code if state.next_leader is not None else None,
            "match_winner": state.winner,
        }

    def last_result(self) -> dict[str, Any]:
        """The last finished hand's result, as a record writes it (empty before any)."""
        for index in range(len(self._match.hands) - 1, -1, -1):
            outcome = self._match.hands[index].outcome
            if outcome is not None:
                return {"hand": index, **outcome_json(outcome)}
        return {}

    def static_html(self) -> str:
        """The table as a picture, for notebook viewers with no widget: exactly what the browser shows."""
        from html import escape

        from ..svg import render_svg

        shown = self.screen_view()
        voice = self.voice()
        names = {s: self.label(s, voice) for s in self.rules.seats}
        status = escape(f"{rules_name(self.rules, voice)}: {self._status(shown, voice)}")
        picture = render_svg(shown, names=names, lang=self.options.lang)
        return (f'<div class="dominoes-table-static">{picture}<div style="font-size:0.85em;opacity:0.8">{status}. '
                f'{escape(voice("picture.table_note"))}</div></div>')

    def close(self) -> None:
        self._cancel_bot()

    def __repr__(self) -> str:
        return f"<TableSession {self.rules.name}: {self.phase.value}, hand {len(self._match.hands)}>"


class _BadMessage(Exception):
    """A browser message the table cannot read: answered with an error, changes nothing.

    ``key`` names the words of the answer (``message.<key>`` in the catalog), ``params`` fill them.
    """

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


def _check_size(content: Mapping[str, Any]) -> None:
    if len(content) > 12:
        raise _BadMessage("too_many_fields")
    for key, value in content.items():
        if not isinstance(key, str) or len(key) > 40:
            raise _BadMessage("strange_field")
        if isinstance(value, str) and len(value) > MAX_MESSAGE_TEXT:
            raise _BadMessage("field_too_long", field=excerpt(key, 20), length=len(value))
        if isinstance(value, (list, dict)):
            raise _BadMessage("field_not_plain", field=excerpt(key, 20))


def _rules_from(game: str, options: Mapping[str, Any]) -> Rules:
    settings = {k: v for k, v in options.items() if k in SETTINGS}
    rules = options.get("rules")
    if isinstance(rules, Rules):
        return rules.with_settings(**settings) if settings else rules
    if rules is not None:
        raise TypeError(f"rules= takes a Rules object, not {type(rules).__name__}")
    players = options.get("players")
    if not isinstance(game, str):
        raise ValueError(f"game must be a name such as 'six_love' or 'vietnamese', not {excerpt(game)}")
    if players is not None and (game == "partnership" or game in ("six_love", "straight_six")):
        raise ValueError(f"players={excerpt(players)}: the partnership game is always 4 players "
                         "(2-4 is for 'vietnamese')")
    if game == "vietnamese":
        return Rules.vietnamese(players or 4, **settings)
    if game == "partnership":
        return Rules.from_settings("partnership", settings)
    rules = Rules.preset(game, **settings)
    if players and rules.game == "vietnamese" and players != rules.players:
        rules = Rules.vietnamese(players, **settings)
    return rules


def _seat_kinds(rules: Rules, seats: Mapping[str, str] | None, bot: str) -> dict[str, str]:
    bot = str(bot).removeprefix("bot:")
    if bot not in bot_names():
        raise ValueError(f"bots: {excerpt(bot)} is not a bot ({', '.join(bot_names())})")
    kinds = {s: (HUMAN if s == "S" else bot) for s in rules.seats}
    if seats is not None and not isinstance(seats, Mapping):
        raise ValueError(f"seats= maps seats to 'human' or a bot name, not {excerpt(seats)}")
    for seat, kind in (seats or {}).items():
        if seat not in kinds:
            raise ValueError(f"seat {excerpt(seat)} is not in play; the seats are {', '.join(rules.seats)}")
        kind = str(kind).removeprefix("bot:")
        if kind in ("person", "people", "you"):
            kind = HUMAN
        if kind != HUMAN and kind not in bot_names():
            raise ValueError(f"seat {seat}: {excerpt(kind)} is not 'human' or a bot ({', '.join(bot_names())})")
        kinds[seat] = kind
    return kinds


def _names(rules: Rules, names: Mapping[str, str] | None) -> dict[str, str]:
    """The players' own names (``names=``), checked; seats without one are named by the table."""
    if names is not None and not isinstance(names, Mapping):
        raise ValueError(f"names= maps seats to names, not {excerpt(names)}")
    result = {}
    for seat, name in (names or {}).items():
        if seat not in rules.seats:
            raise ValueError(f"names: seat {excerpt(seat)} is not in play")
        text = str(name).strip()
        if not text:
            raise ValueError(f"names: seat {seat} needs a name")
        result[seat] = text[:40]
    return result
