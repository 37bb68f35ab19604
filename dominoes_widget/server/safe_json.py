"""JSON from a client, read within limits: what a hostile body or frame holds is refused
with the limit it broke, before anything else reads it.

``json.loads`` alone recurses once per bracket (about 1,000 nested brackets raise
``RecursionError``), turns any run of digits into an ``int`` (4,301 digits raise
``ValueError``, fewer still cost quadratic time) and reads ``NaN`` and ``Infinity``. Here
the nesting is counted first, outside strings, without recursion; numbers longer than a
limit and the non-numbers are refused while parsing; strings and containers are measured
after, on a value that is then known to be shallow.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

__all__ = ["JsonLimits", "JsonLimitError", "read_json", "MAX_DEPTH", "MAX_NUMBER_CHARS", "MAX_STRING_CHARS",
           "MAX_ITEMS"]

MAX_DEPTH = 16
"""Brackets open at once; a table request needs 2, an intent 1."""
MAX_NUMBER_CHARS = 40
"""Characters of one number (a seed of 2**64 has 20 digits)."""
MAX_STRING_CHARS = 1000
"""Characters of one string (a name, a move)."""
MAX_ITEMS = 200
"""Entries of one array or object."""

_BRACKETS = re.compile(r'["\\\[\]{}]')


@dataclass(frozen=True)
class JsonLimits:
    """The limits :func:`read_json` keeps (defaults: the module's constants)."""

    depth: int = MAX_DEPTH
    number_chars: int = MAX_NUMBER_CHARS
    string_chars: int = MAX_STRING_CHARS
    items: int = MAX_ITEMS


class JsonLimitError(ValueError):
    """Client JSON that is not JSON or breaks a limit. ``key`` names the limit (a
    ``message.json_<key>`` sentence of the catalog), ``params`` fill it in; ``str()`` is
    the English sentence an HTTP answer carries."""

    def __init__(self, key: str, sentence: str, **params: Any) -> None:
        super().__init__(sentence)
        self.key = key
        self.params = params


def read_json(data: str | bytes, limits: JsonLimits = JsonLimits()) -> Any:
    """The value of ``data`` (UTF-8 when bytes), or a :class:`JsonLimitError`."""
    if isinstance(data, (bytes, bytearray)):
        try:
            data = bytes(data).decode("utf-8")
        except UnicodeDecodeError as error:
            raise JsonLimitError("not_utf8", f"the text is not UTF-8 (byte {error.start})", at=error.start) from None
    _check_depth(data, limits.depth)
    try:
        value = json.loads(data, parse_int=_number(limits, int), parse_float=_number(limits, float),
                           parse_constant=_not_a_number)
    except json.JSONDecodeError as error:
        raise JsonLimitError("not_json", f"not JSON: {error.msg} at character {error.pos}", at=error.pos) from None
    _check_sizes(value, limits)
    return value


def _check_depth(text: str, limit: int) -> None:
    depth = 0
    in_string = False
    escape_at = -2  # where the last backslash inside a string was: it escapes the next character
    for found in _BRACKETS.finditer(text):
        char, at = found.group(), found.start()
        if in_string:
            if at == escape_at + 1:
                continue
            if char == "\\":
                escape_at = at
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > limit:
                raise JsonLimitError("too_deep", f"nested deeper than {limit} levels (the depth limit)", limit=limit)
        elif char in "]}":
            depth -= 1


def _number(limits: JsonLimits, kind: type) -> Any:
    def parse(text: str) -> Any:
        if len(text) > limits.number_chars:
            raise JsonLimitError("number_too_long", f"a number of {len(text)} characters: at most "
                                 f"{limits.number_chars} (the number length limit)", size=len(text),
                                 limit=limits.number_chars)
        number = kind(text)
        if number in (float("inf"), float("-inf")):
            raise JsonLimitError("not_a_number", f"the number {text[:20]} is too large for a float",
                                 text=text[:20])
        return number
    return parse


def _not_a_number(text: str) -> Any:
    raise JsonLimitError("not_a_number", f"{text} is not a number JSON allows", text=text)


def _check_sizes(value: Any, limits: JsonLimits) -> None:
    if isinstance(value, str):
        if len(value) > limits.string_chars:
            raise JsonLimitError("string_too_long", f"a string of {len(value)} characters: at most "
                                 f"{limits.string_chars} (the string length limit)", size=len(value),
                                 limit=limits.string_chars)
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise JsonLimitError("not_unicode", "a string holds a lone surrogate (\\ud800-\\udfff): not Unicode "
                                 "text") from None
    elif isinstance(value, (list, dict)):
        if len(value) > limits.items:
            raise JsonLimitError("too_many_items", f"{len(value)} entries in one array or object: at most "
                                 f"{limits.items} (the entries limit)", size=len(value), limit=limits.items)
        for item in value.items() if isinstance(value, dict) else value:
            if isinstance(item, tuple):
                _check_sizes(item[0], limits)
                _check_sizes(item[1], limits)
            else:
                _check_sizes(item, limits)
