"""No class over 40 methods or about 400 lines, no function over about 60 lines, anywhere in the
package (docs/floors.md): a reader takes in each at one sitting, and a big one is a sign that two
concepts share it. The limits leave a little slack over the aims (420 lines for a class)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "dominoes_widget"
MAX_METHODS = 40
MAX_CLASS_LINES = 420
MAX_FUNCTION_LINES = 60

# (module path, qualified name) allowed over the limits, each with its reason. Empty: keep it so.
ALLOWED: dict[tuple[str, str], str] = {}


def _oversized(source: str) -> list[tuple[str, str]]:
    """Each class or function of ``source`` over the limits: (qualified name, what is over)."""
    found: list[tuple[str, str]] = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                name = f"{prefix}{child.name}"
                lines = (child.end_lineno or child.lineno) - child.lineno + 1
                if isinstance(child, ast.ClassDef):
                    methods = sum(isinstance(c, (ast.FunctionDef, ast.AsyncFunctionDef)) for c in child.body)
                    if methods > MAX_METHODS:
                        found.append((name, f"{methods} methods (at most {MAX_METHODS})"))
                    if lines > MAX_CLASS_LINES:
                        found.append((name, f"{lines} lines (a class at most {MAX_CLASS_LINES})"))
                elif lines > MAX_FUNCTION_LINES:
                    found.append((name, f"{lines} lines (a function at most {MAX_FUNCTION_LINES})"))
                visit(child, f"{name}.")
            else:
                visit(child, prefix)

    visit(ast.parse(source), "")
    return found


MODULES = sorted(PACKAGE.rglob("*.py"))


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_class_or_function_is_over_its_size(path: Path):
    where = str(path.relative_to(PACKAGE))
    over = [f"{where}: {name} has {what}" for name, what in _oversized(path.read_text(encoding="utf-8"))
            if (where, name) not in ALLOWED]
    assert not over, "\n".join(over)


def test_the_measure_finds_a_long_function_a_long_class_and_one_of_many_methods():
    """The test above can fail: a function of 61 lines, a class of 421 and one of 41 methods are found,
    nested ones under their qualified names; ones at the limits are not."""
    body = "".join(f"    x{i} = {i}\n" for i in range(MAX_FUNCTION_LINES - 1))
    long_function = f"def long():\n{body}    return 0\n"
    at_limit = f"def fine():\n{body}"
    many = "class Many:\n" + "".join(f"    def m{i}(self): pass\n" for i in range(MAX_METHODS + 1))
    tall = ("class Tall:\n" + "    x = 0\n" * (MAX_CLASS_LINES - 2) + "    def inner(self):\n"
            + body.replace("    ", "        ") + "        pass\n")
    found = dict(_oversized(long_function + at_limit + many + tall))
    assert set(found) == {"long", "Many", "Tall", "Tall.inner"}, found
    assert "61 lines" in found["long"] and "41 methods" in found["Many"] and "lines (a class" in found["Tall"]


def test_the_allowances_name_real_code():
    """A stale allowance would hide nothing and mislead."""
    for where, name in ALLOWED:
        assert (PACKAGE / where).is_file(), where
        assert f"def {name.rsplit('.', 1)[-1]}(" in (PACKAGE / where).read_text(encoding="utf-8") or \
            f"class {name.rsplit('.', 1)[-1]}" in (PACKAGE / where).read_text(encoding="utf-8"), (where, name)
