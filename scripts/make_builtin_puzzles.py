"""Make the puzzles the package ships: bot games of both games, mined with find_puzzles.

    python scripts/make_builtin_puzzles.py [--seed 0] [--target 220] [--workers 2] [-o PATH]
    python scripts/make_builtin_puzzles.py --retheme [-o PATH]

Rounds of seeded matches (Six Love, Straight Six, the Vietnamese game for 2, 3 and 4
players; the strong bot against the greedy one, seat by seat) are played and mined until
each game has half of ``--target`` puzzles; a game that has its half plays no more. The
same seed gives the same file on any number of workers. It takes a while (the figures are
in docs/puzzles.md): every decision is screened and the likely ones judged twice.
``--retheme`` keeps the shipped set's positions, answers, judgements and difficulties and
gives each puzzle the themes the miner's ``themes_of`` finds now (seconds, not hours).
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import sys
import time

from dominoes_widget.engine.match import Match
from dominoes_widget.engine.record import write_record
from dominoes_widget.engine.rules import Rules
from dominoes_widget.engine.views import seat_view
from dominoes_widget.studies.bots import make_bot
from dominoes_widget.studies.jobs import derive_seed, run_jobs
from dominoes_widget.studies.mining import find_puzzles, themes_of
from dominoes_widget.studies.puzzles import BUILTIN, Puzzle, PuzzleSet
from dominoes_widget.studies.simulation import play_hand

GAMES = {"partnership": ("six_love", "straight_six"), "vietnamese": ("vietnamese2", "vietnamese3", "vietnamese4")}
HANDS = 6
"""Hands played of each match at most (more matches, more kinds of position)."""


def play_match(job: tuple[str, int]) -> dict:
    """One seeded match of ``job``'s preset between the strong and the greedy bot (alternate seats), as a record."""
    preset, seed = job
    rules = Rules.preset(preset)
    names = ("strong", "greedy") if seed % 2 == 0 else ("greedy", "strong")
    players = {seat: names[n % 2] for n, seat in enumerate(rules.turn_order)}
    bots = {seat: make_bot(name, random.Random(derive_seed(seed, preset, seat))) for seat, name in players.items()}
    match = Match(rules)
    while not match.is_over and len(match.hands) < HANDS:
        pending = match.prepare(seed=random.Random(derive_seed(seed, preset, "deal", len(match.hands))))
        leader = None
        if pending.needs_choice:
            preview = pending.hand(rules)
            views = {s: seat_view(preview, s, match.state) for s in pending.leaders}
            leader = bots[pending.leaders[0]].choose_leader(pending.leaders, views)
        play_hand(match.start(leader), bots, match)
    return write_record(match, {seat: f"bot:{name}" for seat, name in players.items()})


def retheme(puzzles: PuzzleSet) -> PuzzleSet:
    """``puzzles`` with the themes :func:`themes_of` finds for each now, all else unchanged."""
    return PuzzleSet([dataclasses.replace(p, themes=themes_of(p.hand(), p.view(), p.answers)) for p in puzzles])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--target", type=int, default=220, help="puzzles to make, half of each game")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("-o", "--output", default=str(BUILTIN))
    parser.add_argument("--retheme", action="store_true", help="only give the shipped set today's themes")
    args = parser.parse_args(argv)
    if args.retheme:
        puzzles = retheme(PuzzleSet.load(BUILTIN))
        path = puzzles.save(args.output)
        print(f"wrote {path}: {len(puzzles)} puzzles, themes {puzzles.counts('theme')}")
        return 0
    found: dict[str, list[Puzzle]] = {game: [] for game in GAMES}
    seen: set[str] = set()
    start = time.perf_counter()
    for round_ in range(1000):
        wanted = [game for game in GAMES if len(found[game]) < args.target / 2]
        if not wanted:
            break
        jobs = [(preset, derive_seed(args.seed, "match", round_)) for game in wanted for preset in GAMES[game]]
        played, _ = run_jobs(play_match, jobs, workers=args.workers, progress=False)
        records = [played[n] for n in sorted(played)]
        for puzzle in find_puzzles(records, seed=args.seed, workers=args.workers, progress=False):
            if puzzle.id not in seen:
                seen.add(puzzle.id)
                found[puzzle.game].append(puzzle)
        print(f"round {round_}: {', '.join(f'{len(v)} {k}' for k, v in found.items())} "
              f"({time.perf_counter() - start:.0f} s)", file=sys.stderr)
    puzzles = PuzzleSet([p for game in GAMES for p in found[game]])
    path = puzzles.save(args.output)
    print(f"wrote {path}: {len(puzzles)} puzzles, {path.stat().st_size / 1024:.1f} KB, "
          f"{puzzles.counts('game')}, themes {puzzles.counts('theme')}, {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
