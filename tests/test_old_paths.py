"""The module paths from before the floors became folders still work for one release: each warns
and gives the very module (and so the very classes) at its new path; the new paths never warn."""

from __future__ import annotations

import importlib
import pkgutil
import subprocess
import sys

import pytest

import dominoes_widget
from dominoes_widget.old_paths import MOVED, new_path

OLD_PATHS = sorted(MOVED) + ["bots.greedy", "bots.base", "bots.montecarlo"]


def _forget(name: str) -> None:
    """Drop an old path from the import cache, so importing it runs the finder again."""
    sys.modules.pop(f"dominoes_widget.{name}", None)
    parent, _, last = f"dominoes_widget.{name}".rpartition(".")
    if parent in sys.modules and last in vars(sys.modules[parent]):
        delattr(sys.modules[parent], last)


@pytest.mark.parametrize("old", OLD_PATHS)
def test_an_old_path_warns_and_gives_the_module_at_its_new_path(old):
    new = f"dominoes_widget.{new_path(old)}"
    _forget(old)
    with pytest.warns(DeprecationWarning, match=rf"dominoes_widget\.{old} has moved to {new}"):
        module = importlib.import_module(f"dominoes_widget.{old}")
    assert module is importlib.import_module(new)
    assert module.__name__ == new and module.__spec__.name == new, "the module keeps its own name and spec"


def test_old_names_give_the_same_objects():
    _forget("bots")
    _forget("bots.greedy")
    with pytest.warns(DeprecationWarning):
        from dominoes_widget.bots.greedy import GreedyBot
        from dominoes_widget.hand import Hand
    from dominoes_widget.engine.hand import Hand as NewHand
    from dominoes_widget.studies.bots.greedy import GreedyBot as NewGreedyBot

    assert Hand is NewHand is dominoes_widget.Hand and GreedyBot is NewGreedyBot
    assert not [name for name, m in sys.modules.items()
                if name.endswith(".greedy") and getattr(m, "GreedyBot", GreedyBot) is not GreedyBot], \
        "the file was loaded twice, as two modules"


@pytest.mark.parametrize("package, name", [("table", "TableSession"), ("replay", "ReplaySession")])
def test_the_old_session_modules_names_still_come_from_their_packages(package, name):
    module = importlib.import_module(f"dominoes_widget.sessions.{package}")
    vars(module).pop(name, None)
    with pytest.warns(DeprecationWarning, match=f"sessions.{package}.session.{name}"):
        old = getattr(module, name)
    assert old is getattr(importlib.import_module(f"dominoes_widget.sessions.{package}.session"), name)
    with pytest.raises(AttributeError, match="no attribute 'nothing_here'"):
        module.nothing_here  # noqa: B018


def test_an_old_module_read_as_an_attribute_of_the_package_warns():
    _forget("explanations")
    with pytest.warns(DeprecationWarning, match="explanations has moved to dominoes_widget.words.explanations"):
        assert dominoes_widget.explanations.explain is dominoes_widget.explain
    with pytest.raises(AttributeError):
        dominoes_widget.no_such_module  # noqa: B018


def test_the_new_paths_never_warn():
    """Every module of the package, imported afresh by its new path with deprecations as errors."""
    names = [m.name for m in pkgutil.walk_packages(dominoes_widget.__path__, "dominoes_widget.")]
    code = f"import importlib\nfor name in {names!r}:\n    importlib.import_module(name)\nprint(len({names!r}))"
    done = subprocess.run([sys.executable, "-W", "error::DeprecationWarning", "-c", code],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    assert int(done.stdout) > 40
