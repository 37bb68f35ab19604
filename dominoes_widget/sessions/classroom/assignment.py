"""What a teacher asks for when starting a class, checked field by field.

```json
{"name": "Class 7B", "lang": "en",
 "puzzles": {"count": 10, "game": "partnership", "theme": "block", "difficulty": "easy"},
 "duplicate": {"game": "six_love", "hands": 2, "bots": "greedy"}}
```

``puzzles`` and ``duplicate`` are each optional, but a class has at least one. A puzzle set is
picked from the built-in puzzles by game (``partnership``/``vietnamese``; a table game names
its puzzle game), theme (one of :data:`~dominoes_widget.studies.puzzles.THEMES`) and
difficulty (``easy``/``medium``/``hard``). A duplicate match is ``hands`` deals of one game
that every student plays at the same seat (the first in turn order) against the same bots
(one bot name for every other seat, or a map of seat to bot name, as for tables: ``strong``
included).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Mapping

from ...engine.errors import excerpt
from ...engine.rules import Rules
from ...studies.bots import bot_names
from ...studies.puzzles import THEMES
from ...words.catalog import Voice
from ..puzzles.cards import LEVELS

__all__ = ["ClassRequestError", "PuzzleAssignment", "DuplicateAssignment", "ClassRequest", "read_class_request",
           "check_name", "DUPLICATE_GAMES", "PUZZLE_GAMES", "QUICK_BOTS", "FORM_BOTS", "MAX_PUZZLES", "MAX_DEALS", "MAX_NAME"]

KEYS = ("name", "lang", "puzzles", "duplicate")
PUZZLE_KEYS = ("count", "game", "theme", "difficulty")
DUPLICATE_KEYS = ("game", "hands", "bots", "players")
PUZZLE_GAMES = {"partnership": "partnership", "vietnamese": "vietnamese", "six_love": "partnership",
                "straight_six": "partnership"}
"""The puzzle game each accepted ``game`` names (a table game names the puzzles of its kind)."""
DUPLICATE_GAMES = ("six_love", "straight_six", "vietnamese")
QUICK_BOTS = ("greedy", "random")
"""The bots that choose in microseconds, on the server's loop."""
FORM_BOTS = ("greedy", "random", "strong")
"""The bots the class form offers (a request may name any of :func:`~dominoes_widget.studies.bots.bot_names`:
a slow one, such as ``strong``, thinks on the server's bot workers, and from the same seed always
chooses the same move, so every student still meets the same bots)."""
MAX_PUZZLES = 50
MAX_DEALS = 12
MAX_NAME = 60
LEVEL_NAMES = tuple(name for name, _, _ in LEVELS)


class ClassRequestError(ValueError):
    """A class request (or a student's name) the server cannot take: ``check`` names the check
    (the catalogs' ``class.check_<check>`` sentence), ``facts`` fill it in (echoed input cut
    short already); ``str()`` is the English sentence, :meth:`words` it in another language."""

    def __init__(self, check: str, **facts: Any) -> None:
        self.check = check
        self.facts = facts
        super().__init__(self.words("en"))

    def words(self, lang: str) -> str:
        """What is wrong, and where, in ``lang``."""
        return Voice(lang)(f"class.check_{self.check}", **self.facts)


@dataclass(frozen=True)
class PuzzleAssignment:
    """A puzzle set: ``count`` puzzles of ``game``, of ``theme`` and ``difficulty`` when given."""

    count: int
    game: str | None = None
    theme: str | None = None
    difficulty: str | None = None

    def as_json(self) -> dict[str, Any]:
        return {"count": self.count, "game": self.game, "theme": self.theme, "difficulty": self.difficulty}


@dataclass(frozen=True)
class DuplicateAssignment:
    """A duplicate match: ``hands`` deals of ``game`` (``players`` seats), the student at
    ``seat``, ``bots`` at every other seat."""

    game: str
    hands: int
    bots: dict[str, str]
    players: int = 4

    @cached_property  # (asked at every move a class replays)
    def rules(self) -> Rules:
        if self.game == "vietnamese":
            return Rules.vietnamese(players=self.players)
        return Rules.preset(self.game)

    @cached_property
    def seat(self) -> str:
        """The student's seat: the first seat in turn order without a bot."""
        return next(seat for seat in self.rules.seats if seat not in self.bots)

    def as_json(self) -> dict[str, Any]:
        return {"game": self.game, "hands": self.hands, "bots": dict(self.bots), "players": self.players}


@dataclass(frozen=True)
class ClassRequest:
    """A checked class request."""

    name: str
    lang: str
    puzzles: PuzzleAssignment | None
    duplicate: DuplicateAssignment | None

    def as_json(self) -> dict[str, Any]:
        return {"name": self.name, "lang": self.lang,
                "puzzles": self.puzzles.as_json() if self.puzzles else None,
                "duplicate": self.duplicate.as_json() if self.duplicate else None}


def check_name(value: Any, what: str = "name") -> str:
    """A person's or a class's name: text of 1 to :data:`MAX_NAME` characters, no control characters."""
    if not isinstance(value, str):
        raise ClassRequestError("not_text", what=what, value=excerpt(value, 20))
    name = " ".join(value.split())
    if not 1 <= len(name) <= MAX_NAME:
        raise ClassRequestError("name_length", what=what, most=MAX_NAME, length=len(name))
    if any(unicodedata.category(char).startswith("C") for char in name):
        raise ClassRequestError("name_characters", what=what)
    return name


def read_class_request(body: Any) -> ClassRequest:
    """Check a class request; a :class:`ClassRequestError` names what is wrong."""
    if not isinstance(body, Mapping):
        raise ClassRequestError("not_object", value=excerpt(body, 40))
    _known(body, KEYS, None)
    lang = body.get("lang", "en")
    if lang not in ("en", "vi"):
        raise ClassRequestError("lang", value=excerpt(lang, 10))
    puzzles = _puzzles(body["puzzles"]) if body.get("puzzles") is not None else None
    duplicate = _duplicate(body["duplicate"]) if body.get("duplicate") is not None else None
    if puzzles is None and duplicate is None:
        raise ClassRequestError("nothing_assigned")
    return ClassRequest(check_name(body.get("name"), "name"), lang, puzzles, duplicate)


def _known(body: Mapping[str, Any], keys: tuple[str, ...], part: str | None) -> None:
    """Refuse a field not in ``keys`` (in ``part`` of the request, ``None``: at its top)."""
    unknown = [key for key in body if key not in keys]
    if unknown:
        fields, known = ", ".join(excerpt(k, 20) for k in unknown), ", ".join(keys)
        if part is None:
            raise ClassRequestError("unknown_fields", fields=fields, known=known)
        raise ClassRequestError("unknown_fields_in", where=part, fields=fields, known=known)


def _field(part: str, name: str) -> str:
    """Where a field is in the request, as a refusal names it (``puzzles.game``)."""
    return f"{part}.{name}"


def _whole(value: Any, low: int, high: int, part: str, name: str) -> int:
    where = _field(part, name)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ClassRequestError("whole", where=where, low=low, high=high, value=excerpt(value, 20))
    return value


def _puzzles(value: Any) -> PuzzleAssignment:
    if not isinstance(value, Mapping):
        raise ClassRequestError("part_not_object", where="puzzles", known=", ".join(PUZZLE_KEYS), value=excerpt(value, 40))
    _known(value, PUZZLE_KEYS, "puzzles")
    count = _whole(value.get("count", 10), 1, MAX_PUZZLES, "puzzles", "count")
    game = value.get("game")
    if game is not None and game not in PUZZLE_GAMES:
        raise ClassRequestError("one_of", where=_field("puzzles", "game"), choices=", ".join(PUZZLE_GAMES), value=excerpt(game, 20))
    theme = value.get("theme")
    if theme is not None and theme not in THEMES:
        raise ClassRequestError("one_of", where=_field("puzzles", "theme"), choices=", ".join(THEMES), value=excerpt(theme, 20))
    difficulty = value.get("difficulty")
    if difficulty is not None and difficulty not in LEVEL_NAMES:
        raise ClassRequestError("one_of", where=_field("puzzles", "difficulty"), choices=", ".join(LEVEL_NAMES),
                                value=excerpt(difficulty, 20))
    return PuzzleAssignment(count, PUZZLE_GAMES[game] if game is not None else None, theme, difficulty)


def _duplicate(value: Any) -> DuplicateAssignment:
    if not isinstance(value, Mapping):
        raise ClassRequestError("part_not_object", where="duplicate", known=", ".join(DUPLICATE_KEYS),
                                value=excerpt(value, 40))
    _known(value, DUPLICATE_KEYS, "duplicate")
    game = value.get("game", "six_love")
    if game not in DUPLICATE_GAMES:
        raise ClassRequestError("one_of", where=_field("duplicate", "game"), choices=", ".join(DUPLICATE_GAMES),
                                value=excerpt(game, 20))
    hands = _whole(value.get("hands", 2), 1, MAX_DEALS, "duplicate", "hands")
    players = 4
    if game == "vietnamese":
        players = _whole(value.get("players", 4), 2, 4, "duplicate", "players")
    elif value.get("players") not in (None, 4):
        raise ClassRequestError("four_players", game=game)
    seats = DuplicateAssignment(game, hands, {}, players).rules.seats
    student = seats[0]
    bots = value.get("bots", "greedy")
    if isinstance(bots, str):
        bots = {seat: bots for seat in seats if seat != student}
    if not isinstance(bots, Mapping):
        raise ClassRequestError("bots_shape", bots=", ".join(bot_names()), value=excerpt(bots, 40))
    for seat, bot in bots.items():
        if seat not in seats:
            raise ClassRequestError("bot_seat", seat=excerpt(seat, 8), seats=", ".join(seats))
        if not isinstance(bot, str) or bot.removeprefix("bot:") not in bot_names():
            raise ClassRequestError("one_of", where=f"duplicate.bots.{seat}", choices=", ".join(bot_names()),
                                    value=excerpt(bot, 20))
    others = [seat for seat in seats if seat not in bots]
    if len(others) != 1:
        raise ClassRequestError("bots_missing", count=len(others), seats=", ".join(others) or "-")
    return DuplicateAssignment(game, hands, {seat: bots[seat].removeprefix("bot:") for seat in seats if seat in bots},
                               players)
