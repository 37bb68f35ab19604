"""Where a learner's history lives: one JSON file, versioned, written atomically, shared safely.

Every change is made under a lock (a ``.lock`` file beside it, held with ``flock`` where the
system has it): the file is read again, the change applied to what it holds now, and the
result written to a temporary file that replaces the old one (``os.replace``). So two kernels
that write at once both keep what they added, and a crash mid-write leaves the old file whole.

A file that cannot be read is never written over: :class:`LearnerFile` raises
:class:`~dominoes_widget.engine.errors.LearnerError` naming it, after keeping a copy of it
beside it (``progress.json.damaged-<time>``).

The default place (:func:`default_path`) is the user's data folder (``platformdirs``); in the
JupyterLite site (Pyodide) it is ``/drive/dominoes_widget/progress.json``, in the site's own
file system, which JupyterLite keeps in the browser's storage (IndexedDB), so it outlasts a reload.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator

from ..engine.errors import LearnerError, Reason, excerpt

__all__ = ["LearnerFile", "default_path", "FORMAT", "VERSION", "empty"]

FORMAT = "dominoes-learner"
VERSION = 1
LOCK_WAIT = 30.0
"""Seconds to wait for another writer before giving up with an error."""
MAX_BYTES = 64 * 1024 * 1024
LITE_FOLDER = Path("/drive/dominoes_widget")


def default_path() -> Path:
    """Where ``Learner()`` keeps its file: the user's data folder, or the Lite site's drive."""
    if sys.platform == "emscripten":
        return LITE_FOLDER / "progress.json"
    import platformdirs

    return Path(platformdirs.user_data_dir("dominoes_widget", appauthor=False)) / "progress.json"


def empty() -> dict[str, Any]:
    """A new learner's data (the file's whole shape, docs/learner.md)."""
    return {"format": FORMAT, "version": VERSION, "rating": None, "history": [], "puzzles": {}, "tries": [],
            "reviews": {}, "moments": {}, "streak": {"best": 0, "runs": 0}}


class LearnerFile:
    """The file at ``path``: :meth:`read` it, or :meth:`change` it under the lock."""

    def __init__(self, path: str | os.PathLike[str], check: Callable[[dict[str, Any], "LearnerFile"], None]) -> None:
        self.path = Path(path)
        self._check = check

    def fail(self, what: str, reason: Reason = Reason.BAD_LEARNER, place: str | None = None) -> Any:
        """Raise the file's error, after keeping a copy of the file as it is."""
        copy = self._keep_copy()
        kept = f" (a copy is kept as {copy.name})" if copy is not None else ""
        raise LearnerError(reason, f"{what}{kept}; the file is left as it was", source=str(self.path), place=place)

    def _keep_copy(self) -> Path | None:
        if not self.path.exists():
            return None
        stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
        copy = self.path.with_name(f"{self.path.name}.damaged-{stamp}")
        n = 1
        while copy.exists():
            n += 1
            copy = self.path.with_name(f"{self.path.name}.damaged-{stamp}-{n}")
        try:
            copy.write_bytes(self.path.read_bytes())
        except OSError:
            return None
        return copy

    def read(self) -> dict[str, Any]:
        """What the file holds (a new learner's data when there is no file yet)."""
        try:
            if not self.path.exists():
                return empty()
            if self.path.stat().st_size > MAX_BYTES:
                self.fail(f"larger than {MAX_BYTES // 2**20} MB: not a learner file", Reason.UNREADABLE_FILE)
            text = self.path.read_bytes().decode("utf-8")
        except (OSError, UnicodeDecodeError) as error:
            self.fail(f"cannot be read: {getattr(error, 'strerror', None) or error}", Reason.UNREADABLE_FILE)
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as error:
            self.fail(f"not valid JSON: {excerpt(str(error), 120)}", Reason.MALFORMED_JSON)
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            found = data.get("format") if isinstance(data, dict) else type(data).__name__
            self.fail(f"not a learner file: 'format' must be {FORMAT!r}, not {excerpt(found)}")
        if type(data.get("version")) is not int or data["version"] > VERSION or data["version"] < 1:
            self.fail(f"'version' must be {VERSION} (a newer dominoes_widget may read it), not {excerpt(data.get('version'))}")
        self._check(data, self)
        return data

    def change(self, edit: Callable[[dict[str, Any]], Any]) -> tuple[dict[str, Any], Any]:
        """Apply ``edit`` to the file's data as it is now, under the lock, and write it back
        atomically; the new data and what ``edit`` returned."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self._locked():
            data = self.read()
            result = edit(data)
            self._write(data)
        return data, result

    def _write(self, data: dict[str, Any]) -> None:
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        handle, temporary = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=".tmp", dir=self.path.parent)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                file.write(text)
                file.flush()
                try:
                    os.fsync(file.fileno())
                except OSError:  # a file system without it (the Lite site's drive)
                    pass
            os.replace(temporary, self.path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise

    @contextmanager
    def _locked(self) -> Iterator[None]:
        lock_path = self.path.with_name(self.path.name + ".lock")
        try:
            import fcntl
            flock = getattr(fcntl, "flock", None)  # Pyodide's fcntl has none
        except ImportError:  # Windows
            flock = None
        # without flock (Windows; the Lite site, one kernel per page) the change is still read,
        # applied and replaced in one step, only not guarded against a second writer
        with open(lock_path, "a+") as lock:
            locked = False
            if flock is not None:
                deadline = time.monotonic() + LOCK_WAIT
                while True:
                    try:
                        flock(lock.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                        locked = True
                        break
                    except BlockingIOError:
                        if time.monotonic() > deadline:
                            raise LearnerError(Reason.UNREADABLE_FILE, f"another program has held its lock for "
                                               f"{LOCK_WAIT:.0f} s ({lock_path.name})", source=str(self.path)) from None
                        time.sleep(0.01)
                    except OSError:  # a file system without locks
                        break
            try:
                yield
            finally:
                if locked and flock is not None:
                    try:
                        flock(lock.fileno(), fcntl.LOCK_UN)
                    except OSError:
                        pass
