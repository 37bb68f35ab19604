"""The package is built in floors, each importing only from the floors below it (docs/layout.md).

Each floor is a folder (``engine/``, ``words/``, ``studies/``, ``sessions/``, then the adapters
``widgets/``, ``server/`` and ``page``). The engine at the bottom imports nothing above it;
only its notebook display hooks (``_repr_svg_``, ``_repr_html_``) reach up lazily for the
pictures, as python-chess's ``Board._repr_svg_`` calls ``chess.svg``. An error's English and
the rules' summary are built in the engine or asked of the words by the callers.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "dominoes_widget"

FLOORS = {
    "engine": 1,
    "words": 2,
    "studies": 3,
    "sessions": 4, "page": 4,
    "widgets": 5, "server": 5,
    "__init__": 6, "__main__": 6,
}
FLOOR_NAMES = {1: "engine", 2: "words and pictures", 3: "players and studies", 4: "sessions", 5: "adapters (widgets, table server)",
               6: "the package's entry points"}

# (module, function) pairs whose body may import from a higher floor, on first call only:
# the notebook display hooks, and only of the pictures.
LAZY_PRESENTATION = {
    ("engine.hand", "_repr_svg_"), ("engine.hand", "_repr_html_"), ("engine.match", "_repr_html_"),
    ("engine.record", "_repr_html_"),
}
# (module, function) -> the one widget module its body may import: a study's own widget, made on
# first call (``learner.dashboard()``), the way the display hooks reach up for pictures.
LAZY_WIDGETS = {("studies.learner", "dashboard"): "widgets.dashboard"}


def _floor(module: str) -> int:
    return FLOORS[module.split(".")[0]]


def _imports(path: Path) -> list[tuple[str, str | None, int]]:
    """Each package-internal import of ``path``: (module imported, enclosing function or None, line)."""
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    package = list(parts[:-1])
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[tuple[str, str | None, int]] = []

    def visit(node: ast.AST, function: str | None) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                visit(child, child.name)
                continue
            if isinstance(child, ast.If) and _is_type_checking(child.test):
                continue  # imports for type checkers only never run
            if isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package[:len(package) - child.level + 1]
                    target = ".".join([*base, *([child.module] if child.module else [])])
                    if not child.module:  # from . import x: x is the module
                        found.extend((f"{target}.{alias.name}".strip("."), function, child.lineno)
                                     for alias in child.names)
                    else:
                        found.append((target, function, child.lineno))
                elif child.module and child.module.startswith("dominoes_widget."):
                    found.append((child.module.removeprefix("dominoes_widget."), function, child.lineno))
            elif isinstance(child, ast.Import):
                found.extend((alias.name.removeprefix("dominoes_widget."), function, child.lineno)
                             for alias in child.names if alias.name.startswith("dominoes_widget."))
            visit(child, function)

    visit(tree, None)
    return found


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


MODULES = sorted(PACKAGE.rglob("*.py"))


def _name(path: Path) -> str:
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    return ".".join(parts[:-1]) if parts[-1] == "__init__" and len(parts) > 1 else ".".join(parts)


def test_every_module_has_a_floor():
    assert not [_name(p) for p in MODULES if _name(p).split(".")[0] not in FLOORS]


@pytest.mark.parametrize("path", MODULES, ids=_name)
def test_a_module_imports_only_from_its_floor_and_below(path: Path):
    module = _name(path)
    own = _floor(module)
    upward = []
    for target, function, line in _imports(path):
        if target.split(".")[0] not in FLOORS or _floor(target) <= own:
            continue
        if function is not None and (module, function) in LAZY_PRESENTATION:
            continue
        if LAZY_WIDGETS.get((module, function)) == target:
            continue
        where = f"in {function}()" if function else "at load"
        upward.append(f"{module} ({FLOOR_NAMES[own]}) imports {target} ({FLOOR_NAMES[_floor(target)]}) "
                      f"{where}, line {line}")
    assert not upward, "\n".join(upward)


def test_the_lazy_presentation_hooks_are_still_there():
    """The allowance above names real functions: a stale entry would hide nothing and mislead."""
    for module, function in [*LAZY_PRESENTATION, *LAZY_WIDGETS]:
        source = (PACKAGE / f"{module.replace('.', '/')}.py").read_text(encoding="utf-8")
        assert f"def {function}(" in source, (module, function)


@pytest.mark.slow  # a fresh interpreter
def test_the_engine_imports_no_widget_code_at_all():
    engine = [p for p in MODULES if _floor(_name(p)) == 1]
    assert {"tiles", "rules", "move", "masks", "hand", "match", "views", "record", "errors", "fair_deal"} <= {p.stem for p in engine}
    for path in engine:
        assert not [t for t, _, _ in _imports(path) if t.split(".")[0] in ("widgets", "sessions", "bots", "page")]


def test_the_display_hooks_reach_up_for_the_pictures_only():
    for module, function in LAZY_PRESENTATION:
        targets = [t for t, f, _ in _imports(PACKAGE / f"{module.replace('.', '/')}.py") if f == function]
        assert targets == ["words.svg"], (module, function, targets)


@pytest.mark.parametrize("module", ["errors", "rules", "refusals", "tiles", "move", "masks", "views"])
def test_the_engine_words_its_own_facts_without_the_words_layer(module):
    """An error's English and the rules are the engine's own: these modules import no words at all."""
    path = PACKAGE / "engine" / f"{module}.py"
    assert not [t for t, _, _ in _imports(path) if _floor(t) > 1]


def test_an_illegal_move_says_what_is_wrong_with_no_words_loaded():
    code = """
import sys
from dominoes_widget.engine.hand import Hand
hand = Hand.dealt(seed=1)
try:
    hand.push(next(s for s in "NESW" if s != hand.turn) + " 0-0")
except ValueError as error:
    print(error)
print(sorted(m for m in sys.modules if m.startswith("dominoes_widget.words")))
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    message, loaded = done.stdout.strip().splitlines()
    assert "'s turn, not " in message and message.endswith("[not_your_turn]"), message
    assert loaded == "[]", "the words layer was loaded to say it"


@pytest.mark.parametrize("helper", ["intents", "look_back", "served", "view", "snapshot", "coach", "fair_dealer"])
def test_the_table_helpers_see_the_session_through_a_small_protocol(helper):
    """The session's helpers read what they need through a typed Protocol of their own and ask for
    changes by method: none imports ``TableSession``, even for the type checker."""
    source = (PACKAGE / "sessions" / "table" / f"{helper}.py").read_text(encoding="utf-8")
    found = [node for node in ast.walk(ast.parse(source))
             if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[-1] == "session"]
    assert not found, helper


def test_the_engines_words_name_no_widget_keyword():
    """The engine's English is read by every front end (a browser, the server's pages): it names no
    widget's constructor or method, which only a notebook author could act on."""
    from dominoes_widget.engine.refusals import REFUSALS

    widget_words = [case for case, text in REFUSALS.items()
                    if any(word in text for word in ("Table(", "table.", "Replay(", "Puzzles(", "Exercise("))]
    assert widget_words == []
