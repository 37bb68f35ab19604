"""The wheel: pure Python with the built front end inside, and it works where there is no Node.

One wheel is built per session (``pip wheel .``) and installed with its dependencies (from
PyPI, through pip's cache) into a fresh virtual environment that sees nothing of this one,
whose PATH holds no ``node`` or ``npm``; the widgets are then used there as a user would.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
RECORD = ROOT / "tests" / "data" / "records" / "six_love_match.json"

pytestmark = pytest.mark.slow  # builds and installs a wheel in a fresh venv

# Run in the new environment: the widgets built as a user builds them, what they would send
# to the browser, and the one-file page.
USE = r"""
import json, shutil, sys
import dominoes_widget
from dominoes_widget import Replay, Table

table = Table(bots="greedy", bot_delay=0, seed=1)
table.play(str(table.legal_moves[0].tile), table.legal_moves[0].end)
replay = Replay.load(sys.argv[1], hand=0, step=3)
page = replay.to_html()
print(json.dumps({
    "module": dominoes_widget.__file__,
    "node": shutil.which("node"), "npm": shutil.which("npm"),
    "table_esm": [len(table._esm), "export" in table._esm, "function render(" in table._esm],
    "replay_esm": [len(replay._esm), "export" in replay._esm, "function render(" in replay._esm],
    "table_css": len(table._css),
    "moves": len(table.state["moves"]), "replay_move": str(replay.move),
    "page": len(page), "page_has_script": "<script" in page and "dw-" in page,
}))
"""


@pytest.fixture(scope="session")
def wheel(tmp_path_factory) -> Path:
    """This checkout's wheel, built once per session."""
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(out), str(ROOT)],
                   check=True)
    (built,) = out.glob("dominoes_widget-*.whl")
    return built


def without_node() -> str:
    """This PATH without the folders that hold ``node`` or ``npm``."""
    folders = os.environ.get("PATH", "").split(os.pathsep)
    return os.pathsep.join(f for f in folders if f and not any(os.path.exists(os.path.join(f, tool))
                                                                  for tool in ("node", "npm")))


@pytest.fixture(scope="session")
def installed(wheel, tmp_path_factory) -> dict:
    """What the widgets did in a fresh venv (no system site-packages) with the wheel installed."""
    venv = tmp_path_factory.mktemp("venv") / "env"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    env = {"PATH": os.pathsep.join([str(venv / "bin"), without_node()]), "HOME": os.environ.get("HOME", "/root"),
           "PIP_DISABLE_PIP_VERSION_CHECK": "1", "PIP_ROOT_USER_ACTION": "ignore"}
    assert shutil.which("node", path=env["PATH"]) is None and shutil.which("npm", path=env["PATH"]) is None
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", str(wheel)], check=True, env=env)
    done = subprocess.run([str(python), "-c", USE, str(RECORD)], check=True, env=env, capture_output=True, text=True,
                          cwd=venv)
    return json.loads(done.stdout)


def test_the_wheel_is_pure_python_with_the_front_end_inside(wheel):
    assert wheel.name.endswith("-py3-none-any.whl"), wheel.name
    names = zipfile.ZipFile(wheel).namelist()
    targets = PYPROJECT["tool"]["hatch"]["build"]["hooks"]["jupyter-builder"]["ensured-targets"]
    missing = [t for t in targets if t not in names]
    assert not missing, f"built files not in the wheel: {missing}"
    assert {"dominoes_widget/words/locales/en.toml", "dominoes_widget/words/locales/vi.toml",
            "dominoes_widget/words/palette.json", "dominoes_widget/data/puzzles.json.gz"} <= set(names)
    assert not [n for n in names if n.startswith(("js/", "node_modules/", "tests/"))]


def test_the_installed_widgets_work_without_node(installed):
    assert installed["node"] is None and installed["npm"] is None
    assert "site-packages" in installed["module"], "the wheel's package, not this checkout"
    for key in ("table_esm", "replay_esm"):  # the built file's text, read from the installed package
        size, exports, renders = installed[key]
        assert size > 10_000 and exports and renders, f"{key} is not the built ES module: {installed[key]}"
    assert installed["table_css"] > 1000
    assert installed["moves"] >= 2, "the person's move and the bots' answers"
    assert installed["replay_move"].count(" ") >= 1
    assert installed["page"] > 50_000 and installed["page_has_script"], "the one-file page carries its front end"


def test_the_supported_pythons_are_declared():
    project = PYPROJECT["project"]
    assert project["requires-python"] == ">=3.11"
    versions = {c.rsplit(" :: ", 1)[-1] for c in project.get("classifiers", []) if "Python :: 3." in c}
    assert versions == {"3.11", "3.12", "3.13", "3.14"}
