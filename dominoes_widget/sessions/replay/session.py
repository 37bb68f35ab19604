"""Stepping through a recorded match, with no widget: what the ``Replay`` widget shows.

A :class:`ReplaySession` opens a record (or reports every problem with where it is) and
builds the browser's ``view``: every position of every hand, computed here by the
engine, with one sentence per move, so the browser steps on its own with no rules. It
also runs the record's analysis as it comes (:mod:`.judging`) and Learn from your
mistakes (:mod:`.mistakes`), and takes the page's intents (:meth:`ReplaySession.handle`).
"""

from __future__ import annotations

import math
import os
from typing import TYPE_CHECKING, Any, Callable, Mapping

from ...engine.errors import DominoesError, Problem, RecordError, Reason, excerpt
from ...words.catalog import Voice, check_language
from ...words.explanations import (dealt_words, explain_move, explain_result, hand_label, match_winner_words, move_item,
                            move_label, player_label, rules_name, score_panel_words)
from ...engine.hand import TEAMS, Hand, team_of
from ...engine.match import Match, MatchState
from ...engine.move import Move
from ...engine.record import Replayed, load_json, read_record, write_record
from ...engine.rules import Rules
from ...engine.views import seat_view
from ..counting import counting_panel
from ..judged import judged_move
from ..scheduler import Scheduler
from .judging import AnalysisRun
from .mistakes import MistakesDrill
from .step_deltas import encode_steps
from ..position import position_payload
from ..protocol import Counting, MAX_TEXT, PROTOCOL_VERSION, ScorePanel, ScoreRow
from ..refusals import refused
from .shapes import (AnalysisMark, AnalysisSummary, ProblemInfo, ReplayAnalysis, ReplayData, ReplayFair,
                             ReplayHand, ReplayPlayer, ReplayResult, ReplayStep)

if TYPE_CHECKING:
    from ...studies.analysis import Analysis  # loaded when an analysis is asked for: it brings the bots

__all__ = ["ReplaySession", "MAX_COMMENT", "MIN_SPEED", "MAX_SPEED", "whole_percent", "refusal_reply"]

MAX_COMMENT = 2000
"""A comment longer than this is cut when shown."""
MIN_SPEED, MAX_SPEED = 0.25, 20.0


class ReplaySession:
    """A record opened for stepping: its match, its problems, and the view the browser steps through.

    ``source``: a record dict, JSON text, a path, a :class:`Replayed` or a :class:`Match`.
    A record that does not verify (or has no hand) opens nothing: ``problems`` lists why.
    With ``counting`` every step also carries what the bottom seat can count there, built
    from that seat's view alone.
    """

    def __init__(self, source: Any, *, lang: str = "en", bottom: str | None = None, analysis: Any = None,
                 counting: bool = False) -> None:
        self.lang = check_language(lang)
        self.replayed: Replayed | None = None
        self.record: Any = None
        self.problems: list[Problem] = []
        try:
            self.replayed, self.record = _read(source)
        except RecordError as error:
            self.problems = list(error.problems)
            self.record = getattr(error, "record", None)
        self.analysis = _analysis(analysis, self.replayed) if analysis is not None and self.replayed else None
        if self.replayed is not None and bottom is not None and bottom not in self.replayed.match.rules.seats:
            raise refused(Reason.NO_SUCH_SEAT, "no_such_seat", Voice(self.lang), text=excerpt(bottom, 20),
                          seats=", ".join(self.replayed.match.rules.seats))
        self.bottom = bottom
        self.counting = bool(counting)
        self.run: AnalysisRun | None = None
        """The analysis under way (:meth:`start_analysis`), or ``None``."""
        self.drill = MistakesDrill.for_replay(self)
        self.on_change: Callable[[set[str]], None] | None = None
        """Told (by the widget) which views moved while the analysis runs: ``view``,
        ``analysing``, ``mistakes``."""
        self.on_play_here: Callable[[int, int], None] | None = None
        """Opens a table at a position of the record (the widget's Play from here: a kernel's
        ``Table``); ``None``: not offered here."""
        self.on_close_table: Callable[[], None] | None = None
        """Closes the table Play from here opened (the widget's)."""

    # -- the analysis as it comes, and the page's intents ----------------------------------------
    def start_analysis(self, scheduler: Scheduler | None = None, **options: Any) -> AnalysisRun:
        """Analyse the record decision by decision (``options``: ``plan_analysis``'s), the
        analysis growing as it goes (:mod:`.judging`): on ``scheduler``'s turns here when one
        is given, else when :meth:`AnalysisRun.run_on_workers` is awaited."""
        from ...studies.analysis import plan_analysis

        assert self.replayed is not None, "a record that did not open has nothing to analyse"
        self.stop_analysis()
        self.run = AnalysisRun(self, plan_analysis(self.replayed, **options), self._changed)
        if scheduler is not None:
            self.run.run_here(scheduler)
        return self.run

    def stop_analysis(self) -> None:
        if self.run is not None:
            self.run.stop()

    def analysing(self) -> dict[str, Any]:
        """The bar under the board while the analysis runs (:meth:`AnalysisRun.progress`); ``{}`` otherwise."""
        return self.run.progress(self.voice()) if self.run is not None else {}

    def coming(self) -> str | None:
        """While decisions are still being judged, the line that says so; else ``None``."""
        return self.run.coming(self.voice()) if self.run is not None else None

    def _changed(self, parts: set[str]) -> None:
        if self.on_change is not None:
            self.on_change(parts)

    def handle(self, content: Any) -> list[dict[str, Any]]:
        """The page's intents: ``hello`` (is a kernel there?), ``play_here`` (open a table at
        ``hand``/``step``: ``on_play_here``) and ``close_table``, and Learn from your mistakes'
        ``mistakes_*`` (checked by the drill; ``on_change`` hears ``mistakes`` when one is taken).
        The messages to send back: a refusal changes nothing and says why, with its reason
        (``refused``, as a table's; ``mistakes_refused`` for the drill's)."""
        kind = content.get("type") if isinstance(content, Mapping) else None
        if kind == "hello":
            return [{"type": "live"}]
        if kind == "close_table" and self.on_close_table is not None:
            self.on_close_table()
            return []
        if kind == "play_here" and self.on_play_here is not None:
            hand, step = content.get("hand"), content.get("step")
            refusal = self.play_refusal(hand, step)
            if refusal is not None:
                return [refusal_reply(refusal)]
            self.on_play_here(hand, step)
            return []
        replies = self.drill.handle(content)
        if not replies:  # (a refusal changes nothing)
            self._changed({"mistakes"})
        return replies

    @property
    def ok(self) -> bool:
        return self.replayed is not None

    @property
    def viewer(self) -> str:
        """The seat drawn at the bottom (``bottom``, else South, else the first seat): whose eyes
        the counting panel uses."""
        assert self.replayed is not None
        seats = self.replayed.match.rules.seats
        return self.bottom or ("S" if "S" in seats else seats[0])

    @property
    def match(self) -> Match | None:
        return self.replayed.match if self.replayed is not None else None

    @property
    def hands(self) -> int:
        return len(self.replayed.match.hands) if self.replayed is not None else 0

    def moves_in(self, hand: int) -> int:
        return len(self.replayed.match.hands[hand].moves) if self.replayed is not None else 0

    def refusal(self, hand: Any, step: Any) -> DominoesError | None:
        """Why (``hand``, ``step``) is not a position of the record (``no_position``, or
        ``record_not_open``), in the replay's language; ``None`` when it is one."""
        voice = Voice(self.lang)
        if not self.ok:
            return refused(Reason.RECORD_NOT_OPEN, "record_not_open", voice, problems=len(self.problems))
        for name, value in (("hand", hand), ("step", step)):
            if isinstance(value, bool) or not isinstance(value, int):
                return refused(Reason.NO_POSITION, "not_whole_number", voice, field=name, text=excerpt(value, 20))
        if not 0 <= hand < self.hands:
            return refused(Reason.NO_POSITION, "no_such_hand", voice, hand=hand, last=self.hands - 1)
        last = self.moves_in(hand)
        if not 0 <= step <= last:
            return refused(Reason.NO_POSITION, "no_such_step", voice, step=step, hand=hand, last=last)
        return None

    def play_refusal(self, hand: Any, step: Any) -> DominoesError | None:
        """Why no table opens at (``hand``, ``step``): not a position of the record
        (:meth:`refusal`), or nobody is to move there (``nobody_to_move``); ``None`` when one can."""
        refusal = self.refusal(hand, step)
        if refusal is None and self.position(hand, step).turn is None:
            refusal = refused(Reason.NOBODY_TO_MOVE, "nobody_to_move_at", Voice(self.lang), hand=hand, step=step)
        return refusal

    def speed_refusal(self, speed: Any) -> DominoesError | None:
        """Why ``speed`` is not a speed to step at (``bad_speed``); ``None`` when it is one."""
        if isinstance(speed, bool) or not isinstance(speed, (int, float)) or not MIN_SPEED <= speed <= MAX_SPEED:
            return refused(Reason.BAD_SPEED, "bad_speed_value", Voice(self.lang), low=MIN_SPEED, high=MAX_SPEED,
                           text=excerpt(speed, 20))
        return None

    def position(self, hand: int, step: int) -> Hand:
        """The engine's hand after ``step`` moves of hand ``hand`` (a fresh copy to compute on)."""
        assert self.replayed is not None
        source = self.replayed.match.hands[hand]
        position = Hand(source.rules, source.deal, source.initial_boneyard, source.leader,
                        lead_tile=source.lead_tile, leaders=source.leaders, _trusted=True)
        for move in source.moves[:step]:
            position.push_unchecked(move)
        return position

    def move(self, hand: int, step: int) -> Move | None:
        if self.replayed is None or step == 0:
            return None
        return self.replayed.match.hands[hand].moves[step - 1]

    def comment(self, hand: int, step: int) -> str | None:
        if self.replayed is None or step == 0:
            return None
        return self.replayed.comments.get(f"{hand}:{step - 1}")

    def match_state(self, hand: int, step: int) -> MatchState | None:
        """The score as of this moment: before the hand, or after it once it has ended."""
        if self.replayed is None:
            return None
        match = self.replayed.match
        source = match.hands[hand]
        if source.is_over and step == len(source.moves):
            return match.state_after(hand)
        return match.state_before(hand)

    def report(self) -> list[ProblemInfo]:
        """The problems of a bad record, for the browser, in the replay's language (at most 101 lines);
        each keeps its technical detail, quoting the record, for a tooltip."""
        words = Voice(self.lang).words
        report: list[ProblemInfo] = []
        for p in self.problems:
            if p.hand is None:
                where = words("problem.where_record")
            elif p.move is None:
                where = words("problem.where_hand", hand=p.hand + 1)
            else:
                where = words("problem.where_move", hand=p.hand + 1, move=p.move + 1)
            if words.has(f"problem.{p.reason}"):
                what = words(f"problem.{p.reason}")
            elif words.has(f"rule.{p.reason}"):
                what = words("problem.illegal", rule=words(f"rule.{p.reason}"))
            else:  # a code with no words yet (tests/test_catalogs.py keeps there being none): its detail
                what = p.message
            report.append({"hand": p.hand, "move": p.move, "seat": p.seat, "tile": p.tile, "reason": str(p.reason),
                           "text": words("problem.line", where=where, what=what)[:MAX_TEXT],
                           "detail": str(p)[:MAX_TEXT]})
        return report

    # -- the view the browser steps through -----------------------------------------------------
    def voice(self) -> Voice:
        """The record's words: its players' names where it has them, else the seats'."""
        assert self.replayed is not None
        names = {seat: name[:40] for seat, name in self.replayed.players.items()
                 if name and not name.startswith("bot:")}
        return Voice(self.lang, names)

    def view(self) -> ReplayData | dict[str, Any]:
        """Every position of every hand, with its words (``js/PROTOCOL.md``); ``{}`` for a bad record.

        Each hand's steps are sent as changes (``deltas``, :mod:`.step_deltas`); ``steps(hand)``
        gives them whole."""
        if self.replayed is None:
            return {}
        match = self.replayed.match
        rules = match.rules
        voice = self.voice()
        hands = [self._hand_data(index, voice) for index in range(len(match.hands))]
        data: ReplayData = {
            "v": PROTOCOL_VERSION,
            "lang": self.lang,
            "game": rules.game,
            "title": rules_name(rules, voice),
            "seats": list(rules.seats),
            "bottom": self.viewer,
            "players": {s: self._player(s, voice) for s in rules.seats},
            "end": match_winner_words(rules, match.state, voice),
            "hands": hands,
        }
        if self.analysis is not None:
            data["summary"] = self._summary(voice)
        return data

    def _summary(self, voice: Voice) -> AnalysisSummary:
        """Per player: the marked moves by verdict and the points given away on average (``Analysis.summary``)."""
        assert self.analysis is not None
        columns = ("player", "inaccuracies", "mistakes", "blunders", "loss")
        head = [voice(f"analysis.summary_{column}_short" if voice.words.has(f"analysis.summary_{column}_short")
                      else f"analysis.summary_{column}") for column in columns]
        titles = [voice(f"analysis.summary_{column}") for column in columns]
        rows = [[voice.name(row["seat"]), str(row["inaccuracy"]), str(row["mistake"]), str(row["blunder"]),
                 f"{row['average_loss']:.1f}"]
                for row in self.analysis.summary() if row["decisions"]]
        return {"title": voice("analysis.summary_title"), "head": head, "titles": titles, "rows": rows}

    def _player(self, seat: str, voice: Voice) -> ReplayPlayer:
        assert self.replayed is not None
        given = self.replayed.players.get(seat, "")
        rules = self.replayed.match.rules
        if given.startswith("bot:"):
            label = player_label(voice, seat, given.removeprefix("bot:")[:20])
        elif seat in voice.names:
            label = voice("name.named", who=voice.name(seat), seat=Voice(self.lang).name(seat))
        else:
            label = voice.name(seat)
        return {"name": voice.name(seat), "label": label, "team": team_of(seat) if rules.is_partnership else None}

    def _hand_data(self, index: int, voice: Voice) -> ReplayHand:
        assert self.replayed is not None
        match = self.replayed.match
        rules = match.rules
        source = match.hands[index]
        before = match.state_before(index)
        after = match.state_after(index) if source.is_over else None
        walk = self.position(index, 0)
        steps = [self._step(walk, index, 0, source, voice)]
        for number, move in enumerate(source.moves, start=1):
            walk.push_unchecked(move)
            steps.append(self._step(walk, index, number, source, voice))
        result: ReplayResult | None = None
        if source.outcome is not None:
            title, lines = explain_result(source, before, after, voice, with_score=False)
            result = {"title": title, "lines": lines, "winners": list(source.outcome.winning_seats)}
        data: ReplayHand = {
            "label": hand_label(index, voice),
            "moves": [str(m) for m in source.moves],
            "move_items": [move_item(m, voice) for m in source.moves],
            "score_before": _score(rules, before, voice),
            "score_after": _score(rules, after, voice) if after is not None else None,
            "tally_before": _tally(before),
            "tally_after": _tally(after) if after is not None else None,
            "result": result,
            "deltas": encode_steps(steps),
        }
        if self.analysis is not None and index in self.analysis.hands:
            data["analysis"] = self._analysis_data(index, voice)
        fair = self._fair_data(index)
        if fair is not None:
            data["fair"] = fair
        return data

    def _fair_data(self, index: int) -> ReplayFair | None:
        """What the browser rechecks a fairly dealt hand with: the record's block, the deal and
        the pile as the record has them (every hand is shown open here); ``None`` otherwise."""
        assert self.replayed is not None
        match = self.replayed.match
        block = match.fair_block(index)
        if block is None:
            return None
        source = match.hands[index]
        return {"block": block, "deal": {seat: [str(tile) for tile in source.deal[seat]] for seat in match.rules.seats},
                "boneyard": [str(tile) for tile in source.initial_boneyard]}

    def _analysis_data(self, index: int, voice: Voice) -> ReplayAnalysis:
        """A hand's analysis for the browser: each side's win share after every step, and the marks."""
        assert self.analysis is not None and self.replayed is not None
        match = self.replayed.match
        rules = match.rules
        hand = match.hands[index]
        decisions = {d.ply: d for d in self.analysis.decisions if d.hand == index}
        sides = list(TEAMS) if rules.is_partnership else list(rules.seats)
        strip: dict[str, list[float | None]] = {}
        for side in sides:
            points: list[float | None] = [None] * (len(hand.moves) + 1)
            for ply in range(len(hand.moves)):
                decision = decisions.get(ply)
                if decision is not None and (decision.side == side or len(sides) == 2):
                    if points[ply] is None:  # before the move: its best is what the position was worth
                        points[ply] = _for_side(decision.best.share, decision.side, side)
                    points[ply + 1] = _for_side(decision.played_judgement.share, decision.side, side)
                elif points[ply + 1] is None:
                    points[ply + 1] = points[ply]  # a forced move, or another seat's: no new estimate
            if hand.outcome is not None:
                won = side in (hand.outcome.winner_team, hand.outcome.winner_seat)
                points[-1] = 50.0 if hand.outcome.tie else (100.0 if won else 0.0)
            first = next((p for p in points if p is not None), None)
            for step, point in enumerate(points):  # before the first estimate: as it first stood
                if point is not None:
                    break
                points[step] = first
            strip[side] = points
        marks = [_mark(decision, voice) for _, decision in sorted(decisions.items())]
        return {"sides": sides, "strip": strip, "marks": marks}

    def _step(self, walk: Hand, index: int, number: int, source: Hand, voice: Voice) -> ReplayStep:
        view = seat_view(walk, None, open_hands=True)
        if number == 0:
            say = dealt_words(index, walk.leader, voice)
        else:  # at the end of a hand the result says how it ended, so the move's words stop short
            say = explain_move(view, number - 1, ending=number < len(source.moves), voice=voice)
        note = self.comment(index, number)
        if note is not None:
            note = note.strip()[:MAX_COMMENT] or None
            if note is not None and note in say:
                note = None  # the comment only repeats the explanation
        step: ReplayStep = {
            **position_payload(view),
            "move": str(view.moves[-1]) if number else None,
            "say": say,
            "note": note,
        }
        if self.counting:
            step["counting"] = self.counting_at(walk, voice)
        return step

    def counting_at(self, position: Hand, voice: Voice) -> Counting:
        """What the bottom seat can count at ``position``: from its seat view, nothing else."""
        return counting_panel(seat_view(position, self.viewer), voice, lambda seat: self._player(seat, voice)["label"])


def _mark(decision: Any, voice: Voice) -> AnalysisMark:
    """A decision for the browser. Its chances are the mover's side's shares as the strip shows
    them, and its words name that side and give the gap between the numbers as written."""
    from ...studies.analysis import Verdict

    verdict, best = decision.verdict, decision.best
    played = decision.played_judgement
    share, best_share = round(played.share, 1), round(best.share, 1)
    words = ""
    if verdict is not Verdict.GOOD:
        side = voice.team(decision.side) if decision.side in TEAMS else voice.name(decision.side)
        shown, best_shown = whole_percent(share), whole_percent(best_share)
        words = voice(f"analysis.side_{verdict.value}", played=move_label(decision.played, voice),
                      best=move_label(best.move, voice), side=side, win=f"{shown}%", best_win=f"{best_shown}%",
                      loss=best_shown - shown, low=max(0, round(played.gap_low)), high=round(played.gap_high))
    clear = decision.clear_best
    return {"ply": decision.ply, "side": decision.side, "verdict": verdict.value, "loss": round(decision.loss, 1),
            "played": decision.played, "best": best.move, "best_item": move_item(best.move, voice),
            "clear_best": clear is not None, "win": round(played.win, 3),
            "best_win": round(best.win, 3), "share": share, "best_share": best_share, "words": words,
            "moves": [judged_move(j, label) for j, label in zip(decision.judgements,
                                                               _short_labels(decision.judgements, voice))]}


def _short_labels(judgements: Any, voice: Voice) -> list[str]:
    """Each judged move as briefly as it can be told apart: its tile as written ("4-6"), with
    the end only when the tile is judged on both ends; a pass or a draw in words."""
    moves = [Move.parse(j.move) for j in judgements]
    tiles = [m.tile for m in moves]
    return [m.tile.written(m.first) if m.tile is not None and m.first is not None and tiles.count(m.tile) == 1
            else move_label(m, voice) for m in moves]


def refusal_reply(refusal: DominoesError) -> dict[str, Any]:
    """What the page is told of a refusal: ``{type: "refused", reason, message}``, as a table tells it."""
    return {"type": "refused", "reason": str(refusal.reason), "message": str(refusal)[:MAX_TEXT]}


def whole_percent(share: float) -> int:
    """A share (percent, one decimal) as a whole number, halves up: as the browser shows it."""
    return math.floor(share + 0.5)


def _for_side(share: float, mover_side: str, side: str) -> float:
    """A win share (percent) of the mover's side, as seen by ``side`` (its opponents' is the rest)."""
    return round(share if side == mover_side else 100.0 - share, 1)


def _analysis(source: Any, replayed: Replayed) -> Analysis:
    """An :class:`~dominoes_widget.studies.analysis.Analysis` of this record: given, loaded from a side file, or made."""
    from ...studies.analysis import Analysis, analyse

    if source is True:  # a bar says how far it is (tqdm's: a widget in a notebook, with the time left)
        return analyse(replayed, progress=True)
    analysis = source if isinstance(source, Analysis) else Analysis.load(source)
    analysis.check_record(replayed.match)  # AnalysisError, naming the file and the decision, if it does not fit
    return analysis


def _score(rules: Rules, state: MatchState, voice: Voice) -> ScorePanel:
    title, rows, notes = score_panel_words(rules, state, voice)
    return {"title": title, "notes": notes,
            "rows": [ScoreRow(key=k, label=label, value=value, detail=detail, mine=False)
                     for k, label, value, detail in rows]}


def _tally(state: MatchState) -> str:
    return " · ".join(f"{who} {n}" for who, n in state.score.items())


def _read(source: Any) -> tuple[Replayed, Any]:
    """The replayed record and its JSON; ``RecordError`` (with ``.record``) for a bad one."""
    if isinstance(source, Replayed):
        if not source.match.hands:
            raise RecordError([Problem(Reason.NO_HANDS, "the record has no hand yet: there is nothing to show")])
        return source, write_record(source.match, source.players, source.comments)
    if isinstance(source, Match):
        if not source.hands:
            raise RecordError([Problem(Reason.NO_HANDS, "the match has no hand yet: there is nothing to show")])
        return Replayed(source), write_record(source)
    if not isinstance(source, (Mapping, str, bytes, os.PathLike)):
        raise TypeError(f"Replay() takes a record (a dict, JSON text or a path), a Replayed or a Match, "
                        f"not {type(source).__name__}")
    data = load_json(source)
    try:
        # a deal that does not check out is shown, and the page's own check warns of it
        return read_record(data, need_hands=True, check_deals=False), data
    except RecordError as error:
        error.record = data  # type: ignore[attr-defined]
        raise
