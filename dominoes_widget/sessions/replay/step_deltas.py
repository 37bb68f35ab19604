"""A hand's steps sent as changes: each step only says what differs from the step before.

The replay's steps repeat themselves: from one step to the next one seat's hand loses a
tile, the line gains one at an end, and the rest (the other hands, the pips, who passed)
mostly stays. Sent whole, a 1,200-hand record made an 11.6 MB page; sent as changes, the
data grows with the moves, not with the moves times the position.

The encoding works on the step payloads alone (any dict of JSON values), so it does not
depend on how a step is built. ``js/kit/replay/replay_deltas.mjs`` reads it back in the browser.

- step 0 is sent whole;
- step ``k`` holds only the keys whose value changed; a key whose old and new values are
  both objects holds only the entries that changed (merged into the old object);
- a line that grew by one tile at an end is sent as ``line_left`` or ``line_right``
  (that tile) instead of the whole ``line``;
- an object's entry that is a list which lost one item (a hand that played a tile) is sent
  in ``less`` as that item (``{"hands": {"S": "6-6"}}``) instead of the rest of the list;
- ``whole`` lists the objects sent whole because an entry went (rare: a merge would keep it).

>>> steps = [{"line": [], "hands": {"N": ["1-2"], "S": ["3-4"]}, "turn": "N"},
...          {"line": [[1, 2]], "hands": {"N": [], "S": ["3-4"]}, "turn": "S"},
...          {"line": [[1, 2], [2, 3]], "hands": {"N": [], "S": ["3-4"]}, "turn": "S"}]
>>> encode_steps(steps)[1:]
[{'line_left': [1, 2], 'less': {'hands': {'N': '1-2'}}, 'turn': 'S'}, {'line_right': [2, 3]}]
>>> decode_steps(encode_steps(steps)) == steps
True
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

__all__ = ["encode_steps", "decode_steps", "hand_steps"]

LINE = "line"
LINE_LEFT, LINE_RIGHT = "line_left", "line_right"
WHOLE = "whole"  # the keys of objects sent whole (an entry was removed), not merged
LESS = "less"  # per object key, the entries (lists) that lost one item: that item


def encode_steps(steps: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """``steps`` as step 0 whole, then each step's change from the one before."""
    encoded: list[dict[str, Any]] = []
    before: Mapping[str, Any] | None = None
    for step in steps:
        encoded.append(dict(step) if before is None else _change(before, step))
        before = step
    return encoded


def decode_steps(encoded: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The whole steps back from :func:`encode_steps`."""
    steps: list[dict[str, Any]] = []
    for change in encoded:
        steps.append(dict(change) if not steps else _apply(steps[-1], change))
    return steps


def hand_steps(hand: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every step of one hand of the Replay's ``view`` (its ``deltas`` read back; a hand saved
    before the changes were sent, in a notebook's widget state, has its ``steps`` whole)."""
    return decode_steps(hand["deltas"]) if "deltas" in hand else list(hand["steps"])


def _change(before: Mapping[str, Any], step: Mapping[str, Any]) -> dict[str, Any]:
    change: dict[str, Any] = {}
    for key, value in step.items():
        old = before.get(key)
        if key in before and old == value:
            continue
        if key == LINE and isinstance(old, list) and isinstance(value, list) and len(value) == len(old) + 1:
            if value[1:] == old:
                change[LINE_LEFT] = value[0]
                continue
            if value[:-1] == old:
                change[LINE_RIGHT] = value[-1]
                continue
        if isinstance(old, dict) and isinstance(value, dict):
            if old.keys() <= value.keys():
                changed = {k: v for k, v in value.items() if k not in old or old[k] != v}
                less = {k: gone for k, v in changed.items() if (gone := _one_less(old.get(k), v)) is not None}
                if less:
                    change.setdefault(LESS, {})[key] = less
                    changed = {k: v for k, v in changed.items() if k not in less}
                if changed:
                    change[key] = changed
                continue
            change.setdefault(WHOLE, []).append(key)  # an entry went: merging would keep it
        change[key] = value
    return change


def _one_less(old: Any, new: Any) -> str | int | None:
    """The one item (a string or a number) that ``old`` lost to become ``new``, if that is all
    that happened (the first of its equals removed), else ``None``."""
    if not (isinstance(old, list) and isinstance(new, list) and len(new) == len(old) - 1):
        return None
    at = next((i for i, (a, b) in enumerate(zip(old, new)) if a != b), len(new))
    gone = old[at]
    if isinstance(gone, bool) or not isinstance(gone, (str, int)) or old.index(gone) != at:
        return None
    return gone if old[at + 1:] == new[at:] else None


def _without(items: list[Any], gone: Any) -> list[Any]:
    at = items.index(gone)
    return [*items[:at], *items[at + 1:]]


def _apply(before: Mapping[str, Any], change: Mapping[str, Any]) -> dict[str, Any]:
    step = dict(before)
    whole = change.get(WHOLE, ())
    for key, less in change.get(LESS, {}).items():
        step[key] = {**before[key], **{k: _without(before[key][k], gone) for k, gone in less.items()}}
    for key, value in change.items():
        if key in (WHOLE, LESS):
            continue
        if key == LINE_LEFT:
            step[LINE] = [value, *before[LINE]]
        elif key == LINE_RIGHT:
            step[LINE] = [*before[LINE], value]
        elif isinstance(value, dict) and isinstance(step.get(key), dict) and key not in whole:
            step[key] = {**step[key], **value}
        else:
            step[key] = value
    return step
