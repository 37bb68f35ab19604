"""Build the JupyterLite site: the tutorials in the browser, with this package preinstalled.

Run by ``scripts/build-lite`` (see docs/jupyterlite.md). Every input
comes from PyPI or npm at a pinned version, and nothing in the site loads from anywhere else:

- Pyodide's core from the npm package ``pyodide`` at the version the kernel expects;
- the pure-Python wheels the kernel loads at boot from PyPI, at the versions Pyodide's lock
  names (PyPI's files differ from Pyodide's, so the lock gets their sha256), the lock cut
  down to them;
- this package's wheel, the widget stack (``site-requirements.txt``) and the kernel's own
  shims added to that lock and preloaded with the kernel: no ``%pip`` cell, no index;
- the front-end extensions taken from the pinned wheels, not from this environment;
- the modules a kernel imports at start compiled to bytecode by the site's own Pyodide under
  Node, as in Pyodide's own wheels: the kernel starts without compiling IPython
  (``compile_wheels.py``).

Downloads are kept in the cache folder ``LITE_CACHE`` (``scripts/build-lite`` sets it, kept
across checkouts; ``build/lite-cache/`` without it); the site is rebuilt only when an input
changed (a hash of them is written beside it), so a second run is instant and offline. The
last few sites built are kept in the cache by that hash too: a fresh clone of a commit built
before copies its site.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from email.parser import Parser
from pathlib import Path

from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
PYODIDE_VERSION = "314.0.6"  # what jupyterlite-pyodide-kernel 0.8.6 expects
KERNEL_WHEEL = "jupyterlite_pyodide_kernel-0.8.6-py3-none-any.whl"
# the files of the npm package that the browser loads (no sourcemaps, types or consoles)
PYODIDE_CORE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                "package.json")
# what the kernel imports at boot (it installs any of these not preloaded, through piplite)
KERNEL_PACKAGES = ("micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython")
# the kernel extension's shims: piplite, the kernel, and stand-ins for ipykernel and widgetsnbextension
SHIMS = ("piplite", "pyodide_kernel", "ipykernel", "widgetsnbextension-4")
# parts of wheels no one uses in the browser: jedi's type stubs for Django and for third-party
# libraries the site does not have (it keeps those of the standard library)
UNUSED = {"jedi": ("jedi/third_party/django-stubs/", "jedi/third_party/typeshed/third_party/")}
# the kernel the site's notebooks name: the Pyodide kernel's own spec, so JupyterLite starts it by
# its name when a notebook opens (a notebook saved in Jupyter names "python3", which Lite has not)
LITE_KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
# wheels whose only use is their front-end extension: not installed in the kernel
FRONT_END_ONLY = ("jupyterlab-widgets",)
# the site's kernel is Python 3.14 in the browser: markers are read for that platform
BROWSER = {**default_environment(), "python_version": "3.14", "python_full_version": "3.14.2",
           "sys_platform": "emscripten", "platform_system": "Emscripten", "platform_machine": "wasm32",
           "implementation_name": "cpython", "extra": ""}
INPUTS = ("dominoes_widget", "js", "notebooks", "lite", "pyproject.toml", "package.json", "package-lock.json",
          "scripts/build-lite")


def log(message: str) -> None:
    print(f"[build-lite] {message}", flush=True)


def run(*command: str | Path, cwd: Path = REPO) -> None:
    subprocess.run([str(part) for part in command], cwd=cwd, check=True)


def inputs_hash() -> str:
    """One hash of every file the site is made from (build outputs and caches left out)."""
    digest = hashlib.sha256()
    for name in INPUTS:
        path = REPO / name
        files = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
        for file in files:
            relative = file.relative_to(REPO).as_posix()
            if "__pycache__" in relative or ".ipynb_checkpoints" in relative or relative.startswith(
                    "dominoes_widget/static/"):
                continue
            digest.update(relative.encode() + b"\0" + file.read_bytes() + b"\0")
    return digest.hexdigest()


def site_size(site: Path) -> tuple[int, int]:
    """Bytes and files in the site."""
    files = [p for p in site.rglob("*") if p.is_file()]
    return sum(p.stat().st_size for p in files), len(files)


# ------------------------------------------------------------------------------ downloads
def pyodide_core(cache: Path) -> Path:
    """The unpacked npm package ``pyodide`` (its ``package/`` folder)."""
    unpacked = cache / f"pyodide-{PYODIDE_VERSION}"
    if not (unpacked / "package" / "pyodide-lock.json").exists():
        log(f"npm pack pyodide@{PYODIDE_VERSION}")
        cache.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=cache) as making:  # renamed into place whole (see copy_in)
            run("npm", "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", making, "--silent", cwd=making)
            with tarfile.open(Path(making) / f"pyodide-{PYODIDE_VERSION}.tgz") as archive:
                archive.extractall(Path(making) / "unpacked", filter="data")
            shutil.rmtree(unpacked, ignore_errors=True)
            try:
                (Path(making) / "unpacked").rename(unpacked)
            except OSError:  # another build unpacked it first
                pass
    return unpacked / "package"


def pure_wheels(specs: list[str], into: Path) -> None:
    """Pure ``py3-none-any`` wheels of exactly ``specs`` from PyPI (each kept once in ``into``)."""
    into.mkdir(parents=True, exist_ok=True)
    have = {canonicalize_name(w.name.split("-")[0]) + "==" + w.name.split("-")[1] for w in into.glob("*.whl")}
    wanted = [spec for spec in specs if canonicalize_name(spec.split("==")[0]) + "==" + spec.split("==")[1]
              not in have]
    if wanted:
        log(f"pip download {len(wanted)} wheel(s)")
        with tempfile.TemporaryDirectory(dir=into) as making:  # each wheel moved in whole
            run(sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
                "--python-version", "3.14", "--platform", "any", "--implementation", "py", "--abi", "none",
                "--dest", making, *wanted)
            for wheel in Path(making).glob("*.whl"):
                os.replace(wheel, into / wheel.name)


def pinned(requirements: Path) -> list[str]:
    lines = (line.split("#")[0].strip() for line in requirements.read_text().splitlines())
    return [line for line in lines if line]


def own_wheel(into: Path) -> Path:
    """This checkout's wheel (the front end built inside it)."""
    shutil.rmtree(into, ignore_errors=True)
    log("pip wheel . (this package, with its front end)")
    run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", into, REPO)
    (wheel,) = into.glob("dominoes_widget-*.whl")
    return wheel


def compile_wheels(pyodide: Path) -> None:
    """The modules a kernel imports at start, compiled to bytecode in their wheels by the
    site's Pyodide under Node (``compile_wheels.py``)."""
    log("compile the kernel's first imports to bytecode (Pyodide under Node)")
    run("node", HERE / "compile_wheels.mjs", pyodide, "dominoes_widget")


# ------------------------------------------------------------------------------ the lock
def wheel_entry(wheel: Path) -> dict:
    """A ``pyodide-lock.json`` entry for a pure wheel (its depends filled in later)."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        metadata_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        metadata = Parser().parsestr(archive.read(metadata_name).decode())
    tops = {n.split("/")[0].removesuffix(".py") for n in names if not n.split("/")[0].endswith((".dist-info", ".data"))}
    requires = [Requirement(text) for text in metadata.get_all("Requires-Dist") or []]
    return {"name": canonicalize_name(metadata["Name"]), "version": metadata["Version"], "file_name": wheel.name,
            "install_dir": "site", "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
            "package_type": "package", "imports": sorted(tops), "unvendored_tests": False,
            "depends": [canonicalize_name(r.name) for r in requires
                        if r.marker is None or r.marker.evaluate(BROWSER)]}


def boot_closure(lock: dict, names: list[str]) -> list[str]:
    """The lock's packages ``names`` need, themselves included."""
    seen: list[str] = []
    wanted = [canonicalize_name(n) for n in names]
    while wanted:
        name = wanted.pop()
        if name in seen or name not in lock["packages"]:
            continue
        seen.append(name)
        wanted.extend(canonicalize_name(d) for d in lock["packages"][name]["depends"])
    return sorted(seen)


def write_lock(core: Path, boot: list[Path], added: list[Path], into: Path) -> list[str]:
    """``pyodide-lock.json`` cut to the wheels in the site, with their own sha256; the package names."""
    lock = json.loads((core / "pyodide-lock.json").read_text())
    packages = {}
    for wheel in boot:
        entry = wheel_entry(wheel)
        original = lock["packages"][entry["name"]]
        packages[entry["name"]] = {**original, "file_name": wheel.name, "sha256": entry["sha256"],
                                   "unvendored_tests": False}
    for wheel in added:
        entry = wheel_entry(wheel)
        packages[entry["name"]] = entry
    for entry in packages.values():
        entry["depends"] = sorted({canonicalize_name(d) for d in entry["depends"]} & packages.keys())
    (into / "pyodide-lock.json").write_text(json.dumps({"info": lock["info"], "packages": packages}, indent=1,
                                                       sort_keys=True))
    return sorted(packages)


def drop_from_wheel(wheel: Path, prefixes: tuple[str, ...]) -> None:
    """Rewrite ``wheel`` without its files under ``prefixes`` (and their lines in RECORD)."""
    with zipfile.ZipFile(wheel) as archive:
        kept = [(info, archive.read(info)) for info in archive.infolist() if not info.filename.startswith(prefixes)]
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for info, data in kept:
            if info.filename.endswith(".dist-info/RECORD"):
                data = b"".join(line for line in data.splitlines(keepends=True)
                                if not line.decode().startswith(prefixes))
            archive.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED)


def kernel_shims(kernel_wheel: Path, into: Path) -> list[Path]:
    """The wheels the kernel extension ships for the browser (piplite, the kernel, stand-ins)."""
    found = []
    with zipfile.ZipFile(kernel_wheel) as archive:
        for name in archive.namelist():
            file = name.rsplit("/", 1)[-1]
            if "/static/pypi/" in name and file.endswith(".whl") and file.startswith(SHIMS):
                (into / file).write_bytes(archive.read(name))
                found.append(into / file)
    return found


# ------------------------------------------------------------------------------ the site
def lite_config(packages: list[str]) -> dict:
    config = json.loads((HERE / "jupyter-lite.json").read_text())
    settings = config["jupyter-config-data"]["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    preload = [p for p in ("dominoes-widget", *KERNEL_PACKAGES, "tqdm") if p in packages]
    settings["loadPyodideOptions"] = {"packages": preload}
    return config


def for_the_site(notebook: str) -> str:
    """A notebook's JSON with its kernelspec naming the site's kernel (the rest as it was)."""
    data = json.loads(notebook)
    data.setdefault("metadata", {})["kernelspec"] = dict(LITE_KERNELSPEC)
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def assemble(work: Path, cache: Path) -> list[str]:
    """The folder ``jupyter lite build`` runs in, with its config; the names of the lock's packages."""
    shutil.rmtree(work, ignore_errors=True)
    pyodide = work / "static" / "pyodide"
    pyodide.mkdir(parents=True)
    core = pyodide_core(cache)
    for name in PYODIDE_CORE:
        shutil.copy2(core / name, pyodide / name)

    lock = json.loads((core / "pyodide-lock.json").read_text())
    boot_names = boot_closure(lock, ["micropip", "ipython", "jedi", "traitlets", "typing-extensions", "tqdm"])
    boot_specs = [f"{lock['packages'][n]['name']}=={lock['packages'][n]['version']}" for n in boot_names]
    site_specs = pinned(HERE / "site-requirements.txt")
    tools = pinned(HERE / "requirements.txt")
    kernel_spec = next(s for s in tools if s.startswith("jupyterlite-pyodide-kernel=="))
    wheels = cache / "wheels"
    pure_wheels(boot_specs + site_specs + [kernel_spec], wheels)

    def wheel_of(spec: str) -> Path:
        name, version = spec.split("==")
        return next(w for w in wheels.glob("*.whl") if canonicalize_name(w.name.split("-")[0]) == canonicalize_name(
            name) and w.name.split("-")[1] == version)

    boot = [wheel_of(s) for s in boot_specs]
    site = [wheel_of(s) for s in site_specs]
    kernel = wheel_of(kernel_spec)
    extensions = [w for w in site if (canonicalize_name(w.name.split("-")[0]) in ("anywidget", "jupyterlab-widgets"))]
    extensions.append(kernel)
    installed = [w for w in site if canonicalize_name(w.name.split("-")[0]) not in FRONT_END_ONLY]

    for wheel in boot + installed:
        shutil.copy2(wheel, pyodide / wheel.name)
        unused = UNUSED.get(canonicalize_name(wheel.name.split("-")[0]))
        if unused:
            drop_from_wheel(pyodide / wheel.name, unused)
    own = own_wheel(work / "own")
    shutil.copy2(own, pyodide / own.name)
    shims = kernel_shims(kernel, pyodide)
    boot_wheels = [pyodide / w.name for w in boot]
    added = [pyodide / w.name for w in installed] + [pyodide / own.name] + shims
    write_lock(core, boot_wheels, added, pyodide)
    compile_wheels(pyodide)
    names = write_lock(core, boot_wheels, added, pyodide)  # the wheels changed: their sha256 too

    files = work / "files"
    files.mkdir()
    for notebook in sorted((REPO / "notebooks").glob("*.ipynb")):
        (files / notebook.name).write_text(for_the_site(notebook.read_text()))
    shutil.copytree(REPO / "notebooks" / "records", files / "records")
    (work / "jupyter-lite.json").write_text(json.dumps(lite_config(names), indent=2))
    shutil.copy2(HERE / "overrides.json", work / "overrides.json")  # settings' defaults: start the kernel unasked
    build_config = json.loads((HERE / "jupyter_lite_config.json").read_text())
    build_config["LiteBuildConfig"]["federated_extensions"] = [str(w) for w in extensions]
    (work / "jupyter_lite_config.json").write_text(json.dumps(build_config, indent=2))
    return names


SITES_KEPT = 3
"""Sites kept in the cache (about 40 MB each): a few commits, each checkout's latest."""


def cache_folder() -> Path:
    """Where downloads and built sites are kept: ``LITE_CACHE``, else ``build/lite-cache``."""
    return Path(os.environ.get("LITE_CACHE") or REPO / "build" / "lite-cache")


def copy_in(source: Path, target: Path) -> None:
    """``target`` replaced by a copy of ``source``, made beside it and renamed into place
    (another build reading or writing the cache at the same time never sees half of one)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    making = target.with_name(f"{target.name}.making-{os.getpid()}")
    shutil.rmtree(making, ignore_errors=True)
    shutil.copytree(source, making, symlinks=True)
    old = target.with_name(f"{target.name}.old-{os.getpid()}")
    if target.exists():
        target.rename(old)
    try:
        making.rename(target)
    except OSError:  # another build put the same one there first
        shutil.rmtree(making, ignore_errors=True)
    shutil.rmtree(old, ignore_errors=True)


def keep_site(output: Path, sites: Path, wanted: str) -> None:
    """The site just built, kept in the cache by its inputs' hash; only the newest few stay."""
    copy_in(output, sites / wanted)
    kept = sorted((p for p in sites.iterdir() if len(p.name) == 64), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in kept[SITES_KEPT:]:
        shutil.rmtree(old, ignore_errors=True)


def build(output: Path, force: bool) -> None:
    build_dir = REPO / "build"
    stamp = output / ".inputs-sha256"
    wanted = inputs_hash()
    cache = cache_folder()
    kept = cache / "sites" / wanted
    if not force and stamp.exists() and stamp.read_text() == wanted:
        log(f"{output} is up to date (inputs unchanged)")
    elif not force and (kept / ".inputs-sha256").is_file() and (kept / ".inputs-sha256").read_text() == wanted:
        log(f"{output}: the site built before from these inputs, copied from {kept}")
        copy_in(kept, output)
        os.utime(kept)  # recently used: kept longer
    else:
        work = build_dir / "lite-src"
        names = assemble(work, cache)
        log(f"the kernel preloads {len(names)} packages: {' '.join(names)}")
        shutil.rmtree(output, ignore_errors=True)
        env = {**os.environ, "JUPYTERLITE_NO_LIBARCHIVE": "1"}
        command = [sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(work),
                   "--output-dir", str(output), "--log-level", "WARN"]
        log("jupyter lite build")
        done = subprocess.run(command, cwd=work, env=env, capture_output=True, text=True)
        if done.returncode:  # its long task list and status report only when something went wrong
            print(done.stdout, done.stderr, sep="\n", file=sys.stderr)
            raise SystemExit(f"jupyter lite build failed (exit {done.returncode})")
        trim(output)
        stamp.write_text(wanted)
        keep_site(output, cache / "sites", wanted)
    size, count = site_size(output)
    log(f"site: {output} — {size / 1e6:.1f} MB in {count} files")


# Font Awesome's older formats: every browser that runs Pyodide takes the woff2 named first
OLD_FONTS = re.compile(r"^fa-[a-z]+-\d+\.(eot|svg|ttf|woff)$")


def trim(site: Path) -> None:
    """What no page of the site loads: leftover sourcemaps, doit's database, old font formats."""
    for path in list(site.rglob("*")):
        if path.is_file() and (path.suffix == ".map" or path.name == ".jupyterlite.doit.db"
                               or OLD_FONTS.match(path.name)):
            path.unlink()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=REPO / "build" / "lite", help="where the site goes")
    parser.add_argument("--force", action="store_true", help="rebuild even when no input changed")
    args = parser.parse_args()
    build(args.output.resolve(), args.force)


if __name__ == "__main__":
    main()
