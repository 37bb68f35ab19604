"""The message catalogs: every word the widgets and pictures show, per language.

A catalog is ``locales/<lang>.toml``, one section per part of the product; the ``[ui]``
section holds the front end's own labels and goes to the browser as the ``words`` trait.
Translators edit these files; no word for people lives in the code.
"""

from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from ..engine.refusals import REFUSALS

__all__ = ["LANGUAGES", "catalog", "ui_words", "check_language", "Words", "Voice"]

LOCALES = Path(__file__).resolve().parent / "locales"
LANGUAGES = ("en", "vi")
"""The languages with a catalog; ``en`` is the default and the fallback for a missing word."""


def check_language(lang: Any) -> str:
    """``lang`` if it names a catalog, else a ``ValueError`` listing them."""
    if lang not in LANGUAGES:
        raise ValueError(f"lang must be one of {', '.join(LANGUAGES)}, not {lang!r}"[:200])
    return str(lang)


@lru_cache(maxsize=None)
def catalog(lang: str) -> dict[str, Any]:
    """The whole catalog of ``lang`` as nested dicts (empty when the file is missing)."""
    path = LOCALES / f"{lang}.toml"
    if not path.exists():
        return {}
    with path.open("rb") as file:
        table = tomllib.load(file)
    if lang == "en":  # the refusals' English is the engine's own (engine/refusals.py)
        table["refusal"] = {**REFUSALS, **table.get("refusal", {})}
    return table


def ui_words(lang: str) -> dict[str, str]:
    """The front end's labels in ``lang``, with English for any the language lacks."""
    english = catalog("en").get("ui", {})
    return {**english, **catalog(lang).get("ui", {})} if lang != "en" else dict(english)


class Words:
    """The words of one language: ``words("move.play", who="North", …)`` fills a catalog entry.

    A key is ``section.name``; an entry missing from the language comes from English. An
    entry that is a table of plural forms takes ``n``: ``words("count.tile", n=3)``.
    """

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang
        self._entries = _entries(lang)

    def has(self, key: str) -> bool:
        return key in self._entries

    def __call__(self, key: str, **params: Any) -> str:
        entry = self._entries.get(key)
        if entry is None:
            raise KeyError(f"no words for {key!r} in the {self.lang} catalog")
        if isinstance(entry, dict):  # plural forms
            entry = entry["one"] if params.get("n") == 1 and "one" in entry else entry["other"]
        return str(entry).format_map(params)

    def count(self, what: str, n: int) -> str:
        """``3 tiles``: a number with its noun (``count.<what>``)."""
        return self(f"count.{what}", n=n)

    def listing(self, items: list[str]) -> str:
        """``N``, ``N and S``, ``E, S and W``."""
        if len(items) == 1:
            return items[0]
        if len(items) == 2:
            return self("name.and_two", a=items[0], b=items[1])
        return self("name.and_more", first=self("name.list_separator").join(items[:-1]), last=items[-1])


class Voice:
    """Words that speak of seats by name, and to one seat (the person at the screen) as "you".

    ``names`` maps seats to what to call them (default: the seat's name in the language);
    ``say(key, who=seat, …)`` fills ``{who}`` and picks the ``_you`` form of the entry when
    ``who`` is the seat spoken to and the language has one.
    """

    def __init__(self, lang: str = "en", names: Mapping[str, str] | None = None, you: str | None = None) -> None:
        self.words = Words(lang)
        self.lang = lang
        self.names = dict(names or {})
        self.you = you

    @classmethod
    def letters(cls, lang: str = "en") -> "Voice":
        """Seats called by their letters, as records write them (``N passes …``)."""
        return cls(lang, {seat: seat for seat in "NESW"})

    def name(self, seat: str) -> str:
        if seat in self.names:
            return self.names[seat]
        return self.words(f"seat.{seat}") if seat in ("N", "E", "S", "W") else seat

    def team(self, team: str) -> str:
        return self.words(f"team.{team}")

    def say(self, key: str, who: str | None = None, **params: Any) -> str:
        if who is not None:
            params.setdefault("who", self.name(who))
            if who == self.you and self.words.has(f"{key}_you"):
                key = f"{key}_you"
        return self.words(key, **params)

    def __call__(self, key: str, **params: Any) -> str:
        return self.words(key, **params)


@lru_cache(maxsize=None)
def _entries(lang: str) -> dict[str, Any]:
    """Every entry of ``lang`` by its key (``section.name``), English filling the gaps: one
    dict look-up per sentence, as the table server words every seat's view after every move."""
    entries = _flat(catalog("en"))
    entries.update(_flat(catalog(lang)))
    return entries


def _flat(table: Mapping[str, Any]) -> dict[str, Any]:
    return {f"{section}.{name}": entry for section, names in table.items() if isinstance(names, dict)
            for name, entry in names.items() if entry is not None}
