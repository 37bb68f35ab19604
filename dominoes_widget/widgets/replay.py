"""The ``Replay`` widget: step through a recorded match with every hand open.

``Replay(record)`` takes a record as a dict, JSON text, a file path, a replayed record
(:class:`~dominoes_widget.record.Replayed`) or a :class:`~dominoes_widget.match.Match`;
``Replay.load("game.json")`` reads a file. The whole record goes to the browser once, in
the ``data`` trait, and the browser steps through it on its own (buttons, slider, keys,
play/pause), so a notebook saved with its widget state, or exported with
``embed_minimal_html(..., drop_defaults=False)``, still steps with no kernel.

``replay.hand`` and ``replay.step`` (moves made in that hand) follow the browser and can be
set from Python; ``replay.position`` is the engine's :class:`~dominoes_widget.hand.Hand`
at that point. A record that does not verify opens nothing: the widget lists every
problem with where it is, and so does ``replay.problems``.

The ``data`` trait (what the browser needs, nothing more; no rules run in the browser)::

    {"v": 1, "game": "partnership", "title": "Six Love", "seats": ["N", "E", "S", "W"],
     "names": {"N": "Ana"}, "hands": [{
        "deal": {"N": "0-1 0-2 …", …},      # each seat's tiles, space-separated
        "pile": "3-2 1-1",                   # the draw pile, top first ("" when none)
        "moves": ["E 6-6", "N 6-0 L", …],    # record notation, draws with their tile
        "turns": "ENWS…-",                   # the seat to move after k moves ("-": over)
        "why": ["E leads 6-6: …", …],         # a sentence for each move
        "notes": {"3": "S has no 6 …"},      # the record's comments, by move number
        "score": ["Score: …", "Score: …"],   # the score line before and after the hand
        "tally": [{"NS": 0, "EW": 0}, {…}],  # the score before and after, as numbers
        "result": {"title": …, "lines": […]} | null}],
     "end": "East-West win the match." | ""}

>>> from dominoes_widget import Match, Rules, write_record
>>> match = Match(Rules.six_love(), seed=1)
>>> hand = match.deal(seed=1)
>>> for _ in range(5):
...     _ = match.push(hand.legal_move_list()[0])
>>> replay = Replay(write_record(match))
>>> replay.step = 3
>>> replay.position.ply, str(replay.move) == str(hand.moves[2])
(3, True)
>>> bad = Replay('{"format": "dominoes-record", "version": 1, "game": "chess"}')
>>> [str(p.reason) for p in bad.problems], bad.data
(['bad_game'], {})
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Mapping

import anywidget
import traitlets

from ..explanations import explain_move, explain_result, score_line
from ..hand import Hand
from ..match import Match, MatchState
from ..move import Move
from ..record import Problem, RecordError, Replayed, read_record, write_record
from .static_picture import StaticPicture

__all__ = ["Replay", "replay_data"]

STATIC = Path(__file__).resolve().parent.parent / "static"
FORMAT_VERSION = 1
MIN_SPEED, MAX_SPEED = 0.25, 20.0


class Replay(StaticPicture, anywidget.AnyWidget):
    """Step through a recorded match: every hand open, the score, each move explained.

    ``record``: a record dict, JSON text, a path, a ``Replayed`` or a ``Match``. Options:
    ``hand`` and ``step`` to open at (default the start of the first hand) and ``speed``
    (moves per second while playing).
    """

    _esm = STATIC / "replay.js"
    _css = STATIC / "replay.css"

    data = traitlets.Dict(help="the whole record, compact, for the browser (see the module docstring)").tag(sync=True)
    hand = traitlets.Int(0, help="the hand shown (0-based)").tag(sync=True)
    step = traitlets.Int(0, help="moves made in the hand shown: 0 is the deal").tag(sync=True)
    speed = traitlets.Float(2.0, help="moves per second while playing").tag(sync=True)
    rules_text = traitlets.Unicode("", help="the rules in force, in plain words").tag(sync=True)
    report = traitlets.List(help="the verify report of a bad record: one dict per problem").tag(sync=True)

    def __init__(self, record: Any, *, hand: int = 0, step: int = 0, speed: float = 2.0) -> None:
        super().__init__()
        self._replayed: Replayed | None = None
        self._record: Any = None
        self._problems: list[Problem] = []
        self._open(record)
        self.speed = speed
        if self._replayed is not None:
            self.hand = hand
            self.step = step

    @classmethod
    def load(cls, path: str | os.PathLike, **options: Any) -> "Replay":
        """The replay of the record in the file at ``path``."""
        if not isinstance(path, (str, os.PathLike)):
            raise TypeError(f"Replay.load() takes a file path, not {type(path).__name__}")
        return cls(Path(path), **options)

    # -- what it shows, for Python -----------------------------------------------------------
    @property
    def record(self) -> Any:
        """The record as read (a dict), also when it has problems (``None`` if it is not JSON)."""
        return self._record

    @property
    def replayed(self) -> Replayed | None:
        """The record replayed by the engine (``None`` for a bad record)."""
        return self._replayed

    @property
    def match(self) -> Match | None:
        """The engine's match with every hand of the record."""
        return self._replayed.match if self._replayed else None

    @property
    def problems(self) -> list[Problem]:
        """Everything wrong with the record, with where it is; empty for a good record."""
        return list(self._problems)

    @property
    def ok(self) -> bool:
        """Whether the record opened."""
        return self._replayed is not None

    @property
    def position(self) -> Hand | None:
        """The engine's hand after ``step`` moves of hand ``hand`` (a fresh copy to compute on)."""
        if self._replayed is None:
            return None
        source = self._replayed.match.hands[self.hand]
        hand = Hand(source.rules, source.deal, source.initial_boneyard, source.leader, lead_tile=source.lead_tile,
                    leaders=source.leaders, _trusted=True)
        for move in source.moves[: self.step]:
            hand.push_unchecked(move)
        return hand

    @property
    def move(self) -> Move | None:
        """The move just made (``None`` at the deal)."""
        if self._replayed is None or self.step == 0:
            return None
        return self._replayed.match.hands[self.hand].moves[self.step - 1]

    @property
    def comment(self) -> str | None:
        """The record's comment on the move just made, if any."""
        if self._replayed is None or self.step == 0:
            return None
        return self._replayed.comments.get(f"{self.hand}:{self.step - 1}")

    @property
    def match_state(self) -> MatchState | None:
        """The match score as of this moment: before the hand, or after it once it has ended."""
        if self._replayed is None:
            return None
        match = self._replayed.match
        source = match.hands[self.hand]
        if source.is_over and self.step == len(source.moves):
            return match.state_before(self.hand + 1) if self.hand + 1 < len(match.hands) else match.state
        return match.state_before(self.hand)

    @property
    def hands(self) -> int:
        """How many hands the record has."""
        return len(self._replayed.match.hands) if self._replayed else 0

    def moves_in(self, hand: int | None = None) -> int:
        """How many moves hand ``hand`` (default: the one shown) has: its last step."""
        if self._replayed is None:
            return 0
        return len(self._replayed.match.hands[self.hand if hand is None else hand].moves)

    def go(self, hand: int, step: int = 0) -> None:
        """Show hand ``hand`` after ``step`` moves (a negative step counts from its end)."""
        if not self.ok:
            raise ValueError("the record did not open: see replay.problems")
        for name, value in (("hand", hand), ("step", step)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"{name} must be a whole number, not {value!r}")
        if not 0 <= hand < self.hands:
            raise ValueError(f"hand {hand} does not exist: the record has hands 0 to {self.hands - 1}")
        last = self.moves_in(hand)
        if step < 0:
            step += last + 1
        if not 0 <= step <= last:
            raise ValueError(f"step {step} is outside hand {hand}: from 0 (the deal) to {last} (after its last move)")
        self.hand = hand  # opens the hand at its deal
        self.step = step

    def _static_html(self) -> str:
        """What GitHub, nbviewer or a notebook saved without widget state show instead."""
        from html import escape

        from ..svg import render_svg

        if not self.ok:
            items = "".join(f"<li>{escape(str(p))}</li>" for p in self._problems)
            return f"<div><strong>This record did not open.</strong><ul>{items}</ul></div>"
        move = self.move
        words = self.data["hands"][self.hand]["why"][self.step - 1] if move is not None else "The deal."
        caption = f"Hand {self.hand + 1} of {self.hands}, move {self.step} of {self.moves_in()}: {words}"
        if self.comment:
            caption += f" Comment: {self.comment}"
        picture = render_svg(self.position, names=self._replayed.players, caption=caption)
        return (f'<div class="dominoes-replay-static">{picture}<div style="font-size:0.85em;opacity:0.8">'
                "A Replay widget: run the notebook to step through the match.</div></div>")

    def __repr__(self) -> str:
        if not self.ok:
            return f"<Replay: a bad record, {len(self._problems)} problem(s)>"
        return f"<Replay {self.match.rules.name}: hand {self.hand} of {self.hands}, step {self.step}>"

    # -- traits --------------------------------------------------------------------------------
    @traitlets.validate("hand")
    def _valid_hand(self, proposal: Any) -> int:
        value = _whole_number("hand", proposal["value"])
        if not 0 <= value < max(1, self.hands):
            raise traitlets.TraitError(f"hand {value} does not exist: the record has hands 0 to {self.hands - 1}")
        return value

    @traitlets.validate("step")
    def _valid_step(self, proposal: Any) -> int:
        value = _whole_number("step", proposal["value"])
        last = self.moves_in()
        if not 0 <= value <= last:
            raise traitlets.TraitError(f"step {value} is outside hand {self.hand}: from 0 (the deal) to {last} "
                                       "(after its last move)")
        return value

    @traitlets.validate("speed")
    def _valid_speed(self, proposal: Any) -> float:
        value = proposal["value"]
        if not MIN_SPEED <= value <= MAX_SPEED:
            raise traitlets.TraitError(f"speed is moves per second, from {MIN_SPEED} to {MAX_SPEED}, not {value}")
        return value

    @traitlets.observe("hand")
    def _on_hand(self, change: Any) -> None:
        # Set from Python, a new hand opens at its deal. The browser sends the step that
        # goes with its hand in the same message, so its changes are kept as they come.
        if "hand" in getattr(self, "_property_lock", {}):
            self.step = min(self.step, self.moves_in())
        else:
            self.step = 0

    # -- opening a record ------------------------------------------------------------------------
    def _open(self, source: Any) -> None:
        try:
            replayed, record = _read(source)
        except RecordError as error:
            self._problems = list(error.problems)
            self._record = getattr(error, "record", None)
            self.report = [p.as_json() for p in self._problems]
            self.data = {}
            return
        self._replayed = replayed
        self._record = record
        self.rules_text = replayed.match.rules.describe()
        self.data = replay_data(replayed)


def _read(source: Any) -> tuple[Replayed, Any]:
    """The replayed record and its JSON; ``RecordError`` (with ``.record``) for a bad one."""
    if isinstance(source, Replayed):
        match = source.match
        return source, write_record(match, source.players, source.comments)
    if isinstance(source, Match):
        return Replayed(source), write_record(source)
    if not isinstance(source, (Mapping, str, bytes, os.PathLike)):
        raise TypeError(f"Replay() takes a record (a dict, JSON text or a path), a Replayed or a Match, "
                        f"not {type(source).__name__}")
    from ..record import load_json

    data = load_json(source)
    try:
        return read_record(data), data
    except RecordError as error:
        error.record = data
        raise


def replay_data(replayed: Replayed) -> dict:
    """The compact ``data`` trait of a replayed record (see the module docstring)."""
    match = replayed.match
    rules = match.rules
    hands = []
    for index, source in enumerate(match.hands):
        before = match.state_before(index)
        after = (match.state_before(index + 1) if index + 1 < len(match.hands) else match.state) \
            if source.is_over else None
        walk = Hand(rules, source.deal, source.initial_boneyard, source.leader, lead_tile=source.lead_tile,
                    leaders=source.leaders, _trusted=True)
        turns = [walk.turn or "-"]
        for move in source.moves:
            walk.push_unchecked(move)
            turns.append(walk.turn or "-")
        result = None
        if source.is_over:
            title, lines = explain_result(source, before, after)
            result = {"title": title, "lines": lines}
        prefix = f"{index}:"
        notes = {key[len(prefix):]: text for key, text in replayed.comments.items() if key.startswith(prefix)}
        hands.append({
            "deal": {seat: " ".join(str(t) for t in source.deal[seat]) for seat in source.seats},
            "pile": " ".join(str(t) for t in source.initial_boneyard),
            "moves": [str(m) for m in source.moves],
            "turns": "".join(turns),
            "why": [explain_move(source, i) for i in range(len(source.moves))],
            "notes": notes,
            "score": [score_line(rules, before), score_line(rules, after) if after else None],
            "tally": [dict(before.score), dict(after.score) if after else None],
            "result": result,
        })
    winner = match.state.winner
    end = ""
    if winner:
        from ..explanations import TEAM_NAMES

        end = f"{TEAM_NAMES.get(winner, winner)} win{'' if winner in TEAM_NAMES else 's'} the match."
    return {
        "v": FORMAT_VERSION,
        "game": rules.game,
        "title": rules.name,
        "seats": list(rules.seats),
        "names": {seat: name for seat, name in replayed.players.items() if seat in rules.seats},
        "hands": hands,
        "end": end,
    }


def _whole_number(name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise traitlets.TraitError(f"{name} must be a whole number, not {value!r}")
    return value
