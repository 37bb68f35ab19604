"""Compile the modules a kernel imports at start to Python 3.14 bytecode, inside Pyodide
(run by ``compile_wheels.mjs`` with every wheel of the site's lock installed).

Importing IPython from source in the browser compiles each of its modules at every kernel
start (about 15 s). The modules imported by ``BOOT_IMPORTS`` are compiled here by the very
interpreter the site runs, into their wheels; the rest (pygments' hundreds of lexers, jedi's
inference) stay source, so the site grows little. Third-party modules keep only bytecode,
as Pyodide's own wheels do; this package keeps its sources beside it, for tracebacks.

Arguments: the wheel folder, the names of wheels that keep their sources (comma-separated).
"""

import base64
import hashlib
import importlib
import py_compile
import shutil
import sys
import sysconfig
import zipfile
from pathlib import Path

BOOT_IMPORTS = ("micropip", "piplite.piplite", "pyodide_kernel", "ipykernel", "comm", "IPython", "ipywidgets",
                "anywidget", "tqdm.auto", "dominoes_widget", "dominoes_widget.studies.bots", "dominoes_widget.studies.analysis",
                "dominoes_widget.studies.simulation", "dominoes_widget.widgets")
MODE = py_compile.PycInvalidationMode.UNCHECKED_HASH


def imported_at_boot() -> set[str]:
    """The site-packages paths (``pkg/mod.py``) of the modules a kernel start imports."""
    for name in BOOT_IMPORTS:
        importlib.import_module(name)
    site = Path("/" + sysconfig.get_paths()["purelib"].lstrip("/"))  # Pyodide says "//lib/..."
    found = set()
    for module in list(sys.modules.values()):
        path = Path(getattr(module, "__file__", None) or "/")
        if path.suffix == ".py" and path.is_relative_to(site):
            found.add(path.relative_to(site).as_posix())
    return found


def record_line(root: Path, path: Path) -> str:
    data = path.read_bytes()
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{path.relative_to(root).as_posix()},sha256={digest},{len(data)}"


def compile_wheel(wheel: Path, wanted: set[str], keep_sources: bool) -> int:
    """Compile the ``wanted`` modules found in ``wheel`` in place; how many."""
    with zipfile.ZipFile(wheel) as archive:
        names = [n for n in archive.namelist() if n in wanted]
        if not names:
            return 0
        tree = Path("/tmp/unpacked") / wheel.stem
        shutil.rmtree(tree, ignore_errors=True)
        archive.extractall(tree)
    for name in names:
        source = tree / name
        if keep_sources:
            py_compile.compile(str(source), doraise=True, invalidation_mode=MODE)
        else:
            py_compile.compile(str(source), cfile=str(source.with_suffix(".pyc")), dfile=name, doraise=True,
                               invalidation_mode=MODE)
            source.unlink()
    record = next(tree.glob("*.dist-info/RECORD"))
    files = sorted(p for p in tree.rglob("*") if p.is_file() and p != record)
    lines = [record_line(tree, p) for p in files] + [f"{record.relative_to(tree).as_posix()},,"]
    record.write_text("\n".join(lines) + "\n")
    with zipfile.ZipFile(wheel, "w") as archive:
        for path in files + [record]:
            info = zipfile.ZipInfo(path.relative_to(tree).as_posix(), date_time=(2020, 2, 2, 0, 0, 0))
            info.external_attr = 0o644 << 16
            archive.writestr(info, path.read_bytes(), compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    shutil.rmtree(tree)
    return len(names)


def main(folder: Path, keep: list[str]) -> None:
    wanted = imported_at_boot()
    count = 0
    for wheel in sorted(folder.glob("*.whl")):
        count += compile_wheel(wheel, wanted, wheel.name.split("-")[0] in keep)
    # the kernel imported above replaced sys.stdout with its own stream
    print(f"[build-lite] compiled {count} modules imported at kernel start", file=sys.__stdout__, flush=True)


main(Path(sys.argv[1]), sys.argv[2].split(","))
