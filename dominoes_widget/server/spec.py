"""What ``POST /api/tables`` asks for, checked: the game, its players, rules, bots and names.

```json
{"game": "six_love", "players": 4, "rules": {"target": 3}, "bots": {"E": "strong", "W": "greedy"},
 "names": {"S": "Ana"}, "lang": "en", "bot_delay": 0.6, "absent": {"bot": "greedy", "after": 60}}
```

Every seat without a bot is a person's, with a secret link of its own. ``absent`` lets a
bot move for a person whose seat has no browser open, once it has waited ``after``
seconds on them; left out, nobody ever moves for an absent person. ``host`` names the seat
of the person setting the table up (default: the first person's seat, in the order of the
seats in play): only that seat's link changes what is the whole table's (the bots' speed).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ..studies.bots import bot_names
from ..engine.errors import excerpt
from ..engine.rules import SETTINGS
from ..sessions.table.session import HUMAN, TableOptions, table_options

__all__ = ["TableSpec", "AbsentBot", "SpecError", "read_spec", "GAMES", "KEYS"]

GAMES = ("six_love", "straight_six", "vietnamese")
KEYS = ("game", "players", "rules", "bots", "names", "lang", "seed", "bot_delay", "hints", "counting", "absent",
        "host")
MAX_ABSENT_WAIT = 24 * 3600.0


class SpecError(ValueError):
    """A table request the server cannot set up; the message says what and where."""


@dataclass(frozen=True)
class AbsentBot:
    """A bot that moves for a person whose seat has no browser open, after ``after`` seconds."""

    bot: str
    after: float


@dataclass(frozen=True)
class TableSpec:
    """A checked table request: the table's options, the absent-seat setting and the request as kept."""

    options: TableOptions
    absent: AbsentBot | None
    request: dict[str, Any]
    host: str | None = None
    """The seat of the person who set the table up; ``None``: the first person's seat."""

    @property
    def human_seats(self) -> list[str]:
        return [seat for seat in self.options.rules.seats if self.options.kinds[seat] == HUMAN]

    @property
    def host_seat(self) -> str:
        """The seat whose link changes the whole table's settings: ``host``, else the first person's."""
        return self.host if self.host is not None else self.human_seats[0]


def read_spec(body: Any) -> TableSpec:
    """Check a table request; a :class:`SpecError` names what is wrong."""
    if not isinstance(body, Mapping):
        raise SpecError(f"a table request is a JSON object, not {excerpt(body, 40)}")
    unknown = [key for key in body if key not in KEYS]
    if unknown:
        raise SpecError(f"unknown field(s) {', '.join(excerpt(k, 20) for k in unknown)}; the fields are "
                        f"{', '.join(KEYS)}")
    game = body.get("game", "six_love")
    if game not in GAMES:
        raise SpecError(f"game {excerpt(game, 20)}: one of {', '.join(GAMES)}")
    rules = body.get("rules") or {}
    if not isinstance(rules, Mapping) or any(key not in SETTINGS for key in rules):
        raise SpecError(f"rules maps settings to values; the settings are {', '.join(SETTINGS)}")
    bots = body.get("bots") or {}
    if not isinstance(bots, Mapping):
        raise SpecError(f"bots maps seats to bot names ({', '.join(bot_names())}), not {excerpt(bots, 40)}")
    for key in ("hints", "counting"):
        if body.get(key) is not None and not isinstance(body[key], bool):
            raise SpecError(f"{key} is true or false, not {excerpt(body[key], 20)}")
    names = body.get("names")
    if isinstance(names, Mapping) and any(not isinstance(name, str) for name in names.values()):
        raise SpecError("names maps seats to names written as text")
    options = {key: body[key] for key in ("players", "names", "lang", "seed", "bot_delay", "hints", "counting")
               if body.get(key) is not None}
    if game != "vietnamese" and options.get("players") == 4:
        del options["players"]  # the partnership game is always four: saying so is fine
    try:
        seats = {seat: HUMAN for seat in table_options(game, {**options, **rules}).rules.seats}
        unknown_seats = [seat for seat in bots if seat not in seats]
        if unknown_seats:
            raise SpecError(f"bots: seat {excerpt(unknown_seats[0], 8)} is not in play; the seats are "
                            f"{', '.join(seats)}")
        checked = table_options(game, {**options, **rules, "seats": {**seats, **bots}})
    except (TypeError, ValueError) as error:
        raise SpecError(str(error)) from None
    spec = TableSpec(checked, _absent(body.get("absent")), dict(body), body.get("host"))
    if not spec.human_seats:
        raise SpecError("every seat has a bot: a table needs at least one person")
    if spec.host is not None and spec.host not in spec.human_seats:
        raise SpecError(f"host: {excerpt(spec.host, 8)} is not a person's seat; the people sit at "
                        f"{', '.join(spec.human_seats)}")
    return spec


def _absent(value: Any) -> AbsentBot | None:
    if value is None:
        return None
    if not isinstance(value, Mapping) or set(value) - {"bot", "after"}:
        raise SpecError('absent is {"bot": NAME, "after": SECONDS} (or left out: nobody moves for an absent person)')
    bot = value.get("bot", "greedy")
    if bot not in bot_names():
        raise SpecError(f"absent: {excerpt(bot, 20)} is not a bot ({', '.join(bot_names())})")
    after = value.get("after", 60)
    if isinstance(after, bool) or not isinstance(after, (int, float)) or not 0 <= after <= MAX_ABSENT_WAIT:
        raise SpecError(f"absent: after is seconds, from 0 to {MAX_ABSENT_WAIT:.0f}, not {excerpt(after, 20)}")
    return AbsentBot(bot, float(after))
