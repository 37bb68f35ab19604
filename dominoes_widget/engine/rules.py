"""The rules in force: the game, the number of players and every setting of RULES.md.

Variants are data: one :class:`Rules` value with named settings, built from a preset
(``Rules.six_love()``) or from a record's ``rules`` header (``Rules.from_settings``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, partial
from typing import Any, Callable, Mapping

from .errors import Reason, RulesError, excerpt

__all__ = ["Rules", "RulesError", "SETTINGS", "SEATS_BY_PLAYERS", "GAMES", "Setting", "TEAMS", "team_of", "partner_of",
           "other_team"]

GAMES = ("partnership", "vietnamese")

SEATS_BY_PLAYERS = {2: ("S", "N"), 3: ("S", "E", "N"), 4: ("N", "E", "S", "W")}
"""The seats in play for each number of players, as records list them."""

_ANTICLOCKWISE = ("S", "E", "N", "W")

TEAMS = ("NS", "EW")
"""The partnership teams: North-South and East-West."""
_PARTNER = {"N": "S", "S": "N", "E": "W", "W": "E"}


def team_of(seat: str) -> str:
    """The partnership team of a seat: ``NS`` or ``EW``."""
    return "NS" if seat in ("N", "S") else "EW"


def partner_of(seat: str) -> str:
    """The partner's seat in the partnership game (opposite)."""
    return _PARTNER[seat]


def other_team(team: str) -> str:
    """The partnership team against ``team`` (``NS`` against ``EW``)."""
    return "EW" if team == "NS" else "NS"

SettingValue = str | int | bool | None
"""A value a setting takes, as records write it (JSON text, number, true/false or null)."""


@dataclass(frozen=True)
class Setting:
    """One named rule setting: its allowed values (the default first) and its games."""

    name: str
    values: tuple[SettingValue, ...]
    games: tuple[str, ...]
    meaning: str


SETTINGS: dict[str, Setting] = {
    s.name: s
    for s in (
        Setting("direction", ("anticlockwise", "clockwise"), GAMES, "the order of play"),
        Setting("target", (6, None), GAMES, "the score (or hand wins) that ends the match"),
        Setting("blank_rule", ("standard", "wild"), ("vietnamese",), "whether a blank end takes any tile"),
        Setting("sporting", (False, True), ("partnership",),
                "whether the 6-6 holder may lead another tile"),
        Setting("blocked_rule", ("lowest_individual", "lowest_team_total"), ("partnership",),
                "who wins a blocked hand"),
        Setting("scoring", ("six_love", "straight_six"), ("partnership",), "the match scoring"),
        Setting("straight_six_tie", ("no_points", "accumulate"), ("partnership",),
                "what a tied hand is worth in Straight Six"),
        Setting("six_love_break", ("reset", "streak"), ("partnership",),
                "what happens when the team on 0 wins in Six Love"),
        Setting("replay_leader", ("seed", "double_six_holder"), ("partnership",),
                "who leads the replay of a tied hand"),
        Setting("leader_after_reset", ("previous_winner", "double_six_holder"), ("partnership",),
                "who leads after the score returns to 0-0"),
        Setting("one_all_playoff", (False, True), ("partnership",), "the 1-1 play-off"),
        Setting("playoff_leader", ("double_six_holder", "previous_winner"), ("partnership",),
                "who leads the play-off hand"),
        Setting("no_double_fallback", ("highest_tile", "redeal"), ("vietnamese",),
                "the first lead when no double was dealt"),
        Setting("drawn_tile_must_play", (True, False), ("vietnamese",),
                "whether a drawn tile that fits must be played at once"),
        Setting("draw_mode", ("one", "until_playable"), ("vietnamese",),
                "how many tiles a stuck player draws"),
        Setting("block_detection", ("dead_ends", "exhaust_boneyard"), ("vietnamese",),
                "whether a hand can block while the pile has tiles"),
        Setting("tie_rule", ("no_winner", "fewest_tiles"), ("vietnamese",),
                "a tie for the lowest blocked count"),
    )
}


@dataclass(frozen=True)
class Rules:
    """The game, the number of players and every setting; compare and hash by value."""

    game: str = "partnership"
    players: int = 4
    direction: str = "anticlockwise"
    target: int | None = None  # partnership: 6 when not given; Vietnamese: none (play on)
    blank_rule: str = "standard"
    sporting: bool = False
    blocked_rule: str = "lowest_individual"
    scoring: str = "six_love"
    straight_six_tie: str = "no_points"
    six_love_break: str = "reset"
    replay_leader: str = "seed"
    leader_after_reset: str = "previous_winner"
    one_all_playoff: bool = False
    playoff_leader: str = "double_six_holder"
    no_double_fallback: str = "highest_tile"
    drawn_tile_must_play: bool = True
    draw_mode: str = "one"
    block_detection: str = "dead_ends"
    tie_rule: str = "no_winner"

    def __post_init__(self) -> None:
        if self.game not in GAMES:
            raise RulesError(Reason.BAD_GAME, f"unknown game {excerpt(self.game)}; the games are {', '.join(GAMES)}")
        if self.game == "partnership" and self.players != 4:
            raise RulesError(Reason.BAD_SEATS, "the partnership game is for exactly 4 players")
        if self.game == "partnership" and self.target is None:
            object.__setattr__(self, "target", 6)
        if self.players not in SEATS_BY_PLAYERS:
            raise RulesError(Reason.BAD_SEATS, f"{excerpt(self.players)} players: the games are for 2, 3 or 4 players")
        for setting in SETTINGS.values():
            value = getattr(self, setting.name)
            if setting.name == "target":
                _check_target(value)
            elif value not in setting.values or type(value) is not type(setting.values[0]):
                raise RulesError(Reason.BAD_SETTING, _bad_value(setting, value), setting.name)
            elif self.game not in setting.games and value != setting.values[0]:
                raise RulesError(Reason.BAD_SETTING, _not_in_game(setting.name, self.game), setting.name)

    # -- presets -------------------------------------------------------------------------
    @classmethod
    def six_love(cls, **settings: Any) -> "Rules":
        """Partnership dominoes scored Six Love (the default game)."""
        return cls.from_settings("partnership", {"scoring": "six_love", **settings})

    @classmethod
    def straight_six(cls, **settings: Any) -> "Rules":
        """Partnership dominoes scored Straight Six."""
        return cls.from_settings("partnership", {"scoring": "straight_six", **settings})

    @classmethod
    def vietnamese(cls, players: int = 4, **settings: Any) -> "Rules":
        """The Vietnamese game for 2, 3 or 4 players with a draw pile."""
        return cls.from_settings("vietnamese", settings, players=players)

    @classmethod
    def preset(cls, name: str, **settings: Any) -> "Rules":
        """A preset by name: ``six_love``, ``straight_six``, ``vietnamese2`` … ``vietnamese4``."""
        presets: dict[str, Callable[[], Rules]] = {
            "six_love": partial(cls.six_love, **settings),
            "straight_six": partial(cls.straight_six, **settings),
            "vietnamese": partial(cls.vietnamese, 4, **settings),
            **{f"vietnamese{n}": partial(cls.vietnamese, n, **settings) for n in (2, 3, 4)},
        }
        if name not in presets:
            raise RulesError(Reason.BAD_GAME, f"unknown preset {excerpt(name)}; the presets are {', '.join(presets)}")
        return presets[name]()

    @classmethod
    def from_settings(
        cls, game: str = "partnership", settings: Mapping[str, Any] | None = None, *, players: int | None = None
    ) -> "Rules":
        """Rules from setting names and values as RULES.md and records write them."""
        if game not in GAMES:
            raise RulesError(Reason.BAD_GAME, f"unknown game {excerpt(game)}; the games are {', '.join(GAMES)}")
        settings = dict(settings or {})
        for name in settings:
            if name not in SETTINGS:
                raise RulesError(Reason.UNKNOWN_SETTING,
                                 f"unknown setting {excerpt(name)}; the settings are {', '.join(sorted(SETTINGS))}",
                                 str(name)[:40])
            if game not in SETTINGS[name].games:
                raise RulesError(Reason.BAD_SETTING, _not_in_game(name, game), name)
        return cls(game=game, players=players or 4, **settings)

    # -- derived facts -------------------------------------------------------------------
    @property
    def seats(self) -> tuple[str, ...]:
        """The seats in play, in the order records list them."""
        return SEATS_BY_PLAYERS[self.players]

    @cached_property
    def turn_order(self) -> tuple[str, ...]:
        """The seats in the order they play, starting from S (or N where S is absent)."""
        ring = _ANTICLOCKWISE if self.direction == "anticlockwise" else tuple(reversed(_ANTICLOCKWISE))
        ring = ring[ring.index("S"):] + ring[: ring.index("S")]
        return tuple(seat for seat in ring if seat in self.seats)

    @cached_property
    def seat_set(self) -> frozenset[str]:
        return frozenset(self.seats)

    @cached_property
    def next_seat(self) -> dict[str, str]:
        """Each seat's successor in the order of play."""
        order = self.turn_order
        return {seat: order[(i + 1) % len(order)] for i, seat in enumerate(order)}

    @cached_property
    def double_blank_pips(self) -> int:
        """What the 0-0 counts in a blocked hand: 13 in the Vietnamese game, else its 0 pips."""
        return 13 if self.game == "vietnamese" else 0

    @cached_property
    def has_boneyard(self) -> bool:
        return self.game == "vietnamese" and self.players < 4

    @cached_property
    def is_partnership(self) -> bool:
        return self.game == "partnership"

    def settings(self, *, changed_only: bool = False) -> dict[str, Any]:
        """The settings of this game by name (only those differing from the defaults)."""
        defaults = Rules.from_settings(self.game, players=self.players)
        return {
            name: getattr(self, name)
            for name, setting in SETTINGS.items()
            if self.game in setting.games
            and not (changed_only and getattr(self, name) == getattr(defaults, name))
        }

    def with_settings(self, **settings: Any) -> "Rules":
        """A copy with some settings changed, checked like ``from_settings``."""
        merged = {**self.settings(), **settings}
        return Rules.from_settings(self.game, merged, players=self.players)

    @property
    def name(self) -> str:
        """A short title: ``Six Love``, ``Straight Six``, ``Vietnamese, 3 players``."""
        if self.game == "vietnamese":
            return f"Vietnamese, {self.players} players"
        return "Six Love" if self.scoring == "six_love" else "Straight Six"


def _check_target(value: Any) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 1000:
        raise RulesError(Reason.BAD_SETTING,
                         f"setting 'target' takes a whole number from 1 to 1000 (or none), not {excerpt(value)}",
                         "target")


def _not_in_game(name: str, game: str) -> str:
    return f"setting {name!r} does not apply to the {game} game"


def _bad_value(setting: Setting, value: Any) -> str:
    allowed = ", ".join(_json_word(v) for v in setting.values)
    return (f"setting {setting.name!r} takes {allowed} (default {_json_word(setting.values[0])}), "
            f"not {_json_word(value)}")


def _json_word(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return excerpt(value)

