"""The view types reach the JS from one source: js/kit/common/views.mjs is written from the
TypedDicts of ``dominoes_widget.sessions`` by scripts/js_views.py, and the kit's readers name
them, so ``npm run typecheck`` holds the JS to the shapes Python sends."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from typing import Any, Literal, NotRequired, TypedDict

ROOT = Path(__file__).resolve().parent.parent
SPEC = importlib.util.spec_from_file_location("js_views", ROOT / "scripts" / "js_views.py")
assert SPEC is not None and SPEC.loader is not None
js_views = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(js_views)


def test_the_typedefs_are_what_the_python_types_write() -> None:
    """A field added to a view in Python and not to views.mjs fails here: run scripts/js_views.py."""
    written = (ROOT / "js" / "kit" / "common" / "views.mjs").read_text(encoding="utf-8")
    assert written == js_views.render(), "js/kit/common/views.mjs is out of date: run python scripts/js_views.py"


def test_every_view_type_has_its_typedef_and_every_key() -> None:
    shapes = js_views.view_types()  # found wherever in dominoes_widget.sessions they are declared
    text = js_views.render()
    for shape in (shapes[name] for name in ("TableView", "ReplayData", "MistakesView", "PuzzleState", "ExerciseView")):
        block = text.split(f"@typedef {{object}} {shape.__name__}\n", 1)[1].split(" */", 1)[0]
        keys = re.findall(r"@property \{.*\} \[?(\w+)\]?$", block, re.M)
        assert set(keys) == set(shape.__required_keys__) | set(shape.__optional_keys__), shape.__name__


def test_the_kit_reads_the_views_by_their_typedefs() -> None:
    """The readers of the Table's, the Replay's, the drill's and the Puzzles' views name them."""
    kit = ROOT / "js" / "kit"
    named = {name: path for path in kit.rglob("*.mjs") if path.name != "views.mjs"
             for name in re.findall(r'import\("\.\./common/views\.mjs"\)\.(\w+)', path.read_text(encoding="utf-8"))}
    assert {"TableView", "ReplayData", "MistakesView", "PuzzleState", "PuzzleView"} <= set(named)


class Inner(TypedDict):
    n: int


class Shape(TypedDict):
    a: str | None
    b: list[Inner]
    c: dict[str, list[float]]
    d: Literal["x", "y"]
    e: NotRequired[bool]
    f: Any


def test_python_types_map_to_js_types() -> None:
    text = js_views.typedef("Shape", Shape, {Inner: "Inner"})
    assert " * @property {string | null} a" in text
    assert " * @property {Inner[]} b" in text
    assert " * @property {Record<string, number[]>} c" in text
    assert ' * @property {"x" | "y"} d' in text
    assert " * @property {boolean} [e]" in text
    assert " * @property {any} f" in text
