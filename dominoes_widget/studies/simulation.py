"""Many hands (or matches) between bots, on local cores or any ``concurrent.futures`` executor.

:func:`simulate` plays the hands and returns :class:`SimulationResults`: one row per hand
and summaries (win rates with 95% confidence intervals, points, the leader's advantage,
how often hands block). Hand ``i`` is dealt and its bots are seeded from ``(seed, i)``
alone, so the same seed gives the same rows whatever the number of workers or the
executor. With ``duplicate=True`` each deal is played again with the players moved round
the table (in the partnership game the teams swap seats), so the luck of the deal cancels.
Simulations deal from a seeded ``random.Random``, not by the provably fair scheme the tables
use (``fair_deal``): nobody plays against the dealer here, and a seeded deal is about ten
times cheaper (``benchmarks/fair_deal_speed.py``).

    >>> from dominoes_widget.studies.simulation import simulate
    >>> results = simulate("six_love", ["greedy", "random"], hands=20, seed=1, workers=1, progress=False)
    >>> len(results), results.rows[0]["player_N"]
    (20, 'greedy')
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import csv
import math
import os
import random
import sys
import time
from dataclasses import dataclass
from functools import partial
from typing import Any, Callable, Iterable, Iterator, Mapping, SupportsIndex, TypedDict, overload

from .bots import BOTS, Bot, make_bot
from .bots.estimate import wilson_interval
from ..engine.errors import DominoesError
from ..engine.hand import Hand, team_of
from .jobs import check_count, derive_seed, run_jobs, runnable_here
from ..engine.match import TEAMS, Match
from ..engine.rules import Rules
from ..engine.views import seat_view

__all__ = ["simulate", "SimulationResults", "wilson_interval", "run_cli", "play_hand"]

_ALL_SEATS = ("N", "E", "S", "W")
MAX_HANDS_PER_MATCH = 500
"""A match still undecided after this many hands is stopped (its winner is left empty)."""


Row = dict[str, Any]
"""One hand's results: the keys of :attr:`SimulationResults.columns`, JSON-ready values."""
Lineup = tuple[tuple[str, str, str], ...]
"""``(seat, entrant label, bot name)`` for every seat in play."""
Seating = dict[str, tuple[str, str]]
"""seat → ``(entrant label, bot name)`` for one seating of a deal."""


# -- seeds -----------------------------------------------------------------------------
# -- who plays where ---------------------------------------------------------------------
def _lineup(rules: Rules, players: Any) -> Lineup:
    """``(seat, entrant label, bot name)`` for every seat in play.

    ``players``: a mapping seat → bot name, a mapping team (``NS``/``EW``) → bot name, a
    sequence of names (two for the partnership teams NS and EW, or one per seat in the
    order of ``rules.seats``), one name for every seat, or names separated by commas.
    """
    seats = rules.seats
    if isinstance(players, str):
        players = [p.strip() for p in players.split(",") if p.strip()]
        if len(players) == 1:
            players = players * (2 if rules.is_partnership else len(seats))
    if isinstance(players, Mapping):
        keys = set(players)
        if rules.is_partnership and keys == set(TEAMS):
            bots = {seat: players[team_of(seat)] for seat in seats}
        elif keys == set(seats):
            bots = dict(players)
        else:
            expected = "NS and EW, or " if rules.is_partnership else ""
            raise ValueError(f"players names {', '.join(sorted(map(str, keys)))}; expected {expected}"
                             f"the seats {', '.join(seats)}")
    else:
        names = list(players)
        if rules.is_partnership and len(names) == 2:
            bots = {seat: names[TEAMS.index(team_of(seat))] for seat in seats}
        elif len(names) == len(seats):
            bots = dict(zip(seats, names))
        else:
            need = "2 (the teams NS and EW) or 4" if rules.is_partnership else str(len(seats))
            raise ValueError(f"{len(names)} players given; the {rules.name} game needs {need}")
    for name in bots.values():
        if not isinstance(name, str) or name.removeprefix("bot:") not in BOTS:
            raise ValueError(f"unknown bot {name!r}; the bots are {', '.join(sorted(BOTS))}")
    bots = {seat: name.removeprefix("bot:") for seat, name in bots.items()}
    if rules.is_partnership:
        label = {}
        for team in TEAMS:
            members = [bots[s] for s in seats if team_of(s) == team]
            label[team] = members[0] if len(set(members)) == 1 else "+".join(members)
        if label["NS"] == label["EW"]:
            label = {team: f"{label[team]} ({team})" for team in TEAMS}
        return tuple((seat, label[team_of(seat)], bots[seat]) for seat in seats)
    names = list(bots.values())
    return tuple((seat, bots[seat] if names.count(bots[seat]) == 1 else f"{bots[seat]} ({seat})", bots[seat])
                 for seat in seats)


def _seatings(rules: Rules, lineup: Lineup, duplicate: bool) -> tuple[Seating, ...]:
    """The seatings a deal is played with: the lineup, then (duplicate) the players moved round."""
    order = rules.turn_order
    base = {seat: (label, bot) for seat, label, bot in lineup}
    count = (2 if rules.is_partnership else len(order)) if duplicate else 1
    return tuple({order[(i + r) % len(order)]: base[order[i]] for i in range(len(order))} for r in range(count))


# -- playing ---------------------------------------------------------------------------
def play_hand(hand: Hand, bots: Mapping[str, Bot], match: Match | None = None,
              on_move: Callable[[Hand], None] | None = None) -> Hand:
    """Play ``hand`` to its end, asking ``bots[seat]`` whenever the seat has a real choice.

    A forced move (the only legal one) is made without asking. With ``match`` the moves go
    through the match, which scores the hand when it ends, and the bots see its score.
    """
    push = hand.push if match is None else match.push
    while hand.outcome is None:
        moves = hand.legal_move_list()
        if len(moves) == 1:
            move = moves[0]
        else:
            seat = hand.turn
            assert seat is not None  # a hand without an outcome has a seat to move
            move = bots[seat].choose(seat_view(hand, seat, None if match is None else match.state))
        push(move)
        if on_move is not None:
            on_move(hand)
    return hand


@dataclass(frozen=True)
class _Spec:
    """Everything a worker needs to play any unit (hand or match) of a simulation."""

    rules: Rules
    seatings: tuple[Seating, ...]
    seed: int
    matches: bool
    bot_options: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...]  # bot name → its settings, sorted


def _bots_for(spec: _Spec, seating: Mapping[str, tuple[str, str]], *key: object) -> dict[str, Bot]:
    options = dict(spec.bot_options)
    return {seat: make_bot(bot, random.Random(derive_seed(spec.seed, *key, seat)), **dict(options.get(bot, ())))
            for seat, (_label, bot) in seating.items()}


def _run_unit(spec: _Spec, unit: int) -> list[Row]:
    reps = len(spec.seatings)
    deal, rep = divmod(unit, reps)
    seating = spec.seatings[rep]
    bots = _bots_for(spec, seating, "bots", deal, rep)
    if not spec.matches:
        hand = Hand.dealt(spec.rules, random.Random(derive_seed(spec.seed, "deal", deal)))
        play_hand(hand, bots)
        return [_row(hand, seating, deal, rep)]
    return _play_match(spec, seating, bots, deal, rep)


def _play_match(spec: _Spec, seating: Mapping[str, tuple[str, str]], bots: Mapping[str, Bot], deal: int,
                rep: int) -> list[Row]:
    rules = spec.rules
    match = Match(rules)
    rows: list[Row] = []
    while not match.is_over and len(match.hands) < MAX_HANDS_PER_MATCH:
        rng = random.Random(derive_seed(spec.seed, "deal", deal, len(match.hands)))
        pending = match.prepare(seed=rng)
        leader = None
        if pending.needs_choice:  # the lead falls to a team: its first seat's bot picks the partner
            preview = pending.hand(rules)
            views = {s: seat_view(preview, s, match.state) for s in pending.leaders}
            leader = bots[pending.leaders[0]].choose_leader(pending.leaders, views)
        hand = match.start(leader)
        play_hand(hand, bots, match)
        row = _row(hand, seating, deal, rep)
        row["match"] = deal
        row["match_hand"] = len(match.hands) - 1
        for key, value in match.state.score.items():
            row[f"score_{key}"] = value
        if match.state.winner is not None:
            row["match_winner"] = _label_of(seating, match.state.winner)
        rows.append(row)
    if rows:
        rows[-1]["match_over"] = True
    return rows


def _label_of(seating: Mapping[str, tuple[str, str]], winner: str | None) -> str | None:
    """The entrant label of a team or seat."""
    if winner is None:
        return None
    if winner in TEAMS:
        seat = next(s for s in seating if team_of(s) == winner)
        return seating[seat][0]
    return seating[winner][0]


def _row(hand: Hand, seating: Mapping[str, tuple[str, str]], deal: int, rep: int) -> Row:
    outcome = hand.outcome
    assert outcome is not None  # rows are written for hands played to their end
    row: Row = {"hand": None, "deal": deal, "seating": rep, "match": None, "match_hand": None}
    for seat in _ALL_SEATS:
        row[f"player_{seat}"] = seating[seat][0] if seat in seating else None
        row[f"bot_{seat}"] = seating[seat][1] if seat in seating else None
    partnership = hand.rules.is_partnership
    row["leader"] = hand.leader
    row["leader_team"] = team_of(hand.leader) if partnership else None
    row["leader_player"] = seating[hand.leader][0]
    row["end"] = outcome.termination.value
    row["winner_seat"] = outcome.winner_seat
    row["winner_team"] = outcome.winner_team
    row["winner"] = _label_of(seating, outcome.winner)
    row["tie"] = outcome.winner is None
    for seat in _ALL_SEATS:
        row[f"pips_{seat}"] = outcome.pips.get(seat)
    row["moves"] = len(hand.moves)
    row["passes"] = sum(1 for m in hand.moves if m.action == "pass")
    row["draws"] = sum(1 for m in hand.moves if m.action == "draw")
    return row


# -- statistics --------------------------------------------------------------------------
class Rate(TypedDict):
    """A proportion (``nan`` when there are no trials) with its 95% Wilson interval (0 to 1 then)."""

    successes: int
    trials: int
    rate: float
    ci_low: float
    ci_high: float


class LeaderAdvantage(Rate):
    """How often the leading side won, and ``even``, the rate with no advantage."""

    even: float


def _rate(successes: int, trials: int) -> Rate:
    low, high = wilson_interval(successes, trials)
    return {"successes": successes, "trials": trials, "rate": successes / trials if trials else math.nan,
            "ci_low": low, "ci_high": high}


# -- results ---------------------------------------------------------------------------
class SimulationResults:
    """The rows of a simulation (one per hand) and their summaries.

    ``rows`` are plain dicts with the keys in ``columns``; ``interrupted`` tells whether
    the run was stopped early (the rows then hold the hands finished before that).
    """

    def __init__(self, rules: Rules, lineup: Lineup, rows: list[Row], *, seed: int, requested: int, units_done: int,
                 matches: bool, duplicate: bool, seatings: int, interrupted: bool, elapsed: float,
                 workers: int | str) -> None:
        self.rules = rules
        self.lineup = lineup
        self.rows = rows
        self.seed = seed
        self.requested = requested
        self.units_done = units_done
        self.matches = matches
        self.duplicate = duplicate
        self.seatings = seatings
        self.interrupted = interrupted
        self.elapsed = elapsed
        self.workers = workers

    # -- the table -----------------------------------------------------------------------
    @property
    def columns(self) -> list[str]:
        columns = ["hand", "deal", "seating", "match", "match_hand"]
        columns += [f"player_{s}" for s in _ALL_SEATS] + [f"bot_{s}" for s in _ALL_SEATS]
        columns += ["leader", "leader_team", "leader_player", "end", "winner_seat", "winner_team", "winner", "tie"]
        columns += [f"pips_{s}" for s in _ALL_SEATS] + ["moves", "passes", "draws"]
        if self.matches:
            keys = TEAMS if self.rules.is_partnership else self.rules.seats
            columns += [f"score_{k}" for k in keys] + ["match_winner", "match_over"]
        return columns

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Iterator[Row]:
        return iter(self.rows)

    @overload
    def __getitem__(self, index: SupportsIndex) -> Row: ...
    @overload
    def __getitem__(self, index: slice) -> list[Row]: ...

    def __getitem__(self, index: SupportsIndex | slice) -> Row | list[Row]:
        return self.rows[index]

    def __eq__(self, other: object) -> bool:
        """Equal rows, rules and seed (timings and worker counts are not compared)."""
        if not isinstance(other, SimulationResults):
            return NotImplemented
        return (self.rules, self.seed, self.rows, self.interrupted) == (other.rules, other.seed, other.rows,
                                                                        other.interrupted)

    __hash__ = None  # type: ignore[assignment]

    def to_pandas(self) -> Any:  # a pandas.DataFrame; pandas ships no types
        """The rows as a ``pandas.DataFrame`` (needs pandas: ``pip install dominoes_widget[pandas]``)."""
        try:
            import pandas as pd
        except ImportError:
            raise ImportError("SimulationResults.to_pandas() needs pandas; install it with "
                              "`pip install pandas` (or the `pandas` extra: `pip install dominoes_widget[pandas]`)"
                              ) from None
        return pd.DataFrame([[row.get(c) for c in self.columns] for row in self.rows], columns=self.columns)

    def to_csv(self, path: str | os.PathLike[str]) -> None:
        """Write one row per hand to ``path`` (empty cells for missing values)."""
        with open(path, "w", newline="", encoding="utf-8") as file:
            writer = csv.writer(file)
            writer.writerow(self.columns)
            for row in self.rows:
                writer.writerow(["" if row.get(c) is None else row.get(c) for c in self.columns])

    # -- summaries -----------------------------------------------------------------------
    def entrants(self) -> list[str]:
        """The players (teams or seats' bots) as the summaries name them, in lineup order."""
        seen: list[str] = []
        for _seat, label, _bot in self.lineup:
            if label not in seen:
                seen.append(label)
        return seen

    def _hand_sides(self, row: Row) -> set[str]:
        return {row[f"player_{s}"] for s in self.rules.seats}

    def win_rates(self) -> list[dict[str, Any]]:
        """For each player: hands, wins, losses, ties (hands without a winner) and the win rate
        of the decided hands with its 95% confidence interval."""
        table = []
        for label in self.entrants():
            hands = wins = ties = 0
            for row in self.rows:
                if label not in self._hand_sides(row):
                    continue
                hands += 1
                if row["tie"]:
                    ties += 1
                elif row["winner"] == label:
                    wins += 1
            decided = hands - ties
            rate = _rate(wins, decided)
            table.append({"player": label, "hands": hands, "wins": wins, "losses": decided - wins, "ties": ties,
                          "win_rate": rate["rate"], "ci_low": rate["ci_low"], "ci_high": rate["ci_high"]})
        return table

    def match_results(self) -> list[dict[str, Any]]:
        """For each player: matches, matches won and the match win rate with its 95% interval
        (only with ``matches=True``)."""
        if not self.matches:
            return []
        finals = [row for row in self.rows if row.get("match_over")]
        table = []
        for label in self.entrants():
            played = [row for row in finals if label in self._hand_sides(row)]
            won = sum(1 for row in played if row.get("match_winner") == label)
            decided = sum(1 for row in played if row.get("match_winner") is not None)
            rate = _rate(won, decided)
            table.append({"player": label, "matches": len(played), "won": won, "undecided": len(played) - decided,
                          "win_rate": rate["rate"], "ci_low": rate["ci_low"], "ci_high": rate["ci_high"]})
        return table

    def points(self) -> list[dict[str, Any]]:
        """For each player: the mean pips left in hand at the end of a hand (lower is better),
        and with ``matches=True`` the mean final match score and hands per match."""
        table = []
        partnership = self.rules.is_partnership
        for label in self.entrants():
            pips = []
            for row in self.rows:
                seats = [s for s in self.rules.seats if row[f"player_{s}"] == label]
                if seats:
                    pips.append(sum(row[f"pips_{s}"] for s in seats) / (1 if partnership else len(seats)))
            entry = {"player": label, "mean_pips_left": sum(pips) / len(pips) if pips else math.nan}
            if self.matches:
                finals = [row for row in self.rows if row.get("match_over")]
                scores, lengths = [], []
                for row in finals:
                    seats = [s for s in self.rules.seats if row[f"player_{s}"] == label]
                    if not seats:
                        continue
                    key = team_of(seats[0]) if partnership else seats[0]
                    scores.append(row[f"score_{key}"])
                    lengths.append(row["match_hand"] + 1)
                entry["mean_final_score"] = sum(scores) / len(scores) if scores else math.nan
                entry["mean_hands_per_match"] = sum(lengths) / len(lengths) if lengths else math.nan
            table.append(entry)
        return table

    def leader_advantage(self) -> LeaderAdvantage:
        """How often the side that led the hand won it (of the decided hands), with its 95%
        interval; ``even`` is the rate with no advantage (1/2 for teams, 1/players for seats)."""
        decided = [row for row in self.rows if not row["tie"]]
        if self.rules.is_partnership:
            won = sum(1 for row in decided if row["winner_team"] == row["leader_team"])
            even = 0.5
        else:
            won = sum(1 for row in decided if row["winner_seat"] == row["leader"])
            even = 1 / self.rules.players
        return {**_rate(won, len(decided)), "even": even}

    def block_rate(self) -> Rate:
        """How often hands ended blocked, with its 95% interval."""
        return _rate(sum(1 for row in self.rows if row["end"] == "blocked"), len(self.rows))

    def tie_rate(self) -> Rate:
        """How often hands ended with no winner, with its 95% interval."""
        return _rate(sum(1 for row in self.rows if row["tie"]), len(self.rows))

    def summary(self) -> dict[str, Any]:
        """Every summary in one dict."""
        moves = [row["moves"] for row in self.rows]
        return {"game": self.rules.name, "hands": len(self.rows), "interrupted": self.interrupted,
                "win_rates": self.win_rates(), "matches": self.match_results(), "points": self.points(),
                "leader_advantage": self.leader_advantage(), "blocked": self.block_rate(), "ties": self.tie_rate(),
                "mean_moves": sum(moves) / len(moves) if moves else math.nan}

    # -- display -------------------------------------------------------------------------
    def _title(self) -> str:
        unit = "matches" if self.matches else "hands"
        done = f"{self.units_done} {unit}"
        if self.matches:
            done += f" ({len(self.rows)} hands)"
        if self.duplicate:
            done += f", duplicate: each deal with {self.seatings} seatings"
        status = f" — interrupted after {self.units_done} of {self.requested}" if self.interrupted else ""
        return f"{self.rules.name}: {done}, seed {self.seed}{status}"

    def _tables(self) -> list[tuple[str, list[str], list[list[str]]]]:
        """(caption, header, rows) of text cells for the text and HTML summaries."""
        points = {p["player"]: p for p in self.points()}
        header = ["player", "seats", "hands", "wins", "losses", "ties", "win rate", "95% CI", "pips left"]
        body = []
        for entry in self.win_rates():
            seats = "".join(seat for seat, label, _ in self.lineup if label == entry["player"])
            body.append([entry["player"], seats, str(entry["hands"]), str(entry["wins"]), str(entry["losses"]),
                         str(entry["ties"]), _pct(entry["win_rate"]), _ci(entry["ci_low"], entry["ci_high"]),
                         _num(points[entry["player"]]["mean_pips_left"])])
        tables = [("hands (win rate of the hands with a winner)", header, body)]
        if self.matches:
            header = ["player", "matches", "won", "undecided", "win rate", "95% CI", "final score", "hands/match"]
            body = [[m["player"], str(m["matches"]), str(m["won"]), str(m["undecided"]), _pct(m["win_rate"]),
                     _ci(m["ci_low"], m["ci_high"]), _num(points[m["player"]]["mean_final_score"]),
                     _num(points[m["player"]]["mean_hands_per_match"])] for m in self.match_results()]
            tables.append(("matches", header, body))
        lead, block, ties = self.leader_advantage(), self.block_rate(), self.tie_rate()
        who = "team" if self.rules.is_partnership else "seat"
        facts = [
            [f"leading {who} wins", _pct(lead["rate"]), _ci(lead["ci_low"], lead["ci_high"]),
             f"{lead['successes']} of {lead['trials']} decided (even: {_pct(lead['even'])})"],
            ["hands blocked", _pct(block["rate"]), _ci(block["ci_low"], block["ci_high"]),
             f"{block['successes']} of {block['trials']}"],
            ["hands without a winner", _pct(ties["rate"]), _ci(ties["ci_low"], ties["ci_high"]),
             f"{ties['successes']} of {ties['trials']}"],
        ]
        tables.append(("the table", ["", "rate", "95% CI", "count"], facts))
        return tables

    def __repr__(self) -> str:
        lines = [self._title()]
        if not self.rows:
            return lines[0] + "\n(no hands played)"
        for caption, header, body in self._tables():
            widths = [max(len(r[i]) for r in [header, *body]) for i in range(len(header))]
            lines.append("")
            lines.append(caption)
            for cells in [header, *body]:
                lines.append("  ".join(c.ljust(w) if i == 0 else c.rjust(w)
                                       for i, (c, w) in enumerate(zip(cells, widths))).rstrip())
        moves = sum(r["moves"] for r in self.rows) / len(self.rows)
        lines.append("")
        lines.append(f"mean moves per hand {moves:.1f}; {self.elapsed:.1f} s on {self.workers} worker(s)")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        from html import escape

        parts = [f"<div class='dominoes-simulation'><p><b>{escape(self._title())}</b></p>"]
        if self.rows:
            for caption, header, body in self._tables():
                parts.append("<table><caption style='text-align:left'>" + escape(caption) + "</caption><thead><tr>")
                parts.extend(f"<th>{escape(h)}</th>" for h in header)
                parts.append("</tr></thead><tbody>")
                for cells in body:
                    parts.append("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in cells) + "</tr>")
                parts.append("</tbody></table>")
        else:
            parts.append("<p>(no hands played)</p>")
        parts.append("</div>")
        return "".join(parts)


def _pct(value: float) -> str:
    return "–" if value != value else f"{100 * value:.1f}%"


def _ci(low: float, high: float) -> str:
    return "–" if low != low else f"{100 * low:.1f}–{100 * high:.1f}%"


def _num(value: float) -> str:
    return "–" if value != value else f"{value:.1f}"


def simulate(
    rules: Rules | str = "six_love",
    players: Any = ("greedy", "random"),
    hands: int = 1000,
    *,
    seed: int | None = 0,
    workers: int | None = None,
    executor: cf.Executor | None = None,
    matches: bool = False,
    duplicate: bool = False,
    progress: bool = True,
    bot_options: Mapping[str, Mapping[str, Any]] | None = None,
    chunk_size: int | None = None,
    callback: Callable[[int, int], None] | None = None,
) -> SimulationResults:
    """Play ``hands`` hands (or with ``matches=True`` that many matches) between bots.

    ``rules``: a :class:`Rules` or a preset name (``six_love``, ``vietnamese3`` …).
    ``players``: a mapping seat → bot name; for the partnership game also two names (or a
    mapping) for the teams NS and EW. ``duplicate``: play each deal once per seating, the
    players moved round the table (the teams swap seats in the partnership game), so
    ``hands`` is rounded up to whole deals. ``seed``: hand ``i`` is dealt and its bots
    seeded from ``(seed, i)`` alone, so results do not depend on ``workers`` or the
    executor (``None`` picks a seed and records it in the results).

    The hands run on ``workers`` local processes (default: every core; ``1`` runs here,
    in this process), or on ``executor``, any :class:`concurrent.futures.Executor` (a
    ``ThreadPoolExecutor``, or a Dask cluster's ``distributed.Client(...).get_executor()``),
    submitted in chunks of ``chunk_size`` hands. ``bot_options`` gives a bot's settings by
    name (``{"strong": {"rollouts": 300}}``). ``progress`` shows a bar (tqdm if installed);
    ``callback(done, total)`` is called as hands finish. Interrupting (Ctrl-C, or a
    ``KeyboardInterrupt`` from the callback) returns the hands finished so far, with
    ``interrupted`` set.
    """
    if isinstance(rules, str):
        rules = Rules.preset(rules)
    spec, lineup, total = _planned(rules, players, hands, seed, workers, matches, duplicate, bot_options)

    shown_workers: int | str  # the workers' count, or the executor's kind, as the results show it
    workers, executor = runnable_here(workers, executor, "matches" if matches else "hands")
    if executor is None:
        if workers is None:
            workers = os.cpu_count() or 1
        shown_workers = workers
    else:
        shown_workers = type(executor).__name__
    start = time.perf_counter()
    finished, interrupted = run_jobs(partial(_run_unit, spec), range(total), workers=workers, executor=executor,
                                     progress=progress, unit="matches" if matches else "hands", desc="simulate",
                                     chunk_size=chunk_size, callback=callback)
    rows = [row for unit in sorted(finished) for row in finished[unit]]
    for number, row in enumerate(rows):
        row["hand"] = number
    return SimulationResults(rules, lineup, rows, seed=spec.seed, requested=total, units_done=len(finished),
                             matches=matches, duplicate=duplicate, seatings=len(spec.seatings), interrupted=interrupted,
                             elapsed=time.perf_counter() - start,
                             workers=shown_workers)


def _planned(rules: Rules, players: Any, hands: int, seed: int | None, workers: int | None, matches: bool,
             duplicate: bool, bot_options: Mapping[str, Mapping[str, Any]] | None) -> tuple[_Spec, Lineup, int]:
    """:func:`simulate`'s arguments checked (a bad one raises ``ValueError`` before any hand is
    played), as the workers' spec, the lineup and the number of units to play."""
    if not isinstance(hands, int) or isinstance(hands, bool) or hands < 0:
        raise ValueError(f"hands must be a whole number of at least 0, not {hands!r}")
    if matches and rules.target is None:
        raise ValueError(f"the {rules.name} game has no match target, so a match would never end; "
                         "give the rules one, e.g. Rules.vietnamese(3, target=5)")
    check_count("workers", workers)  # (before the bots and seatings are set up)
    options: dict[str, tuple[tuple[str, Any], ...]] = {}
    for name, settings in (bot_options or {}).items():
        key = name.removeprefix("bot:")
        if key not in BOTS:
            raise ValueError(f"bot_options names unknown bot {name!r}; the bots are {', '.join(sorted(BOTS))}")
        make_bot(key, 0, **settings)  # a bad setting fails here, not in a worker
        options[key] = tuple(sorted(settings.items()))
    lineup = _lineup(rules, players)
    seatings = _seatings(rules, lineup, duplicate)
    if seed is None:
        seed = random.SystemRandom().randrange(2 ** 32)
    elif isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be a whole number (or None for a fresh one), not {seed!r}")
    total = -(-hands // len(seatings)) * len(seatings)
    return _Spec(rules, seatings, seed, matches, tuple(sorted(options.items()))), lineup, total


# -- command line ------------------------------------------------------------------------
def _value(text: str) -> Any:
    lowered = text.strip().lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    if lowered in ("none", "null"):
        return None
    try:
        return int(text)
    except ValueError:
        try:
            return float(text)
        except ValueError:
            return text.strip()


def _pairs(items: Iterable[str], what: str) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise ValueError(f"{what} {item!r}: write it NAME=VALUE")
        result[name.strip()] = _value(value)
    return result


def run_cli(args: argparse.Namespace) -> int:
    """``python -m dominoes_widget simulate``: play, print the summary, optionally write a CSV."""
    try:
        rules = Rules.preset(args.game, **_pairs(args.rule, "--rule"))
        bot_options: dict[str, dict[str, Any]] = {}
        for name, value in _pairs(getattr(args, "bot_option", []) or [], "--bot-option").items():
            bot, dot, key = name.partition(".")
            if not dot:
                raise ValueError(f"--bot-option {name!r}: write it BOT.SETTING=VALUE, e.g. strong.rollouts=300")
            bot_options.setdefault(bot, {})[key] = value
        for bot, settings in bot_options.items():  # a bad option fails now, with its name
            try:
                make_bot(bot, 0, **settings)
            except (TypeError, ValueError) as error:
                raise ValueError(f"--bot-option for {bot}: {settings}: {error}") from None
        if args.csv:  # find out now, not after every hand has been played, that the file can't be written
            folder = os.path.dirname(os.path.abspath(args.csv))
            if not os.path.isdir(folder) or not os.access(folder, os.W_OK):
                raise ValueError(f"--csv {args.csv!r}: cannot write in {folder!r}")
        results = simulate(rules, args.players, args.hands, seed=args.seed, workers=args.workers,
                           matches=getattr(args, "matches", False), duplicate=getattr(args, "duplicate", False),
                           progress=not getattr(args, "no_progress", False), bot_options=bot_options)
    except (ValueError, TypeError, DominoesError) as error:
        print(f"simulate: {error}", file=sys.stderr)
        return 2
    print(results)
    if args.csv:
        try:
            results.to_csv(args.csv)
        except OSError as error:
            print(f"simulate: could not write {args.csv!r}: {error}", file=sys.stderr)
            return 1
        print(f"wrote {len(results)} rows to {args.csv}")
    return 130 if results.interrupted else 0  # 130: stopped by Ctrl-C, as shells report it
