"""The steps of a puzzle run, on cards alone: the same steps as ``js/kit/puzzles/puzzle_logic.mjs``.

A run's state is a plain dict: the ``filters`` (game, theme, level), the ``order`` of the
cards that match them, where it is (``at``), the hints shown (``hint``: 0, 1 or 2), the
wrong moves tried, whether the puzzle is ``solved``, the ``streak`` and the ``score``, and
the last answer's ``feedback``. :func:`apply` takes one intent from the browser and gives the
next state, or the same state and the catalog key of a refusal. :func:`public` is what the
browser is sent. ``tests/test_puzzle_session.py`` and ``js/kit/puzzles/puzzle_logic.test.mjs`` run
the same cases (``tests/data/puzzle_cases.json``) through both.

Scoring: a puzzle solved with no wrong move and without the second hint (the move itself)
scores 1 and adds 1 to the streak; a wrong move, or the move shown, ends the streak.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from ..protocol import PROTOCOL_VERSION
from .shapes import PuzzleCard, PuzzleChoice, PuzzleState

__all__ = ["start", "apply", "public", "matching", "FILTERS", "HINT_STEPS", "MAX_MOVE"]

FILTERS = ("game", "theme", "level")
HINT_STEPS = 2
MAX_MOVE = 40
"""The longest move text an answer may carry."""

Summary = Mapping[str, Any]
"""What filtering reads of a card: its ``game``, ``themes`` and ``band``."""


def matching(summaries: Sequence[Summary], filters: Mapping[str, str | None]) -> list[int]:
    """The indices of the cards that pass ``filters`` (``None``: any)."""
    game, theme, level = (filters.get(name) for name in FILTERS)
    return [index for index, card in enumerate(summaries)
            if (game is None or card["game"] == game) and (theme is None or theme in card["themes"])
            and (level is None or card["band"] == level)]


def start(summaries: Sequence[Summary], filters: Mapping[str, str | None] | None = None) -> dict[str, Any]:
    """The first state of a run over these cards."""
    chosen = {name: (filters or {}).get(name) for name in FILTERS}
    return _fresh({"filters": chosen, "order": matching(summaries, chosen), "at": 0, "streak": 0, "score": 0})


def _fresh(state: dict[str, Any]) -> dict[str, Any]:
    """``state`` at the start of its puzzle: no hint, no try, no feedback."""
    return {**state, "hint": 0, "tried": [], "solved": False, "feedback": None}


def apply(state: Mapping[str, Any], intent: Any, summaries: Sequence[Summary], card: Callable[[int], PuzzleCard],
          choices: Mapping[str, Sequence[PuzzleChoice]], words: Mapping[str, str]) -> tuple[dict[str, Any], str | None]:
    """The state after ``intent``; with a refusal (a ``solve.*`` key) the state is unchanged."""
    state = dict(state)
    kind = intent.get("type") if isinstance(intent, dict) else None
    if kind == "filter":
        return _filter(state, intent, summaries, choices)
    if kind not in ("answer", "hint", "next"):
        return state, "bad_intent"
    if kind == "answer" and not (isinstance(intent.get("move"), str) and 0 < len(intent["move"]) <= MAX_MOVE):
        return state, "bad_intent"
    if not state["order"]:
        return state, "no_puzzle"
    if kind == "next":
        return _fresh({**state, "at": (state["at"] + 1) % len(state["order"])}), None
    if kind == "hint":
        return (state, "no_hint") if state["hint"] >= HINT_STEPS else ({**state, "hint": state["hint"] + 1}, None)
    current = card(state["order"][state["at"]])
    move = intent["move"]
    verdict = current["verdicts"].get(move)
    if state["solved"]:
        return state, "solved"
    if verdict is None:
        return state, "not_legal"
    label = next((item["label"] for item in current["view"]["items"] if item["move"] == move), move)
    feedback = {"move": move, "label": label, "right": verdict["right"],
                "title": words["right" if verdict["right"] else "wrong"], "why": list(verdict["why"])}
    if not verdict["right"]:
        tried = state["tried"] if move in state["tried"] else [*state["tried"], move]
        return {**state, "tried": tried, "streak": 0, "feedback": feedback}, None
    clean = not state["tried"] and state["hint"] < HINT_STEPS
    return {**state, "solved": True, "feedback": feedback, "score": state["score"] + (1 if clean else 0),
            "streak": state["streak"] + 1 if clean else 0}, None


def _filter(state: dict[str, Any], intent: Mapping[str, Any], summaries: Sequence[Summary],
            choices: Mapping[str, Sequence[PuzzleChoice]]) -> tuple[dict[str, Any], str | None]:
    filters = dict(state["filters"])
    for name in FILTERS:
        if name not in intent:
            continue
        value = intent[name]
        if value is not None and not (isinstance(value, str) and any(c["value"] == value for c in choices[name])):
            return state, "bad_filter"
        filters[name] = value
    return _fresh({**state, "filters": filters, "order": matching(summaries, filters), "at": 0}), None


def public(state: Mapping[str, Any], total: int, card: Callable[[int], PuzzleCard], lang: str,
           choices: Mapping[str, Sequence[PuzzleChoice]], words: Mapping[str, str]) -> PuzzleState:
    """What the browser is sent: the puzzle's view (never its verdicts), the hints shown, the score."""
    order = state["order"]
    current = card(order[state["at"]]) if order else None
    return {
        "v": PROTOCOL_VERSION,
        "lang": lang,
        "filters": dict(state["filters"]),
        "choices": {name: [{"value": c["value"], "label": c["label"]} for c in values] for name, values in choices.items()},
        "total": total,
        "count": len(order),
        "number": state["at"] + 1 if order else 0,
        "puzzle": current["view"] if current else None,
        "hints": list(current["hints"][:state["hint"]]) if current else [],
        "feedback": state["feedback"],
        "tried": list(state["tried"]),
        "solved": state["solved"],
        "streak": state["streak"],
        "score": state["score"],
        "empty": None if order else words["none_match"],
    }
