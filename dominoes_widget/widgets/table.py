"""The ``Table`` widget: play partnership or Vietnamese dominoes against bots or friends.

Python owns the rules. The browser gets a seat view (``view``) holding only what the seat
at the screen may see, and sends intents (``{"type": "move", "move": "S 6-4 L"}``) that are
checked against the engine here. See ``js/PROTOCOL.md``.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
from pathlib import Path
from typing import Any, Iterable, Mapping

import anywidget
import traitlets

from ..bots import Bot, bot_names, make_bot
from ..errors import DealError, IllegalMoveError
from ..explanations import TEAM_NAMES, explain_refusal, explain_result, leader_words
from ..hand import Hand, LegalMoves, deal_tiles, team_of
from ..match import Match, MatchState
from ..move import DRAW, PASS, PLAY, SEAT_NAMES, Move, MoveSyntaxError
from ..record import outcome_json, read_record, write_record
from ..rules import SETTINGS, Rules, RulesError
from ..tiles import Tile, TileError
from ..views import SeatView, seat_view
from .static_picture import StaticPicture

__all__ = ["Table"]

STATIC = Path(__file__).resolve().parent.parent / "static"
HUMAN = "human"
DEFAULT_BOT = "strong"
log = logging.getLogger(__name__)

_OPTIONS = ("game", "rules", "players", "seats", "bots", "names", "open_hands", "hints", "bot_delay", "seed", "start",
            "deal", "boneyard", "leader", "moves")


class Table(StaticPicture, anywidget.AnyWidget):
    """A domino table in the notebook.

    ``Table()`` starts a Six Love match with you at S and bots at E, N and W. Options:
    ``game`` (``"partnership"``, ``"vietnamese"`` or a preset such as ``"straight_six"``),
    ``players`` (2-4, Vietnamese), any rules setting by name (``sporting=True``), ``seats``
    (seat → ``"human"`` or a bot name), ``bots`` (the bot for the other seats, default
    ``"strong"``), ``names``, ``open_hands``, ``hints``, ``bot_delay``
    (seconds between bot moves; 0 plays them at once), ``seed``, ``start`` (a record's match
    state), and ``deal``/``boneyard``/``leader``/``moves`` to set up the first hand (``moves``:
    record notation played on it at once, so the table opens at that position). A teaching
    position from a recorded game: :meth:`from_record`.
    """

    _pending_bot: asyncio.TimerHandle | None = None
    _esm = STATIC / "table.js"
    _css = STATIC / "table.css"

    view = traitlets.Dict().tag(sync=True)
    rules_text = traitlets.Unicode("").tag(sync=True)

    phase = traitlets.Unicode("playing", help="playing, choose_leader, hand_over, match_over or cover")
    turn = traitlets.Unicode(None, allow_none=True, help="the seat to move")
    hands_played = traitlets.Int(0, help="hands finished in this match")
    last_result = traitlets.Dict(help="the last finished hand's result, as a record writes it")
    match_winner = traitlets.Unicode(None, allow_none=True, help="the team or seat that won the match")

    def __init__(self, game: str = "partnership", **options: Any) -> None:
        unknown = [k for k in options if k not in _OPTIONS and k not in SETTINGS]
        if unknown:
            raise TypeError(f"Table() got unexpected keyword argument(s) {', '.join(map(repr, unknown))}; "
                            f"options are {', '.join(_OPTIONS)} and the rules settings {', '.join(SETTINGS)}")
        super().__init__()
        self.rules = _rules_from(game, options)
        self.seat_kinds = _seat_kinds(self.rules, options.get("seats"), options.get("bots") or DEFAULT_BOT)
        self.names = _names(self.rules, self.seat_kinds, options.get("names"))
        self.open_hands = bool(options.get("open_hands", False))
        self.hints = bool(options.get("hints", True))
        self.bot_delay = float(options.get("bot_delay", 0.6))
        self.comments: dict[str, str] = {}
        self._seed = options.get("seed")
        self._rng = random.Random(self._seed)
        self._bots: dict[str, Bot] = {
            seat: make_bot(kind, self._rng.randrange(2**32))
            for seat, kind in self.seat_kinds.items() if kind != HUMAN
        }
        self._humans = [s for s in self.rules.turn_order if self.seat_kinds[s] == HUMAN]
        self._start = options.get("start")
        self._setup = {k: options.get(k) for k in ("deal", "boneyard", "leader", "moves")}
        self._message = ""
        self.rules_text = self.rules.describe()
        self.on_msg(self._on_message)
        self.new_match()

    @classmethod
    def from_record(cls, record: Any, hand: int = 0, step: int = 0, **options: Any) -> "Table":
        """A live table at a position of a recorded game, for teaching ("what would you play here?").

        ``record`` is anything :func:`read_record` reads (a path, JSON text, a dict such as
        ``table.record``); ``hand`` and ``step`` count from 0: the table opens on that hand's
        deal, draw pile and leader, with the match state before it (score, tied deals, play-off),
        after the hand's first ``step`` moves. Every seat is played by the people at the screen
        (``seats={"E": "greedy"}`` hands some to bots) and every hand is open unless
        ``open_hands=False``; the other options are those of ``Table()``. A record that does not verify raises ``RecordError``.
        """
        for fixed in ("game", "rules", "players", "start", "deal", "boneyard", "leader", "moves"):
            if fixed in options:
                raise TypeError(f"Table.from_record() takes {fixed!r} from the record")
        unknown = [k for k in options if k in SETTINGS]
        if unknown:
            raise TypeError(f"Table.from_record() plays under the record's rules; drop {', '.join(map(repr, unknown))}")
        replayed = read_record(record)
        match = replayed.match
        if isinstance(hand, bool) or not isinstance(hand, int) or not 0 <= hand < len(match.hands):
            raise ValueError(f"hand {hand!r}: the record has hands 0 to {len(match.hands) - 1}")
        played = match.hands[hand]
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= len(played.moves):
            raise ValueError(f"step {step!r}: hand {hand} has moves 0 to {len(played.moves)} "
                             "(step n opens after its first n moves)")
        options.setdefault("open_hands", True)
        options["seats"] = {**{seat: HUMAN for seat in match.rules.seats}, **(options.get("seats") or {})}
        if "names" not in options:  # the record's names of people (bots keep the table's names)
            options["names"] = {s: n for s, n in replayed.players.items()
                                if s in match.rules.seats and n and not n.startswith("bot:")}
        return cls(match.rules.game, rules=match.rules, start=match.state_before(hand),
                   deal={s: list(tiles) for s, tiles in played.deal.items()},
                   boneyard=list(played.initial_boneyard), leader=played.leader,
                   moves=[str(m) for m in played.moves[:step]], **options)

    # -- the Python API ------------------------------------------------------------------
    @property
    def match(self) -> Match:
        """The engine's match (every hand, full information)."""
        return self._match

    @property
    def hand(self) -> Hand | None:
        """The engine's current hand."""
        return self._match.hand

    @property
    def legal_moves(self) -> LegalMoves:
        """The legal moves of the seat to move (none while a leader is being chosen)."""
        return self.hand.legal_moves if self.hand is not None else ()

    @property
    def state(self) -> dict:
        """A snapshot of the game: phase, turn, line, ends, every hand, score and moves."""
        hand = self.hand
        return {
            "game": self.rules.game,
            "phase": self.phase,
            "hand_number": len(self._match.hands) - 1,
            "turn": hand.turn if hand else None,
            "leader": hand.leader if hand else None,
            "line": [list(pair) for pair in hand.line] if hand else [],
            "ends": list(hand.ends) if hand and hand.ends else None,
            "hands": {s: [str(t) for t in hand.held(s)] for s in hand.seats} if hand else {},
            "boneyard": len(hand.boneyard) if hand else 0,
            "moves": [str(m) for m in hand.moves] if hand else [],
            "score": dict(self._match.state.score),
            "ties": self._match.state.ties,
            "playoff": self._match.state.playoff,
            "next_leader": self._match.state.next_leader,
            "match_winner": self._match.state.winner,
        }

    @property
    def record(self) -> dict:
        """Everything played so far as a RECORD.md game record."""
        players = {s: (self.names[s] if k == HUMAN else f"bot:{k}") for s, k in self.seat_kinds.items()}
        return write_record(self._match, players, self.comments)

    def save(self, path: str | Path) -> Path:
        """Write the record to ``path`` as JSON."""
        path = Path(path)
        path.write_text(json.dumps(self.record, indent=1), encoding="utf-8")
        return path

    def play(self, tile: str | Tile, end: str | None = None, *, seat: str | None = None) -> Move:
        """Play ``tile`` (touching half first, e.g. ``"6-4"``) for the person to move.

        ``end`` is ``"L"`` or ``"R"``; it may be left out when the tile fits one end only.
        Raises :class:`IllegalMoveError` (nothing changes) when the rules refuse it.
        """
        hand = self._hand_for_move()
        seat = seat or hand.turn
        text = str(tile)
        if hand.ends is None:
            return self._human_move(f"{seat} {text}")
        if end is None:
            end = self._only_end(hand, seat, text)
        return self._human_move(f"{seat} {text} {end}")

    def pass_(self, *, seat: str | None = None) -> Move:
        """Pass for the person to move (only when the rules allow it)."""
        hand = self._hand_for_move()
        return self._human_move(f"{seat or hand.turn} pass")

    def draw(self, *, seat: str | None = None) -> Move:
        """Draw from the pile for the person to move (Vietnamese, when stuck)."""
        hand = self._hand_for_move()
        return self._human_move(f"{seat or hand.turn} draw")

    def new_match(self) -> None:
        """Start a new match with the same players and rules."""
        self._cancel_bot()
        self._match = Match(self.rules, self._start)
        self._match.rng = random.Random(self._rng.randrange(2**32))
        self._viewer = self._humans[0] if self._humans else None
        self._covered = False
        self.match_winner = None
        self.hands_played = 0
        self.last_result = {}
        self._deal_next(first=True)

    def next_hand(self, leader: str | None = None) -> None:
        """Deal the next hand (``leader``: which partner leads when the lead falls to a team)."""
        if self._match.is_over:
            raise IllegalMoveError("match_over", f"the match is over: {TEAM_NAMES.get(self._match.state.winner, self._match.state.winner)} won it")
        if self.hand is not None and not self.hand.is_over:
            raise IllegalMoveError("hand_in_progress", "the current hand has not ended yet")
        self._deal_next(leader=leader)

    def choose_leader(self, seat: str) -> None:
        """The person's team picks which partner leads the hand."""
        if self.phase != "choose_leader":
            raise IllegalMoveError("not_your_turn", "no leader is being chosen now")
        if seat not in self._leader_choices:
            raise IllegalMoveError("wrong_leader", f"{seat} may not lead; choose {' or '.join(self._leader_choices)}")
        self._start_hand(self._pending_deal, seat)

    def uncover(self) -> None:
        """Hot seat: lift the cover so the person to move sees their hand."""
        self._covered = False
        self._message = ""  # whatever was refused before the cover went up was for someone else
        if self.phase == "cover":
            self._set_phase("playing")
        self._refresh()

    def close(self) -> None:
        self._cancel_bot()
        super().close()

    def _static_html(self) -> str:
        """The table as the seat at the screen sees it (every hand only when open)."""
        from html import escape

        from ..svg import render_svg

        hand = self.hand
        status = escape(f"{self.rules.name}: {self._status(None if self._covered else self._viewer)}")
        if hand is None:
            return f"<div>{status}</div>"
        viewer = None if self._covered else self._viewer
        if self.open_hands:
            picture = render_svg(hand, names=self.names)
        elif viewer is not None:
            picture = render_svg(hand, seat=viewer, names=self.names)
        else:
            picture = render_svg(hand, open_hands=False, names=self.names)
        return (f'<div class="dominoes-table-static">{picture}<div style="font-size:0.85em;opacity:0.8">{status}. '
                "A Table widget: run the notebook to play.</div></div>")

    def __repr__(self) -> str:
        return f"<Table {self.rules.name}: {self.phase}, hand {len(self._match.hands)}>"

    # -- dealing and leading ---------------------------------------------------------------
    def _deal_next(self, first: bool = False, leader: str | None = None) -> None:
        setup = self._setup if first else {}
        moves = [str(m) for m in setup.get("moves") or ()]
        if moves and leader is None and setup.get("leader") is None:
            leader = moves[0].split()[0] if moves[0].split() else None  # the seat that led
        if setup.get("deal") is not None:
            deal, pile = setup["deal"], setup.get("boneyard") or ()
            probe = Hand(self.rules, deal, pile, self.rules.seats[0], leaders=())
            deal, pile = probe.deal, probe.initial_boneyard
            leader = leader or setup.get("leader")
        else:
            while True:
                deal, pile = deal_tiles(self.rules, self._match.rng)
                try:
                    self._match.lead_rule(deal)
                    break
                except DealError:
                    continue  # no double dealt under the redeal rule
        choices, _ = self._match.lead_rule(deal)
        if leader is not None and leader not in choices:
            raise IllegalMoveError("wrong_leader", f"{leader} may not lead this hand; {' or '.join(choices)} may: "
                                   f"{leader_words(self._match.state.next_leader)}")
        if leader is None and len(choices) > 1:
            people = [s for s in choices if s in self._humans]
            if people:
                self._pending_deal = (deal, pile)
                self._leader_choices = list(choices)
                if self._viewer not in people:
                    self._show_seat(people[0])
                self._set_phase("choose_leader")
                self._refresh()
                return
            views = {s: _dealt_view(self.rules, deal, s) for s in choices}
            leader = self._bots[choices[0]].choose_leader(choices, views)
        self._start_hand((deal, pile), leader, moves)

    def _start_hand(self, dealt: tuple, leader: str | None, moves: Iterable[str] = ()) -> None:
        deal, pile = dealt
        self._match.deal(deal, pile, leader)
        for move in moves:  # a set-up position: its moves are played before anyone moves
            self._match.push(move)
        self._leader_choices = []
        self._message = ""
        self._set_phase("playing")
        self._after_move()

    # -- moves -----------------------------------------------------------------------------
    def _hand_for_move(self) -> Hand:
        hand = self.hand
        if self.phase == "choose_leader":
            raise IllegalMoveError("not_your_turn", "choose who leads the hand first (table.choose_leader(seat))")
        if hand is None or self.phase not in ("playing", "cover"):
            raise IllegalMoveError("hand_over" if hand and hand.is_over else "not_your_turn",
                                   f"no move can be made now ({self.phase.replace('_', ' ')})")
        return hand

    def _only_end(self, hand: Hand, seat: str, text: str) -> str:
        try:
            tile = Tile.parse(text)
        except TileError as error:
            raise IllegalMoveError("bad_move", str(error)) from None
        ends = [m.end for m in hand.legal_move_list() if m.action == PLAY and m.tile == tile and m.seat == seat]
        if len(set(ends)) == 1 or (ends and hand.left == hand.right):
            return ends[0]  # one end, or two ends showing the same number: the same play either way
        if not ends:
            return "L"  # let the engine say why it does not fit
        raise IllegalMoveError("choose_end", f"{tile} fits both ends ({hand.left} and {hand.right}): "
                                             "say end='L' or end='R'")

    def _human_move(self, text: str) -> Move:
        try:
            move = Move.parse(text)
        except MoveSyntaxError as error:
            raise IllegalMoveError("bad_move", str(error)) from None
        if self.seat_kinds.get(move.seat) != HUMAN:
            raise IllegalMoveError("not_your_turn", f"{move.seat} is played by a bot, not by a person")
        if self._covered:
            self._covered = False
        self._message = ""
        played = self._match.push(move)
        self._after_move()
        return played

    def _after_move(self) -> None:
        """Let bots move (now, or paced by ``bot_delay``), then redraw."""
        hand = self.hand
        while not hand.is_over and self.seat_kinds[hand.turn] != HUMAN:
            if self.bot_delay > 0 and _running_loop() is not None:
                self._refresh()
                self._pending_bot = _running_loop().call_later(self.bot_delay, self._bot_step)
                return
            self._play_bot()
        self._on_turn_change()

    def _bot_step(self) -> None:
        self._pending_bot = None
        try:
            hand = self.hand
            if hand is not None and not hand.is_over and self.seat_kinds[hand.turn] != HUMAN:
                self._play_bot()
            self._after_move()
        except Exception:  # a timer callback must never take the kernel down
            log.exception("bot move failed")

    def _play_bot(self) -> None:
        hand = self.hand
        seat = hand.turn
        move = self._bots[seat].choose(seat_view(hand, seat, self._match.state))
        self._match.push(move)

    def _on_turn_change(self) -> None:
        hand = self.hand
        if hand.is_over:
            self._on_hand_end()
            return
        if hand.turn != self._viewer and hand.turn in self._humans:
            self._show_seat(hand.turn)
        self._set_phase("cover" if self._covered else "playing")
        self._refresh()

    def _show_seat(self, seat: str) -> None:
        """Hand the screen to ``seat``; with several people at one screen, cover it first."""
        if len(self._humans) > 1 and self._viewer is not None and seat != self._viewer and not self.open_hands:
            self._covered = True
        if seat != self._viewer:
            self._message = ""  # a refusal shown to one person is not for the next
        self._viewer = seat

    def _on_hand_end(self) -> None:
        self._covered = False
        hand = self.hand
        result = {"hand": len(self._match.hands) - 1, **outcome_json(hand.outcome)}
        self.hands_played = len(self._match.hands)
        self.match_winner = self._match.state.winner
        self._set_phase("match_over" if self._match.is_over else "hand_over")
        self._refresh()
        self.last_result = result

    def _set_phase(self, phase: str) -> None:
        self.phase = phase
        hand = self.hand
        self.turn = hand.turn if hand is not None and phase in ("playing", "cover") else None

    def _cancel_bot(self) -> None:
        if self._pending_bot is not None:
            self._pending_bot.cancel()
            self._pending_bot = None

    # -- messages from the browser ---------------------------------------------------------
    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        try:
            self._handle(content)
        except IllegalMoveError as refusal:
            self._refuse(refusal.reason, explain_refusal(refusal))
        except Exception as error:  # a garbled message must never raise into the kernel
            log.exception("table message failed")
            self._send_error(f"the table could not handle {content!r}: {error}")

    def _handle(self, content: Any) -> None:
        if not isinstance(content, Mapping) or not isinstance(content.get("type"), str):
            self._send_error(f"ignored a message that is not an intent: {str(content)[:80]!r}")
            return
        kind = content["type"]
        if kind == "move":
            self._check_fresh(content)
            self._browser_move(content.get("move"))
        elif kind == "choose_leader":
            seat = content.get("seat")
            if self._viewer not in self._leader_choices:
                raise IllegalMoveError("wrong_leader", "your team does not choose the leader now")
            self.choose_leader(seat)
        elif kind == "next_hand":
            if self.phase == "match_over":
                raise IllegalMoveError("match_over", "the match is over: start a new match")
            if self.phase != "hand_over":  # a repeated click after the hand was dealt
                raise IllegalMoveError("hand_in_progress", "the next hand has already been dealt")
            self.next_hand()
        elif kind == "new_match":
            if self.phase != "match_over":  # the browser offers it only at the end; a double click lands here
                raise IllegalMoveError("hand_in_progress", "a match is being played: the new match has started")
            self.new_match()
        elif kind == "uncover":
            if self._covered:
                self.uncover()
        else:
            self._send_error(f"unknown message type {kind!r}")

    def _check_fresh(self, content: Mapping) -> None:
        """Refuse an intent made for an earlier position (a double click that arrives a turn late).

        The browser sends the hand number and how many moves it had seen; a move for an
        older position is stale even if it would be legal now.
        """
        hand_number, ply = content.get("hand"), content.get("ply")
        if hand_number is None and ply is None:
            return
        current = (len(self._match.hands) - 1, len(self.hand.moves) if self.hand else 0)
        if (hand_number, ply) != current:
            raise IllegalMoveError("stale", "that click was for an earlier position; the table has moved on")

    def _browser_move(self, text: Any) -> None:
        if not isinstance(text, str):
            self._send_error(f"a move message needs the move as text, not {text!r}")
            return
        try:
            move = Move.parse(text)
        except MoveSyntaxError as error:
            self._send_error(str(error))
            return
        if move.action == DRAW and move.tile is not None:
            # a person draws blind; naming a tile would make the refusal reveal the pile's top
            self._send_error(f"{text!r}: a draw names no tile (send '{move.seat} draw')")
            return
        seat = move.seat
        if self._covered or seat != self._viewer:
            # no echo of the move: it may name a tile of a seat that is no longer at the screen
            raise IllegalMoveError("not_your_turn", "that move is not for the seat at the screen now")
        hand = self._hand_for_move()
        if hand.turn != seat:
            who = "a bot" if hand.turn and self.seat_kinds[hand.turn] != HUMAN else "the next player"
            raise IllegalMoveError("not_your_turn", f"it is {hand.turn}'s turn ({who}), not yours")
        self._human_move(text)

    def _refuse(self, reason: str, text: str) -> None:
        self._message = text
        self.send({"type": "refused", "reason": reason, "message": text})
        self._refresh()

    def _send_error(self, text: str) -> None:
        self.send({"type": "error", "message": text})

    # -- what the browser sees ------------------------------------------------------------
    def _refresh(self) -> None:
        self.view = self._build_view()

    def _build_view(self) -> dict:
        hand, match, rules = self.hand, self._match, self.rules
        if hand is None:  # choosing who leads the first hand: a view of the deal, before any move
            deal, pile = self._pending_deal
            hand = Hand(rules, deal, pile, self._leader_choices[0], leaders=self._leader_choices, _trusted=True)
        viewer = None if self._covered else self._viewer
        shown = seat_view(hand, viewer, match.state, open_hands=self.open_hands) if viewer else None
        over = hand.is_over
        hands: dict[str, Any] = {}
        for seat in rules.seats:
            visible = self.open_hands or over or seat == viewer
            hands[seat] = [str(t) for t in hand.held(seat)] if visible else hand.count(seat)
        people_turn = (viewer is not None and hand.turn == viewer and self.phase == "playing")
        legal_moves = hand.legal_move_list() if people_turn else []
        legal = [str(m) for m in legal_moves]
        moves = [str(m) for m in shown.moves] if shown else [str(m.without_tile()) for m in hand.moves]
        view = {
            "game": rules.game,
            "seats": list(rules.seats),
            "players": {s: {"name": self.names[s], "kind": _kind_word(self.seat_kinds[s]),
                            "team": team_of(s) if rules.is_partnership else None} for s in rules.seats},
            "viewer": viewer,
            "hands": hands,
            "line": [list(pair) for pair in hand.line],
            "lead": hand.lead_index,
            "ends": list(hand.ends) if hand.ends else None,
            "turn": hand.turn,
            "boneyard": hand.boneyard_size,
            "passed": _passed(hand),
            "moves": moves,
            "legal": legal,
            "playable": sorted({str(m.tile) for m in legal_moves if m.tile is not None}) if self.hints else [],
            "hints": self.hints,
            "score": _score_json(rules, match.state),
            "hand_number": len(match.hands) - 1,
            "phase": "cover" if self._covered else self.phase,
            "leader_choices": list(self._leader_choices) if self.phase == "choose_leader" else [],
            "result": self._result_panel() if over else None,
            "message": self._message,
            "status": self._status(viewer) if self.hand is not None else "",
        }
        if self.phase == "choose_leader":
            view.update(self._choose_leader_view(viewer))
        return view

    def _choose_leader_view(self, viewer: str | None) -> dict:
        """Before the lead: the next deal is shown to the choosing person only."""
        deal, pile = self._pending_deal
        hands = {s: ([str(t) for t in sorted(deal[s])] if (s == viewer or self.open_hands) else len(deal[s]))
                 for s in self.rules.seats}
        team = TEAM_NAMES.get(team_of(self._leader_choices[0]), "")
        return {"hands": hands, "line": [], "lead": 0, "ends": None, "turn": None, "moves": [], "passed": [],
                "boneyard": len(pile), "legal": [], "playable": [], "result": None,
                "status": f"{team} lead this hand: choose who poses"}

    def _result_panel(self) -> dict:
        hand = self.hand
        index = len(self._match.hands) - 1
        title, lines = explain_result(hand, self._match.state_before(index), self._match.state)
        return {"title": title, "lines": lines, "pips": dict(hand.outcome.pips),
                "hands": {s: [str(t) for t in hand.held(s)] for s in hand.seats}}

    def _status(self, viewer: str | None) -> str:
        hand = self.hand
        if self.phase == "match_over":
            winner = self._match.state.winner
            if winner in TEAM_NAMES:
                return f"{TEAM_NAMES[winner]} win the match"
            return f"{self.names[winner]} {'win' if self.names[winner] == 'You' else 'wins'} the match"
        if hand.is_over:
            return "Hand over"
        if self._covered:
            return f"Pass the screen to {self.names[hand.turn]}"
        if hand.turn == viewer:
            return "Your turn" + (" — lead any tile" if hand.ends is None and hand.lead_tile is None else "")
        return f"{self.names[hand.turn]} is thinking…"


# -- helpers -------------------------------------------------------------------------------
def _rules_from(game: str, options: Mapping[str, Any]) -> Rules:
    settings = {k: v for k, v in options.items() if k in SETTINGS}
    rules = options.get("rules")
    if isinstance(rules, Rules):
        return rules.with_settings(**settings) if settings else rules
    players = options.get("players")
    if players is not None and (game == "partnership" or game in ("six_love", "straight_six")):
        raise ValueError(f"players={players!r}: the partnership game is always 4 players (2-4 is for 'vietnamese')")
    if game in ("partnership", "vietnamese"):
        if game == "vietnamese":
            return Rules.vietnamese(players or 4, **settings)
        return Rules.from_settings("partnership", settings)
    try:
        rules = Rules.preset(game, **settings)
    except RulesError:
        raise
    if players and rules.game == "vietnamese" and players != rules.players:
        rules = Rules.vietnamese(players, **settings)
    return rules


def _seat_kinds(rules: Rules, seats: Mapping[str, str] | None, bot: str) -> dict[str, str]:
    bot = str(bot).removeprefix("bot:")
    if bot not in bot_names():
        raise ValueError(f"bots: {bot!r} is not a bot ({', '.join(bot_names())})")
    kinds = {s: (HUMAN if s == "S" else bot) for s in rules.seats}
    for seat, kind in (seats or {}).items():
        if seat not in kinds:
            raise ValueError(f"seat {seat!r} is not in play; the seats are {', '.join(rules.seats)}")
        kind = str(kind).removeprefix("bot:")
        if kind in ("person", "people", "you"):
            kind = HUMAN
        if kind != HUMAN and kind not in bot_names():
            raise ValueError(f"seat {seat}: {kind!r} is not 'human' or a bot ({', '.join(bot_names())})")
        kinds[seat] = kind
    return kinds


def _names(rules: Rules, kinds: Mapping[str, str], names: Mapping[str, str] | None) -> dict[str, str]:
    people = [s for s in rules.seats if kinds[s] == HUMAN]
    result = {}
    for seat in rules.seats:
        if kinds[seat] == HUMAN:
            result[seat] = "You" if len(people) == 1 else SEAT_NAMES[seat]
        else:
            result[seat] = f"{SEAT_NAMES[seat]} ({kinds[seat]})"
    for seat, name in (names or {}).items():
        if seat not in result:
            raise ValueError(f"names: seat {seat!r} is not in play")
        result[seat] = str(name)
    return result


def _kind_word(kind: str) -> str:
    return HUMAN if kind == HUMAN else f"bot:{kind}"


def _dealt_view(rules: Rules, deal: Mapping[str, Iterable[Tile]], seat: str) -> SeatView:
    """A seat's view of a fresh deal, for a bot choosing its team's leader."""
    tiles = tuple(sorted(deal[seat]))
    return SeatView(seat=seat, rules=rules, tiles=tiles, counts={s: 7 for s in rules.seats}, line=(), lead_index=0,
                    ends=None, moves=(), ends_before=(), boneyard_size=28 - 7 * len(rules.seats), turn=None,
                    legal_moves=(), leader=seat)


def _passed(hand: Hand) -> list[str]:
    """Seats whose last action this hand was a pass, or a draw that did not fit."""
    last: dict[str, Move] = {}
    for move in hand.moves:
        last[move.seat] = move
    # a draw that fits is followed by its play, so a draw left as the last action did not fit
    return [seat for seat, move in last.items()
            if move.action == PASS or (move.action == DRAW and hand.turn != seat)]


def _score_json(rules: Rules, state: MatchState) -> dict:
    if not rules.is_partnership:
        return {"kind": "tally", "target": rules.target, "wins": dict(state.score), "pips": dict(state.pip_totals)}
    score = {"kind": rules.scoring, "NS": state.score["NS"], "EW": state.score["EW"], "target": rules.target,
             "ties": state.ties}
    if rules.scoring == "six_love":
        score.update(worth=state.worth, playoff=state.playoff)
    return score


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None

