"""js/PROTOCOL.md and the Python types of the protocol (each session's ``shapes.py``, the shared parts in
sessions/protocol.py) name the same fields.

The document shows each shape as a JS object literal; these tests read the field names out
of those literals and compare them with the TypedDicts, both ways, so a field added on one
side only (or renamed) fails here.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import get_type_hints

import pytest

from dominoes_widget.sessions.exercise.session import ExerciseView
from dominoes_widget.sessions.table.shapes import TableView
from dominoes_widget.sessions.replay.shapes import (MistakeTask, MistakesBook, MistakesView, ReplayData, ReplayHand,
                                                    ReplayStep, ReplayWire, ReplayWireHand)
from dominoes_widget.sessions.puzzles.shapes import LearningView, PuzzleCard, PuzzleState, PuzzleView

PROTOCOL = Path(__file__).resolve().parent.parent / "js" / "PROTOCOL.md"
OPENING = {"{": "}", "[": "]", "(": ")"}


def _literal_after(text: str, start: str) -> str:
    """The inside of the object literal that opens with ``start`` (comments removed)."""
    at = text.index(start) + len(start)
    depth, quote, inside = 1, None, []
    for char in text[at:]:
        if quote:
            quote = None if char == quote else quote
        elif char in "\"'":
            quote = char
        elif char in OPENING:
            depth += 1
        elif char in OPENING.values():
            depth -= 1
            if depth == 0:
                return "".join(inside)
        inside.append(char)
    raise AssertionError(f"{start!r} is never closed in PROTOCOL.md")


def _top_level_keys(literal: str) -> set[str]:
    """The keys written at the outer level of an object literal's inside."""
    depth, quote, outer = 0, None, []
    for char in literal:
        if quote:
            quote = None if char == quote else quote
            continue
        if char in "\"'":
            quote = char
        elif char in OPENING:
            depth += 1
        elif char in OPENING.values():
            depth -= 1
        elif depth == 0:
            outer.append(char)
    return set(re.findall(r"(?:^|[\s,])([a-z_]+):", "".join(outer)))


def _document() -> str:
    return "\n".join(line.split("//")[0] for line in PROTOCOL.read_text(encoding="utf-8").splitlines())


def _fields(kind: type) -> set[str]:
    return set(get_type_hints(kind))


@pytest.mark.parametrize(("name", "start", "kind"), [
    ("the Table's view", "view = {", TableView),
    ("the Replay's data", "data = {", ReplayData),
    ("a replayed hand", "hands: [{", ReplayHand),
    ("a replay step", "deltas: [{", ReplayStep),
    ("the Replay's data as it travels", "wire = {", ReplayWire),
    ("a hand as it travels", "wire_hands: [{", ReplayWireHand),
    ("Learn from your mistakes' view", "mistakes = {", MistakesView),
    ("a mistake to try again", "task = {", MistakeTask),
    ("the one-file page's exercises", "mistakes_book = {", MistakesBook),
    ("the Exercise's view", "exercise = {", ExerciseView),
    ("the Puzzles' state", "puzzle_state = {", PuzzleState),
    ("a puzzle as drawn", "puzzle_view = {", PuzzleView),
    ("a puzzle's card", "card = {", PuzzleCard),
    ("the Puzzles' learner", "learning = {", LearningView),
])
def test_documented_fields_are_the_python_fields(name: str, start: str, kind: type) -> None:
    documented = _top_level_keys(_literal_after(_document(), start))
    if kind in (ReplayHand, ReplayWireHand):
        documented.add("analysis")  # documented in its own block, after the data
    if kind in (ReplayData, ReplayWire):
        documented.add("summary")  # documented in its own block, with the analysis
    if kind is PuzzleState:
        documented.add("learning")  # documented in its own block, "Puzzles with a learner"
    python = _fields(kind)
    assert documented - python == set(), f"{name}: PROTOCOL.md documents fields the Python type lacks"
    assert python - documented == set(), f"{name}: the Python type has fields PROTOCOL.md does not document"


def test_the_reader_takes_outer_keys_only() -> None:
    literal = _literal_after("x = {a: 1, b: {c: 2}, d: [{e: 3}], f: 'g: h',\n  k: null | {m: 1}}", "x = {")
    assert _top_level_keys(literal) == {"a", "b", "d", "f", "k"}
