"""End-to-end harness: a real JupyterLab driven by headless Chromium (see TESTING.md).

Fixtures (use them in any test under tests/e2e/, which are all marked ``e2e``):

- ``lab`` (session): the running server; ``lab.url``, ``lab.token``, ``lab.root_dir``, ``lab.log``.
- ``browser`` (session): a Playwright Chromium ``Browser`` (/usr/bin/chromium).
- ``page`` (per test): a fresh browser context and page; screenshot saved after the test.
- ``open_notebook(page_or_context, cells, name=None, *, timeout=90_000, allow_errors=False)``
  writes a notebook of code cells into this test's folder of the server root, opens it in
  its own workspace, waits until *its* kernel is connected and idle, runs all cells, waits
  until every cell has executed (raises with the traceback if one fails) and returns a
  ``Locator`` for that notebook's panel (``locator.page`` is the page).
- ``kernel_json(page, filename, until=None, *, timeout=15_000)`` waits until the kernel
  has written ``filename`` (JSON) into this test's folder (and ``until(data)`` is true)
  and returns the parsed data. In every notebook opened by ``open_notebook`` the kernel has
  ``e2e_dump(filename, obj)`` defined, which writes such a file atomically.

Artifacts: ``test-artifacts/e2e/<test>.png`` per test, the server log ``jupyter-lab.log``.
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
from dataclasses import dataclass
from pathlib import Path

import nbformat
import pytest
from playwright.sync_api import BrowserContext, Locator, Page

LAB_START_TIMEOUT = 90  # seconds; Lab usually answers in ~4 s
HERE = Path(__file__).parent

# Run silently in each kernel before the notebook's own cells.
KERNEL_PRELUDE = """
def e2e_dump(filename, obj):
    import json, os
    tmp = f"{filename}.tmp"
    with open(tmp, "w") as f:
        json.dump(obj, f)
    os.replace(tmp, filename)
"""


def _artifacts_dir(config: pytest.Config) -> Path:
    path = config.rootpath / "test-artifacts" / "e2e"
    path.mkdir(parents=True, exist_ok=True)
    return path


def _safe(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", name).strip("_") or "test"


def pytest_collection_modifyitems(config, items):
    for item in items:
        if HERE in item.path.parents:
            item.add_marker(pytest.mark.e2e)


# --------------------------------------------------------------------------- server


@dataclass
class Lab:
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
    if proc.poll() is not None:
        return
    proc.terminate()  # Lab shuts its kernels down on SIGTERM
    try:
        proc.wait(15)
    except subprocess.TimeoutExpired:
        pass
    try:  # and whatever is left in its process group (kernels)
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    proc.wait(5)


@pytest.fixture(scope="session")
def lab(request):
    tmp = Path(tempfile.mkdtemp(prefix="e2e-lab-"))
    root = tmp / "root"
    dirs = {name: tmp / name for name in ("config", "data", "runtime", "settings", "workspaces", "ipython")}
    for d in [root, *dirs.values()]:
        d.mkdir()
    # No "get Jupyter news?" toast over the notebook, no requests to the outside.
    notif = dirs["settings"] / "@jupyterlab" / "apputils-extension" / "notification.jupyterlab-settings"
    notif.parent.mkdir(parents=True)
    notif.write_text(json.dumps({"fetchNews": "false", "checkForUpdates": False}))

    port, token = _free_port(), os.urandom(16).hex()
    env = {
        **os.environ,
        "JUPYTER_CONFIG_DIR": str(dirs["config"]),
        "JUPYTER_DATA_DIR": str(dirs["data"]),
        "JUPYTER_RUNTIME_DIR": str(dirs["runtime"]),
        "JUPYTERLAB_SETTINGS_DIR": str(dirs["settings"]),
        "JUPYTERLAB_WORKSPACES_DIR": str(dirs["workspaces"]),
        "IPYTHONDIR": str(dirs["ipython"]),
        "JUPYTER_PLATFORM_DIRS": "1",
    }
    env.pop("ANYWIDGET_HMR", None)
    cmd = [
        sys.executable, "-m", "jupyterlab", "--no-browser",
        "--ip=127.0.0.1", f"--port={port}", "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
        "--ServerApp.allow_root=True", "--LabApp.expose_app_in_browser=True",
    ]
    log = tmp / "jupyter-lab.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, env=env, cwd=root, stdin=subprocess.DEVNULL, stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True)
    server = Lab(f"http://127.0.0.1:{port}", token, root, log, proc)
    try:
        deadline = time.monotonic() + LAB_START_TIMEOUT
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"JupyterLab exited with code {proc.returncode} before answering.\n"
                                   f"Command: {' '.join(cmd)}\nServer log:\n{server.log_tail()}")
            try:
                req = urllib.request.Request(f"{server.url}/lab", headers={"Authorization": f"token {token}"})
                with urllib.request.urlopen(req, timeout=5) as r:
                    if r.status == 200:
                        page_html = r.read().decode()
                        break
            except (urllib.error.URLError, OSError):
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"JupyterLab did not answer on {server.url}/lab within "
                                   f"{LAB_START_TIMEOUT} s.\nServer log:\n{server.log_tail()}")
            time.sleep(0.2)  # no Playwright involved here
        # Without these, widgets silently show as text ("IntSlider(value=7)"), e.g. in a venv
        # made with --system-site-packages: labextensions live in sys.prefix/share/jupyter.
        missing = [ext for ext in ("@jupyter-widgets/jupyterlab-manager", "anywidget") if f'"{ext}"' not in page_html]
        if missing:
            raise RuntimeError(f"JupyterLab has no front end for {', '.join(missing)}: is its labextension "
                               f"under {sys.prefix}/share/jupyter/labextensions (pip install ipywidgets anywidget)?")
        yield server
    finally:
        _stop(proc)
        shutil.copy(log, _artifacts_dir(request.config) / "jupyter-lab.log")
        shutil.rmtree(tmp, ignore_errors=True)


# --------------------------------------------------------------------------- browser


@pytest.fixture(scope="module")
def browser(chromium):
    return chromium


@pytest.fixture
def context(browser, request):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    ctx.set_default_timeout(30_000)
    request.node._e2e_contexts = [*getattr(request.node, "_e2e_contexts", []), ctx]
    yield ctx
    ctx.close()


@pytest.fixture
def page(context) -> Page:
    return context.new_page()


def _watch(page: Page, item) -> None:
    """Remember a page for the screenshot hook and keep its console for failure reports."""
    if page in getattr(item, "_e2e_pages", []):
        return
    item._e2e_pages = [*getattr(item, "_e2e_pages", []), page]
    console = item._e2e_console = getattr(item, "_e2e_console", [])
    page.on("console", lambda m: console.append(f"[{m.type}] {m.text}"))
    page.on("pageerror", lambda e: console.append(f"[pageerror] {e}"))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.when != "call":
        return
    pages = list(getattr(item, "_e2e_pages", []))
    for ctx in getattr(item, "_e2e_contexts", []):
        pages += [p for p in ctx.pages if p not in pages]
    out = _artifacts_dir(item.config)
    for i, pg in enumerate(p for p in pages if not p.is_closed()):
        path = out / f"{_safe(item.name)}{'' if i == 0 else f'-{i + 1}'}.png"
        try:
            pg.screenshot(path=str(path), timeout=10_000)
        except Exception as e:  # a screenshot must never hide the test's own result
            report.sections.append(("e2e screenshot", f"{path}: {e}"))
    if report.failed:
        console = getattr(item, "_e2e_console", [])
        if console:
            report.sections.append(("browser console (last 40)", "\n".join(console[-40:])))


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


@pytest.fixture
def test_dir(lab, request) -> Path:
    """This test's folder in the server root: its notebooks live and its kernels run here."""
    d = lab.root_dir / _safe(request.node.name)
    shutil.rmtree(d, ignore_errors=True)
    d.mkdir(parents=True)
    return d


@pytest.fixture
def open_notebook(lab, test_dir, request):
    def open_notebook(page_or_context: Page | BrowserContext, cells: list[str], name: str | None = None,
                      *, timeout: float = 90_000, allow_errors: bool = False) -> Locator:
        page = page_or_context if isinstance(page_or_context, Page) else page_or_context.new_page()
        _watch(page, request.node)
        name = _safe(name or "notebook")
        nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(src) for src in cells])
        nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)",
                                     "language": "python"}
        path = f"{test_dir.name}/{name}.ipynb"
        nbformat.write(nb, lab.root_dir / path)

        workspace = f"{test_dir.name}-{name}"
        page.goto(f"{lab.url}/lab/workspaces/{workspace}/tree/{path}?reset&token={lab.token}")
        try:
            page.wait_for_function(_KERNEL_READY, arg=path, timeout=timeout, polling=100)
        except Exception as e:
            raise AssertionError(f"{path}: its kernel was not connected and idle within {timeout / 1000:.0f} s"
                                 f" ({type(e).__name__}).\nServer log:\n{lab.log_tail(30)}") from None
        panel_id = page.evaluate(_PRELUDE_AND_RUN, [path, KERNEL_PRELUDE])
        try:
            result = page.wait_for_function(_EXECUTED, arg=path, timeout=timeout, polling=100).json_value()
        except Exception as e:
            raise AssertionError(f"{path}: not all cells had run within {timeout / 1000:.0f} s"
                                 f" ({type(e).__name__}).\nServer log:\n{lab.log_tail(30)}") from None
        if "error" in result and not allow_errors:
            tb = re.sub(r"\x1b\[[0-9;]*m", "", result["text"])
            raise AssertionError(f"{path}: code cell {result['error']} raised:\n{tb}")
        return page.locator(f'[id="{panel_id}"]')

    return open_notebook


@pytest.fixture
def kernel_json(test_dir):
    def kernel_json(page: Page, filename: str, until=None, *, timeout: float = 15_000):
        path, deadline, data = test_dir / filename, time.monotonic() + timeout / 1000, None
        while True:
            try:
                data = json.loads(path.read_text())
                if until is None or until(data):
                    return data
            except (OSError, ValueError):
                pass
            if time.monotonic() > deadline:
                state = "missing" if data is None else f"last content {data!r}"
                raise AssertionError(f"kernel file {filename} not as expected within {timeout / 1000:g} s ({state})")
            page.wait_for_timeout(50)

    return kernel_json
