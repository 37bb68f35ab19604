"""The module paths from before the floors became folders, kept for one release.

``import dominoes_widget.hand`` (or ``dominoes_widget.bots.greedy``, ``dominoes_widget.explanations`` …)
still works: it warns with a :class:`DeprecationWarning` naming the new path and gives the very
module found there, so every class and function is the same object under both names. No file
sits at the old paths: a finder on :data:`sys.meta_path` answers for them, which keeps the moves
plain renames for git.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
import warnings
from types import FrameType, ModuleType
from typing import Sequence

PACKAGE = __name__.rpartition(".")[0]

# old path -> new path, both under the package; a moved package's submodules follow it
MOVED = {
    **{name: f"engine.{name}" for name in ("tiles", "rules", "move", "masks", "hand", "match", "views", "record",
                                           "errors")},
    **{name: f"words.{name}" for name in ("catalog", "explanations", "svg")},
    **{name: f"studies.{name}" for name in ("bots", "analysis", "simulation", "jobs")},
    **{f"sessions.table_{name}": f"sessions.table.{name}" for name in ("intents", "options", "snapshot", "view")},
    **{f"sessions.{name}": f"sessions.table.{name}" for name in (
        "bot_turns", "coach", "look_back", "follow", "screen", "screens_apart", "thinker", "move_words", "seat_record")},
    "sessions.step_deltas": "sessions.replay.step_deltas",
}
# ``sessions.table`` and ``sessions.replay`` are packages now; their ``__init__`` hands out the old
# modules' names (see :func:`forward_old_names`).


def new_path(old: str) -> str | None:
    """The new path of an old module path (relative to the package), or None if it did not move."""
    for before, after in MOVED.items():
        if old == before or old.startswith(before + "."):
            return after + old[len(before):]
    return None


def warn_moved(old: str, new: str) -> None:
    """Warn, at the caller's line, that ``old`` is now ``new``."""
    warnings.warn(f"{old} has moved to {new}; the old path will be removed in the next release",
                  DeprecationWarning, stacklevel=_callers_level())


def _callers_level() -> int:
    """The stack level of the first frame outside this module and the import machinery.

    :func:`warnings.warn` itself skips the import machinery's frames when it counts.
    """
    frame: FrameType | None = sys._getframe(2)
    level = 2
    while frame is not None and (frame.f_code.co_filename == __file__ or "importlib" in frame.f_code.co_filename
                                 or frame.f_code.co_name == "__getattr__"):
        level += not _importing(frame.f_code.co_filename)
        frame = frame.f_back
    return level


def _importing(filename: str) -> bool:
    return "importlib" in filename and "_bootstrap" in filename


class _Alias(importlib.abc.Loader):
    """Loads an old path as the module at its new path."""

    def __init__(self, new: str) -> None:
        self.new = new
        self.spec: importlib.machinery.ModuleSpec | None = None

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        warn_moved(spec.name, self.new)
        module = importlib.import_module(self.new)
        self.spec = module.__spec__
        return module

    def exec_module(self, module: ModuleType) -> None:
        module.__spec__ = self.spec  # the import system gave it the old path's spec: it keeps its own


class _OldPaths(importlib.abc.MetaPathFinder):
    """Finds the old module paths of the package."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith(PACKAGE + "."):
            return None
        new = new_path(fullname[len(PACKAGE) + 1:])
        return None if new is None else importlib.util.spec_from_loader(fullname, _Alias(f"{PACKAGE}.{new}"))


def install() -> None:
    """Put the finder of the old paths first on :data:`sys.meta_path` (once).

    First, so that ``dominoes_widget.bots.greedy`` is not found as a second copy of the file
    through the aliased package's ``__path__``.
    """
    if not any(isinstance(finder, _OldPaths) for finder in sys.meta_path):
        sys.meta_path.insert(0, _OldPaths())


def old_module(name: str) -> ModuleType | None:
    """``dominoes_widget.<name>`` read as an attribute, for an old top-level module name (or None)."""
    return importlib.import_module(f"{PACKAGE}.{name}") if name in MOVED else None


def forward_old_names(package: str, module: str, name: str) -> object:
    """An old module's name read from the package that replaced it (``sessions.table.TableSession``)."""
    source = importlib.import_module(module)
    if name.startswith("__") or not hasattr(source, name):
        raise AttributeError(f"module {package!r} has no attribute {name!r}")
    warn_moved(f"{package}.{name}", f"{module}.{name}")
    value = getattr(source, name)
    setattr(sys.modules[package], name, value)  # warned once; later look-ups find it
    return value
