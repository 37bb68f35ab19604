"""The package is built in floors, each importing only from the floors below it (README, Layout).

The engine at the bottom imports nothing above it when it loads; a few of its presentation
methods (a notebook repr, an error's message, the rules in words) reach up lazily for the
words and pictures, as python-chess's ``Board._repr_svg_`` calls ``chess.svg``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "dominoes_widget"

FLOORS = {
    "tiles": 1, "rules": 1, "move": 1, "errors": 1, "hand": 1, "match": 1, "views": 1, "record": 1, "masks": 1,
    "catalog": 2, "explanations": 2, "svg": 2,
    "bots": 3, "simulation": 3, "analysis": 3, "jobs": 3,
    "sessions": 4, "page": 4,
    "widgets": 5, "server": 5,
    "__init__": 6, "__main__": 6,
}
FLOOR_NAMES = {1: "engine", 2: "words and pictures", 3: "players and studies", 4: "sessions", 5: "adapters (widgets, table server)",
               6: "the package's entry points"}

# (module, function) pairs whose body may import from a higher floor, on first call only.
LAZY_PRESENTATION = {
    ("errors", "detail"),
    ("rules", "describe"),
    ("hand", "_repr_svg_"), ("match", "_repr_html_"), ("record", "_repr_html_"),
}


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
        where = f"in {function}()" if function else "at load"
        upward.append(f"{module} ({FLOOR_NAMES[own]}) imports {target} ({FLOOR_NAMES[_floor(target)]}) "
                      f"{where}, line {line}")
    assert not upward, "\n".join(upward)


def test_the_lazy_presentation_hooks_are_still_there():
    """The allowance above names real functions: a stale entry would hide nothing and mislead."""
    for module, function in LAZY_PRESENTATION:
        source = (PACKAGE / f"{module}.py").read_text(encoding="utf-8")
        assert f"def {function}(" in source, (module, function)


@pytest.mark.slow  # a fresh interpreter
def test_the_engine_imports_no_widget_code_at_all():
    engine = [p for p in MODULES if _floor(_name(p)) == 1]
    assert len(engine) == 9
    for path in engine:
        assert not [t for t, _, _ in _imports(path) if t.split(".")[0] in ("widgets", "sessions", "bots", "page")]
