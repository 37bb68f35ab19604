"""The message catalogs: every word the widgets and pictures show, per language.

A catalog is ``locales/<lang>.toml``, one section per part of the product; the ``[ui]``
section holds the front end's own labels and goes to the browser as the ``words`` trait.
Translators edit these files; no word for people lives in the code.
"""

from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Any

__all__ = ["LANGUAGES", "catalog", "ui_words", "check_language"]

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
        return tomllib.load(file)


def ui_words(lang: str) -> dict[str, str]:
    """The front end's labels in ``lang``, with English for any the language lacks."""
    english = catalog("en").get("ui", {})
    return {**english, **catalog(lang).get("ui", {})} if lang != "en" else dict(english)
