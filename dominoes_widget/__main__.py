"""Command line: ``python -m dominoes_widget verify FILE [--json]``, ``html FILE [-o PAGE]``,
``html --puzzles SET [-o PAGE]``,
``analyse FILE [-o ANALYSIS]``, ``puzzles RECORDS... -o SET``, ``simulate`` and ``serve [--host H] [--port P] [--db PATH] [--base-url URL]
[--idle-hours H] [--finished-hours H] [--bot-workers N] [--host-key KEY] [--behind-proxy]
[--allow-origin ORIGIN] [--create-rate N] [--max-tables N] [--message-rate N] [--header-timeout S]
[--body-timeout S] [--max-connections-per-address N]``."""

from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import replace
from typing import Any

from .engine.record import verify_record

__all__ = ["main", "TORNADO_MINIMUM"]

TORNADO_MINIMUM = (6, 6, 1)
"""The oldest tornado ``serve`` runs on: the release with every security fix of tornado 6 (the
``server`` extra in pyproject.toml lists them)."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dominoes_widget",
                                     description="Check and simulate domino game records.")
    commands = parser.add_subparsers(dest="command", required=True)
    verify = commands.add_parser("verify", help="replay a game record under its rules and report")
    verify.add_argument("file", help="a RECORD.md game record (JSON)")
    verify.add_argument("--json", action="store_true", help="one JSON object per line")
    _add_html(commands)
    _add_analyse(commands)
    _add_puzzles(commands)
    _add_simulate(commands)
    arguments = sys.argv[1:] if argv is None else argv
    _add_serve(commands, with_options=arguments[:1] == ["serve"])
    args = parser.parse_args(arguments)
    if args.command == "verify":
        return _verify(args.file, args.json)
    if args.command == "html":
        return _html(args)
    if args.command == "analyse":
        return _analyse(args)
    if args.command == "puzzles":
        return _puzzles(args)
    if args.command == "serve":
        return _serve(args)
    return _simulate(args)


def _verify(path: str, as_json: bool) -> int:
    import os

    summaries, problems = verify_record(os.fspath(path) if not path.lstrip().startswith("{") else path)
    if problems:
        for problem in problems:
            print(json.dumps(problem.as_json()) if as_json else problem)
        return 1
    for summary in summaries:
        print(json.dumps(summary) if as_json else _summary_text(summary))
    if not summaries and not as_json:
        print("a good record with no hand played yet")
    return 0


def _summary_text(s: dict) -> str:
    pips = " ".join(f"{seat} {n}" for seat, n in s["pips"].items())
    score = " ".join(f"{k} {v}" for k, v in s["score_after"].items())
    if s["end"] is None:
        return f"hand {s['hand']}: in progress; score {score}"
    if s["tie"]:
        who = "tie"
    else:
        who = f"{s['winner_seat'] or s['winner_team']} wins" + (f" for {s['winner_team']}" if s["winner_team"] and s["winner_seat"] else "")
    ends = "|".join(str(e) for e in s["open_ends"])
    text = f"hand {s['hand']}: {s['end']}, {who}; pips {pips}; ends {ends}; score {score}"
    if s["ties_after"]:
        text += f"; tied deals pending {s['ties_after']}"
    if s["playoff_pending_after"]:
        text += "; play-off pending"
    if s["next_leader"] is not None:
        text += f"; next lead {s['next_leader']}"
    if s["match_winner"]:
        text += f"; match won by {s['match_winner']}"
    if s["boneyard_left"]:
        text += f"; pile {s['boneyard_left']}"
    return text


def _add_html(commands) -> None:
    from .words.catalog import LANGUAGES

    html = commands.add_parser("html", help="write a record's replay as one self-contained HTML page",
                               description="Write the replay of a game record as ONE HTML file that steps "
                                           "through the match offline, in any browser (nothing to install).")
    html.add_argument("file", nargs="?", help="a RECORD.md game record (JSON)")
    html.add_argument("--puzzles", metavar="SET", help="write a page of puzzles instead: this set (a file "
                                                      "PuzzleSet.save wrote, .json or .json.gz); answers are "
                                                      "checked in the page, offline")
    html.add_argument("-o", "--output", help="the page to write (default: FILE with .html, next to it)")
    html.add_argument("--hand", type=int, default=0, help="the hand to open at, from 0 (default 0)")
    html.add_argument("--step", type=int, default=0,
                      help="moves made in that hand: 0 is the deal, -1 its end (default 0)")
    html.add_argument("--bottom", help="the seat drawn at the bottom (default S)")
    html.add_argument("--lang", default="en", choices=LANGUAGES, help="the page's language (default en)")
    html.add_argument("--title", help="the page's title (default: the rules' name)")
    html.add_argument("--analysis", nargs="?", const=True, metavar="FILE",
                      help="show an analysis on the page: this file (from `analyse`); alone, FILE.analysis.json "
                           "next to the record, made first (with a progress bar) when there is none")
    html.add_argument("--counting", action="store_true",
                      help="show at every step what the bottom seat can count (unseen tiles, known voids)")


def _add_analyse(commands) -> None:
    analyse = commands.add_parser("analyse", help="judge every decision of a record with the strong bot",
                                  description="Judge every decision of a recorded match (moves with a real "
                                              "choice) from the mover's view, and write the analysis as a "
                                              "side file that `html --analysis` and Replay(analysis=...) read.")
    analyse.add_argument("file", help="a RECORD.md game record (JSON)")
    analyse.add_argument("-o", "--output", help="the analysis file (default: FILE with .analysis.json)")
    analyse.add_argument("--hand", type=int, action="append", dest="hands", metavar="N",
                         help="judge only this hand, from 0 (repeat for more; default every hand)")
    analyse.add_argument("--seed", type=int, default=0, help="the same seed gives the same analysis")
    analyse.add_argument("--rollouts", type=int, default=None, help="played-out hands per decision")
    analyse.add_argument("--workers", type=int, default=None, help="worker processes (default: every core)")
    analyse.add_argument("--no-progress", action="store_true", help="no progress bar")


def _analyse(args) -> int:
    from pathlib import Path

    from .studies.analysis import analyse
    from .engine.errors import RecordError

    source = Path(args.file)
    try:
        found = analyse(source, hands=args.hands, seed=args.seed, rollouts=args.rollouts, workers=args.workers,
                        progress=not args.no_progress)
    except RecordError as error:
        for problem in error.problems:
            print(problem)
        return 1
    except ValueError as error:  # a hand the record does not have
        print(f"error: {error}", file=sys.stderr)
        return 2
    output = Path(args.output) if args.output else source.with_suffix(".analysis.json")
    try:
        found.save(output)
    except OSError as error:
        print(f"error: cannot write {output}: {error.strerror or error}", file=sys.stderr)
        return 2
    for line in found.summary_lines():
        print(line)
    print(f"wrote {output}")
    return 130 if found.interrupted else 0


def _add_puzzles(commands) -> None:
    puzzles = commands.add_parser("puzzles", help="find puzzles in recorded games",
                                  description="Find the decisions of recorded games where one move (or a few of "
                                              "equal worth) is clearly best, judged twice from the mover's view, "
                                              "and write them as a puzzle set (PuzzleSet.load reads it).")
    puzzles.add_argument("files", nargs="+", metavar="RECORD", help="RECORD.md game records (JSON)")
    puzzles.add_argument("-o", "--output", required=True, help="the puzzle set (JSON; gzipped when it ends in .gz)")
    puzzles.add_argument("--seed", type=int, default=0, help="the same seed finds the same puzzles")
    puzzles.add_argument("--min-gap", type=float, default=20.0,
                         help="points of win share every wrong move must give away (default 20)")
    puzzles.add_argument("--workers", type=int, default=None, help="worker processes (default: every core)")
    puzzles.add_argument("--no-progress", action="store_true", help="no progress bar")


def _puzzles(args) -> int:
    from pathlib import Path

    from .engine.errors import RecordError
    from .engine.record import read_record
    from .studies.mining import find_puzzles

    output = Path(args.output)
    if output.is_dir() or not output.parent.is_dir():  # said before the search, which can take minutes
        why = "it is a folder" if output.is_dir() else f"there is no folder {output.parent}"
        print(f"error: cannot write {output}: {why}", file=sys.stderr)
        return 2
    records = []
    for name in args.files:
        try:
            records.append(read_record(Path(name)))
        except RecordError as error:
            for problem in error.problems:
                print(f"{name}: {problem}", file=sys.stderr)
            return 1
    try:
        found = find_puzzles(records, seed=args.seed, min_gap=args.min_gap, workers=args.workers,
                             progress=not args.no_progress)
        path = found.save(args.output)
    except ValueError as error:  # a seed, a gap or a number of workers out of range
        print(f"error: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"error: cannot write {args.output}: {error.strerror or error}", file=sys.stderr)
        return 2
    games = ", ".join(f"{n} {game}" for game, n in found.counts("game").items())
    cut = "interrupted: not every decision was judged; " if found.interrupted else ""
    print(f"{cut}found {len(found)} puzzles{f' ({games})' if games else ''}; wrote {path}")
    return 130 if found.interrupted else 0


def _side_analysis(source: Any) -> Any:
    """``html --analysis`` with no file: the record's side file, made first when there is none
    (analysed here with a progress bar, and kept for the next time)."""
    from .studies.analysis import Question, analyse
    from .engine.errors import RecordError

    side = source.with_suffix(".analysis.json")
    if side.exists():
        return side
    print(f"analysing {source.name} first (the side file {side.name} does not exist yet)", file=sys.stderr)
    try:
        found = analyse(source, progress=True, question=Question.ALL)  # the page lists every move's place
    except RecordError:
        return None  # the replay reports the record's problems
    try:
        found.save(side)
        print(f"wrote {side}")
    except OSError as error:
        print(f"note: cannot keep the analysis in {side}: {error.strerror or error}", file=sys.stderr)
    return found


def _puzzles_html(args) -> int:
    """``html --puzzles SET``: every puzzle of the set as one offline page; a bad set file is
    named with what is wrong, in one line."""
    from pathlib import Path

    from .sessions.puzzles import PuzzleSession
    from .widgets.puzzles import open_set
    from .page import puzzles_page

    source = Path(args.puzzles)
    try:
        session = PuzzleSession(open_set(source), lang=args.lang)
    except FileNotFoundError:
        print(f"error: {source}: no such file", file=sys.stderr)
        return 2
    except (ValueError, TypeError, KeyError, OSError) as error:  # PuzzleError is a ValueError
        text = str(error).strip() or type(error).__name__
        print(f"error: {text if str(source) in text else f'{source}: {text}'}"[:600], file=sys.stderr)
        return 2
    if not session.puzzles:
        print(f"error: {source}: the set has no puzzle", file=sys.stderr)
        return 2
    output = Path(args.output) if args.output else Path(str(source).removesuffix(".gz")).with_suffix(".html")
    try:
        output.write_text(puzzles_page(session, title=args.title), encoding="utf-8")
    except OSError as error:
        print(f"error: cannot write {output}: {error.strerror or error}", file=sys.stderr)
        return 2
    print(f"wrote {output} ({len(session.puzzles)} puzzles, {output.stat().st_size / 1024:.0f} KB): "
          f"open it in any browser")
    return 0


def _html(args) -> int:
    from pathlib import Path

    from .widgets.replay import Replay

    if args.puzzles:
        return _puzzles_html(args)
    if not args.file:
        print("error: html needs a record FILE, or --puzzles SET", file=sys.stderr)
        return 2
    source = Path(args.file)
    try:
        analysis = _side_analysis(source) if args.analysis is True else args.analysis
        replay = Replay(source, bottom=args.bottom, lang=args.lang, analysis=analysis, counting=args.counting)
        if replay.ok:
            replay.go(args.hand, args.step)
    except (ValueError, TypeError) as error:  # a seat, hand or step the record does not have
        print(f"error: {error}", file=sys.stderr)
        return 2
    if not replay.ok:  # reported as `verify` does: every problem with where it is
        for problem in replay.problems:
            print(problem)
        return 1
    output = Path(args.output) if args.output else source.with_suffix(".html")
    try:
        replay.save_html(output, title=args.title)
    except OSError as error:
        print(f"error: cannot write {output}: {error.strerror or error}", file=sys.stderr)
        return 2
    print(f"wrote {output} ({output.stat().st_size / 1024:.0f} KB): open it in any browser")
    _warn_unchecked_deals(source)
    return 0


def _warn_unchecked_deals(source: Any) -> None:
    """A record whose fair deals do not check out opens (its page warns of it): say so here too."""
    from .engine.record import DEAL_CHECKS, verify_record

    for problem in verify_record(source)[1]:
        if problem.reason in DEAL_CHECKS:
            print(f"warning: {problem} (the page says so for that hand)", file=sys.stderr)


def _add_simulate(commands) -> None:
    simulate = commands.add_parser("simulate", help="play many hands between bots")
    simulate.add_argument("--game", default="six_love", help="rules preset (six_love, straight_six, vietnamese2..4)")
    simulate.add_argument("--players", default="greedy,random",
                          help="bots by name: two names for the teams (partnership) or one per seat")
    simulate.add_argument("--hands", type=int, default=1000, help="hands (or matches) to play")
    simulate.add_argument("--seed", type=int, default=0, help="the same seed gives the same hands")
    simulate.add_argument("--workers", type=int, default=None, help="worker processes (default: every core)")
    simulate.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE", help="a rules setting")
    simulate.add_argument("--csv", help="write one row per hand to this CSV file")
    simulate.add_argument("--matches", action="store_true", help="play --hands whole matches instead of hands")
    simulate.add_argument("--duplicate", action="store_true",
                          help="play each deal again with the players moved round the table (teams swap seats)")
    simulate.add_argument("--bot-option", action="append", default=[], metavar="BOT.SETTING=VALUE",
                          help="a bot setting, e.g. strong.rollouts=300")
    simulate.add_argument("--no-progress", action="store_true", help="no progress bar")


def _simulate(args) -> int:
    try:
        from .studies.simulation import run_cli
    except ImportError:
        print("simulation is not available in this build", file=sys.stderr)
        return 2
    return run_cli(args)


def _add_serve(commands, with_options: bool) -> None:
    """The ``serve`` command; its options (whose help quotes the server's limits) only when it
    is the command run: the other commands then import no server code (about half a second)."""
    import os

    serve = commands.add_parser("serve", help="run a table server: friends play from their own browsers",
                                description="Run a table server. POST /api/tables sets up a table and answers "
                                            "one secret link per person's seat; each link opens that seat's "
                                            "table in any browser.")
    if not with_options:
        return

    from .server.limits import BODY_TIMEOUT, CREATE_RATE, HEADER_TIMEOUT, MAX_CONNECTIONS_PER_ADDRESS, MAX_TABLES, RATE

    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=8765, help="the port (default 8765; 0 picks a free one)")
    serve.add_argument("--db", help="a SQLite file keeping every table, taken up again on restart (mode 0600), and "
                                    "the secret seeded tables are dealt with (the environment's DOMINOES_DEAL_KEY "
                                    "sets it instead)")
    serve.add_argument("--base-url", help="the address the links start with, when browsers reach the server "
                                          "through a proxy (default: the address the server listens on, with "
                                          "this machine's name for 0.0.0.0; behind a proxy, each request's Host)")
    serve.add_argument("--host-key", default=os.environ.get("DOMINOES_HOST_KEY") or None,
                       help="the key POST /api/tables needs (Authorization: Bearer KEY; default: the environment's "
                            "DOMINOES_HOST_KEY; none on 127.0.0.1, one made and printed at start on other addresses)")
    serve.add_argument("--behind-proxy", action="store_true",
                       help="trust X-Forwarded-For / X-Real-IP (the client's address, for the creation limit) and "
                            "the Host header (the links' address) that a proxy in front sets")
    serve.add_argument("--allow-origin", action="append", default=[], metavar="ORIGIN",
                       help="a page origin other than the server's own allowed to open seats' websockets, e.g. "
                            "https://hub.example (repeat for more)")
    serve.add_argument("--create-rate", type=_rate,
                       help=f"tables one client (address) may set up a minute, in bursts of as many "
                            f"(default {CREATE_RATE:g}; 0: no limit)")
    serve.add_argument("--max-tables", type=_count, help=f"tables open at once (default {MAX_TABLES})")
    serve.add_argument("--message-rate", type=_rate,
                       help=f"messages a second one browser may send, in bursts of twice as many (default {RATE:g})")
    serve.add_argument("--header-timeout", type=_seconds,
                       help=f"seconds a client has to send a request's line and headers, or kept alive to start "
                            f"the next; then it is disconnected (default {HEADER_TIMEOUT:g})")
    serve.add_argument("--body-timeout", type=_seconds,
                       help=f"seconds a client has to send a request's body (default {BODY_TIMEOUT:g})")
    serve.add_argument("--max-connections-per-address", type=_count_or_none, metavar="N",
                       help=f"connections one address may hold open at once, websockets included (default "
                            f"{MAX_CONNECTIONS_PER_ADDRESS}; 0: no limit; none behind a proxy)")
    serve.add_argument("--idle-hours", type=_hours,
                       help="close a table in play after this many hours with no browser open and no move "
                            "(default 24)")
    serve.add_argument("--finished-hours", type=_hours,
                       help="close a table whose match is over after this many hours with no browser open "
                            "(default 1)")
    serve.add_argument("--bot-workers", type=_workers,
                       help="worker processes the bots think in, so that no table waits on another's bot "
                            "(default: the cores less one, at least 1)")


def _workers(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: a whole number of at least 1")
    return int(text)


def _rate(text: str) -> float:
    try:
        rate = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0 <= rate < float("inf"):
        raise argparse.ArgumentTypeError(f"{text!r}: a number from 0 up")
    return rate


def _count(text: str) -> int:
    try:
        count = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if count < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: a whole number from 1 up")
    return count


def _count_or_none(text: str) -> int:
    return 0 if text.strip() == "0" else _count(text)


def _seconds(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 < seconds <= 3600:
        raise argparse.ArgumentTypeError(f"{text!r}: a number of seconds more than 0, at most 3600")
    return seconds


def _hours(text: str) -> float:
    try:
        hours = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of hours") from None
    if not 0 < hours < float("inf"):
        raise argparse.ArgumentTypeError(f"{text!r}: a number of hours more than 0")
    return hours


def _serve(args) -> int:
    try:
        from .server import serve
    except ImportError as error:  # tornado is the `server` extra (every Jupyter install has it)
        print(f"error: the table server needs tornado: pip install 'dominoes_widget[server]' ({error})",
              file=sys.stderr)
        return 2
    import tornado

    if tornado.version_info[:3] < TORNADO_MINIMUM:
        minimum = ".".join(map(str, TORNADO_MINIMUM))
        print(f"error: the table server needs tornado {minimum} or later, which has every security fix of "
              f"tornado 6; this is tornado {tornado.version}: pip install -U 'tornado>={minimum}'", file=sys.stderr)
        return 2

    from .server.limits import Limits

    limits = Limits()
    if args.create_rate is not None:
        limits = replace(limits, create_rate=args.create_rate, create_burst=max(1, round(args.create_rate)))
    if args.max_tables is not None:
        limits = replace(limits, max_tables=args.max_tables)
    if args.message_rate is not None:
        limits = replace(limits, message_rate=args.message_rate, message_burst=max(1, round(2 * args.message_rate)))
    for name in ("header_timeout", "body_timeout", "max_connections_per_address"):
        if getattr(args, name) is not None:
            limits = replace(limits, **{name: getattr(args, name)})
    try:
        hours = {name: getattr(args, name) for name in ("idle_hours", "finished_hours") if getattr(args, name)}
        deal_key = os.environ.get("DOMINOES_DEAL_KEY") or None  # (never a flag: a process listing shows flags)
        serve(args.host, args.port, args.db, args.base_url, **hours, bot_workers=args.bot_workers,
              host_key=args.host_key, behind_proxy=args.behind_proxy, allow_origins=args.allow_origin,
              limits=limits, deal_key=deal_key.encode() if deal_key else None)
    except OSError as error:  # the port is taken, the address is not this machine's, the db cannot open
        print(f"error: {error.strerror or error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
