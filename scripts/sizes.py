"""A report of the package's largest classes and functions, to read, not a cap to pass.

    python scripts/sizes.py [--most N]

Prints the classes with the most methods and lines and the longest functions. A big one is a
place to look for two concepts sharing one home; splitting it to get under a number is not the
point (a split along the wrong line is worse than a long class).
"""

from __future__ import annotations

import argparse
import ast
from dataclasses import dataclass
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "dominoes_widget"


@dataclass(frozen=True)
class Size:
    """One class or function: where, its qualified name, its lines and (a class's) methods."""

    where: str
    name: str
    kind: str
    lines: int
    methods: int = 0


def sizes(source: str, where: str = "<source>") -> list[Size]:
    """Every class and function of ``source``, nested ones under their qualified names."""
    found: list[Size] = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                name = f"{prefix}{child.name}"
                lines = (child.end_lineno or child.lineno) - child.lineno + 1
                if isinstance(child, ast.ClassDef):
                    methods = sum(isinstance(c, (ast.FunctionDef, ast.AsyncFunctionDef)) for c in child.body)
                    found.append(Size(where, name, "class", lines, methods))
                else:
                    found.append(Size(where, name, "function", lines))
                visit(child, f"{name}.")
            else:
                visit(child, prefix)

    visit(ast.parse(source), "")
    return found


def package_sizes(package: Path = PACKAGE) -> list[Size]:
    """The sizes of every module of the package."""
    return [size for path in sorted(package.rglob("*.py"))
            for size in sizes(path.read_text(encoding="utf-8"), str(path.relative_to(package)))]


def report(found: list[Size], most: int = 12) -> str:
    """The ``most`` largest classes (by methods, then lines) and functions (by lines), as text."""
    classes = sorted((s for s in found if s.kind == "class"), key=lambda s: (-s.methods, -s.lines))[:most]
    functions = sorted((s for s in found if s.kind == "function"), key=lambda s: -s.lines)[:most]
    rows = ["classes (methods, lines):"]
    rows += [f"  {s.methods:3d} {s.lines:5d}  {s.where}: {s.name}" for s in classes]
    rows += ["functions (lines):"]
    rows += [f"  {s.lines:5d}  {s.where}: {s.name}" for s in functions]
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--most", type=int, default=12, help="how many of each to list (default 12)")
    print(report(package_sizes(), parser.parse_args().most))


if __name__ == "__main__":
    main()
