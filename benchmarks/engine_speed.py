"""Rules engine speed: random-move partnership hands per second, against other implementations.

    python benchmarks/engine_speed.py [--rounds 25] [--slot 0.2] [--seed 0]

Every contestant does the same work: deal four hands of seven from a seeded random source
and play uniformly random legal moves until the hand ends (domino or block), one process,
no parallelism. The contestants run in interleaved rounds (the order rotates each round),
each for about ``--slot`` seconds per round; the first table shows the median of the rounds,
the second each engine path's speed as a ratio to the others: the median over the rounds of
that round's ratio (one round runs every contestant within a few seconds, so the machine's
changes of load between rounds cancel out), with the range of those ratios.
Time is this process's CPU time (``time.process_time``), so other work on a shared machine
disturbs the figures less; ``--wall`` uses the wall clock instead.

  a. this engine, fast path: ``Hand.dealt`` + ``Hand.play_out`` (random legal moves, as
     rollouts and simulation use it)
  b. this engine, checked ``Hand.push`` (every move validated again)
  c. this engine, realistic: a ``Match`` (Six Love scoring, new match when one is won) with
     greedy bots choosing from ``seat_view`` (bots, views and scoring included)
  d. a minimal int-based pure-Python hand loop written here (the reference ceiling: no
     undo, no history, no notation, no outcome object)
  e. the PyPI package ``dominoes`` 6.1.0 (``Game.new`` + ``valid_moves`` + ``make_move``)
  f. OpenSpiel's ``python_team_dominoes`` (random chance outcomes deal, random legal actions)

Figures only: nothing here asserts a speed. The optional packages are in the ``bench``
extra (``pip install -e .[bench]``); a missing one is shown as "not installed".

``--against DIR`` compares this checkout's engine with another checkout's (say, a
``git worktree`` of an older commit) in one process: the other checkout's package is copied
under another name and imported beside this one (both use relative imports only), and the
two play the same seeded hands of contestants a, b and c in alternating short runs. The table
gives each one's hands per second and the median and quartiles of the paired ratios (this /
other): a change of a few percent in the engine's speed shows through the machine's noise,
which two processes timed in turn on a shared machine do not show.
"""

from __future__ import annotations

import argparse
import atexit
import importlib
import importlib.util
import os
import platform
import random
import shutil
import statistics
import sys
import tempfile
import time
import types
from typing import Callable

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import dominoes_widget  # noqa: E402


# A contestant is a factory: given a seed it returns a function that plays one hand.
Factory = Callable[[int], Callable[[], None]]


# -- a. b. c. this engine ------------------------------------------------------------------
# Each takes the engine package to play (this one, or another checkout's with --against).
def engine_fast(seed: int, engine: types.ModuleType = dominoes_widget) -> Callable[[], None]:
    rng = random.Random(seed)
    rules = engine.Rules.six_love()
    dealt = engine.Hand.dealt

    def one_hand() -> None:
        dealt(rules, rng).play_out(rng)

    return one_hand


def engine_checked(seed: int, engine: types.ModuleType = dominoes_widget) -> Callable[[], None]:
    rng = random.Random(seed)
    rules, dealt = engine.Rules.six_love(), engine.Hand.dealt

    def one_hand() -> None:
        hand = dealt(rules, rng)
        while hand.outcome is None:
            hand.push(rng.choice(hand.legal_move_list()))

    return one_hand


def engine_match(seed: int, engine: types.ModuleType = dominoes_widget) -> Callable[[], None]:
    rng = random.Random(seed)
    rules, seat_view, Match = engine.Rules.six_love(), engine.seat_view, engine.Match
    # the bots' module in this checkout's floors (studies/), or in an older checkout's (--against)
    place = ".studies.bots" if importlib.util.find_spec(engine.__name__ + ".studies") else ".bots"
    make_bot = importlib.import_module(engine.__name__ + place).make_bot
    players = {seat: make_bot("greedy", rng.randrange(2**32)) for seat in rules.seats}
    box = {"match": Match(rules, seed=rng.randrange(2**32))}

    def one_hand() -> None:
        match = box["match"]
        if match.is_over:
            match = box["match"] = Match(rules, seed=rng.randrange(2**32))
        hand = match.deal()
        while not hand.is_over:
            seat = hand.turn
            match.push(players[seat].choose(seat_view(hand, seat, match.state)))

    return one_hand


# -- d. the reference ceiling ----------------------------------------------------------------
_HALVES = [(low, high) for high in range(7) for low in range(high + 1)]  # tile id → halves; 27 is 6-6
_HAS = [[n in halves for n in range(7)] for halves in _HALVES]
_PIPS = [low + high for low, high in _HALVES]


def minimal_loop(seed: int) -> Callable[[], None]:
    """Seats 0-3 in turn order; the 6-6 holder poses it; random plays; passes when stuck."""
    rng = random.Random(seed)
    shuffle, choice = rng.shuffle, rng.choice
    has, halves = _HAS, _HALVES

    def one_hand() -> tuple[str, int]:
        tiles = list(range(28))
        shuffle(tiles)
        hands = [tiles[0:7], tiles[7:14], tiles[14:21], tiles[21:28]]
        turn = next(i for i in range(4) if 27 in hands[i])
        hands[turn].remove(27)
        left = right = 6
        unplayed = [7, 7, 7, 7, 7, 7, 6]
        while True:
            turn = (turn + 1) & 3
            held = hands[turn]
            moves = [(t, 0) for t in held if has[t][left]] + [(t, 1) for t in held if has[t][right]]
            if not moves:
                continue
            t, end = choice(moves)
            held.remove(t)
            low, high = halves[t]
            unplayed[low] -= 1
            if high != low:
                unplayed[high] -= 1
            if end == 0:
                left = high if low == left else low
            else:
                right = high if low == right else low
            if not held:
                return "domino", turn
            if unplayed[left] == 0 and unplayed[right] == 0:
                counts = [sum(_PIPS[x] for x in h) for h in hands]
                return "blocked", counts.index(min(counts))

    return one_hand


# -- e. the dominoes package -----------------------------------------------------------------
def dominoes_package(seed: int) -> Callable[[], None]:
    import dominoes

    rng = random.Random(seed)
    random.seed(seed)  # dominoes deals with the global random source
    double_six = dominoes.Domino(6, 6)

    def one_hand() -> None:
        game = dominoes.Game.new(starting_domino=double_six)
        while game.result is None:
            game.make_move(*rng.choice(game.valid_moves))

    return one_hand


# -- f. OpenSpiel ----------------------------------------------------------------------------
def open_spiel(seed: int) -> Callable[[], None]:
    import pyspiel
    import open_spiel.python.games  # noqa: F401  (registers the Python games)

    game = pyspiel.load_game("python_team_dominoes")
    rng = random.Random(seed)

    def one_hand() -> None:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))  # chance outcomes are uniform

    return one_hand


CONTESTANTS: list[tuple[str, str, Factory, str | None]] = [
    ("a", "engine: fast path (play_out)", engine_fast, None),
    ("b", "engine: checked push", engine_checked, None),
    ("c", "engine: Match + greedy bots via seat views", engine_match, None),
    ("d", "minimal int loop (reference ceiling)", minimal_loop, None),
    ("e", "dominoes 6.1.0 (PyPI)", dominoes_package, "dominoes"),
    ("f", "OpenSpiel python_team_dominoes", open_spiel, "pyspiel"),
]


def available(module: str | None) -> str | None:
    """``None`` if the optional module imports, else why not."""
    if module is None:
        return None
    try:
        __import__(module)
    except ImportError:
        return "not installed"
    if module == "dominoes":
        from importlib.metadata import version

        found = version("dominoes")
        if found != "6.1.0":
            return f"dominoes {found} installed, not 6.1.0"
    return None


def run_slot(one_hand: Callable[[], None], seconds: float, clock: Callable[[], float]) -> float:
    """Hands per second over at least ``seconds`` of play, timed by ``clock``."""
    hands = 0
    start = clock()
    deadline = start + seconds
    now = start
    while now < deadline:
        for _ in range(5):
            one_hand()
        hands += 5
        now = clock()
    return hands / (now - start)


ENGINE_KEYS = ("a", "b", "c")  # this engine's contestants


def other_engine(checkout: str) -> types.ModuleType:
    """Another checkout's ``dominoes_widget``, imported beside this one as ``dominoes_widget_other``."""
    package = os.path.join(os.path.abspath(checkout), "dominoes_widget")
    if not os.path.isfile(os.path.join(package, "__init__.py")):
        raise SystemExit(f"--against {checkout}: no dominoes_widget package in that directory")
    place = tempfile.mkdtemp(prefix="engine-speed-")
    atexit.register(shutil.rmtree, place, ignore_errors=True)
    shutil.copytree(package, os.path.join(place, "dominoes_widget_other"),
                    ignore=shutil.ignore_patterns("__pycache__"))
    sys.path.insert(0, place)
    return importlib.import_module("dominoes_widget_other")


def compare(other: str, args: argparse.Namespace, clock: Callable[[], float]) -> int:
    """This checkout's engine against ``other``'s: the same seeded hands, in alternating runs."""
    engines = {"this": dominoes_widget, "other": other_engine(other)}
    factories: dict[str, Callable[[int, types.ModuleType], Callable[[], None]]] = {
        "a": engine_fast, "b": engine_checked, "c": engine_match}
    hands = {"a": 60, "b": 30, "c": 6}  # about 5 ms a run: short runs pair up the machine's moods

    def run(name: str, key: str, seed: int) -> float:
        one_hand = factories[key](seed, engines[name])
        start = clock()
        for _ in range(hands[key]):
            one_hand()
        return clock() - start

    for key in ENGINE_KEYS:  # warm up: imports, caches
        for name in engines:
            run(name, key, args.seed)
    seconds: dict[tuple[str, str], list[float]] = {(name, key): [] for name in engines for key in ENGINE_KEYS}
    ratios: dict[str, list[float]] = {key: [] for key in ENGINE_KEYS}
    for round_number in range(args.rounds):
        for key in ENGINE_KEYS:
            order = ("this", "other") if round_number % 2 == 0 else ("other", "this")
            pair = {name: run(name, key, args.seed + round_number) for name in order}
            for name, took in pair.items():
                seconds[name, key].append(took)
            ratios[key].append(pair["other"] / pair["this"])

    here = os.path.dirname(os.path.dirname(os.path.abspath(dominoes_widget.__file__)))
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"This engine ({here}) against {os.path.abspath(other)}, in one process: {args.rounds} paired runs of the "
          f"same seeded hands, seed {args.seed}; load average {load:.2f} at the end\n")
    print("| engine path | this, hands/s | other, hands/s | this / other (median of paired runs) | quartiles |")
    print("|---|---:|---:|---:|---:|")
    for key, name, _, _ in CONTESTANTS:
        if key in ENGINE_KEYS:
            this, them = (hands[key] / statistics.median(seconds[side, key]) for side in ("this", "other"))
            low, _, high = statistics.quantiles(ratios[key], n=4)
            print(f"| {name.removeprefix('engine: ')} | {this:,.0f} | {them:,.0f} | "
                  f"{statistics.median(ratios[key]):.3f}× | {low:.3f}–{high:.3f} |")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=None,
                        help="interleaved rounds, the median shown (default 25; 101 paired runs with --against)")
    parser.add_argument("--slot", type=float, default=0.2, help="seconds per contestant per round")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--wall", action="store_true",
                        help="time by the wall clock instead of this process's CPU time")
    parser.add_argument("--against", metavar="DIR", help="compare this engine with another checkout's")
    args = parser.parse_args(argv)
    clock = time.perf_counter if args.wall else time.process_time
    if args.against:
        args.rounds = args.rounds or 101
        return compare(args.against, args, clock)
    args.rounds = args.rounds or 25

    missing = {key: available(module) for key, _, _, module in CONTESTANTS}
    players = {key: factory(args.seed) for key, _, factory, _ in CONTESTANTS if not missing[key]}
    for one_hand in players.values():  # warm up: imports, caches
        one_hand()
    rates: dict[str, list[float]] = {key: [] for key in players}
    order = list(players)
    for round_number in range(args.rounds):
        shift = round_number % len(order)
        for key in order[shift:] + order[:shift]:
            rates[key].append(run_slot(players[key], args.slot, clock))

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"Random-move partnership hands per second, single process; Python {platform.python_version()}, "
          f"{os.cpu_count()} CPUs, load average {load:.2f} at the end")
    timing = "the wall clock" if args.wall else "process CPU time (other load on the machine matters less)"
    print(f"{args.rounds} interleaved rounds of {args.slot} s per contestant, median shown; seed {args.seed}; "
          f"timed by {timing}\n")
    median = {key: statistics.median(values) for key, values in rates.items()}
    print("| | contestant | hands/s (median) | range over rounds | vs engine fast path |")
    print("|---|---|---:|---:|---:|")
    for key, name, _, _ in CONTESTANTS:
        if missing[key]:
            print(f"| {key} | {name} | {missing[key]} | | |")
            continue
        low, high = min(rates[key]), max(rates[key])
        relative = median[key] / median["a"]
        print(f"| {key} | {name} | {median[key]:,.0f} | {low:,.0f}–{high:,.0f} | {relative:.2f}× |")

    # each ratio is the median of the rounds' ratios: a round runs every contestant within a
    # few seconds, so a change in the machine's load between rounds cancels out of it
    def paired(key: str, ref: str) -> str:
        if ref not in rates:
            return "not installed"
        ratios = [mine / theirs for mine, theirs in zip(rates[key], rates[ref])]
        low, high = min(ratios), max(ratios)
        return f"{statistics.median(ratios):.2f}× ({low:.2f}–{high:.2f})"

    print("\n| engine path | / dominoes 6.1.0 | / OpenSpiel | / minimal loop |")
    print("|---|---:|---:|---:|")
    print("| (median of the rounds' ratios, and their range) | | | |")
    for key in ("a", "b", "c"):
        cells = [paired(key, ref) for ref in ("e", "f", "d")]
        name = next(n for k, n, _, _ in CONTESTANTS if k == key).removeprefix("engine: ")
        print(f"| {name} | {' | '.join(cells)} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
