"""The options of a ``Table``, checked once: unknown keywords, bad seats, names, delays and seeds
are refused with a clear error before any game starts."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Iterable, Mapping

from ...studies.bots import bot_names
from ...words.catalog import check_language
from ...engine.errors import excerpt
from ...engine.hand import checked_seed
from ...engine.match import MatchState
from ...engine.record import read_record
from ...engine.rules import SETTINGS, Rules
from ...engine.tiles import Tile

__all__ = ["TableOptions", "table_options", "record_options", "HUMAN", "DEFAULT_BOT", "OPTIONS", "BOT_SPEEDS"]

HUMAN = "human"
DEFAULT_BOT = "strong"
OPTIONS = ("game", "rules", "players", "seats", "bots", "names", "open_hands", "hints", "bot_delay", "seed", "start",
           "deal", "boneyard", "leader", "moves", "takeback", "coach", "counting", "bottom", "lang",
           "bot_speed")
"""The keyword options of ``Table()`` besides the rules settings."""
BOT_SPEEDS = {"slow": 1.2, "normal": 0.6, "fast": 0.25, "instant": 0.0}
"""``bot_speed`` by name: seconds between bot moves (``bot_delay``)."""


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
    hands_before: int = 0
    """Hands played before this table's first (a table opened at a recorded hand): for their numbers."""


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
    speed = options.get("bot_speed")
    if speed is not None:
        if not isinstance(speed, str) or speed not in BOT_SPEEDS:
            raise ValueError(f"bot_speed={excerpt(speed)}: the speeds are {', '.join(BOT_SPEEDS)}")
        delay = BOT_SPEEDS[speed]
    if isinstance(delay, bool) or not isinstance(delay, (int, float)) or not 0 <= delay <= 60:
        raise ValueError(f"bot_delay is seconds between bot moves, from 0 to 60, not {excerpt(delay)}")
    seed = options.get("seed")
    if seed is not None:
        checked_seed(seed, whole=True)
    lang = check_language(options.get("lang", "en"))
    return TableOptions(
        rules=rules, kinds=kinds, names=names, open_hands=bool(options.get("open_hands", False)),
        hints=bool(options.get("hints", True)), takeback=bool(options.get("takeback", False)),
        coach=bool(options.get("coach", False)), counting=bool(options.get("counting", False)),
        bot_delay=float(delay), seed=seed, start=options.get("start"), deal=options.get("deal"),
        boneyard=tuple(options.get("boneyard") or ()), leader=options.get("leader"),
        moves=tuple(str(m) for m in options.get("moves") or ()), bottom=bottom, lang=lang)


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


def record_options(record: Any, hand: int = 0, step: int = 0, **options: Any) -> TableOptions:
    """The options of a table at a position of a recorded game: see ``Table.from_record``."""
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
    return replace(table_options(match.rules.game, {**options, **setup}), hands_before=hand)
