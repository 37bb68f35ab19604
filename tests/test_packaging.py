"""Packaging: one version, every built file shipped, the engine importable alone."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import dominoes_widget

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())


def test_the_version_is_written_once():
    assert dominoes_widget.__version__ == PYPROJECT["project"]["version"]
    assert "version" not in (ROOT / "package.json").read_text().split('"devDependencies"')[0].replace(
        '"lockfileVersion"', ""), "package.json is private and carries no version of its own"


def test_every_built_file_is_an_ensured_target():
    targets = set(PYPROJECT["tool"]["hatch"]["build"]["hooks"]["jupyter-builder"]["ensured-targets"])
    built = {f"dominoes_widget/static/{path.name}" for path in (ROOT / "dominoes_widget" / "static").glob("*")
             if path.suffix in (".js", ".css")}
    assert built and built <= targets, f"built but not ensured: {sorted(built - targets)}"


def test_jupyterlab_is_an_extra_not_a_dependency():
    assert not any(dep.startswith("jupyterlab") for dep in PYPROJECT["project"]["dependencies"])
    assert any(dep.startswith("jupyterlab") for dep in PYPROJECT["project"]["optional-dependencies"]["lab"])


@pytest.mark.slow  # a fresh interpreter
def test_the_engine_loads_only_what_it_uses():
    code = ("import sys, dominoes_widget.engine.tiles, dominoes_widget.engine.hand;"
            "print(sorted(m for m in sys.modules if m.startswith(('dominoes_widget', 'ipywidgets', 'anywidget',"
            " 'traitlets', 'concurrent', 'csv'))))")
    loaded = eval(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
    assert loaded == ["dominoes_widget", *(f"dominoes_widget.engine{name}" for name in (
        "", ".dealing", ".errors", ".hand", ".hand_history", ".legal_moves", ".masks", ".move", ".move_checks",
        ".move_tables", ".outcome", ".position", ".refusals", ".rules", ".tiles"))]


def test_the_package_names_resolve_lazily():
    for name in dominoes_widget.__all__:
        assert getattr(dominoes_widget, name) is not None
    from dominoes_widget import explain, simulate

    assert callable(explain) and callable(simulate), "the functions, not the modules of the same name"


def test_tornado_is_asked_for_at_the_release_with_every_security_fix():
    """pyproject.toml's comment says which fixes 6.6.1 carries; ``serve`` checks the same version."""
    import tornado

    from dominoes_widget.__main__ import TORNADO_MINIMUM

    wanted = f"tornado>={'.'.join(map(str, TORNADO_MINIMUM))}"
    extras = PYPROJECT["project"]["optional-dependencies"]
    assert TORNADO_MINIMUM >= (6, 6, 1)
    assert [dep for dep in extras["server"] if dep.startswith("tornado")] == [wanted]
    assert [dep for dep in extras["test"] if dep.startswith("tornado")] == [wanted]
    assert tornado.version_info[:3] >= TORNADO_MINIMUM, "the tests run on a tornado the server accepts"
