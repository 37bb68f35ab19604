"""The game flow behind the ``Table`` widget, with no widget in it.

A :class:`TableSession` holds a match, who sits where (people or bots), its screens (one
passed round at a notebook's table, with its hot-seat cover; one per person at a served table:
``screen``), the leader choice and the person's moves, checking every one against the
engine. The rest lives beside it: the options (``table_options``), the bots' pacing
(``bot_turns``), the browser's intents (``table_intents``), the view (``table_view``), the
coach (``coach``), take-back and look-back (``look_back``) and snapshots (``table_snapshot``).
"""

from __future__ import annotations

import random
from typing import Any, Callable, Iterable

from ...studies.bots import make_bot
from ...words.catalog import Voice
from ...engine.errors import IllegalMoveError, MoveSyntaxError, Reason, TileError, excerpt, quoted
from ...engine.fair_deal import FairSeeds, seed_refused
from ...engine.hand import Hand
from ...engine.match import Deal, Match
from ...engine.move import DRAW, LEAD, PASS, PLAY, Move, move_to_make
from ...engine.tiles import Tile, parse_halves, tile as make_tile
from ...engine.views import seat_view
from ...words.explanations import move_label
from .bot_turns import BotTurns
from .coach import judge_hint
from . import judging as background
from .fair_dealer import SEED_WAIT, FairDealer
from .move_words import MoveWords
from ..protocol import MAX_TEXT
from .shapes import Hint, Intent, NoticeKind, Phase, PresenceMark, TableView
from ..background import BackgroundJudge
from ..scheduler import NO_DELAY, Scheduler
from .presence import HERE
from .screen import SeatScreen, next_person
from .served import stored_match
from .intents import answer
from .options import DEFAULT_BOT, HUMAN, OPTIONS, TableOptions, record_options, table_options
from .view import table_view
from .thinker import INLINE, Thinker

ANNOUNCE_HOLD = 3.0
"""A new hand's announcement holds for this many bot delays (or until a click)."""

__all__ = ["TableSession", "TableOptions", "Phase", "Intent", "HUMAN", "DEFAULT_BOT", "OPTIONS", "table_options"]


class TableSession:
    """A match at a table: people and bots, the screen, and what the browser is shown.

    ``thinker`` chooses the bots' moves (inline by default: see ``sessions.thinker``);
    ``first_deal_waits``: the first hand waits for the people's pages' seeds (a table server's).
    ``on_change`` (set by the widget) is called after every change; ``handle(message, screen)``
    answers a browser intent from a screen and returns the messages to send back; ``view(screen)``
    is that screen's view (``sessions.table.shapes.TableView``). Both are functions of the match and
    that screen alone; the screen left out is :attr:`screen`, the notebook's.
    ``apart``: every person has a screen of their own (a table server's seats: :meth:`screen_of`);
    ``host``: the seat whose person changes what is the whole table's (``None``: anyone).
    """

    def __init__(self, options: TableOptions, scheduler: Scheduler = NO_DELAY, match: Match | None = None,
                 thinker: Thinker = INLINE, first_deal_waits: bool = False, dealer: FairDealer | None = None,
                 apart: bool = False, host: str | None = None) -> None:
        self.options = options
        self.first_deal_waits = first_deal_waits
        """Every person has a page of their own that adds a seed (a table server's table): the
        first hand is committed and waits for their seeds (phase ``dealing``, :meth:`add_seed`)."""
        self.rules = options.rules
        self.kinds = dict(options.kinds)
        self.open_hands = options.open_hands
        self.comments: dict[str, str] = {}
        self.on_change: Callable[[], None] | None = None
        self.humans = [s for s in self.rules.turn_order if self.kinds[s] == HUMAN]
        voice = Voice(options.lang)
        self.names = {seat: options.names.get(seat) or (voice("name.you") if self.humans == [seat]
                                                         else voice.name(seat)) for seat in self.rules.seats}
        """What each seat is called: its player's name, "You" for the one person, or the seat."""
        self.rng = random.Random(options.seed)
        bots = {seat: make_bot(kind, self.rng.randrange(2**32)) for seat, kind in self.kinds.items() if kind != HUMAN}
        self.bots = BotTurns(bots, scheduler, options.bot_delay, on_pause=self.changed, on_done=self._after_turn,
                             thinker=thinker)
        self.fair = dealer if dealer is not None else FairDealer(options.seed)
        """Every shuffled deal is a provably fair one (``fair_dealer``; ``dealer``: a table server's)."""
        self.fair.waiting_for = self.seeds_awaited
        self.seeding: set[str] = set()
        """The seats whose page has sent a client seed: the next deals wait (a little) for theirs."""
        self._notices = 0
        self.screen = SeatScreen(self.humans[0] if self.humans else None, counting=options.counting)
        """The notebook's screen: the one its people pass round, or at a shared table its own seat's."""
        self.screens: dict[str | None, SeatScreen] = {}
        """Every person's screen and the watchers' (key ``None``) when the screens are apart."""
        if apart and self.humans:
            self.share_screens(self.humans[0])  # (its host is the one given, just below)
        self.host = host
        """The seat whose person changes what is the whole table's (the bots' speed); ``None``:
        whoever is at the screen (one screen, as the notebook's Table: everybody is host)."""
        self.on_learn: Callable[[str], None] | None = None
        """Opens Learn from your mistakes for a seat (the notebook's widget); ``None``: not offered here."""
        self.presence: dict[str, PresenceMark] = {}
        """Who is at each seat, as a table server tells it (``sessions.table.presence``); empty on one screen."""
        self.watching = 0
        """How many watchers a table server shows the table to."""
        self.move_words = MoveWords()
        """The moves of each seat's view in words, kept from one view to the next."""
        self.judging: BackgroundJudge | None = None
        """Judges the people's decisions as the match goes (``judge_in_background``; ``sessions.table.judging``);
        ``None``: nothing is judged until asked (a table server's tables, scripts)."""
        if match is None:
            self.new_match()
        else:  # a match taken up where it stopped
            self._take_up(match)

    @classmethod
    def served(cls, options: TableOptions, scheduler: Scheduler, record: Any = None, pending: Any = None, *,
               host: str | None = None, thinker: Thinker = INLINE, deal_key: bytes | None = None) -> "TableSession":
        """A table server's table, its screens apart: new, or taken up where its stored ``record``
        and ``pending`` (``served.stored_match``) stopped; its seeded server seeds are keyed with
        ``deal_key`` (the server's secret), following those drawn before."""
        match, committed, drawn = stored_match(record, pending, options.rules)
        dealer = FairDealer(options.seed, wait=SEED_WAIT, key=deal_key, drawn=drawn)
        session = cls(options, scheduler, match=match, thinker=thinker, first_deal_waits=True, dealer=dealer,
                      apart=True, host=host)
        if committed is not None and session.match.pending is None:
            session._carry(committed)
        return session

    def _carry(self, committed: FairSeeds) -> None:
        """Stopped before a deal: the hand committed to (its seeds) is kept, and the deal waits no
        longer than it would have."""
        committed.dealt = False  # (read back as a record's block, which is dealt)
        self.match.next_fair = committed
        self.deal_when_seeded()

    def _take_up(self, match: Match) -> None:
        """Go on with ``match`` where it stopped (a record read back): its hands stay played."""
        self.match = match
        match.rng = random.Random(self.rng.randrange(2**32))
        hand = match.hand
        if match.pending is not None:  # stopped while a leader was being chosen
            self.phase = Phase.PLAYING
            self.deal(first=False, prepared=match.pending)
        elif hand is None:
            self.phase = Phase.PLAYING
            self.deal(first=True)
        elif hand.is_over:
            self.phase = Phase.MATCH_OVER if match.is_over else Phase.HAND_OVER
        else:
            self.phase = Phase.PLAYING
            first = next_person(self.humans, self.rules.turn_order, hand.turn)
            if first is not None:
                self._screen_to(first)
            self.bots.advance(match)  # the bots to move play now, or wait on the scheduler

    # -- the screens ----------------------------------------------------------------------------
    def share_screens(self, local: str) -> None:
        """Every person gets a screen of their own (no cover), and the watchers one: a served
        table's from the start, a notebook's when it is shared (``Table.share``). The notebook's
        :attr:`screen` is ``local``'s, and ``local``'s person is the host."""
        self.screen.seat, self.screen.covered = local, False
        self.screens = {seat: self.screen if seat == local else SeatScreen(seat, counting=self.options.counting)
                        for seat in self.humans}
        self.screens[None] = SeatScreen(None, counting=self.options.counting)
        self.fair.wait = SEED_WAIT  # the pages' seeds are waited for a moment
        self.host = local

    @property
    def apart(self) -> bool:
        """Whether every person has a screen of their own (a table server's seats)."""
        return bool(self.screens)

    @property
    def hot_seat(self) -> bool:
        """Several people share the one screen and the hands are not open: a cover goes between them."""
        return len(self.humans) > 1 and not self.open_hands and not self.apart

    def screen_of(self, seat: str | None) -> SeatScreen:
        """``seat``'s own screen (``None``: the watchers'); with one screen, that screen."""
        if not self.screens:
            return self.screen
        if seat not in self.screens:
            raise ValueError(f"seat {excerpt(seat)} is not a person's")
        return self.screens[seat]

    def _told_only(self, screen: SeatScreen) -> None:
        """With screens apart, ``screen``'s person acts or has the turn: what the others were told
        (a notice, a hint, a look back) is over, as at one screen passed round. Their counting
        panels stay as each left it."""
        for other in self.screens.values():
            if other is not screen:
                other.forget()

    def _all_screens(self) -> list[SeatScreen]:
        return list(self.screens.values()) or [self.screen]

    def seeds_awaited(self, match: Match) -> set[str]:
        """The seats whose seed the next deal waits for: those here whose page sends seeds."""
        return {seat for seat in self.seeding if self.presence.get(seat) == HERE}

    @classmethod
    def from_record(cls, record: Any, hand: int = 0, step: int = 0, scheduler: Scheduler = NO_DELAY,
                    **options: Any) -> "TableSession":
        """A table at a position of a recorded game: see ``Table.from_record``."""
        return cls(record_options(record, hand, step, **options), scheduler)

    @property
    def hand(self) -> Hand | None:
        """The hand in play (``None`` while a leader is being chosen)."""
        return self.match.hand if self.match.pending is None else None

    @property
    def viewer(self) -> str | None:
        """Whose eyes the notebook's screen shows: the person at it, or nobody under the cover."""
        return self.screen.viewer

    def ask_hint(self, screen: SeatScreen | None = None, wait: bool = False) -> Hint:
        """The coach's estimate of each legal move of the person to move, kept as the screen's ``hint``.

        Judged in the background (:meth:`judge_in_background`), a position not judged yet gives a
        hint that says "Thinking…" (``thinking``) and the hint follows when it is in; ``wait``:
        wait for it here instead (the Python API)."""
        screen = screen or self.screen
        if self.judging is None:
            screen.hint = judge_hint(self, screen)
        else:
            screen.hint = background.hint_now(self, screen)
            if wait and screen.hint.get("thinking"):
                shown = screen
                self.judging.finish(until=lambda: shown.hint is None or not shown.hint.get("thinking"))
                screen.hint = background.hint_now(self, screen)
        self.changed()
        return screen.hint

    def judge_in_background(self, judging: BackgroundJudge) -> None:
        """From now on judge the people's decisions as the match goes (``sessions.table.judging``):
        the coach's position when a person's turn starts, and, where Learn from your mistakes is
        offered (``on_learn``), every decision a person made."""
        self.judging = judging
        judging.on_judged = self._judged
        background.turn_started(self)

    def _turn_started(self) -> None:
        background.turn_started(self)

    def _judged(self, _key: object) -> None:
        if background.hints_judged(self):
            self.changed()

    def all_screens(self) -> list[SeatScreen]:
        """Every screen of the table (the one of a notebook's table)."""
        return self._all_screens()

    # -- starting matches and hands -------------------------------------------------------------
    def new_match(self) -> None:
        """A new match with the same players and rules."""
        self.bots.cancel()
        self.fair.cancel()
        carried = getattr(self, "match", None)
        self.match = Match(self.rules, self.options.start)
        self.match.rng = random.Random(self.rng.randrange(2**32))
        if carried is not None and carried.next_fair is not None:  # committed to as the last match ended
            self.match.commit(carried.next_fair)
        self.phase = Phase.PLAYING
        for screen in self._all_screens():
            screen.forget()
            screen.covered = False
        if not self.apart:
            self.screen.seat = self.humans[0] if self.humans else None
        if carried is None and self._first_deal_waits():
            self.fair.commit(self.match)  # shown to every page now; dealt once their seeds come
            self.phase = Phase.DEALING
            return
        self.deal(first=True)

    def _first_deal_waits(self) -> bool:
        """Whether the first hand waits for the people's seeds: at a table server's table with
        people, dealt from seeds (not a set-up deal), with no ``seed=`` (a seeded table deals its
        first hand the same every time)."""
        return (self.first_deal_waits and bool(self.humans) and self.options.deal is None
                and not self.fair.seeded)

    def deal_when_seeded(self) -> None:
        """While the first hand waits (phase ``dealing``) and some seed came: deal once every
        person's seat has sent its seed, or ``fair.wait`` seconds after the first one came."""
        seeds = self.match.next_fair
        if self.phase is Phase.DEALING and not self.fair.holding and seeds is not None and seeds.client_seeds:
            self.fair.deal_when_seeded(self, self.deal_waiting_hand, seats=set(self.humans))

    def add_seed_from(self, screen: SeatScreen, seed: object) -> None:
        """A page's seed, from its screen: at a served table its seat's later deals wait for its
        seeds a moment (``fair_dealer``)."""
        if screen.seat is not None and self.apart:
            self.seeding.add(screen.seat)
        self.add_seed(screen.seat, seed)

    def deal_waiting_hand(self, *, unless_held: bool = False) -> None:
        """Deal the first hand now, with the seeds that came, if it still waits for them
        (``unless_held``: not while a seed's short wait runs, which deals it soon)."""
        if self.phase is Phase.DEALING and not (unless_held and self.fair.holding):
            self.deal(first=True)
            self.changed()

    def next_hand(self, leader: str | None = None) -> None:
        """Deal the next hand (``leader``: the partner who leads when the lead falls to a team)."""
        if self.phase is not Phase.HAND_OVER and not self.match.is_over:
            raise IllegalMoveError(Reason.HAND_IN_PROGRESS, "hand_in_progress")
        if self.match.is_over:
            self.deal(first=False, leader=leader)  # the match refuses a hand after its end
            return
        self.fair.commit(self.match)
        self.fair.deal_when_seeded(self, lambda: self.deal(first=False, leader=leader))

    def add_seed(self, seat: str | None, seed: object) -> None:
        """``seat``'s page adds its client seed to the next deal (a ``DominoesError`` if it cannot)."""
        if seat is None:
            raise seed_refused(Reason.BAD_CLIENT_SEED, "only a player's page sends a seed")
        self.match.add_client_seed(seat, seed)
        self.changed()
        if self.phase is Phase.DEALING and not self.fair.holding:
            self.deal_when_seeded()  # the first seed of the first hand starts its wait
        else:
            self.fair.seed_added(self)

    def deal(self, first: bool, leader: str | None = None, prepared: Deal | None = None) -> None:
        """Deal a hand (``prepared``: one dealt already) and start it, or wait for a leader choice."""
        options = self.options
        moves: tuple[str, ...] = ()
        if prepared is not None:
            pending = prepared
        elif first and options.deal is not None:
            pending = self.match.prepare(options.deal, options.boneyard)
            leader = leader or options.leader
            moves = options.moves
            if leader is None and moves:
                leader = moves[0].split()[0] if moves[0].split() else None
        else:
            self.fair.commit(self.match)
            pending = self.match.prepare()
        for screen in self._all_screens():
            screen.forget()
        if leader is None and pending.needs_choice:
            people = [s for s in pending.leaders if s in self.humans]
            if people:
                self.phase = Phase.CHOOSE_LEADER
                self._screen_to(self.screen.seat if self.screen.seat in people else people[0], new_deal=True)
                self.changed()
                return
            preview = pending.hand(self.rules)
            views = {s: seat_view(preview, s, self.match.state) for s in pending.leaders}
            leader = self.bots.bots[pending.leaders[0]].choose_leader(pending.leaders, views)
        self._begin(leader, moves)

    def _begin(self, leader: str | None, moves: Iterable[str] = (), new_deal: bool = True) -> None:
        try:
            hand = self.match.start(leader)
        except IllegalMoveError:
            pending = self.match.pending
            self.match.pending = None  # nothing is dealt after a refused set-up
            raise IllegalMoveError(Reason.WRONG_LEADER, "wrong_leader_rule", seat=leader,
                                   leaders=pending.leaders if pending else (),
                                   next_leader=self.match.state.next_leader) from None
        for move in moves:  # a set-up position: its moves are played before anyone moves
            self.match.push(move)
        self.phase = Phase.PLAYING
        first = next_person(self.humans, self.rules.turn_order, hand.turn)
        if first is not None:
            self._screen_to(first, new_deal=new_deal)
        announce = len(self.match.hands) > 1 and not moves and self.bots.to_move(self.match) is not None
        if announce and self.bots.hold(self.options.bot_delay * ANNOUNCE_HOLD, self.match):
            self.changed()  # the bots' first moves wait while the new hand is announced
            return
        self.bots.advance(self.match)

    def _screen_to(self, seat: str, new_deal: bool = False) -> None:
        """Give the one screen to ``seat`` (a cover first in hot seat); screens apart stay their seats'."""
        screen = self.screen
        if self.apart:
            return
        if self.hot_seat and (new_deal or (screen.seat is not None and seat != screen.seat)):
            screen.covered = True
        if seat != screen.seat:
            screen.seat = seat
            screen.notice = None  # what one person was told is not for the next
            screen.hint = None

    # -- the leader choice -------------------------------------------------------------------------
    @property
    def leader_choices(self) -> tuple[str, ...]:
        """The seats the person's team may choose to lead (empty unless a leader is being chosen)."""
        pending = self.match.pending
        return pending.leaders if self.phase is Phase.CHOOSE_LEADER and pending is not None else ()

    def choose_leader(self, seat: object) -> None:
        """The leading team's people pick which partner leads; anything but one of
        :attr:`leader_choices` (whatever a browser sent) is refused."""
        if self.phase is not Phase.CHOOSE_LEADER:
            raise IllegalMoveError(Reason.HAND_IN_PROGRESS, "leader_chosen")
        if not isinstance(seat, str) or seat not in self.leader_choices:
            shown = seat if isinstance(seat, str) and len(seat) <= 2 else excerpt(seat, 8)
            raise IllegalMoveError(Reason.WRONG_LEADER, "leader_choice", seat=shown, leaders=self.leader_choices)
        self._begin(seat, new_deal=False)  # the deal was covered for the chooser already

    # -- moves --------------------------------------------------------------------------------------
    def play(self, tile: str | Tile, end: str | None = None, *, seat: str | None = None) -> Move:
        """Play ``tile`` (touching half first) for the person to move; ``end`` ``L``/``R`` when it fits both."""
        hand = self.hand_for_move()
        seat = seat or hand.turn
        try:
            played, first = _written_tile(tile)
        except TileError:
            if hand.ends is None or end is not None:  # refused as the move asked for, written out
                asked = (seat, tile, None if hand.ends is None else end)
                said = " ".join(str(part) for part in asked if part is not None)
                raise IllegalMoveError(Reason.BAD_MOVE, "bad_syntax", text=quoted(said)) from None
            raise IllegalMoveError(Reason.BAD_MOVE, "not_a_tile", text=quoted(str(tile))) from None
        if hand.ends is None:
            return self.person_moves(_person_move(seat, LEAD, played, None, first))
        if end is None:
            end = _only_end(hand, str(seat), played)
        return self.person_moves(_person_move(seat, PLAY, played, end.upper() if isinstance(end, str) else end, first))

    def pass_(self, *, seat: str | None = None) -> Move:
        """Pass for the person to move."""
        return self.person_moves(_person_move(seat or self.hand_for_move().turn, PASS))

    def draw(self, *, seat: str | None = None) -> Move:
        """Draw from the pile for the person to move."""
        return self.person_moves(_person_move(seat or self.hand_for_move().turn, DRAW))

    def hand_for_move(self) -> Hand:
        """The hand a person may move in now; refused while a leader is chosen or after the hand."""
        if self.phase is Phase.CHOOSE_LEADER:
            raise IllegalMoveError(Reason.CHOOSE_LEADER, "choose_leader_first")
        hand = self.hand
        if hand is None or self.phase is not Phase.PLAYING:
            reason = Reason.MATCH_OVER if self.phase is Phase.MATCH_OVER else Reason.HAND_OVER
            raise IllegalMoveError(reason, "no_move_match_over" if reason is Reason.MATCH_OVER else "no_move_hand_over")
        return hand

    def person_moves(self, move: Move | str) -> Move:
        """A person's move (a :class:`Move`, or its record notation), checked by the engine; then the bots answer."""
        move = move_to_make(move)
        if self.kinds.get(move.seat) != HUMAN:
            raise IllegalMoveError(Reason.NOT_YOUR_TURN, "bot_seat", seat=move.seat)
        judged_in = background.person_moving(self, move)
        played = self.match.push(move)
        background.person_moved(self, judged_in, played)
        screen = self.screen_of(move.seat)
        screen.covered = False  # the person who moved is at the screen
        screen.seat = move.seat
        screen.forget()
        if played.action == DRAW and played.tile is not None:
            fits = bool(self.match.hand and self.match.hand.draw_fitted(len(self.match.hand.moves) - 1))
            key = "table.drew_no_fit" if not fits else \
                "table.drew_fits_must" if self.rules.drawn_tile_must_play else "table.drew_fits_may"
            self.tell(screen, self.voice(screen)(key, tile=str(played.tile)), "info")
        self.bots.advance(self.match)
        return played

    def _after_turn(self) -> None:
        hand = self.match.hand
        if hand is None:
            return
        if hand.is_over:
            self.screen.covered = False  # the hands are turned face up for everyone
            self.phase = Phase.MATCH_OVER if self.match.is_over else Phase.HAND_OVER
            self.fair.commit(self.match)  # the next deal's commitment, shown while the result is read
        elif hand.turn in self.humans and self.apart:
            self._told_only(self.screens[hand.turn])
        elif hand.turn in self.humans and hand.turn != self.screen.seat:
            self._screen_to(str(hand.turn))
        self.changed()

    # -- the screen, notices and the browser ---------------------------------------------------------
    def uncover(self, screen: SeatScreen | None = None) -> None:
        """Hot seat: lift the cover so the person at the screen sees their tiles."""
        screen = screen or self.screen
        if screen.covered:
            screen.covered = False
            screen.notice = None
            self.changed()

    def handle(self, content: Any, screen: SeatScreen | None = None) -> list[dict[str, Any]]:
        """Answer one browser message from ``screen`` (``table_intents``); the messages to send back."""
        screen = screen or self.screen
        self._told_only(screen)
        return answer(self, screen, content)

    def view(self, screen: SeatScreen | None = None) -> TableView:
        """What ``screen`` shows (``js/PROTOCOL.md``; ``table_view``)."""
        return table_view(self, screen or self.screen)

    def may_set_table(self, screen: SeatScreen) -> bool:
        """Whether the person at ``screen`` may change what is the whole table's (the host)."""
        return self.host is None or screen.seat == self.host

    def voice(self, screen: SeatScreen | None = None) -> Voice:
        """The table's words, naming each seat and speaking to the person at ``screen`` as "you"."""
        viewer = (screen or self.screen).viewer
        names = self.names
        lone = self.humans[0] if len(self.humans) == 1 else None
        if viewer is None and lone is not None and lone not in self.options.names:
            names = {**names, lone: Voice(self.options.lang).name(lone)}  # a watcher: the one person is not "You" to them
        return Voice(self.options.lang, names, you=viewer)

    def tell(self, screen: SeatScreen, text: str, kind: NoticeKind, reason: Reason | None = None) -> None:
        """A notice for the person at ``screen`` (shown once by the browser)."""
        self._notices += 1
        screen.notice = {"text": text[:MAX_TEXT], "kind": kind,
                         "reason": str(reason) if reason is not None else None, "id": self._notices}

    def changed(self) -> None:
        """Tell the widget (or server) that the view may have changed (and a person's turn
        that started is judged in the background, once the change is sent: ``judge_in_background``)."""
        if self.judging is not None:
            self.judging.activity()
            self.judging.after_event(self._turn_started, once="turn_started")
        if self.on_change is not None:
            self.on_change()

    # -- the changes the helpers ask for (they read the session through small Protocols) -------
    def look_at(self, ply: int | None, screen: SeatScreen | None = None) -> None:
        """``screen`` shows the position after ``ply`` moves of this hand (``None``: the live one)."""
        (screen or self.screen).looking = ply
        self.changed()

    def taken_back(self, screen: SeatScreen, move: Move) -> None:
        """A move was taken back (``look_back.undo``): the hand goes on from before it."""
        screen.forget()  # (the hint and a look back; the notice is the take-back's)
        self.phase = Phase.PLAYING
        voice = self.voice(screen)  # in words, never naming a drawn tile (move_label says only "draw")
        self.tell(screen, voice("table.took_back", move=move_label(move, voice)), "info")
        self.changed()

    def new_match_when_seeded(self) -> None:
        """A new match, dealt once the pages' seeds for it are in (``fair_dealer``)."""
        self.fair.deal_when_seeded(self, self.new_match)

    def close(self) -> None:
        """Stop the bots (and a deal waiting for seeds) for good."""
        self.fair.cancel()
        self.fair.waiting_for = None  # (a cycle through the dealer: the session is freed at once)
        self.bots.close()
        if self.judging is not None:
            self.judging.close()

    def __repr__(self) -> str:
        return f"<TableSession {self.rules.name}: {self.phase.value}, hand {len(self.match.hands)}>"


def _written_tile(tile: str | Tile) -> tuple[Tile, int]:
    """The tile a person names and its half written first (a :class:`Tile` is written low half
    first, as ``str`` gives it); ``TileError`` when ``tile`` names none."""
    if isinstance(tile, Tile):
        return tile, tile.low
    first, second = parse_halves(tile)
    return make_tile(first, second), first


def _person_move(seat: Any, action: str, tile: Tile | None = None, end: Any = None, first: int | None = None) -> Move:
    """The :class:`Move` a person asks for; a seat or an end that is not one is refused as
    ``bad_move``, quoting what was asked for."""
    try:
        return Move(seat, action, tile, end, first)
    except MoveSyntaxError:
        asked = tile.written(first) if tile is not None and first is not None else action
        said = " ".join(str(part) for part in (seat, asked, end) if part is not None)
        raise IllegalMoveError(Reason.BAD_MOVE, "bad_syntax", text=quoted(said)) from None


def _only_end(hand: Hand, seat: str, tile: Tile) -> str:
    """The end a tile goes to when the person names none: refused when both ends take it differently."""
    ends = [m.end for m in hand.legal_move_list() if m.action == PLAY and m.tile == tile and m.seat == seat]
    if len(set(ends)) == 1 or (ends and hand.left == hand.right):
        return str(ends[0])  # one end, or two ends showing the same number: the same play either way
    if not ends:
        return "L"  # let the engine say why it does not fit
    raise IllegalMoveError(Reason.CHOOSE_END, "choose_end", tile=tile, left=hand.left, right=hand.right)
