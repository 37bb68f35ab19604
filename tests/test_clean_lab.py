"""A clean JupyterLab: JupyterLite's build packages stay out of the Python that runs Lab.

``scripts/build-lite`` builds the site in its own venv (kept in ``LITE_CACHE``). Installed next to
JupyterLab, the Pyodide kernel's labextension loads in the real Lab too and logs "Shared module
@jupyterlite/services doesn't exist in shared scope default"; ``scripts/clean-lab`` (run by
``scripts/test``) takes out what earlier versions of ``scripts/test`` installed there.
"""

from __future__ import annotations

import os
import subprocess
import sys
from importlib.metadata import distributions
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LITE_BUILD_PACKAGES = ("jupyterlite-core", "jupyterlite-pyodide-kernel")


def jupyterlite_distributions(site_packages: list[str] | None = None) -> list[str]:
    found = distributions(path=site_packages) if site_packages is not None else distributions()
    return sorted({d.metadata["Name"] for d in found
                   if (d.metadata["Name"] or "").lower().replace("_", "-").startswith("jupyterlite")})


def test_the_test_python_holds_no_jupyterlite_build_packages():
    found = jupyterlite_distributions()
    assert not found, f"{sys.prefix} holds {found}: run scripts/clean-lab (scripts/test does)"
    for name in LITE_BUILD_PACKAGES:  # the two by name too, whatever their metadata says
        assert not [d for d in distributions() if (d.metadata["Name"] or "").lower() == name], name
    labextensions = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
    assert not (labextensions / "@jupyterlite").exists(), f"{labextensions}/@jupyterlite loads in JupyterLab"


def test_the_site_is_built_from_its_own_venv_and_the_docs_say_so():
    build_lite = (ROOT / "scripts" / "build-lite").read_text()
    assert "-m venv" in build_lite and "lite/requirements.txt" in build_lite
    assert "lite/requirements.txt" not in (ROOT / "scripts" / "test").read_text().replace(
        "scripts/clean-lab", ""), "scripts/test installs no JupyterLite tools beside JupyterLab"
    assert "pip install -r lite/requirements.txt" not in (ROOT / "README.md").read_text()


def fake_install(venv: Path, name: str) -> None:
    """A distribution ``name`` as pip leaves one (dist-info with a RECORD), without a download."""
    purelib = Path(subprocess.run([venv / "bin" / "python", "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                                  capture_output=True, text=True, check=True).stdout.strip())
    module = name.replace("-", "_")
    info = purelib / f"{module}-0.0.1.dist-info"
    info.mkdir()
    (purelib / f"{module}.py").write_text("")
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.0.1\n")
    (info / "INSTALLER").write_text("pip\n")
    (info / "RECORD").write_text(f"{module}.py,,\n{info.name}/METADATA,,\n{info.name}/INSTALLER,,\n{info.name}/RECORD,,\n")


@pytest.mark.slow  # makes a venv with pip
def test_clean_lab_takes_out_jupyterlite_and_its_labextension_and_nothing_else(tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", venv], check=True)
    for name in (*LITE_BUILD_PACKAGES, "jupyterlite-keep-me-not", "kept-package"):
        fake_install(venv, name)
    extension = venv / "share" / "jupyter" / "labextensions" / "@jupyterlite" / "pyodide-kernel-extension"
    extension.mkdir(parents=True)
    (extension / "package.json").write_text("{}")
    other = venv / "share" / "jupyter" / "labextensions" / "anywidget"
    other.mkdir(parents=True)

    env = {**os.environ, "PYTHON": str(venv / "bin" / "python")}
    done = subprocess.run(["bash", ROOT / "scripts" / "clean-lab"], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    purelib = subprocess.run([venv / "bin" / "python", "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                             capture_output=True, text=True, check=True).stdout.strip()
    assert jupyterlite_distributions([purelib]) == []
    assert [d.metadata["Name"] for d in distributions(path=[purelib]) if d.metadata["Name"] == "kept-package"]
    assert not (venv / "share" / "jupyter" / "labextensions" / "@jupyterlite").exists()
    assert other.is_dir()
    assert "jupyterlite-core" in done.stdout

    again = subprocess.run(["bash", ROOT / "scripts" / "clean-lab"], env=env, capture_output=True, text=True)
    assert again.returncode == 0 and "nothing to do" in again.stdout, again.stdout + again.stderr

