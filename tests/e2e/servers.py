"""Servers and notebooks for the end-to-end tests: start a Jupyter (or any) server on
127.0.0.1 with its own folders, write notebooks, run them in a JupyterLab-based page, and
read what the kernel wrote. The fixtures in ``conftest.py`` and the modules of each front
end (JupyterLab, Notebook 7, Voilà, marimo) use these.

- ``start_server(request, name, command, ...)``: a context manager that starts a server on
  127.0.0.1 with a free port, a token and its own temporary config, data, runtime and
  IPython folders (and ``PYTHONPATH`` = this tree, so its kernels import this package),
  waits until it answers, and stops it and its kernels at the end; yields a ``Server``.
- ``jupyter_command(app, *options)``: the argv of ``jupyter lab`` or ``jupyter notebook``.
- ``write_notebook(folder, name, cells)``, ``run_notebook(page, server, url, path)`` (open
  a notebook page of a JupyterLab-based app, wait for its kernel, run every cell),
  ``open_for_kernel(page, server, url, path)`` (the same without running anything) and
  ``wait_json(page, file, until)`` (what the kernel wrote).
- ``watch(page, item)``: keep a page's console for the failure report and its screenshot.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import nbformat
import pytest
from playwright.sync_api import Locator, Page

SERVER_START_TIMEOUT = 90  # seconds; Lab usually answers in ~4 s
HERE = Path(__file__).parent
ROOT = HERE.parent.parent

# Run silently in each kernel before the notebook's own cells.
KERNEL_PRELUDE = """
def e2e_dump(filename, obj):
    import json, os
    tmp = f"{filename}.tmp"
    with open(tmp, "w") as f:
        json.dump(obj, f)
    os.replace(tmp, filename)
"""


def artifacts_dir(config: pytest.Config) -> Path:
    path = config.rootpath / "test-artifacts" / "e2e"
    path.mkdir(parents=True, exist_ok=True)
    return path


def safe_name(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", name).strip("_") or "test"


# --------------------------------------------------------------------------- servers


@dataclass
class Server:
    name: str
    url: str
    token: str
    root_dir: Path
    log: Path
    proc: subprocess.Popen

    def log_tail(self, lines: int = 60) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError as e:
            return f"(no server log: {e})"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.terminate()  # Jupyter servers shut their kernels down on SIGTERM
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            pass
    try:  # and whatever is left in its process group (kernels)
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    proc.wait(5)


@contextmanager
def start_server(request, name: str, command, *, ready: str = "/", env: dict | None = None,
                 cwd: Path | None = None, check=None):
    """Run ``command(port, token, root)`` (an argv list) as a server on 127.0.0.1.

    Each server gets a fresh temporary folder: its root (``Server.root_dir``, the working
    folder unless ``cwd`` is given) and its own Jupyter config, data, runtime, settings,
    workspaces and IPython folders and ``XDG_*`` folders, so no earlier state leaks in;
    ``PYTHONPATH`` starts with this tree; ``env`` adds or overrides variables. Yields
    the ``Server`` once ``GET ready`` (with the token) answers 200 and ``check(html)``
    (given that page) returns no complaint; stops it and its kernels at the end and keeps
    its log as ``test-artifacts/e2e/<name>.log``.
    """
    tmp = Path(tempfile.mkdtemp(prefix=f"e2e-{name}-"))
    root = tmp / "root"
    dirs = {d: tmp / d for d in ("config", "data", "runtime", "settings", "workspaces", "ipython",
                                 "xdg-config", "xdg-cache", "xdg-data", "xdg-state")}
    for d in [root, *dirs.values()]:
        d.mkdir()
    # No "get Jupyter news?" toast over the notebook, no requests to the outside.
    notif = dirs["settings"] / "@jupyterlab" / "apputils-extension" / "notification.jupyterlab-settings"
    notif.parent.mkdir(parents=True)
    notif.write_text(json.dumps({"fetchNews": "false", "checkForUpdates": False}))
    port, token = _free_port(), os.urandom(16).hex()
    full_env = {
        **os.environ,
        "JUPYTER_CONFIG_DIR": str(dirs["config"]),
        "JUPYTER_DATA_DIR": str(dirs["data"]),
        "JUPYTER_RUNTIME_DIR": str(dirs["runtime"]),
        "JUPYTERLAB_SETTINGS_DIR": str(dirs["settings"]),
        "JUPYTERLAB_WORKSPACES_DIR": str(dirs["workspaces"]),
        "IPYTHONDIR": str(dirs["ipython"]),
        "JUPYTER_PLATFORM_DIRS": "1",
        "XDG_CONFIG_HOME": str(dirs["xdg-config"]),
        "XDG_CACHE_HOME": str(dirs["xdg-cache"]),
        "XDG_DATA_HOME": str(dirs["xdg-data"]),
        "XDG_STATE_HOME": str(dirs["xdg-state"]),
        # the kernels import this tree's package, also where another tree is pip-installed
        "PYTHONPATH": os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p),
        **(env or {}),
    }
    full_env.pop("ANYWIDGET_HMR", None)
    cmd = [str(part) for part in command(port, token, root)]
    log = tmp / f"{name}.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, env=full_env, cwd=cwd or root, stdin=subprocess.DEVNULL, stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True)
    server = Server(name, f"http://127.0.0.1:{port}", token, root, log, proc)
    try:
        deadline = time.monotonic() + SERVER_START_TIMEOUT
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"{name} exited with code {proc.returncode} before answering.\n"
                                   f"Command: {' '.join(cmd)}\nServer log:\n{server.log_tail()}")
            try:
                req = urllib.request.Request(f"{server.url}{ready}", headers={"Authorization": f"token {token}"})
                with urllib.request.urlopen(req, timeout=5) as r:
                    if r.status == 200:
                        page_html = r.read().decode(errors="replace")
                        break
            except (urllib.error.URLError, OSError):
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"{name} did not answer on {server.url}{ready} within "
                                   f"{SERVER_START_TIMEOUT} s.\nServer log:\n{server.log_tail()}")
            time.sleep(0.2)  # no Playwright involved here
        complaint = check(page_html) if check else None
        if complaint:
            raise RuntimeError(complaint)
        yield server
    finally:
        _stop(proc)
        shutil.copy(log, artifacts_dir(request.config) / log.name)
        shutil.rmtree(tmp, ignore_errors=True)


def widget_front_ends(page_html: str) -> str | None:
    # Without these, widgets silently show as text ("IntSlider(value=7)"), e.g. in a venv
    # made with --system-site-packages: labextensions live in sys.prefix/share/jupyter.
    missing = [ext for ext in ("@jupyter-widgets/jupyterlab-manager", "anywidget") if f'"{ext}"' not in page_html]
    if missing:
        return (f"the server has no front end for {', '.join(missing)}: is its labextension "
                f"under {sys.prefix}/share/jupyter/labextensions (pip install ipywidgets anywidget)?")
    return None


def jupyter_command(app: str, *options: str):
    """The argv of a jupyter_server app (``"jupyterlab"``, ``"notebook"``) for ``start_server``."""
    def command(port: int, token: str, root: Path) -> list[str]:
        return [sys.executable, "-m", app, "--no-browser", "--ip=127.0.0.1", f"--port={port}",
                "--ServerApp.port_retries=0", f"--IdentityProvider.token={token}",
                f"--ServerApp.root_dir={root}", "--ServerApp.allow_root=True", *options]
    return command


# True once every animation that ends has ended (the glow of an end choice runs forever),
# in the page and in its shadow roots (marimo draws each widget in one).
ANIMATIONS_DONE = """() => {
  const animations = [...document.getAnimations()];
  const walk = (root) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.shadowRoot) { animations.push(...el.shadowRoot.getAnimations()); walk(el.shadowRoot); }
    }
  };
  walk(document);
  return animations.every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity);
}"""


def watch(page: Page, item) -> None:
    """Remember a page for the screenshot hook and keep its console for failure reports."""
    if page in getattr(item, "_e2e_pages", []):
        return
    item._e2e_pages = [*getattr(item, "_e2e_pages", []), page]
    console = item._e2e_console = getattr(item, "_e2e_console", [])
    page.on("console", lambda m: console.append(f"[{m.type}] {m.text}"))
    page.on("pageerror", lambda e: console.append(f"[pageerror] {e}"))


# --------------------------------------------------------------------------- notebooks

_FIND_PANEL = """(path) => {
  const app = window.jupyterapp;
  if (!app || !app.shell) return null;
  for (const w of app.shell.widgets('main')) {
    if (w.context && w.context.path === path && w.sessionContext) return w;
  }
  return null;
}"""

_KERNEL_READY = f"""(path) => {{
  const w = ({_FIND_PANEL})(path);
  const k = w && w.sessionContext.session && w.sessionContext.session.kernel;
  if (!k) return false;
  return w.sessionContext.isReady && k.connectionStatus === 'connected' && k.status === 'idle'
      && w.sessionContext.kernelDisplayName === 'Python 3 (ipykernel)';
}}"""

_PRELUDE_AND_RUN = f"""async ([path, prelude]) => {{
  const app = window.jupyterapp;
  const w = ({_FIND_PANEL})(path);
  const reply = await w.sessionContext.session.kernel
      .requestExecute({{code: prelude, silent: true, store_history: false}}).done;
  if (reply.content.status !== 'ok') throw new Error('prelude failed: ' + JSON.stringify(reply.content));
  app.shell.activateById(w.id);
  // Not awaited: it resolves only when every cell has run; _EXECUTED waits for that.
  app.commands.execute('notebook:run-all-cells', {{semanticWidget: w.id}})
     .catch(e => console.error('run-all-cells failed', e));
  return w.id;
}}"""

_EXECUTED = f"""(path) => {{
  const w = ({_FIND_PANEL})(path);
  const cells = w.content.widgets.filter(c => c.model.type === 'code');
  for (const [i, c] of cells.entries()) {{
    for (const o of c.model.outputs.toJSON()) {{
      if (o.output_type === 'error') return {{error: i, text: (o.traceback || []).join('\\n')}};
    }}
  }}
  return cells.every(c => c.model.executionCount !== null) ? {{ok: true}} : false;
}}"""


def folder_for_test(server: Server, request) -> Path:
    """This test's folder in the server root: its notebooks live and its kernels run here."""
    d = server.root_dir / safe_name(request.node.name)
    shutil.rmtree(d, ignore_errors=True)
    d.mkdir(parents=True)
    return d


def write_notebook(folder: Path, name: str, cells: list[str]) -> Path:
    """A notebook of code cells (Python 3 kernel) written as ``folder/<name>.ipynb``."""
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(src) for src in cells])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    path = folder / f"{safe_name(name)}.ipynb"
    nbformat.write(nb, path)
    return path


def open_for_kernel(page: Page, server: Server, url: str, path: str, *, timeout: float = 90_000) -> Locator:
    """Open ``url`` (a notebook page of JupyterLab or Notebook 7, with ``window.jupyterapp``)
    and wait until the kernel of the notebook at ``path`` (relative to the server root) is
    connected and idle, without running anything; the notebook's panel."""
    page.goto(url)
    try:
        page.wait_for_function(_KERNEL_READY, arg=path, timeout=timeout, polling=100)
    except Exception as e:
        raise AssertionError(f"{path}: its kernel was not connected and idle within {timeout / 1000:.0f} s"
                             f" ({type(e).__name__}).\nServer log:\n{server.log_tail(30)}") from None
    panel_id = page.evaluate(f"(path) => ({_FIND_PANEL})(path).id", path)
    return page.locator(f'[id="{panel_id}"]')


def run_notebook(page: Page, server: Server, url: str, path: str, *, timeout: float = 90_000,
                 allow_errors: bool = False) -> Locator:
    """Open ``url`` (a notebook page of JupyterLab or Notebook 7, with ``window.jupyterapp``),
    wait until the kernel of the notebook at ``path`` (relative to the server root) is
    connected and idle, run all cells and wait until each has run; the notebook's panel."""
    open_for_kernel(page, server, url, path, timeout=timeout)
    panel_id = page.evaluate(_PRELUDE_AND_RUN, [path, KERNEL_PRELUDE])
    try:
        result = page.wait_for_function(_EXECUTED, arg=path, timeout=timeout, polling=100).json_value()
    except Exception as e:
        raise AssertionError(f"{path}: not all cells had run within {timeout / 1000:.0f} s"
                             f" ({type(e).__name__}).\nServer log:\n{server.log_tail(30)}") from None
    if "error" in result and not allow_errors:
        tb = re.sub(r"\x1b\[[0-9;]*m", "", result["text"])
        raise AssertionError(f"{path}: code cell {result['error']} raised:\n{tb}")
    return page.locator(f'[id="{panel_id}"]')


def wait_json(page: Page, path: Path, until=None, *, timeout: float = 60_000):
    """Wait until ``path`` holds JSON (for which ``until(data)`` is true); the data."""
    deadline, data = time.monotonic() + timeout / 1000, None
    while True:
        try:
            data = json.loads(path.read_text())
            if until is None or until(data):
                return data
        except (OSError, ValueError):
            pass
        if time.monotonic() > deadline:
            state = "missing" if data is None else f"last content {data!r}"
            raise AssertionError(f"kernel file {path.name} not as expected within {timeout / 1000:g} s ({state})")
        page.wait_for_timeout(50)


