"""The Replay's ``view`` as it travels: every repeated value once, each step's change as a short list.

A long record repeats itself: the same sentences ("East passes: holds no 5 and no 3."),
the same moves in short words, the same score panels, hands' pips and line ends come back
hand after hand, and each step's change names the same keys. ``pack_data`` writes the
Replay's ``view`` (:class:`~.session.ReplaySession`, steps as changes by :mod:`.step_deltas`) so that each of
those values is written once, in ``shared``, and a step's change is a list of values in the
order of ``step_keys``. The widget syncs it (its ``view`` trait's serializer), the one-file
page carries it, and ``js/kit/replay/replay_wire.mjs`` reads it back into the view when it
arrives (``js/PROTOCOL.md``, "The Replay"). A 1,200-hand record's view was 11.8x the record; packed
it is about 2.5x.

- ``shared``: the values (texts, lists, objects) the rest points to by their index, the most
  used first;
- ``step_keys``: the keys of the steps' changes; ``shared_keys`` those of them whose values
  are indices into ``shared`` (``null`` stays ``null``); the others' values are as they are;
- each hand's ``moves``, ``move_items``, ``tally_*``, ``score_*`` and ``result`` are indices
  into ``shared`` (``null`` stays ``null``);
- each hand's ``deltas`` are lists ``[mask, value, ...]``: bit ``i`` of ``mask`` says the
  change has ``step_keys[i]``, and the values follow in that order.

>>> view = {"v": 2, "hands": [{"label": "Hand 1", "moves": ["N 1-2", "S pass"], "move_items": ["a", "b"],
...          "score_before": {"rows": []}, "score_after": None, "tally_before": "0", "tally_after": None,
...          "result": None, "deltas": [{"turn": "N", "say": "Dealt.", "last": None},
...                                     {"turn": "S", "say": "Played.", "last": 0}, {"say": "Dealt."}]}]}
>>> wire = pack_data(view)
>>> wire["step_keys"], wire["shared_keys"], wire["hands"][0]["deltas"]
(['turn', 'say', 'last'], ['turn', 'say'], [[7, 7, 0, None], [7, 8, 9, 0], [2, 0]])
>>> unpack_data(wire) == view
True
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any, Hashable, Mapping

__all__ = ["pack_data", "unpack_data", "is_packed", "HAND_SHARED", "HAND_SHARED_LISTS"]

HAND_SHARED = ("score_before", "score_after", "tally_before", "tally_after", "result")
"""A hand's values written as an index into ``shared`` (``null`` stays ``null``)."""
HAND_SHARED_LISTS = ("moves", "move_items")
"""A hand's lists whose every item is an index into ``shared``."""
MAX_STEP_KEYS = 50
"""A change's mask is a whole number that JSON (and JS) hold exactly up to 2**53."""


def is_packed(data: Any) -> bool:
    """Whether ``data`` (a Replay's view) is in the packed form (the form a notebook saved before it was not)."""
    return isinstance(data, Mapping) and "step_keys" in data


def pack_data(data: Mapping[str, Any]) -> dict[str, Any]:
    """``data`` (the Replay's view, steps as changes) in the form it travels in; ``{}`` stays ``{}``."""
    if not data or not data.get("hands") or is_packed(data):
        return dict(data)
    hands = data["hands"]
    step_keys = list(dict.fromkeys(key for hand in hands for change in hand["deltas"] for key in change))
    if len(step_keys) > MAX_STEP_KEYS:
        raise ValueError(f"the steps have {len(step_keys)} keys: more than {MAX_STEP_KEYS} do not fit a mask")
    literal = {key for hand in hands for change in hand["deltas"] for key, value in change.items()
               if isinstance(value, (int, float))}  # numbers (and booleans) are written as they are
    shared_keys = [key for key in step_keys if key not in literal]
    shared = set(shared_keys)
    counts: Counter[Hashable] = Counter()
    values: dict[Hashable, Any] = {}

    def key(value: Any) -> Hashable | None:  # pass 1: each shared value as its key, counted
        if value is None:
            return None
        text = _key(value)
        counts[text] += 1
        values.setdefault(text, value)
        return text

    bit = {name: 1 << at for at, name in enumerate(step_keys)}
    keyed_hands = []
    for hand in hands:
        keyed = dict(hand)
        for name in HAND_SHARED:
            if name in hand:
                keyed[name] = key(hand[name])
        for name in HAND_SHARED_LISTS:
            if name in hand:
                keyed[name] = [key(item) for item in hand[name]]
        keyed["deltas"] = [[sum(bit[name] for name in change),
                            *(key(change[name]) if name in shared else change[name]
                              for name in step_keys if name in change)] for change in hand["deltas"]]
        keyed_hands.append(keyed)
    order = sorted(values, key=lambda text: -counts[text])  # the most used get the shortest indices
    index = {text: at for at, text in enumerate(order)}
    index_of = index.get  # pass 2: each key as its index (None stays None)
    packed_hands = []
    for keyed in keyed_hands:
        packed = dict(keyed)
        for name in HAND_SHARED:
            if name in keyed:
                packed[name] = index_of(keyed[name])
        for name in HAND_SHARED_LISTS:
            if name in keyed:
                packed[name] = [index[text] for text in keyed[name]]
        packed["deltas"] = [_refs(change, step_keys, shared, index_of) for change in keyed["deltas"]]
        packed_hands.append(packed)
    return {**data, "shared": [values[text] for text in order], "step_keys": step_keys,
            "shared_keys": shared_keys, "hands": packed_hands}


def unpack_data(wire: Mapping[str, Any]) -> dict[str, Any]:
    """The Replay's view back from :func:`pack_data` (a view not packed is returned as it is)."""
    if not is_packed(wire):
        return dict(wire)
    shared, step_keys = wire["shared"], wire["step_keys"]
    refs = set(wire["shared_keys"])

    def value(at: int | None) -> Any:
        return None if at is None else shared[at]

    hands = []
    for packed in wire["hands"]:
        hand = dict(packed)
        for name in HAND_SHARED:
            if name in packed:
                hand[name] = value(packed[name])
        for name in HAND_SHARED_LISTS:
            if name in packed:
                hand[name] = [value(at) for at in packed[name]]
        deltas = []
        for mask, *items in packed["deltas"]:
            keys = [key for at, key in enumerate(step_keys) if mask >> at & 1]
            deltas.append({key: value(item) if key in refs else item for key, item in zip(keys, items)})
        hand["deltas"] = deltas
        hands.append(hand)
    rest = {k: v for k, v in wire.items() if k not in ("shared", "step_keys", "shared_keys")}
    return {**rest, "hands": hands}


def _refs(change: list[Any], step_keys: list[str], shared: set[str], index_of: Any) -> list[Any]:
    """A change's list with its shared values' keys made indices."""
    mask = change[0]
    names = [name for at, name in enumerate(step_keys) if mask >> at & 1]
    return [mask, *(index_of(item) if name in shared else item for name, item in zip(names, change[1:]))]


_SCALARS = (str, int)
_encode = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


def _key(value: Any) -> Hashable:
    """Two values are shared when they are the same JSON (the order of an object's keys kept).

    A text is keyed by itself, a flat list or object of texts and whole numbers by a tuple
    (quicker than JSON, and most values are one of these), anything else by its JSON."""
    kind = type(value)
    if kind is str:
        return value
    if kind is list and all(type(item) in _SCALARS for item in value):
        return ("[", *value)
    if kind is dict and all(type(item) in _SCALARS for item in value.values()):
        return ("{", *value.items())
    return ("json", _encode(value))
